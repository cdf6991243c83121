"""Subtypes in filters (205.3) and the object filters of costs other than mana (118.3).

The core keeps a card's subtypes as bits of CF_SUBTYPES: the fixed ones
(:data:`~mtg_core.cards.RULES_SUBTYPES`) and, per :class:`~mtg_core.cards.CardDB`, one bit for
each other subtype some ability of the database names (:mod:`.subtype_bits`; the bits come
in the :class:`~mtg_core.cards.compile_context.CompileContext` of the compilation).  A filter
names one subtype by its bit (FILTER_SUBTYPE_SHIFT), so "Sacrifice a Goblin", "Tap two untapped
Elf permanents you control" or "Exile a creature card from your graveyard" are one 32-bit
spec each (SACQ_* | FILTER_*): card types (any of), "another", a subtype, a count,
token / nontoken.

The words of such costs (all in :func:`~mtg_core.cards.parse_activation_cost`)::

    Sacrifice <n> [other] [nontoken] [<Subtype>] <type>[s] | <Subtype> | token[s] | permanent[s]
    Tap <n> untapped [<Subtype>] <type>[s] | <Subtype> you control
    Discard <n> [<Subtype>] [<type>] card[s]          Discard ~ / this card
    Exile <n> [<Subtype>] [<type>] card[s] from your graveyard        Exile ~

``<n>`` is a, an, another, one ... sixteen or a number; a subtype alone ("Sacrifice a
Goblin") means any permanent with it; with a count write the noun ("Sacrifice two Goblin
permanents").

>>> from mtg_core.cards import parse_activation_cost
>>> c = parse_activation_cost("{1}, Sacrifice two artifacts")
>>> c.sacrifice >> _C["FILTER_COUNT_SHIFT"]      # the count, minus one
1
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..errors import CardScriptError
from .vocabulary import _C

if TYPE_CHECKING:
    from .compile_context import CompileContext

# subtypes only lands have (205.3i, 205.3j): a search for one may put the card onto the battlefield
LAND_SUBTYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate",
                           "Lair", "Locus", "Mine", "Power-Plant", "Tower", "Urza's", "Cave",
                           "Sphere", "Town"})
# Subtypes that are not creature types (205.3): "becomes a Frog" keeps them (205.1b).
NONCREATURE_SUBTYPES = frozenset({
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair", "Locus",
    "Mine", "Power-Plant", "Tower", "Urza's", "Cave", "Sphere", "Town",
    "Aura", "Equipment", "Fortification", "Vehicle", "Food", "Treasure", "Clue", "Blood", "Saga",
    "Shrine", "Curse", "Cartouche", "Class", "Room", "Role", "Background", "Rune", "Shard",
    "Adventure", "Arcane", "Trap", "Lesson"})

_NUMBERS = {"a": 1, "an": 1, "one": 1, "another": 1, "two": 2, "three": 3, "four": 4, "five": 5,
            "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
            "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16}
_TYPES = {"artifact": "T_ARTIFACT", "creature": "T_CREATURE", "land": "T_LAND",
          "enchantment": "T_ENCHANTMENT", "planeswalker": "T_PLANESWALKER", "battle": "T_BATTLE",
          "instant": "T_INSTANT", "sorcery": "T_SORCERY"}
_PLURAL = {"artifacts": "artifact", "creatures": "creature", "lands": "land",
           "enchantments": "enchantment", "planeswalkers": "planeswalker", "battles": "battle",
           "instants": "instant", "sorceries": "sorcery", "permanents": "permanent",
           "tokens": "token", "cards": "card"}
_PERMANENT_TYPES = ("artifact", "creature", "land", "enchantment", "planeswalker", "battle")
_SUBTYPE = re.compile(r"[A-Z][A-Za-z'-]*")

_COST_PART = re.compile(
    r"(?P<verb>sacrifice|tap|discard|exile) (?P<n>\w+) (?P<rest>.+)", re.IGNORECASE)
_SELF = ("~", "this card", "this artifact", "this creature", "this land", "this enchantment",
         "this permanent")


def _split(p: str) -> tuple[str, int, bool, list[str]] | None:
    """"Sacrifice two other Goblin creatures" -> ("sacrifice", 2, True, words) or None."""
    m = _COST_PART.fullmatch(p.strip())
    if not m:
        return None
    n_word = m.group("n").lower()
    n = int(n_word) if n_word.isdigit() else _NUMBERS.get(n_word)
    if n is None:
        return None
    words = m.group("rest").split()
    another = n_word == "another"
    if words and words[0] == "other":
        another, words = True, words[1:]
    return m.group("verb").lower(), n, another, words


def cost_subtype_names(cost: str) -> set[str]:
    """The subtypes the parts of an activation cost name ("Sacrifice a Goblin": {"Goblin"})."""
    names: set[str] = set()
    if not isinstance(cost, str):
        return names
    for part in cost.split(","):
        got = _split(part)
        if got is None:
            continue
        for w in got[3]:
            if _SUBTYPE.fullmatch(w):
                names.add(w)
    return names


def cost_part(p: str, text: str, ctx: "CompileContext") -> tuple[str, int] | None:
    """One part of an activation cost in the words above -> (column, spec), where column is
    "sacrifice", "tap", "discard", "exile" or "other" (OC_EXILE_SELF); None if the part is
    none of them; a subtype is named by its bit in ``ctx``.  Raises CardScriptError for a
    malformed one."""
    low = p.strip().lower()
    if low in tuple("exile " + w for w in _SELF):
        return "other", _C["OC_EXILE_SELF"]                 # 406.2
    if low == "discard ~":
        return "flags", _C["COST_DISCARD_SELF"]             # = "Discard this card" (702.29a)
    got = _split(p)
    if got is None:
        return None
    verb, n, another, words = got
    if not 1 <= n <= _C["FILTER_COUNT_BITS"] + 1:
        raise CardScriptError(f"cost {text!r}: 1 to {_C['FILTER_COUNT_BITS'] + 1} objects, not {n}")
    spec = (n - 1) << _C["FILTER_COUNT_SHIFT"]
    if another:
        if verb in ("discard", "exile"):
            return None
        spec |= _C["SACQ_ANOTHER"]
    if verb == "tap":
        if len(words) < 3 or words[0] != "untapped" or words[-2:] != ["you", "control"]:
            return None
        words = words[1:-2]
    if verb == "exile":
        if words[-3:] != ["from", "your", "graveyard"]:
            return None
        words = words[:-3]
    if verb == "sacrifice" and words and words[0] == "nontoken":
        spec |= _C["FILTER_NONTOKEN"]
        words = words[1:]
    if not words:
        return None
    noun = _PLURAL.get(words[-1], words[-1]) if n > 1 else words[-1]
    if n > 1 and noun == words[-1] and not _SUBTYPE.fullmatch(noun):
        raise CardScriptError(f"cost {text!r}: {n} of them: write the plural ({words[-1]}s)")
    subs = words[:-1]
    if verb in ("discard", "exile"):
        if noun != "card":
            return None
        spec |= _C["FILTER_CARD"]
        if subs and subs[-1] in _TYPES:
            spec |= _C[_TYPES[subs[-1]]]
            subs = subs[:-1]
    elif noun in ("permanent", "token"):
        spec |= sum(_C[_TYPES[t]] for t in _PERMANENT_TYPES)           # 110.4
        if noun == "token":
            spec |= _C["FILTER_TOKEN"]
    elif noun in _PERMANENT_TYPES:
        spec |= _C[_TYPES[noun]]
    elif _SUBTYPE.fullmatch(noun) and n == 1 and not subs:
        subs = [noun]                                                   # "a Goblin": a permanent
        spec |= sum(_C[_TYPES[t]] for t in _PERMANENT_TYPES)           # with it (205.3)
    else:
        raise CardScriptError(f"cost {text!r}: can't read {p.strip()!r} (a card type, "
                              "'permanent', 'token' or one subtype)")
    if len(subs) > 1 or (subs and not _SUBTYPE.fullmatch(subs[0])):
        raise CardScriptError(f"cost {text!r}: {p.strip()!r}: at most one subtype, capitalised")
    if subs:
        spec |= ctx.subtypes.filter_field(subs[0])
    return verb, spec


_TRIGGER_SUBJECT = re.compile(r"(?P<art>a|an|another) (?P<nontoken>nontoken )?(?P<sub>[A-Z][A-Za-z'-]*)"
                              r"(?: (?P<type>[a-z]+))?(?P<whose> you control| an opponent controls)?")


def trigger_subject(subject: str, ctx: "CompileContext") -> tuple[int, int]:
    """(AF_TRIGGER_FILTER, WHOSE_*) of a zone-change trigger subject with a subtype:
    "another Ally you control", "a Zombie creature", "a Swamp" (603.6a; 205.3)."""
    m = _TRIGGER_SUBJECT.fullmatch(subject.strip())
    if not m or (m.group("type") and m.group("type") not in _PERMANENT_TYPES):
        raise CardScriptError(f"zone-change trigger subject {subject!r}: expected 'a|another "
                              "[nontoken] [<Subtype>] <permanent type> [you control|an opponent controls]'")
    flt = _C[_TYPES[m.group("type")]] if m.group("type") else \
        sum(_C[_TYPES[t]] for t in _PERMANENT_TYPES)
    if m.group("art") == "another":
        flt |= _C["TFL_OTHER"]
    if m.group("nontoken"):
        flt |= _C["TFL_NONTOKEN"]
    whose = {None: "WHOSE_EACH", " you control": "WHOSE_YOUR",
             " an opponent controls": "WHOSE_OPPONENT"}[m.group("whose")]
    return flt | ctx.subtypes.filter_field(m.group("sub")), _C[whose]


def subject_subtype_names(subject: str) -> set[str]:
    m = _TRIGGER_SUBJECT.fullmatch(subject.strip()) if isinstance(subject, str) else None
    return {m.group("sub")} if m else set()


def spell_subtypes_field(quality: str, ctx: "CompileContext") -> int:
    """A cast trigger's spell quality naming one or two subtypes, either will do ("Spirit
    or Arcane", 205.3): the two FILTER_SUBTYPE fields of AF_TRIGGER_SPELL."""
    subs = quality.split(" or ")
    if not 1 <= len(subs) <= 2 or not all(_SUBTYPE.fullmatch(s) for s in subs):
        raise CardScriptError(f"spell quality {quality!r}: one or two subtypes ('Spirit or Arcane')")
    field = ctx.subtypes.filter_field(subs[0])
    if len(subs) == 2:
        field |= ctx.subtypes.filter_field(subs[1]) << (_C["FILTER_SUBTYPE2_SHIFT"]
                                                         - _C["FILTER_SUBTYPE_SHIFT"])
    return field
