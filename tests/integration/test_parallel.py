"""Work spread over processes gives what one process gives, in order; errors surface here."""

from __future__ import annotations

import functools
import multiprocessing
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from generator.errors import BuildError, ContentErrors
from generator.render.renderer import Job, Page, Renderer
from generator.render.theme import builtin_themes_dir
from generator.serve.preview import Preview
from generator.site import build
from generator.site import builder as builder_module
from generator.site.build import BuildOptions, render_site
from generator.site.parallel import MIN_ITEMS, _chunks, _Claims, _order, parallel_map
from tests.helpers import FIXTURES, REPO, copy_site, new_site_cache, write_site

REAL_BIB = FIXTURES / "realworld" / "bibtex"


def _pid_and_square(number: int) -> tuple[int, int]:
    return os.getpid(), number * number


def _slow_pid_and_square(number: int) -> tuple[int, int]:
    time.sleep(0.002)  # long enough that every process starts before the work is gone
    return os.getpid(), number * number


def test_parallel_map_keeps_the_order_and_uses_other_processes():
    items = list(range(MIN_ITEMS * 3))
    results = parallel_map(_slow_pid_and_square, items, jobs=3)
    assert [square for _, square in results] == [n * n for n in items]
    assert len({pid for pid, _ in results}) == 3


def test_parallel_map_does_small_work_here():
    results = parallel_map(_pid_and_square, list(range(5)), jobs=4)
    assert {pid for pid, _ in results} == {os.getpid()}


def _fails_on_the_last(number: int) -> int:
    if number == MIN_ITEMS * 2 - 1:
        raise BuildError(f"item {number} is broken")
    return number


def test_an_error_in_a_child_is_raised_here_with_its_own_type():
    with pytest.raises(BuildError, match="is broken"):
        parallel_map(_fails_on_the_last, list(range(MIN_ITEMS * 2)), jobs=2)


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
    one = render_site(BuildOptions(site, tmp_path / "a", jobs=1, cache_dir=new_site_cache())).files
    two = render_site(BuildOptions(site, tmp_path / "b", jobs=2, cache_dir=new_site_cache())).files
    assert one.keys() == two.keys()
    assert [str(p) for p in one if one[p] != two[p]] == []


def test_other_work_given_with_the_pages_comes_back_after_them_in_order(tmp_path: Path):
    # A one-off build makes the sitemap, feeds and resume.json alongside its pages.
    site = _site_with_many_entries(tmp_path)
    builder = build.SiteBuilder(BuildOptions(site, tmp_path / "a", jobs=2), once=True)
    built = builder.build().site
    pages = built.pages
    also = [Job(1000.0, functools.partial(_pid_and_square, n)) for n in range(3)]
    spread = functools.partial(parallel_map, jobs=2)
    results = builder._renderer.render_pages(pages, spread, also=also)
    assert [html for html, _ in results[: len(pages)]] == [
        built.rendered[page.url].html for page in pages
    ]
    assert [square for _, square in results[len(pages) :]] == [0, 1, 4]


def test_templates_are_kept_compiled_beside_the_sites_cache_folder_only(tmp_path: Path):
    """Jinja's bytecode cache is beside the cache folder the build is given (one for all of
    the user's sites), never beside the installed themes; a build that finds them there
    gives the same site."""
    site = _site_with_many_entries(tmp_path)
    cache = tmp_path / "cache"
    installed = builtin_themes_dir() / "__pycache__"
    before = sorted(installed.rglob("*")) if installed.exists() else []
    first = render_site(BuildOptions(site, tmp_path / "a", jobs=2, cache_dir=cache)).files
    kept = sorted(tmp_path.glob("templates-*/__jinja2_*.cache"))
    assert len(kept) >= len(list((REPO / "themes/meridian/templates").rglob("*.html"))) - 1
    after = sorted(installed.rglob("*")) if installed.exists() else []
    assert after == before
    again = render_site(BuildOptions(site, tmp_path / "b", jobs=1, cache_dir=cache)).files
    assert sorted(tmp_path.glob("templates-*/__jinja2_*.cache")) == kept
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
    # (the compiled templates are kept beside the site's cache folder: in cache/ too)
    options = BuildOptions(site, tmp_path / "out", jobs=2, cache_dir=tmp_path / "cache" / "site")
    build.build(options)
    before = _snapshot(tmp_path / "out")
    settings = site / "site.yaml"
    settings.write_text(settings.read_text().replace("theme: meridian", "theme: picky"))
    with pytest.raises(BuildError, match="nothing"):
        build.build(options)
    assert _snapshot(tmp_path / "out") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "out", "site"]


def test_costly_items_are_handed_out_first():
    costs = [100 if n % 2 == 0 else 1 for n in range(10)]
    assert _order(costs, cost=lambda c: c) == [0, 2, 4, 6, 8, 1, 3, 5, 7, 9]
    assert _order(costs, cost=None) == list(range(10))


def test_the_items_picked_to_stay_are_done_here():
    items = list(range(MIN_ITEMS * 3))
    results = parallel_map(_slow_pid_and_square, items, jobs=2, here=lambda n: n % 7 == 0)
    assert [square for _, square in results] == [n * n for n in items]
    assert {pid for n, (pid, _) in enumerate(results) if n % 7 == 0} == {os.getpid()}
    assert len({pid for pid, _ in results}) == 2  # the rest is still shared


def test_the_preview_draws_its_list_pages_in_its_own_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """So that its next rendering of them finds their entries drawn (render/fragments.py)."""
    papers = "".join(
        f"- title: Paper {n}\n  authors: [Ada Lovelace]\n  year: {1990 + n % 30}\n"
        for n in range(MIN_ITEMS + 50)
    )
    site = write_site(tmp_path / "site", {"content/publications.yaml": papers})
    monkeypatch.setenv("CVSITE_CACHE_DIR", str(new_site_cache()))
    monkeypatch.setattr(builder_module, "available_cores", lambda: 2)  # a one-core runner too
    preview = Preview(site, tmp_path / "out", "http://127.0.0.1:8000/")
    here: list[str] = []
    render_page = Renderer.render_page

    def noted(self: Renderer, page: Page) -> tuple[bytes, frozenset[str]]:
        here.append(page.kind)
        return render_page(self, page)

    monkeypatch.setattr(Renderer, "render_page", noted)  # noted in this process only
    preview.start(late=True)
    assert preview.error is None
    assert {"home", "section", "cv"} <= set(here)
    assert here.count("entry") < MIN_ITEMS + 50  # the other process drew the rest


def test_parallel_map_with_costs_keeps_the_order():
    items = list(range(MIN_ITEMS * 3))
    results = parallel_map(_slow_pid_and_square, items, jobs=2, cost=lambda n: n % 5)
    assert [square for _, square in results] == [n * n for n in items]
    assert len({pid for pid, _ in results}) == 2


def test_work_is_cut_into_runs_that_cover_it_once():
    order = list(range(1000))[::-1]
    for jobs in (2, 3, 8):
        runs = _chunks(order, jobs)
        assert [i for run in runs for i in run] == order
        assert len(runs) >= jobs * 4


def _dies_on_odd_numbers(number: int) -> int:
    if number % 2 and os.getpid() != PARENT:
        os._exit(3)  # a child killed mid-way: whatever it took is done again here
    time.sleep(0.001)
    return number


PARENT = os.getpid()


def test_a_chunk_goes_to_the_side_that_notes_it_first():
    """This process and a worker each take a chunk the other has not noted, and leave one it
    has: whichever comes first does the work."""
    claims = _Claims(multiprocessing.get_context("fork"), 2)
    assert claims.here(0) and not claims.worker(0)
    assert claims.worker(1) and not claims.here(1)


# The pool's own thread must not die with a traceback either (pytest reports that as this
# warning): on Python 3.11 it did, two times in three, when a chunk taken back here was
# one the pool then marked broken (CPython gh-107219).
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
@pytest.mark.parametrize("attempt", range(3))
def test_the_work_of_a_child_that_dies_is_done_here(attempt: int):
    items = list(range(MIN_ITEMS * 2))
    assert parallel_map(_dies_on_odd_numbers, items, jobs=2) == items


def test_a_builder_forks_for_its_first_build_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The first build typesets its PDFs after its workers are gone; a process that has
    typeset must not fork again (Typst's threads do not survive fork()), so a preview's
    later builds, even after a settings change, render every page here."""
    from generator.site.changes import Changes

    site = _site_with_many_entries(tmp_path)
    log = tmp_path / "rendered"
    render_page = Renderer.render_page

    def noted(self, page):  # noqa: ANN001, ANN202
        with log.open("a") as out:
            out.write(f"{os.getpid()}\n")
        return render_page(self, page)

    monkeypatch.setattr(Renderer, "render_page", noted)
    builder = build.SiteBuilder(BuildOptions(site, tmp_path / "a", jobs=2))
    builder.build()
    assert len(set(log.read_text().split())) == 2
    log.unlink()
    update = builder.build(Changes(settings=True))
    assert update.rendered > MIN_ITEMS
    assert set(log.read_text().split()) == {str(os.getpid())}


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
        parallel_map(
            functools.partial(_noted_and_failing_first, log=log),
            items,
            jobs=2,
            cost=lambda n: n == 0,
        )
    assert len(log.read_text().split()) < len(items) // 4


def _big_result(number: int) -> bytes:
    return bytes([number % 256]) * 70_000


def test_a_child_sends_results_bigger_than_a_pipe_holds():
    items = list(range(MIN_ITEMS * 2))
    assert parallel_map(_big_result, items, jobs=2) == [_big_result(n) for n in items]


def test_the_other_processes_die_with_a_killed_build(tmp_path: Path):
    """A killed build's workers would wait for work for ever: they end with it."""
    pids = tmp_path / "pids"
    pids.mkdir()
    code = (
        "import os, time\n"
        "from pathlib import Path\n"
        "from generator.site.parallel import parallel_map\n"
        "def work(n):\n"
        f"    Path({str(pids)!r}, str(os.getpid())).touch()\n"
        "    time.sleep(0.05)\n"
        "parallel_map(work, list(range(2000)), jobs=2)\n"
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
    from generator.site.stamp import markdown_file

    site = _site_with_many_entries(tmp_path)
    cache = tmp_path / "cache"
    built = build.build(BuildOptions(site, tmp_path / "out", jobs=2, cache_dir=cache))
    assert built.report.written
    store = MarkdownStore(markdown_file(cache))
    bodies = [html for (_, inline, _), html in store._disk.items() if not inline]
    assert sum("<strong>text</strong> for talk" in html for html in bodies) == 150  # every talk


def test_builds_in_one_process_after_typesetting_never_typeset_in_a_fork(tmp_path):
    """A preview builds again and again in one process, over two cores: the PDFs of every
    build are typeset in that process, never in the processes it forks for pages (where
    typeset would refuse, and the work be done again here)."""
    log = tmp_path / "typeset-in.txt"
    script = textwrap.dedent(
        f"""
        import os, sys
        from pathlib import Path
        sys.path.insert(0, {str(REPO)!r})
        from generator.render import typstpdf
        from generator.site.build import BuildOptions, build
        real = typstpdf.typeset
        def noted(*args, **kwargs):  # which process typesets
            with open({str(log)!r}, "a") as file:
                file.write(f"{{os.getpid()}}\\n")
            return real(*args, **kwargs)
        typstpdf.typeset = noted
        for n in range(2):
            output = Path({str(tmp_path)!r}) / f"out{{n}}"
            build(BuildOptions(Path({str(REPO)!r}), output, jobs=2))
            print((output / "de" / "cv.pdf").read_bytes()[:4].decode())
        print(os.getpid())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    *pdfs, pid = done.stdout.split()
    assert pdfs == ["%PDF", "%PDF"]
    # two languages, each with its CV and the sample's variant (site.yaml `variants`), two builds
    assert log.read_text().split() == [pid] * 8


def test_a_long_bib_read_over_processes_gives_what_one_process_gives(
    caplog: pytest.LogCaptureFixture,
):
    """A real 316-paper file with 137 warnings: the same papers, the same warnings in order."""
    from generator.content import bibread

    text = (REAL_BIB / "ernst.bib").read_text(encoding="utf-8")
    caplog.set_level("WARNING")
    alone = bibread.load_publications(text, "content/refs.bib")
    warned_alone = [r.getMessage() for r in caplog.records]
    caplog.clear()
    pids: set[int] = set()

    def spread(function, items, cost=None):
        def where(item):
            return os.getpid(), function(item)

        done = parallel_map(where, items, jobs=2, cost=cost)
        pids.update(pid for pid, _ in done)
        return [result for _, result in done]

    spread_out = bibread.load_publications(text, "content/refs.bib", spread=spread)
    assert [r.getMessage() for r in caplog.records] == warned_alone
    assert spread_out == alone
    assert len(alone[0]) > 300 and len(warned_alone) > 0 and len(pids) == 2


def test_markdown_refused_in_a_cv_entry_is_placed_before_any_pdf_is_typeset(tmp_path: Path):
    site = copy_site(REPO, tmp_path / "site")
    projects = site / "content" / "projects.yaml"
    projects.write_text("- title: Bad\n  summary: '[click](javascript:alert(1))'\n")
    with pytest.raises(ContentErrors) as raised:
        render_site(BuildOptions(site, tmp_path / "out", jobs=2))
    assert "content/projects.yaml:2:12: projects[0].summary:" in str(raised.value.errors[0])
