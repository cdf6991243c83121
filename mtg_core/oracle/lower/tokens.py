"""Tokens (111): "<who> creates N <description> tokens" -- a predefined token (111.10) or
"P/T colours Subtypes creature [with keywords / with a quoted ability]" (111.4) -- and
investigating (701.16a: a Clue token).

Each is an entry of :data:`.verbs.EFFECTS`; a token's quoted ability is read by
:mod:`.grants`.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

from ... import cards as C
from ..nodes import Effect
from .context import Ctx, Inexpressible, _by_you, amount_x, literal, subject
from .grants import lower_token_ability, token_ability


_TOKEN_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


_TOKEN_DESC = re.compile(r"(\d+)/(\d+) (colorless|[a-z]+(?:, [a-z]+)*,? (?:and [a-z]+)?|[a-z]+) "
                         r"((?:[A-Z][A-Za-z'-]* )+)((?:enchantment |artifact |land )*creature)")


def _token(spec: Any, layout: str | None) -> "C.Card | str":
    """A token definition from the grammar's description (111.4): a predefined artifact
    token (111.10) or "P/T colours Subtypes creature [with keywords]"."""
    if isinstance(spec, str) and spec in C.PREDEFINED_TOKENS:
        return spec
    desc, with_ = (spec, None) if isinstance(spec, str) else spec
    ability = None
    if with_ is not None and not isinstance(with_, str):
        got = token_ability(with_)
        if got is None or not isinstance(desc, str):
            raise Inexpressible("token: with an ability")
        with_, ability = got[0], lower_token_ability(got[1], layout)
    if not isinstance(desc, str):
        raise Inexpressible("token: with an ability")
    m = _TOKEN_DESC.fullmatch(desc)
    if m is None:
        raise Inexpressible(f"token: {desc}")
    words = [w for w in m.group(3).replace(",", " ").split() if w != "and"]
    if m.group(3) != "colorless" and any(w not in _TOKEN_COLORS for w in words):
        raise Inexpressible(f"token: {desc}")
    colors = "" if m.group(3) == "colorless" else \
        "".join(c for c in "WUBRG" if c in {_TOKEN_COLORS[w] for w in words})
    subtypes = tuple(m.group(4).split())
    types = tuple(w.capitalize() for w in m.group(5).split())
    keywords: tuple[str, ...] = ()
    if with_ is not None:
        if not with_.startswith("with "):
            raise Inexpressible(f"token: {with_}")
        keywords = tuple(with_[5:].split(" and "))
        if any(k not in C.KEYWORD_BITS for k in keywords):
            raise Inexpressible(f"token: {with_}")
    token = C.creature_token(" ".join(subtypes), colors, subtypes, int(m.group(1)),
                             int(m.group(2)), keywords, types)
    if ability is not None:                     # grant: a quoted ability of its own (111.4)
        token = dataclasses.replace(token, abilities=(ability,))
    return token


def _create_token(e: Effect, ctx: Ctx) -> list:
    """<who> creates N tokens (111.2)."""
    token = _token(e.get("token"), ctx.layout)
    return [C.CreateToken(token, amount_x(e.amount, "tokens", ctx), subject(e, ctx, "player"))]


def _investigate(e: Effect, ctx: Ctx) -> list:
    """701.16a: create a Clue token (N times)."""
    _by_you(e, ctx)
    return [C.Investigate(literal(e.amount, "investigate") if e.amount else 1)]
