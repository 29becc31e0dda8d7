"""Dark mode follows the system setting without JavaScript; with it, a switch overrides the
system both ways and the choice outlives a reload."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import THEMES, new_context

BACKGROUND = "getComputedStyle(document.body).backgroundColor"
KEY = "cvsite-theme"


def _luminance(css_colour: str) -> float:
    """Relative luminance (WCAG) of an rgb()/rgba() colour."""
    red, green, blue = (int(v) / 255 for v in re.findall(r"[\d.]+", css_colour)[:3])

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def _is_dark(page) -> bool:
    return _luminance(page.evaluate(BACKGROUND)) < 0.2


@pytest.mark.parametrize("theme", THEMES)
def test_without_javascript_the_system_setting_rules_and_no_switch_shows(browser, sites, theme):
    for scheme, dark in (("light", False), ("dark", True)):
        context = new_context(browser, scheme, java_script_enabled=False)
        page = context.new_page()
        try:
            page.goto(sites[theme].url)
            assert _is_dark(page) is dark, scheme
            assert not page.locator("[data-theme-toggle]").is_visible()
        finally:
            context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_switch_overrides_a_light_system_and_is_remembered(browser, sites, theme):
    context = new_context(browser, "light")
    page = context.new_page()
    try:
        page.goto(sites[theme].url + "cv/")
        switch = page.locator("[data-theme-toggle]")
        assert switch.is_visible() and not _is_dark(page)
        assert switch.get_attribute("aria-pressed") == "false"
        switch.click()
        assert _is_dark(page)
        assert switch.get_attribute("aria-pressed") == "true"
        assert page.evaluate(f"localStorage.getItem('{KEY}')") == "dark"

        page.goto(sites[theme].url + "publications/")  # another page, same choice
        assert _is_dark(page)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"

        # Back to the system's own mode: the choice is forgotten, the system rules again.
        page.locator("[data-theme-toggle]").click()
        assert not _is_dark(page)
        assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
        page.reload()
        assert not _is_dark(page)
    finally:
        context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_a_stored_light_choice_overrides_a_dark_system(browser, sites, theme):
    context = new_context(browser, "dark")
    page = context.new_page()
    try:
        page.goto(sites[theme].url)
        assert _is_dark(page)
        switch = page.locator("[data-theme-toggle]")
        assert switch.get_attribute("aria-pressed") == "true"
        switch.focus()
        page.keyboard.press("Space")  # the switch is a real button: keys work too
        assert not _is_dark(page)
        page.reload()
        assert not _is_dark(page)
        assert page.evaluate("document.documentElement.dataset.theme") == "light"
        assert page.locator("[data-theme-toggle]").get_attribute("aria-pressed") == "false"
    finally:
        context.close()
