"""axe-core finds nothing on any page kind of either theme, light or dark, desktop or phone,
and no page scrolls sideways on a phone."""

from __future__ import annotations

import functools

import pytest

from tests.browser.conftest import THEMES, new_context

SCHEMES = ("light", "dark")
AXE_RUN = "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)"
WIDTHS = (1280, 360)


@functools.cache
def _axe_source() -> str:
    """axe-core as bundled by axe-playwright-python (it works offline)."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe().axe_script


def _describe(violation: dict) -> str:
    targets = [" ".join(node["target"]) for node in violation["nodes"][:3]]
    summary = violation["nodes"][0].get("failureSummary", "").replace("\n", " ")[:300]
    return f"{violation['id']} ({violation['impact']}) at {targets}: {summary}"


def page_problems(page, path: str, width: int) -> list[str]:  # noqa: ANN001 - playwright's Page
    """What axe finds on the open page, and whether it scrolls sideways."""
    problems = [f"{path}: {_describe(v)}" for v in page.evaluate(AXE_RUN)]
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    if overflow > 0:
        problems.append(f"{path}: scrolls sideways by {overflow} px at {width} px")
    return problems


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("theme", THEMES)
def test_axe_finds_nothing_and_nothing_scrolls_sideways(browser, sites, theme, scheme, width):
    site = sites[theme]
    context = new_context(browser, scheme, width)
    # axe-core is loaded into every page before it runs, instead of injected after each load.
    context.add_init_script(script=_axe_source())
    page = context.new_page()
    problems = []
    try:
        for path in site.pages():
            page.goto(site.url + path)
            problems += page_problems(page, path, width)
    finally:
        context.close()
    assert problems == [], "\n".join(problems)


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
