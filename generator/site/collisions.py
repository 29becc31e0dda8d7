"""Two sources that would write the same output file, found before anything is written."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from generator import urls as routes
from generator.errors import ContentError, ContentErrors
from generator.render.renderer import Page
from generator.site.writer import Source


@dataclass(frozen=True)
class Origin:
    """What asks for an output path: a content file (and line), or a built-in part."""

    label: str
    file: str = ""
    line: int = 0


def _page_origin(page: Page) -> Origin:
    item = page.data.get("item")
    if item is not None:
        return Origin(f"{item.source}:{item.line}", item.source, item.line)
    free = page.data.get("free_page")
    if free is not None:
        return Origin(free.source, free.source, free.line)
    section = page.data.get("section")
    if section is not None and section.sources:
        return Origin(section.sources[0], section.sources[0])
    return Origin(f"the built-in {page.kind} page")


def check_collisions(
    pages: list[Page], extra: dict[str, tuple[Source, Origin]], generated: list[str]
) -> None:
    """Two sources that would write the same file, or a file where another needs a folder
    (an asset `content/cv` and the page `/cv/`): one error naming both, before any writing."""
    claims = [(routes.output_url(name), Origin(f"the generated {name}")) for name in generated]
    claims += [(p.url, _page_origin(p)) for p in pages]
    claims += [(url, origin) for url, (_, origin) in extra.items()]
    seen: dict[str, tuple[str, Origin]] = {}
    problems = []
    for url, origin in claims:
        _, first = seen.setdefault(_collision_key(url), (url, origin))
        if first is not origin:
            culprit, other = (origin, first) if origin.file else (first, origin)
            problems.append(_error_at(culprit, f"URL {url} is also made by {other.label}"))
    for key, (url, origin) in seen.items():
        parts = key.split("/")
        for end in range(1, len(parts)):
            if (found := seen.get("/".join(parts[:end]))) is not None:
                problems.append(_file_in_the_way(url, origin, *found))
    if problems:
        raise ContentErrors(problems)


def _collision_key(url: str) -> str:
    """The output path as a host's file system compares it (case and é's spellings alike)."""
    return unicodedata.normalize("NFC", routes.output_path(url).as_posix()).casefold()


def _file_in_the_way(url: str, origin: Origin, file_url: str, file_origin: Origin) -> ContentError:
    """`url` needs a folder that `file_url` is a file; said at whichever is a content file."""
    file = routes.output_path(file_url).as_posix()
    if origin.file or not file_origin.file:
        return _error_at(
            origin,
            f"URL {url} needs a folder {file}/ where {file_origin.label} writes the file {file}",
        )
    return _error_at(
        file_origin, f"URL {file_url} is a file where {origin.label} needs a folder (for {url})"
    )


def _error_at(origin: Origin, message: str) -> ContentError:
    return ContentError(origin.file, origin.line, 1 if origin.line else 0, "", message)
