"""One writer at a time per output folder: an exclusive lock on a file beside the folder.

Two builds of one output folder at once would each take the other's staging folder for a
killed build's leftovers (writer.recover) and delete it while the other fills it: one of
them then swapped in a site with half its files, and said it had succeeded. Every writer of
an output folder (`cvsite build`, `cvsite deploy` to a folder, the preview's own folder)
holds its lock from before it looks at the folder's leftovers until its stamp is saved.

The lock is `flock` on `.NAME.cvsite-lock` beside the folder: the system releases it when
the process ends, however it ends (a SIGKILL, a power cut), so a lock is never stale. The
holder writes its process id in the file, for the message of whoever waits, and removes
the file when it is done. A second writer waits, saying so once, and refuses after a
bound, rather than hang behind a stuck process for ever.

The file is opened without following a link, and only a plain file is taken: a link or a
folder planted under that name (committed to a repository, say) is refused by name.
"""

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

# Longer than any build seen (5,000 entries with the printed CV: under a minute), short
# enough that a build behind a stuck one (a debugger, a suspended terminal) ends, and says why.
WAIT_SECONDS = 300.0
_POLL_SECONDS = 0.05
LONGEST_PATH = 160  # characters of a path a message prints whole
_OPEN = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def lock_path(output: Path) -> Path:
    return output.parent / f".{output.name}.cvsite-lock"


@contextlib.contextmanager
def output_lock(output: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock of the folder `output` (whose parent is made if missing); a writer
    holding it already makes this one wait, up to `wait` seconds, then refuse."""
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
            raise _planted(path, output, _kind(path)) from None
        raise BuildError(f"cannot lock {_shown(path)}: {cause(exc)}") from None
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
        os.close(descriptor)
        kind = "file with other names (hard links)" if stat.S_ISREG(info.st_mode) else _kind(path)
        raise _planted(path, output, kind)
    return descriptor


def _planted(path: Path, output: Path, kind: str) -> BuildError:
    return BuildError(
        f"{_shown(path)} is a {kind}: cvsite keeps that name for the lock of "
        f"{_shown(output)}/ and never follows or writes through anything else there. Remove "
        "it (if it came from a repository, delete it there too) and build again."
    )


def _kind(path: Path) -> str:
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
