"""An entry's first lines: its title, organisation, place and dates, however a résumé puts
them ("Title | Organization", "Title at Organization", a definition under a term, a
publication's whole citation on one line)."""

from __future__ import annotations

import re

from generator.importers.markdown import datewords, placewords, words
from generator.importers.markdown.entrybody import FollowingLines
from generator.importers.markdown.entryfields import ReaderView
from generator.importers.markdown.lines import Line, plain, titleish


class HeaderLines(FollowingLines):
    """Reads an entry's first lines into its fields."""

    def header(self, line: Line, reader: ReaderView, list_item: bool = False) -> None:
        """A title line or one of the lines just below it: dates, places, organisation."""
        text = line.text
        if line.kind == "definition":
            self.in_header = True
        dates = datewords.find_dates(plain(text))
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
        links = words.MD_LINK.findall(part)
        for label, url in links:
            self.add_link(plain(label), url, line, reader)
        if not text:
            return
        if placewords.is_place(text) and "title" in self.fields and "location" not in self.fields:
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
        if "location" not in self.fields and placewords.is_place(text):
            self.put("location", text, line, reader)
            return
        subtitle = self.fields.get("subtitle")
        self.put("subtitle", f"{subtitle} · {text}" if subtitle else text, line, reader)

    def organisation(self, text: str, line: Line, reader: ReaderView) -> None:
        text = text.strip(" ,;")
        organisation, place = placewords.split_place(text)
        if place and "location" not in self.fields:
            self.put("location", place, line, reader)
        else:
            organisation = text
        if organisation:
            self.put("organization", organisation, line, reader)

    def list_item_header(self, line: Line, text: str, reader: ReaderView) -> None:
        """ "Star Note from DASA(P)", "AI Risks - GSP Seminar, Fall 2021", "[x](url) - text"."""
        links = words.MD_LINK.findall(text)
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
        links = words.MD_LINK.findall(text)
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
        if (
            head
            and tail
            and short
            and not placewords.is_place(tail)
            and not words.DEGREE.match(head)
        ):
            return head, tail
    return text, None


def _cut_plain(text: str, span: tuple[int, int]) -> str:
    """`text` without the dates found at `span` of its plain form (markup kept elsewhere)."""
    shown = plain(text)
    dates = shown[span[0] : span[1]]
    position = text.find(dates)
    if position < 0:
        return datewords.without_span(shown, span)
    return datewords.without_span(text, (position, position + len(dates)))
