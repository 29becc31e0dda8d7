"""The build cache's folders and the files kept in them as checked.

The cache holds what the site is made of (drafts included), so its folders are readable by
their owner only (mode 700), whatever the umask. A file kept with `keep` carries a digest of
its bytes beside it, and `intact` gives it back only while it matches: a file overwritten or
cut short by a full disk since is no file, and whoever kept it makes it again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

PRIVATE = 0o700


def private_folder(folder: Path) -> None:
    """`folder` made if missing, with every missing folder above it, each mode 700; if it
    is there already, the user's own and open to others, closed to them. Raises OSError."""
    missing = []
    path = folder
    while not path.is_dir() and path != path.parent:
        missing.append(path)
        path = path.parent
    for each in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made meanwhile by another build
            each.mkdir(mode=PRIVATE)
    info = folder.stat()
    if info.st_mode & 0o077 and info.st_uid == os.getuid():
        folder.chmod(PRIVATE)


def keep(path: Path, data: bytes) -> None:
    """`data` written to `path` (whole or not at all), then its digest beside it, in a
    private folder. Raises OSError."""
    private_folder(path.parent)
    _replace(path, data)
    _replace(_digest_path(path), _digest(data))


def intact(path: Path) -> bytes | None:
    """What `keep` wrote to `path`, if it still is that; None for a file missing, changed,
    cut short or emptied since, or without its digest."""
    try:
        data = path.read_bytes()
        expected = _digest_path(path).read_bytes()
    except OSError:
        return None
    return data if _digest(data) == expected else None


def _replace(path: Path, data: bytes) -> None:
    """Written under a name of this process's, then renamed: a reader never sees half."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise


def _digest_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.blake2b")


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).hexdigest().encode("ascii")
