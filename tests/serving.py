"""Run `cvsite serve` in a subprocess, as a user would, and talk to it over HTTP."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.helpers import REPO

STARTUP_SECONDS = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Served:
    process: subprocess.Popen
    log: Path
    url: str = ""

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_for(self, pattern: str, seconds: float = 20) -> re.Match:
        """Wait until the server's output matches `pattern` (a regular expression)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            # Whether it had ended, asked before its output is read: all it wrote is read.
            ended = self.process.poll() is not None
            found = re.search(pattern, self.output())
            if found:
                return found
            if ended:
                break
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} in the output of cvsite serve:\n{self.output()}")

    def get(self, path: str = "/") -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=10) as response:
                return response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8")

    def until(self, check: Callable[[], bool], seconds: float = 10) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if check():
                return
            time.sleep(0.1)
        raise AssertionError("the served site did not change in time")

    def stop(self) -> int:
        """Ctrl-C, as a person in the terminal would press it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            # Python's fault handler (see run_serve) writes where each thread is to the log.
            self.process.send_signal(signal.SIGABRT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=5)
            self.process.kill()
            raise AssertionError(f"cvsite serve did not stop on Ctrl-C:\n{self.output()}") from None


@contextlib.contextmanager
def run_serve(site: Path, *args: str, scratch: Path, log: Path | None = None) -> Iterator[Served]:
    """`cvsite serve --site SITE ARGS` with its temporary files under `scratch`, its output
    in `log` (beside `scratch` unless given: previews that share a `scratch` each need one)."""
    scratch.mkdir(parents=True, exist_ok=True)
    log = log or scratch.parent / f"{scratch.name}.log"
    env = {**os.environ, "TMPDIR": str(scratch), "PYTHONUNBUFFERED": "1", "PYTHONFAULTHANDLER": "1"}
    with log.open("w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "generator", "serve", "--site", str(site), *args],
            cwd=REPO,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    served = Served(process, log)
    try:
        yield served
    finally:
        if process.poll() is None:
            served.stop()


def start(served: Served) -> Served:
    """Wait for the server to announce its address."""
    found = served.wait_for(r"at (http://[^ ]+/) \(Ctrl-C", STARTUP_SECONDS)
    served.url = found.group(1)
    return served
