"""Each reference site builds to the same bytes as its golden copy, and a difference is shown
as a diff of the pages that changed.

When a change is meant to alter the output, regenerate the golden copies with
`python -m tests.golden.golden` in the same commit and say why.
"""

from __future__ import annotations

import pytest

from tests.golden.golden import EXPECTED, SITES, build, differences, read_manifest, write_expected


@pytest.mark.parametrize("name", SITES)
def test_output_is_unchanged(name: str, tmp_path) -> None:
    assert differences(name, build(name, tmp_path)) == ""


def test_a_changed_page_is_shown_as_a_diff(tmp_path, monkeypatch) -> None:
    """The failure message names the page and shows the changed line, so the author sees how
    the output changed without building the old version."""
    output = tmp_path / "output"
    (output / "about").mkdir(parents=True)
    (output / "about" / "index.html").write_text("<p>one</p>\n<p>two</p>\n", encoding="utf-8")
    (output / "cv.pdf").write_bytes(b"%PDF-1.7")
    monkeypatch.setattr("tests.golden.golden.HERE", tmp_path)
    monkeypatch.setattr("tests.golden.golden.EXPECTED", tmp_path / "expected")
    write_expected("demo", output)
    assert differences("demo", output) == ""

    (output / "about" / "index.html").write_text("<p>one</p>\n<p>2</p>\n", encoding="utf-8")
    (output / "cv.pdf").write_bytes(b"%PDF-2.0")
    (output / "new.html").write_text("x", encoding="utf-8")
    shown = differences("demo", output)
    assert "demo: 2 changed, 0 missing, 1 new" in shown
    assert "new: new.html" in shown
    assert "changed (binary): cv.pdf" in shown
    assert "-<p>two</p>\n+<p>2</p>" in shown
    assert set(read_manifest("demo")) == {"about/index.html", "cv.pdf"}


def test_every_site_has_its_expected_text() -> None:
    for name in SITES:
        assert (EXPECTED / name / "index.html").is_file(), f"expected/{name}/ is missing"
