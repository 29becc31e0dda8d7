"""JSON Resume both ways: import a resume.json, build, and get the same data back."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.helpers import FIXTURES, run_cli
from tests.htmlread import read_page

# Written for these tests from the published JSON Resume v1.0.0 specification.
SCHEMA = json.loads((FIXTURES / "jsonresume" / "schema.json").read_text("utf-8"))
FULL = FIXTURES / "jsonresume" / "full-resume.json"
CJK = FIXTURES / "jsonresume" / "cjk-resume.json"


def schema_errors(document: dict) -> list[str]:
    validator = jsonschema.Draft4Validator(
        SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )
    return [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(document)]


def import_and_build(source: Path, site: Path, *extra: str, contact: bool = False) -> dict:
    result = run_cli("import", "jsonresume", source, "--site", site, *extra)
    assert result.code == 0, result.err
    if contact:  # the street address and phone are published only when the site says so
        with (site / "site.yaml").open("a", encoding="utf-8") as config:
            config.write("contact: {address: true, phone: true}\n")
    build = run_cli("build", "--site", site)
    assert build.code == 0, build.err
    return json.loads((site / "output" / "resume.json").read_text("utf-8"))


def test_the_vendored_schema_is_a_valid_draft_4_schema():
    jsonschema.Draft4Validator.check_schema(SCHEMA)
    assert schema_errors({"basics": {"name": "x"}, "work": [{"startDate": "2020-13-45x"}]})


def test_every_build_writes_a_valid_resume_json(sample_site: Path):
    assert run_cli("build", "--site", sample_site).code == 0
    document = json.loads((sample_site / "output" / "resume.json").read_text("utf-8"))
    assert schema_errors(document) == []
    assert document["basics"]["name"] == "Silin Zhao"
    assert [w["name"] for w in document["work"]][:2] == ["Turing College", "GWDG"]
    assert "University of Göttingen" in {e["institution"] for e in document["education"]}
    assert document["publications"][0]["releaseDate"] == "2026"
    assert document["meta"]["canonical"] == "https://example.github.io/resume.json"


@pytest.mark.parametrize("source", [FULL, CJK], ids=["full", "cjk"])
def test_import_build_export_carries_the_same_data(tmp_path: Path, source: Path):
    original = json.loads(source.read_text("utf-8"))
    exported = import_and_build(
        source, tmp_path / "site", "--base-url", "https://zoe.example.org/", contact=True
    )
    assert schema_errors(exported) == []
    for section, value in original.items():
        if section not in ("meta", "$schema"):
            assert exported[section] == value, section


def test_every_section_of_a_full_resume_gets_a_page(tmp_path: Path):
    site = tmp_path / "site"
    import_and_build(FULL, site)
    out = site / "output"
    for section in (
        "experience",
        "volunteer",
        "education",
        "awards",
        "certificates",
        "publications",
        "skills",
        "interests",
        "references",
        "projects",
    ):
        assert (out / section / "index.html").is_file(), section
    home = read_page(out / "index.html")
    assert home.title == "Zoë Ångström-Nakamura"
    assert "日本語" in home.main.text and "Stockholm" in home.main.text
    skills = read_page(out / "skills" / "index.html").main.text
    assert "CUDA" in skills and "Fortran" in skills
    interests = read_page(out / "interests" / "index.html").main.text
    assert "Bouldering" in interests


def test_text_stays_text(tmp_path: Path):
    site = tmp_path / "site"
    import_and_build(FULL, site)
    out = site / "output"
    home_html = (out / "index.html").read_text("utf-8")
    home = read_page(out / "index.html")
    assert "std::vector<T> & operator< are my daily bread" in home.main.text
    assert "a <script>alert(1)</script> here stays text" in home.main.text
    # The theme's own scripts (the dark-mode switch) aside, no script comes from the text.
    assert not any(
        "alert(1)" in s.text
        for s in home.root.find_all("script")
        if s.attrs.get("type") != "application/ld+json"
    )
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in home_html
    references = read_page(out / "references" / "index.html")
    assert "the paper <em>and</em> the profiler" in references.main.text
    assert references.main.find("em") is None


def test_a_cjk_resume_builds_with_its_names(tmp_path: Path):
    site = tmp_path / "site"
    import_and_build(CJK, site)
    home = read_page(site / "output" / "index.html")
    assert home.title == "张伟"
    assert home.root.find("h1").text == "张伟"
    assert "Écrit aussi en français" in home.main.text
    assert "& <b>plus</b>." in home.main.text
    work = read_page(site / "output" / "experience" / "index.html").main.text
    assert "北京智能科技有限公司" in work and "高级工程师" in work


def test_an_import_never_replaces_a_file_you_edited(tmp_path: Path):
    """Importing again changes nothing; a file edited since is kept and the new version is
    written beside it, under imported/."""
    site = tmp_path / "site"
    assert run_cli("import", "jsonresume", CJK, "--site", site).code == 0
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    again = run_cli("import", "jsonresume", CJK, "--site", site)
    assert again.code == 0 and "content/profile.yaml: unchanged" in again.out
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == before
    profile = site / "content" / "profile.yaml"
    profile.write_text(profile.read_text("utf-8") + "headline: edited by hand\n", "utf-8")
    edited = profile.read_bytes()
    result = run_cli("import", "jsonresume", FULL, "--site", site)
    assert result.code == 0, result.err
    assert "content/profile.yaml: edited by you, kept" in result.out
    assert profile.read_bytes() == edited
    assert (site / "imported" / "content" / "profile.yaml").is_file()


def test_a_dry_run_names_every_field_and_writes_nothing(tmp_path: Path):
    result = run_cli("import", "jsonresume", FULL, "--site", tmp_path / "site", "--dry-run")
    assert result.code == 0, result.err
    assert "work[0].name -> content/experience.yaml[0].organization" in result.out
    assert "Files (dry run: nothing written):" in result.out
    assert not (tmp_path / "site").exists()


def test_a_bad_value_is_reported_at_its_line_and_its_entry_imports(tmp_path: Path):
    document = json.loads(CJK.read_text("utf-8"))
    document["work"].append({"name": "Broken Co.", "startDate": "2021-13"})
    source = tmp_path / "resume.json"
    text = json.dumps(document, ensure_ascii=False, indent=2)
    source.write_text(text, "utf-8")
    line = text.splitlines().index('      "startDate": "2021-13"') + 1
    result = run_cli("import", "jsonresume", source, "--site", tmp_path / "site")
    assert result.code == 0  # the site is written; the value is left out, the entry kept
    assert f"Warning: {source}:{line}:20: work[1].startDate: '2021-13' is not a date" in result.out
    experience = (tmp_path / "site" / "content" / "experience.yaml").read_text("utf-8")
    assert "北京智能科技有限公司" in experience and "Broken Co." in experience
    assert "2021-13" not in experience
    assert run_cli("build", "--site", tmp_path / "site").code == 0


def test_invalid_json_names_its_line(tmp_path: Path):
    source = tmp_path / "resume.json"
    source.write_text('{\n  "basics": {"name": "A",}\n}\n', "utf-8")
    result = run_cli("import", "jsonresume", source, "--site", tmp_path / "site")
    assert result.code == 1
    assert f"{source}:2:" in result.err and "not valid JSON" in result.err
    assert not (tmp_path / "site").exists()


def test_an_old_file_imports_its_employers_and_says_how_it_read_them(tmp_path: Path):
    source = FIXTURES / "realworld" / "jsonresume" / "0xadada.resume.json"
    result = run_cli("import", "jsonresume", source, "--site", tmp_path / "site")
    assert result.code == 0, result.err
    assert "work[0].company: a name from JSON Resume before 1.0; read as 'name'" in result.out
    assert run_cli("build", "--site", tmp_path / "site").code == 0
    page = read_page(tmp_path / "site" / "output" / "experience" / "index.html")
    assert "Cinch Financial" in page.main.text
