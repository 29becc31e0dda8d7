"""Page images of the typeset CV (cv.pdf) in both built-in themes, for the docs.

Builds the repository's own site in each theme and turns each page of its cv.pdf into
docs/screenshots/cv-pdf-<theme>-<page>.png with poppler's pdftoppm (80 dpi). Run again after
changing a theme's Typst template:

    pip install -e . && python docs/screenshots/make_pdf.py

The RenderCV images beside them (rendercv-classic-<page>.png) are RenderCV 2.3's classic
theme on the same résumé, rendercv-sample.yaml here, made in a throwaway virtual
environment (RenderCV's newest release needs a newer Python than cvsite's 3.11):

    python3 -m venv /tmp/rcv && /tmp/rcv/bin/pip install "rendercv[full]==2.3" click typer
    /tmp/rcv/bin/rendercv render docs/screenshots/rendercv-sample.yaml

RenderCV's classic theme imports a Typst package (fontawesome) from the internet; where
there is none, replace that import in the .typ file it wrote with `#let fa-icon(..a) = none`
(the sample has no contact icons) and compile it with the typst package, its fonts from
rendercv_fonts, then `pdftoppm -png -r 80 cv.pdf rendercv-classic`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
THEMES = ("meridian", "ledger")


def main() -> None:
    sys.path.insert(0, str(REPO))
    from tests.helpers import build_theme

    with tempfile.TemporaryDirectory(prefix="cvsite-pdf-shots-") as scratch:
        for theme in THEMES:
            output = build_theme(REPO, Path(scratch) / theme, theme, "https://example.github.io/")
            for old in HERE.glob(f"cv-pdf-{theme}-*.png"):
                old.unlink()
            prefix = HERE / f"cv-pdf-{theme}"
            subprocess.run(["pdftoppm", "-png", "-r", "80", output / "cv.pdf", prefix], check=True)
            for image in sorted(HERE.glob(f"cv-pdf-{theme}-*.png")):
                print(f"wrote {image.relative_to(REPO)}")


if __name__ == "__main__":
    main()
