"""One writer at a time per output folder (`flock` on `.NAME.cvsite-lock` beside it), held
from before it looks for leftovers until its stamp is saved: two at once would each take the
other's staging folder for a killed build's leftovers (writer.recover). The system releases
a flock however the process ends; a link or folder planted under its name is refused."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import logging
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from generator.diskerrors import cause, output_error
from generator.errors import BuildError, shown
from generator.site.stamp import short_path

log = logging.getLogger("cvsite")

# Longer than any build, short enough that one behind a stuck one ends, and says why.
WAIT_SECONDS = 300.0
_POLL_SECONDS = 0.05
LONGEST_PATH = 160  # characters of a path a message prints whole
_OPEN = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def lock_path(output: Path) -> Path:
    return output.parent / f".{output.name}.cvsite-lock"


@contextlib.contextmanager
def output_lock(output: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock of the folder `output`, waiting up to `wait` seconds for its holder."""
    path = lock_path(output)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise output_error(exc, output) from None
    descriptor = _acquire(path, output, wait)
    try:
        with contextlib.suppress(OSError):  # a full disk: whoever waits is not told the pid
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        # Removed while still held: whoever waits on this file then finds it gone, and
        # takes a new one (see _acquire), never a lock nobody else can see.
        with contextlib.suppress(OSError):
            if _same_file(descriptor, path):
                path.unlink()
        os.close(descriptor)


def _acquire(path: Path, output: Path, wait: float) -> int:
    deadline = time.monotonic() + wait
    said = False
    while True:
        descriptor = _open(path, output)
        try:
            if _try_lock(descriptor):
                if _same_file(descriptor, path):
                    return descriptor
                os.close(descriptor)  # the holder removed it as it let go: take the new one
                continue
            holder = _holder(descriptor)
        except BaseException:
            os.close(descriptor)
            raise
        os.close(descriptor)
        if time.monotonic() >= deadline:
            raise BuildError(
                f"another cvsite is still writing {_shown(output)}/ ({holder}), and this "
                f"one waited {wait:g} s for it: run this again once that one has finished, "
                "or stop it"
            )
        if not said:
            log.warning("waiting for another build of %s/ (%s)…", _shown(output), holder)
            said = True
        time.sleep(_POLL_SECONDS)


def _open(path: Path, output: Path) -> int:
    try:
        descriptor = os.open(path, _OPEN, 0o644)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO):
            raise _planted(path, output, file_kind(path)) from None
        raise BuildError(f"cannot lock {_shown(path)}: {cause(exc)}") from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
        os.close(descriptor)
        hard_links = stat.S_ISREG(info.st_mode)
        kind = "file with other names (hard links)" if hard_links else file_kind(path)
        raise _planted(path, output, kind)
    return descriptor


def _planted(path: Path, output: Path, kind: str) -> BuildError:
    return BuildError(
        f"{_shown(path)} is a {kind}: cvsite keeps that name for the lock of "
        f"{_shown(output)}/ and never follows or writes through anything else there. Remove "
        "it (if it came from a repository, delete it there too) and build again."
    )


def file_kind(path: Path) -> str:
    """What `path` is, as a message names it: `folder`, `symbolic link (to x)`…"""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return "file of another kind"
    if stat.S_ISLNK(mode):
        return f"symbolic link (to {os.readlink(path)})"
    if stat.S_ISDIR(mode):
        return "folder"
    return "pipe, socket or device" if not stat.S_ISREG(mode) else "file"


def _try_lock(descriptor: int) -> bool:
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _same_file(descriptor: int, path: Path) -> bool:
    """Whether `path` still names the file open as `descriptor`."""
    try:
        there = os.lstat(path)
    except FileNotFoundError:
        return False
    here = os.fstat(descriptor)
    return (there.st_dev, there.st_ino) == (here.st_dev, here.st_ino)


def _holder(descriptor: int) -> str:
    """`pid 1234`, as the holder wrote it; it may not have written it yet."""
    text = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
    return f"pid {text}" if text.isdigit() else "its process id not yet written"


def _shown(path: Path) -> str:
    """A path as short as it can be said; only a name no file system takes is cut."""
    text = short_path(path)
    return text if len(text) <= LONGEST_PATH else shown(text, LONGEST_PATH)
