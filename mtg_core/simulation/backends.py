"""Where chunks run: local processes (default), Ray or Dask.

Each backend is a generator ``run(job, tasks, workers)`` that yields ``(index, arrays,
core_seconds)`` as
chunks finish, in any order (the caller puts them back in chunk order).  Closing the
generator early (Ctrl-C, an error) stops the work still running: the local workers are
terminated, Ray tasks and Dask futures are cancelled, and a cluster the backend started
itself is shut down.  With an existing Ray or Dask connection (``ray.init(address=...)``,
``distributed.Client("tcp://...")`` made before calling simulate), that cluster is used as it
is and left running.
"""
from __future__ import annotations

import collections
import contextlib
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from multiprocessing import connection, forkserver
from typing import Callable, Iterator

import numpy as np

from .errors import BackendUnavailableError, SimulationError
from .worker import Job, run_chunk, serve

START_TIMEOUT = 120                 # seconds a local worker may take to start (import, tables)
Task = tuple[int, int, int]                 # (chunk index, seed, games)
Done = tuple[int, dict[str, np.ndarray], float]   # (chunk index, arrays, core seconds)


def mp_context() -> multiprocessing.context.BaseContext:
    """The start method for local workers: fork while this process has no other thread
    (Linux: nothing to copy in an unknown state, and a script without an
    ``if __name__ == "__main__":`` guard works, as users expect); else forkserver where
    there is one (POSIX), else spawn.  Not fork once there are threads (Ray, Dask, a
    progress bar, a GUI): fork would copy them in an unknown state.  The forkserver imports
    the worker module once, so each worker starts with the core already loaded; it and
    spawn need the caller's script to have the ``__main__`` guard (the multiprocessing
    rule)."""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if sys.platform != "win32" and "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["mtg_core.simulation.worker"])
        if threading.current_thread() is threading.main_thread():
            # Started with SIGINT ignored, the server hands that on to every worker it forks:
            # a Ctrl-C from the terminal reaches the whole process group, and only this
            # process should act on it (workers would print tracebacks mid-start-up).
            old = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                forkserver.ensure_running()
            finally:
                signal.signal(signal.SIGINT, old)
        return ctx
    return multiprocessing.get_context("spawn")


@contextlib.contextmanager
def sigint_deferred():
    """Hold a Ctrl-C back until the block is done, then raise it (the workers' start-up is
    not cut in half: a worker stopped while it is unpickling prints a traceback)."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    caught: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt


# A chunk whose worker process dies (killed, out of memory) is run again by a new worker
# this many times, then the run fails: its seed is its own, so a re-run gives the same games.
MAX_CHUNK_RETRIES = 2


class _Worker:
    """One local worker process and the parent's end of its pipe (see ``worker.serve``)."""

    def __init__(self, ctx, job: Job):
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=serve, args=(job, child), daemon=True)
        self.process.start()
        child.close()                   # the child's end lives in the child only: EOF if it dies
        self.started = time.monotonic()
        self.ready = False
        self.task: Task | None = None

    def messages(self) -> list[tuple]:
        """Every message waiting on the pipe (none once it is closed: the process died)."""
        out = []
        try:
            while self.conn.poll():
                out.append(self.conn.recv())
        except (EOFError, OSError):
            pass
        return out

    def how_it_ended(self) -> str:
        self.process.join(5)
        code = self.process.exitcode
        if code is not None and code < 0:
            with contextlib.suppress(ValueError):
                return f"killed by {signal.Signals(-code).name}"
        return f"exit code {code}"


def run_local(job: Job, tasks: list[Task], workers: int) -> Iterator[Done]:
    """``workers`` processes (1: in this process, no process; simulate has made 0 the number
    of cores).  The parent hands each worker one chunk at a time over its own pipe and
    watches every worker's process: when one dies mid-chunk, its chunk is given to a new
    worker (the same seed, so the same games: the result is identical to an undisturbed
    run), at most ``MAX_CHUNK_RETRIES`` times per chunk, then a SimulationError names the
    chunk.  A worker that dies or takes more than ``START_TIMEOUT`` s while starting is a
    SimulationError at once; an exception in a chunk is raised here as it was raised there."""
    if workers == 1 or len(tasks) <= 1:
        for t in tasks:
            yield run_chunk(job, *t)
        return
    ctx = mp_context()
    todo = collections.deque(tasks)
    deaths: collections.Counter[int] = collections.Counter()   # chunk index -> workers lost on it
    crew: list[_Worker] = []
    try:
        with sigint_deferred():
            crew = [_Worker(ctx, job) for _ in range(min(workers, len(tasks)))]
        while todo or any(w.task is not None for w in crew):
            for w in crew:
                if w.ready and w.task is None and todo:
                    w.task = todo.popleft()
                    with contextlib.suppress(OSError):      # it died: seen below
                        w.conn.send(w.task)
            connection.wait([w.conn for w in crew] + [w.process.sentinel for w in crew],
                            timeout=1.0)
            for w in list(crew):
                for message in w.messages():
                    if message[0] == "ready":
                        w.ready = True
                    elif message[0] == "done":
                        w.task = None
                        yield message[1]
                    else:
                        raise message[2]
                if w.process.is_alive():
                    if not w.ready and time.monotonic() - w.started > START_TIMEOUT:
                        raise SimulationError(f"a local worker process did not start within "
                                              f"{START_TIMEOUT} s")
                    continue
                how = w.how_it_ended()
                crew.remove(w)
                w.conn.close()
                if not w.ready:
                    raise SimulationError(f"a local worker process died while starting ({how})")
                if w.task is not None:
                    k = w.task[0]
                    deaths[k] += 1
                    if deaths[k] > MAX_CHUNK_RETRIES:
                        raise SimulationError(
                            f"chunk {k} ({w.task[2]} games, seed {w.task[1]}) was lost: its "
                            f"worker process died {deaths[k]} times ({how} the last time)")
                    todo.appendleft(w.task)
                if todo:
                    with sigint_deferred():
                        crew.append(_Worker(ctx, job))
        for w in crew:                  # every chunk is done: the workers may stop
            with contextlib.suppress(OSError):
                w.conn.send(None)
        for w in crew:
            w.process.join(1)
    finally:
        for w in crew:
            if w.process.is_alive():
                w.process.terminate()
                w.process.join()
            w.conn.close()


def run_ray(job: Job, tasks: list[Task], workers: int) -> Iterator[Done]:
    """Ray tasks of one chunk each, at most ``workers`` at a time (0: all at once; the
    cluster's CPUs decide).  Without a Ray connection, a local Ray with ``workers`` CPUs
    (0: all) is started for the run and shut down after it."""
    try:
        import ray
    except ImportError:
        raise BackendUnavailableError('backend "ray" needs Ray: pip install "mtg_core[ray]"') from None
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=workers or os.cpu_count(), include_dashboard=False,
                 log_to_driver=False, logging_level="ERROR")
    pending: list = []
    try:
        remote = ray.remote(num_cpus=1)(run_chunk)
        job_ref = ray.put(job)                  # sent once, read by every task
        queue = iter(tasks)
        for t in itertools.islice(queue, workers or len(tasks)):
            pending.append(remote.remote(job_ref, *t))
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for t in itertools.islice(queue, 1):
                pending.append(remote.remote(job_ref, *t))
            yield ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def run_dask(job: Job, tasks: list[Task], workers: int) -> Iterator[Done]:
    """Dask futures of one chunk each, at most ``workers`` at a time (0: all at once; the
    cluster's workers decide).  Without a Dask client, a ``LocalCluster`` of ``workers``
    single-threaded worker processes (0: one per core) is started for the run and closed
    after it."""
    try:
        from distributed import Client, LocalCluster, as_completed, default_client
    except ImportError:
        raise BackendUnavailableError('backend "dask" needs Dask distributed: '
                                      'pip install "mtg_core[dask]"') from None
    cluster = None
    try:
        client = default_client()
    except ValueError:                          # no client yet: start a local cluster
        cluster = LocalCluster(n_workers=workers or os.cpu_count(), threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    futures: list = []
    try:
        [job_f] = client.scatter([job], broadcast=True, hash=False)   # sent once per worker
        queue = iter(tasks)
        futures = [client.submit(run_chunk, job_f, *t, pure=False)
                   for t in itertools.islice(queue, workers or len(tasks))]
        running = as_completed(futures)
        for fut in running:
            for t in itertools.islice(queue, 1):
                nxt = client.submit(run_chunk, job_f, *t, pure=False)
                futures.append(nxt)
                running.add(nxt)
            yield fut.result()
    finally:
        client.cancel([f for f in futures if not f.done()])
        if cluster is not None:
            client.close()
            cluster.close()


# What each backend imports (the extra that provides it).
NEEDS = {"ray": ("ray", "ray"), "dask": ("distributed", "dask")}


def check_backend(name: str) -> None:
    """Raise BackendUnavailableError now if backend ``name`` can't be imported."""
    if name in NEEDS:
        module, extra = NEEDS[name]
        try:
            __import__(module)
        except ImportError:
            raise BackendUnavailableError(f'backend "{name}" needs {module}, which is not '
                                          f'installed: pip install "mtg_core[{extra}]"') from None


BACKENDS: dict[str, Callable[[Job, list[Task], int], Iterator[Done]]] = {
    "local": run_local, "ray": run_ray, "dask": run_dask}
