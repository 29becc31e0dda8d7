"""`cvsite build` twice: the second one recognises an unchanged site and writes nothing; any
change to an input, an option or the output is seen; the cache only ever saves time."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from generator.site.stamp import cache_dir, markdown_file, templates_folder
from tests.helpers import REPO, run_cli


def _build(site: Path, *args: str) -> str:
    result = run_cli("build", "--site", site, *args)
    assert result.code == 0, result.err
    return result.out


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_an_unchanged_site_is_not_rebuilt_and_nothing_is_written(sample_site: Path):
    _build(sample_site)
    before = _files(sample_site / "output")
    out = _build(sample_site)
    assert "nothing changed" in out
    assert out.startswith("Built ") and " pages (" in out
    assert _files(sample_site / "output") == before


def test_an_unchanged_site_is_told_so_without_loading_the_builder(sample_site: Path):
    # The no-op answer reads the stamp only: no schema, Markdown, Jinja or Typst to import.
    _build(sample_site)
    heavy = ["pydantic", "jinja2", "markdown", "babel", "typst", "generator.model.resume"]
    code = (
        "import sys; from generator.cli import main; "
        f"main(['build', '--site', {str(sample_site)!r}]); "
        f"print([m for m in {heavy!r} if m in sys.modules])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert "nothing changed" in result.stdout, result.stderr
    assert result.stdout.splitlines()[-1] == "[]", result.stdout


def test_edits_options_and_damage_to_the_output_are_all_seen(sample_site: Path):
    output = sample_site / "output"
    _build(sample_site)
    experience = sample_site / "content" / "experience.yaml"
    experience.write_text(experience.read_text().replace("AI Engineering", "AI Wrangling"))
    assert "wrote" in _build(sample_site)
    assert "AI Wrangling" in (output / "experience" / "index.html").read_text()

    (output / "cv" / "index.html").unlink()
    assert "wrote 1 files" in _build(sample_site)
    assert (output / "cv" / "index.html").is_file()

    _build(sample_site, "--base-url", "https://other.example/")
    assert "https://other.example/" in (output / "sitemap.xml").read_text()
    _build(sample_site)
    assert "https://other.example/" not in (output / "sitemap.xml").read_text()


def test_a_build_with_a_warm_cache_equals_a_cold_one(sample_site: Path, tmp_path: Path):
    _build(sample_site)  # fills the cache (Markdown, compiled templates, stamp)
    profile = sample_site / "content" / "profile.yaml"
    profile.write_text(profile.read_text().replace("headline: ", "headline: Now "))
    _build(sample_site)
    warm = _files(sample_site / "output")

    cold_site = tmp_path / "cold"
    shutil.copytree(sample_site, cold_site, ignore=shutil.ignore_patterns("output"))
    _build(cold_site)
    cold = _files(cold_site / "output")
    assert {k: v[0] for k, v in warm.items()} == {k: v[0] for k, v in cold.items()}


def test_the_cache_folder_is_safe_to_delete(sample_site: Path):
    _build(sample_site)
    before = _files(sample_site / "output")
    shutil.rmtree(cache_dir(sample_site))
    out = _build(sample_site)
    assert "nothing changed" in out, "a cold build of the same input writes nothing"
    assert _files(sample_site / "output") == before


def test_check_and_a_build_share_the_sites_cache(sample_site: Path):
    """`cvsite check` (a pre-commit hook runs it at every commit) renders the Markdown into the
    site's cache, where the build after it finds it, and the build's stays for the next check."""
    markdown = markdown_file(cache_dir(sample_site))
    result = run_cli("check", "--site", sample_site)
    assert result.code == 0, result.err
    assert markdown.is_file()
    assert templates_folder(cache_dir(sample_site)).is_dir()
    _build(sample_site)
    rendered = markdown.stat().st_mtime_ns
    assert run_cli("check", "--site", sample_site).code == 0
    assert markdown.stat().st_mtime_ns == rendered  # nothing new to keep: all was found
