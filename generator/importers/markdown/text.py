"""A résumé written as Markdown or plain text, read into cvsite's profile and sections.

Pure: text in, a `ParsedResume` out, no files. Every value keeps the numbers of the input
lines it came from, and every non-blank line is accounted for in `placements`: a field it
went to, the structure it stands for (a heading), an entry's body, or the notes.

The reading goes line by line. Each line is first told apart by its Markdown (heading,
bullet, bold line, quote, definition) and then by its words (words.py, datewords.py,
placewords.py): a section heading, a date range, a place, contact details, a line of
technology names. An entry starts at a `###` heading, a bold line, a `Title | Organization`
line, or, in plain text, a short line next to a date line. What follows an entry's first
lines fills it: paragraphs its summary, bullets its highlights, nested bullets and anything
after them its body.

lines.py tells the lines apart and entry.py reads one entry. The reader is one object in
parts: reading.py its state, profilelines.py the profile's lines, sectionlines.py the lines
of a section (entries, skill groups); this module reads the whole, in order, and the top
of the résumé (name, headline, the first section).
"""

from __future__ import annotations

import re

from generator.importers.markdown import datewords, words
from generator.importers.markdown.lines import LABEL, Line, plain, split_lines, titleish
from generator.importers.markdown.profilelines import ProfileReading
from generator.importers.markdown.result import ParsedResume, Section
from generator.importers.markdown.sectionlines import SectionReading

_PROFILE_PARTS = {"summary", "contact", "languages", "interests"}


class Reader(ProfileReading, SectionReading):
    """Reads the lines in one pass: the top of the résumé (its name, contact details,
    headline and summary), then each section."""

    def read(self) -> None:
        index = 0
        while index < len(self.lines):
            index = self.read_line(index)
        self.close_entry()

    def read_line(self, index: int) -> int:
        line = self.lines[index]
        if line.kind in ("blank", "joined"):
            return index + 1
        if line.kind == "layout":
            self.place(line, "layout", "", "markup only: no text")
            return index + 1
        if line.kind == "front":
            self.front_matter(line)
            return index + 1
        first = not self.seen_text
        self.seen_text = True
        top = first and self.section is None and not self.name_found
        if top and self.first_line_name(line, plain(line.text)):
            return index + 1
        if self.try_heading(line, index):
            return index + 1
        if self.section is None:
            return self.header_line(line, index)
        if self.section in _PROFILE_PARTS:
            return self.profile_part(line, index)
        return self.section_line(line, index)

    def try_heading(self, line: Line, index: int) -> bool:
        """A heading that opens a section: `## Education`, an ALL-CAPS line, or a line of
        heading words standing alone ("Research Projects")."""
        text = plain(line.text)
        if line.kind == "heading" and line.level == 1 and not self.name_found:
            return self.name_line(line)
        if datewords.find_dates(text) and not datewords.without_span(
            text, datewords.find_dates(text).span
        ):
            return False  # "## Feb 2017 - Today": a date line
        name = None
        label = LABEL.match(line.text)
        if label and label.group(2).strip(" *_"):
            return False  # "#### Technical Skills: Python, SQL": a line of skills
        if line.kind == "heading":
            deeper = self.section is not None and line.level > self.section_level
            if deeper and not words.is_heading_phrase(text):
                return False
            if self.section is not None and line.level > self.section_level:
                name = words.section_of(text)
                if name == self.section or name is None:
                    return False
            name = words.section_of(text) or _slug(text)
        elif line.kind in ("text",) and not line.indent:
            in_header = self.entry is not None and self.entry.in_header
            caps = _all_caps(text) and (words.section_of(text) or not in_header)
            if caps and not words.section_of(text) and len(text) <= 5:
                caps = False  # "GWDG": an acronym, not a heading
            if caps or (line.bold and words.is_heading_phrase(text)):
                name = words.section_of(text) or _slug(text)
            elif words.is_heading_phrase(text) and not text.endswith(":"):
                name = words.section_of(text)
                if name == self.section:
                    return False
        if not name:
            return False
        self.open_section(name, line, text)
        return True

    def open_section(self, name: str, line: Line, heading: str) -> None:
        self.close_entry()
        self.pending_dates = None
        self.section = name
        self.section_level = line.level if line.kind == "heading" else 2
        if name in ("skills", "certificates") or name not in _PROFILE_PARTS:
            self.sections.setdefault(name, Section(name, heading, line.number))
        self.headings.setdefault(name, heading)
        where = f"section {name}"
        if name in _PROFILE_PARTS:
            where = "profile." + {"contact": "links", "summary": "summary"}.get(name, name)
        self.place(line, "structure", where, f"heading '{heading}'")

    def name_line(self, line: Line) -> bool:
        text = plain(line.text)
        if words.JOB_WORDS.search(text) and "headline" not in self.profile:
            return self.set_profile("headline", text, line) or True
        if "." in text.replace(". ", " ").strip(".") or words.section_of(text):
            if words.section_of(text):
                return False
            # "# ScoobyXD.github.io": a site's name, not a person's.
            self.note_line(line, "a title that is no person's name")
            return True
        self.name_found = True
        link = words.MD_LINK.search(line.text)
        if link:
            self.add_link(link.group(2), "Website", line, "profile.website")
        return self.set_profile("name", text, line) or True

    def header_line(self, line: Line, index: int) -> int:
        """A line before the first section: the name, a headline, contact details, a
        summary; or, without any section heading yet, the first entry of an experience."""
        text = plain(line.text)
        dates = datewords.find_dates(text) if line.kind == "heading" else None
        if dates and not datewords.without_span(text, dates.span):
            self.open_implicit("experience", line)
            return self.section_line(line, index)
        if line.kind == "heading" and line.level >= 3 and self.looks_dated(index):
            self.open_implicit("experience", line)
            return self.section_line(line, index)
        if self.entry_ahead(line, index, text):
            implicit = "education" if words.DEGREE.match(text) else "experience"
            self.open_implicit(implicit, line)
            return self.section_line(line, index)
        if self.contact_line(line):
            return index + 1
        if (label := LABEL.match(line.text)) and words.section_of(label.group(1)) == "skills":
            self.sections.setdefault("skills", Section("skills", "Skills", line.number))
            self.skill_label_line(line, label)
            return index + 1
        untold = "headline" not in self.profile and "summary" not in self.profile
        if line.kind in ("heading", "text") and untold and titleish(line.text):
            self.set_profile("headline", plain(line.text), line)
            return index + 1
        if line.kind in ("text", "quote", "heading", "definition"):
            return self.summary_paragraph(index, "profile.summary")
        if line.kind == "bullet" and re.fullmatch(r"(?i)(?:spoken |human )?languages?:", text):
            self.place(line, "structure", "profile.languages", "the languages follow")
            index += 1
            while index < len(self.lines) and self.lines[index].kind == "bullet":
                if self.lines[index].level <= line.level:
                    break
                self.language_line(self.lines[index])
                index += 1
            return index
        if line.kind == "bullet":
            self.note_line(line, "a list before the first section")
            return index + 1
        self.note_line(line, "not recognised before the first section")
        return index + 1

    def entry_ahead(self, line: Line, index: int, text: str) -> bool:
        """A title with a line of dates below it, before any section heading: the résumé
        starts with its first entry (text copied out of the middle of a PDF)."""
        if line.kind not in ("text", "heading") or not titleish(text):
            return False
        following = self.next_content(index, 2)
        if following is None or following.kind not in ("text", "heading"):
            return False
        found = datewords.find_dates(plain(following.text))
        return found is not None and not datewords.without_span(plain(following.text), found.span)

    def open_implicit(self, name: str, line: Line) -> None:
        """A section the résumé does not name: a `##` heading after it opens the next."""
        self.section = name
        self.section_level = 2
        self.sections.setdefault(name, Section(name, "", line.number))

    def looks_dated(self, index: int) -> bool:
        following = self.next_content(index, 2)
        return following is not None and datewords.find_dates(plain(following.text)) is not None

    def first_line_name(self, line: Line, text: str) -> bool:
        """The first line is the name when it reads like one: two to five capitalised words."""
        if line.kind not in ("text", "heading") or words.JOB_WORDS.search(text):
            return False
        if line.kind == "heading" and line.level > 1:
            return False
        if words.section_of(text) or datewords.find_dates(text):
            return False
        parts = text.split()
        if not 2 <= len(parts) <= 5 or any(ch.isdigit() or ch in "@|:/" for ch in text):
            return False
        if not all(p[:1].isupper() for p in parts if p[0].isalpha()):
            return False
        self.name_found = True
        return self.set_profile("name", text, line) or True


def _all_caps(text: str) -> bool:
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < 3 or any(ch.isdigit() for ch in text) or len(text.split()) > 6:
        return False
    return all(ch.isupper() for ch in letters) and not text.endswith((".", ","))


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", plain(text).lower()).strip("-")
    return slug[:60].strip("-") or "section"


def _said_name(summary: str) -> str | None:
    """ "Hello! I'm Jonathan Kim, …": the name an introduction gives."""
    match = re.search(
        r"\b(?:I'm|I am|My name is|This is)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,2})\b", summary
    )
    return match.group(1) if match else None


def _issuers_from_elsewhere(sections: list[Section]) -> None:
    """ "AI Engineering Professional Certificate Turing College": a certificate's title that
    ends with an organisation named elsewhere in the résumé ends with its issuer (text
    copied out of a PDF loses the column between them)."""
    names = {
        value
        for section in sections
        for entry in section.entries
        for key in ("organization", "institution", "issuer", "awarder")
        if isinstance(value := entry.fields.get(key), str) and len(value) >= 3
    }
    for section in sections:
        if section.name != "certificates":
            continue
        for entry in section.entries:
            title = entry.fields.get("title", "")
            if "issuer" in entry.fields:
                continue
            for name in sorted(names, key=len, reverse=True):
                if title.endswith(" " + name) and len(title) > len(name) + 3:
                    entry.fields["title"] = title[: -len(name)].strip()
                    entry.fields["issuer"] = name
                    entry.origin["issuer"] = entry.origin.get("title", [])
                    break


def parse(text: str, fallback_name: str | None = None) -> ParsedResume:
    """Read a résumé written as Markdown or as plain text. `fallback_name` is the profile's
    name when the text does not start with one (the import names where it came from)."""
    lines, _ = split_lines(text)
    reader = Reader(lines, fallback_name)
    reader.read()
    if "name" not in reader.profile and (said := _said_name(reader.profile.get("summary", ""))):
        reader.profile = {"name": said, **reader.profile}
        reader.profile_origin["name"] = reader.profile_origin.get("summary", [])[:1]
    name_found = "name" in reader.profile
    if not name_found and fallback_name:
        reader.profile = {"name": fallback_name, **reader.profile}
    for line in lines:
        if line.kind != "blank" and line.number not in reader.placements:
            reader.note_line(line, "not recognised")
    sections = [s for s in reader.sections.values() if s.entries]
    _issuers_from_elsewhere(sections)
    return ParsedResume(
        profile=reader.profile,
        profile_origin=reader.profile_origin,
        sections=sections,
        notes=reader.notes,
        placements=dict(sorted(reader.placements.items())),
        headings=reader.headings,
        name_found=name_found,
    )
