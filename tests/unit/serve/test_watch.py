"""The preview's watchers (generator/serve/watch.py): what they report, and what they leave out.

Real files in a temporary site, real watchfiles watchers; each wait for a report is bounded
(WAIT seconds), so a watcher that misses a change fails the test instead of hanging it.
"""

from __future__ import annotations

import gc
import os
import shutil
import threading
import weakref
from pathlib import Path
from types import SimpleNamespace

import pytest
from watchfiles import Change

from generator.serve.preview import Preview, _watch
from generator.serve.watch import SiteFilter, Watching, places
from tests.helpers import REPO, write_site

WAIT = 10  # seconds: far more than a report takes (tens of milliseconds)
SITE = {
    "site.yaml": "title: T\nbase_url: https://example.org/\n",
    "content/profile.yaml": "name: A\n",
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    return write_site(tmp_path / "site", SITE).resolve()


@pytest.fixture
def watching(site: Path):
    watching = Watching(site, [site / "output"], threading.Event())
    watching.follow(None)
    yield watching
    watching.close()


def _theme(*folders: Path) -> SimpleNamespace:
    """What `places` reads of a theme: the folders of its chain."""
    return SimpleNamespace(chain=[SimpleNamespace(path=folder) for folder in folders])


def _next(watching: Watching, *expected: Path) -> set[Path]:
    """The reports until all of `expected` came (or WAIT passed)."""
    seen: set[Path] = set()
    while not set(expected) <= seen:
        batch = watching.next(WAIT)
        assert batch is not None, f"not reported: {set(expected) - seen}"
        seen |= batch
    return seen


def _quiet(watching: Watching) -> None:
    """Nothing is reported (a watcher reports within tens of milliseconds)."""
    assert watching.next(0.5) is None


@pytest.mark.parametrize(
    "name",
    [
        "content/.profile.yaml.swp",
        "content/profile.yaml~",
        "content/#profile.yaml#",
        "content/.#profile.yaml",
        "content/profile.yaml.tmp",
        "content/profile.yaml___jb_tmp___",
        "content/4913",
        "content/.git/index",
        "content/.hidden/entry.md",
        "output/index.html",
        "README.md",
        ".cache/x",
    ],
)
def test_the_filter_leaves_out_editors_files_hidden_ones_and_what_builds_write(
    site: Path, name: str
):
    keep = SiteFilter(places(site, None), [site / "output"])
    assert not keep(Change.modified, str(site / name))


@pytest.mark.parametrize(
    "name", ["site.yaml", "content", "content/profile.yaml", "content/a/b.md", "themes/x/t.html"]
)
def test_the_filter_keeps_what_shapes_the_site(site: Path, name: str):
    keep = SiteFilter(places(site, None), [site / "output"])
    assert keep(Change.added, str(site / name))


def test_edits_are_reported_and_editors_files_are_not(site: Path, watching: Watching):
    profile = site / "content" / "profile.yaml"
    (site / "content" / ".profile.yaml.swp").write_text("swap")
    (site / "README.md").write_text("not part of the site")
    profile.write_text("name: B\n")
    assert _next(watching, profile) == {profile}
    _quiet(watching)


def test_site_yaml_saved_by_renaming_over_it_is_seen_every_time(site: Path, watching: Watching):
    config = site / "site.yaml"
    for number in range(3):  # a watch of the file itself would see only the first
        written = site / f"site.yaml.{number}.tmp"
        written.write_text(f"title: T{number}\nbase_url: https://example.org/\n")
        os.replace(written, config)
        assert config in _next(watching, config)


def test_a_folder_made_later_is_watched_once_followed(tmp_path: Path):
    site = write_site(tmp_path / "site", {"site.yaml": SITE["site.yaml"]}).resolve()
    shutil.rmtree(site / "content", ignore_errors=True)
    watching = Watching(site, [], threading.Event())
    try:
        watching.follow(None)
        (site / "content").mkdir()
        changed = _next(watching, site / "content")
        watching.follow(None, changed)
        entry = site / "content" / "profile.yaml"
        entry.write_text("name: A\n")
        assert entry in _next(watching, entry)
    finally:
        watching.close()


def test_the_watched_folders_follow_the_theme(site: Path, tmp_path: Path, watching: Watching):
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        (folder / "templates").mkdir(parents=True)
    watching.follow(_theme(first))
    (first / "templates" / "base.html").write_text("1")
    assert first / "templates" / "base.html" in _next(watching, first / "templates" / "base.html")
    watching.follow(_theme(second))
    (first / "templates" / "base.html").write_text("2")
    _quiet(watching)  # the theme in use no longer reads it
    (second / "templates" / "base.html").write_text("3")
    assert second / "templates" / "base.html" in _next(watching, second / "templates" / "base.html")


def test_links_to_folders_and_to_nothing_are_reported(site: Path, tmp_path: Path, watching):
    # The build refuses links that lead out of content/, so one made or removed is a change.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder_link = site / "content" / "more"
    folder_link.symlink_to(elsewhere)
    dangling = site / "content" / "gone.md"
    dangling.symlink_to(tmp_path / "missing")
    assert {folder_link, dangling} <= _next(watching, folder_link, dangling)
    folder_link.unlink()
    assert folder_link in _next(watching, folder_link)


def test_the_watchers_stop_when_the_preview_stops(site: Path):
    stopping = threading.Event()
    watching = Watching(site, [], stopping)
    watching.follow(None)
    threads = [watcher.thread for watcher in watching.watchers.values()]
    assert threads and all(thread.is_alive() for thread in threads)
    stopping.set()  # what Ctrl-C does
    for thread in threads:
        thread.join(timeout=WAIT)
        assert not thread.is_alive()


def test_a_theme_switched_in_site_yaml_moves_the_watch_to_its_folders(site: Path, tmp_path):
    config = site / "site.yaml"
    config.write_text(SITE["site.yaml"] + "theme: ledger\n")  # ledger extends meridian
    preview = Preview(site, tmp_path / "served", "http://127.0.0.1:8000/")
    preview.start()
    watching = Watching(site, [], threading.Event())
    try:
        watching.follow(preview.builder.last.theme)
        assert (REPO / "themes" / "ledger", True) in watching.watchers
        config.write_text(SITE["site.yaml"] + "theme: meridian\n")
        preview.rebuild(_next(watching, config))
        watching.follow(preview.builder.last.theme)
        assert preview.error is None
        watched = {folder for folder, deep in watching.watchers if deep}
        assert REPO / "themes" / "meridian" in watched
        assert REPO / "themes" / "ledger" not in watched
    finally:
        watching.close()


@pytest.fixture
def unfrozen():
    """Whatever a test froze is back in the collector's reach after it."""
    yield
    gc.unfreeze()


class _Cycle:
    """An object in a reference cycle: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_the_idle_preview_collects_its_garbage_and_freezes_the_rest(site, tmp_path, unfrozen):
    preview = Preview(site, tmp_path / "served", "http://127.0.0.1:8000/")
    preview.start()
    garbage, kept = _Cycle(), _Cycle()
    collected, left = weakref.ref(garbage), weakref.ref(kept)
    del garbage
    preview.collect_garbage()
    assert collected() is None
    assert gc.get_freeze_count() > 0  # the site in memory: no rebuild's collection walks it
    (site / "content" / "profile.yaml").write_text("name: B\n")
    assert preview.rebuild([site / "content" / "profile.yaml"]) is not None
    assert preview.error is None
    del kept  # frozen, then garbage (as a cycle in the site a rebuild replaced)
    preview.collect_garbage()
    assert left() is None  # the next idle moment collects it: nothing frozen leaks


class _Recording:
    """What `_watch` calls on the preview and the watchers, in order."""

    def __init__(self, batches: list[set[Path] | None]):
        self.batches = batches
        self.calls: list[str] = []
        self.interrupted = False
        self.error = None
        self.builder = SimpleNamespace(last=None)

    def next(self, seconds: float) -> set[Path] | None:
        if not self.batches:
            self.interrupted = True  # as Ctrl-C stops the loop
            return None
        batch = self.batches.pop(0)
        self.calls.append("quiet" if batch is None else "change")
        return batch

    def follow(self, *args: object) -> None:
        pass

    def rebuild(self, paths: set[Path], late: bool) -> object:
        self.calls.append("rebuild")
        return SimpleNamespace(written={Path("index.html"): b""}, removed=frozenset())

    def make_late(self) -> None:
        self.calls.append("late")

    def show(self, *args: object) -> None:
        pass

    def collect_garbage(self) -> None:
        self.calls.append("collect")


def test_the_preview_collects_once_quiet_after_each_rebuild_and_never_during_one():
    edit = {Path("content/profile.yaml")}
    recording = _Recording([None, None, edit, edit, None, None])
    _watch(recording, recording, recording)
    assert recording.calls == [
        *("quiet", "collect", "quiet"),  # the first build's garbage, once
        *("change", "rebuild", "late", "change", "rebuild", "late"),  # edits come first
        *("quiet", "collect", "quiet"),
    ]
