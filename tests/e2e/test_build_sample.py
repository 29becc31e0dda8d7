"""Build the repository's own site with the CLI and read the pages like a visitor would."""

from __future__ import annotations

from pathlib import Path

from generator.site.linkcheck import check_links
from tests.helpers import run_cli
from tests.htmlread import read_page


def test_build_writes_every_page_kind_and_no_broken_links(sample_site: Path):
    result = run_cli("build", "--site", sample_site)
    assert result.code == 0, result.err
    assert "Built" in result.out and "pages" in result.out
    out = sample_site / "output"
    for page in (
        "index.html",
        "education/index.html",
        "experience/index.html",
        "projects/index.html",
        "publications/index.html",
        "certificates/index.html",
        "skills/index.html",
        "tags/index.html",
        "cv/index.html",
        "404.html",
    ):
        assert (out / page).is_file(), page
    for name in ("sitemap.xml", "robots.txt", "feed.xml"):
        assert (out / name).is_file(), name
    assert check_links(out) == []
    home = read_page(out / "index.html")
    assert home.title == "Silin Zhao"
    assert home.lang == "en"
