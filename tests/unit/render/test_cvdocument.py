"""The CV as data for the PDF template: every fact of /cv/, text as runs, nothing as markup."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.model.resume import load
from generator.render.cvdocument import cv_document
from generator.render.presenter import printed
from generator.site.build import BuildOptions, render_site
from tests.e2e.test_seed_facts import FACTS, _normalise
from tests.helpers import REPO, new_site_cache
from tests.htmlread import parse_page

SITE = "title: T\nbase_url: https://example.org/\n"
HARD_BREAK = "  "  # two spaces at a line's end: Markdown's line break


def texts(node: Any) -> list[str]:
    """Every piece of text in a document (dict keys aside), in document order."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [t for value in node.values() for t in texts(value)]
    if isinstance(node, list):
        return [t for value in node for t in texts(value)]
    return []


def shown(runs: list[dict]) -> str:
    return "".join(run["text"] for run in runs)


@pytest.fixture(scope="module")
def sample() -> dict[str, Any]:
    loaded = load(REPO)
    return {code: cv_document(resume) for code, resume in loaded.resumes.items()}


def test_every_fact_of_the_sample_resume_is_in_the_document(sample):
    document = sample["en"]
    languages = [f"{lang['name']} ({lang['level']})" for lang in document["profile"]["languages"]]
    text = _normalise(
        " ".join(languages + texts(document["profile"]) + texts(document["sections"]))
    )
    missing = [fact for fact in FACTS if _normalise(fact) not in text]
    assert missing == []


def test_the_document_is_plain_json(sample):
    for document in sample.values():
        assert json.loads(json.dumps(document)) == document


def test_each_entry_gives_its_length_in_utf8_bytes_of_its_texts(sample):
    for section in sample["de"]["sections"]:
        for entry in section["entries"]:
            without = {key: value for key, value in entry.items() if key != "length"}
            assert entry["length"] == sum(len(t.encode()) for t in texts(without)) > 0


def test_sections_and_entries_come_in_the_cvs_order(sample):
    document = sample["en"]
    assert [s["name"] for s in document["sections"]] == [
        "education",
        "experience",
        "projects",
        "publications",
        "certificates",
        "skills",
    ]
    experience = document["sections"][1]["entries"]
    assert [e["title_text"] for e in experience][:2] == [
        "AI Engineering",
        "Competition Project: AgentX",
    ]
    assert experience[0]["meta"] == ["Turing College"]
    assert experience[0]["tags"][:3] == ["LLM", "LangGraph", "LangChain"]


def test_metadata_names_the_cv_in_its_language(sample):
    en, de = sample["en"]["meta"], sample["de"]["meta"]
    assert en["title"] == "Silin Zhao — CV" and de["title"] == "Silin Zhao — Lebenslauf"
    assert en["author"] == "Silin Zhao"
    assert en["subject"].startswith("Large language models")
    assert {"LLM", "HPC", "MPI"} <= set(en["keywords"])
    assert (en["language"], de["language"], en["paper"]) == ("en", "de", "a4")
    assert en["url"] == "https://example.github.io/cv/"
    assert de["url"] == "https://example.github.io/de/cv/"
    assert sample["de"]["labels"]["thesis"] == "Abschlussarbeit"


def test_dates_are_those_the_cv_page_shows(tmp_path):
    """In each language, the entries' dates in the document are the `.when` texts of /cv/."""
    site = render_site(BuildOptions(REPO, tmp_path / "out", cache_dir=new_site_cache()))
    for code, resume in site.loaded.resumes.items():
        page = "cv/index.html" if code == "en" else f"{code}/cv/index.html"
        html = parse_page(site.files[Path(page)].decode())
        on_page = [span.text for span in html.main.find_all("span", cls="when")]
        document = cv_document(resume)
        dates = [e["date"] for s in document["sections"] for e in s["entries"] if e["date"]]
        dates = [" ".join(date.split()) for date in dates]  # as the page reader reads them
        assert dates == on_page, code


def test_publications_mark_the_owner_and_equal_contribution(site):
    root = site(
        {
            "site.yaml": f"{SITE}highlight_author: Ada Lovelace\n",
            "content/publications.yaml": """
                - title: Notes on the engine
                  authors: [Charles Babbage*, A. Lovelace*, Luigi Menabrea†]
                  venue: Scientific Memoirs
                  venue_short: SM
                  type: journal
                  year: 1843
                  status: published
                  doi: 10.1000/xyz
                  arxiv: "1234.5678"
                  pdf: files/notes.pdf
            """,
            "content/files/notes.pdf": b"%PDF",
        }
    )
    section = cv_document(load(root).resume)["sections"][0]
    paper = section["entries"][0]
    assert paper["kind"] == "publication"
    assert [(a["name"], a["owner"], a["marks"]) for a in paper["authors"]] == [
        ("Charles Babbage", False, ["*"]),
        ("A. Lovelace", True, ["*"]),
        ("Luigi Menabrea", False, ["†"]),
    ]
    # `*` has its usual meaning; `†` means what the site says, and this one says nothing.
    assert section["legend"] == [{"symbol": "*", "meaning": "Equal contribution"}]
    assert (paper["venue"], paper["venue_short"], paper["type_label"]) == (
        "Scientific Memoirs",
        "SM",
        "Journal article",
    )
    assert (paper["date"], paper["year"], paper["status"]) == ("1843", 1843, "published")
    links = {link["kind"]: (link["text"], link["url"]) for link in paper["links"]}
    assert links["doi"] == ("10.1000/xyz", "https://doi.org/10.1000/xyz")
    assert links["arxiv"] == ("1234.5678", "https://arxiv.org/abs/1234.5678")
    assert links["pdf"] == ("example.org/files/notes.pdf", "https://example.org/files/notes.pdf")
    assert paper["url"] == "https://example.org/publications/notes-on-the-engine/"


def test_contact_is_printed_as_text_and_linked(site):
    root = site(
        {
            "site.yaml": f"{SITE}contact: {{phone: true}}\n",
            "content/profile.yaml": """
                name: Ada Lovelace
                location: London
                email: ada@example.org
                phone: +44 20 7946 0000
                website: https://ada.example.org/
                links:
                  - label: GitHub
                    url: https://github.com/ada
                  - label: CV
                    url: files/cv.pdf
            """,
            "content/files/cv.pdf": b"%PDF",
        }
    )
    contact = cv_document(load(root).resume)["profile"]["contact"]
    assert [(c["kind"], c["text"], c["url"]) for c in contact] == [
        ("location", "London", None),
        ("email", "ada@example.org", "mailto:ada@example.org"),
        ("phone", "+44 20 7946 0000", "tel:+442079460000"),
        ("website", "ada.example.org", "https://ada.example.org/"),
        ("link", "github.com/ada", "https://github.com/ada"),
        ("link", "example.org/files/cv.pdf", "https://example.org/files/cv.pdf"),
    ]
    assert contact[4]["label"] == "GitHub"
    # Each fact's icon is drawn from cvsite's own shapes, carried in the document: nothing
    # is fetched at typesetting.
    icons = cv_document(load(root).resume)["icons"]
    assert sorted(icons) == sorted({c["icon"] for c in contact})
    assert all(svg.startswith("<svg xmlns=") and "currentColor" in svg for svg in icons.values())


def test_paper_prints_handles_and_the_postal_address(site):
    root = site(
        {
            "site.yaml": f"{SITE}contact: {{address: true}}\n",
            "content/profile.yaml": """
                name: Ada Lovelace
                location: London
                address: {street: 12 St James's Square, postal_code: SW1Y 4LB, city: London,
                          country_code: GB}
                links:
                  - {label: Twitter, url: "https://twitter.com", username: ada}
                  - {label: GitHub, url: "https://github.com/ada", username: ada}
                  - {label: Skype, username: ada.lovelace}
                  - {label: Signal}
            """,
            "content/publications.yaml": "- {title: P, date: 2020, summary: The *gist*.}\n",
        }
    )
    document = cv_document(load(root).resume)
    contact = document["profile"]["contact"]
    assert [(c["text"], c["url"]) for c in contact] == [
        ("12 St James's Square, London, SW1Y 4LB, GB", None),
        ("twitter.com (ada)", "https://twitter.com"),
        ("github.com/ada", "https://github.com/ada"),
        ("ada.lovelace", None),
        ("Signal", None),
    ]
    paper = document["sections"][0]["entries"][0]
    assert shown(paper["summary"][0]["runs"]) == "The gist."


@pytest.mark.parametrize(
    ("url", "text"),
    [
        ("mailto:a%40b@example.org", "a@b@example.org"),
        ("tel:+4930", "+4930"),
        ("https://example.org/", "example.org"),
        ("http://example.org/a/", "example.org/a/"),
        ("https://github.com/ada", "github.com/ada"),
    ],
)
def test_a_link_on_paper_reads_as_its_address(url, text):
    assert printed(url) == text


def test_markdown_becomes_runs_with_styles_and_full_links(site):
    root = site(
        {
            "content/projects.yaml": f"""
                - title: Engine *notes* with `code`
                  summary: |
                    First **bold** and [a page](/projects/) and [an anchor](#x) and
                    <script>alert(1)</script> text.

                    - one
                    - two with [link](https://example.com/a)

                    last{HARD_BREAK}
                    line
                  highlights:
                    - "Plain #eval(\\"1\\") $x$ ] [ *not closed"
            """
        }
    )
    entry = cv_document(load(root).resume)["sections"][0]["entries"][0]
    assert entry["title"] == [
        {"text": "Engine "},
        {"text": "notes", "emph": True},
        {"text": " with "},
        {"text": "code", "code": True},
    ]
    first, one, two, last = entry["summary"]
    assert first["kind"] == "paragraph"
    assert {"text": "bold", "strong": True} in first["runs"]
    assert {"text": "a page", "link": "https://example.org/projects/"} in first["runs"]
    anchor = next(run for run in first["runs"] if "an anchor" in run["text"])
    assert "link" not in anchor  # a fragment leads nowhere on paper
    assert "<script>alert(1)</script>" in shown(first["runs"])  # escaped text, shown as text
    assert (one["kind"], shown(one["runs"]), one["depth"]) == ("item", "one", 0)
    assert {"text": "link", "link": "https://example.com/a"} in two["runs"]
    assert last["runs"] == [{"text": "last"}, {"text": "", "break": True}, {"text": "line"}]
    assert shown(entry["highlights"][0]) == "Plain #eval(“1”) $x$ ] [ *not closed"


def test_raw_html_lets_no_script_text_through(site):
    root = site(
        {
            "site.yaml": f"{SITE}markdown:\n  unsafe_html: true\n",
            "content/projects.yaml": """
                - title: X
                  summary: "Before <script>alert(1)</script><style>p{}</style><b>bold</b> after"
            """,
        }
    )
    summary = cv_document(load(root).resume)["sections"][0]["entries"][0]["summary"]
    assert summary == [
        {
            "kind": "paragraph",
            "runs": [{"text": "Before "}, {"text": "bold", "strong": True}, {"text": " after"}],
        }
    ]


def test_every_kind_of_entry_keeps_what_the_cv_shows(site):
    root = site(
        {
            "content/education.yaml": """
                - degree: MSc Physics
                  institution: Göttingen
                  location: Germany
                  grade: "1.0"
                  start: 2016
                  end: 2019
                  courses: [Optics, Quanta]
                  thesis:
                    title: On *monopoles*
                    advisors: [Prof. X]
                    highlights: [Found one]
            """,
            "content/skills.yaml": """
                - title: Languages
                  level: expert
                  items: [Python, {name: "**Go**", level: fluent}]
            """,
            "content/teaching.yaml": """
                - course: Physics I
                  role: Tutor
                  term: Winter 2018
                  institution: Göttingen
            """,
            "content/interests.yaml": "- title: Music\n  keywords: [Piano, Bach]\n",
            "content/talks.yaml": "- title: Keynote\n  event: PyCon\n  date: 2024-05\n",
        }
    )
    sections = {s["name"]: s["entries"][0] for s in cv_document(load(root).resume)["sections"]}
    education = sections["education"]
    assert education["meta"] == ["Göttingen", "Grade: 1.0"]
    assert education["place"] == "Germany"  # beside the dates, not in the line of details
    assert education["courses"] == ["Optics", "Quanta"]
    assert education["date"] == "2016\u2009–\u20092019"
    assert shown(education["thesis"]["title"]) == "On monopoles"
    assert education["thesis"]["advisors"] == ["Prof. X"]
    assert [shown(h) for h in education["thesis"]["highlights"]] == ["Found one"]
    skills = sections["skills"]
    assert skills["level"] == "expert"
    assert [(shown(s["name"]), s["level"]) for s in skills["skills"]] == [
        ("Python", None),
        ("Go", "fluent"),
    ]
    assert sections["teaching"]["meta"] == ["Göttingen", "Tutor", "Winter 2018"]
    assert sections["interests"]["keywords"] == ["Piano", "Bach"]
    assert (sections["talks"]["organization"], sections["talks"]["date"]) == ("PyCon", "May 2024")


@pytest.mark.parametrize(
    ("language", "expected"),
    [("pt-BR", ("pt", "BR")), ("de", ("de", None)), ("zh-Hant", ("zh", None))],
)
def test_language_and_region_as_typst_takes_them(site, language, expected):
    root = site({"site.yaml": f"{SITE}language: {language}\n"})
    meta = cv_document(load(root).resume)["meta"]
    assert (meta["language"], meta["region"]) == expected
