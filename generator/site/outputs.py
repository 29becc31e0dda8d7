"""The site's files other than pages: assets, each paper's .bib, and the generated ones
(sitemap, robots.txt, feeds, resume.json, the CV's PDF) with what each is made from."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from generator import urls as routes
from generator.model.bibtex import citation_key, to_bibtex
from generator.model.resume import Item, Loaded, Resume
from generator.render.renderer import Page
from generator.render.theme import Theme
from generator.render.typstpdf import pdf_files, pdf_names
from generator.site.collisions import Origin
from generator.site.depends import Fingerprint, without_bodies
from generator.site.feeds import atom_feed, robots, sitemap
from generator.site.resumejson import resume_json
from generator.site.writer import Asset, Source

# What making one of the site's own files costs, in entry pages per page of the site.
GENERATED_COST = 0.03
GENERATED = ("sitemap.xml", "robots.txt", "feed.xml", "resume.json")
# The generated files: name -> (what the file is made from, how to make it).
Wanted = dict[str, tuple[Any, Callable[[], bytes]]]


def other_files(loaded: Loaded, theme: Theme) -> dict[str, tuple[Source, Origin]]:
    """Theme static files and content assets: URL -> (source, where it comes from)."""
    result = {
        routes.theme_file(relative): (asset, Origin(f"theme {theme.name}: static/{relative}"))
        for relative, asset in theme_assets(theme).items()
    }
    for path in loaded.files.assets:
        display = loaded.files.display(path)
        url = routes.content_file(display.removeprefix("content/"))
        result[url] = (Asset(loaded.files.content, path), Origin(display, display))
    return result


def theme_assets(theme: Theme) -> dict[str, Asset]:
    """A theme's static files by their path under static/, each inside its theme's folder."""
    folders = [t.path for t in theme.chain]
    return {
        relative: Asset(next(f for f in folders if path.is_relative_to(f)), path)
        for relative, path in theme.static_files().items()
    }


def bib_files(resume: Resume) -> dict[str, tuple[Source, Origin]]:
    """Each paper's .bib file, beside its page: URL -> (bytes, the entry it comes from)."""
    return {
        url: (_bibtex(item), Origin(f"{item.source}:{item.line}", item.source))
        for item in resume.items
        if (url := item.bib_url)
    }


def _bibtex(item: Item) -> bytes:
    return to_bibtex(item.data, citation_key(item.data, item.slug)).encode("utf-8")


def generated_files(
    loaded: Loaded,
    pages: list[Page],
    prints: dict[str, Fingerprint],
    theme: Theme,
) -> Wanted:
    """The generated files: name -> (what the file is made from, how to make it)."""
    resume = loaded.resume
    base = resume.config.base_url
    listed = tuple((p.url, p.alternates) for p in pages)
    default = prints[resume.language]
    files = {
        "sitemap.xml": ((base, listed), lambda: sitemap(base, pages)),
        "robots.txt": (base, lambda: robots(base)),
        "resume.json": (
            without_bodies(default, resume),
            lambda: resume_json(resume),
        ),
    }
    for code, each in loaded.resumes.items():
        name = feed_name(each)
        files[name] = (
            without_bodies(prints[code], each, [s.name for s in each.feed_sections]),
            functools.partial(atom_feed, each),
        )
    files.update(pdf_files(loaded, theme, lambda each: without_bodies(prints[each.language], each)))
    return files


def feed_name(resume: Resume) -> str:
    return routes.output_path(routes.localized(resume.root, routes.FEED)).as_posix()


def generated_names(loaded: Loaded) -> list[str]:
    feeds = [feed_name(each) for each in loaded.translations.values()]
    return [*GENERATED, *feeds, *pdf_names(loaded)]


def same_inputs(old: tuple[Any, bytes] | None, inputs: Any) -> bool:
    """Was `old` (what a file was made from, its bytes) made from equal `inputs`?"""
    return old is not None and old[0] == inputs


def make_generated(
    wanted: Wanted,
    before: dict[str, tuple[Any, bytes]],
    made: dict[str, bytes],
    shown: dict[str, tuple[Any, bytes]] | None = None,
) -> tuple[dict[str, tuple[Any, bytes]], set[str]]:
    """Each wanted file: as `made`, as `before` if made from equal inputs, or made now; and
    the names of those left to make. With `shown` (the preview's: the files it serves now),
    a file not made yet is left to make (typesetting.make_late), served as `shown` has it
    meanwhile, or not at all."""
    files, late = {}, set()
    for name, (inputs, make) in wanted.items():
        old = before.get(name)
        if name in made:
            files[name] = (inputs, made[name])
        elif same_inputs(old, inputs):
            files[name] = old
        elif shown is not None:
            late.add(name)
            if name in shown:
                files[name] = shown[name]
        else:
            files[name] = (inputs, make())
    return files, late
