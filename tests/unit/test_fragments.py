"""`{% cache %}` fragments: reusing them gives the same bytes as rendering every one."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.model import load
from generator.render import Renderer, plan
from generator.theme import load_theme
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
