"""`cvsite build`: load → validate → model → plan → render → write, as one flat list of stages."""

from __future__ import annotations

import functools
import hashlib
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

from generator import urls as routes
from generator.content.cache import BuildCache, MarkdownStore
from generator.content.reader import LoadedEntry, SiteFiles, read_section
from generator.content.translations import Resolver
from generator.errors import ContentError, ContentErrors, ErrorCollector
from generator.model.bibtex import Made, citation_files
from generator.model.resume import Item, Loaded, Resume, check_markdown, load
from generator.render.renderer import (
    ALL_SOURCES,
    BODY_OF,
    Job,
    Page,
    Renderer,
    entry_page,
    plan_site,
)
from generator.render.theme import Theme, load_theme
from generator.render.typstpdf import pdf_files, pdf_names
from generator.site import precompile
from generator.site.changes import Changes
from generator.site.depends import (
    Fingerprint,
    Rendered,
    body_edits,
    changed_entries,
    changed_sources,
    fingerprint,
    is_stale,
    item_key,
    without_bodies,
)
from generator.site.outputlock import output_lock
from generator.site.parallel import available_cores
from generator.site.resumejson import resume_json
from generator.site.sitefiles import FEED_SECTIONS, atom_feed, robots, sitemap
from generator.site.stamp import (
    Stamp,
    describe_fallbacks,
    forget,
    markdown_file,
    options_key,
    output_stats,
    scan_inputs,
    scan_output,
    scan_places,
)
from generator.site.writer import (
    Source,
    Staged,
    Staging,
    WriteReport,
    check_output_location,
    write_site,
)

STATIC_PREFIX = "/assets/"
# What making one of the site's own files costs, in entry pages (see Renderer._unit_cost) per
# page of the site: at 1,000 entries, 6 ms for the sitemap and 11 for the feed or resume.json,
# against 0.27 ms an entry page.
_SITE_FILE_COST = 0.03
GENERATED = ("sitemap.xml", "robots.txt", "feed.xml", "resume.json")


@dataclass(frozen=True)
class BuildOptions:
    site: Path
    output: Path
    base_url: str | None = None
    drafts: bool = False
    force: bool = False
    jobs: int = 0  # processes to use for big builds; 0: one per core
    cache_dir: Path | None = None  # keep rendered Markdown and compiled templates here
    pdf: bool = False  # also print /cv/ to cv.pdf with a headless Chromium


@dataclass(frozen=True)
class BuildResult:
    pages: Counter[str]
    files: int
    report: WriteReport
    seconds: float
    output: Path
    fallbacks: dict[str, int] = field(default_factory=dict)  # per language, missing translations
    default_language: str = "en"

    def summary(self) -> str:
        kinds = ", ".join(f"{kind} {count}" for kind, count in self.pages.items())
        total = sum(self.pages.values())
        others = self.files - total
        action = f"wrote {self.report.written} files" if self.report.changed else "nothing changed"
        if self.report.removed:
            action += f", removed {self.report.removed}"
        line = (
            f"Built {total} pages ({kinds}) and {others} other files; {action} "
            f"in {self.seconds:.2f} s → {_shown(self.output)}/"
        )
        return "\n".join([line, *describe_fallbacks(self.fallbacks, self.default_language)])


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
    rendered: dict[str, Rendered] = field(default_factory=dict)  # by URL, for rebuilds
    fingerprints: dict[str, Fingerprint] = field(default_factory=dict)  # by language
    generated: dict[str, tuple[Any, bytes]] = field(default_factory=dict)  # name -> (inputs, data)
    claims: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # page URLs, other files' URLs
    citations: Made = field(default_factory=dict)  # each paper's .bib, for rebuilds


@dataclass(frozen=True)
class Update:
    """What a (re)build changed: files that are new or differ, files that are gone."""

    site: RenderedSite
    written: dict[PurePosixPath, Source]
    removed: frozenset[PurePosixPath]
    rendered: int  # pages rendered (the others were reused)

    def __bool__(self) -> bool:
        return bool(self.written or self.removed)


class SiteBuilder:
    """Builds a site and keeps the result, so that a rebuild redoes only what changes touch.

    A full build is the same path with everything stale, so a rebuild and a clean build of
    the same input give the same bytes. A failed rebuild keeps the last good result and the
    changes it was given, which the next call takes up again.
    """

    def __init__(
        self,
        options: BuildOptions,
        *,
        once: bool = False,
        staging: Staging | None = None,
    ):
        self.options = options
        self.once = once  # builds one site and is gone: nothing kept is used again
        # Where a one-off build's pages are written as they are rendered (see write_site);
        # without it, the site's files are only in memory when it is built.
        self.staging = staging
        folder = options.cache_dir
        self.cache = BuildCache(
            markdown=MarkdownStore(markdown_file(folder) if folder else None),
        )
        self.jobs = options.jobs or available_cores()
        self._compiled = precompile.folder(folder) if folder else None
        self.last: RenderedSite | None = None
        self._renderer: Renderer | None = None
        self._pending = Changes()
        self._read: dict[Path, bytes | None] = {}  # content digests the last good build saw

    def build(self, changes: Changes | None = None) -> Update:
        """Everything (`changes` None), or what `changes` and earlier failed ones touch."""
        if changes is None:
            self.cache.reads.clear()
            changes = Changes(settings=True)
        changes = self._pending | changes
        self._pending = changes
        told = {path: _digest(path) for path in changes.content}  # before anything is read
        # Read them again in any case: a failed build may have cached what was wrong in them.
        self.cache.reads.forget(told)
        if not changes.settings and self.last is not None:
            changes = replace(
                changes, content=frozenset(p for p in told if self._read.get(p, b"") != told[p])
            )
            if not changes:  # saved, but not changed: nothing to do
                self._pending = Changes()
                return Update(self.last, {}, frozenset(), 0)
        # Spreading work over processes pays for whole builds, not for a page or two.
        self.cache.jobs = self.jobs if changes.settings or self.last is None else 1
        if self._renderer is not None:
            self._renderer.forget_templates(set(changes.templates))
        site, rendered = self._shown_only(changes) or self._render(changes)
        update = _difference(self.last, site, changes, rendered)
        self.last = site
        self._pending = Changes()
        self._read.update(told)
        return update

    def _render(self, changes: Changes) -> tuple[RenderedSite, int]:
        options = self.options
        loaded = load(
            options.site,
            include_drafts=options.drafts,
            base_url=options.base_url,
            cache=self.cache,
            files=self._same_files(changes),
            markdown_later=True,  # rendered and checked below, once the pages are planned
        )
        resume = loaded.resume
        resumes = loaded.resumes
        last = None if changes.settings else self.last
        if last is None:
            config = resume.config
            theme = load_theme(
                config.theme, options.site, config.theme_options, config=loaded.config_doc
            )
        else:
            theme = last.theme
        pages = plan_site(resumes)
        extra = {**_other_files(loaded, theme)}
        citations: Made = {}
        for each in resumes.values():
            citations.update(citation_files(each, last.citations if last is not None else None))
            extra.update(_citation_files(each, citations))
        claims = (tuple(p.url for p in pages), tuple(extra))
        if last is None or claims != last.claims:  # the same URLs as a good build: no clash
            _check_collisions(pages, extra, _generated_names(loaded))
        renderer = self._renderer_for(loaded, theme, fresh=last is None)
        prints = {code: fingerprint(each) for code, each in resumes.items()}
        stale_sources = _stale_sources(last, prints)
        if any(found is None for found in stale_sources.values()):
            renderer.forget_fragments()
        previous = last.rendered if last is not None else {}
        stale = [
            page
            for page in pages
            if (found := stale_sources[page.language]) is None
            or (before := previous.get(page.url)) is None
            or is_stale(page, before, found.sources, changes.templates | found.bodies)
        ]
        wanted = _site_files(loaded, pages, prints, self.cache, theme)
        # A one-off build makes the site's own files (sitemap, feeds, resume.json) alongside
        # the pages, on whichever core is free; a preview makes them here, where the pieces
        # they are made of stay cached for its next rebuild.
        # Not the PDFs: Typst's threads do not survive fork(), so a process forked from one
        # that has typeset cannot typeset (see typstpdf.typeset); they are made here.
        alongside = [name for name in wanted if not name.endswith(".pdf")] if self.once else []
        cost = _SITE_FILE_COST * len(pages)
        if self.cache.jobs > 1:  # while the other process still renders Markdown
            renderer.load_templates()
            renderer.work_out_dates()
        loaded.check_markdown()
        put = None
        if self.staging is not None:
            self.staging.begin()
            put = functools.partial(_put_page, self.staging)
        also = [Job(cost, wanted[name][1]) for name in alongside]
        if self.once:  # its rendered Markdown saved (for the next build) alongside too
            also.append(Job(cost, self.cache.markdown.save))
        results = renderer.render_pages(
            stale, self.cache.jobs, lists_here=not self.once, also=also, then=put
        )
        fresh = dict(zip((page.url for page in stale), results[: len(stale)], strict=True))
        made = dict(zip(alongside, results[len(stale) :][: len(alongside)], strict=True))
        rendered: dict[str, Rendered] = {}
        for page in pages:
            html, used = fresh.get(page.url) or (
                previous[page.url].html,
                previous[page.url].templates,
            )
            rendered[page.url] = Rendered(page, html, used)
        count = len(stale)
        files: dict[PurePosixPath, Source] = {
            routes.output_path(url): r.html for url, r in rendered.items()
        }
        files.update({routes.output_path(url): source for url, (source, _) in extra.items()})
        generated = _make_site_files(wanted, last.generated if last is not None else {}, made=made)
        files.update({PurePosixPath(name): data for name, (_, data) in generated.items()})
        renderer.forget_fragments(
            keep=[item for each in resumes.values() for item in each.items],
            pages=[page.url for page in pages],
        )
        site = RenderedSite(
            loaded, theme, pages, files, rendered, prints, generated, claims, citations
        )
        return site, count

    def _shown_only(self, changes: Changes) -> tuple[RenderedSite, int] | None:
        """The last site with edited entries, when the changes are edits of what entries
        show, not of where they stand (`_SHOWN_ONLY`), in Markdown entry files of a site in
        one language; None for anything else.

        The commonest saves in a preview (a body, a title, a summary) then cost reading that
        file, not modelling and planning the whole site again: the entry's model keeps its
        URL, slug, tags and place and takes the new data; its own page is planned again (its
        title and description come from the data), and only the pages that show it are
        rendered. Anything more, or any doubt, takes the whole way.
        """
        last = self.last
        if last is None or changes.settings or changes.templates or changes.static:
            return None
        loaded = last.loaded
        resume = loaded.resume
        files = self._same_files(changes)
        if files is None or loaded.translations or not changes.content:
            return None
        edits = [self._shown_edit(files, resume, path) for path in changes.content]
        if not all(edits):
            return None
        pages = list(last.pages)
        for item, entry in edits:
            item.data, item.origin = entry.data, entry
            at = next(i for i, page in enumerate(pages) if page.data.get("item") is item)
            pages[at] = _replanned(pages[at], item)
        code = resume.language
        before = last.fingerprints[code]
        sources = dict(before.sources)
        for item, _ in edits:
            sources[item.source] = (item_key(item),)
        prints = {code: Fingerprint(before.site, sources, before.keys)}
        found = _stale_sources(last, prints)[code]
        renderer = self._renderer_for(loaded, last.theme, fresh=False)
        previous = last.rendered
        stale = [
            page
            for page in pages
            if is_stale(page, previous[page.url], found.sources, found.bodies)
        ]
        rendered = dict(previous)
        files_out = dict(last.files)
        for page in stale:
            html, used = renderer.render_page(page)
            rendered[page.url] = Rendered(page, html, used)
            files_out[routes.output_path(page.url)] = html
        for page in pages:
            if rendered[page.url].page is not page:  # planned again, not rendered again
                rendered[page.url] = replace(rendered[page.url], page=page)
        wanted = _site_files(loaded, pages, prints, self.cache, last.theme)
        generated = _make_site_files(wanted, last.generated, made={})
        files_out.update({PurePosixPath(name): data for name, (_, data) in generated.items()})
        renderer.forget_fragments(keep=list(resume.items), pages=[page.url for page in pages])
        site = RenderedSite(
            loaded,
            last.theme,
            pages,
            files_out,
            rendered,
            prints,
            generated,
            last.claims,
            last.citations,
        )
        return site, len(stale)

    def _shown_edit(self, files: SiteFiles, resume: Resume, path: Path) -> tuple[Item, Any] | None:
        """(the entry's model, its new reading) when `path` is a Markdown entry that changed in
        what it shows alone (`_SHOWN_ONLY`), and its Markdown is safe; else None."""
        section = next((n for n, paths in files.section_files.items() if path in paths), None)
        if section is None or path.suffix.lower() != ".md":
            return None
        source = files.display(path)
        items = [item for item in resume.items if item.source == source]
        if len(items) != 1 or items[0].origin is None or items[0].bib_url is not None:
            return None
        item, old = items[0], items[0].origin
        errors = ErrorCollector()
        resolver = Resolver(resume.languages, resume.language, cache={})
        read = read_section(files, section, errors, resolver, self.cache.reads)
        new = [entry for entry in read if entry.source == source]
        if errors or resolver.fallbacks or len(new) != 1 or not _same_place(old, new[0]):
            return None
        check_markdown(new[0], resume.markdown, errors, set(), self.cache.safe)
        return None if errors else (item, new[0])

    def _same_files(self, changes: Changes) -> SiteFiles | None:
        """The last discovery, if the changes only edited files it found (none came or went)."""
        if self.last is None or changes.settings:
            return None
        files = self.last.loaded.files
        known = {*files.all_sources(), *files.assets}
        if all(path in known and path.is_file() for path in changes.content):
            return files
        return None

    def _renderer_for(self, loaded: Loaded, theme: Theme, *, fresh: bool) -> Renderer:
        """The renderer of the last build, given the new model; a new one after settings change."""
        if fresh or self._renderer is None:
            self._renderer = Renderer(
                loaded.resume, theme, self.options.site, compiled=self._compiled
            )
        self._renderer.use(loaded.resume, *loaded.translations.values())
        return self._renderer


@dataclass(frozen=True)
class _Stale:
    """What changed in one language: files whose entries changed in what lists them and
    those entries (`Item.key`), and the `BODY_OF` marks of entries whose bodies alone
    changed."""

    sources: set[str]
    bodies: frozenset[str]


def _stale_sources(
    last: RenderedSite | None, prints: dict[str, Fingerprint]
) -> dict[str, _Stale | None]:
    """Per language, what changed; None: every page is stale (a first build, or what every
    page shows changed)."""
    stale: dict[str, _Stale | None] = {}
    for code, now in prints.items():
        before = last.fingerprints.get(code) if last is not None else None
        if before is None or before.site != now.site:
            stale[code] = None
            continue
        changed = changed_sources(before, now)
        entries, bodies = changed_entries(before, now, changed)
        marks = {BODY_OF + key for key in bodies} | ({BODY_OF + ALL_SOURCES} if bodies else set())
        listed = changed - body_edits(before, now, changed)  # files whose lists changed
        stale[code] = _Stale(listed | entries, frozenset(marks))
    return stale


# Fields that only show on pages: an entry whose other fields are the same keeps its URL,
# slug, tags, order and page (a body's presence decides the page, so it must stay).
_SHOWN_ONLY = frozenset({"body", "title", "subtitle", "summary", "highlights"})


def _same_place(old: LoadedEntry, new: LoadedEntry) -> bool:
    """Do two readings of an entry differ only in what it shows (`_SHOWN_ONLY`)?"""
    a, b = old.data, new.data
    if type(a) is not type(b) or bool(a.body) != bool(b.body):
        return False
    place = (old.section, old.source, old.line, old.index, old.stem, old.body_line)
    if place != (new.section, new.source, new.line, new.index, new.stem, new.body_line):
        return False
    fields = vars(a).keys() | vars(b).keys()
    return all(vars(a).get(f) == vars(b).get(f) for f in fields - _SHOWN_ONLY)


def _replanned(page: Page, item: Item) -> Page:
    """An entry's page planned again from its new data (title, description)."""
    new = entry_page(page.data["section"], item)
    new.language, new.root, new.languages = page.language, page.root, page.languages
    return new


def _digest(path: Path) -> bytes | None:
    try:
        return hashlib.blake2b(path.read_bytes(), digest_size=16).digest()
    except OSError:  # deleted (or unreadable: the build will say so)
        return None


def _difference(
    last: RenderedSite | None, site: RenderedSite, changes: Changes, rendered: int
) -> Update:
    if last is None:
        return Update(site, dict(site.files), frozenset(), rendered)
    touched = changes.static | changes.content
    written = {
        path: source
        for path, source in site.files.items()
        if _differs(last.files.get(path), source, touched, changes.settings)
    }
    removed = frozenset(last.files.keys() - site.files.keys())
    return Update(site, written, removed, rendered)


def _differs(old: Source | None, new: Source, touched: frozenset[Path], settings: bool) -> bool:
    if old is None or type(old) is not type(new):
        return True
    if isinstance(new, bytes):
        return old is not new and old != new
    # A copied file: the same path holds new bytes only if the watcher saw it change.
    return old != new or new in touched or settings


def render_site(options: BuildOptions) -> RenderedSite:
    return SiteBuilder(options, once=True).build().site


def _other_files(loaded: Loaded, theme: Theme) -> dict[str, tuple[Source, Origin]]:
    """Theme static files and content assets: URL -> (source, where it comes from)."""
    result: dict[str, tuple[Source, Origin]] = {}
    for relative, path in theme.static_files().items():
        result[STATIC_PREFIX + relative] = (path, Origin(f"theme {theme.name}: static/{relative}"))
    for path in loaded.files.assets:
        display = loaded.files.display(path)
        result["/" + display.removeprefix("content/")] = (path, Origin(display, display))
    return result


def _citation_files(resume: Resume, made: Made) -> dict[str, tuple[Source, Origin]]:
    """Each paper's .bib file, beside its page: URL -> (bytes, the entry it comes from)."""
    return {
        url: (made[url][2], Origin(f"{item.source}:{item.line}", item.source))
        for item in resume.items
        if (url := item.bib_url)
    }


def _site_files(
    loaded: Loaded,
    pages: list[Page],
    prints: dict[str, Fingerprint],
    cache: BuildCache,
    theme: Theme,
) -> dict[str, tuple[Any, Callable[[], bytes]]]:
    """The generated files: name -> (what the file is made from, how to make it).

    A rebuild remakes a file only when what it is made from compares unequal. One sitemap
    and one robots.txt for the site; a feed and a typeset CV per language; resume.json in
    the default one.
    """
    resume = loaded.resume
    base = resume.config.base_url
    listed = tuple((p.url, p.alternates) for p in pages)
    default = prints[resume.language]
    files = {
        "sitemap.xml": ((base, listed), lambda: sitemap(base, pages)),
        "robots.txt": (base, lambda: robots(base)),
        "resume.json": (
            without_bodies(default, resume),
            lambda: resume_json(resume, cache.pieces_of("resume.json")),
        ),
    }
    for code, each in loaded.resumes.items():
        name = _feed_name(each)
        files[name] = (
            without_bodies(prints[code], each, FEED_SECTIONS),
            functools.partial(atom_feed, each, cache.pieces_of(name)),
        )
    files.update(pdf_files(loaded, theme, lambda each: without_bodies(prints[each.language], each)))
    return files


def _feed_name(resume: Resume) -> str:
    return routes.output_path(routes.localized(resume.root, routes.FEED)).as_posix()


def _generated_names(loaded: Loaded) -> list[str]:
    feeds = [_feed_name(each) for each in loaded.translations.values()]
    return [*GENERATED, *feeds, *pdf_names(loaded)]


def _put_page(staging: Staging, page: Page, html: bytes) -> Staged:
    return staging.put(routes.output_path(page.url).as_posix(), html)


def _make_site_files(
    wanted: dict[str, tuple[Any, Callable[[], bytes]]],
    before: dict[str, tuple[Any, bytes]],
    made: dict[str, bytes],
) -> dict[str, tuple[Any, bytes]]:
    """Each wanted file: as `made` already, as `before` if made from equal inputs, or now."""
    files = {}
    for name, (inputs, make) in wanted.items():
        old = before.get(name)
        if name in made:
            files[name] = (inputs, made[name])
        else:
            files[name] = (inputs, old[1] if old is not None and old[0] == inputs else make())
    return files


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


def _check_collisions(
    pages: list[Page], extra: dict[str, tuple[Source, Origin]], generated: list[str]
) -> None:
    """Two sources that would write the same file: one error naming both, before any writing.

    So is a file where another source needs a folder (an asset `content/cv` and the page
    `/cv/`): the disk cannot hold both.
    """
    claims = [(f"/{name}", Origin(f"the generated {name}")) for name in generated]
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


def build(options: BuildOptions, *, keep: list | None = None) -> BuildResult:
    """A clean build into options.output, leaving a stamp so an unchanged rerun is instant.

    `keep`:
    where to leave what the build made (the model, the pages, the renderer), for a caller
    whose process ends next: the system frees it with the process, where freeing it object
    by object on return would take 3 ms of 1,000 entries' build."""
    started = time.perf_counter()
    check_output_location(options.output, options.site)
    # Held until the stamp is saved: a second build of the same folder waits (outputlock.py).
    with output_lock(options.output):
        return _build_locked(options, keep, started)


def _build_locked(options: BuildOptions, keep: list | None, started: float) -> BuildResult:
    inputs = scan_inputs(options.site)  # before anything is read: a later edit is seen
    forget(options.site, options.output)
    browser = None
    if options.pdf:  # imported here, with subprocess, only when the CV is printed
        from generator.site.chromiumpdf import require_browser

        browser = require_browser()
    # Pages are written as they are rendered, unless the CV is printed from them first.
    staging = None if browser is not None else Staging(options.output, options.force)
    builder = SiteBuilder(options, once=True, staging=staging)
    try:
        site = builder.build().site
        if browser is not None:
            from generator.site.chromiumpdf import add_cv_pdf

            add_cv_pdf(site.files, browser, site.loaded.resume.config.base_url)
        report = write_site(
            options.output, site.files, force=options.force, staging=staging, locked=True
        )
    finally:
        if staging is not None:
            staging.discard()
    pages = Counter(page.kind for page in site.pages)
    fallbacks = fallback_counts(site.loaded)
    if options.cache_dir is not None:  # (the Markdown is saved by the build: see _render)
        _stamp(options, site, inputs, pages, fallbacks, report)
    if keep is not None:
        keep.append(builder)
    seconds = time.perf_counter() - started
    default = site.loaded.resume.language
    return BuildResult(pages, len(site.files), report, seconds, options.output, fallbacks, default)


def fallback_counts(loaded: Loaded) -> dict[str, int]:
    """Per language other than the default, how many values fell back to the default one."""
    counts = {code: len(set(each.fallbacks)) for code, each in loaded.translations.items()}
    return {code: count for code, count in counts.items() if count}


def _stamp(
    options: BuildOptions,
    site: RenderedSite,
    inputs: dict,
    pages: Counter,
    fallbacks: dict[str, int],
    report: WriteReport,
) -> None:
    outside = [t.path for t in site.theme.chain if options.site not in t.path.parents]
    if report.stats is None:  # nothing written: the folder as it is
        output = scan_output(options.output)
    else:
        output = output_stats(options.output, report.stats)
    summary = {
        "pages": dict(pages),
        "files": len(site.files),
        "fallbacks": fallbacks,
        "language": site.loaded.resume.language,
    }
    Stamp(
        options_key(options.output, options.base_url, options.drafts, options.pdf),
        {**inputs, **scan_places(outside)},
        [str(p) for p in outside],
        output,
        summary,
    ).save(options.site, options.output)
