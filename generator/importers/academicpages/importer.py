"""`cvsite import academicpages DIR`: the stages of an academicpages import, in order: the
author block of _config.yml, the four collections, a note for every other file, then
check and write."""

from __future__ import annotations

from pathlib import Path

from generator.errors import UsageError
from generator.importers.academicpages.collections import COLLECTIONS, import_collections
from generator.importers.academicpages.profile import import_profile
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.sitesource.folder import SourceFolder
from generator.importers.writing import import_site

# Other folders of an academicpages site, and why they are not imported.
OTHER_FOLDERS = {
    "_posts": "blog posts are not part of a cvsite site",
    "_pages": "the site's own pages (about, CV): import a CV with `cvsite import markdown`",
    "_data": "Jekyll's data (navigation)",
    "_drafts": "Jekyll drafts",
}


def import_academicpages(source: Path, site: Path, *, dry_run: bool = False) -> Report:
    """Import the academicpages site in `source` into `site`; with `dry_run`, write nothing."""
    folder = SourceFolder.open(source)
    if not folder.exists("_config.yml") and not any((source / n).is_dir() for n in COLLECTIONS):
        raise UsageError(
            f"{source}: not an academicpages site (no _config.yml, _publications/, _talks/, "
            "_teaching/ or _portfolio/); give the folder that holds _config.yml"
        )
    record = Imported("academicpages", source.resolve().name)
    report = record.report
    import_profile(folder, record, report)
    import_collections(folder, record)
    _other_files(folder, report)
    for path, why in folder.refused:
        report.leave("(file)", 0, why, path)
    return import_site(record, site, dry_run)


def _other_files(folder: SourceFolder, report: Report) -> None:
    for name, why in OTHER_FOLDERS.items():
        for path in folder.files(name, (".md", ".markdown", ".html")):
            report.leave("(file)", 0, f"not imported: {why}", path)
    missing = [name for name in COLLECTIONS if not (folder.root / name).is_dir()]
    if missing:
        report.notes.append(f"no {', '.join(missing)} in the source folder")
