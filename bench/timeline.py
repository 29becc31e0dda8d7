"""Where a cold build's time goes, as a timeline: what runs on one core, what on both.

    python bench/timeline.py 1000             # the corpus of make_corpus.py, 3 runs
    python bench/timeline.py --list --runs 5  # the physicist's list, as bench/inspire.py makes it

Each run is a cold build (jobs as the command line's, an empty cache, a new output) in a
process of its own, which prints, from the moment it started: when Python's start and
imports ended; each of the builder's stages (its start and length); for each spread of work
over the cores (`parallel_map`: the Markdown, the pages) how long each process was busy in
it, out of how long it lasted; the time Typst took and the time the CV's document took; and
the process's CPU with its workers'. Not a comparison: the figures bound what a change to the
order of the stages could buy (bench/README.md, "Side by side with the peers" and "A
physicist's real list").
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from generator.site import build as build_module  # noqa: E402
from generator.site import builder, parallel, typesetting  # noqa: E402
from generator.site.options import BuildOptions  # noqa: E402

IMPORTED = time.perf_counter()
STAGES = ("_load", "_plan", "_check", "_render")


def _since_start() -> float:
    return time.perf_counter() - STARTED


def _timed_stages(marks: list) -> None:
    """Each stage of the builder, and the writing, noted as (name, start, length)."""

    def timed(owner, name):
        function = getattr(owner, name)

        def note(*args, **kwargs):
            start = _since_start()
            result = function(*args, **kwargs)
            marks.append((name.strip("_"), start, _since_start() - start))
            return result

        setattr(owner, name, note)

    for name in STAGES:
        timed(builder.SiteBuilder, name)
    timed(build_module, "write_site")


def _timed_spreads(folder: Path, spreads: list) -> None:
    """Each process's time in each item of each `parallel_map`, in a file per process."""
    original = parallel.parallel_map

    def spread(function, items, jobs, **options):
        number = len(spreads)

        def item(value):
            start = time.perf_counter()
            result = function(value)
            with (folder / f"{number}.{os.getpid()}").open("a") as notes:
                notes.write(f"{time.perf_counter() - start}\n")
            return result

        start = _since_start()
        results = original(item, items, jobs, **options)
        spreads.append((len(items), start, _since_start() - start))
        return results

    builder.parallel_map = typesetting.parallel_map = spread


def _timed_pdf(totals: dict) -> None:
    """Typst's compiles and the CV's documents, added up (in the process that made them)."""
    import typst

    from generator.render import typstpdf

    def adding(key, function):
        def added(*args, **kwargs):
            start = time.perf_counter()
            result = function(*args, **kwargs)
            totals[key] = totals.get(key, 0.0) + time.perf_counter() - start
            return result

        return added

    typst.compile_with_warnings = adding("typst", typst.compile_with_warnings)
    typstpdf.cv_document = adding("document", typstpdf.cv_document)  # where the PDF calls it


# On tmpfs, as bench/ab.py: a disk slows with each output deleted (bench/run.py's note).
SCRATCH = Path("/dev/shm") if Path("/dev/shm").is_dir() else None


def child(site: Path) -> None:
    """One cold build of `site`, its timeline printed as JSON."""
    scratch = Path(tempfile.mkdtemp(prefix="cvsite-timeline-", dir=SCRATCH))
    marks, spreads, pdf = [], [], {}
    _timed_stages(marks)
    _timed_spreads(scratch, spreads)
    _timed_pdf(pdf)
    options = BuildOptions(site, scratch / "output", cache_dir=scratch / "cache")
    build_module.build(options)
    busy = [
        sorted(
            (
                sum(float(line) for line in path.read_text().split()),
                path.suffix[1:] == str(os.getpid()),
            )
            for path in scratch.glob(f"{number}.*")
        )
        for number in range(len(spreads))
    ]
    shutil.rmtree(scratch)
    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    figures = {
        "imports": IMPORTED - STARTED,
        "stages": marks,
        "spreads": [(*spread, each) for spread, each in zip(spreads, busy, strict=True)],
        "pdf": pdf,
        "cpu": sum(u.ru_utime + u.ru_stime for u in used),
        "total": _since_start(),
    }
    print(json.dumps(figures))


def show(figures: dict) -> None:
    print(f"  start and imports until {figures['imports']:.2f} s")
    for name, start, length in figures["stages"]:
        print(f"  {name:10s} from {start:5.2f} s for {length:.2f} s")
    for count, start, length, busy in figures["spreads"]:
        each = ", ".join(f"{'this' if here else 'worker'} {b:.2f} s" for b, here in busy)
        print(f"  spread of {count} from {start:.2f} s for {length:.2f} s: busy {each}")
    if figures["pdf"]:
        print("  " + ", ".join(f"{k} {v:.2f} s" for k, v in sorted(figures["pdf"].items())))
        print("  (in this process; when a worker typesets, its time is not seen here)")
    print(f"  ended at {figures['total']:.2f} s, CPU {figures['cpu']:.2f} s with the workers'")


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(Path(sys.argv[2]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("size", nargs="?", type=int, default=1000, help="corpus entries")
    parser.add_argument("--list", action="store_true", help="the physicist's .bib instead")
    parser.add_argument("--runs", type=int, default=3, help="runs (default 3)")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="cvsite-timeline-site-", dir=SCRATCH))
    try:
        if args.list:
            from inspire import make_site

            site = make_site(scratch / "site")
        else:
            from make_corpus import CORPUS, make

            site = CORPUS / str(args.size) / "cvsite"
            if not site.is_dir():
                site = make(args.size) / "cvsite"
        for run in range(args.runs):
            done = subprocess.run(
                [sys.executable, __file__, "--child", str(site)],
                check=True,
                capture_output=True,
                text=True,
            )
            print(f"run {run + 1}:")
            show(json.loads(done.stdout.splitlines()[-1]))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
