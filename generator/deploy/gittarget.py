"""Where a github-pages deploy goes: the site's repository, a remote of it and a branch
(not one git would read as something else, nor one checked out in a working tree), each
checked before anything is built or pushed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.deploy.git import git, git_text
from generator.deploy.quoting import said
from generator.errors import BuildError, UsageError, listed, shown

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
