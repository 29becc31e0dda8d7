"""`cvsite serve` stays on this machine, serves only the preview, and stays up while rebuilding.

Every request goes to 127.0.0.1, written by hand on a socket so that no client tidies the
path first. The loops are bounded in count and time.
"""

from __future__ import annotations

import ctypes
import os
import re
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.helpers import write_site
from tests.htmlread import parse_page
from tests.serving import free_port, run_serve, start

SECRET = "top-secret-3141"
REQUESTS = 1000


def _listening(port: int) -> set[str]:
    """The local addresses with a listening TCP socket on `port` (from /proc/net/tcp{,6})."""
    found = set()
    for table, size in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, _, hexport = local.partition(":")
            if state == "0A" and int(hexport, 16) == port and len(address) == size:
                found.add(_address(address))
    return found


def _address(hex_address: str) -> str:
    raw = bytes.fromhex(hex_address)
    if len(raw) == 4:
        return socket.inet_ntop(socket.AF_INET, raw[::-1])
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4))
    return socket.inet_ntop(socket.AF_INET6, words)


def raw_get(port: int, target: str) -> tuple[int, bytes]:
    """GET `target` exactly as written (no normalising client), over a fresh connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        request = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
        sock.sendall(request.encode("latin-1"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, body


@pytest.fixture
def hostile_tree(tmp_path: Path) -> tuple[Path, Path]:
    """A site, and a secret beside the folder the preview is built in (TMPDIR)."""
    site = write_site(tmp_path / "site", {"content/projects.yaml": "- title: P\n  body: B\n"})
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    (scratch / "secret.txt").write_text(SECRET, encoding="utf-8")
    (site / "content" / "notes.txt").write_text("asset", encoding="utf-8")
    return site, scratch


def test_it_listens_on_loopback_only_by_default(hostile_tree):
    site, scratch = hostile_tree
    port = free_port()
    with run_serve(site, "--port", str(port), scratch=scratch) as served:
        start(served)
        assert _listening(port) == {"127.0.0.1"}
        assert "reachable from other machines" not in served.output()


@pytest.mark.parametrize("host", ["localhost", "127.0.0.2", "::1"])
def test_other_loopback_hosts_are_not_warned_about(hostile_tree, host):
    site, scratch = hostile_tree
    port = free_port()
    with run_serve(site, "--host", host, "--port", str(port), scratch=scratch) as served:
        try:
            start(served)
        except AssertionError:
            if "no such address" in served.output():
                pytest.skip(f"{host} is not configured on this machine")
            raise
        assert "Warning" not in served.output()


@pytest.mark.parametrize("host", ["0.0.0.0", "192.0.2.1"])
def test_a_host_beyond_loopback_is_warned_about_before_it_listens(hostile_tree, host):
    site, scratch = hostile_tree
    port = free_port()
    with run_serve(site, "--host", host, "--port", str(port), scratch=scratch) as served:
        served.wait_for("reachable from other machines", 30)
        # 192.0.2.1 (a documentation address) is on no machine: refused after the warning.
        if host == "192.0.2.1":
            assert served.process.wait(timeout=60) == 2
            assert "no such address" in served.output()


TRAVERSALS = [
    "/../secret.txt",
    "/../../secret.txt",
    "/../../../../../../etc/passwd",
    "/%2e%2e/secret.txt",
    "/%2e%2e/%2e%2e/secret.txt",
    "/%2E%2E%2F%2E%2E%2Fsecret.txt",
    "/..%2f..%2fsecret.txt",
    "/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "/%252e%252e/%252e%252e/secret.txt",
    "/%252e%252e%252f%252e%252e%252fsecret.txt",
    "/..%5c..%5csecret.txt",
    "/..\\..\\secret.txt",
    "/%c0%ae%c0%ae/%c0%ae%c0%ae/secret.txt",
    "//etc/passwd",
    "/%2fetc%2fpasswd",
    "/./../secret.txt",
    "/projects/../../secret.txt",
    "/projects/%2e%2e/%2e%2e/%2e%2e/secret.txt",
    "/secret.txt%00.html",
    "/%00/../secret.txt",
    "http://127.0.0.1/../secret.txt",
    "/site.yaml",
    "/content/profile.yaml",
    "/../site/site.yaml",
]


def test_traversal_and_absolute_paths_are_refused(hostile_tree):
    site, scratch = hostile_tree
    port = free_port()
    with run_serve(site, "--port", str(port), scratch=scratch) as served:
        start(served)
        assert raw_get(port, "/notes.txt") == (200, b"asset")  # files of the site are served
        for target in TRAVERSALS:
            status, body = raw_get(port, target)
            assert status in (400, 403, 404), (target, status)
            assert SECRET.encode() not in body, target
            assert b"root:x:0:0" not in body, target
            assert b"base_url" not in body, target
        assert served.process.poll() is None, "the server is still up"
        assert raw_get(port, "/")[0] == 200


def test_it_stays_up_and_correct_through_1000_requests_while_rebuilding(hostile_tree):
    site, scratch = hostile_tree
    projects = site / "content" / "projects.yaml"
    entries = "".join(f"- title: Project {i}\n  body: Body {i}.\n" for i in range(40))
    projects.write_text(entries, encoding="utf-8")
    port = free_port()
    stop = threading.Event()
    edits = []

    def edit() -> None:  # a person saving a file again and again, for at most 5 minutes
        deadline = time.monotonic() + 300
        number = 0
        while not stop.is_set() and time.monotonic() < deadline:
            number += 1
            text = entries.replace("Project 0\n", f"Project 0 edit {number}\n")
            projects.write_text(text, encoding="utf-8")
            edits.append(number)
            stop.wait(0.15)

    pages = ["/", "/projects/", "/projects/project-1/", "/cv/", "/tags/", "/assets/style.css"]
    with run_serve(site, "--port", str(port), scratch=scratch) as served:
        start(served)
        editor = threading.Thread(target=edit, daemon=True)
        editor.start()
        try:
            problems = []
            # At least REQUESTS, and on until the file was saved a few times: a fast machine
            # answers a thousand requests before the editor has saved six times.
            deadline = time.monotonic() + 120
            number = -1
            while number + 1 < REQUESTS or (len(edits) <= 5 and time.monotonic() < deadline):
                number += 1
                path = pages[number % len(pages)]
                status, body = raw_get(port, path)
                if status != 200:
                    problems.append((number, path, status))
                elif path.endswith("/") and not body.rstrip().endswith(b"</html>"):
                    problems.append((number, path, "a partial page"))
            assert problems == [], problems[:5]
        finally:
            stop.set()
            editor.join(timeout=30)
        assert served.process.poll() is None, "the server is still up"
        rebuilds = len(re.findall(r"Rebuilt \(projects.yaml\)", served.output()))
        assert len(edits) > 5 and rebuilds > 1, (len(edits), rebuilds)
        last = f"Project 0 edit {edits[-1]}"
        served.until(lambda: last in parse_page(served.get("/projects/")[1]).main.text, 30)


def _signal_a_thread_other_than_the_main_one(pid: int, number: int) -> None:
    """What the kernel does with a Ctrl-C when the main thread cannot take it (a debugger or
    a profiler has it stopped): it hands the signal to another thread of the process."""
    tgkill = getattr(ctypes.CDLL(None, use_errno=True), "tgkill", None)  # glibc 2.30 and later
    if tgkill is None:
        pytest.skip("this C library has no tgkill() to signal one thread of another process")
    others = [int(task) for task in os.listdir(f"/proc/{pid}/task") if int(task) != pid]
    assert others, "the preview has no thread but its main one"
    assert tgkill(pid, others[-1], number) == 0, os.strerror(ctypes.get_errno())


def test_a_ctrl_c_handed_to_another_thread_still_stops_it(hostile_tree):
    """The main thread waits for the watchers' news; it must not wait through a Ctrl-C that
    another thread received (it waited for ever: py-spy's sampling made it so)."""
    site, scratch = hostile_tree
    with run_serve(site, "--port", str(free_port()), scratch=scratch) as served:
        start(served)
        _signal_a_thread_other_than_the_main_one(served.process.pid, signal.SIGINT)
        try:
            served.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still serving 15 s after Ctrl-C:\n{served.output()}") from None
        assert served.process.returncode == 0, served.output()
        assert "Stopped; the preview folder is removed." in served.output()


# --- long names, and many requests at once ---------------------------------------------------


def _answer(sock: socket.socket, buffered: bytearray) -> tuple[int, bytes]:
    """One response read from a kept-alive connection: its status and its body (by its
    Content-Length); what came after it stays in `buffered`."""
    while b"\r\n\r\n" not in buffered:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"the connection closed before an answer: {bytes(buffered)!r}")
        buffered += chunk
    head, _, rest = bytes(buffered).partition(b"\r\n\r\n")
    length = int(re.search(rb"(?im)^content-length:\s*(\d+)", head)[1])
    body = bytearray(rest)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the connection closed in the middle of a body")
        body += chunk
    buffered[:] = body[length:]
    return int(head.split(b" ", 2)[1]), bytes(body[:length])


LONG = "a" * 300
LONG_TARGETS = [
    f"/{LONG}",
    f"/{LONG}/",
    f"/{LONG}.html",
    f"/projects/{LONG}/",
    f"/{LONG}/index.html",
    "/" + "%61" * 300,
    "/" + "/".join(["abcdefgh"] * 600),  # 5,400 characters in short names
]


def test_a_name_longer_than_the_system_takes_is_not_found(hostile_tree):
    """Every request on one kept-alive connection: each is answered, none breaks it."""
    site, scratch = hostile_tree
    port = free_port()
    with run_serve(site, "--port", str(port), scratch=scratch) as served:
        start(served)
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            buffered = bytearray()
            for target in [*LONG_TARGETS, "/notes.txt"]:
                request = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
                sock.sendall(request.encode("latin-1"))
                status, body = _answer(sock, buffered)
                expected = 200 if target == "/notes.txt" else 404
                assert status == expected, (target[:40], status, body[:200])
            assert body == b"asset"
        assert "internal error" not in served.output()
        assert "Traceback" not in served.output()


def _threads(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^Threads:\s*(\d+)", status, re.MULTILINE)[1])


SIMULTANEOUS = 300


def test_300_requests_at_once_are_all_answered_by_a_bounded_pool(hostile_tree):
    """Each client opens its connection at the same moment, asks once and keeps the
    connection open, as a browser does: every one is answered (in the 30 s its socket
    waits), and the preview's threads do not grow with the connections."""
    site, scratch = hostile_tree
    port = free_port()
    with run_serve(site, "--port", str(port), scratch=scratch) as served:
        start(served)
        served.wait_for(r"Made .* in \d+ ms")  # the PDFs, the feed...: Typst's threads started
        assert raw_get(port, "/notes.txt") == (200, b"asset")
        idle_threads = _threads(served.process.pid)
        ready = threading.Barrier(SIMULTANEOUS + 1)
        done = threading.Event()
        answers: list[object] = []

        def client() -> None:
            ready.wait()
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                    request = f"GET /notes.txt HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
                    sock.sendall(request.encode())
                    answers.append(_answer(sock, bytearray()))
                    done.wait(60)  # kept open, as a browser keeps it
            except OSError as exc:
                answers.append(repr(exc))

        clients = [threading.Thread(target=client, daemon=True) for _ in range(SIMULTANEOUS)]
        for thread in clients:
            thread.start()
        ready.wait()
        most_threads = idle_threads
        while len(answers) < SIMULTANEOUS and any(thread.is_alive() for thread in clients):
            most_threads = max(most_threads, _threads(served.process.pid))
            time.sleep(0.01)
        done.set()
        for thread in clients:
            thread.join(timeout=60)
        problems = [answer for answer in answers if answer != (200, b"asset")]
        assert len(answers) == SIMULTANEOUS and problems == [], (len(answers), problems[:5])
        assert most_threads <= idle_threads, (idle_threads, most_threads)
        assert served.process.poll() is None
        assert "internal error" not in served.output()
