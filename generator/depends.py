"""Which pages a change makes stale.

Every page names the content files it shows (`Page.sources`, or `*` for pages that show
everything), and its rendering records the templates it asked for. A content edit does not
make a file "changed" by itself: what counts is whether the file's entries *as the model
sees them* changed — their fields, URL, slug, anchor and tags. That catches the effects an
edit has on other files' entries too (a new entry taking a slug, a tag's spelling chosen by
majority), and ignores edits that change nothing (a comment, a saved but unchanged file).

An edit of Markdown bodies alone re-renders only the pages that read one of those bodies:
a rendering notes each body it reads (`render.BODY_OF`) beside its templates.

What every page shows (site.yaml, the profile, the menu, the section names) is the `site`
part of the fingerprint; when it changes, every page is stale. A multilingual site has a
fingerprint per language: an edit of a German file or of a German translation makes German
pages stale, not English ones. A page also shows where it leads in the other languages (its
language switcher): when that changes, it is stale too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from generator.model import Item, Resume
from generator.render import ALL_SOURCES, Page


@dataclass(frozen=True)
class Fingerprint:
    site: tuple[Any, ...]
    sources: dict[str, tuple[Any, ...]]


def item_key(item: Item) -> tuple[Any, ...]:
    tags = tuple((tag.slug, tag.name) for tag in item.tags)
    return (item.data, item.url, item.slug, item.anchor, tags, tuple(item.authors))


@dataclass(frozen=True, eq=False)
class Listed:
    """What a file that lists entries but never shows their Markdown bodies is made from
    (the feed, resume.json): equal when all differences are in bodies.

    Editing a long description, the commonest edit in a preview, then leaves such a file
    alone. Files whose entries are the same objects compare at once; only edited ones are
    looked at field by field.
    """

    site: tuple[Any, ...]
    sources: tuple[tuple[tuple[Any, ...], ...] | None, ...]

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Listed)
            and self.site == other.site
            and len(self.sources) == len(other.sources)
            and all(
                a == b or (a is not None and b is not None and _listed(a) == _listed(b))
                for a, b in zip(self.sources, other.sources, strict=True)
            )
        )

    __hash__ = None  # type: ignore[assignment]


def without_bodies(
    prints: Fingerprint, resume: Resume, sections: Iterable[str] | None = None
) -> Listed:
    """The `Listed` inputs of a file made from the entries of some sections (None: all)."""
    shown = [s for s in resume.sections if sections is None or s.name in sections]
    return Listed(prints.site, tuple(prints.sources.get(f) for s in shown for f in s.sources))


def fingerprint(resume: Resume) -> Fingerprint:
    """What the pages of `resume` show, split into the shared part and one part per file."""
    sections = tuple((s.name, s.title, s.kind, s.url, tuple(s.sources)) for s in resume.sections)
    site = (resume.config, resume.profile, tuple(resume.nav), sections, tuple(resume.assets))
    per_file: dict[str, list[tuple[Any, ...]]] = {}
    for section in resume.sections:
        for source in section.sources:
            per_file.setdefault(source, [])
        for item in section.items:
            per_file.setdefault(item.source, []).append(item_key(item))
    return Fingerprint(site, {source: tuple(keys) for source, keys in per_file.items()})


def changed_sources(old: Fingerprint, new: Fingerprint) -> set[str]:
    """Content files whose entries look different in the new model (or exist in one only)."""
    names = old.sources.keys() | new.sources.keys()
    return {name for name in names if old.sources.get(name) != new.sources.get(name)}


def body_edits(old: Fingerprint, new: Fingerprint, changed: set[str]) -> set[str]:
    """Those of the `changed` files whose entries differ in their Markdown bodies alone.

    Only pages that showed one of those bodies need rendering again (a page notes the bodies
    it shows, see `render.BODY_OF`); a body's presence is not "alone": it decides whether the
    entry has a page, and so every link to it.
    """
    return {
        name
        for name in changed
        if name in old.sources
        and name in new.sources
        and _listed(old.sources[name]) == _listed(new.sources[name])
    }


def _listed(keys: tuple[tuple[Any, ...], ...]) -> tuple[Any, ...]:
    """Entry keys (`item_key`) with each entry's body left out."""
    return tuple((_but_body(data), *rest) for data, *rest in keys)


def _but_body(data: Any) -> tuple[Any, ...]:
    fields = tuple(value for name, value in data.__dict__.items() if name != "body")
    return (type(data), bool(data.body), fields)


@dataclass(frozen=True)
class Rendered:
    """One rendered page as a later rebuild needs it: its bytes and what it was made from."""

    page: Page
    html: bytes
    templates: frozenset[str]


def is_stale(
    page: Page,
    before: Rendered | None,
    sources: set[str],
    templates: frozenset[str],
) -> bool:
    """Must `page` be rendered again, given the changed `sources` and template names?"""
    if before is None or before.page.templates != page.templates:
        return True
    if before.page.languages != page.languages:  # another language gained or lost the page
        return True
    if before.templates & templates:
        return True
    shown = page.sources | before.page.sources  # what it showed before, and shows now
    if ALL_SOURCES in shown:
        return bool(sources)
    return not shown.isdisjoint(sources)
