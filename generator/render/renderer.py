"""The renderer: pages of the plan (render.pages) drawn by the theme's templates, to bytes,
each template given the context docs/themes.md documents (with the `<script>` of the
analytics service site.yaml's `analytics` names, if any)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import jinja2

from generator import urls as routes
from generator.content.authors import shorten as shorten_authors
from generator.content.schema import Analytics, Highlight, SiteConfig
from generator.errors import BuildError
from generator.markdown.renderer import resolve_root
from generator.model.bibtex import citation_key, to_bibtex
from generator.model.resume import Item, Resume
from generator.model.variants import tailor
from generator.render import jsonld
from generator.render.environment import make_environment, template_error
from generator.render.fragments import Fragments
from generator.render.functions import file_url, json_ld, lang_of, not_folded, srcset, url
from generator.render.htmltext import block_text, line_text
from generator.render.icons import icon, link_icon
from generator.render.pages import (  # noqa: F401 - the page plan, as site/ imports it from here
    ALL_SOURCES,
    Page,
    YearGroup,
    entry_page,
    meta_description,
    plan_language,
    plan_pages,
    publication_groups,
)
from generator.render.pictures import Pictures, SocialImage
from generator.render.presenter import Presenter, printed
from generator.render.scholar import citation_tags
from generator.render.theme import Theme

# Reported beside a page's templates for each body it may show: `BODY_OF + key`.
BODY_OF = "body of "

# `spread(function, items, cost=...)` is `[function(x) for x in items]`, computed however the
# caller likes (site.parallel.parallel_map).
Spread = Callable[..., list]


class Job(NamedTuple):
    """Work beside the pages that `render_pages` may hand to another process."""

    cost: float
    make: Callable[[], Any]


class Renderer:
    """Renders pages of one site with one theme, each from the résumé in its language; `use`
    swaps in a newer model of the same site.yaml, keeping the compiled templates."""

    def __init__(
        self,
        resume: Resume,
        theme: Theme,
        site_root: Path,
        *,
        cache_folder: Path | None = None,
        keeps_drawings: bool = False,
    ):
        self.resume = resume
        self.resumes = {resume.language: resume}
        self.theme = theme
        self.site_root = site_root
        self.cache_folder = cache_folder  # where Jinja keeps compiled templates
        self.pictures = Pictures()  # the site's pictures, planned (see use_pictures)
        # Entries drawn, for the next rendering of a page (render/fragments.py): the preview's.
        self.fragments = Fragments() if keeps_drawings else None
        self.env = self._environment()
        self._names: frozenset[str] | None = None  # every template name of the chain

    def _environment(self) -> jinja2.Environment:
        return make_environment(
            self.theme.chain, self._filters(), self._globals(), self.cache_folder, self.fragments
        )

    @property
    def presenter(self) -> Presenter:
        """What entries say in the language being rendered (see render/presenter.py)."""
        return Presenter(self.resume.locale, self.resume.config)

    def use(self, resume: Resume, *translations: Resume) -> None:
        """Render from `resume` and its `translations` from now on (the same site.yaml)."""
        self.resumes = {r.language: r for r in (resume, *translations)}
        self.resume = resume

    def use_pictures(self, pictures: Pictures) -> None:
        """Show the site's pictures as `pictures` plans them from now on."""
        self.pictures = pictures

    def forget_templates(self, names: set[str]) -> None:
        """Templates named `names` changed (in any theme of the chain): compile afresh."""
        if names:
            self.forget_fragments()
            self.env = self._environment()
            self._names = None

    def forget_fragments(self) -> None:
        """What the globals read besides their arguments changed (the profile, the sections,
        the pictures): no drawing of an entry is given again (render/fragments.py)."""
        if self.fragments is not None:
            self.fragments.forget()

    def _filters(self) -> dict[str, Callable]:
        filters = {
            "markdown": lambda text: self.resume.markdown.block(text),
            # A highlight is text, or {text, tags}: a theme may pass it as it is.
            "inline": lambda text: self.resume.markdown.inline(_text(text)),
            # The same line as text alone, for a screen reader's label (a formula as its symbols).
            "text": lambda text: line_text(self.resume.markdown, _text(text), tex=False),
            "date": lambda value: self.resume.locale.date(value),
            "json_ld": json_ld,
            "bibtex": self._bibtex,
            "absolute": lambda target: routes.absolute(self.resume.config.base_url, target),
            # A link as paper shows it (`github.com/ada`): printed pages have no links.
            "printed": lambda target: printed(routes.full_url(self.resume.config.base_url, target)),
        }
        return {name: not_folded(function) for name, function in filters.items()}

    def _globals(self) -> dict[str, Any]:
        # Not the résumé (`site`, `t`...): it is the page's language's, given with each page.
        return {
            "options": self.theme.options,
            # What an entry says, put into words once for pages and the PDF alike.
            "present": lambda item: self.presenter.present(item),
            "date_range": lambda item: self.presenter.dates(item),
            "marks": lambda author: self.presenter.marks(author),
            "legend": lambda items: self.presenter.legend(list(items)),
            "contact": lambda: self.presenter.contact(self.resume.profile),
            "icon": icon,
            "link_icon": link_icon,
            "url": url,
            "file_url": file_url,
            "srcset": srcset,
            "lang_of": lang_of,
            "picture": lambda path, role: self.pictures.picture(path, role),
            "social_image": self._social_image,
            "site_icons": lambda: self.pictures.icons(),
            "publication_groups": publication_groups,
            "cite_key": self._cite_key,
            "shorten_authors": shorten_authors,
            "citation_meta": lambda item: citation_tags(
                item, self.resume.config.base_url, line_text(self.resume.markdown, item.title)
            ),
            "article_json_ld": lambda item: jsonld.scholarly_article(self.resume, item),
        }

    def _language_globals(self) -> dict[str, Any]:
        """What templates see of the résumé in the language being rendered."""
        resume = self.resume
        return {
            "site": resume,
            "config": resume.config,
            "profile": resume.profile,
            "t": resume.locale.t,
            "analytics": analytics_script(resume.config),
        }

    def _context(self, page: Page) -> dict[str, Any]:
        """What the template sees besides `page`: the résumé (as its variant shows it)."""
        context = {**self._language_globals(), **page.data}
        if page.variant is not None:
            context["site"] = tailor(self.resume, page.variant)
        return context

    def work_out_dates(self) -> None:
        """Every entry's dates formatted now, rather than again in each process forked."""
        for resume in self.resumes.values():
            presenter = Presenter(resume.locale, resume.config)
            for item in resume.items:
                presenter.dates(item)

    def _social_image(self, page: Page) -> SocialImage | None:
        """A page's link preview image: its entry's picture, else the avatar."""
        item = page.data.get("item")
        image = item.data.image if isinstance(item, Item) else None
        return self.pictures.social(image, self.resume.profile.avatar)

    @staticmethod
    def _cite_key(item: Item) -> str:
        return citation_key(item.data, item.slug)

    def _bibtex(self, item: Item) -> str:
        return to_bibtex(item.data, self._cite_key(item))

    def render_pages(
        self,
        pages: list[Page],
        spread: Spread,
        *,
        also: Sequence[Job] = (),
        then: Callable[[Page, bytes], Any] | None = None,
    ) -> list[Any]:
        """`render_page` of each page, then the result of each of `also`, computed by `spread`;
        with `then`, a page's bytes are `then(page, bytes)`, in the process that rendered it."""
        units: list[Page | Job] = [*pages, *also]
        if self.fragments is not None:
            self.fragments.next_build()
        return spread(functools.partial(self._render_unit, then=then), units, cost=self._unit_cost)

    def _unit_cost(self, unit: Page | Job) -> float:
        """About how long a page takes to render, counted in entry pages."""
        if isinstance(unit, Job):
            return unit.cost
        if unit.kind == "section":
            return 1 + 0.35 * len(unit.data["section"].items)
        if unit.kind == "cv":
            resume = self.resumes[unit.language or self.resume.language]
            return 1 + 0.35 * sum(len(section.items) for section in resume.sections)
        if unit.kind == "tag":
            return 1 + 0.1 * len(unit.data["tag"].items)
        return 1.0

    def _render_unit(self, unit: Page | Job, then: Callable | None) -> Any:
        if isinstance(unit, Job):
            return unit.make()
        html, used = self.render_page(unit)
        return (html if then is None else then(unit, html)), used

    def load_templates(self) -> None:
        """Every template of the chain compiled now, not again in each forked process."""
        for name in self.env.list_templates():
            try:
                self.env.get_template(name)
            except jinja2.TemplateError:  # the page using it reports it
                continue

    def render_page(self, page: Page) -> tuple[bytes, frozenset[str]]:
        """The page's bytes, and every template and `BODY_OF` mark it may depend on."""
        if page.language and page.language != self.resume.language:
            self.resume = self.resumes[page.language]
        try:
            template = self.env.select_template(page.templates)
            html = template.render(page=self._shown(page), **self._context(page))
        except (jinja2.TemplateError, TypeError, AttributeError, ValueError, KeyError) as exc:
            raise template_error(exc, self.site_root) from None
        except BuildError:
            raise
        html = resolve_root(html, self._root_prefix(page))
        return html.encode("utf-8"), self._depends(page)

    def _shown(self, page: Page) -> Page:
        """The page as templates see it: an entry's title and description (its summary or
        abstract), which are Markdown, as their text, for `<title>` and the meta tags."""
        if page.kind != "entry":
            return page
        markdown = self.resume.markdown
        return dataclasses.replace(
            page,
            title=line_text(markdown, page.title),
            description=meta_description(block_text(markdown, page.description)),
        )

    def _depends(self, page: Page) -> frozenset[str]:
        if self._names is None:
            self._names = frozenset(self.env.list_templates())
        return self._names | set(page.templates) | {BODY_OF + key for key in page.bodies}

    def _root_prefix(self, page: Page) -> str:
        """The way from `page` to the site root, for links written in Markdown."""
        if page.kind == "404":
            return routes.base_path(self.resume.config.base_url)
        way_up = routes.href(page.url, "/")
        return "" if way_up == "./" else way_up


def _text(value: Any) -> Any:
    return value.text if isinstance(value, Highlight) else value


# --- the analytics script site.yaml's `analytics` names --------------------------------------


# Each service's own script, used unless `script_url` names a self-hosted one.
PLAUSIBLE_SCRIPT = "https://plausible.io/js/script.js"
GOATCOUNTER_SCRIPT = "https://gc.zgo.at/count.js"
UMAMI_SCRIPT = "https://cloud.umami.is/script.js"

Attributes = list[tuple[str, str | None]]  # (name, value); None: a boolean attribute


def analytics_script(config: SiteConfig) -> Attributes | None:
    """The script's attributes in order, or None for a site that counts nothing."""
    settings = config.analytics
    if settings is None:
        return None
    return _MAKERS[settings.provider](settings, config)


def _plausible(settings: Analytics, config: SiteConfig) -> Attributes:
    domain = settings.domain or urlsplit(config.base_url).hostname or ""
    script = settings.script_url or PLAUSIBLE_SCRIPT
    return [("defer", None), ("data-domain", domain), ("src", script)]


def _goatcounter(settings: Analytics, config: SiteConfig) -> Attributes:
    endpoint = settings.endpoint or f"https://{settings.code}.goatcounter.com/count"
    script = settings.script_url or GOATCOUNTER_SCRIPT
    return [("data-goatcounter", endpoint), ("async", None), ("src", script)]


def _umami(settings: Analytics, config: SiteConfig) -> Attributes:
    script = settings.script_url or UMAMI_SCRIPT
    return [("defer", None), ("src", script), ("data-website-id", settings.website_id or "")]


def _script(settings: Analytics, config: SiteConfig) -> Attributes:
    return [("defer", None), ("src", settings.script_url or "")]


_MAKERS = {"plausible": _plausible, "goatcounter": _goatcounter, "umami": _umami, "script": _script}
