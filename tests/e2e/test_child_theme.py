"""The worked example of docs/themes.md, taken from the page itself: a five-line child theme
changes the footer and one colour of a built-in theme, and copies nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import REPO, run_cli
from tests.htmlread import read_page

DOC = REPO / "docs" / "themes.md"
EXAMPLE = re.compile(r'```\w+ title="(themes/[^"]+)"\n(.*?)```', re.DOTALL)


def example_files() -> dict[str, str]:
    return dict(EXAMPLE.findall(DOC.read_text(encoding="utf-8")))


def use_theme(site: Path, theme: str) -> None:
    config = site / "site.yaml"
    text = config.read_text(encoding="utf-8")
    config.write_text(re.sub(r"(?m)^theme: .*$", f"theme: {theme}", text), encoding="utf-8")


def test_the_example_is_five_lines_and_copies_nothing():
    files = example_files()
    assert set(files) == {"themes/mine/theme.yaml", "themes/mine/templates/base.html"}
    assert sum(len(text.strip().splitlines()) for text in files.values()) <= 6
    assert "@parent/base.html" in files["themes/mine/templates/base.html"]


@pytest.mark.parametrize("parent", ["meridian", "ledger"])
def test_child_theme_changes_footer_and_colour_of_each_builtin(sample_site: Path, parent: str):
    for name, text in example_files().items():
        path = sample_site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.replace("extends: meridian", f"extends: {parent}"), "utf-8")
    use_theme(sample_site, "mine")
    result = run_cli("build", "--site", sample_site)
    assert result.code == 0, result.err

    out = sample_site / "output"
    for page_path in ("index.html", "cv/index.html", "404.html"):
        page = read_page(out / page_path)
        footer = page.root.find("footer")
        assert "Hosted in Göttingen, on my own server." in footer.text
        assert "Built with cvsite" in footer.text  # super() kept the parent's footer
        assert page.root.find(cls="skip-link") is not None  # the rest is the parent's page
        style = " ".join(e.text for e in page.root.find_all("style"))
        assert "--accent-light:#8a1c4a" in style.replace(" ", "")
    # The parent's stylesheet, untouched, is what the page uses.
    builtin = REPO / "themes" / parent / "static" / "style.css"
    assert (out / "assets" / "style.css").read_bytes() == builtin.read_bytes()
    # Only the parent's own accent changed: the other colour stays the parent's default.
    parent_default = re.search(
        r'accent_dark: "([^"]+)"', (REPO / "themes" / parent / "theme.yaml").read_text()
    ).group(1)
    assert f"--accent-dark:{parent_default}" in style.replace(" ", "")
