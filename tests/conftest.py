"""Fixtures shared by the test files.

Tests get these as fixture arguments, never by importing this file: the suite also runs
against an installed wheel with ``--import-mode=importlib`` (cibuildwheel), where
``tests`` is not importable.

Driving a game by hand is done with :class:`Game`'s own conveniences (``pass_priority``,
``pass_to``, ``pass_until``, ``cast``, ``play_land``, ``activate``, ``tap_for_mana``,
``target_choices``, ``player_target``).  What is here is only what several test files
need beyond them:

* ``new_game``: a game of 60-Forest decks (unless told otherwise) on ``cards``: the bundled
  cards, the test cards below that several files use, and the test module's own
  ``TEST_CARDS``; its seed is the module's ``SEED`` unless given;
* ``lands``, ``pass_both``, ``can_cast``, ``mana_action``, ``steps_of_turn``,
  ``turn_order``: small helpers;
* ``recording_game``: a :class:`Game` subclass that keeps the core's raw event rows.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

from mtg_core import DEFAULT_CARDS, Action, ActionKind, Card, Deck, Game, Phase, Step, Zone
from mtg_core.cards import ExtraTurn, GainLife, LoseLife, SpellAbility, TriggeredAbility
from mtg_core.enums import PHASE_NAMES, STEP_NAMES

# The helper modules shared by the test files (combat_helpers, library_helpers, conformance)
# sit here in tests/; the files in its folders (one per package or rules area) import them
# by name.
sys.path.insert(0, str(Path(__file__).resolve().parent))

# A user's card-data file and cache never reach the tests: no MTG_CORE_CARDS, and imported
# cards are cached in a folder of this run (mtg_core.oracle.card_file).
os.environ.pop("MTG_CORE_CARDS", None)
os.environ["MTG_CORE_CACHE"] = tempfile.mkdtemp(prefix="mtg_core_test_cache_")

# --- test cards used by more than one file ------------------------------------------------

SHARED_TEST_CARDS = [
    Card("Hexproof Bear", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2,
         keywords=("hexproof",)),
    Card("Shroud Bear", "{1}{G}", ("Creature",), ("Bear",), power=2, toughness=2,
         keywords=("shroud",)),
    Card("Test Walker", "{2}{W}", ("Planeswalker",), loyalty=3),
    # "At the beginning of each upkeep, you lose 1 life." (controller = you)
    Card("Bell of Decay", "{1}", ("Artifact",),
         abilities=(TriggeredAbility("upkeep", LoseLife("you", 1), whose="each"),)),
    Card("Quick Thought", "", ("Instant",), abilities=(SpellAbility(GainLife("you", 1)),)),
    Card("Gift Turn", "", ("Instant",),
         abilities=(SpellAbility(ExtraTurn("target"), targets=("player",)),)),
]

DEFAULT_SEED = 1


@pytest.fixture(scope="module")
def cards(request):
    """The bundled cards, the shared test cards and the module's ``TEST_CARDS``."""
    own = getattr(request.module, "TEST_CARDS", [])
    return DEFAULT_CARDS.extended(SHARED_TEST_CARDS + list(own))


@pytest.fixture(scope="module")
def new_game(request, cards):
    """``new_game(*decks, players=2, seed=SEED, starting_player=0, mulligans=False, **kw)``:
    a new game on ``cards``.  ``decks`` are deck texts or :class:`Deck` objects; seats
    without one (up to ``players``) get 60 Forests."""
    module_seed = getattr(request.module, "SEED", DEFAULT_SEED)

    def make(*decks, players: int = 2, seed: int | None = None, starting_player: int | None = 0,
             mulligans: bool = False, **kw) -> Game:
        seats = [Deck.parse(d) if isinstance(d, str) else d for d in decks]
        seats += [Deck.parse("60 Forest")] * (players - len(seats))
        return Game(seats, seed=module_seed if seed is None else seed, cards=cards,
                    starting_player=starting_player, mulligans=mulligans, **kw)
    return make


# --- small helpers -------------------------------------------------------------------------

@pytest.fixture(scope="session")
def lands():
    """``lands(game, player, *names)``: put those lands onto the battlefield; their ids."""
    def put(game: Game, player: int, *names: str) -> list[int]:
        return [game.create_card(n, player, Zone.BATTLEFIELD) for n in names]
    return put


@pytest.fixture(scope="session")
def pass_both():
    """``pass_both(game)``: both players of a two-player game pass in succession (117.3d)."""
    def pass_both(game: Game) -> None:
        game.pass_priority()
        game.pass_priority()
    return pass_both


@pytest.fixture(scope="session")
def can_cast():
    """``can_cast(game, o)``: is casting ``o`` one of the legal actions?"""
    def can_cast(game: Game, o: int) -> bool:
        return Action.make(ActionKind.CAST, o) in game.legal_actions()
    return can_cast


@pytest.fixture(scope="session")
def mana_action():
    """``mana_action(o, colour, ability=0)``: the action of tapping ``o`` for ``colour``
    (what :meth:`Game.tap_for_mana` applies), to look for or to try."""
    def mana_action(o: int, colour: str, ability: int = 0) -> Action:
        return Action.make(ActionKind.ACTIVATE_MANA, o, ability | ("WUBRGC".index(colour) << 6))
    return mana_action


_STEP_LINES = {f"-- {STEP_NAMES[s]} ({PHASE_NAMES[p]})": (s, p) for s in Step for p in Phase}


@pytest.fixture(scope="session")
def steps_of_turn():
    """``steps_of_turn(game, turn)``: every step (and main phase) that began in turn
    ``turn``, read from the game log -- including the untap and cleanup steps, in which
    nobody gets priority."""
    def steps_of_turn(game: Game, turn: int) -> list[tuple[Step, Phase]]:
        log = game.log
        start = log.index(next(line for line in log if line.startswith(f"=== Turn {turn}:")))
        out = []
        for line in log[start + 1:]:
            if line.startswith("=== Turn"):
                break
            if line in _STEP_LINES:
                out.append(_STEP_LINES[line])
        return out
    return steps_of_turn


@pytest.fixture(scope="session")
def turn_order():
    """``turn_order(game, last_turn)``: pass priority (discarding the first cards at cleanup)
    until turn ``last_turn`` has been played or the game is over; returns (turn number,
    active player) of every turn seen."""
    def turn_order(game: Game, last_turn: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []

        def note(g: Game) -> bool:
            if g.turn > last_turn or g.is_over:
                return True
            if not out or out[-1][0] != g.turn:
                out.append((g.turn, g.active_player))
            return False
        game.pass_until(note)
        return out
    return turn_order


class RecordingGame(Game):
    """A Game that keeps the raw event rows (code, a, b, c) the core logs, in ``events``,
    instead of only the formatted lines: tests compare them with the state."""

    def _drain_log(self) -> None:
        if not hasattr(self, "events"):
            self.events = []
        if self.state.logging:
            self.events.extend(tuple(r) for r in self.state.take_log().tolist())

    # Game reads the core's log lazily; record the raw rows after every change instead.
    def apply(self, action):
        super().apply(action)
        self._drain_log()

    def concede(self, player):
        super().concede(player)
        self._drain_log()


@pytest.fixture(scope="session")
def recording_game():
    """The :class:`RecordingGame` class: call it as :class:`Game`."""
    return RecordingGame


# --- variant builds of the core (debug cross-checks, sanitizers) ----------------------------

import contextlib
import hashlib
import shutil
import subprocess
import sysconfig
import threading

_ROOT = Path(__file__).resolve().parent.parent


class EngineVariant:
    """The core built with other switches (``MTG_CORE_DEBUG``, ``MTG_CORE_SANITIZE``, see
    setup.py), importable as ``mtg_core`` from ``path`` in a child process.

    ``run(code, timeout)`` runs Python ``code`` in a fresh interpreter that imports this
    variant (with the sanitizer runtime preloaded when needed) and returns the
    ``subprocess.CompletedProcess``; a failed debug cross-check or a sanitizer finding
    aborts that process, so callers assert on ``returncode`` and show ``stderr``."""

    def __init__(self, path: Path, sanitize: str):
        self.path = path
        self.sanitize = sanitize

    def env(self) -> dict:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(self.path)
        env.pop("PYTHONHASHSEED", None)
        if "address" in self.sanitize:
            lib = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True,
                                 text=True, check=True).stdout.strip()
            env["LD_PRELOAD"] = lib
            # CPython itself is not built with ASan: leak reports would be its own.
            env["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=1:halt_on_error=1"
        if "undefined" in self.sanitize:
            env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1"
        return env

    def run(self, code: str, timeout: float = 600, args: tuple = ()) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code, *args], env=self.env(),
                              capture_output=True, text=True, timeout=timeout,
                              cwd=str(self.path))


@contextlib.contextmanager
def _exclusive(path: Path):
    """Hold an exclusive lock on the file ``path`` (made if missing) while the block runs."""
    with open(path, "a+b") as f:
        if os.name == "nt":
            import msvcrt
            f.seek(0)
            for _ in range(180):             # LK_LOCK retries for 10 s each time: 30 minutes
                try:
                    msvcrt.locking(f.fileno(), msvcrt.LK_LOCK, 1)
                    break
                except OSError:
                    continue
            else:
                raise TimeoutError(f"{path} stayed locked for 30 minutes")
            try:
                yield
            finally:
                f.seek(0)
                msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl
            fcntl.flock(f, fcntl.LOCK_EX)        # released when the file closes
            yield


def build_engine_variant(debug: bool = True, sanitize: str = "") -> EngineVariant:
    """Build (once per source version, cached under ``build/variants/``) the core with the
    given switches, beside a copy of the Python package; skip when the sources or a
    compiler are not available (e.g. testing an installed wheel)."""
    # In CI (``CI`` set, as .ci/run is run) a missing prerequisite is a failure, not a skip.
    unavailable = pytest.fail if os.environ.get("CI") else pytest.skip
    if not (_ROOT / "src" / "engine.pyx").exists() or shutil.which("gcc") is None:
        unavailable("variant builds need the source tree and gcc")
    try:
        import Cython  # noqa: F401  (the build below needs it)
    except ImportError:
        unavailable("variant builds need Cython (installed by the test extra)")
    digest = hashlib.sha256()
    # Every source file under src/ (its folders too), by its path: a moved file changes the hash.
    for f in sorted([_ROOT / "setup.py", *(_ROOT / "src").rglob("*")]):
        if f.is_file() and f.suffix in (".py", ".pyx", ".pxi", ".pxd", ".h"):
            digest.update(f.relative_to(_ROOT).as_posix().encode() + f.read_bytes())
    digest.update(f"{debug}|{sanitize}|{sys.version}|{sysconfig.get_platform()}".encode())
    build = _ROOT / "build" / "variants" / digest.hexdigest()[:16]
    build.parent.mkdir(parents=True, exist_ok=True)
    # The suite runs in several processes (pytest-xdist): one builds, the others wait for it.
    with _exclusive(build.parent / f"{build.name}.lock"):
        if not (build / "built").exists():
            shutil.rmtree(build, ignore_errors=True)
            build.mkdir(parents=True)
            shutil.copy(_ROOT / "setup.py", build)
            shutil.copytree(_ROOT / "src", build / "src",
                            ignore=shutil.ignore_patterns("*.c", "*.html", "*.so"))
            (build / "mtg_core").mkdir()
            env = dict(os.environ, MTG_CORE_DEBUG="1" if debug else "0",
                       MTG_CORE_SANITIZE=sanitize)
            proc = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                                  cwd=build, env=env, capture_output=True, text=True)
            assert proc.returncode == 0, f"variant build failed:\n{proc.stdout}\n{proc.stderr}"
            (build / "built").write_text("ok")
        # The Python package is copied fresh each time (it is not part of the hash); a file
        # is replaced whole (os.replace) and only when it differs, since another process's
        # child may be importing it.
        pkg = build / "mtg_core"
        for f in (_ROOT / "mtg_core").rglob("*"):
            if f.is_file() and f.suffix in (".py", ".txt", ".pyi", ".typed"):
                dest = pkg / f.relative_to(_ROOT / "mtg_core")
                data = f.read_bytes()
                if dest.exists() and dest.read_bytes() == data:
                    continue
                dest.parent.mkdir(parents=True, exist_ok=True)
                tmp = dest.with_name(dest.name + f".{os.getpid()}.tmp")
                tmp.write_bytes(data)
                os.replace(tmp, dest)
    return EngineVariant(build, sanitize)


DEBUG_VARIANT = dict(debug=True, sanitize="address,undefined")
_prebuild: threading.Thread | None = None


def pytest_collection_modifyitems(session, config, items):
    """When a collected test needs the debug build, start building it now, in the
    background, and run the files with such tests last, so the build (minutes) overlaps the
    others instead of holding up a process of the suite at the lock."""
    global _prebuild
    debug_files = {i.path for i in items if "debug_engine" in getattr(i, "fixturenames", ())}
    # Files stay whole; the larger first within each part, as pytest-xdist would order them
    # (pyproject.toml asks it to keep this order: --no-loadscope-reorder).
    size: dict = {}
    for i in items:
        size[i.path] = size.get(i.path, 0) + 1
    first = {path: k for k, path in enumerate(size)}
    items[:] = sorted(items, key=lambda i: (i.path in debug_files, -size[i.path], first[i.path]))
    if _prebuild is None and debug_files:
        def build():
            try:
                build_engine_variant(**DEBUG_VARIANT)
            except BaseException:        # reported by the fixture, which builds it again
                pass
        _prebuild = threading.Thread(target=build, name="debug variant build", daemon=True)
        _prebuild.start()


@pytest.fixture(scope="session")
def debug_engine() -> EngineVariant:
    """The core built with ``MTG_CORE_DEBUG=1`` (every shortcut cross-checked against the
    slow path) and ``MTG_CORE_SANITIZE=address,undefined``, for child processes."""
    if _prebuild is not None:
        _prebuild.join()
    return build_engine_variant(**DEBUG_VARIANT)
