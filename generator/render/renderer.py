"""Plan the pages of a site (each with the sources it depends on) and render them. No I/O.

Every page kind has a template, looked up most specific first: an entry of the projects
section tries `entry/projects.html`, then `entry/generic.html`. The context each template
gets is documented in docs/themes.md.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path
from types import FunctionType, MethodType
from typing import Any, NamedTuple, NoReturn

import jinja2
import markupsafe
from markupsafe import Markup
from pydantic import BaseModel

from generator import urls as routes
from generator.content.authors import shorten as shorten_authors
from generator.content.i18n import Locale
from generator.content.schema import Publication
from generator.errors import BuildError
from generator.markdown.renderer import resolve_root
from generator.model.bibtex import citation_key, to_bibtex
from generator.model.resume import Item, Resume, Section, Tag
from generator.render import jsonld
from generator.render.alternates import LanguageLink, LanguageVersions
from generator.render.compiled import CompiledTemplates, load_every
from generator.render.icons import icon, link_icon
from generator.render.scholar import citation_tags
from generator.render.theme import Theme, make_environment, template_error
from generator.site.parallel import MIN_ITEMS, parallel_map

ALL_SOURCES = "*"
# A page's rendering notes `BODY_OF + key` beside its templates when it shows the Markdown
# body of that entry (`Item.key`): editing a body re-renders only such pages.
BODY_OF = "body of "


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
    language: str = ""  # the language of the résumé it shows
    root: str = "/"  # where the pages of that language are (routes.language_root)
    # Where the page leads in each language of a multilingual site (empty in one language).
    languages: tuple[LanguageLink, ...] = ()

    @property
    def output(self) -> str:
        return routes.output_path(self.url).as_posix()

    @property
    def alternates(self) -> tuple[LanguageLink, ...]:
        """The page in each language that has it (hreflang); none if only one language has it.

        The 404 page has none: its switcher leads to each language's home page."""
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


def plan_site(resumes: dict[str, Resume]) -> list[Page]:
    """Every page of the site in each of its languages, the default language's first.

    In a multilingual site each page knows where it leads in the other languages.
    """
    pages = [page for resume in resumes.values() for page in plan(resume)]
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


def plan(resume: Resume) -> list[Page]:
    """Every page of the site in the résumé's language, in a fixed order.

    The 404 page is the default language's only: a host serves one for every address.
    """
    pages = _pages(resume)
    for page in pages:
        page.language = resume.language
        page.root = resume.root
    return pages


def _pages(resume: Resume) -> list[Page]:
    profile_name = resume.profile.name
    everything = frozenset({ALL_SOURCES})
    root = resume.root
    pages = [
        Page(
            root,
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
        pages.extend(entry_page(section, item) for item in section.items if item.has_page)
    # The tags index is written even when empty: every page links to it.
    pages.append(
        Page(
            routes.localized(root, routes.TAGS),
            "tags",
            ("tags.html",),
            resume.locale.t("tags"),
            everything,
            {"tags": resume.tags},
        )
    )
    pages.extend(_tag_page(tag) for tag in resume.tags)
    cv_title = f"{profile_name} — {resume.locale.t('cv')}"
    pages.append(Page(routes.localized(root, routes.CV), "cv", ("cv.html",), cv_title, everything))
    if root == routes.HOME:
        not_found = resume.locale.t("not_found_title")
        pages.append(Page(routes.NOT_FOUND, "404", ("404.html",), not_found, everything))
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


def entry_page(section: Section, item: Item) -> Page:
    return Page(
        item.url,
        "entry",
        (f"entry/{section.kind}.html", "entry/generic.html"),
        item.title,
        frozenset({item.key}),
        {"section": section, "item": item},
        description=_plain(item.data.summary or item.get("abstract")),
    )


def _tag_page(tag: Tag) -> Page:
    return Page(
        tag.url,
        "tag",
        ("tag.html",),
        tag.name,
        frozenset(i.key for i in tag.items),
        {"tag": tag},
    )


def _plain(text: str | None) -> str | None:
    if not text:
        return None
    flat = " ".join(text.split())
    return flat if len(flat) <= 200 else flat[:197].rsplit(" ", 1)[0] + "…"


# --- rendering -------------------------------------------------------------------------------


def _not_folded(function: Callable) -> Callable:
    """A filter Jinja cannot fold into compiled code. Jinja calls a filter on constants
    when it compiles (`{{ "/a/" | absolute }}`), which would keep this site's base URL or
    language in code that is kept between builds (and shared by a site's languages); it
    never does so for a filter that takes the context (see compiled.FILTERS)."""

    @jinja2.pass_context
    def filter_(context: jinja2.runtime.Context, value: Any, *args: Any) -> Any:
        return function(value, *args)

    return filter_


def json_ld(value: Any) -> Markup:
    """JSON for a <script> element: `<`, `>` and `&` escaped so text cannot close the element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, indent=None)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def template_name(name: str) -> str:
    """The name a template file answers to: `@meridian/base.html` is `base.html` too."""
    return name.partition("/")[2] if name.startswith("@") else name


class _EntryRef(NamedTuple):
    """An entry in a fragment's key: its data object's id (held alive by the store).

    Tuples, like the states below, because a list page compares one of each per card."""

    id: int


class _EntriesRef(NamedTuple):
    """A list of entries in a fragment's key: the page it is kept for, and its entries.

    One page's own, unlike an entry's fragment: a list changes when an entry joins it, and
    the page's next rendering drops the fragments of its lists it no longer shows, which
    only works when no other page could be showing them."""

    page: str | None
    entries: tuple[_EntryRef, ...]


def _entry_state(item: Item) -> tuple:
    """What a fragment showed of an entry: its data object (compared by identity first, as
    tuples compare) and what its links and tags were."""
    tags = tuple((tag.slug, tag.name) for tag in item.tags)
    return (item.data, item.url, item.slug, item.anchor, item.section, tags, tuple(item.authors))


def _fragment_key(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        _not_a_key(value)
    return value


def _not_a_key(value: Any) -> NoReturn:
    raise ValueError(
        "a {% cache %} key must be an entry, a list of entries, text or a number, "
        f"not {type(value).__name__}"
    ) from None


class FragmentStore:
    """Rendered `{% cache %}` fragments of one renderer, kept between rebuilds."""

    def __init__(self) -> None:
        self._fragments: dict[tuple, tuple[tuple, Markup, frozenset[str]]] = {}
        self._states: dict[int, tuple[Item, _EntryRef, tuple]] = {}  # this build's, by id(item)
        self._keys: dict[int, list[tuple]] = {}  # the keys that name each entry (data id)
        self._page: str | None = None  # the URL of the page being rendered
        self._lists: dict[str, set[tuple]] = {}  # keys of list fragments, by page URL
        self._lists_now: set[tuple] = set()  # ...and those of the page being rendered
        # What a missing fragment is kept under, and what the page had asked for before it,
        # from `find` to `keep` (a stack: a fragment's body may hold another).
        self._missing: list[tuple[tuple, tuple, set[str]]] = []

    def __len__(self) -> int:
        return len(self._fragments)

    def begin_page(self, url: str) -> None:
        """The page at `url` is rendered next: the lists it shows are its own."""
        self._page = url
        self._lists_now = set()
        self._missing.clear()  # what a page that failed left

    def end_page(self) -> None:
        """Drop the fragments of lists the page showed last time and no longer shows."""
        url, now = self._page, self._lists_now
        if url is None:
            return
        for key in self._lists.pop(url, set()) - now:
            self._fragments.pop(key, None)
        if now:
            self._lists[url] = now
        self._page = None

    def _part(self, value: Any) -> tuple[Any, Any]:
        """A `{% cache %}` value's part of the key, and what it must equal to be reused."""
        if isinstance(value, Item):
            # Worked out once per entry and build: a list page asks for every entry again.
            found = self._states.get(id(value))
            if found is None or found[0] is not value:
                found = self._remember(value)
            return found[1], found[2]
        if isinstance(value, (list, tuple)) and (not value or isinstance(value[0], Item)):
            return self._entries_part(value)
        return _fragment_key(value), value

    def _remember(self, item: Item) -> tuple[Item, _EntryRef, tuple]:
        self._states[id(item)] = (item, _EntryRef(id(item.data)), _entry_state(item))
        return self._states[id(item)]

    def _entries_part(self, items: list | tuple) -> tuple[_EntriesRef, tuple]:
        """`_part` of a list of entries: each entry's, written out, as a list of thousands
        of entries is looked up each time a page shows it."""
        states = self._states
        refs, shown = [], []
        for item in items:
            found = states.get(id(item))
            if found is None or found[0] is not item:
                if not isinstance(item, Item):
                    _not_a_key(items)
                found = self._remember(item)
            refs.append(found[1])
            shown.append(found[2])
        return _EntriesRef(self._page, tuple(refs)), tuple(shown)

    def _key_and_state(self, where: tuple, values: list) -> tuple[tuple, tuple]:
        if len(values) == 1:  # `{% cache item %}`, once per card of a list page
            part, state = self._part(values[0])
            key = (*where, part)
            if type(part) is _EntriesRef:
                self._lists_now.add(key)
            return key, (state,)
        parts = [self._part(v) for v in values]
        key = where + tuple([part for part, _ in parts])
        if any(type(part) is _EntriesRef for part, _ in parts):
            self._lists_now.add(key)
        return key, tuple([state for _, state in parts])

    def find(self, where: tuple, values: list, env) -> Markup | None:  # noqa: ANN001
        """The fragment for these values at `where`, if one was rendered for them. If not,
        its body is rendered next, then given to `keep`: what templates it asks for from
        now on are noted as its own."""
        # An entry is known by its data object, which a rebuild reuses while the file is
        # unchanged; the stored state holds that object, so its id cannot be taken by another.
        key, state = self._key_and_state(where, values)
        found = self._fragments.get(key)
        if found is not None and found[0] == state:
            env.asked.update(found[2])  # the page depends on what the fragment loaded
            return found[1]
        self._missing.append((key, state, env.asked))
        env.asked = set()
        return None

    def keep(self, html: Markup, env) -> Markup:  # noqa: ANN001
        """The body of the fragment `find` last found missing, rendered: kept for next time."""
        key, state, outer = self._missing.pop()
        asked = frozenset(env.asked)
        env.asked = outer | env.asked
        if key not in self._fragments:
            for part in key:  # lists are not noted: their page drops them (`end_page`)
                if isinstance(part, _EntryRef):
                    self._keys.setdefault(part.id, []).append(key)
        if type(html) is not Markup:  # a body rendered with autoescape off is kept too
            html = Markup(html)
        self._fragments[key] = (state, html, asked)
        return html

    def keep_only(self, items: Iterable[Item], pages: Iterable[str]) -> None:
        """Forget fragments of entries that are gone, and of lists of pages that are gone
        (after each good build)."""
        alive = {id(item.data) for item in items}
        self._states.clear()  # the next build has new Item objects
        # By entry, not by fragment: a rebuild after one edit looks at that entry's only.
        for gone in self._keys.keys() - alive:
            for key in self._keys.pop(gone):
                self._fragments.pop(key, None)
        for url in self._lists.keys() - set(pages):
            for key in self._lists.pop(url):
                self._fragments.pop(key, None)

    def clear(self) -> None:
        self._fragments.clear()
        self._states.clear()
        self._keys.clear()
        self._lists.clear()


# markupsafe 3's escaping of a str, in C, without the wrapping in Markup; markupsafe 2 has
# none, and its escape() is all C.
_escape_text = getattr(markupsafe, "_escape_inner", None)


def _escape(value: Any, _str: type = str, _markup: type = Markup, _new=str.__new__) -> Markup:
    """markupsafe.escape, which every `{{ … }}` of a page calls, a hundred times a page, minus
    its costs for the two commonest values: a str skips Markup's constructor (Python, which
    asks again whether it is HTML already), and Markup (Markdown, a macro's output, a card) is
    returned as it is rather than copied twice. 8 % of the time pages take to render."""
    kind = type(value)
    if kind is _str:
        return _new(_markup, _escape_text(value))
    if kind is _markup:
        return value
    return markupsafe.escape(value)


class _Template(jinja2.Template):
    """A template whose output is escaped by `_escape` (compiled code imports `escape` from
    jinja2.runtime, which is markupsafe's), and which, imported without context, is run once
    over the live globals (see `_get_default_module`)."""

    @jinja2.utils.internalcode
    def _get_default_module(self, ctx=None):  # noqa: ANN001, ANN202 - Jinja's
        """The module of `{% import "macros.html" as m %}`: Jinja runs the template once and
        keeps it, over a copy of the globals; cvsite's is over the globals themselves, where
        Renderer.render_page puts the page being rendered and its language's labels. Its
        macros then link from the page that calls them (url() and {% cache %} read `page`),
        as with `with context`, which runs the template again for every page (19 µs). Every
        Jinja since 2.11 imports through this method; should one stop, its own module would
        show the first page's links on every page, which tests/unit/test_theme.py catches."""
        if self._module is None:
            self._module = self.make_module(self.globals, shared=True)
        return self._module

    @classmethod
    def from_code(cls, environment, code, globals, uptodate=None):  # noqa: ANN001, ANN206, A002 - Jinja's
        template = super().from_code(environment, code, globals, uptodate)
        namespace = template.root_render_func.__globals__
        if _escape_text is not None and namespace.get("escape") is markupsafe.escape:
            namespace["escape"] = _escape
        return template


# Jinja's marks on a function that takes the context (pass_context and the like), which
# Context.call reads; the fast call below is written for Jinja 3.1's.
_PassArg = getattr(jinja2.utils, "_PassArg", None)
_FAST_CALL = _PassArg is not None and jinja2.__version__.startswith("3.1.")
_TAKES: dict[FunctionType, object] = {}  # function -> its mark, or None
_UNSEEN = object()


class _Context(jinja2.runtime.Context):
    """Jinja's context, whose `call` runs every `f(x)` of a page (url(), t(), a macro):
    Jinja's asks each callable twice, on every call, whether it takes the context. This
    one remembers the answer for each function, and knows it for a macro (the eval
    context, as Jinja's Macro.__call__ is marked). Other callables go to Jinja's own.
    10 % of the time pages take to render."""

    @jinja2.utils.internalcode
    def call(__self, __obj, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN204, N805 - Jinja's
        kind = type(__obj)
        if kind is jinja2.runtime.Macro:  # its __call__ takes the eval context
            takes = _PassArg.eval_context
        elif kind is FunctionType or kind is MethodType:
            function = __obj if kind is FunctionType else __obj.__func__
            takes = _TAKES.get(function, _UNSEEN)
            if takes is _UNSEEN:  # read as _PassArg.from_obj reads it
                takes = getattr(function, "jinja_pass_arg", None)
                if len(_TAKES) > 4096:  # functions made again and again: not kept for ever
                    _TAKES.clear()
                _TAKES[function] = takes
        else:
            return super().call(__obj, *args, **kwargs)
        if takes is _PassArg.context:
            # As Jinja does: variables of the loop or block the call is in, seen through
            # a context of their own.
            if kwargs.get("_loop_vars"):
                __self = __self.derived(kwargs["_loop_vars"])
            if kwargs.get("_block_vars"):
                __self = __self.derived(kwargs["_block_vars"])
            args = (__self, *args)
        elif takes is _PassArg.eval_context:
            args = (__self.eval_ctx, *args)
        elif takes is _PassArg.environment:
            args = (__self.environment, *args)
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


class _RecordingEnvironment(jinja2.Environment):
    """Notes every template name a render asks for (extends, import, include), found or not.

    A name asked for and not found matters too: adding that template changes the page.
    """

    template_class = _Template
    context_class = _Context if _FAST_CALL else jinja2.runtime.Context

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.asked: set[str] = set()
        self.fragments = FragmentStore()

    def make_globals(self, d):  # noqa: ANN001, ANN201 - Jinja's
        """For a template with no globals of its own (every template of a theme: none is
        loaded with `globals=`, which Jinja would write into these), the environment's, as
        they are: Jinja's ChainMap over them is read key by key, in Python, whenever a page
        or an include makes its context: a quarter of the time of a bare page frame, 4 % of
        the time pages take to render."""
        return self.globals if not d else super().make_globals(d)

    def get_template(self, name, parent=None, globals=None):  # noqa: ANN001, A002 - Jinja's
        if isinstance(name, str):
            self.asked.add(template_name(name))
        return super().get_template(name, parent, globals)

    def select_template(self, names, parent=None, globals=None):  # noqa: ANN001, A002 - Jinja's
        if not isinstance(names, jinja2.Undefined):
            self.asked.update(template_name(n) for n in names if isinstance(n, str))
        return super().select_template(names, parent, globals)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if attribute == "body":
            self._saw_body(obj)
        elif attribute == "get" and isinstance(obj, Item):  # item.get('body') reads it too
            return functools.partial(self._item_get, obj)
        # Jinja's Environment.getattr, written out: every `a.b` of every page comes here, and
        # the call to super() tripled its cost (0.32 instead of 0.86 µs for `item.title`).
        try:
            return getattr(obj, attribute)
        except AttributeError:
            pass
        try:
            return obj[attribute]
        except (TypeError, LookupError, AttributeError):
            return self.undefined(obj=obj, name=attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        if argument == "body":
            self._saw_body(obj)
        return super().getitem(obj, argument)

    def _item_get(self, item: Item, name: str, default: Any = None) -> Any:
        if name == "body":
            self._saw_body(item)
        return item.get(name, default)

    def _saw_body(self, obj: Any) -> None:
        """Noted with the templates a page asked for (and so kept with {% cache %} fragments):
        which entry's Markdown body the page shows, so that editing it re-renders only the
        pages that show it. An entry's fields read past its Item (`item.data.body`): whose
        body it is is not known here, so the page counts as showing every body."""
        if isinstance(obj, Item):
            self.asked.add(BODY_OF + obj.key)
        elif isinstance(obj, BaseModel):
            self.asked.add(BODY_OF + ALL_SOURCES)


class Job(NamedTuple):
    """Work other than pages that `Renderer.render_pages` may hand to another process: its
    result must pickle. `cost` is counted in entry pages, as `_unit_cost` counts pages."""

    cost: float
    make: Callable[[], Any]


class Renderer:
    """Renders pages of one site with one theme. Holds the compiled templates between calls.

    `use` swaps in a newer model of the same site (same site.yaml), so a rebuild keeps the
    compiled templates; `forget_templates` drops those whose files changed. In a multilingual
    site it renders each page from the résumé in that page's language.
    """

    def __init__(
        self,
        resume: Resume,
        theme: Theme,
        site_root: Path,
        *,
        fragments: bool = True,
        compiled: Path | None = None,
    ):
        self.resume = resume
        self.resumes = {resume.language: resume}
        self.theme = theme
        self.site_root = site_root
        self.locale = resume.locale
        self.env = make_environment(
            theme.chain, self._filters(), self._globals(), environment=_RecordingEnvironment
        )
        if compiled is not None:  # templates compiled once, kept by their source's checksum
            self.env.bytecode_cache = CompiledTemplates(compiled)
        if not fragments:  # every {% cache %} body rendered every time (tests compare both)
            self.env.fragments = None
        self._loaded = False  # every template (load_templates)

    def use(self, resume: Resume, *translations: Resume) -> None:
        """Render from `resume` (and pages in other languages from `translations`) from now
        on; its site.yaml must equal the current one's."""
        self.resumes = {r.language: r for r in (resume, *translations)}
        self._switch(resume)

    def _switch(self, resume: Resume) -> None:
        """Render from `resume`: its language's labels and dates, its entries."""
        self.resume = resume
        self.locale = resume.locale
        self.env.globals.update(
            site=resume, config=resume.config, profile=resume.profile, t=resume.locale.t
        )

    def forget_templates(self, names: set[str]) -> None:
        """Drop compiled templates named `names` (in any theme of the chain)."""
        cache = self.env.cache
        if not names or cache is None:
            return
        self.env.loader.forget()  # a name may be a new template, no longer missing
        for key in list(cache.keys()):
            if template_name(key[1]) in names:
                del cache[key]
        self._loaded = False
        self.forget_fragments()

    def forget_fragments(
        self, keep: Iterable[Item] | None = None, pages: Iterable[str] = ()
    ) -> None:
        """Drop every `{% cache %}` fragment, or those of entries not in `keep` and of lists
        on pages whose URLs are not in `pages`."""
        store = self.env.fragments
        if store is None:
            return
        if keep is None:
            store.clear()
        else:
            store.keep_only(keep, pages)

    def _filters(self) -> dict[str, Callable]:
        filters = {
            "markdown": lambda text: self.resume.markdown.block(text),
            "inline": lambda text: self.resume.markdown.inline(text),
            "date": lambda value: self.locale.date(value),
            "json_ld": json_ld,
            "bibtex": self._bibtex,
            "absolute": lambda url: routes.absolute(self.resume.config.base_url, url),
        }
        return {name: _not_folded(function) for name, function in filters.items()}

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
            "citation_meta": lambda item: citation_tags(item, self.resume.config.base_url),
            "article_json_ld": lambda item: jsonld.scholarly_article(self.resume, item),
        }

    def _date_range(self, item: Item | Any) -> str:
        return _dates(self.locale, item)

    def work_out_dates(self) -> None:
        """Every entry's dates, as pages show them, formatted now (each language's locale
        keeps them): the CV, section and tag pages show them all, and each process that
        `render_pages` spreads them over would format them all again (18 ms at 1,000
        entries)."""
        for resume in self.resumes.values():
            for item in resume.items:
                _dates(resume.locale, item)

    @staticmethod
    def _cite_key(item: Item) -> str:
        return citation_key(item.data, item.slug)

    def _bibtex(self, item: Item) -> str:
        return to_bibtex(item.data, self._cite_key(item))

    def render(self, page: Page) -> bytes:
        return self.render_page(page)[0]

    def render_pages(
        self,
        pages: list[Page],
        jobs: int,
        *,
        lists_here: bool = True,
        also: Sequence[Job] = (),
        then: Callable[[Page, bytes], Any] | None = None,
    ) -> list[tuple[Any, frozenset[str]]]:
        """`render_page` of each page, over up to `jobs` processes when there are many; then
        the result of each of `also`, other work done alongside (the site's feed, say).
        With `then`, a page's bytes are replaced by `then(page, bytes)`, in the process that
        rendered it (which writes the page, say, rather than send it back).

        Each entry page goes to whichever process is free. Pages that list entries keep
        their rendered cards (`{% cache %}`) in the process that rendered them: with
        `lists_here` (a renderer that renders again, for the preview) they are all rendered
        in this process, whose next rebuild reuses their cards; otherwise pages that share
        cards stay together (a language's tag pages; its CV and section pages), and may go
        to another process.
        """
        if jobs <= 1 or len(pages) < MIN_ITEMS:
            return [self._render_one(page, then) for page in pages] + [job.make() for job in also]
        self.load_templates()  # once, before forking, rather than once in every process
        together: dict[tuple[str | None, str] | None, list[Page]] = {}
        units: list[list[Page] | Job] = []
        for page in pages:
            group = _sharing(page, lists_here)
            if group is None:
                units.append([page])
            else:
                together.setdefault(group, []).append(page)
        units.extend(together.values())
        units.extend(also)
        # Units are whole pages, or a list of pages: enough pages are enough units.
        render = functools.partial(self._render_unit, then=then)
        done = parallel_map(render, units, jobs, cost=self._unit_cost, least=2)
        by_page = {
            id(page): result
            for unit, results in zip(units, done, strict=True)
            if not isinstance(unit, Job)
            for page, result in zip(unit, results, strict=True)
        }
        made = [result for unit, result in zip(units, done, strict=True) if isinstance(unit, Job)]
        return [by_page[id(page)] for page in pages] + made

    def _unit_cost(self, unit: list[Page] | Job) -> float:
        """About how long pages take to render, counted in entry pages. A card costs about
        a third of an entry page: one per entry in its section and on the CV; on tag pages
        most cards are found rendered already (by the same process)."""
        if isinstance(unit, Job):
            return unit.cost
        cost = 0.0
        for page in unit:
            cost += 1
            if page.kind == "section":
                cost += 0.35 * len(page.data["section"].items)
            elif page.kind == "cv":
                resume = self.resumes[page.language or self.resume.language]
                cost += 0.35 * sum(len(section.items) for section in resume.sections)
            elif page.kind == "tag":
                cost += 0.05 * len(page.data["tag"].items)
        return cost

    def _render_unit(self, unit: list[Page] | Job, then: Callable | None) -> Any:
        if isinstance(unit, Job):
            return unit.make()
        return [self._render_one(page, then) for page in unit]

    def _render_one(self, page: Page, then: Callable | None) -> tuple[Any, frozenset[str]]:
        html, asked = self.render_page(page)
        return (html if then is None else then(page, html)), asked

    def load_templates(self) -> None:
        """Every template the site's pages may ask for loaded (compiled, or found in the
        bytecode cache): see load_every."""
        if not self._loaded:
            load_every(self.env, {s.name for r in self.resumes.values() for s in r.sections})
            self._loaded = True

    def render_page(self, page: Page) -> tuple[bytes, frozenset[str]]:
        """The page's bytes, and the names of the templates its rendering asked for."""
        if page.language and page.language != self.resume.language:
            self._switch(self.resumes[page.language])
        env: _RecordingEnvironment = self.env
        env.asked = set()
        store = env.fragments
        if store is not None:
            store.begin_page(page.url)
        env.globals["page"] = page  # for macros imported without context (see _Template)
        try:
            template = env.select_template(page.templates)
            html = template.render(page=page, **page.data)
        except (jinja2.TemplateError, TypeError, AttributeError, ValueError, KeyError) as exc:
            raise template_error(exc, self.site_root) from None
        except BuildError:
            raise
        finally:
            if store is not None:
                store.end_page()
        html = resolve_root(html, self._root_prefix(page))
        return html.encode("utf-8"), frozenset(env.asked)

    def _root_prefix(self, page: Page) -> str:
        """The way from `page` to the site root, for links written in Markdown."""
        if page.kind == "404":
            return routes.base_path(self.resume.config.base_url)
        way_up = routes.href(page.url, "/")
        return "" if way_up == "./" else way_up


def _sharing(page: Page, lists_here: bool) -> tuple[str | None, str] | None:
    """Which pages `page` shares rendered cards with, to be rendered in the same process;
    None: none. Pages in different languages share no cards; tag pages show entries in a
    way of their own; the CV and the section pages show an entry's card the same way
    (themes/meridian's macros.html), at the same depth."""
    if page.kind == "entry":
        return None
    if lists_here:
        return (None, "lists")
    if page.kind in ("tags", "tag"):
        return (page.language, "tags")
    if page.kind in ("cv", "section"):
        return (page.language, "cards")
    return None


def _dates(locale: Locale, item: Item | Any) -> str:
    data = item.data if isinstance(item, Item) else item
    if isinstance(data, Publication):
        return locale.date(data.published)
    if data.date is not None:
        return locale.date(data.date)
    return locale.date_range(data.start, data.end)


@jinja2.pass_context
def _url(context: jinja2.runtime.Context, target: Any) -> str:
    """A link from the page being rendered to `target`: an Item, Section, Tag or anything with
    a `url`, or a site URL, which is in the page's language (`url('/cv/')` on a German page
    leads to the German CV; `/assets/` is every language's)."""
    if isinstance(target, str):
        return _link(context, target, localize=True)
    return _link(context, target.location if isinstance(target, Item) else target.url)


def _link(context: jinja2.runtime.Context, target: str, *, localize: bool = False) -> str:
    if routes.leaves_site(target):
        return target
    page: Page = context["page"]
    if localize:
        target = routes.localized(page.root, target)
    if page.kind == "404":
        return routes.rooted(context["config"].base_url, target)
    return routes.href(page.url, target)


@jinja2.pass_context
def _file_url(context: jinja2.runtime.Context, path: str) -> str:
    """A link to a file the user gave: an absolute URL as is, a content/ path made relative."""
    if routes.leaves_site(path):
        return path
    return _link(context, "/" + path.lstrip("/"))
