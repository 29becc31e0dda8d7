"""A CI build after one edit, with the cache the last run left restored, against a cold one.

    python bench/ci.py                    # the sample site and 1,000 entries, 5 rounds
    python bench/ci.py --sizes 300 --runs 3
    python bench/ci.py --tree /path/to/another/checkout   # that cvsite's wheel instead

What the workflows of `cvsite init` do on each push: cvsite installed afresh from its wheel
(here `pip install --no-deps --target`, made of this tree once; the dependencies are this
environment's), the site checked out afresh with one entry's text edited, and a build into
a new folder, either with an empty cache or with a copy of the cache a build of the
unedited site left (what actions/cache or GitLab's `cache:` restores). Each round installs
again and builds both ways, taking turns to go first. Prints the medians.
"""

from __future__ import annotations

import argparse
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


def install(wheel: Path, target: Path) -> None:
    shutil.rmtree(target, ignore_errors=True)
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target)]
    subprocess.run([*pip, str(wheel)], check=True)


def checkout(source: Path, site: Path) -> None:
    """The site as a new clone has it, at the same path each time, one entry edited."""
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(source, site, ignore=shutil.ignore_patterns("output"))
    entry = sorted((site / "content").rglob("*.md"))[-1]
    entry.write_text(entry.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")


def build(code: Path, site: Path, cache: Path, output: Path) -> float:
    env = dict(os.environ, CVSITE_CACHE_DIR=str(cache), PYTHONPATH=str(code))
    command = [sys.executable, "-m", "generator", "build", "--site", str(site)]
    started = time.perf_counter()
    output_option = ["--output", str(output)]
    subprocess.run(
        [*command, *output_option], env=env, check=True, cwd=code, stdout=subprocess.DEVNULL
    )
    return time.perf_counter() - started


def compare(name: str, source: Path, wheel: Path, scratch: Path, runs: int) -> None:
    code, site, kept = scratch / "code", scratch / "site", scratch / "kept"
    install(wheel, code)
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(source, site, ignore=shutil.ignore_patterns("output"))
    shutil.rmtree(kept, ignore_errors=True)
    build(code, site, kept, scratch / "first")  # the last run's build, which saved the cache
    times: dict[str, list[float]] = {"cold": [], "cache restored": []}
    for number in range(runs):
        install(wheel, code)
        for way in list(times) if number % 2 == 0 else list(times)[::-1]:
            checkout(source, site)
            cache = Path(tempfile.mkdtemp(dir=scratch))
            if way != "cold":
                shutil.copytree(kept, cache, dirs_exist_ok=True)
            times[way].append(build(code, site, cache, cache / "output"))
            shutil.rmtree(cache)
    figures = ", ".join(f"{way} {statistics.median(t):.2f} s" for way, t in times.items())
    print(f"{name}: {figures} (median of {runs}; load {os.getloadavg()[0]:.1f})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="*", type=int, default=[1000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tree", type=Path, default=REPO, help="the cvsite checkout to install")
    args = parser.parse_args()
    shm = Path("/dev/shm")
    scratch = Path(tempfile.mkdtemp(prefix="cvsite-ci-", dir=shm if shm.is_dir() else None))
    try:
        wheels = scratch / "wheel"
        pip = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels)]
        subprocess.run([*pip, str(args.tree)], check=True)
        wheel = next(wheels.glob("*.whl"))
        sample = scratch / "sample"
        shutil.copytree(REPO / "content", sample / "content")
        shutil.copy(REPO / "site.yaml", sample)
        compare("sample site", sample, wheel, scratch, args.runs)
        for size in args.sizes:
            if not (CORPUS / str(size) / "cvsite").is_dir():
                make(size)
            compare(f"{size} entries", CORPUS / str(size) / "cvsite", wheel, scratch, args.runs)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
