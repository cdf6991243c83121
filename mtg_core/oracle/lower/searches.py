"""Lowering library searches (701.23) and the top of the library: the layers of
:data:`.registry.SEARCHES` and :data:`.registry.LOOKS` and one of
:data:`.registry.EFFECT_SEQUENCES`.

* the base search: "[you may] search your library for a <quality> card, [reveal it,] put it
  into your hand / onto the battlefield [tapped], then shuffle" as SearchLibrary, and "<player>
  may search their library for a basic land card ..." (Path to Exile) as SearchForBasicLand;
* then SearchCard where SearchLibrary can't say it ("... into your graveyard", "then
  shuffle and put that card on top", more qualities), with effects that may follow the
  search;
* "Look at the top N cards ... Put one of them into your hand and the rest on the bottom"
  (the base), "... the rest into your graveyard"; "<player> reveals the top card of their
  library. If it's a land card, ..." (Goblin Guide).
"""
from __future__ import annotations

import itertools
import re
from typing import Any

from ... import cards as C
from ...errors import CardScriptError
from . import costs as _costs
from . import registry as R
from ..nodes import Amount, Effect, Filter, Modified, Obj
from ..vocabulary import SUBTYPES
from .context import Ctx, Inexpressible, ref

_YOU = Obj("you")

# --- the base's searches (701.23) ----------------------------------------------------------------

_SEARCH_TYPES = {"card": "card", "creature card": "creature", "land card": "land",
                 "artifact card": "artifact", "enchantment card": "enchantment",
                 "instant card": "instant", "sorcery card": "sorcery",
                 "planeswalker card": "planeswalker"}


_IT = (Obj("it"), Obj("that", Filter(("card",))))


@R.SEARCHES.layer(R.BASE)
def _search_library(effects: tuple, ctx: Ctx, may: bool, required: bool = False) -> C.Effect | None:
    """"[you may] search your library for a <quality> card, [reveal it,] put it into your
    hand / onto the battlefield [tapped], then shuffle" (701.19) as SearchLibrary; None if
    the effects aren't that (``required``: Inexpressible instead).  "You may ... put it onto
    the battlefield" is SearchForBasicLand's (_may_search_basic_land)."""
    def no() -> None:
        if required:
            raise Inexpressible("effect: search")
        return None
    effects = tuple(effects)
    if not effects or not all(isinstance(x, Effect) for x in effects):
        return no()
    search, rest = effects[0], list(effects[1:])
    reveal = bool(rest) and rest[0].verb == "reveal"
    if reveal:
        if rest[0].object not in _IT or rest[0].subject != Obj("you") or rest[0].extra:
            return no()
        rest = rest[1:]
    if len(rest) != 2 or search.verb != "search" or search.subject != Obj("you") or \
            search.get("library") not in (None, "your") or \
            set(k for k, _ in search.extra) - {"library"}:
        return no()
    put, shuffle = rest
    if put.subject != Obj("you") or put.object not in _IT or shuffle.verb != "shuffle" or \
            shuffle.subject != Obj("you") or shuffle.extra:
        return no()
    o = search.object
    quality = _costs.search_subtypes(o)         # costs.py: "a Mountain or Plains card"
    if quality is None and not (
            isinstance(o, Obj) and o.kind == "a" and o.count is None and o.filter is not None
            and len(o.filter.types) == 1 and o.filter.types[0] in _SEARCH_TYPES
            and o.filter.props in ((), ("basic",))):
        return no()
    if quality is None:
        quality = ("basic " if o.filter.props else "") + _SEARCH_TYPES[o.filter.types[0]]
    if put.verb == "put into hand" and not put.extra:
        return C.SearchLibrary(quality, "you", to="hand", reveal=reveal, may=may)
    if put.verb == "put onto battlefield" and not reveal and not may and \
            put.extra in ((), (("tapped", "tapped"),)) and quality != "card" and \
            _costs.search_onto_battlefield_ok(quality):
        return C.SearchLibrary(quality, "you", to="battlefield", tapped=bool(put.extra), may=False)
    return no()


_BASIC_LAND = Obj("a", Filter(("land card",), ("basic",)))


def _may_search_basic_land(m: Modified, ctx: Ctx) -> C.Effect | None:
    """"<player> may search their library for a basic land card, put that card onto the
    battlefield [tapped], then shuffle" (701.19; Path to Exile).  Only the "may" form: the
    language's search lets the player decline (and then the library isn't shuffled)."""
    if m.how != "may" or len(m.effects) != 3:
        return None
    search, put, shuffle = m.effects
    if not all(isinstance(x, Effect) for x in m.effects) or \
            (search.verb, put.verb, shuffle.verb) != ("search", "put onto battlefield", "shuffle"):
        return None
    who = search.subject
    library = search.get("library")
    if search.object != _BASIC_LAND or put.object not in (Obj("it"), Obj("that", Filter(("card",)))) \
            or put.subject != who or shuffle.subject != who or shuffle.extra or \
            put.get("tapped") not in (None, "tapped") or len(put.extra) > 1 or \
            set(k for k, _ in search.extra) - {"library"} or \
            (library != "their") == (who != Obj("you")):
        raise Inexpressible("effect: search")
    return C.SearchForBasicLand(ref(who, ctx, "player"), tapped=put.get("tapped") == "tapped")


_REVEALED_TYPES = {"it is land card": ("Land",), "it is creature card": ("Creature",)}


def _reveal_top(a: Any, b: Any, ctx: Ctx) -> C.Effect | None:
    """"<player> reveals the top card of their library. If it's a land card, that player
    puts it into their hand." (701.16a; Goblin Guide)."""
    if not (isinstance(a, Effect) and a.verb == "reveal" and isinstance(b, Modified) and
            b.how == "if" and isinstance(b.detail, tuple) and b.detail[0] in _REVEALED_TYPES and
            len(b.effects) == 1):
        return None
    put = b.effects[0]
    library = "your library" if a.subject == Obj("you") else "their library"
    if a.extra or a.object != Obj("top of library", Filter(("card",), (library,)), Amount(1)) or \
            not isinstance(put, Effect) or put.verb != "put into hand" or put.extra or \
            put.object != Obj("it") or put.subject not in (Obj("that player"), Obj("you")) or \
            (put.subject == Obj("you")) != (a.subject == Obj("you")):
        raise Inexpressible("effect: reveal")
    return C.RevealTopCard(ref(a.subject, ctx, "player"), _REVEALED_TYPES[b.detail[0]])


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


def _search_quality(o: Any, ctx: Ctx) -> dict | None:
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


def _battlefield_ok(kw: dict, ctx: Ctx) -> bool:
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


_IMPLIED = (_YOU, Obj("you (implied)"))


def _shuffle_then_on_top(shuffle: Any, put: Any) -> bool:
    """"..., then shuffle and put that card on top" (701.23: the grammar's one clause for
    both, the put marked as after the shuffle)."""
    return isinstance(shuffle, Effect) and isinstance(put, Effect) and \
        shuffle.verb == "shuffle" and shuffle.subject in _IMPLIED and not shuffle.extra and \
        shuffle.object is None and put.verb == "put on top" and put.subject in _IMPLIED and \
        put.object in (*_IT, Obj("the", Filter(("card",)))) and put.extra == (("after", "shuffle"),) \
        and put.amount is None


def _search_card(effects: tuple, ctx: Ctx, may: bool) -> C.Effect | None:
    effects = tuple(effects)
    if not effects or not all(isinstance(x, Effect) for x in effects):
        return None
    search, rest = effects[0], list(effects[1:])
    reveal = bool(rest) and rest[0].verb == "reveal"
    if reveal:
        if rest[0].object not in _IT or rest[0].subject != _YOU or rest[0].extra:
            return None
        rest = rest[1:]
    if len(rest) != 2 or search.verb != "search" or search.subject != _YOU or \
            search.get("library") not in (None, "your") or \
            set(k for k, _ in search.extra) - {"library"}:
        return None
    put, shuffle = rest
    if _shuffle_then_on_top(*rest):              # the tutors: "then shuffle and put it on top"
        shuffle, put = rest
    elif put.subject != _YOU or put.object not in _IT or shuffle.verb != "shuffle" or \
            shuffle.subject != _YOU or shuffle.extra:
        return None
    kw = _search_quality(search.object, ctx)
    if kw is None:
        return None
    if put.verb == "put on top" and put.extra == (("after", "shuffle"),):
        to = "top"
    elif put.verb == "put into hand" and not put.extra:
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
def _search_qualities(rest, effects: tuple, ctx: Ctx, may: bool, required: bool = False):
    """The base's search, then the searches only SearchCard can say."""
    got = rest(effects, ctx, may, False)
    if isinstance(got, C.SearchLibrary) and got.to == "battlefield" and "enchantment" in got.quality:
        got = None              # an Aura would enter attached to nothing (303.4f): refused below
    if got is not None:
        return got
    effects = tuple(effects)
    if may and effects and isinstance(effects[0], Effect) and effects[0].object == _BASIC_LAND \
            and any(isinstance(x, Effect) and x.verb == "put onto battlefield" for x in effects):
        return None                                # SearchForBasicLand's (above)
    got = _search_card(effects, ctx, may)
    if got is None and required:
        raise Inexpressible("effect: search")
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
def lower_effects(rest, effects: tuple, ctx: Ctx) -> list:
    """The chain below (the base); a search ("..., then shuffle.") followed by more effects
    is lowered in two parts, the search as a SearchCard (its choice resumes the resolution)."""
    effects = tuple(effects)
    for k, e in enumerate(effects):
        if isinstance(e, Effect) and e.verb == "search":
            j = next((n for n in range(k + 1, len(effects)) if isinstance(effects[n], Effect)
                      and effects[n].verb == "shuffle"), None)
            if j is not None and j < len(effects) - 1 and \
                    _shuffle_then_on_top(effects[j], effects[j + 1]):
                j += 1                             # the tutors: the card goes on top after it
            if j is not None and j < len(effects) - 1:
                head = rest(effects[:j + 1], ctx)
                head = head[:-1] + [_as_search_card(head[-1])]
                return head + lower_effects(rest, effects[j + 1:], ctx)   # this layer again
            break
    return rest(effects, ctx)


# --- "look at the top N cards" -------------------------------------------------------------------

_LOOK_TYPES = {("instant card", "sorcery card"): ("Instant", "Sorcery"),
               ("creature card",): ("Creature",), ("land card",): ("Land",),
               ("artifact card",): ("Artifact",), ("enchantment card",): ("Enchantment",)}


_LOOK_WORDS = ("artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery")


for _n in (2, 3):                                  # Oracle lists them in alphabetical order
    for _combo in itertools.combinations(_LOOK_WORDS, _n):
        _LOOK_TYPES.setdefault(tuple(w + " card" for w in _combo),
                               tuple(w.capitalize() for w in _combo))


_LOOK_TYPES.setdefault(("permanent card",), ("Artifact", "Creature", "Land", "Enchantment",
                                             "Planeswalker", "Battle"))      # 110.4


def _look_gap(e: Effect, effects: tuple, i: int) -> str:
    """What a "look at" the base can't read asks for, as the refusal's feature: the ranking
    of missing features (tools/deck_coverage.py) then counts each kind on its own."""
    o = e.object
    if e.subject != Obj("you") or o is None or o.kind != "top of library" or \
            o.count is None or o.count.value is None:
        return "effect: look at (not the top N cards of a library)"
    if o.filter != Filter(("card",), ("your library",)):
        return "effect: look at another player's library"
    if e.extra:
        return "effect: look at (with a condition)"
    if len(effects) < i + 2:
        return "effect: look at, with nothing put anywhere"
    take, rest = effects[i], effects[i + 1]
    if isinstance(take, Effect) and take.verb == "put into hand" and take.object is not None \
            and take.object.count is not None and take.object.count.value != 1:
        return "effect: look at, put more than one into your hand"
    if isinstance(rest, Effect) and rest.verb in ("put rest", "put on bottom"):
        extra = dict(rest.extra)
        if extra.get("order") == "random":
            return "effect: look at, the rest in a random order"
        if extra.get("where") not in (None, "bottom"):
            return f"effect: look at, the rest to the {extra['where']}"
    return "effect: look at"


@R.LOOKS.layer(R.BASE)
def _look_at_top(e: Any, effects: tuple, i: int, ctx: Ctx) -> tuple | None:
    """"Look at the top N cards of your library. Put one of them into your hand and the
    rest on the bottom of your library in any order" / "... You may reveal a [type] card
    from among them and put it into your hand. Put the rest on the bottom ..." (Augur of
    Bolas).  Returns (effect, effects consumed after ``e``) or None."""
    if not (isinstance(e, Effect) and e.verb == "look at"):
        return None
    o = e.object
    if e.subject != Obj("you") or e.extra or o is None or o.kind != "top of library" or \
            o.filter != Filter(("card",), ("your library",)) or o.count is None or \
            o.count.value is None or len(effects) < i + 2:
        raise Inexpressible(_look_gap(e, effects, i))
    take, rest = effects[i], effects[i + 1]
    bottom = (isinstance(rest, Effect) and rest.subject == Obj("you") and
              ((rest.verb == "put rest" and rest.extra == (("where", "bottom"),)) or
               (rest.verb == "put on bottom" and rest.object == Obj("the rest") and
                rest.extra == (("order", "any"),))))
    if not bottom:
        raise Inexpressible(_look_gap(e, effects, i))
    if isinstance(take, Effect) and take.verb == "put into hand" and take.subject == Obj("you") \
            and not take.extra and take.object == Obj("a", Filter(("card",), ("of them",)), Amount(1)):
        return C.LookAtTop(o.count.value), 2
    if isinstance(take, Modified) and take.how == "may" and take.detail is None and \
            len(take.effects) == 2:
        reveal, put = take.effects
        if isinstance(reveal, Effect) and reveal.verb == "reveal" and reveal.subject == Obj("you") \
                and reveal.extra == (("among", "them"),) and reveal.object is not None and \
                reveal.object.kind == "a" and reveal.object.count is None and \
                reveal.object.filter is not None and not reveal.object.filter.props and \
                reveal.object.filter.types in _LOOK_TYPES and isinstance(put, Effect) and \
                put.verb == "put into hand" and put.subject == Obj("you") and not put.extra and \
                put.object == Obj("it"):
            return C.LookAtTop(o.count.value, _LOOK_TYPES[reveal.object.filter.types]), 2
    raise Inexpressible(_look_gap(e, effects, i))


@R.LOOKS.layer("rest into graveyard")
def _look_rest_into_graveyard(below, e: Any, effects: tuple, i: int, ctx: Ctx) -> tuple | None:
    """"Look at the top N cards of your library. Put one of them into your hand and the rest
    into your graveyard." as LookAtTopRestToGraveyard; anything else as the base reads it."""
    if isinstance(e, Effect) and e.verb == "look at" and len(effects) >= i + 2:
        o, take, rest = e.object, effects[i], effects[i + 1]
        if e.subject == _YOU and not e.extra and o is not None and o.kind == "top of library" \
                and o.filter == Filter(("card",), ("your library",)) and o.count is not None \
                and isinstance(o.count.value, int) and o.count.expr is None and \
                isinstance(take, Effect) and take.verb == "put into hand" and \
                take.subject == _YOU and not take.extra and \
                take.object == Obj("a", Filter(("card",), ("of them",)), Amount(1)) and \
                isinstance(rest, Effect) and rest.verb == "put rest" and rest.subject == _YOU and \
                rest.object is None and rest.extra == (("where", "graveyard"),):
            return C.LookAtTopRestToGraveyard(o.count.value), 2
    return below(e, effects, i, ctx)
