"""Inline SVG icons (no font or file from another host), hidden from assistive technology
(the text beside says what it is); and which link gets which."""

from __future__ import annotations

from urllib.parse import urlsplit

from markupsafe import Markup

# Each icon is the inside of a 24x24 <svg>, drawn with strokes.
_SHAPES: dict[str, str] = {
    "email": '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
    "phone": '<path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 '
    '1 3 5a2 2 0 0 1 2-2z"/>',
    "location": '<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z"/>'
    '<circle cx="12" cy="9.5" r="2.5"/>',
    "website": '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 '
    '14 0 0 0 0 18"/>',
    "link": '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 '
    '0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
    "code": '<path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16"/>',
    "github": '<path d="M9 19c-4 1.3-4-2-6-2.5M15 21v-3.5a3 3 0 0 0-.9-2.4c3-.3 6.1-1.5 6.1-6.7a5.2'
    " 5.2 0 0 0-1.4-3.6 4.9 4.9 0 0 0-.1-3.6s-1.2-.4-3.8 1.4a13 13 0 0 0-6.8 0C5.5 1.8 4.3 2.2 "
    '4.3 2.2a4.9 4.9 0 0 0-.1 3.6 5.2 5.2 0 0 0-1.4 3.6c0 5.2 3.1 6.4 6.1 6.7a3 3 0 0 0-.9 2.4V21"/>',
    "gitlab": '<path d="m12 21-9-7 2.5-10 3 7h7l3-7 2.5 10z"/>',
    "linkedin": '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 10v7M8 7v.01M12 17v-7'
    'M12 13a3 3 0 0 1 6 0v4"/>',
    "orcid": '<circle cx="12" cy="12" r="9"/><path d="M9 10v7M9 7v.01M13 7v10h1.5a5 5 0 0 0 0-10z"/>',
    "scholar": '<path d="m2 9 10-5 10 5-10 5z"/><path d="M6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6"/>',
    "researchgate": '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 17V7h3.5a2.5 2.5 0'
    ' 0 1 0 5H8m3.5 0 3 5"/>',
    "twitter": '<path d="M4 4l16 16M20 4 4 20"/>',
    "mastodon": '<path d="M7 18c3 2 9 2 11-1 1.5-2.3 2-6 2-8 0-4-3-6-8-6S4 5 4 9c0 4 .5 7 3 9z"/>'
    '<path d="M8 14V9a2 2 0 0 1 4 0v3m0 0V9a2 2 0 0 1 4 0v5"/>',
    "feed": '<path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16"/><circle cx="5" cy="19" r="1"/>',
    "pdf": '<path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z"/>'
    '<path d="M14 3v6h6M9 15h6M9 18h4"/>',
    "slides": '<rect x="3" y="4" width="18" height="12" rx="1"/><path d="M12 16v4M8 20h8"/>',
    "doi": '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 '
    '0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
    "sun": '<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 '
    '1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/>',
    "moon": '<path d="M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10z"/>',
    "menu": '<path d="M4 6h16M4 12h16M4 18h16"/>',
    "print": '<path d="M6 9V3h12v6M6 18H4a1 1 0 0 1-1-1v-6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6a1 1 0 '
    '0 1-1 1h-2"/><rect x="6" y="14" width="12" height="7"/>',
    "tag": '<path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z"/><circle cx="8" cy="8" r="1.5"/>',
}

# Host (or its ending) -> icon name.
_HOSTS = {
    "github.com": "github",
    "github.io": "github",
    "gitlab.com": "gitlab",
    "linkedin.com": "linkedin",
    "orcid.org": "orcid",
    "scholar.google.com": "scholar",
    "researchgate.net": "researchgate",
    "twitter.com": "twitter",
    "x.com": "twitter",
    "mastodon.social": "mastodon",
    "fosstodon.org": "mastodon",
    "sigmoid.social": "mastodon",
}


def icon(name: str, css_class: str = "icon") -> Markup:
    """The icon as inline SVG; an unknown name gives the generic link icon."""
    shape = _SHAPES.get(name, _SHAPES["link"])
    return Markup(
        f'<svg class="{css_class}" viewBox="0 0 24 24" width="18" height="18" fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" '
        f'aria-hidden="true" focusable="false">{shape}</svg>'
    )


def svg_document(name: str) -> str:
    """The icon as an SVG file's text, for the PDF (whose template replaces `currentColor`)."""
    shape = _SHAPES.get(name, _SHAPES["link"])
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" '
        'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" '
        f'stroke-linejoin="round">{shape}</svg>'
    )


def icon_name_for(url: str | None, declared: str | None = None, label: str = "") -> str:
    if declared and declared in _SHAPES:
        return declared
    if url is None:  # a profile without an address: its network's icon, when there is one
        network = label.strip().lower()
        return network if network in _SHAPES else "link"
    lowered = url.lower()
    if lowered.startswith("mailto:"):
        return "email"
    if lowered.startswith("tel:"):
        return "phone"
    host = urlsplit(url).hostname or ""
    host = host.removeprefix("www.")
    for known, name in _HOSTS.items():
        if host == known or host.endswith("." + known):
            return name
    return "website" if host else "link"


def link_icon(link) -> Markup:  # noqa: ANN001 - a schema.Link
    return icon(icon_name_for(link.url, link.icon, link.label))
