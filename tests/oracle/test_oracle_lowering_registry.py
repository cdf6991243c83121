"""The lowering's extension points (mtg_core/oracle/lower/registry.py): each kind of node is
lowered by a chain of named layers declared in one place, outermost first."""
from __future__ import annotations

import pytest

import mtg_core.oracle  # noqa: F401  (imports every module that registers a layer)
from mtg_core.oracle.lower import registry as R


def test_every_declared_layer_is_registered():
    assert [f"{c.name}: {c.missing()}" for c in R.CHAINS if c.missing()] == []
    R.check_complete()


def test_layers_run_outermost_first_each_handed_the_rest():
    calls = []
    chain = R.Chain("toy", "outer", "inner", R.BASE)

    @chain.layer("outer")
    def outer(rest, x):
        calls.append("outer")
        return rest(x + 1)

    @chain.layer("inner")
    def inner(rest, x):
        calls.append("inner")
        return rest(x * 10) if x < 5 else "inner's own"

    @chain.layer(R.BASE)
    def base(x):
        calls.append("base")
        return x

    assert chain(1) == 20 and calls == ["outer", "inner", "base"]
    assert chain(7) == "inner's own"


def test_a_layer_must_be_declared_registered_once_and_before_the_chain_runs():
    chain = R.Chain("toy", "one", R.BASE)
    with pytest.raises(ValueError, match="no layer 'two'"):
        chain.layer("two")
    chain.layer("one")(lambda rest, x: rest(x))
    with pytest.raises(ValueError, match="registered twice"):
        chain.layer("one")
    with pytest.raises(RuntimeError, match=r"\['base'\] not registered"):
        chain(1)
    chain.layer(R.BASE)(lambda x: x)
    assert chain(3) == 3
    with pytest.raises(ValueError, match="ending with 'base'"):
        R.Chain("bad", "one")
