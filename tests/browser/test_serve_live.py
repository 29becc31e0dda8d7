"""A page open in Debian's chromium follows edits through `cvsite serve`, without a reload.

The session's browser (tests/browser/conftest.py) skips with the reason where chromium is
missing."""

from __future__ import annotations

import time
from pathlib import Path

from tests.helpers import REPO, write_site
from tests.serving import free_port, run_serve, start

LIVE_SECONDS = 3  # the promise: an edit shows within 3 s, untouched


def _connected(page) -> None:  # noqa: ANN001 - a playwright Page
    """Wait until the page runs the preview's reload script. It asks the server at once for
    a build newer than the one the page came from (its data-epoch), so no rebuild after
    this is missed."""
    page.wait_for_function(
        "() => document.readyState === 'complete'"
        " && document.querySelector('script[src=\"/livereload.js\"][data-epoch]')",
        timeout=15_000,
    )


def test_an_open_page_shows_edits_errors_and_fixes_by_itself(
    browser, sample_site: Path, tmp_path: Path
):
    from playwright.sync_api import expect

    experience = sample_site / "content" / "experience.yaml"
    original = experience.read_text()
    with run_serve(sample_site, "--port", str(free_port()), scratch=tmp_path / "t") as served:
        start(served)
        context = browser.new_context()
        page = context.new_page()
        page.goto(served.url + "experience/")
        main = page.locator("main")
        expect(main).to_contain_text("AI Engineering")
        _connected(page)

        edited = original.replace("AI Engineering", "AI Wrangling")
        experience.write_text(edited)
        saved = time.monotonic()
        expect(main).to_contain_text("AI Wrangling", timeout=LIVE_SECONDS * 1000)
        print(f"edit shown {time.monotonic() - saved:.2f} s after saving")

        _connected(page)
        experience.write_text(edited + "- position: [unclosed\n")
        expect(page.locator("h1")).to_have_text(
            "The site could not be built", timeout=LIVE_SECONDS * 1000
        )
        expect(page.locator("#cvsite-error")).to_contain_text("content/experience.yaml:")

        _connected(page)
        experience.write_text(edited)
        expect(main).to_contain_text("AI Wrangling", timeout=LIVE_SECONDS * 1000)
        expect(page.locator("h1")).to_have_text("Experience")
        context.close()


def test_a_lone_stylesheet_edit_is_swapped_in_without_a_reload(browser, tmp_path: Path):
    from playwright.sync_api import expect

    style = (REPO / "themes" / "meridian" / "static" / "style.css").read_text()
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\ntheme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
            "themes/mine/static/style.css": style + "\nh1 { outline: 3px solid rgb(1, 2, 3); }\n",
        },
    )
    with run_serve(site, "--port", str(free_port()), scratch=tmp_path / "t") as served:
        start(served)
        page = browser.new_page()
        page.goto(served.url)
        heading = page.locator("h1").first
        expect(heading).to_have_css("outline-color", "rgb(1, 2, 3)")
        _connected(page)
        page.evaluate("() => { window.notReloaded = true; }")

        css = site / "themes" / "mine" / "static" / "style.css"
        css.write_text(css.read_text().replace("rgb(1, 2, 3)", "rgb(4, 5, 6)"))
        expect(heading).to_have_css("outline-color", "rgb(4, 5, 6)", timeout=LIVE_SECONDS * 1000)
        assert page.evaluate("() => window.notReloaded === true"), "the page was reloaded"
        page.close()
