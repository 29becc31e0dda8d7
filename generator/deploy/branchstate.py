"""What the target branch holds, here and on the remote, and whether a deploy may go on it
(not with commits here the remote lacks, nor on a last commit no deploy made, but `--force`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.deploy.gittarget import GitTarget, git, git_error, git_out, git_text
from generator.deploy.treediff import Tree
from generator.errors import BuildError

# A deploy commit says so in a trailer; older cvsite versions wrote only this subject.
TRAILER = "Deployed-by"
_OLD_SUBJECT = re.compile(r"^Publish the site built from .+ \(cvsite [^)]+\)$")


def remote_head(target: GitTarget) -> str | None:
    """The commit the remote branch points at, or None if the remote has no such branch."""
    result = git(target.repo, "ls-remote", "--heads", target.remote, target.ref)
    if result.returncode != 0:
        raise BuildError(f"cannot reach {target.remote} ({target.url}): {git_error(result)}")
    # ls-remote matches the pattern's tail: refs/heads/x/refs/heads/gh-pages would match too.
    for line in result.stdout.decode().splitlines():
        commit, _, name = line.partition("\t")
        if name == target.ref:
            return commit
    return None


def fetch(target: GitTarget) -> str:
    """Bring the remote branch into its remote-tracking ref; the commit it is at."""
    tracking = f"refs/remotes/{target.remote}/{target.branch}"
    result = git(target.repo, "fetch", "--quiet", target.remote, f"+{target.ref}:{tracking}")
    if result.returncode != 0:
        raise BuildError(f"cannot fetch {target.describe()}: {git_error(result)}")
    return git_out(target.repo, "rev-parse", "--verify", f"{tracking}^{{commit}}")


def wanted_tree(target: GitTarget, folder: Path, write: bool = False) -> Tree:
    """Path -> blob id of every file the deploy commit will hold (`write`: blobs stored)."""
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    listing = "".join(f"{p}\n" for p in files).encode()
    store = ["-w"] if write else []
    ids = git_out(
        target.repo, "hash-object", *store, "--no-filters", "--stdin-paths", input=listing
    ).split()
    tree = {p.relative_to(folder).as_posix(): blob for p, blob in zip(files, ids, strict=True)}
    # GitHub Pages would otherwise run Jekyll over the site, and needs CNAME for a domain.
    tree[".nojekyll"] = git_out(target.repo, "hash-object", *store, "--stdin", input=b"")
    if target.cname:
        cname = target.cname.encode()
        tree["CNAME"] = git_out(target.repo, "hash-object", *store, "--stdin", input=cname)
    return tree


def branch_tree(repo: Path, ref: str) -> Tree | None:
    """Path -> blob id of the files of a commit; None if the commit is not in the repository."""
    result = git(repo, "ls-tree", "-r", "-z", ref)
    if result.returncode != 0:
        return None
    tree = {}
    for record in result.stdout.decode().split("\0"):
        if record:
            meta, path = record.split("\t", 1)
            tree[path] = meta.split()[2]
    return tree


def has_commit(repo: Path, commit: str) -> bool:
    return git(repo, "cat-file", "-e", f"{commit}^{{commit}}").returncode == 0


def made_by_deploy(repo: Path, commit: str) -> bool:
    """Whether `commit` was written by cvsite deploy (its trailer, or an older one's subject)."""
    text = git_out(repo, "log", "-1", f"--format=%(trailers:key={TRAILER},valueonly)%x00%s", commit)
    trailer, _, subject = text.partition("\0")
    return trailer.strip().startswith("cvsite") or bool(_OLD_SUBJECT.match(subject.strip()))


def _describe_commit(repo: Path, commit: str) -> str:
    return git_text(repo, "log", "-1", '--format=%h "%s"', commit) or commit[:12]


@dataclass(frozen=True)
class BranchState:
    """The target branch here and on the remote, as a deploy finds it."""

    remote: str | None  # the remote branch's commit; None if the remote has no such branch
    local: str | None  # the local branch's commit; None if there is no local branch
    unpushed: list[str]  # commits of the local branch that the remote branch lacks


def branch_state(target: GitTarget, remote: str | None) -> BranchState:
    """Where the branch is; `remote` is the remote's commit, which must be in the repository."""
    local = git_text(target.repo, "rev-parse", "--verify", "-q", f"{target.ref}^{{commit}}")
    unpushed: list[str] = []
    if local:
        exclude = [f"^{remote}"] if remote else []
        unpushed = git_out(target.repo, "rev-list", local, *exclude, "--").split()
    return BranchState(remote, local, unpushed)


def check_branch(target: GitTarget, state: BranchState, force: bool) -> str | None:
    """Refuse a branch a deploy would damage; the commit the deploy goes on top of."""
    if state.unpushed and not force:
        count = len(state.unpushed)
        commits, them = ("1 commit", "it") if count == 1 else (f"{count} commits", "them")
        last = _describe_commit(target.repo, state.unpushed[0])
        raise BuildError(
            f"branch {target.branch} here has {commits} that {target.remote} does not have "
            f"(the last: {last}); a deploy would leave {them} behind. Push {them} "
            f"(git push {target.remote} {target.branch}), move {them} aside "
            f"(git branch -m {target.branch} {target.branch}-kept), or use --force to "
            f"deploy on top of {them}."
        )
    # With no commits here that the remote lacks, the deploy goes on the remote's branch.
    if state.remote and not force and not made_by_deploy(target.repo, state.remote):
        last = _describe_commit(target.repo, state.remote)
        raise BuildError(
            f"{target.remote}'s branch {target.branch} was not made by cvsite deploy (its "
            f"last commit is {last}); deploying would replace its files with the built site. "
            "If it is meant for the site, deploy once with --force; otherwise choose another "
            "branch (deploy.branch)."
        )
    return state.local if state.unpushed else state.remote
