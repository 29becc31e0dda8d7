"""`cvsite build --variant NAME`: one CV variant alone, for a quick application: its page and
PDF in each language and the theme's static files, in a folder of their own replaced whole.
The site's `output/` is never touched, and a folder holding a whole site is refused."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator import urls as routes
from generator.content.schema import Variant
from generator.errors import BuildError, UsageError, listed, shown
from generator.model.resume import Loaded, load
from generator.render.renderer import Renderer, plan_pages
from generator.render.theme import Theme
from generator.render.typstpdf import make_pdf, pdf_name, template_of
from generator.site.builder import site_theme
from generator.site.options import BuildOptions
from generator.site.outputlock import output_lock
from generator.site.outputs import theme_assets
from generator.site.stamp import short_path
from generator.site.writer import Source, check_output_location, prepare_output, write_site

# A folder with this file holds a whole site (every build writes one): not a variant's.
WHOLE_SITE = "sitemap.xml"


@dataclass(frozen=True)
class VariantBuild:
    """What `build_variant` wrote: the variant, its folder, its PDFs and pages in it."""

    name: str
    output: Path
    pdfs: list[str]
    pages: list[str]
    languages: list[str]

    def summary(self) -> str:
        where = [f"{self.output / name}" for name in [*self.pdfs, *self.pages]]
        return f"Built the CV {shown(self.name)} ({', '.join(self.languages)}): " + ", ".join(
            short_path(Path(path)) for path in where
        )


def default_output(site: Path, name: str) -> Path:
    """Where a variant goes without --output: `output-cv-<name>/` in the site folder."""
    return site / f"output-cv-{name}"


def build_variant(options: BuildOptions, name: str) -> VariantBuild:
    """The variant `name` of the site, its page and PDF in every language, written."""
    check_output_location(options.output, options.site)
    _refuse_whole_site(options)
    with output_lock(options.output):
        prepare_output(options.output, options.force)
        loaded = load(options.site, include_drafts=options.drafts, base_url=options.base_url)
        variant = find_variant(loaded, name)
        theme = site_theme(loaded, options.site)
        pages = _pages(loaded, theme, options.site, name)
        pdfs = _pdfs(loaded, theme, variant)
        files: dict[PurePosixPath, Source] = {**pages, **pdfs, **_static(theme)}
        write_site(options.output, files, force=options.force, locked=True)
    return VariantBuild(
        name,
        options.output,
        [p.as_posix() for p in pdfs],
        [p.as_posix() for p in pages],
        list(loaded.resumes),
    )


def _refuse_whole_site(options: BuildOptions) -> None:
    output = options.output.resolve()
    if output == (options.site / "output").resolve() or (output / WHOLE_SITE).is_file():
        raise BuildError(
            f"--output {short_path(options.output)} holds the whole site, which a build of one "
            "variant would replace: choose a folder of its own (the default is "
            "output-cv-<name>/)"
        )


def find_variant(loaded: Loaded, name: str) -> Variant:
    """The variant `name` of site.yaml; a UsageError naming those there are, if none."""
    variants = {variant.name: variant for variant in loaded.resume.config.variants}
    if name in variants:
        return variants[name]
    message = f"site.yaml has no variant named {shown(name)}"
    close = difflib.get_close_matches(name, list(variants), n=1)
    if close:
        raise UsageError(f"{message} (did you mean {shown(close[0])}?)")
    known = listed(variants) or "none; see docs/content.md, 'CV variants'"
    raise UsageError(f"{message} (variants: {known})")


def _pages(loaded: Loaded, theme: Theme, site: Path, name: str) -> dict[PurePosixPath, Source]:
    """The variant's page in each language, as the whole build renders it."""
    renderer = Renderer(loaded.resume, theme, site)
    renderer.use(loaded.resume, *loaded.translations.values())
    pages = [p for p in plan_pages(loaded.resumes) if p.variant and p.variant.name == name]
    return {routes.output_path(page.url): renderer.render_page(page)[0] for page in pages}


def _pdfs(loaded: Loaded, theme: Theme, variant: Variant) -> dict[PurePosixPath, Source]:
    if template_of(theme) is None:
        return {}
    return {
        PurePosixPath(pdf_name(resume, variant)): make_pdf(resume, theme, variant)
        for resume in loaded.resumes.values()
        if resume.config.pdf is not None
    }


def _static(theme: Theme) -> dict[PurePosixPath, Source]:
    return {
        routes.output_path(routes.theme_file(relative)): asset
        for relative, asset in theme_assets(theme).items()
    }
