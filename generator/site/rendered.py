"""A built site in memory (`RenderedSite`), kept by a builder for its next rebuild, and what a
rebuild changed against it (`Update`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from generator.model.resume import Loaded
from generator.render.pictures import Pictures
from generator.render.renderer import Page
from generator.render.theme import Theme
from generator.site.changes import Changes
from generator.site.depends import Fingerprint, Rendered
from generator.site.outputs import Wanted
from generator.site.writer import Asset, Source


@dataclass
class RenderedSite:
    """Everything a build produces, in memory, before anything touches the disk."""

    loaded: Loaded
    theme: Theme
    pages: list[Page]
    files: dict[PurePosixPath, Source]
    rendered: dict[str, Rendered] = field(default_factory=dict)  # by URL, for rebuilds
    fingerprints: dict[str, Fingerprint] = field(default_factory=dict)  # by language
    generated: dict[str, tuple[Any, bytes]] = field(default_factory=dict)  # name -> (inputs, data)
    claims: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # page URLs, other files' URLs
    pictures: Pictures | None = None  # as planned: a rebuild that plans others renders all
    late: Wanted = field(default_factory=dict)  # PDFs left as they were, to typeset next


@dataclass(frozen=True)
class Update:
    """What a (re)build changed: files that are new or differ, files that are gone."""

    site: RenderedSite
    written: dict[PurePosixPath, Source]
    removed: frozenset[PurePosixPath]
    rendered: int  # pages rendered (the others were reused)

    def __bool__(self) -> bool:
        return bool(self.written or self.removed)


def difference(
    last: RenderedSite | None, site: RenderedSite, changes: Changes, rendered: int
) -> Update:
    if last is None:
        return Update(site, dict(site.files), frozenset(), rendered)
    touched = changes.static | changes.content
    written = {
        path: source
        for path, source in site.files.items()
        if _differs(last.files.get(path), source, touched, changes.settings)
    }
    removed = frozenset(last.files.keys() - site.files.keys())
    return Update(site, written, removed, rendered)


def _differs(old: Source | None, new: Source, touched: frozenset[Path], settings: bool) -> bool:
    if old is None or type(old) is not type(new):
        return True
    if isinstance(new, bytes):
        return old is not new and old != new
    # A copied file: the same path holds new bytes only if the watcher saw it change.
    path = new.path if isinstance(new, Asset) else new
    return old != new or path in touched or settings
