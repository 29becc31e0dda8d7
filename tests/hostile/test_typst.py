"""Typst code in every text field of every model: the typeset CV prints it as text.

Every field holds Typst that would read files, import, include, evaluate, open math or
close content if it ran. The fields come from the pydantic models (tests/hostile/fields.py),
so a field added later is tested too. Whatever of a value /cv/ shows, cv.pdf must show as
the same text (Markdown fields as Markdown renders them, on the page and on paper alike),
and nothing may be read from disk.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.model.resume import load
from generator.render.cvdocument import cv_document
from generator.render.theme import load_theme
from generator.render.typstpdf import font_folders, template_of, typeset
from tests import pdfread
from tests.helpers import run_cli, write_site
from tests.hostile.hostile_site import HostileSite, build_until_it_builds, make_site
from tests.htmlread import parse_page, read_page

# Each would do something if it were evaluated: read the template itself (it lies in the
# compiler's root) or /etc/passwd, import, include, evaluate, typeset math, close or open
# content, escape, embolden, label, refer, or comment out the rest.
TYPST = (
    '#read("cv.typ") #read("/etc/passwd") #import "x.typ": * #include "/etc/passwd" '
    '#eval("1+1") $x^2$ ] [ \\ *bold* _em_ <label> @ref // /* #{ "a" + "b" } #let x = 1'
)
THEMES = ("meridian", "ledger")
# Fields /cv/ shows whatever else is refused: each must also be in the PDF.
MUST_SHOW = [
    ("content/profile.yaml", "name"),
    ("content/profile.yaml", "headline"),
    ("content/profile.yaml", "summary"),
    ("content/profile.yaml", "location"),
    ("content/profile.yaml", "phone"),
    ("content/profile.yaml", "links[0].label"),
    ("content/profile.yaml", "languages[0].name"),
    ("content/profile.yaml", "languages[0].level"),
    ("content/profile.yaml", "interests[0]"),
    ("site.yaml", "nav[0].label"),
    ("content/experience.yaml", "experience[0].title"),
    ("content/experience.yaml", "experience[0].organization"),
    ("content/experience.yaml", "experience[0].highlights[0].text"),
    ("content/experience.yaml", "experience[0].summary"),
    ("content/experience.yaml", "experience[0].tags[0]"),
    ("content/experience.yaml", "experience[0].links[0].label"),
    ("content/education.yaml", "education[0].thesis.title"),
    ("content/education.yaml", "education[0].courses[0]"),
    ("content/education.yaml", "education[0].grade"),
    ("content/publications.yaml", "publications[0].authors[0]"),
    ("content/publications.yaml", "publications[0].venue"),
    ("content/publications.yaml", "publications[0].status"),
    ("content/certificates.yaml", "certificates[0].title"),
    ("content/certificates.yaml", "certificates[0].location"),
    ("content/skills.yaml", "skills[0].items[0].name"),
    ("content/skills.yaml", "skills[0].items[0].level"),
    ("content/interests.yaml", "interests[0].keywords[0]"),
]


def typst_code(marker: str) -> str:
    return f"{marker}>> {TYPST} <<{marker}"


@pytest.fixture(scope="module", params=THEMES)
def hostile(request, tmp_path_factory) -> tuple[HostileSite, Path]:
    pdfread.require_poppler()
    # Tags are printed only when the site asks: it does.
    site = make_site(
        tmp_path_factory.mktemp(request.param), typst_code, theme=request.param, pdf={"tags": True}
    )
    build_until_it_builds(site)
    return site, site.output / "cv.pdf"


def _shown(html: str, marker: str) -> str | None:
    """What the page shows of one field's value, between its markers."""
    found = re.search(rf"{marker}>>(.*?)<<{marker}(?!\d)", html, re.S)
    return found.group(1) if found else None


# Labels of the web page that paper has no use for (a link to an entry's page, to the PDF).
WEB_ONLY = {("site.yaml", "strings.read_more"), ("site.yaml", "strings.download_pdf")}
MATH = re.compile(r"<math\b(.*?)<annotation[^>]*>.*?</annotation>.*?</math>", re.S)


def _as_printed(html: str) -> str:
    """The page with each formula as the PDF prints it, its MathML's text (`x2` for
    `$x^2$`, the 2 raised), not its TeX."""
    return MATH.sub(lambda m: re.sub(r"<[^>]*>", "", m.group(1).split(">", 1)[1]), html)


def _bare(text: str) -> str:
    """Text without any whitespace (where a line wraps is the typesetter's business),
    case-folded (ledger sets its headings in capitals)."""
    return re.sub(r"\s+", "", text).casefold()


def _printed(site: HostileSite, pdf: Path) -> str:
    """The PDF's text, bare, without its page footers (the name and `2 / 5`), which stand
    in the text wherever a page breaks, in the middle of a paragraph that goes on."""
    name = typst_code(site.slot_named("content/profile.yaml", "name").marker)
    return re.sub(re.escape(_bare(name)) + r"\d+/\d+", "", _bare(pdfread.text(pdf, "-raw")))


def test_every_field_the_cv_page_shows_is_printed_as_the_same_text(hostile):
    site, pdf = hostile
    html = (site.output / "cv" / "index.html").read_text(encoding="utf-8")
    page = parse_page(_as_printed(html)).main.text
    printed = _printed(site, pdf)
    checked, wrong = [], []
    for slot in site.accepted():
        shown = _shown(page, slot.marker)
        if shown is None or (slot.file, slot.field) in WEB_ONLY:
            continue  # not on /cv/ (a body, an abstract, a slug), or not for paper
        checked.append((slot.file, slot.field))
        if _bare(f"{slot.marker}>>{shown}<<{slot.marker}") not in printed:
            wrong.append(f"{slot.file} {slot.field}: {shown!r}")
    assert wrong == []
    assert [field for field in MUST_SHOW if field not in checked] == []
    assert len(checked) > 60


def test_plain_fields_keep_every_character_of_the_code(hostile):
    """Fields that are not Markdown show the code exactly as written."""
    site, pdf = hostile
    printed = _printed(site, pdf)
    for field in [
        ("content/profile.yaml", "name"),
        ("content/experience.yaml", "experience[0].organization"),
    ]:
        marker = site.slot_named(*field).marker
        assert _bare(typst_code(marker)) in printed, field


def test_nothing_is_read_evaluated_or_imported(hostile):
    _, pdf = hostile
    printed = pdfread.text(pdf, "-raw")
    assert "sys.inputs" not in printed and "json(bytes(" not in printed  # the template's own text
    assert "root:x:0:0" not in printed  # /etc/passwd
    assert "#eval(" in printed and "$x^2$" in printed and "<label>" in printed


def test_metadata_carries_the_code_as_text(hostile):
    site, pdf = hostile
    name = typst_code(site.slot_named("content/profile.yaml", "name").marker)
    info = pdfread.info(pdf)
    assert info["Author"] == name
    assert info["Title"].startswith(name)


# --- any text at all -----------------------------------------------------------------------

# Printable ASCII (every character Typst gives a meaning to is among them) and some letters
# the themes' fonts have, often in Typst's own syntax.
TYPST_PIECES = ["#", "$", "[", "]", "\\", "*", "_", "<", ">", "@", "//", "/*", "*/", "`", "=", "~"]
TYPST_PIECES += ['#read("cv.typ")', "#eval(", "#import", "#let x = ", "#{", "}", "$x$", "é", "ß"]
# Pieces two by two, a space between: a run without a place to break a line fits on one
# line in every place tried. A longer run is wider than the page and runs off it, as
# test_a_word_wider_than_the_page_runs_off_it shows.
ANY_TEXT = st.lists(
    st.one_of(st.sampled_from(TYPST_PIECES), st.characters(min_codepoint=33, max_codepoint=126)),
    min_size=1,
    max_size=25,
).map(lambda pieces: " ".join("".join(pieces[i : i + 2]) for i in range(0, len(pieces), 2)))


@pytest.fixture(scope="module")
def tiny_document(tmp_path_factory) -> tuple[dict, Path, list[Path]]:
    pdfread.require_poppler()
    root = write_site(
        tmp_path_factory.mktemp("tiny"),
        {"content/projects.yaml": "- title: T\n  highlights: [h]\n  tags: [t]\n"},
    )
    theme = load_theme("meridian", root, {})
    document = cv_document(load(root).resume, options=theme.options)
    return document, template_of(theme), font_folders(theme)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=ANY_TEXT)
def test_any_text_in_any_place_is_printed_as_itself(tiny_document, tmp_path, text):
    document, template, fonts = tiny_document
    entry = document["sections"][0]["entries"][0]
    changed = {
        **document,
        "profile": {**document["profile"], "name": text, "headline": text},
        "sections": [
            {
                **document["sections"][0],
                "title": text,
                "entries": [{**entry, "title": [{"text": text, "strong": True}], "tags": [text]}],
            }
        ],
    }
    pdf = tmp_path / "cv.pdf"
    pdf.write_bytes(typeset(changed, template, fonts))
    assert _bare(pdfread.text(pdf, "-raw")).count(_bare(text)) >= 4


@pytest.mark.xfail(
    strict=True,
    reason="Typst breaks lines only where Unicode allows, and has no word-break or "
    "overflow-wrap yet (typst/typst#1164): a word wider than the page runs off its edge",
)
def test_a_word_wider_than_the_page_runs_off_it(tiny_document, tmp_path):
    """Found by the property test above (a name of `#######` and six `#read("cv.typ")`):
    the name is printed past the page's edge, where no reader sees it. Real names and titles
    are not one word of 115 characters; a long address is the likeliest to come near it."""
    document, template, fonts = tiny_document
    text = "#######" + '#read("cv.typ")' * 6
    changed = {**document, "profile": {**document["profile"], "name": text}}
    pdf = tmp_path / "cv.pdf"
    pdf.write_bytes(typeset(changed, template, fonts))
    assert _bare(text) in _bare(pdfread.text(pdf, "-raw"))


# --- a CV variant's PDF ------------------------------------------------------------------------


def test_a_variants_label_tags_and_highlights_are_printed_as_text(tmp_path):
    """The variant's label (its PDF's title) and a tagged highlight hold Typst code: the
    variant's PDF shows them as text, and reads nothing."""
    pdfread.require_poppler()
    code = typst_code("v")
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\nvariants:\n"
            f"  - name: v\n    label: {json.dumps(code)}\n"
            f"    include_tags: [{json.dumps(code)}]\n",
            "content/projects.yaml": "- title: T\n  highlights:\n"
            f"    - text: {json.dumps(code)}\n      tags: [{json.dumps(code)}]\n"
            "- title: Left out\n  tags: [y]\n",
        },
    )
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    pdf = site / "output" / "cv-v.pdf"
    assert pdfread.info(pdf)["Title"] == f"Ada Lovelace — {code}"
    printed = pdfread.text(pdf, "-raw")
    assert "root:x:0:0" not in printed and "sys.inputs" not in printed
    assert "#eval(" in printed and "Left out" not in printed
    page = read_page(site / "output" / "cv" / "v" / "index.html")
    assert page.title.startswith(f"Ada Lovelace — {code}")
