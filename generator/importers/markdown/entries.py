"""One entry of a résumé being read: its first lines give its title, organisation, place and
dates, however a résumé puts them; what follows fills the rest. At the end its fields take
its section's names, and what the section has no field for moves into the body, so that
nothing read is lost. What it needs of the reader is `ReaderView`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from generator.content.schema import model_for
from generator.importers.markdown.document import (
    LABEL,
    MD_LINK,
    Entry,
    Line,
    Placement,
    plain,
    titleish,
)
from generator.importers.markdown.vocabulary import (
    DEGREE,
    JOB_WORDS,
    STATUS,
    TAG_LABELS,
    THESIS,
    Dates,
    find_dates,
    is_place,
    item_level,
    publication_type,
    section_of,
    split_list,
    split_names,
    split_place,
    with_scheme,
    without_span,
)


class ReaderView(Protocol):
    """What an entry asks of the reader: the lines, the profile so far, and where each line
    went (reader.Reader is one)."""

    lines: list[Line]
    profile: dict[str, Any]
    fallback_name: str | None
    headings: dict[str, str]
    placements: dict[int, Placement]
    entry_lines: dict[str, set[int]]

    def place(self, line: Line, kind: str, where: str, note: str = "") -> None: ...

    def next_content(self, index: int, skip: int = 3) -> Line | None: ...

    def is_tags_line(self, text: str) -> bool: ...


@dataclass
class Draft:
    """An entry being read, from its first line to `finish`: its fields so far, where each
    came from, its summary and body lines."""

    section: str
    line: int
    fields: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, list[int]] = field(default_factory=dict)
    summary: list[tuple[int, str]] = field(default_factory=list)
    body: list[tuple[int, str]] = field(default_factory=list)
    in_header: bool = True
    after_list: bool = False
    thesis: bool = False  # reading a thesis: title, summary and highlights go there
    items: list[Any] = field(default_factory=list)
    from_label: bool = False  # a skill group written as `Group: a, b` on one line
    columns: bool = False  # a skill group written as `Group    a b c`, perhaps over lines

    @property
    def dated(self) -> bool:
        return any(k in self.fields for k in ("start", "date"))

    def has_content(self) -> bool:
        keys = ("highlights", "tags", "summary", "thesis", "items", "authors")
        return bool(self.summary or self.body or any(k in self.fields for k in keys))

    def full_header(self) -> bool:
        return all(k in self.fields for k in ("title", "organization")) and (
            "location" in self.fields or self.section == "publications"
        )

    def put(
        self, key: str, value: Any, line: Line | None, reader: ReaderView, note: str = ""
    ) -> None:
        self.fields[key] = value
        if line is not None:
            self.origin.setdefault(key, []).append(line.number)
            reader.place(line, "field", self.where(key), note)

    def where(self, key: str) -> str:
        return f"{self.section}[#{self.line}].{key}"

    def append(self, key: str, value: Any, line: Line, reader: ReaderView, note: str = "") -> None:
        values = self.fields.setdefault(key, [])
        values.append(value)
        self.origin.setdefault(f"{key}[{len(values) - 1}]", []).append(line.number)
        reader.place(line, "field", self.where(f"{key}[{len(values) - 1}]"), note)

    def put_dates(self, dates: Dates, line: Line, reader: ReaderView) -> None:
        for key, value in dates.fields().items():
            self.put(key, value, line, reader, "; ".join(dates.notes))

    def add_link(self, label: str, url: str, line: Line, reader: ReaderView) -> None:
        url, added = with_scheme(url)
        self.append("links", {"label": label, "url": url}, line, reader, "https:// added" * added)

    def body_line(self, line: Line, reader: ReaderView, note: str = "") -> None:
        self.body.append((line.number, line.text if line.kind != "image" else line.raw.strip()))
        reader.place(line, "body", self.where("body"), note)

    def skill_items(self, line: Line, reader: ReaderView, items: list[str]) -> None:
        for item in items:
            name, level = item_level(item.strip())
            self.items.append({"name": name, "level": level} if level else name)
        self.origin.setdefault("items", []).append(line.number)
        reader.place(line, "field", self.where("items"))

    # --- its first lines: title, organisation, place, dates ---------------------------------

    def header(self, line: Line, reader: ReaderView, list_item: bool = False) -> None:
        """A title line or one of the lines just below it: dates, places, organisation."""
        text = line.text
        if line.kind == "definition":
            self.in_header = True
        dates = find_dates(plain(text))
        if dates and not self.dated:
            self.put_dates(dates, line, reader)
            text = _cut_plain(text, dates.span)
        if self.section == "publications":
            self.publication_header(line, text, reader, list_item)
            return
        separators = r"\s*\|\s*|\s+[·•]\s+|\s*-{3,}\s*|\s{3,}|\s*;\s+"
        parts = [p for p in re.split(separators, text) if p.strip()]
        if list_item and len(parts) == 1:
            self.list_item_header(line, text, reader)
            return
        for part in parts:
            self.header_part(part.strip(), line, reader)
        if line.number not in reader.placements:
            reader.place(line, "field", self.where("dates"))

    def header_part(self, part: str, line: Line, reader: ReaderView) -> None:
        text = plain(part).strip(" ;,")
        links = MD_LINK.findall(part)
        for label, url in links:
            self.add_link(plain(label), url, line, reader)
        if not text:
            return
        if is_place(text) and "title" in self.fields and "location" not in self.fields:
            self.put("location", text, line, reader)
            return
        if "title" not in self.fields:
            title, organisation = _split_title(text, self.section)
            self.put("title", title, line, reader)
            if organisation:
                self.organisation(organisation, line, reader)
            return
        if "organization" not in self.fields:
            self.organisation(text, line, reader)
            return
        if "location" not in self.fields and is_place(text):
            self.put("location", text, line, reader)
            return
        subtitle = self.fields.get("subtitle")
        self.put("subtitle", f"{subtitle} · {text}" if subtitle else text, line, reader)

    def organisation(self, text: str, line: Line, reader: ReaderView) -> None:
        text = text.strip(" ,;")
        organisation, place = split_place(text)
        if place and "location" not in self.fields:
            self.put("location", place, line, reader)
        else:
            organisation = text
        if organisation:
            self.put("organization", organisation, line, reader)

    def list_item_header(self, line: Line, text: str, reader: ReaderView) -> None:
        """ "Star Note from DASA(P)", "AI Risks - GSP Seminar, Fall 2021", "[x](url) - text"."""
        links = MD_LINK.findall(text)
        title_text = text
        match = re.match(r"^(.{2,80}?)\s+[-–—:]\s+(.+)$", plain(text))
        if match and len(match.group(1).split()) <= 8:
            title_text, rest = match.group(1), match.group(2).strip()
            if len(rest.split()) <= 6 and not rest.endswith("."):
                self.organisation(rest, line, reader)
            else:
                self.summary.append((line.number, rest))
        if len(links) == 1 and plain(title_text) == links[0][0]:
            self.add_link(links[0][0], links[0][1], line, reader)
            title_text = links[0][0]
        self.put("title", plain(title_text).strip(" ,;") or plain(text), line, reader)

    def publication_header(
        self, line: Line, text: str, reader: ReaderView, list_item: bool
    ) -> None:
        """A publication's title line, or a whole citation in one line."""
        parts = [p for p in re.split(r"\s*\|\s*|\s*-{3,}\s*", text) if p.strip()]
        doi = re.search(r"\b(?:doi:?\s*)?(10\.\d{4,9}/\S+)", text, re.I)
        if doi:
            self.put("doi", doi.group(1).rstrip(".,;"), line, reader)
        links = MD_LINK.findall(text)
        for label, url in links:
            self.add_link(plain(label), url, line, reader)
        if "title" in self.fields:
            self.paragraph(line, reader)
            return
        title = plain(parts[0]).strip(" .,").strip('"“”')
        if len(parts) > 1:
            self.put("venue", plain(parts[1]), line, reader)
        for extra in parts[2:]:
            self.put("note", plain(extra), line, reader)
        if list_item and (quoted := re.search(r"[\"“](.+?)[\"”]", title)):
            title = quoted.group(1)
        elif doi:
            title = plain(text[: doi.start()]).strip(" .,:").removesuffix("DOI").strip(" .,:")
        self.put("title", title or plain(text), line, reader)
        if text.lower().startswith("patent:"):
            self.put("type", "patent", line, reader)
            self.put("number", plain(text.split(":", 1)[1]), line, reader)

    def definition(self, line: Line, reader: ReaderView) -> None:
        """A definition (Pandoc's `:   text` under a term): the entry's title and organisation
        when they are still missing, else a paragraph."""
        short = titleish(line.text) or ";" in line.text
        missing = self.in_header and "title" not in self.fields
        if short and (missing or "organization" not in self.fields):
            for part in re.split(r";\s*", line.text):
                self.header_part(part, line, reader)
            return
        self.paragraph(line, reader)

    # --- the lines that follow: summary, highlights, tags, body, thesis, publication --------

    def content(self, line: Line, index: int, reader: ReaderView) -> int:
        """A line after the entry's first lines."""
        self.in_header = False
        text = plain(line.text)
        if self.section == "publications" and self.publication_line(line, text, reader):
            return index + 1
        if self.section == "education" and (thesis := THESIS.match(text)):
            self.thesis = True
            self.fields.setdefault("thesis", {})
            rest = thesis.group("rest").strip(" *_")
            if rest:
                self.put_thesis("title", rest, line, reader)
            else:
                reader.place(line, "structure", self.where("thesis"), "a thesis follows")
            return index + 1
        untitled = self.thesis and "title" not in self.fields["thesis"]
        if untitled and titleish(text) and not reader.is_tags_line(text):
            self.put_thesis("title", text, line, reader)
            return index + 1
        label = LABEL.match(line.text)
        if label and self.label_line(line, label, reader):
            return index + 1
        if reader.is_tags_line(text) and line.kind == "text":
            for name in split_names(text):
                self.append("tags", name, line, reader)
            return index + 1
        link = MD_LINK.fullmatch(line.text.strip())
        if link:
            self.add_link(plain(link.group(1)), link.group(2), line, reader)
            return index + 1
        self.paragraph(line, reader)
        return index + 1

    def paragraph(self, line: Line, reader: ReaderView) -> None:
        if self.after_list:
            self.body_line(line, reader)
            return
        if self.thesis:
            self.put_thesis("summary", line.text, line, reader)
            return
        self.summary.append((line.number, line.text))
        reader.place(line, "field", self.where("summary"))

    def put_thesis(self, key: str, value: Any, line: Line, reader: ReaderView) -> None:
        """A field of the entry's thesis; its summary's lines run on."""
        thesis = self.fields.setdefault("thesis", {})
        if key == "summary" and "summary" in thesis:
            value = f"{thesis['summary']}\n{value}"
        thesis[key] = value
        lines = self.origin.get("thesis.summary", []) if key == "summary" else []
        self.origin[f"thesis.{key}"] = [*lines, line.number]
        reader.place(line, "field", self.where(f"thesis.{key}"))

    def label_line(self, line: Line, label: re.Match, reader: ReaderView) -> bool:
        """ "Technologies: a, b", "GPA: 3.8", "Advisors: A and B", "Relevant Coursework: …"."""
        name, value = label.group(1).strip().lower(), label.group(2).strip(" *_")
        if TAG_LABELS.match(name):
            for item in split_list(plain(value)):
                self.append("tags", item, line, reader)
            return True
        if self.section == "education":
            if name in ("gpa", "grade", "score", "cgpa"):
                self.put("grade", plain(value), line, reader)
                return True
            if "course" in name:
                for item in split_list(plain(value)):
                    self.append("courses", item, line, reader)
                return True
        if name.startswith("advisor") or name.startswith("supervisor"):
            names = [n.strip() for n in re.split(r",|\band\b|&", plain(value)) if n.strip()]
            if self.section == "education":
                self.put_thesis("advisors", names, line, reader)
            else:
                self.put("advisors", names, line, reader)
            return True
        if name == "duration" and (dates := find_dates(value)) and not self.dated:
            self.put_dates(dates, line, reader)
            return True
        return False

    def bullets(self, index: int, reader: ReaderView) -> int:
        """A list: flat, its items are highlights; with nested items, it goes to the body as
        it is written. Lines that continue an item (indented, or a PDF's broken line) join it."""
        items: list[tuple[list[Line], int, str]] = []  # (lines, depth, text)
        lines = reader.lines
        while index < len(lines):
            line = lines[index]
            if line.kind == "blank":
                # A loose list: its items apart with blank lines.
                following = reader.next_content(index, 2)
                if items and following is not None and following.kind == "bullet":
                    index += 1
                    continue
                break
            if line.kind == "joined" and items:
                pass  # already part of the item above
            elif line.kind == "bullet":
                items.append(([line], line.level, line.text))
            elif line.kind == "text" and items and (line.indent >= 2 or not titleish(line.text)):
                if reader.is_tags_line(plain(line.text)) or line.indent < 2 and line.bold:
                    break
                self._continue(items, line)
            else:
                break
            index += 1
        nested = any(depth > 0 for _, depth, _ in items)
        self.in_header = False
        if nested or self.after_list and not self.thesis:
            for item_lines, depth, text in items:
                self.body.append((item_lines[0].number, "  " * depth + "- " + text))
                for line in item_lines:
                    reader.place(line, "body", self.where("body"), "a nested list" * nested)
            self.after_list = True
            return index
        for item_lines, _, text in items:
            self._highlight(item_lines, text, reader)
        self.after_list = True
        return index

    def _continue(self, items: list[tuple[list[Line], int, str]], line: Line) -> None:
        """A line that goes on with the last item; a " - Label: " in it starts another (text
        copied out of a PDF runs two items together)."""
        lines, depth, text = items[-1]
        pieces = re.split(r"\s+-\s+(?=[A-Z][\w&/ ,-]{2,60}:\s)", line.text)
        items[-1] = ([*lines, line], depth, f"{text} {pieces[0].strip()}".strip())
        for piece in pieces[1:]:
            items.append(([line], depth, piece.strip()))

    def _highlight(self, item_lines: list[Line], text: str, reader: ReaderView) -> None:
        label = LABEL.match(text)
        if label and TAG_LABELS.match(label.group(1).strip().lower()):
            for item in split_list(plain(label.group(2))):
                self.append("tags", item, item_lines[0], reader)
            return
        owner = self.fields["thesis"] if self.thesis else self.fields  # the entry's or its thesis'
        values = owner.setdefault("highlights", [])
        values.append(text)
        where = f"{'thesis.' if self.thesis else ''}highlights[{len(values) - 1}]"
        self.origin[where] = [ln.number for ln in item_lines]
        for line in item_lines:
            reader.place(line, "field", self.where(where))

    def highlight(self, line: Line, reader: ReaderView) -> None:
        self._highlight([line], line.text, reader)

    def publication_line(self, line: Line, text: str, reader: ReaderView) -> bool:
        """The lines under a publication's title: authors, type-venue-date, status."""
        if STATUS.match(text):
            self.put("status", text.lower(), line, reader)
            return True
        label = LABEL.match(line.text)
        if label and re.match(r"^(?:advisors?|supervisors?)$", label.group(1).strip(), re.I):
            return self.label_line(line, label, reader)
        owner = reader.profile.get("name") or reader.fallback_name
        if "authors" not in self.fields and (authors := authors_in(text, owner)):
            self.put("authors", authors, line, reader)
            return True
        # Text copied out of a PDF runs columns together: "Technical ReportUniversität".
        spaced = re.sub(r"(?<=[a-zäöüß)])(?=[A-Z(])|(?<=[)a-z])(?=\d{4}\b)", " ", text)
        if found := publication_type(spaced):
            kind, end = found
            rest = spaced[end:].strip(" ,.-–")
            self.put("type", kind, line, reader)
            dates = find_dates(rest)
            if dates:
                date = dates.date or dates.start or ""
                self.put("year", date[:4], line, reader)
                if len(date) >= 7:
                    self.put("month", str(int(date[5:7])), line, reader)
                rest = without_span(rest, dates.span)
            if short := re.fullmatch(r"(.+?)\s*\(([A-Z][A-Za-z0-9-]{1,10})\)", rest):
                rest = short.group(1)
                self.put("venue_short", short.group(2), line, reader)
            elif publisher := re.fullmatch(r"(.+?)\s*\(([^()]+)\)", rest):
                rest = publisher.group(1)
                self.put("publisher", publisher.group(2), line, reader)
            if rest:
                self.put("venue", rest.strip(), line, reader)
            return True
        return False

    # --- the end: the entry, its fields named as its section names them -------------------

    def finish(self, reader: ReaderView) -> Entry:
        if self.summary:
            self.fields["summary"] = _joined(self.summary, reader)
            self.origin["summary"] = [number for number, _ in self.summary]
        if self.body:
            self.fields["body"] = _joined(self.body, reader) + "\n"
            self.origin["body"] = [number for number, _ in self.body]
        if self.items:
            self.fields["items"] = self.items
        fields, origin = section_fields(self.section, self.fields, self.origin)
        rename_places(reader, self.where(""), self.section, fields)
        if "title" not in fields and model_for(self.section).title_field not in fields:
            fields["title"] = reader.headings.get(self.section, self.section.capitalize())
        return Entry(fields, origin, self.line)


def _split_title(text: str, section: str) -> tuple[str, str | None]:
    """("Software Engineer", "Google") from "Software Engineer at Google", "… @ Google",
    "Tech Lead, Incubyte", "SALSIFY, Staff SE"."""
    if match := re.match(r"^(.+?)\s*@\s*(.+)$", text):
        return match.group(1).strip(), match.group(2).strip()
    if section not in ("education", "publications", "skills") and (
        match := re.match(r"^(.+?)\s+at\s+(.+)$", text)
    ):
        return match.group(1).strip(), match.group(2).strip()
    if match := re.match(r"^([A-Z][A-Z&.\- ]{2,})\s*,\s*(.+)$", text):
        return match.group(2).strip(), match.group(1).strip()  # "SALSIFY, Staff SE"
    if section in ("experience", "volunteer", "projects") and text.count(",") == 1:
        head, tail = (p.strip() for p in text.split(","))
        short = len(tail.split()) <= 5 and len(head.split()) <= 6
        if head and tail and short and not is_place(tail) and not DEGREE.match(head):
            return head, tail
    return text, None


def _cut_plain(text: str, span: tuple[int, int]) -> str:
    """`text` without the dates found at `span` of its plain form (markup kept elsewhere)."""
    shown = plain(text)
    dates = shown[span[0] : span[1]]
    position = text.find(dates)
    if position < 0:
        return without_span(shown, span)
    return without_span(text, (position, position + len(dates)))


def authors_in(text: str, owner: str | None) -> list[str] | None:
    """A line of author names ("Silin Zhao", "A. Lovelace, C. Babbage and L. F. Menabrea")."""
    names = [n.strip() for n in re.split(r",\s*|\s+and\s+|\s*&\s*|;\s*", text) if n.strip()]
    if not names or len(text) > 400:
        return None
    name = re.compile(r"^(?:[A-Z][\w'’.-]*\.?\s*){1,4}[*†]*$")
    if not all(name.match(n) for n in names):
        return None
    if owner and owner.casefold() in text.casefold() or len(names) >= 2:
        return names
    # One name alone ("Silin Zhao"): two or three capitalised words that say nothing else.
    alone = names[0].split()
    said_else = STATUS.match(names[0]) or section_of(names[0])
    said_else = said_else or JOB_WORDS.search(names[0]) or is_place(names[0])
    if 2 <= len(alone) <= 3 and not said_else:
        return names
    return None


_ORGANISATION_FIELDS = {
    "education": "institution",
    "teaching": "institution",
    "awards": "awarder",
    "certificates": "issuer",
    "talks": "event",
    "publications": "venue",
}


def section_fields(
    section: str, fields: dict[str, Any], origin: dict[str, list[int]]
) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """The draft's fields named as the section names them (title -> position), and what the
    section has no field for moved to the body."""
    renames = {"title": model_for(section).title_field}
    if section in _ORGANISATION_FIELDS:
        renames["organization"] = _ORGANISATION_FIELDS[section]
    if section == "publications" and "venue" in fields and "organization" in fields:
        renames.pop("organization")
    result: dict[str, Any] = {}
    moved: dict[str, list[int]] = {}
    allowed = model_for(section).model_fields
    for key, value in fields.items():
        target = renames.get(key, key)
        if target not in allowed:
            text = f"{key}: {value}"
            result["body"] = f"{result.get('body', '')}{text}\n"
            moved[key] = origin.get(key, [])
            continue
        result[target] = value
    renamed_origin = {}
    for path, lines in origin.items():
        head = re.split(r"[.\[]", path, maxsplit=1)[0]
        target = renames.get(head, head)
        if head in moved:
            renamed_origin.setdefault("body", []).extend(lines)
            continue
        renamed_origin[target + path[len(head) :]] = lines
    return result, renamed_origin


def rename_places(reader: ReaderView, prefix: str, section: str, fields: dict[str, Any]) -> None:
    """The report's places named as the written fields are (title -> position)."""
    renames = {
        "title": model_for(section).title_field,
        "organization": _ORGANISATION_FIELDS.get(section),
    }
    for number in sorted(reader.entry_lines.get(prefix, ())):
        placement = reader.placements[number]
        for position, where in enumerate(placement.where):
            if not where.startswith(prefix):
                continue
            rest = where[len(prefix) :]
            head = re.split(r"[.\[]", rest, maxsplit=1)[0]
            target = renames.get(head)
            if target and target in fields:
                placement.where[position] = prefix + target + rest[len(head) :]
            elif head and head not in fields and head not in ("dates", "thesis", "body"):
                if head in ("start", "end", "date") or "body" not in fields:
                    continue
                placement.where[position] = prefix + "body"


def _joined(lines: list[tuple[int, str]], reader: ReaderView) -> str:
    """Lines as Markdown, a blank line kept where the input had one (a new paragraph)."""
    text = ""
    for position, (number, line) in enumerate(lines):
        if position:
            before = lines[position - 1][0]
            blank = any(reader.lines[n - 1].kind == "blank" for n in range(before + 1, number))
            text += "\n\n" if blank else "\n"
        text += line
    return text
