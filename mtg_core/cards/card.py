"""Cards (chapters 2-3): a :class:`Card` holds characteristics and abilities, and checks
them where it is defined (its programs are compiled once for that check).  A
:class:`~mtg_core.cards.CardDB` (:mod:`.compile`) compiles a set of cards into the core's
tables."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .abilities import Ability, LoyaltyAbility, Mode, SpellAbility, TriggeredAbility, ability_modes
from .alternative_costs import check_alternative_cost
from .amounts import count_subtype_names
from .compile_context import CompileContext
from .costs import ManaCost
from .effects import walk_effects
from .effects.permanents import CreateToken, Pump
from .evoke import check_evoke
from .faces import check_faces, combine_halves
from .grants import check_attached_refs, granted_abilities   # 613.1f
from .kicker import check_permanent_spell_ability
from .replacement import Replacement, check_replacements
from .sagas import check_saga
from .statics import Becomes, StaticAbility, subtype_names_of
from .vocabulary import (_C, LANDWALK_TYPES, PROTECTION_QUALITIES, PROTECTION_TYPES, STATICS,
                         SUPERTYPE_BITS, TARGETS, TRIGGERED_KEYWORDS, TYPE_BITS, combat_property,
                         keyword_mask)

# 702.108a: "Prowess" means "Whenever you cast a noncreature spell, this creature gets
# +1/+1 until end of turn."
_PROWESS = TriggeredAbility("cast", Pump("self", 1, 1), whose="you", spell=("noncreature",))
# 702.25a: "Flanking" means "Whenever a creature without flanking blocks this
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
    # landwalk (702.14: the basic land types it walks, "Swamp" for swampwalk) and
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
        # (token rows and subtype bits are numbered only by a CardDB: any numbering does for
        # this check, here one of just the names this card uses, 205.3).
        names: set[str] = set(self.landwalk)
        for a in self.abilities:
            names |= subtype_names_of(a)
            names |= count_subtype_names(a)             # amounts.py
        for t in self.landwalk:
            if t not in LANDWALK_TYPES:
                raise CardScriptError(f"{self.name}: landwalk of {t!r}: one of {list(LANDWALK_TYPES)} "
                                      "(702.14)")
        ctx = CompileContext.for_subtypes(names, token_rows={t: 0 for t in tokens_created(self)})
        check_attached_refs(self, ctx)              # grant: "enchanted creature" (grants.py)
        for a in self.abilities:
            if isinstance(a, Ability):
                a.effects_program(ctx)
                a.row(0, 0, ctx)                    # costs, targets, timing, trigger words
                for m in ability_modes(a):
                    m.effects_program(ctx)
                    m.row(0, 0, ctx)
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
        check_saga(self)                                # 714 (sagas.py)
        check_alternative_cost(self)                    # 118.9
        check_evoke(self)                               # 702.74a
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
        extra += tuple(_FLANKING for c in self.combat if c == "flanking")   # 702.25b
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


def tokens_created(card: Card) -> list[Card]:
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
