"""A résumé written as Markdown or plain text, read in one pass into the profile and the
sections. Pure: text in, a `ParsedResume` out, every non-blank line accounted for in
`placements`. An entry starts at a `###` heading, a bold line, a `Title | Organization`
line or, in plain text, a short line next to a date line (entries.py fills it)."""

from __future__ import annotations

import re
from typing import Any

from generator.importers.markdown.document import (
    LABEL,
    LEAD_IN,
    MD_LINK,
    TAG,
    Line,
    ParsedResume,
    Placement,
    Section,
    plain,
    split_lines,
    titleish,
)
from generator.importers.markdown.entries import Draft, authors_in
from generator.importers.markdown.vocabulary import (
    DEGREE,
    EMAIL,
    ENTRY_LABELS,
    JOB_WORDS,
    THESIS,
    Dates,
    find_dates,
    is_bare_url,
    is_heading_phrase,
    is_language,
    is_phone,
    is_place,
    item_level,
    link_label,
    looks_like_names,
    section_of,
    split_list,
    split_names,
    with_scheme,
    without_span,
)

_CERTIFICATE = re.compile(r"\b(?:certif\w*|licen[cs]e[ds]?)\b", re.IGNORECASE)

_PROFILE_PARTS = {"summary", "contact", "languages", "interests"}

_CONTACT_LABELS = {
    **dict.fromkeys(("email", "e-mail", "mail"), "email"),
    **dict.fromkeys(("phone", "tel", "telephone", "mobile", "cell"), "phone"),
    **dict.fromkeys(("location", "address", "based in", "city"), "location"),
    **dict.fromkeys(("website", "web", "homepage", "home page"), "website"),
    **dict.fromkeys(("blog", "portfolio"), "link"),
}


_ENTRY_PLACE = re.compile(r"^[\w-]+\[#\d+\]\.")


def parse(text: str, fallback_name: str | None = None) -> ParsedResume:
    """Read a résumé written as Markdown or as plain text. `fallback_name` is the profile's
    name when the text does not start with one (the import names where it came from)."""
    lines = split_lines(text)
    reader = Reader(lines, fallback_name)
    reader.read()
    if "name" not in reader.profile and (said := _said_name(reader.profile.get("summary", ""))):
        reader.profile = {"name": said, **reader.profile}
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
        sections=sections,
        notes=reader.notes,
        placements=dict(sorted(reader.placements.items())),
        headings=reader.headings,
        name_found=name_found,
    )


class Reader:
    """Reads the lines in one pass: the top of the résumé (its name, contact details,
    headline and summary), then each section. What it holds while it reads is this
    object's, handed to nobody but the entry it reads (as entries.ReaderView)."""

    def __init__(self, lines: list[Line], fallback_name: str | None):
        self.lines = lines
        self.fallback_name = fallback_name
        self.profile: dict[str, Any] = {}
        self.sections: dict[str, Section] = {}
        self.headings: dict[str, str] = {}
        self.notes: list[tuple[int, str]] = []
        self.placements: dict[int, Placement] = {}
        self.entry_lines: dict[str, set[int]] = {}  # "experience[#12]." -> its lines
        self.section: str | None = None  # the section being read; None before the first
        self.section_level = 0  # the heading level that opened it
        self.style: dict[str, str] = {}  # section -> how its entries start: heading, bold
        self.entry: Draft | None = None
        self.pending_dates: tuple[Line, Dates] | None = None
        self.name_found = False
        self.seen_text = False  # a line with words was read (the first one may be the name)

    def place(self, line: Line, kind: str, where: str, note: str = "") -> None:
        if kind != "layout" and TAG.search(line.raw) and not note:
            note = "HTML tags left out, their text kept"
        for follower in line.followers:
            self.place(follower, kind, where, note)
        if entry := _ENTRY_PLACE.match(where):
            self.entry_lines.setdefault(entry.group(0), set()).add(line.number)
        found = self.placements.get(line.number)
        if found is None:
            self.placements[line.number] = Placement(line.number, line.raw, kind, [where], note)
            return
        if where not in found.where:
            found.where.append(where)
        if kind in ("body", "notes") or found.kind == "layout":
            found.kind = kind
        if note and note not in found.note:
            found.note = f"{found.note}; {note}" if found.note else note

    def note_line(self, line: Line, why: str) -> None:
        self.notes.append((line.number, line.raw.strip()))
        self.place(line, "notes", "notes", why)

    def set_profile(self, key: str, value: Any, line: Line, note: str = "") -> bool:
        if key in self.profile:
            return False
        self.profile[key] = value
        self.place(line, "field", f"profile.{key}", note)
        return True

    def next_content(self, index: int, skip: int = 3) -> Line | None:
        """The next non-blank line after `index`, looking at most `skip` lines on."""
        for line in self.lines[index + 1 : index + 1 + skip]:
            if line.kind != "blank":
                return line
        return None

    def is_lead_in(self, text: str) -> bool:
        return bool(LEAD_IN.match(text)) and not LABEL.match(text)

    def is_tags_line(self, text: str) -> bool:
        return looks_like_names(text) and not find_dates(text)

    def names(self, text: str) -> list[str]:
        return split_names(text) if "," not in text else split_list(text)

    def entry_has_content(self) -> bool:
        return self.entry is not None and self.entry.has_content()

    def close_entry(self) -> None:
        if self.entry is None:
            return
        section = self.sections.setdefault(self.entry.section, Section(self.entry.section))
        section.entries.append(self.entry.finish(self))
        self.entry = None

    # --- the whole, in order, and the top of the résumé ---------------------------------------

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
            self.note_line(line, "front matter of another tool")
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
        if find_dates(text) and not without_span(text, find_dates(text).span):
            return False  # "## Feb 2017 - Today": a date line
        name = None
        label = LABEL.match(line.text)
        if label and label.group(2).strip(" *_"):
            return False  # "#### Technical Skills: Python, SQL": a line of skills
        if line.kind == "heading":
            deeper = self.section is not None and line.level > self.section_level
            if deeper and (not is_heading_phrase(text) or section_of(text) in (None, self.section)):
                return False  # a heading within the section: an entry's
            name = section_of(text) or _slug(text)
        elif line.kind == "text" and not line.indent:
            in_header = self.entry is not None and self.entry.in_header
            caps = _all_caps(text) and (section_of(text) or not in_header)
            if caps and not section_of(text) and len(text) <= 5:
                caps = False  # "GWDG": an acronym, not a heading
            if caps or (line.bold and is_heading_phrase(text)):
                name = section_of(text) or _slug(text)
            elif is_heading_phrase(text) and not text.endswith(":"):
                name = section_of(text)
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
        if JOB_WORDS.search(text) and "headline" not in self.profile:
            return self.set_profile("headline", text, line) or True
        if section_of(text):
            return False
        if "." in text.replace(". ", " ").strip("."):  # "# ScoobyXD.github.io": a site's name
            self.note_line(line, "a title that is no person's name")
            return True
        self.name_found = True
        link = MD_LINK.search(line.text)
        if link:
            self.add_link(link.group(2), "Website", line, "profile.website")
        return self.set_profile("name", text, line) or True

    def header_line(self, line: Line, index: int) -> int:
        """A line before the first section: the name, a headline, contact details, a
        summary; or, without any section heading yet, the first entry of an experience."""
        text = plain(line.text)
        dates = find_dates(text) if line.kind == "heading" else None
        if dates and not without_span(text, dates.span):
            self.open_implicit("experience", line)
            return self.section_line(line, index)
        deep = line.kind == "heading" and line.level >= 3
        following = self.next_content(index, 2) if deep else None
        if following is not None and find_dates(plain(following.text)) is not None:
            self.open_implicit("experience", line)
            return self.section_line(line, index)
        if self.entry_ahead(line, index, text):
            implicit = "education" if DEGREE.match(text) else "experience"
            self.open_implicit(implicit, line)
            return self.section_line(line, index)
        if self.contact_line(line):
            return index + 1
        if (label := LABEL.match(line.text)) and section_of(label.group(1)) == "skills":
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
            return self.languages_list(line, index)
        if line.kind == "bullet":
            self.note_line(line, "a list before the first section")
            return index + 1
        self.note_line(line, "not recognised before the first section")
        return index + 1

    def languages_list(self, line: Line, index: int) -> int:
        """ "- Languages:" and the bullets nested under it, before the first section."""
        self.place(line, "structure", "profile.languages", "the languages follow")
        index += 1
        while index < len(self.lines) and self.lines[index].kind == "bullet":
            if self.lines[index].level <= line.level:
                break
            self.language_line(self.lines[index])
            index += 1
        return index

    def entry_ahead(self, line: Line, index: int, text: str) -> bool:
        """A title with a line of dates below it, before any section heading: the résumé
        starts with its first entry (text copied out of the middle of a PDF)."""
        if line.kind not in ("text", "heading") or not titleish(text):
            return False
        following = self.next_content(index, 2)
        if following is None or following.kind not in ("text", "heading"):
            return False
        found = find_dates(plain(following.text))
        return found is not None and not without_span(plain(following.text), found.span)

    def open_implicit(self, name: str, line: Line) -> None:
        """A section the résumé does not name: a `##` heading after it opens the next."""
        self.section = name
        self.section_level = 2
        self.sections.setdefault(name, Section(name, "", line.number))

    def first_line_name(self, line: Line, text: str) -> bool:
        """The first line is the name when it reads like one: two to five capitalised words."""
        if line.kind not in ("text", "heading") or JOB_WORDS.search(text):
            return False
        if line.kind == "heading" and line.level > 1:
            return False
        if section_of(text) or find_dates(text):
            return False
        parts = text.split()
        if not 2 <= len(parts) <= 5 or any(ch.isdigit() or ch in "@|:/" for ch in text):
            return False
        if not all(p[:1].isupper() for p in parts if p[0].isalpha()):
            return False
        self.name_found = True
        return self.set_profile("name", text, line) or True

    # --- the profile's lines: contact details, summary, languages, interests ------------------

    def summary_paragraph(self, index: int, target: str) -> int:
        """A paragraph (lines up to a blank one) into the profile's summary."""
        lines = []
        while index < len(self.lines):
            line = self.lines[index]
            if line.kind not in ("text", "quote", "definition", "heading") or (
                lines and line.kind == "heading"
            ):
                break
            lines.append(line)
            index += 1
        self.add_summary(lines, "\n".join(line.text for line in lines), target)
        return index

    def add_summary(self, lines: list[Line], text: str, target: str = "profile.summary") -> None:
        """A paragraph more in the profile's summary."""
        summary = self.profile.get("summary")
        self.profile["summary"] = f"{summary}\n\n{text}" if summary else text
        for line in lines:
            self.place(line, "field", target)

    def contact_line(self, line: Line) -> bool:
        """A line of contact details: every part an e-mail, a phone, a link or a place."""
        text = line.text
        parts = [p.strip() for p in re.split(r"\s+[|•·]\s+|\s*\|\s*|\s{3,}| – | — ", text)]
        parts = [p for p in parts if p]
        if not parts:
            return False
        if line.kind == "bullet" and len(parts) == 1:
            parts = [text]
        readings = [self.read_contact_part(p) for p in parts]
        if not all(readings):
            return False
        for reading in readings:
            for key, value, note in reading:
                self.store_contact(key, value, line, note)
        if line.number not in self.placements:
            self.place(line, "field", "profile")
        return True

    def read_contact_part(self, part: str) -> list[tuple[str, Any, str]] | None:
        part = part.strip().strip("*_").strip()
        label = written = None
        if match := re.match(r"^(?:\*\*|__)?([A-Za-z][\w -]{0,20}?)(?:\*\*|__)?\s*:\s*(.+)$", part):
            written, part = match.group(1).strip(), match.group(2).strip().strip("*_ ")
            label = written.lower()
        links = MD_LINK.findall(part)
        if links and not MD_LINK.sub("", part).strip(" ,|·•-"):
            return [("link", (_link_name(written, text), url), "") for text, url in links]
        if EMAIL.fullmatch(part.strip("<>")):
            email = EMAIL.fullmatch(part.strip("<>")).group(1)
            return [("email", email, "")]
        kind = _CONTACT_LABELS.get(label or "")
        if (kind == "phone" or label is None) and is_phone(part):
            return [("phone", part, "")]
        if is_bare_url(part.strip("<>")):
            return [("link", (written, part.strip("<>")), "")]
        if kind == "location" or (label is None and is_place(part)):
            return [("location", part, "")]
        if kind == "email" and EMAIL.search(part):
            return [("email", EMAIL.search(part).group(1), "")]
        return None

    def store_contact(self, key: str, value: Any, line: Line, note: str) -> None:
        if key == "link":
            label, url = value
            self.add_link(url, label, line, "profile.links")
        elif not self.set_profile(key, value, line, note):
            self.note_line(line, f"a second {key}")

    def add_link(self, url: str, label: str | None, line: Line, where: str) -> None:
        url, added = with_scheme(url)
        if url.startswith("mailto:"):
            self.set_profile("email", url.removeprefix("mailto:"), line)
            return
        note = "https:// added" if added else ""
        name = (label or "").strip()
        if not name or name.lower() in ("link", "url", "web", "website", "blog", "portfolio"):
            name = name.capitalize() if name else link_label(url)
        if name.lower().startswith(("github.com", "linkedin.com")) or "." in name:
            name = link_label(url)
        links = self.profile.setdefault("links", [])
        if any(existing["url"] == url for existing in links):
            self.place(line, "field", where, "the same link again")
            return
        links.append({"label": name, "url": url})
        self.place(line, "field", f"profile.links[{len(links) - 1}]", note)

    def profile_part(self, line: Line, index: int) -> int:
        if self.section == "summary":
            if line.kind == "bullet":
                return self.summary_bullets(index)
            return self.summary_paragraph(index, "profile.summary")
        if self.section == "contact":
            if not self.contact_line(line):
                self.note_line(line, "not an e-mail, phone, link or place")
            return index + 1
        if self.section == "languages":
            self.language_line(line)
            return index + 1
        return self.interest_line(line, index)

    def summary_bullets(self, index: int) -> int:
        lines = []
        while index < len(self.lines) and self.lines[index].kind == "bullet":
            lines.append(self.lines[index])
            index += 1
        self.add_summary(lines, "\n".join(("  " * line.level) + "- " + line.text for line in lines))
        return index

    def language_line(self, line: Line) -> None:
        """ "English (C1) German (C1) Chinese (Native)", "Russian - native", "English"."""
        text = plain(line.text)
        found = re.findall(r"([A-Z][\w-]+(?: [A-Z][\w-]+)?)\s*\(([^()]+)\)", text)
        if not found:
            found = [item_level(item) for item in split_list(text)]
        if not found or not all(is_language(name) for name, _ in found):
            if self.interest_like_language(line, text):
                return
            self.note_line(line, "not a language and a level")
            return
        self.add_languages(line, found)

    def add_languages(self, line: Line, found: list[tuple[str, str | None]]) -> None:
        """(name, level or None) each into the profile's languages."""
        for name, level in found:
            entry = {"name": name, **({"level": level} if level else {})}
            self.profile.setdefault("languages", []).append(entry)
        self.place(line, "field", "profile.languages")

    def interest_like_language(self, line: Line, text: str) -> bool:
        """A language line with more than names ("English (native speaker)")."""
        match = re.fullmatch(r"([A-Z][\w-]+)\s*[(:–-]\s*(.+?)\)?", text)
        if match and is_language(match.group(1)):
            self.add_languages(line, [(match.group(1), match.group(2).strip())])
            return True
        return False

    def interest_line(self, line: Line, index: int) -> int:
        items = split_list(plain(line.text)) if line.kind != "bullet" else [line.text]
        interests = self.profile.setdefault("interests", [])
        interests.extend(items)
        self.place(line, "field", "profile.interests")
        return index + 1

    # --- the lines of a section: where each entry starts, what belongs to it, skill groups ----

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
            and DEGREE.match(text) is not None
            and " of " in text.lower()
        )

    def starts_entry(self, line: Line, index: int, text: str) -> bool:
        style = self.style.get(self.section or "")
        if line.kind == "heading":
            dated = find_dates(text)
            if dated and not without_span(text, dated.span):
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
        dates = find_dates(text)
        rest = without_span(text, dates.span) if dates else text
        parts = [p for p in re.split(r"\s*[|·•]\s*", rest) if p.strip()]
        return all(is_place(p) for p in parts)

    def plain_starts_entry(self, line: Line, index: int, text: str) -> bool:
        """Plain text: a short line next to a date, or a `Title | Organization` line."""
        following = self.next_content(index, 2)
        if self.section == "publications" and self.entry is not None:
            return self.next_is_authors(index)
        entry = self.entry
        if entry is not None and entry.thesis and not entry.fields["thesis"]:
            return False  # "Master Thesis" just above: this is the thesis's title
        label = LABEL.match(line.text)
        if label and ENTRY_LABELS.match(label.group(1).strip()) and not find_dates(text):
            return False
        dated_below = following is not None and find_dates(plain(following.text))
        told = self.is_lead_in(text) or THESIS.match(text) or self.is_tags_line(text)
        if told and not dated_below:
            return False
        if not titleish(text) or self.meta_only(text):
            return False
        if ("|" in text or "---" in text) and entry is not None and "organization" in entry.fields:
            return True
        if "|" in text or find_dates(text):
            return self.entry is None or self.entry_has_content() or self.entry.dated
        if following is not None and following.kind == "definition":
            return True
        next_dated = following is not None and following.kind == "text"
        next_dated = next_dated and find_dates(plain(following.text)) is not None
        if next_dated and self.meta_only(plain(following.text)):
            return self.entry is None or self.entry_has_content() or self.entry.dated
        if self.pending_dates is not None:
            return True
        return self.entry is None or self.entry_has_content()

    def date_line(self, line: Line, dates: Dates) -> None:
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
        dates = find_dates(text)
        if dates and not without_span(text, dates.span):
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
        dates = find_dates(text)
        if dates and not entry.dated and (entry.in_header or self.meta_only(text)):
            entry.header(line, self)
            return index + 1
        if dates and not without_span(text, dates.span):
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
        if not titleish(text) or self.is_lead_in(text) or THESIS.match(text):
            return False
        if LABEL.match(text) and not find_dates(text):
            return False  # "Minor: Awesomeology", "GPA: 3.8": more about the entry
        return not self.is_tags_line(text) and entry is not None and not entry.full_header()

    def skills_line(self, line: Line, index: int) -> int:
        """Skill groups: `**Group:** a, b (Expert)`, a group heading with bullets or a line of
        names below it, or bullets alone (one group named after the section). Under "Skills
        and Certifications", a line naming a certificate is a certificate."""
        text = plain(line.text)
        if self.certificate_among_skills(line, text):
            return self.certificate_line(line, index)
        if self.skill_columns_line(line, text):
            return index + 1
        if line.kind == "definition" and self.entry is not None:
            self.entry.skill_items(line, self, [line.text])  # Pandoc's `Term` / `:   text`
            return index + 1
        label = LABEL.match(line.text)
        grouped = self.entry is not None and not self.entry.from_label
        if label and not (line.kind == "bullet" and grouped):
            self.close_entry()
            self.skill_label_line(line, label)
        elif line.kind == "bullet":
            self.skill_bullet(line, index, text)
        elif self.is_group_title(line, index, text):
            self.open_skill_group(line, text)
        else:
            self.skill_names_line(line, index, text)
        return index + 1

    def certificate_line(self, line: Line, index: int) -> int:
        saved, self.section = self.section, "certificates"
        self.sections.setdefault("certificates", Section("certificates"))
        self.headings.setdefault("certificates", "Certificates")
        index = self.list_entry(line, index)
        self.section = saved
        return index

    def skill_columns_line(self, line: Line, text: str) -> bool:
        """ "Languages  TypeScript JavaScript": a group name, then its skills, which may go
        on in the indented lines below."""
        columns = re.match(r"^([A-Z][\w &/-]{1,30}?)\s{2,}(\S.*)$", text)
        if columns and line.kind == "text" and line.indent < 2:
            self.close_entry()
            self.entry = Draft("skills", line.number, columns=True)
            self.entry.put("title", columns.group(1), line, self)
            self.entry.skill_items(line, self, self.names(columns.group(2)))
            return True
        in_columns = self.entry is not None and self.entry.columns
        if line.indent >= 4 and line.kind == "text" and in_columns:
            self.entry.skill_items(line, self, self.names(text))
            return True
        return False

    def skill_bullet(self, line: Line, index: int, text: str) -> None:
        """A skill, or a group's name when bullets nested under it follow."""
        if self.entry is None or line.level == 0 and self.bullet_is_group(index):
            if self.bullet_is_group(index):
                self.open_skill_group(line, text)
                return
            self.open_skill_group(line)
        self.entry.skill_items(line, self, [line.text])

    def skill_names_line(self, line: Line, index: int, text: str) -> None:
        """A line of skills in the group being read (one named after the section when none
        is), or more about the group."""
        if self.entry is None:
            self.open_skill_group(line)
        items = split_names(text) if self.is_tags_line(text) else split_list(text)
        if line.kind == "text" and (len(items) > 1 or self.entry.items == []):
            self.entry.skill_items(line, self, items)
        else:
            self.entry.content(line, index, self)

    def open_skill_group(self, line: Line, title: str | None = None) -> None:
        """A group named `title` on `line`, or, without one, after the section's heading."""
        self.close_entry()
        self.entry = Draft("skills", line.number)
        if title is None:
            self.entry.put("title", self.headings.get("skills", "Skills"), None, self)
        else:
            self.entry.put("title", title, line, self)

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
        items = split_list(rest)
        languages = [item_level(i) for i in items]
        if name.lower() in ("languages", "spoken languages", "human languages") and all(
            is_language(n) for n, _ in languages
        ):
            self.add_languages(line, languages)
            return
        entry = Draft("skills", line.number, from_label=True)
        entry.put("title", name, line, self)
        entry.skill_items(line, self, items)
        self.entry = entry
        self.close_entry()


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


def _link_name(written: str | None, text: str) -> str:
    """ "Recommendations: [LinkedIn](…)" -> "Recommendations: LinkedIn"; "GitHub:
    [github.com/ada](…)" -> "GitHub"."""
    if not written or is_bare_url(text) or text.startswith("http"):
        return written or text
    return text if text.casefold() == written.casefold() else f"{written}: {text}"
