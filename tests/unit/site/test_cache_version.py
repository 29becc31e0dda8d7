"""What kept Markdown and compiled templates are valid for (stamp.cache_version): the same
installed files keep them, whenever they were installed, as on a CI runner that installs
cvsite afresh for each build and restores the cache of the last; other files do not."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from generator import __version__
from generator.site import stamp


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """A site-packages folder holding cvsite (code and RECORD) and one dependency, which is
    all the Python of the test sees."""
    packages = tmp_path / "site-packages"
    code = packages / "generator"
    code.mkdir(parents=True)
    (code / "build.py").write_text("STAGES = 7\n")
    for name in (f"cvsite-{__version__}", "markdown-3.5"):
        (packages / f"{name}.dist-info").mkdir()
        (packages / f"{name}.dist-info" / "RECORD").write_text(f"{name},sha256=one,10\n")
    monkeypatch.setattr(stamp, "CODE", code)
    monkeypatch.setattr(sys, "path", [str(packages)])
    stamp.cache_version.cache_clear()
    yield packages
    stamp.cache_version.cache_clear()


def _installed_again(packages: Path) -> None:
    """Every file and folder given a new time, as a new install of the same files has."""
    later = (os.stat(packages).st_mtime_ns // 10**9 + 3600) * 10**9
    for path in [packages, *packages.rglob("*")]:
        os.utime(path, ns=(later, later))
    stamp.cache_version.cache_clear()


def test_a_new_install_of_the_same_files_keeps_the_cache(installed):
    first = stamp.cache_version()
    _installed_again(installed)
    assert stamp.cache_version() == first
    assert first.startswith(f"{__version__}-")


def test_a_dependency_with_other_files_is_another_cache(installed):
    first = stamp.cache_version()
    (installed / "markdown-3.5.dist-info" / "RECORD").write_text("markdown,sha256=two,10\n")
    stamp.cache_version.cache_clear()
    assert stamp.cache_version() != first


def test_cvsite_run_from_its_source_folder_counts_its_code_times(installed):
    """No RECORD lists the code of a checkout being edited: its files' times stand for it."""
    (installed / f"cvsite-{__version__}.dist-info" / "RECORD").unlink()
    stamp.cache_version.cache_clear()
    first = stamp.cache_version()
    _installed_again(installed)
    assert stamp.cache_version() != first


@pytest.mark.parametrize("name", ["render/typst/lib.typ", "content/locales/de.yaml"])
def test_an_edit_of_cvsites_typst_package_or_labels_is_a_change(installed, name):
    """A built site is as it was only for the same cvsite: not after its Typst package (the
    PDF's layout) or its labels are edited in the source folder."""
    shipped = installed / "generator" / name
    shipped.parent.mkdir(parents=True)
    shipped.write_text("one\n")
    stamp.code_version.cache_clear()
    first = stamp.code_version()
    shipped.write_text("other\n")
    stamp.code_version.cache_clear()
    try:
        assert stamp.code_version() != first
    finally:
        stamp.code_version.cache_clear()
