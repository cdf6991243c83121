"""simulate() on Ray and Dask, each against a real local cluster the test starts: the games
are the same as on local processes (same seed, same chunk size).  Skipped, with the reason,
when the extra is not installed (`pip install -e ".[ray,dask]"`; CI installs them)."""
from __future__ import annotations

import sys

import numpy as np
import pytest

from mtg_core import simulate
from mtg_core.simulation import BackendUnavailableError
from mtg_core.simulation.result import ARRAYS

GAMES, CHUNK, SEED = 400, 100, 21


@pytest.fixture(scope="module")
def reference():
    return simulate("bears", "red", GAMES, seed=SEED, chunk_size=CHUNK)


def same(a, b) -> bool:
    return all(np.array_equal(a.arrays[k], b.arrays[k]) for k in ARRAYS)


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray", reason="Ray is not installed (the [ray] extra)")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed", reason="Dask distributed is not installed "
                                                            "(the [dask] extra)")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


# Before the module's clusters start: simulate starts (and stops) its own.
def test_dask_starts_and_closes_a_cluster_of_its_own(reference):
    distributed = pytest.importorskip("distributed", reason="Dask distributed is not installed "
                                                            "(the [dask] extra)")
    r = simulate("bears", "red", GAMES, seed=SEED, chunk_size=CHUNK, backend="dask", workers=2)
    assert same(r, reference)
    with pytest.raises(ValueError):
        distributed.default_client()           # closed after the run


def test_ray_starts_and_shuts_down_a_cluster_of_its_own(reference):
    ray = pytest.importorskip("ray", reason="Ray is not installed (the [ray] extra)")
    r = simulate("bears", "red", GAMES, seed=SEED, chunk_size=CHUNK, backend="ray", workers=2)
    assert same(r, reference)
    assert not ray.is_initialized()


def test_ray_on_a_local_cluster_plays_the_same_games(ray_cluster, reference):
    r = simulate("bears", "red", GAMES, seed=SEED, chunk_size=CHUNK, backend="ray")
    assert r.backend == "ray" and same(r, reference)
    assert ray_cluster.is_initialized()        # a cluster simulate didn't start is left running


def test_dask_on_a_local_cluster_plays_the_same_games(dask_client, reference):
    r = simulate("bears", "red", GAMES, seed=SEED, chunk_size=CHUNK, backend="dask")
    assert r.backend == "dask" and same(r, reference)
    assert dask_client.status == "running"


@pytest.mark.parametrize("backend,module", [("ray", "ray"), ("dask", "distributed")])
def test_a_missing_extra_is_a_clear_error(monkeypatch, backend, module):
    monkeypatch.setitem(sys.modules, module, None)        # import fails as if not installed
    with pytest.raises(BackendUnavailableError, match=rf'pip install "mtg_core\[{backend}\]"'):
        simulate("bears", "red", 10, backend=backend)
