"""Two versions of cvsite in turns: what a speed change buys, and what it must not worsen.

    python bench/ab.py main .                  # `.`: this tree as it is; 6 rounds
    python bench/ab.py main . --runs 8 --sizes 1000 5000

For each tree (a git revision, taken with `git archive`, or `.`), each round, the
trees taking turns to go first: `cvsite --version`; a cold build of the sample site (this
tree's content/ and site.yaml; an empty cache) and a no-op build right after it into the
same output; and a cold build of bench/make_corpus.py's corpus at each size. Every command
is `python -m generator` in a new process with the tree first on PYTHONPATH; its cache and
output go to a new folder, on tmpfs when there is one (writing to a disk right after
deleting many files varies more than the differences measured). Prints each figure's median
per tree (wall, and CPU with the workers'), the second over the first, and the load.
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
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from make_corpus import CORPUS, make  # noqa: E402
from run import run  # noqa: E402


def checkout(revision: str, parent: Path) -> Path:
    """A folder holding cvsite at `revision` (`git archive`); `.` is this tree."""
    if revision == ".":
        return REPO
    folder = parent / revision.replace("/", "-")
    folder.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", revision], check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def timed(tree: Path, cache: Path, *args: str) -> tuple[float, float]:
    """Wall and CPU seconds (with the workers') of `cvsite ARGS` with the cvsite of `tree`
    and the cache folder `cache`: on a loaded machine the CPU time varies less."""
    env = dict(os.environ, CVSITE_CACHE_DIR=str(cache), PYTHONPATH=str(tree))
    done = run([sys.executable, "-m", "generator", *args], cwd=tree, env=env)
    return done.seconds, done.cpu


def one_round(tree: Path, sites: dict[str, Path], scratch: Path) -> dict[str, tuple]:
    folder = Path(tempfile.mkdtemp(dir=scratch))
    figures = {"--version": timed(tree, folder / "c0", "--version")}
    for name, site in sites.items():
        output = str(folder / f"{name}-out")
        build = ("build", "--site", str(site), "--output", output)
        figures[f"{name}, cold"] = timed(tree, folder / f"{name}-cache", *build)
        if name == "sample":
            figures["sample, no-op"] = timed(tree, folder / f"{name}-cache", *build)
    shutil.rmtree(folder)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs=2, metavar="REVISION", help="git revisions, or .")
    parser.add_argument("--runs", type=int, default=6, help="rounds (default 6)")
    parser.add_argument("--sizes", nargs="*", type=int, default=[300, 1000])
    args = parser.parse_args()
    shm = Path("/dev/shm")
    scratch = Path(tempfile.mkdtemp(prefix="cvsite-ab-", dir=shm if shm.is_dir() else None))
    sample = scratch / "sample"
    shutil.copytree(REPO / "content", sample / "content")
    shutil.copy(REPO / "site.yaml", sample)
    sites = {"sample": sample}
    for size in args.sizes:
        if not (CORPUS / str(size) / "cvsite").is_dir():
            make(size)
        sites[f"{size} entries"] = CORPUS / str(size) / "cvsite"
    try:
        trees = [checkout(revision, scratch) for revision in args.revisions]
        for tree in trees:  # byte-code compiled before timing, as an installed cvsite is
            compileall.compile_dir(tree / "generator", quiet=1)
        print(f"{time.strftime('%H:%M')}, load {os.getloadavg()[0]:.1f}", flush=True)
        rounds: list[list[dict[str, tuple]]] = [[], []]
        for number in range(args.runs):
            for which in (0, 1) if number % 2 == 0 else (1, 0):
                rounds[which].append(one_round(trees[which], sites, scratch))
        a, b = args.revisions
        print(f"median of {args.runs}, in turns | {a} | {b} | {b} ÷ {a} | CPU {a} | CPU {b} | ÷")
        for name in rounds[0][0]:
            row = [name]
            for kind in (0, 1):  # wall, then CPU
                first, second = (statistics.median(r[name][kind] for r in each) for each in rounds)
                row += [
                    f"{first * 1000:.0f} ms",
                    f"{second * 1000:.0f} ms",
                    f"{second / first:.2f}",
                ]
            print(" | ".join(row))
        print(f"{time.strftime('%H:%M')}, load {os.getloadavg()[0]:.1f}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
