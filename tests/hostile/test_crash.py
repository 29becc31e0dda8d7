"""A build killed with SIGKILL at any moment leaves output/ whole, and the next build succeeds.

The site is large enough (300 entry pages) that a build spends measurable time in each
stage: reading, rendering, assembling the staging folder, swapping it in, removing the
previous site. Kills land at random moments from the start, at random moments after the
staging folder appears, and right after the swap (while the previous site is removed).
After each kill output/ must be, byte for byte, the previous site or the complete new one,
never a mixture; then an ordinary build must succeed and leave no staging folder behind.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import time
from pathlib import Path

import pytest

from generator.site.writer import MARKER, MARKER_TEXT, recover
from tests.helpers import Started, run_cli, start_cli, write_site, yaml_text

# Kills that must interrupt a build, in each stage: each costs a partial and a whole build.
# Three in each stage the kills reach at random put at least one there on every run tried
# (the kills after the swap are aimed, not random, and two show it).
KILLS = {"anywhere": 3, "while assembling": 3, "after the swap": 2}
# A kill can miss (the build ended first, on a busy machine sooner than the timing said): it
# is tried again, up to this many times the kills wanted, so that the count above is met.
TRIES = 4
ENTRIES = 300
TIMEOUT = 120


def _site(root: Path) -> Path:
    entries = [
        {
            "title": f"Project {i}",
            "summary": "A summary with *emphasis* and a [link](https://example.org/).",
            "tags": [f"t{i % 40}", "common"],
            "body": ("Paragraph text. " * 40 + "\n\n") * 3,
        }
        for i in range(ENTRIES)
    ]
    return write_site(root, {"content/projects.yaml": yaml_text(entries)})


def _set_version(site: Path, version: str) -> None:
    """Two versions of the site differ on every page (the site title is in each)."""
    text = f"title: Site {version}\nbase_url: https://example.org/\n"
    (site / "site.yaml").write_text(text, encoding="utf-8")


def _snapshot(output: Path) -> dict[str, str]:
    return {
        p.relative_to(output).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(output.rglob("*"))
        if p.is_file()
    }


def _build(site: Path) -> None:
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err


def _start(site: Path) -> Started:
    return start_cli("build", "--site", site)


def _wait_for(condition, process: Started) -> bool:
    """Poll until `condition()` holds; False if the build ended (or hung) first."""
    deadline = time.monotonic() + TIMEOUT
    while process.poll() is None and time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.0005)
    return False


def _kill(process: Started) -> bool:
    """SIGKILL; True when the build was still running (the kill interrupted it)."""
    running = process.poll() is None
    if running:
        os.kill(process.pid, signal.SIGKILL)
    code = process.wait(TIMEOUT)
    process.output()
    return running and code == -signal.SIGKILL


def _kill_at(kind: str, site: Path, rng: random.Random, build_seconds: float) -> bool:
    output = site / "output"
    staging = site / ".output.cvsite-new"
    process = _start(site)
    if kind == "anywhere":
        time.sleep(rng.uniform(0, build_seconds))
    elif kind == "while assembling":
        _wait_for(staging.exists, process)
        # Within the assembling, however short: on a tmpfs the folder fills in a few tens
        # of ms of a 1.5 s build, and a pause of up to a quarter of the build missed it.
        time.sleep(rng.uniform(0, min(build_seconds / 4, 0.02)))
    else:  # the exchange swaps the folders' inodes: output/ is then the new site
        inode = output.stat().st_ino
        _wait_for(lambda: output.stat().st_ino != inode, process)
    return _kill(process)


@pytest.fixture(scope="module")
def big_site(tmp_path_factory) -> tuple[Path, dict[str, dict[str, str]], float]:
    """The site, and its output for versions A and B (each built once); B is built last."""
    site = _site(tmp_path_factory.mktemp("crash") / "site")
    snapshots = {}
    for version in ("A", "B"):
        _set_version(site, version)
        started = time.monotonic()
        _build(site)
        # B's build is timed, as each kill's build is made: every page again, the Markdown
        # kept (A's, the first, also renders the Markdown, and kills aimed within it missed).
        build_seconds = time.monotonic() - started
        snapshots[version] = _snapshot(site / "output")
    assert snapshots["A"] != snapshots["B"]
    return site, snapshots, build_seconds


def test_a_killed_build_leaves_the_previous_or_the_new_site_whole(big_site):
    site, snapshots, build_seconds = big_site
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    current = "B"
    outcomes = []
    for kind, count in KILLS.items():
        for _ in range(count * TRIES):
            if sum(1 for k, hit, _ in outcomes if k == kind and hit) == count:
                break
            new = "A" if current == "B" else "B"
            _set_version(site, new)
            interrupted = _kill_at(kind, site, rng, build_seconds)
            state = _snapshot(site / "output")
            assert state in (snapshots[current], snapshots[new]), (
                f"seed {seed}: after a kill {kind}, output/ is neither site ({len(state)} files)"
            )
            outcomes.append((kind, interrupted, "new" if state == snapshots[new] else "old"))
            # The next build succeeds and gives exactly the new site, leftovers cleaned.
            _build(site)
            assert _snapshot(site / "output") == snapshots[new], f"seed {seed}"
            assert not (site / ".output.cvsite-new").exists()
            assert not (site / ".output.cvsite-old").exists()
            current = new
    interrupted = [o for o in outcomes if o[1]]
    print(f"seed {seed}: {len(interrupted)} of {len(outcomes)} kills interrupted a build:")
    for kind in KILLS:
        states = [state for k, hit, state in outcomes if k == kind and hit]
        print(f"  {kind}: old site {states.count('old')}, new site {states.count('new')}")
    # Each stage's kills must land in running builds, or this test tests nothing there.
    for kind, count in KILLS.items():
        assert sum(1 for k, hit, _ in outcomes if k == kind and hit) == count, (seed, outcomes)
    assert any(state == "old" for _, _, state in interrupted), (seed, outcomes)
    swaps = [o for o in interrupted if o[0] == "after the swap"]
    assert all(state == "new" for _, _, state in swaps), (seed, outcomes)


def test_a_swap_cut_between_its_two_renames_is_completed(tmp_path):
    """Where renameat2 is missing the swap is two renames; a crash between them is undone."""
    output = tmp_path / "output"
    old = tmp_path / ".output.cvsite-old"
    staging = tmp_path / ".output.cvsite-new"
    old.mkdir()
    (old / "index.html").write_text("previous", encoding="utf-8")
    (old / MARKER).write_bytes(MARKER_TEXT)  # the previous site, made by cvsite
    staging.mkdir()
    (staging / "half.html").write_text("half", encoding="utf-8")
    recover(output)
    assert (output / "index.html").read_text(encoding="utf-8") == "previous"
    assert not old.exists() and not staging.exists()
