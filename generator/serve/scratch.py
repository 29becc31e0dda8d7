"""Private temporary folders that name their owner (its pid and start time), and the removal
of those whose owner was killed. Only this user's private folders holding a note are touched.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

log = logging.getLogger("cvsite")

OWNER_NOTE = "owner.json"


def process_mark(pid: int) -> str | None:
    """What tells the running process `pid` from a later one with its pid; None if none runs.
    Without /proc, only whether the pid runs (a reused pid then keeps a folder, no worse)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return None if Path("/proc/self/stat").exists() else _pid_runs(pid)
    except OSError:
        return _pid_runs(pid)
    # After the command name (which may hold spaces): the start time, field 22 of proc(5).
    started = status.rpartition(")")[2].split()[19]
    return f"{_boot()}:{started}"


def _pid_runs(pid: int) -> str | None:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass  # another user's process: it runs
    return "running"


def _boot() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def _private_to_us(entry: os.DirEntry) -> bool:
    """A real folder (not a link) of this user that no one else may write in."""
    if not entry.is_dir(follow_symlinks=False):
        return False
    info = entry.stat(follow_symlinks=False)
    mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return mine and stat.S_IMODE(info.st_mode) & 0o077 == 0


def _owner_gone(folder: Path) -> bool:
    try:
        note = json.loads((folder / OWNER_NOTE).read_text(encoding="utf-8"))
        pid, mark = int(note["pid"]), str(note["mark"])
    except (OSError, ValueError, KeyError, TypeError):
        return False  # no note (yet): not ours to judge
    return process_mark(pid) != mark


def remove_orphans(parent: Path, prefix: str) -> list[Path]:
    """Remove the folders `parent/prefix*` whose owner process is gone; the ones removed."""
    removed = []
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return removed
    for entry in entries:
        if entry.name.startswith(prefix) and _private_to_us(entry) and _owner_gone(Path(entry)):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


@contextlib.contextmanager
def owned_folder(prefix: str) -> Iterator[Path]:
    """A new private temporary folder noting this process as its owner; removed at the end."""
    parent = Path(tempfile.gettempdir())
    for folder in remove_orphans(parent, prefix):
        log.debug("removed %s, left by a process that was killed", folder)
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    try:
        mark = process_mark(os.getpid())
        note = json.dumps({"pid": os.getpid(), "mark": mark})
        (folder / OWNER_NOTE).write_text(note, encoding="utf-8")
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
