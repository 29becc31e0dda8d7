"""The one back end of every import: the record checked value by value (checking.py), laid
out as files, loaded as a site before anything is written (what is written must build),
and written through importedfiles.decide/apply."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from generator.content.authors import without_titles
from generator.content.schema import SiteConfig
from generator.errors import BuildError, ContentErrors, UsageError
from generator.importers import importedfiles
from generator.importers.checking import checked_entry, checked_profile
from generator.importers.record import Entry, Imported
from generator.importers.report import Report

PLACEHOLDER_BASE_URL = "https://example.com/"


def import_site(imported: Imported, site: Path, dry_run: bool) -> Report:
    """Check, lay out, load and write `imported` into `site`; the report says what became
    of each file (with `dry_run`, what would)."""
    if site.exists() and not site.is_dir():
        raise UsageError(f"--site {site}: not a folder")
    files = files_of(imported, site)
    check_loads(files, imported.assets)
    for relative, source in imported.assets.items():  # the files the entries name, to copy
        if source is not None and source.is_file() and not source.is_symlink():
            files[relative] = source.read_bytes()
    imported.report.files = importedfiles.decide(site, files)
    if not dry_run:
        importedfiles.apply(site, imported.report.files, files)
    return imported.report


def files_of(imported: Imported, site: Path) -> dict[str, str | bytes]:
    """Every file's text, checked, with the import's marker line."""
    report, origin = imported.report, imported.origin
    files: dict[str, str | bytes] = {}
    if imported.profile is not None:
        where = profile_file(site)
        profile = checked_profile(imported.profile, imported.profile_origin, report, where)
        files["site.yaml"] = site_yaml(imported, profile["name"])
        files[where] = importedfiles.marked(importedfiles.to_yaml(profile), origin)
    elif not (site / "site.yaml").exists():
        raise UsageError(f"{site} has no site.yaml; run the import inside a cvsite site (--site)")
    for section, entries in imported.sections.items():
        files.update(_section_files(section, entries, origin, report))
    for path, text in imported.texts.items():
        files[path] = importedfiles.marked(text, origin)
    return files


def _section_files(section: str, entries: list[Entry], origin: str, report: Report) -> dict:
    """content/<section>.yaml for the listed entries, a page for each of the others; when a
    section has both, every entry gets a weight so that the source's order stays."""
    files: dict[str, str] = {}
    listed: list[dict[str, Any]] = []
    mixed = any(e.slug for e in entries) and any(e.slug is None for e in entries)
    for position, entry in enumerate(entries):
        if mixed:
            entry.fields["weight"] = position
        if entry.slug is None:
            where = f"content/{section}.yaml[{len(listed)}]"
            listed.append(checked_entry(section, entry, where, report))
            continue
        where = f"content/{section}/{entry.slug}.md"
        fields = checked_entry(section, entry, where, report)
        body = fields.pop("body", "")
        text = importedfiles.front_matter(fields, body.rstrip("\n") + "\n" if body else "")
        files[where] = importedfiles.marked(text, origin)
    if listed:
        files[f"content/{section}.yaml"] = importedfiles.marked(
            importedfiles.to_yaml(listed), origin
        )
    return files


def site_yaml(imported: Imported, name: str) -> str:
    """site.yaml: the title, a placeholder base URL, the owner highlighted among authors,
    the menu in the source's order with the CV, and the settings the source gives."""
    owner = without_titles(imported.owner or name)
    aliases = sorted({a for a in imported.aliases if a != owner})
    nav: list[Any] = []
    for section in imported.sections:
        label = imported.labels.get(section)
        if label and label != section.replace("-", " ").capitalize():
            nav.append({"section": section, "label": label})
        else:
            nav.append(section)
    values: dict[str, Any] = {
        "title": name,
        "base_url": PLACEHOLDER_BASE_URL,
        "language": "en",
        "theme": "meridian",
        "highlight_author": {"name": owner, "aliases": aliases} if aliases else owner,
        "nav": [*nav, "cv"],
        **imported.settings,
    }
    SiteConfig.model_validate(values)
    note = (
        f"# Made by `cvsite import {imported.kind}` from {imported.origin}. Set base_url to "
        "where the site is published.\n"
    )
    return note + importedfiles.to_yaml(values)


def check_loads(files: dict[str, str | bytes], assets: dict[str, Path | None]) -> None:
    """Load the files made as a site of their own: what is written must build. The files
    the entries name are there (empty) as they will be in the site."""
    from generator.model.resume import load

    with tempfile.TemporaryDirectory(prefix="cvsite-import-") as scratch:
        root = Path(scratch)
        stand_ins = dict.fromkeys(assets, b"")
        if not any(name.startswith("content/profile.") for name in files):
            stand_ins["content/profile.yaml"] = b"name: Stand-in\n"
        if "site.yaml" not in files:
            stand_ins["site.yaml"] = b"title: t\nbase_url: https://example.com/\n"
        for relative, text in {**stand_ins, **files}.items():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        try:
            load(root)
        except ContentErrors as exc:
            raise BuildError(
                "the imported content does not load (a bug in the importer):\n"
                + "\n".join(str(e) for e in exc.errors)
            ) from None


def profile_file(site: Path) -> str:
    """The site's profile file: profile.yml when the site has one (a profile.yaml beside it
    would be a second profile), else profile.yaml."""
    if (site / "content" / "profile.yml").exists():
        return "content/profile.yml"
    return "content/profile.yaml"


def existing_name(site: Path) -> str | None:
    """The name in the site's profile, if it has one (read as text: the file may be broken)."""
    for name in ("profile.yaml", "profile.yml"):
        profile = site / "content" / name
        if profile.is_file() and not profile.is_symlink():
            text = profile.read_text(encoding="utf-8", errors="replace")
            match = re.search(r"^name:\s*(.+)$", text, re.M)
            if match:
                return match.group(1).strip().strip("'\"")
    return None


def fallback_name(source: Path) -> str:
    """ "Silin Zhao" from resume-silin-zhao.txt: a name for a source that does not give one."""
    words = r"(?i)\b(?:resume|résumé|cv|curriculum[ _-]?vitae|readme|final|en|de)\b"
    stem = re.sub(words, " ", source.stem.replace("_", " ").replace("-", " "))
    words = [w for w in stem.split() if w.isalpha()]
    return " ".join(w.capitalize() for w in words[:4]) or "Your Name"
