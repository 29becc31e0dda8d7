"""The preview and the build copy and serve only the site's own regular files, looked at
each time: a link made to lead out after the build first saw it, and a named pipe, socket or
device put in a watched folder, are refused by name, and the preview goes on.

A link is made to lead out as an editor or `mv -T` would: a new link under a hidden name,
renamed over the old one, so that the preview sees one change of the file it knows.
"""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path, PurePosixPath

import pytest

from generator import confined
from generator.errors import BuildError
from generator.site.build import BuildOptions, SiteBuilder
from generator.site.writer import update_files, write_site
from tests.helpers import run_cli
from tests.helpers import write_site as write_files
from tests.serving import free_port, run_serve, start

SECRET = "top-secret-2718"
SITE = "title: T\nbase_url: https://e.org/\n"


def _retarget(link: Path, target: Path | str) -> None:
    """`link` made to lead to `target`, in one rename."""
    temporary = link.with_name(f".{link.name}.new")
    os.symlink(target, temporary)
    os.replace(temporary, link)


@pytest.fixture
def linked_site(tmp_path: Path) -> Path:
    """A site whose content/files/b.txt is a link to a.txt beside it, and a secret outside."""
    site = write_files(tmp_path / "site", {"site.yaml": SITE, "content/files/a.txt": "A\n"})
    os.symlink("a.txt", site / "content" / "files" / "b.txt")
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    return site


# --- links made to lead out ------------------------------------------------------------------


def test_the_preview_never_serves_a_link_made_to_lead_out(linked_site: Path, tmp_path: Path):
    port = free_port()
    with run_serve(linked_site, "--port", str(port), scratch=tmp_path / "t") as served:
        start(served)
        assert served.get("/files/b.txt") == (200, "A\n")
        _retarget(linked_site / "content" / "files" / "b.txt", tmp_path / "secret.txt")
        served.wait_for(r"content/files/b\.txt: symbolic link points outside content/")
        status, body = served.get("/files/b.txt")
        assert SECRET not in body and status in (200, 404), (status, body)
        # Linked back inside: the file is copied again, from where the link now leads.
        (linked_site / "content" / "files" / "c.txt").write_text("C\n", encoding="utf-8")
        _retarget(linked_site / "content" / "files" / "b.txt", "c.txt")
        served.until(lambda: served.get("/files/b.txt") == (200, "C\n"))
        assert SECRET not in served.output() and "Traceback" not in served.output()


def test_a_copy_looks_at_the_link_again_when_it_copies(linked_site: Path, tmp_path: Path):
    """The preview copies the files a rebuild found; the copy itself refuses a link that
    was made to lead out after the build looked at it, naming the file."""
    output = tmp_path / "preview"
    builder = SiteBuilder(BuildOptions(linked_site, output, base_url="http://localhost/"))
    files = builder.build().site.files
    link = linked_site / "content" / "files" / "b.txt"
    _retarget(link, tmp_path / "secret.txt")
    name = PurePosixPath("files/b.txt")
    with pytest.raises(BuildError, match=r"content/files/b\.txt: a symbolic link to .*secret"):
        write_site(output, files)
    with pytest.raises(BuildError, match=r"content/files/b\.txt: a symbolic link to .*secret"):
        update_files(output, {name: files[name]}, ())
    assert not any(SECRET in p.read_text() for p in output.rglob("*.txt") if p.is_file())


def test_a_theme_file_that_leads_out_is_refused_by_the_build(tmp_path: Path):
    site = write_files(
        tmp_path / "site",
        {
            "site.yaml": SITE + "theme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
            "themes/mine/static/own.css": "p {}\n",
        },
    )
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    os.symlink(tmp_path / "secret.txt", site / "themes" / "mine" / "static" / "notes.txt")
    result = run_cli("build", "--site", site)
    assert result.code == 1, result.err
    assert "themes/mine/static/notes.txt: a symbolic link to" in result.err
    assert "leads out of" in result.err and "Traceback" not in result.err
    output = site / "output"
    assert not output.exists() or SECRET not in "".join(
        p.read_text(errors="replace") for p in output.rglob("*") if p.is_file()
    )


# --- pipes, sockets and devices --------------------------------------------------------------


def test_a_pipe_in_a_watched_folder_is_refused_and_the_preview_goes_on(tmp_path: Path):
    site = write_files(tmp_path / "site", {"site.yaml": SITE, "content/files/a.txt": "A\n"})
    files = site / "content" / "files"
    port = free_port()
    with run_serve(site, "--port", str(port), scratch=tmp_path / "t") as served:
        start(served)
        os.mkfifo(files / "pipe.txt")
        served.wait_for(r"content/files/pipe\.txt: not a regular file \(a pipe, socket or")
        assert served.get("/files/a.txt") == (200, "A\n")  # the last good build, meanwhile
        (files / "pipe.txt").unlink()
        (files / "a.txt").write_text("A2\n", encoding="utf-8")
        served.until(lambda: served.get("/files/a.txt") == (200, "A2\n"))
        (files / "b.txt").write_text("B\n", encoding="utf-8")  # later rebuilds go on
        served.until(lambda: served.get("/files/b.txt") == (200, "B\n"))
        assert "Traceback" not in served.output()


def _socket_at(path: Path) -> socket.socket:
    """A listening Unix socket whose file is `path`, bound through its folder's descriptor
    (a socket's own address may not be longer than about 100 bytes)."""
    folder = os.open(path.parent, os.O_PATH)
    listening = socket.socket(socket.AF_UNIX)
    try:
        listening.bind(f"/proc/self/fd/{folder}/{path.name}")
    finally:
        os.close(folder)
    return listening


@pytest.mark.parametrize(
    "place",
    ["content/files/pipe.txt", "themes/mine/static/pipe.css", "themes/mine/static/socket"],
)
def test_the_build_refuses_pipes_and_sockets_by_name(tmp_path: Path, place: str):
    site = write_files(
        tmp_path / "site",
        {
            "site.yaml": SITE + "theme: mine\n",
            "themes/mine/theme.yaml": "name: mine\nextends: meridian\n",
            "themes/mine/static/own.css": "p {}\n",
            "content/files/a.txt": "A\n",
        },
    )
    path = site / place
    listening = _socket_at(path) if place.endswith("socket") else None
    if listening is None:
        os.mkfifo(path)
    try:
        result = run_cli("build", "--site", site)
    finally:
        if listening is not None:
            listening.close()
    assert result.code == 1, (result.code, result.out, result.err)
    assert f"{place}: not a regular file (a pipe, socket or device)" in result.err, result.err
    assert "Traceback" not in result.err and "internal error" not in result.err


# --- confined.open_inside, the one way a copied or served file is opened ----------------------


def test_open_inside_follows_links_that_stay_inside_and_refuses_the_rest(tmp_path: Path):
    root = write_files(tmp_path / "root", {"a/file.txt": "inside", "b/.keep": ""})
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    os.symlink("../a/file.txt", root / "b" / "link.txt")
    os.symlink("../a", root / "b" / "folder")
    os.symlink(tmp_path, root / "out")
    os.symlink(tmp_path / "secret.txt", root / "b" / "secret.txt")
    os.symlink("loop", root / "loop")
    with confined.open_inside(root, "b/link.txt") as file:
        assert file.read() == b"inside"
    with confined.open_inside(root, "b/folder/file.txt") as file:
        assert file.read() == b"inside"
    for refused in ("out/secret.txt", "b/secret.txt", "loop"):
        with pytest.raises(confined.NotRegular, match="leads out of"):
            confined.open_inside(root, refused)
    with pytest.raises(IsADirectoryError):
        confined.open_inside(root, "a")
    with pytest.raises(NotADirectoryError):
        confined.open_inside(root, "a/file.txt/x")
    with pytest.raises(FileNotFoundError):
        confined.open_inside(root, "a/none.txt")
    with pytest.raises(OSError):  # ENAMETOOLONG: a name longer than the system takes
        confined.open_inside(root, "a" * 300)


def test_open_inside_never_opens_a_pipe(tmp_path: Path):
    """Opening a pipe with no writer waits for ever; the refusal must come at once."""
    os.mkfifo(tmp_path / "pipe")
    result: list[BaseException | None] = []

    def attempt() -> None:
        try:
            confined.open_inside(tmp_path, "pipe")
            result.append(None)
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            result.append(exc)

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(timeout=30)
    if thread.is_alive():  # let the opener go: a writer ends its wait
        os.close(os.open(tmp_path / "pipe", os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("open_inside opened the pipe and waited for a writer")
    assert isinstance(result[0], confined.NotRegular), result
    assert "not a regular file" in str(result[0])
