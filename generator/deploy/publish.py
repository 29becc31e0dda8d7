"""`cvsite deploy`: build afresh into a private folder, check base_url against the target
and every internal link, and only then hand the folder to the target: a failure before the
last step leaves nothing published. The site's own output/ is not touched."""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from pydantic import ValidationError

from generator.content.schema import DEPLOY_TARGETS, DeployOptions, SiteConfig
from generator.deploy import ghpages, gittarget, rsync
from generator.deploy.quoting import said
from generator.deploy.treediff import describe_changes, folder_tree
from generator.errors import BuildError, UsageError, shown
from generator.site import stamp
from generator.site.build import BuildOptions, RenderedSite, render_site
from generator.site.linkcheck import check_links
from generator.site.outputlock import output_lock
from generator.site.writer import MARKER, source_part, write_site
from generator.urls import base_path

log = logging.getLogger(__name__)

# Reserved names (RFC 2606, RFC 6761) and the sample's own address: a site that still has one
# of these as base_url would publish sitemaps, feeds and a 404 page pointing nowhere.
_PLACEHOLDER_HOSTS = {"example.com", "example.net", "example.org", "example.github.io", "localhost"}
_PLACEHOLDER_SUFFIXES = (".example", ".test", ".invalid", ".localhost", ".example.com")
_FLAG_TARGETS = {
    "remote": ("github-pages",),
    "branch": ("github-pages",),
    "cname": ("github-pages",),
    "destination": ("rsync", "directory"),
}

_UNKNOWN_ADDRESS = "is a real address (where a host serves a folder cannot be checked from here)"

Publisher = Callable[[Path], str]  # the checked build folder -> what was done


@dataclass(frozen=True)
class Prepared:
    """A target that passed its checks: how to publish, where to, and what base_url check ran."""

    publish: Publisher
    where: str
    base_url_check: str


@dataclass(frozen=True)
class DeployRequest:
    """What the user asked for on the command line; None means "as site.yaml says"."""

    site: Path
    target: str | None = None
    remote: str | None = None
    branch: str | None = None
    cname: str | None = None
    destination: str | None = None
    base_url: str | None = None
    force: bool = False
    dry_run: bool = False


@dataclass
class DeployReport:
    checks: list[str] = field(default_factory=list)  # what was verified before publishing
    outcome: str = ""  # what was published, or would be with --dry-run


def deploy(request: DeployRequest) -> DeployReport:
    report = DeployReport()
    with tempfile.TemporaryDirectory(prefix="cvsite-deploy-") as scratch:
        folder = Path(scratch) / "site"
        cache = stamp.cache_dir(request.site)  # as `cvsite build` keeps it
        rendered = render_site(
            BuildOptions(request.site, folder, request.base_url, cache_dir=cache)
        )
        config = rendered.loaded.resume.config
        report.checks.append(f"content: valid, {len(rendered.pages)} pages rendered")
        options = settings(request, config)
        target = _prepare_target(request, options, config.base_url)
        report.checks.append(f"base_url: {said(config.base_url)} {target.base_url_check}")
        _write_build(folder, rendered)
        _check_links(folder, config.base_url)
        report.checks.append(f"links: no broken internal links in {len(rendered.pages)} pages")
        log.info("publishing to %s", target.where)
        report.outcome = target.publish(folder)
    return report


# --- settings --------------------------------------------------------------------------------


def settings(request: DeployRequest, config: SiteConfig) -> DeployOptions:
    """site.yaml's deploy block with the command line's flags on top."""
    flags = {
        name: value
        for name in ("target", "remote", "branch", "cname", "destination")
        if (value := getattr(request, name)) is not None
    }
    if config.deploy is None and "target" not in flags:
        raise UsageError(
            "nowhere to deploy: set deploy.target in site.yaml or pass --target "
            f"({', '.join(DEPLOY_TARGETS)})"
        )
    configured = config.deploy.model_dump(exclude_unset=True) if config.deploy else {}
    # A destination in site.yaml is relative to the site folder; a flag's to the current one.
    if configured.get("destination") and not rsync.is_remote(configured["destination"]):
        configured["destination"] = str(request.site / configured["destination"])
    if "destination" in flags and not rsync.is_remote(flags["destination"]):
        flags["destination"] = str(Path(flags["destination"]).resolve())
    try:
        options = DeployOptions.model_validate({**configured, **flags})
    except ValidationError as exc:  # site.yaml was validated already: a flag is wrong
        error = exc.errors()[0]
        flag, value, message = f"--{error['loc'][0]}", shown(error["input"]), error["msg"]
        if value not in message:  # pydantic's own messages do not quote the value
            flag += f" {value}"
        raise UsageError(f"{flag}: {message}") from None
    _check_flags(options, flags)
    return options


def _check_flags(options: DeployOptions, flags: dict[str, str]) -> None:
    for name, targets in _FLAG_TARGETS.items():
        if name in flags and options.target not in targets:
            raise UsageError(
                f"--{name} applies to {' and '.join(targets)}; this deploy goes to {options.target}"
            )
    if options.target != "github-pages" and not options.destination:
        raise UsageError(
            f"the {options.target} target needs a destination: set deploy.destination in "
            "site.yaml or pass --destination"
        )


# --- checks ----------------------------------------------------------------------------------


def placeholder_host(base_url: str) -> bool:
    host = (urlsplit(base_url).hostname or "").lower()
    return (
        host in _PLACEHOLDER_HOSTS
        or host.endswith(_PLACEHOLDER_SUFFIXES)
        or host.startswith("127.")
        or host in ("::1", "0.0.0.0")
    )


def _base_url_error(request: DeployRequest, base_url: str, problem: str) -> BuildError:
    where = "--base-url" if request.base_url else "site.yaml: base_url"
    return BuildError(
        f"{where}: {said(base_url)} {problem}. Nothing was deployed; set base_url in site.yaml "
        "to the address the site will have, or pass --base-url."
    )


def _prepare_target(request: DeployRequest, options: DeployOptions, base_url: str) -> Prepared:
    """Check the target can take this site, before anything is written: (publish, its name)."""
    if placeholder_host(base_url):
        raise _base_url_error(request, base_url, "is a placeholder, not a real address")
    prepare = {"github-pages": _github_pages, "rsync": _rsync, "directory": _directory}
    return prepare[options.target](request, options, base_url)


def _github_pages(request: DeployRequest, options: DeployOptions, base_url: str) -> Prepared:
    where = "--branch" if request.branch is not None else "site.yaml: deploy.branch"
    target = gittarget.locate(request.site, options.remote, options.branch, options.cname, where)
    problem = gittarget.base_url_problem(base_url, target.url, options.cname)
    if problem:
        raise _base_url_error(request, base_url, f"is not where it will be served: {problem}")
    publish = partial(ghpages.publish, target, force=request.force, dry_run=request.dry_run)
    if gittarget.address_known(target.url, options.cname):
        check = "is where GitHub Pages serves this repository"
    else:
        check = "is a real address (the remote is not on GitHub: its address is not known)"
    return Prepared(publish, target.describe(), check)


def _rsync(request: DeployRequest, options: DeployOptions, base_url: str) -> Prepared:
    destination = options.destination or ""
    if rsync.is_remote(destination):
        rsync.check_remote_destination(destination)
        publish = partial(rsync.sync, destination=destination, dry_run=request.dry_run)
    else:
        check_local_destination(Path(destination), request.site)
        publish = partial(_sync_locked, destination=destination, dry_run=request.dry_run)
    return Prepared(publish, said(destination), _UNKNOWN_ADDRESS)


def _sync_locked(folder: Path, destination: str, dry_run: bool) -> str:
    """rsync into a local folder, holding its lock (see outputlock.py)."""
    with output_lock(Path(destination)):
        return rsync.sync(folder, destination, dry_run=dry_run)


def _directory(request: DeployRequest, options: DeployOptions, base_url: str) -> Prepared:
    destination = Path(options.destination or "")
    check_local_destination(destination, request.site)
    if not request.force and _foreign_folder(destination):
        raise UsageError(
            f"refusing to replace {said(destination)}/: it was not made by cvsite (it has no "
            f"{MARKER} file). Choose another destination, or use --force to replace it."
        )
    copy = partial(_copy, destination=destination, force=request.force, dry_run=request.dry_run)
    return Prepared(copy, said(destination), _UNKNOWN_ADDRESS)


def check_local_destination(destination: Path, site: Path) -> None:
    """A folder that may be replaced by the site: not a root, home, or the site's own sources."""
    dest = destination.expanduser().resolve()
    root = site.resolve()
    if dest == Path(dest.anchor) or dest == Path.home().resolve():
        raise UsageError(
            f"destination {said(destination)}: refusing to replace {said(dest)} with the site"
        )
    if dest == root or dest in root.parents:
        raise UsageError(
            f"destination {said(destination)} holds the site's own sources ({said(root)})"
        )
    part = source_part(dest, root)
    if part is not None:
        raise UsageError(f"destination {said(destination)} is part of the site ({part})")


def _write_build(folder: Path, rendered: RenderedSite) -> None:
    write_site(folder, rendered.files)
    # The marker guards output folders on this machine; a published site has no use for it.
    (folder / MARKER).unlink()


def _check_links(folder: Path, base_url: str) -> None:
    broken = check_links(folder, base_path(base_url))
    if broken:
        lines = "\n".join(f"  broken link: {link}" for link in broken)
        raise BuildError(f"{len(broken)} broken internal links; nothing was deployed:\n{lines}")


# --- the directory target --------------------------------------------------------------------


def _foreign_folder(folder: Path) -> bool:
    """A folder with files in it that no cvsite build wrote."""
    return folder.is_dir() and any(folder.iterdir()) and not (folder / MARKER).is_file()


def _build_files(folder: Path) -> dict[PurePosixPath, Path]:
    return {
        PurePosixPath(p.relative_to(folder).as_posix()): p for p in folder.rglob("*") if p.is_file()
    }


def _copy(folder: Path, destination: Path, force: bool, dry_run: bool) -> str:
    # Locked from the comparison to the swap, so that what is compared is what is replaced.
    with output_lock(destination):
        current = folder_tree(destination, skip=frozenset({MARKER}))
        wanted = folder_tree(folder)
        if current == wanted:
            return f"Nothing to deploy: {said(destination)} already holds this build."
        changes = describe_changes(current if destination.exists() else None, wanted)
        if dry_run:
            return f"Would copy to {said(destination)}/: {changes}."
        # The writer keeps its marker there: a later deploy can tell the folder is cvsite's.
        write_site(destination, _build_files(folder), force=force, locked=True)
    return f"Deployed to {said(destination)}/: {changes}."
