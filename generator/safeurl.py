"""URLs as a browser reads them: the one normaliser for every URL cvsite checks or emits.

A URL a user writes passes through here once, before its scheme is checked, and what this
returns is what is stored and emitted: checking one string and emitting another would let
`"\\u00a0javascript:alert(1)"` pass as a path and come out as a script link.

As the WHATWG URL parser does, every ASCII tab and newline is removed; beyond it, every
character a reader cannot see (Unicode White_Space, categories Cc, Cf, Zs, Zl, Zp) is
stripped at both ends, and one left inside is the caller's to refuse (`invisible_inside`).
The scheme is read with every invisible character removed: a browser finds a scheme only in
ASCII at the very start, so this never hides one it would find, and also catches
`java\\u200bscript:`.
"""

from __future__ import annotations

import re
import unicodedata

# What a page may load (an image's `src`, a video's `poster`): the web only. Anything else
# with a scheme is refused there; a URL without a scheme is a path, relative to the site.
WEB_SCHEMES = ("http", "https")
# What a link may follow: the web, and schemes that hand an address to an application on a
# click (mail, phone, text message, Skype, XMPP chat), which cannot run script in the page.
# Anything else is refused (javascript:, vbscript:, data:, file:, ...). An application's
# scheme is never loaded by a page: a frame or an image pointing at one could start the
# application without a click.
LINK_SCHEMES = (*WEB_SCHEMES, "mailto", "tel", "sms", "skype", "xmpp")
SAFE_SCHEMES = frozenset(LINK_SCHEMES)
# How messages name what a link, and what a page loads, may be.
EXPECTED_LINK = f"{', '.join(LINK_SCHEMES)} or a relative path"
EXPECTED_SOURCE = f"{', '.join(WEB_SCHEMES)} or a relative path"

_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp"})
# Unicode White_Space lies within the categories above; listed too, so that the promise
# holds whatever a future Unicode version does with these categories.
_WHITE_SPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
_TAB_AND_NEWLINE = re.compile("[\t\n\r]")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")


def is_invisible(char: str) -> bool:
    """A character that shows nothing: a space, a control, a format character."""
    return char in _WHITE_SPACE or unicodedata.category(char) in _INVISIBLE_CATEGORIES


def normalize_url(url: str) -> str:
    """`url` as stored and emitted: no invisible characters at either end, and no tab or
    newline anywhere (which browsers remove)."""
    return trim_url(_TAB_AND_NEWLINE.sub("", url))


def trim_url(url: str) -> str:
    """`url` without the invisible characters at either end, and only those."""
    start, end = 0, len(url)
    while start < end and is_invisible(url[start]):
        start += 1
    while end > start and is_invisible(url[end - 1]):
        end -= 1
    return url[start:end]


# In ASCII, the invisible characters are the controls and the space: deleted in one pass.
_ASCII_INVISIBLE = dict.fromkeys([*range(0x21), 0x7F])


def url_scheme(url: str) -> str | None:
    """The scheme of `url` in lower case (`javascript`), or None for a path."""
    if url.isascii():  # most addresses: each character looked up would cost more
        visible = url.translate(_ASCII_INVISIBLE)
    else:
        visible = "".join(char for char in normalize_url(url) if not is_invisible(char))
    match = _SCHEME.match(visible)
    return match.group(1).lower() if match else None


def is_unsafe(url: str, *, loaded: bool = False) -> bool:
    """True when `url` has a scheme a link may not follow (SAFE_SCHEMES), or, when the page
    would load it (`loaded`: an image, a frame), a scheme other than http and https."""
    scheme = url_scheme(url)
    return scheme is not None and scheme not in (WEB_SCHEMES if loaded else SAFE_SCHEMES)


def invisible_inside(url: str) -> str | None:
    """The first invisible character left in a normalised URL, or None."""
    return next((char for char in url if is_invisible(char)), None)


# A host name: two or more labels, the last of letters only (a top-level domain).
_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+([A-Za-z]{2,63})(?::\d+)?")
# Endings that name a file in the site far more often than a top-level domain: `cv.pdf` is
# a path, `example.org` a host. (A few are real domains too: a `.zip` site needs https://.)
_FILE_ENDING = re.compile(
    "bib|css|csv|docx?|gif|html?|ico|jpe?g|js|json|md|mov|mp[34]|pdf|png|pptx?|ps|svg|tar|tex"
    "|txt|webm|webp|xml|ya?ml|zip",
    re.IGNORECASE,
)


def web_address_without_scheme(url: str) -> str | None:
    """`https://` + `url` when `url` is a web address written without its scheme
    (`github.com/x`, which a browser would read as a path inside the site, though its writer
    meant the address); None for anything else, paths included."""
    if url_scheme(url) or url.startswith(("/", ".", "#", "?")):
        return None
    host = re.split(r"[/?#]", url, maxsplit=1)[0]
    match = _HOST.fullmatch(host)
    if not match:
        return None
    if _FILE_ENDING.fullmatch(match.group(1)) and not host.lower().startswith("www."):
        return None
    return "https://" + url
