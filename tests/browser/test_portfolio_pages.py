"""Free pages, news and analytics in Chromium: the about page and the news list as a visitor
sees them in both themes, and every request a page makes, recorded."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import EVERY_KIND, THEMES, new_context, record_requests, serving
from tests.helpers import build_theme, copy_site


@pytest.mark.parametrize("scheme", ("light", "dark"))
@pytest.mark.parametrize("theme", THEMES)
def test_the_about_page_renders_its_markdown_in_the_menu(browser, sites, theme, scheme):
    site = sites[theme]
    context = new_context(browser, scheme)
    page = context.new_page()
    try:
        page.goto(site.url + "about/")
        assert page.locator("main h1").inner_text() == "About Ada Example"
        assert page.locator("main .body strong").inner_text() == "distributed systems"
        assert page.locator("main .body h2").is_visible()
        fold = page.locator("details.nav-menu > summary")
        if fold.is_visible():  # a long menu folds behind its Menu button
            fold.click()
        current = page.locator("nav a[aria-current='page']")
        assert current.inner_text() == "About"
        assert page.locator("main .body a", has_text="CV").get_attribute("href") == "../cv/"
    finally:
        context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_the_news_list_shows_short_items_in_full_and_links_long_ones(browser, sites, theme):
    site = sites[theme]
    context = new_context(browser)
    page = context.new_page()
    try:
        page.goto(site.url + "news/")
        titles = page.locator("main .entry-title").all_inner_texts()
        assert titles == [
            "Lecturing at the summer school",
            "Paper accepted at the Example Conference",
            "Joined the Example Lab",
        ]
        assert page.locator("main").get_by_text("will be presented in May.").is_visible()
        page.locator("main .entry-title a").first.click()
        page.wait_for_url("**/news/summer-school/")
        assert page.locator("main ol li").count() == 2
        page.goto(site.url)
        home_news = page.locator("section[aria-labelledby='home-news'] li")
        assert home_news.count() == 3
        assert home_news.first.locator(".when").is_visible()
    finally:
        context.close()


def _requests(browser, urls: list[str]) -> list[str]:
    """Every URL the pages ask for while loading (another host's refused)."""
    context = new_context(browser)
    seen = record_requests(context, urls[0])
    page = context.new_page()
    try:
        for url in urls:
            page.goto(url, wait_until="load")
    finally:
        context.close()
    return seen


def test_a_site_with_analytics_asks_the_service_and_no_other(browser, tmp_path: Path):
    """The control for the check that the default site asks no other host (made in
    test_accessibility.py, on every page it loads): the recorder sees such a request."""
    config = copy_site(EVERY_KIND, tmp_path / "site") / "site.yaml"
    settings = "analytics:\n  provider: goatcounter\n  code: ada\n"
    config.write_text(config.read_text(encoding="utf-8") + settings, encoding="utf-8")
    output = build_theme(tmp_path / "site", tmp_path / "again", "meridian", "https://a.org/")
    with serving({"meridian": output}) as served:
        site = served["meridian"]
        seen = _requests(browser, [site.url, site.url + "about/"])
    others = {urlsplit(url).netloc for url in seen} - {urlsplit(site.url).netloc}
    assert others == {"gc.zgo.at"}
