"""The site's owner, from Hugo Blox's author file (`data/authors/<name>.yaml`, or the older
`content/authors/<name>/_index.md` front matter): the profile, and the résumé sections the
author file holds (education, experience, skills, languages, awards)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.importers.hugoblox import resume
from generator.importers.hugoblox.links import ICON_REASON, links
from generator.importers.hugoblox.shortcodes import Converter
from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.sitesource.folder import SourceFolder, truthy
from generator.importers.sitesource.markup import plain, safe_url
from generator.importers.sitesource.trail import Taking, line_finder

PROFILE = "content/profile.yaml"
_HUGO_ONLY = {
    "schema": "the file's Hugo Blox schema version",
    "slug": "the author's user name (publications name the owner by it)",
    **dict.fromkeys(("is_owner", "superuser"), "marks the site's owner (this file)"),
    "status": "an emoji status, which cvsite does not show",
    "highlight_name": "cvsite highlights the owner in author lists (site.yaml highlight_author)",
    "user_groups": "Hugo's grouping of people pages",
    "avatar": "an image: copy it into content/ and set the profile's avatar",
    **dict.fromkeys(("_build", "build"), "Hugo's build setting for the page"),
    "cascade": "Hugo's settings for pages below",
    **dict.fromkeys(("icon", "icon_pack"), ICON_REASON),
    **dict.fromkeys(("color", "color_border"), "a colour of Hugo Blox's design"),
    "description": "empty in the source",
}
NOT_CVSITE = "not a field cvsite has"


@dataclass
class Author:
    """An author file: its place in the source, user name, data and body."""

    path: str
    username: str
    data: dict[str, Any]
    document: Any
    body: str = ""
    body_line: int = 1

    @property
    def owner(self) -> bool:
        return truthy(self.data.get("is_owner")) or truthy(self.data.get("superuser"))

    @property
    def name(self) -> str:
        name = self.data.get("name")
        if isinstance(name, dict):
            given = " ".join(str(name.get(k) or "") for k in ("given", "family")).strip()
            return str(name.get("display") or given or self.username)
        if isinstance(name, str) and name.strip():
            return name.strip()
        return str(self.data.get("title") or self.username)


@dataclass(frozen=True)
class People:
    """How author lists name people: user name (`me`) -> name, and the owner's name."""

    names: dict[str, str]
    owner: str | None = None

    def name(self, value: object) -> str:
        return self.names.get(str(value), plain(str(value)))


def authors(folder: SourceFolder) -> list[Author]:
    """Every author file, new layout and old."""
    found = []
    for path in folder.files("data/authors", (".yaml", ".yml")):
        document = folder.yaml(path)
        if document is not None and isinstance(document.data, dict):
            stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            found.append(Author(path, stem, document.data, document))
    for path in folder.files("content/authors", ("_index.md", "index.md")):
        parts = path.split("/")
        page = folder.page(path) if len(parts) == 4 else None
        if page is not None:
            found.append(
                Author(path, parts[2], page.meta, page.document, page.body, page.body_line)
            )
    return found


def owner_of(found: list[Author]) -> Author | None:
    """The owner: marked so (is_owner, superuser), or the only author, or `me`/`admin`."""
    marked = [a for a in found if a.owner]
    if marked:
        return marked[0]
    if len(found) == 1:
        return found[0]
    return next((a for a in found if a.username in ("me", "admin")), None)


def profile(author: Author, record: Imported, report: Report) -> None:
    """The profile and the author file's sections into `record`, every field reported."""
    take = Taking(report, author.path, author.data, line_finder(author.document))
    record.profile["name"], record.owner = _name(take, author)
    record.profile["headline"] = _headline(take)
    record.profile["summary"] = _summary(take, author)
    _contact(take, record)
    record.profile["interests"] = [
        plain(str(i)) for i in take.put("interests", f"{PROFILE}: interests") or []
    ]
    _languages(take, record)
    resume.sections(take, record)
    take.finish(_HUGO_ONLY, NOT_CVSITE)
    if author.body.strip():
        report.place("(body)", 0, f"{PROFILE}: summary", file=author.path)


def _name(take: Taking, author: Author) -> tuple[str, str]:
    """(the name as the profile shows it, the name as author lists write it)."""
    name = take.get("name")
    where = f"{PROFILE}: name"
    if isinstance(name, dict):
        part = take.child("name", name)
        for key in ("display", "given", "family"):
            part.put(key, where)
        part.put("pronouns", f"{PROFILE}: headline")
        part.put("alternate", where)
        part.put("pronunciation", f"{PROFILE}: headline")
        part.finish({}, NOT_CVSITE)
        take.done.add("name")
    else:
        take.put("name", where)
        take.put("title", where)
    for key in ("first_name", "last_name"):
        take.put(key, where)
    full = author.name
    extras = [plain(str(p)) for p in take.put("postnominals", where) or []]
    owner = _owner_name(author, full)
    alternate = name.get("alternate") if isinstance(name, dict) else _full_name(take, full)
    shown = ", ".join([full, *extras]) + (f" ({alternate})" if alternate else "")
    return shown, owner


def _full_name(take: Taking, display: str) -> str | None:
    """Hugo Academic's first_name and last_name, when the display name does not hold them
    (a name written in another script: 吳健雄)."""
    full = " ".join(str(take.data.get(k) or "") for k in ("first_name", "last_name")).strip()
    return full if full and full not in display else None


def _owner_name(author: Author, display: str) -> str:
    """The name as it appears in author lists: given and family name, else the display name."""
    name = author.data.get("name")
    if isinstance(name, dict) and name.get("given") and name.get("family"):
        return f"{name['given']} {name['family']}"
    return display


def _headline(take: Taking) -> str | None:
    role = take.text("role")
    take.put("role", f"{PROFILE}: headline")
    parts = [role] if role else []
    for key in ("affiliations", "organizations"):
        items = take.get(key)
        if isinstance(items, list):
            parts += [plain(str(i["name"])) for i in items if isinstance(i, dict) and i.get("name")]
    name = take.data["name"] if isinstance(take.data.get("name"), dict) else {}
    extra = [str(name[k]) for k in ("pronouns", "pronunciation") if name.get(k)]
    extra += [str(take.data["name_pronunciation"])] if take.get("name_pronunciation") else []
    take.put("name_pronunciation", f"{PROFILE}: headline")
    headline = " · ".join(parts)
    return f"{headline} ({', '.join(extra)})" if extra else headline or None


def _summary(take: Taking, author: Author) -> str | None:
    bio = take.text("bio")
    take.put("bio", f"{PROFILE}: summary")
    converter = Converter(author.body_line)
    body = converter.convert(author.body).strip()
    take.report.notes += [f"{author.path} {note}" for note in converter.notes]
    parts = [p for p in (bio, body) if p]
    return "\n\n".join(parts) or None


def _contact(take: Taking, record: Imported) -> None:
    found = []
    for key in ("affiliations", "organizations"):
        for index, item in enumerate(take.get(key) or []):
            url = safe_url(str(item.get("url") or "")) if isinstance(item, dict) else None
            if url:
                found.append({"label": plain(str(item.get("name") or url)), "url": url})
            part = take.child(f"{key}[{index}]", item)
            part.put("name", f"{PROFILE}: headline")
            part.put("url", f"{PROFILE}: links")
            part.finish({}, NOT_CVSITE)
        take.done.add(key)
    for key in ("links", "social", "profiles"):  # profiles: Hugo Blox v5+ author pages
        found += links(take, key, f"{PROFILE}: links", len(found)) if key in take.data else []
    take.move("email", record.profile, "email", f"{PROFILE}: email")
    for item in found:
        if item["url"].lower().startswith("mailto:") and "email" not in record.profile:
            record.profile["email"] = item["url"][7:].split("?")[0]
    record.profile["links"] = found


def _languages(take: Taking, record: Imported) -> None:
    found = []
    for index, item in enumerate(take.get("languages") or []):
        part = take.child(f"languages[{index}]", item)
        where = f"{PROFILE}: languages[{len(found)}]"
        name = part.text("name")
        part.put("name", f"{where}.name")
        label, level = part.text("label"), part.text("level")
        part.put("label", f"{where}.level")
        part.put("level", f"{where}.level")
        part.finish({}, NOT_CVSITE)
        if name:
            shown = " · ".join(x for x in (label, f"{level}/5" if level else None) if x)
            found.append({"name": plain(name), "level": shown or None})
    take.done.add("languages")
    record.profile["languages"] = [{k: v for k, v in f.items() if v} for f in found]
