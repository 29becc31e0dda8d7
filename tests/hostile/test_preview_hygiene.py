"""`cvsite serve` answers only this machine's browser, cleans up after a killed preview, and
keeps answering while it rebuilds.

Requests are written by hand on a socket (tests/hostile/test_serve.py does the same), so a
forged Host header goes out exactly as an attacker would send it: a page on another site
whose host name was pointed at 127.0.0.1 (DNS rebinding) sends its own name.
"""

from __future__ import annotations

import json
import os
import re
import socket
import time
from pathlib import Path

import pytest

from tests.helpers import write_site
from tests.serving import free_port, run_serve, start

DRAFT = "draft-secret-2718"
SITE = "title: Test\nbase_url: https://example.org/\n"
PROJECTS = f"- title: Public project\n  body: Shown.\n- title: {DRAFT}\n  draft: true\n"

FORGED_HOSTS = [
    "evil.example",
    "evil.example:{port}",
    "localhost.evil.example:{port}",
    "127.0.0.1.nip.io:{port}",
    "evil.example:{port}@127.0.0.1",
    "0.0.0.0:{port}",
    "192.0.2.7:{port}",
    "[::ffff:c000:207]:{port}",
    "localhost:{port} evil.example",
    "localhost:notaport",
    "[::1]evil.example",
    "",
    None,  # no Host header at all
]
ALLOWED_HOSTS = [
    "127.0.0.1:{port}",
    "127.0.0.1",
    "localhost:{port}",
    "LOCALHOST:{port}",
    "preview.localhost:{port}",
    "127.0.0.2:{port}",
    "[::1]:{port}",
]
WEBSOCKET = {
    "Upgrade": "websocket",
    "Connection": "Upgrade",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version": "13",
}
# Every kind of address the preview answers: pages, assets, the reload script and channel.
TARGETS = ["/", "/projects/", "/assets/style.css", "/livereload.js", "/livereload/1", "/nope/"]


def request(
    port: int, target: str, host: str | None, headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """One request exactly as written; (status, body). Reads the head, then the body as long
    as Content-Length says, so that an upgraded (websocket) connection does not hang it."""
    lines = [f"GET {target} HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if "Connection" not in (headers or {}):
        lines.append("Connection: close")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        data = b""
        while b"\r\n\r\n" not in data and (chunk := sock.recv(65536)):
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
        while length and len(body) < int(length[1]) and (chunk := sock.recv(65536)):
            body += chunk
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
    return status, body


@pytest.fixture
def drafts_site(tmp_path: Path) -> Path:
    return write_site(tmp_path / "site", {"site.yaml": SITE, "content/projects.yaml": PROJECTS})


def test_a_forged_host_gets_403_on_every_address(drafts_site: Path, tmp_path: Path):
    port = free_port()
    with run_serve(drafts_site, "--drafts", "--port", str(port), scratch=tmp_path / "t") as served:
        start(served)
        page = request(port, "/projects/", f"127.0.0.1:{port}")
        assert page[0] == 200 and DRAFT.encode() in page[1]  # --drafts shows it here
        for host in FORGED_HOSTS:
            forged = None if host is None else host.format(port=port)
            for target in TARGETS:
                status, body = request(port, target, forged)
                assert status == 403, (forged, target, status)
                assert DRAFT.encode() not in body and b"<" not in body, (forged, target)
                assert len(body) < 200, (forged, target)  # a short plain page
            status, body = request(port, "/livereload", forged, WEBSOCKET)
            assert status == 403, (forged, "websocket", status)
        assert served.process.poll() is None


def test_two_host_headers_are_refused(drafts_site: Path, tmp_path: Path):
    port = free_port()
    with run_serve(drafts_site, "--drafts", "--port", str(port), scratch=tmp_path / "t") as served:
        start(served)
        status, body = request(port, "/projects/", f"127.0.0.1:{port}", {"Host": "evil.example"})
        assert status == 403 and DRAFT.encode() not in body


def test_this_machines_names_are_answered(drafts_site: Path, tmp_path: Path):
    port = free_port()
    with run_serve(drafts_site, "--port", str(port), scratch=tmp_path / "t") as served:
        start(served)
        for host in ALLOWED_HOSTS:
            status, body = request(port, "/projects/", host.format(port=port))
            assert status == 200, (host, status)
            assert b"Public project" in body and DRAFT.encode() not in body
        assert request(port, "/livereload.js", f"localhost:{port}")[0] == 200


def test_listening_on_every_address_answers_addresses_but_not_names(
    drafts_site: Path, tmp_path: Path
):
    # `--host 0.0.0.0` is for a phone on the same network, which asks for the machine's
    # address: any address is answered (an address cannot be rebound), names still are not.
    port = free_port()
    with run_serve(
        drafts_site, "--host", "0.0.0.0", "--port", str(port), scratch=tmp_path / "t"
    ) as served:
        start(served)
        assert request(port, "/", f"192.0.2.7:{port}")[0] == 200
        assert request(port, "/", f"evil.example:{port}")[0] == 403


# --- what a killed preview leaves ------------------------------------------------------------


def _folders(scratch: Path) -> set[Path]:
    return {p for p in scratch.iterdir() if p.name.startswith("cvsite-serve-")}


def test_a_killed_previews_folder_is_removed_by_the_next_one(drafts_site: Path, tmp_path: Path):
    scratch = tmp_path / "tmp"
    with run_serve(
        drafts_site, "--port", str(free_port()), scratch=scratch, log=tmp_path / "killed.log"
    ) as killed:
        start(killed)
        (left,) = _folders(scratch)
        killed.process.kill()  # SIGKILL: no clean-up runs
        killed.process.wait(timeout=30)
    assert left.is_dir(), "a killed preview cannot remove its folder"

    # Folders that are not a dead preview's own are left alone: one without a note of its
    # owner, and a link to a folder whose note names a dead owner.
    foreign = scratch / "cvsite-serve-foreign"
    foreign.mkdir(mode=0o700)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (elsewhere / "owner.json").write_text(json.dumps({"pid": os.getpid(), "mark": "gone"}))
    (scratch / "cvsite-serve-link").symlink_to(elsewhere)
    # A note naming a running pid with another start: that pid was reused, its owner is gone.
    reused = scratch / "cvsite-serve-reused"
    reused.mkdir(mode=0o700)
    (reused / "owner.json").write_text(json.dumps({"pid": os.getpid(), "mark": "0:0"}))

    with run_serve(
        drafts_site, "--port", str(free_port()), scratch=scratch, log=tmp_path / "alive.log"
    ) as alive:
        start(alive)
        assert not left.exists() and not reused.exists()
        (alive_folder,) = _folders(scratch) - {foreign, scratch / "cvsite-serve-link"}
        with run_serve(
            drafts_site, "--port", str(free_port()), scratch=scratch, log=tmp_path / "third.log"
        ) as third:
            start(third)
            assert alive_folder.is_dir(), "a running preview's folder is not touched"
            assert foreign.is_dir()
            assert (scratch / "cvsite-serve-link").is_symlink()
            assert (elsewhere / "owner.json").is_file()
            assert third.stop() == 0
        assert alive.stop() == 0
    assert _folders(scratch) == {foreign, scratch / "cvsite-serve-link"}


# --- a rebuild does not hold up requests -----------------------------------------------------

# A template that takes a long time (a loop): the rebuild after saving it runs for tens of
# seconds here, far longer than the watcher needs to notice the save.
SLOW_BASE = """{% extends "@parent/base.html" %}
{% block head %}{{ super() }}{% for i in range(LOOPS) %}{% endfor %}{% endblock %}
"""
NOTICED = 3.0  # seconds: by then the watcher has long seen the save and started the rebuild


def test_pages_are_served_while_a_slow_rebuild_runs(tmp_path: Path):
    site = write_site(
        tmp_path / "site",
        {
            "site.yaml": SITE + "theme: slow\n",
            "content/projects.yaml": PROJECTS,
            "themes/slow/theme.yaml": "name: slow\nextends: meridian\n",
            "themes/slow/templates/base.html": SLOW_BASE.replace("LOOPS", "0"),
        },
    )
    port = free_port()
    with run_serve(site, "--port", str(port), scratch=tmp_path / "t") as served:
        start(served)
        base = site / "themes" / "slow" / "templates" / "base.html"
        base.write_text(SLOW_BASE.replace("LOOPS", "150_000_000"))
        saved = time.monotonic()
        answered_while_rebuilding, problems = 0, []
        while "Rebuilt" not in served.output() and time.monotonic() < saved + 120:
            try:
                status, body = request(port, "/projects/", f"127.0.0.1:{port}")
            except OSError as exc:  # no answer within the socket's 30 s
                problems.append(repr(exc))
                continue
            if status != 200 or b"Public project" not in body:
                problems.append(status)
            elif time.monotonic() > saved + NOTICED and "Rebuilt" not in served.output():
                answered_while_rebuilding += 1
            if answered_while_rebuilding >= 20:
                break
        assert problems == [], problems[:5]
        assert answered_while_rebuilding >= 20, served.output()
        assert served.stop() == 0  # Ctrl-C stops the preview in the middle of the rebuild
