"""The effect verbs: one entry per verb of the grammar's effect nodes, the lowering of that
effect (effect node, context) -> card-script effects, and the details each one reads.

This table is the one place a verb is looked up; the functions live in the modules of their
rules concepts (:mod:`.damage`, :mod:`.player_effects`, :mod:`.turn_effects`,
:mod:`.object_effects`, :mod:`.continuous_effects`, :mod:`.tokens`), and the verbs that
read more forms are those of :mod:`.moves` (zone moves, damage by another source, two
targets), :mod:`.combat` (one-shot restrictions) and :mod:`.faces` ("transform ~").  A new
effect class of :mod:`mtg_core.cards` is one new entry here.  Target kinds, keywords, steps
and counter kinds are looked up in the language's own tables (``cards.TARGETS``,
``cards.KEYWORD_BITS``, ...), so they grow with it.

>>> sorted(EFFECTS)[:3]
['add counters', 'add mana', 'bounce']
"""
from __future__ import annotations

from typing import Callable

from ..nodes import Effect
from .combat import _restriction
from .context import Ctx, Inexpressible
from .continuous_effects import _gain_control, _gain_keywords, _pump, _switch_pt
from .damage import _prevent_all_combat_damage, _prevent_damage_to, _prevent_next_damage
from .faces import _transform
from .hand_choices import _look_at_hand
from .library_order import _shuffle
from .moves import _damage_by_another_source, _put_on_top, _return_to_hand, _tap_it, _two_targets
from .object_effects import (_add_counters, _connive, _counter, _destroy,
                             _destroy_no_regeneration, _doesnt_untap_next, _exile, _regenerate,
                             _remove_from_combat, _return_to_battlefield, _sacrifice,
                             _tap_and_freeze, _untap)
from .player_effects import (_add_mana, _discard, _draw, _exile_graveyard, _gain_life, _lose_life,
                             _mill, _poison, _scry)
from .targets import several_targets
from .tokens import _create_token, _investigate
from .turn_effects import _extra_combat, _extra_turn, _skip_next_step, _skip_next_turn

EFFECTS: dict[str, Callable[[Effect, Ctx], list]] = {
    # damage (120) and its prevention (615)
    "damage": _damage_by_another_source,            # moves.py; else damage.py's own source
    "prevent all combat damage": _prevent_all_combat_damage,      # 615.1
    "prevent next damage": _prevent_next_damage,                  # 615.7
    "prevent damage to": _prevent_damage_to,                      # 615.1
    # players
    "draw": _draw,
    "gain life": _gain_life,
    "lose life": _lose_life,
    "poison": _poison,
    "mill": _mill,
    "exile graveyard": _exile_graveyard,            # player_effects.py (406.3)
    "discard": _discard,
    "scry": _scry,
    "surveil": _scry,
    "add mana": _add_mana,
    # the turn (500)
    "extra turn": _extra_turn,
    "skip next step": _skip_next_step,
    "skip next turn": _skip_next_turn,
    "extra combat": _extra_combat,
    # objects: permanents and spells ("two target Xs": moves.py, 601.2c)
    "destroy": _two_targets(_destroy),
    "destroy no regeneration": _destroy_no_regeneration,          # 701.19c
    "untap": _two_targets(_untap),
    "doesn't untap next": _doesnt_untap_next,
    "tap": _tap_it,                                 # moves.py: ~, it, that creature
    "tap and freeze creatures": _tap_and_freeze,
    "sacrifice": _sacrifice,
    "add counters": _two_targets(_add_counters),
    "counter": _counter,
    "bounce": _two_targets(_return_to_hand),        # moves.py: also from the graveyard
    "exile": _two_targets(_exile),
    "regenerate": _regenerate,
    "return to battlefield": _return_to_battlefield,              # 400.7
    "put on top": _two_targets(_put_on_top),        # moves.py (401.1); from the hand, 401.4
    "shuffle": _shuffle,                            # library_order.py (701.24)
    "look at hand": _look_at_hand,                  # hand_choices.py (hidden information)
    "restriction": _restriction,                    # combat.py (508.1c, 509.1b)
    "transform": _transform,                        # faces.py (701.28a)
    "connive": _connive,                            # 701.50a
    "remove from combat": _remove_from_combat,      # 506.4
    # continuous effects (611.2)
    "pump": _pump,
    "gain keywords": _gain_keywords,
    "gain control": _gain_control,
    "switch pt": _switch_pt,                        # 613.4d
    # tokens (111)
    "create token": _create_token,
    "investigate": _investigate,
}
"""Effect verb -> lowering function (effect node, context) -> card-script effects."""

DETAILS: dict[str, set[str]] = {
    "pump": {"pt"}, "gain keywords": {"keywords"}, "doesn't untap next": {"whose"},
    "add counters": {"kind"}, "skip next step": {"step"}, "discard": {"random"},
    "create token": {"token"}, "add mana": {"mana"}, "bounce": {"to"},
    "put on top": {"library", "order"}, "restriction": {"what"}}
"""The verb-specific details (``Effect.extra``) each lowering reads; an effect with any
other detail ("... damage instead", "exile ... face down") is refused, never lowered
without it."""


def lower_verb(e: Effect, ctx: Ctx) -> list:
    """One effect node by its verb's entry, each of a pair of targets in turn (601.2c,
    :func:`.targets.several_targets`)."""
    fn = EFFECTS.get(e.verb)
    if fn is None:
        raise Inexpressible(f"effect: {e.get('what') if e.verb == 'restriction' else e.verb}")
    unread = {k for k, _ in e.extra} - DETAILS.get(e.verb, set())
    if unread:
        raise Inexpressible(f"effect: {e.verb} ({', '.join(sorted(unread))})")
    return several_targets(fn, e, ctx)
