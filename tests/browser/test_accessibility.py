"""axe-core finds nothing on any page kind of either theme, light or dark, desktop or phone,
no page scrolls sideways on a phone, and no page asks another host for anything (the
default site has no analytics: the control is in test_portfolio_pages.py)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser.axe import axe_context, problems_in_every_mode
from tests.browser.conftest import THEMES, record_requests, serving

# Readable only in light mode on a desktop: dark mode greys its text out, a phone's width
# makes it scroll sideways.
PROBE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Probe</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { color: #000; background: #fff; }
  @media (prefers-color-scheme: dark) { body { color: #444; background: #333; } }
  @media (max-width: 600px) { main { width: 900px; } }
</style></head>
<body><main><h1>Probe</h1><p>Some text.</p></main></body></html>
"""


@pytest.mark.parametrize("theme", THEMES)
def test_axe_finds_nothing_nothing_scrolls_sideways_and_nothing_leaves_the_site(
    browser, sites, theme
):
    site = sites[theme]
    context = axe_context(browser)
    requests = record_requests(context, site.url)
    page = context.new_page()
    problems = []
    try:
        for path in site.pages():
            problems += problems_in_every_mode(page, site.url + path, path)
    finally:
        context.close()
    assert problems == [], "\n".join(problems)
    assert requests, "no request recorded"
    host = urlsplit(site.url).netloc
    assert [url for url in requests if urlsplit(url).netloc != host] == []


def test_each_mode_is_checked_as_it_shows(browser, tmp_path: Path):
    """Dark mode and the phone's width are seen: the modes are switched, not only named."""
    (tmp_path / "index.html").write_text(PROBE, encoding="utf-8")
    context = axe_context(browser)
    try:
        with serving({"probe": tmp_path}) as served:
            problems = problems_in_every_mode(context.new_page(), served["probe"].url, "probe")
    finally:
        context.close()
    found = {(p.split(": ")[0], p.split(": ")[1].split(" ")[0]) for p in problems}
    assert found == {
        ("probe (dark, 1280 px)", "color-contrast"),
        ("probe (dark, 360 px)", "color-contrast"),
        ("probe (light, 360 px)", "scrolls"),
        ("probe (dark, 360 px)", "scrolls"),
    }, problems


def test_every_page_kind_is_covered(sites):
    """The pages above include each kind: home, every section, entries, tags, tag, CV, 404,
    a free page, news and a news item's page."""
    pages = sites["meridian"].pages()
    for expected in ("", "publications/", "volunteering/", "tags/", "cv/", "no/such/page/"):
        assert expected in pages
    sections = {p.split("/")[0] for p in pages if p.count("/") == 1}
    assert {"education", "experience", "projects", "awards", "certificates"} <= sections
    assert {"skills", "teaching", "talks"} <= sections
    entries = [p for p in pages if p.count("/") == 2 and not p.startswith(("tags/", "no/"))]
    assert {p.split("/")[0] for p in entries} >= {"education", "publications", "projects"}
    assert any(p.startswith("tags/") and p != "tags/" for p in pages)
    assert "about/" in pages  # a free page
    assert "news/" in pages and "news/summer-school/" in pages  # news, and an item's page
