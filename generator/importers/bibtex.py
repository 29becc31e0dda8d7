"""`cvsite import bibtex FILE`: BibTeX entries into content/publications/<key>.md, one per paper.

Importing is idempotent and never destructive. Each file written starts its front matter
with the import's marker line (sitefiles.py), so importing again goes through
sitefiles.decide/apply: a paper as the last import wrote it is updated when the .bib
changed, and one the user edited is kept, its new version written under imported/. A paper
whose key (or URL name) the site has from anywhere else (its own .bib, a YAML list, a file
without the marker) is left alone. A broken entry is reported with its key and line and the
others still import.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import confined
from generator import urls as routes
from generator.content import bibread
from generator.content.bibparse import BibRecord
from generator.content.reader import discover, read_bibtex, read_section
from generator.content.schema import Publication
from generator.content.textfile import read_text
from generator.errors import ContentError, ErrorCollector, UsageError
from generator.importers import plan
from generator.importers.report import Report
from generator.importers.sitefiles import front_matter, imported_by_cvsite, in_front_matter

FOLDER = ("content", "publications")
FIRST = ("key", "title", "authors", "type")


@dataclass
class ImportReport:
    written: list[str] = field(default_factory=list)  # files made or updated, in the site
    present: list[str] = field(default_factory=list)  # keys the site already had
    skipped: list[ContentError] = field(default_factory=list)
    fields: Report = field(default_factory=Report)  # every field and where it went; files
    beside: list[str] = field(default_factory=list)  # edited by the user: new version beside


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


def entry_fields(publication: Publication) -> dict[str, Any]:
    """The fields to write, in reading order: key, title, authors and type first."""
    data = publication.model_dump(mode="json", exclude_defaults=True, exclude={"bibtex"})
    ordered = {name: data.pop(name) for name in FIRST if name in data}
    return {**ordered, **data}


def import_bibtex(source: Path, site: Path, *, dry_run: bool = False) -> ImportReport:
    if not (site / "site.yaml").is_file():
        raise UsageError(f"{site} has no site.yaml; run the import inside a cvsite site (--site)")
    display = str(source)
    parsed = bibread.parse(read_text(source, display), display)
    report = ImportReport(skipped=list(parsed.errors))
    confined.check(site, [f"{'/'.join(FOLDER)}/new.md"])  # before anything: a link out is refused
    files, keys = _paper_files(parsed.records, site, source, report)
    outcomes = plan.write(site, files, dry_run)
    report.fields.files = outcomes
    for outcome, key in zip(outcomes, keys, strict=True):
        if outcome.action == "beside":
            report.beside.append(outcome.path)
        elif outcome.action not in ("write", "update"):
            report.present.append(key)
        elif not dry_run:
            report.written.append(outcome.path)
    return report


def _paper_files(
    records: list[BibRecord], site: Path, source: Path, report: ImportReport
) -> tuple[dict[str, str], list[str]]:
    """(path -> text, the key of each) for the papers to write: not those the site has from
    elsewhere, nor those that do not validate (reported)."""
    taken = taken_names(site)
    files: dict[str, str] = {}
    keys: list[str] = []
    for record in records:
        publication, errors = bibread.validate_record(record, str(source), with_bibtex=False)
        if publication is None:
            report.skipped.extend(errors)
            continue
        slug = routes.key_slug(record.key)
        path = f"{'/'.join(FOLDER)}/{slug}.md"
        elsewhere = slug.casefold() in taken or record.key.casefold() in taken
        if path in files or (elsewhere and not imported_by_cvsite(site / path)):
            report.present.append(record.key)
            report.fields.leave(record.key, record.line, "the site has this paper already")
            continue
        files[path] = in_front_matter(front_matter(entry_fields(publication)), source.name)
        keys.append(record.key)
        _report_fields(report.fields, record, path)
    return files, keys


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
