"""Issue 40's real files (tests/fixtures/realworld/, "Issue 40" in SOURCES.md): each imports
with exit status 0, builds, and shows every fact tests/fidelity/facts.py counts but those named
below as knowingly not shown; and the fields that were lost before are on the built pages."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from tests.fidelity import facts
from tests.helpers import FIXTURES, run_cli
from tests.htmlread import read_page

REAL = FIXTURES / "realworld"

# Facts knowingly not shown, as (the fact's field, its text), with why.
KNOWN = {
    "hugoblox/hillroy-2025": {
        # first_name/last_name spell the display name again (for SEO): the name is shown once,
        # as `title` gives it, and the measure gives each fact a text of its own.
        ("authors.first_name", "Xavier"),
        ("authors.last_name", "Hill Roy"),
        ("authors.first_name", "Mahmoud R."),
        ("authors.role", "Professor"),  # a co-author's page: co-authors have no profile
        ("experience.title", "Experience"),  # a landing page of blocks, not a section
        ("publications.authors", "elsakka"),  # a user name: shown as the name, El-Sakka
    },
    "hugoblox/seungeunlee-2025": {
        ("authors.first_name", "Seungeun"),
        ("authors.last_name", "Lee"),
        ("authors.awards.url", "uploads/resume.pdf"),  # a file the repository does not hold
    },
    "hugoblox/ni-2025": {
        ("_index.title", "Home"),  # the landing page's own title
        ("publication.tags", "social media"),  # one tag with `Social media`: shown so
        # A link labelled `URL` names nothing: it is named for its host (issue 41), and its
        # address is shown as the link's target.
        ("publication.links.name", "URL"),
    },
    "hugoblox/yao-2025": {
        ("authors.first_name", "Mengxue"),
        ("authors.last_name", "Yao"),
    },
    "academicpages/muellner-2025": {
        # Author lists written with a serial comma are shown as cvsite writes lists.
        ("publications.authors", "Peter Müllner, Elisabeth Lex, Markus Schedl, and Dominik Kowald"),
        ("publications.authors", "Peter Müllner, Dominik Kowald, and Elisabeth Lex"),
        ("publications.authors", "Peter Müllner, Elisabeth Lex, and Dominik Kowald"),
        (
            "publications.authors",
            "Peter Müllner, Stefan Schmerda, Dieter Theiler, Stefanie Lindstaedt, "
            "and Dominik Kowald",
        ),
        (
            "publications.authors",
            "Dominik Kowald, Peter Müllner, Eva Zangerle, Christine Bauer, Markus Schedl, "
            "and Elisabeth Lex",
        ),
        # The site's own PDF: copied, and linked where it is now (test below).
        ("publications.paperurl", "http://pmuellner.github.io/files/userprivacyinrecsys.pdf"),
    },
    "rendercv/venibren-resume.yaml": {
        ("cv.sections.projects.end_date", "present"),  # shown as the locale writes it
    },
    "rendercv/ianlwestfall-General_CV.yaml": set(),
    "rendercv/jonnyjackson26-resume.yml": set(),
    "jsonresume/gboole01-fr.resume.json": {
        # The street address is published only with `contact: {address: true}`.
        ("basics.location.address", "Quelque part"),
        ("basics.location.postalCode", "33000"),
        # Not dates: left out of their entries, with a warning naming the field and line.
        ("education.endDate", "while (âge++ < vie.length) { connaissances++ };"),
        ("certificates.date", "20-01-01"),
    },
    "bibtex/zhang-594zyc-papers.bib": set(),
    "bibtex/chen-boqi-papers.bib": set(),
}


@pytest.mark.parametrize("unit", sorted(KNOWN))
def test_every_fact_shows_but_those_named(unit: str, tmp_path: Path):
    source = REAL / unit
    outcome = facts.run_unit(facts.kind_of(source), source, tmp_path)
    assert outcome.build == "ok", outcome.errors  # imported with exit 0, then built
    assert len(outcome.facts) > 40
    assert {(f.kind, f.text) for f in outcome.missing} == KNOWN[unit]
    assert outcome.broken == []


def imported(kind: str, source: Path, site: Path):
    run = run_cli("import", kind, source, "--site", site)
    assert run.code == 0, run.err
    assert run_cli("build", "--site", site).code == 0
    return run


def test_hugo_blox_v5_work_and_education_are_on_the_cv(tmp_path: Path):
    site = tmp_path / "site"
    imported("hugoblox", REAL / "hugoblox" / "seungeunlee-2025", site)
    cv = read_page(site / "output" / "cv" / "index.html").main.text
    assert "AI Research Intern" in cv and "NAVER CLOVA" in cv  # work: position, company_name
    assert "Ulsan National Institute of Science and Technology (UNIST)" in cv
    assert "Inha University" in cv


def test_an_academicpages_paper_brings_its_own_pdf_and_slides(tmp_path: Path):
    site = tmp_path / "site"
    run = imported("academicpages", REAL / "academicpages" / "muellner-2025", site)
    source = REAL / "academicpages" / "muellner-2025" / "files"
    for name in ("userprivacyinrecsys.pdf", "userprivacyinrecsys_slides.pdf"):
        assert (site / "content" / "files" / name).read_bytes() == (source / name).read_bytes()
        assert (site / "output" / "files" / name).is_file()
    page = read_page(site / "output" / "publications" / "userprivacyinrecsys" / "index.html")
    assert {
        "../../files/userprivacyinrecsys.pdf",
        "../../files/userprivacyinrecsys_slides.pdf",
    } <= set(page.links())
    # A path to a file the folder lacks is the source site's address, not left out.
    other = read_page(site / "output" / "publications" / "impactofdp" / "index.html")
    assert "https://pmuellner.github.io/files/impactofdp_slides.pdf" in other.links()
    assert "copied to content/files/userprivacyinrecsys.pdf" in run.out


def test_al_folio_fields_are_a_papers_links_and_short_venue(tmp_path: Path):
    site = tmp_path / "site"
    source = REAL / "bibtex" / "zhang-594zyc-papers.bib"
    run = run_cli("import", "bibtex", source, "--site", site)
    assert run.code == 0, run.err
    assert run_cli("build", "--site", site).code == 0
    text = source.read_text(encoding="utf-8")
    urls = re.findall(r"\n\s*(?:code|video|website)\s*=\s*\{(https?://[^}]+)\}", text)
    assert len(urls) == 18  # code ×11, video ×5, website ×2
    pages = [
        p.read_text(encoding="utf-8") for p in (site / "output" / "publications").rglob("*.html")
    ]
    assert [u for u in urls if not any(f'href="{html.escape(u)}"' in page for page in pages)] == []
    assert not re.search(r"\.(code|video|website) -> left out", run.out)
    paper = read_page(site / "output" / "publications" / "zhang2020task" / "index.html")
    assert "AAAI" in paper.text  # abbr: the short venue


def test_rendercv_details_are_skill_items(tmp_path: Path):
    site = tmp_path / "site"
    imported("rendercv", REAL / "rendercv" / "venibren-resume.yaml", site)
    skills = yaml.safe_load((site / "content" / "skills.yaml").read_text(encoding="utf-8"))
    languages = next(group for group in skills if group["title"] == "Languages")
    assert languages["items"] == ["C#", "Python", "Javascript / TypeScript", "Java", "C++", "GO"]
    assert all("," not in item for group in skills for item in group["items"])


def test_a_french_resume_keeps_every_entry_whatever_its_dates(tmp_path: Path):
    """gBoole01's résumé: two ends before their starts, an end that is a line of code, a
    certificate dated '20-01-01', a current job with `"endDate": null`. Every entry stays."""
    site = tmp_path / "site"
    source = REAL / "jsonresume" / "gboole01-fr.resume.json"
    run = imported("jsonresume", source, site)
    said = (run.out + run.err).splitlines()
    warned = [line for line in said if line.startswith("Warning: ")]
    assert [line.split(": ")[2] for line in warned] == [
        "work[2].endDate",
        "education[1].endDate",
        "education[2].endDate",
        "certificates[0].date",
    ]
    assert all(line.split(": ")[1].startswith(f"{source}:") for line in warned)  # file:line:col
    assert (
        "education[2].endDate: 'while (âge++ < vie.length) { connaissances++ };' is not a date "
        "(expected YYYY, YYYY-MM, YYYY-MM-DD or present); left out (the entry is kept, without it)"
    ) in warned[2]
    work = yaml.safe_load((site / "content" / "experience.yaml").read_text(encoding="utf-8"))
    assert len(work) == 4
    bonbay = next(job for job in work if job["organization"] == "Agence Bonbay")
    assert (str(bonbay["start"]), str(bonbay["end"])) == ("2020-01-01", "2020-03-01")
    assert work[0]["end"] == "present"  # `"endDate": null`: the job goes on
    education = yaml.safe_load((site / "content" / "education.yaml").read_text(encoding="utf-8"))
    assert [e["institution"] for e in education] == [
        "CESI",
        "Talis Business School",
        "Auto-apprentissage",
        "Lycée de Borda",
    ]
    certificates = (site / "output" / "certificates" / "index.html").read_text(encoding="utf-8")
    assert "Opquast" in certificates


def test_a_bullet_summary_of_a_rendercv_2_8_file_is_a_section_of_its_own(tmp_path: Path):
    site = tmp_path / "site"
    imported("rendercv", REAL / "rendercv" / "ianlwestfall-General_CV.yaml", site)
    summary = yaml.safe_load((site / "content" / "summary.yaml").read_text(encoding="utf-8"))
    assert len(summary) == 4
    config = yaml.safe_load((site / "site.yaml").read_text(encoding="utf-8"))
    assert config["pdf"] == {"paper": "us-letter"}  # RenderCV's own, the file names none
