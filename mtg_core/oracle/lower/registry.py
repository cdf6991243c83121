"""The lowering's extension points: for each kind of node, every handler that lowers it and
the order they run in.

Each :class:`Chain` below is one kind of node's lowering, as named layers listed outermost
first.  A layer is a function ``layer(rest, *args)``: it is handed ``rest``, the chain below
it, and either answers itself or calls ``rest`` (before or after trying its own reading, as
its docstring says).  The last layer, ``"base"``, is the chain's own reading and takes no
``rest``.  The module that holds a layer -- the base one too, each in the module of its
concept, named in the chain's docstring below -- registers it with ``@CHAIN.layer("name")``;
the names and their order are declared here and nowhere else, so this file is the whole call
order.  To extend the lowering, add a layer name here and register the function in the
module of its concept (:mod:`mtg_core.oracle.lower` imports every such module).

>>> MODIFIERS.layers
('counted amounts', 'payments', 'base')
"""
from __future__ import annotations

import functools
from typing import Any, Callable

BASE = "base"


class Chain:
    """One kind of node's lowering: layers, outermost first, the last one :data:`BASE`."""

    def __init__(self, name: str, *layers: str):
        if not layers or layers[-1] != BASE or len(set(layers)) != len(layers):
            raise ValueError(f"chain {name!r}: distinct layers ending with {BASE!r}, got {layers}")
        self.name = name
        self.layers = layers
        self._fns: dict[str, Callable] = {}
        self._run: Callable | None = None

    def layer(self, name: str) -> Callable[[Callable], Callable]:
        """Decorator: register the function of layer ``name`` (declared above)."""
        if name not in self.layers:
            raise ValueError(f"chain {self.name!r} has no layer {name!r} (declare it here)")
        if name in self._fns:
            raise ValueError(f"chain {self.name!r}: layer {name!r} registered twice")
        if self._run is not None:
            raise RuntimeError(f"chain {self.name!r} already ran: register layers at import")

        def register(fn: Callable) -> Callable:
            self._fns[name] = fn
            return fn
        return register

    def missing(self) -> list[str]:
        return [n for n in self.layers if n not in self._fns]

    def __call__(self, *args: Any, **kw: Any) -> Any:
        if self._run is None:
            if self.missing():
                raise RuntimeError(f"chain {self.name!r}: layers {self.missing()} not registered "
                                   "(import mtg_core.oracle.lower)")
            run = self._fns[BASE]
            for name in reversed(self.layers[:-1]):
                run = functools.partial(self._fns[name], run)
            self._run = run
        return self._run(*args, **kw)

    def __repr__(self) -> str:
        return f"Chain({self.name!r}, {', '.join(map(repr, self.layers))})"


# --- abilities and their effects (608.2c: effects in the order written) --------------------------

EFFECT_SEQUENCES = Chain("effect sequences", "kicker instead", "target mana value",
                         "revealed hand choices",
                         "search then more effects", "countered spell exiled", BASE)
"""A sequence of effect nodes -> card-script effects (``lower_effects(effects, ctx)``):
kicker.py ("If this spell was kicked, <the same effect> instead", 702.33d), mana_value.py
("<effect> if it has mana value N or less", revolt's "... instead if", 202.3), hand_choices.py
("Target player reveals their hand. You choose ... That player discards that card.",
701.20, 701.8), searches.py (a
search followed by more effects, 701.23), object_effects.py ("Counter target spell. If that
spell is countered this way, exile it instead ...", 614.1a), then the base (sequences.py): effect by effect,
each by its verb's entry in verbs.py."""

MODIFIERS = Chain("modifiers", "counted amounts", "payments", BASE)
"""A modified effect ("you may", "for each", "unless you pay", ...) -> (effect(s), how many
nodes after it it used) or None (``choice_modifier(m, effects, i, ctx)``): amounts.py
("for each", "where X is" as a count, after the layers below failed), payments.py (118.1,
608.2d), then the base (modifiers.py: "you may", "if you do", "for each", "if")."""

SEARCHES = Chain("library searches", "search qualities", BASE)
""""Search your library for ..." (701.23) -> an effect or None
(``search_library(effects, ctx, may, required=False)``): searches.py, both layers: the base
(SearchLibrary) first, then the searches only SearchCard can say."""

LOOKS = Chain("looking at the top of the library", "put back in any order",
              "rest into graveyard", BASE)
""""Look at the top N cards ..." -> (effect, nodes used) or None
(``look_at_top(e, effects, i, ctx)``): library_order.py ("then put them back in any order",
401.4), then searches.py ("the rest into your graveyard", then the base's "the rest on the
bottom")."""

CONDITIONS = Chain("conditions", "more conditions", BASE)
"""An "if" condition (603.4, 608.2c) -> ``cards.Condition`` (``condition(cond)``):
conditions.py, both layers: the base first, then morbid, raid, "if ~ is tapped", ..."""

INTERVENING_IFS = Chain("intervening if", "kicked", BASE)
"""A triggered ability with an intervening "if" (603.4) (``intervening_if(ab, layout)``):
kicker.py ("if it was kicked", 702.33d), then the base (triggered.py)."""

TRIGGERED = Chain("triggered abilities", BASE)
"""A triggered ability node -> ``TriggeredAbility`` (``lower_triggered(ab, layout=None)``, the
layout of a multi-face card's face: ``Ctx.layout``): triggered.py."""

ACTIVATED = Chain("activated abilities", BASE)
"""An activated ability node -> an ``Ability`` (``lower_activated(ab, layout=None)``):
activated.py."""

MANA_ABILITIES = Chain("mana abilities", "several colours", "damage to you", BASE)
"""An activated ability node -> ``ManaAbility`` or None (``mana_ability(ab)``, 605):
mana_abilities.py, all three layers ("Add {W}{U}", 106.1; painlands' "deals 1 damage to
you"; then the base's one colour)."""

COSTS = Chain("cost words", "sacrifice several types", BASE)
"""A cost node other than mana -> the language's cost words or None (``other_cost_text(c)``,
118.3): costs.py, both layers ("Sacrifice an artifact or land", then the base)."""

SPELLS = Chain("spells", "alternative cost", "kicked targets", BASE)
"""An instant's or sorcery's effects -> ``SpellAbility`` (``lower_spell(effects, sorcery=,
x=, kicker=, flashback=, layout=)``): alternative_costs.py takes out "you may ... rather than
pay this spell's mana cost" (118.9) and adds it to what the rest lowers; kicker.py refuses a
target chosen only if kicked (601.2c) after the base (spells.py) lowered it."""

# --- permanents: keywords, statics, replacements ----------------------------------------------

KEYWORDS = Chain("keywords", "kicker", "evoke", "combat keywords", BASE)
"""A keyword node -> (what, value) (``lower_keyword(k, is_equipment, is_aura,
is_spell=False)``): kicker.py (a permanent's "Kicker {cost}", 702.33a), alternative_costs.py
("Evoke [cost]", 702.74a), combat.py (Crew,
horsemanship, flanking, toxic), then the base (keywords.py)."""

LAYER_STATICS = Chain("layered statics", "counted amounts", BASE)
"""A static ability's effects -> layered ``StaticAbility``s or None
(``lower_layer_statics(effects, attach_kind)``, 613): amounts.py (power equal to a count,
604.3; "+1/+1 for each ...", 613.4c), then the base (layered_statics.py)."""

CHARACTERISTIC_PT = Chain("characteristic-defining power and toughness", "counted amounts", BASE)
""""~'s power and toughness are each equal to ..." (604.3) -> ``StaticAbility``
(``characteristic_pt(e)``): the base (layered_statics.py) first, then amounts.py's counts."""

REPLACEMENTS = Chain("replacement effects", "kicked counters", BASE)
"""A permanent's effects -> (the rest, replacement abilities) (``lower_replacements(effects,
x)``, 614.1c): kicker.py ("If ~ was kicked, it enters with N +1/+1 counters"), then the
base (replacements.py)."""

CHAINS = (EFFECT_SEQUENCES, MODIFIERS, SEARCHES, LOOKS, CONDITIONS, INTERVENING_IFS, TRIGGERED,
          ACTIVATED, MANA_ABILITIES, COSTS, SPELLS, KEYWORDS, LAYER_STATICS, CHARACTERISTIC_PT,
          REPLACEMENTS)


def check_complete() -> None:
    """Every declared layer is registered (run once all the lowering's modules are imported)."""
    missing = [f"{c.name}: {n}" for c in CHAINS for n in c.missing()]
    if missing:
        raise RuntimeError("lowering layers declared but not registered: " + ", ".join(missing))
