"""The release job of .github/workflows/release.yml, run on a copy of the checkout (once in a
run, tests/releasejob.py): `python -m build` makes the sdist and the wheel, `twine check`
passes them, the tag matches the version, and the wheel, in a fresh environment, builds a new
site. Then what they hold: the version of generator/__init__.py, and what an installed cvsite
needs (themes, the starter site, the console script, the licence)."""

from __future__ import annotations

import tarfile
import zipfile
from email.parser import HeaderParser

from generator import __version__
from generator.scaffold import STARTER
from tests.releasejob import Release, release_steps


def test_the_release_job_builds_an_sdist_and_a_wheel_that_twine_accepts(release: Release):
    # Every step passed (the fixture fails the test with the step that did not).
    steps = release_steps()
    assert steps[0] == "python -m build"
    assert any(step.startswith("python -m twine check") for step in steps)
    assert (release.runner / "mysite" / "output" / "index.html").is_file()

    dist, sdist, wheel = release.dist, release.sdist, release.wheel
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
