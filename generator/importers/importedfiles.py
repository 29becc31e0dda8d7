"""The files an import writes, and writing them safely. Each text file starts with a marker
naming the import and a checksum of the rest, so that importing again tells apart a file
unchanged, one the last import wrote (replaced) and one the user edited (kept; the new
version goes under `imported/`). A file without the marker is never replaced, and nothing
is written through a symbolic link or out of the site."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.errors import UsageError

BESIDE = "imported"  # where a new version goes when the user edited the file
_MARKER = "# cvsite-import:"


# --- YAML and front matter ------------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    """Block style, multi-line text as `|` blocks, and lists indented under their key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False):  # noqa: ANN201
        return super().increase_indent(flow, False)


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value.strip("\n"):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _text)


def to_yaml(data: Any) -> str:
    """YAML for a mapping or a list, in the order given, Unicode kept as is."""
    return yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100,
    )


def front_matter(meta: dict[str, Any], body: str = "") -> str:
    return f"---\n{to_yaml(meta)}---\n{body}"


# --- an import written again -----------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What happens to one file: write (new), update (ours, unchanged since), unchanged,
    beside (the user's: the new version goes to `beside`), or keep (site.yaml exists)."""

    path: str
    action: str
    beside: str | None = None
    edited: bool = False  # unchanged, but the user edited it since the import


def checksum(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def marked(text: str, origin: str) -> str:
    """`text` with the marker line (origin and checksum of `text`) first, or first in its
    front matter (a YAML comment there, so that the file still reads as front matter)."""
    line = f"{_MARKER} {origin} sha256={checksum(text)}"
    if text.startswith("---\n"):
        return "---\n" + line + "\n" + text.removeprefix("---\n")
    return line + "\n" + text


def _recorded(current: str) -> tuple[str | None, str]:
    """(the checksum the marker records, the text below it); (None, text) without marker."""
    first, _, rest = current.partition("\n")
    if first.startswith("---") and rest.startswith(_MARKER):  # a Markdown file's front matter
        marker, _, below = rest.partition("\n")
        return _checksum_of(marker), "---\n" + below
    if not first.startswith(_MARKER):
        return None, current
    return _checksum_of(first), rest


def imported_by_cvsite(path: Path) -> bool:
    """True when `path` is a file (not a link) that an import wrote: it has the marker."""
    if not path.is_file() or path.is_symlink():
        return False
    with path.open(encoding="utf-8", errors="replace") as file:
        head = file.read(4096)
    return _recorded(head)[0] is not None


def _checksum_of(marker: str) -> str | None:
    return next(
        (p.removeprefix("sha256=") for p in marker.split() if p.startswith("sha256=")), None
    )


def decide(site: Path, files: dict[str, str | bytes]) -> list[Outcome]:
    """What to do with each file; raises UsageError, before anything is written, when a
    path leads out of the site through a symbolic link."""
    root = site.resolve()
    outcomes = []
    for relative, text in files.items():
        check_inside(root, site / relative)
        outcome = _decide_one(site, relative, text)
        if outcome.beside:
            check_inside(root, site / outcome.beside)
        outcomes.append(outcome)
    return outcomes


def _decide_one(site: Path, relative: str, text: str | bytes) -> Outcome:
    path = site / relative
    if relative == "site.yaml":
        return Outcome(relative, "keep" if os.path.lexists(path) else "write")
    if not os.path.lexists(path):
        return Outcome(relative, "write")
    if path.is_symlink() or not path.is_file():
        return _beside(site, relative, text)
    if isinstance(text, bytes):  # a copied file (a paper's PDF): the same, or beside
        same = path.read_bytes() == text
        return Outcome(relative, "unchanged") if same else _beside(site, relative, text)
    current = path.read_text(encoding="utf-8", errors="replace")
    if current == text:
        return Outcome(relative, "unchanged")
    recorded, below = _recorded(current)
    new_recorded, _ = _recorded(text)
    if recorded is None:
        return _beside(site, relative, text)
    untouched = checksum(below) == recorded
    if new_recorded == recorded:  # the source said the same as last time
        return Outcome(relative, "unchanged", edited=not untouched)
    if untouched:
        return Outcome(relative, "update")
    return _beside(site, relative, text)


def _beside(site: Path, relative: str, text: str | bytes) -> Outcome:
    beside = f"{BESIDE}/{relative}"
    path = site / beside
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    if path.is_file() and not path.is_symlink() and path.read_bytes() == data:
        return Outcome(relative, "unchanged", beside=beside, edited=True)
    return Outcome(relative, "beside", beside=beside, edited=True)


def check_inside(root: Path, path: Path) -> None:
    """Refuse a path that a symbolic link on the way (or the file itself) leads out of
    the site: the import would write where the user did not ask."""
    current = root
    relative = path.relative_to(root) if path.is_absolute() else path
    for part in Path(relative).parts:
        current = current / part
        if current.is_symlink():
            try:
                target = current.resolve(strict=False)
            except (OSError, RuntimeError):
                target = None
            if target is None or not target.is_relative_to(root):
                shown = current.relative_to(root).as_posix()
                raise UsageError(
                    f"{shown} is a symbolic link that leads out of the site "
                    f"({os.readlink(current)}); nothing was imported. An import writes only "
                    "inside the site folder: replace the link by a folder or file"
                )


def apply(site: Path, outcomes: list[Outcome], files: dict[str, str | bytes]) -> None:
    """Write what `decide` said, each file whole (a temporary file renamed into place)."""
    for outcome in outcomes:
        text = files[outcome.path]
        if outcome.action in ("write", "update"):
            _write(site / outcome.path, text, replace=outcome.action == "update")
        elif outcome.action == "beside" and outcome.beside:
            _write(site / outcome.beside, text, replace=True)


def _write(path: Path, text: str | bytes, *, replace: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(text if isinstance(text, bytes) else text.encode("utf-8"))
        if replace:
            if path.is_symlink():  # never through a link, whatever happened meanwhile
                raise UsageError(f"{path} became a symbolic link; not written")
            os.replace(temporary, path)
            temporary = ""
        else:
            os.link(temporary, path)  # fails if the name was taken meanwhile
    finally:
        if temporary:
            os.unlink(temporary)
