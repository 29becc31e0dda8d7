"""The release job of .github/workflows/release.yml, run here on a copy of the checkout:
`python -m build` makes the sdist and the wheel, `twine check` passes them, the tag matches
the version, and the wheel, in a fresh environment, builds a new site. Then what they hold:
the version of generator/__init__.py, and what an installed cvsite needs (themes, the
starter site, the console script, the licence)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest
import yaml

from generator import __version__
from generator.scaffold import STARTER
from tests.helpers import REPO


def _require(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        message = f"{module} is not installed (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(message + ", and CI must check the release")
        pytest.skip(message)


def _checkout_copy(target: Path) -> Path:
    """The files of this checkout (tracked, or new and not ignored), as a clone would have
    them: the release job runs in a clone and writes dist/ there."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the release is built from one")
    for name in filter(None, listed.decode().split("\0")):
        if (REPO / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, target / name)
    return target


def _release_steps() -> list[str]:
    """The release job's `run:` steps, but the one installing build and twine (the same
    bounds as the release extra this suite has, tests/unit/test_release.py checks)."""
    workflow = yaml.safe_load((REPO / ".github/workflows/release.yml").read_text())
    runs = [step["run"] for step in workflow["jobs"]["build"]["steps"] if "run" in step]
    return [run for run in runs if not run.startswith("python -m pip install")]


def test_the_release_job_builds_an_sdist_and_a_wheel_that_twine_accepts(tmp_path: Path):
    _require("build")
    _require("twine")
    source = _checkout_copy(tmp_path / "clone")
    runner = tmp_path / "runner"
    runner.mkdir()
    env = {
        **os.environ,
        # `python` is this suite's, which has build and twine, as setup-python's has.
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "GITHUB_REF_NAME": f"v{__version__}",
        "RUNNER_TEMP": str(runner),
    }
    steps = _release_steps()
    assert steps[0] == "python -m build"
    for step in steps:
        result = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step],
            cwd=source,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert result.returncode == 0, f"{step}\n{result.stdout}\n{result.stderr}"
    assert (runner / "mysite" / "output" / "index.html").is_file()

    dist = source / "dist"
    sdist = dist / f"cvsite-{__version__}.tar.gz"
    wheel = dist / f"cvsite-{__version__}-py3-none-any.whl"
    assert {path.name for path in dist.iterdir()} == {sdist.name, wheel.name}

    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"cvsite-{__version__}.dist-info"
        metadata = HeaderParser().parsestr(archive.read(f"{info}/METADATA").decode())
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert metadata["Version"] == __version__
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert "cvsite = generator.cli:run" in entry_points
    assert f"{info}/licenses/LICENSE" in names
    for theme in ("meridian", "ledger"):
        assert f"generator/themes/{theme}/theme.yaml" in names
    for path in STARTER.rglob("*"):
        if path.is_file():
            assert f"generator/{path.relative_to(STARTER.parent.parent).as_posix()}" in names

    with tarfile.open(sdist) as archive:
        members = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
        pkg_info = archive.extractfile(f"cvsite-{__version__}/PKG-INFO").read().decode()
    assert HeaderParser().parsestr(pkg_info)["Version"] == __version__
    assert {"CHANGELOG.md", "LICENSE", "README.md", "pyproject.toml"} <= members
    assert "generator/__init__.py" in members and "themes/meridian/theme.yaml" in members
    assert not any(name.startswith(("content/", "tests/", "bench/")) for name in members)
