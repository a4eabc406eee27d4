"""Spreading seeded games over local processes or a Dask cluster, with the same results.

``check`` and ``simulate`` cut their games into chunks of consecutive indices; each game's seed
comes from ``(--seed, game index)`` only, never from the chunk or the worker, and the results are
put back in chunk order. So the output is the same, byte for byte, whether the chunks run here one
after the other (``--jobs 1``), in J local processes (``--jobs J``), or on the workers of an
existing Dask cluster (``--scheduler ADDRESS``, with the ``dask`` extra installed).

Local processes are started with ``spawn``: a fresh interpreter that imports the package, so that
nothing of the parent (threads, a progress bar, open files) leaks into a worker. Workers ignore
Ctrl-C (SIGINT): the parent alone handles it, terminates the pool and waits for its processes,
so an interrupted ``--jobs N`` run ends at once with exit 130 and leaves no process behind.
"""

from __future__ import annotations

import gc
import importlib
import json
import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Generic, TypeVar

from ..errors import CanastaError, one_line, shorten
from ..variant.plain import Variant, from_tagged

T = TypeVar("T")
R = TypeVar("R")


class OptionError(CanastaError):
    """A command-line option with a value that cannot be used (``--jobs 0``, ...)."""


def chunks(total: int, size: int) -> list[range]:
    """``range(total)`` cut into consecutive ranges of at most ``size``."""
    size = max(1, size)
    return [range(i, min(total, i + size)) for i in range(0, total, size)]


def chunk_size(total: int, jobs: int) -> int:
    """Small enough for a smooth progress bar and an even spread, large enough to be cheap."""
    return max(1, min(50, -(-total // max(1, 4 * jobs))))


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int = 1,
    scheduler: str | None = None,
    done: Callable[[int], None] | None = None,
    stop: Callable[[R], bool] | None = None,
) -> list[R | None]:
    """``[fn(t) for t in tasks]``, here or spread out; the list is always in task order.

    ``done(i)`` is called as task ``i`` finishes (for a progress bar). Once a result satisfies
    ``stop``, tasks after it need not run: their places may be None (the caller ignores them).
    ``fn`` and the tasks must be picklable for ``jobs > 1`` or a scheduler: a module-level
    function and plain data.
    """
    if jobs < 1:
        raise OptionError(f"--jobs must be at least 1, not {jobs}")
    if scheduler:
        return _on_dask(fn, tasks, scheduler, done)
    results: list[R | None] = [None] * len(tasks)
    if jobs == 1 or len(tasks) <= 1:
        for i, t in enumerate(tasks):
            results[i] = r = fn(t)
            if done:
                done(i)
            if stop is not None and stop(r):
                break
        return results
    ctx = multiprocessing.get_context("spawn")
    with _ctrl_c_ignored():  # the workers are born ignoring it, before they import anything
        pool = ctx.Pool(min(jobs, len(tasks)), initializer=_worker_start)
    try:
        waiting = set(range(len(tasks)))
        first_stop = len(tasks)
        for i, r in pool.imap_unordered(_Indexed(fn), enumerate(tasks)):
            results[i] = r
            waiting.discard(i)
            if done:
                done(i)
            if stop is not None and i < first_stop and stop(r):
                first_stop = i
            if not any(j < first_stop for j in waiting):
                break  # every task before the first stop is in (all of them, without a stop)
        pool.close()
    finally:
        # On Ctrl-C, an error in a task, or an early stop: the workers still running are killed
        # (Pool.terminate), and join waits until every one of them is gone.
        pool.terminate()
        pool.join()
    return results


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """SIGINT ignored while the workers start: a process inherits an ignored signal, so a Ctrl-C
    that reaches the whole process group while a worker is still importing cannot interrupt it
    with a traceback. The parent's own handling is back before any game runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _worker_start() -> None:
    """Workers leave Ctrl-C to the parent, which terminates them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Indexed(Generic[T, R]):
    """``(i, t) -> (i, fn(t))``, picklable, so that results can come back in any order."""

    def __init__(self, fn: Callable[[T], R]):
        self.fn = fn

    def __call__(self, item: tuple[int, T]) -> tuple[int, R]:
        i, t = item
        return i, self.fn(t)


@contextmanager
def _dask_client(address: str) -> Iterator[Any]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise OptionError(
            "--scheduler needs the dask extra: pip install 'canasta-rules[dask]'"
        ) from None
    reason = ""
    try:
        client = distributed.Client(address, timeout=10, set_as_default=False)
    except Exception as e:  # an address distributed cannot use fails in many ways (ValueError,
        reason = one_line(str(e), 120) or type(e).__name__  # TypeError, OSError, TimeoutError)
    if reason:
        # The half-made client is finalised now, while its event loop still runs: left to the
        # interpreter's exit, its __del__ waits 20 s for that loop and prints a traceback.
        gc.collect()
        raise OptionError(f"--scheduler {shorten(address, 60)}: cannot connect: {reason}")
    try:
        yield client
    finally:
        client.close()


def _on_dask(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    address: str,
    done: Callable[[int], None] | None,
) -> list[R | None]:
    with _dask_client(address) as client:
        dask_completed = importlib.import_module("distributed").as_completed
        futures = client.map(fn, list(tasks), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for fut in dask_completed(futures, loop=client.loop):
                if done:
                    done(index[fut.key])
            results: list[R] = client.gather(futures)
        except BaseException:
            # Ctrl-C (or any failure): take the games off the cluster before leaving it
            client.cancel(futures)
            raise
    return list(results)


def progress_wanted(total: int, threshold: int) -> bool:
    """A progress bar on standard error, when it is a terminal and the run is long."""
    return total >= threshold and sys.stderr.isatty()


@lru_cache(maxsize=16)
def variant_from_json(text: str) -> Variant:
    """A variant sent to a worker as tagged JSON (:func:`~canasta_rules.variant.plain.to_data`),
    already validated by the sender: built once per worker process, without pydantic."""
    found = from_tagged(json.loads(text))
    assert isinstance(found, Variant)
    return found
