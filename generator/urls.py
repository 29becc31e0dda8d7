"""The only place that makes URLs and output paths.

A URL here is site-relative and starts with `/` (`/projects/golang/`). Pages link to each
other with relative hrefs, so a built site works under any sub-path; only the 404 page links
by absolute path. The default language's pages are at the root, each other language's under
its *language root* (`/de/cv/`); the theme's files (`/assets/`) are shared by all.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import PurePosixPath
from urllib.parse import quote, urlsplit

from generator.safeurl import url_scheme

HOME = "/"
TAGS = "/tags/"
CV = "/cv/"
RESUME_JSON = "/resume.json"
NOT_FOUND = "/404.html"
FEED = "/feed.xml"
ASSETS = "/assets/"  # a theme's static files
SHARED = (ASSETS,)  # what every language's pages use at the same URL

_SYMBOLS = (("++", "pp"), ("+", "plus"), ("#", "sharp"), ("&", " and "), ("@", " at "))
_NOT_WORD = re.compile(r"[^\w]+")
MAX_SLUG = 80
# Slugs are folder names: file systems take at most 255 bytes, and some scripts take 4 a letter.
MAX_SLUG_BYTES = 200


def leaves_site(url: str) -> bool:
    """A link to elsewhere: with a scheme (`https:`, `mailto:`) or to another host (`//`)."""
    if url.startswith("/"):  # the commonest, a URL of the site, has no scheme
        return url.startswith("//")
    return url_scheme(url) is not None


@functools.lru_cache(maxsize=65536)  # pure, and asked again for every tag of every entry
def slugify(text: str, fallback: str = "item") -> str:
    """A URL name: lower-case words joined by '-', non-Latin letters kept.

    Symbols that tell names apart are spelled out (C++ -> cpp, C# -> csharp), so that
    'C', 'C++' and 'C#' get different pages.
    """
    text = unicodedata.normalize("NFKC", text).lower()
    for symbol, word in _SYMBOLS:
        text = text.replace(symbol, word)
    decomposed = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in decomposed if not unicodedata.combining(c))
    slug = re.sub(r"-{2,}", "-", _NOT_WORD.sub("-", text)).strip("-_")
    if len(slug) > MAX_SLUG:
        # Cut at a word boundary: 'system-design', not 'system-desig'.
        cut = slug[: MAX_SLUG + 1].rsplit("-", 1)[0]
        slug = cut if len(cut) >= MAX_SLUG // 2 else slug[:MAX_SLUG]
    return _fit(slug).strip("-_") or fallback


def unique_slug(slug: str, taken: set[str]) -> str:
    """`slug`, or `slug-2`, `slug-3`... the first not in `taken`; noted as taken."""
    candidate, number = slug, 2
    while candidate in taken:
        candidate, number = f"{slug}-{number}", number + 1
    taken.add(candidate)
    return candidate


def _fit(name: str) -> str:
    """`name` cut to MAX_SLUG_BYTES of UTF-8, so that it can be a folder name anywhere."""
    while len(name.encode("utf-8", "surrogatepass")) > MAX_SLUG_BYTES:
        name = name[:-1]
    return name


def key_slug(key: str) -> str:
    """A citation key as a URL name: `DBLP:conf/nips/Z21` -> `DBLP-conf-nips-Z21`; case is kept."""
    slug = re.sub(r"[^\w.-]+", "-", unicodedata.normalize("NFKC", key))
    slug = _fit(re.sub(r"\.{2,}", ".", slug).strip("-.")[:100]).strip("-.")
    return slug or "paper"


def section(name: str, root: str = "/") -> str:
    """A section's page, or a free page's (content/<name>.md): /<name>/."""
    return f"{root}{name}/"


def entry(section_name: str, slug: str, root: str = "/") -> str:
    return f"{root}{section_name}/{slug}/"


def entry_file(section_name: str, slug: str, name: str, root: str = "/") -> str:
    """A file that belongs to an entry's page, e.g. /publications/zhang21/zhang21.bib."""
    return f"{root}{section_name}/{slug}/{name}"


def tag(slug: str, root: str = "/") -> str:
    return f"{root}tags/{slug}/"


def cv_variant(name: str, root: str = "/") -> str:
    """A CV variant's page (site.yaml `variants`): /cv/ml/, /de/cv/ml/."""
    return f"{root}{CV[1:]}{name}/"


def cv_pdf(name: str | None = None, root: str = "/") -> str:
    """The typeset CV: /cv.pdf, /de/cv.pdf; a variant's /cv-ml.pdf, /de/cv-ml.pdf."""
    return f"{root}cv-{name}.pdf" if name else f"{root}cv.pdf"


def language_root(code: str, default: str) -> str:
    """Where a language's pages are: `/` for the default language, `/de/` for German."""
    return "/" if code == default else f"/{code}/"


def localized(root: str, url: str) -> str:
    """`url`, a URL of the site at the root, in the language whose pages are under `root`.

    `/cv/` is `/de/cv/` in German. Shared files, and URLs already under `root`, stay as they are.
    """
    if root == "/" or not url.startswith("/") or url.startswith((root, *SHARED)):
        return url
    return root + url[1:]


def neutral(root: str, url: str) -> str:
    """The URL of the same page at the root: `/de/cv/` -> `/cv/` (the inverse of `localized`)."""
    return "/" + url[len(root) :] if root != "/" and url.startswith(root) else url


def parent(url: str) -> str:
    """The page above `url`: `/de/projects/x/` -> `/de/projects/`; `/404.html` -> `/`."""
    trimmed = url[:-1] if url.endswith("/") else url
    return trimmed.rsplit("/", 1)[0] + "/"


def theme_file(relative: str) -> str:
    """A theme's static file (its path inside static/), the same for every language."""
    return ASSETS + relative


def output_url(name: str) -> str:
    """The URL of an output file named by its path in the output folder (`sitemap.xml`)."""
    return "/" + name


@functools.lru_cache(maxsize=65536)  # pure; every rebuild asks for every page's path
def output_path(url: str) -> PurePosixPath:
    """The file a URL is written to, relative to the output folder.

    Raises ValueError for a URL that could escape the folder; slugs are validated long
    before this, so that would be a bug, and it must never reach the disk.
    """
    if not url.startswith("/"):
        raise ValueError(f"URL must start with '/': {url!r}")
    parts = [p for p in url.split("/") if p]
    if any(p in (".", "..") or "\\" in p or "\x00" in p for p in parts):
        raise ValueError(f"URL would leave the output folder: {url!r}")
    if url.endswith("/"):
        parts.append("index.html")
    return PurePosixPath(*parts)


def href(from_url: str, to_url: str) -> str:
    """A relative link from the page at `from_url` to `to_url` (which may carry a #fragment)."""
    if "#" in to_url:
        target, _, fragment = to_url.partition("#")
        if target == from_url and fragment:
            return f"#{fragment}"
    # The folder of `from_url` holds as many slashes as `from_url`: what follows its last
    # slash (a file name) has none.
    return _down_from(from_url.count("/") - 1, to_url)


@functools.lru_cache(maxsize=65536)  # pure; every page links to the menu, tags and sections
def _down_from(depth: int, to_url: str) -> str:
    """`to_url` from a folder `depth` levels below the root. By depth rather than by page:
    the pages of a section, or the tag pages, all link to each tag the same way."""
    target, _, fragment = to_url.partition("#")
    path = "../" * depth + quote(target[1:], safe="/.-_~")
    return (path or "./") + (f"#{fragment}" if fragment else "")


def base_path(base_url: str) -> str:
    """`https://user.github.io/portfolio/` -> `/portfolio/`."""
    return urlsplit(base_url).path or "/"


def rooted(base_url: str, url: str) -> str:
    """An absolute-path link (`/portfolio/cv/`), for pages served at any address (404)."""
    return base_path(base_url) + quote(url[1:], safe="/.-_~#")


@functools.lru_cache(maxsize=65536)  # pure; a page's head gives its own address three times
def absolute(base_url: str, url: str) -> str:
    """A full URL for feeds, sitemaps and link previews."""
    return base_url + quote(url[1:], safe="/.-_~#")


def content_file(path: str) -> str:
    """The site URL of a file the user names by its path in the site (`files/cv.pdf`)."""
    return "/" + path.lstrip("/")


def full_url(base_url: str, target: str) -> str:
    """An address as given, or a path of the site (`files/paper.pdf`) as a full URL."""
    if leaves_site(target):
        return target
    return absolute(base_url, content_file(target))


def doi(identifier: str) -> str:
    """The resolver address of a DOI (`10.1000/xyz`)."""
    return f"https://doi.org/{identifier}"


def arxiv(identifier: str) -> str:
    """The abstract page of an arXiv paper (`2101.00001`)."""
    return f"https://arxiv.org/abs/{identifier}"
