"""The lines of a section: where each entry starts (a `###` heading, a bold line, a
`Title | Organization` line, a short line next to its dates), what belongs to the entry
being read, entries of list sections, and skill groups.
"""

from __future__ import annotations

import re

from generator.importers.markdown import datewords, placewords, words
from generator.importers.markdown.entry import Draft
from generator.importers.markdown.entrybody import authors_in
from generator.importers.markdown.lines import ENTRY_LABELS, LABEL, Line, plain, titleish
from generator.importers.markdown.reading import ReaderState
from generator.importers.markdown.result import Section

_CERTIFICATE = re.compile(r"\b(?:certif\w*|licen[cs]e[ds]?)\b", re.IGNORECASE)


class SectionReading(ReaderState):
    """Reads the lines inside a section into its entries."""

    def section_line(self, line: Line, index: int) -> int:
        assert self.section is not None
        text = plain(line.text)
        if self.section == "skills":
            return self.skills_line(line, index)
        if self.section == "publications" and line.kind == "text" and self.next_is_authors(index):
            self.start_entry(line)
            return index + 1
        in_publication = self.entry is not None and self.section == "publications"
        if in_publication and line.kind == "text" and self.entry.publication_line(line, text, self):
            return index + 1
        if self.is_degree_outside_education(line, text):
            self.section = "education"
            self.close_entry()
        if self.starts_entry(line, index, text):
            self.start_entry(line)
            return index + 1
        if self.entry is None:
            return self.line_without_entry(line, index)
        return self.entry_line(line, index)

    def next_is_authors(self, index: int) -> bool:
        following = self.next_content(index, 2)
        owner = self.profile.get("name") or self.fallback_name
        return following is not None and authors_in(plain(following.text), owner) is not None

    def is_degree_outside_education(self, line: Line, text: str) -> bool:
        """ "Master of Physics" after the projects of an earlier degree: back to education."""
        return (
            self.section != "education"
            and "education" in self.sections
            and line.kind in ("text", "heading")
            and not line.bold
            and titleish(text)
            and words.DEGREE.match(text) is not None
            and " of " in text.lower()
        )

    def starts_entry(self, line: Line, index: int, text: str) -> bool:
        style = self.style.get(self.section or "")
        if line.kind == "heading":
            dated = datewords.find_dates(text)
            if dated and not datewords.without_span(text, dated.span):
                self.date_line(line, dated)
                return False
            self.style.setdefault(self.section or "", "heading")
            return True
        if line.kind == "definition":
            return False
        if line.bold and style != "heading" and line.kind == "text":
            if self.meta_only(text):
                return False
            self.style.setdefault(self.section or "", "bold")
            return True
        if line.kind != "text" or style in ("heading", "bold") or line.indent >= 2:
            return False
        return self.plain_starts_entry(line, index, text)

    def meta_only(self, text: str) -> bool:
        """Only dates and places ("Jun 2021 – Present | Remote"): more about the entry."""
        dates = datewords.find_dates(text)
        rest = datewords.without_span(text, dates.span) if dates else text
        parts = [p for p in re.split(r"\s*[|·•]\s*", rest) if p.strip()]
        return all(placewords.is_place(p) for p in parts)

    def plain_starts_entry(self, line: Line, index: int, text: str) -> bool:
        """Plain text: a short line next to a date, or a `Title | Organization` line."""
        following = self.next_content(index, 2)
        if self.section == "publications" and self.entry is not None:
            return self.next_is_authors(index)
        entry = self.entry
        if entry is not None and entry.thesis and not entry.fields["thesis"]:
            return False  # "Master Thesis" just above: this is the thesis's title
        label = LABEL.match(line.text)
        if label and ENTRY_LABELS.match(label.group(1).strip()) and not datewords.find_dates(text):
            return False
        dated_below = following is not None and datewords.find_dates(plain(following.text))
        told = self.is_lead_in(text) or words.THESIS.match(text) or self.is_tags_line(text)
        if told and not dated_below:
            return False
        if not titleish(text) or self.meta_only(text):
            return False
        if ("|" in text or "---" in text) and entry is not None and "organization" in entry.fields:
            return True
        if "|" in text or datewords.find_dates(text):
            return self.entry is None or self.entry_has_content() or self.entry.dated
        if following is not None and following.kind == "definition":
            return True
        next_dated = following is not None and following.kind == "text"
        next_dated = next_dated and datewords.find_dates(plain(following.text)) is not None
        if next_dated and self.meta_only(plain(following.text)):
            return self.entry is None or self.entry_has_content() or self.entry.dated
        if self.pending_dates is not None:
            return True
        return self.entry is None or self.entry_has_content()

    def date_line(self, line: Line, dates: datewords.Dates) -> None:
        """A line of dates alone: the current entry's, or the next one's."""
        if self.entry is not None and not self.entry.dated and not self.entry.has_content():
            self.entry.put_dates(dates, line, self)
            return
        self.close_entry()
        self.pending_dates = (line, dates)

    def start_entry(self, line: Line) -> None:
        self.close_entry()
        assert self.section is not None
        self.entry = Draft(self.section, line.number)
        if self.pending_dates is not None:
            date_line, dates = self.pending_dates
            self.entry.put_dates(dates, date_line, self)
            self.pending_dates = None
        self.entry.header(line, self)

    def line_without_entry(self, line: Line, index: int) -> int:
        """A line in a section before any entry: a list entry, a dates line, or a note."""
        text = plain(line.text)
        dates = datewords.find_dates(text)
        if dates and not datewords.without_span(text, dates.span):
            self.date_line(line, dates)
            return index + 1
        if line.kind == "bullet" and line.level == 0:
            return self.list_entry(line, index)
        if line.kind in ("text", "quote") and not titleish(line.text):
            # A paragraph under a section heading: an entry of its own, titled by the section.
            self.entry = Draft(self.section or "", line.number)
            self.entry.put("title", self.headings.get(self.section or "", "Note"), None, self)
            return self.entry_line(line, index)
        self.start_entry(line)
        return index + 1

    def list_entry(self, line: Line, index: int) -> int:
        """A bullet (or a line) of a list section: an entry of its own."""
        self.close_entry()
        self.entry = Draft(self.section or "", line.number)
        self.entry.header(line, self, list_item=True)
        index += 1
        while index < len(self.lines):
            following = self.lines[index]
            if following.kind == "joined":
                pass  # already part of the line above
            elif following.kind == "bullet" and following.level > line.level:
                self.entry.highlight(following, self)
            elif following.kind == "text" and following.indent >= 2:
                self.entry.paragraph(following, self)
            else:
                break
            index += 1
        self.close_entry()
        return index

    def entry_line(self, line: Line, index: int) -> int:
        entry = self.entry
        assert entry is not None
        text = plain(line.text)
        if line.kind == "image":
            entry.body_line(line, self, "an image: kept in the body")
            return index + 1
        if line.kind == "bullet":
            return entry.bullets(index, self)
        dates = datewords.find_dates(text)
        if dates and not entry.dated and (entry.in_header or self.meta_only(text)):
            entry.header(line, self)
            return index + 1
        if dates and not datewords.without_span(text, dates.span):
            self.date_line(line, dates)
            return index + 1
        if entry.in_header and line.kind in ("text", "definition") and self.header_like(text):
            entry.header(line, self)
            return index + 1
        if line.kind == "definition":
            entry.definition(line, self)
            return index + 1
        return entry.content(line, index, self)

    def header_like(self, text: str) -> bool:
        """One more of an entry's first lines: short, and not a lead-in, thesis or tags."""
        entry = self.entry
        if not titleish(text) or self.is_lead_in(text) or words.THESIS.match(text):
            return False
        if LABEL.match(text) and not datewords.find_dates(text):
            return False  # "Minor: Awesomeology", "GPA: 3.8": more about the entry
        return not self.is_tags_line(text) and entry is not None and not entry.full_header()

    def skills_line(self, line: Line, index: int) -> int:
        """Skill groups: `**Group:** a, b (Expert)`, a group heading with bullets or a line of
        names below it, or bullets alone (one group named after the section). Under "Skills
        and Certifications", a line naming a certificate is a certificate."""
        text = plain(line.text)
        if self.certificate_among_skills(line, text):
            saved, self.section = self.section, "certificates"
            self.sections.setdefault("certificates", Section("certificates"))
            self.headings.setdefault("certificates", "Certificates")
            index = self.list_entry(line, index)
            self.section = saved
            return index
        columns = re.match(r"^([A-Z][\w &/-]{1,30}?)\s{2,}(\S.*)$", text)
        if columns and line.kind == "text" and line.indent < 2:
            # "Languages  TypeScript JavaScript": a group name, then its skills.
            self.close_entry()
            self.entry = Draft("skills", line.number, columns=True)
            self.entry.put("title", columns.group(1), line, self)
            self.entry.skill_items(line, self, self.names(columns.group(2)))
            return index + 1
        in_columns = self.entry is not None and self.entry.columns
        if line.indent >= 4 and line.kind == "text" and in_columns:
            self.entry.skill_items(line, self, self.names(text))
            return index + 1
        if line.kind == "definition" and self.entry is not None:
            self.entry.skill_items(line, self, [line.text])  # Pandoc's `Term` / `:   text`
            return index + 1
        label = LABEL.match(line.text)
        grouped = self.entry is not None and not self.entry.from_label
        if label and not (line.kind == "bullet" and grouped):
            self.close_entry()
            self.skill_label_line(line, label)
            return index + 1
        if line.kind == "bullet":
            if self.entry is None or line.level == 0 and self.bullet_is_group(index):
                self.close_entry()
                self.entry = Draft("skills", line.number)
                if self.bullet_is_group(index):
                    self.entry.put("title", text, line, self)
                    return index + 1
                self.entry.put("title", self.headings.get("skills", "Skills"), None, self)
            self.entry.skill_items(line, self, [line.text])
            return index + 1
        if self.is_group_title(line, index, text):
            self.close_entry()
            self.entry = Draft("skills", line.number)
            self.entry.put("title", text, line, self)
            return index + 1
        if self.entry is None:
            self.entry = Draft("skills", line.number)
            self.entry.put("title", self.headings.get("skills", "Skills"), None, self)
        items = words.split_names(text) if self.is_tags_line(text) else words.split_list(text)
        if line.kind == "text" and (len(items) > 1 or self.entry.items == []):
            self.entry.skill_items(line, self, items)
        else:
            self.entry.content(line, index, self)
        return index + 1

    def certificate_among_skills(self, line: Line, text: str) -> bool:
        heading = self.headings.get("skills", "")
        if not _CERTIFICATE.search(heading) or line.kind not in ("bullet", "text"):
            return False
        return _CERTIFICATE.search(text) is not None and not LABEL.match(line.text)

    def is_group_title(self, line: Line, index: int, text: str) -> bool:
        """A heading, or a short line with the group's skills below it."""
        if line.kind == "heading":
            return True
        if not titleish(text) or "," in text:
            return False
        following = self.next_content(index, 2)
        if following is not None and following.kind == "definition":
            return True  # Pandoc's `Term` / `:   definition`
        if following is None or following.kind not in ("bullet", "text"):
            return False
        return (
            following.kind == "bullet"
            or not titleish(following.text)
            or (self.is_tags_line(plain(following.text)) or "," in following.text)
        )

    def bullet_is_group(self, index: int) -> bool:
        following = self.next_content(index, 1)
        line = self.lines[index]
        return bool(
            following is not None and following.kind == "bullet" and following.level > line.level
        )

    def skill_label_line(self, line: Line, label: re.Match) -> None:
        name, rest = label.group(1).strip(" *_"), label.group(2).strip(" *_")
        items = words.split_list(rest)
        languages = [words.item_level(i) for i in items]
        if name.lower() in ("languages", "spoken languages", "human languages") and all(
            placewords.is_language(n) for n, _ in languages
        ):
            for lang, level in languages:
                entry = {"name": lang, **({"level": level} if level else {})}
                self.profile.setdefault("languages", []).append(entry)
            self.profile_origin.setdefault("languages", []).append(line.number)
            self.place(line, "field", "profile.languages")
            return
        entry = Draft("skills", line.number, from_label=True)
        entry.put("title", name, line, self)
        entry.skill_items(line, self, items)
        self.entry = entry
        self.close_entry()
