"""Where a cold `cvsite build` spends its time, step by step and process by process. Not a test.

    python bench/timeline.py                # the 1,000-entry corpus, 3 builds, the median shown
    python bench/timeline.py --size 5000
    python bench/timeline.py --site .       # the repository's own site

Each build is `cvsite build` in a new process, with its cache and output in a new folder (on
tmpfs when there is one), as in bench/ab.py. In it, the build's main steps are wrapped as
their modules are imported, and each notes when it starts and ends, and in which process:
the forked ones note theirs too. A step done many times (a section read, a page rendered)
is one line: how many times, its first start, its last end, and the time spent in it.
Times are milliseconds from the moment the build's process was started. The wrapping costs
a few milliseconds in all: bench/ab.py and bench/run.py give the build's own time.
"""

from __future__ import annotations

# The build's own process runs this file too (`inner`): only modules cvsite imports anyway
# are imported here, so that its start-up is the build's.
import argparse
import functools
import importlib.abc
import importlib.machinery
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

# The steps noted, by the module whose namespace holds them (where the build calls them).
STEPS = {
    "generator.site.builder": [
        "load",
        "plan_site",
        "citation_files",
        "check_collisions",
        "fingerprint",
        "SiteBuilder._render_files",
    ],
    "generator.site.build": ["write_site", "_save_stamp"],
    "generator.model.resume": ["read_section", "discover", "build_model"],
    "generator.markdown.renderer": [
        "MarkdownRenderer.setup",
        "MarkdownRenderer.prepare",
        "MarkdownRenderer._safe",  # a text rendered by prepare, in either process
    ],
    "generator.site.parallel": ["_work", "_here"],  # a run of items, in a worker or here
    "generator.render.renderer": ["Renderer.render_pages", "Renderer._render_unit"],
    "generator.content.cache": ["MarkdownStore.save"],
}
IMPORTS = ("generator.site.build",)  # how long it takes to import


class _Noting(importlib.abc.MetaPathFinder):
    """Wraps the functions of STEPS when their module has run, so that calls note times."""

    def __init__(self, note):  # noqa: ANN001
        self.note = note

    def find_spec(self, fullname, path, target=None):  # noqa: ANN001, ANN201, ARG002
        if fullname not in STEPS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        run_module = spec.loader.exec_module

        def exec_module(module) -> None:  # noqa: ANN001
            start = time.time()
            run_module(module)
            if fullname in IMPORTS:
                self.note(f"import {fullname}", start, time.time())
            for name in STEPS[fullname]:
                *owners, attribute = name.split(".")
                holder = module
                for owner in owners:
                    holder = getattr(holder, owner, None)
                if not hasattr(holder, attribute):  # renamed since: shown, not noted
                    self.note(f"(no {name} in {fullname})", start, start)
                    continue
                setattr(holder, attribute, self.wrap(getattr(holder, attribute), name))

        spec.loader.exec_module = exec_module
        return spec

    def wrap(self, function, name: str):  # noqa: ANN001, ANN201
        if name == "Renderer._render_unit":  # one line per kind of page
            return self.wrap_unit(function)

        @functools.wraps(function)
        def noted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            start = time.time()
            try:
                return function(*args, **kwargs)
            finally:
                self.note(name, start, time.time())

        return noted

    def wrap_unit(self, function):  # noqa: ANN001, ANN201
        @functools.wraps(function)
        def noted(renderer, unit, **kwargs):  # noqa: ANN001, ANN003, ANN202
            start = time.time()
            try:
                return function(renderer, unit, **kwargs)
            finally:
                kind = f"{unit.kind} pages" if hasattr(unit, "kind") else "site files"
                self.note(f"render {kind}", start, time.time())

        return noted


def inner(site: str, output: str, log: str, started: float) -> None:
    """The build, in this process, noting its steps in `log` (in every process)."""
    descriptor = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT)

    def note(name: str, start: float, end: float) -> None:
        line = (
            f"{os.getpid()}\t{name}\t{(start - started) * 1000:.1f}\t{(end - started) * 1000:.1f}\n"
        )
        os.write(descriptor, line.encode())  # one write: lines of two processes never mix

    note("Python's start-up", started, time.time())
    sys.meta_path.insert(0, _Noting(note))
    sys.argv = ["cvsite", "build", "--site", site, "--output", output]
    from generator.cli import run

    run()  # ends the process


def one_build(
    site: Path, scratch: Path, user_cache: Path | None = None
) -> tuple[float, list[tuple[str, str, float, float]]]:
    """A cold build's total milliseconds and the steps it noted (process, name, start, end).
    With `user_cache`, that is the cache of every build, and only the site's folder in it
    is cleared afterwards (the compiled templates of all the user's sites stay)."""
    import subprocess

    folder = Path(tempfile.mkdtemp(dir=scratch))
    log = folder / "log"
    cache = user_cache or folder / "cache"
    env = dict(os.environ, CVSITE_CACHE_DIR=str(cache), PYTHONPATH=str(REPO))
    places = [str(site), str(folder / "out"), str(log)]
    started = time.time()
    command = [sys.executable, str(HERE / "timeline.py"), "--inner", *places, str(started)]
    subprocess.run(command, cwd=REPO, env=env, check=True, stdout=subprocess.DEVNULL)
    total = (time.time() - started) * 1000
    steps = []
    for line in log.read_text().splitlines():
        pid, name, start, end = line.split("\t")
        steps.append((pid, name, float(start), float(end)))
    shutil.rmtree(folder)
    for each in user_cache.glob(f"{site.resolve().name}-*") if user_cache else ():
        shutil.rmtree(each)
    return total, steps


def table(steps: list[tuple[str, str, float, float]]) -> list[str]:
    """One line per step and process, in the order they began."""
    main = steps[0][0]
    names = {main: "this"}
    rows: dict[tuple[str, str], list[float]] = {}
    for pid, name, start, end in steps:
        names.setdefault(pid, f"child {len(names)}")
        row = rows.setdefault((pid, name), [0, start, end, 0.0])
        row[0] += 1
        row[1], row[2] = min(row[1], start), max(row[2], end)
        row[3] += end - start
    lines = [f"{'process':8} {'step':34} {'times':>5} {'from':>7} {'to':>7} {'spent':>7}"]
    for (pid, name), (count, start, end, spent) in sorted(rows.items(), key=lambda r: r[1][1]):
        lines.append(f"{names[pid]:8} {name:34} {count:5d} {start:7.1f} {end:7.1f} {spent:7.1f}")
    return lines


def main() -> None:
    if len(sys.argv) == 6 and sys.argv[1] == "--inner":
        inner(sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5]))
        return
    import compileall
    import statistics

    sys.path.insert(0, str(HERE))
    from sites import add_site_arguments, chosen_site, scratch_folder

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_site_arguments(parser)
    parser.add_argument("--runs", type=int, default=3, help="builds; the median is shown")
    parser.add_argument(
        "--user-cache", action="store_true", help="keep the user's cache, clear the site's"
    )
    args = parser.parse_args()
    site, what = chosen_site(args)
    compileall.compile_dir(REPO / "generator", quiet=1)  # as an installed cvsite is
    scratch = scratch_folder("cvsite-timeline-")
    try:
        user_cache = None
        if args.user_cache:
            user_cache = Path(tempfile.mkdtemp(dir=scratch))
            one_build(site, scratch, user_cache)  # fills the user's cache; not shown
        runs = (one_build(site, scratch, user_cache) for _ in range(args.runs))
        builds = sorted(runs, key=lambda b: b[0])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    total, steps = builds[len(builds) // 2]
    every = " ".join(f"{t:.0f}" for t, _ in builds)
    print(f"cold build of {what}: {total:.0f} ms, the median of {args.runs} ({every})\n")
    print("\n".join(table(steps)))
    median = statistics.median(t for t, _ in builds)
    print(f"\nmedian total {median:.0f} ms; times in milliseconds from the process's start")


if __name__ == "__main__":
    main()
