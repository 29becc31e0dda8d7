"""Pictures in Chromium, both themes: the source a browser picks for its screen loads at the
size expected (naturalWidth at 1x and 2x), each picture takes the size its width and height
say before it loads, and axe finds nothing on the pages that show them, light or dark."""

from __future__ import annotations

import pytest

from tests.browser.axe import axe_context, problems_in_every_mode
from tests.browser.conftest import THEMES, new_context, serving
from tests.e2e.test_images import build, make_site

PAGES = ("", "projects/", "projects/engine/")
AVATAR = {"meridian": 160, "ledger": 96}
LOADED = "img => img.complete && img.naturalWidth > 0"
# naturalWidth is the file's width over the density srcset gave it (a 320-pixel file for a
# 160-pixel box is 160): the file itself is loaded again, without srcset, to count its pixels.
SHOWN = """img => new Promise(done => {
    const file = new Image();
    file.onload = () => done({natural: img.naturalWidth, pixels: file.naturalWidth,
        src: img.currentSrc.split('/').pop(),
        box: [Math.round(img.getBoundingClientRect().width),
              Math.round(img.getBoundingClientRect().height)]});
    file.src = img.currentSrc;
})"""


@pytest.fixture(scope="module")
def picture_sites(tmp_path_factory):
    root = tmp_path_factory.mktemp("pictures")
    outputs = {}
    for theme in THEMES:
        site = make_site(root / theme, theme, **{
            "site.yaml": f"title: T\nbase_url: https://example.org/sites/{theme}/\ntheme: {theme}\n"
        })  # fmt: skip
        result = build(site, root / "cache")
        assert result.code == 0, result.err
        outputs[theme] = site / "output"
    with serving(outputs) as served:
        yield served


def _shown(page, selector: str) -> dict:
    image = page.locator(selector).first
    image.scroll_into_view_if_needed()
    page.wait_for_function(f"({LOADED})(document.querySelector('{selector}'))")
    return image.evaluate(SHOWN)


@pytest.mark.parametrize("scale", [1, 2])
@pytest.mark.parametrize("theme", THEMES)
def test_the_browser_loads_the_avatar_and_images_at_the_size_for_its_screen(
    browser, picture_sites, theme: str, scale: int
):
    site = picture_sites[theme]
    context = new_context(browser, device_scale_factor=scale)
    page = context.new_page()
    modern = page.evaluate("document.createElement('canvas').toDataURL('image/webp')")
    kind = "webp" if modern.startswith("data:image/webp") else "jpg"
    try:
        page.goto(site.url)
        side = AVATAR[theme]
        avatar = _shown(page, "img.avatar")
        assert (avatar["natural"], avatar["pixels"]) == (side, side * scale)
        assert avatar["box"] == [side, side]
        assert avatar["src"].startswith(f"me-{side * scale}x{side * scale}.")
        assert avatar["src"].rsplit(".", 1)[1] in ("avif", "webp", kind)
        page.goto(site.url + "projects/engine/")
        figure = _shown(page, ".entry-image img")
        # The phone photo is 300 pixels wide as shown: no larger file exists for 2x.
        assert (figure["pixels"], figure["box"]) == (300, [300, 400])
        if theme == "meridian":
            page.goto(site.url + "projects/")
            thumb = _shown(page, "img.thumb")
            assert (thumb["natural"], thumb["pixels"]) == (128, 128 * scale)
            assert thumb["box"] == [128, 171]
    finally:
        context.close()


def test_a_picture_has_its_size_before_it_loads(browser, picture_sites):
    """width and height keep the layout still: the box is there while the file is not."""
    site = picture_sites["meridian"]
    context = new_context(browser)
    page = context.new_page()
    page.route("**/*.{avif,webp,jpg,png}", lambda route: route.abort())
    try:
        page.goto(site.url + "projects/engine/")
        box = page.locator(".entry-image img").bounding_box()
        assert (round(box["width"]), round(box["height"])) == (300, 400)
    finally:
        context.close()


@pytest.mark.parametrize("theme", THEMES)
def test_axe_finds_nothing_on_pages_with_pictures(browser, picture_sites, theme):
    site = picture_sites[theme]
    context = axe_context(browser)
    page = context.new_page()
    problems = []
    try:
        for path in PAGES:
            problems += problems_in_every_mode(page, site.url + path, path)
    finally:
        context.close()
    assert problems == [], "\n".join(problems)


def test_no_picture_request_leaves_the_site(browser, picture_sites):
    site = picture_sites["meridian"]
    context = new_context(browser)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    try:
        for path in PAGES:
            page.goto(site.url + path)
            page.wait_for_load_state("networkidle")
    finally:
        context.close()
    assert asked and all(url.startswith(site.url) for url in asked), asked
    assert not any(url.endswith(("me.jpg", "engine.jpg")) for url in asked)
