"""The github-pages deploy target: commit a built site to a branch with ghp-import, then push.

History is kept: the new commit goes on top of the branch as the remote has it (fetched
first), and the push is an ordinary one, so a branch that moved meanwhile is rejected rather
than overwritten, unless the user asks for `--force`. A build whose files equal the branch's
adds no commit. Everything here talks to git in a subprocess; ghp-import writes the commit.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from generator import __version__
from generator.errors import BuildError, UsageError
from generator.treediff import Tree, describe_changes

log = logging.getLogger(__name__)

_GITHUB_REMOTE = re.compile(
    r"github\.com[:/]+(?P<owner>[A-Za-z0-9-]+)/(?P<repo>[A-Za-z0-9._-]+?)(?:\.git)?/*$"
)
_EMPTY_BLOB = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"


@dataclass(frozen=True)
class GitTarget:
    """Where a github-pages deploy goes: a branch of a remote of the repository holding the site."""

    repo: Path
    remote: str
    url: str
    branch: str
    cname: str | None

    def describe(self) -> str:
        return f"branch {self.branch} of {self.remote} ({self.url})"


# --- git -------------------------------------------------------------------------------------


def _git(repo: Path, *args: str, input: bytes | None = None) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=repo, capture_output=True, input=input)
    except FileNotFoundError:
        raise BuildError("git is not installed; the github-pages target needs it") from None


def _git_text(repo: Path, *args: str) -> str | None:
    """The output of a git command that may fail (a missing ref, an unset key): None then."""
    result = _git(repo, *args)
    return result.stdout.decode().strip() if result.returncode == 0 else None


def _git_error(result: subprocess.CompletedProcess) -> str:
    text = result.stderr.decode(errors="replace").strip()
    return "\n".join(line.removeprefix("fatal: ") for line in text.splitlines()) or "git failed"


def find_repo(site: Path) -> Path:
    top = _git_text(site, "rev-parse", "--show-toplevel")
    if top is None:
        raise BuildError(
            f"{site} is not inside a git repository; the github-pages target pushes to a "
            "remote of the site's repository (git init, then git remote add origin URL)"
        )
    return Path(top)


def locate(site: Path, remote: str, branch: str, cname: str | None) -> GitTarget:
    """The deploy's repository and remote, checked before anything is built or pushed."""
    repo = find_repo(site)
    # The URL as configured: `git remote get-url` would apply insteadOf rewrites, and the
    # base_url check must see the address GitHub knows the repository by.
    url = _git_text(repo, "config", "--get", f"remote.{remote}.url")
    if not url:
        known = (_git_text(repo, "remote") or "").split()
        have = f"its remotes are: {', '.join(known)}" if known else "it has no remotes"
        raise UsageError(
            f"the repository {repo} has no remote '{remote}' ({have}); add it with "
            f"git remote add {remote} URL, or set deploy.remote in site.yaml"
        )
    if _git_text(repo, "symbolic-ref", "--short", "-q", "HEAD") == branch:
        raise UsageError(
            f"branch {branch} is checked out here with the site's sources; deploying would "
            "replace them with the built site. Choose another branch (deploy.branch)."
        )
    return GitTarget(repo, remote, url, branch, cname)


# --- base_url --------------------------------------------------------------------------------


def github_repository(url: str) -> tuple[str, str] | None:
    """`git@github.com:ann/cv.git` -> ('ann', 'cv'); None for a remote not on GitHub."""
    match = _GITHUB_REMOTE.search(url)
    return (match["owner"], match["repo"]) if match else None


def address_known(remote_url: str, cname: str | None) -> bool:
    """Whether the address GitHub Pages will serve the deploy at can be told in advance."""
    return bool(cname) or github_repository(remote_url) is not None


def base_url_problem(base_url: str, remote_url: str, cname: str | None) -> str | None:
    """Why `base_url` is not where GitHub Pages will serve this deploy, or None if it fits."""
    parts = urlsplit(base_url)
    host, path = (parts.hostname or "").lower(), parts.path or "/"
    if cname:
        wanted = f"https://{cname.lower()}/"
        if host != cname.lower() or path != "/":
            return f"with the custom domain {cname} (deploy.cname) the site is at {wanted}"
        return None
    found = github_repository(remote_url)
    if found is None:
        return None  # not on GitHub: nothing to derive the address from
    owner, repo = found
    pages_host = f"{owner.lower()}.github.io"
    user_site = repo.lower() == pages_host
    wanted = f"https://{pages_host}/" + ("" if user_site else f"{repo}/")
    if host == pages_host:
        if parts.scheme != "https":
            return f"GitHub Pages serves {pages_host} over https: {wanted}"
        if path.lower() != urlsplit(wanted).path.lower():
            kind = "a user site, at the root" if user_site else "a project site, under /REPO/"
            return f"GitHub Pages serves {owner}/{repo} ({kind}) at {wanted}"
        return None
    if not user_site and path.lower() == f"/{repo.lower()}/":
        return None  # a project site under the custom domain of the owner's user site
    return (
        f"GitHub Pages serves {owner}/{repo} at {wanted}; for a custom domain set "
        f"deploy.cname: {host} in site.yaml, so that each deploy keeps the CNAME file "
        "GitHub Pages needs"
    )


# --- what the branch holds -------------------------------------------------------------------


def remote_head(target: GitTarget) -> str | None:
    """The commit the remote branch points at, or None if the remote has no such branch."""
    result = _git(target.repo, "ls-remote", "--heads", target.remote, f"refs/heads/{target.branch}")
    if result.returncode != 0:
        raise BuildError(f"cannot reach {target.remote} ({target.url}): {_git_error(result)}")
    line = result.stdout.decode().strip()
    return line.split()[0] if line else None


def fetch(target: GitTarget) -> str:
    """Bring the remote branch into its remote-tracking ref, which ghp-import builds on."""
    tracking = f"refs/remotes/{target.remote}/{target.branch}"
    result = _git(
        target.repo, "fetch", "--quiet", target.remote, f"+refs/heads/{target.branch}:{tracking}"
    )
    if result.returncode != 0:
        raise BuildError(f"cannot fetch {target.describe()}: {_git_error(result)}")
    return tracking


def wanted_tree(target: GitTarget, folder: Path) -> Tree:
    """Path -> blob id of every file the deploy commit will hold (the build, .nojekyll, CNAME)."""
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    listing = "".join(f"{p}\n" for p in files).encode()
    result = _git(target.repo, "hash-object", "--no-filters", "--stdin-paths", input=listing)
    if result.returncode != 0:
        raise BuildError(f"git hash-object failed: {_git_error(result)}")
    ids = result.stdout.decode().split()
    tree = {p.relative_to(folder).as_posix(): blob for p, blob in zip(files, ids, strict=True)}
    tree[".nojekyll"] = _EMPTY_BLOB
    if target.cname:
        cname = _git(target.repo, "hash-object", "--stdin", input=target.cname.encode())
        tree["CNAME"] = cname.stdout.decode().strip()
    return tree


def branch_tree(repo: Path, ref: str) -> Tree | None:
    """Path -> blob id of the files of a commit; None if the commit is not in the repository."""
    result = _git(repo, "ls-tree", "-r", "-z", ref)
    if result.returncode != 0:
        return None
    tree = {}
    for record in result.stdout.decode().split("\0"):
        if record:
            meta, path = record.split("\t", 1)
            tree[path] = meta.split()[2]
    return tree


# --- commit and push -------------------------------------------------------------------------


def source_description(repo: Path) -> str:
    """The source commit a build comes from, as the deploy commit's message names it."""
    head = _git_text(repo, "rev-parse", "--verify", "-q", "HEAD")
    if head is None:
        return "a repository with no commits yet"
    dirty = _git_text(repo, "status", "--porcelain")
    return f"commit {head}" + (" with uncommitted changes" if dirty else "")


def commit_message(repo: Path) -> str:
    return f"Publish the site built from {source_description(repo)} (cvsite {__version__})"


def _check_identity(repo: Path) -> None:
    # ghp-import reads these itself and would otherwise commit as an empty " <>".
    for key in ("name", "email"):
        configured = _git_text(repo, "config", f"user.{key}")
        if not (os.environ.get(f"GIT_COMMITTER_{key.upper()}") or configured):
            raise BuildError(
                f"git has no user.{key} to sign the deploy commit with; set it with "
                f'git config user.{key} "..."'
            )


def commit(target: GitTarget, folder: Path, message: str) -> str:
    """Commit `folder` on top of the branch with ghp-import; the new commit's id."""
    import ghp_import

    _check_identity(target.repo)
    ref = f"refs/heads/{target.branch}"
    before = _git_text(target.repo, "rev-parse", "--verify", "-q", ref)
    try:
        # ghp-import runs git in the current directory and has no option to point it elsewhere.
        with contextlib.chdir(target.repo):
            ghp_import.ghp_import(
                str(folder),
                mesg=message,
                remote=target.remote,
                branch=target.branch,
                nojekyll=True,
                cname=target.cname,
                push=False,
            )
    except ghp_import.GhpError as exc:
        raise BuildError(f"ghp-import: {exc.message}") from None
    after = _git_text(target.repo, "rev-parse", "--verify", "-q", ref)
    if after is None or after == before:
        raise BuildError(f"ghp-import did not commit the site to branch {target.branch}")
    return after


def push(target: GitTarget, force: bool) -> None:
    args = ["push", "--quiet", target.remote, f"refs/heads/{target.branch}"]
    result = _git(target.repo, *args, *(["--force"] if force else []))
    if result.returncode == 0:
        return
    message = _git_error(result)
    hint = ""
    if "rejected" in message or "non-fast-forward" in message or "fetch first" in message:
        hint = (
            f"\nThe remote branch {target.branch} moved while deploying; run cvsite deploy "
            "again to build on top of it, or use --force to replace it."
        )
    raise BuildError(f"push to {target.describe()} failed: {message}{hint}")


def publish(target: GitTarget, folder: Path, *, force: bool, dry_run: bool) -> str:
    """Deploy the built site in `folder`; says what was done (or would be, with dry_run)."""
    if dry_run:
        return _preview(target, folder)
    head = remote_head(target)
    base = fetch(target) if head else None
    wanted = wanted_tree(target, folder)
    current = branch_tree(target.repo, base) if base else None
    if current == wanted:
        return f"Nothing to deploy: {target.describe()} already holds this build."
    message = commit_message(target.repo)
    log.info("committing: %s", message)
    sha = commit(target, folder, message)
    push(target, force)
    changes = describe_changes(current, wanted)
    return f"Deployed to {target.describe()}: commit {sha[:12]} ({changes})."


def _preview(target: GitTarget, folder: Path) -> str:
    head = remote_head(target)
    wanted = wanted_tree(target, folder)
    if head is None:
        return f"Would create {target.describe()} with {len(wanted)} files."
    current = branch_tree(target.repo, head)
    if current is None:
        return (
            f"Would commit {len(wanted)} files on top of {target.describe()} "
            f"(now at {head[:12]}, not fetched yet, so the changes are not known)."
        )
    if current == wanted:
        return f"Nothing to deploy: {target.describe()} already holds this build."
    return f"Would commit to {target.describe()}: {describe_changes(current, wanted)}."
