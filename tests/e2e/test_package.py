"""`python -m build` makes the sdist and the wheel that a release publishes: `twine check`
passes them, both carry the version of generator/__init__.py, and each holds what an
installed cvsite needs (themes, the starter site, the console script, the licence)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

from generator import __version__
from generator.scaffold import STARTER
from tests.helpers import REPO


def _require(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        message = f"{module} is not installed (pip install -e '.[release]')"
        if os.environ.get("CI"):
            pytest.fail(message + ", and CI must check the release")
        pytest.skip(message)


def _run(*args: str | Path) -> str:
    result = subprocess.run(
        [sys.executable, *map(str, args)], capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"{args}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def test_build_makes_an_sdist_and_a_wheel_that_twine_accepts(tmp_path: Path):
    _require("build")
    _require("twine")
    _run("-m", "build", "--outdir", tmp_path, REPO)
    sdist = tmp_path / f"cvsite-{__version__}.tar.gz"
    wheel = tmp_path / f"cvsite-{__version__}-py3-none-any.whl"
    assert {path.name for path in tmp_path.iterdir()} == {sdist.name, wheel.name}
    assert "PASSED" in _run("-m", "twine", "check", "--strict", sdist, wheel)

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
