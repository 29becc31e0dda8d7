"""The github-pages deploy target: commit a built site to a branch, then push it.

History is kept: the new commit goes on top of the branch as the remote has it (fetched
first), and the push is an ordinary one, so a branch that moved meanwhile is rejected rather
than overwritten, unless the user asks for `--force`. A build whose files equal the branch's
adds no commit. Everything here talks to git in a subprocess.

A deploy replaces every file of the branch, so it refuses, before anything is written, a
branch that holds something else: one checked out with sources, one whose last commit no
cvsite deploy made (the sources' own `main`, say), one with commits here that the remote
lacks (they would be left behind), and a name git would read as something other than a
branch. `--force` overrides the last-commit and commits-here checks (and then publishes on
top of the local commits, which are kept); nothing overrides the others.

The commit is written with git's plumbing (hash-object, update-index on a private index,
write-tree, commit-tree, update-ref), not ghp-import: ghp-import resets the local branch to
the remote's before committing, which drops commits only the local branch has, and looks
branches up by short names that a tag or a branch called `origin/gh-pages` can shadow.
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from generator import __version__
from generator.deploy.treediff import Tree, describe_changes
from generator.errors import BuildError, UsageError

log = logging.getLogger(__name__)

_GITHUB_REMOTE = re.compile(
    r"github\.com[:/]+(?P<owner>[A-Za-z0-9-]+)/(?P<repo>[A-Za-z0-9._-]+?)(?:\.git)?/*$"
)
# A deploy commit says so in a trailer; older cvsite versions wrote only this subject line.
TRAILER = "Deployed-by"
_OLD_SUBJECT = re.compile(r"^Publish the site built from .+ \(cvsite [^)]+\)$")
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
        return f"branch {self.branch} of {self.remote} ({self.url})"

    @property
    def ref(self) -> str:
        return f"refs/heads/{self.branch}"


# --- git -------------------------------------------------------------------------------------


def _git(
    repo: Path, *args: str, input: bytes | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=repo, capture_output=True, input=input, env=env)
    except FileNotFoundError:
        raise BuildError("git is not installed; the github-pages target needs it") from None


def _git_text(repo: Path, *args: str) -> str | None:
    """The output of a git command that may fail (a missing ref, an unset key): None then."""
    result = _git(repo, *args)
    return result.stdout.decode().strip() if result.returncode == 0 else None


def _git_out(repo: Path, *args: str, input: bytes | None = None, env=None) -> str:  # noqa: ANN001
    """The output of a git command that must succeed."""
    result = _git(repo, *args, input=input, env=env)
    if result.returncode != 0:
        raise BuildError(f"git {args[0]} failed: {_git_error(result)}")
    return result.stdout.decode().strip()


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


def locate(
    site: Path, remote: str, branch: str, cname: str | None, where: str = "deploy.branch"
) -> GitTarget:
    """The deploy's repository and remote, checked before anything is built or pushed.

    `where` names the setting the branch came from, for messages (`--branch`).
    """
    repo = find_repo(site)
    check_branch_name(repo, branch, where)
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
    worktree = checked_out(repo).get(branch)
    if worktree is not None:
        raise BuildError(
            f"branch {branch} is checked out in {worktree}; deploying would replace the "
            "files there with the built site. Choose another branch (deploy.branch)."
        )
    return GitTarget(repo, remote, url, branch, cname)


def check_branch_name(repo: Path, name: str, where: str) -> None:
    """Refuse a name git would not take as a branch, or would read as something else."""
    if name == "HEAD" or name.startswith(_MISREAD_STARTS):
        raise BuildError(
            f"{where} {name}: a branch name must not be HEAD or start with +, -, @ or refs/ "
            "(git reads those as something else); use a plain name such as gh-pages"
        )
    result = _git(repo, "check-ref-format", "--branch", name)
    # --branch also expands @{-1} and the like: the name must come back as it went in.
    if result.returncode != 0 or result.stdout.decode().strip() != name:
        raise BuildError(
            f"{where} {name!r}: not a valid git branch name (no spaces, no '..', ':', '~', "
            "'^', '?', '*', '[', '\\', no trailing '/' or '.lock'); use a name such as gh-pages"
        )


def checked_out(repo: Path) -> dict[str, Path]:
    """Branch -> the working tree it is checked out in, for every working tree of `repo`."""
    found: dict[str, Path] = {}
    tree = repo
    for line in (_git_text(repo, "worktree", "list", "--porcelain") or "").splitlines():
        if line.startswith("worktree "):
            tree = Path(line.removeprefix("worktree "))
        elif line.startswith("branch refs/heads/"):
            found[line.removeprefix("branch refs/heads/")] = tree
    return found


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
    result = _git(target.repo, "ls-remote", "--heads", target.remote, target.ref)
    if result.returncode != 0:
        raise BuildError(f"cannot reach {target.remote} ({target.url}): {_git_error(result)}")
    # ls-remote matches the pattern's tail: refs/heads/x/refs/heads/gh-pages would match too.
    for line in result.stdout.decode().splitlines():
        commit, _, name = line.partition("\t")
        if name == target.ref:
            return commit
    return None


def fetch(target: GitTarget) -> str:
    """Bring the remote branch into its remote-tracking ref; the commit it is at."""
    tracking = f"refs/remotes/{target.remote}/{target.branch}"
    result = _git(target.repo, "fetch", "--quiet", target.remote, f"+{target.ref}:{tracking}")
    if result.returncode != 0:
        raise BuildError(f"cannot fetch {target.describe()}: {_git_error(result)}")
    return _git_out(target.repo, "rev-parse", "--verify", f"{tracking}^{{commit}}")


def wanted_tree(target: GitTarget, folder: Path, write: bool = False) -> Tree:
    """Path -> blob id of every file the deploy commit will hold (the build, .nojekyll, CNAME).

    With `write`, the blobs are stored in the repository too, ready to be committed.
    """
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    listing = "".join(f"{p}\n" for p in files).encode()
    store = ["-w"] if write else []
    ids = _git_out(
        target.repo, "hash-object", *store, "--no-filters", "--stdin-paths", input=listing
    ).split()
    tree = {p.relative_to(folder).as_posix(): blob for p, blob in zip(files, ids, strict=True)}
    # GitHub Pages would otherwise run Jekyll over the site, and needs CNAME for a domain.
    tree[".nojekyll"] = _git_out(target.repo, "hash-object", *store, "--stdin", input=b"")
    if target.cname:
        cname = target.cname.encode()
        tree["CNAME"] = _git_out(target.repo, "hash-object", *store, "--stdin", input=cname)
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


def _has_commit(repo: Path, commit: str) -> bool:
    return _git(repo, "cat-file", "-e", f"{commit}^{{commit}}").returncode == 0


def made_by_deploy(repo: Path, commit: str) -> bool:
    """Whether `commit` was written by cvsite deploy (its trailer, or an older one's subject)."""
    text = _git_out(
        repo, "log", "-1", f"--format=%(trailers:key={TRAILER},valueonly)%x00%s", commit
    )
    trailer, _, subject = text.partition("\0")
    return trailer.strip().startswith("cvsite") or bool(_OLD_SUBJECT.match(subject.strip()))


def _describe_commit(repo: Path, commit: str) -> str:
    return _git_text(repo, "log", "-1", '--format=%h "%s"', commit) or commit[:12]


# --- the checks ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BranchState:
    """The target branch here and on the remote, as a deploy finds it."""

    remote: str | None  # the remote branch's commit; None if the remote has no such branch
    local: str | None  # the local branch's commit; None if there is no local branch
    unpushed: list[str]  # commits of the local branch that the remote branch lacks


def branch_state(target: GitTarget, remote: str | None) -> BranchState:
    """Where the branch is; `remote` is the remote's commit, which must be in the repository."""
    local = _git_text(target.repo, "rev-parse", "--verify", "-q", f"{target.ref}^{{commit}}")
    unpushed: list[str] = []
    if local:
        exclude = [f"^{remote}"] if remote else []
        unpushed = _git_out(target.repo, "rev-list", local, *exclude, "--").split()
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


# --- commit and push -------------------------------------------------------------------------


def source_description(repo: Path) -> str:
    """The source commit a build comes from, as the deploy commit's message names it."""
    head = _git_text(repo, "rev-parse", "--verify", "-q", "HEAD")
    if head is None:
        return "a repository with no commits yet"
    dirty = _git_text(repo, "status", "--porcelain")
    return f"commit {head}" + (" with uncommitted changes" if dirty else "")


def commit_message(repo: Path) -> str:
    subject = f"Publish the site built from {source_description(repo)} (cvsite {__version__})"
    return f"{subject}\n\n{TRAILER}: cvsite {__version__}\n"


def _check_identity(repo: Path) -> None:
    for key in ("name", "email"):
        configured = _git_text(repo, "config", f"user.{key}")
        if not (os.environ.get(f"GIT_COMMITTER_{key.upper()}") or configured):
            raise BuildError(
                f"git has no user.{key} to sign the deploy commit with; set it with "
                f'git config user.{key} "..."'
            )


def commit(target: GitTarget, tree: Tree, parent: str | None, message: str) -> str:
    """A commit of `tree` (whose blobs are stored) on top of `parent`; its id.

    The tree is made in a private index, so the user's index and working tree are not
    touched; no ref moves here.
    """
    _check_identity(target.repo)
    entries = "".join(f"100644 {blob}\t{path}\0" for path, blob in sorted(tree.items()))
    with tempfile.TemporaryDirectory(prefix="cvsite-index-") as scratch:
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(scratch) / "index")}
        index_info = ["update-index", "--add", "-z", "--index-info"]
        _git_out(target.repo, *index_info, input=entries.encode(), env=env)
        tree_id = _git_out(target.repo, "write-tree", env=env)
    parents = ["-p", parent] if parent else []
    return _git_out(
        target.repo, "commit-tree", tree_id, *parents, "-F", "-", input=message.encode()
    )


def move_branch(target: GitTarget, new: str | None, old: str | None) -> None:
    """Point the local branch at `new` (None: delete it), if it is still at `old`."""
    if new is None:
        args = ["update-ref", "-d", target.ref, old or ""]
    else:
        args = ["update-ref", "-m", "cvsite deploy", target.ref, new, old or ""]
    result = _git(target.repo, *args)
    if result.returncode != 0:
        raise BuildError(
            f"cannot move branch {target.branch} (did it change meanwhile?): {_git_error(result)}"
        )


def push(target: GitTarget, force: bool) -> None:
    args = ["push", "--quiet", target.remote, f"{target.ref}:{target.ref}"]
    result = _git(target.repo, *args, *(["--force"] if force else []))
    if result.returncode == 0:
        return
    message = _git_error(result)
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
    known = head is None or _has_commit(target.repo, head)
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
