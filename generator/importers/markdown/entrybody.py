"""The lines after an entry's first ones: its summary, highlights, tags, body, a thesis,
and a publication's authors, type, venue and status."""

from __future__ import annotations

import re

from generator.importers.markdown import datewords, placewords, words
from generator.importers.markdown.entryfields import DraftFields, ReaderView
from generator.importers.markdown.lines import (
    LABEL,
    PUB_TYPES,
    STATUS,
    TAG_LABELS,
    Line,
    plain,
    titleish,
)


class FollowingLines(DraftFields):
    """Reads what follows an entry's first lines into its fields."""

    def content(self, line: Line, index: int, reader: ReaderView) -> int:
        """A line after the entry's first lines."""
        self.in_header = False
        text = plain(line.text)
        if self.section == "publications" and self.publication_line(line, text, reader):
            return index + 1
        if self.section == "education" and (thesis := words.THESIS.match(text)):
            self.thesis = True
            self.fields.setdefault("thesis", {})
            rest = thesis.group("rest").strip(" *_")
            if rest:
                self.fields["thesis"]["title"] = rest
                self.origin["thesis.title"] = [line.number]
                reader.place(line, "field", self.where("thesis.title"))
            else:
                reader.place(line, "structure", self.where("thesis"), "a thesis follows")
            return index + 1
        untitled = self.thesis and "title" not in self.fields["thesis"]
        if untitled and titleish(text) and not reader.is_tags_line(text):
            self.fields["thesis"]["title"] = text
            self.origin["thesis.title"] = [line.number]
            reader.place(line, "field", self.where("thesis.title"))
            return index + 1
        label = LABEL.match(line.text)
        if label and self.label_line(line, label, reader):
            return index + 1
        if reader.is_tags_line(text) and line.kind == "text":
            for name in words.split_names(text):
                self.append("tags", name, line, reader)
            return index + 1
        link = words.MD_LINK.fullmatch(line.text.strip())
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
            self._thesis_text("summary", line, reader)
            return
        self.summary.append((line.number, line.text))
        reader.place(line, "field", self.where("summary"))

    def _thesis_text(self, key: str, line: Line, reader: ReaderView) -> None:
        thesis = self.fields["thesis"]
        if key == "summary":
            thesis["summary"] = (
                f"{thesis['summary']}\n{line.text}" if "summary" in thesis else line.text
            )
            self.origin.setdefault("thesis.summary", []).append(line.number)
            reader.place(line, "field", self.where("thesis.summary"))
        else:
            thesis.setdefault("highlights", []).append(line.text)
            self.origin[f"thesis.highlights[{len(thesis['highlights']) - 1}]"] = [line.number]
            reader.place(
                line, "field", self.where(f"thesis.highlights[{len(thesis['highlights']) - 1}]")
            )

    def label_line(self, line: Line, label: re.Match, reader: ReaderView) -> bool:
        """ "Technologies: a, b", "GPA: 3.8", "Advisors: A and B", "Relevant Coursework: …"."""
        name, value = label.group(1).strip().lower(), label.group(2).strip(" *_")
        if TAG_LABELS.match(name):
            for item in words.split_list(plain(value)):
                self.append("tags", item, line, reader)
            return True
        if self.section == "education":
            if name in ("gpa", "grade", "score", "cgpa"):
                self.put("grade", plain(value), line, reader)
                return True
            if "course" in name:
                for item in words.split_list(plain(value)):
                    self.append("courses", item, line, reader)
                return True
        if name.startswith("advisor") or name.startswith("supervisor"):
            names = [n.strip() for n in re.split(r",|\band\b|&", plain(value)) if n.strip()]
            if self.section == "education":
                thesis = self.fields.setdefault("thesis", {})
                thesis["advisors"] = names
                self.origin["thesis.advisors"] = [line.number]
                reader.place(line, "field", self.where("thesis.advisors"))
            else:
                self.put("advisors", names, line, reader)
            return True
        if name == "duration" and (dates := datewords.find_dates(value)) and not self.dated:
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
            for item in words.split_list(plain(label.group(2))):
                self.append("tags", item, item_lines[0], reader)
            return
        if self.thesis:
            thesis = self.fields["thesis"]
            thesis.setdefault("highlights", []).append(text)
            position = len(thesis["highlights"]) - 1
            self.origin[f"thesis.highlights[{position}]"] = [ln.number for ln in item_lines]
            for line in item_lines:
                reader.place(line, "field", self.where(f"thesis.highlights[{position}]"))
            return
        values = self.fields.setdefault("highlights", [])
        values.append(text)
        self.origin[f"highlights[{len(values) - 1}]"] = [ln.number for ln in item_lines]
        for line in item_lines:
            reader.place(line, "field", self.where(f"highlights[{len(values) - 1}]"))

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
        for kind, pattern in PUB_TYPES:
            if match := re.match(rf"^(?:{pattern})\b", spaced, re.I):
                rest = spaced[match.end() :].strip(" ,.-–")
                self.put("type", kind, line, reader)
                dates = datewords.find_dates(rest)
                if dates:
                    date = dates.date or dates.start or ""
                    self.put("year", date[:4], line, reader)
                    if len(date) >= 7:
                        self.put("month", str(int(date[5:7])), line, reader)
                    rest = datewords.without_span(rest, dates.span)
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
    said_else = STATUS.match(names[0]) or words.section_of(names[0])
    said_else = said_else or words.JOB_WORDS.search(names[0]) or placewords.is_place(names[0])
    if 2 <= len(alone) <= 3 and not said_else:
        return names
    return None
