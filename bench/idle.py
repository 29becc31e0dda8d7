"""How busy a command keeps the machine: its wall time and the share of it the CPUs were idle.
Not a test.

    python bench/idle.py python -m pytest -q -p no:randomly

`/usr/bin/time` counts only the CPU of processes that were waited for, and misses, say, the
commands the test suite forks from a multiprocessing forkserver; the kernel's counters in
/proc/stat see every process, so a run that is CPU-bound shows an idle share near 0 % (other
work on the machine counts as busy: run it on an idle machine).
"""

from __future__ import annotations

import subprocess
import sys
import time


def cpu_times() -> tuple[int, int]:
    """(idle, total) jiffies of all CPUs since boot; idle counts waiting for I/O too."""
    with open("/proc/stat", encoding="ascii") as stat:
        fields = [int(value) for value in stat.readline().split()[1:9]]
    return fields[3] + fields[4], sum(fields)


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    idle, total = cpu_times()
    start = time.perf_counter()
    status = subprocess.call(sys.argv[1:])
    wall = time.perf_counter() - start
    idle_after, total_after = cpu_times()
    share = (idle_after - idle) / max(total_after - total, 1)
    print(f"wall {wall:.1f} s, CPUs idle {share:.1%} of it (exit status {status})")
    return status


if __name__ == "__main__":
    sys.exit(main())
