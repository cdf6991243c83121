# The search player's parameters from Python (play/ismcts.pxi SearchParams), checked here
# once per call so the core never meets a bad one, and batched rollouts over many states.

#: SearchParams field -> its default (mtg_core.policies parses "ismcts:iters=400,c=0.7").
#: Heuristic playouts with a progressive bias of 3 are the measured strong setting
#: (docs/agents.md, "ISMCTS"): random playouts and no bias play far weaker at equal budgets.
SEARCH_DEFAULTS = {"iters": 0, "time_ms": 0.0, "c": 0.7, "rollout": POL_HEURISTIC, "decay": 1.0,
                   "max_nodes": ISMCTS_DEFAULT_NODES, "threads": 1, "horizon": 0, "bias": 3.0}
SEARCH_DEFAULT_ITERS = 200       # iters when neither iters nor time_ms is given


cdef int fill_search_params(object spec, SearchParams* sp) except -1:
    """``spec`` (a dict of SEARCH_DEFAULTS keys, or None: all defaults) into ``sp``; an
    unknown key or a value out of range raises EngineError naming it."""
    cdef dict v = dict(SEARCH_DEFAULTS)
    if spec is not None:
        if not isinstance(spec, dict):
            raise EngineError(f"search parameters are a dict, not {type(spec).__name__}")
        for k in spec:
            if k not in SEARCH_DEFAULTS:
                raise EngineError(f"no search parameter {k!r} (the parameters are "
                                  f"{', '.join(SEARCH_DEFAULTS)})")
        v.update(spec)
    for k in ("iters", "max_nodes", "threads", "horizon", "rollout"):
        if isinstance(v[k], bool) or not isinstance(v[k], (int, np.integer)):
            raise EngineError(f"search parameter {k} is an integer, not {v[k]!r}")
    for k in ("time_ms", "c", "decay", "bias"):
        if isinstance(v[k], bool) or not isinstance(v[k], (int, float, np.integer, np.floating)):
            raise EngineError(f"search parameter {k} is a number, not {v[k]!r}")
    if not 0 <= v["iters"] <= ISMCTS_MAX_ITERS:
        raise EngineError(f"search parameter iters must be 0..{ISMCTS_MAX_ITERS}, not {v['iters']}")
    if not 0 <= v["time_ms"] <= 3600000:
        raise EngineError(f"search parameter time_ms must be 0..3600000, not {v['time_ms']}")
    if v["iters"] == 0 and v["time_ms"] == 0:
        v["iters"] = SEARCH_DEFAULT_ITERS
    if not 0 <= v["c"] <= 100:
        raise EngineError(f"search parameter c (exploration) must be 0..100, not {v['c']}")
    if v["rollout"] not in (POL_RANDOM, POL_HEURISTIC):
        raise EngineError(f"search parameter rollout must be POL_RANDOM or POL_HEURISTIC "
                          f"(random or heuristic), not {v['rollout']!r}")
    if not 0 <= v["bias"] <= 100:
        raise EngineError(f"search parameter bias must be 0..100, not {v['bias']}")
    if not 0 < v["decay"] <= 1:
        raise EngineError(f"search parameter decay must be in (0, 1], not {v['decay']}")
    if not 16 <= v["max_nodes"] <= ISMCTS_MAX_NODES:
        raise EngineError(f"search parameter max_nodes must be 16..{ISMCTS_MAX_NODES}, "
                          f"not {v['max_nodes']}")
    if not 1 <= v["threads"] <= ISMCTS_MAX_THREADS:
        raise EngineError(f"search parameter threads must be 1..{ISMCTS_MAX_THREADS}, "
                          f"not {v['threads']}")
    if not 0 <= v["horizon"] <= TURN_MAX:
        raise EngineError(f"search parameter horizon must be 0..{TURN_MAX} turns, not {v['horizon']}")
    sp.iters = v["iters"]
    sp.time_ms = v["time_ms"]
    sp.c = v["c"]
    sp.rollout = v["rollout"]
    sp.decay = v["decay"]
    sp.max_nodes = v["max_nodes"]
    sp.threads = v["threads"]
    sp.horizon = v["horizon"]
    sp.bias = v["bias"]
    return 0


def check_search_params(spec):
    """Raise EngineError naming what is wrong with search parameters ``spec`` (a dict of
    SEARCH_DEFAULTS keys), else return the full set the core would use."""
    cdef SearchParams sp
    fill_search_params(spec, &sp)
    return {"iters": sp.iters, "time_ms": sp.time_ms, "c": sp.c, "rollout": sp.rollout,
            "decay": sp.decay, "max_nodes": sp.max_nodes, "threads": sp.threads,
            "horizon": sp.horizon, "bias": sp.bias}


cdef int fill_seat_policies(object policies, object search, int32_t n_seats, int32_t* pol,
                            SearchParams* sp) except -1:
    """One POL_* per seat (one entry: every seat) into ``pol``, and each POL_ISMCTS seat's
    parameters (``search``: None, one dict for every seat, or one dict or None per seat)
    into ``sp``."""
    cdef int32_t p
    policies = [policies] if isinstance(policies, (int, np.integer)) else list(policies)
    if len(policies) == 1:
        policies = policies * n_seats
    if len(policies) != n_seats:
        raise EngineError(f"{len(policies)} policies for {n_seats} seats (one per seat, or one for all)")
    if search is None or isinstance(search, dict):
        search = [search] * n_seats
    else:
        search = list(search)
        if len(search) == 1:
            search = search * n_seats
        if len(search) != n_seats:
            raise EngineError(f"{len(search)} search parameter sets for {n_seats} seats")
    for p in range(n_seats):
        if isinstance(policies[p], bool) or policies[p] not in (POL_RANDOM, POL_HEURISTIC, POL_ISMCTS):
            raise EngineError(f"no policy {policies[p]!r} (POL_RANDOM, POL_HEURISTIC or POL_ISMCTS)")
        pol[p] = policies[p]
        fill_search_params(search[p], &sp[p])
    return 0

