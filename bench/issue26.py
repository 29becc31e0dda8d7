"""Issue 26's build figures for two cvsite trees, taking turns (old, new, old, new). Not a test.

    python bench/make_corpus.py 1000 5000
    git archive 0776b5b | tar -x -C /tmp/old
    python bench/issue26.py /tmp/old . --rounds 5

For each tree (its `generator` first on PYTHONPATH, run from the tree), in each round:
`cvsite --version`; a cold build of the tree's own sample site (`--site <tree>`, an empty
cache folder) and a no-op build right after it into the same output; the same site's own
cache folder deleted and built again (the user's cache kept: after d3b7911 the built-in
theme's compiled templates, kept for all of the user's sites); cold builds of the
bench/make_corpus.py corpus at 1,000 and 5,000 entries, the 5,000 one under
`/usr/bin/time -v` (its maximum resident set, which counts the largest single process of the
tree; the sum over the build's processes, sampled every 10 ms from /proc, is printed too);
a cold build of a 1,000-paper .bib site (bench/publications.py's `make_site`). Hugo builds
the same corpus after each tree's turn. Every build is `python -m generator` in a new
process, so each figure includes Python's start; caches and outputs go to tmpfs.
Prints the median of each figure per tree, and the load average before and after.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_corpus import CORPUS  # noqa: E402
from run import find_hugo  # noqa: E402

SCRATCH = Path("/dev/shm") if Path("/dev/shm").is_dir() else Path(tempfile.gettempdir())
# Folders of the runs, deleted at the end, not between runs (see run.py's `scratch`).
_MADE: list[Path] = []


def scratch(prefix: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=SCRATCH))
    _MADE.append(folder)
    return folder


def descendants_rss(root: int) -> int:
    """Resident bytes of `root` and every process below it, from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        parents[int(entry)] = int(fields[1])
        rss[int(entry)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    total = 0
    for pid in rss:
        walk = pid
        while walk > 1:
            if walk == root:
                total += rss[pid]
                break
            walk = parents.get(walk, 0)
    return total


def timed(command: list[str], tree: Path, env: dict[str, str]) -> tuple[float, str, int]:
    """Wall seconds, output and the peak summed RSS of a command's process tree."""
    peak = [0]
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )

    def sample() -> None:
        while process.poll() is None:
            peak[0] = max(peak[0], descendants_rss(process.pid))
            time.sleep(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    output = process.stdout.read() if process.stdout else ""
    process.wait()
    seconds = time.perf_counter() - start
    sampler.join()
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{output}")
    return seconds, output, peak[0]


def cvsite(tree: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "generator", *args]


def environment(tree: Path, cache: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(tree), CVSITE_CACHE_DIR=str(cache))


def one_round(tree: Path, bib_site: Path, figures: dict[str, list[float]]) -> None:
    folder = scratch("issue26-")
    env = environment(tree, folder / "cache")
    for _ in range(3):
        figures["version"].append(timed(cvsite(tree, "--version"), tree, env)[0])
    out = folder / "sample"
    build = cvsite(tree, "build", "--site", str(tree), "--output", str(out))
    figures["sample cold"].append(timed(build, tree, env)[0])
    figures["sample no-op"].append(timed(build, tree, env)[0])
    # The site's own cache folder deleted, the rest of the user's cache kept (since d3b7911
    # the compiled templates of all the user's sites live there): a new clone's first build.
    for each in (folder / "cache").glob(f"{tree.name}-*"):
        shutil.rmtree(each)
    again = cvsite(tree, "build", "--site", str(tree), "--output", str(folder / "sample2"))
    figures["sample cold, user cache kept"].append(timed(again, tree, env)[0])
    for size in (1000, 5000):
        site = CORPUS / str(size) / "cvsite"
        command = cvsite(tree, "build", "--site", str(site), "--output", str(folder / f"c{size}"))
        if size == 5000:
            command = ["/usr/bin/time", "-v", *command]
        seconds, output, summed = timed(command, tree, env)
        figures[f"corpus {size} cold"].append(seconds)
        if size == 5000:
            maxrss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", output)
            figures["corpus 5000 max RSS MB (time -v)"].append(int(maxrss.group(1)) / 1024)
            figures["corpus 5000 summed RSS MB"].append(summed / 2**20)
    command = cvsite(tree, "build", "--site", str(bib_site), "--output", str(folder / "bib"))
    figures["bib 1000 cold"].append(timed(command, tree, env)[0])


def hugo_round(hugo: list[str], figures: dict[str, list[float]]) -> None:
    for size in (1000, 5000):
        source = CORPUS / str(size) / "hugo"
        lock = source / ".hugo_build.lock"
        if lock.exists():
            lock.unlink()
        destination = scratch("issue26-hugo-")
        command = [*hugo, "--quiet", "--source", str(source), "--destination", str(destination)]
        figures[f"hugo {size}"].append(timed(command, source, dict(os.environ))[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trees", nargs=2, type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--bib-site", type=Path, help="default: generated, then deleted")
    args = parser.parse_args()
    trees = [tree.resolve() for tree in args.trees]
    if args.bib_site is None:
        args.bib_site = scratch("issue26-bib-") / "site"
    if not (args.bib_site / "site.yaml").exists():
        sys.path.insert(0, str(trees[1]))
        from publications import make_site

        make_site(args.bib_site, 1000)
    for tree in trees:  # as pip compiles an installed package (PYTHONDONTWRITEBYTECODE is set)
        compileall.compile_dir(tree / "generator", quiet=1)
    hugo = find_hugo()
    figures = {tree: {} for tree in trees}
    hugo_figures: dict[str, list[float]] = {}
    for tree in trees:  # a warm-up round each, not counted (page cache, themes' bytecode)
        one_round(tree, args.bib_site, _Lists())
    print("load average before:", os.getloadavg())
    for index in range(args.rounds):
        order = trees if index % 2 == 0 else trees[::-1]
        for tree in order:
            lists = figures[tree]
            collected: dict[str, list[float]] = _Lists()
            one_round(tree, args.bib_site, collected)
            for name, values in collected.items():
                lists.setdefault(name, []).extend(values)
            if hugo:
                hugo_round(hugo, hugo_figures.setdefault("hugo", _Lists()))
        print(f"round {index + 1} done, load average {os.getloadavg()}", flush=True)
    print("load average after:", os.getloadavg())
    names = list(figures[trees[0]])
    print(f"{'figure':<36}" + "".join(f"{str(tree):>22}" for tree in trees))
    for name in names:
        row = "".join(f"{statistics.median(figures[tree][name]):>22.3f}" for tree in trees)
        print(f"{name:<36}{row}")
    for name, values in hugo_figures.get("hugo", {}).items():
        print(f"{name:<36}{statistics.median(values):>22.3f}  (all turns)")
    for tree in trees:
        print(tree)
        for name, values in figures[tree].items():
            print(f"  {name}: " + " ".join(f"{v:.3f}" for v in values))


class _Lists(dict):
    """A dict whose missing keys are new lists."""

    def __missing__(self, key: str) -> list[float]:
        self[key] = []
        return self[key]


if __name__ == "__main__":
    try:
        main()
    finally:
        for made in _MADE:
            shutil.rmtree(made, ignore_errors=True)
