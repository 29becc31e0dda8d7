"""An entry of a section as templates see it (`Item`), and a tag with its entries: one tag
per slug, named as most entries write it."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from generator import urls as routes
from generator.content.authors import Author
from generator.content.dates import PartialDate
from generator.content.reader import LoadedEntry
from generator.content.schema import Entry, Publication


@dataclass(eq=False)
class Tag:
    slug: str
    name: str
    url: str
    items: list[Item] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.items)

    @property
    def by_section(self) -> list[tuple[str, list[Item]]]:
        """The items in groups of one section each, as (section name, items) sorted by the
        name: what Jinja's `groupby('section')` gives, without its lookups per item."""
        groups: dict[str, list[Item]] = {}
        for item in self.items:
            groups.setdefault(item.section, []).append(item)
        return sorted(groups.items())


_MISSING: Any = object()


def _field(data: Entry, name: str, default: Any = _MISSING) -> Any:
    """`getattr(data, name[, default])`, without pydantic's slow way to a missing name: entries
    have no extra or private fields, so a name neither in __dict__ nor on the class is missing."""
    value = vars(data).get(name, _MISSING)
    if value is not _MISSING:
        return value
    if name.startswith("_") or hasattr(type(data), name):
        return getattr(data, name) if default is _MISSING else getattr(data, name, default)
    if default is _MISSING:
        raise AttributeError(f"{type(data).__name__!r} object has no attribute {name!r}")
    return default


@dataclass(eq=False)
class Item:
    """One entry of a section, with what templates need beyond its fields, which are read
    through it (`item.title`, `item.start`): a template sees one object per entry."""

    section: str
    data: Entry
    source: str
    line: int
    slug: str
    anchor: str
    url: str | None
    tags: list[Tag] = field(default_factory=list)
    authors: list[Author] = field(default_factory=list)
    editors: list[Author] = field(default_factory=list)  # a paper's, the owner found as in authors
    origin: LoadedEntry | None = field(default=None, repr=False)
    root: str = "/"  # where the pages of its language are (routes.language_root)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return _field(self.data, name)

    # Templates index entries (`item['title']`, and Jinja's groupby and sort filters do):
    # answered here, instead of Jinja's fallback to an attribute after a TypeError per call.
    def __getitem__(self, name: str) -> Any:
        if not isinstance(name, str):
            raise TypeError(f"entries are indexed by field name, not {type(name).__name__}")
        return getattr(self, name)

    __iter__ = None  # an entry is not a sequence, even though it has __getitem__

    @property
    def title(self) -> str:
        return self.data.shown_title

    @property
    def key(self) -> str:
        """The entry among the sources of pages (`Page.sources`): its file, or in a file of
        many entries, the file and the entry's slug (`content/talks.yaml#keynote`), so that
        editing one entry there does not make the pages of the others stale."""
        if self.origin is not None and self.origin.many:
            return f"{self.source}#{self.slug}"
        return self.source

    @property
    def shown(self) -> tuple[Any, ...]:
        """All a page can show of the entry: two entries equal in it are drawn alike (the
        preview renders again the pages of entries that differ in it, and a kept drawing of
        an entry is used while it holds, render/fragments.py)."""
        tags = tuple((tag.slug, tag.name) for tag in self.tags)
        people = (tuple(self.authors), tuple(self.editors))
        return (self.data, self.url, self.slug, self.anchor, self.section, self.root, tags, people)

    @property
    def body(self) -> str | None:
        return self.data.body

    def get(self, name: str, default: Any = None) -> Any:
        """A field that only some sections have (`institution`, `issuer`), or `default`."""
        if name == "body":
            return self.body
        return _field(self.data, name, default)

    @property
    def has_page(self) -> bool:
        return self.url is not None

    @property
    def bib_url(self) -> str | None:
        """A paper's BibTeX file, beside its page."""
        if not isinstance(self.data, Publication) or self.url is None:
            return None
        return routes.entry_file(self.section, self.slug, f"{self.slug}.bib", self.root)

    @property
    def location(self) -> str:
        """Where the entry lives: its own page, or its place on the section page."""
        return self.url or f"{routes.section(self.section, self.root)}#{self.anchor}"

    @property
    def sort_date(self) -> PartialDate | None:
        data = self.data
        if isinstance(data, Publication):
            return data.published
        return data.until or data.date

    @property
    def year(self) -> int | None:
        if isinstance(self.data, Publication) and self.data.year is not None:
            return self.data.year
        date = self.sort_date
        return None if date is None or date.present else date.year


def tag_slug(name: str) -> str:
    """The slug a tag is known by ("" for a name with no letters or digits): tags written
    with other case, spacing or hyphens are the same tag."""
    return routes.slugify(" ".join(name.split()), fallback="")


@functools.lru_cache(maxsize=65536)  # pure; a rebuild asks again for every entry's tags
def _tag_pairs(tags: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The tags as (slug, name), in the order written, without repeated slugs."""
    slugs: dict[str, str] = {}
    for name in tags:
        name = " ".join(name.split())
        slug = tag_slug(name)
        if slug:
            slugs.setdefault(slug, name)
    return tuple(slugs.items())


def collect_tags(items: list[Item], root: str = "/") -> list[Tag]:
    """Tags that differ only in case, spacing or hyphens are one tag, named as most write it."""
    spellings: dict[str, dict[str, int]] = {}
    members: dict[str, list[Item]] = {}
    per_item = [(item, _tag_pairs(tuple(item.data.tags))) for item in items]
    for item, pairs in per_item:
        for slug, name in pairs:
            found = members.get(slug)
            if found is None:  # not setdefault: that would build a list and a dict per use
                members[slug] = [item]
                spellings[slug] = {name: 1}
            else:
                found.append(item)
                counts = spellings[slug]
                counts[name] = counts.get(name, 0) + 1
    # max keeps the first-seen spelling among ties, so the chosen name is deterministic.
    tags = {
        slug: Tag(slug, max(names, key=names.__getitem__), routes.tag(slug, root), members[slug])
        for slug, names in sorted(spellings.items())
    }
    for item, pairs in per_item:
        item.tags = [tags[slug] for slug, _ in pairs]
    return sorted(tags.values(), key=lambda t: (-t.count, t.name.casefold()))
