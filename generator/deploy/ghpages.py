"""The github-pages deploy target: commit a built site on top of the branch as the remote has
it, with git's plumbing on a private index, then push it (a branch that moved meanwhile is
rejected, but with `--force`). Not ghp-import: it resets the local branch to the remote's,
dropping commits only it has."""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

from generator import __version__
from generator.deploy.branchstate import (
    TRAILER,
    branch_state,
    branch_tree,
    check_branch,
    fetch,
    has_commit,
    remote_head,
    wanted_tree,
)
from generator.deploy.gittarget import GitTarget, git, git_error, git_out, git_text
from generator.deploy.treediff import Tree, describe_changes
from generator.errors import BuildError

log = logging.getLogger(__name__)


def source_description(repo: Path) -> str:
    """The source commit a build comes from, as the deploy commit's message names it."""
    head = git_text(repo, "rev-parse", "--verify", "-q", "HEAD")
    if head is None:
        return "a repository with no commits yet"
    dirty = git_text(repo, "status", "--porcelain")
    return f"commit {head}" + (" with uncommitted changes" if dirty else "")


def commit_message(repo: Path) -> str:
    subject = f"Publish the site built from {source_description(repo)} (cvsite {__version__})"
    return f"{subject}\n\n{TRAILER}: cvsite {__version__}\n"


def _check_identity(repo: Path) -> None:
    for key in ("name", "email"):
        configured = git_text(repo, "config", f"user.{key}")
        if not (os.environ.get(f"GIT_COMMITTER_{key.upper()}") or configured):
            raise BuildError(
                f"git has no user.{key} to sign the deploy commit with; set it with "
                f'git config user.{key} "..."'
            )


def commit(target: GitTarget, tree: Tree, parent: str | None, message: str) -> str:
    """A commit of `tree` on top of `parent`, made in a private index; its id."""
    _check_identity(target.repo)
    entries = "".join(f"100644 {blob}\t{path}\0" for path, blob in sorted(tree.items()))
    with tempfile.TemporaryDirectory(prefix="cvsite-index-") as scratch:
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(scratch) / "index")}
        index_info = ["update-index", "--add", "-z", "--index-info"]
        git_out(target.repo, *index_info, input=entries.encode(), env=env)
        tree_id = git_out(target.repo, "write-tree", env=env)
    parents = ["-p", parent] if parent else []
    return git_out(target.repo, "commit-tree", tree_id, *parents, "-F", "-", input=message.encode())


def move_branch(target: GitTarget, new: str | None, old: str | None) -> None:
    """Point the local branch at `new` (None: delete it), if it is still at `old`."""
    if new is None:
        args = ["update-ref", "-d", target.ref, old or ""]
    else:
        args = ["update-ref", "-m", "cvsite deploy", target.ref, new, old or ""]
    result = git(target.repo, *args)
    if result.returncode != 0:
        raise BuildError(
            f"cannot move branch {target.branch} (did it change meanwhile?): {git_error(result)}"
        )


def push(target: GitTarget, force: bool) -> None:
    args = ["push", "--quiet", target.remote, f"{target.ref}:{target.ref}"]
    result = git(target.repo, *args, *(["--force"] if force else []))
    if result.returncode == 0:
        return
    message = git_error(result)
    hint = ""
    if "non-fast-forward" in message or "fetch first" in message:
        hint = (
            f"\nThe remote branch {target.branch} moved while deploying; run cvsite deploy "
            "again to build on top of it, or use --force to replace it."
        )
    raise BuildError(f"push to {target.describe()} failed: {message}{hint}")


def publish(target: GitTarget, folder: Path, *, force: bool, dry_run: bool) -> str:
    """Deploy the built site in `folder`; says what was done (or would be, with dry_run)."""
    if dry_run:
        return _preview(target, folder, force)
    head = remote_head(target)
    state = branch_state(target, fetch(target) if head else None)
    parent = check_branch(target, state, force)
    wanted = wanted_tree(target, folder, write=True)
    current = branch_tree(target.repo, parent) if parent else None
    if current == wanted and parent == state.remote:
        return f"Nothing to deploy: {target.describe()} already holds this build."
    if current == wanted:  # --force over local commits that already hold this build
        new = parent
    else:
        message = commit_message(target.repo)
        log.info("committing: %s", message.splitlines()[0])
        new = commit(target, wanted, parent, message)
    move_branch(target, new, state.local)
    try:
        push(target, force)
    except BuildError:
        move_branch(target, state.local, new)  # as it was: a failed deploy leaves no trace
        raise
    changes = describe_changes(current, wanted)
    return f"Deployed to {target.describe()}: commit {new[:12]} ({changes})."


def _preview(target: GitTarget, folder: Path, force: bool) -> str:
    """What `publish` would do, without fetching: the remote's commit may not be here yet."""
    head = remote_head(target)
    known = head is None or has_commit(target.repo, head)
    state = branch_state(target, head if known else None)
    # What the remote has may not be here: then only a fetch could tell what it lacks.
    parent = check_branch(target, state, force) if known else None
    wanted = wanted_tree(target, folder)
    if head is None and parent is None:
        return f"Would create {target.describe()} with {len(wanted)} files."
    if not known:
        return (
            f"Would commit {len(wanted)} files on top of {target.describe()} "
            f"(now at {head[:12]}, not fetched yet, so the changes are not known)."
        )
    current = branch_tree(target.repo, parent) if parent else None
    if current == wanted and parent == state.remote:
        return f"Nothing to deploy: {target.describe()} already holds this build."
    return f"Would commit to {target.describe()}: {describe_changes(current, wanted)}."
