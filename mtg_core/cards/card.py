"""Cards (chapters 2-3) and card databases: a :class:`Card` holds characteristics and
abilities; a :class:`CardDB` compiles a set of cards once into the core's tables."""
from __future__ import annotations

from typing import Iterable

import numpy as np
from dataclasses import dataclass

from .. import _engine
from ..errors import CardScriptError
from .abilities import Ability, SpellAbility
from .costs import ManaCost
from .statics import Becomes, StaticAbility, compiling_subtypes, subtype_names_of
from .vocabulary import (_C, COMBAT_BITS, COLOR_INDEX, STATICS, SUPERTYPE_BITS,
                         TARGETS, TYPE_BITS, keyword_mask)


@dataclass(frozen=True)
class Card:
    """A card's characteristics and abilities (chapter 2-3 of the rules).

    ``enchant`` names what an Aura may enchant (702.5; e.g. "creature");
    ``attached_bonus`` / ``attached_keywords`` give what an Aura or Equipment grants the
    permanent it is attached to; ``static`` names one of the supported static abilities.
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

    def __post_init__(self):
        if not self.name or not isinstance(self.name, str):
            raise CardScriptError("a card needs a name")
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
        if ("Instant" in self.types or "Sorcery" in self.types) and \
                len([a for a in self.abilities if isinstance(a, SpellAbility)]) != 1:
            raise CardScriptError(f"{self.name}: an instant or sorcery needs exactly one SpellAbility")
        if "Land" in self.types and self.mana_cost:
            raise CardScriptError(f"{self.name}: lands have no mana cost (305.1)")
        ManaCost.parse(self.mana_cost)
        keyword_mask(self.keywords)
        keyword_mask(self.attached_keywords)
        self._check_layer_scripts()
        for c in self.combat:
            if c not in COMBAT_BITS:
                raise CardScriptError(f"{self.name}: unknown combat property {c!r}; expected "
                                      f"one of {sorted(COMBAT_BITS)}")

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


class CardDB:
    """A set of cards and their compiled tables (built once; shared by every game)."""

    def __init__(self, cards: Iterable[Card]):
        self.cards: list[Card] = []
        self._rows: dict[str, int] = {}
        for c in cards:
            if not isinstance(c, Card):
                raise CardScriptError(f"{c!r} is not a Card")
            if c.name in self._rows:
                raise CardScriptError(f"two cards are named {c.name!r}")
            self._rows[c.name] = len(self.cards)
            self.cards.append(c)
        self.tables = self._compile()

    def _compile(self) -> "_engine.CardTables":
        # Subtypes named by layer scripts get CF_SUBTYPES bits of their own (statics.py).
        names: set[str] = set()
        for card in self.cards:
            for ab in card.abilities:
                names |= subtype_names_of(ab)
        with compiling_subtypes(names) as bits:
            self.subtype_bits: dict[str, int] = dict(bits)   # CF_SUBTYPES bit of each name
            return self._compile_tables(bits)

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
            row[C["CF_POWER"]] = card.power or 0
            row[C["CF_TOUGHNESS"]] = card.toughness or 0
            row[C["CF_LOYALTY"]] = card.loyalty or 0
            row[C["CF_KEYWORDS"]] = keyword_mask(card.keywords)
            cost = card.cost
            if card.colors is not None:
                row[C["CF_COLORS"]] = sum(1 << COLOR_INDEX[c] for c in card.colors)
            else:
                row[C["CF_COLORS"]] = cost.colors
            row[C["CF_COST_GENERIC"]:C["CF_COST_GENERIC"] + 7] = cost.as_row()
            row[C["CF_MANA_VALUE"]] = cost.mana_value
            row[C["CF_ABILITY_START"]] = len(ability_rows)
            row[C["CF_ABILITY_COUNT"]] = len(card.abilities)
            row[C["CF_ENCHANT"]] = TARGETS[card.enchant] if card.enchant else 0
            row[C["CF_ATTACHED_POWER"]], row[C["CF_ATTACHED_TOUGHNESS"]] = card.attached_bonus
            row[C["CF_ATTACHED_KEYWORDS"]] = keyword_mask(card.attached_keywords)
            row[C["CF_STATIC"]] = STATICS[card.static] if card.static else 0
            row[C["CF_COMBAT"]] = sum(COMBAT_BITS[c] for c in set(card.combat))
            if row[C["CF_COMBAT"]] & C["CM_YOURS_HAVE_MENACE"]:
                row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
            if card.static:
                row[C["CF_ABILITY_KINDS"]] |= 1 << C["AB_STATIC"]
            row[C["CF_NAME_ID"]] = name_ids.setdefault(card.name, len(name_ids))
            for ab in card.abilities:
                if not isinstance(ab, (Ability, StaticAbility)):
                    raise CardScriptError(f"{card.name}: {ab!r} is not an ability")
                row[C["CF_ABILITY_KINDS"]] |= 1 << ab.kind
                if isinstance(ab, StaticAbility):
                    row[C["CF_ABILITY_KINDS"]] |= C["LY_KIND_BIT"] | (C["LY_LOSE_BIT"] if ab.loses_all else 0)
                    if any(ch.code == C["LY_CONTROL"] for ch in ab.changes):
                        row[C["CF_ABILITY_KINDS"]] |= C["LY_CONTROL_BIT"]
                try:
                    body = ab.effects_program()
                    start = len(program)
                    program.extend(body)
                    ability_rows.append(ab.row(start, len(body)))
                except CardScriptError as err:
                    raise CardScriptError(f"{card.name}: {err}") from None
            card_rows.append(row)
        cards = np.array(card_rows, dtype=np.int32).reshape(-1, C["CARD_FIELDS"])
        abil = np.array(ability_rows, dtype=np.int32).reshape(-1, C["ABILITY_FIELDS"])
        return _engine.CardTables(cards, abil, np.array(program, dtype=np.int32))

    def __getitem__(self, name: str) -> Card:
        return self.cards[self.row(name)]

    def __contains__(self, name: str) -> bool:
        return name in self._rows

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def row(self, name: str) -> int:
        try:
            return self._rows[name]
        except KeyError:
            raise KeyError(f"no card named {name!r} in this card database") from None

    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    def extended(self, cards: Iterable[Card]) -> "CardDB":
        """A new database with these cards added (the originals keep their rows)."""
        return CardDB([*self.cards, *cards])
