"""The JSON Resume importer on real files from public repositories (their sources are in
tests/fixtures/realworld/SOURCES.md): what it reads, renames, repairs and reports."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.importers.jsonresume import read_document, record_of
from generator.importers.report import Report
from generator.importers.writing import files_of
from tests.helpers import FIXTURES

REAL = FIXTURES / "realworld" / "jsonresume"


def planned(path: Path) -> tuple[dict[str, object], Report]:
    record = record_of(read_document(path), None, "content/profile.yaml", "Fallback Name")
    files = files_of(record, path.parent / "no-site")
    return {name: yaml.safe_load(text) for name, text in files.items()}, record.report


def messages(notes: list[str]) -> list[str]:
    """The notes without their file:line:column."""
    return [note.split(": ", 1)[1] for note in notes]


def left(report: Report) -> list[str]:
    return [f"{p.field}: {p.note}" for p in report.left]


def test_the_names_of_json_resume_before_1_0_are_read_as_todays():
    files, report = planned(REAL / "0xadada.resume.json")
    work = files["content/experience.yaml"]
    assert work[0]["organization"] == "Cinch Financial"
    assert work[0]["url"] == "https://cinchfinancial.com/"
    assert files["content/profile.yaml"]["website"] == "https://0xadada.pub/"
    notes = messages(report.notes)
    assert "work[0].company: a name from JSON Resume before 1.0; read as 'name'" in notes
    assert not [m for m in left(report) if ".company" in m or ".website" in m]


def test_the_2016_schema_example_keeps_its_company_website_and_gpa():
    files, report = planned(REAL / "resume-schema-2016-complete.json")
    work = files["content/experience.yaml"][0]
    assert (work["organization"], work["url"]) == ("Pied Piper", "http://piedpiper.com")
    assert files["content/education.yaml"][0]["grade"] == "4.0"
    assert files["content/profile.yaml"]["website"] == "http://richardhendricks.com"
    assert files["content/publications.yaml"][0]["url"].startswith("http://en.wikipedia.org/")
    assert report.left == []


def test_a_skype_profile_keeps_its_address():
    """A skype: link opens the application, as tel: does; it runs no script (issue 27)."""
    files, report = planned(REAL / "ayastrebov.resume.json")
    assert "content/experience.yaml" in files
    skype = files["content/profile.yaml"]["links"][3]
    assert skype == {"label": "Skype", "url": "skype:yastrebov3?userinfo", "username": "yastrebov3"}
    assert not [m for m in messages(report.notes) if "skype:" in m]
    assert report.skipped == []


def test_a_profile_address_that_could_run_script_is_left_out_with_a_note(tmp_path: Path):
    source = tmp_path / "resume.json"
    source.write_text(
        '{"basics": {"name": "A", "image": "skype:a", "profiles": ['
        '{"network": "X", "username": "x", "url": "javascript:alert(1)"},'
        '{"network": "Y", "username": "y", "url": "file:///etc/passwd"}]}}',
        encoding="utf-8",
    )
    files, report = planned(source)
    profile = files["content/profile.yaml"]
    assert profile["links"] == [{"label": "X", "username": "x"}, {"label": "Y", "username": "y"}]
    assert "image_url" not in profile and "avatar" not in profile
    assert messages(report.notes) == [
        "basics.image: 'skype:a' is not the address of a picture; left out",
        "basics.profiles[0].url: 'javascript:alert(1)' is not a web address a site can link "
        "to; left out",
        "basics.profiles[1].url: 'file:///etc/passwd' is not a web address a site can link "
        "to; left out",
    ]


def test_a_profile_without_a_url_is_kept_with_its_username():
    files, report = planned(REAL / "resume-schema-2016-complete.json")
    links = files["content/profile.yaml"]["links"]
    assert links[0] == {"label": "Twitter", "username": "neutralthoughts"}
    assert report.skipped == []


def test_fields_real_files_carry_beyond_1_0_are_kept(tmp_path: Path):
    source = tmp_path / "resume.json"
    source.write_text(
        '{"basics": {"name": "A"},'
        ' "education": [{"institution": "U", "studyType": "BSc", "location": "Caen"}],'
        ' "volunteer": [{"organization": "V", "position": "P", "location": "Zurich"}],'
        ' "awards": [{"title": "Prize", "url": "https://prize.org/a"}],'
        ' "projects": [{"name": "Q", "summary": "Qubits.", "keywords": ["Go"],'
        ' "technologies": ["Go", "MPI"]}],'
        ' "work": [{"name": "W", "position": "Dev", "technologies": ["Vue"]}]}',
        encoding="utf-8",
    )
    files, report = planned(source)
    assert files["content/education.yaml"][0]["location"] == "Caen"
    assert files["content/volunteer.yaml"][0]["location"] == "Zurich"
    assert files["content/awards.yaml"][0]["url"] == "https://prize.org/a"
    project = files["content/projects.yaml"][0]
    assert (project["summary"], project["tags"]) == ("Qubits.", ["Go", "MPI"])
    assert files["content/experience.yaml"][0]["tags"] == ["Vue"]
    assert report.left == []
    assert messages(report.notes) == [
        "projects[0].summary: not a JSON Resume 1.0 name; read as 'description'"
    ]


def test_a_web_address_without_a_scheme_is_read_as_https_with_a_note(tmp_path: Path):
    source = tmp_path / "resume.json"
    source.write_text(
        '{"basics": {"name": "A", "url": "www.a.org",'
        ' "profiles": [{"network": "LinkedIn", "url": "www.linkedin.com/in/x"}]},'
        ' "work": [{"name": "B", "position": "C", "url": "b.org/about"}]}',
        encoding="utf-8",
    )
    files, report = planned(source)
    profile = files["content/profile.yaml"]
    assert profile["website"] == "https://www.a.org"
    assert profile["links"][0]["url"] == "https://www.linkedin.com/in/x"
    assert files["content/experience.yaml"][0]["url"] == "https://b.org/about"
    assert messages(report.notes) == [
        "basics.url: 'www.a.org' has no scheme; read as 'https://www.a.org'",
        "basics.profiles[0].url: 'www.linkedin.com/in/x' has no scheme; read as "
        "'https://www.linkedin.com/in/x'",
        "work[0].url: 'b.org/about' has no scheme; read as 'https://b.org/about'",
    ]


def test_empty_strings_in_a_list_are_nothing(tmp_path: Path):
    source = tmp_path / "resume.json"
    source.write_text(
        '{"basics": {"name": "A"}, "education": [{"institution": "U", "area": "Physics",'
        ' "studyType": "BSc", "courses": [""]}, {"institution": "V", "studyType": "MSc",'
        ' "courses": ["", "Optics", " "]}]}',
        encoding="utf-8",
    )
    files, report = planned(source)
    education = files["content/education.yaml"]
    assert "courses" not in education[0]
    assert education[1]["courses"] == ["Optics"]
    assert report.skipped == []


def test_present_and_current_are_open_ends_in_an_import(tmp_path: Path):
    source = tmp_path / "resume.json"
    source.write_text(
        '{"basics": {"name": "A"}, "work": ['
        '{"name": "B", "position": "C", "startDate": "2023", "endDate": "Present"},'
        '{"name": "D", "position": "E", "startDate": "2021", "endDate": "current"}]}',
        encoding="utf-8",
    )
    files, report = planned(source)
    assert [w["end"] for w in files["content/experience.yaml"]] == ["Present", "current"]
    assert report.skipped == []


def test_a_field_the_schema_lacks_is_kept_in_a_language_level_with_its_key():
    """5c077m4n's theme gives each language a `value` (100): it is shown after the level."""
    files, report = planned(REAL / "5c077m4n.resume.json")
    languages = files["content/profile.yaml"]["languages"]
    assert languages[0] == {"name": "English", "level": "Native speaker (value: 100)"}
    assert report.left == []
    assert "languages[0].value: not a JSON Resume field; shown in level as 'value: 100'" in (
        messages(report.notes)
    )
    placed = {p.field: p.where for p in report.fields}
    assert placed["languages[1].value"] == "content/profile.yaml.languages[1].level"


EXTRAS = (
    '{"basics": {"name": "A", "summary": "Analyst.", "pronouns": "she/her",'
    ' "location": {"city": "Caen", "district": "Vaucelles"},'
    ' "profiles": [{"network": "GitHub", "url": "https://github.com/a", "followers": 10}]},'
    ' "work": [{"name": "W", "position": "Dev", "summary": "Built.", "team": "Core",'
    ' "pinned": true}],'
    ' "awards": [{"title": "Prize", "keywords": ["math", "poetry"]}],'
    ' "skills": [{"name": "Go", "years": 12, "icon": "fa-go"}],'
    ' "projects": [{"name": "P", "status": "<b>done</b>", "meta": {"x": 1}}],'
    ' "languages": [{"language": "French"}],'
    ' "custom": "top"}'
)


def test_text_fields_the_schema_lacks_are_paragraphs_of_the_summary(tmp_path: Path):
    source = tmp_path / "resume.json"
    source.write_text(EXTRAS, encoding="utf-8")
    files, report = planned(source)
    profile = files["content/profile.yaml"]
    assert profile["summary"] == (
        "Analyst.\n\npronouns: she/her\n\ndistrict: Vaucelles\n\nGitHub followers: 10"
    )
    assert files["content/experience.yaml"][0]["summary"] == "Built.\n\nteam: Core"
    assert files["content/awards.yaml"][0]["summary"] == "keywords: math, poetry"
    assert files["content/skills.yaml"][0]["summary"] == "years: 12"
    assert files["content/projects.yaml"][0]["summary"] == "status: <b>done</b>"  # escaped at build
    assert profile["languages"] == [{"name": "French"}]
    placed = {p.field: p.where for p in report.fields}
    assert placed["work[0].team"] == "content/experience.yaml[0].summary"
    assert placed["basics.profiles[0].followers"] == "content/profile.yaml.summary"


def test_what_is_not_text_is_reported_with_its_reason_and_left_out(tmp_path: Path):
    source = tmp_path / "resume.json"
    source.write_text(EXTRAS, encoding="utf-8")
    files, report = planned(source)
    assert "pinned" not in files["content/experience.yaml"][0]["summary"]
    assert sorted(left(report)) == [
        "custom: not a JSON Resume field; outside every entry, it has no place on a page; "
        "not imported",
        "projects[0].meta: not a JSON Resume field; an object has no place on a page; not imported",
        "skills[0].icon: not a JSON Resume field; a theme's icon name, not content; not imported",
        "work[0].pinned: not a JSON Resume field; a yes/no setting of some theme, not text; "
        "not imported",
    ]
    assert {p.field for p in report.left} == {
        "work[0].pinned",
        "skills[0].icon",
        "projects[0].meta",
        "custom",
    }
