"""The header's menu in a real browser: on a phone it folds behind a "Menu" button (a
<details> disclosure) that opens by click and by keyboard, with or without JavaScript; at
desktop width a long menu stays one row or folds, and the light/dark switch stays on the
first row; a menu that fits is shown open in one row, never wider than the width its
stylesheet is linked at. axe finds nothing with the menu open. ledger's text column holds a
date range on one line."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pytest
import yaml

from tests.browser.axe import AXE_RUN, OVERFLOW, axe_context
from tests.browser.conftest import EVERY_KIND, PREFIX, THEMES, BuiltSite, new_context, serving
from tests.helpers import REPO, build_theme, copy_site, run_cli, set_theme, write_site

# Where each part of the header is, and whether the menu is folded: its button showing and
# its links not.
HEADER = """() => {
  const box = s => { const e = document.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect(); return r.width ? {top: r.top, bottom: r.bottom,
    left: r.left, right: r.right, mid: (r.top + r.bottom) / 2} : null; };
  const items = [...document.querySelectorAll('header .nav > li')];
  const shown = items.filter(li => li.checkVisibility());
  return {
    items: items.length,
    shown: shown.length,
    rows: new Set(shown.map(li => Math.round(li.getBoundingClientRect().top))).size,
    button: box('.nav-toggle'), title: box('.site-title'), toggle: box('.theme-toggle'),
    nav: box('.site-nav .nav'), open: Boolean(document.querySelector('.nav-menu')?.open),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}"""
FOCUSED = """() => { const e = document.activeElement, s = getComputedStyle(e);
  return {tag: e.tagName, text: e.textContent.trim(), outline: s.outlineStyle,
          width: parseFloat(s.outlineWidth), visible: e.checkVisibility()}; }"""
ROW_SHEET = 'link[href$="nav-row.css"]'


@pytest.fixture(scope="module")
def menus(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, BuiltSite]]:
    """In each theme: the sample site (eight items, in English and German) and the every-kind
    site with a menu of ten items; published under /sites/<name>-<theme>/."""
    root = tmp_path_factory.mktemp("menus")
    outputs = {}
    for theme in THEMES:
        name = f"sample-{theme}"
        outputs[name] = build_theme(REPO, root / name, theme, f"https://example.org{PREFIX}{name}/")
        name = f"ten-{theme}"
        site = copy_site(EVERY_KIND, root / name)
        config = yaml.safe_load((site / "site.yaml").read_text(encoding="utf-8"))
        config["nav"] = config["nav"][:8] + [{"section": "tags"}, {"section": "cv"}]
        (site / "site.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
        set_theme(site, theme)
        base = f"https://example.org{PREFIX}{name}/"
        assert run_cli("build", "--site", site, "--base-url", base).code == 0
        outputs[name] = site / "output"
    with serving(outputs) as served:
        yield served


def _folded(state: dict) -> bool:
    return state["button"] is not None and state["shown"] == 0


def _one_row_or_folded(state: dict, javascript: bool = True) -> list[str]:
    """What is wrong with the header: a menu neither in one row nor folded, a switch (or the
    menu's button) off the title's row, a page that scrolls sideways."""
    problems = []
    in_a_row = state["shown"] == state["items"] and state["rows"] == 1 and not state["button"]
    if not (_folded(state) or in_a_row):
        problems.append(f"the menu is neither one row nor folded: {state}")
    first_row = state["title"]
    for part in ("toggle", "button") if javascript else ("button",):
        if state[part] and abs(state[part]["mid"] - first_row["mid"]) > 6:
            problems.append(f"the {part} is not on the title's row: {state}")
    if javascript and state["toggle"] is None:
        problems.append("no light/dark switch shows")
    if state["overflow"] > 0:
        problems.append(f"the page scrolls sideways by {state['overflow']} px")
    return problems


def _page(browser, width: int, javascript: bool = True, scheme: str = "light"):  # noqa: ANN001, ANN202
    context = new_context(browser, scheme, width, java_script_enabled=javascript)
    return context, context.new_page()


@pytest.mark.parametrize("width", (1280, 390))
@pytest.mark.parametrize("menu", ("ten", "every-kind"))
@pytest.mark.parametrize("theme", THEMES)
def test_a_long_menu_stays_one_row_or_folds_and_the_switch_stays_on_the_first_row(
    browser, menus, sites, theme, menu, width
):
    site = sites[theme] if menu == "every-kind" else menus[f"ten-{theme}"]
    context, page = _page(browser, width)
    try:
        page.goto(site.url + "cv/")
        state = page.evaluate(HEADER)
    finally:
        context.close()
    assert state["items"] == (10 if menu == "ten" else 14)
    assert _one_row_or_folded(state) == []
    if width == 390:
        assert _folded(state), state


@pytest.mark.parametrize("javascript", (True, False), ids=("js", "no-js"))
@pytest.mark.parametrize("theme", THEMES)
def test_on_a_phone_the_menu_folds_and_a_click_opens_it(browser, menus, theme, javascript):
    site = menus[f"sample-{theme}"]
    context, page = _page(browser, 390, javascript)
    try:
        page.goto(site.url + "cv/")
        state = page.evaluate(HEADER)
        assert _folded(state) and not state["open"], state
        assert _one_row_or_folded(state, javascript) == []
        button = page.locator(".nav-toggle")
        assert button.inner_text().strip() == "Menu"  # a visible label, not an icon alone
        education = page.get_by_role("link", name="Education", exact=True)
        assert not education.is_visible()
        button.click()
        state = page.evaluate(HEADER)
        assert state["open"] and state["shown"] == state["items"] == 8, state
        assert state["overflow"] <= 0
        assert state["nav"]["top"] >= state["button"]["bottom"]  # the panel under the button
        education.click()
        page.wait_for_url(re.compile(r"/education/$"))
        assert _folded(page.evaluate(HEADER))  # the next page starts folded
        page.locator(".nav-toggle").click()
        page.locator(".nav-toggle").click()
        assert _folded(page.evaluate(HEADER))  # a second click folds it again
    finally:
        context.close()


@pytest.mark.parametrize("key", ("Enter", " "), ids=("enter", "space"))
@pytest.mark.parametrize("javascript", (True, False), ids=("js", "no-js"))
@pytest.mark.parametrize("theme", THEMES)
def test_on_a_phone_the_menu_opens_from_the_keyboard(browser, menus, theme, javascript, key):
    site = menus[f"sample-{theme}"]
    context, page = _page(browser, 390, javascript, "dark")
    try:
        page.goto(site.url + "cv/")
        for _ in range(6):
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUSED)
            if focused["tag"] == "SUMMARY":
                break
        assert focused["tag"] == "SUMMARY" and focused["text"] == "Menu", focused
        assert focused["outline"] != "none" and focused["width"] >= 2, focused  # a focus ring
        page.keyboard.press(key)
        assert page.evaluate(HEADER)["open"]
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert (focused["tag"], focused["text"], focused["visible"]) == ("A", "About", True)
        page.keyboard.press("Shift+Tab")
        page.keyboard.press(key)
        assert _folded(page.evaluate(HEADER))
    finally:
        context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_a_menu_that_fits_shows_open_in_one_row_at_desktop_width(browser, menus, theme):
    site = menus[f"sample-{theme}"]
    context, page = _page(browser, 1280)
    try:
        page.goto(site.url + "cv/")
        state = page.evaluate(HEADER)
        assert not _folded(state) and state["button"] is None, state
        assert state["shown"] == state["items"] == 8 and state["rows"] == 1, state
        assert _one_row_or_folded(state) == []
        page.get_by_role("link", name="Education", exact=True).click()
        page.wait_for_url(re.compile(r"/education/$"))
    finally:
        context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_the_menu_row_fits_at_the_width_its_stylesheet_is_linked_at(browser, menus, sites, theme):
    """Each theme estimates the width its one-row menu needs and links nav-row.css from that
    width up: at that width the row must fit; a pixel below, the menu folds."""
    pages = [
        menus[f"sample-{theme}"].url + "cv/",
        menus[f"sample-{theme}"].url + "de/cv/",
        menus[f"ten-{theme}"].url + "cv/",
        sites[theme].url + "cv/",
    ]
    context, page = _page(browser, 1280)
    linked, problems = 0, []
    try:
        for url in pages:
            page.set_viewport_size({"width": 1280, "height": 800})
            page.goto(url)
            sheet = page.locator(ROW_SHEET)
            if not sheet.count():
                state = page.evaluate(HEADER)
                if not _folded(state):
                    problems.append(f"{url}: no nav-row.css, yet the menu is not folded")
                continue
            linked += 1
            media = sheet.get_attribute("media")
            width = math.ceil(float(re.fullmatch(r"\(min-width: ([\d.]+)em\)", media)[1]) * 16)
            for at, folded in ((width, False), (width - 1, True)):
                page.set_viewport_size({"width": at, "height": 800})
                state = page.evaluate(HEADER)
                problems += [f"{url} at {at} px: {p}" for p in _one_row_or_folded(state)]
                if _folded(state) != folded:
                    problems.append(f"{url} at {at} px: folded is {_folded(state)}")
    finally:
        context.close()
    assert problems == [], "\n".join(problems)
    assert 0 < linked < len(pages)  # both kinds seen: menus shown in a row, and folded


@pytest.mark.parametrize("theme", THEMES)
def test_axe_finds_nothing_with_the_menu_open(browser, menus, theme):
    site = menus[f"ten-{theme}"]
    context = axe_context(browser)
    page = context.new_page()
    problems = []
    try:
        for width in (390, 1280):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(site.url + "publications/")
            if _folded(page.evaluate(HEADER)):
                page.locator(".nav-toggle").click()
            assert page.evaluate(HEADER)["shown"] == 10
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                for violation in page.evaluate(AXE_RUN):
                    problems.append(f"{width} px, {scheme}: {violation['id']}")
                if page.evaluate(OVERFLOW) > 0:
                    problems.append(f"{width} px, {scheme}: scrolls sideways")
    finally:
        context.close()
    assert problems == [], "\n".join(problems)


def test_ledger_holds_a_date_range_on_one_line_beside_a_wide_text_column(browser, tmp_path):
    """Dates to the day, as a JSON Resume gives them, are the longest a range gets."""
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\ntheme: ledger\n",
            "content/experience.yaml": """\
                - position: Research Engineer
                  organization: Example Labs
                  start: 2013-09-01
                  end: 2017-08-01
                - position: Staff Engineer
                  organization: Example Labs
                  start: 2017-09-01
                """,
        },
    )
    assert run_cli("build", "--site", site).code == 0
    context, page = _page(browser, 1280)
    try:
        page.goto((site / "output" / "cv" / "index.html").as_uri())
        column = page.locator(".entry-title").first.bounding_box()["width"]
        lines = page.evaluate(
            """() => [...document.querySelectorAll('main .when')].map(e => {
                 const r = document.createRange(); r.selectNodeContents(e);
                 const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
                 return [e.textContent, tops.size]; })"""
        )
    finally:
        context.close()
    assert column >= 640, column
    assert len(lines) == 2 and all(count == 1 for _, count in lines), lines
