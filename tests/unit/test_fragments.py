"""`{% cache %}` fragments: reusing them gives the same bytes as rendering every one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from generator.model.resume import load
from generator.render.renderer import Renderer, plan
from generator.render.theme import load_theme
from tests.helpers import FIXTURES


def _render_all(site: Path, *, fragments: bool) -> dict[str, bytes]:
    resume = load(site).resume
    theme = load_theme(resume.config.theme, site, resume.config.theme_options)
    renderer = Renderer(resume, theme, site, fragments=fragments)
    return {page.url: renderer.render(page) for page in plan(resume)}


@pytest.mark.parametrize("name", ["sample", "coauthors"])
def test_pages_are_the_same_with_and_without_fragments(sample_site: Path, name: str):
    site = sample_site if name == "sample" else FIXTURES / "sites" / name
    plain = _render_all(site, fragments=False)
    cached = _render_all(site, fragments=True)
    assert plain.keys() == cached.keys()
    assert [url for url in plain if plain[url] != cached[url]] == []


def test_a_cache_key_must_be_an_entry_text_or_a_number(sample_site: Path):
    resume = load(sample_site).resume
    theme = load_theme(resume.config.theme, sample_site, resume.config.theme_options)
    renderer = Renderer(resume, theme, sample_site)
    template = renderer.env.from_string("{% cache [1, 2] %}x{% endcache %}")
    page = next(iter(plan(resume)))
    with pytest.raises(ValueError, match="cache"):
        template.render(page=page)


def _counting_renderer(site: Path) -> tuple[Renderer, list, list[int]]:
    resume = load(site).resume
    theme = load_theme(resume.config.theme, site, resume.config.theme_options)
    renderer = Renderer(resume, theme, site)
    calls = [0]

    def count() -> str:
        calls[0] += 1
        return ""

    renderer.env.globals["count"] = count
    return renderer, list(plan(resume)), calls


def test_a_list_of_entries_is_rendered_again_only_when_its_entries_change(sample_site: Path):
    renderer, pages, calls = _counting_renderer(sample_site)
    page = next(p for p in pages if p.kind == "cv")
    items = list(renderer.resume.items)
    template = renderer.env.from_string(
        "{% cache entries %}{{ count() }}{% for i in entries %}{{ i.title }};{% endfor %}"
        "{% endcache %}"
    )

    def show(entries: list) -> str:
        renderer.env.fragments.begin_page(page.url)
        try:
            return template.render(page=page, entries=entries)
        finally:
            renderer.env.fragments.end_page()

    first = show(items)
    assert show(list(items)) == first and calls == [1]  # an equal list: the fragment
    swapped = [*items[:-2], items[-1], items[-2]]  # the same entries, in another order
    assert show(swapped) != first and calls == [2]
    assert show(items[:-1]) != first and calls == [3]
    changed = replace(items[-1], slug="elsewhere", url="/elsewhere/")
    show([*items[:-1], changed])
    assert calls == [4]
    assert show(items) == first and calls == [5]
    assert show([]) == "" and calls == [6]


def test_a_page_keeps_only_the_fragments_of_lists_it_shows(sample_site: Path):
    # A list that gained an entry is a new fragment; the page's next rendering drops the
    # last one, so a long preview does not keep every list it ever showed.
    renderer, pages, calls = _counting_renderer(sample_site)
    store = renderer.env.fragments
    page = next(p for p in pages if p.kind == "cv")
    items = list(renderer.resume.items)
    template = renderer.env.from_string("{% cache entries %}{{ count() }}{% endcache %}")
    for end in range(1, len(items) + 1):
        store.begin_page(page.url)
        template.render(page=page, entries=items[:end])
        store.end_page()
        assert len(store) == 1
    assert calls == [len(items)]
    store.keep_only(items, pages=[])  # the page is gone
    assert len(store) == 0


def test_a_list_of_anything_but_entries_is_no_cache_key(sample_site: Path):
    renderer, pages, _ = _counting_renderer(sample_site)
    entry = next(iter(renderer.resume.items))
    template = renderer.env.from_string("{% cache values %}x{% endcache %}")
    for values in ([entry, 2], [2, entry], (entry, "text")):
        with pytest.raises(ValueError, match="list of entries"):
            template.render(page=pages[0], values=values)


def test_what_a_fragment_sets_stays_inside_it_found_or_rendered(sample_site: Path):
    # The body is rendered in place (into a variable, not a macro): what it sets must stay
    # inside it as a macro's would, and what is around it must be readable inside.
    renderer, pages, calls = _counting_renderer(sample_site)
    template = renderer.env.from_string(
        "{% set x = 'outer' %}{% for n in [1, 2] %}"
        "{% cache 'same' %}{{ count() }}{% set x = 'inner' %}[{{ x }} {{ loop.index }}]"
        "{% endcache %}{{ x }};{% endfor %}"
    )
    renderer.env.fragments.begin_page(pages[0].url)
    assert template.render(page=pages[0]) == "[inner 1]outer;[inner 1]outer;"
    assert calls == [1]  # the second time round, the fragment was found


def test_a_fragment_in_a_fragment_notes_its_templates_in_both(sample_site: Path):
    renderer, pages, calls = _counting_renderer(sample_site)
    env = renderer.env
    template = env.from_string(
        "{% cache 'outer' %}<{% cache 'inner' %}{{ count() }}"
        "{% include 'partials/theme-toggle.html' %}{% endcache %}>{% endcache %}"
    )
    for _ in range(2):
        env.asked = set()
        env.fragments.begin_page(pages[0].url)
        html = template.render(page=pages[0])
        assert html.startswith("<") and html.endswith(">") and "theme" in html
        assert "partials/theme-toggle.html" in env.asked  # rendered, then found
    assert calls == [1]
    env.asked = set()
    found = env.from_string("{% cache 'inner' %}x{% endcache %}").render(page=pages[0])
    assert "theme" in found and "partials/theme-toggle.html" in env.asked


def test_a_fragment_whose_body_fails_leaves_the_next_page_right(sample_site: Path):
    renderer, pages, calls = _counting_renderer(sample_site)
    store = renderer.env.fragments
    broken = renderer.env.from_string("{% cache 'a' %}{{ 1 // 0 }}{% endcache %}")
    store.begin_page(pages[0].url)
    with pytest.raises(ZeroDivisionError):
        broken.render(page=pages[0])
    store.begin_page(pages[1].url)
    fine = renderer.env.from_string("{% cache 'b' %}{{ count() }}b{% endcache %}")
    assert fine.render(page=pages[1]) == fine.render(page=pages[1]) == "b"
    assert calls == [1]
