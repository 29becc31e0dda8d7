"""What one build may reuse from the builds before it, in the same process.

- `ReadCache`: the validated entries (and errors) of each content file, kept until the file
  is said to have changed. `cvsite serve` forgets the files its watcher reports.
- `markdown`: rendered Markdown by (options, inline?, text), shared by every renderer.

Nothing here is global: a `BuildCache` lives as long as the builder that owns it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from generator.content import LoadedEntry
from generator.errors import ContentError

MarkdownKey = tuple[str, bool, str]  # (renderer options, inline?, text)


class ReadCache:
    """Validated entries per content file, until `forget` says the file changed."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[list[LoadedEntry], list[ContentError]]] = {}

    def get(self, path: Path) -> tuple[list[LoadedEntry], list[ContentError]] | None:
        return self._files.get(path)

    def put(self, path: Path, entries: list[LoadedEntry], errors: list[ContentError]) -> None:
        self._files[path] = (entries, errors)

    def forget(self, paths: Iterable[Path]) -> None:
        for path in paths:
            self._files.pop(path, None)

    def clear(self) -> None:
        self._files.clear()


@dataclass
class BuildCache:
    reads: ReadCache = field(default_factory=ReadCache)
    markdown: dict[MarkdownKey, Markup] = field(default_factory=dict)
    jobs: int = 1  # processes a build may use for the work that parallelises (parallel.py)
