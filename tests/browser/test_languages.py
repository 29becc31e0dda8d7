"""A site in English and German in a real browser: axe finds nothing on German pages of either
theme, and the language switcher works as plain links, without JavaScript."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.axe import axe_context, problems_in_every_mode
from tests.browser.conftest import PREFIX, THEMES, BuiltSite, new_context, serving
from tests.helpers import FIXTURES, build_theme

BILINGUAL = FIXTURES / "sites" / "bilingual"
GERMAN_PAGES = (
    "de/",
    "de/experience/",
    "de/experience/tutor/",
    "de/projects/engine/",
    "de/projects/nur-deutsch/",
    "de/publications/",
    "de/publications/lovelace1843/",
    "de/tags/",
    "de/cv/",
)


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, BuiltSite]]:
    """The bilingual fixture site in each theme, published under /sites/<theme>/."""
    root: Path = tmp_path_factory.mktemp("bilingual")
    outputs = {
        theme: build_theme(BILINGUAL, root / theme, theme, f"https://example.org{PREFIX}{theme}/")
        for theme in THEMES
    }
    with serving(outputs) as served:
        yield served


def _switcher_shown(page) -> list[str]:  # noqa: ANN001 - playwright's Page
    shown = page.locator("nav.language-switcher").is_visible()
    return [] if shown else ["the language switcher is not visible"]


@pytest.mark.parametrize("theme", THEMES)
def test_axe_finds_nothing_on_german_pages(browser, bilingual, theme):
    site = bilingual[theme]
    context = axe_context(browser)
    page = context.new_page()
    problems = []
    try:
        for path in (*GERMAN_PAGES, "no/such/page/"):
            problems += problems_in_every_mode(page, site.url + path, path, _switcher_shown)
    finally:
        context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("theme", THEMES)
def test_the_switcher_works_without_javascript(browser, bilingual, theme):
    site = bilingual[theme]
    context = new_context(browser, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(site.url + "de/projects/engine/")
        assert page.evaluate("document.documentElement.lang") == "de"
        switcher = page.get_by_role("navigation", name="Sprache")
        current = switcher.locator("[aria-current]")
        assert current.inner_text() == "Deutsch" and current.get_attribute("lang") == "de"
        switcher.get_by_role("link", name="English").click()
        page.wait_for_load_state()
        assert page.url == site.url + "projects/engine/"
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.locator("h1").first.inner_text() == "The Analytical Engine"
        switcher = page.get_by_role("navigation", name="Language")
        switcher.get_by_role("link", name="Deutsch").click()
        page.wait_for_load_state()
        assert page.url == site.url + "de/projects/engine/"
        assert page.locator("h1").first.inner_text() == "Die Analytische Maschine"
    finally:
        context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_the_switcher_is_reached_from_the_keyboard(browser, bilingual, theme):
    context = new_context(browser)
    page = context.new_page()
    try:
        page.goto(bilingual[theme].url + "de/")
        for _ in range(20):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.lang") == "en":
                break
        else:
            pytest.fail("Tab never reached the link to the English site")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert page.url == bilingual[theme].url
    finally:
        context.close()
