"""One entry of a résumé being read (text.py): its first lines (title, organisation, place,
dates: entryheader.py), then what follows (summary, highlights, tags, body, a thesis, a
publication's authors and venue: entrybody.py), and at the end its fields named as its
cvsite section names them (sectionfields.py).
"""

from __future__ import annotations

from generator.importers.markdown.entryfields import ReaderView
from generator.importers.markdown.entryheader import HeaderLines
from generator.importers.markdown.result import Entry
from generator.importers.markdown.sectionfields import TITLE_FIELDS, rename_places, section_fields


class Draft(HeaderLines):
    """An entry being read, from its first line to `finish`."""

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
        if "title" not in fields and not any(k in fields for k in TITLE_FIELDS.values()):
            fields["title"] = reader.headings.get(self.section, self.section.capitalize())
        return Entry(fields, origin, self.line)


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
