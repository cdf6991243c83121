"""Costs of activated abilities (118.3, 602.1a) in the card language's cost words: the
layers of :data:`.registry.COSTS` and :func:`activation_cost`, an ability's whole cost.

The base layer reads "Pay N life", "Discard a card", "Sacrifice a/another <type>", removing
counters from ~, tapping an untapped creature or artifact you control and {Q}; beyond it:
"Sacrifice a Goblin", "Sacrifice two artifacts", "Sacrifice a nontoken creature",
"Tap two untapped Wizards you control", "Discard two cards", "Discard a creature card",
"Discard ~" (channel, from the hand), "Exile a creature card from your graveyard",
"Exile ~" -- lowered to the card language's cost words (``cards/subtypes.py``).

Anything with another quality ("a snow Mountain", "an untapped creature", "a creature with
defender", "X lands", "Orc or Goblin") stays refused: the cost filter has card types, one
subtype, a count, "another" and token / nontoken only.

>>> from mtg_core.oracle.nodes import Amount, Cost, Filter, Obj
>>> cost_text(Cost("sacrifice", object=Obj("a", Filter(("Goblin",)), count=Amount(2))))
'Sacrifice two Goblin permanents'
"""
from __future__ import annotations

from ... import cards as C
from ..nodes import Cost, Obj
from ..vocabulary import SUBTYPES
from . import registry as R
from .context import Inexpressible
from .language import LAND_SUBTYPES

_NUMBER_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve",
                 13: "thirteen", 14: "fourteen", 15: "fifteen", 16: "sixteen"}
_PERMANENT_NOUNS = {"artifact": "artifacts", "creature": "creatures", "land": "lands",
                    "enchantment": "enchantments", "planeswalker": "planeswalkers",
                    "battle": "battles", "permanent": "permanents", "token": "tokens"}
_CARD_TYPES = ("artifact", "creature", "land", "enchantment", "planeswalker", "instant",
               "sorcery", "battle")


def _count(o: Obj) -> int | None:
    if o.count is None:
        return 1
    if o.up_to or o.count.expr is not None or not isinstance(o.count.value, int):
        return None
    return o.count.value if 1 <= o.count.value <= 16 else None


def _permanent_noun(noun: str, n: int, token_ok: bool) -> str | None:
    """"Goblin creature" / "artifact" / "Goblin" / "token" -> the language's words with the
    count ``n`` ("Goblin creatures", "Goblin permanents"), or None."""
    words = noun.split()
    if len(words) > 2 or (words[-1] == "token" and not token_ok):
        return None
    if words[-1] in _PERMANENT_NOUNS:
        if len(words) == 2 and words[0] not in SUBTYPES:
            return None
        words[-1] = _PERMANENT_NOUNS[words[-1]] if n > 1 else words[-1]
        return " ".join(words)
    if len(words) == 1 and words[0] in SUBTYPES:          # "a Goblin": any permanent with it
        return words[0] if n == 1 else f"{words[0]} permanents"
    return None


def _card_noun(noun: str, n: int) -> str | None:
    """"creature card" / "card" / "Elf card" / "Elf creature card" -> words, or None."""
    words = noun.split()
    if words[-1] != "card" or len(words) > 3:
        return None
    pre = words[:-1]
    if pre and pre[-1] in _CARD_TYPES:
        pre = pre[:-1]
    if len(pre) > 1 or (pre and pre[0] not in SUBTYPES):
        return None
    return " ".join(words[:-1] + ["cards" if n > 1 else "card"])


def _counted(n: int, another: bool, words: str) -> str:
    if another:
        return ("another " if n == 1 else f"{_NUMBER_WORDS[n]} other ") + words
    if n == 1 and words[:1].lower() in "aeiou":
        return "an " + words
    return f"{_NUMBER_WORDS[n]} {words}"


def cost_text(c: Cost) -> str | None:
    """One cost in the card language's words, or None (then the importer refuses it)."""
    o = c.object
    if c.kind == "exile" and o == Obj("self"):
        return "Exile ~"                                             # 406.2
    if c.kind == "discard" and o == Obj("self"):
        return "Discard ~"                       # channel, bloodrush: from the hand (602.1)
    if c.kind == "discard" and o is None and c.detail is None and c.amount is not None and \
            c.amount.expr is None and isinstance(c.amount.value, int) and 2 <= c.amount.value <= 16:
        return f"Discard {_NUMBER_WORDS[c.amount.value]} cards"
    if not isinstance(o, Obj) or o.kind != "a" or o.filter is None or \
            len(o.filter.types) != 1 or c.detail is not None or c.amount is not None:
        return None
    n = _count(o)
    if n is None:
        return None
    props = set(o.filter.props)
    another = "other" in props
    props.discard("other")
    noun = o.filter.types[0]
    if c.kind == "sacrifice":
        nontoken = "nontoken" in props
        props.discard("nontoken")
        words = _permanent_noun(noun, n, token_ok=not nontoken)
        if props or words is None:
            return None
        return "Sacrifice " + _counted(n, another, ("nontoken " if nontoken else "") + words)
    if c.kind == "tap other":
        if props != {"untapped", "you control"}:
            return None
        words = _permanent_noun(noun, n, token_ok=False)
        if words is None:
            return None
        if n == 1:
            return f"Tap {'another' if another else 'an'} untapped {words} you control"
        return f"Tap {_NUMBER_WORDS[n]} {'other ' if another else ''}untapped {words} you control"
    if c.kind == "discard" and not props and not another:
        words = _card_noun(noun, n)
        return None if words is None else "Discard " + _counted(n, False, words)
    if c.kind == "exile" and props == {"from your graveyard"} and not another:
        words = _card_noun(noun, n)
        return None if words is None else "Exile " + _counted(n, False, words) + " from your graveyard"
    return None


# --- library searches for a card with a subtype (701.19, 205.3) --------------------------------

def search_subtypes(o) -> str | None:
    """"a Goblin card", "a basic Forest card", "a Mountain or Plains card" -> the
    SearchLibrary quality ("Goblin", "basic Forest", "Mountain or Plains"), or None."""
    if not (isinstance(o, Obj) and o.kind == "a" and o.count is None and o.filter is not None
            and 1 <= len(o.filter.types) <= 2 and o.filter.props in ((), ("basic",))):
        return None
    subs = []
    for noun in o.filter.types:
        words = noun.split()
        if len(words) != 2 or words[1] != "card" or words[0] not in SUBTYPES:
            return None
        subs.append(words[0])
    return ("basic " if o.filter.props else "") + " or ".join(subs)


def search_onto_battlefield_ok(quality: str) -> bool:
    """A card found onto the battlefield: a card type, or land subtypes only (the card
    language's rule; an Aura or a Kindred instant can't just be put there)."""
    subs = [w for w in quality.replace(" or ", " ").split() if w[:1].isupper()]
    return set(subs) <= LAND_SUBTYPES


def spell_subtypes(spell) -> str | None:
    """"a Spirit or Arcane spell", "a Goblin spell" -> the cast trigger's spell quality
    ("Spirit or Arcane"), or None."""
    if not (isinstance(spell, Obj) and spell.kind == "a" and spell.count is None and
            spell.filter is not None and 1 <= len(spell.filter.types) <= 2 and not spell.filter.props):
        return None
    subs = []
    for noun in spell.filter.types:
        words = noun.split()
        if len(words) != 2 or words[1] != "spell" or words[0] not in SUBTYPES or \
                words[0] == "Adventure":         # 715: a face cast as an Adventure (not read here)
            return None
        subs.append(words[0])
    return " or ".join(subs)


# --- sacrifices the players choose (701.21a) ---------------------------------------------------

def sacrifice_chosen(e, who: str):
    """"Each player sacrifices a creature", "Target opponent sacrifices two creatures" ->
    ``SacrificeChosen`` (the words of the costs: card types, one subtype, a count,
    nontoken); anything else is refused."""
    words = cost_text(Cost("sacrifice", object=e.object))
    if words is None or not words.startswith("Sacrifice ") or " other" in words or \
            words.startswith("Sacrifice another") or \
            who not in ("you", "each player", "each opponent", "target", "that player"):
        raise Inexpressible("sacrifice of something other than ~")
    return C.SacrificeChosen(who, words[len("Sacrifice "):])


# --- the base layer, and an ability's whole cost (602.1a) ------------------------------------

_COST_TYPES = ("artifact", "creature", "land", "enchantment", "planeswalker")


@R.COSTS.layer(R.BASE)
def _other_cost_text(c: Cost) -> str | None:
    """A cost other than mana, {T} and "Sacrifice ~" in the language's words, or None."""
    n = c.amount.value if c.amount is not None and c.amount.expr is None else None
    o = c.object
    if c.kind == "sacrifice" and isinstance(o, Obj) and o.kind == "a" and o.filter is not None \
            and o.count is None and len(o.filter.types) == 1 and o.filter.types[0] in _COST_TYPES \
            and o.filter.props in ((), ("other",)):
        t = o.filter.types[0]
        return f"Sacrifice {'another' if o.filter.props else ('an' if t[0] in 'aeiou' else 'a')} {t}"
    if c.kind == "discard" and o is None and n == 1 and c.detail is None:
        return "Discard a card"
    if c.kind == "pay life" and isinstance(n, int) and n > 0:
        return f"Pay {n} life"
    if c.kind == "remove counters" and o == Obj("self") and isinstance(n, int) and 1 <= n <= 255 \
            and c.detail in ("+1/+1", "-1/-1"):
        return f"Remove {n} {c.detail} counter{'s' if n > 1 else ''} from ~"
    if c.kind == "tap other" and isinstance(o, Obj) and o.kind == "a" and o.filter is not None \
            and o.count is None and o.filter.types in (("creature",), ("artifact",)) and \
            set(o.filter.props) in ({"untapped", "you control"}, {"untapped", "you control", "other"}):
        return (f"Tap {'another' if 'other' in o.filter.props else 'an'} untapped "
                f"{o.filter.types[0]} you control")
    if c.kind == "untap" and o is None:
        return "{Q}"                                                   # 107.6
    return cost_text(c)                         # subtypes, counts, cards (above)


def activation_cost(costs) -> str:
    """An ability's cost nodes in the card language's cost words ("{2}, {T}, Sacrifice ~";
    602.1a, 118.3): each cost other than mana and {T} by :data:`.registry.COSTS`."""
    parts: list[str] = []
    mana = ""
    for c in costs:
        if c.kind == "mana":
            if mana:
                raise Inexpressible("cost: two mana parts")
            mana = c.mana
        elif c.kind == "tap":
            parts.append("{T}")
        elif c.kind == "sacrifice" and c.object == Obj("self"):
            parts.append("Sacrifice ~")
        elif R.COSTS(c) is not None:            # 118.3
            parts.append(R.COSTS(c))
        else:
            raise Inexpressible(f"cost: {c.kind}")
    if mana:
        try:
            C.ManaCost.parse(mana)
        except C.CardScriptError:
            raise Inexpressible("mana symbol in a cost", mana) from None
    if len([p for p in parts if p == "{T}"]) > 1:
        raise Inexpressible("cost: two tap symbols")
    return ", ".join(([mana] if mana else []) + parts)


# --- "Sacrifice a permanent / an artifact or land / another creature or artifact" (118.3) --------
_SAC_TYPES = ("artifact", "creature", "land", "enchantment", "planeswalker", "battle")
"""The permanent types (110.4) a sacrifice may name together."""


@R.COSTS.layer("sacrifice several types")
def sacrifice_several_types(rest, c: Cost) -> str | None:
    text = rest(c)
    o = c.object
    if text is None and c.kind == "sacrifice" and isinstance(o, Obj) and o.kind in ("a", "an") \
            and o.filter is not None and o.count is None and o.filter.props in ((), ("other",)) \
            and (o.filter.types == ("permanent",) or
                 (len(o.filter.types) > 1 and all(t in _SAC_TYPES for t in o.filter.types))):
        art = "another" if o.filter.props else ("an" if o.filter.types[0][0] in "aeiou" else "a")
        return f"Sacrifice {art} {' or '.join(o.filter.types)}"
    return text
