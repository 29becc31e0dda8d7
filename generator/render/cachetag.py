"""The `{% cache %}` tag of cvsite's templates: its syntax, which every template is compiled
with, and its lookups, which go to the renderer's fragment store (render.FragmentStore).

Apart from render.py, which imports the content model, so that a process that only compiles
templates imports no more than Jinja (precompile.py).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import jinja2
from jinja2 import nodes
from jinja2.ext import Extension
from markupsafe import Markup

if TYPE_CHECKING:
    from generator.render.renderer import FragmentStore, Page


class FragmentCache(Extension):
    """`{% cache item, more %}…{% endcache %}`: a fragment rendered once per entry and place.

    Like Hugo's `partialCached`: the template names what the fragment depends on. Entries
    are compared by their fields, URL, slug, anchor, tags and authors; a list of entries
    entry by entry, in order; other values (text, numbers) as they are. Pages at the same
    depth and in the same language share fragments, because relative links from them,
    labels and dates are the same; a list's fragment is kept for its page alone. Everything
    else a fragment shows must be the same on every page (site settings, profile, theme
    options): a change to those, or to any template, clears every fragment. A renderer
    without a fragment store renders the body every time.
    """

    tags = {"cache"}
    FOUND = "_cvsite_fragment"  # the filter that looks a fragment up, and the variable it sets
    BODY = "_cvsite_fragment_body"  # the body rendered, when none was found

    def __init__(self, environment: jinja2.Environment):
        super().__init__(environment)
        environment.filters[self.FOUND] = self._found

    def parse(self, parser: jinja2.parser.Parser) -> list[nodes.Node]:
        lineno = next(parser.stream).lineno
        values = [parser.parse_expression()]
        while parser.stream.skip_if("comma"):
            values.append(parser.parse_expression())
        body = parser.parse_statements(("name:endcache",), drop_needle=True)
        place = nodes.Const(f"{parser.name}:{lineno}")
        # A list page asks once per entry, and mostly finds the fragment: the lookup is a
        # filter, which compiled templates call directly. A miss renders the body in place,
        # into a variable ({% set %}...{% endset %}, whose assignments stay inside it, as a
        # macro's would, without the cost of making and calling a macro), and keeps it.
        found = nodes.Filter(nodes.List(values), self.FOUND, [place], [], None, None)
        missing = nodes.Test(nodes.Name(self.FOUND, "load"), "none", [], [], None, None)
        rendered = nodes.AssignBlock(nodes.Name(self.BODY, "store"), None, body)
        kept = self.call_method("_keep", [nodes.Name(self.BODY, "load")])
        return [
            nodes.Assign(nodes.Name(self.FOUND, "store"), found).set_lineno(lineno),
            nodes.If(
                missing,
                [rendered.set_lineno(lineno), nodes.Output([kept]).set_lineno(lineno)],
                [],
                [nodes.Output([nodes.Name(self.FOUND, "load")])],
            ).set_lineno(lineno),
        ]

    @jinja2.pass_context
    def _found(self, context: jinja2.runtime.Context, values: list, place: str) -> Markup | None:
        store: FragmentStore | None = getattr(self.environment, "fragments", None)
        if store is None:
            return None
        return store.find(_where(context, place), values, self.environment)

    def _keep(self, html: Markup) -> Markup:
        """The body rendered after `_found` found no fragment: kept by the store."""
        store: FragmentStore | None = getattr(self.environment, "fragments", None)
        if store is None:
            return html
        return store.keep(html, self.environment)


def _where(context: jinja2.runtime.Context, place: str) -> tuple:
    """The part of a fragment's key that is not its values: its place, page depth, language."""
    page: Page = context["page"]
    return (place, _link_base(page.url, page.kind), page.language)


@functools.lru_cache(maxsize=65536)
def _link_base(url: str, kind: str) -> tuple[int, bool]:
    """What relative links from a page depend on: its folder's depth (and 404's rooted links)."""
    folder = url if url.endswith("/") else url.rsplit("/", 1)[0] + "/"
    return folder.count("/"), kind == "404"
