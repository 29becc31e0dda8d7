"""Validated records -> the résumé model: ordered sections of entries, tags, navigation.

The model knows URLs (through `routes`) but nothing of templates or files on disk beyond the
names of the assets it may point to. Everything in it is computed once, here.
"""

from __future__ import annotations

import difflib
import functools
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from generator import urls as routes
from generator.content.authors import Author, parse_authors
from generator.content.dates import PartialDate
from generator.content.i18n import Locale
from generator.content.reader import (
    LoadedEntry,
    SiteFiles,
    discover,
    read_bibtex,
    read_config,
    read_languages,
    read_profile,
    read_section,
)
from generator.content.schema import (
    SECTION_MODELS,
    Entry,
    NavItem,
    Profile,
    Publication,
    SiteConfig,
    url_scheme,
)
from generator.content.translations import Fallback, Languages, Resolver
from generator.content.yamlio import Document
from generator.errors import ContentError, ErrorCollector, FieldPath, listed, shown
from generator.markdown.renderer import MarkdownProblem, MarkdownRenderer

if TYPE_CHECKING:
    from generator.content.cache import BuildCache, SafeEntries

log = logging.getLogger(__name__)

KNOWN_ORDER = list(SECTION_MODELS)
# Pages that are not sections but may stand in the menu: nav name -> (label's string key, URL).
SPECIAL_PAGES = {"cv": ("cv", routes.CV), "tags": ("tags", routes.TAGS)}


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
        name: what Jinja's `groupby('section')` gives (names are lower-case, so its
        case-blind sort is this one), without its lookups per item, a sixth of the time of a
        big tag page."""
        groups: dict[str, list[Item]] = {}
        for item in self.items:
            groups.setdefault(item.section, []).append(item)
        return sorted(groups.items())


_MISSING: Any = object()


def _field(data: Entry, name: str, default: Any = _MISSING) -> Any:
    """`getattr(data, name[, default])`, without pydantic's slow way to a missing name.

    Entries are frozen, with no extra or private fields: a name that is neither a field
    (in the instance's __dict__) nor on the class is missing.
    """
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
    """One entry of a section, with what templates need beyond its fields.

    Fields of the entry are read through it (`item.title`, `item.start`), so a template
    sees one object per entry.
    """

    section: str
    data: Entry
    source: str
    line: int
    slug: str
    anchor: str
    url: str | None
    tags: list[Tag] = field(default_factory=list)
    authors: list[Author] = field(default_factory=list)
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
        return self.data.display_title

    @property
    def key(self) -> str:
        """The entry among the sources of pages (`Page.sources`): its file, or in a file of
        many entries, the file and the entry's slug (`content/talks.yaml#keynote`), so that
        editing one entry there does not make the pages of the others stale."""
        if self.origin is not None and self.origin.many:
            return f"{self.source}#{self.slug}"
        return self.source

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
        return data.end or data.date or data.start

    @property
    def year(self) -> int | None:
        if isinstance(self.data, Publication) and self.data.year is not None:
            return self.data.year
        date = self.sort_date
        return None if date is None or date.present else date.year


@dataclass(eq=False)
class Section:
    name: str
    title: str
    kind: str  # a known section name, or "generic"
    items: list[Item]
    sources: list[str]
    root: str = "/"  # where the pages of its language are (routes.language_root)

    @property
    def url(self) -> str:
        return routes.section(self.name, self.root)


@dataclass(frozen=True)
class NavLink:
    label: str
    url: str
    external: bool = False
    section: str | None = None


@dataclass(eq=False)
class Resume:
    """The résumé in one language. `config.language` is that language (see `languages`)."""

    config: SiteConfig
    profile: Profile
    sections: list[Section]
    tags: list[Tag]
    nav: list[NavLink]
    assets: list[str]  # paths inside content/, as they appear in the site
    markdown: MarkdownRenderer
    locale: Locale
    languages: Languages
    fallbacks: list[Fallback] = field(default_factory=list)  # translations this one lacks

    @property
    def language(self) -> str:
        return self.config.language

    @property
    def root(self) -> str:
        """Where this language's pages are: `/`, or `/de/` for a language other than the default."""
        return routes.language_root(self.language, self.languages.default)

    def section(self, name: str) -> Section | None:
        return next((s for s in self.sections if s.name == name), None)

    @functools.cached_property
    def nav_urls(self) -> frozenset[str]:
        """The URLs the menu links to (a page among them is the menu's current one)."""
        return frozenset(link.url for link in self.nav)

    @property
    def items(self) -> Iterable[Item]:
        for section in self.sections:
            yield from section.items


# --- building --------------------------------------------------------------------------------


def section_title(name: str, locale: Locale) -> str:
    """A known section's title in the site's language; another's made from its name."""
    if name in SECTION_MODELS:
        return locale.t(name)
    return name.replace("-", " ").replace("_", " ").capitalize()


def _owner_names(config: SiteConfig, profile: Profile) -> list[str]:
    if config.highlight_author is None:
        return [profile.name]
    return [config.highlight_author.name, *config.highlight_author.aliases]


def _order(entries: list[LoadedEntry]) -> list[LoadedEntry]:
    """YAML lists keep the author's order; Markdown files go newest first. Weight wins."""
    listed = [e for e in entries if e.index is not None]
    files = [e for e in entries if e.index is None]

    def recency(e: LoadedEntry) -> tuple:
        date = e.data.end or e.data.date or e.data.start
        if isinstance(e.data, Publication):
            date = e.data.published
        key = (date.year, date.month, date.day) if date else (0, 0, 0)
        return (-key[0], -key[1], -key[2], e.stem or "")

    files.sort(key=recency)
    return sorted(listed + files, key=lambda e: e.data.weight)


def _unique(slug: str, taken: set[str]) -> str:
    candidate, number = slug, 2
    while candidate in taken:
        candidate, number = f"{slug}-{number}", number + 1
    taken.add(candidate)
    return candidate


def _make_items(
    name: str,
    entries: list[LoadedEntry],
    owners: list[str],
    errors: ErrorCollector,
    root: str = "/",
    inherited: dict[EntryPlace, str] | None = None,
) -> list[Item]:
    """The section's items, under the language root `root`.

    `inherited`: the URL names the default language gave its entries, by place. The same
    entry keeps its URL name in every language (unless it chose one), so that a translated
    title does not move its page and the language switcher finds it.
    """
    items: list[Item] = []
    explicit: dict[str, LoadedEntry] = {}
    taken: set[str] = set()
    for entry in entries:
        chosen = _chosen_slug(entry.data)
        if chosen:
            if chosen in explicit:
                field_name, message = _duplicate(entry.data, explicit[chosen], chosen)
                errors.extend([entry.error((field_name,), message)])
                continue
            explicit[chosen] = entry
    taken.update(explicit)
    kept = _kept_slugs(entries, root, inherited, taken) if inherited else {}
    for entry in entries:
        data = entry.data
        slug = (
            _chosen_slug(data)
            or kept.get(id(entry))
            or _unique(routes.slugify(entry.stem or data.display_title), taken)
        )
        # Every paper has a page (for its citation); other entries only with a body.
        has_page = data.body or isinstance(data, Publication)
        url = routes.entry(name, slug, root) if has_page else None
        authors = parse_authors(data.authors, owners) if isinstance(data, Publication) else []
        items.append(
            Item(
                name,
                data,
                entry.source,
                entry.line,
                slug,
                slug,
                url,
                authors=authors,
                origin=entry,
                root=root,
            )
        )
    return items


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
    """The URL names of a résumé's entries, by place (see _make_items)."""
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


@functools.lru_cache(maxsize=65536)  # pure; a rebuild asks again for every entry's tags
def _tag_pairs(tags: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The tags as (slug, name), in the order written, without repeated slugs."""
    slugs: dict[str, str] = {}
    for name in tags:
        name = " ".join(name.split())
        slug = routes.slugify(name, fallback="")
        if slug:
            slugs.setdefault(slug, name)
    return tuple(slugs.items())


def _most_written(counts: dict[str, int]) -> str:
    return max(counts.items(), key=lambda pair: pair[1])[0]


def _collect_tags(items: list[Item], root: str = "/") -> list[Tag]:
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
        slug: Tag(slug, _most_written(spellings[slug]), routes.tag(slug, root), members[slug])
        for slug in sorted(members)
    }
    for item, pairs in per_item:
        item.tags = [tags[slug] for slug, _ in pairs]
    return sorted(tags.values(), key=lambda t: (-t.count, t.name.casefold()))


@dataclass
class MarkdownCheck:
    """The Markdown of one language's entries and profile, to render and check (see
    check_markdown). A big first build renders it over the cores (MarkdownRenderer.prepare)."""

    renderer: MarkdownRenderer
    errors: ErrorCollector
    checked: set[tuple[str, bool]]
    profile: Profile
    profile_doc: Document
    entries: list[LoadedEntry] = field(default_factory=list)

    def run(self, cache: BuildCache | None) -> None:
        renderer = self.renderer
        fields = [_markdown_fields(entry.data) for entry in self.entries]
        if cache is not None and cache.jobs > 1:
            texts = [(self.profile.summary or "", False)]
            for found in fields:
                texts += [(text, inline) for _, text, inline in found]
            renderer.prepare(texts, cache.jobs)
        safe = cache.safe if cache is not None else None
        for entry, found in zip(self.entries, fields, strict=True):
            check_markdown(entry, renderer, self.errors, self.checked, safe, found)
        if self.profile.summary:
            try:
                renderer.block(self.profile.summary)
            except MarkdownProblem as exc:
                self.errors.extend([self.profile_doc.error(("summary",), str(exc))])


def _markdown_fields(data: Entry) -> list[tuple[FieldPath, str, bool]]:
    """Every Markdown text of an entry: (field path, text, inline?).

    Titles count: themes show them through the `inline` filter, so a link in a title is
    checked here like one in a summary, and its error placed on its line.
    """
    title_path = ("title",) if data.title else (data.title_field,)
    texts: list[tuple[FieldPath, str | None, bool]] = [
        (title_path, data.display_title, True),
        (("summary",), data.summary, False),
        (("body",), data.body, False),
        *((("highlights", i), h, True) for i, h in enumerate(data.highlights)),
    ]
    if isinstance(data, Publication):
        texts.append((("abstract",), data.abstract, False))
    fields = vars(data)  # not getattr: pydantic's fallback for a missing field is slow
    thesis = fields.get("thesis")
    if thesis is not None:
        texts.append((("thesis", "title"), thesis.title, True))
        texts.append((("thesis", "summary"), thesis.summary, False))
        texts += [(("thesis", "highlights", i), h, True) for i, h in enumerate(thesis.highlights)]
    for i, skill in enumerate(fields.get("items") or []):
        texts.append((("items", i, "name"), skill.name, True))
    return [(path, text, inline) for path, text, inline in texts if text]


def check_markdown(
    origin: LoadedEntry,
    renderer: MarkdownRenderer,
    errors: ErrorCollector,
    checked: set[tuple[str, bool]],
    safe: SafeEntries | None = None,
    fields: list[tuple[FieldPath, str, bool]] | None = None,
):
    """Render each Markdown text once now: unsafe links, and whatever else the renderer
    refuses, surface as located errors.

    `checked` holds texts found safe, shared by the languages of a site: a text that is the
    same in every language is rendered once. `safe`, kept by a builder, holds entries whose
    texts were all found safe in an earlier build: a rebuild looks only at edited ones.
    `fields`: the entry's `_markdown_fields`, when the caller has them.
    """
    data = origin.data
    if safe is not None and safe.known(renderer.options_key, data):
        return
    clean = True
    for path, text, inline in fields if fields is not None else _markdown_fields(data):
        if (text, inline) in checked:
            continue
        try:
            renderer.inline(text) if inline else renderer.block(text)
            checked.add((text, inline))
        except MarkdownProblem as exc:
            error = origin.error(path, str(exc))
            if path == ("body",) and origin.body_line:
                error = _at_text(error, text, exc.found)
            errors.extend([error])
            clean = False
    if safe is not None and clean:
        safe.add(renderer.options_key, data)


def _at_text(error: ContentError, body: str, found: str) -> ContentError:
    """The error moved to where `found` is in a Markdown body, which is the file's text as is."""
    index = body.find(found)
    if index < 0:
        return error
    line_start = body.rfind("\n", 0, index) + 1
    return replace(
        error, line=error.line + body.count("\n", 0, index), column=index - line_start + 1
    )


def _missing_files(refs: dict[str, str | None], assets: set[str]) -> dict[str, str]:
    """File fields (avatar, pdf, slides) whose relative path names no file in content/."""
    missing = {}
    for name, value in refs.items():
        if not value or url_scheme(value) is not None or value.startswith(("#", "//")):
            continue
        path = value.split("#")[0].split("?")[0].lstrip("/")
        if path and path not in assets:
            missing[name] = (
                f"{shown(value)} is not a file in content/ (expected a path such as "
                "files/paper.pdf, relative to content/)"
            )
    return missing


def _file_refs(data: Entry) -> dict[str, str | None]:
    if isinstance(data, Publication):
        return {"pdf": data.pdf, "slides": data.slides}
    return {}


def _nav(
    config: SiteConfig,
    sections: list[Section],
    errors: ErrorCollector,
    config_doc: Document,
    locale: Locale,
    root: str = "/",
) -> list[NavLink]:
    by_name = {s.name: s for s in sections}
    if config.nav is None:
        return [NavLink(s.title, s.url, section=s.name) for s in sections]
    links = []
    for index, item in enumerate(config.nav):
        if item.url is not None:
            links.append(NavLink(item.label or item.url, item.url, external=True))
        elif item.section in by_name:
            section = by_name[item.section]
            links.append(NavLink(section.title, section.url, section=section.name))
        elif item.section in SPECIAL_PAGES:
            key, url = SPECIAL_PAGES[item.section]
            label = item.label or locale.t(key)
            links.append(NavLink(label, routes.localized(root, url), section=item.section))
        else:
            errors.extend([config_doc.error(("nav", index, "section"), _no_section(item, by_name))])
    return links


def _no_section(item: NavItem, sections: dict[str, Section]) -> str:
    message = f"no section named {shown(item.section)} in content/"
    close = difflib.get_close_matches(item.section or "", [*sections, *SPECIAL_PAGES], n=1)
    if close:
        return f"{message} (did you mean {shown(close[0])}?)"
    found = listed(sections) or "none"
    return f"{message} (sections: {found}; pages: {', '.join(SPECIAL_PAGES)})"


def build_model(
    config: SiteConfig,
    profile: Profile,
    loaded: dict[str, list[LoadedEntry]],
    assets: list[str],
    errors: ErrorCollector,
    *,
    include_drafts: bool = False,
    config_doc: Document | None = None,
    profile_doc: Document | None = None,
    languages: Languages | None = None,
    fallbacks: list[Fallback] | None = None,
    checked: set[tuple[str, bool]] | None = None,
    cache: BuildCache | None = None,
    slugs: dict[EntryPlace, str] | None = None,
    later: list[MarkdownCheck] | None = None,
) -> Resume:
    """Assemble the résumé in `config.language`. Problems go to `errors`; the caller stops if
    there are any. `languages` are the site's (by default, just that one); `checked`, Markdown
    texts already found safe (see check_markdown); `slugs`, the default language's URL names
    of entries, which their translations keep (see _make_items). With `later`, its Markdown
    is rendered and checked when the caller runs what this adds to it (see `load`)."""
    checked = set() if checked is None else checked
    languages = languages or Languages(config.language, (config.language,))
    root = routes.language_root(config.language, languages.default)
    locale = Locale(config.language, config.strings.model_dump(exclude_none=True))
    if locale.untranslated:
        log.warning(
            "cvsite has no labels in '%s': %d of them are shown in English unless site.yaml "
            "gives them under `strings:` (see docs/languages.md)",
            config.language,
            len(locale.untranslated),
        )
    renderer = MarkdownRenderer(
        unsafe_html=config.markdown.unsafe_html,
        smart_quotes=config.markdown.smart_quotes,
        store=cache.markdown if cache is not None else None,
    )
    owners = _owner_names(config, profile)
    labels = {n.section: n.label for n in config.nav or [] if n.section and n.label}
    nav_order = [n.section for n in config.nav or [] if n.section]
    names = sorted(
        loaded,
        key=lambda n: (
            nav_order.index(n) if n in nav_order else len(nav_order),
            KNOWN_ORDER.index(n) if n in KNOWN_ORDER else len(KNOWN_ORDER),
            n,
        ),
    )
    asset_set = set(assets)
    profile_doc = profile_doc or Document("content/profile.yaml", None)
    markdown = MarkdownCheck(renderer, errors, checked, profile, profile_doc)
    sections = []
    for name in names:
        entries = [e for e in loaded[name] if include_drafts or not e.data.draft]
        items = _make_items(name, _order(entries), owners, errors, root, slugs)
        markdown.entries += entries
        for entry in entries:
            for field_name, message in _missing_files(_file_refs(entry.data), asset_set).items():
                errors.extend([entry.error((field_name,), message)])
        sources = sorted({e.source for e in loaded[name]})
        kind = name if name in SECTION_MODELS else "generic"
        title = labels.get(name) or section_title(name, locale)
        sections.append(Section(name, title, kind, items, sources, root))
    for field_name, message in _missing_files({"avatar": profile.avatar}, asset_set).items():
        errors.extend([profile_doc.error((field_name,), message)])
    if later is None:
        markdown.run(cache)
    else:
        later.append(markdown)
    tags = _collect_tags([item for s in sections for item in s.items], root)
    nav = _nav(config, sections, errors, config_doc or Document("site.yaml", None), locale, root)
    return Resume(
        config,
        profile,
        sections,
        tags,
        nav,
        sorted(assets),
        renderer,
        locale,
        languages,
        fallbacks or [],
    )


# --- loading ---------------------------------------------------------------------------------


@dataclass
class Loaded:
    """A site read from disk: its files and its model, in each of its languages."""

    files: SiteFiles
    resume: Resume  # in the default language
    translations: dict[str, Resume] = field(default_factory=dict)  # the others, in site order
    markdown: Callable[[], None] | None = None  # with `load(markdown_later=True)`: see there
    # site.yaml as read, to place what is found wrong in it later (the theme and its options)
    config_doc: Document | None = None

    @property
    def resumes(self) -> dict[str, Resume]:
        """Every language's résumé, the default language's first."""
        return {self.resume.language: self.resume, **self.translations}

    def check_markdown(self) -> None:
        """Render and check the Markdown `load` left for later. Raises ContentErrors."""
        pending, self.markdown = self.markdown, None
        if pending is not None:
            pending()


def load(
    root: Path,
    *,
    include_drafts: bool = False,
    base_url: str | None = None,
    cache: BuildCache | None = None,
    files: SiteFiles | None = None,
    markdown_later: bool = False,
) -> Loaded:
    """Read, validate and model a site. Raises ContentErrors with every problem found.

    A multilingual site is read once per language, each file as that language reads it (see
    translations.py); a file is parsed only once. `cache` carries what earlier builds in this
    process read and rendered (see cache.py); `files` is an earlier discovery, when no file
    was added or removed since.

    `markdown_later`: the Markdown of a site without other errors is rendered and checked
    only when the caller says so (`Loaded.check_markdown`), which it must before it renders a
    page: a build plans its pages meanwhile, while another process renders bodies (see
    precompile.py), rather than leave that process nothing to do while it plans.
    """
    errors = ErrorCollector()
    parsed: dict[Path, Any] = {}
    languages = read_languages(SiteFiles(root, root / "site.yaml", root / "content"), parsed)
    files = files or discover(root, errors, languages.others)
    resumes: dict[str, Resume] = {}
    checked: set[tuple[str, bool]] = set()
    later: list[MarkdownCheck] = []
    for code in languages.all:
        resolver = Resolver(languages, code, cache=parsed)
        options = _LoadOptions(include_drafts, base_url, cache, checked, later)
        default = resumes.get(languages.default)
        resume = _load_language(files, resolver, errors, options, default)
        if resume is not None:
            resumes[code] = resume

    def check_markdown() -> None:
        for markdown in later:
            markdown.run(cache)
        if cache is not None:
            cache.safe.done()
        errors.raise_if_any()

    if errors or not markdown_later:  # every problem at once
        check_markdown()
    default, *others = resumes.values()
    loaded = Loaded(
        files, default, {r.language: r for r in others}, config_doc=parsed.get(files.config)
    )
    if markdown_later:
        loaded.markdown = check_markdown
    return loaded


@dataclass(frozen=True)
class _LoadOptions:
    include_drafts: bool
    base_url: str | None
    cache: BuildCache | None
    checked: set[tuple[str, bool]]  # Markdown found safe, in any language
    later: list[MarkdownCheck]  # each language's Markdown, to render and check


def _load_language(
    files: SiteFiles,
    resolver: Resolver,
    errors: ErrorCollector,
    options: _LoadOptions,
    default: Resume | None,
) -> Resume | None:
    """The site in one language; None when it cannot be modelled (errors say why).

    `default` is the site in its default language, when this is another one: its entries'
    URL names are kept for the same entries here.
    """
    config, config_doc = read_config(files, errors, resolver)
    if config is not None and options.base_url is not None:
        config = override_base_url(config, options.base_url, errors)
    if config is not None:  # what this language's pages are in (site.yaml names the default)
        config = config.model_copy(update={"language": resolver.language})
    files = files.for_language(resolver.language)
    profile, profile_doc = read_profile(files, errors, resolver)
    reads = options.cache.reads if options.cache is not None else None
    loaded = {
        name: read_section(files, name, errors, resolver, reads)
        for name in sorted(files.section_files)
    }
    if files.bibtex:
        loaded.setdefault("publications", []).extend(read_bibtex(files, errors, reads))
    if config is None or profile is None:
        return None
    assets = [files.display(p).removeprefix("content/") for p in files.assets]
    return build_model(
        config,
        profile,
        loaded,
        assets,
        errors,
        include_drafts=options.include_drafts,
        config_doc=config_doc,
        profile_doc=profile_doc,
        languages=resolver.languages,
        fallbacks=resolver.fallbacks,
        checked=options.checked,
        cache=options.cache,
        slugs=entry_slugs(default) if default is not None else None,
        later=options.later,
    )


def override_base_url(config: SiteConfig, base_url: str, errors: ErrorCollector) -> SiteConfig:
    try:
        return SiteConfig.model_validate(
            {**config.model_dump(exclude_unset=True), "base_url": base_url}
        )
    except ValidationError as exc:
        errors.add("--base-url", 0, 0, "", exc.errors(include_url=False)[0]["msg"])
        return config
