"""What every importer does once it knows the content: check each value with cvsite's own
models, lay the entries out as files, load those files as a site, and write them through
sitefiles.decide/apply (or, with --dry-run, only decide).

An entry with a `body` gets a page and is written as `content/<section>/<slug>.md`; the
others of its section stay in `content/<section>.yaml`. A value a model refuses is moved
into the entry's body and reported, never dropped: the imported site always builds.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from generator import urls as routes
from generator.content.schema import Profile, model_for
from generator.errors import BuildError, ContentErrors
from generator.importers import sitefiles
from generator.importers.sitefiles import front_matter, to_yaml
from generator.markdown.renderer import MarkdownProblem, MarkdownRenderer, UnsafeUrl

# Markdown fields of an entry (checked for unsafe links and raw HTML before writing).
MARKDOWN_FIELDS = ("summary", "body", "abstract")
MARKDOWN_LISTS = ("highlights",)
_HTML_TAG = re.compile(r"<(?=[A-Za-z/!?])")
_MARKDOWN_MARK = re.compile(r"[\\`*_{}\[\]()>#+\-.!|]")  # what a backslash makes plain text
_TITLE_FIELDS = ("title", "position", "degree", "course")


# --- checking values with cvsite's models ----------------------------------------------------


def title_of(entry: dict) -> str:
    for key in _TITLE_FIELDS:
        if entry.get(key):
            return str(entry[key])
    return "entry"


def safe_markdown(text: str, where: str, moved: list[str]) -> str:
    """Text as Markdown that shows what was written: raw HTML escaped (whatever the site's
    `unsafe_html`), and a link with an unsafe scheme written out rather than linked."""
    if _HTML_TAG.search(text):
        text = _HTML_TAG.sub("&lt;", text)
        moved.append(f"{where}: HTML written as text")
    try:
        MarkdownRenderer().block(text)
    except UnsafeUrl:
        text = text.replace("[", "\\[").replace("](", "\\](").replace("<", "&lt;")
        moved.append(f"{where}: a link with an unsafe URL scheme, written as text")
    except MarkdownProblem:  # a fenced code option, or Markdown too costly to read
        text = _MARKDOWN_MARK.sub(r"\\\g<0>", text)
        moved.append(f"{where}: Markdown the site would refuse, written as text")
    return text


def checked_profile(fields: dict[str, Any], moved: list[str]) -> dict[str, Any]:
    """The profile with every field cvsite's model refuses taken out (and reported)."""
    profile = {k: v for k, v in fields.items() if v not in (None, "", [], {})}
    if "summary" in profile:
        profile["summary"] = safe_markdown(profile["summary"], "profile.summary", moved)
    for _ in range(20):  # each pass drops one refused field
        try:
            Profile.model_validate(profile)
            return profile
        except ValidationError as exc:
            drop_refused(profile, exc, "profile", moved)
    return {"name": profile["name"]}


def checked_entry(section: str, fields: dict[str, Any], moved: list[str]) -> dict:
    """The entry as the section's model accepts it: Markdown made safe, and a refused value
    moved into the body with a line in `moved`."""
    entry = {k: v for k, v in fields.items() if v not in (None, "", [], {})}
    where = f"{section}: {title_of(entry)}"
    for key in MARKDOWN_FIELDS:
        if isinstance(entry.get(key), str):
            entry[key] = safe_markdown(entry[key], f"{where}: {key}", moved)
    for key in MARKDOWN_LISTS:
        if isinstance(entry.get(key), list):
            entry[key] = [safe_markdown(v, f"{where}: {key}", moved) for v in entry[key]]
    if isinstance(entry.get("thesis"), dict):
        thesis = entry["thesis"]
        if "summary" in thesis:
            thesis["summary"] = safe_markdown(thesis["summary"], f"{where}: thesis", moved)
    model = model_for(section)
    for _ in range(20):
        try:
            model.model_validate(entry)
            return entry
        except ValidationError as exc:
            drop_refused(entry, exc, where, moved, to_body=True)
    raise BuildError(f"{where}: the importer made an entry cvsite refuses: {entry}")


def drop_refused(
    data: dict, exc: ValidationError, where: str, moved: list[str], to_body: bool = False
) -> None:
    """Take out the first field a model refuses, saying so in `moved`; with `to_body`, the
    entry keeps the value in its body, as a paragraph of its own."""
    error = exc.errors(include_url=False)[0]
    loc = [str(part) for part in error["loc"] if not isinstance(part, int)]
    key = loc[0] if loc else (error.get("ctx") or {}).get("field")
    if key is None or key not in data:
        # A rule about the whole entry (an end before its start): drop the dates.
        key = next((k for k in ("end", "start", "date") if k in data), None)
        if key is None:
            raise BuildError(f"{where}: {error['msg']}")
    value = data.pop(key)
    kept = "kept in the body" if to_body else "left out"
    moved.append(f"{where}: {key} {value!r} refused ({error['msg']}); {kept}")
    if to_body:
        data["body"] = f"{data.get('body', '')}\n\n{key}: {value}\n".lstrip("\n")


# --- files -----------------------------------------------------------------------------------


def marked_yaml(data: Any, origin: str) -> str:
    return sitefiles.marked(to_yaml(data), origin)


def section_files(
    section: str, entries: list[dict], origin: str
) -> tuple[dict[str, str], list[str]]:
    """(files, where each entry went): a YAML list, and a Markdown file for each entry with
    a body (it gets a page). When a section has both, every entry gets a weight so that the
    order written stays."""
    files: dict[str, str] = {}
    places: list[str] = []
    listed = [e for e in entries if "body" not in e]
    if listed and len(listed) < len(entries):
        for position, entry in enumerate(entries):
            entry["weight"] = position
    taken: set[str] = set()
    for entry in entries:
        if "body" in entry:
            slug = routes.unique_slug(routes.slugify(title_of(entry), "entry"), taken)
            relative = f"content/{section}/{slug}.md"
            body = entry.pop("body")
            text = front_matter(entry, body if body.endswith("\n") else body + "\n")
            files[relative] = sitefiles.in_front_matter(text, origin)
            places.append(relative)
        else:
            places.append(f"content/{section}.yaml[{listed.index(entry)}]")
    if listed:
        files[f"content/{section}.yaml"] = marked_yaml(listed, origin)
    return files, places


def check_loads(files: dict[str, str]) -> None:
    """Load the files made as a site of their own: what is written must build."""
    from generator.model.resume import load

    with tempfile.TemporaryDirectory(prefix="cvsite-import-") as scratch:
        root = Path(scratch)
        for relative, text in files.items():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        try:
            load(root)
        except ContentErrors as exc:
            raise BuildError(
                "the imported content does not load (a bug in the importer):\n"
                + "\n".join(str(e) for e in exc.errors)
            ) from None


def write(site: Path, files: dict[str, str], dry_run: bool) -> list[sitefiles.Outcome]:
    """Decide for every file (refusing a path that leads out of the site before anything is
    written), then write unless `dry_run`."""
    outcomes = sitefiles.decide(site, files)
    if not dry_run:
        sitefiles.apply(site, outcomes, files)
    return outcomes


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


def nav_items(sections: Iterable[tuple[str, str]]) -> list[Any]:
    """site.yaml's nav for (section, heading) pairs: the heading as the menu label when it
    differs from the title cvsite makes of the section's name."""
    nav: list[Any] = []
    for section, heading in sections:
        if heading and heading != section.replace("-", " ").capitalize():
            nav.append({"section": section, "label": heading})
        else:
            nav.append(section)
    return [*nav, "cv"]
