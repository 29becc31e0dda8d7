"""`cvsite import hugoblox DIR`: the stages of a Hugo Blox import, in order: read the
authors and find the owner, the profile and résumé sections, the pages (publications,
talks, projects), the courses, a note for every other file, then check and write."""

from __future__ import annotations

from pathlib import Path

from generator.errors import UsageError
from generator.importers.hugoblox import author, courses, home, pages
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.sitesource.folder import SourceFolder
from generator.importers.writing import import_site

# Content folders that are not imported, and why (anything else: "no cvsite section").
OTHER_CONTENT = {
    "post": "blog posts are not part of a cvsite site",
    "blog": "blog posts are not part of a cvsite site",
    "slides": "a Hugo slide deck",
    "home": "a home-page widget (hero, about, contact…): only lays out the home page",
    "authors": "another author's page (their name is used in author lists)",
}
LANDING = "a Hugo Blox landing page: its blocks show the author file and sections imported"


def import_hugoblox(source: Path, site: Path, *, dry_run: bool = False) -> Report:
    """Import the Hugo Blox site in `source` into `site`; with `dry_run`, write nothing."""
    folder = SourceFolder.open(source)
    if not folder.files("content", (".md",)) and not folder.files("data/authors", (".yaml",)):
        raise UsageError(
            f"{source}: not a Hugo Blox site (no content/*.md and no data/authors/*.yaml); "
            "give the folder that holds content/"
        )
    record = Imported("hugoblox", source.resolve().name)
    report = record.report
    people = _owner(folder, record, report)
    pages.import_pages(folder, record, report, people)
    courses.import_courses(folder, record, report)
    read = home.import_widgets(folder, record, report) | home.import_landing(folder, record, report)
    _other_files(folder, report, read)
    for path, why in folder.refused:
        report.leave("(file)", 0, why, path)
    return import_site(record, site, dry_run)


def _owner(folder: SourceFolder, record: Imported, report: Report) -> author.People:
    """The owner's profile; user name -> name as written in author lists, for every author."""
    found = author.authors(folder)
    owner = author.owner_of(found)
    names = {a.username: a.name for a in found}
    if owner is None:
        report.notes.append(
            "no author file marks the site's owner (is_owner: true) and there is not exactly "
            "one: the profile's name is 'Your Name'; set it in content/profile.yaml"
        )
        record.profile["name"] = "Your Name"
        return author.People(names)
    author.profile(owner, record, report)
    names[owner.username] = record.owner
    for other in found:
        if other is not owner:
            why = f"another author ({other.name}): their name is used in author lists"
            report.leave("(file)", 0, why, other.path)
    return author.People(names, record.owner)


def _other_files(folder: SourceFolder, report: Report, read: set[str]) -> None:
    """A line in the report for every content file no stage read."""
    imported = ("publication", "event", "talk", "project", "courses")
    for path in folder.files("content", (".md", ".markdown", ".html")):
        top = path.split("/")[1] if path.count("/") > 1 else ""
        if top.startswith(imported) or (top == "authors" and path.count("/") == 3) or path in read:
            continue
        if top == "authors":
            why = "Hugo's settings for author pages"
        elif not top:
            why = LANDING
        else:
            why = OTHER_CONTENT.get(top, "a page cvsite has no section for")
        report.leave("(file)", 0, f"not imported: {why}", path)
