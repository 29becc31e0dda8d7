"""The writer makes each file with its bytes, and reports the size and time of each as a walk of
the folder finds them."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from generator.site.stamp import output_stats, scan_output
from generator.site.writer import write_site

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
