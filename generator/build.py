"""`cvsite build`: load → validate → model → plan → render → write, as one flat list of stages."""

from __future__ import annotations

import time
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator import routes
from generator.bibtex import citation_files
from generator.errors import ContentError, ContentErrors
from generator.jsonresume import resume_json
from generator.model import Loaded, Resume, load
from generator.pdf import add_cv_pdf, require_browser
from generator.render import Page, Renderer, plan
from generator.sitefiles import atom_feed, robots, sitemap
from generator.theme import Theme, load_theme
from generator.writer import Source, WriteReport, check_output_location, write_site

STATIC_PREFIX = "/assets/"
GENERATED = ("sitemap.xml", "robots.txt", "feed.xml", "resume.json")


@dataclass(frozen=True)
class BuildOptions:
    site: Path
    output: Path
    base_url: str | None = None
    drafts: bool = False
    force: bool = False
    pdf: bool = False  # also print /cv/ to cv.pdf with a headless Chromium


@dataclass(frozen=True)
class BuildResult:
    pages: Counter[str]
    files: int
    report: WriteReport
    seconds: float
    output: Path

    def summary(self) -> str:
        kinds = ", ".join(f"{kind} {count}" for kind, count in self.pages.items())
        total = sum(self.pages.values())
        others = self.files - total
        action = f"wrote {self.report.written} files" if self.report.changed else "nothing changed"
        if self.report.removed:
            action += f", removed {self.report.removed}"
        return (
            f"Built {total} pages ({kinds}) and {others} other files; {action} "
            f"in {self.seconds:.2f} s → {_shown(self.output)}/"
        )


def _shown(path: Path) -> str:
    """A path as short as it can be said: relative to the working folder when inside it."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


@dataclass
class RenderedSite:
    """Everything a build produces, in memory, before anything touches the disk."""

    loaded: Loaded
    theme: Theme
    pages: list[Page]
    files: dict[PurePosixPath, Source]


def render_site(options: BuildOptions) -> RenderedSite:
    loaded = load(options.site, include_drafts=options.drafts, base_url=options.base_url)
    resume = loaded.resume
    theme = load_theme(resume.config.theme, options.site, resume.config.theme_options)
    pages = plan(resume)
    extra = {**_other_files(loaded, theme), **_citation_files(resume)}
    _check_collisions(pages, extra)
    renderer = Renderer(resume, theme, options.site)
    files: dict[PurePosixPath, Source] = {
        routes.output_path(page.url): renderer.render(page) for page in pages
    }
    files.update({routes.output_path(url): source for url, (source, _) in extra.items()})
    files.update(_site_files(resume, pages))
    return RenderedSite(loaded, theme, pages, files)


def _other_files(loaded: Loaded, theme: Theme) -> dict[str, tuple[Source, Origin]]:
    """Theme static files and content assets: URL -> (source, where it comes from)."""
    result: dict[str, tuple[Source, Origin]] = {}
    for relative, path in theme.static_files().items():
        result[STATIC_PREFIX + relative] = (path, Origin(f"theme {theme.name}: static/{relative}"))
    for path in loaded.files.assets:
        display = loaded.files.display(path)
        result["/" + display.removeprefix("content/")] = (path, Origin(display, display))
    return result


def _citation_files(resume: Resume) -> dict[str, tuple[Source, Origin]]:
    """Each paper's .bib file, beside its page: URL -> (bytes, the entry it comes from)."""
    sources = {item.bib_url: item for item in resume.items if item.bib_url}
    return {
        url: (data, Origin(f"{sources[url].source}:{sources[url].line}", sources[url].source))
        for url, data in citation_files(resume).items()
    }


def _site_files(resume: Resume, pages: list[Page]) -> dict[PurePosixPath, Source]:
    base = resume.config.base_url
    return {
        PurePosixPath("sitemap.xml"): sitemap(base, pages),
        PurePosixPath("robots.txt"): robots(base),
        PurePosixPath("feed.xml"): atom_feed(resume, resume.markdown.block),
        PurePosixPath("resume.json"): resume_json(resume),
    }


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
    section = page.data.get("section")
    if section is not None and section.sources:
        return Origin(section.sources[0], section.sources[0])
    return Origin(f"the built-in {page.kind} page")


def _check_collisions(pages: list[Page], extra: dict[str, tuple[Source, Origin]]) -> None:
    """Two sources that would write the same file: one error naming both, before any writing.

    So is a file where another source needs a folder (an asset `content/cv` and the page
    `/cv/`): the disk cannot hold both.
    """
    claims = [(f"/{name}", Origin(f"the generated {name}")) for name in GENERATED]
    claims += [(p.url, _page_origin(p)) for p in pages]
    claims += [(url, origin) for url, (_, origin) in extra.items()]
    seen: dict[str, tuple[str, Origin]] = {}
    problems = []
    for url, origin in claims:
        first_url, first = seen.setdefault(_collision_key(url), (url, origin))
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
    """The output path as a host's file system compares it.

    /x/ writes x/index.html; case-insensitive file systems would merge X and x, and macOS
    merges the composed and decomposed spellings of é.
    """
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


def build(options: BuildOptions) -> BuildResult:
    started = time.perf_counter()
    check_output_location(options.output, options.site)
    browser = require_browser() if options.pdf else None
    site = render_site(options)
    if browser is not None:
        add_cv_pdf(site.files, browser, site.loaded.resume.config.base_url)
    report = write_site(options.output, site.files, force=options.force)
    pages = Counter(page.kind for page in site.pages)
    return BuildResult(
        pages, len(site.files), report, time.perf_counter() - started, options.output
    )
