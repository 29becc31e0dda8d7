"""Check every internal link of a built site: each href/src names a file, each #fragment an
id. External links (another host, mailto:, tel:) are not fetched."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from generator.errors import shown

_LINK_ATTRIBUTES = {"href", "src"}


@dataclass(frozen=True, order=True)
class BrokenLink:
    page: str
    target: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {shown(self.target)}: {self.reason}"


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name") and (name == "id" or tag == "a"):
                self.ids.add(value)
            elif name in _LINK_ATTRIBUTES:
                self.links.append(value)
            elif name == "srcset":
                self.links.extend(part.split()[0] for part in value.split(",") if part.strip())


def _parse(path: Path) -> _PageParser:
    parser = _PageParser()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    parser.close()
    return parser


def _resolve(root: Path, page: PurePosixPath, target_path: str, base_path: str) -> Path | None:
    """The file a link lands on, or None if it leaves the site."""
    if target_path.startswith("/"):
        if not target_path.startswith(base_path):
            return None
        relative = target_path[len(base_path) :]
    else:
        relative = (page.parent / target_path).as_posix()
    parts: list[str] = []
    for part in relative.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(part)
    candidate = root.joinpath(*parts) if parts else root
    if candidate.is_dir() or target_path.endswith("/"):
        candidate = candidate / "index.html"
    return candidate


def check_links(root: Path, base_path: str = "/") -> list[BrokenLink]:
    """Every broken internal link of the site in `root` (served at `base_path`)."""
    pages = sorted(root.rglob("*.html"))
    parsed = {p: _parse(p) for p in pages}
    broken: list[BrokenLink] = []
    for path, parser in parsed.items():
        page = PurePosixPath(path.relative_to(root).as_posix())
        for link in parser.links:
            problem = _check_one(root, page, link, parsed, base_path)
            if problem:
                broken.append(BrokenLink(page.as_posix(), link, problem))
    return sorted(set(broken))


def _check_one(
    root: Path, page: PurePosixPath, link: str, parsed: dict[Path, _PageParser], base_path: str
) -> str | None:
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None  # another host, mailto:, tel:
    fragment = unquote(parts.fragment)
    if not parts.path:
        target = root / page
    else:
        try:
            target = _resolve(root, page, unquote(parts.path), base_path)
            if target is None:
                return "points outside the site"
            if not target.is_file():
                return "no such file"
        except OSError:  # a name longer than the file system takes: no file has it
            return "no such file"
    if fragment:
        if target.suffix != ".html":
            return None
        ids = parsed[target].ids if target in parsed else _parse(target).ids
        if fragment not in ids:
            return "no element with this #id on that page"
    return None
