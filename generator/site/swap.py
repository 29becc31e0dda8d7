"""The output folder's exchange: the new site swapped in for the old in one step, and what a
killed build may have left undone, recovered (see writer.py)."""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import stat
from pathlib import Path

from generator.errors import BuildError
from generator.site.outputlock import file_kind

MARKER = ".cvsite-output"
MARKER_TEXT = b"This folder is built by cvsite. `cvsite build` replaces it whole: do not edit.\n"


def staging_paths(output: Path) -> tuple[Path, Path]:
    return (
        output.parent / f".{output.name}.cvsite-new",
        output.parent / f".{output.name}.cvsite-old",
    )


def recover(output: Path) -> None:
    """Undo what a killed build may have left: stray staging folders, a swap half done.

    Called with the output's lock held, so what it finds belongs to no running build. Only
    folders are leftovers: anything else under those names (a link, a committed file) is
    refused by name rather than followed, renamed or removed."""
    staging, old = staging_paths(output)
    found = {leftover: _leftover(leftover, output) for leftover in (staging, old)}
    if found[old] and not os.path.lexists(output) and _was_output(old):
        old.rename(output)
        found[old] = False
    for leftover, there in found.items():
        if there:
            shutil.rmtree(leftover)


def _leftover(path: Path, output: Path) -> bool:
    """Whether `path` is there, as a folder; anything else there is refused."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return False
    if stat.S_ISDIR(mode):
        return True
    raise BuildError(
        f"{path} is a {file_kind(path)}: cvsite keeps that name for the folder it builds "
        f"{output.name}/ in, and never follows, renames or removes anything else there. "
        "Remove it (if it came from a repository, delete it there too) and build again."
    )


def _was_output(folder: Path) -> bool:
    """Whether `folder` is an output folder cvsite made (holding its marker, neither a link):
    the previous site, set aside by a swap that was cut short."""
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode) and stat.S_ISREG(
            os.lstat(folder / MARKER).st_mode
        )
    except OSError:
        return False


def swap_in(staging: Path, output: Path) -> None:
    if not output.exists():
        staging.rename(output)
        return
    if _exchange(staging, output):
        shutil.rmtree(staging)  # it now holds the previous site
        return
    # No atomic exchange here: two renames, which `recover` completes after a crash.
    _, old = staging_paths(output)
    output.rename(old)
    staging.rename(output)
    shutil.rmtree(old)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step with Linux's renameat2(RENAME_EXCHANGE)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    if ctypes.get_errno() in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()), str(b))
