"""RenderCV's `social_networks`: a network's name and a user name, made into the URL the way
RenderCV makes it (rendercv/schema/models/cv/social_network.py, v2.8; `Twitter` from 1.x),
and back (for `cvsite export rendercv`)."""

from __future__ import annotations

from urllib.parse import urlsplit

# network -> the URL that the user name is appended to.
PREFIXES = {
    "LinkedIn": "https://linkedin.com/in/",
    "GitHub": "https://github.com/",
    "GitLab": "https://gitlab.com/",
    "IMDB": "https://imdb.com/name/",
    "Instagram": "https://instagram.com/",
    "ORCID": "https://orcid.org/",
    "StackOverflow": "https://stackoverflow.com/users/",
    "ResearchGate": "https://researchgate.net/profile/",
    "YouTube": "https://youtube.com/@",
    "Google Scholar": "https://scholar.google.com/citations?user=",
    "Telegram": "https://t.me/",
    "WhatsApp": "https://wa.me/",
    "Leetcode": "https://leetcode.com/u/",
    "X": "https://x.com/",
    "Twitter": "https://twitter.com/",
    "Bluesky": "https://bsky.app/profile/",
    "Reddit": "https://reddit.com/user/",
}
# RenderCV 2.x reads only these (Twitter was renamed X).
EXPORTED = {name: prefix for name, prefix in PREFIXES.items() if name != "Twitter"}
_HOSTS = {urlsplit(prefix).netloc: name for name, prefix in EXPORTED.items()}
_HOSTS.update({"www." + host: name for host, name in list(_HOSTS.items())})
_HOSTS.update({"twitter.com": "X", "www.twitter.com": "X"})


def network_url(network: str, username: str) -> str | None:
    """The profile's URL as RenderCV makes it (Mastodon's `@user@host` is
    https://host/@user), or None for a network RenderCV does not know."""
    if network.strip().casefold() == "mastodon":
        parts = username.strip().split("@")
        if len(parts) != 3 or parts[0] or not parts[1] or not parts[2]:
            return None
        return f"https://{parts[2]}/@{parts[1]}"
    name = next((n for n in PREFIXES if n.casefold() == network.strip().casefold()), None)
    return None if name is None else PREFIXES[name] + username.strip()


def from_url(url: str) -> tuple[str, str] | None:
    """(network, user name) for a profile URL that RenderCV can write, else None."""
    parts = urlsplit(url)
    name = _HOSTS.get(parts.netloc.casefold())
    if name is None or parts.scheme not in ("http", "https"):
        return None
    prefix = urlsplit(EXPORTED[name])
    rest = parts.path + (f"?{parts.query}" if parts.query else "")
    wanted = prefix.path + (f"?{prefix.query}" if prefix.query else "")
    if not rest.startswith(wanted):
        return None
    username = rest[len(wanted) :].strip("/")
    slashes = 1 if name == "StackOverflow" else 0  # RenderCV's `user_id/name`
    if not username or username.count("/") != slashes or "?" in username or "#" in username:
        return None
    return name, username
