"""Lowering payments made while resolving (branch library, issue 6): "you may pay {M}. If
you do, <effects>" and "<effects> unless you pay {M} / N life" (118.1, 119.4, 608.2d), as
:class:`mtg_core.cards.May` + :class:`mtg_core.cards.Pay` and :class:`mtg_core.cards.Unless`.

Only a payment by "you" (the ability's controller) is read; a cost with {X} or hybrid mana
is refused.  It extends :func:`mtg_core.oracle.lower._choice_modifier`.
"""
from __future__ import annotations

import re
from typing import Any

from ... import cards as C
from ...errors import CardScriptError
from . import base as L
from ..nodes import Amount, Effect, Modified, Obj

_YOU = Obj("you")


def _cost_text(what: Any) -> str:
    """A payment's words -> Pay's cost: "{2}{U}" or "N life"."""
    if isinstance(what, str):
        cost = what
    elif isinstance(what, Amount) and what.expr is None and isinstance(what.value, int):
        cost = f"{what.value} life"
    else:
        raise L.Inexpressible("effect: pay")
    try:
        C.Pay(cost).compile()
    except CardScriptError:
        raise L.Inexpressible("effect: pay", str(what)) from None
    return cost


def _pay_effect(e: Any) -> str | None:
    """"[you] pay {M}" as an effect node -> its cost, or None if it isn't one."""
    if not (isinstance(e, Effect) and e.verb == "pay"):
        return None
    if e.subject != _YOU or e.object is not None or e.amount is not None or \
            e.duration is not None or [k for k, _ in e.extra] != ["mana"]:
        raise L.Inexpressible("effect: pay")
    return _cost_text(e.get("mana"))


def _pay_modifier(m: Modified, effects: tuple, i: int, ctx: L.Ctx) -> tuple | None:
    if m.how == "may" and m.detail is None and m.effects and \
            isinstance(m.effects[0], Effect) and m.effects[0].verb == "pay":
        # "you may pay {M}. If you do, <effects>" (608.2d): the choice is offered only
        # when the cost can be paid (118.3)
        cost = _pay_effect(m.effects[0])
        nxt = effects[i] if i < len(effects) else None
        if len(m.effects) != 1 or not (isinstance(nxt, Modified) and nxt.how == "if you do"
                                       and nxt.detail is None and nxt.effects):
            raise L.Inexpressible("effect: pay")
        body = L.lower_effects(nxt.effects, ctx)
        try:
            may = C.May(C.Pay(cost), *body)
            may.compile()
        except CardScriptError:
            raise L.Inexpressible("effect: pay") from None
        return may, 1
    if m.how == "unless" and isinstance(m.detail, tuple) and len(m.detail) == 2 and \
            m.detail[0] in ("you pay", "you pay life") and m.effects:
        # "<effects> unless you pay {M}" / "... unless you pay N life": you decide
        if (m.detail[0] == "you pay") != isinstance(m.detail[1], str):
            raise L.Inexpressible("modifier: unless")
        cost = _cost_text(m.detail[1])
        body = L.lower_effects(m.effects, ctx)
        try:
            unless = C.Unless(cost, *body)
            unless.compile()
        except CardScriptError:
            raise L.Inexpressible("modifier: unless") from None
        return unless, 0
    return None


_choice_modifier_before_payments = L._choice_modifier


def _choice_modifier(m: Modified, effects: tuple, i: int, ctx: L.Ctx) -> tuple | None:
    return _pay_modifier(m, effects, i, ctx) or _choice_modifier_before_payments(m, effects, i, ctx)


L._choice_modifier = _choice_modifier


# --- library searches with qualities (701.23) -----------------------------------------------------
# "Search your library for a <quality> card, [reveal it,] put it into your hand / onto the
# battlefield [tapped] / into your graveyard, then shuffle" as SearchCard, where the older
# SearchLibrary (lower._search_library) can't say it; effects may follow the search.

from ..vocabulary import SUBTYPES  # noqa: E402

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


_search_library_before_qualities = L._search_library


def _search_library(effects: tuple, ctx: L.Ctx, may: bool, required: bool = False):
    """lower._search_library, then the searches only SearchCard can say."""
    got = _search_library_before_qualities(effects, ctx, may, False)
    if isinstance(got, C.SearchLibrary) and got.to == "battlefield" and "enchantment" in got.quality:
        got = None              # an Aura would enter attached to nothing (303.4f): refused below
    if got is not None:
        return got
    effects = tuple(effects)
    if may and effects and isinstance(effects[0], Effect) and effects[0].object == L._BASIC_LAND \
            and any(isinstance(x, Effect) and x.verb == "put onto battlefield" for x in effects):
        return None                                # SearchForBasicLand's (lower.py)
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


_lower_effects_before_searches = L.lower_effects


def lower_effects(effects: tuple, ctx: L.Ctx) -> list:
    """lower.lower_effects; a search ("..., then shuffle.") followed by more effects is
    lowered in two parts, the search as a SearchCard (its choice resumes the resolution)."""
    effects = tuple(effects)
    for k, e in enumerate(effects):
        if isinstance(e, Effect) and e.verb == "search":
            j = next((n for n in range(k + 1, len(effects)) if isinstance(effects[n], Effect)
                      and effects[n].verb == "shuffle"), None)
            if j is not None and j < len(effects) - 1:
                head = _lower_effects_before_searches(effects[:j + 1], ctx)
                head = head[:-1] + [_as_search_card(head[-1])]
                return head + lower_effects(effects[j + 1:], ctx)
            break
    return _lower_effects_before_searches(effects, ctx)


L._search_library = _search_library
L.lower_effects = lower_effects


# --- "look at the top N cards": the rest into the graveyard, more kinds of card to reveal -------
import itertools  # noqa: E402

_LOOK_WORDS = ("artifact", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery")
for _n in (2, 3):                                  # Oracle lists them in alphabetical order
    for _combo in itertools.combinations(_LOOK_WORDS, _n):
        L._LOOK_TYPES.setdefault(tuple(w + " card" for w in _combo),
                                 tuple(w.capitalize() for w in _combo))
L._LOOK_TYPES.setdefault(("permanent card",), tuple(t for t in _PERMANENT))


_look_at_top_before_graveyard = L._look_at_top


def _look_at_top(e: Any, effects: tuple, i: int, ctx: L.Ctx) -> tuple | None:
    """"Look at the top N cards of your library. Put one of them into your hand and the rest
    into your graveyard." as LookAtTopRestToGraveyard; the rest as lower._look_at_top."""
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
    return _look_at_top_before_graveyard(e, effects, i, ctx)


L._look_at_top = _look_at_top


# --- intervening "if ~ is tapped / untapped" (603.4) ------------------------------------------------
_more_condition_before_tapped = L.more_condition


def _more_condition(cond: Any, count_words, inexpressible) -> "C.Condition":
    if cond in (("tapped", Obj("self")), ("untapped", Obj("self"))):
        return C.SelfTapped(cond[0] == "tapped")
    return _more_condition_before_tapped(cond, count_words, inexpressible)


L.more_condition = _more_condition
