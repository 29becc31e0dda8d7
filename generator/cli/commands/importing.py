"""`cvsite import FORMAT`: a CV kept elsewhere into a site's content, one table row per
format; each prints what it wrote and what it could not read."""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from pathlib import Path

from generator.cli.arguments import Commands, source_file, target_dir
from generator.cli.messages import print_problems
from generator.errors import EXIT_CONTENT, EXIT_OK, UsageError

AGAIN = (
    "Importing again changes nothing, and a file you edited is never replaced: the new "
    "version is written under imported/."
)
OPTIONS = {
    "--dry-run": {"action": "store_true", "help": "say what would be written, and write nothing"},
    "--base-url": {"metavar": "URL", "help": "where the site will be published (for site.yaml)"},
    "--name": {"metavar": "NAME", "help": "your name, when the résumé does not start with it"},
}


@dataclass(frozen=True)
class Format:
    """One `cvsite import` format: its help, its source (a file, or a site's folder), the
    importer (`module:function`) and the options after --site, in --help's order."""

    help: str
    description: str
    source_help: str
    importer: str
    options: tuple[str, ...] = ("--dry-run",)
    folder: bool = False
    site_help: str = "the site folder to make (default: .)"


def _site_folder(what: str, importer: str) -> Format:
    return Format(
        f"{what} into a site",
        f"Read {what} into content/: the owner's profile, publications, talks, teaching and "
        f"projects. Prints every input field and where it went, or why it was left. {AGAIN} "
        "See docs/importing.md.",
        "the site folder to import",
        importer,
        folder=True,
    )


FORMATS = {
    "bibtex": Format(
        "BibTeX entries into content/publications/<key>.md",
        "Add each entry of a .bib file as content/publications/<key>.md. A key the site has "
        "from elsewhere is left alone; importing again changes nothing, updates papers the "
        ".bib changed, and keeps your edits (the new version goes under imported/). In a "
        "folder that is not a site yet, a minimal site is made. Exits 1 only when nothing "
        "could be imported.",
        "the .bib file",
        "generator.importers.bibtex:import_bibtex",
        site_help="the site folder, holding site.yaml and content/ (default: .)",
    ),
    "jsonresume": Format(
        "a resume.json (JSON Resume) into a complete site",
        f"Make site.yaml and content/ from a JSON Resume document, every section and field "
        f"kept. {AGAIN}",
        "the resume.json file",
        "generator.importers.jsonresume:import_jsonresume",
        ("--base-url", "--dry-run"),
    ),
    "markdown": Format(
        "a résumé written as Markdown or plain text into a site",
        "Read a résumé written as Markdown or as plain text (as copied out of a PDF) into "
        "content/: the name and contact lines into profile.yaml, each section into its "
        "cvsite section, entries with their dates, places, highlights and tags. Prints where "
        "every line went; lines it cannot place go to entries' bodies or to a draft notes "
        f"page. {AGAIN} See docs/importing.md.",
        "the résumé (.md or .txt)",
        "generator.importers.markdown.importer:import_markdown",
        ("--dry-run", "--name"),
    ),
    "rendercv": Format(
        "a RenderCV YAML file into a site",
        "Read a RenderCV file (1.x or 2.x) into content/: cv's header into profile.yaml, each "
        "section into its cvsite section, design and locale into site.yaml where cvsite has "
        "a setting for them. Prints every field with its line and where it went or why it "
        f"was left. {AGAIN} See docs/importing.md.",
        "the RenderCV file (.yaml)",
        "generator.importers.rendercv.importer:import_rendercv",
    ),
    "hugoblox": _site_folder(
        "a Hugo Blox (Wowchemy, Hugo Academic) site folder",
        "generator.importers.hugoblox.importer:import_hugoblox",
    ),
    "academicpages": _site_folder(
        "an academicpages (Jekyll) site folder",
        "generator.importers.academicpages.importer:import_academicpages",
    ),
}


def add(commands: Commands) -> None:
    importer = commands.add_parser(
        "import",
        help="import a CV kept elsewhere (BibTeX, JSON Resume, Markdown, RenderCV, Hugo Blox, "
        "academicpages) into the site's content",
        description="Write entries from another format into content/, with a report of every "
        f"input field and where it went. {AGAIN}",
    )
    formats = importer.add_subparsers(dest="format", metavar="FORMAT", required=True)
    for name, form in FORMATS.items():
        parser = formats.add_parser(name, help=form.help, description=form.description)
        metavar = "DIR" if form.folder else "FILE"
        parser.add_argument("source", metavar=metavar, help=form.source_help)
        parser.add_argument("--site", default=".", metavar="DIR", help=form.site_help)
        for option in form.options:
            parser.add_argument(option, **OPTIONS[option])
        parser.set_defaults(func=cmd_import)


def cmd_import(args: argparse.Namespace) -> int:
    form = FORMATS[args.format]
    if not form.folder:
        source = source_file(args.source)
    elif Path(args.source).is_dir():
        source = Path(args.source)
    else:
        raise UsageError(f"{args.source}: no such folder")
    module, _, function = form.importer.partition(":")
    run = getattr(importlib.import_module(module), function)  # loaded only when it runs
    options = [option.removeprefix("--").replace("-", "_") for option in form.options]
    report = run(source, target_dir(args.site), **{o: getattr(args, o) for o in options})
    return finish(report, args.source, args.site, args.dry_run)


def finish(report, source: str, site: str, dry_run: bool) -> int:  # noqa: ANN001 - Report
    """The import's report printed; 0 when a site was written or had everything already,
    1 only when nothing could be written because everything was refused."""
    for line in report.lines(source, dry_run):
        print(line)
    print_problems(f"Skipped {len(report.skipped)} (fix them and import again):", report.skipped)
    if report.skipped and not report.files:
        return EXIT_CONTENT
    if not dry_run:
        print(f"Next: cvsite build --site {site}")
    return EXIT_OK
