"""`cvsite deploy` with the rsync target (to a local folder) and the directory target."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.site.writer import MARKER
from tests.gitrepo import folder_files
from tests.helpers import run_cli

BASE_URL = "https://cv.someone.net/"


def require_rsync() -> None:
    """rsync, or a skip with the reason; in CI (.ci/run installs it) a missing rsync fails."""
    if shutil.which("rsync"):
        return
    message = "rsync is not installed (apt-get install rsync)"
    if os.environ.get("CI"):
        pytest.fail(message + " and CI is set")
    pytest.skip(message)


def deploy(site: Path, *args: str | Path):
    return run_cli("deploy", "--site", site, "--base-url", BASE_URL, *args)


def built(site: Path, output: Path) -> dict[str, bytes]:
    result = run_cli("build", "--site", site, "--output", output, "--base-url", BASE_URL)
    assert result.code == 0, result.err
    return folder_files(output)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file()
    }


def test_rsync_makes_the_folder_an_exact_copy_of_the_build(sample_site: Path, tmp_path: Path):
    require_rsync()
    dest = tmp_path / "www"
    dry = deploy(sample_site, "--target", "rsync", "--destination", dest, "--dry-run")
    assert dry.code == 0, dry.err
    assert "would send" in dry.out
    assert not dest.exists()

    first = deploy(sample_site, "--target", "rsync", "--destination", dest)
    assert first.code == 0, first.err
    assert folder_files(dest) == built(sample_site, tmp_path / "build1")
    assert not (dest / MARKER).exists()  # the builder's marker stays home
    assert oct((dest / "index.html").stat().st_mode & 0o777) == "0o644"

    before = snapshot(dest)
    again = deploy(sample_site, "--target", "rsync", "--destination", dest)
    assert again.code == 0, again.err
    assert "Nothing to deploy" in again.out
    assert snapshot(dest) == before

    shutil.rmtree(sample_site / "content" / "projects")
    config = sample_site / "site.yaml"
    # The menu and the CV variant no longer name it (a section they name must exist).
    config.write_text(config.read_text().replace("  - projects\n", "").replace("projects, ", ""))
    third = deploy(sample_site, "--target", "rsync", "--destination", dest)
    assert third.code == 0, third.err
    assert not (dest / "projects").exists()  # what the site no longer has is deleted
    assert folder_files(dest) == built(sample_site, tmp_path / "build2")


def test_rsync_from_site_yaml_and_nothing_on_broken_content(sample_site: Path, tmp_path: Path):
    require_rsync()
    config = sample_site / "site.yaml"
    text = config.read_text().replace(
        "deploy:\n  target: github-pages\n  branch: gh-pages\n",
        "deploy:\n  target: rsync\n  destination: ../www\n",
    )
    config.write_text(text)
    profile = sample_site / "content" / "profile.yaml"
    good = profile.read_text()
    profile.write_text(good + "nickname: Sil\n")
    broken = deploy(sample_site)
    assert broken.code == 1
    assert "content/profile.yaml:" in broken.err and "nickname" in broken.err
    assert not (tmp_path / "www").exists()

    profile.write_text(good)
    result = deploy(sample_site)
    assert result.code == 0, result.err
    assert (tmp_path / "www" / "index.html").is_file()  # relative to the site folder


def test_directory_target_copies_and_keeps_out_of_foreign_folders(
    sample_site: Path, tmp_path: Path
):
    dest = tmp_path / "public"
    dry = deploy(sample_site, "--target", "directory", "--destination", dest, "--dry-run")
    assert dry.code == 0, dry.err
    assert "Would copy" in dry.out and not dest.exists()

    result = deploy(sample_site, "--target", "directory", "--destination", dest)
    assert result.code == 0, result.err
    assert folder_files(dest) == built(sample_site, tmp_path / "build")
    again = deploy(sample_site, "--target", "directory", "--destination", dest)
    assert "Nothing to deploy" in again.out

    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "holiday.jpg").write_bytes(b"\xff\xd8")
    refused = deploy(sample_site, "--target", "directory", "--destination", foreign)
    assert refused.code == 2
    assert "not made by cvsite" in refused.err
    assert [p.name for p in foreign.iterdir()] == ["holiday.jpg"]
    forced = deploy(sample_site, "--target", "directory", "--destination", foreign, "--force")
    assert forced.code == 0, forced.err
    assert not (foreign / "holiday.jpg").exists()


def test_destinations_holding_the_sources_are_refused(sample_site: Path):
    for target, where in (("rsync", "."), ("directory", "content")):
        result = deploy(sample_site, "--target", target, "--destination", sample_site / where)
        assert result.code == 2, result.err
        assert "site" in result.err and ("part of" in result.err or "own sources" in result.err)
    assert (sample_site / "content" / "profile.yaml").is_file()


def test_a_placeholder_base_url_is_refused(sample_site: Path, tmp_path: Path):
    result = run_cli(
        "deploy", "--site", sample_site, "--target", "directory", "--destination", tmp_path / "w"
    )
    assert result.code == 1
    assert "https://example.github.io/ is a placeholder" in result.err
    assert not (tmp_path / "w").exists()
