"""`SiteBuilder`: the build's stages in memory (load the model, plan the pages, render the
files), keeping what it made so that a rebuild in the same process (the preview) redoes only
what its changes touch."""

from __future__ import annotations

import functools
import hashlib
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from generator import confined
from generator import urls as routes
from generator.content.cache import BuildCache, MarkdownStore
from generator.content.discover import is_content_file
from generator.content.reader import SiteInputs
from generator.markdown.renderer import MarkdownProblem
from generator.model.resume import Loaded, load
from generator.render.pictures import PictureFile
from generator.render.renderer import Job, Page, Renderer, plan_pages
from generator.render.theme import Theme, load_theme
from generator.render.typstpdf import pdf_jobs
from generator.site.changes import Changes
from generator.site.collisions import check_collisions
from generator.site.depends import Fingerprint, Rendered, fingerprint, stale_pages, stale_sources
from generator.site.images import (
    Originals,
    by_original,
    cached,
    image_claims,
    make_group,
    read_pictures,
    wanted_images,
)
from generator.site.options import BuildOptions
from generator.site.outputs import (
    GENERATED_COST,
    Made,
    Wanted,
    bib_files,
    citation_files,
    generated_files,
    generated_names,
    late_pdfs,
    make_generated,
    other_files,
    pdf_cost,
    pdfs_to_make,
)
from generator.site.parallel import available_cores, forks_workers, parallel_map
from generator.site.quickedit import shown_only
from generator.site.rendered import RenderedSite, Update, difference
from generator.site.stamp import markdown_file, templates_folder
from generator.site.writer import Source

# What making one file of a picture costs, in entry pages (see Renderer._unit_cost): about
# 10 ms (decoding its original shared with the picture's other files).
PICTURE_COST = 40.0


class SiteBuilder:
    """Builds a site and keeps the result, so that a rebuild redoes only what changes touch.

    A full build is the same path with everything stale, so a rebuild and a clean build of
    the same input give the same bytes. A failed rebuild keeps the last good result and the
    changes it was given, which the next call takes up again.
    """

    def __init__(self, options: BuildOptions, *, once: bool = False):
        self.options = options
        self.once = once  # builds one site and is gone: nothing kept is used again
        folder = options.cache_dir
        self.cache = BuildCache(markdown=MarkdownStore(markdown_file(folder) if folder else None))
        self.jobs = options.jobs or available_cores()
        self._compiled = templates_folder(folder) if folder else None
        self._images = folder / "images" if folder else None  # the pictures' files made
        self._originals = Originals(self._images / "originals.json" if self._images else None)
        self.last: RenderedSite | None = None
        self._renderer: Renderer | None = None
        self._pending = Changes()
        self._read: dict[Path, bytes | None] = {}  # content digests the last good build saw
        # A rebuild leaves PDFs made before as they were, for `typeset_late` (the preview:
        # a 1,000-entry CV takes a second, and the pages need not wait for it).
        self.typeset_later = False

    def build(self, changes: Changes | None = None) -> Update:
        """Everything (`changes` None), or what `changes` and earlier failed ones touch."""
        if changes is None:
            self.cache.reads.clear()
            changes = Changes(settings=True)
        changes = self._pending | changes
        if self.last is not None:  # a file in a folder a link leads to: both its names
            changes = changes.aliased(self.last.loaded.files)
        self._pending = changes
        content = self.options.site / "content"
        told = {path: _digest(path, content) for path in changes.content}  # before any read
        # Read them again in any case: a failed build may have cached what was wrong in them.
        self.cache.reads.forget(told)
        changes = self._really_changed(changes, told)
        if not changes and self.last is not None:  # saved, but not changed: nothing to do
            self._pending = Changes()
            return Update(self.last, {}, frozenset(), 0)
        # Spreading work over processes pays for whole builds, not for a page or two; and
        # only a first build may fork: the one before has typeset PDFs, and Typst's threads
        # do not survive fork() (a preview's rebuild after a settings change renders here).
        self.cache.jobs = self.jobs if self.last is None else 1
        spreads = self.cache.jobs > 1
        self.cache.spread = functools.partial(parallel_map, jobs=self.jobs) if spreads else None
        if self._renderer is not None:
            self._renderer.forget_templates(set(changes.templates))
        site, rendered = self._quick(changes) or self._render(changes)
        update = difference(self.last, site, changes, rendered)
        self.last, self._pending = site, Changes()
        self._read.update(told)
        return update

    def _really_changed(self, changes: Changes, told: dict[Path, bytes | None]) -> Changes:
        """`changes` without content files whose bytes are those the last good build read."""
        if changes.settings or self.last is None:
            return changes
        content = frozenset(p for p in told if self._read.get(p, b"") != told[p])
        return replace(changes, content=content)

    def _quick(self, changes: Changes) -> tuple[RenderedSite, int] | None:
        if self.last is None:
            return None
        renderer = self._renderer_for(self.last.loaded, self.last.theme, fresh=False)
        files = self._same_files(changes)
        return shown_only(self.last, changes, files, self.cache, renderer, self.typeset_later)

    def _render(self, changes: Changes) -> tuple[RenderedSite, int]:
        """The whole way: load the model, plan the pages, render what is stale."""
        last = None if changes.settings else self.last
        loaded = self._load(changes)
        theme = last.theme if last is not None else self._theme(loaded)
        images = wanted_images(loaded)
        pages = plan_pages(loaded.resumes)
        early: dict[str, Future] = {}
        if last is None:
            early = self._typeset_early(loaded, theme, len(pages) + len(images))
        pictures = read_pictures(loaded, images, theme.options, self._originals)
        extra, citations = self._other_files(loaded, theme, last)
        for path in images:  # published as the files made of it, never as it is
            extra.pop(routes.content_file(path), None)
        picture_files = pictures.files({path: roles for path, (_, roles) in images.items()})
        claims = (tuple(p.url for p in pages), (*extra, *(v.url for v in picture_files)))
        if last is None or claims != last.claims:  # the same URLs as a good build: no clash
            check_collisions(
                pages, {**extra, **image_claims(picture_files)}, generated_names(loaded)
            )
        renderer = self._renderer_for(loaded, theme, fresh=last is None)
        renderer.use_pictures(pictures)
        prints = {code: fingerprint(each) for code, each in loaded.resumes.items()}
        stale = self._stale(pages, prints, last, changes.templates)
        if last is not None and last.pictures != pictures:  # sizes or URLs may have changed
            stale = pages
        wanted = generated_files(loaded, pages, prints, self.cache, theme)
        before = last.generated if last is not None else {}
        rendered, made, pictured = self._render_files(
            loaded, renderer, pages, stale, (wanted, before), picture_files, early
        )
        generated = make_generated(wanted, before, made=made, later=self.typeset_later)
        files = _output_files(rendered, extra, generated)
        files.update({routes.output_path(url): source for url, source in pictured.items()})
        site = RenderedSite(
            loaded, theme, pages, files, rendered, prints, generated, claims, citations, pictures
        )
        site.late = late_pdfs(wanted, generated)
        return site, len(stale)

    def typeset_late(self) -> dict[PurePosixPath, bytes]:
        """The PDFs the last rebuild left as they were (`typeset_later`), typeset now and
        kept as that build's: their bytes by path, to write."""
        site = self.last
        made: dict[PurePosixPath, bytes] = {}
        for name, (inputs, make) in list(site.late.items()) if site is not None else ():
            data = make()  # a mistake raises here, and the PDF stays late
            site.generated[name] = (inputs, data)
            site.files[PurePosixPath(name)] = made[PurePosixPath(name)] = data
            del site.late[name]
        return made

    def _typeset_early(self, loaded: Loaded, theme: Theme, items: int) -> dict[str, Future]:
        """A first build that will not fork starts typesetting its PDFs now, on a thread,
        rather than after planning and checking (the sample site: 4 PDFs, 0.14 s of Typst).
        `items` counts the pages and pictures: with the site's other files, at least what the
        build could hand to workers, so that none will be forked.

        Typst's threads do not survive fork(): from here on, nothing this builder does forks,
        and the Markdown check renders here too (a site of under 200 pages with 200 texts or
        more loses its spread, about what the early PDFs gain). A document is made here, as
        it renders Markdown; Markdown the check will refuse leaves the PDFs to the usual
        place, after the check has placed the error."""
        if self.typeset_later:
            return {}
        if forks_workers(items + len(generated_names(loaded)) + 1, self.cache.jobs):
            return {}
        try:
            typesetting = {name: job.prepared() for name, job in pdf_jobs(loaded, theme).items()}
        except MarkdownProblem:
            return {}
        self.jobs = self.cache.jobs = 1
        self.cache.spread = None
        thread = ThreadPoolExecutor(1, thread_name_prefix="typeset")
        futures = {name: thread.submit(typeset) for name, typeset in typesetting.items()}
        thread.shutdown(wait=False)  # the PDFs are awaited where they are written
        return futures

    def _load(self, changes: Changes) -> Loaded:
        options = self.options
        return load(
            options.site,
            include_drafts=options.drafts,
            base_url=options.base_url,
            cache=self.cache,
            files=self._same_files(changes),
            markdown_later=True,  # rendered and checked once the pages are planned
        )

    def _theme(self, loaded: Loaded) -> Theme:
        config = loaded.resume.config
        return load_theme(
            config.theme, self.options.site, config.theme_options, config=loaded.config_doc
        )

    def _other_files(
        self, loaded: Loaded, theme: Theme, last: RenderedSite | None
    ) -> tuple[dict, Made]:
        """Assets and each paper's .bib: URL -> (source, origin); and the .bib files made."""
        extra = other_files(loaded, theme)
        citations: Made = {}
        for each in loaded.resumes.values():
            citations.update(citation_files(each, last.citations if last is not None else None))
            extra.update(bib_files(each, citations))
        return extra, citations

    def _stale(
        self,
        pages: list[Page],
        prints: dict[str, Fingerprint],
        last: RenderedSite | None,
        templates: frozenset[str],
    ) -> list[Page]:
        """The pages to render: all of a first build, those a rebuild's changes touch."""
        stale = stale_sources(last.fingerprints if last is not None else {}, prints)
        previous = last.rendered if last is not None else {}
        return stale_pages(pages, previous, stale, templates)

    def _render_files(
        self,
        loaded: Loaded,
        renderer: Renderer,
        pages: list[Page],
        stale: list[Page],
        generated: tuple[Wanted, dict[str, tuple[Any, bytes]]],
        picture_files: list[PictureFile],
        early: dict[str, Future],
    ) -> tuple[dict[str, Rendered], dict[str, bytes], dict[str, Source]]:
        """Every page (`stale` ones rendered now, the others as last time), the generated
        files a one-off build makes alongside its pages, by name, and the pictures' files
        by URL (each original one job, made alongside the pages unless cached).

        A one-off build makes the site's own files (sitemap, feeds, resume.json) on whichever
        core is free; a preview makes them here, where the pieces they are made of stay
        cached for its next rebuild. The PDFs are typeset beside the pages too
        (`_pages_and_pdfs`).
        """
        wanted = generated[0]  # the generated files (and those of the last build)
        alongside = [name for name in wanted if not name.endswith(".pdf")] if self.once else []
        if self.cache.jobs > 1:  # once, before the workers start, not once in each
            renderer.load_templates()
            renderer.work_out_dates()
        loaded.check_markdown()
        pictured, to_make = self._cached_pictures(picture_files)
        also = self._alongside(alongside, wanted, len(pages), to_make)
        results, typeset = self._pages_and_pdfs(renderer, stale, also, generated, early)
        fresh = dict(zip((page.url for page in stale), results[: len(stale)], strict=True))
        made = dict(zip(alongside, results[len(stale) :][: len(alongside)], strict=True))
        made.update(typeset)
        for files in results[len(stale) + len(alongside) :][: len(to_make)]:
            pictured.update(files)
        previous = self.last.rendered if self.last is not None else {}
        rendered = {
            page.url: Rendered(page, *(fresh.get(page.url) or _as_before(previous[page.url])))
            for page in pages
        }
        return rendered, made, pictured

    def _pages_and_pdfs(
        self,
        renderer: Renderer,
        stale: list[Page],
        also: list[Job],
        generated: tuple[Wanted, dict[str, tuple[Any, bytes]]],
        early: dict[str, Future],
    ) -> tuple[list, dict[str, bytes]]:
        """The rendered pages and `also`'s results; and the PDFs, typeset beside the pages.

        Typst's threads do not survive fork(), so no process may fork once it has typeset.
        A build that forks workers for its pages gives them the PDFs as jobs of their own
        (typeset in a worker, or here once every worker is forked); one that does not
        typesets on a thread here, since Typst's compile lets other threads run (the sample
        site: 0.1 s of its first build), or has begun to already (`early`: _typeset_early).
        Either way the document is made where the pages render, as it renders Markdown and
        Python-Markdown is not thread-safe.
        """
        spread = functools.partial(parallel_map, jobs=self.cache.jobs)
        pdfs = pdfs_to_make(*generated, later=self.typeset_later)
        if forks_workers(len(stale) + len(also) + len(pdfs), self.cache.jobs):
            jobs = [Job(pdf_cost(job), job) for job in pdfs.values()]
            results = renderer.render_pages(stale, spread, also=[*also, *jobs])
            split = len(results) - len(jobs)
            return results[:split], dict(zip(pdfs, results[split:], strict=True))
        with ThreadPoolExecutor(1, thread_name_prefix="typeset") as thread:
            typesetting = {
                name: early.get(name) or thread.submit(job.prepared()) for name, job in pdfs.items()
            }
            results = renderer.render_pages(stale, spread, also=also)
            return results, {name: job.result() for name, job in typesetting.items()}

    def _cached_pictures(
        self, picture_files: list[PictureFile]
    ) -> tuple[dict[str, Source], list[list[PictureFile]]]:
        """The pictures' files the cache has, and the groups (one original each) to make."""
        have: dict[str, Source] = {}
        to_make = []
        for group in by_original(picture_files):
            found = cached(group, self._images)
            if found is None:
                to_make.append(group)
            else:
                have.update(found)
        return have, to_make

    def _alongside(
        self, names: list[str], wanted: Wanted, pages: int, pictures: list[list[PictureFile]]
    ) -> list[Job]:
        cost = GENERATED_COST * pages
        also = [Job(cost, wanted[name][1]) for name in names]
        also += [
            Job(PICTURE_COST * len(group), functools.partial(make_group, group, self._images))
            for group in pictures
        ]
        if self.once:  # its rendered Markdown saved (for the next build) alongside too
            also.append(Job(cost, self.cache.markdown.save))
        return also

    def _same_files(self, changes: Changes) -> SiteInputs | None:
        """The last discovery, if the changes only edited files it found (none came or went)."""
        if self.last is None or changes.settings:
            return None
        files = self.last.loaded.files
        known = {*files.all_sources(), *files.assets}
        if all(path in known and is_content_file(path, files.content) for path in changes.content):
            return files
        return None

    def _renderer_for(self, loaded: Loaded, theme: Theme, *, fresh: bool) -> Renderer:
        """The renderer of the last build, given the new model; a new one after settings change."""
        if fresh or self._renderer is None:
            self._renderer = Renderer(
                loaded.resume, theme, self.options.site, cache_folder=self._compiled
            )
        self._renderer.use(loaded.resume, *loaded.translations.values())
        return self._renderer


def render_site(options: BuildOptions) -> RenderedSite:
    """The site in memory, written nowhere (deploy, tests)."""
    return SiteBuilder(options, once=True).build().site


def _as_before(rendered: Rendered) -> tuple[bytes, frozenset[str]]:
    return rendered.html, rendered.templates


def _output_files(
    rendered: dict[str, Rendered], extra: dict, generated: dict
) -> dict[PurePosixPath, Source]:
    """Every output file by its path: the pages, the other files, the generated ones."""
    files: dict[PurePosixPath, Source] = {
        routes.output_path(url): r.html for url, r in rendered.items()
    }
    files.update({routes.output_path(url): source for url, (source, _) in extra.items()})
    files.update({PurePosixPath(name): data for name, (_, data) in generated.items()})
    return files


def _digest(path: Path, content: Path) -> bytes | None:
    """What `path` in `content` holds now, as the build would read it; None if it would not
    (the build will say why). A pipe put there is not opened: that would wait for ever."""
    try:
        with confined.open_inside(content, path.relative_to(content).as_posix()) as file:
            return hashlib.blake2b(file.read(), digest_size=16).digest()
    except (OSError, ValueError, confined.NotRegular):  # deleted, a pipe, a link out
        return None
