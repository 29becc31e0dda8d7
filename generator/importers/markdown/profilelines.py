"""The profile's lines: contact details (e-mail, phone, links, place), the summary, the
languages and the interests, wherever the résumé puts them."""

from __future__ import annotations

import re
from typing import Any

from generator.importers.markdown import placewords, words
from generator.importers.markdown.lines import Line, plain
from generator.importers.markdown.reading import ReaderState

_CONTACT_LABELS = {
    "email": "email",
    "e-mail": "email",
    "mail": "email",
    "phone": "phone",
    "tel": "phone",
    "telephone": "phone",
    "mobile": "phone",
    "cell": "phone",
    "location": "location",
    "address": "location",
    "based in": "location",
    "city": "location",
    "website": "website",
    "web": "website",
    "homepage": "website",
    "home page": "website",
    "blog": "link",
    "portfolio": "link",
}


class ProfileReading(ReaderState):
    """Reads the profile's lines into the profile."""

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
        text = "\n".join(line.text for line in lines)
        summary = self.profile.get("summary")
        self.profile["summary"] = f"{summary}\n\n{text}" if summary else text
        self.profile_origin.setdefault("summary", []).extend(line.number for line in lines)
        for line in lines:
            self.place(line, "field", target)
        return index

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
        links = words.MD_LINK.findall(part)
        if links and not words.MD_LINK.sub("", part).strip(" ,|·•-"):
            return [("link", (_link_name(written, text), url), "") for text, url in links]
        if words.EMAIL.fullmatch(part.strip("<>")):
            email = words.EMAIL.fullmatch(part.strip("<>")).group(1)
            return [("email", email, "")]
        kind = _CONTACT_LABELS.get(label or "")
        if (kind == "phone" or label is None) and words.is_phone(part):
            return [("phone", part, "")]
        if words.is_bare_url(part.strip("<>")):
            return [("link", (written, part.strip("<>")), "")]
        if kind == "location" or (label is None and placewords.is_place(part)):
            return [("location", part, "")]
        if kind == "email" and words.EMAIL.search(part):
            return [("email", words.EMAIL.search(part).group(1), "")]
        return None

    def store_contact(self, key: str, value: Any, line: Line, note: str) -> None:
        if key == "link":
            label, url = value
            self.add_link(url, label, line, "profile.links")
        elif not self.set_profile(key, value, line, note):
            self.note_line(line, f"a second {key}")

    def add_link(self, url: str, label: str | None, line: Line, where: str) -> None:
        url, added = words.with_scheme(url)
        if url.startswith("mailto:"):
            self.set_profile("email", url.removeprefix("mailto:"), line)
            return
        note = "https:// added" if added else ""
        name = (label or "").strip()
        if not name or name.lower() in ("link", "url", "web", "website", "blog", "portfolio"):
            name = name.capitalize() if name else words.link_label(url)
        if name.lower().startswith(("github.com", "linkedin.com")) or "." in name:
            name = words.link_label(url)
        links = self.profile.setdefault("links", [])
        if any(existing["url"] == url for existing in links):
            self.place(line, "field", where, "the same link again")
            return
        links.append({"label": name, "url": url})
        self.profile_origin[f"links[{len(links) - 1}]"] = [line.number]
        self.place(line, "field", f"profile.links[{len(links) - 1}]", note)

    def front_matter(self, line: Line) -> None:
        key, _, value = line.text.partition(":")
        if key.strip() in ("name", "author") and not self.name_found and value.strip():
            self.note_line(line, "front matter of another tool")
        else:
            self.note_line(line, "front matter of another tool")

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
        text = "\n".join(("  " * line.level) + "- " + line.text for line in lines)
        summary = self.profile.get("summary")
        self.profile["summary"] = f"{summary}\n\n{text}" if summary else text
        self.profile_origin.setdefault("summary", []).extend(line.number for line in lines)
        for line in lines:
            self.place(line, "field", "profile.summary")
        return index

    def language_line(self, line: Line) -> None:
        """ "English (C1) German (C1) Chinese (Native)", "Russian - native", "English"."""
        text = plain(line.text)
        found = re.findall(r"([A-Z][\w-]+(?: [A-Z][\w-]+)?)\s*\(([^()]+)\)", text)
        if not found:
            found = [words.item_level(item) for item in words.split_list(text)]
        if not found or not all(placewords.is_language(name) for name, _ in found):
            if self.interest_like_language(line, text):
                return
            self.note_line(line, "not a language and a level")
            return
        languages = self.profile.setdefault("languages", [])
        for name, level in found:
            languages.append({"name": name, **({"level": level} if level else {})})
            self.profile_origin[f"languages[{len(languages) - 1}]"] = [line.number]
        self.place(line, "field", "profile.languages")

    def interest_like_language(self, line: Line, text: str) -> bool:
        """A language line with more than names ("English (native speaker)")."""
        match = re.fullmatch(r"([A-Z][\w-]+)\s*[(:–-]\s*(.+?)\)?", text)
        if match and placewords.is_language(match.group(1)):
            languages = self.profile.setdefault("languages", [])
            languages.append({"name": match.group(1), "level": match.group(2).strip()})
            self.profile_origin[f"languages[{len(languages) - 1}]"] = [line.number]
            self.place(line, "field", "profile.languages")
            return True
        return False

    def interest_line(self, line: Line, index: int) -> int:
        items = words.split_list(plain(line.text)) if line.kind != "bullet" else [line.text]
        interests = self.profile.setdefault("interests", [])
        interests.extend(items)
        self.profile_origin.setdefault("interests", []).append(line.number)
        self.place(line, "field", "profile.interests")
        return index + 1


def _link_name(written: str | None, text: str) -> str:
    """ "Recommendations: [LinkedIn](…)" -> "Recommendations: LinkedIn"; "GitHub:
    [github.com/ada](…)" -> "GitHub"."""
    if not written or words.is_bare_url(text) or text.startswith("http"):
        return written or text
    return text if text.casefold() == written.casefold() else f"{written}: {text}"
