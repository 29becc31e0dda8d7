"""The build stamp: what the last build of an output folder was made from.

After a build, the site's cache folder (`cache_dir`) gets a stamp: the size and modification
time of every input (site.yaml, content/, the themes, cvsite's own code) taken before the
build read them, the options, and the size and time of every file it wrote. A later
`cvsite build` whose inputs, options and output all still match has nothing to do, and
says so without loading the site: this module imports nothing heavy.

The cache folder is safe to delete at any time; the next build is then a cold one.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from generator import __version__

CODE = Path(__file__).resolve().parent
# The built-in themes: package data inside the wheel, beside the package in a checkout.
PACKAGE_THEMES = Path(__file__).parent / "themes"
REPOSITORY_THEMES = Path(__file__).parent.parent / "themes"

Stats = dict[str, list[int]]  # path -> [size, mtime in ns]


def cache_dir(site: Path) -> Path:
    """The cache of one site: in the user's cache folder, never in the site folder.

    The cache holds pickled Markdown and compiled templates, which loading runs as code. A
    site folder is shared (a clone, a co-author's pull request, a CI checkout), so a cache
    there would run whatever anyone committed into it. $CVSITE_CACHE_DIR, then
    $XDG_CACHE_HOME/cvsite, then ~/.cache/cvsite; one folder per site, by its path.
    """
    base = os.environ.get("CVSITE_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "cvsite",
    )
    resolved = site.resolve()
    key = hashlib.sha1(str(resolved).encode()).hexdigest()[:16]
    return Path(base) / f"{resolved.name}-{key}"


def builtin_themes_dir() -> Path:
    """Inside the wheel the themes are package data; in a checkout they sit beside the package."""
    return PACKAGE_THEMES if PACKAGE_THEMES.is_dir() else REPOSITORY_THEMES


@functools.cache  # the code this process runs: read when first asked, then kept
def code_version() -> str:
    """cvsite's version, and a digest of its code's file times (for a cvsite being edited)."""
    stats = _scan([CODE], suffixes=(".py",))
    digest = hashlib.sha1(json.dumps(sorted(stats.items())).encode()).hexdigest()[:12]
    return f"{__version__}-{digest}"


def _skipped(folder: str) -> bool:
    """A folder whose files the stamp leaves out (a hidden one; Python's byte code)."""
    return folder.startswith(".") or folder == "__pycache__"


def _scan(places: Iterable[Path], suffixes: tuple[str, ...] = ()) -> Stats:
    found: Stats = {}
    for place in places:
        if place.is_file():
            info = place.stat()
            found[str(place)] = [info.st_size, info.st_mtime_ns]
            continue
        for folder, dirs, files in os.walk(place):
            dirs[:] = [d for d in dirs if not _skipped(d)]
            for name in files:
                if suffixes and not name.endswith(suffixes):
                    continue
                path = os.path.join(folder, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                found[path] = [info.st_size, info.st_mtime_ns]
    return found


def site_inputs(site: Path) -> list[Path]:
    return [site / "site.yaml", site / "content", site / "themes"]


@dataclass(frozen=True)
class Stamp:
    options: dict
    inputs: Stats
    theme_dirs: list[str]
    output: Stats
    summary: dict

    def save(self, site: Path, output: Path) -> None:
        path = _stamp_path(site, output)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(self.__dict__), encoding="utf-8")
        os.replace(temporary, path)


def _stamp_path(site: Path, output: Path) -> Path:
    key = hashlib.sha1(str(output.resolve()).encode()).hexdigest()[:12]
    return cache_dir(site) / f"build-{key}.json"


def options_key(output: Path, base_url: str | None, drafts: bool, pdf: bool) -> dict:
    return {
        "code": code_version(),
        "output": str(output.resolve()),
        "base_url": base_url,
        "drafts": drafts,
        "pdf": pdf,
    }


def scan_inputs(site: Path, theme_dirs: Iterable[Path] = ()) -> Stats:
    return _scan([*site_inputs(site), *theme_dirs])


def scan_places(places: Iterable[Path]) -> Stats:
    return _scan(places)


def scan_output(output: Path) -> Stats:
    return _scan([output]) if output.is_dir() else {}


def output_stats(output: Path, made: Stats) -> Stats:
    """What `scan_output` finds in `output`, from the sizes and times of the files the writer
    made there, by their paths in it (a walk of 5,000 folders took 60 ms)."""
    root = os.fspath(output)
    return {f"{root}/{relative}": info for relative, info in made.items() if not _hidden(relative)}


def _hidden(relative: str) -> bool:
    """Whether a folder of the path `relative` is one the stamp leaves out (_skipped)."""
    if "/." not in f"/{relative}" and "__pycache__" not in relative:
        return False  # nearly every path: no folder to weigh (1,467 paths: 0.8 -> 0.1 ms)
    return any(_skipped(folder) for folder in relative.split("/")[:-1])


def forget(site: Path, output: Path) -> None:
    """Drop the stamp (before a build changes the output, so a failed one leaves none)."""
    _stamp_path(site, output).unlink(missing_ok=True)


def unchanged(
    site: Path, output: Path, base_url: str | None, drafts: bool, pdf: bool = False
) -> dict | None:
    """The last build's summary if nothing it was made from, nor its output, has changed."""
    try:
        saved = json.loads(_stamp_path(site, output).read_text(encoding="utf-8"))
        stamp = Stamp(**saved)
    except (OSError, ValueError, TypeError):
        return None
    if stamp.options != options_key(output, base_url, drafts, pdf):
        return None
    if scan_output(output) != stamp.output:
        return None
    if scan_inputs(site, map(Path, stamp.theme_dirs)) != stamp.inputs:
        return None
    return stamp.summary


def describe(summary: dict, seconds: float, output: Path) -> str:
    """The line `cvsite build` prints when nothing changed (as a build that wrote nothing)."""
    pages: dict[str, int] = summary["pages"]
    total = sum(pages.values())
    kinds = ", ".join(f"{kind} {count}" for kind, count in pages.items())
    others = summary["files"] - total
    try:
        shown = output.relative_to(Path.cwd()).as_posix()
    except ValueError:
        shown = output.as_posix()
    line = (
        f"Built {total} pages ({kinds}) and {others} other files; nothing changed "
        f"in {seconds:.2f} s → {shown}/"
    )
    fallbacks = describe_fallbacks(summary.get("fallbacks", {}), summary.get("language", "en"))
    return "\n".join([line, *fallbacks])


def describe_fallbacks(counts: dict[str, int], default: str) -> list[str]:
    """`de: 12 fields fell back to en`, per language with missing translations."""
    lines = []
    for code, count in counts.items():
        fields = "1 field" if count == 1 else f"{count} fields"
        lines.append(f"{code}: {fields} fell back to {default} (no translation given)")
    return lines
