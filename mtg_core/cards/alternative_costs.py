"""Alternative costs (118.9): "You may <cost> rather than pay this spell's mana cost", and
evoke (702.74a), an alternative cost of a permanent card.

A spell with an alternative cost carries an :class:`AlternativeCost` in its
:class:`~mtg_core.cards.SpellAbility` (``alternative=``).  The caster chooses to pay it as the
spell is announced (601.2b: the core offers two actions, "cast X" and "cast X paying its
alternative cost"); only one alternative cost can be paid (118.9a, never with flashback);
the mana value doesn't change (118.9c); additional costs and kicker are paid on top of it
(118.9d).  The cost is written like a printed cost, its parts separated by commas:

* mana (``"{2}{U}"``, an evoke cost), ``"Pay N life"`` (119.4);
* at most one part that takes cards or permanents, chosen while paying (601.2h): ``"Exile a
  blue card from your hand"`` (``two``/``three``; never the spell itself, which is on the
  stack by then, 601.2a), ``"Return an Island you control to its owner's hand"``
  (``two Islands ... to their owner's hand``), ``"Sacrifice two Mountains"`` -- of a land
  type (205.3i).

``condition`` is when it may be paid, checked as the spell is cast: ``"not your turn"``
(Force of Negation), ``"your turn"``, ``"you control a Swamp"`` (Snuff Out; a land type).

>>> from mtg_core.cards import SpellAbility, Counter
>>> fow = SpellAbility(Counter("target"), targets=("spell",),
...                    alternative=AlternativeCost("Pay 1 life, Exile a blue card from your hand"))
>>> fow.alternative.parts().life, fow.alternative.parts().take
(1, ('exile', 1, 'blue'))
>>> AlternativeCost("Exile a purple card from your hand")
Traceback (most recent call last):
...
mtg_core.errors.CardScriptError: alternative cost 'Exile a purple card from your hand': 'Exile a purple card from your hand' is not mana, 'Pay N life', 'Exile N <colour> card(s) from your hand', 'Return N <land type>(s) you control to its/their owner's hand' or 'Sacrifice N <land type>(s)' (118.9)

Evoke (702.74a) is :mod:`mtg_core.cards.evoke`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import CardScriptError
from .compile_context import DEFAULT_CONTEXT
from .costs import ManaCost
from .subtypes import LAND_SUBTYPES
from .vocabulary import _C, COLOR_INDEX

_COLOURS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_N = r"(a|an|one|two|three)"
_SUBTYPE = r"([A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
_EXILE = re.compile(rf"exile {_N} (white|blue|black|red|green) (card|cards) from your hand", re.I)
_RETURN = re.compile(rf"return {_N} {_SUBTYPE} you control to (its|their) owner's hand", re.I)
_SACRIFICE = re.compile(rf"sacrifice {_N} {_SUBTYPE}", re.I)
_LIFE = re.compile(r"pay (\d+) life")
_MANA = re.compile(r"(\{[^{}]+\})+")
_YOU_CONTROL = re.compile(rf"you control (?:a|an) {_SUBTYPE}")
_KINDS = {"exile": "ALTK_EXILE_FROM_HAND", "return": "ALTK_RETURN", "sacrifice": "ALTK_SACRIFICE"}


@dataclass(frozen=True)
class AltParts:
    """An alternative cost read: its mana, its life, and what it takes -- ``(kind, n,
    quality)``: ``("exile", n, colour word)``, ``("return", n, subtype)``, ``("sacrifice", n,
    subtype)`` -- or None."""
    mana: ManaCost
    life: int
    take: tuple[str, int, str] | None


def _subtype(word: str, n: int, text: str) -> str:
    """The land type named by ``word`` (205.3i): ``n`` = 1 its singular, else its plural
    ("Islands"; "Plains" is both)."""
    names = [t for t in LAND_SUBTYPES if word == (t if n == 1 or t.endswith("s") else t + "s")]
    if not names:
        raise CardScriptError(f"alternative cost {text!r}: {word!r} is not a land type"
                              f"{'' if n == 1 else ' in the plural'} (205.3i)")
    return names[0]


@dataclass(frozen=True)
class AlternativeCost:
    """An alternative cost (118.9) of a spell: ``cost`` (see the module), ``condition`` ("",
    "not your turn", "your turn", "you control a <subtype>"), ``evoke``: it is an evoke cost
    (702.74a, of a permanent card: :func:`Evoke`)."""
    cost: str
    condition: str = ""
    evoke: bool = False

    def __post_init__(self):
        if not isinstance(self.cost, str) or not isinstance(self.condition, str) or \
                not isinstance(self.evoke, bool):
            raise CardScriptError("AlternativeCost(cost: str, condition: str = '', evoke: bool = False)")
        self.parts()
        self._condition()

    def parts(self) -> AltParts:
        """The cost read into its parts; CardScriptError on anything else."""
        text = self.cost
        if not text.strip():
            raise CardScriptError("an alternative cost needs a cost (118.9)")
        mana, life, take = ManaCost(), 0, None
        seen_mana = False
        for part in (p.strip() for p in text.split(",")):
            low = part.lower()
            m = None
            if _MANA.fullmatch(part) and not seen_mana:
                mana = ManaCost.parse(part)
                if mana.x or mana.hybrid:
                    raise CardScriptError(f"alternative cost {text!r}: {{X}} and hybrid symbols "
                                          "are not supported")
                mana.as_row()
                seen_mana = True
                continue
            if _LIFE.fullmatch(low) and not life:
                life = int(_LIFE.fullmatch(low).group(1))
                if not 1 <= life <= _C["TABLE_AMOUNT_MAX"]:
                    raise CardScriptError(f"alternative cost {text!r}: life out of range")
                continue
            if (m := _EXILE.fullmatch(part)):
                n = _NUMBERS[m.group(1).lower()]
                if (n == 1) != (m.group(3) == "card"):
                    raise CardScriptError(f"alternative cost {text!r}: {m.group(1)!r} with {m.group(3)!r}")
                got = ("exile", n, m.group(2).lower())
            elif (m := _RETURN.fullmatch(part)):
                n = _NUMBERS[m.group(1).lower()]
                if (n == 1) != (m.group(3).lower() == "its"):
                    raise CardScriptError(f"alternative cost {text!r}: 'its owner's hand' for one, "
                                          "'their owner's hand' for more")
                got = ("return", n, _subtype(m.group(2), n, text))
            elif (m := _SACRIFICE.fullmatch(part)):
                n = _NUMBERS[m.group(1).lower()]
                got = ("sacrifice", n, _subtype(m.group(2), n, text))
            else:
                raise CardScriptError(
                    f"alternative cost {text!r}: {part!r} is not mana, 'Pay N life', 'Exile N "
                    "<colour> card(s) from your hand', 'Return N <land type>(s) you "
                    "control to its/their owner's hand' or 'Sacrifice N <land type>(s)' (118.9)")
            if take is not None:
                raise CardScriptError(f"alternative cost {text!r}: it takes one kind of card "
                                      "or permanent at most")
            take = got
        if not (mana.mana_value or seen_mana or life or take):
            raise CardScriptError(f"alternative cost {text!r}: nothing to pay")
        return AltParts(mana, life, take)

    def _condition(self) -> tuple[str, str]:
        c = self.condition
        if c in ("", "not your turn", "your turn"):
            return c, ""
        m = _YOU_CONTROL.fullmatch(c)
        if m and m.group(1) in LAND_SUBTYPES:
            return "you control", m.group(1)
        raise CardScriptError(f"alternative cost condition {c!r}: '', 'not your turn', "
                              "'your turn' or 'you control a <land type>'")

    def subtype_names(self) -> set[str]:
        """The subtypes it names (each needs a CF_SUBTYPES bit of the card database)."""
        names = set()
        take = self.parts().take
        if take is not None and take[0] != "exile":
            names.add(take[2])
        cond, sub = self._condition()
        if sub:
            names.add(sub)
        return names

    def columns(self, ctx=DEFAULT_CONTEXT) -> dict[str, int | list[int]]:
        """The AF_ALT_* columns of the spell ability row (src/core/state.pxi)."""
        p = self.parts()
        kind, n, quality = 0, 0, 0
        if p.take is not None:
            what, n, q = p.take
            kind = _C[_KINDS[what]]
            quality = 1 << COLOR_INDEX[_COLOURS[q]] if what == "exile" else ctx.subtypes.mask([q])
        cond, sub = self._condition()
        return {"AF_ALT_GENERIC": list(p.mana.as_row()), "AF_ALT_LIFE": p.life,
                "AF_ALT_CHOICE": kind | (n << _C["ALTK_N_SHIFT"]), "AF_ALT_QUALITY": quality,
                "AF_ALT_COND": {"": _C["ALTC_ALWAYS"], "not your turn": _C["ALTC_NOT_YOUR_TURN"],
                                "your turn": _C["ALTC_YOUR_TURN"],
                                "you control": _C["ALTC_YOU_CONTROL"]}[cond],
                "AF_ALT_COND_SUBTYPES": ctx.subtypes.mask([sub]) if sub else 0,
                "AF_ALT_EVOKE": int(self.evoke)}


def check_alternative_cost(card) -> None:
    """A card's alternative cost (118.9) is on its spell ability, never with flashback (118.9a)
    or on a card with {X} (107.3: X would be 0, not supported), nor on a split or double-faced
    card; one that takes cards or permanents has no additional cost (which could take the same
    ones)."""
    spells = [a for a in card.abilities if getattr(a, "alternative", None) is not None]
    if not spells:
        return
    s = spells[0]
    if ManaCost.parse(card.mana_cost).x:
        raise CardScriptError(f"{card.name}: an alternative cost on a card with {{X}} is not supported")
    if getattr(card, "halves", None) or getattr(card, "back", None) is not None:
        raise CardScriptError(f"{card.name}: an alternative cost on a split or double-faced card "
                              "is not supported")
    if s.flashback:
        raise CardScriptError(f"{card.name}: flashback is an alternative cost too: only one can "
                              "be paid (118.9a)")
    if s.alternative.parts().take is not None and s.additional_cost:
        raise CardScriptError(f"{card.name}: an alternative cost that takes cards or permanents "
                              "with an additional cost is not supported")
    if s.alternative.evoke and {"Instant", "Sorcery"} & set(card.types):
        raise CardScriptError(f"{card.name}: evoke is a permanent card's (702.74a)")
