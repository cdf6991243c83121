"""Lowering parse trees to card-script objects (:mod:`mtg_core.cards`): the entry points.

Only what the card language can express today is lowered; anything else raises
:class:`Inexpressible` naming the missing *feature* ("effect: exile", "trigger: dies",
"target: nonblack creature", ...), which is the to-do list of the language.

Where things are:

* :mod:`.registry` declares, for each kind of node, the chain of layers that lower it and
  their order (the whole call order is written there); each layer, the base one included,
  is registered with a decorator by the module of its concept, and nothing is rebound.
* :mod:`.verbs` is the table of the effect verbs (one entry per verb); the verbs' functions
  are in :mod:`.damage`, :mod:`.player_effects`, :mod:`.turn_effects`,
  :mod:`.object_effects`, :mod:`.continuous_effects`, :mod:`.tokens`, and those that read
  more forms in :mod:`.moves` (zone moves, damage by another source), :mod:`.combat`
  (one-shot restrictions) and :mod:`.faces`;
* a module per kind of node, each holding its chain's base layer: :mod:`.sequences` (608.2c),
  :mod:`.modifiers`, :mod:`.conditions`, :mod:`.searches` (and the top of the library),
  :mod:`.triggered` (603), :mod:`.activated` (602), :mod:`.mana_abilities` (605),
  :mod:`.costs` (118.3), :mod:`.spells` (608), :mod:`.keywords` (702), :mod:`.statics`
  (card-field statics, 604), :mod:`.layered_statics` (613), :mod:`.replacements` (614);
* the concepts that only extend chains: :mod:`.targets` (several targets, modes),
  :mod:`.payments`, :mod:`.amounts` (counts), :mod:`.grants` (quoted abilities),
  :mod:`.library_order` (cards put on top in a chosen order, 401.4; shuffles, 701.24),
  :mod:`.combat` (combat keywords), :mod:`.kicker`, :mod:`.mana_value` ("if it has mana
  value N or less" of a target, revolt's "instead") and :mod:`.faces` (double-faced and split
  cards);
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
from .context import IMPLIED_YOU, Ctx, Inexpressible, UnsupportedKeyword
from .sagas import lower_chapter
from .statics import Statics, lower_static
from .triggered import lower_zone_trigger
# The modules that register the layers of registry.py's chains: importing them is what puts
# the layers in place (the order they run in is registry.py's, not this one's).
from . import activated, amounts, conditions, costs, keywords, layered_statics  # noqa: F401
from . import mana_abilities, modifiers, payments, replacements, searches  # noqa: F401
from . import alternative_costs, combat, hand_choices, sequences, spells, triggered  # noqa: F401
from . import library_order, mana_value  # noqa: F401
from . import kicker as _kicker  # noqa: F401  (its name is also lower_spell's argument)

R.check_complete()


def lower_effects(effects: tuple, ctx: Ctx) -> list:
    """A sequence of effect nodes -> card-script effects (608.2c: in the order written)."""
    return R.EFFECT_SEQUENCES(effects, ctx)


def lower_spell(effects: tuple, sorcery: bool = False, x: bool = False, kicker: str = "",
                flashback: str = "", layout: str | None = None) -> "C.SpellAbility":
    """An instant's or sorcery's effects -> its ``SpellAbility``.  ``layout`` here and below:
    the multi-face card's when this is one of its faces (:attr:`Ctx.layout`)."""
    return R.SPELLS(effects, sorcery=sorcery, x=x, kicker=kicker, flashback=flashback,
                    layout=layout)


def lower_activated(ab: Any, layout: str | None = None) -> "C.Ability":
    """An activated ability node -> a mana, loyalty or activated ability."""
    return R.ACTIVATED(ab, layout)


def lower_triggered(ab: Any, layout: str | None = None) -> "C.TriggeredAbility":
    """A triggered ability node -> its ``TriggeredAbility``."""
    return R.TRIGGERED(ab, layout)


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
           "lower_activated", "lower_chapter", "lower_effects", "lower_keyword", "lower_layer_statics",
           "lower_replacements", "lower_spell", "lower_static", "lower_triggered",
           "lower_zone_trigger"]
