"""How an object of the card language is rebuilt from what it holds: the one rule the
importer's output follows for every class (Python source and JSON data,
:mod:`mtg_core.oracle.output`), so a card written by ``mtg-core import`` reads back the same.

An object of a card-language class (a dataclass exported by :mod:`mtg_core.cards`) is
rebuilt by calling its constructor.  Each parameter of its ``__init__`` takes the value of
the attribute of the same name (a field), unless the class's ``init_fields`` names the
attribute that holds it (``ZoneChangeTrigger.init_fields = {"event": "at"}``) or maps it to
None: the parameter is another spelling of what the others give (StaticAbility's
``change``, folded into ``changes``), left to its default.  A ``*args`` parameter takes the
attribute's tuple.  Fields that no parameter names are made by the constructor (Crew's
``cost`` and ``effects`` from its ``n``): :func:`rebuild` checks they come out as given, so
data that its class can't make is refused, never silently changed.

>>> from mtg_core.cards import Crew, Damage, TriggeredAbility
>>> arguments(TriggeredAbility("enters", Damage("target", 2), targets=("any",)))
(['enters', Damage(who='target', amount=2)], {'targets': ('any',)})
>>> arguments(Crew(3))
([], {'n': 3})
>>> rebuild(Crew, {"n": 3, "cost": "Crew 4"})
Traceback (most recent call last):
...
mtg_core.errors.CardScriptError: Crew: cost='Crew 4' is not what Crew(n=3) makes ('Crew 3')
"""
from __future__ import annotations

import inspect
from dataclasses import MISSING, dataclass, fields, is_dataclass
from functools import cache
from typing import Any, Mapping

from ..errors import CardScriptError

_EMPTY = inspect.Parameter.empty


@dataclass(frozen=True)
class Parameter:
    """One parameter of a class's constructor and the attribute that holds its value."""
    name: str
    attribute: str | None       # None: another spelling of other parameters, left to default
    kind: str                   # "positional" (before *args), "varargs" or "keyword"
    default: Any                # inspect.Parameter.empty: required


@cache
def parameters(cls: type) -> tuple[Parameter, ...]:
    """The constructor parameters of a card-language class with the attribute each one reads.
    Raises CardScriptError when one has no attribute (the class can't be rebuilt: give it a
    field of that name or say in ``init_fields`` which attribute holds it)."""
    if not is_dataclass(cls):
        raise CardScriptError(f"{cls.__name__} is not a card-language class (a dataclass)")
    names = {f.name for f in fields(cls)}
    factories = {f.name: f.default_factory for f in fields(cls) if f.default_factory is not MISSING}
    declared: Mapping[str, str | None] = getattr(cls, "init_fields", {})
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    has_varargs = any(p.kind == p.VAR_POSITIONAL for p in params)
    out = []
    for p in params:
        attribute = declared.get(p.name, p.name)
        if p.kind == p.VAR_KEYWORD:
            raise CardScriptError(f"{cls.__name__}.__init__ takes **{p.name}: name its parameters")
        if attribute is not None and attribute not in names:
            raise CardScriptError(f"{cls.__name__}.__init__ parameter {p.name!r} is not a field: "
                                  f"add one, or name the field that holds it in "
                                  f"{cls.__name__}.init_fields")
        if attribute is None and p.default is _EMPTY:
            raise CardScriptError(f"{cls.__name__}.__init__ parameter {p.name!r} is required "
                                  "but init_fields says no field holds it")
        kind = ("varargs" if p.kind == p.VAR_POSITIONAL else
                "positional" if has_varargs and p.kind == p.POSITIONAL_OR_KEYWORD else
                "keyword")
        default = () if kind == "varargs" else \
            factories[p.name]() if p.name in factories else p.default
        out.append(Parameter(p.name, attribute, kind, default))
    return tuple(out)


def _is_default(value: Any, default: Any) -> bool:
    return default is not _EMPTY and type(value) is type(default) and value == default


def arguments(obj: Any) -> tuple[list[Any], dict[str, Any]]:
    """``(args, kwargs)`` such that ``type(obj)(*args, **kwargs)`` rebuilds ``obj``; keyword
    arguments equal to their default are left out."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in parameters(type(obj)):
        if p.attribute is None:
            continue
        value = getattr(obj, p.attribute)
        if p.kind == "positional":
            args.append(value)
        elif p.kind == "varargs":
            args.extend(value)
        elif not _is_default(value, p.default):
            kwargs[p.name] = value
    return args, kwargs


def rebuild(cls: type, values: Mapping[str, Any]) -> Any:
    """The object of ``cls`` whose fields have ``values`` (fields left out: what its
    constructor makes); CardScriptError if a field is unknown, a required one is missing,
    the constructor refuses the values, or a field comes out different from the value given."""
    known = {f.name for f in fields(cls)}
    if set(values) - known:
        raise CardScriptError(f"{cls.__name__}: unknown fields {sorted(set(values) - known)}")
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in parameters(cls):
        if p.attribute is None:
            continue
        if p.attribute not in values:
            if p.default is _EMPTY:
                raise CardScriptError(f"{cls.__name__}: field {p.attribute!r} is missing")
            if p.kind == "positional":
                args.append(p.default)
            continue
        value = values[p.attribute]
        if p.kind == "positional":
            args.append(value)
        elif p.kind == "varargs":
            if not isinstance(value, tuple):
                raise CardScriptError(f"{cls.__name__}: field {p.attribute!r} must be a list, "
                                      f"not {value!r}")
            args.extend(value)
        else:
            kwargs[p.name] = value
    try:
        obj = cls(*args, **kwargs)
    except CardScriptError as err:
        raise CardScriptError(f"{cls.__name__}: {err}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
        raise CardScriptError(f"{cls.__name__}: malformed value "
                              f"({type(err).__name__}: {err})") from None
    for name, value in values.items():
        made = getattr(obj, name)
        if made != value or type(made) is not type(value):
            call = ", ".join([repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()])
            raise CardScriptError(f"{cls.__name__}: {name}={value!r} is not what "
                                  f"{cls.__name__}({call}) makes ({made!r})")
    return obj
