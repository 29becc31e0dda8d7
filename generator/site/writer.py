"""Put a built site on disk without ever leaving a half-written output folder: assembled in a
sibling folder (unchanged files hard-linked), then swapped in at once, and what a killed
build left undone recovered. A failed or killed build leaves the previous output as it was;
an unchanged one writes nothing. No output goes over the site's own files (`source_part`)."""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import posixpath
import shutil
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from generator import confined
from generator.diskerrors import output_error
from generator.errors import BuildError
from generator.site.outputlock import file_kind, output_lock

MARKER = ".cvsite-output"
MARKER_TEXT = b"This folder is built by cvsite. `cvsite build` replaces it whole: do not edit.\n"
# The site's own names (source_part).
SOURCE_FOLDERS = ("content", "themes", ".git", ".github")
SOURCE_FILES = ("site.yaml", ".gitlab-ci.yml", ".gitignore", "requirements.txt")


@dataclass(frozen=True)
class Asset:
    """A file published as it is (a content asset, a theme's static file), read from inside
    `root` each time it is copied, so that a link made to lead out of it later is refused."""

    root: Path
    path: Path


# The bytes of a file; a file of the site to copy; a file of cvsite's own to copy (a picture
# the cache keeps), read as an Asset of its own folder.
Source = bytes | Asset | Path


@dataclass(frozen=True)
class WriteReport:
    written: int  # files whose bytes are new or changed
    removed: int  # files that were there and are not any more
    # Size and time of each file of a new output folder, for the stamp; None: none made.
    stats: dict[str, list[int]] | None = None

    @property
    def changed(self) -> bool:
        return bool(self.written or self.removed)


def source_part(path: Path, site: Path) -> str | None:
    """The part of the site that `path` is or is inside (`content/`, `site.yaml`), or None:
    what the site reads, and what keeps and publishes it. No command writes over them: not a
    build's output, a deploy's destination or an export."""
    for name in SOURCE_FOLDERS:
        folder = site / name
        if path == folder or folder in path.parents:
            return f"{name}/"
    for name in SOURCE_FILES:
        if path == site / name:
            return name
    return None


def check_output_location(output: Path, site_root: Path) -> None:
    """Refuse output folders whose replacement would destroy the site itself."""
    out = output.resolve()
    root = site_root.resolve()
    if out == root or out in root.parents:
        raise BuildError(
            f"--output {output} would replace the site folder itself; "
            "choose a folder inside it, such as output/"
        )
    part = source_part(out, root)
    if part is not None:
        raise BuildError(f"--output {output} is part of the site ({part}); choose another folder")


def prepare_output(output: Path, force: bool) -> None:
    """Recover what a killed build left undone; refuse an output folder not cvsite's."""
    try:
        recover(output)
    except OSError as exc:
        raise output_error(exc, output) from None
    check_replaceable(output, force)


def check_replaceable(output: Path, force: bool) -> None:
    if output.is_symlink():
        raise BuildError(
            f"{output} is a symbolic link (to {os.readlink(output)}): cvsite replaces an "
            "output folder whole and never follows a link there; name the folder itself"
        )
    if not output.exists():
        return
    if not output.is_dir():
        raise BuildError(f"{output} exists and is not a folder")
    if (output / MARKER).is_file() or force or not any(output.iterdir()):
        return
    raise BuildError(
        f"refusing to replace {output}/: it was not made by cvsite (it has no "
        f"{MARKER} file). Choose another --output, or use --force to replace it."
    )


def _same(existing: Path, source: Source) -> bool:
    try:
        if isinstance(source, bytes):
            return existing.stat().st_size == len(source) and existing.read_bytes() == source
        with _open(source) as file:
            if existing.stat().st_size != os.fstat(file.fileno()).st_size:
                return False
            return existing.read_bytes() == file.read()
    except OSError:
        return False


def _open(source: Asset | Path) -> BinaryIO:
    """A file to copy, opened from inside its folder (confined.open_inside refuses the rest)."""
    asset = source if isinstance(source, Asset) else Asset(source.parent, source)
    return confined.open_inside(asset.root, asset.path.relative_to(asset.root).as_posix())


def _copy(source: Asset | Path, target: Path | str) -> None:
    with _open(source) as file, open(target, "wb") as copy:
        shutil.copyfileobj(file, copy)


def _existing_files(output: Path) -> set[str]:
    if not output.is_dir():
        return set()
    return {
        p.relative_to(output).as_posix() for p in output.rglob("*") if p.is_file() or p.is_symlink()
    }


def write_site(
    output: Path,
    files: dict[PurePosixPath, Source],
    *,
    force: bool = False,
    locked: bool = False,
) -> WriteReport:
    """Make `output` hold exactly `files`, atomically (holding its lock unless `locked`)."""
    if not locked:
        with output_lock(output):
            return write_site(output, files, force=force, locked=True)
    prepare_output(output, force)
    wanted = {p.as_posix(): s for p, s in files.items()}
    wanted[MARKER] = MARKER_TEXT
    existing = _existing_files(output)
    unchanged = {p for p, s in wanted.items() if p in existing and _same(output / p, s)}
    removed = existing - set(wanted)
    written = len(wanted) - len(unchanged)
    folder, _ = staging_paths(output)
    try:
        if not written and not removed:
            return WriteReport(0, 0)
        stats = _assemble(folder, output, wanted, unchanged)
        swap_in(folder, output)  # renames keep each file's size and time
    except OSError as exc:  # a full disk, a read-only folder: the previous site stays
        raise output_error(exc, output) from None
    finally:
        if folder.exists():
            shutil.rmtree(folder, ignore_errors=True)
    return WriteReport(written, len(removed), stats)


def _assemble(
    staging: Path, output: Path, wanted: dict[str, Source], unchanged: set[str]
) -> dict[str, list[int]]:
    """Each file of `wanted` made in `staging` (a pool of threads costs more than the writes);
    their sizes and times, by path."""
    staging.mkdir(parents=True, exist_ok=True)
    root, current = os.fspath(staging), os.fspath(output)
    folders = {posixpath.dirname(r) for r in wanted} - {""}
    folders |= {parent for f in folders for parent in _parents(f)}
    for folder in sorted(folders):  # a folder sorts before everything inside it
        with contextlib.suppress(FileExistsError):  # made for a file put there already
            os.mkdir(f"{root}/{folder}")
    stats = {}
    for relative, source in wanted.items():
        target = f"{root}/{relative}"
        if relative in unchanged and _link(f"{current}/{relative}", target):
            info = os.stat(target)
        elif isinstance(source, bytes):
            info = _write_new(target, source)
        else:
            _copy(source, target)
            info = os.stat(target)
        stats[relative] = [info.st_size, info.st_mtime_ns]
    return stats


# As open(target, "xb"): a new file, written as bytes (Windows would translate newlines).
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def _write_new(target: str, data: bytes) -> os.stat_result:
    """A new file holding `data`, and its stat once written (closing keeps its time)."""
    descriptor = os.open(target, _NEW_FILE, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view) :]
        return os.fstat(descriptor)
    except OSError as exc:  # os.write's error names no file: this one's
        raise OSError(exc.errno, exc.strerror, target) from None
    finally:
        os.close(descriptor)


def _parents(folder: str) -> list[str]:
    """'a/b/c' -> ['a/b', 'a']"""
    parents = []
    while "/" in folder:
        folder = folder.rsplit("/", 1)[0]
        parents.append(folder)
    return parents


def _link(existing: str, target: str) -> bool:
    try:
        os.link(existing, target)
        return True
    except OSError:
        return False


def update_files(
    output: Path, written: dict[PurePosixPath, Source], removed: Iterable[PurePosixPath]
) -> None:
    """Update a preview's folder in place, each file replaced in one rename."""
    for relative, source in sorted(written.items()):
        target = output / relative
        temporary = target.with_name(f".{target.name}.cvsite-tmp")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(source, bytes):
                temporary.write_bytes(source)
            else:
                _copy(source, temporary)
            os.replace(temporary, target)
        except OSError as exc:
            temporary.unlink(missing_ok=True)
            raise output_error(exc, output) from None
    for relative in removed:
        target = output / relative
        if target.is_file() or target.is_symlink():
            target.unlink()
        _prune(target.parent, output)


def _prune(folder: Path, output: Path) -> None:
    while folder != output and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


# --- the swap --------------------------------------------------------------------------------


def staging_paths(output: Path) -> tuple[Path, Path]:
    return (
        output.parent / f".{output.name}.cvsite-new",
        output.parent / f".{output.name}.cvsite-old",
    )


def recover(output: Path) -> None:
    """Undo what a killed build may have left (stray staging folders, a swap half done), under
    the output's lock. Anything but a folder under those names is refused, never followed."""
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
    """Whether `folder` is an output folder cvsite made, set aside by a swap cut short."""
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
