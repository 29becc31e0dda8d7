"""Cold builds of the same site by two versions of cvsite, taking turns. Not a test.

    python bench/ab.py 8dcddbd HEAD                 # 1,000 entries, 8 builds each
    python bench/ab.py main . --size 5000 --runs 4  # `.`: the working tree as it is
    python bench/ab.py main . --site .              # the repository's own site

bench/run.py measures one version against Hugo; this measures a change. Builds of two
versions alternate, each going first every other round, so a machine that slows down or
speeds up during the runs weighs on both alike. Each build is `cvsite build` in a new
process, with its cache and output in a new folder on tmpfs when there is one: writing to a
disk right after deleting many files (as the previous build's clean-up does) varies more
than the difference being measured. Prints each version's median, minimum and every build.
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

from sites import add_site_arguments, chosen_site, scratch_folder  # noqa: E402


def checkout(revision: str, parent: Path) -> Path:
    """A folder holding cvsite at `revision` (a detached worktree); `.` is this tree."""
    if revision == ".":
        return REPO
    folder = parent / revision.replace("/", "-")
    subprocess.run(
        ["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(folder), revision],
        check=True,
    )
    return folder


def cold_build(tree: Path, site: Path, scratch: Path) -> float:
    """Seconds one cold `cvsite build` of `site` takes with the cvsite of `tree`."""
    folder = Path(tempfile.mkdtemp(dir=scratch))
    env = dict(os.environ, CVSITE_CACHE_DIR=str(folder / "cache"), PYTHONPATH=str(tree))
    command = [sys.executable, "-m", "generator", "build", "--site", str(site)]
    start = time.perf_counter()
    subprocess.run(
        [*command, "--output", str(folder / "out")],
        cwd=tree,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    seconds = time.perf_counter() - start
    shutil.rmtree(folder)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs=2, metavar="REVISION", help="git revisions, or .")
    add_site_arguments(parser)
    parser.add_argument("--runs", type=int, default=8, help="builds of each (default 8)")
    args = parser.parse_args()
    site, what = chosen_site(args)
    scratch = scratch_folder("cvsite-ab-")
    trees = []
    try:
        trees = [checkout(revision, scratch) for revision in args.revisions]
        for tree in trees:  # byte-code compiled before timing, as an installed cvsite is
            compileall.compile_dir(tree / "generator", quiet=1)
        times: list[list[float]] = [[], []]
        for round_ in range(args.runs):
            order = (0, 1) if round_ % 2 == 0 else (1, 0)
            for which in order:
                times[which].append(cold_build(trees[which], site, scratch))
        print(f"cold build of {what}, {args.runs} builds each, in turns")
        for revision, seconds in zip(args.revisions, times, strict=True):
            each = " ".join(f"{s * 1000:.0f}" for s in seconds)
            print(
                f"{revision:>12}: median {statistics.median(seconds) * 1000:.0f} ms, "
                f"min {min(seconds) * 1000:.0f} ms  ({each})"
            )
    finally:
        for tree in trees:
            if tree != REPO:
                subprocess.run(
                    ["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)],
                    check=False,
                )
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
