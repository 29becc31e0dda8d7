"""The CV as data for the PDF template: every fact of /cv/, text as runs, nothing as markup."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from generator.model.resume import load
from generator.render.cvdocument import cv_document
from generator.render.presenter import printed
from generator.site.build import BuildOptions, render_site
from tests.e2e.test_seed_facts import FACTS, _normalise
from tests.helpers import REPO, new_site_cache, write_site
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
    highlight = entry["highlights"][0]["text"]
    assert shown(highlight) == "Plain #eval(“1”) x ] [ *not closed"  # $x$: a formula, as read
    assert {"text": "x", "emph": True} in highlight


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
    assert [shown(h["text"]) for h in education["thesis"]["highlights"]] == ["Found one"]
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


# --- formulas: MathML read as the page shows it ------------------------------------------------

REAL_BIB = REPO / "tests" / "fixtures" / "realworld" / "bibtex"
IT, SUP, SUB = {"emph": True}, {"super": True}, {"sub": True}
THIN = "\u2009"
# Real titles (the INSPIRE list of a CMS physicist, Will Handley's NASA ADS export), each as
# the runs paper prints: its page's slug -> runs.
FORMULA_TITLES: dict[tuple[str, str], list[dict]] = {
    # $\sqrt{s} = 13$: the root sign, an italic s, the relation spaced
    ("gutsche-complete_publication_list.bib", "Aad:2026_3124422"): [
        {"text": "Combination of ATLAS and CMS searches for Higgs boson pair production at √"},
        {"text": "s", **IT},
        {"text": " = 13 TeV"},
    ],
    # D$^\pm_\mathrm{s}$ and $\sqrt{s_\mathrm{NN}}$. Known: TeX stacks the sub- and the
    # superscript of D; paper prints them side by side, the subscript first. latex2mathml
    # drops `\mathrm` from a single letter (`<mi>&#x00073;</mi>`), so the page shows an italic
    # s too.
    ("gutsche-complete_publication_list.bib", "Belyaev:2026_3120605"): [
        {"text": "Influence of strangeness on the anisotropic flow of prompt D"},
        {"text": "s", **IT, **SUB},
        {"text": "±", **SUP},
        {"text": " mesons in PbPb collisions at √"},
        {"text": "s", **IT},
        {"text": "NN", **SUB},  # \mathrm: upright
        {"text": " = 5.02 TeV"},
    ],
    # $\mathrm{b\bar{b}WW}$: the bar a combining macron on its letter
    ("gutsche-complete_publication_list.bib", "Gevorgyan:2026_3139023"): [
        {
            "text": "Search for Higgs boson pair production in the bb\u0304WW decay channel with "
            "two leptons in the final state using proton-proton collision data at √"
        },
        {"text": "s", **IT},
        {"text": " = 13.6 TeV"},
    ],
    # H $\to$$\mathcal{AA}$ with $\mathcal{AA}$$\to$$γγ$: formulas written one after another
    # are not spaced (as TeX sets them); a formula of one arrow is not an operator between two
    ("gutsche-complete_publication_list.bib", "Hayrapetyan:2026_3096986"): [
        {"text": "Search for exotic Higgs boson decays H →AA with AA→"},
        {"text": "γγ", **IT},
        {"text": " in events with a semi-merged topology in proton-proton collisions at √"},
        {"text": "s", **IT},
        {"text": " = 13 TeV"},
    ],
    # $\frac{2}{3}$: a fraction of one token a side, unparenthesised
    ("gutsche-complete_publication_list.bib", "Chatrchyan:2013_1266766"): [
        {
            "text": "Inclusive Search for a Vector-Like T Quark with Charge 2/3 in pp "
            "Collisions at √"
        },
        {"text": "s", **IT},
        {"text": " = 8 TeV"},
    ],
    # $ \textrm{t}\overline{\textrm{t}}\upgamma /\textrm{t}\overline{\textrm{t}} $: the
    # overline a combining overline; latex2mathml makes upgreek's upright γ an italic one
    ("gutsche-complete_publication_list.bib", "Hayrapetyan:2025_3076866"): [
        {"text": "Inclusive and differential measurements of the tt\u0305"},
        {"text": "γ", **IT},
        {"text": " cross section and the tt\u0305"},
        {"text": "γ", **IT},
        {"text": "/tt\u0305 cross section ratio in proton-proton collisions at √"},
        {"text": "s", **IT},
        {"text": " = 13 TeV"},
    ],
    # $\sqrt{s}=13\,\text {TeV} $: `\,` a thin space
    ("gutsche-complete_publication_list.bib", "Tumasyan:2021_1961934"): [
        {
            "text": "Search for low-mass dilepton resonances in Higgs boson decays to four-lepton "
            "final states in proton–proton collisions at √"
        },
        {"text": "s", **IT},
        {"text": f" = 13{THIN}TeV"},
    ],
    # ZZ$γ$ and $4\ellγ$: Unicode letters in the source, italic as TeX's
    ("gutsche-complete_publication_list.bib", "Hayrapetyan:2026_3139165"): [
        {"text": "Evidence of ZZ"},
        {"text": "γ", **IT},
        {"text": " production and observation of 4ℓ"},  # a script letter already: upright
        {"text": "γ", **IT},
        {"text": " in proton-proton collisions at √"},
        {"text": "s", **IT},
        {"text": " = 13 TeV"},
    ],
    # ADS: {\ensuremath{\Lambda}}CDM: a Greek capital upright, as TeX sets it
    ("handley-ads.bib", "2026MNRAS.547f2207O"): [
        {"text": "Comparison of dynamical dark energy with ΛCDM in light of DESI DR2"},
    ],
    # ADS: f{\ensuremath{\sigma}}$_{8}$ and S$_{8}$: a subscript of a formula of its own
    ("handley-ads.bib", "2021APh...13102604D"): [
        {"text": "Cosmology Intertwined III: f"},
        {"text": "σ", **IT},
        {"text": "8", **SUB},
        {"text": " and S"},
        {"text": "8", **SUB},
    ],
}


def _bib_entries(name: str, keys: list[str]) -> str:
    """The entries of a real .bib with these keys, as written."""
    text = (REAL_BIB / name).read_text(encoding="utf-8")
    found = [re.search(rf"@\w+\{{{re.escape(k)},.*?\n\}}\n", text, re.S) for k in keys]
    return "\n".join(match.group(0) for match in found if match)


@pytest.fixture(scope="module")
def formula_entries(tmp_path_factory) -> dict[str, dict]:
    """The CV document's entries of the real titles, by their pages' addresses."""
    by_file: dict[str, list[str]] = {}
    for name, key in FORMULA_TITLES:
        by_file.setdefault(name, []).append(key)
    bib = "\n".join(_bib_entries(name, keys) for name, keys in by_file.items())
    root = write_site(
        tmp_path_factory.mktemp("formulas") / "site",
        {"site.yaml": SITE, "content/profile.yaml": "name: A\n", "content/papers.bib": bib},
    )
    entries = [e for s in cv_document(load(root).resume)["sections"] for e in s["entries"]]
    return {e["url"]: e for e in entries}


def _entry(entries: dict[str, dict], key: str) -> dict:
    slug = re.sub(r"\.+", ".", key.replace(":", "-"))  # the page's address: `:` and `...` go
    return entries[f"https://example.org/publications/{slug}/"]


@pytest.mark.parametrize(("name", "key"), sorted(FORMULA_TITLES))
def test_a_real_titles_formulas_read_as_the_page_shows_them(formula_entries, name, key):
    entry = _entry(formula_entries, key)
    assert entry["title"] == FORMULA_TITLES[name, key]
    # the plain copy is the printed text: no TeX source, no `$`
    assert entry["title_text"] == shown(FORMULA_TITLES[name, key])
    assert not re.search(r"[$\\{}]", entry["title_text"])


def test_markdown_formulas_read_as_runs_and_lose_no_character(site):
    # Markdown's formulas go through the same reader as a .bib's: fractions, roots and spaces
    # by the rules of the printed CV; an element it lays out as nothing special (a box, a
    # matrix) still gives all its text.
    root = site(
        {
            "content/projects.yaml": r"""
                - title: Fits
                  highlights:
                    - 'Cost $O(n \log n)$, with $\frac{a+b}{2}$ and $\sqrt{x+1}$ or $\sqrt[3]{x}$'
                    - '$a\,b\quad c$ and $\boxed{E} = \begin{pmatrix}a & b\\ c & d\end{pmatrix}$'
            """
        }
    )
    entry = cv_document(load(root).resume)["sections"][0]["entries"][0]
    first, second = (h["text"] for h in entry["highlights"])
    assert shown(first) == f"Cost O(n{THIN}log{THIN}n), with (a + b)/2 and √(x + 1) or 3√x"
    assert {"text": "3", "super": True} in first  # the root's index
    assert shown(second) == f"a{THIN}b c and E = (a b; c d)"


def test_a_paper_in_another_language_is_set_in_it(tmp_path):
    """Typst hyphenates and tags a title by its `lang`: a German paper on an English CV is
    set in German; an English one, and a region (`en-GB`), add nothing."""
    site = write_site(
        tmp_path / "site",
        {
            "content/publications.yaml": """
                - {title: Kritik der praktischen Vernunft, year: 1788, language: de-AT}
                - {title: On Computable Numbers, year: 1936, language: en-GB}
                - {title: Untitled, year: 2020}
            """
        },
    )
    document = cv_document(load(site).resume)
    (section,) = document["sections"]
    languages = {entry["year"]: entry["language"] for entry in section["entries"]}
    assert languages == {1788: "de", 1936: None, 2020: None}
