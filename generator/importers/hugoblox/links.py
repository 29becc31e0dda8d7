"""Hugo Blox links: an icon name and a URL (an author's `links` or `social`, a page's
`links` and `url_pdf`-style fields) as cvsite links, with cvsite's nearest icon."""

from __future__ import annotations

from typing import Any

from generator.importers.sitesource.markup import LEFT_URL, plain, safe_url
from generator.importers.sitesource.trail import Taking

# Hugo Blox icon names (less their pack: `brands/github`, `fab github`) -> (icon, label).
ICONS = {
    "at-symbol": ("email", "E-mail"),
    "envelope": ("email", "E-mail"),
    "github": ("github", "GitHub"),
    "gitlab": ("gitlab", "GitLab"),
    "linkedin": ("linkedin", "LinkedIn"),
    "x": ("twitter", "X"),
    "twitter": ("twitter", "Twitter"),
    "mastodon": ("mastodon", "Mastodon"),
    "google-scholar": ("scholar", "Google Scholar"),
    "graduation-cap": ("scholar", "Google Scholar"),
    "orcid": ("orcid", "ORCID"),
    "researchgate": ("researchgate", "ResearchGate"),
    "cv": ("pdf", "CV"),
    "rss": ("feed", "Feed"),
    "phone": ("phone", "Phone"),
    "youtube": ("website", "YouTube"),
    "book-open": ("link", "Documentation"),
}
# A page's link `type` (and the old `url_<type>` fields): the Publication field it fills
# (pdf, code, slides), or only a label for its `links`.
_TYPES = ("code", "dataset", "poster", "project", "slides", "source", "video", "preprint")
LINK_TYPES = {"pdf": "PDF", **{kind: kind.capitalize() for kind in _TYPES}}
PUBLICATION_LINK_FIELDS = {"pdf", "code", "slides"}
ICON_REASON = "an icon name: the link's icon is chosen from it, or from the address"


def icon_name(value: Any) -> str:
    """`brands/github`, `fab` + `github`, `academicons/google-scholar` -> `github`..."""
    return str(value or "").split("/")[-1].split()[-1].strip().lower() if value else ""


def link(take: Taking, where: str, url_key: str = "url") -> dict[str, Any] | None:
    """One link mapping (icon, url or link, label or name) as a cvsite link."""
    url = safe_url(take.text(url_key))
    if url is None:
        take.left(url_key, LEFT_URL)
        take.finish({"icon": ICON_REASON, "icon_pack": ICON_REASON}, "a link without an address")
        return None
    icon, guessed = ICONS.get(icon_name(take.get("icon")), (None, None))
    label = take.text("label") or take.text("name") or take.text("text")
    for key in ("label", "name", "text"):
        take.put(key, f"{where}.label")
    take.put(url_key, f"{where}.url")
    if icon:
        take.put("icon", f"{where}.icon ({icon})")
    take.finish(
        {"icon": ICON_REASON, "icon_pack": ICON_REASON, "display": "where Hugo shows the link"},
        "not a field of a cvsite link",
    )
    result: dict[str, Any] = {"label": plain(label or guessed or _host(url)), "url": url}
    if icon:
        result["icon"] = icon
    return result


def _host(url: str) -> str:
    if url.startswith("mailto:"):
        return "E-mail"
    host = url.split("//", 1)[-1].split("/", 1)[0]
    return host.removeprefix("www.") or url


def links(take: Taking, key: str, where: str, start: int = 0) -> list[dict[str, Any]]:
    """The list under `key` as links, each input field reported."""
    found: list[dict[str, Any]] = []
    items = take.get(key)
    if not isinstance(items, list):
        take.left(key, "not a list of links")
        return found
    take.done.add(key)
    for index, item in enumerate(items):
        url_key = "link" if isinstance(item, dict) and "link" in item else "url"
        part = take.child(f"{key}[{index}]", item)
        found += _typed_urls(part, where, start + len(found))
        made = link(part, f"{where}[{start + len(found)}]", url_key)
        if made:
            found.append(made)
    return found


def _typed_urls(part: Taking, where: str, start: int) -> list[dict[str, Any]]:
    """`url_pdf`, `url_code`… inside a link item: TOML puts the keys written after a
    `[[url_custom]]` table into it, so they are links too."""
    found = []
    for kind, label in LINK_TYPES.items():
        url = safe_url(part.text(f"url_{kind}"))
        if url:
            found.append({"label": label, "url": url})
            part.put(f"url_{kind}", f"{where}[{start + len(found) - 1}]")
        part.left(
            f"url_{kind}", LEFT_URL if part.text(f"url_{kind}") else "empty: nothing to import"
        )
    return found
