"""Spread independent work over the cores, when there is enough of it to pay.

Workers are forked once the model and the page plan exist, so only indices go to them and
only results come back; this process works too. What a worker fails at (or leaves undone,
because it died) is done again here, so the real error is raised here, located. Never fork
from a process that has typeset: Typst's threads do not survive fork() (typesetting.py).
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

MIN_ITEMS = 200  # below this, forking costs more than it saves (bench/parallel.py)
_CHUNKS_PER_JOB = 8  # enough that a busy core's share moves to a free one
_WATCH_SECONDS = 0.2  # how often a worker checks that its build is still there


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def parallel_map(
    function: Callable[[T], R],
    items: Sequence[T],
    jobs: int,
    cost: Callable[[T], float] | None = None,
    least: int = MIN_ITEMS,
    here: Callable[[T], bool] | None = None,
) -> list[R]:
    """`[function(x) for x in items]`, computed by up to `jobs` processes (none for fewer
    than `least` items), in order. The costliest by `cost` go first, the first of all here,
    with those `here` picks."""
    if not forks_workers(len(items), jobs, least):
        return [function(item) for item in items]
    jobs = _workers(len(items), jobs, least)
    first, *order = _order(items, cost)
    picked = {i for i in order if here is not None and here(items[i])}
    mine = [first, *(i for i in order if i in picked)]
    chunks = _chunks([i for i in order if i not in picked], jobs)
    done: dict[int, R] = {}
    context = multiprocessing.get_context("fork")
    claims = _Claims(context, len(chunks))
    pool = ProcessPoolExecutor(
        jobs - 1,
        mp_context=context,
        initializer=_start_worker,
        initargs=(function, items, claims, os.getpid()),
    )
    try:
        futures = [pool.submit(_work, number, chunk) for number, chunk in enumerate(chunks)]
        # The costliest here, first, and those `here` picks: what their work leaves behind
        # (a renderer's drawings of entries) stays in the process that goes on.
        _here(mine, function, items, done)
        _share(futures, chunks, claims, function, items, done)
    finally:  # after a failure (or Ctrl-C) here, workers stop after the chunk they are on
        pool.shutdown(wait=True, cancel_futures=True)
    return [done[i] if i in done else function(items[i]) for i in range(len(items))]


def forks_workers(count: int, jobs: int, least: int = MIN_ITEMS) -> bool:
    """Whether `parallel_map` of `count` items forks worker processes."""
    return _workers(count, jobs, least) > 1 and count >= least


def _workers(count: int, jobs: int, least: int) -> int:
    return min(jobs, count // max(least // 2, 1) or 1)


# What a worker computes: set in each worker by `_start_worker`, never pickled.
_task: tuple[Callable, Sequence, _Claims] | None = None


class _Claims:
    """Who begins each chunk, in shared memory without a lock (a worker killed holding one
    would stop the build). Each side notes it begins a chunk, then leaves it if the other's
    note is there: one side does it, both (the same result), or neither (this process does it
    at the end). Cancelling the future instead breaks Python 3.11's pool (gh-107219)."""

    def __init__(self, context: multiprocessing.context.BaseContext, count: int):
        self._here = context.RawArray("b", count)
        self._worker = context.RawArray("b", count)

    def here(self, number: int) -> bool:
        """This process begins chunk `number`, unless a worker has."""
        self._here[number] = 1
        return not self._worker[number]

    def worker(self, number: int) -> bool:
        """A worker begins chunk `number`, unless this process has."""
        self._worker[number] = 1
        return not self._here[number]


def _start_worker(function: Callable, items: Sequence, claims: _Claims, parent: int) -> None:
    global _task
    _task = (function, items, claims)
    # Ctrl-C goes to the whole process group: the build stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: int) -> None:
    """A worker ends when the build that started it dies, rather than wait for ever (the
    parent's sentinel would not do: each worker inherits the others' ends of theirs)."""
    while os.getppid() == parent:
        time.sleep(_WATCH_SECONDS)
    os.kill(os.getpid(), signal.SIGTERM)


def _work(number: int, chunk: list[int]) -> list | None:
    """Chunk `number` computed in a worker; None when this process took it."""
    function, items, claims = _task
    if not claims.worker(number):
        return None
    return [function(items[index]) for index in chunk]


def _share(
    futures: list[Future],
    chunks: list[list[int]],
    claims: _Claims,
    function: Callable,
    items: Sequence,
    done: dict,
) -> None:
    """This process computes each chunk no worker has begun, then takes the workers' results;
    a chunk a worker failed at is done here at once, so that its error comes first."""
    failed: list[list[int]] = []  # appended to by the pool's thread
    mine: set[int] = set()
    for future, chunk in zip(futures, chunks, strict=True):
        future.add_done_callback(functools.partial(_note_failure, failed, chunk))
    for number, (future, chunk) in enumerate(zip(futures, chunks, strict=True)):
        while failed:
            _here(failed.pop(), function, items, done)
        # Not one the pool has passed to a worker already: those are the workers' next.
        if not future.running() and not future.done() and claims.here(number):
            mine.add(number)
            _here(chunk, function, items, done)
    for number, (future, chunk) in enumerate(zip(futures, chunks, strict=True)):
        if number not in mine and future.exception() is None and future.result() is not None:
            done.update(zip(chunk, future.result(), strict=True))


def _note_failure(failed: list[list[int]], chunk: list[int], future: Future) -> None:
    if not future.cancelled() and future.exception() is not None:
        failed.append(chunk)


def _here(chunk: list[int], function: Callable, items: Sequence, done: dict) -> None:
    done.update((index, function(items[index])) for index in chunk)


def _order(items: Sequence[T], cost: Callable[[T], float] | None) -> list[int]:
    """Indices of `items` in the order they are handed out: the costliest first."""
    if cost is None:
        return list(range(len(items)))
    costs = [cost(item) for item in items]
    return sorted(range(len(items)), key=lambda i: -costs[i])


def _chunks(order: list[int], jobs: int) -> list[list[int]]:
    """`order` cut into runs, enough that the last ones even the cores out."""
    size = max(1, len(order) // (jobs * _CHUNKS_PER_JOB))
    return [order[start : start + size] for start in range(0, len(order), size)]
