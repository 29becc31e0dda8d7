"""The build stamp: what the last build of an output folder was made from (the size and time
of every input, links as links, the options, the code and Python that ran, every file
written), so that an unchanged `cvsite build` says so without loading the site: this module
imports nothing heavy. Also where a site's cache folder is, and the names kept in it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import stat
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from generator import __version__
from generator.cachefolders import private_folder
from generator.diskerrors import cache_warning

CODE = Path(__file__).resolve().parent.parent

Stats = dict[str, list[int | str]]  # path -> [size, mtime in ns] (a link: see _link)


def cache_dir(site: Path) -> Path:
    """The cache of one site, by its path, in the user's cache folder: never in the site
    folder, which is shared (a clone, a pull request), since loading the cache's pickled
    Markdown and compiled templates runs them as code."""
    resolved = site.resolve()
    key = hashlib.sha1(str(resolved).encode()).hexdigest()[:16]
    return cache_root() / f"{resolved.name}-{key}"


def cache_root() -> Path:
    """The user's cvsite cache: $CVSITE_CACHE_DIR, $XDG_CACHE_HOME/cvsite or ~/.cache/cvsite."""
    return Path(
        os.environ.get("CVSITE_CACHE_DIR")
        or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
            "cvsite",
        )
    )


def templates_folder(cache: Path) -> Path:
    """Where compiled templates are kept for this cvsite's code: beside a site's cache folder,
    shared by all the user's sites (Jinja checks each against its source's checksum, so a
    site never runs another's template, and a built-in theme is compiled once)."""
    return cache.parent / f"templates-{cache_version()}"


def markdown_file(cache: Path) -> Path:
    """Where rendered Markdown is kept in a site's cache folder, for this cvsite's code."""
    return cache / f"markdown-{cache_version()}.pickle"


@functools.cache
def cache_version() -> str:
    """What kept Markdown and compiled templates are valid for: cvsite's version, Python's, and
    each installed distribution by its RECORD's digest (the code's file times only when run
    from a source folder). Unlike `code_version`, no file time: a CI runner installs cvsite
    afresh for every build, and must still find the cache it restored usable."""
    wheel = (CODE.parent / f"cvsite-{__version__}.dist-info" / "RECORD").is_file()
    code = [] if wheel else sorted(scan_places([CODE], suffixes=(".py",)).items())
    return _version(code, _distributions(_record_digest))


def _record_digest(metadata: os.DirEntry) -> str:
    """A distribution's files, by the digest of its RECORD; its folder's time without one."""
    try:
        with open(os.path.join(metadata.path, "RECORD"), "rb") as record:
            return hashlib.blake2b(record.read(), digest_size=12).hexdigest()
    except OSError:
        return str(metadata.stat().st_mtime_ns)


# The files of cvsite's that shape a build: its code, the PDF's Typst package, the labels.
_SHAPING = (".py", ".typ", ".yaml")


@functools.cache  # the code this process runs: read when first asked, then kept
def code_version() -> str:
    """cvsite's version, and a digest of what else shapes its output: its files' times (_SHAPING),
    the Python that runs it, and every distribution installed, by its metadata folder
    (`markdown-3.11.3.dist-info`) and that folder's time (all of them: a new dependency
    needs no list to join)."""
    code = sorted(scan_places([CODE], suffixes=_SHAPING).items())
    return _version(code, _distributions(lambda entry: str(entry.stat().st_mtime_ns)))


def _version(code: list, distributions: list[str]) -> str:
    shaping = [code, sys.version, distributions]
    return f"{__version__}-{hashlib.sha1(json.dumps(shaping).encode()).hexdigest()[:12]}"


def _distributions(mark: Callable[[os.DirEntry], str]) -> list[str]:
    """Each metadata folder on sys.path, by its path and `mark` (without importlib.metadata,
    whose import costs more than a no-op build)."""
    found = []
    for folder in sys.path:
        with contextlib.suppress(OSError), os.scandir(folder or ".") as entries:
            for entry in entries:
                if entry.name.endswith((".dist-info", ".egg-info")):
                    with contextlib.suppress(OSError):
                        found.append(f"{entry.path} {mark(entry)}")
    return sorted(found)


def _skipped(folder: str) -> bool:
    """A folder whose files the stamp leaves out (a hidden one; Python's byte code)."""
    return folder.startswith(".") or folder == "__pycache__"


def scan_places(places: Iterable[Path], suffixes: tuple[str, ...] = ()) -> Stats:
    """The size and time of every file under `places`, and every link as itself (`_link`): a
    link the build refuses is a change as much as a file is; a link to a folder is not
    followed."""
    found: Stats = {}
    for place in places:
        path = os.fspath(place)
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            continue
        if stat.S_ISLNK(mode):
            found[path] = _link(path)
        if os.path.isdir(path):  # content/ itself may be a link to the folder
            _walk(path, suffixes, found)
        elif stat.S_ISREG(mode):
            info = os.stat(path)
            found[path] = [info.st_size, info.st_mtime_ns]
    return found


def _walk(top: str, suffixes: tuple[str, ...], found: Stats) -> None:
    folders = [top]
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if not _skipped(entry.name):
                    folders.append(entry.path)
            elif suffixes and not entry.name.endswith(suffixes):
                continue
            elif entry.is_symlink():
                found[entry.path] = _link(entry.path)
            else:
                with contextlib.suppress(OSError):
                    info = entry.stat(follow_symlinks=False)
                    found[entry.path] = [info.st_size, info.st_mtime_ns]


def _link(path: str) -> list[int | str]:
    """A link: its own size and time, where it points, and what is there (-1, -1: nothing)."""
    try:
        own, target = os.lstat(path), os.readlink(path)
    except OSError:
        return [-1, -1]
    try:
        info = os.stat(path)
        there = [info.st_size, info.st_mtime_ns]
    except OSError:
        there = [-1, -1]
    return [own.st_size, own.st_mtime_ns, target, *there]


@dataclass(frozen=True)
class Stamp:
    options: dict
    inputs: Stats
    theme_dirs: list[str]
    output: Stats
    summary: dict

    def save(self, site: Path, output: Path) -> None:
        path = _stamp_path(site, output)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # one per process
        try:
            private_folder(path.parent)
            temporary.write_text(json.dumps(self.__dict__), encoding="utf-8")
            os.replace(temporary, path)
        except OSError as exc:  # the next build is then a full one: nothing worse
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            cache_warning(path, exc)


def _stamp_path(site: Path, output: Path) -> Path:
    key = hashlib.sha1(str(output.resolve()).encode()).hexdigest()[:12]
    return cache_dir(site) / f"build-{key}.json"


def options_key(output: Path, base_url: str | None, drafts: bool) -> dict:
    return {
        "code": code_version(),
        "output": str(output.resolve()),
        "base_url": base_url,
        "drafts": drafts,
    }


def scan_inputs(site: Path, theme_dirs: Iterable[Path] = ()) -> Stats:
    return scan_places([site / "site.yaml", site / "content", site / "themes", *theme_dirs])


def scan_output(output: Path) -> Stats:
    return scan_places([output]) if output.is_dir() else {}


def output_stats(output: Path, made: Stats) -> Stats:
    """What `scan_output` finds in `output`, from what the writer made there (no walk)."""
    root = os.fspath(output)
    return {f"{root}/{relative}": info for relative, info in made.items() if not _hidden(relative)}


def _hidden(relative: str) -> bool:
    """Whether a folder of the path `relative` is one the stamp leaves out (_skipped)."""
    if "/." not in f"/{relative}" and "__pycache__" not in relative:
        return False  # nearly every path: no folder to weigh
    return any(_skipped(folder) for folder in relative.split("/")[:-1])


def forget(site: Path, output: Path) -> None:
    """Drop the stamp before a build changes the output, so that a failed one leaves none."""
    with contextlib.suppress(OSError):
        _stamp_path(site, output).unlink(missing_ok=True)


def unchanged(site: Path, output: Path, base_url: str | None, drafts: bool) -> dict | None:
    """The last build's summary if nothing it was made from, nor its output, has changed."""
    try:
        saved = json.loads(_stamp_path(site, output).read_text(encoding="utf-8"))
        stamp = Stamp(**saved)
    except (OSError, ValueError, TypeError):
        return None
    if stamp.options != options_key(output, base_url, drafts):
        return None
    if scan_output(output) != stamp.output:
        return None
    if scan_inputs(site, map(Path, stamp.theme_dirs)) != stamp.inputs:
        return None
    return stamp.summary


def describe(summary: dict, seconds: float, output: Path, action: str = "nothing changed") -> str:
    """The lines `cvsite build` prints: what the site holds (a stamp's `summary`), `action`."""
    pages: dict[str, int] = summary["pages"]
    total = sum(pages.values())
    kinds = ", ".join(f"{kind} {count}" for kind, count in pages.items())
    others = summary["files"] - total
    line = (
        f"Built {total} pages ({kinds}) and {others} other files; {action} "
        f"in {seconds:.2f} s → {short_path(output)}/"
    )
    fallbacks = describe_fallbacks(summary.get("fallbacks", {}), summary.get("language", "en"))
    return "\n".join([line, *fallbacks])


def short_path(path: Path) -> str:
    """A path as short as it can be said: relative to the working folder when inside it."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def describe_fallbacks(counts: dict[str, int], default: str) -> list[str]:
    """`de: 12 fields fell back to en`, per language with missing translations."""
    lines = []
    for code, count in counts.items():
        fields = "1 field" if count == 1 else f"{count} fields"
        lines.append(f"{code}: {fields} fell back to {default} (no translation given)")
    return lines
