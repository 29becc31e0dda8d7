"""The Markdown résumé reader: dates, sections, entries, places, skills, nesting, contacts."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from generator.importers.markdown import vocabulary
from generator.importers.markdown.reader import parse

REPO = Path(__file__).resolve().parents[3]
# The sample person's résumé as text (shared/seeds/resume-silin-zhao.txt), and as text
# copied out of its PDF (resume-silin-zhao-plain.txt).
SEED = REPO / "tests/fixtures/seed-resume.txt"
SEED_PLAIN = REPO / "tests/fixtures/seed-resume-plain.txt"


def read(text: str, name: str | None = "Ada Lovelace"):
    return parse(textwrap.dedent(text).strip("\n") + "\n", name)


def section(parsed, name):
    return next(s for s in parsed.sections if s.name == name)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sep. 2019 – May. 2022", {"start": "2019-09", "end": "2022-05"}),
        ("2023.10 - 2024.05", {"start": "2023-10", "end": "2024-05"}),
        ("Mar 2024 - Present", {"start": "2024-03", "end": "present"}),
        ("2019 - 2023", {"start": "2019", "end": "2023"}),
        ("Jun. 2021 - Sep. 2021", {"start": "2021-06", "end": "2021-09"}),
        ("2022-2025 (Expected)", {"start": "2022", "end": "2025"}),
        ("since 2020", {"start": "2020", "end": "present"}),
        ("Summer 2019", {"date": "2019"}),
        ("September 2018 to June 2020", {"start": "2018-09", "end": "2020-06"}),
        ("Sept 2025 — Expected Dec. 2026", {"start": "2025-09", "end": "2026-12"}),
        ("12.2014 - present", {"start": "2014-12", "end": "present"}),
        ("05/2019", {"date": "2019-05"}),
        ("Feb 1, 2021", {"date": "2021-02-01"}),
        ("Jun 2021 -- Present | Remote", {"start": "2021-06", "end": "present"}),
        ("2024-        CROWDSTRIKE", {"start": "2024", "end": "present"}),
        ("Sep.15,2019", {"date": "2019-09-15"}),
        # "Until now" in the languages every import reads (importers/dates.py).
        ("2019 – heute", {"start": "2019", "end": "present"}),
        ("03/2020 - obecnie", {"start": "2020-03", "end": "present"}),
        ("2018 - aujourd'hui", {"start": "2018", "end": "present"}),
    ],
)
def test_dates_in_the_forms_resumes_use(text, expected):
    assert vocabulary.find_dates(text).fields() == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Other languages' month names are English words in running text: only the year.
        ("Mars 2020 rover", {"date": "2020"}),
        ("a data set 2019 release", {"date": "2019"}),
        # A day that no month has is no date: the line keeps it as written.
        ("Feb 30, 2019", None),
    ],
)
def test_month_words_that_are_no_month(text, expected):
    found = vocabulary.find_dates(text)
    assert (found.fields() if found else None) == expected


def test_dates_say_what_they_cannot_keep():
    assert "expected" in vocabulary.find_dates("2022-2025 (expected)").notes[0]
    assert "season" in vocabulary.find_dates("Summer 2019").notes[0]


@pytest.mark.parametrize("text", ["ResNet50", "36 GFlops/s", "ZL2011 1 0004207.2", "2021.13"])
def test_not_dates(text):
    assert vocabulary.find_dates(text) is None


@pytest.mark.parametrize(
    ("heading", "section"),
    [
        ("Work Experience", "experience"),
        ("Professional Experience", "experience"),
        ("Research Projects", "projects"),
        ("Skills and Certifications", "skills"),
        ("Publications & Patents", "publications"),
        ("Education", "education"),
        ("Honors and Awards", "awards"),
        ("Teaching Experience", "teaching"),
        ("Volunteer Experience", "volunteer"),
        ("Talks & Lectures", "talks"),
        ("Programming Languages", "skills"),
        ("Languages", "languages"),
        ("ABOUT ME", "summary"),
        ("Open Source Impact", None),
    ],
)
def test_sections_by_their_words(heading, section):
    assert vocabulary.section_of(heading) == section


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Ann Arbor, MI", True),
        ("Göttingen, Germany", True),
        ("Remote", True),
        ("Seattle, Washington", True),
        ("Boston MA", True),
        ("Turing College", False),
        ("GWDG", False),
        ("Mianyang Lunqi Robotics Co., Ltd.", False),
    ],
)
def test_places(text, place):
    assert vocabulary.is_place(text) is place


def test_an_organisation_and_its_place_apart():
    assert vocabulary.split_place("University of Göttingen, Germany") == (
        "University of Göttingen",
        "Germany",
    )
    assert vocabulary.split_place("Mianyang Lunqi Robotics Co., Ltd.") == (
        "Mianyang Lunqi Robotics Co., Ltd.",
        None,
    )


def test_the_name_headline_and_contact_lines():
    parsed = read(
        """
        # Ada Lovelace
        **Analyst of engines**
        ada@example.org | +44 20 7946 0000 | London, United Kingdom
        [GitHub](https://github.com/ada) · orcid.org/0000-0001
        """
    )
    profile = parsed.profile
    assert profile["name"] == "Ada Lovelace" and parsed.name_found
    assert profile["headline"] == "Analyst of engines"
    assert profile["email"] == "ada@example.org"
    assert profile["phone"] == "+44 20 7946 0000"
    assert profile["location"] == "London, United Kingdom"
    assert [link["url"] for link in profile["links"]] == [
        "https://github.com/ada",
        "https://orcid.org/0000-0001",
    ]
    # A URL written without its scheme gets https://, and the report says so.
    assert "https:// added" in parsed.placements[4].note


def test_entries_from_bold_lines_title_org_lines_and_headings():
    parsed = read(
        """
        # Ada Lovelace

        ## Work Experience

        **Analyst** | Analytical Engine Society | London, UK | Sep. 2019 – May 2022
        - Translated the memoir.

        ### Correspondent at Charles Babbage
        *Jun 2023 - Present* | Remote
        - Wrote letters.
        """
    )
    first, second = section(parsed, "experience").entries
    assert first.fields == {
        "position": "Analyst",
        "organization": "Analytical Engine Society",
        "location": "London, UK",
        "start": "2019-09",
        "end": "2022-05",
        "highlights": ["Translated the memoir."],
    }
    assert second.fields["position"] == "Correspondent"
    assert second.fields["organization"] == "Charles Babbage"
    assert (second.fields["start"], second.fields["end"]) == ("2023-06", "present")
    assert second.fields["location"] == "Remote"
    # Every value knows its line.
    assert first.origin["highlights[0]"] == [6]
    assert second.origin["location"] == [9]


def test_nested_bullets_stay_nested_in_the_body():
    parsed = read(
        """
        ## Projects

        **Difference Engine**
        - Drawings
          - of the mill
          - of the store
        - A model
        """
    )
    entry = section(parsed, "projects").entries[0]
    assert "highlights" not in entry.fields
    assert entry.fields["body"] == ("- Drawings\n  - of the mill\n  - of the store\n- A model\n")
    assert {parsed.placements[n].kind for n in (4, 5, 6, 7)} == {"body"}


def test_skill_groups_and_levels():
    parsed = read(
        """
        ## Skills

        **Languages of engines:** Tables of operations (Expert), Punched cards, Loops (Basic)
        **Programming:** Python, Go
        """
    )
    groups = section(parsed, "skills").entries
    assert groups[0].fields["title"] == "Languages of engines"
    assert groups[0].fields["items"] == [
        {"name": "Tables of operations", "level": "Expert"},
        "Punched cards",
        {"name": "Loops", "level": "Basic"},
    ]
    assert groups[1].fields["items"] == ["Python", "Go"]


def test_a_line_of_technology_names_under_an_entry_is_its_tags():
    parsed = read(
        """
        Projects

        Distributed learning
        2023.10 - 2024.05
        Built a ResNet in Go.
        Golang Python Gorgonia CUDA Docker Distributed Systems MPI Deep Learning
        """
    )
    entry = section(parsed, "projects").entries[0]
    assert entry.fields["summary"] == "Built a ResNet in Go."
    assert entry.fields["tags"] == [
        "Golang", "Python", "Gorgonia", "CUDA", "Docker", "Distributed Systems", "MPI",
        "Deep Learning",
    ]  # fmt: skip


def test_an_unknown_heading_is_a_section_of_its_own_name():
    parsed = read(
        """
        ## Open Source Impact

        ### Maintainer | GitHub
        - 240 repositories
        """
    )
    assert [s.name for s in parsed.sections] == ["open-source-impact"]
    assert parsed.headings["open-source-impact"] == "Open Source Impact"


def test_what_cannot_be_placed_is_in_the_notes_with_its_line():
    parsed = read(
        """
        ---
        layout: resume
        ---
        # Ada Lovelace
        """
    )
    assert parsed.notes == [(2, "layout: resume")]
    assert parsed.placements[2].kind == "notes"


def seed_sections():
    return parse(SEED.read_text(encoding="utf-8"), "Silin Zhao")


def sample(name):
    return yaml.load(
        (REPO / "content" / f"{name}.yaml").read_text(encoding="utf-8"), yaml.BaseLoader
    )


def test_the_seed_is_read_as_the_sample_site_has_it():
    """The sample site in content/ was made by hand from the same résumé: the import gives
    the same positions, organisations, dates and tags."""
    parsed = seed_sections()
    experience = section(parsed, "experience").entries
    expected = sample("experience")
    assert len(experience) == len(expected)
    for got, want in zip(experience, expected, strict=True):
        for key in ("position", "organization", "tags"):
            assert got.fields.get(key) == want.get(key), key
        # The sample gives some highlights tags, for its CV variant: their text is the seed's.
        texts = [h["text"] if isinstance(h, dict) else h for h in want.get("highlights", [])]
        assert got.fields.get("highlights", []) == texts
        assert got.fields["start"] == str(want["start"]).replace(".", "-")
        assert got.fields["end"] == str(want["end"]).replace(".", "-")
    certificates = section(parsed, "certificates").entries
    assert [c.fields["date"] for c in certificates] == [
        str(c["date"]) for c in sample("certificates")
    ]
    assert certificates[0].fields["issuer"] == "Turing College"
    publications = section(parsed, "publications").entries
    assert {p.fields["title"] for p in publications} == {p["title"] for p in sample("publications")}
    report = next(p.fields for p in publications if p.fields["type"] == "report")
    assert report["advisors"] == ["Sadegh Keshtkar", "Julian Kunkel"]
    assert (report["venue"], report["year"], report["month"]) == (
        "Universität Göttingen",
        "2024",
        "4",
    )
    languages = parsed.profile["languages"]
    assert languages == [
        {"name": "English", "level": "C1"},
        {"name": "German", "level": "C1"},
        {"name": "Chinese", "level": "Native"},
    ]


def test_the_seed_keeps_its_thesis_and_degrees():
    education = section(seed_sections(), "education").entries
    assert [e.fields["degree"] for e in education] == [
        "Master of Application Informatics",
        "Master of Physics",
        "Bachelor of Applied Informatics",
        "Bachelor of Physics",
    ]
    thesis = education[0].fields["thesis"]
    assert thesis["title"].startswith("Improving Portability and Interoperability")
    assert len(thesis["highlights"]) == 6
    assert education[0].fields["institution"] == "University of Göttingen"
    assert education[0].fields["location"] == "Germany"


def test_the_text_copied_out_of_a_pdf_mends_its_broken_lines():
    parsed = parse(SEED_PLAIN.read_text(encoding="utf-8"), "X")
    thesis = section(parsed, "education").entries[0].fields["thesis"]
    # Line 10 ends one item and starts the next (" - Training & Optimization: …").
    assert [h.split(":")[0] for h in thesis["highlights"]] == [
        "NLP Model Architecture",
        "Data Pipeline",
        "Training & Optimization",
        "Portability Evaluation",
        "Performance Analysis",
        "Interoperability & Distributed Learning",
    ]
    assert thesis["highlights"][1].endswith(
        "Word2Vecembeddings, and multi-strategy data partitioning."
    )


def test_every_line_of_the_seed_has_a_place():
    text = SEED.read_text(encoding="utf-8")
    parsed = parse(text, "Silin Zhao")
    numbers = [n for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    assert sorted(parsed.placements) == numbers
    structured = sum(1 for p in parsed.placements.values() if p.structured)
    assert structured / len(numbers) >= 0.95


def test_the_forms_docs_importing_names():
    parsed = read(
        """
        # Ada Lovelace

        - Languages:
          - English (native)
          - French - fluent

        ## Talks

        - AI Risks - GSP Seminar, Fall 2021

        ## Experience

        **Tech Lead, Incubyte** | 2021 - 2022
        **SALSIFY, Staff SE** | 2018-2023
        **Engineer** | Microsoft (Seattle, Washington) | 2015
        """
    )
    assert parsed.profile["languages"] == [
        {"name": "English", "level": "native"},
        {"name": "French", "level": "fluent"},
    ]
    assert section(parsed, "talks").entries[0].fields == {
        "title": "AI Risks",
        "event": "GSP Seminar",
        "date": "2021",
    }
    jobs = [e.fields for e in section(parsed, "experience").entries]
    assert [(j["position"], j["organization"]) for j in jobs] == [
        ("Tech Lead", "Incubyte"),
        ("Staff SE", "SALSIFY"),
        ("Engineer", "Microsoft"),
    ]
    assert jobs[2]["location"] == "Seattle, Washington"


def test_definition_lists_and_wrapped_lines_as_pandoc_writes_them():
    parsed = read(
        """
        Johnny Coder
        ============

        Education
        ---------

        2007-2010
        :   **BSc, Computer Science and Electrical Engineering**; University of
            HomeTown (HomeTown)

        Technical Experience
        --------------------

        Open Source
        :   List open source contributions here, for example the **Linux Kernel**,
            where you implemented multithreading.
        """,
        None,
    )
    assert parsed.profile["name"] == "Johnny Coder"
    degree = section(parsed, "education").entries[0]
    assert degree.fields == {
        "start": "2007",
        "end": "2010",
        "degree": "BSc, Computer Science and Electrical Engineering",
        "institution": "University of HomeTown (HomeTown)",
    }
    assert degree.origin["institution"] == [8]  # the wrapped line is placed with it
    assert parsed.placements[9].where == parsed.placements[8].where
    group = section(parsed, "skills").entries[0]
    assert group.fields["title"] == "Open Source"
    assert group.fields["items"] == [
        "List open source contributions here, for example the **Linux Kernel**, where you "
        "implemented multithreading."
    ]


def test_a_summary_keeps_its_paragraphs():
    parsed = read(
        """
        ## Experience

        ### Engineer at Wuala
        First paragraph,
        over two lines.

        Second paragraph.
        """
    )
    summary = section(parsed, "experience").entries[0].fields["summary"]
    assert summary == "First paragraph,\nover two lines.\n\nSecond paragraph."


def test_skills_and_certifications_keep_certificates_apart():
    parsed = read(
        """
        ## Skills and Certifications

        **Programming:** Python, Go (Expert)
        - AWS Certified Solutions Architect | Amazon Web Services | 2023
        - Certified Kubernetes Administrator, 2022
        """
    )
    assert section(parsed, "skills").entries[0].fields["title"] == "Programming"
    certificates = [e.fields for e in section(parsed, "certificates").entries]
    assert certificates == [
        {"title": "AWS Certified Solutions Architect", "issuer": "Amazon Web Services",
         "date": "2023"},
        {"title": "Certified Kubernetes Administrator", "date": "2022"},
    ]  # fmt: skip


@pytest.mark.parametrize(
    "line",
    ["[" * 3000, "<a" * 3000, "**" + "a" * 3000, "a (" * 3000, "# " + " #" * 3000],
    ids=["brackets", "tags", "bold", "parentheses", "heading"],
)
def test_hostile_lines_are_read_in_time_and_kept(line):
    """Regular expressions that backtrack on such lines would take minutes (no timing:
    the test would hang). Every line is still placed."""
    parsed = parse(f"# A B\n\n## Experience\n\n{line}\n{line}\n", None)
    assert {5, 6} <= set(parsed.placements)
