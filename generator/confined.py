"""Files written inside a folder, never through a link that leads out of it.

The importers and `cvsite init` write into a site folder that may come from elsewhere (a
clone, an archive, a colleague's pull request): a link planted there
(`content/publications -> ~/.ssh`) must not carry their writes out, as the build's never
go out of its output folder. Each folder on the way is opened from the site folder
without following links (O_NOFOLLOW), so that nothing swapped in meanwhile is followed
either; a link that stays inside the site is followed, as the build reads through it, and
one that leads out (or to nothing out there) is refused by name.

The file itself is written under a temporary name and then linked to its own name, which
never follows a link there: `create` leaves a name that is taken (by a file, a link,
anything) as it is, and `replace` replaces what is there, a link included, by the file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath

from generator.errors import BuildError

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
    if make:
        root.mkdir(parents=True, exist_ok=True)
    real = root.resolve()
    descriptor = _walk(real, folder, make, 0)
    try:
        yield descriptor
    finally:
        if descriptor is not None:
            os.close(descriptor)


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
            where = root.joinpath(*parts[: at + 1]).relative_to(root).as_posix()
            raise BuildError(f"{where} in {root} is a file, where a folder is needed") from None
        except _Link:
            where = root.joinpath(*parts[: at + 1])
            target = Path(os.path.realpath(where))
            if not target.is_relative_to(root) or links >= _MOST_LINKS:
                raise _leads_out(where, root) from None
            rest = target.relative_to(root).parts + parts[at + 1 :]
            return _walk(root, rest, make, links + 1)
        if descriptor is None:
            return None
    return descriptor


class _Link(Exception):
    """The part is a symbolic link."""


class _NotFolder(Exception):
    """The part is there, and neither a folder nor a link."""


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
            view = memoryview(data)
            while view:
                view = view[os.write(file, view) :]
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
