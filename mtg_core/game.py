"""The Python face of the engine: :class:`Game`.

>>> from mtg_core import Game
>>> game = Game(["bears", "bears"], seed=7, mulligans=False)
>>> game.decision.kind.name
'PRIORITY'
>>> result = game.play_random(seed=1)
>>> result.finished
True
"""
from __future__ import annotations

import json
import struct
import zlib
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from . import _engine
from .cards import Card, CardDB
from .cards.vocabulary import COLOR_INDEX, TYPE_BITS
from .deck_cards import card_database, database_of_names
from .enums import (ActionKind, Decision, Edition, Keyword, Phase, Result, Step, Zone, STEP_NAMES,
                    PHASE_NAMES, TGT_PLAYER)
from .errors import (CapacityError, DeckError, IllegalActionError, IllegalDeclarationError, MtgError,
                     PassUntilError, StateFormatError)
from .events import format_event
from .library import DEFAULT_CARDS
from . import pickling  # noqa: F401  (registers the State's pickling with copyreg)

_C = _engine.constants()

# Error codes of the core -> (message, rule).
ERRORS = {
    _C["E_NO_DECISION"]: ("no decision is pending", None),
    _C["E_WRONG_KIND"]: ("that kind of action does not answer the pending decision", None),
    _C["E_NOT_IN_HAND"]: ("that card is not in the deciding player's hand", "601.2a"),
    _C["E_LAND_TIMING"]: ("a land can be played only in your own main phase, with priority "
                          "and an empty stack", "505.5b"),
    _C["E_LAND_LIMIT"]: ("no land play is left this turn", "505.5b"),
    _C["E_SORCERY_TIMING"]: ("artifact, creature, enchantment, planeswalker and sorcery spells can "
                             "be cast only in your own main phase with an empty stack",
                             "301.1, 302.1, 303.1, 307.1"),
    _C["E_CANT_PAY"]: ("the total cost can't be paid", "601.2h"),
    _C["E_NO_TARGETS"]: ("there is no legal target for it", "601.2c"),
    _C["E_BAD_TARGET"]: ("that is not a legal target", "115.1, 601.2c"),
    _C["E_TARGET_REQUIRED"]: ("this target is required: only an \"up to\" target may be left "
                              "unchosen", "601.2c"),
    _C["E_NOT_A_LAND"]: ("only a land card can be played as a land", "305.1"),
    _C["E_LAND_NOT_CAST"]: ("a land is played, never cast (an artifact land too)", "300.2a, 305.9"),
    _C["E_NO_BACK_FACE"]: ("only a modal double-faced card can be cast or played with its back "
                           "face up (a transforming one is cast front face up)", "712.11"),
    _C["E_SPLIT_HALF"]: ("a split card is cast as one of its halves (CAST_SPLIT)", "709.3"),
    _C["E_NO_ALTERNATIVE"]: ("it has no alternative cost, or isn't cast from the hand (only one "
                             "alternative cost can be paid)", "118.9, 118.9a"),
    _C["E_ALT_CONDITION"]: ("the condition of its alternative cost isn't met", "118.9, 601.2b"),
    _C["E_ALT_CANT_PAY"]: ("its alternative cost can't be paid", "118.9, 601.2h"),
    _C["E_BAD_OBJECT"]: ("that object is not a permanent on the battlefield", None),
    _C["E_SICK"]: ("a creature's {T} abilities need it under your control since your most recent "
                   "turn began", "302.6"),
    _C["E_TAPPED"]: ("a {T} cost needs an untapped permanent", "602.2b"),
    _C["E_BAD_ABILITY"]: ("that permanent has no such ability (or it lost all abilities, 613.1f)", None),
    _C["E_NOT_YOURS"]: ("only a permanent's controller can activate its abilities", "602.2"),
    _C["E_BAD_CHOICE"]: ("that is not one of the legal choices", None),
    _C["E_CANT_ATTACK"]: ("only an untapped creature you control since your turn began (or "
                          "with haste) and without defender or \"can't attack\" can attack, "
                          "and only an opponent or a planeswalker an opponent controls", "508.1a-b"),
    _C["E_CANT_BLOCK"]: ("only an untapped creature of the defending player can block, only a "
                         "creature attacking that player or their planeswalkers, and evasion "
                         "(flying, shadow, fear, intimidate...) must allow it", "509.1a-b"),
    _C["E_NO_LEGAL_DECLARATION"]: ("no legal declaration contains that choice together with "
                                   "those made so far (restrictions, or fewer requirements "
                                   "obeyed than the maximum)", "508.1c-d, 509.1b-c"),
    _C["E_DECLARATION_ILLEGAL"]: ("the declaration so far breaks a restriction or obeys fewer "
                                  "requirements than the maximum possible", "508.1c-d, 509.1b-c"),
    _C["E_GAME_OVER"]: ("the game is over", "104.1"),
    _C["E_ABILITY_TIMING"]: ("that ability can't be activated now", "602.5d"),
    _C["E_LOYALTY_USED"]: ("a loyalty ability of this permanent has already been activated this "
                           "turn", "606.3"),
    _C["E_ONCE_EACH_TURN"]: ("that ability can be activated only once each turn, and it has been "
                             "this turn", "602.5b"),
    _C["E_LOYALTY_TOO_FEW"]: ("this permanent has fewer loyalty counters than the ability removes",
                              "606.6"),
    _C["E_LOYALTY_TIMING"]: ("loyalty abilities can be activated only in your main phase with an "
                             "empty stack", "606.3"),
    _C["E_CAST_TIMING"]: ("that spell's own text doesn't allow casting it now (\"after your "
                          "upkeep\": once the turn's first upkeep step has ended, 503.3)", "601.3"),
    # costs other than mana (118.3, 602.2b)
    _C["E_COST_SACRIFICE"]: ("the cost asks to sacrifice a permanent you don't have to "
                             "sacrifice", "118.3, 602.2b"),
    _C["E_COST_DISCARD"]: ("the cost asks to discard a card and your hand is empty", "118.3, 602.2b"),
    _C["E_COST_LIFE"]: ("you can pay life only if your life total is at least that much", "119.4"),
    _C["E_COST_COUNTERS"]: ("the permanent has fewer counters than the cost removes", "118.3, 122"),
    _C["E_COST_TAP"]: ("the cost asks to tap an untapped creature you control and you have none "
                       "to spare, or {Q} on an untapped permanent", "118.3, 107.6"),
    _C["E_COST_EXILE"]: ("the cost asks to exile cards from your graveyard that you don't have",
                         "118.3, 602.2b"),
}

# The refusals of a declaration made one pair at a time that carry the fields of
# IllegalDeclarationError (Game._step_declaration_error).
_DECLARATION_ERRORS = frozenset((_C["E_CANT_ATTACK"], _C["E_CANT_BLOCK"],
                                 _C["E_NO_LEGAL_DECLARATION"], _C["E_DECLARATION_ILLEGAL"]))
_DECLARATION_KINDS = frozenset((int(ActionKind.ATTACK), int(ActionKind.BLOCK),
                                int(ActionKind.DECLARE_DONE)))


@dataclass(frozen=True)
class Action:
    """One legal answer to a decision.  ``code`` is what the core understands."""
    code: int

    @property
    def kind(self) -> ActionKind:
        return ActionKind(self.code & 255)

    @property
    def a(self) -> int:
        return (self.code >> 8) & 4095

    @property
    def b(self) -> int:
        return (self.code >> 20) & 4095

    @staticmethod
    def make(kind: int, a: int = 0, b: int = 0) -> "Action":
        """The action of ``kind`` with the core's arguments ``a`` and ``b``
        (docs/action_space.md).  For ATTACK ``a`` is what it attacks and ``b`` the
        creature; :meth:`attack` and :meth:`block` take the creature first."""
        return Action(int(kind) | (int(a) << 8) | (int(b) << 20))

    @staticmethod
    def attack(creature: int, what: int) -> "Action":
        """``creature`` attacks ``what`` (a player as :meth:`Game.player_target`, or a
        planeswalker), one pair of a declaration of attackers (508.1a-b).  The creature
        comes first, as in :meth:`block` and :meth:`Game.declare_attackers`.

        >>> Action.attack(7, Game.player_target(1)) == Action.make(ActionKind.ATTACK, Game.player_target(1), 7)
        True
        >>> Action.attack(7, 3).pair
        (7, 3)
        """
        return Action.make(ActionKind.ATTACK, what, creature)

    @staticmethod
    def block(blocker: int, attacker: int) -> "Action":
        """``blocker`` blocks ``attacker``, one pair of a declaration of blockers (509.1a)."""
        return Action.make(ActionKind.BLOCK, blocker, attacker)

    @property
    def pair(self) -> tuple[int, int] | None:
        """The declaration pair of an ATTACK or BLOCK action, creature first: (creature,
        what it attacks) or (blocker, attacker it blocks), as :meth:`Game.declare_attackers`
        and :meth:`Game.declare_blockers` take them; None for other kinds."""
        k = self.code & 255
        if k == ActionKind.ATTACK:
            return (self.b, self.a)
        if k == ActionKind.BLOCK:
            return (self.a, self.b)
        return None

    def _known_kind(self) -> ActionKind | None:
        """The kind, or None if the low byte names no kind (never raises, for reprs)."""
        k = self.code & 255
        return ActionKind(k) if k in ActionKind._value2member_map_ else None

    def describe(self, game: "Game") -> str:
        k = self._known_kind()
        if k == ActionKind.ORDER_TRIGGER:
            row = game.state.sections()["triggers"][self.a]
            source = int(row[_engine.TRIGGER_FIELDS.index("source")])
            what = f"the trigger of {game.object_name(source)}" if source >= 0 else "a delayed trigger"
            return f"put {what} on the stack next"
        if k in _DESCRIBE:
            return _DESCRIBE[k](game, self.a, self.b)
        return repr(self)

    def __repr__(self) -> str:
        k = self._known_kind()
        if k is None or self.code != Action.make(k, self.a, self.b).code:
            return f"Action(code={self.code!r})"        # not a code the core makes
        return f"Action({k.name}, {self.a}, {self.b})"


# How each action kind reads in the log and in Action.describe: kind -> (game, a, b) -> text.
_DESCRIBE = {
    ActionKind.PASS: lambda g, a, b: "pass priority",
    ActionKind.PLAY_LAND: lambda g, a, b: f"play {g.object_name(a)}",
    ActionKind.CAST: lambda g, a, b: f"cast {g.object_name(a)}",
    ActionKind.ACTIVATE: lambda g, a, b: f"activate {g.object_name(a)} (ability {b})",
    ActionKind.ACTIVATE_MANA: lambda g, a, b: f"tap {g.object_name(a)} for {{{'WUBRGC'[b >> 6]}}}",
    ActionKind.TARGET: lambda g, a, b: f"target {g.target_name(a)}",
    ActionKind.DISCARD: lambda g, a, b: f"discard {g.object_name(a)}",
    ActionKind.KEEP: lambda g, a, b: "keep this hand",
    ActionKind.MULLIGAN: lambda g, a, b: "take a mulligan",
    ActionKind.BOTTOM: lambda g, a, b: f"put {g.object_name(a)} on the bottom",
    ActionKind.LEGEND_KEEP: lambda g, a, b: f"keep {g.object_name(a)} (legend rule)",
    ActionKind.ATTACK: lambda g, a, b: f"{g.object_name(b)} attacks {g.target_name(a)}",
    ActionKind.BLOCK: lambda g, a, b: f"{g.object_name(a)} blocks {g.object_name(b)}",
    ActionKind.DECLARE_DONE: lambda g, a, b: "done declaring",
    ActionKind.ORDER_BLOCKER:
        lambda g, a, b: f"{g.object_name(a)} next in the damage assignment order",
    ActionKind.ORDER_ATTACKER:
        lambda g, a, b: f"{g.object_name(a)} next in the blocker's damage assignment order",
    ActionKind.ASSIGN_DEFAULT:
        lambda g, a, b: (f"{g.object_name(a)}: the default split of its combat damage "
                         f"(lethal damage to each in order, the rest to the last)"),
    ActionKind.ASSIGN_POINT:
        lambda g, a, b: f"{g.object_name(b)} assigns 1 more combat damage to {g.target_name(a)}",
    ActionKind.CHOOSE_CARD: lambda g, a, b: f"choose {g.object_name(a)}",
    ActionKind.DECLINE: lambda g, a, b: "choose none",
    ActionKind.ATTACK_WHAT: lambda g, a, b: f"it attacks {g.target_name(a)} (508.4)",
    ActionKind.BLOCK_WHICH: lambda g, a, b: f"it blocks {g.object_name(a)} (509.6)",
    ActionKind.CHOOSE_MODE: lambda g, a, b: f"choose mode {a + 1}",
    ActionKind.KICK: lambda g, a, b: "pay the kicker cost" if a else "don't pay the kicker cost",
    ActionKind.CHOOSE_X: lambda g, a, b: f"X = {a}",
    ActionKind.SAC_COST: lambda g, a, b: f"sacrifice {g.object_name(a)}",
    ActionKind.DISCARD_COST: lambda g, a, b: f"discard {g.object_name(a)}",
    ActionKind.PAY_UNLESS: lambda g, a, b: "pay" if a else "don't pay (the spell is countered)",
    ActionKind.SEARCH_TAKE: lambda g, a, b: f"search the library: take {g.object_name(a)} (701.19)",
    ActionKind.SEARCH_NOTHING: lambda g, a, b: "search the library and find nothing (701.19b)",
    ActionKind.DONT_SEARCH: lambda g, a, b: "don't search the library",
    ActionKind.BAND: lambda g, a, b: f"{g.object_name(a)} joins the band of {g.object_name(b)}",
    ActionKind.CHOOSE_DEFENDER:
        lambda g, a, b: f"choose {g.target_name(a)} as the defending player",
    ActionKind.MAY_YES: lambda g, a, b: "do it (you may, 608.2d)",
    ActionKind.MAY_NO: lambda g, a, b: "don't (you may, 608.2d)",
    ActionKind.LIB_TOP: lambda g, a, b: f"keep {g.object_name(a)} on top of the library",
    ActionKind.LIB_BOTTOM: lambda g, a, b: f"put {g.object_name(a)} on the bottom of the library",
    ActionKind.LIB_GRAVEYARD: lambda g, a, b: f"put {g.object_name(a)} into the graveyard (701.25a)",
    ActionKind.LIB_HAND: lambda g, a, b: f"put {g.object_name(a)} into the hand",
    ActionKind.LIB_TAKE_NONE: lambda g, a, b: "put no card into the hand",
    ActionKind.DISCARD_CHOSEN: lambda g, a, b: f"discard {g.object_name(a)} (701.8)",
    ActionKind.HAND_TO_TOP: lambda g, a, b: f"put {g.object_name(a)} on top of the library next (401.4)",
    ActionKind.TAP_COST: lambda g, a, b: f"tap {g.object_name(a)} (a cost, 118.3)",
    ActionKind.EXILE_COST: lambda g, a, b: f"exile {g.object_name(a)} from the graveyard (a cost, 118.3)",
    ActionKind.SACRIFICE_CHOSEN: lambda g, a, b: f"sacrifice {g.object_name(a)} (701.21a)",
    ActionKind.WARD_PAY: lambda g, a, b: "pay for ward" if a else "don't pay (it is countered, 702.21a)",
    # faces: a modal double-faced card with its back face up (712.11)
    ActionKind.CAST_BACK: lambda g, a, b: f"cast {g.object_name(a)} as {g.card_of(a).back.name}",
    ActionKind.PLAY_BACK: lambda g, a, b: f"play {g.object_name(a)} as {g.card_of(a).back.name}",
    ActionKind.NO_TARGET: lambda g, a, b: "choose no target for it (up to one, 601.2c)",
    ActionKind.ABILITY_MODE: lambda g, a, b: f"choose mode {a + 1} of the ability (700.2)",
    ActionKind.CAST_SPLIT: lambda g, a, b: f"cast {g.card_of(a).halves[b].name} of {g.object_name(a)}",
    ActionKind.CREW_TAP: lambda g, a, b: f"tap {g.object_name(a)} to crew (702.122a)",
    ActionKind.CAST_ALT: lambda g, a, b: f"cast {g.object_name(a)} paying its alternative cost (118.9)",
    ActionKind.ALT_COST: lambda g, a, b: f"{g.object_name(a)} for the alternative cost (601.2h)",
    ActionKind.PHYREXIAN: lambda g, a, b: _phyrexian_text(a),
}


def _phyrexian_text(word: int) -> str:
    """107.4f: which Phyrexian pips an A_PHYREXIAN pays with life (2 bits per colour)."""
    paid = "".join(("{" + c + "/P}") * ((word >> (2 * i)) & 3) for i, c in enumerate("WUBRG"))
    return f"pay {paid} with life (107.4f)" if paid else "pay the Phyrexian mana with mana (107.4f)"


def phyrexian_word(pips: str) -> int:
    """``"BB"`` -> the A_PHYREXIAN word paying two {B/P} with life (107.4f, 2 bits a colour)."""
    word = 0
    for c in pips:
        word += 1 << (2 * "WUBRG".index(c))
    return word


CC_MODE, CC_KICK, CC_X, CC_SAC, CC_DISCARD, CC_ALT = (_C["CC_MODE"], _C["CC_KICK"], _C["CC_X"],
                                                    _C["CC_SAC"], _C["CC_DISCARD"], _C["CC_ALT"])
CC_PHYREXIAN = _C["CC_PHYREXIAN"]
# What a CAST_CHOICE decision asks for (PendingDecision.slot), in the order of 601.2b-h
CAST_CHOICES = {CC_MODE: "modes (700.2)", CC_KICK: "kicker (702.33)", CC_X: "X (107.3)",
                CC_SAC: "a permanent to sacrifice (601.2h)", CC_DISCARD: "a card to discard (601.2h)",
                CC_ALT: "a card or permanent the alternative cost takes (118.9, 601.2h)",
                CC_PHYREXIAN: "how its Phyrexian mana is paid: mana or 2 life a symbol (107.4f, 601.2h)"}


@dataclass(frozen=True)
class PendingDecision:
    """Who must decide what.

    ``count``: cards still to discard (DISCARD, DISCARD_CHOICE), the {N} to pay (PAY_UNLESS),
    the top cards of the library still to place (LIBRARY_CARDS, LOOK_TAKE), or the cards of
    the hand still to put on top of the library (HAND_TO_TOP, 401.4).
    ``source``: the object whose spell or ability is getting its targets (TARGET), and
    ``slot`` which target it is; the spell being cast (CAST_CHOICE), and ``slot`` which
    choice: CC_MODE, CC_KICK, CC_X, CC_SAC, CC_DISCARD, CC_ALT or CC_PHYREXIAN (see
    ``CAST_CHOICES``); the spell
    that will be countered unless its controller pays (PAY_UNLESS); the permanent that
    enters, and ``count`` the life its controller may pay for it (AS_ENTERS, 614.12); the
    seat whose revealed hand a card is chosen from (``slot``, CHOOSE_REVEALED, 701.20).
    """
    kind: Decision
    player: int
    count: int = 0
    source: int | None = None
    slot: int = 0


@dataclass(frozen=True)
class GameResult:
    kind: Result
    winner: int | None
    turns: int

    @property
    def finished(self) -> bool:
        return self.kind in (Result.WIN, Result.DRAW)

    def __str__(self) -> str:
        if self.kind == Result.WIN:
            return f"player {self.winner} wins on turn {self.turns}"
        if self.kind == Result.DRAW:
            return f"draw on turn {self.turns}"
        if self.kind == Result.UNFINISHED:
            return f"unfinished after {self.turns} turns"
        if self.kind == Result.ABORTED:
            return (f"aborted on turn {self.turns}: a fixed-size table of the engine overflowed "
                    f"or a number would have left its range")
        return "ongoing"


@dataclass(frozen=True)
class Suggestion:
    """What a policy would do now (:meth:`Game.suggest`): its ``action`` and, for a search
    policy, each answer it searched with its visits and mean reward to the decider (in
    [0, 1]), and what the search cost."""
    action: "Action | None"
    visits: dict
    values: dict
    iterations: int = 0
    nodes: int = 0
    seconds: float = 0.0

    def ranked(self) -> list[tuple["Action", int, float]]:
        """(action, visits, value) from the most visited."""
        return sorted(((a, v, self.values[a]) for a, v in self.visits.items()),
                      key=lambda x: (-x[1], -x[2]))


def _engine_error(err: Exception) -> MtgError:
    """A core error from scenario editing, as the matching mtg_core exception."""
    if isinstance(err, _engine.RuleError):
        return IllegalActionError(str(err), err.rule)
    if isinstance(err, _engine.CapacityExceeded):
        return CapacityError(str(err))
    if isinstance(err, _engine.ConcurrentUseError):
        return err
    return MtgError(str(err))


def _parse_names(raw: bytes) -> list[str]:
    """The card-name list of a saved state: a flat JSON array of strings, read without
    recursion (a deeply nested list is an error, not a RecursionError)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StateFormatError("saved state's card list is unreadable") from None
    names: list[str] = []
    ws = " \t\n\r"
    i = 0
    try:
        while i < len(text) and text[i] in ws:
            i += 1
        if text[i] != "[":
            raise ValueError
        i += 1
        while i < len(text) and text[i] in ws:
            i += 1
        if text[i] == "]":
            i += 1
        else:
            while True:
                if text[i] != '"':
                    raise ValueError
                name, i = json.decoder.scanstring(text, i + 1)
                names.append(name)
                while text[i] in ws:
                    i += 1
                if text[i] == "]":
                    i += 1
                    break
                if text[i] != ",":
                    raise ValueError
                i += 1
                while text[i] in ws:
                    i += 1
        if text[i:].strip(ws):
            raise ValueError
    except (ValueError, IndexError):
        raise StateFormatError("saved state's card list is unreadable (not a JSON list of "
                               "names)") from None
    return names


SAVE_MAGIC = b"MTGCORE\x00"
SAVE_FORMAT = 1


class Game:
    """A game of Magic between 2 to 8 seats (turn order = list order).

    ``decks`` are :class:`Deck` objects, bundled deck names or deck file paths.
    The game advances on its own until a player must decide; ask :attr:`decision` and
    :meth:`legal_actions`, then :meth:`apply` one.  ``spare_objects`` is room in the
    object table for objects made later (tokens, cards brought in by :meth:`create_card`);
    by default (None) the state is sized from the cards in the game (no spare rows unless
    one makes tokens, then 64) and :meth:`create_card` grows it as needed.
    """

    def __init__(self, decks: Sequence, seed: int = 0, *, cards=None,
                 starting_player: int | None = None, mulligans: bool = True,
                 max_turns: int = 0, life: int = 20, log: bool = True,
                 player_names: Sequence[str] | None = None, spare_objects: int | None = None,
                 edition: Edition | str = Edition.SEED, attack_option: str = "all",
                 _state=None):
        self._log_lines: list[str] = []
        if _state is not None:
            self.cards = cards or DEFAULT_CARDS
            self.state = _state
            self.decks = tuple(decks)
        else:
            decks = list(decks)
            if not 2 <= len(decks) <= 8:
                raise MtgError(f"a game has 2 to 8 players, not {len(decks)}")
            self.cards, resolved = card_database(decks, cards)     # one error for every deck
            self.decks = tuple(resolved)
            rows = [d.rows(self.cards) for d in self.decks]
            if spare_objects is not None and (not 0 <= spare_objects or
                                              sum(map(len, rows)) + spare_objects >= TGT_PLAYER):
                raise CapacityError(f"too many objects for one game (the limit is {TGT_PLAYER - 1})")
            if starting_player is not None and not 0 <= starting_player < len(rows):
                raise MtgError(f"starting_player {starting_player} is not a seat")
            try:
                self.state = _engine.State.new_game(
                    self.cards.tables, rows, seed & (2**64 - 1),
                    starting_player=-1 if starting_player is None else starting_player,
                    mulligans=mulligans, max_turns=max_turns, life=life, log=log,
                    token_room=-1 if spare_objects is None else spare_objects,
                    edition=_edition(edition),
                    attack_option=_attack_option(attack_option))
            except _engine.EngineError as err:
                raise _engine_error(err) from None
        n = self.n_players
        self.player_names = list(player_names) if player_names else [f"P{i}" for i in range(n)]

    # --- basic facts -------------------------------------------------------------------------

    @property
    def edition(self) -> Edition:
        """The rules edition this game plays by (chosen at creation)."""
        return Edition(self.state.edition)

    @property
    def attack_option(self) -> str:
        """Who the active player may attack in multiplayer (506.2a), chosen at creation:
        "all" opponents, one "chosen" at the beginning of combat (507.1), or only the
        next player to the "left" / "right" (803)."""
        flags = int(self.state.header()["flags"])
        return next((name for name, f in ATTACK_OPTIONS.items() if f and flags & f), "all")

    @property
    def n_players(self) -> int:
        return self.state.n_players

    def _h(self):
        return self.state.header()

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def active_player(self) -> int:
        return self.state.active

    @property
    def step(self) -> Step:
        return Step(self.state.step)

    @property
    def phase(self) -> Phase:
        return Phase(self.state.phase)

    @property
    def is_first_strike_damage_step(self) -> bool:
        """Whether the step in progress is the first-strike combat damage step: when a
        creature in combat has first or double strike as the combat damage step begins,
        that step deals only their damage and a second combat damage step follows for
        the others (510.5; 510.4 in the current Comprehensive Rules).  False in the
        regular combat damage step (the only one, or the one after the first-strike
        step) and outside combat damage steps; both are :attr:`Step.COMBAT_DAMAGE`."""
        h = self._h()
        pos = h["plan_pos"]
        if h["step"] != Step.COMBAT_DAMAGE or pos + 1 >= h["plan_len"]:
            return False
        # the first-strike step adds the second combat damage step right after itself
        # to the turn's plan (combat_damage_step); a plan entry's low 4 bits are its step
        return int(self.state.sections()["plan"][pos + 1]) & 15 == Step.COMBAT_DAMAGE

    @property
    def priority_player(self) -> int | None:
        kind, player, _ = self.state.decision
        return player if kind == Decision.PRIORITY else None

    def _players(self):
        return self.state.sections()["players"]

    def _player(self, p: int):
        """Player ``p``'s row; a seat that does not exist is an error (numpy would wrap -1)."""
        if not 0 <= p < self.n_players:
            raise MtgError(f"no seat {p} in a {self.n_players}-player game")
        return self._players()[p]

    def life(self, p: int) -> int:
        return int(self._player(p)[_engine.PLAYER_FIELDS.index("life")])

    def poison(self, p: int) -> int:
        return int(self._player(p)[_engine.PLAYER_FIELDS.index("poison")])

    def mana_pool(self, p: int) -> dict[str, int]:
        row = self._player(p)
        i = _engine.PLAYER_FIELDS.index("mana_W")
        return {c: int(row[i + k]) for k, c in enumerate("WUBRGC") if row[i + k]}

    def in_game(self, p: int) -> bool:
        return bool(self._player(p)[_engine.PLAYER_FIELDS.index("in_game")])

    def zone(self, zone: Zone, player: int = 0) -> list[int]:
        """Object ids in a zone (bottom to top).  Battlefield, stack and exile are shared:
        ``player`` is ignored for them."""
        try:
            return self.state.zone(int(zone), player)
        except _engine.EngineError as err:
            raise MtgError(str(err)) from None

    def hand(self, p: int) -> list[int]:
        return self.zone(Zone.HAND, p)

    def library(self, p: int) -> list[int]:
        return self.zone(Zone.LIBRARY, p)

    def graveyard(self, p: int) -> list[int]:
        return self.zone(Zone.GRAVEYARD, p)

    def battlefield(self, p: int | None = None) -> list[int]:
        objs = self.zone(Zone.BATTLEFIELD)
        return objs if p is None else [o for o in objs if self.obj(o)["controller"] == p]

    def stack(self) -> list[dict]:
        """Stack objects bottom to top, as rows of the stack table (dicts)."""
        rows = self.state.sections()["stack"][:self.state.header()["stack_n"]]
        return [dict(zip(_engine.STACK_FIELDS, r.tolist())) for r in rows]

    def combat_damage_on_stack(self) -> list[dict]:
        """Classic edition: the assignments of the combat damage on the stack (rows of the
        combat damage section: source, target, amount, ...); empty when there is none."""
        n = self.state.header()["combat_damage_n"]
        rows = self.state.sections()["combat_damage"][:n]
        return [dict(zip(_engine.COMBAT_DAMAGE_FIELDS, r.tolist())) for r in rows]

    def obj(self, o: int) -> dict:
        """Raw fields of object ``o``."""
        if not 0 <= o < self.state.n_objects:
            raise MtgError(f"no object {o} (there are {self.state.n_objects})")
        return dict(zip(_engine.OBJECT_FIELDS, self.state.sections()["objects"][o].tolist()))

    def card_of(self, o: int) -> Card:
        return self.cards.cards[self.obj(o)["card"]]

    def object_name(self, o: int) -> str:
        if o < 0:
            return "nothing"
        return f"{self.card_of(o).name}#{o}"

    def player_name(self, p: int) -> str:
        return self.player_names[p] if 0 <= p < len(self.player_names) else f"P{p}"

    def target_name(self, t: int) -> str:
        return self.player_name(t - TGT_PLAYER) if t >= TGT_PLAYER else self.object_name(t)

    def power_toughness(self, o: int) -> tuple[int, int]:
        return self.state.power_toughness(o)

    def keywords(self, o: int) -> Keyword:
        return Keyword(self.state.keywords(o))

    def characteristics(self, o: int) -> dict:
        """``o``'s characteristics after continuous effects (the layer system, 613): card
        types, the subtypes the core tracks, colours ("WUBRG" letters), keywords, power,
        toughness, and whether it lost all abilities."""
        c = self.state.characteristics(o)
        types = [t for t, bit in TYPE_BITS.items() if c["types"] & bit and t != "Tribal"]
        subtypes = sorted(n for n, bit in self.cards.subtype_bits.items() if c["subtypes"] & bit)
        colors = "".join(k for k, i in COLOR_INDEX.items() if k != "C" and c["colors"] >> i & 1)
        return {"types": types, "subtypes": subtypes, "colors": colors,
                "keywords": Keyword(c["keywords"]), "power": c["power"],
                "toughness": c["toughness"], "lost_all_abilities": c["lost_all_abilities"]}

    def find(self, name: str, zone: Zone | None = None, player: int | None = None) -> list[int]:
        """Object ids of cards named ``name`` (optionally in one zone / owned by a seat)."""
        objs = self.state.sections()["objects"]
        n = self.state.n_objects
        out = []
        for o in range(n):
            if self.cards.cards[objs[o][0]].name != name:
                continue
            f = self.obj(o)
            if player is not None and f["owner"] != player:
                continue
            if zone is not None and self.state.zone_kind_of(o) != zone:
                continue
            out.append(o)
        return out

    # --- decisions ---------------------------------------------------------------------------

    @property
    def decision(self) -> PendingDecision | None:
        kind, player, ctx = self.state.decision
        if kind == Decision.NONE:
            return None
        if kind == Decision.TARGET:
            item = self.stack()[self.state.casting]
            return PendingDecision(Decision.TARGET, player, source=item["obj"], slot=ctx)
        if kind == Decision.DISCARD:
            marked = sum(self.obj(o)["mark"] for o in self.hand(player))
            return PendingDecision(Decision.DISCARD, player, count=ctx - marked)
        if kind == Decision.DAMAGE_ORDER:
            return PendingDecision(Decision.DAMAGE_ORDER, player, source=ctx)
        if kind == Decision.ASSIGN_DAMAGE:
            left = self.power_toughness(ctx)[0] - sum(self.assigned_damage(ctx).values())
            return PendingDecision(Decision.ASSIGN_DAMAGE, player, count=left, source=ctx)
        if kind in (Decision.ATTACK_WHAT, Decision.BLOCK_WHICH):     # source: the creature
            return PendingDecision(Decision(kind), player, source=ctx)
        if kind == Decision.CAST_CHOICE:
            item = self.stack()[self.state.casting]
            return PendingDecision(Decision.CAST_CHOICE, player, source=item["obj"], slot=ctx)
        if kind == Decision.ABILITY_MODE:                 # 700.2: source: the ability's object
            item = self.stack()[self.state.casting]
            return PendingDecision(Decision.ABILITY_MODE, player, source=item["obj"])
        if kind == Decision.ACTIVATION_COST:              # 602.2b; slot: PAYC_*
            item = self.stack()[self.state.casting]
            return PendingDecision(Decision.ACTIVATION_COST, player, source=item["obj"],
                                   slot=ctx & ((1 << _C["PAYC_DONE_SHIFT"]) - 1))
        if kind == Decision.CREW:                         # 702.122a; count: power still needed
            item = self.stack()[self.state.casting]
            return PendingDecision(Decision.CREW, player, count=ctx, source=item["obj"])
        if kind == Decision.WARD_PAY:                     # 702.21a; source: the stack object's
            amount = int(self.state.sections()["header"][_engine.HEADER_FIELDS.index("unless_amount")])
            item = self.stack()[ctx % _C["WARD_LIFE"]]
            return PendingDecision(Decision.WARD_PAY, player, count=amount, source=item["obj"],
                                   slot=int(ctx >= _C["WARD_LIFE"]))
        if kind == Decision.PAY_UNLESS:
            amount = int(self.state.sections()["header"][_engine.HEADER_FIELDS.index("unless_amount")])
            return PendingDecision(Decision.PAY_UNLESS, player, count=amount, source=ctx)
        if kind in (Decision.LIBRARY_CARDS, Decision.LOOK_TAKE):
            return PendingDecision(Decision(kind), player, count=ctx)
        if kind in (Decision.DISCARD_CHOICE, Decision.HAND_TO_TOP):
            return PendingDecision(Decision(kind), player, count=ctx)
        if kind == Decision.SACRIFICE_CHOICE:             # 701.21a: count still to choose
            return PendingDecision(Decision.SACRIFICE_CHOICE, player, count=ctx)
        if kind == Decision.CHOOSE_REVEALED:              # 701.20: slot: whose hand
            return PendingDecision(Decision.CHOOSE_REVEALED, player, count=1, slot=ctx)
        if kind == Decision.AS_ENTERS:                    # 614.12: source: the permanent
            row = int(self.cards.tables.cards[self.obj(ctx)["card"], _C["CF_REPLACEMENT"]])
            return PendingDecision(Decision.AS_ENTERS, player, source=ctx,
                                   count=(row & _C["RP_LIFE_MASK"]) >> _C["RP_LIFE_SHIFT"])
        return PendingDecision(Decision(kind), player)

    def legal_actions(self) -> list[Action]:
        return [Action(int(c)) for c in self.state.legal_actions()]

    def suggest(self, policy: str = "ismcts", seed: int = 0) -> Suggestion:
        """What ``policy`` (a name as :mod:`mtg_core.policies` takes it, e.g.
        ``"ismcts:iters=400"`` or ``"heuristic"``) would answer the pending decision, seeded
        by ``seed``; the game is unchanged.  The search reads the game only as the deciding
        seat sees it (docs/agents.md, "ISMCTS").  No decision pending: ``action`` None.

        >>> g = Game(["bears", "bears"], seed=1, log=False)
        >>> s = g.suggest("ismcts:iters=40", seed=3)
        >>> s.action in g.legal_actions() and sum(s.visits.values()) == 40
        True
        """
        from .policies import parse_policy
        spec = parse_policy(policy)
        seed &= 2**64 - 1
        if spec.name == "ismcts" or spec.search is not None:
            out = self.state.ismcts(seed, spec.search)
            acts = [Action(int(c)) for c in out["actions"]]
            return Suggestion(Action(out["action"]) if out["action"] >= 0 else None,
                              dict(zip(acts, out["visits"].tolist())),
                              dict(zip(acts, out["values"].tolist())),
                              out["iterations"], out["nodes"], out["seconds"])
        code = int(self.state.policy_action(spec.code, seed))
        return Suggestion(Action(code) if code >= 0 else None, {}, {})

    def legal_action_codes(self) -> np.ndarray:
        """The same as :meth:`legal_actions`, as an int32 array (for agents)."""
        return self.state.legal_actions()

    def apply(self, action: Action | int) -> None:
        """Apply one legal action and advance to the next decision.

        Raises :class:`IllegalActionError` (naming the rule) and leaves the state
        byte-for-byte unchanged if the action is not legal.
        """
        code = action.code if isinstance(action, Action) else action
        if isinstance(code, bool) or not isinstance(code, (int, np.integer)):
            raise TypeError(f"apply takes an Action or an int action code, not "
                            f"{type(action).__name__} {action!r}")
        code = int(code)
        if not 0 <= code < 2**31 or (code & 255) not in ActionKind._value2member_map_:
            raise IllegalActionError(f"{code} is not an action code of this engine")
        err = self.state.apply(code)
        if err:
            if err in _DECLARATION_ERRORS and (code & 255) in _DECLARATION_KINDS:
                raise self._step_declaration_error(code, err)
            msg, rule = ERRORS.get(err, ("illegal action", None))
            raise IllegalActionError(f"{Action(code)!r}: {msg}", rule, err)

    # --- combat: who attacks and who blocks whom (506.4, 508.1j, 509.1g-h) ---------------------

    def _combat_flags(self, o: int) -> int:
        """``o``'s CB_* combat status, 0 for an object not on the battlefield or phased out
        (506.4: leaving the battlefield or phasing out removes it from combat).  A bad
        object id raises MtgError."""
        f = self.obj(o)
        if self.state.zone_kind_of(o) != Zone.BATTLEFIELD or f["phased_out"]:
            return 0
        return f["combat"]

    def is_attacking(self, creature: int) -> bool:
        """Whether ``creature`` is an attacking creature: declared as an attacker (508.1j)
        or put onto the battlefield attacking (508.4), and not removed from combat since
        (506.4).  A creature chosen in a declaration not finished yet is not attacking.

        >>> g = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0)
        >>> bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
        >>> wall = g.create_card("Wall of Stone", 1, Zone.BATTLEFIELD)
        >>> g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_ATTACKERS)
        >>> g.declare_attackers({bear: g.player_target(1)})
        >>> g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS)
        >>> g.declare_blockers({wall: bear})
        >>> (g.is_attacking(bear), g.attack_target(bear) == g.player_target(1), g.is_blocked(bear))
        (True, True, True)
        >>> (g.blockers_of(bear) == [wall], g.attackers_blocked_by(wall) == [bear])
        (True, True)
        """
        return bool(self._combat_flags(creature) & _C["CB_ATTACKING"])

    def is_blocking(self, creature: int) -> bool:
        """Whether ``creature`` is a blocking creature: declared as a blocker (509.1g) or
        put onto the battlefield blocking (509.7), and not removed from combat since (506.4).
        It stays blocking when every attacker it blocks has left combat."""
        return bool(self._combat_flags(creature) & _C["CB_BLOCKING"])

    def is_blocked(self, creature: int) -> bool:
        """Whether ``creature`` is an attacking creature that is blocked: one or more
        creatures were declared as its blockers (509.1h), or blocking one creature of its
        band blocked the whole band (702.21h), or an effect put a creature onto the
        battlefield blocking it (509.7).  It stays blocked when its blockers leave combat
        (509.1h): then :meth:`blockers_of` is empty.  False for a creature not attacking
        (including an attacker removed from combat, 506.4)."""
        cb = self._combat_flags(creature)
        return bool(cb & _C["CB_ATTACKING"] and cb & _C["CB_BLOCKED"])

    def attack_target(self, creature: int) -> int | None:
        """What the attacking ``creature`` attacks: a player as :meth:`player_target`, or a
        planeswalker's object id (508.1a-b).  None for a creature not attacking, and for
        one whose planeswalker left combat or the game (506.4c: it stays attacking but
        attacks nothing) or whose player left the game (800.4a)."""
        if not self.is_attacking(creature):
            return None
        f = self.obj(creature)
        t = f["combat_target"]
        if t >= TGT_PLAYER:
            return t if self.in_game(t - TGT_PLAYER) else None
        if t < 0 or self.state.zone_kind_of(t) != Zone.BATTLEFIELD:
            return None
        walker = self.obj(t)
        if walker["incarnation"] != f["target_inc"] or walker["phased_out"] or \
                "Planeswalker" not in self.characteristics(t)["types"]:
            return None
        return t

    def defending_player(self, creature: int) -> int | None:
        """The seat of the player the attacking ``creature`` attacks, or who controls the
        planeswalker it attacks (508.5, 506.2); still that player when the planeswalker
        has left combat (506.4c).  None for a creature not attacking."""
        if not self.is_attacking(creature):
            return None
        t = self.obj(creature)["combat_target"]
        if t >= TGT_PLAYER:
            return t - TGT_PLAYER
        if t <= _C["TGT_ATTACKS_NOTHING"]:          # 506.4c: attacks nothing, seat kept (508.5)
            return _C["TGT_ATTACKS_NOTHING"] - t
        return self.obj(t)["controller"] if t >= 0 else None

    def blockers_of(self, creature: int) -> list[int]:
        """The creatures blocking the attacking ``creature``, in its damage assignment
        order once that is declared (509.2; the order of the rest is kept when one leaves,
        509.2a).  Empty for an unblocked creature, for a blocked one whose blockers all
        left combat (509.1h: :meth:`is_blocked` stays True) and for a creature not
        attacking."""
        if not self.is_attacking(creature):
            return []
        return _engine.combat_damage_order(self.state, int(creature))

    def attackers_blocked_by(self, creature: int) -> list[int]:
        """The attacking creatures the blocking ``creature`` blocks (509.1g; a creature
        that can block several may block more than one, and blocking one creature of a
        band blocks all of it, 702.21h), in its damage assignment order once that is
        declared (509.3).  Empty for a creature not blocking, or whose attackers all left
        combat."""
        if not self.is_blocking(creature):
            return []
        return _engine.combat_damage_order(self.state, int(creature))

    def attacking_creatures(self) -> list[int]:
        """Every attacking creature (506.3, 506.4), in battlefield order."""
        return [o for o in self.zone(Zone.BATTLEFIELD) if self.is_attacking(o)]

    def blocking_creatures(self) -> list[int]:
        """Every blocking creature (506.3, 506.4), in battlefield order."""
        return [o for o in self.zone(Zone.BATTLEFIELD) if self.is_blocking(o)]

    # --- combat: whole declarations (508.1, 509.1) ---------------------------------------------

    def declare_attackers(self, attacks: dict[int, int],
                          bands: Sequence[Sequence[int]] = ()) -> None:
        """Declare attackers all at once: ``{creature: what it attacks}`` (a player as
        :meth:`player_target`, or a planeswalker object), and ``bands``: groups of those
        creatures that attack as a band (508.1e, 702.21c-d).  Checked as a whole
        (508.1c-e), attack costs included (508.1g-i: paid automatically); an illegal
        declaration raises :class:`IllegalActionError` naming the broken restriction, the
        requirement count or the unpayable cost, and changes nothing (508.1)."""
        if not isinstance(attacks, dict):
            raise TypeError(f"declare_attackers takes a dict {{creature: what it attacks}}, "
                            f"not {type(attacks).__name__}")
        if isinstance(bands, (str, bytes)) or not isinstance(bands, Sequence) or \
                not all(isinstance(band, Sequence) and not isinstance(band, (str, bytes))
                        for band in bands):
            raise TypeError("declare_attackers: bands must be a list of lists of creatures")
        pairs = [(self._combat_id(a, "508.1"), self._combat_id(b, "508.1", player=True))
                 for a, b in attacks.items()]
        bands = [[self._combat_id(x, "508.1") for x in band] for band in bands]
        self._declare(Decision.DECLARE_ATTACKERS, pairs, "508.1", bands)

    def declare_blockers(self, blocks: dict[int, int | Sequence[int]]) -> None:
        """Declare the pending defending player's blockers all at once: ``{creature:
        attacker}`` (or a list of attackers for a creature that can block several).
        Checked as a whole (509.1b-c); an illegal one raises and changes nothing (509.1)."""
        if not isinstance(blocks, dict):
            raise TypeError(f"declare_blockers takes a dict {{creature: attacker}}, "
                            f"not {type(blocks).__name__}")
        pairs = []
        for b, a in blocks.items():
            b = self._combat_id(b, "509.1")
            for x in (a if isinstance(a, (list, tuple, set)) else [a]):
                pairs.append((b, self._combat_id(x, "509.1")))
        self._declare(Decision.DECLARE_BLOCKERS, pairs, "509.1")

    def _combat_id(self, v, rule: str, player: bool = False) -> int:
        """An object id (``player``: or a player target, :meth:`player_target`) of a whole
        combat declaration, checked before anything runs: an int (or numpy integer; a bool
        is refused) else TypeError, and an object of this game (or a player) else
        IllegalActionError."""
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"an object or player id must be an int, not "
                            f"{type(v).__name__} {v!r}")
        v = int(v)
        if not (0 <= v < self.state.n_objects or player and 0 <= v - TGT_PLAYER < self.n_players):
            raise IllegalActionError(f"{v} is not an object of this game"
                                     + (" nor a player target" if player else ""),
                                     rule, _C["E_BAD_CHOICE"])
        return v

    def _declare(self, kind: Decision, pairs, rule: str, bands=()) -> None:
        d = self.decision
        if d is None or d.kind != kind:
            raise IllegalActionError(f"no {kind.name.lower().replace('_', ' ')} decision is pending",
                                     rule, _C["E_WRONG_KIND"])
        try:
            bad = _engine.combat_declare_whole(self.state, pairs, bands)
        except _engine.EngineError as err:
            raise IllegalActionError(str(err), rule) from None
        if bad is None:
            return
        raise self._declaration_violation(kind == Decision.DECLARE_ATTACKERS, bad)

    def _declaration_violation(self, attack: bool, bad, prefix: str = "",
                               error_code: int | None = None) -> IllegalDeclarationError:
        """The error for the core's verdict on a whole declaration, ``bad`` = (DS_V_* code,
        a, b, requirements obeyed, maximum) as ``combat_declare_whole`` returns it (-1 where
        it did not get that far); its ``code`` is the DS_V_* code unless ``error_code``."""
        code, a, b, count, maximum = bad
        fields = {"count": count if count >= 0 else None,
                  "maximum": maximum if maximum >= 0 else None}
        if code == _engine.DS_V_NOT_ALLOWED:
            what = (f"{self.object_name(a)} can't attack {self.target_name(b)}" if attack
                    else f"{self.object_name(a)} can't block {self.target_name(b)}")
            msg, r = what + " (not a legal attacker/blocker for that, or a restriction forbids it)", \
                ("508.1a-c" if attack else "509.1a-b")
            fields.update(reason="not_allowed", chooser=a, option=b)
        elif code == _engine.DS_V_TOO_MANY:
            msg, r = f"{self.object_name(a)} can't {'attack' if attack else 'block'} that many " \
                     f"({b} chosen)", ("508.1b" if attack else "509.1a")
            fields.update(reason="too_many", chooser=a)
        elif code == _engine.DS_V_ALONE:
            msg, r = f"{self.object_name(a)} can't {'attack' if attack else 'block'} alone", \
                ("506.5, 508.1c" if attack else "506.5, 509.1b")
            fields.update(reason="alone", chooser=a)
        elif code == _engine.DS_V_OPTION_MIN:
            msg, r = f"{self.object_name(a)} can't be blocked except by two or more creatures " \
                     f"(menace; {b} chosen)", "702.110b, 509.1b"
            fields.update(reason="option_min", option=a)
        elif code == _engine.DS_V_OPTION_MAX:
            msg, r = f"{self.object_name(a)} can't be blocked by {b} creatures", "509.1b"
            fields.update(reason="option_max", option=a)
        elif code == _engine.DS_V_CAP:
            msg, r = f"a \"no more than N creatures\" restriction is broken", ("508.1c" if attack else "509.1b")
            fields.update(reason="cap")
        elif code == _engine.DS_V_BUDGET:
            msg, r = (f"its costs total {{{a}}} but only {b} mana can be paid "
                      f"(all at once, never partially)"), ("508.1g-i" if attack else "509.1d-f")
            fields.update(reason="cost")
        elif code == _engine.DS_V_BAD_BAND:
            msg, r = (f"{self.object_name(a)} can't be in that band: a band is attacking "
                      f"creatures attacking the same player or planeswalker, one or more with "
                      f"banding and at most one without, each in one band"), "508.1e, 702.21c-d"
            fields.update(reason="band", chooser=a, count=None, maximum=None)
        else:
            msg, r = f"the declaration obeys {count} of the maximum {maximum} requirements", \
                ("508.1d" if attack else "509.1c")
            fields.update(reason="requirements")
        return IllegalDeclarationError(f"{prefix}illegal declaration: {msg}; the game returns to "
                                       f"the moment before it", r,
                                       code=int(code if error_code is None else error_code), **fields)

    def _declaration_so_far(self) -> tuple[list[tuple[int, int]], list[list[int]]]:
        """The pairs (and, for attackers, the bands) chosen so far in the declaration being
        made one pair at a time (CB_DECLARING)."""
        objs = self.state.sections()["objects"]
        attack = self.state.decision[0] == Decision.DECLARE_ATTACKERS
        chosen = [o for o in self.zone(Zone.BATTLEFIELD)
                  if int(objs[o]["combat"]) & _C["CB_DECLARING"]]
        if attack:
            bands: dict[int, list[int]] = {}
            for o in chosen:
                if int(objs[o]["band"]):
                    bands.setdefault(int(objs[o]["band"]), []).append(o)
            return [(o, int(objs[o]["combat_target"])) for o in chosen], list(bands.values())
        attackers = [o for o in self.zone(Zone.BATTLEFIELD) if self.is_attacking(o)]
        pairs = [(b, a) for b in chosen for a in attackers
                 if int(objs[a]["attack_slot"]) < 32
                 and (int(objs[b]["block_mask"]) & 0xFFFFFFFF) >> int(objs[a]["attack_slot"]) & 1]
        return pairs, []

    def _step_declaration_error(self, code: int, err: int) -> IllegalActionError:
        """The error for an ATTACK, BLOCK or DECLARE_DONE action the core refused with
        ``err`` during a declaration made one pair at a time: an
        :class:`IllegalDeclarationError` with the fields of the broken rule."""
        msg, rule = ERRORS[err]
        act = Action(code)
        text = f"{act!r}: {msg}"
        if err == _C["E_DECLARATION_ILLEGAL"]:
            # what the declaration so far breaks: the whole-declaration check says, on a
            # copy (this game's state stays as it is)
            pairs, bands = self._declaration_so_far()
            try:
                bad = _engine.combat_declare_whole(self.state.clone(), pairs, bands)
            except _engine.EngineError:
                bad = None
            if bad is not None:
                return self._declaration_violation(
                    self.state.decision[0] == Decision.DECLARE_ATTACKERS, bad,
                    prefix=f"{act!r}: ", error_code=err)
            return IllegalActionError(text, rule, err)
        if act.pair is None:
            return IllegalActionError(text, rule, err)
        creature, what = act.pair
        reason = "no_legal_declaration" if err == _C["E_NO_LEGAL_DECLARATION"] else "not_allowed"
        return IllegalDeclarationError(text, rule, reason, chooser=creature, option=what, code=err)

    # --- combat: damage assignment order and combat damage (509.2-509.3, 510.1) --------------

    def damage_assignment_order(self, creature: int) -> list[int]:
        """An attacker's blockers in its damage assignment order (509.2), or a blocker's
        attackers in its (509.3)."""
        return _engine.combat_damage_order(self.state, int(creature))

    def assigned_damage(self, creature: int) -> dict[int, int]:
        """What ``creature`` has assigned so far in the combat damage step in progress:
        ``{recipient: amount}`` (a player as :meth:`player_target`)."""
        return _engine.combat_assigned(self.state, int(creature))

    def assign_combat_damage(self, creature: int, amounts: dict[int, int]) -> None:
        """Assign the pending creature's combat damage all at once: ``{recipient: amount}``
        (blockers, attackers it blocks, or for a trampler the player / planeswalker it
        attacks as :meth:`player_target` / the object).  Checked as a whole (510.1c-e,
        702.19b, 702.2c); an illegal one raises :class:`IllegalActionError` naming the
        rule and changes nothing."""
        rule = "510.1"
        creature = self._combat_id(creature, rule)
        if not isinstance(amounts, dict):
            raise TypeError(f"assign_combat_damage takes a dict {{recipient: amount}}, "
                            f"not {type(amounts).__name__}")
        split = []
        for r, n in amounts.items():
            r = self._combat_id(r, rule, player=True)
            if isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)):
                raise TypeError(f"an amount of damage must be an int, not {type(n).__name__} {n!r}")
            if not -2**31 <= n < 2**31:         # the core's int32 (510.1a: power bounds it anyway)
                raise IllegalActionError(f"illegal combat damage assignment: {n} damage to "
                                         f"{self.target_name(r)} is out of range", "510.1a",
                                         _C["E_BAD_CHOICE"])
            split.append((r, int(n)))
        d = self.decision
        if d is None or d.kind != Decision.ASSIGN_DAMAGE or d.source != creature:
            raise IllegalActionError(f"{self.object_name(creature)} is not the creature whose "
                                     f"combat damage is being assigned", rule, _C["E_WRONG_KIND"])
        attacking = bool(self.obj(creature)["combat"] & _C["CB_ATTACKING"])
        bad = _engine.combat_assign_whole(self.state, creature, split)
        if bad is None:
            return
        why, x, y = bad
        name = self.object_name(creature)
        if why == 1:
            msg, rule = f"{name} is not the creature whose combat damage is being assigned", "510.1"
        elif why == 2:
            msg, rule = (f"{name} can't assign combat damage to {self.target_name(x)}",
                         "510.1c" if attacking else "510.1d")
        elif why == 3:
            msg, rule = f"a negative amount of damage for {self.target_name(x)}", "510.1a"
        elif why == 4:
            msg, rule = f"{name} assigns combat damage equal to its power ({y}), not {x}", "510.1a"
        elif why == 5:
            trample = x == self.obj(creature)["combat_target"] and attacking
            rule = "702.19b" if trample else ("510.1c" if attacking else "510.1d")
            msg = (f"{name} can't assign combat damage to {self.target_name(x)} before "
                   f"{self.object_name(y)} is assigned lethal damage"
                   + ("" if self.edition == Edition.CURRENT or trample else
                      " (it comes earlier in the damage assignment order)"))
        else:
            msg, rule = ("with this split the other creatures' combat damage can't be "
                         "assigned legally (lethal damage they would rely on)", "510.1e")
        raise IllegalActionError(f"illegal combat damage assignment: {msg}; the game returns "
                                 f"to the moment before it", rule, _C["E_BAD_CHOICE"])

    # --- conveniences for driving a game by hand (each is one or more legal actions) ----------

    def pass_priority(self) -> None:
        self.apply(Action.make(ActionKind.PASS))

    def resolve_top(self, limit: int = 64) -> None:
        """Let the object on top of the stack resolve: every player passes priority in
        turn (117.4, 608.1) until that object has left the stack -- it resolved, or it was
        countered on resolution for having no legal target (608.2b).  Returns then, with
        whatever its resolution triggered put on the stack (603.3) and the next priority
        or choice pending.  Only passes are made: nothing else can act on the stack.

        Raises MtgError if the stack is empty or no one has priority, and
        :class:`PassUntilError` (``reason`` "decision") if a decision other than priority
        comes up before it has left the stack (a choice its resolution asks for, 608.2d:
        answer it and call again), or "game_over" if the game ends first.

        >>> g = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0)
        >>> g.pass_to(Step.MAIN, 0)
        >>> bolt = g.create_card("Lightning Bolt", 0, Zone.HAND)
        >>> _ = g.create_card("Mountain", 0, Zone.BATTLEFIELD)
        >>> g.cast(bolt, g.player_target(1))
        >>> g.resolve_top()
        >>> (g.life(1), g.stack())
        (17, [])
        """
        stack = self.stack()
        if not stack:
            raise MtgError("the stack is empty: nothing to resolve")
        if self.priority_player is None:
            raise MtgError(f"no one has priority (decision: {self.decision})")
        depth, top = len(stack), stack[-1]
        for _ in range(limit):
            d = self.decision
            if d is None:
                raise PassUntilError("the game ended before the top of the stack resolved",
                                     "game_over")
            if d.kind != Decision.PRIORITY:
                raise PassUntilError(f"resolve_top stopped at a {d.kind.name} decision for "
                                     f"P{d.player}", "decision")
            self.pass_priority()
            now = self.stack()
            if len(now) < depth or now[depth - 1] != top:
                return
        raise PassUntilError(f"the top of the stack did not resolve within {limit} passes", "limit")

    def play_land(self, o: int) -> None:
        """Play land ``o`` from the deciding player's hand (305.1)."""
        self.apply(Action.make(ActionKind.PLAY_LAND, o))

    def cast(self, o: int, *targets: int | None, modes: Sequence[int] = (), kicked: bool | None = None,
             x: int | None = None, sacrifice: int | None = None, discard: int | None = None,
             alternative: "bool | int | Sequence[int]" = False, life: str | None = None) -> None:
        """Cast ``o`` (from the hand, or from the graveyard with flashback) and make the
        choices of 601.2 in their order: ``alternative`` (118.9, 601.2b: True, or the card(s)
        or permanent(s) its alternative cost takes, casts it paying its alternative cost
        instead of its mana cost), ``modes`` (700.2, indices from 0), ``kicked``
        (702.33), ``x`` (107.3), the ``targets`` (players are ``TGT_PLAYER + seat``, see
        :meth:`player_target`; ``None`` leaves an "up to one" target unchosen, 601.2c), then
        how its Phyrexian mana is paid (``life``: the colours of the symbols paid with 2
        life each, ``"BB"`` for two {B/P}; ``""`` all with mana; 107.4f), what the
        alternative cost takes, the permanent to ``sacrifice`` and the card to ``discard`` of
        an additional cost (601.2h).  A choice left out stays pending."""
        taken = [] if isinstance(alternative, bool) else \
            [alternative] if isinstance(alternative, int) else list(alternative)
        self.apply(Action.make(ActionKind.CAST_ALT if alternative is not False else ActionKind.CAST, o))
        answers = {CC_MODE: [Action.make(ActionKind.CHOOSE_MODE, m) for m in modes],
                   CC_KICK: [] if kicked is None else [Action.make(ActionKind.KICK, int(kicked))],
                   CC_X: [] if x is None else [Action.make(ActionKind.CHOOSE_X, x)]}
        self._cast_choices(answers)
        self._choose_targets(targets)
        self._cast_choices({CC_PHYREXIAN: [] if life is None else
                            [Action.make(ActionKind.PHYREXIAN, phyrexian_word(life))],
                            CC_ALT: [Action.make(ActionKind.ALT_COST, t) for t in taken],
                            CC_SAC: [] if sacrifice is None else [Action.make(ActionKind.SAC_COST, sacrifice)],
                            CC_DISCARD: [] if discard is None else [Action.make(ActionKind.DISCARD_COST, discard)]})

    def _cast_choices(self, answers: dict[int, list["Action"]]) -> None:
        while True:
            d = self.decision
            if d is None or d.kind != Decision.CAST_CHOICE or not answers.get(d.slot):
                return
            self.apply(answers[d.slot].pop(0))

    def activate(self, o: int, ability: int = 0, *targets: int | None,
                 tap: "int | Sequence[int] | None" = None,
                 sacrifice: "int | Sequence[int] | None" = None,
                 discard: "int | Sequence[int] | None" = None,
                 exile: "int | Sequence[int] | None" = None) -> None:
        """Activate ability number ``ability`` of permanent ``o`` (602): its ``targets``,
        then the choices its cost asks for (602.2b, 118.3): the creature(s) to ``tap``, the
        permanent(s) to ``sacrifice``, the card(s) to ``discard``, the card(s) to ``exile``
        from the graveyard (a list where the cost asks for several).  A choice left out
        stays pending."""
        self.apply(Action.make(ActionKind.ACTIVATE, o, ability))
        self._choose_targets(targets)
        kinds = {_C["PAYC_TAP"]: ActionKind.TAP_COST, _C["PAYC_SAC"]: ActionKind.SAC_COST,
                 _C["PAYC_DISCARD"]: ActionKind.DISCARD_COST, _C["PAYC_EXILE"]: ActionKind.EXILE_COST}
        chosen = {}
        for stage, what in ((_C["PAYC_TAP"], tap), (_C["PAYC_SAC"], sacrifice),
                            (_C["PAYC_DISCARD"], discard), (_C["PAYC_EXILE"], exile)):
            if what is not None:
                chosen[stage] = [what] if isinstance(what, int) else list(what)
        while True:
            d = self.decision
            if d is None or d.kind != Decision.ACTIVATION_COST or not chosen.get(d.slot):
                return
            self.apply(Action.make(kinds[d.slot], chosen[d.slot].pop(0)))

    def tap_for_mana(self, o: int, color: str, ability: int = 0) -> None:
        """Activate a mana ability of ``o`` for one colour (605); the mana floats."""
        self.apply(Action.make(ActionKind.ACTIVATE_MANA, o, ability | ("WUBRGC".index(color) << 6)))

    def _choose_targets(self, targets) -> None:
        for t in targets:
            d = self.decision
            if d is None or d.kind != Decision.TARGET:
                raise IllegalActionError(f"no target is being chosen (decision: {d})", "601.2c")
            # None: leave an "up to one" target unchosen (601.2c)
            self.apply(Action.make(ActionKind.NO_TARGET) if t is None else
                       Action.make(ActionKind.TARGET, t))

    @staticmethod
    def player_target(seat: int) -> int:
        """The target code of a player."""
        return TGT_PLAYER + seat

    def target_choices(self) -> list[int]:
        """The legal targets of the pending TARGET decision (an "up to one" target may also be
        left unchosen: ActionKind.NO_TARGET, 601.2c)."""
        d = self.decision
        if d is None or d.kind != Decision.TARGET:
            raise MtgError(f"no target is being chosen (decision: {d})")
        return [a.a for a in self.legal_actions() if a.kind == ActionKind.TARGET]

    # pass_until's default answers: decision kind -> the answer, from the legal actions
    # (the first cards offered at cleanup, the damage orders and assignments of 509.2-3 /
    # 510.1 in their default, the first defending player, no (more) attackers or blockers)
    _DEFAULT_ANSWERS = {
        Decision.DISCARD: lambda legal: legal[0],
        Decision.DAMAGE_ORDER: lambda legal: legal[0],
        Decision.ASSIGN_DAMAGE: lambda legal: legal[0],
        Decision.CHOOSE_DEFENDER: lambda legal: legal[0],
        Decision.DECLARE_ATTACKERS:
            lambda legal: next((a for a in legal if a.kind == ActionKind.DECLARE_DONE), None),
        Decision.DECLARE_BLOCKERS:
            lambda legal: next((a for a in legal if a.kind == ActionKind.DECLARE_DONE), None),
    }

    # What the most recent pass_until / pass_to answered by default (not part of the state,
    # not saved or cloned): a list of (PendingDecision, Action); empty before any call.
    answered_by_default: "list[tuple[PendingDecision, Action]] | tuple" = ()

    def pass_until(self, condition, limit: int = 2000, *, turn: int | None = None) -> None:
        """Pass priority until ``condition(game)`` holds, answering on the way the
        decisions that have a default: the first cards offered to discard at cleanup
        (514.1), the first damage assignment order (509.2-3), the first combat damage
        assignment (510.1), the first defending player (506.2a), and no (more) attackers
        or blockers (508.1, 509.1; "done").  :attr:`answered_by_default` lists them
        afterwards as ``(PendingDecision, Action)`` pairs, in order.

        ``turn``: the condition concerns that turn only (e.g. ``turn=game.turn`` to wait
        for a blocker declaration of this combat): as soon as it ends the condition can no
        longer come true (an added phase or step could still bring it before, 500.8) and
        :class:`PassUntilError` is raised.  It is raised too, naming its ``reason``, when
        the game ends before the condition holds ("game_over"), when a decision without a
        default comes up ("decision") and after ``limit`` decisions ("limit"); the game
        stays where it stopped.

        >>> g = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0)
        >>> bear = g.create_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
        >>> try:                              # nobody attacks: no blockers this turn
        ...     g.pass_until(lambda g: g.decision.kind == Decision.DECLARE_BLOCKERS, turn=g.turn)
        ... except PassUntilError as err:
        ...     print(err.reason, [a.kind.name for d, a in err.answered], g.turn)
        turn_over ['DECLARE_DONE'] 2
        """
        answered: list = []
        self.answered_by_default = answered
        for _ in range(limit):
            if turn is not None and self.turn > turn:
                raise PassUntilError(f"turn {turn} ended before the condition held", "turn_over",
                                     answered)
            if self.is_over:
                try:
                    held = condition(self)
                except (AttributeError, TypeError) as exc:   # e.g. reading game.decision.kind
                    raise PassUntilError(f"the game ended before the condition held ({self.result})",
                                         "game_over", answered) from exc
                if held:
                    return
                raise PassUntilError(f"the game ended before the condition held ({self.result})",
                                     "game_over", answered)
            if condition(self):
                return
            d = self.decision
            if d.kind == Decision.PRIORITY:
                self.pass_priority()
                continue
            default = self._DEFAULT_ANSWERS.get(d.kind)
            action = default(self.legal_actions()) if default else None
            if action is None:
                raise PassUntilError(f"pass_until stopped at a {d.kind.name} decision for "
                                     f"P{d.player}", "decision", answered)
            self.apply(action)
            answered.append((d, action))
        raise PassUntilError(f"the condition did not hold within {limit} decisions", "limit", answered)

    def pass_to(self, step: Step, active: int | None = None, *, phase: Phase | None = None,
                turn: int | None = None, first_strike: bool | None = None) -> None:
        """Pass priority until the active player (``active`` if given) holds priority in
        ``step`` with an empty stack (and in ``phase`` / ``turn`` if given), answering
        decisions by default as :meth:`pass_until` does (:attr:`answered_by_default`).
        With ``turn`` it raises :class:`PassUntilError` ("turn_over") as soon as that
        turn has ended without it.  ``first_strike`` tells the two combat damage steps
        apart (:attr:`is_first_strike_damage_step`, 510.5): True waits for the
        first-strike one, False for the regular one.

        >>> g = Game(["bears", "bears"], seed=1, mulligans=False, starting_player=0)
        >>> g.pass_to(Step.MAIN, 1)
        >>> (g.turn, g.active_player, g.priority_player, g.phase.name)
        (2, 1, 1, 'PRECOMBAT_MAIN')
        """
        def there(g: "Game") -> bool:
            return (g.step == step and g.priority_player == g.active_player and not g.stack()
                    and (active is None or g.active_player == active)
                    and (phase is None or g.phase == phase) and (turn is None or g.turn == turn)
                    and (first_strike is None or g.is_first_strike_damage_step == first_strike))
        self.pass_until(there, turn=turn)

    def play_random(self, seed: int = 0, include_mana_abilities: bool = False) -> "GameResult":
        """Finish the game inside the core under the uniform-random policy."""
        self.state.play_random(seed & (2**64 - 1), include_mana_abilities)
        return self.result

    def concede(self, player: int) -> None:
        self.state.concede(player)

    # --- results -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.state.result != Result.ONGOING

    @property
    def result(self) -> GameResult:
        st = self.state
        return GameResult(Result(st.result), st.winner if st.winner >= 0 else None, st.turn)

    # --- copies, equality, saving -------------------------------------------------------------

    def clone(self) -> "Game":
        """An independent copy (one memcpy of the state).  Its log starts empty and is
        kept if this game's is."""
        g = Game.__new__(Game)
        g.cards = self.cards
        g.decks = self.decks
        g.player_names = self.player_names
        g._log_lines = []
        g.state = self.state.clone()
        g.state.logging = self.state.logging
        return g

    def __eq__(self, other) -> bool:
        return isinstance(other, Game) and self.state == other.state

    def __hash__(self):
        return hash(self.state)

    def save(self) -> bytes:
        """The state as bytes: a header, the card names it refers to, the buffer and a CRC."""
        names = json.dumps(self.cards.names()).encode()
        body = self.state.to_bytes()
        head = SAVE_MAGIC + struct.pack("<IIII", SAVE_FORMAT, self.cards.tables.fingerprint,
                                        len(names), len(body))
        blob = head + names + body
        return blob + struct.pack("<I", zlib.crc32(blob))

    @staticmethod
    def load(data: bytes, cards=None, log: bool = True) -> "Game":
        """Rebuild a game from :meth:`save` output.  A corrupt, truncated or foreign blob
        raises :class:`StateFormatError` saying what is wrong; nothing is pickled.
        ``cards``: the CardDB the game was played with, or a card-data file (default:
        ``MTG_CORE_CARDS``, else the bundled library) from which the saved game's own card
        list is rebuilt, as :class:`Game` built it."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise StateFormatError("saved state must be bytes")
        data = bytes(data)
        hl = len(SAVE_MAGIC) + 16
        if len(data) < hl + 4:
            raise StateFormatError("saved state is truncated (shorter than its header)")
        if not data.startswith(SAVE_MAGIC):
            raise StateFormatError("not an mtg_core saved state (bad magic bytes)")
        fmt, fingerprint, n_names, n_body = struct.unpack("<IIII", data[len(SAVE_MAGIC):hl])
        if fmt != SAVE_FORMAT:
            raise StateFormatError(f"saved state format {fmt}; this version reads {SAVE_FORMAT}")
        if len(data) != hl + n_names + n_body + 4:
            raise StateFormatError(f"saved state is {len(data)} bytes; its header says "
                                   f"{hl + n_names + n_body + 4} (truncated or padded)")
        (crc,) = struct.unpack("<I", data[-4:])
        if zlib.crc32(data[:-4]) != crc:
            raise StateFormatError("saved state checksum mismatch: the data is corrupt")
        body = data[hl + n_names:-4]
        if len(body) >= 4:                       # the layout version first: an older blob's
            (version,) = struct.unpack("<i", body[:4])   # tables differ too, but say why
            if version != _engine.STATE_VERSION:
                raise StateFormatError(f"saved state has layout version {version}; this "
                                       f"version of mtg_core reads {_engine.STATE_VERSION}")
        names = _parse_names(data[hl:hl + n_names])
        try:
            cards = database_of_names(names, cards)
        except DeckError as err:
            raise StateFormatError(f"saved state was made with a different card database: "
                                   f"{err}") from None
        if fingerprint != cards.tables.fingerprint or names != cards.names():
            raise StateFormatError("saved state was made with a different card database")
        try:
            st = _engine.State.from_buffer(cards.tables, data[hl + n_names:-4])
        except _engine.EngineError as err:
            raise StateFormatError(str(err)) from None
        st.logging = log
        return Game((), cards=cards, _state=st)

    # --- pickling and deep copies (through save/load) ------------------------------------------

    def __reduce__(self):
        """A game pickles as its :meth:`save` bytes (checked on load as :meth:`load`
        checks them: corrupt or tampered data raises :class:`StateFormatError`), its decks,
        player names and pending log lines.  A game of the default card database names that
        database and loads against the loading process's (which must have the same cards);
        a game of another :class:`CardDB` carries that database in its pickle."""
        self._drain_log()
        cards = None if self.cards is DEFAULT_CARDS else self.cards
        return _game_from_pickle, (cards, self.save(), self.decks, list(self.player_names),
                                   bool(self.state.logging), list(self._log_lines))

    def __deepcopy__(self, memo) -> "Game":
        """An independent copy through the saved bytes (as a pickle round trip) that shares
        this game's card database; :meth:`clone` is the faster copy."""
        self._drain_log()
        g = Game.load(self.save(), cards=self.cards, log=bool(self.state.logging))
        return _with_parts(g, self.decks, list(self.player_names), list(self._log_lines))

    # --- scenario set-up (not game actions: for tests, puzzles and analysis) -------------------

    def create_card(self, name: str, owner: int, zone: Zone = Zone.HAND, *,
                    controller: int | None = None, token: bool = False,
                    attached_to: int | None = None) -> int:
        """Bring a new card (or token) into the game; returns its object id.

        This is scenario set-up (tests, puzzles, analysis), not a game action: a permanent
        put onto the battlefield this way counts as under its controller's control since
        their turn began (not summoning sick); ``set_object(o, sick=1)`` makes it sick.
        ``attached_to`` (an object id or :meth:`player_target`) puts an Aura, Equipment or
        Fortification onto the battlefield attached to it (see :meth:`move`); an Aura that
        can't legally enchant it is not created (303.4i) and IllegalActionError is raised.
        """
        # a token definition (111.2) is looked up among the tokens when no card has its name
        row = self.cards.token_row(name) if token and name not in self.cards else self.cards.row(name)
        try:
            return self.state.create_object(
                row, owner, int(zone), token,
                -1 if controller is None else controller,
                -1 if attached_to is None else attached_to)
        except _engine.EngineError as err:
            raise _engine_error(err) from None

    def move(self, o: int, zone: Zone, controller: int | None = None, top: bool = True, *,
             attached_to: int | None = None) -> None:
        """Move object ``o`` to ``zone`` (scenario set-up; 400.7: it becomes a new object).

        Onto the battlefield it enters under ``controller`` (default: its owner).  With
        ``attached_to`` it enters attached to that object or player, as an effect putting
        it onto the battlefield would (303.4f): an Aura that can't legally enchant it stays
        where it is and IllegalActionError (303.4i) is raised; an Equipment or Fortification
        that can't be attached there, or any other permanent, enters unattached (303.4h).
        Without it an Aura enters unattached, and 704.5m puts it into the graveyard at the
        next check."""
        try:
            self.state.move(o, int(zone), -1 if controller is None else controller, top,
                            -1 if attached_to is None else attached_to)
        except _engine.EngineError as err:
            raise _engine_error(err) from None

    def add_lore_counters(self, o: int, n: int = 1) -> None:
        """Put ``n`` lore counters on the Saga ``o`` as an effect would: each chapter
        ability whose number they reach from below triggers (714.2b) and goes on the stack
        before the player with priority gets it again.  Only while a player has priority;
        no card effect puts lore counters on yet, so this sets up several chapters
        triggering at once.  A non-Saga or a Saga off the battlefield is an
        IllegalActionError (714.3)."""
        try:
            self.state.add_lore_counters(o, n)
        except _engine.EngineError as err:
            raise _engine_error(err) from None

    def set_object(self, o: int, **fields) -> None:
        """Set raw object fields, e.g. ``damage=2, tapped=1, sick=0, attached_to=5``."""
        try:
            self.state.set_object(o, **fields)
        except _engine.EngineError as err:
            raise _engine_error(err) from None

    def set_player(self, p: int, **fields) -> None:
        """Set raw player fields, e.g. ``life=3, poison=9, mana_G=2``."""
        try:
            self.state.set_player(p, **fields)
        except _engine.EngineError as err:
            raise _engine_error(err) from None

    def check_state_based_actions(self) -> int:
        return self.state.check_state_based_actions()

    def advance(self) -> None:
        self.state.advance()

    # --- the log and printing ----------------------------------------------------------------------

    def _drain_log(self) -> None:
        """Format what the core logged since the last read (done lazily: formatting on
        every action would dominate Python-driven loops)."""
        for row in self.state.take_log():
            line = format_event(self, row)
            if line:
                self._log_lines.append(line)

    @property
    def log(self) -> list[str]:
        """Readable lines for everything logged so far."""
        self._drain_log()
        return self._log_lines

    def _perm_line(self, o: int) -> str:
        f = self.obj(o)
        card = self.card_of(o)
        bits = [card.name]
        # what it is now (613): a land animated by Kormus Bell shows its power and
        # toughness, a creature that stopped being one doesn't
        types = self.characteristics(o)["types"]
        if "Creature" in types:
            p, t = self.power_toughness(o)
            bits.append(f"{p}/{t}")
        if f["tapped"]:
            bits.append("tapped")
        if f["damage"]:
            bits.append(f"{f['damage']} damage")
        if f["plus1"]:
            bits.append(f"+1/+1 x{f['plus1']}")
        if f["minus1"]:
            bits.append(f"-1/-1 x{f['minus1']}")
        if "Planeswalker" in types:
            bits.append(f"loyalty {f['loyalty']}")
        if f["lore"]:
            bits.append(f"lore {f['lore']}")            # 714.3
        if f["sick"] and "Creature" in types:
            bits.append("summoning sick")
        if f["phased_out"]:
            bits.append("phased out")
        if f["attached_to"] >= 0:
            bits.append(f"attached to {self.target_name(f['attached_to'])}")
        bits.extend(self._combat_bits(o, f))
        return " ".join(bits)

    def _combat_bits(self, o: int, f: dict) -> list[str]:
        """Who attacks whom and who blocks whom (508.1, 509.1)."""
        cb = f["combat"]
        out = []
        if cb & (_C["CB_ATTACKING"] | _C["CB_DECLARING"]) and f["combat_target"] >= 0:
            word = "attacking" if cb & _C["CB_ATTACKING"] else "to attack"
            out.append(f"{word} {self.target_name(f['combat_target'])}")
            if cb & _C["CB_BLOCKED"]:
                out.append("(blocked)")
        if cb & (_C["CB_BLOCKING"] | _C["CB_DECLARING"]) and f["block_mask"]:
            slots = f["block_mask"] & 0xFFFFFFFF
            blocked = [a for a in self.battlefield() if self.obj(a)["combat"] & _C["CB_ATTACKING"]
                       and (slots >> self.obj(a)["attack_slot"]) & 1]
            word = "blocking" if cb & _C["CB_BLOCKING"] else "to block"
            out.append(f"{word} " + ", ".join(f"{self.object_name(a)} [#{a}]" for a in blocked))
        if cb & (_C["CB_ATTACKING"] | _C["CB_BLOCKING"]) and self.state.decision[0] == Decision.ASSIGN_DAMAGE:
            done = self.assigned_damage(o)
            if done:
                out.append("assigning " + ", ".join(f"{n} to {self.target_name(r)}" for r, n in done.items()))
        return out

    def __str__(self) -> str:
        h = self._h()
        lines = []
        if self.is_over:
            lines.append(f"Game over: {self.result}")
        elif h["turn"] == 0:
            lines.append("Before the first turn (mulligans)")
        else:
            name = STEP_NAMES[Step(h["step"])]
            if h["step"] == Step.MAIN:
                name = PHASE_NAMES[Phase(h["phase"])]
            elif self.is_first_strike_damage_step:
                name = "first-strike " + name                     # 510.5
            lines.append(f"Turn {h['turn']} ({self.player_name(h['active'])}), {name}")
        for p in range(self.n_players):
            status = "" if self.in_game(p) else " (out of the game)"
            pool = self.mana_pool(p)
            # A few mana are shown as symbols (RRG); more as a count (R×1000000): the line
            # stays short whatever the pool holds.
            pool_s = (" pool " + "".join(c * n if n <= 5 else f"{c}×{n}" for c, n in pool.items())
                      if pool else "")
            lines.append(f"{self.player_name(p)}: life {self.life(p)}"
                         + (f", poison {self.poison(p)}" if self.poison(p) else "")
                         + f", hand {len(self.hand(p))}, library {len(self.library(p))}, "
                         f"graveyard {len(self.graveyard(p))}{pool_s}{status}")
            # Identical permanents are shown once with a count, as a player would describe them.
            groups: dict[str, list[int]] = {}
            for o in self.battlefield(p):
                groups.setdefault(self._perm_line(o), []).append(o)
            for desc, objs in groups.items():
                ids = ",".join(f"#{o}" for o in objs[:6]) + ("…" if len(objs) > 6 else "")
                lines.append(f"    {len(objs)}x {desc} [{ids}]" if len(objs) > 1 else f"    {desc} [#{objs[0]}]")
        st = self.stack()
        if st:
            lines.append("Stack (top first):")
            for item in reversed(st):
                if item["kind"] == _C["SK_COMBAT_DAMAGE"]:
                    dealt = ", ".join(f"{self.object_name(d['source'])} -> "
                                      f"{self.target_name(d['target'])} {d['amount']}"
                                      for d in self.combat_damage_on_stack())
                    lines.append(f"    combat damage: {dealt}")
                    continue
                what = self.object_name(item["obj"])
                label = what if item["kind"] == _C["SK_SPELL"] else f"ability of {what}"
                tg = [self.target_name(item[f"target{i}"]) for i in range(item["n_targets"])
                      if item[f"target{i}"] >= 0]
                lines.append(f"    {label}" + (f" targeting {', '.join(tg)}" if tg else ""))
        d = self.decision
        if d:
            what = d.kind.name.lower()
            if d.kind in (Decision.DAMAGE_ORDER, Decision.ASSIGN_DAMAGE):
                what += f" of {self.object_name(d.source)} [#{d.source}]"
            lines.append(f"Waiting for {self.player_name(d.player)}: {what}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Game turn {self.turn} {self.result.kind.name.lower()} {self.n_players} players>"


# 506.2a: the multiplayer attack options (Header.flags GF_ATTACK_*).  "left" is the next
# player in turn order, "right" the previous one.
ATTACK_OPTIONS = {"all": 0, "chosen": _C["GF_ATTACK_CHOSEN"], "left": _C["GF_ATTACK_LEFT"],
                  "right": _C["GF_ATTACK_RIGHT"]}


def _game_from_pickle(cards, blob, decks, player_names, logging, log_lines) -> Game:
    """A game from its pickle (:meth:`Game.__reduce__`): :meth:`Game.load` checks the bytes."""
    if cards is not None and not isinstance(cards, CardDB):
        raise StateFormatError("pickled game's card database is not a CardDB")
    if cards is not None:
        cards = pickling.checked_card_db(cards)
    g = Game.load(blob, cards=cards, log=bool(logging))
    return _with_parts(g, decks, player_names, log_lines)


def _with_parts(g: Game, decks, player_names, log_lines) -> Game:
    """A loaded game given back what its saved bytes don't hold."""
    g.decks = tuple(decks)
    names = list(player_names)
    if not all(isinstance(n, str) for n in names):
        raise StateFormatError("pickled game's player names are not strings")
    g.player_names = names
    g._log_lines = [str(line) for line in log_lines]
    return g


def _attack_option(option: str) -> int:
    if option not in ATTACK_OPTIONS:
        raise MtgError(f"no attack option {option!r}; choose one of {sorted(ATTACK_OPTIONS)} (506.2a)")
    return ATTACK_OPTIONS[option]


def _edition(edition: Edition | str) -> int:
    """An edition given by enum member or name ("seed", "current", "classic")."""
    try:
        return Edition[edition.upper()] if isinstance(edition, str) else Edition(edition)
    except (KeyError, ValueError):
        raise MtgError(f"no rules edition {edition!r}; choose seed, current or classic") from None


def play_random_games(deck_a, deck_b, n_games: int, seed: int = 0, *, cards=None,
                      max_turns: int = 0, mulligans: bool = True,
                      edition: Edition | str = Edition.SEED) -> np.ndarray:
    """``n_games`` random-vs-random games in the core.  Rows: (result, winner, turns).
    ``cards``: a CardDB or a card-data file, as for :class:`Game`."""
    cards, (da, db) = card_database([deck_a, deck_b], cards)
    a = da.rows(cards)
    b = db.rows(cards)
    return _engine.play_random_games(cards.tables, a, b, n_games, seed, max_turns, mulligans,
                                     _edition(edition))
