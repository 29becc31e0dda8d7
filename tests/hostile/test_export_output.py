"""`cvsite export --output`: never over the site's own files, never over a file unasked.

`cvsite export rendercv --output site.yaml` (or `content/profile.yaml`) used to replace the
file with exit status 0, and `--output /dev/full` ended in "internal error: OSError". Now
a file of the site (content/, themes/, site.yaml, .git/ and the site's other own files),
by its name or through a link, is refused with exit status 2 and nothing written; any other
existing file needs --force; a write the system refuses names the file and the cause.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import run_cli
from tests.hostile.sandbox import snapshot, usage_error


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """What `cvsite init s --ci none` makes, with a theme and a git folder of its own."""
    folder = tmp_path / "s"
    assert run_cli("init", folder, "--ci", "none").code == 0
    (folder / "themes" / "mine").mkdir(parents=True)
    (folder / "themes" / "mine" / "theme.yaml").write_text("name: mine\n", encoding="utf-8")
    (folder / ".git").mkdir()
    (folder / ".git" / "config").write_text("[core]\n", encoding="utf-8")
    return folder


def _export(site: Path, output: str | Path, *flags: str):
    return run_cli("export", "rendercv", "--output", output, *flags, cwd=site)


@pytest.mark.parametrize(
    "output",
    [
        "site.yaml",
        "content/profile.yaml",
        "content/experience.yaml",
        "content/projects/example-project.md",
        "content/cv.yaml",  # a new file in content/ would be a new section
        "themes/mine/theme.yaml",
        ".git/config",
        ".gitignore",
        "requirements.txt",
    ],
)
@pytest.mark.parametrize("force", [False, True])
def test_an_export_never_writes_over_the_site(site, output, force):
    before = snapshot(site, site / "output")
    run = _export(site, output, *(["--force"] if force else []))
    usage_error(run, f"--output {output}", "is part of the site", "never writes over")
    assert snapshot(site, site / "output") == before


@pytest.mark.parametrize("target", ["content/profile.yaml", "site.yaml", "content"])
def test_nor_through_a_link_to_it(site, tmp_path, target):
    """A link elsewhere that leads into the site: refused by where it leads."""
    link = tmp_path / "cv.yaml"
    link.symlink_to(site / target if target != "content" else site / "content" / "x.yaml")
    before = snapshot(site, site / "output")
    run = run_cli("export", "rendercv", "--site", site, "--output", link, "--force")
    usage_error(run, "it leads to", "is part of the site")
    assert snapshot(site, site / "output") == before


def test_an_existing_file_needs_force(site, tmp_path):
    other = tmp_path / "cv.yaml"
    other.write_text("mine\n", encoding="utf-8")
    usage_error(_export(site, other), "exists; use --force")
    assert other.read_text(encoding="utf-8") == "mine\n"
    run = _export(site, other, "--force")
    assert run.code == 0, run.err
    assert other.read_text(encoding="utf-8").startswith("# yaml-language-server")


def test_a_new_file_beside_the_site_is_written(site):
    run = _export(site, "cv.yaml")
    assert run.code == 0, run.err
    assert (site / "cv.yaml").read_text(encoding="utf-8").startswith("# yaml-language-server")


def test_a_folder_or_a_missing_folder_is_a_plain_refusal(site, tmp_path):
    usage_error(_export(site, tmp_path), "exists and is not a file")
    usage_error(_export(site, tmp_path / "nowhere" / "cv.yaml"), "there is no folder")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="this system has no /dev/full")
def test_a_full_disk_names_the_file_and_the_cause(site):
    run = _export(site, "/dev/full")
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert run.code == 1, (run.code, run.err)
    assert run.err.strip() == "cvsite: cannot write /dev/full: No space left on device (ENOSPC)"
