"""Issue 40, point 2: an import never drops an entry for one value. Dates in the forms real
files write are read; a plain string where an entry is expected is its name; an end before
its start keeps both with a warning; all-empty template entries are skipped and counted;
a Hugo Blox v5 author page (education with area/date_start, profiles) imports whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from generator.importers.dates import read_date
from generator.importers.hugoblox.importer import import_hugoblox
from generator.importers.jsonresume import import_jsonresume
from tests.helpers import FIXTURES


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("03/2019", "2019-03"),
        ("3/2019", "2019-03"),
        ("2019/03", "2019-03"),
        ("2019.03", "2019-03"),
        ("March 2019", "2019-03"),
        ("März 2019", "2019-03"),
        ("marzec 2019", "2019-03"),
        ("mars 2019", "2019-03"),
        ("now", "present"),
        ("Obecnie", "present"),
        ("aujourd'hui", "present"),
        ("heute", "present"),
        ("actualidad", "present"),
    ],
)
def test_dates_in_the_forms_real_files_write(written, read):
    assert read_date(written) == read


def test_an_unreadable_form_is_no_date():
    assert read_date("13/2019") is None and read_date("someday") is None


def _import(tmp_path: Path, document: dict) -> tuple[dict, object]:
    source = tmp_path / "resume.json"
    source.write_text(json.dumps(document, indent=2), encoding="utf-8")
    report = import_jsonresume(source, tmp_path / "site")
    content = tmp_path / "site" / "content"
    files = {p.stem: yaml.safe_load(p.read_text("utf-8")) for p in content.glob("*.yaml")}
    return files, report


def test_every_job_of_a_resume_with_month_first_dates_and_now_is_kept(tmp_path):
    work = [
        {"name": f"Firm {n}", "position": "Dev", "startDate": f"0{n}/2015", "endDate": "now"}
        for n in range(1, 9)
    ]
    files, report = _import(tmp_path, {"basics": {"name": "A B"}, "work": work})
    jobs = files["experience"]
    assert len(jobs) == 8
    assert (jobs[0]["start"], jobs[0]["end"]) == ("2015-01", "now")
    assert report.warnings == [] and report.skipped == []


def test_one_unreadable_value_is_left_out_and_its_entry_kept(tmp_path):
    work = [{"name": "Firm", "position": "Dev", "startDate": "the nineties", "endDate": "2001"}]
    files, report = _import(tmp_path, {"basics": {"name": "A"}, "work": work})
    assert files["experience"] == [{"position": "Dev", "organization": "Firm", "date": "2001"}]
    (warning,) = report.warnings
    assert (warning.field, warning.line) == ("work[0].startDate", 9)
    assert "'the nineties'" in warning.message
    left = [p for p in report.left if p.field == "work[0].startDate"]
    assert left and "left out" in left[0].note


def test_an_end_before_its_start_keeps_both_with_a_warning(tmp_path):
    work = [{"name": "F", "position": "P", "startDate": "2021-05", "endDate": "2012-05"}]
    files, report = _import(tmp_path, {"basics": {"name": "A"}, "work": work})
    job = files["experience"][0]
    assert (job["start"], job["end"]) == ("2012-05", "2021-05")
    (warning,) = report.warnings
    assert warning.field == "work[0].endDate" and "both kept" in warning.message


def test_plain_strings_are_names_and_lower_case_dates_are_dates(tmp_path):
    document = {
        "basics": {"name": "A"},
        "interests": ["Chess", "Go", "Climbing"],
        "skills": ["Python"],
        "languages": ["French"],
        "awards": [{"title": "Prize", "startdate": "2023", "enddate": "2024"}],
    }
    files, report = _import(tmp_path, document)
    assert [i["title"] for i in files["interests"]] == ["Chess", "Go", "Climbing"]
    assert files["skills"][0]["title"] == "Python"
    assert files["profile"]["languages"] == [{"name": "French"}]
    award = files["awards"][0]
    assert (award["start"], award["end"]) == ("2023", "2024") and "summary" not in award


def test_all_empty_template_entries_are_skipped_and_counted(tmp_path):
    document = {
        "basics": {"name": "A"},
        "work": [{"name": "", "position": "", "highlights": [""]}, {"name": "F", "position": "P"}],
        "interests": [{"name": "", "keywords": [""]}],
    }
    files, report = _import(tmp_path, document)
    assert [w["organization"] for w in files["experience"]] == ["F"]
    assert "interests" not in files
    assert report.empty == ["work[0]", "interests[0]"]
    assert any(line.startswith("Skipped 2 empty entries") for line in report.lines("f", False))


def test_a_json_resume_import_puts_every_section_in_the_menu(tmp_path):
    document = {"basics": {"name": "A"}, "work": [{"name": "F", "position": "P"}]}
    document["education"] = [{"institution": "U", "area": "Physics"}]
    _import(tmp_path, document)
    settings = yaml.safe_load((tmp_path / "site" / "site.yaml").read_text("utf-8"))
    assert settings["nav"] == ["experience", "education", "cv"]


HILLROY = FIXTURES / "realworld" / "hugoblox" / "hillroy-2025"  # a real v5 site (SOURCES.md)


def test_a_hugo_blox_v5_author_page_imports_whole(tmp_path):
    site = tmp_path / "site"
    import_hugoblox(HILLROY, site)
    education = yaml.safe_load((site / "content" / "education.yaml").read_text("utf-8"))
    assert [(e["title"], e["institution"], e["start"]) for e in education] == [
        ("MSc in Computing & Software", "McMaster University", "2025-09-01"),
        ("BCS (Honours) in Computer Science", "Western University", "2020-09-01"),
    ]
    profile = yaml.safe_load((site / "content" / "profile.yaml").read_text("utf-8"))
    assert profile["email"] == "hillroyx@mcmaster.ca"
    shown = [(link["label"], link["url"]) for link in profile["links"]]
    assert ("E-mail Me", "mailto:hillroyx@mcmaster.ca") in shown
    assert any(url == "https://github.com/xavierhillroy" for _, url in shown)
