"""A section's entries as items: their order, URL names (kept across languages) and authors."""

from __future__ import annotations

import logging

from generator import urls as routes
from generator.content.authors import Coauthor, parse_authors, same_person, without_titles
from generator.content.reader import LoadedEntry
from generator.content.schema import Entry, Person, Profile, Publication, SiteConfig, Talk
from generator.errors import ErrorCollector, shown
from generator.model.entries import Item
from generator.model.structure import Resume

log = logging.getLogger(__name__)


def coauthors(people: list[Person]) -> tuple[Coauthor, ...]:
    """The people of content/people.yaml that have somewhere to link to, as author lists
    match them (names without titles, as the owner's)."""
    return tuple(
        (person.link, tuple(without_titles(n) for n in (person.name, *person.aliases)))
        for person in people
        if person.link
    )


def owner_names(config: SiteConfig, profile: Profile) -> list[str]:
    """The names to highlight in author lists, without titles ("Dr. A. B." is "A. B.")."""
    if config.highlight_author is None:
        return [without_titles(profile.name)]
    names = [config.highlight_author.name, *config.highlight_author.aliases]
    return [without_titles(name) for name in names]


def without_volumes(entries: list[LoadedEntry], owners: list[str]) -> list[LoadedEntry]:
    """The entries but the .bib volumes others cite through crossref (DBLP's proceedings),
    unless the owner wrote or edited one: they are the venues of the owner's papers, not
    works of the owner's. Each file's count is told."""
    kept: list[LoadedEntry] = []
    left: dict[str, int] = {}
    for entry in entries:
        fields = vars(entry.data)
        people = [*(fields.get("authors") or []), *(fields.get("editors") or [])]
        if entry.volume and not any(same_person(p, o) for p in people for o in owners):
            left[entry.source] = left.get(entry.source, 0) + 1
        else:
            kept.append(entry)
    for source, count in left.items():
        log.info(
            "%s: %d %s that other entries cite through crossref %s not listed as your work "
            "(you are not among their authors or editors); their fields fill in the papers",
            source,
            count,
            "entry" if count == 1 else "entries",
            "is" if count == 1 else "are",
        )
    return kept


def order_entries(entries: list[LoadedEntry], newest_first: bool = False) -> list[LoadedEntry]:
    """YAML lists keep the author's order; Markdown files go newest first. Weight wins.

    `newest_first` (news and posts): every entry goes newest first, whatever its form."""
    listed = [e for e in entries if e.index is not None and not newest_first]
    files = [e for e in entries if e.index is None or newest_first]

    def recency(e: LoadedEntry) -> tuple:
        date = e.data.until or e.data.date
        if isinstance(e.data, Publication):
            date = e.data.published
        key = (date.year, date.month, date.day) if date else (0, 0, 0)
        return (-key[0], -key[1], -key[2], e.stem or "")

    files.sort(key=recency)
    return sorted(listed + files, key=lambda e: e.data.weight)


def make_items(
    name: str,
    entries: list[LoadedEntry],
    owners: list[str],
    errors: ErrorCollector,
    root: str = "/",
    inherited: dict[EntryPlace, str] | None = None,
    people: tuple[Coauthor, ...] = (),
) -> list[Item]:
    """The section's items, under the language root `root`. `inherited`: the URL names the
    default language gave its entries, by place, which the same entries keep here (unless
    they chose one), so a translated title moves no page."""
    explicit = _explicit_slugs(entries, errors)
    taken = set(explicit)
    kept = _kept_slugs(entries, root, inherited, taken) if inherited else {}
    items = []
    for entry in entries:
        data = entry.data
        chosen = _chosen_slug(data)
        if chosen and explicit[chosen] is not entry:  # an earlier entry has it: see above
            chosen = routes.unique_slug(chosen, taken)
        slug = (
            chosen
            or kept.get(id(entry))
            or routes.unique_slug(routes.slugify(entry.stem or data.slug_title), taken)
        )
        items.append(_item(name, entry, slug, owners, root, people))
    return items


def _explicit_slugs(entries: list[LoadedEntry], errors: ErrorCollector) -> dict[str, LoadedEntry]:
    """The URL names entries chose, each with the first entry that chose it. An entry that
    chose one taken already is an error; in a .bib, where two keys such as `a:b` and `a/b`
    make one name, a warning, and the later entry's name gets a number."""
    explicit: dict[str, LoadedEntry] = {}
    for entry in entries:
        chosen = _chosen_slug(entry.data)
        if chosen and chosen in explicit:
            field_name, message = _duplicate(entry.data, explicit[chosen], chosen)
            if _distinct_bib_keys(entry, explicit[chosen]):
                log.warning("%s", entry.error(("key",), f"{message}; this page gets a number"))
            else:
                errors.extend([entry.error((field_name,), message)])
        elif chosen:
            explicit[chosen] = entry
    return explicit


def _distinct_bib_keys(entry: LoadedEntry, first: LoadedEntry) -> bool:
    """Two .bib entries whose different keys make one URL name."""
    key, other = vars(entry.data).get("key"), vars(first.data).get("key")
    return entry.source.endswith(".bib") and not entry.data.slug and bool(key) and key != other


def _item(
    name: str,
    entry: LoadedEntry,
    slug: str,
    owners: list[str],
    root: str,
    people: tuple[Coauthor, ...] = (),
) -> Item:
    data = entry.data
    # Every paper has a page (for its citation); other entries only with a body.
    has_page = data.body or isinstance(data, Publication)
    url = routes.entry(name, slug, root) if has_page else None
    has_authors = isinstance(data, Publication | Talk)
    authors = parse_authors(data.authors, owners, people) if has_authors else []
    paper = isinstance(data, Publication)
    editors = parse_authors(data.editors, owners, people) if paper else []
    return Item(
        name,
        data,
        entry.source,
        entry.line,
        slug,
        slug,
        url,
        authors=authors,
        editors=editors,
        origin=entry,
        root=root,
    )


# What pairs an entry with its version in another language: its section, its file's name
# inside content/ or content/<language>/, and its place in a YAML list as written.
EntryPlace = tuple[str, str, int | None]


def entry_place(entry: LoadedEntry, root: str) -> EntryPlace:
    """Where `entry` is written, the same for each language's version of it."""
    name = entry.source.removeprefix("content/")
    if root != "/":
        name = name.removeprefix(root[1:])
    if name.endswith(".yml"):
        name = name[:-4] + ".yaml"
    index = entry.index
    if index is not None and entry.doc is not None and entry.doc.shown:
        index = entry.doc.shown.get((index,), (index,))[0]  # before translations were resolved
    return entry.section, name, index


def entry_slugs(resume: Resume) -> dict[EntryPlace, str]:
    """The URL names of a résumé's entries, by place (see make_items)."""
    return {
        entry_place(item.origin, resume.root): item.slug
        for item in resume.items
        if item.origin is not None
    }


def _kept_slugs(
    entries: list[LoadedEntry], root: str, inherited: dict[EntryPlace, str], taken: set[str]
) -> dict[int, str]:
    """id(entry) -> the URL name its default-language version has, where that is free."""
    kept = {}
    for entry in entries:
        if _chosen_slug(entry.data):
            continue
        slug = inherited.get(entry_place(entry, root))
        if slug is not None and slug not in taken:
            kept[id(entry)] = slug
            taken.add(slug)
    return kept


def _chosen_slug(data: Entry) -> str | None:
    """The URL name the author chose: `slug`, or for a paper its citation key."""
    if data.slug:
        return data.slug
    key = vars(data).get("key")  # not getattr: pydantic's miss on other models is slow
    return routes.key_slug(key) if key else None


def _duplicate(data: Entry, first: LoadedEntry, slug: str) -> tuple[str, str]:
    """(field, message) for an entry whose URL name another entry already has."""
    field_name = "slug" if first.data.slug else "key"
    placed = first.error((field_name,), "")
    where = f"{placed.file}:{placed.line}"
    key = getattr(data, "key", None)
    if key and not data.slug and getattr(first.data, "key", None) == key:
        return "key", f"the key {shown(key)} is also used by {where}"
    return "slug", f"slug {shown(slug)} is already used by {where}"
