"""Alternative costs (118.9) and evoke (702.74a): "[If <condition>,] you may <costs> rather than
pay this spell's mana cost" on an instant or sorcery (a layer of :data:`.registry.SPELLS`),
and "Evoke [cost]" on a permanent card (a layer of :data:`.registry.KEYWORDS`, giving its
:func:`~mtg_core.cards.Evoke` and :func:`~mtg_core.cards.EvokeSacrifice`).  The card language
side is :mod:`mtg_core.cards.alternative_costs` / :mod:`mtg_core.cards.evoke`; the core's,
src/rules/alternative_costs.pxi.

The costs read: mana (an evoke cost), "pay N life", "exile a/two <colour> card(s) from your
hand", "return a/two <land type>(s) you control to its/their owner's hand", "sacrifice a/two
<land type>(s)"; the conditions: "if it's not your turn", "if it's your turn", "if you control
a <land type>".  Everything else is refused with what it is ("alternative cost: condition
...", "alternative cost: cost ...").

>>> from mtg_core.oracle import import_card
>>> r = import_card("Daze", "{1}{U}", "Instant", "You may return an Island you control to its "
...                 "owner's hand rather than pay this spell's mana cost.\\nCounter target spell "
...                 "unless its controller pays {1}.")
>>> r.card.abilities[0].alternative
AlternativeCost(cost="Return an Island you control to its owner's hand", condition='', evoke=False)
"""
from __future__ import annotations

from typing import Any

from ... import cards as C
from ...cards.subtypes import LAND_SUBTYPES
from . import registry as R
from ..nodes import Cost, Effect, Keyword, Modified, Obj
from .context import Inexpressible, UnsupportedKeyword
from .costs import activation_cost

_COLOURS = ("white", "blue", "black", "red", "green")
_NUMBER_WORDS = {1: "a", 2: "two", 3: "three"}


def _count(o: Obj) -> int:
    if o.count is None:
        return 1
    if o.up_to or o.count.expr is not None or o.count.value not in (2, 3):
        raise Inexpressible("alternative cost: a count")
    return o.count.value


def _land_type(o: Obj, props: tuple) -> str:
    """The land type (205.3i) of "an Island [you control]" / "two Mountains"."""
    if not isinstance(o, Obj) or o.kind != "a" or o.filter is None or \
            len(o.filter.types) != 1 or tuple(o.filter.props) != props or \
            o.filter.types[0] not in LAND_SUBTYPES:
        raise Inexpressible("alternative cost: what it takes")
    return o.filter.types[0]


def _plural(n: int, word: str) -> str:
    return word if n == 1 or word.endswith("s") else word + "s"


def cost_words(c: Cost) -> str:
    """One part of an alternative cost in the language's words (AlternativeCost's cost)."""
    o = c.object
    if c.kind == "mana" and c.mana:
        return activation_cost((c,))
    if c.kind == "pay life" and o is None and c.amount is not None and c.amount.expr is None \
            and isinstance(c.amount.value, int) and c.amount.value > 0 and c.detail is None:
        return f"Pay {c.amount.value} life"
    if c.amount is not None or c.detail is not None or not isinstance(o, Obj):
        raise Inexpressible(f"alternative cost: cost {c.kind}")
    if c.kind == "exile" and o.kind == "a" and o.filter is not None and \
            o.filter.types == ("card",) and len(o.filter.props) == 2 and \
            o.filter.props[0] in _COLOURS and o.filter.props[1] == "from your hand":
        n = _count(o)                                 # "exile a blue card from your hand"
        return f"Exile {_NUMBER_WORDS[n]} {o.filter.props[0]} {_plural(n, 'card')} from your hand"
    if c.kind == "return":
        t = _land_type(o, ("you control",))
        n = _count(o)
        return (f"Return {'an' if n == 1 and t[0] in 'AEIOU' else _NUMBER_WORDS[n]} "
                f"{_plural(n, t)} you control to {'its' if n == 1 else 'their'} owner's hand")
    if c.kind == "sacrifice":
        t = _land_type(o, ())
        n = _count(o)
        return f"Sacrifice {'an' if n == 1 and t[0] in 'AEIOU' else _NUMBER_WORDS[n]} {_plural(n, t)}"
    raise Inexpressible(f"alternative cost: cost {c.kind}")


def _costs(costs: Any) -> str:
    if not isinstance(costs, tuple) or not costs or not all(isinstance(c, Cost) for c in costs):
        raise Inexpressible("alternative cost: costs")
    return ", ".join(cost_words(c) for c in costs)


def _condition(detail: Any) -> str:
    """"If it's not your turn" / "If it's your turn" / "If you control a Swamp"."""
    if detail == ("not your turn", None):
        return "not your turn"
    if detail == ("your turn", None):
        return "your turn"
    if isinstance(detail, tuple) and len(detail) == 2 and detail[0] == "you control":
        return f"you control a {_land_type(detail[1], ())}"
    raise Inexpressible("alternative cost: condition")


def states_alternative_cost(e: Any) -> bool:
    """Is this effect node "[If ...,] you may <costs> rather than pay this spell's mana cost"?"""
    return (isinstance(e, Effect) and e.verb == "alternative cost") or \
        (isinstance(e, Modified) and e.how == "if" and len(e.effects) == 1 and
         isinstance(e.effects[0], Effect) and e.effects[0].verb == "alternative cost")


def _alternative(e: Any) -> "C.AlternativeCost | None":
    """The alternative cost an effect node states, or None if it isn't one."""
    if not states_alternative_cost(e):
        return None
    cond = ""
    if isinstance(e, Modified):
        cond = _condition(e.detail)
        e = e.effects[0]
    if e.subject != Obj("you") or e.object is not None or e.amount is not None or \
            e.duration is not None or [k for k, _ in e.extra] != ["costs"]:
        raise Inexpressible("alternative cost: more than its costs")
    return C.AlternativeCost(_costs(e.get("costs")), cond)


# --- "You may <costs> rather than pay this spell's mana cost" on an instant or sorcery ------------
@R.SPELLS.layer("alternative cost")
def lower_spell(rest, effects: tuple, sorcery: bool = False, x: bool = False, kicker: str = "",
                flashback: str = "", layout: str | None = None) -> "C.SpellAbility":
    """The spell's other effects by the chain below; the alternative cost (one, 118.9a) joins
    its spell ability."""
    alts, body = [], []
    for e in effects:
        a = _alternative(e)
        (body if a is None else alts).append(e if a is None else a)
    if len(alts) > 1:
        raise Inexpressible("two alternative costs")               # 118.9a: one is paid
    if alts and not body:            # only as the to-do list of a refused card (importer.py)
        return C.SpellAbility(alternative=alts[0])
    spell = rest(tuple(body), sorcery=sorcery, x=x, kicker=kicker, flashback=flashback,
                 layout=layout)
    if not alts:
        return spell
    return C.SpellAbility(*spell.effects, targets=spell.targets, timing=spell.timing,
                          modes=spell.modes, choose=spell.choose,
                          additional_cost=spell.additional_cost, kicker=spell.kicker,
                          flashback=spell.flashback, alternative=alts[0])


# --- "Evoke [cost]" on a permanent (702.74a) ------------------------------------------------------
@R.KEYWORDS.layer("evoke")
def lower_keyword(rest, k: Keyword, is_equipment: bool, is_aura: bool,
                  is_spell: bool = False) -> tuple[str, Any]:
    """Its spell ability with the evoke cost, and the sacrifice trigger evoke stands for."""
    if k.name != "evoke":
        return rest(k, is_equipment, is_aura, is_spell)
    if is_spell or is_aura:
        raise UnsupportedKeyword("keyword: evoke (not a creature card)", "evoke")
    if isinstance(k.param, str) and k.param.startswith("{"):
        cost = activation_cost((Cost("mana", mana=k.param),))
    elif isinstance(k.param, tuple):
        cost = _costs(k.param)
    else:
        raise UnsupportedKeyword("keyword: evoke (its cost)", "evoke")
    return "abilities", (C.Evoke(cost), C.EvokeSacrifice())
