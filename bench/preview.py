"""Save-to-visible time of `cvsite serve`: how long after a file is saved an open page shows it.

Runs `cvsite serve` on a site (the repository's own, and the synthetic corpus of
bench/make_corpus.py at 300 and 1,000 entries), opens a page in Debian's chromium (through
playwright), and then, EDITS times: rewrites a content file with a new word, waits until
the page's <main> shows it, and takes three times from the write:
- until the reload request was answered: the page's long poll (/livereload/N) got the new
  build's number (chromium's own timing of that request), which is the preview's part:
  noticing the save, the rebuild, telling the browser;
- until the new page began to load (its performance.timeOrigin);
- until the first frame the browser painted with the change (two animation frames after
  the new page's DOMContentLoaded, timed in the page): what a user feels.
The page must change by itself (the preview's reload script).

Run: python bench/preview.py [--edits N] [--sizes sample 300 1000]
"""

from __future__ import annotations

import argparse
import math
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
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
from make_corpus import entries, write_cvsite  # noqa: E402 - the corpus, beside this script

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


@dataclass(frozen=True)
class Target:
    """A site to preview, the file edited, the page watched, and the text the edit replaces."""

    name: str
    site: Path
    file: Path
    page: str
    before: str


def sample_site(root: Path) -> Target:
    site = root / "site"
    site.mkdir(parents=True)
    shutil.copy2(REPO / "site.yaml", site / "site.yaml")
    shutil.copytree(REPO / "content", site / "content")
    experience = site / "content" / "experience.yaml"
    return Target("sample site", site, experience, "experience/", "AI Engineering")


def corpus_site(root: Path, count: int) -> Target:
    """bench/make_corpus.py's site of `count` entries; the edit retitles its first project."""
    site = root / "site"
    items = entries(count)
    write_cvsite(site, items)
    project = next(item for item in items if item.section == "projects")
    file = site / "content" / "projects" / f"{project.slug}.md"
    page = f"projects/{project.slug}/"
    return Target(f"{count} entries", site, file, page, project.title)


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


def edit_times(page, target: Target, url: str, edits: int) -> list[tuple[float, float, float]]:  # noqa: ANN001
    """Per edit, ms from the save to: the reload request answered, the reload, the paint."""
    original = target.file.read_text()
    answered: list[float] = []  # when each reload request was answered (wall clock, ms)

    def finished(request) -> None:  # noqa: ANN001 - a playwright Request
        if "/livereload/" in request.url:
            timing = request.timing
            answered.append(timing["startTime"] + timing["responseEnd"])

    page.on("requestfinished", finished)
    page.add_init_script(PAINTED)
    page.goto(url + target.page)
    shows(page, target.before)
    times = []
    for number in range(edits):
        settle(page)
        token = f"Benchword{number}x"
        saved = time.time() * 1000
        target.file.write_text(original.replace(target.before, token, 1))
        shows(page, token)
        page.wait_for_function("() => window.benchPainted")
        painted, reloaded = page.evaluate("() => [window.benchPainted, performance.timeOrigin]")
        answer = min((at for at in answered if at >= saved), default=float("nan"))
        times.append((answer - saved, reloaded - saved, painted - saved))
    target.file.write_text(original)
    shows(page, target.before)
    return times


def measure(target: Target, scratch: Path, edits: int) -> None:
    """Serve `target`, time `edits` edits in chromium, and print the figures."""
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        raise SystemExit("Debian's chromium is not installed (apt-get install chromium)")
    (scratch / "tmp").mkdir()
    log = scratch / "serve.log"
    process, url = start_serve(target.site, scratch / "tmp", log)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
            times = edit_times(browser.new_page(), target, url, edits)
            browser.close()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    report(target, times, log.read_text())


def report(target: Target, times: list, text: str) -> None:
    name = target.file.name
    print(f"{target.name}: {len(times)} edits of {name}, watched on /{target.page}")
    for label, index in (("reload request answered", 0), ("reload began", 1), ("painted", 2)):
        # An answer the page's timing did not catch is NaN, which sorts anywhere: leave it out.
        ms = sorted(row[index] for row in times if not math.isnan(row[index]))
        missing = f" ({len(times) - len(ms)} not caught)" if len(ms) < len(times) else ""
        print(
            f"  save to {label}: median {statistics.median(ms):.0f} ms,"
            f" min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms{missing}"
        )
    pattern = rf"Rebuilt \({re.escape(name)}\).* in (\d+) ms"
    rebuilt = [float(ms) for ms in re.findall(pattern, text)]
    if rebuilt:
        print(f"  the rebuild itself (serve's log): median {statistics.median(rebuilt):.0f} ms")
        # Edit by edit (one rebuild each, in order): the preview's part outside the rebuild,
        # noticing the save and answering the page's poll.
        outside = [row[0] - ms for row, ms in zip(times, rebuilt, strict=False)]
        outside = [ms for ms in outside if not math.isnan(ms)] or [math.nan]
        print(f"  save to answered, less the rebuild: median {statistics.median(outside):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=15)
    parser.add_argument("--sizes", nargs="+", default=["sample", "300", "1000"])
    args = parser.parse_args()
    for size in args.sizes:
        with tempfile.TemporaryDirectory(prefix="bench-preview-") as scratch:
            root = Path(scratch)
            target = sample_site(root) if size == "sample" else corpus_site(root, int(size))
            measure(target, root, args.edits)


if __name__ == "__main__":
    main()
