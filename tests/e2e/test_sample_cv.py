"""The sample site's CV holds the résumé it was made from: every fact of the seed
(tests/fixtures/seed-resume.txt, a copy of ../shared/seeds/resume-silin-zhao.txt), entry by
entry, on /cv/ and in cv.pdf (`pdftotext -layout`), in both themes. And the untouched starter
of `cvsite init` fits one page of cv.pdf in both themes, with one more job too.

The seed is read line by line (as tests/fidelity/facts.py reads a résumé). Each line belongs
to a block: an entry (named by its first line) or a section heading. A fact of an entry is
looked for in that entry only: on /cv/, its <article>; in the PDF, from the line with its
title to the line with the next entry's title. Lines the tables below do not translate are
facts as written: a bullet (less its "•"), a sentence, a short line (an organisation, a
status); a range of years or months is a date, found in any form the site prints it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import pdfread
from tests.fidelity import facts
from tests.helpers import FIXTURES, REPO, copy_site, run_cli, set_theme
from tests.htmlread import read_page

SEED = FIXTURES / "seed-resume.txt"
THEMES = ("meridian", "ledger")

# Section headings of the seed: what the CV calls the section (in either case: ledger's PDF
# sets headings in capitals). A heading's block holds facts of the whole CV.
HEADINGS = {
    "Education": "Education",
    "Research Projects": "Research project",  # the projects' subtitle; the section is "Projects"
    "Professional Experience": "Experience",
    "Publications & Patents": "Publications",
    "Certificates": "Certificates",
    "Specialized Skills": "Skills",
    "Languages": "Languages",
}
# Lines inside an entry that the CV says in its own words.
LABELS = {"Master Thesis": ["Thesis"], "Master Thesis:": ["Thesis"], "Bachelor Thesis:": ["Thesis"]}
# Lines of the seed that the CV knowingly does not show, and why.
NOT_SHOWN = {
    "Key Contributions & Technical Details:": "a label over an entry's highlights, which the "
    "CV lists under the entry's summary without it",
}


def _tags(*tags: str) -> tuple[str, ...]:
    return tags


# The seed's entries, by their first line: the title the CV gives them, and the lines of the
# entry that hold other facts than the line as written (a tag line: its tags).
ENTRIES: dict[str, tuple[str, dict[str, list[str] | tuple[str, ...]]]] = {
    "Master of Application Informatics": ("Master of Application Informatics", {
        "University of Göttingen, Germany": ["University of Göttingen", "Germany"],
        "tags": _tags("NLP", "Transformer", "PyTorch", "ONNX", "ONNX Runtime", "TorchScript",
                      "Dynamo", "A100", "CUDA", "C/C++", "Rust", "JavaScript",
                      "Federated Learning", "Slurm"),
    }),
    "Project 1: Distributed Deep Learning with Golang": ("Distributed Deep Learning with Golang", {
        "tags": _tags("Golang", "Python", "Gorgonia", "CGO", "CUDA", "Docker", "Singularity",
                      "HPC", "Distributed Systems", "MPI", "Deep Learning"),
    }),
    "Project 2: HPC Benchmarking & Performance Assessment": (
        "HPC Benchmarking & Performance Assessment", {
            "tags": _tags("HPC", "GWDG SCC", "MiniBUDE", "IO500", "HPL", "HPCG", "STREAM",
                          "OpenMP", "Julia", "CUDA", "OpenCL", "MPI"),
        }),
    "Project 3: Parallel Deep Learning Pipelines Using Go and MPI": (
        "Parallel Deep Learning Pipelines Using Go and MPI", {
            "tags": _tags("Golang", "MPI", "Distributed Deep Learning", "HPC", "CGO", "Gonum",
                          "GWDG"),
        }),
    "Master of Physics": ("Master of Physics", {
        "University of Göttingen, Germany": ["University of Göttingen", "Germany"],
    }),
    "Bachelor of Applied Informatics": ("Bachelor of Applied Informatics", {
        "University of Göttingen, Germany": ["University of Göttingen", "Germany"],
        "tags": _tags("Operating Systems", "Algorithms", "Data Structures", "Java", "C/C++"),
    }),
    "Bachelor of Physics": ("Bachelor of Physics", {
        "University of Shihezi, China": ["University of Shihezi", "China"],
    }),
    "AI Engineering": ("AI Engineering", {
        "tags": _tags("LLM", "LangGraph", "LangChain", "MCP", "RAG", "Qdrant", "Kubernetes",
                      "OpenClaw"),
    }),
    "Competition Project: AgentX": ("Competition Project: AgentX", {
        "tags": _tags("LLM", "AI Agent", "Genertive AI", "LangGraph", "PydanticAI"),
    }),
    "Python Developer": ("Python Developer", {
        "tags": _tags("Python", "Django", "Javascript", "Postgresql", "WSGI", "Linux", "RestAPI"),
    }),
    "Full-stack Web Developer": ("Full-stack Web Developer", {
        "tags": _tags("Vue", "Golang", "Django", "SQL", "Nginx", "Docker compose",
                      "Cloud server"),
    }),
    "Robotics Engineer": ("Robotics Engineer", {}),
    "Exploration for Distributed Learning Design with Golang": (
        "Exploration for Distributed Learning Design with Golang", {
            "Technical ReportUniversität GöttingenApril 2024": [
                "Technical report", "Universität Göttingen", "date 2024-04"],
            "Advisors: Sadegh Keshtkar and Julian Kunkel": [
                "Advisors", "Sadegh Keshtkar", "Julian Kunkel"],
        }),
    "Improving Portability and Interoperability of Deep-Learning-Workloads using ONNX": (
        "Improving Portability and Interoperability of Deep-Learning-Workloads using ONNX", {
            "Journal ArticleApplied Intelligence (Springer Nature)2025": [
                "Journal article", "Applied Intelligence", "Springer Nature", "2025"],
        }),
    "Growing Domain-Specific LLMs Through Federated Split-Phase Learning: System Design and "
    "Analysis": (
        "Growing Domain-Specific LLMs Through Federated Split-Phase Learning: System Design and "
        "Analysis", {
            "Conference PaperFederated Learning Systems & Applications (FLICS)2026": [
                "Conference paper", "Federated Learning Systems & Applications", "FLICS",
                "2026"],
        }),
    "Patent: ZL2011 1 0004207.2": ("Patent: ZL2011 1 0004207.2", {
        "PatentChina National Intellectual Property Administration2015": [
            "Patent", "China National Intellectual Property Administration", "2015"],
    }),
    "Large Language Models": ("Large Language Models", {}),
    "High-Performance & Parallel Computing": ("High-Performance & Parallel Computing", {}),
    "Programming & Tools": ("Programming & Tools", {
        "tags": _tags("Python", "Golang", "Rust", "C/C++", "JavaScript", "PyTorch", "Django",
                      "Kubernetes", "Docker", "LangChain", "LangGraph", "ONNX", "Slurm", "MPI",
                      "Emacs (10+ years)"),
    }),
}  # fmt: skip
# Certificates, one a line ("2025 Title Issuer"): each an entry with its year, title, issuer.
CERTIFICATES = {
    "AI Engineering Professional Certificate": "Turing College",
    "Kubernetes Certified Application Developer (CKAD)": "Udemy",
    "Performance Analysis of AI and HPC Workloads": "GWDG",
    "Deep Learning Bootcamp: Building and Deploying AI Models": "GWDG",
    "Gründungsstipendium": "Nbank Niedersachsen",
    "Certificate of Attendance of GWDG Scientific Compute Cluster": "GWDG",
    "IBM Data Science Professional Certificate": "Coursera",
    "PIER Graduate Week 2017 Confirmation of Attendance": "DESY",
    "Teacher Qualification Certificate (High School Physics)": "Ministry of Education, PRC",
}
# Lines of a heading's block (facts of the whole CV).
WHOLE_CV = {"English (C1) German (C1) Chinese (Native)": ["English (C1)", "German (C1)",
                                                           "Chinese (Native)"]}  # fmt: skip
# Facts the CV knowingly leaves out, by name, and why (none today).
KNOWN_MISSING: dict[str, str] = {}

_DATES = re.compile(r"^(\d{4})(?:\.(\d{2}))? - (\d{4})(?:\.(\d{2}))?$")


@dataclass(frozen=True)
class Fact:
    name: str  # what it is, for the test's id
    forms: tuple[str, ...]  # any of these shows it
    entry: str | None  # the CV title of its entry; None: anywhere on the CV


def _forms(text: str) -> tuple[str, ...]:
    """The ways the CV may show a line: a date in the site's forms, else the text."""
    if m := _DATES.match(text):
        start = (int(m[1]), int(m[2] or 0), 0)
        end = (int(m[3]), int(m[4] or 0), 0)
        return tuple(facts.span_forms(start, end, "en"))
    if m := re.fullmatch(r"date (\d{4})-(\d{2})", text):
        return tuple(facts.date_forms((int(m[1]), int(m[2]), 0), "en"))
    return (text,)


def _name(text: str) -> str:
    lead = text.split(":", 1)[0] if ":" in text[:50] else " ".join(text.split()[:6])
    return lead if len(lead) <= 50 else lead[:47] + "..."


def seed_facts() -> tuple[list[Fact], list[str]]:
    """Every fact of the seed, and the seed's lines that hold none (NOT_SHOWN)."""
    found: list[Fact] = []
    skipped: list[str] = []
    entry: str | None = None  # the CV title of the block being read
    lines: dict = {}
    tags: tuple[str, ...] = ()
    for fact in facts.markdown_facts(SEED):
        line = fact.text
        if line in HEADINGS:
            entry, lines, tags = None, WHOLE_CV, ()
            found.append(Fact(f"heading {line}", (HEADINGS[line],), None))
            continue
        if m := re.fullmatch(r"(\d{4}) (.+)", line):
            title = next((t for t in CERTIFICATES if m[2].startswith(t + " ")), None)
            if title and m[2] == f"{title} {CERTIFICATES[title]}":
                for part, text in (
                    ("year", m[1]),
                    ("title", title),
                    ("issuer", CERTIFICATES[title]),
                ):
                    found.append(Fact(f"certificate {_name(title)}: {part}", (text,), title))
                continue
        if line in ENTRIES:
            entry, lines = ENTRIES[line]
            tags = lines.get("tags", ())
            found.append(Fact(f"{_name(entry)}: title", (entry,), entry))
            continue
        where = _name(entry) if entry else "CV"
        if line in NOT_SHOWN:
            skipped.append(line)
        elif tags and line == " ".join(tags):
            found += [Fact(f"{where}: tag {tag}", (tag,), entry) for tag in tags]
        elif line in LABELS or line in lines:
            for text in LABELS.get(line) or lines[line]:
                found.append(Fact(f"{where}: {_name(text)}", _forms(text), entry))
        else:
            text = line.removeprefix("• ")
            kind = "dates" if _DATES.match(text) else _name(text)
            found.append(Fact(f"{where}: {kind}", _forms(text), entry))
    return found, skipped


FACTS, NOT_SHOWN_LINES = seed_facts()


def _plain(text: str) -> str:
    """Text compared: a line broken after a hyphen joined again, whitespace, quotes and
    dashes as tests/fidelity/facts.py reads them, no space around a dash, case folded; ledger's
    "#" before a tag dropped."""
    text = re.sub(r"-[ \t]*\n[ \t]*", "-", text)
    text = re.sub(r"(?<!\S)#(?=\w)", "", text)
    return re.sub(r"\s*-\s*", "-", facts.norm(text)).casefold()


@dataclass
class Shown:
    """One output of the CV: its whole text, and each entry's."""

    whole: str
    entries: dict[str, str]

    def shows(self, fact: Fact) -> bool:
        text = self.whole if fact.entry is None else self.entries.get(fact.entry, "")
        return any(facts.contains(text, _plain(form)) for form in fact.forms)


def _titles() -> list[str]:
    titles = [title for title, _ in ENTRIES.values()]
    return titles + list(CERTIFICATES)


def _html(page: Path) -> Shown:
    main = read_page(page).main
    entries = {}
    for article in main.find_all("article"):
        heading = article.find("h3")
        title = " ".join(heading.text.split()) if heading else ""
        if title in _titles():
            entries[title] = _plain(article.text)
    return Shown(_plain(main.text), entries)


def _pdf(pdf: Path, order: list[str]) -> Shown:
    """Each entry's lines: from its title's line to the line of the next title, the titles
    looked for in the order of the CV page, after the first section's heading."""
    lines = pdfread.text(pdf, "-layout").splitlines()
    flat = [_plain(line) for line in lines]
    at = next(i for i, line in enumerate(flat) if line.strip() == "education")
    starts = []
    for title in order:
        # a long title may wrap: its first words are on its first line
        head = _plain(" ".join(title.split()[:6]))
        at = next((i for i in range(at, len(flat)) if head in flat[i]), len(flat))
        starts.append(at)
    ends = [*starts[1:], len(flat)]
    entries = {
        t: _plain("\n".join(lines[a:b])) for t, a, b in zip(order, starts, ends, strict=True)
    }
    return Shown(_plain("\n".join(lines)), entries)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> dict[str, Shown]:
    """The sample site's CV in each theme: on /cv/ and in cv.pdf."""
    pdfread.require_poppler()
    shown = {}
    for theme in THEMES:
        site = copy_site(REPO, tmp_path_factory.mktemp(theme) / "site")
        set_theme(site, theme)
        result = run_cli("build", "--site", site)
        assert result.code == 0, result.err
        html = _html(site / "output" / "cv" / "index.html")
        order = [t for t in html.entries]  # the CV page's order
        shown[f"{theme} /cv/"] = html
        shown[f"{theme} cv.pdf"] = _pdf(site / "output" / "cv.pdf", order)
    return shown


def test_the_oracle_reads_every_line_of_the_seed():
    """Each entry of the tables is met in the seed, and every line became a fact or is named
    in NOT_SHOWN: a change to the seed or a slip in the tables cannot pass unseen."""
    names = [fact.name for fact in FACTS]
    assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]
    entries = {fact.entry for fact in FACTS}
    assert entries == {None, *_titles()}
    assert set(NOT_SHOWN_LINES) == set(NOT_SHOWN)
    assert len(FACTS) > 200


@pytest.mark.parametrize("fact", FACTS, ids=[fact.name for fact in FACTS])
def test_each_fact_of_the_seed_is_on_the_cv_page_and_in_the_pdf(fact: Fact, outputs):
    missing = [where for where, shown in outputs.items() if not shown.shows(fact)]
    if fact.name in KNOWN_MISSING:
        assert missing, f"{fact.name} is shown now: take it out of KNOWN_MISSING"
        pytest.skip(KNOWN_MISSING[fact.name])
    assert missing == [], f"{fact.forms[0]!r} ({fact.entry or 'anywhere'})"


def test_every_entry_is_found_in_each_output(outputs):
    """Else an entry's facts would be looked for in nothing."""
    for where, shown in outputs.items():
        assert set(shown.entries) == set(_titles()), where
        assert all(shown.entries.values()), where


# ---------------------------------------------------------------------------------------------
# The starter of `cvsite init` on one page

ONE_MORE_JOB = """
- position: Data Engineer
  organization: Another Company
  location: City, Country
  start: 2019-01
  end: 2020-09
  summary: What the team does and what you own in it.
  highlights:
    - Something you built, and what it changed (with a number if you have one).
    - Something you led or improved.
  tags: [SQL, Airflow]
"""


@pytest.mark.parametrize("job", (False, True), ids=("starter", "starter-and-a-job"))
@pytest.mark.parametrize("theme", THEMES)
def test_the_starter_fits_one_page(tmp_path, theme, job):
    pdfread.require_poppler()
    site = tmp_path / "site"
    assert run_cli("init", site).code == 0
    set_theme(site, theme)
    if job:
        with (site / "content" / "experience.yaml").open("a", encoding="utf-8") as file:
            file.write(ONE_MORE_JOB)
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    pdf = site / "output" / "cv.pdf"
    assert pdfread.info(pdf)["Pages"] == "1"
    text = _plain(pdfread.text(pdf, "-layout"))
    assert "your name" in text and ("data engineer" in text) is job
