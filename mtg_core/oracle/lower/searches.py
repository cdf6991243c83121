"""Lowering library searches (701.23) and looking at the top of the library, beyond the
base's: "Search your library for a <quality> card, [reveal it,] put it into your hand / onto
the battlefield [tapped] / into your graveyard, then shuffle" as SearchCard, where the older
SearchLibrary can't say it, with effects that may follow the search; and "Look at the top N
cards ... the rest into your graveyard".  Layers of :data:`.registry.SEARCHES`,
:data:`.registry.EFFECT_SEQUENCES` and :data:`.registry.LOOKS`.
"""
from __future__ import annotations

import re
from typing import Any

from ... import cards as C
from ...errors import CardScriptError
from . import base as L
from . import registry as R
from ..nodes import Amount, Effect, Obj
from ..vocabulary import SUBTYPES

_YOU = Obj("you")

# --- library searches with qualities (701.23) -----------------------------------------------------

_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "land": "Land",
               "enchantment": "Enchantment", "planeswalker": "Planeswalker",
               "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle"}
_PERMANENT = ("Artifact", "Creature", "Land", "Enchantment", "Planeswalker", "Battle")
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_LAND_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Cave",
               "Locus", "Lair", "Sphere", "Mine", "Power-Plant", "Tower", "Urza's"}
_ONTO_BATTLEFIELD_SUBTYPES = _LAND_TYPES | {"Equipment", "Vehicle"}
_MV = re.compile(r"with mana value (\d+)( or less| or greater)?")


def _search_quality(o: Any, ctx: L.Ctx) -> dict | None:
    """The qualities of "a <quality> card" as SearchCard's keywords, or None."""
    if not (isinstance(o, Obj) and o.kind in ("a", "an") and o.count is None and
            o.filter is not None and o.filter.types and
            all(t == "card" or t.endswith(" card") for t in o.filter.types)):
        return None
    entries = [t[:-len("card")].split() for t in o.filter.types]
    kw: dict = {}
    types: list[str] = []
    subs: list[str] = []
    if len(entries) == 1:
        for w in entries[0]:
            if w in _CARD_TYPES:
                types.append(_CARD_TYPES[w])
            elif w == "permanent" and len(entries[0]) == 1:
                types = list(_PERMANENT)
            elif w in SUBTYPES and not subs:
                subs.append(w)
            else:
                return None
        if len(types) > 1 and entries[0] != ["permanent"]:
            kw["all_types"] = True                 # "an artifact creature card"
    else:
        for words in entries:
            if len(words) != 1:
                return None
            if words[0] in _CARD_TYPES:
                types.append(_CARD_TYPES[words[0]])
            elif words[0] in SUBTYPES:
                subs.append(words[0])
            else:
                return None
        if types and subs:                         # "a Dinosaur or land card": either one
            return None
    for p in o.filter.props:
        m = _MV.fullmatch(p)
        if p == "basic":
            kw["basic"] = True
        elif p in ("legendary", "nonlegendary"):
            kw["legendary"] = p == "legendary"
        elif p == "snow":
            kw["snow"] = True
        elif p in _COLORS and _COLORS[p] not in kw.get("colors", ""):
            kw["colors"] = kw.get("colors", "") + _COLORS[p]
        elif m:
            kw["mana_value"] = ({" or less": "<=", " or greater": ">="}.get(m.group(2), "="),
                                int(m.group(1)))
        elif p == "named ~" and not types and not subs:
            kw["named_self"] = True
        else:
            return None
    if len(kw.get("colors", "")) > 1:
        return None
    kw["types"], kw["subtypes"] = tuple(types), tuple(subs)
    return kw


def _battlefield_ok(kw: dict, ctx: L.Ctx) -> bool:
    """What a search may put onto the battlefield: a land, creature or artifact (no Aura,
    which would enter attached to nothing, 303.4f), a land type or Equipment, or ~ itself
    (an ability of a permanent)."""
    if kw.get("named_self"):
        return ctx.kind != "spell"
    types, subs = kw["types"], kw["subtypes"]
    if types:
        if not set(types) <= {"Land", "Creature", "Artifact"}:
            return False
        return not subs or "Creature" in types or set(subs) <= _ONTO_BATTLEFIELD_SUBTYPES
    return bool(subs) and set(subs) <= _ONTO_BATTLEFIELD_SUBTYPES


def _search_card(effects: tuple, ctx: L.Ctx, may: bool) -> C.Effect | None:
    effects = tuple(effects)
    if not effects or not all(isinstance(x, Effect) for x in effects):
        return None
    search, rest = effects[0], list(effects[1:])
    reveal = bool(rest) and rest[0].verb == "reveal"
    if reveal:
        if rest[0].object not in L._IT or rest[0].subject != _YOU or rest[0].extra:
            return None
        rest = rest[1:]
    if len(rest) != 2 or search.verb != "search" or search.subject != _YOU or \
            search.get("library") not in (None, "your") or \
            set(k for k, _ in search.extra) - {"library"}:
        return None
    put, shuffle = rest
    if put.subject != _YOU or put.object not in L._IT or shuffle.verb != "shuffle" or \
            shuffle.subject != _YOU or shuffle.extra:
        return None
    kw = _search_quality(search.object, ctx)
    if kw is None:
        return None
    if put.verb == "put into hand" and not put.extra:
        to = "hand"
    elif put.verb == "put into graveyard" and not put.extra and not reveal:
        to = "graveyard"
    elif put.verb == "put onto battlefield" and not reveal and \
            put.extra in ((), (("tapped", "tapped"),)) and _battlefield_ok(kw, ctx):
        to = "battlefield"
        kw["tapped"] = bool(put.extra)
    else:
        return None
    eff = C.SearchCard(to=to, reveal=reveal, may=may, **kw)
    try:
        C.CardDB([C.Card("Search Check", "", ("Sorcery",) if to != "battlefield" else ("Artifact",),
                         abilities=(C.ActivatedAbility("{T}", eff),) if to == "battlefield"
                         else (C.SpellAbility(eff),))])
    except CardScriptError:
        return None
    return eff


@R.SEARCHES.layer("search qualities")
def _search_library(rest, effects: tuple, ctx: L.Ctx, may: bool, required: bool = False):
    """The base's search, then the searches only SearchCard can say."""
    got = rest(effects, ctx, may, False)
    if isinstance(got, C.SearchLibrary) and got.to == "battlefield" and "enchantment" in got.quality:
        got = None              # an Aura would enter attached to nothing (303.4f): refused below
    if got is not None:
        return got
    effects = tuple(effects)
    if may and effects and isinstance(effects[0], Effect) and effects[0].object == L._BASIC_LAND \
            and any(isinstance(x, Effect) and x.verb == "put onto battlefield" for x in effects):
        return None                                # SearchForBasicLand's (base.py)
    got = _search_card(effects, ctx, may)
    if got is None and required:
        raise L.Inexpressible("effect: search")
    return got


def _as_search_card(s: Any) -> Any:
    """A SearchLibrary followed by more effects: the same search as a SearchCard (resumable)."""
    if not isinstance(s, C.SearchLibrary) or s.who != "you":
        return s
    words = s.quality.split()
    basic = bool(words) and words[0] == "basic"
    words = words[1:] if basic else words
    types = tuple(w.capitalize() for w in " ".join(words).split(" or ")) if words and \
        words != ["card"] else ()
    return C.SearchCard(types=types, to=s.to, reveal=s.reveal, tapped=s.tapped, may=s.may,
                        basic=basic)


@R.EFFECT_SEQUENCES.layer("search then more effects")
def lower_effects(rest, effects: tuple, ctx: L.Ctx) -> list:
    """The chain below (the base); a search ("..., then shuffle.") followed by more effects
    is lowered in two parts, the search as a SearchCard (its choice resumes the resolution)."""
    effects = tuple(effects)
    for k, e in enumerate(effects):
        if isinstance(e, Effect) and e.verb == "search":
            j = next((n for n in range(k + 1, len(effects)) if isinstance(effects[n], Effect)
                      and effects[n].verb == "shuffle"), None)
            if j is not None and j < len(effects) - 1:
                head = rest(effects[:j + 1], ctx)
                head = head[:-1] + [_as_search_card(head[-1])]
                return head + lower_effects(rest, effects[j + 1:], ctx)   # this layer again
            break
    return rest(effects, ctx)


# --- "look at the top N cards": the rest into the graveyard ---------------------------------------
@R.LOOKS.layer("rest into graveyard")
def _look_at_top(below, e: Any, effects: tuple, i: int, ctx: L.Ctx) -> tuple | None:
    """"Look at the top N cards of your library. Put one of them into your hand and the rest
    into your graveyard." as LookAtTopRestToGraveyard; anything else as the base reads it."""
    if isinstance(e, Effect) and e.verb == "look at" and len(effects) >= i + 2:
        o, take, rest = e.object, effects[i], effects[i + 1]
        if e.subject == _YOU and not e.extra and o is not None and o.kind == "top of library" \
                and o.filter == L.Filter(("card",), ("your library",)) and o.count is not None \
                and isinstance(o.count.value, int) and o.count.expr is None and \
                isinstance(take, Effect) and take.verb == "put into hand" and \
                take.subject == _YOU and not take.extra and \
                take.object == Obj("a", L.Filter(("card",), ("of them",)), Amount(1)) and \
                isinstance(rest, Effect) and rest.verb == "put rest" and rest.subject == _YOU and \
                rest.object is None and rest.extra == (("where", "graveyard"),):
            return C.LookAtTopRestToGraveyard(o.count.value), 2
    return below(e, effects, i, ctx)
