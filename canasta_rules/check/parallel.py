"""Spreading seeded games over local processes or a Dask cluster, with the same results.

``check`` and ``simulate`` cut their games into chunks of consecutive indices; each game's seed
comes from ``(--seed, game index)`` only, never from the chunk or the worker, and the results are
put back in chunk order. So the output is the same, byte for byte, whether the chunks run here one
after the other (``--jobs 1``), in J local processes (``--jobs J``), or on the workers of an
existing Dask cluster (``--scheduler ADDRESS``, with the ``dask`` extra installed).

Local processes are started with ``spawn``: a fresh interpreter that imports the package, so that
nothing of the parent (threads, a progress bar, open files) leaks into a worker.
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, TypeVar

from ..errors import CanastaError
from ..variant.model import Variant

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
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=ctx) as pool:
        futures: dict[Future[R], int] = {pool.submit(fn, t): i for i, t in enumerate(tasks)}
        first_stop = len(tasks)
        for fut in as_completed(futures):
            i = futures[fut]
            results[i] = r = fut.result()
            if done:
                done(i)
            if stop is not None and stop(r) and i < first_stop:
                first_stop = i
                for other, j in futures.items():
                    if j > i:
                        other.cancel()
    return results


@contextmanager
def _dask_client(address: str) -> Iterator[Any]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise OptionError(
            "--scheduler needs the dask extra: pip install 'canasta-rules[dask]'"
        ) from None
    try:
        client = distributed.Client(address, timeout=10, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise OptionError(f"--scheduler {address}: cannot connect: {e}") from None
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
        for fut in dask_completed(futures, loop=client.loop):
            if done:
                done(index[fut.key])
        results: list[R] = client.gather(futures)
    return list(results)


def progress_wanted(total: int, threshold: int) -> bool:
    """A progress bar on standard error, when it is a terminal and the run is long."""
    return total >= threshold and sys.stderr.isatty()


@lru_cache(maxsize=16)
def variant_from_json(text: str) -> Variant:
    """A variant sent to a worker as JSON (validated once per worker process)."""
    return Variant.model_validate_json(text)
