"""`SiteBuilder`: the build's stages in memory (read, plan, check, render and typeset), keeping
what it made so that a rebuild in the same process (the preview) renders only what changed."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from generator import confined
from generator import urls as routes
from generator.content.cache import BuildCache, MarkdownStore
from generator.model.resume import Loaded, load
from generator.render.pictures import PictureFile, Pictures
from generator.render.renderer import Job, Page, Renderer, plan_pages
from generator.render.theme import Theme, load_theme
from generator.site import typesetting
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
    Wanted,
    bib_files,
    generated_files,
    generated_names,
    make_generated,
    other_files,
)
from generator.site.parallel import available_cores, parallel_map
from generator.site.rendered import RenderedSite, Update, difference
from generator.site.stamp import markdown_file, templates_folder
from generator.site.writer import Source

# What making one file of a picture costs, in entry pages (see Renderer._unit_cost): its
# original is decoded once for all its files.
PICTURE_COST = 40.0


@dataclass(frozen=True)
class Plan:
    """Every output a build will make, and what each language's pages show (`prints`)."""

    pages: list[Page]
    pictures: Pictures
    picture_files: list[PictureFile]
    other: dict[str, tuple[Source, object]]
    generated: Wanted
    prints: dict[str, Fingerprint]

    @property
    def claims(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The URLs the pages claim, and those the other files claim."""
        return tuple(p.url for p in self.pages), (
            *self.other,
            *(f.url for f in self.picture_files),
        )


class SiteBuilder:
    """Builds a site and keeps the result, so that a rebuild redoes only what changes touch (a
    full build is the same path with everything stale: both give the same bytes). A failed
    rebuild keeps the last good result, and its changes for the next."""

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
        self.make_later = False  # the preview's: generated files left as they were, for `make_late`

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
        # Only a first build may fork: one before has typeset (typesetting.py).
        self.cache.jobs = self.jobs if self.last is None else 1
        spreads = self.cache.jobs > 1
        self.cache.spread = functools.partial(parallel_map, jobs=self.jobs) if spreads else None
        if self._renderer is not None:
            self._renderer.forget_templates(set(changes.templates))
        try:
            site, rendered = self._stages(changes)
        except BaseException:  # what it drew was drawn for a build that is not shown
            if self._renderer is not None:
                self._renderer.forget_fragments()
            raise
        update = difference(self.last, site, changes, rendered)
        self.last, self._pending = site, Changes()
        self._read.update(told)
        return update

    def _stages(self, changes: Changes) -> tuple[RenderedSite, int]:
        """The build, stage by stage; and how many pages it rendered."""
        last = None if changes.settings else self.last
        loaded = self._load()  # read: content found, read, validated, modelled
        theme = last.theme if last is not None else site_theme(loaded, self.options.site)
        plan = self._plan(loaded, theme)  # plan: every output and what it shows
        renderer = self._renderer_for(loaded, theme, fresh=last is None)
        renderer.use_pictures(plan.pictures)
        if last is None or last.pictures != plan.pictures or _site_changed(last, plan):
            renderer.forget_fragments()
        self._check(loaded, renderer, plan, last)  # check: outputs apart, Markdown safe
        stale = self._stale(plan, last, changes.templates)
        rendered, made, pictured = self._render(renderer, plan, stale)  # render, typeset
        # The preview serves what the last good build made until it makes the rest, even
        # after a change of settings, whose build reuses nothing.
        shown = _generated(self.last) if self.make_later else None
        generated, late = make_generated(plan.generated, _generated(last), made, shown)
        files = _output_files(rendered, plan.other, generated, pictured)
        site = RenderedSite(
            loaded,
            theme,
            plan.pages,
            files,
            rendered,
            plan.prints,
            generated,
            plan.claims,
            plan.pictures,
        )
        site.late = {name: plan.generated[name] for name in late}
        return site, len(stale)

    def make_late(self) -> Iterator[tuple[PurePosixPath, bytes]]:
        """The generated files the last rebuild left to make, each as it is made."""
        return typesetting.make_late(self.last)

    def _really_changed(self, changes: Changes, told: dict[Path, bytes | None]) -> Changes:
        """`changes` without content files whose bytes are those the last good build read."""
        if changes.settings or self.last is None:
            return changes
        content = frozenset(p for p in told if self._read.get(p, b"") != told[p])
        return replace(changes, content=content)

    def _load(self) -> Loaded:
        options = self.options
        return load(
            options.site,
            include_drafts=options.drafts,
            base_url=options.base_url,
            cache=self.cache,
            markdown_later=True,  # rendered and checked once the outputs are planned
        )

    def _plan(self, loaded: Loaded, theme: Theme) -> Plan:
        """The pages, the pictures (each original's header read), the other files."""
        images = wanted_images(loaded)
        pages = plan_pages(loaded.resumes)
        pictures = read_pictures(loaded, images, theme.options, self._originals)
        other = self._other_files(loaded, theme)
        for path in images:  # published as the files made of it, never as it is
            other.pop(routes.content_file(path), None)
        picture_files = pictures.files({path: roles for path, (_, roles) in images.items()})
        prints = {code: fingerprint(each) for code, each in loaded.resumes.items()}
        generated = generated_files(loaded, pages, prints, theme)
        return Plan(pages, pictures, picture_files, other, generated, prints)

    def _check(
        self, loaded: Loaded, renderer: Renderer, plan: Plan, last: RenderedSite | None
    ) -> None:
        """No two outputs at one path; every Markdown text rendered and safe."""
        if last is None or plan.claims != last.claims:  # the URLs of a good build: no clash
            claims = {**plan.other, **image_claims(plan.picture_files)}
            check_collisions(plan.pages, claims, generated_names(loaded))
        if self.cache.jobs > 1:  # once, before the workers start, not once in each
            renderer.load_templates()
            renderer.work_out_dates()
        loaded.check_markdown()

    def _other_files(self, loaded: Loaded, theme: Theme) -> dict:
        """Assets and each paper's .bib: URL -> (source, origin)."""
        other = other_files(loaded, theme)
        for each in loaded.resumes.values():
            other.update(bib_files(each))
        return other

    def _stale(self, plan: Plan, last: RenderedSite | None, templates: frozenset[str]) -> list:
        """The pages to render: all of a first build, those a rebuild's changes touch."""
        if last is None or last.pictures != plan.pictures:  # sizes or URLs may have changed
            return plan.pages
        stale = stale_sources(last.fingerprints, plan.prints)
        return stale_pages(plan.pages, last.rendered, stale, templates)

    def _render(
        self, renderer: Renderer, plan: Plan, stale: list[Page]
    ) -> tuple[dict[str, Rendered], dict[str, bytes], dict[str, Source]]:
        """Every page, the generated files made alongside (a one-off build's: a preview makes
        its own afterwards, here), by name, and the pictures' files by URL."""
        wanted = plan.generated
        alongside = [name for name in wanted if not name.endswith(".pdf")] if self.once else []
        pictured, to_make = self._cached_pictures(plan.picture_files)
        also = self._alongside(alongside, wanted, len(plan.pages), to_make)
        pdfs = typesetting.pdfs_to_make(wanted, _generated(self.last), later=self.make_later)
        # The preview's pages that list entries are drawn in its own process, which keeps
        # the drawings for its next rendering of them (render/fragments.py).
        here = None if self.once else _lists_entries
        results, made = typesetting.render_beside_pdfs(
            renderer, stale, also, pdfs, self.cache.jobs, here
        )
        fresh = dict(zip((page.url for page in stale), results[: len(stale)], strict=True))
        made.update(zip(alongside, results[len(stale) :][: len(alongside)], strict=True))
        for files in results[len(stale) + len(alongside) :][: len(to_make)]:
            pictured.update(files)
        previous = self.last.rendered if self.last is not None else {}
        rendered = {
            page.url: Rendered(page, *(fresh.get(page.url) or _as_before(previous[page.url])))
            for page in plan.pages
        }
        return rendered, made, pictured

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

    def _renderer_for(self, loaded: Loaded, theme: Theme, *, fresh: bool) -> Renderer:
        """The renderer of the last build, given the new model; a new one after settings change."""
        if fresh or self._renderer is None:
            # A one-off build draws each entry once: keeping the drawings is the preview's.
            self._renderer = Renderer(
                loaded.resume,
                theme,
                self.options.site,
                cache_folder=self._compiled,
                keeps_drawings=not self.once,
            )
        self._renderer.use(loaded.resume, *loaded.translations.values())
        return self._renderer


def render_site(options: BuildOptions) -> RenderedSite:
    """The site in memory, written nowhere (deploy, tests)."""
    return SiteBuilder(options, once=True).build().site


def site_theme(loaded: Loaded, site: Path) -> Theme:
    """The theme site.yaml names, with its options."""
    config = loaded.resume.config
    return load_theme(config.theme, site, config.theme_options, config=loaded.config_doc)


def _generated(last: RenderedSite | None) -> dict:
    return last.generated if last is not None else {}


def _lists_entries(unit: Page | Job) -> bool:
    return isinstance(unit, Page) and unit.kind in ("home", "section", "cv")


def _site_changed(last: RenderedSite, plan: Plan) -> bool:
    """Has what every page shows (the profile, the menu, the sections) changed?"""
    before = {code: prints.site for code, prints in last.fingerprints.items()}
    return before != {code: prints.site for code, prints in plan.prints.items()}


def _as_before(rendered: Rendered) -> tuple[bytes, frozenset[str]]:
    return rendered.html, rendered.templates


def _output_files(
    rendered: dict[str, Rendered], other: dict, generated: dict, pictured: dict[str, Source]
) -> dict[PurePosixPath, Source]:
    files: dict[PurePosixPath, Source] = {
        routes.output_path(url): r.html for url, r in rendered.items()
    }
    files.update({routes.output_path(url): source for url, (source, _) in other.items()})
    files.update({PurePosixPath(name): data for name, (_, data) in generated.items()})
    files.update({routes.output_path(url): source for url, source in pictured.items()})
    return files


def _digest(path: Path, content: Path) -> bytes | None:
    """A digest of what `path` in `content` holds, as the build would read it (never a pipe:
    that would wait for ever); None if it would not."""
    try:
        with confined.open_inside(content, path.relative_to(content).as_posix()) as file:
            return hashlib.blake2b(file.read(), digest_size=16).digest()
    except (OSError, ValueError, confined.NotRegular):  # deleted, a pipe, a link out
        return None
