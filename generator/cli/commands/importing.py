"""`cvsite import`: a .bib file, a JSON Resume or a résumé written as Markdown, into a
site's content; each prints what it wrote and what it could not read."""

from __future__ import annotations

import argparse

from generator.cli.arguments import Commands, add_site, source_file, target_dir
from generator.cli.commands import importsites
from generator.cli.commands.importreport import finish


def add(commands: Commands) -> None:
    importer = commands.add_parser(
        "import",
        help="import a CV kept elsewhere (BibTeX, JSON Resume, Markdown, RenderCV, Hugo Blox, "
        "academicpages) into the site's content",
        description="Write entries from another format into content/, with a report of every "
        "input field and where it went. Importing again changes nothing, and a file you "
        "edited is never replaced: the new version is written under imported/.",
    )
    formats = importer.add_subparsers(dest="format", metavar="FORMAT", required=True)
    _add_bibtex(formats)
    _add_jsonresume(formats)
    _add_markdown(formats)
    _add_rendercv(formats)
    importsites.add(formats)  # hugoblox, academicpages


def _add_bibtex(formats: Commands) -> None:
    bibtex = formats.add_parser(
        "bibtex",
        help="BibTeX entries into content/publications/<key>.md",
        description="Add each entry of a .bib file as content/publications/<key>.md. A key "
        "the site has from elsewhere is left alone; importing again changes nothing, updates "
        "papers the .bib changed, and keeps your edits (the new version goes under "
        "imported/). In a folder that is not a site yet, a minimal site is made. Exits 1 "
        "only when nothing could be imported.",
    )
    bibtex.add_argument("file", metavar="FILE", help="the .bib file")
    add_site(bibtex)
    bibtex.add_argument(
        "--dry-run", action="store_true", help="say what would be written, and write nothing"
    )
    bibtex.set_defaults(func=cmd_import_bibtex)


def _add_jsonresume(formats: Commands) -> None:
    jsonresume = formats.add_parser(
        "jsonresume",
        help="a resume.json (JSON Resume) into a complete site",
        description="Make site.yaml and content/ from a JSON Resume document, every section "
        "and field kept. Importing again changes nothing, and a file you edited is never "
        "replaced: the new version is written under imported/.",
    )
    jsonresume.add_argument("file", metavar="FILE", help="the resume.json file")
    jsonresume.add_argument(
        "--site", default=".", metavar="DIR", help="the site folder to make (default: .)"
    )
    jsonresume.add_argument(
        "--base-url", metavar="URL", help="where the site will be published (for site.yaml)"
    )
    jsonresume.add_argument(
        "--dry-run", action="store_true", help="say what would be written, and write nothing"
    )
    jsonresume.set_defaults(func=cmd_import_jsonresume)


def _add_markdown(formats: Commands) -> None:
    markdown = formats.add_parser(
        "markdown",
        help="a résumé written as Markdown or plain text into a site",
        description="Read a résumé written as Markdown or as plain text (as copied out of a "
        "PDF) into content/: the name and contact lines into profile.yaml, each section "
        "into its cvsite section, entries with their dates, places, highlights and tags. "
        "Prints where every line went; lines it cannot place go to entries' bodies or to "
        "a draft notes page. Importing again changes nothing, and a file you edited is "
        "never replaced: the new version is written under imported/. See docs/importing.md.",
    )
    markdown.add_argument("file", metavar="FILE", help="the résumé (.md or .txt)")
    markdown.add_argument(
        "--site", default=".", metavar="DIR", help="the site folder to make (default: .)"
    )
    markdown.add_argument(
        "--dry-run", action="store_true", help="say what would be written, and write nothing"
    )
    markdown.add_argument(
        "--name", metavar="NAME", help="your name, when the résumé does not start with it"
    )
    markdown.set_defaults(func=cmd_import_markdown)


def _add_rendercv(formats: Commands) -> None:
    rendercv = formats.add_parser(
        "rendercv",
        help="a RenderCV YAML file into a site",
        description="Read a RenderCV file (1.x or 2.x) into content/: cv's header into "
        "profile.yaml, each section into its cvsite section, design and locale into "
        "site.yaml where cvsite has a setting for them. Prints every field with its line "
        "and where it went or why it was left. Importing again changes nothing, and a file "
        "you edited is never replaced: the new version is written under imported/. See "
        "docs/importing.md.",
    )
    rendercv.add_argument("file", metavar="FILE", help="the RenderCV file (.yaml)")
    rendercv.add_argument(
        "--site", default=".", metavar="DIR", help="the site folder to make (default: .)"
    )
    rendercv.add_argument(
        "--dry-run", action="store_true", help="say what would be written, and write nothing"
    )
    rendercv.set_defaults(func=cmd_import_rendercv)


def cmd_import_rendercv(args: argparse.Namespace) -> int:
    from generator.importers.rendercv.importer import import_rendercv

    report = import_rendercv(source_file(args.file), target_dir(args.site), dry_run=args.dry_run)
    return finish(report, args.file, args.site, args.dry_run)


def cmd_import_bibtex(args: argparse.Namespace) -> int:
    from generator.importers.bibtex import import_bibtex

    report = import_bibtex(source_file(args.file), target_dir(args.site), dry_run=args.dry_run)
    return finish(report, args.file, args.site, args.dry_run)


def cmd_import_jsonresume(args: argparse.Namespace) -> int:
    from generator.importers.jsonresume import import_jsonresume

    report = import_jsonresume(
        source_file(args.file), target_dir(args.site), args.base_url, dry_run=args.dry_run
    )
    return finish(report, args.file, args.site, args.dry_run)


def cmd_import_markdown(args: argparse.Namespace) -> int:
    from generator.importers.markdown.importer import import_markdown

    report = import_markdown(
        source_file(args.file), target_dir(args.site), dry_run=args.dry_run, name=args.name
    )
    return finish(report, args.file, args.site, args.dry_run)
