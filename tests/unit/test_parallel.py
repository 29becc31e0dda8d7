"""Work spread over processes gives what one process gives, in order; errors surface here."""

from __future__ import annotations

import functools
import os
import pickle
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.render.renderer import Job
from generator.render.theme import builtin_themes_dir
from generator.site import build
from generator.site.build import BuildOptions, render_site
from generator.site.parallel import MIN_ITEMS, Ahead, _order, _Queue, _Results, fork_map
from tests.helpers import REPO, copy_site


def _pid_and_square(number: int) -> tuple[int, int]:
    return os.getpid(), number * number


def _slow_pid_and_square(number: int) -> tuple[int, int]:
    time.sleep(0.002)  # long enough that every process starts before the work is gone
    return os.getpid(), number * number


def test_fork_map_keeps_the_order_and_uses_other_processes():
    items = list(range(MIN_ITEMS * 3))
    results = fork_map(_slow_pid_and_square, items, jobs=3)
    assert [square for _, square in results] == [n * n for n in items]
    assert len({pid for pid, _ in results}) == 3


def test_fork_map_does_small_work_here():
    results = fork_map(_pid_and_square, list(range(5)), jobs=4)
    assert {pid for pid, _ in results} == {os.getpid()}


def _fails_on_the_last(number: int) -> int:
    if number == MIN_ITEMS * 2 - 1:
        raise BuildError(f"item {number} is broken")
    return number


def test_an_error_in_a_child_is_raised_here_with_its_own_type():
    with pytest.raises(BuildError, match="is broken"):
        fork_map(_fails_on_the_last, list(range(MIN_ITEMS * 2)), jobs=2)


def _site_with_many_entries(root: Path) -> Path:
    site = copy_site(REPO, root / "site")
    folder = site / "content" / "talks"
    folder.mkdir()
    for number in range(150):
        tags = ", ".join(f"Tag {k}" for k in range(number % 7 + 1))
        (folder / f"talk-{number:03d}.md").write_text(
            f"---\ntitle: Talk *{number}*\ndate: {2000 + number % 20}-0{number % 9 + 1}\n"
            f"tags: [{tags}]\n---\nSome **text** for talk {number}, with a [link](https://x.org).\n"
            f"\n- one\n- two\n",
            encoding="utf-8",
        )
    return site


def test_a_parallel_build_is_byte_identical_to_a_single_process_one(tmp_path: Path):
    site = _site_with_many_entries(tmp_path)
    one = render_site(BuildOptions(site, tmp_path / "a", jobs=1)).files
    two = render_site(BuildOptions(site, tmp_path / "b", jobs=2)).files
    assert one.keys() == two.keys()
    assert [str(p) for p in one if one[p] != two[p]] == []


def test_other_work_given_with_the_pages_comes_back_after_them_in_order(tmp_path: Path):
    # A one-off build makes the sitemap, feeds and resume.json alongside its pages.
    site = _site_with_many_entries(tmp_path)
    builder = build.SiteBuilder(BuildOptions(site, tmp_path / "a", jobs=2), once=True)
    built = builder.build().site
    pages = built.pages
    also = [Job(1000.0, functools.partial(_pid_and_square, n)) for n in range(3)]
    spread = functools.partial(fork_map, jobs=2)
    results = builder._renderer.render_pages(pages, spread, also=also)
    assert [html for html, _ in results[: len(pages)]] == [
        built.rendered[page.url].html for page in pages
    ]
    assert [square for _, square in results[len(pages) :]] == [0, 1, 4]


def test_templates_are_kept_compiled_in_the_sites_cache_folder_only(tmp_path: Path):
    """Jinja's bytecode cache is in the cache folder the build is given, never beside the
    installed themes; a build that finds them there gives the same site."""
    site = _site_with_many_entries(tmp_path)
    cache = tmp_path / "cache"
    installed = builtin_themes_dir() / "__pycache__"
    before = sorted(installed.rglob("*")) if installed.exists() else []
    first = render_site(BuildOptions(site, tmp_path / "a", jobs=2, cache_dir=cache)).files
    kept = sorted(cache.glob("templates-*/__jinja2_*.cache"))
    assert len(kept) >= len(list((REPO / "themes/meridian/templates").rglob("*.html"))) - 1
    after = sorted(installed.rglob("*")) if installed.exists() else []
    assert after == before
    again = render_site(BuildOptions(site, tmp_path / "b", jobs=1, cache_dir=cache)).files
    assert sorted(cache.glob("templates-*/__jinja2_*.cache")) == kept
    assert [str(p) for p in again if again[p] != first[p]] == []


def test_a_template_mistake_is_reported_here_when_templates_are_compiled_ahead(tmp_path: Path):
    site = _site_with_many_entries(tmp_path)
    (site / "themes" / "broken" / "templates").mkdir(parents=True)
    (site / "themes" / "broken" / "theme.yaml").write_text("name: broken\nextends: meridian\n")
    (site / "themes" / "broken" / "templates" / "tag.html").write_text("{% if %}\n")
    settings = site / "site.yaml"
    settings.write_text(settings.read_text().replace("theme: meridian", "theme: broken"))
    with pytest.raises(BuildError, match=r"themes/broken/templates/tag.html:1: template syntax"):
        render_site(BuildOptions(site, tmp_path / "a", jobs=2, cache_dir=tmp_path / "cache"))


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file()
    }


def test_a_page_failing_after_others_were_written_leaves_the_output_as_it_was(tmp_path: Path):
    """Each rendering process writes its pages into the new output folder as it goes: a page
    that fails after some were written leaves that folder gone and the output unchanged."""
    site = _site_with_many_entries(tmp_path)
    theme = site / "themes" / "picky" / "templates" / "entry"
    theme.mkdir(parents=True)
    (site / "themes" / "picky" / "theme.yaml").write_text("name: picky\nextends: meridian\n")
    (theme / "generic.html").write_text(
        '{% extends "@parent/entry/generic.html" %}{% block content %}'
        "{% if item.title == 'Talk *90*' %}{{ nothing.here }}{% endif %}{{ super() }}"
        "{% endblock %}"
    )
    options = BuildOptions(site, tmp_path / "out", jobs=2, cache_dir=tmp_path / "cache")
    build.build(options)
    before = _snapshot(tmp_path / "out")
    settings = site / "site.yaml"
    settings.write_text(settings.read_text().replace("theme: meridian", "theme: picky"))
    with pytest.raises(BuildError, match="nothing"):
        build.build(options)
    assert _snapshot(tmp_path / "out") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "out", "site"]


def _write_marker(path: Path) -> None:
    path.write_text(str(os.getpid()))


def _fail() -> None:
    print("not to be seen")
    raise BuildError("broken")


def test_ahead_runs_its_work_in_another_process_and_waits_for_it(tmp_path: Path):
    marker = tmp_path / "marker"
    ahead = Ahead(lambda: _write_marker(marker))
    ahead.wait()
    assert int(marker.read_text()) != os.getpid()
    ahead.wait()  # a second wait returns at once
    Ahead().wait()  # nothing started, nothing to wait for


def test_ahead_keeps_a_failure_and_its_output_to_itself(capfd: pytest.CaptureFixture[str]):
    Ahead(_fail).wait()
    assert capfd.readouterr() == ("", "")


def _wait_for(path: Path) -> None:
    for _ in range(3000):  # 30 s at most: the test fails, rather than hangs, without it
        if path.exists():
            return
        time.sleep(0.01)


def _pid_and_double(number: int) -> tuple[int, int]:
    return os.getpid(), 2 * number


def _noting_double(number: int, folder: Path) -> tuple[int, int]:
    (folder / str(number)).touch()
    return os.getpid(), 2 * number


def test_ahead_shares_its_items_with_whoever_asks_for_its_results(tmp_path: Path):
    ahead = Ahead(None, functools.partial(_noting_double, folder=tmp_path), list(range(1000)))
    _wait_for(tmp_path / "5")  # the child has computed items 0 to 5, in the queue's order
    found = ahead.results()
    ahead.wait()
    assert set(range(6)) <= found.keys() <= set(range(1000))
    assert all(pid != os.getpid() and double == 2 * index for index, (pid, double) in found.items())
    assert ahead.results() == {}  # asked once


def _wait_or_give_up(gate: Path, gave_up: Path) -> None:
    _wait_for(gate)
    if not gate.exists():
        gave_up.touch()


def test_ahead_gives_no_items_and_waits_for_none_while_the_child_is_still_on_its_first_work(
    tmp_path: Path,
):
    gate, gave_up = tmp_path / "gate", tmp_path / "gave-up"
    ahead = Ahead(functools.partial(_wait_or_give_up, gate, gave_up), _pid_and_double, [1, 2])
    assert ahead.results() == {}
    assert not gave_up.exists(), "results() waited for the child's first work"
    gate.touch()
    ahead.wait()  # the child found the queue emptied: it stops


def _slow_pid_and_double(number: int) -> tuple[int, int]:
    time.sleep(0.002)
    return os.getpid(), 2 * number


def test_ahead_and_this_process_share_the_items_left_and_give_each_once():
    ahead = Ahead(None, _slow_pid_and_double, list(range(300)))
    time.sleep(0.05)  # the child begins
    found = ahead.results(here=_slow_pid_and_double)
    ahead.wait()
    assert found.keys() == set(range(300))
    assert all(double == 2 * index for index, (_, double) in found.items())
    pids = {pid for pid, _ in found.values()}
    assert os.getpid() in pids and len(pids) == 2  # both took some
    assert ahead.results(here=_slow_pid_and_double) == {}  # asked once


def test_sharing_with_a_child_still_on_its_first_work_takes_the_items_here(tmp_path: Path):
    """...and then waits for that work, which the caller is about to use."""
    gate, gave_up = tmp_path / "gate", tmp_path / "gave-up"
    ahead = Ahead(functools.partial(_wait_or_give_up, gate, gave_up), _pid_and_double, [1, 2])
    opening = threading.Timer(0.3, gate.touch)
    opening.start()
    found = ahead.results(here=lambda n: (os.getpid(), 2 * n))
    assert gate.exists() and not gave_up.exists()
    opening.join()
    ahead.wait()
    assert found == {0: (os.getpid(), 2), 1: (os.getpid(), 4)}


def test_ready_waits_for_the_first_work_only(tmp_path: Path):
    gate, gave_up, went_on = tmp_path / "gate", tmp_path / "gave-up", tmp_path / "went-on"

    def first() -> None:
        _wait_or_give_up(gate, gave_up)

    ahead = Ahead(first, functools.partial(_noting_then_waiting, went_on, gave_up), [1])
    gate.touch()
    ahead.ready()  # the first work is done; the child may still be on its items
    assert not gave_up.exists()
    went_on.touch()
    ahead.wait()
    assert not gave_up.exists()
    Ahead().ready()  # nothing started: nothing to wait for


def _noting_then_waiting(went_on: Path, gave_up: Path, number: int) -> int:
    _wait_or_give_up(went_on, gave_up)
    return number


def test_ahead_without_items_or_work_starts_nothing():
    assert Ahead(None, _pid_and_double, [])._pid is None
    assert Ahead()._pid is None


def test_costly_items_are_handed_out_first():
    costs = [100 if n % 2 == 0 else 1 for n in range(10)]
    assert _order(costs, cost=lambda c: c) == [0, 2, 4, 6, 8, 1, 3, 5, 7, 9]
    assert _order(costs, cost=None) == list(range(10))


def test_fork_map_with_costs_keeps_the_order_and_does_the_costliest_here():
    items = list(range(MIN_ITEMS * 3))
    results = fork_map(_slow_pid_and_square, items, jobs=2, cost=lambda n: n % 5 + (n == 100) * 9)
    assert [square for _, square in results] == [n * n for n in items]
    assert len({pid for pid, _ in results}) == 2
    assert results[100][0] == os.getpid()  # the costliest: what it leaves behind stays here


@pytest.mark.parametrize("count", [1, 5, _Queue.RECORDS, _Queue.RECORDS * 3 + 7])
def test_a_queue_hands_out_every_index_once_whatever_their_number(count: int):
    order = list(range(count))[::-1]
    queue = _Queue(order)
    queue.close_writing()
    try:
        assert list(queue) == order
    finally:
        queue.close()


def _dies_on_odd_numbers(number: int) -> int:
    if number % 2 and os.getpid() != PARENT:
        os._exit(3)  # a child killed mid-way: whatever it took is done again here
    time.sleep(0.001)
    return number


PARENT = os.getpid()


def test_the_work_of_a_child_that_dies_is_done_here():
    items = list(range(MIN_ITEMS * 2))
    assert fork_map(_dies_on_odd_numbers, items, jobs=2) == items


def _noted_and_failing_first(number: int, log: Path) -> int:
    if number == 0:  # the costliest, so the first item this process computes
        raise BuildError("item 0 is broken")
    with log.open("a") as out:
        out.write(f"{number}\n")
    time.sleep(0.005)
    return number


def test_a_failure_here_stops_the_other_processes_soon(tmp_path: Path):
    # A mistake on one page of a big site is reported without waiting for the other
    # processes to render every page that is left.
    log = tmp_path / "done"
    log.touch()
    items = list(range(MIN_ITEMS * 4))
    with pytest.raises(BuildError, match="item 0 is broken"):
        fork_map(
            functools.partial(_noted_and_failing_first, log=log),
            items,
            jobs=2,
            cost=lambda n: n == 0,
        )
    assert len(log.read_text().split()) < len(items) // 4


def test_results_are_received_whole_up_to_one_cut_short():
    # A child killed while it writes a result leaves part of it: what came before is kept,
    # and the part is not taken for a result.
    results = _Results()
    big = os.urandom(200_000)  # more than a pipe holds, and than one write may take
    for index in range(3):
        results.send(index, (big, frozenset({f"page {index}"})))
    whole = os.fstat(results._file).st_size
    results.send(3, big)
    os.ftruncate(results._file, whole + 1000)
    assert results.received() == {i: (big, frozenset({f"page {i}"})) for i in range(3)}


def test_results_are_taken_as_they_come_each_once_and_whole():
    results = _Results()
    results.send(0, "a")
    results.send(1, frozenset({"b"}))
    assert results.take() == {0: "a", 1: frozenset({"b"})}
    assert results.take() == {}
    data = pickle.dumps((2, "c"), protocol=5)
    record = len(data).to_bytes(_Results._LENGTH, "little") + data
    os.write(results._file, record[:5])  # a result being written: not yet
    assert results.take() == {}
    os.write(results._file, record[5:-1])
    assert results.take() == {}
    os.write(results._file, record[-1:])
    assert results.take() == {2: "c"}
    results.send(3, "d")
    assert results.received() == {3: "d"}  # what was not taken before


def _big_result(number: int) -> bytes:
    return bytes([number % 256]) * 70_000


def test_a_child_sends_results_bigger_than_a_pipe_holds():
    items = list(range(MIN_ITEMS * 2))
    assert fork_map(_big_result, items, jobs=2) == [_big_result(n) for n in items]


def test_results_travel_through_a_temporary_file_where_there_is_no_memory_file(
    monkeypatch: pytest.MonkeyPatch,
):
    def refused(*args: object) -> int:
        raise OSError("no memfd here")

    monkeypatch.setattr(os, "memfd_create", refused, raising=False)
    items = list(range(MIN_ITEMS * 2))
    assert fork_map(_big_result, items, jobs=2) == [_big_result(n) for n in items]


def test_the_other_processes_die_with_a_killed_build(tmp_path: Path):
    """A killed build's children would go on writing pages into the folder the next build
    makes (writer.Staging): they are killed with it."""
    pids = tmp_path / "pids"
    pids.mkdir()
    code = (
        "import os, time\n"
        "from pathlib import Path\n"
        "from generator.site.parallel import fork_map\n"
        "def work(n):\n"
        f"    Path({str(pids)!r}, str(os.getpid())).touch()\n"
        "    time.sleep(0.05)\n"
        "fork_map(work, list(range(2000)), jobs=2)\n"
    )
    build = subprocess.Popen([sys.executable, "-c", code], cwd=REPO)
    try:
        for _ in range(3000):
            if len(list(pids.iterdir())) >= 2:
                break
            time.sleep(0.01)
        children = [int(p.name) for p in pids.iterdir() if int(p.name) != build.pid]
        assert len(children) == 1
    finally:
        build.kill()
        build.wait()
    for _ in range(500):
        if not _alive(children[0]):
            return
        time.sleep(0.01)
    raise AssertionError("the child outlived the build")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (dead, not yet reaped by init) is as good as gone.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] != "Z"


def test_a_build_saves_its_rendered_markdown_for_the_next_one(tmp_path: Path):
    """Saved alongside the pages, by whichever process is free: every text of the site."""
    from generator.content.cache import MarkdownStore

    site = _site_with_many_entries(tmp_path)
    cache = tmp_path / "cache"
    built = build.build(BuildOptions(site, tmp_path / "out", jobs=2, cache_dir=cache))
    assert built.report.written
    store = MarkdownStore(next(cache.glob("markdown-*.pickle")))
    bodies = [html for (_, inline, _), html in store._disk.items() if not inline]
    assert sum("<strong>text</strong> for talk" in html for html in bodies) >= MIN_ITEMS
