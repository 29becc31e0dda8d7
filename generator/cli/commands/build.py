"""`cvsite build` and `cvsite check`: a site built into its output folder, or into a
scratch folder whose every link is checked."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.cli.arguments import Commands, add_site, site_dir
from generator.confined import resolved
from generator.errors import EXIT_CONTENT, EXIT_OK


def add(commands: Commands) -> None:
    check = commands.add_parser(
        "check",
        help="validate the content, then check every link of a build",
        description="Validate site.yaml and content/, build the site in a scratch folder and "
        "check every internal link. Prints each problem (content errors as file:line:column), "
        "or one OK line.",
    )
    add_site(check)
    check.add_argument("--drafts", action="store_true", help="include draft entries")
    check.set_defaults(func=cmd_check)
    build = commands.add_parser(
        "build",
        help="build the site into output/",
        description="Build the site: read and check content/, render every page with the "
        "theme, and replace the output folder in one step (a failed build leaves it as it was).",
    )
    add_site(build)
    build.add_argument(
        "--output",
        metavar="DIR",
        help="where to write the site (default: output/ in the site folder)",
    )
    build.add_argument(
        "--base-url", metavar="URL", help="publish address, overriding site.yaml's base_url"
    )
    build.add_argument("--drafts", action="store_true", help="include draft entries")
    build.add_argument(
        "--force",
        action="store_true",
        help="build even when nothing changed, and replace an output folder that cvsite did "
        "not create",
    )
    build.add_argument(
        "--variant",
        metavar="NAME",
        help="build only the CV variant NAME of site.yaml (its page and PDF), into a folder "
        "of its own (default: output-cv-NAME/ in the site folder)",
    )
    build.set_defaults(func=cmd_build)


def cmd_check(args: argparse.Namespace) -> int:
    import tempfile

    from generator.site import stamp
    from generator.site.build import BuildOptions, render_site
    from generator.site.linkcheck import check_links
    from generator.site.writer import write_site
    from generator.urls import base_path

    site = site_dir(args.site)
    with tempfile.TemporaryDirectory(prefix="cvsite-check-") as scratch:
        output = Path(scratch) / "site"
        # The site's cache, as `cvsite build` uses it: compiled templates and rendered
        # Markdown (a pre-commit hook runs this at every commit).
        options = BuildOptions(site, output, drafts=args.drafts, cache_dir=stamp.cache_dir(site))
        rendered = render_site(options)
        write_site(output, rendered.files)
        resume = rendered.loaded.resume
        broken = check_links(output, base_path(resume.config.base_url))
    if broken:
        for link in broken:
            print(f"broken link: {link}", file=sys.stderr)
        print(f"{len(broken)} broken links found.", file=sys.stderr)
        return EXIT_CONTENT
    print(_check_summary(rendered))
    _print_fallbacks(rendered.loaded)
    return EXIT_OK


def _check_summary(rendered) -> str:  # noqa: ANN001 - site.build.RenderedSite
    resume = rendered.loaded.resume
    counts = ", ".join(f"{s.name} {len(s.items)}" for s in resume.sections)
    total = sum(len(s.items) for s in resume.sections)
    languages = rendered.loaded.resumes
    where = f" in {len(languages)} languages ({', '.join(languages)})" if len(languages) > 1 else ""
    return (
        f"OK: {len(resume.sections)} sections, {total} entries ({counts}), "
        f"{len(resume.tags)} tags; {len(rendered.pages)} pages{where}, no broken links"
    )


def _print_fallbacks(loaded) -> None:  # noqa: ANN001 - model.Loaded
    """Each value a language shows in the default language, for lack of a translation."""
    from generator.site.build import fallback_counts
    from generator.site.stamp import describe_fallbacks

    counts = fallback_counts(loaded)
    lines = describe_fallbacks(counts, loaded.resume.language)
    for line, code in zip(lines, counts, strict=True):
        print(line + ":")
        found = set(loaded.translations[code].fallbacks)
        for fallback in sorted(found, key=lambda f: (f.file, f.line, f.field)):
            print(f"  {fallback}")


def cmd_build(args: argparse.Namespace) -> int:
    from generator.site import stamp

    started = time.perf_counter()
    site = site_dir(args.site)
    if args.variant is not None:
        print(_build_variant(args, site).summary())
        return EXIT_OK
    output = resolved(Path(args.output) if args.output else site / "output")
    # Checked before anything heavy is imported: an unchanged site costs a few file stats.
    unchanged = None if args.force else stamp.unchanged(site, output, args.base_url, args.drafts)
    if unchanged is not None:
        print(stamp.describe(unchanged, time.perf_counter() - started, output))
        return EXIT_OK
    from generator.site.build import BuildOptions, build

    cache = stamp.cache_dir(site)
    options = BuildOptions(site, output, args.base_url, args.drafts, args.force, cache_dir=cache)
    print(build(options).summary())
    return EXIT_OK


def _build_variant(args: argparse.Namespace, site: Path):  # noqa: ANN202 - VariantBuild
    """`--variant NAME`: that CV alone, never into output/ (see site/variantbuild.py)."""
    from generator.content.schema import is_variant_name
    from generator.errors import UsageError, shown
    from generator.site.build import BuildOptions
    from generator.site.variantbuild import build_variant, default_output

    if not is_variant_name(args.variant):  # before it names a folder
        raise UsageError(f"--variant {shown(args.variant)}: site.yaml has no such variant")
    output = Path(args.output) if args.output else default_output(site, args.variant)
    options = BuildOptions(site, resolved(output), args.base_url, args.drafts, args.force)
    return build_variant(options, args.variant)
