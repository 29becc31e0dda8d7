"""Names the writer keeps beside output/, planted: refused by name, never followed or renamed.

`.output.cvsite-new` (the staging folder), `.output.cvsite-old` (the previous site during a
swap) and `.output.cvsite-lock` (the lock) could be committed to a repository as a file or
a link. A build used to stop on them with an internal error, and a planted
`.output.cvsite-old -> content` would have been renamed to output/. Now each is refused
with a message naming it, and whatever a link points to is left as it was.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.site.writer import MARKER, MARKER_TEXT
from tests.helpers import run_cli, write_site
from tests.hostile.sandbox import snapshot

NAMES = (".output.cvsite-new", ".output.cvsite-old", ".output.cvsite-lock")


def _tree(root: Path) -> dict[str, str]:
    return snapshot(root, root / "nothing-skipped")


def _refused(site: Path, planted: Path, *kept: Path) -> str:
    """A build refuses `planted` with a plain message; nothing in `kept` changes."""
    before = {folder: _tree(folder) for folder in kept}
    run = run_cli("build", "--site", site)
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert run.code == 1, run.err
    assert f"cvsite: {planted}" in run.err, run.err
    assert "Remove it" in run.err, run.err
    for folder, state in before.items():
        assert _tree(folder) == state, f"{folder} changed"
    assert not (site / "output").is_symlink()
    return run.err


@pytest.fixture
def site(tmp_path: Path) -> Path:
    return write_site(tmp_path / "site", {"content/projects/a.md": "---\ntitle: A\n---\nText.\n"})


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A folder outside the site, with a file of value in it."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me\n", encoding="utf-8")
    (folder / MARKER).write_bytes(MARKER_TEXT)  # as if cvsite had made it: still not followed
    return folder


@pytest.mark.parametrize("name", NAMES)
def test_a_planted_link_to_outside_is_refused_and_not_followed(site, elsewhere, name):
    (site / name).symlink_to(elsewhere)
    err = _refused(site, site / name, elsewhere, site / "content")
    assert "symbolic link" in err and str(elsewhere) in err


@pytest.mark.parametrize("name", NAMES)
def test_a_planted_link_into_the_site_is_refused(site, name):
    (site / name).symlink_to(site / "content")
    _refused(site, site / name, site / "content")
    assert not (site / "output").exists()


@pytest.mark.parametrize("name", NAMES[:2])
def test_a_planted_file_is_refused_and_kept(site, name):
    (site / name).write_text("committed by someone\n", encoding="utf-8")
    err = _refused(site, site / name, site / "content")
    assert "is a file" in err
    assert (site / name).read_text(encoding="utf-8") == "committed by someone\n"


def test_a_planted_folder_under_the_lock_name_is_refused(site):
    (site / NAMES[2]).mkdir()
    assert "is a folder" in _refused(site, site / NAMES[2], site / "content")


def test_a_planted_dangling_link_is_refused(site, tmp_path):
    (site / NAMES[1]).symlink_to(tmp_path / "missing")
    _refused(site, site / NAMES[1], site / "content")
    assert not (tmp_path / "missing").exists()


def test_a_planted_lock_hard_link_is_not_written_to(site):
    """A hard link to a content file under the lock's name: the pid is never written into it."""
    profile = site / "content" / "profile.yaml"
    os.link(profile, site / NAMES[2])
    _refused(site, site / NAMES[2], site / "content")


def test_a_leftover_that_is_not_a_previous_site_is_removed_not_put_in_place(site):
    """A folder under the old site's name is put back as output/ only when it is one that
    cvsite made (its marker file in it): anything else is a leftover, removed."""
    old = site / NAMES[1]
    old.mkdir()
    (old / "index.html").write_text("planted", encoding="utf-8")
    run = run_cli("build", "--site", site)
    assert run.code == 0, run.err
    assert "planted" not in (site / "output" / "index.html").read_text(encoding="utf-8")
    assert not old.exists()


def test_a_build_after_a_refusal_succeeds_once_the_name_is_free(site, elsewhere):
    (site / NAMES[0]).symlink_to(elsewhere)
    _refused(site, site / NAMES[0], elsewhere)
    (site / NAMES[0]).unlink()
    run = run_cli("build", "--site", site)
    assert run.code == 0, run.err
    assert (site / "output" / "index.html").is_file()
    assert not any((site / name).exists() for name in NAMES)
