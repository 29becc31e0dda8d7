"""Deploy to a folder, hostile cases of issue 25: a build writing the same folder, and a
destination whose name could hide what it is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.site.outputlock import output_lock
from tests.e2e.test_deploy_folders import BASE_URL, deploy, require_rsync
from tests.helpers import REPO


def test_rsync_to_a_folder_waits_while_another_cvsite_writes_it(sample_site: Path, tmp_path: Path):
    """A build (or deploy) of the folder holds its lock: rsync must not write beside it."""
    require_rsync()
    dest = tmp_path / "www"
    command = [sys.executable, "-m", "generator", "deploy", "--site", str(sample_site)]
    command += ["--base-url", BASE_URL, "--target", "rsync", "--destination", str(dest)]
    with output_lock(dest):
        deploying = subprocess.Popen(
            command, cwd=REPO, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        said = deploying.stderr.readline()  # the deploy's first words: it waits (or it ended)
        assert "waiting for another build" in said, said + deploying.stderr.read()
        assert not dest.exists()
    out, err = deploying.communicate(timeout=240)
    assert deploying.returncode == 0, err
    assert "Deployed with rsync" in out
    assert (dest / "index.html").is_file()


@pytest.mark.parametrize("target", ["rsync", "directory"])
def test_a_destination_with_spaces_is_shown_quoted_and_escaped(
    sample_site: Path, tmp_path: Path, target: str
):
    """A plain space is quoted; a no-break space (which looks like one) is escaped too."""
    if target == "rsync":
        require_rsync()
    dest = tmp_path / "my cv\u00a0site"
    result = deploy(sample_site, "--target", target, "--destination", dest)
    assert result.code == 0, result.err
    assert f"'{tmp_path.as_posix()}/my cv\\xa0site'" in result.out
    assert "\u00a0" not in result.out
    assert (dest / "index.html").is_file()
