"""In a browser, the docs' child theme really recolours links in light mode, and only there."""

from __future__ import annotations

from pathlib import Path

from tests.browser.conftest import EVERY_KIND, new_context
from tests.e2e.test_child_theme import example_files
from tests.helpers import build_theme, copy_site, run_cli, set_theme

LINK_COLOUR = "getComputedStyle(document.querySelector('main a')).color"


def test_child_theme_accent_is_what_a_visitor_sees(browser, tmp_path: Path):
    output = build_theme(EVERY_KIND, tmp_path / "plain", "meridian", "https://example.org/")
    child = copy_site(EVERY_KIND, tmp_path / "child")
    for name, text in example_files().items():
        (child / name).parent.mkdir(parents=True, exist_ok=True)
        (child / name).write_text(text, encoding="utf-8")
    set_theme(child, "mine")
    assert run_cli("build", "--site", child).code == 0
    child_output = child / "output"
    colours = {}
    for label, out in (("meridian", output), ("mine", child_output)):
        for scheme in ("light", "dark"):
            context = new_context(browser, scheme)
            page = context.new_page()
            page.goto((out / "cv" / "index.html").as_uri())
            colours[label, scheme] = page.evaluate(LINK_COLOUR)
            context.close()
    assert colours["mine", "light"] == "rgb(138, 28, 74)"  # #8a1c4a
    assert colours["meridian", "light"] != colours["mine", "light"]
    assert colours["mine", "dark"] == colours["meridian", "dark"]
