"""A start without an end is still going on; only `date` is a single day (issue 27).

JSON Resume leaves `endDate` out for what is ongoing; cvsite reads `start` alone the same way
in YAML content and in an import, and the words people write for "until now" are an open end.
"""

from __future__ import annotations

from pathlib import Path

from tests import pdfread
from tests.helpers import FIXTURES, run_cli, write_site
from tests.htmlread import read_page

EXPERIENCE = """\
- position: Engineer
  organization: Open
  start: 2020-01
- position: Analyst
  organization: Closed
  start: 2018-03
  end: Present
- position: Intern
  organization: Current
  start: 2017-06
  end: current
- position: Speaker
  organization: One day
  date: 2016-05-04
"""


def whens(page_path: Path) -> list[str]:
    return [e.text for e in read_page(page_path).main.find_all("span", cls="when")]


def test_a_start_without_an_end_reads_as_ongoing_in_english_and_german(tmp_path: Path):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": "title: T\nbase_url: https://example.org/\nlanguages: [en, de]\n",
            "content/experience.yaml": EXPERIENCE,
        },
    )
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    output = site / "output"
    assert whens(output / "cv" / "index.html") == [
        "Jan 2020 – present",
        "Mar 2018 – present",
        "Jun 2017 – present",
        "May 2016",  # a job's single date: a range's precision (a talk's keeps its day)
    ]
    assert whens(output / "de" / "cv" / "index.html")[:2] == [
        "Jan. 2020 – heute",
        "März 2018 – heute",
    ]
    pdfread.require_poppler()
    assert "Jan 2020 – present" in pdfread.text(output / "cv.pdf")


def test_an_imported_job_without_an_end_is_ongoing(tmp_path: Path):
    source = FIXTURES / "realworld" / "jsonresume" / "thomasdavis.resume.json"
    assert run_cli("import", "jsonresume", source, "--site", tmp_path / "s").code == 0
    assert run_cli("build", "--site", tmp_path / "s").code == 0
    shown = whens(tmp_path / "s" / "output" / "experience" / "index.html")
    assert shown[0].endswith("– present")


def test_an_imported_education_with_a_start_only_is_ongoing(tmp_path: Path):
    source = FIXTURES / "realworld" / "jsonresume" / "56kyle.resume.json"
    assert run_cli("import", "jsonresume", source, "--site", tmp_path / "s").code == 0
    assert run_cli("build", "--site", tmp_path / "s").code == 0
    page = read_page(tmp_path / "s" / "output" / "education" / "index.html")
    assert [e.text for e in page.main.find_all("span", cls="when")] == [
        "Aug 2018 – present"
    ]  # month: the day is a placeholder
    assert "Bachelors, Chemistry" in page.main.text
