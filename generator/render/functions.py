"""What templates call besides Jinja's own: links from the page being rendered (`url`,
`file_url`, `srcset`), an entry's language where it is not the page's (`lang_of`), JSON-LD
for a <script> element. See docs/themes.md."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import jinja2
from markupsafe import Markup

from generator import urls as routes
from generator.model.resume import Item
from generator.render.pages import Page
from generator.render.pictures import Source


def not_folded(function: Callable) -> Callable:
    """A filter Jinja cannot fold into compiled code (it folds constants, `{{ "/a/" | absolute
    }}`, but never through a filter that takes the context): a base URL or language kept in
    the bytecode cache would be wrong for the next build or language."""

    @jinja2.pass_context
    def filter_(context: jinja2.runtime.Context, value: Any, *args: Any) -> Any:
        return function(value, *args)

    return filter_


def json_ld(value: Any) -> Markup:
    """JSON for a <script> element: `<`, `>` and `&` escaped so text cannot close the element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, indent=None)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


@jinja2.pass_context
def url(context: jinja2.runtime.Context, target: Any) -> str:
    """A link from the page being rendered to `target`: an Item, Section, Tag or anything with
    a `url`, or a site URL, which is in the page's language (`url('/cv/')` on a German page
    leads to the German CV; `/assets/` is every language's)."""
    if isinstance(target, str):
        return _link(context, target, localize=True)
    return _link(context, target.location if isinstance(target, Item) else target.url)


@jinja2.pass_context
def file_url(context: jinja2.runtime.Context, path: str) -> str:
    """A link to a file the user gave: an absolute URL as is, a content/ path made relative."""
    if routes.leaves_site(path):
        return path
    return _link(context, routes.content_file(path))


@jinja2.pass_context
def srcset(context: jinja2.runtime.Context, source: Source) -> str:
    """A `srcset` of a picture's files (render.pictures.Source), linked from the page."""
    return ", ".join(f"{_link(context, c.url)} {c.width}w" for c in source.candidates)


@jinja2.pass_context
def lang_of(context: jinja2.runtime.Context, item: Any) -> Markup:
    """` lang="ja"` for an entry written in another language than the page's, so that a
    screen reader reads its title in that language (WCAG 2.1 3.1.2); else nothing."""
    language = item.get("language") if isinstance(item, Item) else None
    page = context["config"].language or ""
    if not language or language.split("-")[0].casefold() == page.split("-")[0].casefold():
        return Markup("")
    return Markup(' lang="{}"').format(language)


def _link(context: jinja2.runtime.Context, target: str, *, localize: bool = False) -> str:
    if routes.leaves_site(target):
        return target
    page = _page(context)
    if localize:
        target = routes.localized(page.root, target)
    if page.kind == "404":
        return routes.rooted(context["config"].base_url, target)
    return routes.href(page.url, target)


def _page(context: jinja2.runtime.Context) -> Page:
    page = context.get("page")
    if not isinstance(page, Page):
        raise jinja2.TemplateRuntimeError(
            "url() and file_url() link from the page being rendered, which this template "
            "does not see: import macros that call them `with context` "
            '({% import "macros.html" as m with context %})'
        )
    return page
