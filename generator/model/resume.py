"""Validated records -> the résumé model: ordered sections of entries, tags, navigation;
and loading a site in each of its languages."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from generator import urls as routes
from generator.content.discover import SiteInputs, discover
from generator.content.i18n import Locale
from generator.content.reader import (
    LoadedEntry,
    read_bibtex,
    read_config,
    read_languages,
    read_pages,
    read_people,
    read_profile,
    read_section,
)
from generator.content.schema import (
    NEWS_SECTIONS,
    SECTION_MODELS,
    BaseUrl,
    Person,
    Profile,
    SiteConfig,
)
from generator.content.translations import Resolver
from generator.content.yamlio import Document
from generator.errors import ErrorCollector
from generator.markdown.math import tex_math_for_markdown
from generator.markdown.renderer import MarkdownRenderer

if TYPE_CHECKING:
    from generator.content.cache import BuildCache
from generator.content.authors import Coauthor
from generator.model.checks import MarkdownCheck, checked_files, missing_files
from generator.model.entries import Item, Tag, collect_tags
from generator.model.items import (
    EntryPlace,
    coauthors,
    entry_slugs,
    make_items,
    order_entries,
    owner_names,
    without_volumes,
)
from generator.model.nav import check_section_lists, make_nav, warn_unreached
from generator.model.structure import Resume, Section, make_pages, section_title
from generator.model.variants import check_variant_sections, warn_unknown_tags

__all__ = [  # what other packages import from here: the model, and how to load it
    "Item",
    "Loaded",
    "Resume",
    "Section",
    "Tag",
    "load",
]

log = logging.getLogger(__name__)

_BASE_URL = TypeAdapter(BaseUrl)  # `--base-url` and the preview's address, checked alone
KNOWN_ORDER = list(SECTION_MODELS)


@dataclass(frozen=True)
class _Read:
    """One language's files, read and validated."""

    config: SiteConfig
    config_doc: Document
    profile: Profile
    profile_doc: Document
    loaded: dict[str, list[LoadedEntry]]  # each section's entries
    assets: list[str]
    pages: list[LoadedEntry]  # the free pages
    people: list[Person]


def build_model(
    read: _Read,
    errors: ErrorCollector,
    resolver: Resolver,
    options: _LoadOptions,
    slugs: dict[EntryPlace, str] | None,
) -> Resume:
    """Assemble the résumé in `read.config.language`; problems go to `errors`. `slugs`: the
    default language's URL names of entries, which translations keep (see make_items). The
    Markdown is checked when `load` runs what this adds to `options.later`."""
    config, profile, pages, loaded = read.config, read.profile, read.pages, read.loaded
    languages = resolver.languages
    root = routes.language_root(config.language, languages.default)
    locale = _locale(config)
    renderer = MarkdownRenderer(
        unsafe_html=config.markdown.unsafe_html,
        smart_quotes=config.markdown.smart_quotes,
        macros=tuple(sorted(config.math.macros.items())),
        store=options.cache.markdown if options.cache is not None else None,
    )
    markdown = MarkdownCheck(renderer, errors, options.checked, profile, read.profile_doc)
    owners = owner_names(config, profile)
    if "publications" in loaded:
        loaded = {**loaded, "publications": without_volumes(loaded["publications"], owners)}
    assets = set(read.assets)
    making = _Making(config, locale, root, owners, assets, slugs, coauthors(read.people))
    with_drafts = options.include_drafts
    sections = [
        _section(name, loaded, making, with_drafts, errors, markdown)
        for name in _section_order(loaded, config)
    ]
    free = make_pages(pages, {s.name for s in sections}, errors, root, with_drafts)
    shown = {page.name for page in free}  # drafts left out, as entries' are
    markdown.pages += [p for p in pages if p.stem in shown]
    for field_name, message in missing_files({"avatar": profile.avatar}, assets).items():
        errors.extend([read.profile_doc.error((field_name,), message)])
    if config.language == languages.default:  # site.yaml's, said once
        for message in missing_files({"favicon": config.favicon}, assets).values():
            errors.extend([read.config_doc.error(("favicon",), message)])
    options.later.append(markdown)
    tags = collect_tags([item for s in sections for item in s.items], root)
    nav = make_nav(config, sections, errors, read.config_doc, locale, root, free)
    # Said once, and only of a menu without errors: a nav item in error already names what
    # it misses, and the warning would name the same section again.
    if config.nav is not None and config.language == languages.default and not errors:
        texts = [p.body or "" for p in free] + [profile.summary or ""]
        texts += [i.data.body or "" for s in sections for i in s.items]
        drafts = {name for name, entries in loaded.items() if entries and _all_drafts(entries)}
        drafts |= {page.stem for page in pages if page.data.draft and page.stem}
        warn_unreached(nav, sections, free, texts, drafts)
    check_section_lists(config, sections, errors, read.config_doc)
    check_variant_sections(config, sections, errors, read.config_doc)
    return Resume(
        config,
        profile,
        sections,
        tags,
        nav,
        sorted(read.assets),
        renderer,
        locale,
        languages,
        resolver.fallbacks,
        free,
        read.profile_doc,
    )


def _locale(config: SiteConfig) -> Locale:
    """The labels and dates of `config.language`, with a warning for labels cvsite lacks."""
    locale = Locale(config.language, config.strings.model_dump(exclude_none=True))
    if locale.untranslated:
        log.warning(
            "cvsite has no labels in '%s': %d of them are shown in English unless site.yaml "
            "gives them under `strings:` (see docs/languages.md)",
            config.language,
            len(locale.untranslated),
        )
    return locale


def _all_drafts(entries: list[LoadedEntry]) -> bool:
    return all(entry.data.draft for entry in entries)


def _section_order(loaded: dict[str, list[LoadedEntry]], config: SiteConfig) -> list[str]:
    """Sections in the menu's order, then in cvsite's usual order, then by name."""
    nav_order = [n.section for n in config.nav or [] if n.section]
    return sorted(
        loaded,
        key=lambda n: (
            nav_order.index(n) if n in nav_order else len(nav_order),
            KNOWN_ORDER.index(n) if n in KNOWN_ORDER else len(KNOWN_ORDER),
            n,
        ),
    )


@dataclass(frozen=True)
class _Making:
    """What every section of one language is made with."""

    config: SiteConfig
    locale: Locale
    root: str
    owners: list[str]  # the names that are the site's owner, among authors
    assets: set[str]
    slugs: dict[EntryPlace, str] | None  # the default language's URL names, kept here
    people: tuple[Coauthor, ...] = ()  # co-authors that author lists link to


def _section(
    name: str,
    loaded: dict[str, list[LoadedEntry]],
    making: _Making,
    include_drafts: bool,
    errors: ErrorCollector,
    markdown: MarkdownCheck,
) -> Section:
    entries = [
        checked_files(e, making.assets, errors)
        for e in loaded[name]
        if include_drafts or not e.data.draft
    ]
    kind = "news" if name in NEWS_SECTIONS else name if name in SECTION_MODELS else "generic"
    ordered = order_entries(entries, newest_first=kind == "news")
    items = make_items(
        name, ordered, making.owners, errors, making.root, making.slugs, making.people
    )
    markdown.entries += entries
    sources = sorted({e.source for e in loaded[name]})
    labels = {n.section: n.label for n in making.config.nav or [] if n.section and n.label}
    title = labels.get(name) or section_title(name, making.locale)
    return Section(name, title, kind, items, sources, making.root)


# --- loading ---------------------------------------------------------------------------------


@dataclass
class Loaded:
    """A site read from disk: its files and its model, in each of its languages."""

    files: SiteInputs
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
    markdown_later: bool = False,
) -> Loaded:
    """Read, validate and model a site. Raises ContentErrors with every problem found.

    Each language reads each file as translations.py says; a file is parsed once. `cache`
    carries what earlier builds in this process read and rendered. `markdown_later`: the
    Markdown of a site without other errors is checked only when the caller calls
    `Loaded.check_markdown`, which it must before rendering a page.
    """
    errors = ErrorCollector()
    parsed: dict[Path, Any] = {}
    languages = read_languages(SiteInputs(root, root / "site.yaml", root / "content"), parsed)
    files = discover(root, errors, languages.others)
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
    warn_unknown_tags(loaded.resumes.values(), loaded.config_doc)
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
    files: SiteInputs,
    resolver: Resolver,
    errors: ErrorCollector,
    options: _LoadOptions,
    default: Resume | None,
) -> Resume | None:
    """The site in one language; None when it cannot be modelled (errors say why).
    `default`, the site in its default language, lends its entries' URL names."""
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
        spread = options.cache.spread if options.cache is not None else None
        found = read_bibtex(files, errors, reads, spread)
        loaded.setdefault("publications", []).extend(map(_with_tex_math, found))
    people = read_people(files, errors, resolver)
    pages = read_pages(files, errors, resolver)
    if config is None or profile is None:
        return None
    assets = [files.display(p).removeprefix("content/") for p in files.assets]
    read = _Read(config, config_doc, profile, profile_doc, loaded, assets, pages, people)
    slugs = entry_slugs(default) if default is not None else None
    return build_model(read, errors, resolver, options, slugs)


def override_base_url(config: SiteConfig, base_url: str, errors: ErrorCollector) -> SiteConfig:
    """`config` with `base_url` (checked as site.yaml's would be) in place of its own. Only
    the field is validated: a whole model validated again from a dump would read `pdf: false`
    (stored as None) as `pdf:` with no value, the default."""
    try:
        checked = _BASE_URL.validate_python(base_url)
    except ValidationError as exc:
        errors.add("--base-url", 0, 0, "", exc.errors(include_url=False)[0]["msg"])
        return config
    return config.model_copy(update={"base_url": checked})


# A .bib follows TeX's rule (every unescaped `$` opens or closes math), Markdown pandoc's
# (markdown/math.py), under which `$ \sqrt{s} $` is not math: the titles and abstracts of
# .bib entries are shown as Markdown, so such formulas are given as `\(…\)`.
_FIELDS = ("title", "abstract")


def _with_tex_math(entry: LoadedEntry) -> LoadedEntry:
    """An entry of a .bib file, each text field's formulas as Markdown reads them."""
    fields = vars(entry.data)  # not getattr: pydantic's fallback for a missing field is slow
    update = {}
    for name in _FIELDS:
        text = fields.get(name)
        if text and "$" in text and (markdown := tex_math_for_markdown(text)) != text:
            update[name] = markdown
    return replace(entry, data=entry.data.model_copy(update=update)) if update else entry
