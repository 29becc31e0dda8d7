"""Work spread over processes gives what one process gives, in order; errors surface here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator import build
from generator.build import BuildOptions, render_site
from generator.errors import BuildError
from generator.parallel import MIN_ITEMS, Ahead, _deal, fork_map
from tests.helpers import REPO, copy_site


def _pid_and_square(number: int) -> tuple[int, int]:
    return os.getpid(), number * number


def test_fork_map_keeps_the_order_and_uses_other_processes():
    items = list(range(MIN_ITEMS * 3))
    results = fork_map(_pid_and_square, items, jobs=3)
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


def test_templates_compiled_ahead_by_another_process_give_the_same_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    site = _site_with_many_entries(tmp_path)
    cache = tmp_path / "cache"
    found: list[int] = []

    class Watched(build.Renderer):  # what is compiled when this process starts rendering
        def __init__(self, *args, compiled: Path, **kwargs):
            found.append(len(list(compiled.iterdir())))
            super().__init__(*args, compiled=compiled, **kwargs)

    monkeypatch.setattr(build, "Renderer", Watched)
    ahead = render_site(BuildOptions(site, tmp_path / "a", jobs=2, cache_dir=cache)).files
    assert found == [len(list((REPO / "themes/meridian/templates").rglob("*.html")))]
    monkeypatch.undo()
    here = render_site(BuildOptions(site, tmp_path / "b", jobs=1)).files
    assert [str(p) for p in here if here[p] != ahead[p]] == []


def test_a_template_mistake_is_reported_here_when_templates_are_compiled_ahead(tmp_path: Path):
    site = _site_with_many_entries(tmp_path)
    (site / "themes" / "broken" / "templates").mkdir(parents=True)
    (site / "themes" / "broken" / "theme.yaml").write_text("name: broken\nextends: meridian\n")
    (site / "themes" / "broken" / "templates" / "tag.html").write_text("{% if %}\n")
    settings = site / "site.yaml"
    settings.write_text(settings.read_text().replace("theme: meridian", "theme: broken"))
    with pytest.raises(BuildError, match=r"themes/broken/templates/tag.html:1: template syntax"):
        render_site(BuildOptions(site, tmp_path / "a", jobs=2, cache_dir=tmp_path / "cache"))


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


def test_costly_items_are_shared_evenly_when_cheap_and_costly_ones_alternate():
    # Markdown texts come as (body, one-line summary) pairs: dealt out in turn, one process
    # would get every body and the other every summary.
    costs = [100 if n % 2 == 0 else 1 for n in range(MIN_ITEMS * 4)]
    shares = _deal(costs, 2, cost=lambda c: c)
    loads = [sum(costs[i] for i in share) for share in shares]
    assert abs(loads[0] - loads[1]) <= max(costs)
    assert sorted(i for share in shares for i in share) == list(range(len(costs)))


def test_fork_map_with_costs_keeps_the_order():
    items = list(range(MIN_ITEMS * 3))
    results = fork_map(_pid_and_square, items, jobs=2, cost=lambda n: n % 5)
    assert [square for _, square in results] == [n * n for n in items]
    assert len({pid for pid, _ in results}) == 2
