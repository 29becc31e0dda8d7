"""Spread independent work over the cores with fork(), when there is enough of it to pay.

Children are forked, so they start with everything the build has made so far (the model,
the compiled templates) without pickling any of it; only their results travel back, through
a pipe. A child that fails has its share done again in this process, so the real error is
raised here, with its own type and message.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

MIN_ITEMS = 64  # below this, forking costs more than it saves


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


@dataclass
class _Child:
    pid: int
    pipe: int
    share: list


def fork_map(
    function: Callable[[T], R],
    items: Sequence[T],
    jobs: int,
    cost: Callable[[T], float] | None = None,
) -> list[R]:
    """`[function(x) for x in items]`, computed by up to `jobs` processes, in order.

    `cost` estimates an item's work, so that each process gets an even share; without it,
    items are dealt out in turn, which is even only when neighbours cost alike.
    """
    jobs = min(jobs, len(items) // (MIN_ITEMS // 2) or 1)
    if jobs <= 1 or len(items) < MIN_ITEMS or not hasattr(os, "fork"):
        return [function(item) for item in items]
    places = _deal(items, jobs, cost)
    shares = [[items[i] for i in share] for share in places]
    children: list[_Child] = []
    try:
        for share in shares[1:]:
            children.append(_spawn(function, share))
        results = [[function(item) for item in shares[0]]]
        results += [_collect(child, function) for child in children]
    finally:
        for child in children:
            _reap(child)
    ordered: list = [None] * len(items)
    for share, share_results in zip(places, results, strict=True):
        for index, result in zip(share, share_results, strict=True):
            ordered[index] = result
    return ordered


def _deal(items: Sequence[T], jobs: int, cost: Callable[[T], float] | None) -> list[list[int]]:
    """Indexes of `items` for each of `jobs` shares: in turn, or the costliest first, each to
    the share with the least work so far."""
    if cost is None:
        return [list(range(start, len(items), jobs)) for start in range(jobs)]
    costs = [cost(item) for item in items]
    shares: list[list[int]] = [[] for _ in range(jobs)]
    loads = [0.0] * jobs
    for index in sorted(range(len(items)), key=lambda i: -costs[i]):
        lightest = loads.index(min(loads))
        shares[lightest].append(index)
        loads[lightest] += costs[index]
    return shares


def _spawn(function: Callable, share: list) -> _Child:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, send, and leave without running any clean-up
        status = 1
        try:
            os.close(read)
            try:
                payload = pickle.dumps((True, [function(item) for item in share]), protocol=5)
            except BaseException:
                payload = pickle.dumps((False, None))
            with os.fdopen(write, "wb") as pipe:
                pipe.write(payload)
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    return _Child(pid, read, share)


def _collect(child: _Child, function: Callable) -> list:
    with os.fdopen(child.pipe, "rb") as pipe:
        child.pipe = -1
        data = pipe.read()
    try:
        succeeded, results = pickle.loads(data)
    except Exception:  # the child died before it could answer
        succeeded, results = False, None
    if not succeeded:
        results = [function(item) for item in child.share]
    return results


class Ahead:
    """Work started early in a child process for the files it leaves behind; `wait` for it.

    The child is quiet (its output goes nowhere) and its failures are its own: whoever
    needs the files makes them in this process when they are missing, and reports there.
    """

    def __init__(self, function: Callable[[], object] | None = None):
        self._pid: int | None = None
        if function is not None and hasattr(os, "fork"):
            self._pid = os.fork()
            if self._pid == 0:
                _run_quietly(function)

    def wait(self) -> None:
        """Until the child has finished (at once the second time, or when none was started)."""
        if self._pid:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self._pid, 0)
            self._pid = None


def _run_quietly(function: Callable[[], object]) -> None:
    status = 1
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - gone at os._exit
        function()
        status = 0
    finally:
        os._exit(status)


def _reap(child: _Child) -> None:
    if child.pipe >= 0:
        os.close(child.pipe)
        child.pipe = -1
    with contextlib.suppress(ChildProcessError):  # already reaped
        os.waitpid(child.pid, 0)
