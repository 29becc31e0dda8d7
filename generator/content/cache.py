"""What one build may reuse from the builds before it: each content file's reading per
language until the file changes (`ReadCache`), rendered Markdown, kept on disk between runs
(`MarkdownStore`), and the entries whose Markdown was found safe (`SafeEntries`). A
`BuildCache` lives as long as the builder that owns it; the cache folder is safe to delete
at any time.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
from collections.abc import Callable, Hashable, Iterable, Iterator, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from generator.cachefolders import private_folder
from generator.content.reader import FileRead
from generator.diskerrors import cache_warning

MarkdownKey = tuple[str, bool, str]  # (renderer options, inline?, text)


class ReadCache:
    """Validated entries per content file and reader (a language of the site, or None), until
    `forget` says the file changed. The reading before that stays at hand (`before`) until
    the file is read again: it lends its unchanged entries to the new one."""

    def __init__(self) -> None:
        self._files: dict[Path, dict[Hashable, FileRead]] = {}
        self._before: dict[Path, dict[Hashable, FileRead]] = {}

    def get(self, path: Path, reader: Hashable = None) -> FileRead | None:
        return self._files.get(path, {}).get(reader)

    def before(self, path: Path, reader: Hashable = None) -> FileRead | None:
        return self._before.get(path, {}).get(reader)

    def put(self, path: Path, reader: Hashable, found: FileRead) -> None:
        self._files.setdefault(path, {})[reader] = found
        self._before.get(path, {}).pop(reader, None)

    def forget(self, paths: Iterable[Path]) -> None:
        for path in paths:
            reads = self._files.pop(path, None)
            if reads:
                self._before[path] = reads

    def clear(self) -> None:
        self._files.clear()
        self._before.clear()


class MarkdownStore(MutableMapping):
    """Rendered Markdown in memory, backed by a file keyed by content hash (if given).

    The file keeps what this process used or made, so it does not grow without end; it is
    only ever a cache: deleting it costs one slower build.
    """

    def __init__(self, path: Path | None = None):
        self.path = path
        self._memory: dict[MarkdownKey, Markup] = {}
        self._disk: dict[tuple[str, bool, bytes], str] = {}
        self._loaded_count = 0
        if path is not None and path.is_file():
            try:
                with path.open("rb") as file:
                    self._disk = pickle.load(file)
                self._loaded_count = len(self._disk)
            except Exception:  # a damaged or foreign cache is no cache
                self._disk = {}

    @staticmethod
    def _digest(key: MarkdownKey) -> tuple[str, bool, bytes]:
        options, inline, text = key
        return options, inline, hashlib.blake2b(text.encode(), digest_size=16).digest()

    def __getitem__(self, key: MarkdownKey) -> Markup:
        found = self._memory.get(key)
        if found is not None:
            return found
        if self._disk:
            html = self._disk.get(self._digest(key))
            if html is not None:
                self._memory[key] = found = Markup(html)
                return found
        raise KeyError(key)

    def __setitem__(self, key: MarkdownKey, value: Markup) -> None:
        self._memory[key] = value

    def __delitem__(self, key: MarkdownKey) -> None:
        del self._memory[key]

    def __iter__(self) -> Iterator[MarkdownKey]:
        return iter(self._memory)

    def __len__(self) -> int:
        return len(self._memory)

    def save(self) -> None:
        """Write what this process used or made, if that differs from what was read."""
        if self.path is None:
            return
        kept = {self._digest(key): str(html) for key, html in self._memory.items()}
        if kept.keys() == self._disk.keys() and len(kept) == self._loaded_count:
            return
        # One per process: builds of other output folders of the site share this file.
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            private_folder(self.path.parent)
            with temporary.open("wb") as file:
                pickle.dump(kept, file, protocol=5)
            os.replace(temporary, self.path)
        except OSError as exc:  # a full or read-only cache: the next build renders again
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            cache_warning(self.path, exc)


class _Kept:
    """Values kept from one build to the next, each with the object (an entry's data) its key
    names by id, which it holds so the id cannot be another's. Each build keeps only what it
    used (`done`), so old values do not pile up in a long preview."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, tuple[object, object]] = {}
        self._used: dict[Hashable, tuple[object, object]] = {}

    def _find(self, key: Hashable, owner: object) -> tuple[object, object] | None:
        found = self._used.get(key) or self._kept.get(key)
        if found is None or found[0] is not owner:
            return None
        self._used[key] = found
        return found

    def _keep(self, key: Hashable, owner: object, value: object) -> None:
        self._used[key] = (owner, value)

    def done(self) -> None:
        self._kept, self._used = self._used, {}


class SafeEntries(_Kept):
    """Entries whose Markdown texts were all found safe, by renderer options and data object:
    a rebuild checks only entries it has not seen."""

    def known(self, options: str, data: object) -> bool:
        return self._find((options, id(data)), data) is not None

    def add(self, options: str, data: object) -> None:
        self._keep((options, id(data)), data, True)


@dataclass
class BuildCache:
    reads: ReadCache = field(default_factory=ReadCache)
    markdown: MutableMapping[MarkdownKey, Markup] = field(default_factory=MarkdownStore)
    jobs: int = 1  # processes a build may use for the work that parallelises (site/parallel.py)
    # How many Markdown texts are rendered at once (MarkdownRenderer.prepare): given by the
    # site (site/parallel.py), or None to render each when it is asked for.
    spread: Callable[..., list] | None = None
    safe: SafeEntries = field(default_factory=SafeEntries)  # Markdown checked (model.py)
