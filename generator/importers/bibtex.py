"""`cvsite import bibtex FILE`: BibTeX entries into content/publications/<key>.md, one per paper.

Importing is idempotent and never destructive: a paper whose key (or URL name) the site
already has, from any file, is left alone, and no existing file is ever replaced, so hand
edits survive any number of imports. A broken entry is reported with its key and line and
the others still import.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import confined
from generator import urls as routes
from generator.content import bibread
from generator.content.reader import discover, read_bibtex, read_section
from generator.content.schema import Publication
from generator.content.textfile import read_text
from generator.errors import ContentError, ErrorCollector, UsageError
from generator.importers.sitefiles import create, front_matter
from generator.model.checks import file_refs, missing_files

log = logging.getLogger(__name__)

FOLDER = ("content", "publications")
FIRST = ("key", "title", "authors", "type")


@dataclass
class ImportReport:
    written: list[str] = field(default_factory=list)  # files made, relative to the site
    present: list[str] = field(default_factory=list)  # keys the site already had
    skipped: list[ContentError] = field(default_factory=list)


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
    """The fields to write, in reading order: key, title, authors and type first, the
    entry's BibTeX as written last."""
    data = publication.model_dump(mode="json", exclude_defaults=True)
    ordered = {name: data.pop(name) for name in FIRST if name in data}
    bibtex = {"bibtex": data.pop("bibtex")} if "bibtex" in data else {}
    return {**ordered, **data, **bibtex}


def _without_missing_files(
    publication: Publication, site: Path, record: bibread.BibRecord, display: str
) -> Publication:
    """pdf and slides paths that name no file in the site's content/ (they point into the
    .bib's owner's folders) are left out with a warning, as a build does for a .bib: in
    the imported Markdown, which is the user's own, they would stop the build."""
    content = site / "content"
    assets = {p.relative_to(content).as_posix() for p in _named_files(content, publication)}
    missing = missing_files(file_refs(publication), assets)
    for name, message in missing.items():
        field = record.fields.get(name)
        line = field.line if field else record.line
        where = f"{record.key}.{name}"
        log.warning("%s", ContentError(display, line, 1, where, f"{message}; left out"))
    return publication.model_copy(update=dict.fromkeys(missing)) if missing else publication


def _named_files(content: Path, publication: Publication) -> list[Path]:
    """The files in content/ that the paper's pdf and slides name (those that exist)."""
    paths = [content / value.lstrip("/") for value in file_refs(publication).values() if value]
    return [p for p in paths if p.is_file()]


def import_bibtex(source: Path, site: Path) -> ImportReport:
    if not (site / "site.yaml").is_file():
        raise UsageError(f"{site} has no site.yaml; run the import inside a cvsite site (--site)")
    display = str(source)
    parsed = bibread.parse(read_text(source, display), display)
    report = ImportReport(skipped=list(parsed.errors))
    folder = "/".join(FOLDER)
    confined.check(site, [f"{folder}/new.md"])  # before anything: a link out is refused
    taken = taken_names(site)
    for record in parsed.records:
        # `bibtex:` keeps the entry as written (braces that protect case, `--`) for the Cite
        # block; the other fields are decoded, to edit.
        publication, errors = bibread.validate_record(record, display)
        if publication is None:
            report.skipped.extend(errors)
            continue
        publication = _without_missing_files(publication, site, record, display)
        slug = routes.key_slug(record.key)
        if slug.casefold() in taken or record.key.casefold() in taken:
            report.present.append(record.key)
            continue
        path = f"{folder}/{slug}.md"
        if create(site, path, front_matter(entry_fields(publication))):
            report.written.append(path)
            taken.add(slug.casefold())
        else:
            report.present.append(record.key)
    return report
