"""Read a PDF as a user's tools do: poppler's pdftotext, pdfinfo, pdffonts and pdftohtml."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

POPPLER = ("pdftotext", "pdfinfo", "pdffonts", "pdftohtml")


def require_poppler() -> None:
    """Skip, saying why, where poppler-utils is missing; in CI (which installs it) fail."""
    missing = [tool for tool in POPPLER if shutil.which(tool) is None]
    if not missing:
        return
    message = (
        f"poppler-utils is not installed (no {', '.join(missing)}): apt-get install poppler-utils"
    )
    if os.environ.get("CI") or os.environ.get("CVSITE_REQUIRE_BROWSER"):
        pytest.fail(message + ", and CI must read PDFs")
    pytest.skip(message)


def require_cjk_font() -> None:
    """Skip, saying why, where the machine has no font for Japanese (the built-in themes'
    fonts lack Chinese, Japanese and Korean, and Typst takes them from the machine's); in CI
    (which installs one) fail. Typst is asked as the build asks it (typstpdf.unprintable)."""
    require_poppler()
    from generator.render.typstpdf import unprintable

    if not unprintable("日本語"):
        return
    message = "no font for Japanese on this machine: apt-get install fonts-wqy-microhei"
    if os.environ.get("CI") or os.environ.get("CVSITE_REQUIRE_BROWSER"):
        pytest.fail(message + ", and CI must typeset them")
    pytest.skip(message)


def _run(*command: str | Path) -> str:
    return subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, check=True
    ).stdout


def text(pdf: Path, *options: str, page: int | None = None) -> str:
    """pdftotext's text of the PDF (or of one page), in reading order."""
    pages = ["-f", str(page), "-l", str(page)] if page is not None else []
    return _run("pdftotext", *options, *pages, pdf, "-")


def bold(pdf: Path) -> list[str]:
    """The runs of text set in a bold font, as pdftohtml finds them (its `<b>`)."""
    xml = _run("pdftohtml", "-xml", "-i", "-stdout", pdf)
    return [html.unescape(run) for run in re.findall(r"<b>(.*?)</b>", xml)]


def info(pdf: Path) -> dict[str, str]:
    found = {}
    for line in _run("pdfinfo", pdf).splitlines():
        key, _, value = line.partition(":")
        found[key.strip()] = value.strip()
    return found


def urls(pdf: Path) -> list[str]:
    """The targets of the PDF's links, page by page."""
    lines = _run("pdfinfo", "-url", pdf).splitlines()[1:]
    return [line.split(None, 2)[2] for line in lines if len(line.split(None, 2)) == 3]


def fonts(pdf: Path) -> list[dict[str, str]]:
    """pdffonts' table: each font's name and whether it is embedded (`emb`)."""
    lines = _run("pdffonts", pdf).splitlines()
    rows = []
    for line in lines[2:]:
        # The name may hold spaces no more than the other columns do; the flags are the
        # three yes/no columns before the object number.
        parts = line.split()
        rows.append({"name": parts[0], "emb": parts[-5], "sub": parts[-4], "uni": parts[-3]})
    return rows
