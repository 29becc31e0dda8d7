"""Running git for the github-pages target: every call goes through here.

git runs in a subprocess in the site's repository; a missing git is a plain message, and a
failed command's message is git's own, without its `fatal: ` prefixes.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from generator.errors import BuildError


def git(
    repo: Path, *args: str, input: bytes | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=repo, capture_output=True, input=input, env=env)
    except FileNotFoundError:
        raise BuildError("git is not installed; the github-pages target needs it") from None


def git_text(repo: Path, *args: str) -> str | None:
    """The output of a git command that may fail (a missing ref, an unset key): None then."""
    result = git(repo, *args)
    return result.stdout.decode().strip() if result.returncode == 0 else None


def git_out(repo: Path, *args: str, input: bytes | None = None, env=None) -> str:  # noqa: ANN001
    """The output of a git command that must succeed."""
    result = git(repo, *args, input=input, env=env)
    if result.returncode != 0:
        raise BuildError(f"git {args[0]} failed: {git_error(result)}")
    return result.stdout.decode().strip()


def git_error(result: subprocess.CompletedProcess) -> str:
    text = result.stderr.decode(errors="replace").strip()
    return "\n".join(line.removeprefix("fatal: ") for line in text.splitlines()) or "git failed"
