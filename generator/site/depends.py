"""Which pages a change makes stale: those showing files, entries or bodies (`Page.sources`,
`render.BODY_OF`) whose entries changed as each language's model sees them (`Fingerprint`),
not as files were saved; all pages when what every page shows (its `site` part) changed."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.model.resume import Resume
from generator.render.renderer import ALL_SOURCES, BODY_OF, Page


@dataclass(frozen=True)
class Fingerprint:
    site: tuple[Any, ...]
    sources: dict[str, tuple[Any, ...]]  # per file, its entries' `Item.shown`, in list order
    keys: dict[str, tuple[str, ...]]  # and their `Item.key`s, in the same order


@dataclass(frozen=True, eq=False)
class Listed:
    """What a file that lists entries without their bodies is made from (the feed,
    resume.json): equal when all differences are in bodies, the commonest edit."""

    site: tuple[Any, ...]
    sources: tuple[tuple[tuple[Any, ...], ...] | None, ...]

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Listed)
            and self.site == other.site
            and len(self.sources) == len(other.sources)
            and all(
                a == b or (a is not None and b is not None and _same_listed(a, b))
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
    # Free pages are few and in the menu of every page: an edit of one is an edit of the site.
    site = (
        resume.config,
        resume.profile,
        tuple(resume.nav),
        sections,
        tuple(resume.assets),
        tuple(resume.pages),
    )
    per_file: dict[str, list[tuple[Any, ...]]] = {}
    keys: dict[str, list[str]] = {}
    for section in resume.sections:
        for source in section.sources:
            per_file.setdefault(source, [])
            keys.setdefault(source, [])
        for item in section.items:
            per_file.setdefault(item.source, []).append(item.shown)
            keys.setdefault(item.source, []).append(item.key)
    return Fingerprint(
        site,
        {source: tuple(found) for source, found in per_file.items()},
        {source: tuple(found) for source, found in keys.items()},
    )


def changed_sources(old: Fingerprint, new: Fingerprint) -> set[str]:
    """Content files whose entries look different in the new model (or exist in one only)."""
    names = old.sources.keys() | new.sources.keys()
    return {name for name in names if old.sources.get(name) != new.sources.get(name)}


def body_edits(old: Fingerprint, new: Fingerprint, changed: set[str]) -> set[str]:
    """Those of the `changed` files whose entries differ in their Markdown bodies alone (a
    body coming or going is not "alone": it decides whether the entry has a page)."""
    return {
        name
        for name in changed
        if name in old.sources
        and name in new.sources
        and _same_listed(old.sources[name], new.sources[name])
    }


def changed_entries(
    old: Fingerprint, new: Fingerprint, changed: set[str]
) -> tuple[set[str], set[str]]:
    """The entries (`Item.key`) of the `changed` files that look different or moved (a tag
    page shows their order: all but the longest run in their old order moved); and apart
    from those, the entries whose bodies alone changed."""
    entries: set[str] = set()
    bodies: set[str] = set()
    for name in changed:
        old_keys, new_keys = old.keys.get(name, ()), new.keys.get(name, ())
        before = dict(zip(old_keys, old.sources.get(name, ()), strict=True))
        after = dict(zip(new_keys, new.sources.get(name, ()), strict=True))
        if len(before) < len(old_keys) or len(after) < len(new_keys):  # a key twice: no telling
            entries.update(old_keys, new_keys)
            continue
        for key in before.keys() | after.keys():
            a, b = before.get(key), after.get(key)
            if a is None or b is None or (a != b and _but_body_key(a) != _but_body_key(b)):
                entries.add(key)
            elif a != b:
                bodies.add(key)
        place = {key: number for number, key in enumerate(k for k in new_keys if k in before)}
        kept = [key for key in old_keys if key in place]
        entries.update(kept[i] for i in _out_of_order([place[key] for key in kept]))
    return entries, bodies - entries


def _out_of_order(numbers: Sequence[int]) -> set[int]:
    """Indexes of `numbers` outside one of its longest increasing runs: the fewest that moved."""
    ends: list[int] = []  # ends[k]: the least number a run of k + 1 can end with so far
    tails: list[int] = []  # and its index
    before: list[int] = []  # the index preceding each in its run
    for index, number in enumerate(numbers):
        at = bisect_left(ends, number)
        before.append(tails[at - 1] if at else -1)
        if at == len(ends):
            ends.append(number)
            tails.append(index)
        else:
            ends[at], tails[at] = number, index
    run = set()
    index = tails[-1] if tails else -1
    while index >= 0:
        run.add(index)
        index = before[index]
    return set(range(len(numbers))) - run


def _same_listed(a: tuple[tuple[Any, ...], ...], b: tuple[tuple[Any, ...], ...]) -> bool:
    """Are two lists of entries as shown (`Item.shown`) the same but for the entries' bodies?"""
    return len(a) == len(b) and all(
        x == y or _but_body_key(x) == _but_body_key(y) for x, y in zip(a, b, strict=True)
    )


def _but_body_key(key: tuple[Any, ...]) -> tuple[Any, ...]:
    data, *rest = key
    return (_but_body(data), *rest)


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


@dataclass(frozen=True)
class Stale:
    """What changed in one language: files and entries, and `BODY_OF` marks of bodies."""

    sources: set[str]
    bodies: frozenset[str]


def stale_sources(
    before: dict[str, Fingerprint], prints: dict[str, Fingerprint]
) -> dict[str, Stale | None]:
    """Per language, what changed; None: every page is stale."""
    stale: dict[str, Stale | None] = {}
    for code, now in prints.items():
        old = before.get(code)
        if old is None or old.site != now.site:
            stale[code] = None
            continue
        changed = changed_sources(old, now)
        entries, bodies = changed_entries(old, now, changed)
        marks = {BODY_OF + key for key in bodies} | ({BODY_OF + ALL_SOURCES} if bodies else set())
        listed = changed - body_edits(old, now, changed)  # files whose lists changed
        stale[code] = Stale(listed | entries, frozenset(marks))
    return stale


def stale_pages(
    pages: list[Page],
    previous: dict[str, Rendered],
    stale: dict[str, Stale | None],
    templates: frozenset[str],
) -> list[Page]:
    """The pages to render: new ones, and those that show what changed."""
    return [
        page
        for page in pages
        if (found := stale[page.language]) is None
        or (before := previous.get(page.url)) is None
        or is_stale(page, before, found.sources, templates | found.bodies)
    ]
