"""The preview server's pieces: whom it answers, which file a path names, what it tells pages,
and the notes that let a later preview remove a killed one's folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from generator.serve.scratch import OWNER_NOTE, process_mark, remove_orphans
from generator.serve.server import Reloads, _relative_path, _with_script, host_allowed


@pytest.mark.parametrize(
    "header",
    [
        "localhost",
        "localhost:8000",
        "LocalHost:8000",
        "cv.localhost:8000",
        "127.0.0.1",
        "127.0.0.1:8000",
        "127.8.9.10:8000",
        "[::1]:8000",
        "[::1]",
    ],
)
def test_this_machine_is_answered(header: str):
    assert host_allowed(header, "127.0.0.1")


@pytest.mark.parametrize(
    "header",
    [
        None,
        "",
        "evil.example",
        "evil.example:8000",
        "localhost.evil.example",
        "localhostevil:8000",
        "127.0.0.1.nip.io",
        "0.0.0.0:8000",
        "10.0.0.5:8000",
        "::1",  # an IPv6 address without brackets is not a Host header
        "[::1",
        "localhost:80:80",
        "localhost:port",
        "localhost:123456",
        "user@localhost",
        "local host",
    ],
)
def test_other_hosts_are_refused(header: str | None):
    assert not host_allowed(header, "127.0.0.1")


def test_the_bound_address_or_name_is_answered():
    assert host_allowed("192.168.1.20:8000", "192.168.1.20")
    assert not host_allowed("192.168.1.21:8000", "192.168.1.20")
    assert host_allowed("mybox.lan:8000", "mybox.lan")
    assert host_allowed("MYBOX.lan", "mybox.lan")
    assert not host_allowed("[mybox.lan]:8000", "mybox.lan")


def test_listening_everywhere_answers_any_address_but_no_other_name():
    for bound in ("0.0.0.0", "::"):
        assert host_allowed("192.168.1.20:8000", bound)
        assert host_allowed("[fe80::1]:8000", bound)
        assert not host_allowed("evil.example:8000", bound)


@pytest.mark.parametrize(
    ("path", "relative"),
    [
        ("/", ""),
        ("/cv/", "cv/"),
        ("/cv", "cv"),
        ("/assets/style.css", "assets/style.css"),
        ("//etc/passwd", "etc/passwd"),
        ("/a//b/", "a/b/"),
        ("/caf%C3%A9/", "café/"),
        ("/../x", None),
        ("/a/../../x", None),
        ("/%2e%2e/x", None),
        ("/..%2fx", None),
        ("/./x", None),
        ("/a%5c..%5cx", None),
        ("/a\\b", None),
        ("/a%00.html", None),
        ("/%ff", None),
    ],
)
def test_paths_map_inside_the_preview_or_are_refused(path: str, relative: str | None):
    assert _relative_path(path) == relative


def test_the_script_goes_before_the_body_ends():
    page = b"<html><body><p>x</p></body></html>"
    assert _with_script(page, 7) == (
        b"<html><body><p>x</p>"
        b'<script src="/livereload.js" data-epoch="7" defer></script>\n'
        b"</body></html>"
    )
    assert _with_script(b"no body", 7).startswith(b"no body<script")


def test_a_poll_is_answered_by_the_next_build_and_a_lone_stylesheet_swaps():
    reloads = Reloads()
    first = str(reloads.epoch)
    answers = []
    waiter = threading.Thread(target=lambda: answers.append(reloads.wait(first, 30)))
    waiter.start()
    reloads.announce("assets/style.css")
    waiter.join(timeout=30)
    assert answers == [(int(first) + 1, "assets/style.css")]
    # A page two builds behind missed a change that was not a stylesheet: it reloads.
    reloads.announce(None)
    reloads.announce("assets/style.css")
    assert reloads.wait(str(int(first) + 1), 0) == (int(first) + 3, None)
    # A page of another server's build (or garbage) is told at once.
    assert reloads.wait("123", 0)[0] == reloads.epoch


def test_a_process_mark_tells_a_running_process_from_a_gone_one():
    assert process_mark(os.getpid()) == process_mark(os.getpid()) is not None
    command = [sys.executable, "-c", "import os; print(os.getpid())"]
    finished = subprocess.run(command, capture_output=True, text=True, check=True)
    gone = int(finished.stdout)
    assert process_mark(gone) is None or process_mark(gone) != process_mark(os.getpid())


def test_only_folders_whose_owner_is_gone_are_removed(tmp_path: Path):
    def folder(name: str, note: dict | None, mode: int = 0o700) -> Path:
        path = tmp_path / name
        path.mkdir(mode=mode)
        path.chmod(mode)
        if note is not None:
            (path / OWNER_NOTE).write_text(json.dumps(note))
        return path

    me = {"pid": os.getpid(), "mark": process_mark(os.getpid())}
    gone = folder("cvsite-serve-gone", {"pid": os.getpid(), "mark": "another start"})
    alive = folder("cvsite-serve-alive", me)
    no_note = folder("cvsite-serve-nonote", None)
    bad_note = folder("cvsite-serve-badnote", None)
    (bad_note / OWNER_NOTE).write_text("{not json")
    shared = folder("cvsite-serve-shared", {"pid": os.getpid(), "mark": "x"}, mode=0o777)
    other_prefix = folder("cvsite-check-gone", {"pid": os.getpid(), "mark": "x"})
    target = folder("elsewhere", {"pid": os.getpid(), "mark": "x"})
    (tmp_path / "cvsite-serve-link").symlink_to(target)

    assert remove_orphans(tmp_path, "cvsite-serve-") == [gone]
    assert not gone.exists()
    for kept in (alive, no_note, bad_note, shared, other_prefix, target):
        assert kept.is_dir()
    assert (tmp_path / "cvsite-serve-link").is_symlink()
