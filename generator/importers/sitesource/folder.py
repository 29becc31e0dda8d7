"""A source site's folder, read as untrusted input: only regular files inside it, never
through a symbolic link, within content's size limit, with YAML or TOML front matter."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.content.textfile import fail, read_text
from generator.content.yamlio import MAX_DEPTH, Document, load_yaml, split_front_matter
from generator.errors import ContentErrors, UsageError


@dataclass
class Page:
    """One Markdown page: its path in the source, front matter with marks, and body."""

    path: str  # relative to the source folder, with /
    meta: dict[str, Any]
    body: str
    document: Document
    body_line: int = 1

    def line(self, *keys: str | int) -> int:
        return self.document.mark(tuple(keys)).line


@dataclass
class SourceFolder:
    """The source folder and what could not be read in it (with why)."""

    root: Path
    refused: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def open(cls, root: Path) -> SourceFolder:
        if not root.is_dir():
            raise UsageError(f"{root}: not a folder (a site's folder is expected)")
        return cls(root.resolve())

    def files(self, under: str, suffixes: tuple[str, ...]) -> list[str]:
        """Files below `under` ending in a suffix, sorted; links are refused and noted."""
        start = self.root / under
        if start.is_symlink():
            self.refused.append((under, "a symbolic link: not read"))
            return []
        found: list[str] = []
        for folder, subfolders, names in os.walk(start, followlinks=False):
            here = Path(folder)
            for name in sorted(subfolders):
                if (here / name).is_symlink():
                    self.refused.append((self.relative(here / name), "a symbolic link: not read"))
            for name in names:
                found += self._candidate(here / name, suffixes)
        return sorted(found)

    def _candidate(self, path: Path, suffixes: tuple[str, ...]) -> list[str]:
        if not path.name.endswith(suffixes):
            return []
        if path.is_symlink() or not path.is_file():
            self.refused.append((self.relative(path), "a symbolic link: not read"))
            return []
        return [self.relative(path)]

    def relative(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def exists(self, relative: str) -> bool:
        path = self.root / relative
        return path.is_file() and not path.is_symlink()

    def text(self, relative: str) -> str | None:
        """A file's text; None (and a note) when it is a link or cannot be read."""
        path = self.root / relative
        if any(p.is_symlink() for p in [path, *path.parents] if self.root in p.parents):
            self.refused.append((relative, "a symbolic link: not read"))
            return None
        if not path.is_file():
            return None
        try:
            return read_text(path, relative)
        except ContentErrors as exc:
            self.refused.append((relative, "; ".join(e.message for e in exc.errors)))
            return None

    def yaml(self, relative: str) -> Document | None:
        return self._read(relative, load_yaml, "")

    def page(self, relative: str) -> Page | None:
        return self._read(relative, _page, "front matter not readable: ")

    def _read(self, relative: str, parse: Any, refused: str) -> Any:
        """The file's text parsed; None (and a note, after `refused`) when it cannot be."""
        text = self.text(relative)
        if text is None:
            return None
        try:
            return parse(text, relative)
        except (ContentErrors, tomllib.TOMLDecodeError) as exc:
            errors = getattr(exc, "errors", None)
            why = "; ".join(str(e) for e in errors) if errors else f"{relative}: {exc}"
            self.refused.append((relative, refused + why))
            return None


def _page(text: str, relative: str) -> Page:
    if text.startswith("+++\n"):
        head, _, body = text[4:].partition("\n+++")
        meta = _strings(_toml(head, relative))
        lines = head.count("\n") + 3
        return Page(relative, meta, body.removeprefix("\n"), Document(relative, meta), lines)
    split = split_front_matter(text, relative)
    meta = split.meta.data if isinstance(split.meta.data, dict) else {}
    return Page(relative, meta, split.body, split.meta, split.body_line)


def _toml(head: str, relative: str) -> dict[str, Any]:
    """TOML front matter (after its `+++` line), nested no deeper than YAML may be."""
    try:
        data = tomllib.loads(head)
    except RecursionError:  # tomllib recurses per level of arrays and inline tables
        data = None
    if data is None or _deeper_than(data, MAX_DEPTH):
        line, column = _too_deep_at(head)
        raise fail(relative, line + 1, column, f"nested deeper than {MAX_DEPTH} levels")
    return data


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether `value` nests past `limit` levels; without recursion (dotted keys nest
    tables as deep as they have parts)."""
    levels = [(value, 0)]
    while levels:
        value, depth = levels.pop()
        if depth > limit:
            return True
        children = value.values() if isinstance(value, dict) else value
        levels += [(child, depth + 1) for child in children if isinstance(child, dict | list)]
    return False


# A TOML string or comment (whose brackets nest nothing), or a bracket.
_TOML_TOKEN = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]',
    re.DOTALL,
)


def _too_deep_at(head: str) -> tuple[int, int]:
    """Line and column (in `head`, from 1) of the bracket that opens one level too many;
    the first line when the depth comes from dotted keys or table names."""
    depth = 0
    for token in _TOML_TOKEN.finditer(head):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                at = token.start()
                return head.count("\n", 0, at) + 1, at - head.rfind("\n", 0, at)
        elif bracket in ("]", "}"):
            depth -= 1
    return 1, 1


def _strings(value: Any) -> Any:
    """TOML's values as the YAML reader gives them: text, so that one mapper reads both."""
    if isinstance(value, dict):
        return {str(k): _strings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_strings(v) for v in value]
    if isinstance(value, bool):
        return "true" if value else "false"
    return None if value is None else str(value)


def truthy(value: Any) -> bool:
    return str(value).strip().lower() in ("true", "yes", "on", "1")
