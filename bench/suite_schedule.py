"""How long the test suite would take on two xdist workers in another order. Not a test.

    python -m pytest -q -p no:randomly --durations=0 > /tmp/durations.txt
    python bench/suite_schedule.py /tmp/durations.txt

Replays pytest-xdist's worksteal with each test's measured time (setup, call and teardown
from `--durations=0`): the collection split in two by count, each worker running its share
in order, and a worker with fewer than two tests left taking the last half of the other's
queue. A module that a second worker starts pays its costliest setup again (its module
fixtures), and so does the first browser test of a second worker (its Chromium and sites).
Prints the run's length and its single-worker end for the collection order, for the files
holding a test of 5 s or more moved first, and the lower bound: half of all the time.
"""

from __future__ import annotations

import collections
import re
import subprocess
import sys

LINE = re.compile(r"\s*([\d.]+)s (setup|call|teardown)\s+(.+?)\s*$")
SLOW = 5.0  # seconds
BROWSER_START = 4.0  # seconds: Chromium and the browser fixtures' sites, per worker
MIN_PENDING = 2  # xdist's worksteal: a worker with fewer tests queued is idle


def read_durations(path: str) -> tuple[dict[str, float], dict[str, float]]:
    """Each test's whole time, and each module's costliest setup."""
    times: dict[str, float] = collections.defaultdict(float)
    setups: dict[str, float] = collections.defaultdict(float)
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if found := LINE.match(line):
                seconds, phase, test = float(found[1]), found[2], found[3]
                times[test] += seconds
                if phase == "setup":
                    module = test.split("::")[0]
                    setups[module] = max(setups[module], seconds)
    return times, setups


def collection_order() -> list[str]:
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n0"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return [line for line in listed.splitlines() if "::" in line]


def replay(order: list[str], times: dict[str, float], setups: dict[str, float]) -> list[float]:
    """Each worker's busy time when the last test ends."""
    half = len(order) // 2
    queues = [order[:half], order[half:]]
    clock = [0.0, 0.0]
    started: list[set[str]] = [set(), set()]
    for _ in order:
        for idle in (0, 1):
            other = queues[1 - idle]
            count = min(len(other) // 2, len(other) - MIN_PENDING)
            if len(queues[idle]) < MIN_PENDING and count > 0:
                queues[idle] += other[-count:]
                del other[-count:]
        worker = min((w for w in (0, 1) if queues[w]), key=lambda w: clock[w])
        test = queues[worker].pop(0)
        module = test.split("::")[0]
        cost = times.get(test, 0.0)
        if module not in started[worker]:
            if any(module in seen for seen in started):
                cost += setups.get(module, 0.0)
            if _first_browser_test(module, started[worker]) and _has_browser(started[1 - worker]):
                cost += BROWSER_START
            started[worker].add(module)
        clock[worker] += cost
    return clock


def _has_browser(modules: set[str]) -> bool:
    return any(module.startswith("tests/browser/") for module in modules)


def _first_browser_test(module: str, started: set[str]) -> bool:
    return module.startswith("tests/browser/") and not _has_browser(started)


def main() -> None:
    times, setups = read_durations(sys.argv[1])
    order = collection_order()
    slow_files = {test.split("::")[0] for test in order if times.get(test, 0.0) >= SLOW}
    orders = {
        "collection order": order,
        "slow files first": sorted(order, key=lambda test: test.split("::")[0] not in slow_files),
    }
    print(f"lower bound (half of {sum(times.values()):.1f} s): {sum(times.values()) / 2:.1f} s")
    for name, tests in orders.items():
        clock = replay(tests, times, setups)
        print(f"{name}: {max(clock):.1f} s, one worker alone for {abs(clock[0] - clock[1]):.1f} s")


if __name__ == "__main__":
    main()
