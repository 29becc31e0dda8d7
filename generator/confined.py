"""Files written and read inside a folder, never through a link that leads out of it.

A site folder may come from elsewhere (a clone, an archive), so a link planted there
(`content/publications -> ~/.ssh`) must not carry the importers' and `cvsite init`'s writes
out. Each folder on the way is opened without following links (O_NOFOLLOW), so nothing
swapped in meanwhile is followed either; a link that stays inside is followed, one that
leads out is refused by name. A file is written under a temporary name, then linked
(`create`: a taken name is left as it is) or renamed (`replace`) to its own.

Published and served files are read the same way (`open_inside`), each time they are read.
Anything read is looked at before it is opened (`open_regular`): a pipe, a socket or a
device is refused by its type, never opened (opening a pipe waits for a writer for ever).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from generator.diskerrors import cause
from generator.errors import BuildError, UsageError

_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_MOST_LINKS = 40  # as Linux's MAXSYMLINKS: more links on one path is a loop


def create(root: Path, relative: str, data: bytes) -> bool:
    """`root/relative` made, holding `data`; False (and nothing written) when the name is
    taken already. Folders on the way are made."""
    folder, name = _split(relative)
    with _opened(root, folder, make=True) as descriptor:
        return _put(descriptor, name, data, replace=False)


def replace(root: Path, relative: str, data: bytes) -> None:
    """`root/relative` holding `data`, whatever was there (a link is replaced, not followed)."""
    folder, name = _split(relative)
    with _opened(root, folder, make=True) as descriptor:
        _put(descriptor, name, data, replace=True)


def check(root: Path, relatives: Iterable[str]) -> None:
    """Refuse, before anything is written, any of `relatives` whose folders are reached
    through a link that leads out of `root` (those not made yet are not looked at)."""
    for folder in sorted({_split(relative)[0] for relative in relatives}):
        with _opened(root, folder, make=False):
            pass


def _split(relative: str) -> tuple[tuple[str, ...], str]:
    path = PurePosixPath(relative)
    if path.is_absolute() or ".." in path.parts or not path.name:
        raise ValueError(f"not a path inside a folder: {relative}")
    return path.parent.parts if path.parent.parts != (".",) else (), path.name


@contextlib.contextmanager
def _opened(root: Path, folder: tuple[str, ...], *, make: bool) -> Iterator[int | None]:
    """A descriptor of the folder `root/folder`, reached without following a link out of
    `root`; None when it is not there and not `make`."""
    real = resolved(root)
    if make:
        root.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = _walk(real, folder, make, 0)
    except _NotFolder as exc:
        where = exc.where.relative_to(real).as_posix()
        raise BuildError(f"{where} in {real} is a file, where a folder is needed") from None
    except _LeadsOut as exc:
        raise _leads_out(exc.where, real) from None
    try:
        yield descriptor
    finally:
        if descriptor is not None:
            os.close(descriptor)


def resolved(path: Path) -> Path:
    """`path.resolve()`, for a path the user named. Links on its way that lead round in a
    loop (`ln -s loopy loopy`) are theirs to change: a UsageError, where Python 3.11's
    resolve() raises RuntimeError and later ones give the path unresolved."""
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UsageError(
                f"cannot use {path}: {cause(exc)}: a symbolic link on its way leads back to "
                "itself; name another folder"
            ) from None
    return path.resolve()


def _walk(root: Path, parts: tuple[str, ...], make: bool, links: int) -> int | None:
    """The folder `root/parts...` opened, each part without following a link; a link that
    stays in `root` is taken again from `root`, by where it leads."""
    try:
        descriptor = os.open(root, _FOLDER)
    except FileNotFoundError:
        if make:
            raise
        return None
    for at, part in enumerate(parts):
        try:
            descriptor = _enter(descriptor, part, make)
        except _NotFolder:
            raise _NotFolder(root.joinpath(*parts[: at + 1])) from None
        except _Link:
            rest = _inside(root, root.joinpath(*parts[: at + 1]), links)
            return _walk(root, rest + parts[at + 1 :], make, links + 1)
        if descriptor is None:
            return None
    return descriptor


def _inside(root: Path, link: Path, links: int) -> tuple[str, ...]:
    """Where the symbolic link `link` leads, as parts inside `root`; `_LeadsOut` if it
    leads out of it (or loops)."""
    target = Path(os.path.realpath(link))
    if not target.is_relative_to(root) or links >= _MOST_LINKS:
        raise _LeadsOut(link)
    return target.relative_to(root).parts


class _Link(Exception):
    """The part is a symbolic link."""


class _Refused(Exception):
    """`where` cannot be taken on the way."""

    def __init__(self, where: Path | None = None):
        self.where = where


class _NotFolder(_Refused):
    """The part is there, and neither a folder nor a link."""


class _LeadsOut(_Refused):
    """The symbolic link `where` leads out of the folder (or loops)."""


def _enter(descriptor: int, part: str, make: bool) -> int | None:
    """The folder `part` of the open folder `descriptor` (which is closed), made if missing
    and `make`; None if it is missing."""
    try:
        while True:
            try:
                return os.open(part, _FOLDER, dir_fd=descriptor)
            except FileNotFoundError:
                if not make:
                    return None
                with contextlib.suppress(FileExistsError):  # made meanwhile: opened next
                    os.mkdir(part, dir_fd=descriptor)
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                    raise
                mode = os.stat(part, dir_fd=descriptor, follow_symlinks=False).st_mode
                raise (_Link if stat.S_ISLNK(mode) else _NotFolder) from None
    finally:
        os.close(descriptor)


def _leads_out(link: Path, root: Path) -> BuildError:
    shown = link.relative_to(root).as_posix() if link.is_relative_to(root) else str(link)
    return BuildError(
        f"{shown} is a symbolic link to {os.readlink(link)}, which leads out of {root}: "
        "cvsite never writes outside the site folder, nor through such a link. Replace "
        "the link with a folder (copy what it points to), or write elsewhere."
    )


def _put(descriptor: int, name: str, data: bytes, *, replace: bool) -> bool:
    temporary = f".{name}.{os.urandom(6).hex()}.tmp"
    file = os.open(temporary, _NEW, 0o666, dir_fd=descriptor)
    try:
        try:
            write_all(file, data)
        finally:
            os.close(file)
        if replace:
            os.replace(temporary, name, src_dir_fd=descriptor, dst_dir_fd=descriptor)
            return True
        try:  # link() fails if the name is taken, where rename() would replace it
            os.link(temporary, name, src_dir_fd=descriptor, dst_dir_fd=descriptor)
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(FileNotFoundError):  # renamed to `name` already
            os.unlink(temporary, dir_fd=descriptor)


def write_all(descriptor: int, data: bytes) -> None:
    """`data` written to the open file `descriptor`, however many writes the system takes."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]


# --- reading ---------------------------------------------------------------------------------

# O_NONBLOCK: a pipe put in the file's place after its type was looked at opens at once,
# rather than waiting for a writer; a regular file is read as ever.
_READ = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC

NOT_REGULAR = (
    "not a regular file (a pipe, socket or device); cvsite reads only regular files, "
    "and never opens these: remove it"
)


class NotRegular(BuildError):
    """A file that is refused by what it is (a pipe, a link out); `reason` says what, without
    naming the file, for a caller that places it (file:line:column)."""

    def __init__(self, path: Path | str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.reason = reason


def open_regular(path: Path | str, *, dir_fd: int | None = None, follow: bool = True) -> int:
    """A read-only descriptor of `path` if it is a regular file, looked at before it is
    opened: a pipe, a socket or a device is refused (`NotRegular`), never opened. With
    `follow` false, a symbolic link is not followed (it is refused if it is one now)."""
    mode = os.stat(path, dir_fd=dir_fd, follow_symlinks=follow).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    if not stat.S_ISREG(mode):
        raise NotRegular(path, NOT_REGULAR)
    flags = _READ if follow else _READ | os.O_NOFOLLOW
    descriptor = os.open(path, flags, dir_fd=dir_fd)
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # put there since it was looked at
        os.close(descriptor)
        raise NotRegular(path, NOT_REGULAR)
    return descriptor


def open_inside(root: Path, relative: str) -> BinaryIO:
    """The regular file `root/relative`, open for reading, reached without following a link
    out of `root` (one that stays inside is followed), looked at as it is opened.

    Refused (`NotRegular`): a link out of `root` or one that loops, and what is not a regular
    file. A folder is an IsADirectoryError; what is not there, the system's OSError.
    """
    real = root.resolve()
    parts = PurePosixPath(relative).parts
    if ".." in parts or PurePosixPath(relative).is_absolute():
        raise ValueError(f"not a path inside a folder: {relative}")
    try:
        return os.fdopen(_open_file(real, parts, 0), "rb")
    except _NotFolder as exc:
        raise NotADirectoryError(
            errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(exc.where)
        ) from None
    except _LeadsOut as exc:
        shown = root / exc.where.relative_to(real)
        reason = (
            f"a symbolic link to {os.readlink(exc.where)}, which leads out of {root} (or loops)"
        )
        raise NotRegular(
            shown, f"{reason}; refused: copy the file into that folder instead"
        ) from None


def _open_file(root: Path, parts: tuple[str, ...], links: int) -> int:
    """`open_regular` of `root/parts...`, each folder on the way opened as `_walk` does, and
    the file itself, if a link, taken again from `root` by where it leads."""
    if not parts:
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(root))
    folder = _walk(root, parts[:-1], False, links)
    if folder is None:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(root.joinpath(*parts)))
    try:
        mode = os.stat(parts[-1], dir_fd=folder, follow_symlinks=False).st_mode
        if not stat.S_ISLNK(mode):
            return open_regular(parts[-1], dir_fd=folder, follow=False)
    except NotRegular:
        raise NotRegular(root.joinpath(*parts), NOT_REGULAR) from None
    finally:
        os.close(folder)
    return _open_file(root, _inside(root, root.joinpath(*parts), links), links + 1)
