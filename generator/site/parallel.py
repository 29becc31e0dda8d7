"""Spread independent work over the cores with fork(), when there is enough of it to pay.

Children are forked, so they start with everything the build has made so far (the model,
the compiled templates) without pickling any of it; only their results travel back, each as
soon as it is made (`_Results`). What a child that fails leaves undone is done again in this
process, so the real error is raised here, with its own type and message.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pickle
import select
import signal
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
    pipe: int  # open until the child is done: its end says so
    results: _Results


def fork_map(
    function: Callable[[T], R],
    items: Sequence[T],
    jobs: int,
    cost: Callable[[T], float] | None = None,
    least: int = MIN_ITEMS,
) -> list[R]:
    """`[function(x) for x in items]`, computed by up to `jobs` processes, in order.

    Each process takes the next item when it is done with one, so a process that meets
    costlier items or a busier core than the others does not leave them waiting. `cost`
    estimates an item's work: the costliest are handed out first, and the costliest of all
    is computed in this process, which keeps what its work leaves behind (rendered
    fragments, say) for later. Without `cost`, items go in their order. Fewer than `least`
    items are not worth the forking: computed here.
    """
    jobs = min(jobs, len(items) // max(least // 2, 1) or 1)
    if jobs <= 1 or len(items) < least or not hasattr(os, "fork"):
        return [function(item) for item in items]
    order = _order(items, cost)
    done: dict[int, R] = {}
    children: list[_Child] = []
    queue = _Queue(order[1:])
    try:
        for _ in range(jobs - 1):
            children.append(_spawn(function, items, queue))
        queue.close_writing()
        done[order[0]] = function(items[order[0]])
        for index in queue:
            done[index] = function(items[index])
            for child in children:  # what they sent meanwhile, while they still work
                done.update(child.results.take())
        for child in children:
            done.update(_collect(child))
    finally:
        queue.close()
        for child in children:
            _reap(child)
    # What a child did not send back (it failed, or died) is done here, where a failure
    # raises its own error.
    return [done[i] if i in done else function(items[i]) for i in range(len(items))]


def _order(items: Sequence[T], cost: Callable[[T], float] | None) -> list[int]:
    """Indexes of `items` in the order they are handed out: the costliest first."""
    if cost is None:
        return list(range(len(items)))
    costs = [cost(item) for item in items]
    return sorted(range(len(items)), key=lambda i: -costs[i])


class _Queue:
    """Indexes to take, shared by forked processes: a pipe that holds them all, written
    before any process reads, so each read of one record takes the next.

    A record is a run of consecutive places in the order, so that at most `RECORDS` of
    them fill the pipe: the smallest pipe buffer Linux gives (one page) holds them all,
    and writing them cannot block.
    """

    RECORDS = 1024
    _SIZE = 4  # bytes of a record: the place of its run's first index

    def __init__(self, order: list[int]):
        self.order = order
        self.run = -(-len(order) // self.RECORDS) or 1
        self._read, self._write = os.pipe()
        starts = range(0, len(order), self.run)
        os.write(self._write, b"".join(n.to_bytes(self._SIZE, "little") for n in starts))

    def close_writing(self) -> None:
        """Once every process that reads has its copy: the end of the records is then seen."""
        if self._write >= 0:
            os.close(self._write)
            self._write = -1

    def __iter__(self):
        while record := os.read(self._read, self._SIZE):
            start = int.from_bytes(record, "little")
            yield from self.order[start : start + self.run]

    def close(self) -> None:
        """Take whatever is left (after a failure here), so that the other processes stop
        after the item they are on rather than do work nobody will use."""
        self.close_writing()
        if self._read >= 0:
            while os.read(self._read, 4096):
                pass
            os.close(self._read)
            self._read = -1


def _spawn(function: Callable, items: Sequence, queue: _Queue) -> _Child:
    read, write = os.pipe()
    results = _Results()
    parent, prctl = os.getpid(), _prctl()
    pid = os.fork()
    if pid == 0:  # the child: compute, send, and leave without running any clean-up
        status = 1
        try:
            _die_with(parent, prctl)
            os.close(read)
            queue.close_writing()
            with contextlib.suppress(BaseException):  # the parent does the item again, and reports
                for index in queue:
                    results.send(index, function(items[index]))
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    return _Child(pid, read, results)


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


@functools.cache
def _prctl() -> Callable[..., int] | None:
    """Linux's prctl(), found before a fork rather than in each child; None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - no C library to be found
        return None


def _die_with(parent: int, prctl: Callable[..., int] | None) -> None:
    """In a child: killed when its parent dies. A build killed while its children render
    would leave them writing pages into the folder the next build makes (writer.Staging)."""
    if prctl is not None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the line above
        os._exit(1)


def _collect(child: _Child) -> dict:
    """What the child sent, once it is done (or dead)."""
    with os.fdopen(child.pipe, "rb") as pipe:
        child.pipe = -1
        pipe.read()  # nothing is written: the end of the pipe is the end of the child
    return child.results.received()


class _Results:
    """What a child computed, by index, sent as it computes it: each result pickled on its own
    and appended, after its length, to a file in memory shared with the child at the fork.

    A pipe would make a child that finishes first wait for this process to read what it
    sent (a pipe holds 64 KiB), and then send it all at the end: 65 ms of 3.5 s at 5,000
    entries. This process `take`s what is there between items of its own, while the child
    works, rather than all of it once the child is done, on one core (a cold build of 1,000
    entries: 3 MB of Markdown bodies, 6 ms; 0.5 MB of page results, 4 ms). A result cut
    short (a child killed while writing it) ends what is received.
    """

    _LENGTH = 8  # bytes before each result: its length

    def __init__(self) -> None:
        self._file = _memory_file()
        self._read = 0  # how far this process has taken
        self._ended = False  # a result that cannot be read: nothing after it is taken

    def send(self, index: int, result: object) -> None:
        """In the child: one more result."""
        data = pickle.dumps((index, result), protocol=5)
        record = memoryview(len(data).to_bytes(self._LENGTH, "little") + data)
        while record:
            record = record[os.write(self._file, record) :]

    def take(self) -> dict:
        """In this process: the whole results sent since the last `take`."""
        if self._file < 0 or self._ended:
            return {}
        size = os.fstat(self._file).st_size
        if size - self._read <= self._LENGTH:
            return {}
        data = os.pread(self._file, size - self._read, self._read)
        while len(data) < size - self._read and (
            more := os.pread(self._file, size - self._read - len(data), self._read + len(data))
        ):
            data += more
        view, at, done = memoryview(data), 0, {}
        while at + self._LENGTH <= len(data):
            end = at + self._LENGTH + int.from_bytes(view[at : at + self._LENGTH], "little")
            if end > len(data):  # still being written (or cut short)
                break
            try:
                index, result = pickle.loads(view[at + self._LENGTH : end])
            except Exception:  # whatever it is: the items from here on are done here again
                self._ended = True
                break
            done[index] = result
            at = end
        self._read += at
        return done

    def received(self) -> dict:
        """In this process, once the child is done: every whole result it sent and this
        process has not taken yet."""
        done = self.take()
        self.close()
        return done

    def close(self) -> None:
        if self._file >= 0:
            os.close(self._file)
            self._file = -1


def _memory_file() -> int:
    """A new file in memory (Linux), else a temporary file."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux; a kernel without it
        return os.memfd_create("cvsite-results", os.MFD_CLOEXEC)
    import tempfile  # only here: a build imports this module before it forks

    with tempfile.TemporaryFile() as file:
        return os.dup(file.fileno())


class Ahead:
    """Work started early in a child process; `wait` for it.

    `function` makes files that this process finds later (compiled templates). After it,
    the child computes `then(item)` for each of `items` that it takes from a queue, until
    this process asks for what it has (`results`): the queue is emptied then (or shared,
    until it is empty), the child stops after the item it is on, and whatever it did not
    do is this process's to do.

    The child is quiet (its output goes nowhere) and its failures are its own: whoever
    needs the files makes them in this process when they are missing, and reports there.
    """

    def __init__(
        self,
        function: Callable[[], object] | None = None,
        then: Callable[[T], R] | None = None,
        items: Sequence[T] = (),
    ):
        self._pid: int | None = None
        self._items = items
        self._queue: _Queue | None = None
        self._child: _Child | None = None  # while its results are still to be taken
        shared = then is not None and len(items) > 0
        if not (function is not None or shared) or not hasattr(os, "fork"):
            return
        write = -1
        if shared:
            self._queue = _Queue(list(range(len(items))))
            read, write = os.pipe()
            self._child = _Child(0, read, _Results())
        self._pid = os.fork()
        if self._pid == 0:
            results = self._child.results if self._child is not None else None
            work = functools.partial(_ahead, function, then, items, self._queue, write, results)
            _run_quietly(work)
        if self._child is not None:
            self._child.pid = self._pid
            os.close(write)
            self._queue.close_writing()

    def results(self, here: Callable[[T], R] | None = None) -> dict[int, R]:
        """What the child computed of `then`, by index in `items`; it stops after the item it
        is on. Nothing while it is still on `function`, rather than wait for that.

        With `here`, this process takes the items left from the same queue, and computes
        `here(item)` for each, beside the child, until none is left; those results are in
        the answer too. (Whatever `function` makes is then ready: see `ready`.)"""
        queue, self._queue = self._queue, None
        if queue is None or self._child is None:
            return {}
        if here is None:
            queue.close()
            if not select.select([self._child.pipe], [], [], 0)[0]:  # no word that it began
                return {}
            child, self._child = self._child, None
            return _collect(child)
        taken: dict[int, R] = {}
        done: dict[int, R] = {}
        try:
            for index in queue:
                done[index] = here(self._items[index])
                taken.update(self._child.results.take())  # while the child still works
        finally:
            queue.close()
        child, self._child = self._child, None
        return {**taken, **_collect(child), **done}

    def ready(self) -> None:
        """Until the child is done with `function` (it has begun its items, or it ended)."""
        if self._child is not None:
            select.select([self._child.pipe], [], [])
        elif self._pid:
            self.wait()

    def wait(self) -> None:
        """Until the child has finished (at once the second time, or when none was started)."""
        self.results()
        if self._child is not None:
            _reap(self._child)
            self._child = None
        if self._pid:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self._pid, 0)
            self._pid = None


def _ahead(
    function: Callable[[], object] | None,
    then: Callable | None,
    items: Sequence,
    queue: _Queue | None,
    begun: int,
    results: _Results | None,
) -> None:
    """The child of an Ahead. It writes a byte to `begun` when it begins its items, so that
    `results` knows whether it must wait for the one it is on."""
    if queue is not None:
        queue.close_writing()  # this copy too: the queue then ends when it is empty
    if function is not None:
        with contextlib.suppress(Exception):  # the items may still be of use
            function()
    if queue is None or then is None or results is None:
        return
    os.write(begun, b"+")
    with contextlib.suppress(Exception):
        for index in queue:
            results.send(index, then(items[index]))


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
    child.results.close()
    with contextlib.suppress(ChildProcessError):  # already reaped
        os.waitpid(child.pid, 0)
