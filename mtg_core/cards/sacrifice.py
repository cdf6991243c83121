"""Sacrifices chosen by the players (701.21a): "Each player sacrifices a creature",
"Target opponent sacrifices an artifact", "Each opponent sacrifices two creatures".

Each player named, in APNAP order (101.4), chooses that many permanents of the kind they
control (Decision.SACRIFICE_CHOICE; a player with no more than that many has no choice);
then all are sacrificed at once.  ``what`` is in the words of the costs
(:func:`~mtg_core.cards.parse_activation_cost`, without "Sacrifice"): "a creature",
"two creatures", "an artifact or enchantment", "a nontoken creature", "a Goblin".

>>> SacrificeChosen("each player", "a creature").compile()[0] == _C["OP_SACRIFICE_CHOSEN"]
True
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardScriptError
from .effects import Effect
from .subtypes import cost_subtype_names
from .vocabulary import _C, _ref


_PLAYERS = ("target", "target2", "you", "each opponent", "each player", "active player",
            "that player", "defending player", "its controller")


@dataclass(frozen=True)
class SacrificeChosen(Effect):
    """<who> sacrifices <what> (701.21a); the choices are decisions made on resolution."""
    who: str
    what: str = "a creature"

    def compile(self):
        from .costs import parse_activation_cost
        try:
            spec = parse_activation_cost("Sacrifice " + self.what).sacrifice
        except CardScriptError:
            spec = 0
        if not spec or spec & _C["SACQ_ANOTHER"]:
            raise CardScriptError(f"sacrifice {self.what!r}: a kind of permanent as in "
                                  "'a creature', 'two artifacts', 'a nontoken creature', 'a Goblin'")
        if self.who not in _PLAYERS:
            raise CardScriptError(f"{self.who!r} is not a player who sacrifices (701.21a)")
        return [_C["OP_SACRIFICE_CHOSEN"], _ref(self.who), spec]

    def filter_subtypes(self) -> list[str]:
        return sorted(cost_subtype_names("Sacrifice " + self.what))
