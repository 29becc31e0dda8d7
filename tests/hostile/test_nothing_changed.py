"""The "nothing changed" shortcut of `cvsite build` sees every change that shapes the site.

It used to miss new symbolic links (to a folder, to nothing, out of content/), which the
build refuses, and a new version of a dependency (Markdown 3.5 to 3.11 renders
differently), and `--force` did not bypass it. The preview's watcher missed links to folders
(its watchers' own tests: tests/unit/serve/test_watch.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import markdown
import pytest

from generator.serve.preview import Preview
from generator.serve.watch import Watching
from generator.site import stamp
from tests.helpers import REPO, run_cli, write_site

ENTRY = "---\ntitle: A project\n---\nA quixotic plan.\n"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    site = write_site(tmp_path / "site", {"content/projects/a.md": ENTRY})
    first = run_cli("build", "--site", site)
    assert first.code == 0, first.err
    again = run_cli("build", "--site", site)
    assert "nothing changed" in again.out, again.out
    assert _shortcut_taken(site)  # the shortcut, as it should be (asked, not timed)
    return site


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "secret.yaml").write_text("- title: not for the site\n", encoding="utf-8")
    return folder


def _shortcut_taken(site: Path) -> bool:
    """Whether `cvsite build` would say "nothing changed" without building, asked in a
    process started as cvsite's own is (its sys.path, its installed distributions)."""
    code = (
        "import sys\nfrom pathlib import Path\nfrom generator.site import stamp\n"
        "site = Path(sys.argv[1])\n"
        "print(stamp.unchanged(site, site / 'output', None, False) is not None)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(site.resolve())],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip() == "True"


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("etc", "elsewhere"),  # a folder out of content/
        ("projects/gone.md", "missing"),  # a link to nothing
        ("projects/loop.md", "loop"),  # a link to itself
    ],
)
def test_a_new_link_the_build_refuses_is_not_nothing_changed(site, elsewhere, name, target):
    link = site / "content" / name
    if target == "loop":
        link.symlink_to(link)
    else:
        link.symlink_to(elsewhere if target == "elsewhere" else elsewhere.parent / "missing")
    check = run_cli("check", "--site", site)
    assert check.code == 1 and f"content/{name}" in check.err, check.err
    build = run_cli("build", "--site", site)
    assert build.code == 1, build.out
    assert f"content/{name}" in build.err, build.err


def test_a_new_link_to_a_folder_inside_content_is_seen(site):
    assert _shortcut_taken(site)
    (site / "content" / "more").symlink_to(site / "content" / "projects")
    assert not _shortcut_taken(site)
    assert run_cli("build", "--site", site).code == 0
    assert _shortcut_taken(site)  # built once, the link is part of the stamp


def test_a_link_pointed_elsewhere_is_seen(site, tmp_path):
    link = site / "content" / "more"
    link.symlink_to(site / "content" / "projects")
    assert run_cli("build", "--site", site).code == 0
    assert _shortcut_taken(site)
    link.unlink()
    link.symlink_to(tmp_path / "missing")
    assert not _shortcut_taken(site)


def test_force_builds_even_when_nothing_seems_changed(site):
    """An edit that keeps a file's size and time is one the stamp cannot see: --force
    builds in any case."""
    profile = site / "content" / "profile.yaml"
    info = profile.stat()
    profile.write_text(profile.read_text(encoding="utf-8").replace("Ada", "Eve"))
    os.utime(profile, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert "Ada" in (site / "output" / "index.html").read_text(encoding="utf-8")
    run = run_cli("build", "--site", site, "--force")
    assert run.code == 0, run.err
    assert "Eve" in (site / "output" / "index.html").read_text(encoding="utf-8")


def test_a_new_version_of_a_dependency_is_a_change(tmp_path):
    """Markdown "upgraded" under the build: its metadata folder says another version, and
    it renders differently. The build must render again, not keep the old pages."""
    deps = tmp_path / "deps"
    package = Path(markdown.__file__).parent
    shutil.copytree(package, deps / "markdown")
    metadata = next(package.parent.glob("markdown-*.dist-info"))
    shutil.copytree(metadata, deps / "markdown-3.5.dist-info")
    env = {"PYTHONPATH": str(deps)}
    site = write_site(tmp_path / "site", {"content/projects/a.md": ENTRY})
    assert run_cli("build", "--site", site, env=env).code == 0
    page = site / "output" / "projects" / "a" / "index.html"
    assert "quixotic" in page.read_text(encoding="utf-8")
    # The upgrade: another version's metadata, and code that renders otherwise.
    shutil.rmtree(deps / "markdown-3.5.dist-info")
    shutil.copytree(metadata, deps / metadata.name)
    with (deps / "markdown" / "__init__.py").open("a", encoding="utf-8") as code:
        code.write(
            "\n_convert = Markdown.convert\n"
            "Markdown.convert = lambda self, text: _convert(self, text).replace("
            "'quixotic', 'QUIXOTIC')\n"
        )
    run = run_cli("build", "--site", site, env=env)
    assert run.code == 0, run.err
    assert "QUIXOTIC" in page.read_text(encoding="utf-8"), run.out


def test_another_python_is_a_change(site, monkeypatch):
    stamp.code_version.cache_clear()
    assert stamp.unchanged(site.resolve(), site.resolve() / "output", None, False) is not None
    monkeypatch.setattr(sys, "version", sys.version + " (another build of Python)")
    stamp.code_version.cache_clear()
    try:
        assert stamp.unchanged(site.resolve(), site.resolve() / "output", None, False) is None
    finally:
        monkeypatch.undo()
        stamp.code_version.cache_clear()


def test_the_preview_shows_the_error_of_a_new_link_to_a_folder(tmp_path, elsewhere):
    """What the preview does on a change: its watchers report it, it rebuilds with that.
    (tests/unit/serve/test_watch.py shows links to nothing and removed links are reported too.)"""
    site = write_site(tmp_path / "site", {"content/projects/a.md": ENTRY}).resolve()
    preview = Preview(site, tmp_path / "served", "http://127.0.0.1:8000/")
    preview.start()
    assert preview.error is None
    watching = Watching(site, [], threading.Event())
    try:
        watching.follow(preview.builder.last.theme)
        (site / "content" / "etc").symlink_to(elsewhere)
        preview.rebuild(watching.next(10) or ())
    finally:
        watching.close()
    assert preview.error is not None and "content/etc" in preview.error
