"""The page plan: every page of a site, which templates may draw it (most specific first:
`entry/projects.html`, then `entry/generic.html`), the sources and bodies it shows (so that
a rebuild knows which pages an edit touches), and where it leads in each language."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from generator import urls as routes
from generator.content.i18n import language_name
from generator.content.schema import Variant
from generator.content.translations import Languages
from generator.model import variants
from generator.model.resume import Item, Resume, Section, Tag
from generator.model.structure import FreePage
from generator.render import jsonld

# In `Page.sources` and `Page.bodies`: every source, every entry's body.
ALL_SOURCES = "*"


@dataclass(eq=False)
class Page:
    """One HTML page to render: where it goes, which templates may draw it, what it shows."""

    url: str
    kind: str
    templates: tuple[str, ...]
    title: str
    sources: frozenset[str]
    data: dict[str, Any] = field(default_factory=dict)
    description: str | None = None
    # The entries whose bodies the page may show (declared: a theme may show any it lists).
    bodies: frozenset[str] = frozenset({ALL_SOURCES})
    language: str = ""  # the language of the résumé it shows
    root: str = "/"  # where the pages of that language are (routes.language_root)
    # Where the page leads in each language of a multilingual site (empty in one language).
    languages: tuple[LanguageLink, ...] = ()
    # A CV variant's page (model.variants.tailor), kept out of search engines and the sitemap.
    variant: Variant | None = None

    @property
    def noindex(self) -> bool:
        return self.variant is not None

    @property
    def alternates(self) -> tuple[LanguageLink, ...]:
        """The page in each language that has it (hreflang); none if only one has it (the 404
        page's switcher leads to each home page)."""
        if self.kind == "404":
            return ()
        same = tuple(link for link in self.languages if link.same)
        return same if len(same) > 1 else ()

    @property
    def x_default(self) -> LanguageLink | None:
        """The default language's version, for hreflang="x-default", when it is an alternate."""
        alternates = self.alternates
        first = self.languages[0] if alternates else None
        return first if first is not None and first.same else None


@dataclass(frozen=True)
class YearGroup:
    year: int | None
    items: list[Item]


def publication_groups(items: Iterable[Item]) -> list[YearGroup]:
    """Publications by year, newest first; undated ones last. Order within a year is kept."""
    dated = sorted((i for i in items if i.year is not None), key=lambda i: -i.year)
    groups = [YearGroup(year, list(group)) for year, group in groupby(dated, lambda i: i.year)]
    undated = [i for i in items if i.year is None]
    return groups + ([YearGroup(None, undated)] if undated else [])


# --- planning --------------------------------------------------------------------------------


def plan_pages(resumes: dict[str, Resume]) -> list[Page]:
    """Every page of the site in each of its languages, the default language's first."""
    pages = [page for resume in resumes.values() for page in plan_language(resume)]
    default = next(iter(resumes.values()))
    if not default.languages.many:
        return pages
    urls: dict[str, list[str]] = {}
    for page in pages:
        urls.setdefault(page.language, []).append(page.url)
    versions = LanguageVersions(default.languages, urls)
    for page in pages:
        place = page.root if page.kind == "404" else page.url  # from a dead link: home
        page.languages = versions.links(page.language, place)
    return pages


def plan_language(resume: Resume) -> list[Page]:
    """Every page of the site in the résumé's language, in a fixed order (the 404 page in
    the default language only: a host serves one for every address)."""
    pages = _pages(resume)
    for page in pages:
        page.language = resume.language
        page.root = resume.root
    return pages


def _pages(resume: Resume) -> list[Page]:
    pages = [_home_page(resume)]
    for section in resume.sections:
        pages.append(_section_page(section))
        pages.extend(entry_page(section, item) for item in section.items if item.has_page)
    pages.extend(_free_page(free) for free in resume.pages)
    pages.append(_tags_page(resume))  # written even when empty: every page links to it
    pages.extend(_tag_page(tag) for tag in resume.tags)
    cv_title = f"{resume.profile.name} — {resume.locale.t('cv')}"
    cv = routes.localized(resume.root, routes.CV)
    pages.append(Page(cv, "cv", ("cv.html",), cv_title, _EVERYTHING, {"cv_pdf": routes.cv_pdf()}))
    pages.extend(variant_page(resume, variant) for variant in resume.config.variants)
    if resume.root == routes.HOME:
        not_found = resume.locale.t("not_found_title")
        pages.append(Page(routes.NOT_FOUND, "404", ("404.html",), not_found, _EVERYTHING))
    return pages


_EVERYTHING = frozenset({ALL_SOURCES})


def variant_page(resume: Resume, variant: Variant) -> Page:
    """A CV variant's page, /cv/<name>/: the CV's template, shown the variant's résumé."""
    title = f"{resume.profile.name} — {variants.label(variant, resume.locale.t('cv'))}"
    return Page(
        routes.cv_variant(variant.name, resume.root),
        "cv",
        ("cv.html",),
        title,
        _EVERYTHING,
        {"cv_pdf": routes.cv_pdf(variant.name), "variant": variant},
        variant=variant,
    )


def _home_page(resume: Resume) -> Page:
    return Page(
        resume.root,
        "home",
        ("home.html",),
        resume.profile.name,
        _EVERYTHING,
        {"person_json_ld": jsonld.person(resume)},
        description=resume.config.description or resume.profile.headline,
    )


def _tags_page(resume: Resume) -> Page:
    return Page(
        routes.localized(resume.root, routes.TAGS),
        "tags",
        ("tags.html",),
        resume.locale.t("tags"),
        _EVERYTHING,
        {"tags": resume.tags},
    )


def _section_page(section: Section) -> Page:
    data: dict[str, Any] = {"section": section}
    if section.kind == "publications":
        data["groups"] = publication_groups(section.items)
        data["types"] = sorted({i.data.type for i in section.items})
    return Page(
        section.url,
        "section",
        (f"section/{section.kind}.html", "section/generic.html"),
        section.title,
        frozenset(section.sources),
        data,
        bodies=frozenset(item.key for item in section.items),
    )


def entry_page(section: Section, item: Item) -> Page:
    return Page(
        item.url,
        "entry",
        (f"entry/{section.kind}.html", "entry/generic.html"),
        item.title,
        frozenset({item.key}),
        {"section": section, "item": item},
        description=item.data.summary or item.get("abstract"),  # Markdown (Renderer._shown)
        bodies=frozenset({item.key}),
    )


def _free_page(free: FreePage) -> Page:
    """A free page shows its own file; its body is no entry's (Page.bodies)."""
    return Page(
        free.url,
        "page",
        (f"page/{free.name}.html", "page.html"),
        free.title,
        frozenset({free.source}),
        {"free_page": free},
        description=free.description,
        bodies=frozenset(),
    )


def _tag_page(tag: Tag) -> Page:
    return Page(
        tag.url,
        "tag",
        ("tag.html",),
        tag.name,
        frozenset(i.key for i in tag.items),
        {"tag": tag},
        bodies=frozenset(i.key for i in tag.items),
    )


def meta_description(text: str) -> str | None:
    """A page's description for its meta tags: at most 200 characters, cut between words."""
    if not text:
        return None
    return text if len(text) <= 200 else text[:197].rsplit(" ", 1)[0] + "…"


# --- the same page in each language ----------------------------------------------------------


@dataclass(frozen=True)
class LanguageLink:
    """Where a page leads in one language of the site."""

    code: str  # the language code, as `lang` and `hreflang` take it
    name: str  # the language's name in itself: Deutsch, 中文
    url: str  # the same page in that language, or the closest page above it
    same: bool  # the same page (an hreflang alternate), not a page above it
    current: bool  # the language of the page itself


class LanguageVersions:
    """The pages of every language of a site, and the links between them."""

    def __init__(self, languages: Languages, urls: dict[str, Iterable[str]]):
        """`urls`: the page URLs of each language (every language has its home page)."""
        self.roots = {code: routes.language_root(code, languages.default) for code in languages.all}
        self.names = {code: language_name(code) for code in languages.all}
        self.urls = {code: set(urls.get(code, ())) for code in languages.all}

    def links(self, language: str, url: str) -> tuple[LanguageLink, ...]:
        """Where the page at `url` in `language` leads in each language, the default first."""
        place = routes.neutral(self.roots[language], url)
        return tuple(self._link(code, place, code == language) for code in self.roots)

    def _link(self, code: str, place: str, current: bool) -> LanguageLink:
        root, pages = self.roots[code], self.urls[code]
        target = routes.localized(root, place)
        same = target in pages
        while target not in pages and target != root:
            target = routes.parent(target)
        return LanguageLink(code, self.names[code], target, same, current)
