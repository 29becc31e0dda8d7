"""Plan the pages of a site (each with the sources it depends on) and render them. No I/O.

Every page kind has a template, looked up most specific first: an entry of the projects
section tries `entry/projects.html`, then `entry/generic.html`. The context each template
gets is documented in docs/themes.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from generator import jsonld, routes
from generator.authors import shorten as shorten_authors
from generator.bibtex import citation_key, to_bibtex
from generator.errors import BuildError
from generator.i18n import Locale
from generator.icons import icon, link_icon
from generator.markup import resolve_root
from generator.model import Item, Resume, Section, Tag
from generator.schema import Publication, url_scheme
from generator.scholar import citation_tags
from generator.theme import Theme, make_environment, template_error

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

    @property
    def output(self) -> str:
        return routes.output_path(self.url).as_posix()


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


def plan(resume: Resume) -> list[Page]:
    """Every page of the site, in a fixed order."""
    profile_name = resume.profile.name
    everything = frozenset({ALL_SOURCES})
    pages = [
        Page(
            routes.HOME,
            "home",
            ("home.html",),
            profile_name,
            everything,
            {"person_json_ld": jsonld.person(resume)},
            description=resume.config.description or resume.profile.headline,
        ),
    ]
    for section in resume.sections:
        pages.append(_section_page(section))
        pages.extend(_entry_page(section, item) for item in section.items if item.has_page)
    # The tags index is written even when empty: every page links to it.
    pages.append(
        Page(routes.TAGS, "tags", ("tags.html",), "Tags", everything, {"tags": resume.tags})
    )
    pages.extend(_tag_page(tag) for tag in resume.tags)
    pages.append(Page(routes.CV, "cv", ("cv.html",), f"{profile_name} — CV", everything))
    pages.append(Page(routes.NOT_FOUND, "404", ("404.html",), "Page not found", everything))
    return pages


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
    )


def _entry_page(section: Section, item: Item) -> Page:
    return Page(
        item.url,
        "entry",
        (f"entry/{section.kind}.html", "entry/generic.html"),
        item.title,
        frozenset({item.source}),
        {"section": section, "item": item},
        description=_plain(item.data.summary or item.get("abstract")),
    )


def _tag_page(tag: Tag) -> Page:
    return Page(
        tag.url,
        "tag",
        ("tag.html",),
        tag.name,
        frozenset(i.source for i in tag.items),
        {"tag": tag},
    )


def _plain(text: str | None) -> str | None:
    if not text:
        return None
    flat = " ".join(text.split())
    return flat if len(flat) <= 200 else flat[:197].rsplit(" ", 1)[0] + "…"


# --- rendering -------------------------------------------------------------------------------


def json_ld(value: Any) -> Markup:
    """JSON for a <script> element: `<`, `>` and `&` escaped so text cannot close the element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, indent=None)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


class Renderer:
    """Renders pages of one site with one theme. Holds the compiled templates between calls."""

    def __init__(self, resume: Resume, theme: Theme, site_root: Path):
        self.resume = resume
        self.theme = theme
        self.site_root = site_root
        self.locale = Locale(resume.config.language)
        self.env = make_environment(theme, self._filters(), self._globals())

    def _filters(self) -> dict[str, Callable]:
        markdown = self.resume.markdown
        locale = self.locale
        return {
            "markdown": markdown.block,
            "inline": markdown.inline,
            "date": locale.date,
            "json_ld": json_ld,
            "bibtex": self._bibtex,
            "absolute": lambda url: routes.absolute(self.resume.config.base_url, url),
        }

    def _globals(self) -> dict[str, Any]:
        resume = self.resume
        return {
            "site": resume,
            "config": resume.config,
            "profile": resume.profile,
            "options": self.theme.options,
            "t": self.locale.t,
            "date_range": self._date_range,
            "icon": icon,
            "link_icon": link_icon,
            "url": _url,
            "file_url": _file_url,
            "publication_groups": publication_groups,
            "cite_key": self._cite_key,
            "shorten_authors": shorten_authors,
            "citation_meta": lambda item: citation_tags(item, resume.config.base_url),
            "article_json_ld": lambda item: jsonld.scholarly_article(resume, item),
        }

    def _date_range(self, item: Item | Any) -> str:
        data = item.data if isinstance(item, Item) else item
        if isinstance(data, Publication):
            return self.locale.date(data.published)
        if data.date is not None:
            return self.locale.date(data.date)
        return self.locale.date_range(data.start, data.end)

    @staticmethod
    def _cite_key(item: Item) -> str:
        return citation_key(item.data, item.slug)

    def _bibtex(self, item: Item) -> str:
        return to_bibtex(item.data, self._cite_key(item))

    def render(self, page: Page) -> bytes:
        try:
            template = self.env.select_template(page.templates)
            html = template.render(page=page, **page.data)
        except (jinja2.TemplateError, TypeError, AttributeError, ValueError, KeyError) as exc:
            raise template_error(exc, self.site_root) from None
        except BuildError:
            raise
        return resolve_root(html, self._root_prefix(page)).encode("utf-8")

    def _root_prefix(self, page: Page) -> str:
        """The way from `page` to the site root, for links written in Markdown."""
        if page.kind == "404":
            return routes.base_path(self.resume.config.base_url)
        way_up = routes.href(page.url, "/")
        return "" if way_up == "./" else way_up


@jinja2.pass_context
def _url(context: jinja2.runtime.Context, target: Any) -> str:
    """A link from the page being rendered to `target`: a site URL, an Item, Section or Tag."""
    if isinstance(target, Item):
        target = target.location
    elif not isinstance(target, str):
        target = target.url
    if url_scheme(target) is not None or target.startswith("//"):
        return target
    page: Page = context["page"]
    if page.kind == "404":
        return routes.rooted(context["config"].base_url, target)
    return routes.href(page.url, target)


@jinja2.pass_context
def _file_url(context: jinja2.runtime.Context, path: str) -> str:
    """A link to a file the user gave: an absolute URL as is, a content/ path made relative."""
    if url_scheme(path) is not None or path.startswith("//"):
        return path
    return _url(context, "/" + path.lstrip("/"))
