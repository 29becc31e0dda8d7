"""Where GitHub Pages serves a deploy, told from the remote's URL and the custom domain, and
whether the site's base_url is that address (a site built for another address has links
and feeds pointing nowhere)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from generator.deploy.quoting import said

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
