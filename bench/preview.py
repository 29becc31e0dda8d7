"""Save-to-visible time of `cvsite serve`: how long after a file is saved an open page shows it.

Runs `cvsite serve` on a copy of the repository's own site, opens /experience/ in Debian's
chromium (through playwright), and then, EDITS times: rewrites content/experience.yaml with
a new word, waits until the page's <main> shows it, and takes the time from the write to
the first frame the browser painted with it (two animation frames after the new page's
DOMContentLoaded, timed in the page). The page must change by itself (the preview's reload
script), so the figure is what a user feels: noticing the save, the rebuild, telling the
browser, and the browser loading the page again. It also says when the reload began.

Then it does the same while another rebuild runs: a theme template made slow (a loop) is
saved, and while that rebuild runs, pages are fetched over HTTP; it prints how long each
took (a preview that rebuilds on its server's loop answers none until the build ends).

Run: python bench/preview.py [--edits N]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOWS = "t => { const m = document.querySelector('main'); return m && m.textContent.includes(t); }"
# Every page notes when its first frame with content was painted (wall clock, ms).
PAINTED = """document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(() =>
  requestAnimationFrame(() => { window.benchPainted = performance.timeOrigin + performance.now(); })
));"""


def copy_site(target: Path) -> Path:
    target.mkdir(parents=True)
    shutil.copy2(REPO / "site.yaml", target / "site.yaml")
    shutil.copytree(REPO / "content", target / "content")
    return target


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_serve(site: Path, scratch: Path, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "TMPDIR": str(scratch), "PYTHONUNBUFFERED": "1"}
    with log.open("w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "generator", "serve", "--site", str(site), "--port", str(port)],
            cwd=REPO,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if re.search(r"\(Ctrl-C to stop\)", log.read_text()):
            return process, f"http://127.0.0.1:{port}/"
        if process.poll() is not None:
            break
        time.sleep(0.05)
    raise SystemExit(f"cvsite serve did not start:\n{log.read_text()}")


def shows(page, token: str, seconds: float = 30) -> None:  # noqa: ANN001 - a playwright Page
    """Wait, at every animation frame, until <main> holds `token` (across reloads)."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + seconds
    while True:
        left = (deadline - time.monotonic()) * 1000
        try:
            page.wait_for_function(SHOWS, arg=token, polling="raf", timeout=max(left, 1))
            return
        except Error as exc:  # the page reloaded under the wait: wait in the new one
            if "Timeout" in str(exc) or time.monotonic() > deadline:
                raise


def settle(page) -> None:  # noqa: ANN001
    """The page loaded, and its reload channel had a moment to connect (not timed)."""
    page.wait_for_load_state("load")
    time.sleep(1.0)


def edit_times(page, site: Path, url: str, edits: int) -> list[tuple[float, float]]:  # noqa: ANN001
    """(ms from the save to the painted change, ms from the save to the reload) per edit."""
    experience = site / "content" / "experience.yaml"
    original = experience.read_text()
    page.add_init_script(PAINTED)
    page.goto(url + "experience/")
    shows(page, "AI Engineering")
    times = []
    for number in range(edits):
        settle(page)
        token = f"Benchword{number}x"
        saved = time.time() * 1000
        experience.write_text(original.replace("AI Engineering", token, 1))
        shows(page, token)
        page.wait_for_function("() => window.benchPainted")
        painted, reloaded = page.evaluate("() => [window.benchPainted, performance.timeOrigin]")
        times.append((painted - saved, reloaded - saved))
    experience.write_text(original)
    shows(page, "AI Engineering")
    return times


SLOW_TEMPLATE = """{% extends "@parent/base.html" %}
{% block head %}{{ super() }}{% for i in range(LOOPS) %}{% endfor %}{% endblock %}
"""


def requests_during_a_slow_rebuild(site: Path, url: str, log: Path) -> list[float | None]:
    """Times of page fetches made while a rebuild that takes seconds runs (None: no answer)."""
    theme = site / "themes" / "slow"
    theme.mkdir(parents=True)
    (theme / "theme.yaml").write_text("name: slow\nextends: meridian\n")
    (theme / "templates").mkdir()
    (theme / "templates" / "base.html").write_text(SLOW_TEMPLATE.replace("LOOPS", "0"))
    config = site / "site.yaml"
    done = len(re.findall(r"Rebuilt", log.read_text()))
    config.write_text(re.sub(r"(?m)^theme: .*$", "theme: slow", config.read_text()))
    rebuilds(log, more_than=done)
    done += 1
    slow = SLOW_TEMPLATE.replace("LOOPS", "2000000")
    (theme / "templates" / "base.html").write_text(slow)
    time.sleep(1.0)  # the watcher has seen the save; the rebuild runs for seconds
    times: list[float | None] = []
    for path in ("", "cv/", "experience/", "assets/style.css", "", "cv/"):
        if len(re.findall(r"Rebuilt", log.read_text())) > done:
            break  # the rebuild ended: what follows is not "during"
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(url + path, timeout=60) as response:
                response.read()
            times.append(time.perf_counter() - started)
        except OSError:
            times.append(None)
    return times


def rebuilds(log: Path, more_than: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while len(re.findall(r"Rebuilt", log.read_text())) <= more_than:
        if time.monotonic() > deadline:
            raise SystemExit(f"no rebuild in the log:\n{log.read_text()}")
        time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=15)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        raise SystemExit("Debian's chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="bench-preview-") as scratch:
        root = Path(scratch)
        site = copy_site(root / "site")
        (root / "tmp").mkdir()
        log = root / "serve.log"
        process, url = start_serve(site, root / "tmp", log)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
                page = browser.new_page()
                times = edit_times(page, site, url, args.edits)
                browser.close()
            during = requests_during_a_slow_rebuild(site, url, log)
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        text = log.read_text()
    rebuilt = [float(ms) for ms in re.findall(r"Rebuilt \(experience.yaml\).* in (\d+) ms", text)]
    ms = sorted(painted for painted, _ in times)
    print(f"save to visible change, {len(ms)} edits of content/experience.yaml on /experience/:")
    print(f"  median {statistics.median(ms):.0f} ms, min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms")
    reloads = statistics.median(reloaded for _, reloaded in times)
    print(f"  of which until the page began to reload: median {reloads:.0f} ms")
    if rebuilt:
        itself = statistics.median(rebuilt)
        print(f"  of which the rebuild itself (serve's log): median {itself:.0f} ms")
    shown = ", ".join("no answer" if t is None else f"{t * 1000:.0f} ms" for t in during)
    print(f"page fetches while a slow rebuild runs: {shown or 'none (the rebuild ended first)'}")


if __name__ == "__main__":
    main()
