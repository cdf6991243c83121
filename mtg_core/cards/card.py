"""Cards (chapters 2-3) and card databases: a :class:`Card` holds characteristics and
abilities; a :class:`CardDB` compiles a set of cards once into the core's tables."""
from __future__ import annotations

import re
from typing import Iterable

import numpy as np
from dataclasses import dataclass

from .. import _engine
from ..errors import CardScriptError
from .abilities import Ability, LoyaltyAbility, SpellAbility, TriggeredAbility
from .abilities import Mode, ability_modes
from .costs import ManaCost
from .effects import walk_effects
from .effects.permanents import _TOKEN_ROWS, PREDEFINED_TOKENS, CreateToken, Pump
from .faces import check_faces, combine_halves, face_columns
from .kicker import check_permanent_spell_ability
from .replacement import Replacement, check_replacements, replacement_columns
from .statics import Becomes, StaticAbility, compiling_subtypes, subtype_bits, subtype_names_of
from .statics import _SUBTYPES                 # imp3: the creature types of changeling
from .grants import check_attached_refs, compile_grants, granted_abilities   # 613.1f
from .amounts import (count_changes, count_subtype_names, counting_subtypes,  # amounts.pxi
                      sets_creature_types)
from .statics import NONCREATURE_SUBTYPES
from .vocabulary import LANDWALK_TYPES
from .vocabulary import (_C, COLOR_INDEX, COMBAT_STATIC_BITS, PROTECTION_QUALITIES,
                         PROTECTION_TYPES, STATICS, SUPERTYPE_BITS, TARGETS,
                         TRIGGERED_KEYWORDS, TYPE_BITS, combat_property, keyword_mask)
from .vocabulary import combat2_bits

# 702.108a: "Prowess" means "Whenever you cast a noncreature spell, this creature gets
# +1/+1 until end of turn."
_PROWESS = TriggeredAbility("cast", Pump("self", 1, 1), whose="you", spell=("noncreature",))
# combatkw, 702.25a: "Flanking" means "Whenever a creature without flanking blocks this
# creature, the blocking creature gets -1/-1 until end of turn."  (Card(combat=("flanking",)))
_FLANKING = TriggeredAbility("becomes blocked by a creature without flanking",
                             Pump("that creature", -1, -1))


@dataclass(frozen=True)
class Card:
    """A card's characteristics and abilities (chapter 2-3 of the rules).

    ``enchant`` names what an Aura may enchant (702.5; e.g. "creature");
    ``attached_bonus`` / ``attached_keywords`` give what an Aura or Equipment grants the
    permanent it is attached to; ``static`` names one of the supported static abilities.
    ``keywords`` may name "prowess" (702.108), which stands for a triggered ability.
    ``protection`` lists what it has protection from (702.16): colours ("red"),
    "multicolored", creature types ("Demons", "Dragons").  ``equip_cost_reduction`` N:
    "Equip abilities you activate that target ~ cost {N} less to activate."
    """
    name: str
    mana_cost: str = ""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    enchant: str | None = None
    attached_bonus: tuple[int, int] = (0, 0)
    attached_keywords: tuple[str, ...] = ()
    static: str | None = None
    colors: str | None = None
    combat: tuple[str, ...] = ()
    token: bool = False
    protection: tuple[str, ...] = ()
    equip_cost_reduction: int = 0
    # imp3: landwalk (702.14: the basic land types it walks, "Swamp" for swampwalk) and
    # changeling (702.73a: it is every creature type, in every zone)
    landwalk: tuple[str, ...] = ()
    changeling: bool = False
    # faces: a double-faced card (712): its back face, and whether it is a modal one (712.1:
    # either face may be cast or played; it can't transform) or a transforming one (701.28)
    back: "Card | None" = None
    modal: bool = False
    # faces: daybound (a front face, 702.145a-c) and nightbound (its back face, 702.145d-g)
    daybound: bool = False
    nightbound: bool = False
    # faces: a split card (709): its two halves, each a Card; the whole card's mana cost,
    # types and colours are those of its halves combined (709.4), derived from them
    halves: tuple["Card", ...] = ()

    def __post_init__(self):
        if not self.name or not isinstance(self.name, str):
            raise CardScriptError("a card needs a name")
        if self.halves:
            combine_halves(self)                        # 709.4 (faces.py)
        try:
            self._check_language()
        except CardScriptError as err:
            if str(err).startswith(f"{self.name}:"):
                raise
            raise CardScriptError(f"{self.name}: {err}") from None

    def _check_language(self):
        """The parts of the card language added with tokens, the stack and costs."""
        check_faces(self)                               # 712 (faces.py)
        if self.token and self.mana_cost:
            raise CardScriptError("a token has no mana cost (111.3)")
        if self.token and ({"Instant", "Sorcery"} & set(self.types)):
            raise CardScriptError("a token is a permanent (111.1)")
        for a in self.abilities:
            if isinstance(a, Mode):
                raise CardScriptError("a Mode belongs in SpellAbility(modes=...), not in abilities")
            if isinstance(a, SpellAbility):
                a.check()
                if a.flashback and not ({"Instant", "Sorcery"} & set(self.types)):
                    raise CardScriptError("flashback is supported on instants and sorceries (702.34a)")
        if self.colors is not None and any(c not in "WUBRG" for c in self.colors):
            raise CardScriptError(f"colours {self.colors!r}: use letters from WUBRG")
        once = [a for a in self.abilities if getattr(a, "once_each_turn", False)]
        if once and (len(once) > 1 or any(isinstance(a, LoyaltyAbility) for a in self.abilities)):
            # 602.5b / 606.3: one turn mark per permanent (Obj.loyalty_turn) records it
            raise CardScriptError(f"{self.name}: at most one 'activate only once each turn' "
                                  "ability, and none beside loyalty abilities")
        # Compile the programs once now, so a malformed one fails where the card is defined
        # (token rows and layer-script subtype bits are numbered only by a CardDB: any
        # numbering does for this check).
        names: set[str] = set(self.landwalk)
        for a in self.abilities:
            names |= subtype_names_of(a)
            names |= count_subtype_names(a)             # amounts.py
        for t in self.landwalk:
            if t not in LANDWALK_TYPES:
                raise CardScriptError(f"{self.name}: landwalk of {t!r}: one of {list(LANDWALK_TYPES)} "
                                      "(702.14)")
        check_attached_refs(self)                   # grant: "enchanted creature" (grants.py)
        handle = _TOKEN_ROWS.set({t: 0 for t in _tokens_created(self)})
        try:
            with compiling_subtypes(names):
                for a in self.abilities:
                    if isinstance(a, Ability):
                        a.effects_program()
                        a.row(0, 0)                 # costs, targets, timing, trigger words
                        for m in ability_modes(a):
                            m.effects_program()
                            m.row(0, 0)
        finally:
            _TOKEN_ROWS.reset(handle)
        for t in self.types:
            if t not in TYPE_BITS:
                raise CardScriptError(f"{self.name}: unknown card type {t!r}")
        if not self.types:
            raise CardScriptError(f"{self.name}: a card needs at least one card type")
        if all(TYPE_BITS[t] == _C["T_KINDRED"] for t in self.types):
            raise CardScriptError(f"{self.name}: a Kindred card always has another card type "
                                  "(300.2b, 308.1)")
        for t in self.supertypes:
            if t not in SUPERTYPE_BITS:
                raise CardScriptError(f"{self.name}: unknown supertype {t!r}")
        if "Creature" in self.types and (self.power is None or self.toughness is None):
            raise CardScriptError(f"{self.name}: a creature needs power and toughness (302.4)")
        if "Planeswalker" in self.types and self.loyalty is None:
            raise CardScriptError(f"{self.name}: a planeswalker needs loyalty (306.5b)")
        if "Aura" in self.subtypes and not self.enchant:
            raise CardScriptError(f"{self.name}: an Aura needs an enchant ability (303.4a, 702.5)")
        if self.enchant and self.enchant not in TARGETS:
            raise CardScriptError(f"{self.name}: unknown enchant kind {self.enchant!r}")
        if self.static and self.static not in STATICS:
            raise CardScriptError(f"{self.name}: unsupported static ability {self.static!r}")
        if ("Instant" in self.types or "Sorcery" in self.types) and not self.halves and \
                len([a for a in self.abilities if isinstance(a, SpellAbility)]) != 1:
            raise CardScriptError(f"{self.name}: an instant or sorcery needs exactly one SpellAbility")
        if "Land" in self.types and self.mana_cost:
            raise CardScriptError(f"{self.name}: lands have no mana cost (305.1)")
        ManaCost.parse(self.mana_cost)
        keyword_mask(self.printed_keywords())
        keyword_mask(self.attached_keywords)
        for q in self.protection:
            if q not in PROTECTION_QUALITIES and q not in PROTECTION_TYPES:
                raise CardScriptError(f"{self.name}: unknown protection quality {q!r}; expected "
                                      f"one of {sorted(PROTECTION_QUALITIES) + sorted(PROTECTION_TYPES)}")
        if not 0 <= self.equip_cost_reduction <= _C["TABLE_AMOUNT_MAX"]:
            raise CardScriptError(f"{self.name}: equip cost reduction out of range")
        self._check_layer_scripts()
        check_replacements(self)                        # 614, 615
        check_permanent_spell_ability(self)             # kicker: 702.33 on permanents
        caps = set()
        for c in self.combat:
            try:
                bits, shift, n = combat_property(c)
            except CardScriptError as err:
                raise CardScriptError(f"{self.name}: {err}") from None
            if shift == _C["CMA_CAP"]:
                caps.add(n)
        if len(caps) > 1:
            raise CardScriptError(f"{self.name}: one N for its \"no more than N creatures\" "
                                  f"restrictions (they share one byte)")

    def printed_keywords(self) -> tuple[str, ...]:
        """The keywords the core keeps as bits (the triggered ones become abilities)."""
        return tuple(k for k in self.keywords if k.lower() not in TRIGGERED_KEYWORDS)

    def all_abilities(self) -> tuple[Ability, ...]:
        """Its abilities, then those its triggered keywords stand for (702.108b: each
        instance of prowess triggers separately)."""
        extra = tuple(_PROWESS for k in self.keywords if k.lower() == "prowess")
        extra += tuple(_FLANKING for c in self.combat if c == "flanking")   # combatkw: 702.25b
        return (*(a for a in self.abilities if not isinstance(a, Replacement)), *extra)

    def _check_layer_scripts(self) -> None:
        """Static abilities of the layer system and Becomes effects are checked here, so a
        malformed one is reported with the card's name as the card is defined."""
        for ab in self.abilities:
            try:
                if isinstance(ab, StaticAbility):
                    ab.check()
                    if ab.affects.startswith(("enchanted", "equipped")) and \
                            not {"Aura", "Equipment"} & set(self.subtypes):
                        raise CardScriptError(f"only an Aura or Equipment affects {ab.affects!r} "
                                              "(303.4, 301.5)")
                    continue
                todo = list(getattr(ab, "effects", ()))
                while todo:
                    eff = todo.pop()
                    if isinstance(eff, Becomes):
                        eff.check()
                    todo.extend(getattr(eff, "effects", ()))
            except CardScriptError as err:
                raise CardScriptError(f"{self.name}: {err}") from None

    @property
    def cost(self) -> ManaCost:
        return ManaCost.parse(self.mana_cost)

    @property
    def mana_value(self) -> int:
        return self.cost.mana_value

    def type_line(self) -> str:
        left = " ".join([*self.supertypes, *self.types])
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def is_permanent(self) -> bool:
        return not ({"Instant", "Sorcery"} & set(self.types))

    def __str__(self) -> str:
        pt = f" {self.power}/{self.toughness}" if self.power is not None else ""
        cost = f" {self.mana_cost}" if self.mana_cost else ""
        return f"{self.name}{cost} ({self.type_line()}){pt}"


def _append_ability(card: Card, ab, program: list[int], ability_rows: list[list[int]]) -> None:
    """Compile one ability (or mode) of ``card``: its program goes at the end of
    ``program``, its row at the end of ``ability_rows``; errors name the card."""
    try:
        body = ab.effects_program()
        start = len(program)
        program.extend(body)
        ability_rows.append(ab.row(start, len(body)))
    except CardScriptError as err:
        raise CardScriptError(f"{card.name}: {err}") from None


def _tokens_created(card: Card) -> list[Card]:
    """The token definitions a card's effects create (111.2)."""
    out = []
    for ab in card.abilities:
        groups = [getattr(ab, "effects", ())] + [m.effects for m in ability_modes(ab)]
        groups += [getattr(g, "effects", ()) for g in granted_abilities(ab)]    # 613.1f (grants.py)
        for effects in groups:
            for eff in walk_effects(effects):
                if isinstance(eff, CreateToken):
                    try:
                        out.append(eff.token_card())
                    except CardScriptError as err:
                        raise CardScriptError(f"{card.name}: {err}") from None
    return out


def subtype_names_needed(cards: "Iterable[Card]") -> tuple[set[str], set[str]]:
    """The subtypes the layer scripts of ``cards`` name (each gets a CF_SUBTYPES bit of its
    own, statics.py) and those only counts name (CF_COUNT_SUBTYPES bits, amounts.py)."""
    cards = list(cards)
    names: set[str] = set()
    for card in cards:
        names |= set(card.landwalk)             # 702.14c: the land types it looks for
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
            for token in _tokens_created(self.cards[k]):
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
            for t in _tokens_created(cards[k]):
                if t not in seen:
                    seen.add(t)
                    cards.append(t)
            k += 1
        names, _ = subtype_names_needed(cards)
        try:
            subtype_bits(names)
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
        names, counted = subtype_names_needed(self.cards)
        handle = _TOKEN_ROWS.set(self._token_rows)
        try:
            with compiling_subtypes(names) as bits, counting_subtypes(counted - set(bits)) as cbits:
                self.subtype_bits: dict[str, int] = dict(bits)   # CF_SUBTYPES bit of each name
                self._count_bits = cbits
                return self._compile_tables(bits)
        finally:
            _TOKEN_ROWS.reset(handle)

    def _compile_tables(self, subtype_bits: dict[str, int]) -> "_engine.CardTables":
        C = _C
        card_rows: list[list[int]] = []
        ability_rows: list[list[int]] = []
        program = [0]                                   # program[0] = OP_END padding
        name_ids: dict[str, int] = {}
        for card in self.cards:
            row = [0] * C["CARD_FIELDS"]
            for t in card.types:
                row[C["CF_TYPES"]] |= TYPE_BITS[t]
            for t in card.supertypes:
                row[C["CF_SUPERTYPES"]] |= SUPERTYPE_BITS[t]
            for t in card.subtypes:
                row[C["CF_SUBTYPES"]] |= subtype_bits.get(t, 0)
                row[C["CF_COUNT_SUBTYPES"]] |= self._count_bits.get(t, 0)     # amounts.pxi
            if card.changeling:
                row[C["CF_COUNT_SUBTYPES"]] |= sum(v for k, v in self._count_bits.items()
                                                   if k not in NONCREATURE_SUBTYPES)
            row[C["CF_POWER"]] = card.power or 0
            row[C["CF_TOUGHNESS"]] = card.toughness or 0
            row[C["CF_LOYALTY"]] = card.loyalty or 0
            row[C["CF_KEYWORDS"]] = keyword_mask(card.printed_keywords())
            cost = card.cost
            if card.colors is not None:
                row[C["CF_COLORS"]] = sum(1 << COLOR_INDEX[c] for c in card.colors)
            else:
                row[C["CF_COLORS"]] = cost.colors
            row[C["CF_COST_GENERIC"]:C["CF_COST_GENERIC"] + 7] = cost.as_row(with_hybrid=True)
            row[C["CF_COST_HYBRID"]] = cost.hybrid_word              # hybrid.pxi (107.4e)
            row[C["CF_MANA_VALUE"]] = cost.mana_value
            row[C["CF_COST_X"]] = cost.x
            for ab in card.abilities:
                if isinstance(ab, SpellAbility) and ab.flashback:
                    row[C["CF_ZONE_ABILITIES"]] |= C["ZA_FLASHBACK"]
                if getattr(ab, "zone", "battlefield") == "hand":
                    row[C["CF_ZONE_ABILITIES"]] |= C["ZA_FROM_HAND"]
            row[C["CF_ABILITY_START"]] = len(ability_rows)
            abilities = card.all_abilities()
            row[C["CF_ABILITY_COUNT"]] = len(abilities)
            row[C["CF_ENCHANT"]] = TARGETS[card.enchant] if card.enchant else 0
            row[C["CF_ATTACHED_POWER"]], row[C["CF_ATTACHED_TOUGHNESS"]] = card.attached_bonus
            row[C["CF_ATTACHED_KEYWORDS"]] = keyword_mask(card.attached_keywords)
            row[C["CF_STATIC"]] = STATICS[card.static] if card.static else 0
            for c in set(card.combat):
                bits, shift, n = combat_property(c)
                row[C["CF_COMBAT"]] |= bits
                if shift >= 0:
                    row[C["CF_COMBAT_AMOUNTS"]] |= n << shift
            if row[C["CF_COMBAT"]] & COMBAT_STATIC_BITS:
                row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
            if card.static:
                row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
            row[C["CF_NAME_ID"]] = name_ids.setdefault(card.name, len(name_ids))
            for q in card.protection:
                row[C["CF_PROTECTION"]] |= PROTECTION_QUALITIES.get(q, 0) | \
                    (PROTECTION_TYPES.get(q, 0) << C["PRO_SUBTYPE_SHIFT"])
            row[C["CF_EQUIP_DISCOUNT"]] = card.equip_cost_reduction
            for t in card.landwalk:                     # 702.14 (imp3)
                row[C["CF_LANDWALK"]] |= subtype_bits[t]
            toxic = 0
            for c in card.combat:                       # combatkw: CF_COMBAT2 (509.1b)
                bits = combat2_bits(c)
                toxic += bits >> C["CM2_TOXIC_SHIFT"]   # 702.164b: the total of toxic Ns
                row[C["CF_COMBAT2"]] |= bits & ((1 << C["CM2_TOXIC_SHIFT"]) - 1)
            if toxic > 255:
                raise CardScriptError(f"{card.name}: a total toxic of {toxic} (at most 255)")
            row[C["CF_COMBAT2"]] |= toxic << C["CM2_TOXIC_SHIFT"]
            if card.changeling:                         # 702.73a: every creature type
                row[C["CF_SUBTYPES"]] |= _SUBTYPES.get()[1]
            if card.equip_cost_reduction:
                row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
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
                _append_ability(card, ab, program, ability_rows)
                if ability_modes(ab):                     # 700.2 (spells and abilities)
                    modal.append((len(ability_rows) - 1, ab))
            # 700.2: a modal spell's modes follow the card's abilities (not counted in them)
            for spell_row, ab in modal:
                ability_rows[spell_row][C["AF_MODE_START"]] = len(ability_rows)
                for mode in ability_modes(ab):
                    _append_ability(card, mode, program, ability_rows)
            # 613.1f: the abilities its statics grant follow (grants.py)
            row[C["CF_ABILITY_KINDS"]] |= compile_grants(card, abilities, row[C["CF_ABILITY_START"]],
                                                         ability_rows, program, _append_ability)
            replacement_columns(card, row)              # 614.1c, 614.1a, 615.1
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
