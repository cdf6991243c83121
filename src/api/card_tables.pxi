# The card tables of one card database, checked once (api/tables.pxi) and shared by its games.

cdef class CardTables:
    """The compiled card database: read-only int32 tables shared by every state."""
    cdef readonly object cards
    cdef readonly object abilities
    cdef readonly object program
    cdef readonly object fingerprint
    cdef readonly object spell_ability      # per card: its spell ability row, or -1
    cdef readonly object spell_targets      # per card: target slots of the spell (303.4a)
    cdef readonly object delayed_bodies     # (start, length) of every delayed trigger's program
    cdef readonly object needs              # per card: NEED_* bits (capacities per game)
    cdef readonly object granted_rows       # ability rows some card grants (grants.pxi, 613.1f)

    def __init__(self, cards, abilities, program):
        cards = np.ascontiguousarray(cards, dtype=np.int32)
        abilities = np.ascontiguousarray(abilities, dtype=np.int32)
        program = np.ascontiguousarray(program, dtype=np.int32)
        if cards.ndim != 2 or cards.shape[1] != CARD_FIELDS:
            raise EngineError(f"card table must be (n, {CARD_FIELDS}) int32")
        if abilities.ndim != 2 or abilities.shape[1] != ABILITY_FIELDS:
            raise EngineError(f"ability table must be (n, {ABILITY_FIELDS}) int32")
        if program.ndim != 1:
            raise EngineError("program must be a flat int32 array")
        problem = _check_tables(cards, abilities, program)
        if problem:
            raise EngineError("malformed card tables: " + problem)
        for arr in (cards, abilities, program):
            arr.setflags(write=False)
        self.cards = cards
        self.abilities = abilities if abilities.shape[0] else np.zeros((1, ABILITY_FIELDS), np.int32)
        self.program = program if program.shape[0] else np.zeros(1, np.int32)
        self.spell_ability, self.spell_targets, self.delayed_bodies = \
            table_facts(cards, self.abilities, self.program)
        self.needs = card_needs(cards, self.abilities, self.program)
        self.granted_rows = all_granted_rows(cards, self.abilities, self.program)
        import zlib
        self.fingerprint = zlib.crc32(cards.tobytes() + b"|" + abilities.tobytes() + b"|" + program.tobytes())

    @property
    def n_cards(self):
        return self.cards.shape[0]
