"""A theme's macro that reads only its arguments draws an entry once: a list page rendered
again draws only the entries that changed (render/fragments.py); and which macros qualify."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest

from generator.render.environment import make_environment
from generator.render.fragments import Fragments, pure_macros
from generator.render.presenter import Presenter
from generator.render.renderer import Renderer
from generator.render.theme import load_theme
from generator.serve.preview import Preview
from tests.helpers import new_site_cache, write_site


def _pure(source: str, **globals_: object) -> set[str]:
    env = jinja2.Environment(loader=jinja2.DictLoader({"m.html": source}))
    env.globals.update(globals_)
    return set(pure_macros(env, "m.html"))


def test_a_macro_reading_its_arguments_globals_and_t_qualifies():
    source = (
        "{% macro a(item, level=2) %}{% set x = present(item) %}"
        "{% for y in item.tags %}{{ loop.index }}{{ y }}{% endfor %}{{ t('k') }}{{ x }}"
        "{% endmacro %}"
        "{% macro b(item) %}{{ a(item) }}{% endmacro %}"
    )
    assert _pure(source, present=str) == {"a", "b"}


@pytest.mark.parametrize(
    "body",
    [
        "{{ site.title }}",  # the page's context
        "{{ page.url }}",
        "{% include 'x.html' %}",
        "{% import 'x.html' as y %}",
        "{{ caller() }}",
        "{% call other() %}x{% endcall %}",
        "{{ lipsum() }}",  # a global that answers differently each time
        "{{ self }}",
    ],
)
def test_a_macro_reading_anything_else_does_not(body: str):
    assert _pure(
        "{% macro other() %}{% endmacro %}{% macro a(item) %}" + body + "{% endmacro %}"
    ) == {"other"}


@pytest.mark.parametrize(
    "body",
    [
        "{% for section in item.tags %}{{ section }}{% endfor %}{{ section }}",  # the page's
        "{% if item %}{% set y = 1 %}{% endif %}{{ y }}",  # the page's when `item` is not
        "{{ z }}{% set z = 1 %}",  # the page's, before it is set
        "{% with w = item %}{{ w }}{% endwith %}{{ w }}",
    ],
)
def test_a_name_read_where_the_macro_has_not_set_it_is_the_pages(body: str):
    assert _pure("{% macro a(item) %}" + body + "{% endmacro %}") == set()


def test_names_the_macro_set_where_it_reads_them_are_its_own():
    source = (
        "{% macro a(item) %}{% if item %}{% set y = 1 %}{% else %}{% set y = 2 %}{% endif %}"
        "{% set ns = namespace(n=0) %}{% for x in item %}{% set ns.n = ns.n + loop.index %}"
        "{% endfor %}{{ y }}{{ ns.n }}{% endmacro %}"
    )
    assert _pure(source, namespace=dict) == {"a"}


def test_a_macro_calling_one_that_does_not_qualify_does_not_either():
    source = (
        "{% macro a() %}{{ section.title }}{% endmacro %}"
        "{% macro b() %}{{ a() }}{% endmacro %}{% macro c() %}{{ b() }}{% endmacro %}"
        "{% set d = 1 %}{% macro e() %}{{ d }}{% endmacro %}"  # a name the file sets
    )
    assert _pure(source) == set()


def test_the_built_in_themes_entries_qualify(tmp_path: Path):
    """Both themes' list pages draw each entry with a macro that is kept."""
    renderer = SimpleNamespace(theme=SimpleNamespace(options={}), _social_image=0, _cite_key=0)
    for name in ("meridian", "ledger"):
        theme = load_theme(name, tmp_path, {})
        env = make_environment(theme.chain, {}, Renderer._globals(renderer))  # as themes have it
        assert {"entry", "publication"} <= pure_macros(env, "macros.html"), name


class _Page:
    def __init__(self, url: str):
        self.url, self.root, self.kind, self.language = url, "/", "section", None


def test_a_kept_call_is_given_again_for_the_same_arguments_on_the_same_page(monkeypatch):
    import generator.render.fragments as fragments_module

    monkeypatch.setattr(fragments_module, "Page", _Page)
    env = jinja2.Environment()
    calls = []
    env.globals["n"] = lambda x: calls.append(x) or x
    macro = env.from_string("{% macro a(x, y=1) %}{{ n(x) }}{% endmacro %}").module.a
    kept = Fragments()
    page, other = _Page("/a/"), _Page("/b/")
    assert kept.draw(page, "m.html", macro, ("x",), {}) == "x"
    assert kept.draw(page, "m.html", macro, ("x",), {}) == "x"
    assert kept.draw(page, "m.html", macro, ("x",), {"y": 2}) == "x"  # other arguments
    assert kept.draw(other, "m.html", macro, ("x",), {}) == "x"  # another page: links differ
    assert kept.draw(page, "cards.html", macro, ("x",), {}) == "x"  # another file's `a`
    assert calls == ["x", "x", "x", "x"]
    assert kept.draw(page, "m.html", macro, (object(),), {}) is not None  # no key: drawn
    assert (
        kept.draw(page, "m.html", macro, (calls,), {}) is not None
    )  # a list of plain values is keyed
    kept.next_build()
    kept.next_build()  # a call no build used since the one before last is dropped
    kept.draw(page, "m.html", macro, ("x",), {})
    assert calls.count("x") == 5
    assert kept.draw(page, "m.html", macro, ({1: "a", "b": "c"},), {}) is not None  # no key


PUBLICATION = """- title: Paper {number}
  authors: [Ada Lovelace]
  venue: Journal {number}
  year: {year}
"""


def test_a_preview_rebuild_draws_only_the_entry_that_changed(tmp_path: Path, monkeypatch):
    """60 papers on the publications page and the CV: one title edited, the rebuild puts one
    entry into words (`present`) where a full drawing would put 120."""
    entries = "".join(PUBLICATION.format(number=n, year=1990 + n % 30) for n in range(60))
    site = write_site(tmp_path / "site", {"content/publications.yaml": entries})
    monkeypatch.setenv("CVSITE_CACHE_DIR", str(new_site_cache()))
    preview = Preview(site, tmp_path / "out", "http://127.0.0.1:8000/")
    preview.start()
    assert preview.error is None
    drawn: list[str] = []
    present = Presenter.present
    monkeypatch.setattr(
        Presenter, "present", lambda self, item: drawn.append(item.title) or present(self, item)
    )
    papers = site / "content" / "publications.yaml"
    papers.write_text(entries.replace("Paper 7\n", "Paper seven\n"), encoding="utf-8")
    preview.rebuild([papers], late=True)  # the PDF puts every entry into words
    assert preview.error is None
    shown = (tmp_path / "out" / "publications" / "index.html").read_text(encoding="utf-8")
    assert "Paper seven" in shown and "Paper 59" in shown
    assert set(drawn) == {"Paper seven"}
