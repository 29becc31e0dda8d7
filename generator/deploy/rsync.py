"""The rsync deploy target: make a local folder or a `host:path` an exact copy of the build
(by checksum, deleting what the build lacks: so destinations whose loss would hurt are
refused first)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from generator.deploy.quoting import said
from generator.errors import BuildError, UsageError, one_line

# rsync's own rule: a colon before any slash makes `host:path` (or `user@host:path`).
_REMOTE = re.compile(r"^(?:rsync://|[^/]*:)")
_RISKY_REMOTE_PATHS = {"", ".", "./", "~", "~/", "/"}
_OPTIONS = [
    "--recursive",
    "--links",
    "--checksum",
    "--delete",
    "--compress",
    "--itemize-changes",
    # The build is made in a private temporary folder (mode 0700); a web server must read it.
    "--perms",
    "--chmod=D755,F644",
]


def is_remote(destination: str) -> bool:
    return bool(_REMOTE.match(destination))


def check_remote_destination(destination: str) -> None:
    """Refuse remote destinations that rsync --delete would wreck (a login's home folder)."""
    # Daemon modules (host::module, rsync://) are folders set aside on purpose; `host:` alone
    # or `host:~` is the login's home folder.
    daemon = destination.startswith("rsync://") or "::" in destination
    if not daemon and destination.partition(":")[2].strip() in _RISKY_REMOTE_PATHS:
        raise UsageError(
            f"rsync destination {said(destination)}: name a folder for the site, such as "
            "host:/var/www/cv/ (rsync deletes whatever the site does not have)"
        )


def sync(folder: Path, destination: str, *, dry_run: bool) -> str:
    """Copy the build in `folder` to `destination`; says what changed (or would)."""
    if shutil.which("rsync") is None:
        raise BuildError(
            "rsync is not installed; install it (apt-get install rsync) or deploy "
            "with the directory target"
        )
    command = ["rsync", *_OPTIONS, *(["--dry-run"] if dry_run else []), f"{folder}/", destination]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"rsync to {said(destination)} failed: {_stderr(result.stderr)}")
    sent, deleted = _count(result.stdout)
    verb = ("would send", "would delete") if dry_run else ("sent", "deleted")
    if not sent and not deleted:
        return f"Nothing to deploy: {said(destination)} already holds this build."
    prefix = "Dry run: " if dry_run else "Deployed with rsync: "
    return f"{prefix}{verb[0]} {sent} files, {verb[1]} {deleted} → {said(destination)}"


def _count(itemized: str) -> tuple[int, int]:
    """Files sent and deleted, from rsync's --itemize-changes lines (`>f+++++++++ x.html`)."""
    sent = deleted = 0
    for line in itemized.splitlines():
        if line.startswith("*deleting") and not line.endswith("/"):
            deleted += 1
        elif line[:2] in (">f", "<f", "cf"):
            sent += 1
    return sent, deleted


def _stderr(text: str) -> str:
    """rsync's message, each of its lines kept on one line (it repeats the destination)."""
    return "\n".join(one_line(line) for line in text.strip().splitlines())
