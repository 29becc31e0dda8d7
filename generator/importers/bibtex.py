"""`cvsite import bibtex FILE`: BibTeX entries into content/publications/<key>.md. A paper
the site has from elsewhere is left alone; a broken entry is reported and the others still
import; in a folder that is not a site yet, a minimal one is made, its owner the author
most papers name."""

from __future__ import annotations

import logging
from collections import Counter
from pathlib import Path

from generator import urls as routes
from generator.content import bibread
from generator.content.authors import ET_AL, without_titles
from generator.content.bibparse import BibRecord
from generator.content.discover import discover
from generator.content.reader import read_bibtex, read_section
from generator.content.schema import Publication
from generator.content.textfile import read_text
from generator.errors import ContentError, ErrorCollector
from generator.importers.importedfiles import imported_by_cvsite
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.writing import import_site
from generator.model.checks import file_refs, missing_files

log = logging.getLogger(__name__)

FOLDER = ("content", "publications")


def taken_names(site: Path) -> set[str]:
    """Case-folded keys and URL names of the site's publications, from every source."""
    ignored = ErrorCollector()  # a broken file elsewhere must not stop an import
    files = discover(site, ignored)
    entries = read_section(files, "publications", ignored) + read_bibtex(files, ignored)
    names: set[str] = set()
    for entry in entries:
        key = getattr(entry.data, "key", None)
        names.update(n.casefold() for n in (entry.data.slug, key, entry.stem) if n)
        if key:
            names.add(routes.key_slug(key).casefold())
    folder = site.joinpath(*FOLDER)
    if folder.is_dir():
        names.update(path.stem.casefold() for path in folder.glob("*.md"))
    return names


def _without_missing_files(
    publication: Publication, site: Path, record: bibread.BibRecord, display: str
) -> Publication:
    """pdf and slides paths that name no file in the site's content/ (they point into the
    .bib's owner's folders) are left out with a warning, as a build does for a .bib: in
    the imported Markdown, which is the user's own, they would stop the build."""
    content = site / "content"
    named = [content / value.lstrip("/") for value in file_refs(publication).values() if value]
    assets = {p.relative_to(content).as_posix() for p in named if p.is_file()}
    missing = missing_files(file_refs(publication), assets)
    for name, message in missing.items():
        field = record.fields.get(name)
        line = field.line if field else record.line
        where = f"{record.key}.{name}"
        log.warning("%s", ContentError(display, line, 1, where, f"{message}; left out"))
    return publication.model_copy(update=dict.fromkeys(missing)) if missing else publication


def import_bibtex(source: Path, site: Path, *, dry_run: bool = False) -> Report:
    display = str(source)
    parsed = bibread.parse(read_text(source, display), display)
    record = Imported("bibtex", source.name, profile=None)
    record.report.skipped += parsed.errors
    authors = _papers(parsed.records, site, source, record)
    if not (site / "site.yaml").exists():
        owner = authors.most_common(1)[0][0] if authors else None
        record.profile = {"name": owner or "Your Name"}
        record.report.notes.append(
            f"{site} was not a site: a minimal one is made, its owner {owner or 'Your Name'!r} "
            "(the author most entries name); set your name in content/profile.yaml"
        )
    return import_site(record, site, dry_run)


def _papers(records: list[BibRecord], site: Path, source: Path, record: Imported) -> Counter[str]:
    """A page for each paper: not those the site has from elsewhere, nor those that do not
    validate (reported). How many papers name each author (the owner names the most)."""
    authors: Counter[str] = Counter()
    taken = taken_names(site)
    report = record.report
    for entry in records:
        # `bibtex:` keeps the entry as written (braces that protect case, `--`) for the Cite
        # block; the other fields are decoded, to edit.
        publication, errors = bibread.validate_record(entry, str(source))
        if publication is None:
            report.skipped.extend(errors)
            continue
        publication = _without_missing_files(publication, site, entry, str(source))
        # Each author once per paper, in the paper's order: of owners named equally often,
        # the first named wins whatever the hash seed (a set's order is the seed's).
        names = dict.fromkeys(without_titles(a.rstrip("*†‡")) for a in publication.authors)
        authors.update(name for name in names if name != ET_AL)  # `and others`: nobody
        slug = routes.key_slug(entry.key)
        path = f"{'/'.join(FOLDER)}/{slug}.md"
        elsewhere = slug.casefold() in taken or entry.key.casefold() in taken
        if slug in record.taken("publications") or (
            elsewhere and not imported_by_cvsite(site / path)
        ):
            report.leave(entry.key, entry.line, "the site has this paper already")
            continue
        fields = publication.model_dump(mode="json", exclude_defaults=True)
        if "bibtex" in fields:  # the entry as written goes last (checking puts the title first)
            fields["bibtex"] = fields.pop("bibtex")
        record.add_paged("publications", slug, fields)
        record.assets.update(dict.fromkeys(_site_files(publication)))
        _report_fields(report, entry, path)
    return authors


def _site_files(publication: Publication) -> list[str]:
    """The site's own files the paper names (its PDF, its slides), as they will be."""
    return [f"content/{value.lstrip('/')}" for value in file_refs(publication).values() if value]


def _report_fields(report: Report, record: BibRecord, path: str) -> None:
    """Each field of the record with the front-matter field it went to, or why not."""
    origin = bibread.publication_input(record).origin
    targets: dict[str, list[str]] = {}
    for target, bib_field in origin.items():
        targets.setdefault(bib_field, []).append(target)
    report.place(f"{record.key}.key", record.line, f"{path}.key")
    for name, value in record.fields.items():
        where = ", ".join(f"{path}.{t}" for t in targets.get(name, []))
        if where:
            report.place(f"{record.key}.{name}", value.line, where)
        else:
            report.leave(f"{record.key}.{name}", value.line, "cvsite has no field for it")
