"""Math on a built site: MathML in Markdown and in real BibTeX titles, errors placed at the
formula in the owner's files, warnings (never a stop) for a real .bib's macros, and the
TeX source where a title must be plain text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.helpers import FIXTURES, run_cli, write_site
from tests.htmlread import read_page

GUTSCHE = FIXTURES / "realworld" / "bibtex" / "gutsche-complete_publication_list.bib"
KEYS = (
    *("Hayrapetyan:2026_3151125", "Hayrapetyan:2026_3150815", "Chekhovsky:2025_2904618"),
    *("Hayrapetyan:2026_3113709", "Chekhovsky:2025_2878311"),  # `$…$4q`, `$ \sqrt{s} $`
)


def _entries(path: Path, keys: tuple[str, ...]) -> str:
    """The entries of a real .bib with these keys, as written."""
    text = path.read_text(encoding="utf-8")
    found = [re.search(rf"@\w+\{{{re.escape(k)},.*?\n\}}\n", text, re.S) for k in keys]
    return "\n".join(match.group(0) for match in found)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    site = write_site(
        tmp_path_factory.mktemp("math") / "site",
        {
            "content/papers.bib": _entries(GUTSCHE, KEYS)
            + "@article{made,\n  title = {Fits of $\\mathfrak{g}\\qux{x}$ at 13 TeV},\n"
            "  year = {2025},\n}\n",
            "content/projects/p.md": (
                "---\ntitle: Kernels for $B^*$ and $D^*$\n---\n"
                "Energy is $E = mc^2$; it cost $5 and $10.\n"
            ),
        },
    )
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    return site / "output", result.err


def test_a_real_bib_title_with_math_is_mathml(built):
    output, _ = built
    page = read_page(output / "publications" / "Hayrapetyan-2026_3150815" / "index.html")
    h1 = page.main.find("h1")
    assert len(list(h1.find_all("math"))) == 5  # $η$$\to$$μ^+μ^-$e$^+$e$^-$
    assert "$" not in h1.text and not list(h1.find_all("em"))


@pytest.mark.parametrize(
    ("key", "formulas"),
    [("Hayrapetyan-2026_3113709", 2), ("Chekhovsky-2025_2878311", 1)],
)
def test_a_bib_formula_by_texs_rule_is_math_where_markdowns_would_not_be(built, key, formulas):
    output, _ = built
    h1 = read_page(output / "publications" / key / "index.html").main.find("h1")
    assert len(list(h1.find_all("math"))) == formulas
    assert "$" not in h1.text


def test_a_real_bibs_varvec_is_math_as_boldsymbol(built):
    output, err = built
    page = read_page(output / "publications" / "Chekhovsky-2025_2904618" / "index.html")
    h1 = page.main.find("h1")
    assert h1.find("code", cls="math-source") is None
    assert [m.attrs.get("mathvariant") for m in h1.find_all("mi")] == ["bold-italic"]
    assert "varvec" not in err


def test_an_unknown_macro_in_a_bib_warns_and_shows_its_source(built):
    output, err = built
    page = read_page(output / "publications" / "made" / "index.html")
    code = page.main.find("code", cls="math-source")
    assert code.text == r"$\mathfrak{g}\qux{x}$"
    line = r"content/papers\.bib:\d+:1: title: formula .*; \\qux is a TeX command latex2mathml does"
    assert re.search(line + r" not know: 1 formula shown as their source", err)


def test_plain_forms_of_a_title_keep_the_tex(built):
    output, _ = built
    page = read_page(output / "publications" / "Hayrapetyan-2026_3151125" / "index.html")
    title = page.root.find("title").text
    assert r"$\sqrt{s}$ = 13 TeV" in title and "<math" not in title
    meta = {m.attrs.get("name") or m.attrs.get("property"): m.attrs["content"] for m in
            page.root.find_all("meta") if "content" in m.attrs}  # fmt: skip
    assert r"$\sqrt{s}$" in meta["citation_title"] and r"$\sqrt{s}$" in meta["og:title"]
    ld = [json.loads(s.text) for s in page.root.find_all("script", type="application/ld+json")]
    assert any(r"$\sqrt{s}$" in x.get("headline", "") for x in ld)
    feed = (output / "feed.xml").read_text(encoding="utf-8")
    assert r"<title>Kernels for $B^*$ and $D^*$</title>" in feed


def test_math_in_a_markdown_title_and_body(built):
    output, _ = built
    page = read_page(output / "projects" / "p" / "index.html")
    h1 = page.main.find("h1")
    assert len(list(h1.find_all("math"))) == 2 and not list(h1.find_all("em"))
    assert "cost $5 and $10." in page.main.text


def test_a_formula_that_cannot_be_converted_is_an_error_at_it(tmp_path):
    body = "Intro.\n\nThe rate is $\\alpah + 1$ here.\n"
    site = write_site(tmp_path / "site", {"content/projects/a.md": f"---\ntitle: A\n---\n{body}"})
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert (
        "content/projects/a.md:6:13: body: formula $\\alpah + 1$ cannot be shown as math: "
        "unknown command \\alpah"
    ) in result.err
    assert "Traceback" not in result.err
