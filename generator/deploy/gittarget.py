"""Where a github-pages deploy goes: the site's repository, a remote of it and a branch (not
one git would read as something else, nor one checked out in a working tree), each checked
before anything is built or pushed; where GitHub Pages will serve it; and running git (a
failed command's message is git's own, without its `fatal: ` prefixes)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from generator.deploy.quoting import said
from generator.errors import BuildError, UsageError, listed, shown


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


# Names git accepts as branches but reads as something else where a ref is expected.
_MISREAD_STARTS = ("+", "-", "@", "refs/")


@dataclass(frozen=True)
class GitTarget:
    """Where a github-pages deploy goes: a branch of a remote of the repository holding the site."""

    repo: Path
    remote: str
    url: str
    branch: str
    cname: str | None

    def describe(self) -> str:
        return f"branch {self.branch} of {said(self.remote)} ({said(self.url)})"

    @property
    def ref(self) -> str:
        return f"refs/heads/{self.branch}"


def find_repo(site: Path) -> Path:
    top = git_text(site, "rev-parse", "--show-toplevel")
    if top is None:
        raise BuildError(
            f"{said(site)} is not inside a git repository; the github-pages target pushes to a "
            "remote of the site's repository (git init, then git remote add origin URL)"
        )
    return Path(top)


def locate(
    site: Path, remote: str, branch: str, cname: str | None, where: str = "deploy.branch"
) -> GitTarget:
    """The deploy's repository and remote, checked; `where` names the branch's setting."""
    repo = find_repo(site)
    check_branch_name(repo, branch, where)
    # The URL as configured: `git remote get-url` would apply insteadOf rewrites, and the
    # base_url check must see the address GitHub knows the repository by.
    url = git_text(repo, "config", "--get", f"remote.{remote}.url")
    if not url:
        known = (git_text(repo, "remote") or "").split()
        have = f"its remotes are: {listed(known)}" if known else "it has no remotes"
        raise UsageError(
            f"the repository {said(repo)} has no remote {shown(remote)} ({have}); add it "
            f"with git remote add {said(remote)} URL, or set deploy.remote in site.yaml"
        )
    worktree = checked_out(repo).get(branch)
    if worktree is not None:
        raise BuildError(
            f"branch {said(branch)} is checked out in {said(worktree)}; deploying would "
            "replace the files there with the built site. Choose another branch (deploy.branch)."
        )
    return GitTarget(repo, remote, url, branch, cname)


def check_branch_name(repo: Path, name: str, where: str) -> None:
    """Refuse a name git would not take as a branch, or would read as something else."""
    if name == "HEAD" or name.startswith(_MISREAD_STARTS):
        raise BuildError(
            f"{where} {said(name)}: a branch name must not be HEAD or start with +, -, @ or refs/ "
            "(git reads those as something else); use a plain name such as gh-pages"
        )
    result = git(repo, "check-ref-format", "--branch", name)
    # --branch also expands @{-1} and the like: the name must come back as it went in.
    if result.returncode != 0 or result.stdout.decode().strip() != name:
        raise BuildError(
            f"{where} {shown(name)}: not a valid git branch name (no spaces, no '..', ':', '~', "
            "'^', '?', '*', '[', '\\', no trailing '/' or '.lock'); use a name such as gh-pages"
        )


def checked_out(repo: Path) -> dict[str, Path]:
    """Branch -> the working tree it is checked out in, for every working tree of `repo`."""
    found: dict[str, Path] = {}
    tree = repo
    for line in (git_text(repo, "worktree", "list", "--porcelain") or "").splitlines():
        if line.startswith("worktree "):
            tree = Path(line.removeprefix("worktree "))
        elif line.startswith("branch refs/heads/"):
            found[line.removeprefix("branch refs/heads/")] = tree
    return found


# --- where GitHub Pages serves it ------------------------------------------------------------


_GITHUB_REMOTE = re.compile(
    r"github\.com[:/]+(?P<owner>[A-Za-z0-9-]+)/(?P<repo>[A-Za-z0-9._-]+?)(?:\.git)?/*$"
)


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
            return (
                f"with the custom domain {said(cname)} (deploy.cname) the site is at {said(wanted)}"
            )
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
        f"deploy.cname: {said(host)} in site.yaml, so that each deploy keeps the CNAME file "
        "GitHub Pages needs"
    )
