"""A physicist's real publication list: cold builds and one title edited in the preview, two
versions of cvsite in turns. Not a test.

    python bench/inspire.py main .            # main against the working tree, 6 rounds
    python bench/inspire.py main . --runs 10

The site is the list as a new user would build it, unedited: content/publications.bib is
tests/fixtures/realworld/bibtex/gutsche-complete_publication_list.bib (1,650 entries, a CMS
physicist's INSPIRE-derived list; sources in tests/fixtures/realworld/SOURCES.md),
`highlight_author` its owner, nothing else. Cold builds alternate between the versions as
bench/ab.py's do (a new process each, cache and output in a new folder). The preview is
timed as `cvsite serve` works: its start until the first pages are written, then three
title edits, each until the browser is told to reload (`Preview.rebuild(late=True)`), the
PDFs and the feed made between them, and the garbage collected as serve collects it once
idle; and the CPU of a cold build's read stage alone
(`model.resume.load`, one process): each version in a process of its own, in turns.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from ab import checkout, timed  # noqa: E402

SOURCE = REPO / "tests/fixtures/realworld/bibtex/gutsche-complete_publication_list.bib"
OWNER = "Oliver Gutsche"
# The first title of the file, edited by each preview round.
TITLE = "Search for a new heavy scalar resonance"


def make_site(root: Path) -> Path:
    (root / "content").mkdir(parents=True)
    (root / "site.yaml").write_text(
        f"title: {OWNER}\nbase_url: https://example.org/\nhighlight_author: {OWNER}\n", "utf-8"
    )
    (root / "content" / "profile.yaml").write_text(f"name: {OWNER}\n", "utf-8")
    shutil.copyfile(SOURCE, root / "content" / "publications.bib")
    return root


def preview_edits(site: Path, output: Path, runs: int) -> dict[str, object]:
    """Seconds `cvsite serve` takes, in this process (the cvsite on sys.path): from its start
    to the first pages written, and (wall, CPU) for each of `runs` title edits to show, its
    PDFs and feed made after each as serve makes them (not timed)."""
    from generator.serve.preview import Preview

    bib = site / "content" / "publications.bib"
    original = bib.read_text(encoding="utf-8")
    preview = Preview(site, output, "http://127.0.0.1:8000/")
    # Before 2026-12-07 the preview typeset its first PDFs before serving, `typeset()` after.
    new = "late" in inspect.signature(preview.start).parameters
    started = time.perf_counter()
    preview.start(late=True) if new else preview.start()
    figures = {"start": time.perf_counter() - started, "edits": []}
    try:
        for run in range(runs):
            preview.make_late() if new else preview.typeset()
            if hasattr(preview, "collect_garbage"):  # as serve does once idle (since 2026-12-07)
                preview.collect_garbage()
            bib.write_text(original.replace(TITLE, f"{TITLE} ({run})", 1), encoding="utf-8")
            started, cpu = time.perf_counter(), time.process_time()
            preview.rebuild([bib], **({"late": True} if new else {"pdfs": False}))
            figures["edits"].append((time.perf_counter() - started, time.process_time() - cpu))
            assert preview.error is None, preview.error
        shown = (output / "publications").rglob("index.html")
        assert any(f"{TITLE} ({runs - 1})" in page.read_text("utf-8") for page in shown)
    finally:
        bib.write_text(original, encoding="utf-8")
    return figures


def cold_build(tree: Path, site: Path, scratch: Path) -> tuple[float, float]:
    """Seconds (wall, CPU with the workers') of a cold build of `site` by the cvsite of
    `tree` (a new cache and output)."""
    folder = Path(tempfile.mkdtemp(dir=scratch))
    args = ("build", "--site", str(site), "--output", str(folder / "output"))
    seconds = timed(tree, folder / "cache", *args)
    shutil.rmtree(folder)
    return seconds


def in_process(tree: Path, site: Path, scratch: Path, mode: str, runs: int = 0):
    """This script's `mode` (`--preview`, `--read`) by the cvsite of `tree`, in a new process."""
    output = scratch / f"child-{time.monotonic_ns()}"
    env = dict(os.environ, CVSITE_CACHE_DIR=str(output / "cache"), PYTHONPATH=str(tree))
    command = [sys.executable, __file__, mode, str(site), str(output), str(runs)]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    shutil.rmtree(output, ignore_errors=True)
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    # A child runs the cvsite of the tree it is given, not this one (which run.py puts first).
    if sys.argv[1:2] in (["--preview"], ["--read"]):
        sys.path.insert(0, os.environ["PYTHONPATH"])
    if sys.argv[1:2] == ["--read"]:
        from generator.content.cache import BuildCache
        from generator.model.resume import load

        started = time.process_time()
        load(Path(sys.argv[2]), cache=BuildCache(), markdown_later=True)
        print(json.dumps(time.process_time() - started))
        return
    if sys.argv[1:2] == ["--preview"]:
        site, output, runs = Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4])
        print(json.dumps(preview_edits(site, output, runs)))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs=2, metavar="REVISION", help="git revisions, or .")
    parser.add_argument("--runs", type=int, default=6, help="rounds (default 6)")
    args = parser.parse_args()
    # On tmpfs, as bench/ab.py (a disk slows with each output deleted: bench/run.py's note).
    shm = Path("/dev/shm")
    scratch = Path(tempfile.mkdtemp(prefix="cvsite-inspire-", dir=shm if shm.is_dir() else None))
    trees: list[Path] = []
    try:
        site = make_site(scratch / "site")
        trees = [checkout(revision, scratch) for revision in args.revisions]
        builds: list[list[tuple[float, float]]] = [[], []]
        previews: list[list[dict]] = [[], []]
        reads: list[list[float]] = [[], []]
        for round_ in range(args.runs):
            for which in (0, 1) if round_ % 2 == 0 else (1, 0):
                builds[which].append(cold_build(trees[which], site, scratch))
                previews[which].append(in_process(trees[which], site, scratch, "--preview", 3))
                reads[which].append(in_process(trees[which], site, scratch, "--read"))
        print(f"{SOURCE.name}, {args.runs} rounds in turns, medians")
        for revision, cold, runs, read in zip(args.revisions, builds, previews, reads, strict=True):
            wall, cpu = (statistics.median(t) for t in zip(*cold, strict=True))
            start = statistics.median(run["start"] for run in runs)
            edit = statistics.median(wall for run in runs for wall, _ in run["edits"])
            first = statistics.median(run["edits"][0][0] for run in runs)
            print(
                f"{revision:>10}: cold build {wall:.2f} s (CPU {cpu:.2f} s); preview: start"
                f" {start:.2f} s, title edit {edit:.3f} s (the first after start {first:.3f} s);"
                f" read stage CPU {statistics.median(read):.3f} s"
            )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
