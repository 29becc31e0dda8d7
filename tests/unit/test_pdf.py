"""The PDF module's pure parts: finding a browser, the print copy of the CV page, stable bytes."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.site.chromiumpdf import _repeatable, find_browser, print_copy, require_browser

PAGE = """<!DOCTYPE html><html lang="en"><head>
<link rel="stylesheet" href="../assets/style.css">
<script src="../assets/theme-toggle.js" defer></script>
</head><body><a href="../projects/x/">X</a> <a href="#cv-1">1</a> <a href="https://a.example/">A</a>
<img src="../files/me.png" alt=""> <img src="https://b.example/i.png" alt=""></body></html>"""


def test_print_copy_loads_locally_and_links_to_the_published_site():
    html = print_copy(PAGE, "file:///tmp/site/cv/", "https://me.example/portfolio/cv/")
    assert '<head>\n<base href="https://me.example/portfolio/cv/">' in html
    assert 'href="file:///tmp/site/assets/style.css"' in html
    assert 'src="file:///tmp/site/assets/theme-toggle.js"' in html
    assert 'src="file:///tmp/site/files/me.png"' in html
    # Links stay relative, so the <base> sends them to the published site.
    assert 'href="../projects/x/"' in html and 'href="#cv-1"' in html
    assert 'href="https://a.example/"' in html and 'src="https://b.example/i.png"' in html


def test_time_stamps_are_fixed_without_moving_any_byte():
    pdf = b"%PDF-1.4\n/CreationDate (D:20261123022149+00'00')\n/ModDate (D:20261123022150+00'00')"
    fixed = _repeatable(pdf)
    assert len(fixed) == len(pdf)
    assert b"20261123" not in fixed and fixed.count(b"(D:20000101000000+00'00')") == 2


def fake_browser(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_browser_named_by_variable_wins_then_path(tmp_path: Path, monkeypatch):
    on_path = fake_browser(tmp_path, "chromium")
    named = fake_browser(tmp_path, "my-chrome")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CHROME_PATH", raising=False)
    monkeypatch.setenv("CVSITE_CHROMIUM", str(named))
    assert find_browser() == named
    monkeypatch.setenv("CVSITE_CHROMIUM", "")
    assert find_browser() == on_path


def test_no_browser_is_a_build_error_that_says_what_to_do(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("CVSITE_CHROMIUM", "")
    monkeypatch.setenv("CHROME_PATH", str(tmp_path / "missing"))
    with pytest.raises(BuildError) as caught:
        require_browser()
    text = str(caught.value)
    assert f"CHROME_PATH={tmp_path / 'missing'} is not an executable" in text
    assert "apt-get install chromium" in text and "CVSITE_CHROMIUM" in text
    assert os.environ["PATH"] == str(tmp_path)
