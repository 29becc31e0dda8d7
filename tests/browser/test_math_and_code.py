"""Formulas render as MathML in Chromium (laid out, not shown as TeX), and highlighted code
is coloured in both themes, light and dark."""

from __future__ import annotations

import pytest

from tests.browser.conftest import THEMES, new_context

PAGE = "projects/lattice/"


@pytest.mark.parametrize("theme", THEMES)
def test_math_is_laid_out_as_mathml(browser, sites, theme):
    context = new_context(browser, "light", 1280)
    page = context.new_page()
    try:
        page.goto(sites[theme].url + PAGE)
        boxes = page.eval_on_selector_all(
            "math",
            "els => els.map(e => [e.getAttribute('display'), e.getBoundingClientRect().width,"
            " e.getBoundingClientRect().height, e.constructor.name])",
        )
        text = page.inner_text("main")
    finally:
        context.close()
    assert {display for display, *_ in boxes} == {"inline", "block"}
    assert all(width > 0 and height > 0 for _, width, height, _ in boxes), boxes
    assert all(kind == "MathMLElement" for *_, kind in boxes), boxes
    assert "\\int" not in text and "\\frac" not in text
    assert "$300 and $400" in text and "$5 is a dollar sign" in text


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("theme", THEMES)
def test_code_is_coloured_and_differs_between_light_and_dark(browser, sites, theme, scheme):
    context = new_context(browser, scheme, 1280)
    page = context.new_page()
    try:
        page.goto(sites[theme].url + PAGE)
        keyword = page.eval_on_selector(".highlight .k", "e => getComputedStyle(e).color")
        text = page.eval_on_selector(".highlight pre", "e => getComputedStyle(e).color")
    finally:
        context.close()
    assert keyword != text  # a keyword has a colour of its own
    # core.css's `.highlight .k`: light-dark(#A90D91, #FFAD66)
    assert keyword == {"light": "rgb(169, 13, 145)", "dark": "rgb(255, 173, 102)"}[scheme]
