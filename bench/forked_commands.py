"""How long a `cvsite build` takes when the test suite runs it: forked from the suite's
forkserver (tests.helpers.run_cli), each into a new output folder. Not a test.

    python bench/forked_commands.py SITE [--count 20] [--rounds 3]

Run it from the tree to measure (its tests/ is the one used); compare two trees in turns.
The first round includes starting the server and the site's first build (its caches).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    sys.path.insert(0, os.getcwd())
    scratch = Path(tempfile.mkdtemp(prefix="forked-", dir="/dev/shm"))
    os.environ["CVSITE_CACHE_DIR"] = str(scratch / "cache")
    from tests.helpers import run_cli

    try:
        for round_number in range(options.rounds):
            start = time.perf_counter()
            for number in range(options.count):
                output = scratch / f"out-{round_number}-{number}"
                result = run_cli("build", "--site", options.site.resolve(), "--output", output)
                assert result.code == 0, result.err
            each = (time.perf_counter() - start) / options.count * 1000
            print(f"round {round_number + 1}: {each:.0f} ms a command ({os.getcwd()})")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
