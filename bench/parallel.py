"""Cold builds with one process against two, taking turns: does parallel rendering pay? Each
build is a new process (`build()` with `jobs=1` or `jobs=2`), its cache and output in a new
folder on tmpfs when there is one, each going first every other round. Not a test.

    python bench/parallel.py [--size 1000 | --size 5000 | --site .] [--runs 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_corpus import CORPUS, make  # noqa: E402

BUILD = (
    "import sys; from pathlib import Path; from generator.site.build import BuildOptions, build; "
    "folder = Path(sys.argv[2]); build(BuildOptions(Path(sys.argv[1]), folder / 'out', "
    "jobs=int(sys.argv[3]), cache_dir=folder / 'cache'))"
)


def cold_build(site: Path, scratch: Path, jobs: int) -> float:
    with tempfile.TemporaryDirectory(dir=scratch) as folder:
        start = time.perf_counter()
        command = [sys.executable, "-c", BUILD, str(site), folder, str(jobs)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=HERE.parent)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="corpus entries (default 1000)")
    parser.add_argument("--site", type=Path, help="a site folder instead of the corpus")
    parser.add_argument("--runs", type=int, default=5, help="builds of each (default 5)")
    args = parser.parse_args()
    site = (args.site or CORPUS / str(args.size) / "cvsite").resolve()
    if args.site is None and not site.is_dir():
        make(args.size)
    shm = Path("/dev/shm")
    scratch = Path(tempfile.mkdtemp(prefix="cvsite-parallel-", dir=shm if shm.is_dir() else None))
    times: dict[int, list[float]] = {1: [], 2: []}
    try:
        for round_ in range(args.runs):
            for jobs in (1, 2) if round_ % 2 == 0 else (2, 1):
                times[jobs].append(cold_build(site, scratch, jobs))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"cold build of {args.site or f'{args.size} entries'}, {args.runs} each, in turns")
    for jobs, found in times.items():
        each = " ".join(f"{s:.3f}" for s in found)
        print(f"jobs={jobs}: median {statistics.median(found):.3f} s  ({each})")


if __name__ == "__main__":
    main()
