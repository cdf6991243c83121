"""Card databases: a :class:`CardDB` numbers a set of cards, the token definitions their
effects create (111.2) and the subtypes their abilities name, then compiles them once into
the core's tables (:class:`mtg_core._engine.CardTables`), shared by every game.

One card row is filled column group by column group (:func:`_characteristic_columns`,
:func:`_printed_ability_columns`, :func:`_combat_columns`), then its abilities' rows
(:func:`_ability_rows`) and the columns of its replacement effects and faces."""
from __future__ import annotations

import functools
import re
from typing import Iterable

import numpy as np

from .. import _engine
from ..errors import CardScriptError
from .abilities import Ability, SpellAbility, ability_modes
from .amounts import count_changes, count_subtype_names, sets_creature_types
from .card import Card, tokens_created
from .compile_context import CompileContext
from .effects.permanents import PREDEFINED_TOKENS
from .faces import face_columns
from .grants import compile_grants
from .replacement import replacement_columns, replacement_subtype_names
from .sagas import final_chapter
from .statics import StaticAbility, subtype_names_of
from .subtype_bits import SubtypeBits
from .subtypes import NONCREATURE_SUBTYPES
from .vocabulary import (_C, COLOR_INDEX, COMBAT_STATIC_BITS, PROTECTION_QUALITIES,
                         PROTECTION_TYPES, STATICS, SUPERTYPE_BITS, TARGETS, TYPE_BITS,
                         combat2_bits, combat_property, keyword_mask)


def _append_ability(card: Card, ab, program: list[int], ability_rows: list[list[int]],
                    ctx: CompileContext) -> None:
    """Compile one ability (or mode) of ``card``: its program goes at the end of
    ``program``, its row at the end of ``ability_rows``; errors name the card."""
    try:
        body = ab.effects_program(ctx)
        start = len(program)
        program.extend(body)
        ability_rows.append(ab.row(start, len(body), ctx))
    except CardScriptError as err:
        raise CardScriptError(f"{card.name}: {err}") from None


def subtype_names_needed(cards: "Iterable[Card]") -> tuple[set[str], set[str]]:
    """The subtypes the layer scripts of ``cards`` name (each gets a CF_SUBTYPES bit of its
    own) and those only counts name (CF_COUNT_SUBTYPES bits, amounts.py): what
    :meth:`SubtypeBits.numbering` numbers for the database."""
    cards = list(cards)
    names: set[str] = set()
    for card in cards:
        names |= set(card.landwalk)             # 702.14c: the land types it looks for
        names |= replacement_subtype_names(card)    # 614.1c: "unless you control a Swamp"
        for ab in card.abilities:
            names |= subtype_names_of(ab)
    # subtypes counts name (amounts.py) need bits only if something can have them
    counted: set[str] = set()
    carried: set[str] = set(names)
    for card in cards:
        carried |= set(card.subtypes)
        for ab in card.abilities:
            counted |= count_subtype_names(ab)
    if any(card.changeling for card in cards):
        carried |= counted                          # 702.73a: every creature type
    counted &= carried
    if any(sets_creature_types(ab) for card in cards for ab in card.abilities):
        names |= counted                            # 205.1b: a Frog loses its types (layer 4)
    return names, counted


class CardDB:
    """A set of cards and their compiled tables (built once; shared by every game)."""

    def __init__(self, cards: Iterable[Card]):
        self.cards: list[Card] = []
        self._rows: dict[str, int] = {}
        self._token_rows: dict[Card, int] = {}
        self._back_rows: set[int] = set()           # faces: rows of back faces (712)
        for c in cards:
            if not isinstance(c, Card):
                raise CardScriptError(f"{c!r} is not a Card")
            if c.token:
                self._add_token(c)
                continue
            if c.name in self._rows:
                raise CardScriptError(f"two cards are named {c.name!r}")
            self._rows[c.name] = len(self.cards)
            self.cards.append(c)
            if c.back is not None:                  # faces: its back face's row follows (712)
                self._back_rows.add(len(self.cards))
                self.cards.append(c.back)
            for half in c.halves:                   # faces: its halves' rows follow (709)
                self._back_rows.add(len(self.cards))
                self.cards.append(half)
        # 111.2: the tokens the cards' effects create get rows of their own (after the cards)
        k = 0
        while k < len(self.cards):
            for token in tokens_created(self.cards[k]):
                self._add_token(token)
            k += 1
        self.tables = self._compile()

    @staticmethod
    def subtype_problem(cards: Iterable[Card]) -> str | None:
        """Why ``CardDB(cards)`` can't give the subtypes its layer scripts name bits of their
        own (at most 23 besides the rules' own in one database), or None; cheap: nothing is
        compiled.  A big import fits one CardDB per matchup (the cards its decks use).

        >>> from mtg_core.library import ALL_CARDS
        >>> CardDB.subtype_problem(ALL_CARDS) is None
        True
        """
        cards = list(cards)
        for c in list(cards):
            cards += ([c.back] if getattr(c, "back", None) is not None else []) + list(c.halves)
        seen = set(cards)
        k = 0
        while k < len(cards):
            for t in tokens_created(cards[k]):
                if t not in seen:
                    seen.add(t)
                    cards.append(t)
            k += 1
        names, _ = subtype_names_needed(cards)
        try:
            SubtypeBits.numbering(names)
        except CardScriptError as err:
            return str(err)
        return None

    def _add_token(self, token: Card) -> None:
        if token not in self._token_rows:
            self._token_rows[token] = len(self.cards)
            self.cards.append(token)

    def token_row(self, token: "Card | str") -> int:
        """The card-table row of a token definition (a token Card, or a predefined token's
        name such as "Treasure")."""
        card = PREDEFINED_TOKENS.get(token, token) if isinstance(token, str) else token
        try:
            return self._token_rows[card]
        except (KeyError, TypeError):
            raise KeyError(f"no token {token!r} in this card database") from None

    def _compile(self) -> "_engine.CardTables":
        """The card, ability and program tables, compiled with one context: this
        database's token rows (111.2) and subtype bits (205.3), passed to every row and
        program."""
        names, counted = subtype_names_needed(self.cards)
        ctx = CompileContext(token_rows=self._token_rows,
                             subtypes=SubtypeBits.numbering(names, counted))
        self.subtype_bits: dict[str, int] = dict(ctx.subtypes.bits)  # CF_SUBTYPES bit of each name
        return self._compile_tables(ctx)

    def _compile_tables(self, ctx: CompileContext) -> "_engine.CardTables":
        C = _C
        card_rows: list[list[int]] = []
        ability_rows: list[list[int]] = []
        program = [0]                                   # program[0] = OP_END padding
        name_ids: dict[str, int] = {}
        for card in self.cards:
            row = [0] * C["CARD_FIELDS"]
            _characteristic_columns(row, card, ctx.subtypes)
            row[C["CF_NAME_ID"]] = name_ids.setdefault(card.name, len(name_ids))
            _printed_ability_columns(row, card)
            _combat_columns(row, card, ctx.subtypes)
            row[C["CF_ABILITY_START"]] = len(ability_rows)
            abilities = card.all_abilities()
            row[C["CF_ABILITY_COUNT"]] = len(abilities)
            _ability_rows(row, card, abilities, program, ability_rows, ctx)
            replacement_columns(card, row, ctx.subtypes)   # 614.1c, 614.1a, 615.1
            card_rows.append(row)
        face_columns(self.cards, self._back_rows, card_rows)     # 712 (faces.py)
        cards = np.array(card_rows, dtype=np.int32).reshape(-1, C["CARD_FIELDS"])
        abil = np.array(ability_rows, dtype=np.int32).reshape(-1, C["ABILITY_FIELDS"])
        try:
            return _engine.CardTables(cards, abil, np.array(program, dtype=np.int32))
        except _engine.EngineError as err:   # the core's own checks: name the card at fault
            raise CardScriptError(f"{self._card_at_fault(str(err), cards)}{err}") from None

    def _card_at_fault(self, problem: str, cards: np.ndarray) -> str:
        """"Name: " of the card a table check's message points at ("card row N", "ability row
        N"), or ""."""
        m = re.search(r"\b(card|ability) row (\d+)", problem)
        if m is None:
            return ""
        n = int(m.group(2))
        if m.group(1) == "card":
            return f"{self.cards[n].name}: " if n < len(self.cards) else ""
        starts = cards[:, _C["CF_ABILITY_START"]]
        counts = cards[:, _C["CF_ABILITY_COUNT"]]
        for i in range(len(self.cards)):
            if starts[i] <= n < starts[i] + max(int(counts[i]), 1):
                return f"{self.cards[i].name}: "
        return ""

    def __getitem__(self, name: str) -> Card:
        return self.cards[self.row(name)]

    def __contains__(self, name: str) -> bool:
        return name in self._rows

    def __len__(self) -> int:
        """Rows of the card table: the cards and the token definitions."""
        return len(self.cards)

    def __iter__(self):
        """The cards (token definitions are rows of the tables too, but no cards: 111.1;
        nor are the back faces of double-faced cards, 712)."""
        return (c for i, c in enumerate(self.cards) if not c.token and i not in self._back_rows)

    def tokens(self) -> list[Card]:
        """The token definitions, in row order (111.2)."""
        return [c for c in self.cards if c.token]

    def row(self, name: str) -> int:
        try:
            return self._rows[name]
        except KeyError:
            raise KeyError(f"no card named {name!r} in this card database") from None

    def names(self) -> list[str]:
        return [c.name for c in self]

    def extended(self, cards: Iterable[Card]) -> "CardDB":
        """A new database with these cards added (the originals keep their rows)."""
        return CardDB([*(c for i, c in enumerate(self.cards) if i not in self._back_rows), *cards])


# --- the columns of one card row -------------------------------------------------------------

def _characteristic_columns(row: list[int], card: Card, subtypes: SubtypeBits) -> None:
    """Types, subtypes (205, by their bits in ``subtypes``), power, toughness, loyalty,
    printed keywords, colours (105.2) and mana cost (202) of ``card``."""
    C = _C
    subtype_bits, count_bits = subtypes.bits, subtypes.count_bits
    for t in card.types:
        row[C["CF_TYPES"]] |= TYPE_BITS[t]
    for t in card.supertypes:
        row[C["CF_SUPERTYPES"]] |= SUPERTYPE_BITS[t]
    for t in card.subtypes:
        row[C["CF_SUBTYPES"]] |= subtype_bits.get(t, 0)
        row[C["CF_COUNT_SUBTYPES"]] |= count_bits.get(t, 0)     # amounts.pxi
    if card.changeling:                             # 702.73a: every creature type
        row[C["CF_COUNT_SUBTYPES"]] |= sum(v for k, v in count_bits.items()
                                           if k not in NONCREATURE_SUBTYPES)
        row[C["CF_SUBTYPES"]] |= subtypes.creature_types
    row[C["CF_POWER"]] = card.power or 0
    row[C["CF_TOUGHNESS"]] = card.toughness or 0
    row[C["CF_LOYALTY"]] = card.loyalty or 0
    row[C["CF_KEYWORDS"]] = keyword_mask(card.printed_keywords())
    cost = card.cost
    if card.colors is not None:
        row[C["CF_COLORS"]] = sum(1 << COLOR_INDEX[c] for c in card.colors)
    else:
        row[C["CF_COLORS"]] = cost.colors
    row[C["CF_COST_GENERIC"]:C["CF_COST_GENERIC"] + 7] = cost.as_row(with_hybrid=True,
                                                                    with_phyrexian=True)
    row[C["CF_COST_HYBRID"]] = cost.hybrid_word              # hybrid.pxi (107.4e)
    row[C["CF_COST_PHYREXIAN"]] = cost.phyrexian_word        # phyrexian.pxi (107.4f)
    row[C["CF_MANA_VALUE"]] = cost.mana_value
    row[C["CF_COST_X"]] = cost.x


def _printed_ability_columns(row: list[int], card: Card) -> None:
    """What the card's printed words give it besides ability rows: abilities that work
    from other zones (702.34 flashback, from the hand), enchant (303.4), an Aura's or
    Equipment's bonus, the fixed statics, protection (702.16) and an equip discount."""
    C = _C
    for ab in card.abilities:
        if isinstance(ab, SpellAbility) and ab.flashback:
            row[C["CF_ZONE_ABILITIES"]] |= C["ZA_FLASHBACK"]
        if isinstance(ab, SpellAbility) and ab.alternative is not None:
            row[C["CF_ZONE_ABILITIES"]] |= C["ZA_ALTERNATIVE"]       # 118.9
        if getattr(ab, "zone", "battlefield") == "hand":
            row[C["CF_ZONE_ABILITIES"]] |= C["ZA_FROM_HAND"]
    row[C["CF_ENCHANT"]] = TARGETS[card.enchant] if card.enchant else 0
    row[C["CF_ATTACHED_POWER"]], row[C["CF_ATTACHED_TOUGHNESS"]] = card.attached_bonus
    row[C["CF_ATTACHED_KEYWORDS"]] = keyword_mask(card.attached_keywords)
    row[C["CF_STATIC"]] = STATICS[card.static] if card.static else 0
    if card.static:
        row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
    for q in card.protection:
        row[C["CF_PROTECTION"]] |= PROTECTION_QUALITIES.get(q, 0) | \
            (PROTECTION_TYPES.get(q, 0) << C["PRO_SUBTYPE_SHIFT"])
    row[C["CF_EQUIP_DISCOUNT"]] = card.equip_cost_reduction
    if final_chapter(card):
        row[C["CF_ABILITY_KINDS"]] |= C["SAGA_BIT"]            # a Saga (714, sagas.py)
    if card.equip_cost_reduction:
        row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]


def _combat_columns(row: list[int], card: Card, subtypes: SubtypeBits) -> None:
    """Combat keywords and restrictions (CF_COMBAT, CF_COMBAT_AMOUNTS, CF_COMBAT2: 509.1b)
    and landwalk (702.14)."""
    C = _C
    for c in set(card.combat):
        bits, shift, n = combat_property(c)
        row[C["CF_COMBAT"]] |= bits
        if shift >= 0:
            row[C["CF_COMBAT_AMOUNTS"]] |= n << shift
    if row[C["CF_COMBAT"]] & COMBAT_STATIC_BITS:
        row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
    for t in card.landwalk:                         # 702.14
        row[C["CF_LANDWALK"]] |= subtypes.bits[t]
    toxic = 0
    for c in card.combat:
        bits = combat2_bits(c)
        toxic += bits >> C["CM2_TOXIC_SHIFT"]       # 702.164b: the total of toxic Ns
        row[C["CF_COMBAT2"]] |= bits & ((1 << C["CM2_TOXIC_SHIFT"]) - 1)
    if toxic > 255:
        raise CardScriptError(f"{card.name}: a total toxic of {toxic} (at most 255)")
    row[C["CF_COMBAT2"]] |= toxic << C["CM2_TOXIC_SHIFT"]


def _ability_rows(row: list[int], card: Card, abilities, program: list[int],
                  ability_rows: list[list[int]], ctx: CompileContext) -> None:
    """The card's abilities (112), each a row of the ability table with its program; then
    the modes of its modal ones (700.2) and the abilities its statics grant (613.1f)."""
    C = _C
    modal: list[tuple[int, SpellAbility]] = []
    for ab in abilities:
        if not isinstance(ab, (Ability, StaticAbility)):
            raise CardScriptError(f"{card.name}: {ab!r} is not an ability")
        row[C["CF_ABILITY_KINDS"]] |= 1 << ab.kind
        if isinstance(ab, StaticAbility):
            row[C["CF_ABILITY_KINDS"]] |= C["LY_KIND_BIT"] | (C["LY_LOSE_BIT"] if ab.loses_all else 0)
            if any(ch.code == C["LY_CONTROL"] for ch in ab.changes):
                row[C["CF_ABILITY_KINDS"]] |= C["LY_CONTROL_BIT"]
            if ab.condition is not None:           # 611.3a (AsLongAs)
                row[C["CF_ABILITY_KINDS"]] |= C["LY_COND_BIT"]
            if count_changes(ab.changes):          # a count changes with no event
                row[C["CF_ABILITY_KINDS"]] |= C["LY_COND_BIT"]
        _append_ability(card, ab, program, ability_rows, ctx)
        if ability_modes(ab):                     # 700.2 (spells and abilities)
            modal.append((len(ability_rows) - 1, ab))
    # 700.2: a modal spell's modes follow the card's abilities (not counted in them)
    for spell_row, ab in modal:
        ability_rows[spell_row][C["AF_MODE_START"]] = len(ability_rows)
        for mode in ability_modes(ab):
            _append_ability(card, mode, program, ability_rows, ctx)
    # 613.1f: the abilities its statics grant follow (grants.py)
    row[C["CF_ABILITY_KINDS"]] |= compile_grants(card, abilities, row[C["CF_ABILITY_START"]],
                                                 ability_rows, program,
                                                 functools.partial(_append_ability, ctx=ctx))
