"""Cold builds of the same site by two versions of cvsite, taking turns. Not a test.

    python bench/ab.py 8dcddbd HEAD                 # 1,000 entries, 8 builds each
    python bench/ab.py main . --size 5000 --runs 4  # `.`: the working tree as it is
    python bench/ab.py main . --site .              # the repository's own site
    python bench/ab.py main . --site . --user-cache # the user's cache kept, the site's not

bench/run.py measures one version against Hugo; this measures a change. Builds of two
versions alternate, each going first every other round, so a machine that slows down or
speeds up during the runs weighs on both alike. Each build is `cvsite build` in a new
process, with its cache and output in a new folder on tmpfs when there is one: writing to a
disk right after deleting many files (as the previous build's clean-up does) varies more
than the difference being measured. Prints each version's median, minimum and every build.

`--user-cache`: each version keeps one cache folder (`$CVSITE_CACHE_DIR`) for all its
builds, filled by one build before the timed ones, and each build deletes only the site's
own folder in it (`<site>-<hash>/`, as `rm -rf ~/.cache/cvsite/<site>-*` would): what a
user has for a new clone of a site after building any other, with the compiled templates
that are kept for all of the user's sites.
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


def cold_build(tree: Path, site: Path, scratch: Path, user_cache: Path | None = None) -> float:
    """Seconds one cold `cvsite build` of `site` takes with the cvsite of `tree`; with
    `user_cache`, that folder is the cache of every build, and only the site's is cleared."""
    folder = Path(tempfile.mkdtemp(dir=scratch))
    cache = user_cache or folder / "cache"
    env = dict(os.environ, CVSITE_CACHE_DIR=str(cache), PYTHONPATH=str(tree))
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
    if user_cache is not None:  # the site's own folder: `<site name>-<hash of its path>`
        for each in user_cache.glob(f"{site.resolve().name}-*"):
            shutil.rmtree(each)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs=2, metavar="REVISION", help="git revisions, or .")
    add_site_arguments(parser)
    parser.add_argument("--runs", type=int, default=8, help="builds of each (default 8)")
    parser.add_argument(
        "--user-cache", action="store_true", help="keep the user's cache, clear the site's"
    )
    args = parser.parse_args()
    site, what = chosen_site(args)
    scratch = scratch_folder("cvsite-ab-")
    trees = []
    try:
        trees = [checkout(revision, scratch) for revision in args.revisions]
        for tree in trees:  # byte-code compiled before timing, as an installed cvsite is
            compileall.compile_dir(tree / "generator", quiet=1)
        caches: list[Path | None] = [None, None]
        if args.user_cache:
            caches = [Path(tempfile.mkdtemp(dir=scratch)) for _ in trees]
            for tree, cache in zip(trees, caches, strict=True):
                cold_build(tree, site, scratch, cache)  # fills the user's cache; not timed
        times: list[list[float]] = [[], []]
        for round_ in range(args.runs):
            order = (0, 1) if round_ % 2 == 0 else (1, 0)
            for which in order:
                times[which].append(cold_build(trees[which], site, scratch, caches[which]))
        kept = ", the user's cache kept" if args.user_cache else ""
        print(f"cold build of {what}, {args.runs} builds each, in turns{kept}")
        for revision, seconds in zip(args.revisions, times, strict=True):
            each = " ".join(f"{s * 1000:.0f}" for s in seconds)
            print(
                f"{revision:>12}: median {statistics.median(seconds) * 1000:.0f} ms, "
                f"min {min(seconds) * 1000:.0f} ms  ({each})"
            )
    finally:
        clean_up(trees, scratch)


def clean_up(trees: list[Path], scratch: Path) -> None:
    """The worktrees `checkout` made removed, and the scratch folder."""
    for tree in trees:
        if tree != REPO:
            subprocess.run(
                ["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)],
                check=False,
            )
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
