"""The writer makes each file with its bytes, and reports the size and time of each as a walk of
the folder finds them."""

from __future__ import annotations

import os
import pickle
from pathlib import Path, PurePosixPath

import pytest

from generator.errors import BuildError
from generator.site.stamp import output_stats, scan_output
from generator.site.writer import Staging, write_site

FILES = {
    "index.html": b"<p>home</p>",
    "projects/a/index.html": b"<p>a</p>" * 2000,  # more than a write buffer
    ".nojekyll": b"",
    ".well-known/security.txt": b"Contact: mailto:a@example.org\n",  # a hidden folder
    "assets/__pycache__/x.pyc": b"\0",
    "assets/.hidden/y.css": b"p{}",
    "assets/style.css": b"p{color:red}",
}


def _write(output: Path, files: dict[str, bytes | Path]):
    return write_site(output, {PurePosixPath(name): data for name, data in files.items()})


def test_the_stats_of_a_new_output_folder_are_what_a_walk_of_it_finds(tmp_path: Path):
    output = tmp_path / "out"
    report = _write(output, FILES)
    assert report.stats is not None
    assert output_stats(output, report.stats) == scan_output(output)


def test_the_stats_of_a_folder_made_again_count_kept_copied_and_new_files(tmp_path: Path):
    output = tmp_path / "out"
    _write(output, FILES)
    source = tmp_path / "photo.jpg"
    source.write_bytes(b"\xff\xd8" * 100)
    files = {**FILES, "index.html": b"<p>home, again</p>", "photo.jpg": source}
    del files["assets/style.css"]
    report = _write(output, files)  # kept files are linked, the others written or copied
    assert report.written == 2 and report.removed == 1
    assert output_stats(output, report.stats) == scan_output(output)


def test_a_folder_left_as_it_was_has_no_stats(tmp_path: Path):
    output = tmp_path / "out"
    _write(output, FILES)
    report = _write(output, FILES)
    assert not report.changed and report.stats is None


def test_each_file_holds_its_bytes_and_the_usual_permissions(tmp_path: Path):
    output = tmp_path / "out"
    files = {**FILES, "big.bin": bytes(range(256)) * 5000, "crlf.txt": b"a\r\nb\n"}
    _write(output, files)
    for name, data in files.items():
        assert (output / name).read_bytes() == data
    made = tmp_path / "made"
    made.write_bytes(b"")  # a file made by Python's open(), under the same umask
    assert (output / "index.html").stat().st_mode == made.stat().st_mode


def _staged(output: Path, files: dict[str, bytes], pages: list[str]):
    """`files` written with `pages` put first, each from a process of its own, as a build's
    rendering processes put the pages they render."""
    staging = Staging(output)
    staging.begin()
    put = {}
    for name in pages:
        read, write = os.pipe()
        if (pid := os.fork()) == 0:
            os.close(read)
            os.write(write, pickle.dumps(staging.put(name, files[name])))
            os._exit(0)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            put[name] = pickle.loads(pipe.read())
        os.waitpid(pid, 0)
    given = {PurePosixPath(n): put.get(n, data) for n, data in files.items()}
    try:
        return write_site(output, given, staging=staging)
    finally:
        staging.discard()


PAGES = ["index.html", "projects/a/index.html"]


def test_files_put_by_other_processes_make_the_same_folder_and_stats(tmp_path: Path):
    report = _staged(tmp_path / "out", FILES, PAGES)
    plain = _write(tmp_path / "plain", FILES)
    assert (report.written, report.removed, report.total) == (plain.written, 0, plain.total)
    assert output_stats(tmp_path / "out", report.stats) == scan_output(tmp_path / "out")
    for name, data in FILES.items():
        assert (tmp_path / "out" / name).read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "plain"]  # no staging left


def test_a_page_put_again_with_the_same_bytes_is_the_same_file(tmp_path: Path):
    output = tmp_path / "out"
    _write(output, FILES)
    before = (output / "index.html").stat()
    changed = {**FILES, "projects/a/index.html": b"<p>new</p>"}
    report = _staged(output, changed, PAGES)
    assert report.written == 1 and report.removed == 0
    assert (output / "index.html").stat().st_ino == before.st_ino  # linked, as write_site does
    assert (output / "projects/a/index.html").read_bytes() == b"<p>new</p>"
    assert output_stats(output, report.stats) == scan_output(output)


def test_nothing_put_changes_a_folder_whose_files_are_the_same(tmp_path: Path):
    output = tmp_path / "out"
    _write(output, FILES)
    before = scan_output(output)
    report = _staged(output, FILES, PAGES)
    assert not report.changed and report.stats is None
    assert scan_output(output) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_page_put_again_replaces_what_a_dead_process_left_without_touching_the_output(
    tmp_path: Path,
):
    output = tmp_path / "out"
    _write(output, FILES)
    staging = Staging(output)
    staging.begin()
    staging.put("index.html", FILES["index.html"])  # linked to the output's file
    staging.put("index.html", b"<p>other</p>")  # done again, by the process left
    assert (output / "index.html").read_bytes() == FILES["index.html"]
    assert (staging.folder / "index.html").read_bytes() == b"<p>other</p>"
    staging.discard()
    assert not staging.folder.exists()


def test_staging_refuses_a_folder_cvsite_did_not_make_before_anything_is_put(tmp_path: Path):
    output = tmp_path / "mine"
    output.mkdir()
    (output / "notes.txt").write_text("mine")
    with pytest.raises(BuildError, match="refusing to replace"):
        Staging(output).begin()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]
