"""cvsite's builds at sizes: cold, warm, and the preview's rebuilds. Not part of the test suite.

    python bench/run.py                  # 1,000 and 5,000 entries, 5 runs each
    python bench/run.py 100 --runs 3     # quicker

Every figure is the median of the runs (bench/peers.py sets cold builds beside the peers';
bench/ab.py compares two versions). Builds run as a user runs them (`cvsite build` in a
subprocess, peak memory from the kernel's accounting of that process); the one-file and
no-op rebuilds go through the path `cvsite serve` takes (`serve.Preview.rebuild`), in one
process that keeps its state between edits, as the preview does.

A cold build has an empty cache folder (no rendered Markdown, no compiled template).
"""

from __future__ import annotations

import argparse
import compileall
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
    cold_peak_mb: float = 0.0
    warm: float = 0.0
    warm_cpu: float = 0.0
    warm_written: int = -1
    one_file: float = 0.0
    one_file_cpu: float = 0.0
    one_title: float = 0.0
    noop: float = 0.0
    noop_written: int = -1


def cold_and_warm(site: Path, runs: int, figures: Figures) -> None:
    """Cold builds, each with an empty cache into a new folder, and a warm one after each."""
    colds, peaks, warms, cold_cpus, warm_cpus = [], [], [], [], []
    for _ in range(runs):
        output = fresh(site.parent, "cvsite-output")
        env = dict(os.environ, CVSITE_CACHE_DIR=str(output.parent / "cache"))
        command = cvsite("build", "--site", str(site), "--output", str(output))
        cold = run(command, env=env)
        colds.append(cold.seconds)
        cold_cpus.append(cold.cpu)
        peaks.append(cold.peak_mb)
        before = _files(output)
        warm = run(command, env=env)
        warms.append(warm.seconds)
        warm_cpus.append(warm.cpu)
        changed = sum(1 for name, mtime in _files(output).items() if before.get(name) != mtime)
        figures.warm_written = max(figures.warm_written, changed)
        figures.pages = int(cold.output.split("Built ", 1)[1].split(" ", 1)[0])
    figures.cold, figures.cold_peak_mb, figures.warm = median(colds), max(peaks), median(warms)
    figures.cold_cpu, figures.warm_cpu = median(cold_cpus), median(warm_cpus)


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


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def report(figures: Figures) -> list[str]:
    warm = f"warm, nothing changed ({figures.warm_written} files written)"
    noop = f"no-op rebuild (serve path, {figures.noop_written} files written)"
    rows = [
        ("cold full build", ms(figures.cold), ms(figures.cold_cpu)),
        ("pages per second (cold)", f"{figures.pages / figures.cold:,.0f}", ""),
        ("peak memory (cold)", f"{figures.cold_peak_mb:,.0f} MB", ""),
        (warm, ms(figures.warm), ms(figures.warm_cpu)),
        (
            "one-file rebuild, a body edited (serve path)",
            ms(figures.one_file),
            ms(figures.one_file_cpu),
        ),
        ("one-file rebuild, a title edited (serve path)", ms(figures.one_title), ""),
        (noop, ms(figures.noop), ""),
    ]
    lines = [f"### {figures.entries:,} entries ({figures.pages:,} pages)", ""]
    lines += ["| measure | wall | CPU |", "| --- | ---: | ---: |"]
    return lines + [f"| {a} | {b} | {c} |" for a, b, c in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts", nargs="*", type=int, default=[1000, 5000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    # Compiled as pip compiles an installed package: without it (PYTHONDONTWRITEBYTECODE, or
    # an editable install never run before) every run would compile cvsite's modules again.
    compileall.compile_dir(REPO / "generator", quiet=1)
    print(f"Median of {args.runs} runs; {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}.\n")
    for count in args.counts:
        folder = CORPUS / str(count)
        if not (folder / "cvsite").is_dir():
            make(count)
        figures = Figures(count)
        cold_and_warm(folder / "cvsite", args.runs, figures)
        rebuilds(folder / "cvsite", args.runs, figures)
        print("\n".join(report(figures)) + "\n", flush=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        clean_up()
