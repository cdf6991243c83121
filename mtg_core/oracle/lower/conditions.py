"""Conditions of intervening "if" clauses (603.4) and of effects' "if" (608.2c), the
layers of :data:`.registry.CONDITIONS`: the base layer's "if you control a/an/another [type]",
"if you control N or more [type]s" (metalcraft), "if you have no cards in hand"; then the
ability words morbid ("if a creature died this turn"), raid ("if you attacked this turn"),
ferocious ("if you control a creature with power 4 or greater"), delirium ("if there are
four or more card types among cards in your graveyard"), revolt ("if a permanent you
controlled left the battlefield this turn"), threshold, "if it's (not) your
turn", life totals, "if you control no [type]s", cards in hand.

Anything else raises :class:`.context.Inexpressible`.
"""
from __future__ import annotations

import re
from typing import Any

from ... import cards as C
from ..nodes import Amount, Filter, Obj
from . import registry as R
from .context import Inexpressible
from .modifiers import _count_words

_POWER = re.compile(r"with power (\d+) or greater")


def _value(n: Any) -> int | None:
    return n.value if isinstance(n, Amount) and n.expr is None else None


@R.CONDITIONS.layer(R.BASE)
def _condition(cond: Any) -> "C.Condition":
    """An intervening "if" (603.4) the core checks: "if you control a/an/another [type]",
    "if you control N or more [type]s" (metalcraft)."""
    if isinstance(cond, tuple) and len(cond) == 2 and cond[0] == "you control" and \
            isinstance(cond[1], Obj) and cond[1].kind in ("a", "an", "another") and \
            cond[1].filter is not None and not cond[1].filter.props and cond[1].count is None:
        o = cond[1]
        return C.AtLeast(_count_words(Obj(o.kind, Filter(o.filter.types, ("you control",)))), 1)
    if isinstance(cond, tuple) and len(cond) == 2 and cond[0] == "control at least" and \
            isinstance(cond[1], tuple) and len(cond[1]) == 2:
        n, f = cond[1]
        if isinstance(n, Amount) and n.value is not None and isinstance(f, Filter) and not f.props:
            return C.AtLeast(_count_words(Obj("each", Filter(f.types, ("you control",)))), n.value)
    if cond == ("no cards in hand", None):                      # "if you have no cards in hand"
        return C.AtMost("card in your hand", 0)
    raise Inexpressible("intervening if clause")


@R.CONDITIONS.layer("more conditions")
def after_base(rest, cond: Any) -> "C.Condition":
    """The base's conditions first; when it can't say ``cond``, :func:`more_condition`."""
    try:
        return rest(cond)
    except Inexpressible:
        return more_condition(cond)


def more_condition(cond: Any) -> "C.Condition":
    """``cond`` is the grammar's ("kind", argument) pair."""
    def no():
        return Inexpressible("intervening if clause")
    if cond in (("tapped", Obj("self")), ("untapped", Obj("self"))):
        return C.SelfTapped(cond[0] == "tapped")      # "if ~ is tapped / untapped" (603.4)
    if not isinstance(cond, tuple) or len(cond) != 2:
        raise no()
    kind, arg = cond
    if kind in ("attacking alone", "blocking alone", "attacking or blocking alone") and \
            arg == Obj("it"):
        return C.WasAlone(kind[:-len(" alone")])      # 506.5, as it last existed (603.10a)
    if kind == "creature died this turn" and arg is None:
        return C.CreatureDiedThisTurn()
    if kind == "attacked this turn" and arg is None:
        return C.YouAttackedThisTurn()
    if kind == "revolt" and arg is None:                # "... left the battlefield this turn"
        return C.Revolt()
    if kind in ("your turn", "not your turn") and arg is None:
        return C.YourTurn(kind == "your turn")
    if kind == "no spells last turn" and arg is None:           # faces: werewolves
        return C.NoSpellsCastLastTurn()
    if kind == "two spells last turn" and arg is None:
        return C.PlayerCastTwoSpellsLastTurn()
    if kind == "card types in graveyard at least" and _value(arg):
        return C.GraveyardCardTypesAtLeast(_value(arg))
    if kind == "threshold" and arg is None:                 # "seven or more cards are in ..."
        return C.AtLeast("card in your graveyard", 7)
    if kind == "graveyard at least" and _value(arg):
        return C.AtLeast("card in your graveyard", _value(arg))
    if kind == "hand at least" and _value(arg):
        return C.AtLeast("card in your hand", _value(arg))
    if kind in ("life at least", "life at most", "opponent life at most") and \
            _value(arg) is not None:
        return {"life at least": C.LifeAtLeast, "life at most": C.LifeAtMost,
                "opponent life at most": C.OpponentLifeAtMost}[kind](_value(arg))
    if kind == "you control no" and isinstance(arg, Filter) and arg.types and not arg.props:
        return C.AtMost(_count_words(Obj("each", Filter(arg.types, ("you control",)))), 0)
    if kind == "you don't control" and isinstance(arg, Obj) and arg.kind in ("a", "an") and \
            arg.count is None and arg.filter is not None and arg.filter.types and \
            not arg.filter.props:
        return C.AtMost(_count_words(Obj("each", Filter(arg.filter.types, ("you control",)))), 0)
    if kind == "you control" and isinstance(arg, Obj) and arg.kind in ("a", "an", "another") \
            and arg.count is None and arg.filter is not None and arg.filter.types == ("creature",):
        props = list(arg.filter.props)
        another = arg.kind == "another"
        if "other" in props:                                   # "another creature with ..."
            props.remove("other")
            another = True
        if len(props) == 1 and _POWER.fullmatch(props[0]):
            return C.ControlPowerAtLeast(int(_POWER.fullmatch(props[0]).group(1)), another)
    raise no()
