"""Commands that write into a site never write through a link that leads out of it.

With `content/publications` a link to a folder elsewhere, `cvsite import bibtex` used to
write its files there. The importers, `cvsite init` and `cvsite schema` now refuse a link
out of the folder they write in, by name, before they write anything, and never follow a
link where a file goes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import FIXTURES, run_cli, write_site
from tests.hostile.sandbox import snapshot

BIB = "@article{doe2020,\n  author = {Doe, Jane},\n  title = {A Paper},\n  year = {2020},\n}\n"
RESUME = FIXTURES / "jsonresume" / "full-resume.json"


def _tree(root: Path) -> dict[str, str]:
    return snapshot(root, root / "nothing-skipped")


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "keep.txt").write_text("of value\n", encoding="utf-8")
    return folder


@pytest.fixture
def bib(tmp_path: Path) -> Path:
    path = tmp_path / "papers.bib"
    path.write_text(BIB, encoding="utf-8")
    return path


def _import_refused(run, link: str) -> None:
    """Every import checks its paths the same way (importers/importedfiles.py), before writing."""
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert run.code == 2, (run.out, run.err)
    assert f"cvsite: {link} is a symbolic link that leads out of the site" in run.err, run.err


def _refused(run, link: str) -> None:
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert run.code == 1, (run.out, run.err)
    assert f"cvsite: {link} is a symbolic link to " in run.err, run.err
    assert "never writes outside the site folder" in run.err, run.err


@pytest.mark.parametrize("link", ["content/publications", "content"])
def test_import_bibtex_refuses_a_link_out_of_the_site(tmp_path, elsewhere, bib, link):
    site = write_site(tmp_path / "site", {})
    if link == "content":  # the whole content folder elsewhere, profile and all
        (elsewhere / "profile.yaml").write_text("name: A\n", encoding="utf-8")
        (site / "content" / "profile.yaml").unlink()
        (site / "content").rmdir()
    (site / link).symlink_to(elsewhere, target_is_directory=True)
    before, site_before = _tree(elsewhere), _tree(site)
    _import_refused(run_cli("import", "bibtex", bib, "--site", site), link)
    assert _tree(elsewhere) == before
    assert _tree(site) == site_before


def test_import_bibtex_refuses_a_link_deeper_in_the_path(tmp_path, elsewhere, bib):
    """content/ a link inside the site, to a folder whose publications/ leads out."""
    site = write_site(tmp_path / "site", {"real/profile.yaml": "name: A\n"})
    (site / "content" / "profile.yaml").unlink()
    (site / "content").rmdir()
    (site / "content").symlink_to("real")
    (site / "real" / "publications").symlink_to(elsewhere)
    before = _tree(elsewhere)
    _import_refused(run_cli("import", "bibtex", bib, "--site", site), "content/publications")
    assert _tree(elsewhere) == before


def test_import_bibtex_follows_a_link_that_stays_inside(tmp_path, bib):
    site = write_site(tmp_path / "site", {"content/papers/.keep": ""})
    (site / "content" / "publications").symlink_to("papers")
    run = run_cli("import", "bibtex", bib, "--site", site)
    assert run.code == 0, run.err
    assert (site / "content" / "papers" / "doe2020.md").is_file()


def test_import_bibtex_never_writes_through_a_linked_file(tmp_path, elsewhere, bib):
    """A link where the paper's file goes: left as it is, the paper counted as present."""
    site = write_site(tmp_path / "site", {"content/publications/.keep": ""})
    (site / "content" / "publications" / "doe2020.md").symlink_to(elsewhere / "paper.md")
    before = _tree(elsewhere)
    run = run_cli("import", "bibtex", bib, "--site", site)
    assert "internal error" not in run.err, run.err
    assert _tree(elsewhere) == before
    assert (site / "content" / "publications" / "doe2020.md").is_symlink()


def test_import_jsonresume_refuses_a_link_out_and_writes_nothing(tmp_path, elsewhere):
    site = tmp_path / "site"
    site.mkdir()
    (site / "content").symlink_to(elsewhere)
    before = _tree(elsewhere)
    _import_refused(run_cli("import", "jsonresume", RESUME, "--site", site), "content")
    assert _tree(elsewhere) == before
    assert sorted(p.name for p in site.iterdir()) == ["content"]  # no site.yaml either


@pytest.mark.parametrize("link", ["content", ".github", ".github/workflows"])
def test_init_refuses_a_link_out_and_writes_nothing(tmp_path, elsewhere, link):
    target = tmp_path / "new"
    (target / link).parent.mkdir(parents=True, exist_ok=True)
    (target / link).symlink_to(elsewhere)
    before, target_before = _tree(elsewhere), _tree(target)
    _refused(run_cli("init", target), link)
    assert _tree(elsewhere) == before
    assert _tree(target) == target_before


def test_schema_never_writes_through_a_linked_file(tmp_path, elsewhere):
    folder = tmp_path / "schema"
    folder.mkdir()
    (folder / "site.schema.json").symlink_to(elsewhere / "keep.txt")
    run = run_cli("schema", "--output", folder)
    assert run.code == 0, run.err
    assert (elsewhere / "keep.txt").read_text(encoding="utf-8") == "of value\n"
    written = folder / "site.schema.json"
    assert not written.is_symlink() and written.read_text(encoding="utf-8").startswith("{")


def test_import_rendercv_never_writes_through_a_linked_file(tmp_path, elsewhere):
    """A link where content/education.yaml goes: one out of the site stops the import before
    anything is written; one inside the site is left as it is, the new version beside it."""
    source = FIXTURES / "realworld" / "rendercv" / "ats_proof_standard_full.yaml"
    site = write_site(tmp_path / "site", {"mine.yaml": "- title: Mine\n"})
    linked = site / "content" / "education.yaml"
    linked.symlink_to(elsewhere / "keep.txt")
    before, site_before = _tree(elsewhere), _tree(site)
    run = run_cli("import", "rendercv", source, "--site", site)
    assert run.code == 2 and "leads out of the site" in run.err, run.err
    assert (_tree(elsewhere), _tree(site)) == (before, site_before)
    linked.unlink()
    linked.symlink_to(site / "mine.yaml")
    run = run_cli("import", "rendercv", source, "--site", site)
    assert run.code == 0 and "internal error" not in run.err, run.err
    assert (site / "mine.yaml").read_text(encoding="utf-8") == "- title: Mine\n"
    assert linked.is_symlink()
    assert (site / "imported" / "content" / "education.yaml").is_file()
