"""The Oracle ability grammar: token lists to parse-tree nodes (:mod:`.nodes`).

The grammar is a set of phrase patterns (see :mod:`.parser` for the notation), grouped
by what they build: numbers, noun phrases (objects, players, filters), durations, keyword
abilities, costs, trigger conditions, and effect phrases (subject / verb / object / amount /
duration).  A sentence parses only if *every* token is consumed by some pattern, and only if
it has exactly one reading; otherwise the card is refused with the phrase where the grammar
stopped.  To teach the importer a new phrase, add a pattern here (and, if the card language
can express it, one entry to :mod:`.lower`).

>>> sentence("Target creature gets +3/+3 until end of turn")[0].verb
'pump'
>>> keyword_line("Flying, first strike")
(Keyword(name='flying', param=None), Keyword(name='first strike', param=None))
"""
from __future__ import annotations

import re
from typing import Any

from .nodes import (IT, ITSELF, SAME, SELF, YOU, Activated, Amount, Cost, Effect, Filter,
                    Keyword, Modal, Modified, Obj, Static, Triggered, effect, trigger)
from .nodes import NumberOf                     # amounts: the filter of "the number of"
from .parser import REJECT, Grammar
from .vocabulary import (COLOR_WORDS, IRREGULAR_PLURALS, KEYWORD_PARAMS, NUMBER_WORDS,
                         SUBTYPES)
from .text import tokenize

G = Grammar()
IMPLIED = Obj("you (implied)")
"""Subject of an imperative clause until :func:`fill_subject` says who it is."""
rule = G.add


# --- terminals -------------------------------------------------------------------------------

_SUB_LOWER = {s.lower(): s for s in SUBTYPES}
_SUB_PLURAL: dict[str, str] = {}
for _s in SUBTYPES:
    _SUB_PLURAL[(_s + "s").lower()] = _s
    if _s.endswith(("s", "x", "ch", "sh")):
        _SUB_PLURAL[(_s + "es").lower()] = _s
    if _s.endswith("y") and _s[-2:-1] not in "aeiou":
        _SUB_PLURAL[(_s[:-1] + "ies").lower()] = _s
for _p, _s in IRREGULAR_PLURALS.items():
    _SUB_PLURAL[_p.lower()] = _s

_MANA = re.compile(r"\{(?:\d+|[WUBRGCSX]|[WUBRG]/[WUBRGP]|2/[WUBRG]|C/[WUBRG]|H[WUBRG]"
                   r"|[WUBRG]/[WUBRG]/P)\}")

G.terminal("num", lambda t: int(t) if t.isdigit() else None)
G.terminal("quoted", lambda t: _QUOTED.get(t))             # see _lift_quotes
G.terminal("tokname", lambda t: t if t[:1].isupper() and t.isalpha() else None)
G.terminal("wordnum", lambda t: NUMBER_WORDS.get(t.lower()))
G.terminal("manasym", lambda t: t if _MANA.fullmatch(t) else None)
G.terminal("ptmod", lambda t: t if re.fullmatch(r"[+-](\d+|X)/[+-](\d+|X)", t) else None)
G.terminal("pt", lambda t: t if re.fullmatch(r"(\d+|X|\*)/(\d+|X|\*)", t) else None)
G.terminal("signed", lambda t: t if re.fullmatch(r"[+-](\d+|X)", t) else None)
G.terminal("subtype", lambda t: _SUB_LOWER.get(t.lower()))
G.terminal("subtypes", lambda t: _SUB_PLURAL.get(t.lower()))
G.terminal("nonsub", lambda t: ("non-" + _SUB_LOWER[t[4:].lower()])
           if t.lower().startswith("non-") and t[4:].lower() in _SUB_LOWER else None)
G.terminal("basictype", lambda t: t.capitalize() if t.lower() in _BASIC_TYPES else None)
G.terminal("color", lambda t: t.lower() if t.lower() in COLOR_WORDS else None)
G.terminal("noncolor", lambda t: t.lower() if t.lower().startswith("non")
           and t.lower()[3:] in COLOR_WORDS else None)
G.terminal("counterword", lambda t: t.lower() if re.fullmatch(r"[a-z][a-z-]*", t)
           and t.lower() not in _NOT_COUNTER_WORDS else None)
G.terminal("typecycling", lambda t: t.lower() if t.lower().endswith("cycling")
           and t.lower()[:-7] in _CYCLING_TYPES else None)
G.terminal("landwalk", lambda t: t.lower() if t.lower().endswith("walk")
           and t.lower()[:-4] in ("plains", "island", "swamp", "mountain", "forest", "desert")
           else None)

_BASIC_TYPES = {"plains", "island", "swamp", "mountain", "forest"}      # 205.3i
_NOT_COUNTER_WORDS = {"a", "an", "the", "and", "or", "of", "on", "from", "counter", "counters",
                      "target", "each", "all", "that", "it", "its", "your", "another"}
_CYCLING_TYPES = {s.lower() for s in SUBTYPES} | {"land", "basic land"}


def T(*effects: Effect) -> tuple:
    return tuple(effects)


def _amt(n: Any) -> Amount:
    return n if isinstance(n, Amount) else Amount(n)


# --- numbers ---------------------------------------------------------------------------------

# Oracle templating: amounts of damage and life, and numbers in keywords, are digits
# ("deals 3 damage"); counts of objects are words ("two target creatures", "draw a card").
rule("n", "@v:num", lambda v: Amount(v))
rule("n", "x", Amount(expr="X"))
rule("w", "@v:wordnum", lambda v: Amount(v))
rule("w", "x", Amount(expr="X"))
rule("count", "<w>")
rule("count", "a|an", Amount(1))
rule("cards", "a|an card", Amount(1))
rule("cards", "<w> cards", lambda w: REJECT if w.value == 1 else w)
rule("cards", "that many cards", Amount(expr="that many"))
rule("ordinal", "first|second|third|fourth|fifth")

# --- durations ---------------------------------------------------------------------------------

rule("dur", "until end of turn", "end of turn")
rule("dur", "this turn", "this turn")
rule("dur", "until your next turn", "your next turn")
rule("dur", "until end of combat", "end of combat")
rule("dur", "until the end of your next turn", "end of your next turn")
rule("dur", "for as long as ~ remains on the battlefield", "as long as ~ is on the battlefield")
rule("dur", "for as long as you control ~", "as long as you control ~")

# --- noun phrases -------------------------------------------------------------------------------

for _w in ("creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery",
           "battle"):
    rule("tw", _w, _w)
rule("tw", "kindred|tribal", "kindred")
rule("tw", "@s:subtype")
rule("tws", "<a:tw>")
rule("tws", "<a:tw> <b:tw>", lambda a, b: f"{a} {b}")
for _w in ("creatures", "artifacts", "enchantments", "lands", "planeswalkers", "instants",
           "sorceries", "battles"):
    rule("twp", _w, _w[:-1] if _w != "sorceries" else "sorcery")
rule("twp", "@s:subtypes")
rule("twps", "<a:twp>")
rule("twps", "<a:tw> <b:twp>", lambda a, b: f"{a} {b}")

_BASE1 = ("permanent", "spell", "card", "player", "opponent", "token", "source", "ability")
_BASEN = {"permanents": "permanent", "spells": "spell", "cards": "card", "players": "player",
          "opponents": "opponent", "tokens": "token", "sources": "source"}
for _w in _BASE1:
    rule("base1", _w, _w)
for _w, _s in _BASEN.items():
    rule("basen", _w, _s)

# "artifact or enchantment", "creature, player, or planeswalker"
rule("item1", "<t:tws>", lambda t: (t, False))
rule("item1", "<b:base1>", lambda b: (b, True))
rule("items1", "<a:item1>", lambda a: (a,))
rule("items1", "<a:item1> or <b:item1>", lambda a, b: (a, b))
rule("items1", "<a:item1> , <b:item1> , or <c:item1>", lambda a, b, c: (a, b, c))
rule("items1", "<a:item1> , <b:item1> , <c:item1> , or <d:item1>", lambda a, b, c, d: (a, b, c, d))
# "artifact, enchantment, or nonbasic land" (Boseiju): the adjective names the last kind only
rule("items1", "<a:item1> , <b:item1> , or nonbasic land",
     lambda a, b: REJECT if a[1] or b[1] else (a, b, ("nonbasic land", False)))


def _noun(items, base=None):
    if base is None:
        return tuple(i for i, _ in items)
    if any(is_base for _, is_base in items):
        return REJECT                          # "player card" is not English
    return tuple(f"{i} {base}" for i, _ in items)


rule("noun1", "<items:items1> [<base:base1>]", _noun)
rule("noun1", "permanent card", ("permanent card",))

rule("itemn", "<t:twps>", lambda t: (t, False))
rule("itemn", "<b:basen>", lambda b: (b, True))
rule("itemsn", "<a:itemn>", lambda a: (a,))
rule("itemsn", "<a:itemn> and|or <b:itemn>", lambda a, b: (a, b))
rule("itemsn", "<a:itemn> , <b:itemn> , and|or <c:itemn>", lambda a, b, c: (a, b, c))
rule("nounn", "<items:itemsn>", _noun)
rule("nounn", "permanent cards", ("permanent card",))
# "instant and sorcery spells", "creature cards", "artifact or creature cards"
rule("nounn", "<items:items1> <base:basen>", _noun)
rule("nounn", "<a:item1> and|or <b:item1> <base:basen>", lambda a, b, base: _noun((a, b), base))
rule("nounn", "<a:item1> , <b:item1> , and|or <c:item1> <base:basen>",
     lambda a, b, c, base: _noun((a, b, c), base))

# adjectives before the noun
for _w in ("tapped", "untapped", "attacking", "blocking", "nonland", "noncreature",
           "nonartifact", "nonenchantment", "nonlegendary", "nontoken", "nonbasic", "legendary",
           "basic", "snow", "token", "multicolored", "monocolored", "colorless", "other",
           "unblocked", "face-down", "face-up", "nonplaneswalker", "historic", "modified",
           "nonhuman", "noncommander", "enchanted", "equipped", "outlaw", "nonsnow"):
    rule("adj", _w, _w)
rule("adj", "attacking or blocking", "attacking or blocking")
rule("adj", "@c:color")
rule("adj", "@c:noncolor")
rule("adj", "@c:nonsub")
rule("adj", "<a:adj_color> or <b:adj_color>", lambda a, b: f"{a} or {b}")
rule("adj_color", "@c:color")
rule("adjs", "<a:adj>", lambda a: (a,))
rule("adjs", "<a:adj> <b:adj>", lambda a, b: (a, b))
rule("adjs", "<a:adj> , <b:adj>", lambda a, b: (a, b))

# qualifiers after the noun
for _p in ("you control", "you don't control", "an opponent controls", "you own",
           "your opponents control", "you both own and control", "that player controls",
           "defending player controls", "target player controls", "target opponent controls",
           "its controller controls", "that's attacking", "that's blocking", "that attacked this turn",
           "that's attacking or blocking", "blocking or blocked by ~", "blocking ~",
           "blocked by ~", "named ~", "in your graveyard", "from your graveyard",
           "in a graveyard", "from a graveyard", "in your hand", "from your hand",
           "in your library", "from your library", "you cast", "an opponent casts",
           "that player owns", "that isn't ~", "other than ~",
           "on the battlefield", "an opponent owns", "each player controls",
           "with a +1/+1 counter on it", "with a -1/-1 counter on it",
           "with +1/+1 counters on it", "with flying", "without flying", "with defender",
           "with deathtouch", "with trample", "with haste", "with reach", "with lifelink",
           "with vigilance", "with first strike", "with menace", "with islandwalk",
           "that's tapped", "that's untapped", "dealt damage this turn",
           "of the chosen type", "of the chosen color", "of that type",
           "with mana value equal to the number of charge counters on ~",
           "with the greatest power among creatures you control",
           "with the greatest power", "with the same name as that spell",
           "that was dealt damage this turn", "that entered this turn",
           "attacking you", "attacking you or a planeswalker you control",
           "that shares a creature type with ~", "with a counter on it",
           "with counters on it", "with no counters on it", "that has flying", "they control",
           "blocking or blocked by it", "blocking it", "blocked by it", "attached to it",
           "attached to ~", "on the battlefield", "from graveyards", "in graveyards"):
    rule("qual", _p, _p)
rule("qual", "with power <n> or less", lambda n: f"with power {n} or less")
rule("qual", "with power <n> or greater", lambda n: f"with power {n} or greater")
rule("qual", "with toughness <n> or less", lambda n: f"with toughness {n} or less")
rule("qual", "with toughness <n> or greater", lambda n: f"with toughness {n} or greater")
rule("qual", "with mana value <n> or less", lambda n: f"with mana value {n} or less")
rule("qual", "with mana value <n> or greater", lambda n: f"with mana value {n} or greater")
rule("qual", "with mana value <n>", lambda n: f"with mana value {n}")
rule("qual", "with power <n>", lambda n: f"with power {n}")
rule("qual", "with power less than ~'s power", "with power less than ~'s power")
rule("qual", "with power greater than ~'s power", "with power greater than ~'s power")
rule("qual", "with total power and toughness <n> or less",
     lambda n: f"with total power and toughness {n} or less")
rule("quals", "<a:qual>", lambda a: (a,))
rule("quals", "<a:qual> <b:qual>", lambda a, b: (a, b))


def _filter(noun, adjs=(), quals=()):
    return Filter(tuple(noun), tuple(adjs) + tuple(quals))


rule("filter1", "[<adjs>] <noun:noun1> [<quals>]", _filter)
rule("filtern", "[<adjs>] <noun:nounn> [<quals>]", _filter)


def _other(f: Filter) -> Filter:
    return Filter(f.types, ("other",) + f.props)


# objects and players
rule("obj1", "~", SELF)
rule("obj1", "it", IT)
rule("obj1", "itself", ITSELF)
rule("obj1", "they|them", Obj("they"))
rule("obj1", "you|yourself", YOU)
rule("obj1", "target <f:filter1>", lambda f: Obj("target", f))
rule("obj1", "another target <f:filter1>", lambda f: Obj("target", _other(f)))
rule("obj1", "<c:w> target <f:filtern>", lambda c, f: Obj("target", f, c))
rule("obj1", "<c:w> other target <f:filtern>", lambda c, f: Obj("target", _other(f), c))
rule("obj1", "up to <c:w> target <f:filtern>", lambda c, f: Obj("target", f, c, True))
rule("obj1", "up to <c:w> other target <f:filtern>", lambda c, f: Obj("target", _other(f), c, True))
rule("obj1", "up to one target <f:filter1>", lambda f: Obj("target", f, Amount(1), True))
rule("obj1", "up to one other target <f:filter1>",
     lambda f: Obj("target", _other(f), Amount(1), True))
rule("obj1", "any target", Obj("target", Filter(("any",))))
rule("obj1", "any other target", Obj("target", Filter(("any",), ("other",))))
rule("obj1", "<c:w> targets", lambda c: Obj("target", Filter(("any",)), c))
rule("obj1", "any number of target <f:filtern>",
     lambda f: Obj("target", f, Amount(expr="any number")))
rule("obj1", "each <f:filter1>", lambda f: Obj("each", f))
rule("obj1", "each other <f:filter1>", lambda f: Obj("each", _other(f)))
rule("obj1", "all <f:filtern>", lambda f: Obj("all", f))
rule("obj", "<x:obj1>")
# A bare plural means "all ..." as a subject ("Creatures you control get +1/+1"); as an
# object Oracle always says "all" ("destroy all creatures").
rule("subj", "<x:obj1>")
rule("subj", "<f:filtern>", lambda f: Obj("all", f))
rule("obj1", "enchanted <n:noun1>", lambda n: Obj("enchanted", Filter(n)))
rule("obj1", "equipped creature", Obj("equipped", Filter(("creature",))))
rule("obj1", "that <n:noun1>",
     lambda n: REJECT if n in (("player",), ("opponent",)) else Obj("that", Filter(n)))
rule("obj1", "those <n:nounn>", lambda n: Obj("that", Filter(n)))
rule("obj1", "the <n:noun1>", lambda n: Obj("the", Filter(n)))
rule("obj1", "a|an <f:filter1>", lambda f: Obj("a", f))
rule("obj1", "another <f:filter1>", lambda f: Obj("a", _other(f)))
rule("obj1", "<c:w> <f:filtern>", lambda c, f: Obj("a", f, c))
rule("obj1", "<c:w> other <f:filtern>", lambda c, f: Obj("a", _other(f), c))
rule("obj1", "one or more <f:filtern>", lambda f: Obj("one or more", f))
rule("library", "your library", "your")
rule("library", "their library", "their")
rule("library", "its owner's library", "its owner's")
rule("library", "that player's library", "that player's")
rule("library", "target player's library", "target player's")
rule("library", "each player's library", "each player's")
rule("obj1", "the top card of <l:library>",
     lambda l: Obj("top of library", Filter(("card",), (l + " library",)), Amount(1)))
rule("obj1", "the top <c:w> cards of <l:library>",
     lambda c, l: Obj("top of library", Filter(("card",), (l + " library",)), c))
rule("obj1", "the bottom card of <l:library>",
     lambda l: Obj("bottom of library", Filter(("card",), (l + " library",)), Amount(1)))
rule("obj1", "the rest", Obj("the rest"))
rule("obj1", "each of <o:obj1>", lambda o: o if o.kind == "target" and o.count else REJECT)
rule("obj1", "another target", Obj("target", Filter(("any",), ("other",))))
rule("obj1", "~ or another <f:filter1>", lambda f: Obj("self or another", f))
rule("obj1", "all graveyards", Obj("all", Filter(("graveyard",))))
rule("obj1", "its controller", Obj("its controller"))
rule("obj1", "its owner", Obj("its owner"))
rule("obj1", "their controller|controllers", Obj("its controller"))
rule("obj1", "that player", Obj("that player"))
rule("obj1", "defending player", Obj("defending player"))
rule("obj1", "the defending player", Obj("defending player"))
rule("obj1", "your opponents", Obj("each", Filter(("opponent",))))
rule("obj1", "that creature's controller", Obj("that creature's controller"))
rule("obj1", "that permanent's controller", Obj("that permanent's controller"))
rule("obj1", "that spell's controller", Obj("that spell's controller"))
rule("obj1", "enchanted creature's controller", Obj("enchanted creature's controller"))
rule("obj1", "enchanted permanent's controller", Obj("enchanted permanent's controller"))
rule("obj1", "~'s controller", Obj("~'s controller"))
rule("obj1", "the chosen player", Obj("chosen player"))
rule("obj1", "the chosen creature", Obj("chosen creature"))
rule("obj1", "the active player", Obj("active player"))
rule("obj1", "each player who <w:who_clause>", lambda w: Obj("each", Filter(("player",), (w,))))
rule("who_clause", "controls a|an <f:filter1>", lambda f: f"controls a {f.phrase()}")
rule("who_clause", "has <n> or less life", lambda n: f"has {n} or less life")

# A list of noun phrases: a bare plural after the first would read "all artifacts and
# enchantments" twice, so later items must have a determiner (<obj1>).
rule("objs", "<a:obj>", lambda a: (a,))
rule("objs", "<a:obj> and <b:obj1>", lambda a, b: (a, b))
rule("objs", "<a:obj> , <b:obj1> , and <c:obj1>", lambda a, b, c: (a, b, c))
rule("objs", "<a:obj> or <b:obj1>", lambda a, b: (a, b))

# quantities for "equal to ..." and "for each ..."
for _q in ("its power", "its toughness", "~'s power", "~'s toughness", "its mana value",
           "that card's mana value", "that spell's mana value", "that creature's power",
           "that creature's toughness", "the damage dealt this way", "your life total",
           "its power and toughness", "the sacrificed creature's power",
           "the excess damage", "that much",
           "the amount of life you gained this turn", "enchanted creature's power",
           "the exiled card's mana value",
           "the number of +1/+1 counters on ~", "~'s mana value"):
    rule("quantity", _q, _q)
rule("quantity", "the number of <f:filtern>", lambda f: NumberOf(f"the number of {f.phrase()}", f))
rule("quantity", "the number of <k:counterkind> counters on <o:obj>",
     lambda k, o: f"the number of {k} counters on {o.phrase()}")
rule("quantity", "the sacrificed creature's toughness", "the sacrificed creature's toughness")
rule("quantity", "the number of opponents you have", "the number of opponents you have")

# --- keywords ------------------------------------------------------------------------------------

def _kw_pattern(name: str) -> str:
    return " ".join(tokenize(name))


_SIMPLE_KW = [k for k, p in KEYWORD_PARAMS.items() if p is None]
for _k in _SIMPLE_KW:
    rule("kw", _kw_pattern(_k), Keyword(_k))
rule("manaseq", "@m:manasym [<rest:manaseq>]", lambda m, rest="": m + rest)
for _k, _p in KEYWORD_PARAMS.items():
    pat = _kw_pattern(_k)
    if _p == "cost":
        rule("kw", f"{pat} <c:manaseq>", lambda c, k=_k: Keyword(k, c))
        rule("kw", f"{pat} — <c:costs>", lambda c, k=_k: Keyword(k, c))
        rule("kw", f"{pat} <c:manaseq> — <d:costs>", lambda c, d, k=_k: Keyword(k, (c, *d)))
    elif _p == "n":
        rule("kw", f"{pat} <n>", lambda n, k=_k: Keyword(k, n))
    elif _p == "n_cost":
        rule("kw", f"{pat} <n> — <c:manaseq>", lambda n, c, k=_k: Keyword(k, (n, c)))
rule("kw", "equip <f:filter1> <c:manaseq>", lambda f, c: Keyword("equip", (f.phrase(), c)))
rule("kw", "@k:typecycling <c:manaseq>", lambda k, c: Keyword(k, c))
rule("kw", "basic landcycling <c:manaseq>", lambda c: Keyword("basic landcycling", c))   # 702.29f
rule("kw", "@k:landwalk", lambda k: Keyword(k))
rule("kw", "nonbasic landwalk", Keyword("nonbasic landwalk"))
rule("kw", "protection from <q:prot_quality>", lambda q: Keyword("protection", q))
rule("kw", "protection from <a:prot_quality> and from <b:prot_quality>",
     lambda a, b: Keyword("protection", f"{a} and {b}"))
rule("kw", "protection from <a:prot_quality> , from <b:prot_quality> , and from <c:prot_quality>",
     lambda a, b, c: Keyword("protection", f"{a}, {b}, and {c}"))
rule("kw", "hexproof from <q:prot_quality>", lambda q: Keyword("hexproof from", q))
rule("kw", "enchant <f:filter1>", lambda f: Keyword("enchant", f.phrase()))
rule("kw", "affinity for <n:nounn>", lambda n: Keyword("affinity", " or ".join(n)))
rule("kw", "affinity for @t:subtype", lambda t: Keyword("affinity", t))
rule("kw", "partner with ~", Keyword("partner with", "~"))
rule("kw", "splice onto <t:tw> <c:manaseq>", lambda t, c: Keyword("splice", (t, c)))
rule("kw", "champion a|an <f:filter1>", lambda f: Keyword("champion", f.phrase()))
rule("kw", "@t:subtype offering", lambda t: Keyword("offering", t))
rule("prot_quality", "@c:color", lambda c: c)
rule("prot_quality", "everything", "everything")
rule("prot_quality", "all colors", "all colors")
rule("prot_quality", "multicolored", "multicolored")
rule("prot_quality", "monocolored", "monocolored")
rule("prot_quality", "colorless", "colorless")
rule("prot_quality", "the color of your choice", "the color of your choice")
rule("prot_quality", "the chosen color", "the chosen color")
rule("prot_quality", "each color", "each color")
rule("prot_quality", "<n:nounn>", lambda n: " or ".join(n))
rule("prot_quality", "<a:adj> <n:nounn>", lambda a, n: a + " " + " or ".join(n))
rule("kws", "<a:kw>", lambda a: (a,))
rule("kws", "<a:kw> , <b:kws>", lambda a, b: (a, *b))
rule("kws", "<a:kw> ; <b:kws>", lambda a, b: (a, *b))      # "Flying; banding" (older Oracle)
# keywords granted by effects ("gains flying and trample")
rule("kwlist", "<a:kw>", lambda a: (a,))
rule("kwlist", "<a:kw> and <b:kw>", lambda a, b: (a, b))
rule("kwlist", "<a:kw> , <b:kw> , and <c:kw>", lambda a, b, c: (a, b, c))
rule("kwlist", "<a:kw> , <b:kw> , <c:kw> , and <d:kw>", lambda a, b, c, d: (a, b, c, d))
rule("kwline", "<k:kws> [.]")

# --- costs ---------------------------------------------------------------------------------------

rule("cost", "<m:manaseq>", lambda m: Cost("mana", mana=m))
rule("cost", "{T}", Cost("tap"))
rule("cost", "{Q}", Cost("untap"))
rule("cost", "sacrifice <o:obj>", lambda o: Cost("sacrifice", object=o))
rule("cost", "discard <c:cards>", lambda c: Cost("discard", amount=c))
rule("cost", "discard <o:obj>", lambda o: REJECT if _plain_cards(o) else Cost("discard", object=o))
rule("cost", "discard your hand", Cost("discard", detail="hand"))
rule("cost", "pay <n> life", lambda n: Cost("pay life", amount=n))
rule("cost", "pay {E}", Cost("energy", amount=Amount(1)))
rule("cost", "pay {E}{E}", Cost("energy", amount=Amount(2)))
rule("cost", "pay <e:energy>", lambda e: Cost("energy", amount=Amount(e)))
rule("energy", "{E} [<rest:energy>]", lambda rest=0: 1 + rest)
rule("cost", "remove <c:count> <k:counterkind> counter|counters from <o:obj>",
     lambda c, k, o: Cost("remove counters", object=o, amount=c, detail=k))
rule("cost", "put <c:count> <k:counterkind> counter|counters on <o:obj>",
     lambda c, k, o: Cost("put counters", object=o, amount=c, detail=k))
rule("cost", "exile <o:obj>", lambda o: Cost("exile", object=o))
rule("cost", "tap <o:obj>", lambda o: Cost("tap other", object=o))
rule("cost", "return <o:obj> to its owner's hand", lambda o: Cost("return", object=o))
rule("cost", "return <o:obj> to their owner's hand", lambda o: Cost("return", object=o))   # Gush
rule("cost", "exert ~", Cost("exert"))
rule("cost", "reveal <o:obj>", lambda o: Cost("reveal", object=o))
rule("cost", "mill <c:cards>", lambda c: Cost("mill", amount=c))
rule("cost", "collect evidence <n>", lambda n: Cost("collect evidence", amount=n))
rule("costs", "<a:cost>", lambda a: (a,))
rule("costs", "<a:cost> , <b:costs>", lambda a, b: (a, *b))
rule("costs", "<a:cost> and <b:cost>", lambda a, b: (a, b))

rule("counterkind", "@p:ptmod", lambda p: p)
rule("counterkind", "@w:counterword", lambda w: w)

# --- mana production -----------------------------------------------------------------------------

rule("mana", "<m:manaseq>", lambda m: ("exactly", m))
rule("mana", "<a:manasym1> or <b:manasym1>", lambda a, b: ("one of", a + b))
rule("mana", "<a:manasym1> , <b:manasym1> , or <c:manasym1>", lambda a, b, c: ("one of", a + b + c))
rule("mana", "one mana of any color", ("any color", "1"))
rule("mana", "<n:w> mana in any combination of colors", lambda n: ("any combination", str(n)))
rule("mana", "one mana of the chosen color", ("chosen color", "1"))
rule("mana", "<n:w> mana of any one color", lambda n: ("any one color", str(n)))
rule("mana", "one mana of any type that a land you control could produce",
     ("type a land you control could produce", "1"))
rule("mana", "one mana of any color that a land an opponent controls could produce",
     ("color a land an opponent controls could produce", "1"))
rule("manasym1", "@m:manasym")

# --- effects ---------------------------------------------------------------------------------------
# Each "clause" builds a tuple of Effect nodes.  The subject of an imperative is "you".

def _plain_cards(o: Obj) -> bool:
    """"a card" / "two cards" are read by <cards>, not as an object."""
    return o.kind == "a" and o.filter == Filter(("card",))


def _who(who):
    return who if who is not None else IMPLIED


# damage (120)
rule("clause", "<src:subj> deal|deals <n> damage to <to:objs>",
     lambda src, n, to: tuple(effect("damage", src, o, n) for o in to))
rule("clause", "<src:subj> deal|deals <n> damage to <a:obj> and <m:n> damage to <b:obj>",
     lambda src, n, a, m, b: T(effect("damage", src, a, n), effect("damage", src, b, m)))
rule("clause", "<src:subj> deal|deals damage equal to <q:quantity> to <to:objs>",
     lambda src, q, to: tuple(effect("damage", src, o, Amount(expr=q)) for o in to))
rule("clause", "<src:subj> deal|deals <n> damage divided as you choose among <to:obj>",
     lambda src, n, to: T(effect("damage", src, to, n, divided=True)))
rule("clause", "<src:subj> deal|deals damage to <to:objs> equal to <q:quantity>",
     lambda src, to, q: tuple(effect("damage", src, o, Amount(expr=q)) for o in to))
rule("clause", "<src:subj> deal|deals <n> damage to <to:objs> for each <f:forwhat>",
     lambda src, n, to, f: T(Modified("for each", f, tuple(effect("damage", src, o, n) for o in to))))
rule("clause", "<a:obj> fights <b:obj>", lambda a, b: T(effect("fight", a, b)))
rule("clause", "<a:obj> and <b:obj> fight each other", lambda a, b: T(effect("fight", a, b)))

# power/toughness and keywords until end of turn (611.2, 613.4c); when one subject has two
# verbs ("gets +2/+2 and gains flying"), the second names it as "it": one noun, one target.
rule("clause", "<who:subj> get|gets @pt:ptmod [<d:dur>]",
     lambda who, pt, d=None: T(effect("pump", who, amount=None, duration=d, pt=pt)))
rule("clause", "<who:subj> get|gets @pt:ptmod <d:dur> for each <f:forwhat>",
     lambda who, pt, d, f: T(Modified("for each", f, T(effect("pump", who, duration=d, pt=pt)))))
rule("clause", "<who:subj> get|gets @pt:ptmod for each <f:forwhat>",
     lambda who, pt, f: T(Modified("for each", f, T(effect("pump", who, pt=pt)))))
# 613.4d: "Switch target creature's power and toughness until end of turn" (layer 7d)
rule("clause", "switch target creature's power and toughness <d:dur>",
     lambda d: T(effect("switch pt", IMPLIED, Obj("target", Filter(("creature",))), duration=d)))
rule("clause", "until end of turn , <who:subj> get|gets @pt:ptmod",
     lambda who, pt: T(effect("pump", who, duration="end of turn", pt=pt)))
rule("clause", "<who:subj> gain|gains <k:kwlist> [<d:dur>]",
     lambda who, k, d=None: T(effect("gain keywords", who, duration=d, keywords=k)))
rule("clause", "until end of turn , <who:subj> gain|gains <k:kwlist>",
     lambda who, k: T(effect("gain keywords", who, duration="end of turn", keywords=k)))
rule("clause", "<who:subj> get|gets @pt:ptmod and gain|gains <k:kwlist> <d:dur>",
     lambda who, pt, k, d: T(effect("pump", who, duration=d, pt=pt),
                             effect("gain keywords", IT, duration=d, keywords=k)))
rule("clause", "until end of turn , <who:subj> get|gets @pt:ptmod and gain|gains <k:kwlist>",
     lambda who, pt, k: T(effect("pump", who, duration="end of turn", pt=pt),
                          effect("gain keywords", IT, duration="end of turn", keywords=k)))
rule("clause", "<who:subj> have|has <k:kwlist>",
     lambda who, k: T(effect("has keywords", who, keywords=k)))
rule("clause", "<who:subj> get|gets @pt:ptmod and have|has <k:kwlist>",
     lambda who, pt, k: T(effect("pump", who, pt=pt), effect("has keywords", IT, keywords=k)))
rule("clause", "<who:subj> have|has @q:quoted",
     lambda who, q: T(effect("has ability", who, ability=q)))
rule("clause", "<who:subj> have|has <k:kwlist> and @q:quoted",
     lambda who, k, q: T(effect("has keywords", who, keywords=k), effect("has ability", IT, ability=q)))
rule("clause", "<who:subj> get|gets @pt:ptmod and have|has @q:quoted",
     lambda who, pt, q: T(effect("pump", who, pt=pt), effect("has ability", IT, ability=q)))
rule("clause", "<who:subj> gain|gains @q:quoted [<d:dur>]",
     lambda who, q, d=None: T(effect("gain ability", who, duration=d, ability=q)))
rule("clause", "<who:subj> gain|gains <k:kwlist> and @q:quoted [<d:dur>]",
     lambda who, k, q, d=None: T(effect("gain keywords", who, duration=d, keywords=k),
                                 effect("gain ability", IT, duration=d, ability=q)))
rule("clause", "<who:subj> lose|loses <k:kwlist> [<d:dur>]",
     lambda who, k, d=None: T(effect("lose keywords", who, duration=d, keywords=k)))
rule("clause", "<who:subj> lose|loses all abilities [<d:dur>]",
     lambda who, d=None: T(effect("lose all abilities", who, duration=d)))
rule("clause", "<who:subj> has base power and toughness @pt:pt [<d:dur>]",
     lambda who, pt, d=None: T(effect("set base p/t", who, duration=d, pt=pt)))
rule("clause", "<who:subj> have base power and toughness @pt:pt [<d:dur>]",
     lambda who, pt, d=None: T(effect("set base p/t", who, duration=d, pt=pt)))

# cards (121, 701.8, 701.13)
rule("clause", "[<who:subj>] draw|draws <c:cards>",
     lambda c, who=None: T(effect("draw", _who(who), amount=c)))
rule("clause", "[<who:subj>] draw|draws <c:cards> for each <f:forwhat>",
     lambda c, f, who=None: T(Modified("for each", f, T(effect("draw", _who(who), amount=c)))))
rule("clause", "[<who:subj>] draw|draws cards equal to <q:quantity>",
     lambda q, who=None: T(effect("draw", _who(who), amount=Amount(expr=q))))
rule("clause", "[<who:subj>] discard|discards <c:cards>",
     lambda c, who=None: T(effect("discard", _who(who), amount=c)))
rule("clause", "[<who:subj>] discard|discards <c:cards> at random",
     lambda c, who=None: T(effect("discard", _who(who), amount=c, random=True)))
rule("clause", "[<who:subj>] discard|discards <o:obj>",
     lambda o, who=None: REJECT if _plain_cards(o) else T(effect("discard", _who(who), o)))
rule("clause", "[<who:subj>] discard|discards your|their hand",
     lambda who=None: T(effect("discard hand", _who(who))))
rule("clause", "[<who:subj>] mill|mills <c:cards>",
     lambda c, who=None: T(effect("mill", _who(who), amount=c)))
rule("clause", "scry <n>", lambda n: T(effect("scry", IMPLIED, amount=n)))
rule("clause", "surveil <n>", lambda n: T(effect("surveil", IMPLIED, amount=n)))
rule("clause", "<who:subj> scry|scries <n>", lambda who, n: T(effect("scry", who, amount=n)))
rule("clause", "[<who:subj>] shuffle|shuffles [your|their library]",
     lambda who=None: T(effect("shuffle", _who(who))))
rule("clause", "[<who:subj>] shuffle|shuffles <o:obj> into <l:library>",
     lambda o, l, who=None: T(effect("shuffle into library", _who(who), o, library=l)))
rule("clause", "[<who:subj>] reveal|reveals <o:obj>",
     lambda o, who=None: T(effect("reveal", _who(who), o)))
# "their hand" is another player's ("target player reveals their hand"), "your hand" the
# controller's ("reveal your hand"): "target opponent reveals your hand" means neither
rule("clause", "<who:subj> reveal|reveals their hand",
     lambda who: REJECT if who == YOU else T(effect("reveal hand", _who(who))))
rule("clause", "[<who:subj>] reveal|reveals your hand",
     lambda who=None: REJECT if who not in (None, YOU) else T(effect("reveal hand", _who(who))))
rule("clause", "look at <o:obj>'s hand", lambda o: T(effect("look at hand", IMPLIED, o)))
# "player's" is one word ("~'s" is two): the targets of "look at target player's hand"
rule("clause", "look at target player's hand",
     T(effect("look at hand", IMPLIED, Obj("target", Filter(("player",))))))
rule("clause", "look at target opponent's hand",
     T(effect("look at hand", IMPLIED, Obj("target", Filter(("opponent",))))))
# "You choose a nonland card from it [with mana value 3 or less]." after "Target player
# reveals their hand." (701.20): "it" is that hand
rule("clause", "you choose <o:obj> from it", lambda o: T(effect("choose from revealed hand", YOU, o)))
rule("clause", "you choose <o:obj> from it <q:qual>",
     lambda o, q: REJECT if o.filter is None else
     T(effect("choose from revealed hand", YOU,
              Obj(o.kind, Filter(o.filter.types, (*o.filter.props, q)), o.count, o.up_to))))
rule("clause", "investigate", T(effect("investigate", IMPLIED)))
rule("clause", "investigate twice", T(effect("investigate", IMPLIED, amount=Amount(2))))
rule("clause", "investigate <n:w> times",
     lambda n: REJECT if n.value in (None, 1, 2) else T(effect("investigate", IMPLIED, amount=n)))
rule("clause", "proliferate", T(effect("proliferate", IMPLIED)))
rule("clause", "populate", T(effect("populate", IMPLIED)))
rule("clause", "venture into the dungeon", T(effect("venture", IMPLIED)))
rule("clause", "you become the monarch", T(effect("become monarch", IMPLIED)))
rule("clause", "you take the initiative", T(effect("take initiative", IMPLIED)))
rule("clause", "the ring tempts you", T(effect("ring tempts", IMPLIED)))
rule("clause", "learn", T(effect("learn", IMPLIED)))
rule("clause", "amass @t:subtypes <n>", lambda t, n: T(effect("amass", IMPLIED, amount=n, type=t)))
rule("clause", "amass <n>", lambda n: T(effect("amass", IMPLIED, amount=n)))
rule("clause", "<who:subj> explore|explores", lambda who: T(effect("explore", who)))
rule("clause", "<who:subj> connive|connives", lambda who: T(effect("connive", who)))
rule("clause", "manifest the top card of your library", T(effect("manifest", IMPLIED)))
rule("clause", "you get <e:energy>", lambda e: T(effect("get energy", IMPLIED, amount=Amount(e))))
rule("clause", "adapt <n>", lambda n: T(effect("adapt", SELF, amount=n)))
rule("clause", "<who:subj> adapt|adapts <n>", lambda who, n: T(effect("adapt", who, amount=n)))
rule("clause", "bolster <n>", lambda n: T(effect("bolster", IMPLIED, amount=n)))
rule("clause", "support <n>", lambda n: T(effect("support", IMPLIED, amount=n)))
rule("clause", "monstrosity <n>", lambda n: T(effect("monstrosity", SELF, amount=n)))
rule("clause", "<who:subj> become|becomes monstrous", lambda who: T(effect("monstrous", who)))
rule("clause", "<who:subj> endure|endures <n>", lambda who, n: T(effect("endure", who, amount=n)))
rule("clause", "incubate <n>", lambda n: T(effect("incubate", IMPLIED, amount=n)))
rule("clause", "goad <o:obj>", lambda o: T(effect("goad", IMPLIED, o)))
rule("clause", "detain <o:obj>", lambda o: T(effect("detain", IMPLIED, o)))
rule("clause", "transform ~", T(effect("transform", IMPLIED, SELF)))
rule("clause", "<who:subj> phase|phases out", lambda who: T(effect("phase out", who)))

# life (119) and poison (122)
# Oracle names who gains or loses life ("you gain 3 life"); only a later clause of a list
# leaves the subject out ("you draw two cards and lose 2 life"): <clause_cont>.
for _cat, _subj in (("clause", "<who:subj>"), ("clause_cont", "")):
    rule(_cat, f"{_subj} gain|gains that much life",
         lambda who=None: T(effect("gain life", _who(who), amount=Amount(expr="that much"))))
    rule(_cat, f"{_subj} lose|loses that much life",
         lambda who=None: T(effect("lose life", _who(who), amount=Amount(expr="that much"))))
    rule(_cat, f"{_subj} gain|gains <n> life",
         lambda n, who=None: T(effect("gain life", _who(who), amount=n)))
    rule(_cat, f"{_subj} gain|gains life equal to <q:quantity>",
         lambda q, who=None: T(effect("gain life", _who(who), amount=Amount(expr=q))))
    rule(_cat, f"{_subj} gain|gains <n> life for each <f:forwhat>",
         lambda n, f, who=None: T(Modified("for each", f, T(effect("gain life", _who(who), amount=n)))))
    rule(_cat, f"{_subj} lose|loses <n> life",
         lambda n, who=None: T(effect("lose life", _who(who), amount=n)))
    rule(_cat, f"{_subj} lose|loses life equal to <q:quantity>",
         lambda q, who=None: T(effect("lose life", _who(who), amount=Amount(expr=q))))
    rule(_cat, f"{_subj} lose|loses <n> life for each <f:forwhat>",
         lambda n, f, who=None: T(Modified("for each", f, T(effect("lose life", _who(who), amount=n)))))
rule("clause", "<who:subj> get|gets <c:count> poison counter|counters",
     lambda who, c: T(effect("poison", who, amount=c)))

# permanents: destroy (701.7), exile (701.10), sacrifice (701.17), return, tap/untap (701.21)
rule("clause", "destroy <o:objs>", lambda o: tuple(effect("destroy", IMPLIED, x) for x in o))
rule("clause", "exile <o:objs>", lambda o: tuple(effect("exile", IMPLIED, x) for x in o))
# 406.3: a whole graveyard ("exile target player's graveyard"); the object is its owner
rule("gy_owner", "target player's", Obj("target", Filter(("player",))))
rule("gy_owner", "target opponent's", Obj("target", Filter(("opponent",))))
rule("gy_owner", "each opponent's", Obj("each", Filter(("opponent",))))
rule("gy_owner", "each player's", Obj("each", Filter(("player",))))
rule("gy_owner", "your", YOU)
rule("clause", "exile <o:gy_owner> graveyard", lambda o: T(effect("exile graveyard", IMPLIED, o)))
rule("clause", "exile <o:obj> until ~ leaves the battlefield",
     lambda o: T(effect("exile until leaves", IMPLIED, o)))
rule("clause", "[<who:subj>] sacrifice|sacrifices <o:obj>",
     lambda o, who=None: T(effect("sacrifice", _who(who), o)))
rule("clause", "return <o:obj> to its owner's hand", lambda o: T(effect("bounce", IMPLIED, o)))
rule("clause", "return <o:obj> to their owners' hands", lambda o: T(effect("bounce", IMPLIED, o)))
rule("clause", "return <o:obj> to your hand",
     lambda o: T(effect("bounce", IMPLIED, o, to="your hand")))
rule("clause", "return <o:selfish> from your graveyard to your hand",
     lambda o: T(effect("bounce", IMPLIED, o, zone="graveyard")))
rule("clause", "return <o:selfish> from your graveyard to the battlefield [<t:tapped>]",
     lambda o, t=None: T(effect("return to battlefield", IMPLIED, o, tapped=t, zone="graveyard")))
rule("selfish", "~", SELF)
rule("selfish", "it", IT)
rule("clause", "return <o:obj> to the battlefield [<t:tapped>] under <c:control>",
     lambda o, c, t=None: T(effect("return to battlefield", IMPLIED, o, tapped=t, control=c)))
rule("clause", "return <o:obj> to the battlefield [<t:tapped>]",
     lambda o, t=None: T(effect("return to battlefield", IMPLIED, o, tapped=t)))
rule("clause", "put <o:obj> from a graveyard onto the battlefield under your control",
     lambda o: T(effect("reanimate", IMPLIED, o, control="your")))
rule("clause", "put <o:obj> onto the battlefield [<t:tapped>]",
     lambda o, t=None: T(effect("put onto battlefield", IMPLIED, o, tapped=t)))
rule("clause", "put <o:obj> into your hand", lambda o: T(effect("put into hand", IMPLIED, o)))
rule("clause", "<who:subj> put|puts <o:obj> into their hand",
     lambda who, o: T(effect("put into hand", who, o)))
rule("clause", "put <o:obj> into its owner's graveyard",
     lambda o: T(effect("put into graveyard", IMPLIED, o)))
rule("clause", "put <o:obj> on top of its owner's library",
     lambda o: T(effect("put on top", IMPLIED, o)))
rule("clause", "put <o:obj> on the bottom of its owner's library",
     lambda o: T(effect("put on bottom", IMPLIED, o)))
rule("clause", "<who:subj> put|puts <o:obj> on the bottom of their library",
     lambda who, o: T(effect("put on bottom", who, o)))
rule("tapped", "tapped", "tapped")
rule("tapped", "tapped and attacking", "tapped and attacking")
rule("tapped", "transformed", "transformed")
rule("control", "your control", "your")
rule("control", "its owner's control", "its owner's")
rule("control", "their owners' control", "its owner's")
rule("clause", "tap <o:objs>", lambda o: tuple(effect("tap", IMPLIED, x) for x in o))
rule("clause", "untap <o:objs>", lambda o: tuple(effect("untap", IMPLIED, x) for x in o))
rule("clause", "tap or untap <o:obj>", lambda o: T(effect("tap or untap", IMPLIED, o)))
rule("clause", "gain control of <o:obj> [<d:dur>]",
     lambda o, d=None: T(effect("gain control", IMPLIED, o, duration=d)))
rule("clause", "regenerate <o:obj>", lambda o: T(effect("regenerate", IMPLIED, o)))
rule("clause", "remove <o:obj> from combat",                                  # 506.4
     lambda o: T(effect("remove from combat", IMPLIED, o)))
rule("clause", "<o:subj> can't be regenerated",
     lambda o: T(effect("can't be regenerated", None, o)))
rule("clause", "attach <a:obj> to <b:obj>", lambda a, b: T(effect("attach", IMPLIED, a, other=b)))
rule("clause", "counter <o:obj>", lambda o: T(effect("counter", IMPLIED, o)))
# 701.5a, 614.1a: where the countered spell goes (Force of Negation)
rule("clause", "if that spell is countered this way , exile it instead of putting it into its "
     "owner's graveyard", T(effect("countered: exile instead", None)))
rule("clause", "copy <o:obj>", lambda o: T(effect("copy", IMPLIED, o)))
rule("clause", "[<who:subj>] may choose new targets for the copy",
     lambda who=None: T(effect("choose new targets", _who(who))))
rule("clause", "<o:subj> perpetually gets @pt:ptmod", REJECT)      # digital-only wording

# counters (122)
rule("clause", "put <c:count> <k:counterkind> counter|counters on <o:objs>",
     lambda c, k, o: tuple(effect("add counters", IMPLIED, x, c, kind=k) for x in o))
rule("clause", "put <c:count> <k:counterkind> counter|counters on <o:obj> for each <f:forwhat>",
     lambda c, k, o, f: T(Modified("for each", f, T(effect("add counters", IMPLIED, o, c, kind=k)))))
rule("clause", "remove <c:count> <k:counterkind> counter|counters from <o:obj>",
     lambda c, k, o: T(effect("remove counters", IMPLIED, o, c, kind=k)))
rule("clause", "remove all <k:counterkind> counters from <o:obj>",
     lambda k, o: T(effect("remove counters", IMPLIED, o, Amount(expr="all"), kind=k)))
rule("clause", "double the number of <k:counterkind> counters on <o:obj>",
     lambda k, o: T(effect("double counters", IMPLIED, o, kind=k)))

# tokens (111)
rule("clause", "create <t:tokens>",
     lambda t: T(effect("create token", IMPLIED, amount=t[0], token=t[1])))
rule("clause", "<who:subj> create|creates <t:tokens>",
     lambda who, t: T(effect("create token", who, amount=t[0], token=t[1])))
rule("clause", "create <t:tokens> for each <f:forwhat>",
     lambda t, f: T(Modified("for each", f,
                             T(effect("create token", IMPLIED, amount=t[0], token=t[1])))))
rule("clause", "create a number of <t:tokens_pl> equal to <q:quantity>",
     lambda t, q: T(effect("create token", IMPLIED, amount=Amount(expr=q), token=t)))


def _tok(c, d, w=None, tapped=False, plural=False):
    if (c.value == 1) == plural:
        return REJECT                        # "a ... token", "two ... tokens"
    return (c, (("tapped " if tapped else "") + d, w) if w else ("tapped " if tapped else "") + d)


rule("tokens", "<c:count> <d:tokdesc> token [<w:tokwith>]", _tok)
rule("tokens", "<c:w> <d:tokdesc> tokens [<w:tokwith>]",
     lambda c, d, w=None: _tok(c, d, w, plural=True))
rule("tokens", "<c:count> tapped <d:tokdesc> token [<w:tokwith>]",
     lambda c, d, w=None: _tok(c, d, w, tapped=True))
rule("tokens", "<c:w> tapped <d:tokdesc> tokens [<w:tokwith>]",
     lambda c, d, w=None: _tok(c, d, w, tapped=True, plural=True))
rule("tokens", "<c:count> <d:tokdesc> token named @n:tokname [<w:tokwith>]",
     lambda c, d, n, w=None: _tok(c, d + " named " + n, w))
rule("tokens", "a token that's a copy of <o:obj>", lambda o: (Amount(1), "copy of " + o.phrase()))
rule("tokens_pl", "<d:tokdesc> tokens")
rule("tokdesc", "@pt:pt <c:tokcolors> <s:toksubtypes> <t:toktypes>",
     lambda pt, c, s, t: " ".join((pt, c, s, t)))
rule("tokdesc", "@pt:pt <c:tokcolors> <t:toktypes>", lambda pt, c, t: " ".join((pt, c, t)))
rule("tokdesc", "<c:tokcolors> <s:toksubtypes> <t:toktypes>", lambda c, s, t: " ".join((c, s, t)))
rule("tokdesc", "<s:named_token>")
for _nt in ("Treasure", "Food", "Clue", "Blood", "Gold", "Powerstone", "Map", "Incubator",
            "Junk", "Shard", "Lander", "Mutagen"):
    rule("named_token", _nt.lower(), _nt)
rule("tokcolors", "colorless", "colorless")
rule("tokcolors", "@a:color", lambda a: a)
rule("tokcolors", "@a:color and @b:color", lambda a, b: f"{a} and {b}")
rule("tokcolors", "@a:color , @b:color , and @c:color", lambda a, b, c: f"{a}, {b}, and {c}")
rule("toksubtypes", "@a:subtype [<b:toksubtypes>]", lambda a, b=None: f"{a} {b}" if b else a)
rule("toktypes", "creature", "creature")
rule("toktypes", "artifact creature", "artifact creature")
rule("toktypes", "enchantment creature", "enchantment creature")
rule("toktypes", "enchantment artifact creature", "enchantment artifact creature")
rule("toktypes", "artifact", "artifact")
rule("toktypes", "enchantment", "enchantment")
rule("toktypes", "land creature", "land creature")
rule("tokwith", "with <k:kwlist>", lambda k: "with " + " and ".join(x.name for x in k))
rule("tokwith", "that's all colors", "that's all colors")
rule("tokwith", "with @q:quoted", lambda q: ("with ability", q))
rule("tokwith", "with <k:kwlist> and @q:quoted", lambda k, q: ("with", k, q))

# turns and steps (500.7-500.10)
rule("clause", "take an extra turn after this one", T(effect("extra turn", IMPLIED)))
rule("clause", "<who:subj> takes an extra turn after this one",
     lambda who: T(effect("extra turn", who)))
# "skip your next ..." (you), "target player skips their next ..." (anyone else)
rule("clause", "[you] skip your next <s:stepname>",
     lambda s: T(effect("skip next step", IMPLIED, step=s)))
rule("clause", "[you] skip your next turn", T(effect("skip next turn", IMPLIED)))
rule("clause", "<who:subj> skips their|his|her next <s:stepname>",
     lambda who, s: REJECT if who == YOU else T(effect("skip next step", who, step=s)))
rule("clause", "<who:subj> skips their|his|her next turn",
     lambda who: REJECT if who == YOU else T(effect("skip next turn", who)))
rule("clause", "after this main phase , there is an additional combat phase followed by an "
     "additional main phase", T(effect("extra combat", None)))
rule("clause", "untap all creatures that attacked this turn",
     T(effect("untap", IMPLIED, Obj("all", Filter(("creature",), ("that attacked this turn",))))))
rule("stepname", "untap step", "untap")
rule("stepname", "upkeep step", "upkeep")
rule("stepname", "upkeep", "upkeep")
rule("stepname", "draw step", "draw")
rule("stepname", "combat phase", "combat")
rule("stepname", "end step", "end")
rule("stepname", "precombat main phase", "precombat main")
rule("stepname", "postcombat main phase", "postcombat main")
rule("stepname", "main phase", "main")

# mana (106)
rule("clause", "add <m:mana>", lambda m: T(effect("add mana", IMPLIED, mana=m)))
rule("clause", "add <m:mana> for each <f:forwhat>",
     lambda m, f: T(Modified("for each", f, T(effect("add mana", IMPLIED, mana=m)))))

# searching (701.19)
rule("clause", "search your library for <o:obj>", lambda o: T(effect("search", IMPLIED, o)))
rule("clause", "<who:subj> search|searches their library for <o:obj>",
     lambda who, o: T(effect("search", who, o)))
# "<player> may search their library for ...": the subject comes from "may" (fill_subject)
rule("clause", "search their library for <o:obj>",
     lambda o: T(effect("search", IMPLIED, o, library="their")))

# prevention (615) and restrictions (508, 509)
rule("clause", "prevent all combat damage that would be dealt this turn",
     T(effect("prevent all combat damage", None, duration="this turn")))
rule("clause", "prevent all damage that would be dealt to <o:obj> <d:dur>",
     lambda o, d: T(effect("prevent damage to", None, o, duration=d)))
rule("clause", "prevent all combat damage that would be dealt by <o:obj> <d:dur>",
     lambda o, d: T(effect("prevent combat damage by", None, o, duration=d)))
rule("clause", "prevent all damage that would be dealt by <o:obj> <d:dur>",
     lambda o, d: T(effect("prevent damage by", None, o, duration=d)))
rule("clause", "prevent the next <n> damage that would be dealt to <o:obj> <d:dur>",
     lambda n, o, d: T(effect("prevent next damage", None, o, n, duration=d)))
rule("clause", "prevent all combat damage that would be dealt to and dealt by <o:obj> <d:dur>",
     lambda o, d: T(effect("prevent combat damage to and by", None, o, duration=d)))
for _r in ("can't block", "can't attack", "can't attack or block", "can't be blocked",
           "can't block creatures with flying", "can't be countered",
           "can't be the target of spells or abilities your opponents control",
           "attacks each combat if able", "blocks each combat if able",
           "attacks each turn if able", "can block only creatures with flying",
           "can't be blocked by more than one creature", "can block any number of creatures",
           "can block an additional creature each combat", "can block an additional creature",
           "can't be blocked except by two or more creatures",
           "can't attack unless defending player controls an island",
           "can't attack alone", "can't block alone", "can't attack or block alone",
           "can't be blocked except by artifact creatures and/or black creatures",
           "can't be sacrificed", "can't transform", "can't cast spells", "can't gain life",
           "can't be the target of spells", "can attack as though it didn't have defender",
           "must be blocked if able", "can't be enchanted", "can't be equipped",
           ):
    rule("restriction", _r, _r)
rule("restriction", "can't be blocked by <f:filtern>",
     lambda f: f"can't be blocked by {f.phrase()}")
rule("restriction", "can't block <f:filtern>", lambda f: f"can't block {f.phrase()}")
rule("restriction", "can't be blocked except by <f:filtern>",
     lambda f: f"can't be blocked except by {f.phrase()}")
rule("clause", "<who:subj> <r:restriction> [<d:dur>]",
     lambda who, r, d=None: T(effect("restriction", who, duration=d, what=r)))
# a spell's own timing restriction (601.3, 506.6): "Cast this spell only during combat."
for _t in ("during combat", "before attackers are declared", "before blockers are declared",
           "during combat before blockers are declared",
           "during combat after blockers are declared", "before the combat damage step"):
    rule("clause", "cast ~ only " + _t, T(effect("cast timing", None, when=_t)))
# attack and block costs (508.1g-i, 509.1d-f) and caps (508.1c, 509.1b)
rule("clause", "creatures can't attack you unless their controller pays <m:manaseq> for each "
     "creature they control that's attacking you",
     lambda m: T(effect("combat cost", None, mana=m, what="attack you")))
rule("clause", "creatures can't attack you or planeswalkers you control unless their controller "
     "pays <m:manaseq> for each of those creatures",
     lambda m: T(effect("combat cost", None, mana=m, what="attack you or planeswalkers")))
rule("clause", "creatures can't block unless their controller pays <m:manaseq> for each of "
     "those creatures", lambda m: T(effect("combat cost", None, mana=m, what="block")))
rule("clause", "no more than <n:w> creature|creatures can attack each combat",
     lambda n: T(effect("combat cap", None, amount=n, what="attack")))
rule("clause", "no more than <n:w> creature|creatures can block each combat",
     lambda n: T(effect("combat cap", None, amount=n, what="block")))
# a blocking requirement (509.1c): "All creatures able to block ~ do so." (Lure)
rule("clause", "all creatures able to block <o:obj> do so",
     lambda o: T(effect("lure", None, o)))
rule("clause", "<who:subj> doesn't untap during <p:untap_whose> untap step",
     lambda who, p: T(effect("doesn't untap", who, whose=p)))
rule("clause", "<who:subj> don't untap during <p:untap_whose> untap step|steps",
     lambda who, p: T(effect("doesn't untap", who, whose=p)))
rule("clause", "<who:subj> doesn't untap during <p:untap_whose> next untap step",
     lambda who, p: T(effect("doesn't untap next", who, whose=p)))
rule("clause", "<who:subj> don't untap during <p:untap_whose> next untap step",
     lambda who, p: T(effect("doesn't untap next", who, whose=p)))
# 305.2a, one more land play each turn (Exploration)
rule("clause", "you may play an additional land on each of your turns",
     T(effect("extra land play", YOU)))
rule("untap_whose", "your", "your")
rule("untap_whose", "its controller's", "its controller's")
rule("untap_whose", "their controllers'", "its controller's")
rule("untap_whose", "that player's", "that player's")
rule("untap_whose", "their controller's", "its controller's")

# static abilities stated as facts (604)
rule("clause", "<o:subj> 's power and toughness are each equal to <q:quantity>",
     lambda o, q: T(effect("power and toughness equal", None, o, Amount(expr=q))))
rule("clause", "<o:subj> 's power is equal to <q:quantity>",
     lambda o, q: T(effect("power equal", None, o, Amount(expr=q))))
rule("clause", "<o:subj> 's toughness is equal to <q:quantity>",
     lambda o, q: T(effect("toughness equal", None, o, Amount(expr=q))))
rule("clause", "<o:subj> 's power is equal to <q:quantity> and its toughness is equal to <r:quantity>",
     lambda o, q, r: T(effect("power equal", None, o, Amount(expr=q)),
                       effect("toughness equal", None, IT, Amount(expr=r))))
rule("clause", "you may <c:costs> rather than pay ~'s mana cost",
     lambda c: T(effect("alternative cost", YOU, costs=c)))
rule("clause", "[<who:subj>] reveal|reveals cards from the top of <l:library> "
     "until you|they reveal <o:obj>",
     lambda l, o, who=None: T(effect("reveal until", _who(who), o, library=l)))
rule("clause", "put <o:obj> onto the battlefield and the rest <r:restwhere>",
     lambda o, r: T(effect("put onto battlefield", IMPLIED, o), effect("put rest", IMPLIED, where=r)))
rule("clause", "exile <o:obj> face down", lambda o: T(effect("exile", IMPLIED, o, face_down=True)))
rule("clause", "[<who:subj>] pay|pays <e:energy>",
     lambda e, who=None: T(effect("pay energy", _who(who), amount=Amount(e))))
rule("clause", "choose <o:obj>", lambda o: T(effect("choose", IMPLIED, o)))
rule("clause", "you may choose not to untap ~ during your untap step",
     T(effect("may choose not to untap", YOU, SELF)))
rule("clause", "if <o:subj> would be put into a graveyard from anywhere , <c:clauses> instead",
     lambda o, c: T(Modified("instead of going to a graveyard", o, c)))
rule("clause", "[<who:subj>] pay|pays <m:manaseq>",
     lambda m, who=None: T(effect("pay", _who(who), mana=m)))
rule("clause", "[<who:subj>] pay|pays <n> life",
     lambda n, who=None: T(effect("pay life", _who(who), amount=n)))
rule("clause", "transform <o:obj>", lambda o: T(effect("transform", IMPLIED, o)))
for _what in ("a color", "a creature type", "a card name", "a nonland card name",
              "a basic land type", "a number", "a nonartifact, nonland card name"):
    rule("clause", "choose " + _what, T(effect("choose", IMPLIED, what=_what)))
rule("clause", "look at <o:obj>", lambda o: T(effect("look at", IMPLIED, o)))
# the tutors (701.23): "search your library for a card, then shuffle and put that card on
# top" -- "on top" alone only here, after the shuffle of the library just searched
rule("clause", "shuffle and put <o:obj> on top",
     lambda o: T(effect("shuffle", IMPLIED), effect("put on top", IMPLIED, o, after="shuffle")))
rule("clause", "put <o:obj> on top of your library",
     lambda o: T(effect("put on top", IMPLIED, o, library="your")))
rule("clause", "put <o:obj> on the bottom of your library [in <r:libraryorder>]",
     lambda o, r=None: T(effect("put on bottom", IMPLIED, o, order=r)))
rule("clause", "put <o:obj> on top of your library in <r:libraryorder>",
     lambda o, r: T(effect("put on top", IMPLIED, o, order=r)))
rule("clause", "put them back in <r:libraryorder>",
     lambda r: T(effect("put back", IMPLIED, Obj("them"), order=r)))
rule("libraryorder", "a random order", "random")
rule("libraryorder", "any order", "any")
rule("clause", "put <o:obj> into your graveyard",
     lambda o: T(effect("put into graveyard", IMPLIED, o)))
rule("clause", "put <o:obj> into your hand and the rest <r:restwhere>",
     lambda o, r: T(effect("put into hand", IMPLIED, o), effect("put rest", IMPLIED, where=r)))
rule("clause", "put <c:w> of them into your hand and the rest <r:restwhere>",
     lambda c, r: T(effect("put into hand", IMPLIED, Obj("a", Filter(("card",), ("of them",)), c)),
                    effect("put rest", IMPLIED, where=r)))
rule("clause", "put one of them into your hand and the other <r:restwhere>",
     lambda r: T(effect("put into hand", IMPLIED, Obj("a", Filter(("card",), ("of them",)), Amount(1))),
                 effect("put rest", IMPLIED, where=r)))
rule("restwhere", "into your graveyard", "graveyard")
rule("restwhere", "on the bottom of your library [in <r:libraryorder>]", lambda r=None: "bottom")
rule("restwhere", "on top of your library in any order", "top")
rule("clause", "[<who:subj>] reveal|reveals <o:obj> from among them",
     lambda o, who=None: T(effect("reveal", _who(who), o, among="them")))
rule("clause", "put <o:obj> from among them into your hand",
     lambda o: T(effect("put into hand", IMPLIED, o, among="them")))
rule("clause", "put <o:obj> from among them onto the battlefield [<t:tapped>]",
     lambda o, t=None: T(effect("put onto battlefield", IMPLIED, o, among="them", tapped=t)))
rule("clause", "players skip their <s:stepname_pl>",
     lambda s: T(effect("skip steps", Obj("each", Filter(("player",))), step=s)))
rule("stepname_pl", "upkeep steps", "upkeep")
rule("stepname_pl", "untap steps", "untap")
rule("stepname_pl", "draw steps", "draw")
rule("clause", "<who:subj> enters [the battlefield] tapped",
     lambda who: T(effect("enters tapped", who)))
rule("clause", "<who:subj> enter|enters [the battlefield] tapped",
     lambda who: T(effect("enters tapped", who)))
rule("clause", "<who:subj> enters [the battlefield] with <c:count> <k:counterkind> "
     "counter|counters on it",
     lambda who, c, k: T(effect("enters with counters", who, amount=c, kind=k)))
rule("clause", "<who:subj> enters [the battlefield] with an additional <k:counterkind> counter on it",
     lambda who, k: T(effect("enters with counters", who, amount=Amount(1), kind=k, additional=True)))
# kicker: multikicker (702.33c) "~ enters with a +1/+1 counter on it for each time it was kicked"
rule("clause", "<who:subj> enters [the battlefield] with <c:count> <k:counterkind> "
     "counter|counters on it for each time it was kicked",
     lambda who, c, k: T(effect("enters with counters", who, amount=c, kind=k, **{"per kick": True})))
rule("clause", "you have no maximum hand size", T(effect("no maximum hand size", IMPLIED)))
rule("clause", "your maximum hand size is reduced by <n>",
     lambda n: T(effect("hand size", IMPLIED, amount=n)))
rule("clause", "you control <o:obj>", lambda o: T(effect("control", IMPLIED, o)))
rule("clause", "<o:subj> cost|costs <m:manaseq> less to cast",
     lambda o, m: T(effect("cost reduction", None, o, mana=m)))
rule("clause", "<o:subj> cost|costs <m:manaseq> more to cast",
     lambda o, m: T(effect("cost increase", None, o, mana=m)))
rule("clause", "<o:subj> cost|costs <m:manaseq> less to cast for each <f:forwhat>",
     lambda o, m, f: T(Modified("for each", f, T(effect("cost reduction", None, o, mana=m)))))
rule("clause", "<o:subj> cost|costs <m:manaseq> more to activate",
     lambda o, m: T(effect("activation cost increase", None, o, mana=m)))
rule("clause", "<o:subj> is|are <c:colorword>",
     lambda o, c: T(effect("is color", None, o, color=c)))
rule("clause", "<o:subj> is every creature type",
     lambda o: T(effect("is every creature type", None, o)))
rule("clause", "<o:subj> is|are indestructible", REJECT)
rule("colorword", "@c:color")
rule("colorword", "colorless", "colorless")
rule("clause", "<o:subj> can block as though it had reach",
     lambda o: T(effect("block as though reach", None, o)))
rule("clause", "you may look at the top card of your library any time",
     T(effect("look at top any time", IMPLIED)))
rule("clause", "<o:subj> can be your commander",
     lambda o: T(effect("can be your commander", None, o)))
rule("clause", "a deck can have any number of cards named ~",
     T(effect("any number in deck", None, SELF)))
rule("clause", "damage that would be dealt by <o:obj> can't be prevented",
     lambda o: T(effect("damage can't be prevented", None, o)))
rule("clause", "if <o:obj> would die , exile it instead",
     lambda o: T(effect("exile instead of dying", None, o)))
rule("clause", "<o:subj> assigns combat damage equal to its toughness rather than its power",
     lambda o: T(effect("assign damage by toughness", None, o)))

rule("forwhat", "<o:obj>", lambda o: o)
rule("forwhat", "<f:filter1>", lambda f: Obj("each", f))
rule("forwhat", "card in your hand", Obj("each", Filter(("card",), ("in your hand",))))
rule("forwhat", "creature it's blocking", Obj("each", Filter(("creature",), ("it's blocking",))))
rule("forwhat", "<k:counterkind> counter on ~", lambda k: f"{k} counter on ~")
rule("forwhat", "<k:counterkind> counter on it", lambda k: f"{k} counter on it")

# --- composing clauses into sentences ------------------------------------------------------------

rule("condition", "you control <o:obj>", lambda o: ("you control", o))
rule("condition", "you control no <f:filtern>", lambda f: ("you control no", f))
rule("condition", "you don't control <o:obj>", lambda o: ("you don't control", o))
rule("condition", "<o:obj> is|was <s:state>", lambda o, s: (s, o))
rule("condition", "it's your turn", ("your turn", None))
rule("condition", "it's not your turn", ("not your turn", None))
rule("condition", "you have <n> or more life", lambda n: ("life at least", n))
rule("condition", "you have <n> or less life", lambda n: ("life at most", n))
rule("condition", "you have at least <n> life more than your starting life total",
     lambda n: ("life above start", n))
rule("condition", "an opponent has <n> or less life", lambda n: ("opponent life at most", n))
rule("condition", "you have no cards in hand", ("no cards in hand", None))
rule("condition", "<o:obj> has <n:w> or more <k:counterkind> counters on it",
     lambda o, n, k: ("counters at least", (o, n, k)))
rule("condition", "you gained life this turn", ("gained life this turn", None))
rule("condition", "a creature died this turn", ("creature died this turn", None))
rule("condition", "you cast it from your hand", ("cast from hand", None))
rule("condition", "you attacked this turn", ("attacked this turn", None))
rule("condition", "it's a creature card", ("it is creature card", None))
rule("condition", "it's a land card", ("it is land card", None))
rule("condition", "that creature has power <n> or greater", lambda n: ("power at least", n))
rule("condition", "you control <n:w> or more <f:filtern>",       # "one or more": <obj>
     lambda n, f: REJECT if n.value == 1 else ("control at least", (n, f)))
rule("condition", "there are <n:w> or more cards in your graveyard",
     lambda n: ("graveyard at least", n))
rule("condition", "<o:obj> is a|an <f:filter1>", lambda o, f: ("is a", (o, f)))
rule("condition", "<o:obj> has flying", lambda o: ("has flying", o))
rule("condition", "seven or more cards are in your graveyard", ("threshold", None))
rule("condition", "there are <n:w> or more card types among cards in your graveyard",
     lambda n: ("card types in graveyard at least", n))
rule("condition", "no spells were cast last turn", ("no spells last turn", None))
rule("condition", "a player cast two or more spells last turn", ("two spells last turn", None))
rule("condition", "you have <n:w> or more cards in hand", lambda n: ("hand at least", n))
# conditions of static abilities (611.3a): "has flying as long as it's attacking"
rule("condition", "it's <s:state>", lambda s: (s, IT))
rule("condition", "an opponent controls <o:obj>", lambda o: ("opponent controls", o))
# mana value and revolt (202.3; Fatal Push): "if it has mana value N or less" of the object
# of the clause it follows, "a permanent you controlled left the battlefield this turn"
rule("condition", "it has mana value <n> or less", lambda n: ("it mana value at most", n))
rule("condition", "a permanent you controlled left the battlefield this turn", ("revolt", None))
for _s in ("tapped", "untapped", "attacking", "blocking", "kicked", "bargained",
           "attacking or blocking", "on the battlefield", "monstrous",
           "paired with another creature", "cast from your hand", "renowned",
           "equipped", "enchanted", "not attacking",
           "attacking alone", "blocking alone", "attacking or blocking alone"):     # 506.5
    rule("state", _s, _s)

rule("unless", "its controller pays <m:manaseq>", lambda m: ("its controller pays", m))
rule("unless", "that player pays <m:manaseq>", lambda m: ("that player pays", m))
rule("unless", "they pay <m:manaseq>", lambda m: ("they pay", m))
rule("unless", "you pay <m:manaseq>", lambda m: ("you pay", m))
rule("unless", "you pay <n> life", lambda n: ("you pay life", n))
rule("unless", "you control <w> or fewer other lands", lambda w: ("you control few lands", w))
rule("unless", "you control <w> or more other lands", lambda w: ("you control many lands", w))
rule("unless", "you control <w> or more basic lands", lambda w: ("you control many basic lands", w))
rule("unless", "you control a basic land", ("you control many basic lands", Amount(1)))
rule("unless", "you control a|an @a:basictype [or a|an @b:basictype]",           # check lands
     lambda a, b=None: ("you control a land type", (a,) if b is None else (a, b)))
rule("unless", "you sacrifice <o:obj>", lambda o: ("you sacrifice", o))
rule("unless", "you discard <o:obj>", lambda o: ("you discard", o))
rule("unless", "you return <o:obj> to its owner's hand", lambda o: ("you return", o))
rule("unless", "<who:obj> pays <n> life", lambda who, n: ("pays life", (who, n)))

rule("sub", "<c:clause>")
rule("sub", "you may <c:clauses2>", lambda c: T(Modified("may", None, c)))
rule("sub", "<who:obj> may <c:clauses2>",
     lambda who, c: REJECT if who == YOU else T(Modified("may", who, fill_subject(c, who))))
rule("sub", "<c:clause> unless <u:unless>", lambda c, u: T(Modified("unless", u, c)))
rule("sub", "<c:clause> if <k:condition>", lambda c, k: T(Modified("if", k, c)))
# "<clause> if <condition> instead if <condition>" (Fatal Push's revolt line): the second
# "if" says when the first replaces the sentence before (lower/mana_value.py)
rule("sub", "<c:clause> if <k:condition> instead if <j:condition>",
     lambda c, k, j: T(Modified("instead if", j, T(Modified("if", k, c)))))



def fill_subject(effects: tuple, who: Obj) -> tuple:
    """Give the implied subject of imperative clauses ("draw a card") its referent:
    "you" in a sentence, the player in "that player may draw a card"."""
    out = []
    for e in effects:
        if isinstance(e, Effect) and e.subject == IMPLIED:
            e = Effect(e.verb, who, e.object, e.amount, e.duration, e.extra)
        elif isinstance(e, Modified):
            e = Modified(e.how, e.detail, fill_subject(e.effects, who))
        elif isinstance(e, Modal):
            e = Modal(e.choose, tuple(fill_subject(m, who) for m in e.modes))
        out.append(e)
    return tuple(out)


def _seq(*subs: tuple):
    """Clauses in order.  "You may A, then B" gives "may" the whole rest of the sentence, so
    a "may" (or "unless") clause is never followed by another in the same list.  A clause
    without a subject after one with a subject shares it ("target player draws two cards
    and loses 2 life"): its subject becomes :data:`SAME`."""
    for s in subs[:-1]:
        if any(isinstance(x, Modified) and x.how in ("may", "unless") for x in s):
            return REJECT
    out = list(subs[0])
    for s in subs[1:]:
        prev = out[-1]
        if isinstance(prev, Effect) and prev.subject not in (None, IMPLIED):
            s = fill_subject(s, SAME)
        out.extend(s)
    return tuple(out)


rule("sub2", "<c:sub>")
rule("sub2", "<c:clause_cont>")
# "A", "A and B", "A, then B", "A, B, and C", "A, B, C, then D", "A, then B, then C" ...
rule("cmid", "<x:sub2>", lambda x: (x,))
rule("cmid", "<x:sub2> , <y:cmid>", lambda x, y: (x, *y))
rule("ctail", "and|then <b:sub2>", lambda b: (b,))
rule("ctail", ", and|then <b:sub2>", lambda b: (b,))
rule("ctail", ", then <b:sub2> <t:ctail>", lambda b, t: (b, *t))
# <clauses2> may start without a subject: "you may gain 1 life", "you may pay {1}"
for _name, _first in (("clauses", "sub"), ("clauses2", "sub2")):
    rule(_name, f"<a:{_first}>")
    rule(_name, f"<a:{_first}> <t:ctail>", lambda a, t: _seq(a, *t))
    rule(_name, f"<a:{_first}> , <m:cmid> <t:ctail>", lambda a, m, t: _seq(a, *m, *t))

rule("body", "<c:clauses>")
rule("body", "then <c:clauses>")
rule("body", "if <k:condition> , <c:clauses>", lambda k, c: T(Modified("if", k, c)))
rule("body", "if you do , <c:clauses>", lambda c: T(Modified("if you do", None, c)))
rule("body", "if <k:condition> , <c:clauses> instead", lambda k, c: T(Modified("instead if", k, c)))
rule("body", "when you do , <c:clauses>", lambda c: T(Modified("reflexive trigger", None, c)))
rule("clause", "<src:subj> deal|deals <n> damage instead",
     lambda src, n: T(effect("damage", src, None, n, instead=True)))
rule("body", "if you don't , <c:clauses>", lambda c: T(Modified("if you don't", None, c)))
rule("body", "otherwise , <c:clauses>", lambda c: T(Modified("otherwise", None, c)))
rule("body", "if it's a creature card , <c:clauses>",
     lambda c: T(Modified("if", ("it is creature card", None), c)))
rule("body", "as long as <k:condition> , <c:clauses>", lambda k, c: T(Modified("as long as", k, c)))
rule("body", "<c:clauses> as long as <k:condition>", lambda c, k: T(Modified("as long as", k, c)))
rule("body", "during your turn , <c:clauses>",
     lambda c: T(Modified("as long as", ("your turn", None), c)))
rule("body", "<c:clauses> , where x is <q:quantity>", lambda c, q: T(Modified("where X is", q, c)))
rule("body", "<c:clauses> at the beginning of the next <s:delayed_step>",
     lambda c, s: T(Modified("delayed", s, c)))
rule("body", "at the beginning of the next <s:delayed_step> , <c:clauses>",
     lambda s, c: T(Modified("delayed", s, c)))
rule("body", "at the beginning of your next <s:delayed_step> , <c:clauses>",
     lambda s, c: T(Modified("delayed", "your next " + s, c)))
rule("body", "<c:clauses> at the beginning of your next <s:delayed_step>",
     lambda c, s: T(Modified("delayed", "your next " + s, c)))
rule("body", "<c:clauses> at end of combat", lambda c: T(Modified("delayed", "end of combat", c)))
rule("delayed_step", "end step", "end")
rule("delayed_step", "upkeep", "upkeep")
rule("delayed_step", "turn's upkeep", "upkeep")
rule("delayed_step", "draw step", "draw")
rule("delayed_step", "combat", "beginning of combat")

# activation instructions (602.5)
rule("restrict", "activate only as a sorcery", "as a sorcery")
rule("restrict", "activate only during your upkeep", "during your upkeep")
rule("restrict", "activate only during your turn", "during your turn")
rule("restrict", "activate only once each turn", "once each turn")
rule("restrict", "activate only during combat", "during combat")
rule("restrict", "activate only before blockers are declared", "before blockers are declared")
rule("restrict", "activate only as a sorcery and only once each turn",
     "as a sorcery, once each turn")
rule("restrict", "activate only if <k:condition>", lambda k: ("if", k))
rule("restrict", "activate only if <k:condition> and only as a sorcery",
     lambda k: ("if, as a sorcery", k))
rule("restrict", "activate only during your turn and only once each turn",
     "during your turn, once each turn")
rule("restrict", "any player may activate this ability", "any player")
rule("restrict", "activate only from your graveyard", "from your graveyard")
rule("restrict", "activate only from your graveyard and only as a sorcery",
     "from your graveyard, as a sorcery")
rule("restrict", "you may activate this ability only once each turn", "once each turn")
rule("restrict", "this ability triggers only once each turn", "triggers once each turn")
rule("restrict", "this ability triggers only once", "triggers once")
rule("restrict", "spend this mana only to cast <o:obj>", lambda o: ("spend only", o))
# 118.7: a reduction of the ability's own cost, read with its activation instructions
rule("restrict", "this ability costs <m:manaseq> less to activate for each <f:forwhat>",
     lambda m, f: ("costs less", m, f))

# --- ability heads --------------------------------------------------------------------------------

rule("etb", "enters", "enters")
rule("etb", "enters the battlefield", "enters")
rule("event", "<o:obj> <e:etb>", lambda o, e: ("enters", o, ()))
rule("event", "<o:obj> <e:etb> under your control",
     lambda o, e: ("enters", o, (("control", "you"),)))
rule("event", "<o:obj> <e:etb> under an opponent's control",
     lambda o, e: ("enters", o, (("control", "an opponent"),)))
rule("event", "<o:obj> enter|enters the battlefield under your control",
     lambda o: ("enters", o, (("control", "you"),)))
rule("event", "<o:obj> enter", lambda o: ("enters", o, ()))
rule("event", "<o:obj> <e:etb> or attacks", lambda o, e: ("enters or attacks", o, ()))
rule("event", "<o:obj> <e:etb> or dies", lambda o, e: ("enters or dies", o, ()))
rule("event", "<o:obj> die|dies", lambda o: ("dies", o, ()))
rule("event", "<o:obj> is put into a graveyard from the battlefield", lambda o: ("dies", o, ()))
rule("event", "<o:obj> is put into your graveyard from the battlefield",   # 404.2: the owner's
     lambda o: ("dies", o, (("graveyard", "your"),)))
rule("event", "<o:obj> is put into an opponent's graveyard from anywhere",
     lambda o: ("put into opponent's graveyard", o, ()))
rule("event", "<o:obj> is put into your graveyard from anywhere",
     lambda o: ("put into your graveyard", o, ()))
rule("event", "<o:obj> leaves the battlefield", lambda o: ("leaves", o, ()))
rule("event", "<o:obj> attack|attacks", lambda o: REJECT if o == YOU else ("attacks", o, ()))
rule("event", "<o:obj> attacks alone", lambda o: ("attacks alone", o, ()))
rule("event", "<o:obj> attacks and isn't blocked", lambda o: ("attacks unblocked", o, ()))
rule("event", "<o:obj> attacks or blocks", lambda o: ("attacks or blocks", o, ()))
rule("event", "<o:obj> block|blocks", lambda o: ("blocks", o, ()))
rule("event", "<o:obj> blocks a creature", lambda o: ("blocks a creature", o, ()))   # 509.4b
rule("event", "<o:obj> blocks or becomes blocked", lambda o: ("blocks or becomes blocked", o, ()))
rule("event", "<o:obj> blocks or becomes blocked by a creature",
     lambda o: ("blocks or becomes blocked", o, ()))
rule("event", "<o:obj> becomes blocked", lambda o: ("becomes blocked", o, ()))
rule("event", "<o:obj> becomes blocked by a creature",                             # 509.4d
     lambda o: ("becomes blocked by a creature", o, ()))
rule("event", "<o:obj> becomes tapped", lambda o: ("becomes tapped", o, ()))
rule("event", "<o:obj> becomes untapped", lambda o: ("becomes untapped", o, ()))
rule("event", "<o:obj> becomes the target of a spell or ability",
     lambda o: ("becomes target", o, ()))
rule("event", "<o:obj> becomes the target of a spell or ability an opponent controls",
     lambda o: ("becomes target", o, (("by", "an opponent"),)))
rule("event", "<o:obj> becomes the target of a spell",
     lambda o: ("becomes target of spell", o, ()))
rule("event", "<o:obj> deal|deals combat damage to a player",
     lambda o: ("combat damage to player", o, ()))
rule("event", "<o:obj> deal|deals combat damage to an opponent",
     lambda o: ("combat damage to opponent", o, ()))
rule("event", "<o:obj> deal|deals combat damage to a player or planeswalker",
     lambda o: ("combat damage to player or planeswalker", o, ()))
rule("event", "<o:obj> deal|deals combat damage to a creature",
     lambda o: ("combat damage to creature", o, ()))
rule("event", "<o:obj> deal|deals combat damage", lambda o: ("combat damage", o, ()))
rule("event", "<o:obj> deal|deals damage to a player", lambda o: ("damage to player", o, ()))
rule("event", "<o:obj> deal|deals damage to an opponent", lambda o: ("damage to opponent", o, ()))
rule("event", "<o:obj> deal|deals damage to a creature", lambda o: ("damage to creature", o, ()))
rule("event", "<o:obj> deal|deals damage", lambda o: ("deals damage", o, ()))
rule("event", "<o:obj> is dealt damage", lambda o: ("dealt damage", o, ()))
rule("event", "<o:obj> cast|casts <s:obj>", lambda o, s: ("cast", o, (("spell", s),)))
rule("event", "you cast your <ord:ordinal> spell each turn",
     lambda ord: ("cast nth spell", YOU, (("n", ord),)))
rule("event", "you cycle ~", ("cycle", YOU, (("card", "~"),)))
rule("event", "you cycle or discard ~", ("cycle or discard", YOU, (("card", "~"),)))
rule("event", "you cycle another card", ("cycle", YOU, (("card", "another"),)))
rule("event", "you cycle or discard another card",
     ("cycle or discard", YOU, (("card", "another"),)))
rule("event", "<o:obj> gain|gains life", lambda o: ("gains life", o, ()))
rule("event", "<o:obj> lose|loses life", lambda o: ("loses life", o, ()))
rule("event", "<o:obj> draw|draws a card", lambda o: ("draws", o, ()))
rule("event", "you draw your second card each turn", ("draws second", YOU, ()))
rule("event", "<o:obj> discard|discards a card", lambda o: ("discards", o, ()))
rule("event", "<o:obj> sacrifice|sacrifices <s:obj>",
     lambda o, s: ("sacrifices", o, (("what", s),)))
rule("event", "you attack", ("you attack", YOU, ()))
rule("event", "you attack with one or more creatures", ("you attack", YOU, ()))
rule("event", "<o:obj> is turned face up", lambda o: ("turned face up", o, ()))
rule("event", "<o:obj> transforms into ~", lambda o: ("transforms into", o, ()))   # faces
rule("event", "<o:obj> transforms", lambda o: ("transforms", o, ()))
rule("event", "you cast this spell", ("cast", YOU, (("spell", SELF),)))
rule("event", "<o:obj> becomes the target of a spell or ability you control",
     lambda o: ("becomes target", o, (("by", "you"),)))
rule("event", "<o:obj> put|puts one or more <k:counterkind> counters on <s:obj>",
     lambda o, k, s: ("counters put", o, (("kind", k), ("on", s))))
rule("event", "you gain life for the first time each turn", ("gains life first", YOU, ()))
rule("event", "you expend <n>", lambda n: ("expend", YOU, (("n", n),)))

rule("at_step", "the beginning of your <s:stepname>", lambda s: (s, "your"))
rule("at_step", "the beginning of each <s:stepname>", lambda s: (s, "each"))
rule("at_step", "the beginning of the <s:stepname>", lambda s: (s, "each"))
rule("at_step", "the beginning of each player's <s:stepname>", lambda s: (s, "each"))
rule("at_step", "the beginning of each opponent's <s:stepname>", lambda s: (s, "opponent's"))
rule("at_step", "the beginning of combat on your turn", ("beginning of combat", "your"))
rule("at_step", "the beginning of each combat", ("beginning of combat", "each"))
rule("at_step", "the beginning of your end step", ("end", "your"))
rule("at_step", "end of combat", ("end of combat", "each"))
rule("at_step", "the beginning of the end step of enchanted permanent's controller",
     ("end", "enchanted permanent's controller's"))
rule("at_step", "the beginning of the upkeep of enchanted creature's controller",
     ("upkeep", "enchanted creature's controller's"))
rule("at_step", "the beginning of the upkeep of enchanted permanent's controller",
     ("upkeep", "enchanted permanent's controller's"))
rule("at_step", "the beginning of enchanted player's upkeep", ("upkeep", "enchanted player's"))
rule("at_step", "the beginning of enchanted creature's controller's upkeep",
     ("upkeep", "enchanted creature's controller's"))
rule("at_step", "the beginning of your precombat main phase", ("precombat main", "your"))
rule("at_step", "the beginning of your postcombat main phase", ("postcombat main", "your"))
rule("at_step", "the beginning of each end step", ("end", "each"))
rule("at_step", "the beginning of your first main phase", ("precombat main", "your"))
rule("at_step", "the beginning of your second main phase", ("postcombat main", "your"))


def _trig(word):
    def build(e):
        ev, subj, extra = e
        return trigger(word, ev, subj, **dict(extra))
    return build


rule("trig", "when <e:event>", _trig("when"))
rule("trig", "whenever <e:event>", _trig("whenever"))
rule("trig", "at <s:at_step>",
     lambda s: trigger("at", "beginning of step", None, step=s[0], whose=s[1]))

rule("choose", "choose one", "one")
rule("choose", "choose two", "two")
rule("choose", "choose three", "three")
rule("choose", "choose one or both", "one or both")
rule("choose", "choose one or more", "one or more")
rule("choose", "choose any number", "any number")
rule("choose", "choose one that hasn't been chosen", "one that hasn't been chosen")
rule("choose", "choose up to one", "up to one")
rule("choose", "choose two . you may choose the same mode more than once",
     "two (same mode allowed)")
rule("choose", "choose one . if you control a commander as you cast this spell , "
     "you may choose both instead", "one (both with a commander)")

def _leading_if(body: tuple) -> bool:
    """An "if" right after the trigger is an intervening-if clause (603.4), not an
    effect's condition: only the rule for it may read it."""
    return len(body) == 1 and isinstance(body[0], Modified) and body[0].how == "if"


# The first sentence of a line decides the kind of ability; later sentences continue it.
rule("first", "<k:trig> , <b:body>", lambda k, b: REJECT if _leading_if(b)
     else ("triggered", k, None, b))
rule("first", "<k:trig> , if <c:condition> , <b:body>", lambda k, c, b: ("triggered", k, c, b))
rule("first", "as an additional cost to cast ~ , <c:addcost>",
     lambda c: ("effects", None, None, T(effect("additional cost", None, costs=c))))
rule("addcost", "<c:costs>")
rule("addcost", "you may <c:costs>", lambda c: ("optional", c))
rule("addcost", "<a:cost> or <b:cost>", lambda a, b: ("one of", (a, b)))
rule("first", "as ~ <e:etb> , <b:body>", lambda e, b: ("effects", None, None,
                                                         T(Modified("as ~ enters", None, b))))
rule("first", "<c:costs> : <b:body>", lambda c, b: ("activated", c, None, b))
rule("first", "@s:signed : <b:body>",
     lambda s, b: ("activated", (Cost("loyalty", detail=s),), None, b))
rule("first", "0 : <b:body>", lambda b: ("activated", (Cost("loyalty", detail="0"),), None, b))
rule("first", "<b:body>", lambda b: ("effects", None, None, b))

rule("modal_head", "<c:choose> —", lambda c: ("effects", None, None, c))
rule("modal_head", "<k:trig> , <c:choose> —", lambda k, c: ("triggered", k, None, c))
rule("modal_head", "<k:trig> , if <d:condition> , <c:choose> —",
     lambda k, d, c: ("triggered", k, d, c))
rule("modal_head", "<x:costs> : <c:choose> —", lambda x, c: ("activated", x, None, c))
rule("modal_head", "@s:signed : <c:choose> —",
     lambda s, c: ("activated", (Cost("loyalty", detail=s),), None, c))

rule("more", "<b:body>", lambda b: ("effects", b))
rule("more", "<r:restrict>", lambda r: ("restrict", r))

G.check()


# --- entry points ------------------------------------------------------------------------------

class Unparsed(Exception):
    """Raised by the entry points below: ``phrase`` is the text that failed and
    ``stop`` the token index where the grammar stopped understanding it (or ``None``
    when the phrase has several readings)."""

    def __init__(self, tokens: list[str], stop: int | None, why: str = "unknown phrase"):
        self.tokens = tokens
        self.stop = stop
        self.why = why
        super().__init__(self.describe())

    @property
    def phrase(self) -> str:
        return detokenize(self.tokens)

    @property
    def unknown(self) -> str:
        """The words from where understanding stopped (a few of them)."""
        if self.stop is None:
            return self.phrase
        return detokenize(self.tokens[self.stop:self.stop + 6]) or "(end of sentence)"

    def describe(self) -> str:
        if self.stop is None:
            return f"{self.why}: {self.phrase!r}"
        return f"{self.why} at {self.unknown!r} in {self.phrase!r}"


def detokenize(tokens: list[str]) -> str:
    out = ""
    for t in tokens:
        if out and t not in (",", ".", ":", ";", "'s", "!", "?") and not out.endswith('"'):
            out += " "
        out += t
    return out


def _parse(rule_name: str, tokens: list[str]) -> Any:
    res = G.parse(rule_name, tokens)
    if not res.values:
        raise Unparsed(tokens, res.furthest)
    if res.ambiguous:
        raise Unparsed(tokens, None, "ambiguous phrase")
    return res.values[0]


def sentence(text: str) -> tuple:
    """Parse one effect sentence (no final period) into a tuple of effect nodes.

    >>> e, = sentence("Draw two cards")
    >>> e.verb, e.subject.kind, e.amount.value
    ('draw', 'you', 2)
    """
    return fill_subject(_parse("body", tokenize(text)), YOU)


def keyword_line(text: str) -> tuple:
    """Parse a line of keyword abilities ("Flying, first strike", "Equip {2}")."""
    return _parse("kwline", tokenize(text))


def split_sentences(tokens: list[str]) -> list[list[str]]:
    """Split at periods outside quotes; each sentence without its period."""
    out: list[list[str]] = [[]]
    quoted = False
    for t in tokens:
        if t == '"':
            quoted = not quoted
        if t == "." and not quoted:
            out.append([])
            continue
        out[-1].append(t)
    return [s for s in out if s]


_QUOTED: dict[str, Any] = {}           # placeholder token -> parsed quoted ability
_quote_serial = [0]


def _lift_quotes(tokens: list[str]) -> tuple[list[str], list[str]]:
    """Replace each quoted ability ('has "{T}: Add {G}."') by one placeholder token whose
    value (for the ``@quoted`` terminal) is the ability parsed on its own."""
    out: list[str] = []
    made: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i] != '"':
            out.append(tokens[i])
            i += 1
            continue
        try:
            j = tokens.index('"', i + 1)
        except ValueError:
            raise Unparsed(tokens, i, "unbalanced quote") from None
        inner = tokens[i + 1:j]
        if inner and inner[-1] == ".":
            inner = inner[:-1]
        try:
            node = parse_line(inner)
        except Unparsed as err:
            raise Unparsed(tokens, i + 1 + (err.stop or 0)) from None
        if isinstance(node, tuple) and node and node[0] == "effects":
            node = Static(node[1])
        _quote_serial[0] += 1
        ph = f"#q{_quote_serial[0]}"
        _QUOTED[ph] = node
        made.append(ph)
        out.append(ph)
        i = j + 1
    return out, made


def parse_line(tokens: list[str], modes: list[list[str]] | None = None) -> Any:
    """Parse one ability line (tokens from :func:`.text.tokenize`) into an ability node:
    :class:`Keyword` tuple, :class:`Activated`, :class:`Triggered`, or a ``("effects",
    effects)`` pair that the caller turns into a spell or static ability.  Raises
    :class:`Unparsed` with the phrase that failed.  A quoted ability is parsed on its own
    (its ``~`` is whatever object has it)."""
    lifted, made = _lift_quotes(tokens)
    try:
        return _parse_line(lifted, modes)
    finally:
        for ph in made:
            _QUOTED.pop(ph, None)


def _parse_line(tokens: list[str], modes: list[list[str]] | None) -> Any:
    if modes:
        head = _parse("modal_head", tokens)
        kind, a, cond, choose = head
        parsed_modes = []
        for m in modes:
            effects: tuple = ()
            m, made = _lift_quotes(m)
            for s in split_sentences(m):
                effects += _parse("body", s)
            parsed_modes.append(effects)
        body: tuple = (Modal(choose, tuple(parsed_modes)),)
        return _assemble(kind, a, cond, body, ())
    kws = G.parse("kwline", tokens)
    if kws.ok:
        return kws.values[0]
    sents = split_sentences(tokens)
    if not sents:
        raise Unparsed(tokens, 0)
    try:
        kind, a, cond, body = _parse("first", sents[0])
    except Unparsed as err:
        # a keyword line that failed is reported as such when it went further
        if kws.furthest > (err.stop or 0) and err.stop is not None:
            raise Unparsed(tokens, kws.furthest) from None
        raise
    restrictions: list = []
    for s in sents[1:]:
        what, val = _parse("more", s)
        if what == "restrict":
            restrictions.append(val)
        else:
            if restrictions:
                raise Unparsed(s, 0, "effect after activation instructions")
            body = body + val
    return _assemble(kind, a, cond, body, tuple(restrictions))


def _assemble(kind, a, cond, body, restrictions):
    body = fill_subject(body, YOU)
    if kind == "triggered":
        if restrictions not in ((), ("triggers once each turn",), ("triggers once",)):
            raise Unparsed([], None, "activation instructions on a triggered ability")
        return Triggered(a, body, cond, restrictions[0] if restrictions else None)
    if kind == "activated":
        return Activated(a, body, restrictions)
    if restrictions:
        raise Unparsed([], None, "activation instructions without a cost")
    return ("effects", body)


# --- a pump or keyword grant and a combat restriction with one subject (509.1b):
# "~ gets +1/+0 until end of turn and can't be blocked this turn" -- "it" is the subject again
rule("clause", "<who:subj> get|gets @pt:ptmod <d:dur> and <r:restriction> <e:dur>",
     lambda who, pt, d, r, e: T(effect("pump", who, duration=d, pt=pt),
                                effect("restriction", IT, duration=e, what=r)))
rule("clause", "<who:subj> gain|gains <k:kwlist> <d:dur> and <r:restriction> <e:dur>",
     lambda who, k, d, r, e: T(effect("gain keywords", who, duration=d, keywords=k),
                               effect("restriction", IT, duration=e, what=r)))
