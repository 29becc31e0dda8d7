"""Where the running cvsite came from (pip's `direct_url.json`, PEP 610, the only record
there is), and the line of requirements.txt that installs the same cvsite on a CI machine."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import metadata

from generator import __version__

NAME = "cvsite"


@dataclass(frozen=True)
class Origin:
    """How cvsite was installed: `requirement` is the line that installs it again, and
    `note` (empty when that line is good anywhere) says why it may not work on a CI machine
    and what to put instead."""

    requirement: str
    source: str  # for init's output only: it may name a folder of this machine
    note: str = ""


def running() -> Origin:
    """The origin of the cvsite that is running now."""
    try:
        dist = metadata.distribution(NAME)
    except metadata.PackageNotFoundError:
        return _local(__version__, "a source folder, not installed")
    if dist.version != __version__:
        # Another cvsite is installed than the one running (a checkout on sys.path).
        return _local(__version__, f"a source folder (cvsite {dist.version} is installed too)")
    return of(dist)


def of(dist: metadata.Distribution) -> Origin:
    """The origin recorded in `dist`'s metadata."""
    text = dist.read_text("direct_url.json")
    if text is None:
        return Origin(f"{NAME}=={dist.version}", "a package index")
    try:
        direct = json.loads(text)
        url = direct["url"]
    except (ValueError, KeyError, TypeError):
        return _local(dist.version, "a URL (its direct_url.json cannot be read)")
    if url.startswith("file:"):
        editable = (direct.get("dir_info") or {}).get("editable", False)
        kind = "a local folder (editable)" if editable else "a local file or folder"
        return _local(dist.version, kind, url.removeprefix("file://"))
    if "vcs_info" in direct:
        vcs = direct["vcs_info"]
        pinned = f"{vcs['vcs']}+{url}@{vcs['commit_id']}"
        sub = f"#subdirectory={direct['subdirectory']}" if direct.get("subdirectory") else ""
        return Origin(f"{NAME} @ {pinned}{sub}", pinned)
    if "archive_info" in direct:
        hashes = (direct["archive_info"] or {}).get("hashes") or {}
        digest = f"#sha256={hashes['sha256']}" if "sha256" in hashes else ""
        return Origin(f"{NAME} @ {url}{digest}", url)
    return _local(dist.version, "an unknown kind of URL", url)


def _local(version: str, kind: str, where: str = "") -> Origin:
    """A cvsite that a CI machine cannot install from where it came: the release of the
    same version, and a note saying what to write if that release is not on PyPI."""
    note = (
        f"This cvsite {version} was installed from {kind}, which a CI machine cannot reach. "
        f"The line below asks PyPI for cvsite {version}; if that release is not on PyPI, "
        "replace it with a version that is (cvsite==X.Y.Z) or with a commit of a public "
        "repository (cvsite @ git+https://github.com/OWNER/cvsite@COMMIT)."
    )
    return Origin(f"{NAME}=={version}", f"{kind} at {where}" if where else kind, note)
