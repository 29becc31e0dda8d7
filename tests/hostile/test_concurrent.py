"""Two writers of one output folder at once: the folder always ends as one whole site.

Two `cvsite build` of the same site, the second started while the first runs (at a random
moment, or once the first's staging folder appears): without a lock, the second took the
first's staging folder for a killed build's leftovers and deleted it, and the first then
swapped in a site with some of its files, and exited 0. With the lock (outputlock.py) the
second waits, saying so, then builds; both succeed, and output/ holds the complete site.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from generator.errors import BuildError
from tests.helpers import REPO, Started, run_cli, start_cli, write_site, yaml_text

# Enough pages that a build still writes when a second one starts: without the lock, this
# site and these rounds end with a truncated site or a failed build on every run tried.
ENTRIES = 100
ROUNDS = 8
TIMEOUT = 120


def _site(root: Path) -> Path:
    entries = [
        {
            "title": f"Project {i}",
            "summary": "A summary with *emphasis*.",
            "tags": [f"t{i % 30}"],
            "body": "Paragraph text. " * 60,
        }
        for i in range(ENTRIES)
    ]
    return write_site(root, {"content/projects.yaml": yaml_text(entries)})


def _set_version(site: Path, version: int) -> None:
    text = f"title: Site {version}\nbase_url: https://example.org/\n"
    (site / "site.yaml").write_text(text, encoding="utf-8")


def _snapshot(output: Path) -> dict[str, str]:
    return {
        p.relative_to(output).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(output.rglob("*"))
        if p.is_file()
    }


def _start(site: Path) -> Started:
    return start_cli("build", "--site", site)


def _wait_for(condition, process: Started) -> None:
    deadline = time.monotonic() + TIMEOUT
    while process.poll() is None and time.monotonic() < deadline and not condition():
        time.sleep(0.001)


@pytest.fixture(scope="module")
def big_site(tmp_path_factory) -> tuple[Path, dict[int, dict[str, str]], float]:
    """The site, and its output for versions 1 and 2, each built alone; 1 is built last."""
    site = _site(tmp_path_factory.mktemp("concurrent") / "site")
    whole = {}
    for version in (2, 1):
        _set_version(site, version)
        started = time.monotonic()
        assert run_cli("build", "--site", site).code == 0
        # 1's build is timed, as each round's build is made: every page again, the Markdown
        # kept (2's, the first, also renders the Markdown: a pause within it could outlast
        # a round's first build, and its second then never met the lock).
        build_seconds = time.monotonic() - started
        whole[version] = _snapshot(site / "output")
    assert whole[1] != whole[2]
    return site, whole, build_seconds


def test_two_builds_at_once_leave_one_whole_site(big_site):
    site, whole, build_seconds = big_site
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    overlapped = waited = 0
    for round_ in range(1, ROUNDS + 1):
        # Versions 2 and 1 by turns: each differs from the last on every page, so that both
        # builds write, and the output of each built alone is known.
        version = 2 if round_ % 2 else 1
        _set_version(site, version)
        first = _start(site)
        if round_ % 2:
            _wait_for((site / ".output.cvsite-new").exists, first)
        else:
            time.sleep(rng.uniform(0, build_seconds / 2))
        second = _start(site)
        overlapped += first.poll() is None
        codes = [process.wait(TIMEOUT) for process in (first, second)]
        outcomes = [process.output() for process in (first, second)]
        for code, (_, err) in zip(codes, outcomes, strict=True):
            assert "Traceback" not in err and "internal error" not in err, err
            assert code == 0, f"seed {seed}, round {round_}: {err}"
        waited += "waiting for another build of" in outcomes[1][1]
        state = _snapshot(site / "output")
        assert state == whole[version], (
            f"seed {seed}, round {round_}: output/ held {len(state)} of {len(whole[version])} files"
        )
        assert not (site / ".output.cvsite-new").exists()
        assert not (site / ".output.cvsite-lock").exists()
    began = f"{overlapped} of {ROUNDS} second builds began during the first"
    print(f"seed {seed}: {began}, {waited} waited")
    assert overlapped >= ROUNDS // 2, (seed, overlapped)
    assert waited >= 1, "no second build ever waited: the lock was never tested"


def test_a_build_waits_for_the_lock_and_says_so(tmp_path):
    from generator.site.outputlock import output_lock  # new: main has none

    site = write_site(tmp_path / "site", {})
    held = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with output_lock(site / "output"):
            held.set()
            release.wait(TIMEOUT)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(TIMEOUT)
        build = subprocess.Popen(
            [sys.executable, "-m", "generator", "build", "--site", str(site)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        # The build announces that it waits, then waits: it cannot have written anything.
        line = build.stderr.readline()
        assert f"waiting for another build of {site / 'output'}/ (pid {os.getpid()})" in line
        assert build.poll() is None and not (site / "output").exists()
    finally:
        release.set()
        holder.join()
    out, err = build.communicate(timeout=TIMEOUT)
    assert build.returncode == 0, err
    assert (site / "output" / "index.html").is_file()


def test_a_writer_refuses_after_the_bound(tmp_path):
    from generator.site.outputlock import lock_path, output_lock  # new: main has none

    output = tmp_path / "output"
    with lock_path(output).open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        held.write("4242\n")
        held.flush()
        started = time.monotonic()
        with pytest.raises(BuildError) as refused, output_lock(output, wait=0.3):
            pass
    assert time.monotonic() - started >= 0.3
    assert "another cvsite is still writing" in str(refused.value)
    assert "pid 4242" in str(refused.value)


def test_the_lock_is_released_when_its_holder_is_killed(tmp_path):
    """The system lets go of a dead process's lock: a kill never leaves a stale one."""
    from generator.site.outputlock import lock_path, output_lock  # new: main has none

    output = tmp_path / "output"
    code = (
        "import sys, time\nfrom pathlib import Path\n"
        "from generator.site.outputlock import output_lock\n"
        "with output_lock(Path(sys.argv[1])):\n    print('held', flush=True)\n    time.sleep(60)\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(output)], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout.readline() == "held\n"
    holder.kill()
    holder.wait(TIMEOUT)
    assert lock_path(output).exists()  # left by the killed process: harmless
    with output_lock(output, wait=0):
        pass
    assert not lock_path(output).exists()
