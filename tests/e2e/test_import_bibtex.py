"""`cvsite import bibtex`: idempotent, never overwrites hand edits, reports what it skipped."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import FIXTURES, copy_site, run_cli
from tests.htmlread import read_page

LIBRARY = FIXTURES / "bibtex" / "library.bib"
GOOD = {
    "mueller2021arm",
    "zhang2022conf",
    "zhang2022ws",
    "zhang2023arxiv",
    "zhang2020talk",
    "zhang2021phd",
    "zhang2017msc",
    "zhang2019tr",
    "zhang2022pat",
    "zhang2026book",
    "nodate",
    "after2024broken",
}


def snapshot(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in sorted(folder.glob("*.md"))}


def test_import_writes_one_file_per_entry_and_reports_the_broken_ones(sample_site: Path):
    (sample_site / "content" / "files").mkdir()
    (sample_site / "content" / "files" / "tr-2019-3.pdf").write_bytes(b"%PDF-1.4\n")
    result = run_cli("import", "bibtex", LIBRARY, "--site", sample_site)
    assert result.code == 1  # something was skipped
    folder = sample_site / "content" / "publications"
    assert {p.stem for p in folder.glob("*.md")} == GOOD
    assert "Imported 12 publications" in result.out and "2 skipped" in result.out
    assert f"{LIBRARY}:99:1: broken2020:" in result.err
    assert f"{LIBRARY}:111:1: notitle.title: missing required field 'title'" in result.err
    text = (folder / "mueller2021arm.md").read_text("utf-8")
    assert "key: mueller2021arm\n" in text and "- Jörg Müller\n" in text
    assert "type: journal\n" in text and "venue: Journal of Machine Learning Research\n" in text
    # The imported content builds, beside the sample's own publications.yaml.
    build = run_cli("build", "--site", sample_site)
    assert build.code == 0, build.err
    page = read_page(sample_site / "output" / "publications" / "zhang2017msc" / "index.html")
    assert "MPI Collectives" in page.title
    bib = sample_site / "output" / "publications" / "zhang2017msc" / "zhang2017msc.bib"
    assert bib.read_text("utf-8").startswith("@mastersthesis{zhang2017msc,")


def test_importing_twice_adds_nothing_and_keeps_hand_edits(sample_site: Path):
    run_cli("import", "bibtex", LIBRARY, "--site", sample_site)
    folder = sample_site / "content" / "publications"
    edited = folder / "zhang2022conf.md"
    edited.write_text(
        edited.read_text("utf-8").replace("Elastic Training", "Elastic Training (best paper)"),
        "utf-8",
    )
    (folder / "nodate.md").unlink()  # a paper the user removed comes back: the .bib still has it
    before = snapshot(folder)
    again = run_cli("import", "bibtex", LIBRARY, "--site", sample_site)
    assert "Imported 1 publications; 11 were already in the site" in again.out
    after = snapshot(folder)
    assert {k: v for k, v in after.items() if k != "nodate.md"} == before
    assert "Elastic Training (best paper)" in after["zhang2022conf.md"]


def test_keys_the_site_has_from_its_own_bib_are_not_imported_again(tmp_path: Path):
    site = copy_site(FIXTURES / "scholar-site", tmp_path / "site")
    result = run_cli("import", "bibtex", site / "content" / "publications.bib", "--site", site)
    assert result.code == 0, result.err
    assert "Imported 0 publications; 10 were already in the site; 0 skipped." in result.out
    assert not (site / "content" / "publications").exists()


def test_a_missing_file_or_site_is_a_usage_error(tmp_path: Path):
    assert run_cli("import", "bibtex", tmp_path / "none.bib", "--site", tmp_path).code == 2
    (tmp_path / "refs.bib").write_text("@misc{a, title={A}}\n", "utf-8")
    result = run_cli("import", "bibtex", tmp_path / "refs.bib", "--site", tmp_path)
    assert result.code == 2 and "site.yaml" in result.err


def test_a_dry_run_names_every_field_and_writes_nothing(sample_site: Path):
    result = run_cli("import", "bibtex", LIBRARY, "--site", sample_site, "--dry-run")
    assert "mueller2021arm.journal -> content/publications/mueller2021arm.md.venue" in result.out
    assert "Files (dry run: nothing written):" in result.out
    assert not (sample_site / "content" / "publications").exists()


def test_a_changed_bib_updates_untouched_papers_and_keeps_edited_ones(sample_site, tmp_path):
    run_cli("import", "bibtex", LIBRARY, "--site", sample_site)
    folder = sample_site / "content" / "publications"
    edited = folder / "zhang2022conf.md"
    edited.write_text(edited.read_text("utf-8").replace("Elastic", "Elastic (mine)"), "utf-8")
    changed = tmp_path / "changed.bib"
    text = LIBRARY.read_text("utf-8")
    changed.write_text(text.replace("Journal of Machine Learning Research", "JMLR"), "utf-8")
    changed.write_text(changed.read_text("utf-8").replace("Elastic", "Elastic v2"), "utf-8")
    result = run_cli("import", "bibtex", changed, "--site", sample_site)
    assert "venue: JMLR" in (folder / "mueller2021arm.md").read_text("utf-8")
    assert "Elastic (mine)" in edited.read_text("utf-8")
    beside = sample_site / "imported" / "content" / "publications" / "zhang2022conf.md"
    assert "Elastic v2" in beside.read_text("utf-8")
    assert "content/publications/zhang2022conf.md: edited by you, kept" in result.out
