"""Lowering granted abilities (613.1f): 'Enchanted creature has "{T}: This creature deals 1
damage to any target."', 'Equipped creature gets +1/+1 and has "..."', 'Lands you control
have "{T}: Add {G}."', 'All Slivers have "Sacrifice this permanent: ..."'.

The quoted ability becomes a :class:`~mtg_core.cards.GrantAbility` change of a static
ability of the layer system whose affected set is the sentence's subject; inside the quote
"this creature" (``~``) is the object that has the ability (the host).  Activated, mana and
triggered abilities (at the beginning of a step, or on the host's own events) can be granted;
a quoted static ability, or a trigger needing the look-back of 603.10 ("dies"), is refused
with a reason.

>>> from mtg_core.oracle.importer import import_card
>>> r = import_card("Test Aura", "{R}", "Enchantment — Aura",
...                 'Enchant creature\\nEnchanted creature has "{T}: This creature deals 1 '
...                 'damage to any target."')
>>> r.ok, type(r.card.abilities[-1].changes[0]).__name__
(True, 'GrantAbility')
"""
from __future__ import annotations

import re
from typing import Any

from ... import cards as C
from ..nodes import Activated, Effect, Filter, Obj, Triggered
from ..text import self_names
from . import registry as R
from .context import Inexpressible
from .groups import _ly_group

# "enchanted <noun>" / "equipped <noun>" subjects -> the StaticAbility's affected set
_ATTACHED = {("enchanted", "creature"): "enchanted creature",
             ("enchanted", "land"): "enchanted permanent",
             ("enchanted", "artifact"): "enchanted permanent",
             ("enchanted", "artifact creature"): "enchanted permanent",
             ("enchanted", "enchantment"): "enchanted permanent",
             ("enchanted", "permanent"): "enchanted permanent",
             ("equipped", "creature"): "equipped creature"}


def _affected(subj: Obj, attach_kind: str | None) -> dict[str, Any]:
    """The StaticAbility keywords (affects and filter) for the subject of "has"."""
    if subj.kind in ("enchanted", "equipped"):
        f = subj.filter
        if subj.kind != attach_kind or f is None or len(f.types) != 1 or f.props or \
                (subj.kind, f.types[0]) not in _ATTACHED:
            raise Inexpressible(f"static: has ability ({subj.phrase()})")
        return {"affects": _ATTACHED[(subj.kind, f.types[0])]}
    if subj == Obj("self"):
        raise Inexpressible("static: has ability (~)")
    return _ly_group(subj)


def _granted(q: Any, layout: str | None) -> C.Ability:
    """The quoted ability as an ability of the card language (activated or mana)."""
    if isinstance(q, Triggered):
        ab = R.TRIGGERED(q, layout)
        try:
            C.GrantAbility(ab).check()
        except C.CardScriptError:
            raise Inexpressible(f"static: has triggered ability ({getattr(ab, 'at', '?')})") from None
        return ab
    if not isinstance(q, Activated):
        raise Inexpressible("static: has quoted static ability")
    ab = R.ACTIVATED(q, layout)
    if not isinstance(ab, (C.ActivatedAbility, C.ManaAbility)) or isinstance(ab, C.LoyaltyAbility):
        raise Inexpressible("static: has loyalty ability")
    return ab


def _names_granting_card(text: str, name: str) -> bool:
    """Does a quoted ability of the Oracle text name the card itself?  (There the name is
    the granting card, not the object that has the ability: refused, not misread.)"""
    for quoted in re.findall(r'"([^"]*)"', text.replace("\u201c", '"').replace("\u201d", '"')):
        for n in self_names(name):
            if re.search(r"(?<![\w'-])" + re.escape(n) + r"(?![\w-])", quoted):
                return True
    return False


def split_grants(effects: tuple, attach_kind: str | None, text: str, name: str,
                 layout: str | None = None) -> tuple[tuple, list[C.StaticAbility]]:
    """Split the 'has "<ability>"' sentences (613.1f) off a static ability's effects:
    returns the other effects (for :func:`.statics.lower_static`) and one StaticAbility per
    affected set with its GrantAbility changes.  ``layout``: the multi-face card's when this
    is one of its faces (:attr:`.context.Ctx.layout`)."""
    rest: list = []
    out: list[C.StaticAbility] = []
    previous = None
    for e in effects:
        if not isinstance(e, Effect):
            rest.append(e)
            previous = None
            continue
        subj = previous if e.subject == Obj("it") and previous is not None else e.subject
        if e.verb == "control" and attach_kind == "enchanted" and e.subject == Obj("you") and \
                not e.extra and e.duration is None and e.amount is None and \
                isinstance(e.object, Obj) and e.object.kind == "enchanted":
            # 613.1b (layer 2): "You control enchanted creature." (Mind Control)
            out.append(C.StaticAbility(_affected(e.object, attach_kind)["affects"], C.YouControl()))
            previous = e.object
            continue
        if e.verb != "has ability":
            rest.append(e)
            previous = e.subject
            continue
        if e.duration is not None or e.object is not None or subj is None or \
                set(k for k, _ in e.extra) != {"ability"}:
            raise Inexpressible("static: has ability")
        if _names_granting_card(text, name):
            raise Inexpressible("static: has ability naming the granting card")
        kw = _affected(subj, attach_kind)
        affects = kw.pop("affects")
        out.append(C.StaticAbility(affects, C.GrantAbility(_granted(e.get("ability"), layout)), **kw))
        previous = subj
    return tuple(rest), out


__all__ = ["split_grants"]


# --- tokens created with a quoted ability (111.4) ----------------------------------------------

def merge_token_abilities(effects: tuple) -> tuple:
    """'Create two 0/1 colorless Eldrazi Spawn creature tokens. They have "Sacrifice this
    creature: Add {C}."': the quoted ability is one of the tokens' own abilities (111.4,
    the characteristics the effect gives them), the same as 'tokens with "..."'."""
    out = list(effects)
    i = 0
    while i < len(out) - 1:
        a, b = out[i], out[i + 1]
        if isinstance(a, Effect) and isinstance(b, Effect) and a.verb == "create token" and \
                b.verb == "has ability" and b.subject in (Obj("it"), Obj("they")) and \
                b.object is None and b.duration is None and \
                set(k for k, _ in b.extra) == {"ability"} and \
                (a.amount is None or a.amount.value is not None) and \
                (b.subject == Obj("they")) == (a.amount is not None and a.amount.value != 1):
            spec = a.get("token")
            if isinstance(spec, str):
                spec = (spec, ("with ability", b.get("ability")))
            elif isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[1], str):
                spec = (spec[0], ("with keywords and ability", spec[1], b.get("ability")))
            else:
                i += 1
                continue
            extra = tuple((k, spec if k == "token" else v) for k, v in a.extra)
            out[i:i + 2] = [Effect(a.verb, a.subject, a.object, a.amount, a.duration, extra)]
        i += 1
    return tuple(out)


def token_ability(with_: Any) -> tuple[str | None, Any] | None:
    """The keywords text ("with flying", or None) and the quoted ability node of a token's
    'with "..."' (grammar), or None when ``with_`` is something else."""
    if isinstance(with_, tuple) and len(with_) == 2 and with_[0] == "with ability":
        return None, with_[1]
    if isinstance(with_, tuple) and len(with_) == 3 and with_[0] == "with keywords and ability":
        return with_[1], with_[2]
    if isinstance(with_, tuple) and len(with_) == 3 and with_[0] == "with":
        return "with " + " and ".join(k.name for k in with_[1]), with_[2]
    return None


def lower_token_ability(q: Any, layout: str | None = None) -> C.Ability:
    """A token's own quoted ability (activated, mana or triggered; its "~" is the token);
    ``layout`` is that of the card whose effect creates it (:attr:`.context.Ctx.layout`)."""
    if isinstance(q, Triggered):
        return R.TRIGGERED(q, layout)
    if isinstance(q, Activated):
        return R.ACTIVATED(q, layout)
    raise Inexpressible("token: with a static ability")
