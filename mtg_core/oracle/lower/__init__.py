"""Lowering parse trees to card-script objects (:mod:`mtg_core.cards`): the entry points.

Only what the card language can express today is lowered; anything else raises
:class:`Inexpressible` naming the missing *feature* ("effect: exile", "trigger: dies",
"target: nonblack creature", ...), which is the to-do list of the language.

Where things are:

* :mod:`.registry` declares, for each kind of node, the chain of layers that lower it and
  their order (the whole call order is written there); each layer is registered with a
  decorator by the module of its concept, and nothing is rebound.
* :mod:`.base` holds the base layer of every chain and the tables of the card language's
  words: :data:`.base.EFFECTS` (one entry per effect verb), :data:`.base.SELF_TRIGGERS`, ...
* the concepts that extend it: :mod:`.moves` (zone moves, damage by another source),
  :mod:`.targets` (several targets, modes), :mod:`.conditions`, :mod:`.costs`,
  :mod:`.mana_abilities`, :mod:`.payments`, :mod:`.searches`, :mod:`.amounts` (counts),
  :mod:`.grants` (quoted abilities), :mod:`.combat` (restrictions, combat keywords),
  :mod:`.kicker` and :mod:`.faces` (double-faced and split cards);
* the shared pieces are leaves: :mod:`.context` (:class:`Ctx`, :class:`Inexpressible`,
  references), :mod:`.groups` (affected groups), :mod:`.language` (the card language's
  internals the lowering reads).

>>> from mtg_core.oracle.grammar import sentence
>>> spell = lower_spell(sentence("~ deals 3 damage to any target"))
>>> spell.effects, spell.targets
((Damage(who='target', amount=3),), ('any',))
"""
from __future__ import annotations

from typing import Any

from ... import cards as C
from . import registry as R
from .base import IMPLIED_YOU, Statics, lower_static, lower_zone_trigger
from .context import Ctx, Inexpressible, UnsupportedKeyword
# The modules that register layers (registry.py) or table entries (base.EFFECTS, _DETAILS,
# SELF_TRIGGERS): importing them is what puts them in place.  Their order matters once:
# moves.py reads SELF_TRIGGERS's events before faces.py adds "transforms into".
from . import moves, combat, faces  # noqa: F401,E402,I100
from . import amounts, conditions, mana_abilities, payments, searches  # noqa: F401,E402
from . import kicker as _kicker  # noqa: F401,E402  (its name is also lower_spell's argument)

R.check_complete()


def lower_effects(effects: tuple, ctx: Ctx) -> list:
    """A sequence of effect nodes -> card-script effects (608.2c: in the order written)."""
    return R.EFFECT_SEQUENCES(effects, ctx)


def lower_spell(effects: tuple, sorcery: bool = False, x: bool = False, kicker: str = "",
                flashback: str = "") -> "C.SpellAbility":
    """An instant's or sorcery's effects -> its ``SpellAbility``."""
    return R.SPELLS(effects, sorcery=sorcery, x=x, kicker=kicker, flashback=flashback)


def lower_activated(ab: Any) -> "C.Ability":
    """An activated ability node -> a mana, loyalty or activated ability."""
    return R.ACTIVATED(ab)


def lower_triggered(ab: Any) -> "C.TriggeredAbility":
    """A triggered ability node -> its ``TriggeredAbility``."""
    return R.TRIGGERED(ab)


def lower_keyword(k: Any, is_equipment: bool, is_aura: bool,
                  is_spell: bool = False) -> tuple[str, Any]:
    """A keyword node -> (what, value): a keyword bit, a combat word or an ability."""
    return R.KEYWORDS(k, is_equipment, is_aura, is_spell)


def lower_layer_statics(effects: tuple, attach_kind: str | None) -> list | None:
    """A static ability's effects -> layered ``StaticAbility``s (613), or None."""
    return R.LAYER_STATICS(effects, attach_kind)


def lower_replacements(effects: tuple, x: bool) -> tuple[tuple, list]:
    """A permanent's effects -> (the others, its replacement abilities) (614)."""
    return R.REPLACEMENTS(effects, x)


__all__ = ["IMPLIED_YOU", "Ctx", "Inexpressible", "Statics", "UnsupportedKeyword",
           "lower_activated", "lower_effects", "lower_keyword", "lower_layer_statics",
           "lower_replacements", "lower_spell", "lower_static", "lower_triggered",
           "lower_zone_trigger"]
