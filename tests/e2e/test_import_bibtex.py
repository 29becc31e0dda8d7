"""`cvsite import bibtex`: idempotent, never overwrites hand edits, reports what it skipped."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

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
    "notitle",  # shown under its key, with a warning
}


def new_papers(out: str) -> int:
    return len(re.findall(r"^  content/publications/\S+\.md: new$", out, re.M))


def snapshot(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in sorted(folder.glob("*.md"))}


def test_import_writes_one_file_per_entry_and_reports_the_broken_ones(sample_site: Path):
    (sample_site / "content" / "files").mkdir()
    (sample_site / "content" / "files" / "tr-2019-3.pdf").write_bytes(b"%PDF-1.4\n")
    result = run_cli("import", "bibtex", LIBRARY, "--site", sample_site)
    assert result.code == 0  # papers were written; the broken one is reported
    folder = sample_site / "content" / "publications"
    assert {p.stem for p in folder.glob("*.md")} == GOOD
    assert new_papers(result.out) == 13 and "Skipped 1 (fix them" in result.err
    assert f"{LIBRARY}:99:1: broken2020:" in result.err
    assert (
        f"{LIBRARY}:111:1: notitle.title: the entry has no title; it is shown under" in result.err
    )
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
    assert new_papers(again.out) == 1 and again.out.count(".md: unchanged") == 12
    after = snapshot(folder)
    assert {k: v for k, v in after.items() if k != "nodate.md"} == before
    assert "Elastic Training (best paper)" in after["zhang2022conf.md"]


def test_keys_the_site_has_from_its_own_bib_are_not_imported_again(tmp_path: Path):
    site = copy_site(FIXTURES / "scholar-site", tmp_path / "site")
    result = run_cli("import", "bibtex", site / "content" / "publications.bib", "--site", site)
    assert result.code == 0, result.err
    assert new_papers(result.out) == 0 and result.err == ""
    assert result.out.count("-> left out (the site has this paper already)") == 10
    assert not (site / "content" / "publications").exists()


def test_a_missing_file_is_a_usage_error(tmp_path: Path):
    assert run_cli("import", "bibtex", tmp_path / "none.bib", "--site", tmp_path).code == 2


def test_a_folder_that_is_not_a_site_becomes_a_minimal_one(tmp_path: Path):
    """As the other importers do: a site.yaml, a profile named for the author most papers
    name, the publications in the menu (issue 40)."""
    source = tmp_path / "refs.bib"
    source.write_text(
        "@misc{a, title={A}, author={Lovelace, Ada and Babbage, Charles}, year=1843}\n"
        "@misc{b, title={B}, author={Ada Lovelace}, year=1844}\n",
        "utf-8",
    )
    site = tmp_path / "new"
    result = run_cli("import", "bibtex", source, "--site", site)
    assert result.code == 0, result.err
    settings = yaml.safe_load((site / "site.yaml").read_text("utf-8"))
    assert settings["nav"] == ["publications", "cv"]
    assert "name: Ada Lovelace" in (site / "content" / "profile.yaml").read_text("utf-8")
    assert run_cli("build", "--site", site).code == 0
    assert (site / "output" / "publications" / "a" / "index.html").is_file()


def test_and_others_never_owns_the_new_site(tmp_path: Path):
    """INSPIRE writes a collaboration paper's authors as `Chekanov, S. and others`
    (gutsche-2018-inspire.bib): most papers name "others", who is nobody."""
    source = tmp_path / "refs.bib"
    source.write_text(
        "@article{a, title={A}, author={Chekanov, S. and others}, year=2002}\n"
        "@article{b, title={B}, author={Sirunyan, Albert M and others}, year=2018}\n"
        "@phdthesis{c, title={C}, author={Gutsche, Oliver}, year=2005}\n"
        "@article{d, title={D}, author={Gutsche, Oliver and others}, year=2010}\n",
        "utf-8",
    )
    site = tmp_path / "new"
    result = run_cli("import", "bibtex", source, "--site", site)
    assert result.code == 0, result.err
    assert "name: Oliver Gutsche" in (site / "content" / "profile.yaml").read_text("utf-8")


def test_of_authors_named_equally_often_the_first_named_owns_the_new_site(tmp_path: Path):
    source = tmp_path / "refs.bib"
    source.write_text(
        "@misc{a, title={A}, author={Babbage, Charles and Lovelace, Ada and Somerville, Mary},"
        " year=1843}\n",
        "utf-8",
    )
    for seed in ("0", "1", "2", "3"):  # a set of the names came out in the seed's order
        site = tmp_path / f"new-{seed}"
        result = run_cli("import", "bibtex", source, "--site", site, env={"PYTHONHASHSEED": seed})
        assert result.code == 0, result.err
        profile = (site / "content" / "profile.yaml").read_text("utf-8")
        assert "name: Charles Babbage" in profile, (seed, profile)


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


def test_import_keeps_the_bibtex_as_written_for_the_cite_block(sample_site: Path, tmp_path: Path):
    source = tmp_path / "tiny.bib"
    source.write_text(
        "@inproceedings{banbury2021mlperf,\n  title = {{MLPerf Tiny} Benchmark},\n"
        "  author = {Banbury, Colby and Reddi, Vijay Janapa},\n  booktitle = {NeurIPS},\n"
        "  pages = {777--780},\n  year = {2021}\n}\n",
        "utf-8",
    )
    assert run_cli("import", "bibtex", source, "--site", sample_site).code == 0
    text = (sample_site / "content" / "publications" / "banbury2021mlperf.md").read_text("utf-8")
    assert "title: MLPerf Tiny Benchmark\n" in text and "pages: 777–780\n" in text  # to edit
    assert "{{MLPerf Tiny} Benchmark}" in text and "pages = {777--780}" in text  # to cite
    assert run_cli("build", "--site", sample_site).code == 0
    folder = sample_site / "output" / "publications" / "banbury2021mlperf"
    cite = (folder / "banbury2021mlperf.bib").read_text("utf-8")
    assert "title = {{MLPerf Tiny} Benchmark}" in cite and "pages = {777--780}" in cite
    page = read_page(folder / "index.html")
    assert "{{MLPerf Tiny} Benchmark}" in page.text and "777--780" in page.text


def test_an_imported_bib_from_elsewhere_builds(sample_site: Path, tmp_path: Path):
    # pierce-bcp.bib's forms: slides in its owner's folders, an ftp: address, no title
    source = tmp_path / "other.bib"
    source.write_text(
        "@misc{talk98, author = {Pierce, Benjamin C.}, title = {Type Systems},\n"
        "  slides = {concur98.ps}, year = 1998}\n"
        "@techreport{cwi95, title = {A Report}, institution = {CWI}, year = 1995,\n"
        "  url = {ftp://ftp.cwi.nl/pub/CWIreports/AP/CS-R9552.ps.Z}}\n"
        "@misc{Pollack89, author = {Robert Pollack}, year = 1989}\n",
        "utf-8",
    )
    result = run_cli("import", "bibtex", source, "--site", sample_site)
    assert result.code == 0, result.err
    assert f"{source}:2:1: talk98.slides: 'concur98.ps' is not a file in content/" in result.err
    assert run_cli("build", "--site", sample_site).code == 0
    page = read_page(sample_site / "output" / "publications" / "cwi95" / "index.html")
    assert "ftp://ftp.cwi.nl/pub/CWIreports/AP/CS-R9552.ps.Z" in page.main.text
    assert (sample_site / "output" / "publications" / "Pollack89" / "index.html").is_file()
