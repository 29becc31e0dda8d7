"""A keyboard user: the first Tab reaches a visible skip link that moves focus to the content,
and every focused element shows a clear focus ring, in both themes and both colour schemes."""

from __future__ import annotations

import pytest

from tests.browser.conftest import THEMES, new_context
from tests.htmlread import read_page

FOCUS_STYLE = """() => {
  const e = document.activeElement, s = getComputedStyle(e), r = e.getBoundingClientRect();
  return {tag: e.tagName, cls: e.className, id: e.id, text: e.textContent.trim().slice(0, 40),
          outline: s.outlineStyle, width: parseFloat(s.outlineWidth), shadow: s.boxShadow,
          top: r.top, bottom: r.bottom, left: r.left, height: r.height};
}"""


def _ring_visible(style: dict) -> bool:
    return (style["outline"] != "none" and style["width"] >= 2) or style["shadow"] != "none"


@pytest.mark.parametrize("scheme", ("light", "dark"))
@pytest.mark.parametrize("theme", THEMES)
def test_skip_link_comes_first_shows_and_moves_focus_to_content(browser, sites, theme, scheme):
    context = new_context(browser, scheme, 360)
    page = context.new_page()
    try:
        page.goto(sites[theme].url + "publications/")
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUS_STYLE)
        assert "skip-link" in focused["cls"], focused
        assert focused["top"] >= 0 and focused["height"] > 10, f"skip link off screen: {focused}"
        assert _ring_visible(focused), focused
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "main"
        assert page.evaluate("location.hash") == "#main"
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ("light", "dark"))
@pytest.mark.parametrize("theme", THEMES)
def test_every_focused_element_shows_a_focus_ring(browser, sites, theme, scheme):
    context = new_context(browser, scheme, 1280)
    page = context.new_page()
    missing = []
    try:
        for path in ("", "publications/", "cv/"):
            page.goto(sites[theme].url + path)
            for _ in range(30):
                page.keyboard.press("Tab")
                focused = page.evaluate(FOCUS_STYLE)
                if focused["tag"] == "BODY":
                    break
                if not _ring_visible(focused):
                    missing.append(f"{path}: {focused}")
    finally:
        context.close()
    assert missing == [], "\n".join(missing)


@pytest.mark.parametrize("theme", THEMES)
def test_every_page_starts_with_a_skip_link_to_main(theme_outputs, theme):
    pages = sorted(theme_outputs[theme].rglob("*.html"))
    assert len(pages) > 20
    for path in pages:
        page = read_page(path)
        first_link = page.root.find("a")
        assert first_link is not None and "skip-link" in first_link.attrs.get("class", ""), path
        assert first_link.attrs["href"] == "#main", path
        assert page.root.find(id="main") is not None, path
