"""Token definitions (111): creature tokens made by :func:`creature_token`, and the
predefined artifact tokens of 111.10 (Treasure, Food, Clue, Blood).  A token definition is a
:class:`~mtg_core.cards.card.Card` with ``token=True``; a :class:`CardDB` gives each one
its own row of the card table, which the core's OP_CREATE_TOKEN names.  The predefined
ones are registered by name (:data:`PREDEFINED_TOKENS`, 111.10), so ``CreateToken("Treasure")``
names one."""
from __future__ import annotations

from typing import Sequence

from .abilities import ActivatedAbility, ManaAbility
from .card import Card
from .effects.cards_zones import Draw
from .effects.damage_life import GainLife
from .effects.permanents import PREDEFINED_TOKENS, predefined_token  # noqa: F401

TREASURE = predefined_token(Card(
    "Treasure", types=("Artifact",), subtypes=("Treasure",), token=True,
    abilities=(ManaAbility("WUBRG", cost="{T}, Sacrifice this artifact"),),
    text="{T}, Sacrifice this artifact: Add one mana of any color."))
FOOD = predefined_token(Card(
    "Food", types=("Artifact",), subtypes=("Food",), token=True,
    abilities=(ActivatedAbility("{2}, {T}, Sacrifice this artifact", GainLife("you", 3)),),
    text="{2}, {T}, Sacrifice this artifact: You gain 3 life."))
CLUE = predefined_token(Card(
    "Clue", types=("Artifact",), subtypes=("Clue",), token=True,
    abilities=(ActivatedAbility("{2}, Sacrifice this artifact", Draw("you", 1)),),
    text="{2}, Sacrifice this artifact: Draw a card."))

BLOOD = predefined_token(Card(
    "Blood", types=("Artifact",), subtypes=("Blood",), token=True,
    abilities=(ActivatedAbility("{1}, {T}, Discard a card, Sacrifice this artifact",
                                Draw("you", 1)),),
    text="{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."))


def creature_token(name: str, colors: str, subtypes: Sequence[str], power: int, toughness: int,
                   keywords: Sequence[str] = (), types: Sequence[str] = ("Creature",)) -> Card:
    """A creature token's characteristics (111.4: its name is its subtypes plus "Token"
    unless the effect names it; here the name is given).  ``colors``: letters from WUBRG,
    "" for colourless."""
    text = ", ".join(k.capitalize() if i == 0 else k for i, k in enumerate(keywords))
    return Card(name, types=tuple(types), subtypes=tuple(subtypes), power=power,
                toughness=toughness, keywords=tuple(keywords), colors=colors, token=True,
                text=text)
