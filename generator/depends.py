"""Which pages a change makes stale.

Every page names the content files it shows (`Page.sources`, or `*` for pages that show
everything), and its rendering records the templates it asked for. A content edit does not
make a file "changed" by itself: what counts is whether the file's entries *as the model
sees them* changed — their fields, URL, slug, anchor and tags. That catches the effects an
edit has on other files' entries too (a new entry taking a slug, a tag's spelling chosen by
majority), and ignores edits that change nothing (a comment, a saved but unchanged file).

What every page shows (site.yaml, the profile, the menu, the section names) is the `site`
part of the fingerprint; when it changes, every page is stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.model import Item, Resume
from generator.render import ALL_SOURCES, Page


@dataclass(frozen=True)
class Fingerprint:
    site: tuple[Any, ...]
    sources: dict[str, tuple[Any, ...]]


def _item_key(item: Item) -> tuple[Any, ...]:
    tags = tuple((tag.slug, tag.name) for tag in item.tags)
    return (item.data, item.url, item.slug, item.anchor, tags, tuple(item.authors))


def fingerprint(resume: Resume) -> Fingerprint:
    """What the pages of `resume` show, split into the shared part and one part per file."""
    sections = tuple((s.name, s.title, s.kind, s.url, tuple(s.sources)) for s in resume.sections)
    site = (resume.config, resume.profile, tuple(resume.nav), sections, tuple(resume.assets))
    per_file: dict[str, list[tuple[Any, ...]]] = {}
    for section in resume.sections:
        for source in section.sources:
            per_file.setdefault(source, [])
        for item in section.items:
            per_file.setdefault(item.source, []).append(_item_key(item))
    return Fingerprint(site, {source: tuple(keys) for source, keys in per_file.items()})


def changed_sources(old: Fingerprint, new: Fingerprint) -> set[str]:
    """Content files whose entries look different in the new model (or exist in one only)."""
    names = old.sources.keys() | new.sources.keys()
    return {name for name in names if old.sources.get(name) != new.sources.get(name)}


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
    if before.templates & templates:
        return True
    shown = page.sources | before.page.sources  # what it showed before, and shows now
    if ALL_SOURCES in shown:
        return bool(sources)
    return not shown.isdisjoint(sources)
