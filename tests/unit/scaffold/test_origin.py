"""requirements.txt pins the cvsite that runs `cvsite init`, from where pip installed it
(PEP 610's direct_url.json): what a CI machine can install, or a note saying what to write."""

from __future__ import annotations

import json
from importlib import metadata
from importlib.metadata import PathDistribution
from pathlib import Path

import pytest

from generator import __version__
from generator.scaffold import create_site, requirements, starter_files
from generator.scaffold.origin import Origin, of, running

COMMIT = "7921be1537eac1e97bc40179a57f0349c2aabfc9"


def installed(tmp_path: Path, version: str = "1.4.2", direct_url: dict | None = None):
    """The metadata pip leaves for cvsite `version`, with its direct_url.json if any."""
    info = tmp_path / f"cvsite-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: cvsite\nVersion: {version}\n")
    if direct_url is not None:
        (info / "direct_url.json").write_text(json.dumps(direct_url))
    return PathDistribution(info)


def test_from_a_package_index_it_pins_the_version(tmp_path):
    origin = of(installed(tmp_path))
    assert origin.requirement == "cvsite==1.4.2"
    assert origin.note == ""


def test_from_git_it_pins_the_commit(tmp_path):
    direct = {
        "url": "https://github.com/someone/cvsite.git",
        "vcs_info": {"vcs": "git", "requested_revision": "main", "commit_id": COMMIT},
    }
    origin = of(installed(tmp_path, direct_url=direct))
    assert origin.requirement == f"cvsite @ git+https://github.com/someone/cvsite.git@{COMMIT}"
    assert origin.note == ""


def test_from_a_subdirectory_of_a_repository(tmp_path):
    direct = {
        "url": "https://gitlab.com/someone/tools",
        "vcs_info": {"vcs": "git", "commit_id": COMMIT},
        "subdirectory": "cvsite",
    }
    origin = of(installed(tmp_path, direct_url=direct))
    assert origin.requirement == (
        f"cvsite @ git+https://gitlab.com/someone/tools@{COMMIT}#subdirectory=cvsite"
    )


def test_from_an_archive_on_the_web_it_pins_its_hash(tmp_path):
    url = "https://example.org/dist/cvsite-1.4.2-py3-none-any.whl"
    direct = {"url": url, "archive_info": {"hashes": {"sha256": "ab12"}}}
    assert of(installed(tmp_path, direct_url=direct)).requirement == f"cvsite @ {url}#sha256=ab12"


@pytest.mark.parametrize(
    ("direct", "kind"),
    [
        ({"url": "file:///home/me/cvsite", "dir_info": {"editable": True}}, "(editable)"),
        ({"url": "file:///home/me/cvsite", "dir_info": {}}, "a local file or folder"),
        ({"url": "file:///tmp/cvsite-1.4.2-py3-none-any.whl", "archive_info": {}}, "local"),
        ({"url": "file:///home/me/cvsite", "vcs_info": {"vcs": "git", "commit_id": COMMIT}}, ""),
    ],
)
def test_from_this_machine_it_writes_a_note(tmp_path, direct, kind):
    origin = of(installed(tmp_path, direct_url=direct))
    assert origin.requirement == "cvsite==1.4.2"
    assert "cannot reach" in origin.note and "git+https://" in origin.note
    assert kind in origin.source and "/home/me" not in origin.note


def test_a_note_goes_into_requirements_txt_as_comments_above_the_line():
    origin = Origin("cvsite==1.4.2", "a local folder", "Word " * 60)
    lines = requirements(origin).splitlines()
    assert lines[-1] == "cvsite==1.4.2"
    assert len(lines) > 2 and all(line.startswith("# ") for line in lines[:-1])
    assert all(len(line) <= 90 for line in lines)
    assert requirements(Origin("cvsite==1.4.2", "a package index")) == "cvsite==1.4.2"


def test_the_running_cvsite_is_read_from_its_installed_metadata():
    try:
        dist = metadata.distribution("cvsite")
    except metadata.PackageNotFoundError:
        pytest.skip("cvsite is not installed here, only on sys.path")
    assert dist.version == __version__
    assert running() == of(dist)


@pytest.mark.parametrize(
    ("ci", "present", "absent"),
    [
        ("github", ".github/workflows/deploy.yml", ".gitlab-ci.yml"),
        ("gitlab", ".gitlab-ci.yml", ".github/workflows/deploy.yml"),
        ("none", None, ".gitlab-ci.yml"),
    ],
)
def test_each_ci_gets_its_own_file_only(tmp_path, ci, present, absent):
    written = {p.as_posix() for p in create_site(tmp_path, Origin("cvsite==1.4.2", "x"), ci)}
    assert written == {p.as_posix() for p in starter_files(ci)}
    assert (present is None or present in written) and absent not in written
    if ci == "none":
        assert not any(name.startswith((".github/", ".gitlab")) for name in written)
    assert (tmp_path / "requirements.txt").read_text().splitlines()[-1] == "cvsite==1.4.2"
