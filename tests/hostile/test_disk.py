"""A full disk, a read-only or unusable cache: plain messages, never "a bug in cvsite".

On the output folder a failed write stops the build with the path and the cause (ENOSPC),
exit status 1, the previous site as it was and no staging folder left. On the build cache
it is a warning and the build goes on; no temporary file is left in either place.

Real full and read-only disks are small tmpfs mounts, made when this process may mount
(root in a container that allows it); otherwise those tests skip and say why, and the
tests that need no mount (a cache folder under a file; a full disk at os.write, in this
process) still run.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.site.build import BuildOptions, build
from tests.helpers import run_cli, write_site, yaml_text

LEFTOVERS = (".tmp", ".cvsite-tmp", ".cvsite-new", ".cvsite-old", ".cvsite-lock")


@contextlib.contextmanager
def _tmpfs(folder: Path, *options: str) -> Iterator[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    if shutil.which("mount") is None:
        pytest.skip("no mount command here: the real full-disk case is not tested")
    command = ["mount", "-t", "tmpfs", "-o", ",".join(options), "tmpfs", str(folder)]
    made = subprocess.run(command, capture_output=True, text=True)
    if made.returncode != 0:
        reason = made.stderr.strip() or "not permitted"
        pytest.skip(f"cannot mount a small tmpfs here ({reason}): not tested on a real disk")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder: Path) -> None:
    """Write into `folder` until its file system is full."""
    descriptor = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(descriptor, b"\0" * 4096):
            pass
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(descriptor)


def _entries(count: int, words: int = 300) -> str:
    entries = [{"title": f"Project {i}", "body": "Words of a body. " * words} for i in range(count)]
    return yaml_text(entries)


def _files(root: Path) -> dict[str, bytes]:
    found = sorted(root.rglob("*"))
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in found if p.is_file()}


def _leftovers(*folders: Path) -> list[str]:
    found = []
    for folder in folders:
        for path in folder.rglob("*"):
            if path.name.endswith(LEFTOVERS):
                found.append(str(path))
    return found


def _plain_failure(run, *words: str) -> None:
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert "bug in cvsite" not in run.err, run.err
    assert run.code == 1, (run.out, run.err)
    for word in words:
        assert word in run.err, run.err


def _warned(run, *words: str) -> None:
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    assert run.code == 0, run.err
    assert "warning: cannot write the build cache" in run.err, run.err
    for word in words:
        assert word in run.err, run.err


@pytest.mark.parametrize("grows", ["pages", "an asset"])
def test_a_full_disk_on_the_output_is_a_plain_error(tmp_path, grows):
    site = write_site(tmp_path / "site", {"content/projects.yaml": _entries(2)})
    with _tmpfs(tmp_path / "disk", "size=256k") as disk:
        output = disk / "output"
        first = run_cli("build", "--site", site, "--output", output)
        assert first.code == 0, first.err
        before = _files(output)
        if grows == "pages":
            (site / "content" / "projects.yaml").write_text(_entries(200), encoding="utf-8")
        else:
            (site / "content" / "files").mkdir()
            (site / "content" / "files" / "big.bin").write_bytes(os.urandom(400_000))
        run = run_cli("build", "--site", site, "--output", output)
        _plain_failure(run, "cannot write", "No space left on device (ENOSPC)", str(output))
        assert "content/files/big.bin:" not in run.err  # the file that could not be written
        assert _files(output) == before, "the previous site changed"
        assert sorted(p.name for p in disk.iterdir()) == ["output"], "left behind"


def test_a_full_cache_is_a_warning_and_the_build_goes_on(tmp_path):
    site = write_site(tmp_path / "site", {"content/projects.yaml": _entries(80)})
    with _tmpfs(tmp_path / "cache", "size=64k") as cache:
        _fill(cache)
        env = {"CVSITE_CACHE_DIR": str(cache / "cvsite")}
        run = run_cli("build", "--site", site, env=env)
        _warned(run, "No space left on device (ENOSPC)")
        assert (site / "output" / "projects" / "index.html").is_file()
        assert _leftovers(cache) == []
        again = run_cli("build", "--site", site, env=env)  # no stamp: a whole build again
        assert again.code == 0, again.err
        assert _leftovers(cache, site) == []


def test_a_read_only_cache_is_a_warning_and_the_build_goes_on(tmp_path):
    site = write_site(tmp_path / "site", {"content/projects.yaml": _entries(80)})
    with _tmpfs(tmp_path / "cache", "size=1m", "ro") as cache:
        env = {"CVSITE_CACHE_DIR": str(cache / "cvsite")}
        run = run_cli("build", "--site", site, env=env)
        _warned(run, "Read-only file system (EROFS)")
        assert (site / "output" / "projects" / "index.html").is_file()


def test_a_cache_made_read_only_after_a_build_keeps_the_site_right(tmp_path):
    """Its stamp cannot be removed nor replaced: a changed site must still be built."""
    site = write_site(tmp_path / "site", {"content/projects.yaml": _entries(3)})
    with _tmpfs(tmp_path / "cache", "size=1m") as cache:
        env = {"CVSITE_CACHE_DIR": str(cache / "cvsite")}
        assert run_cli("build", "--site", site, env=env).code == 0
        subprocess.run(["mount", "-o", "remount,ro", str(cache)], check=True)
        profile = site / "content" / "profile.yaml"
        profile.write_text("name: Grace Hopper\n", encoding="utf-8")
        run = run_cli("build", "--site", site, env=env)
        _warned(run, "(EROFS)")
        assert "Grace Hopper" in (site / "output" / "index.html").read_text(encoding="utf-8")
        again = run_cli("build", "--site", site, env=env)
        assert again.code == 0, again.err
        assert "Grace Hopper" in (site / "output" / "index.html").read_text(encoding="utf-8")


def test_a_cache_folder_under_a_file_is_a_warning(tmp_path):
    """Needs no mount: $CVSITE_CACHE_DIR names a folder inside a plain file (ENOTDIR)."""
    site = write_site(tmp_path / "site", {"content/projects.yaml": _entries(3)})
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    env = {"CVSITE_CACHE_DIR": str(tmp_path / "a-file" / "cvsite")}
    run = run_cli("build", "--site", site, env=env)
    _warned(run, "Not a directory (ENOTDIR)")
    assert (site / "output" / "projects" / "index.html").is_file()
    assert run_cli("build", "--site", site, env=env).code == 0


def test_a_full_disk_at_the_write_itself(tmp_path, monkeypatch):
    """Needs no mount: os.write fails with ENOSPC for the files of the new site, in this
    process (one job, so that no child writes), as on a disk that fills during the build."""
    site = write_site(tmp_path / "site", {"content/projects.yaml": _entries(3)})
    output = tmp_path / "site" / "output"
    options = BuildOptions(site, output, jobs=1, cache_dir=tmp_path / "cache")
    build(options)
    before = _files(output)
    (site / "content" / "profile.yaml").write_text("name: Grace Hopper\n", encoding="utf-8")
    write = os.write

    def full(descriptor: int, data) -> int:  # noqa: ANN001 - os.write's
        if ".output.cvsite-new" in os.readlink(f"/proc/self/fd/{descriptor}"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return write(descriptor, data)

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(BuildError) as failed:
        build(options)
    monkeypatch.undo()
    message = str(failed.value)
    assert "No space left on device (ENOSPC)" in message and ".output.cvsite-new/" in message
    assert _files(output) == before
    assert _leftovers(site) == []
