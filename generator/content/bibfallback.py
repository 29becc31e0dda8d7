"""What a .bib entry that does not fit the model becomes: the entry, less what cannot be used.

A .bib file usually comes from elsewhere (Zotero, DBLP, a colleague's), so its problems are
not the site's to refuse: each becomes a located warning with a fallback (a refused field
left out, an `ftp:` address shown as text, the key for a missing title, a slug for a key a
URL cannot hold), and the entry is shown. Only an entry that cannot be read stays an error.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator import urls as routes
from generator.content.bibparse import BibRecord
from generator.content.bibtext import escape_markdown
from generator.content.schema.entries import BIBTEX_KEY_PATTERN
from generator.errors import ContentError, listed, shown

log = logging.getLogger(__name__)

_ADDRESSES = ("url", "pdf", "code", "slides")
# Addresses of file servers: harmless, no longer opened by browsers, still worth reading.
_AS_TEXT = re.compile(r"^(?:s?ftps?|gopher):", re.IGNORECASE)
Attempt = Callable[[dict[str, Any]], tuple[Any, list[ContentError]]]


@dataclass(frozen=True)
class Warner:
    """Located warnings about one record's fields, kept in `said` until they are told
    (`tell`): a record may be read in another process, and its warnings are told here, in
    the file's order."""

    record: BibRecord
    display: str
    said: list[ContentError] = dataclasses.field(default_factory=list)

    def __call__(self, source: str, message: str) -> None:
        field = self.record.fields.get(source)
        line = field.line if field else self.record.line
        where = f"{self.record.key}.{source}" if source else self.record.key
        self.said.append(ContentError(self.display, line, 1, where, message))


def tell(warnings: list[ContentError]) -> None:
    for warning in warnings:
        log.warning("%s", warning)


def repair(data: dict[str, Any], warn: Warner) -> None:
    """Fallbacks that need no validation first: the title and the key."""
    key = warn.record.key
    if not data.get("title"):
        data["title"] = key
        warn("title", f"the entry has no title; it is shown under its key {shown(key)}")
    if not re.fullmatch(BIBTEX_KEY_PATTERN, key) or len(key) > 100:
        data["key"] = routes.key_slug(key)
        page = "after its first characters" if len(key) > 100 else f"{shown(data['key'])}"
        warn(
            "",
            "this key is too long or has characters a page address cannot hold; its page "
            f"is named {page} and its citation keeps the key",
        )


def warn_undefined(origin: dict[str, str], warn: Warner) -> None:
    """A macro no @string defines, in a field that is shown: BibTeX warns and prints its name."""
    for source in dict.fromkeys(origin.values()):
        field = warn.record.fields.get(source)
        if field is not None and field.undefined:
            names = listed(map(shown, field.undefined))
            verb = "is" if len(field.undefined) == 1 else "are"
            warn(source, f"{names} {verb} no @string of this file; shown as written")


def validate_leniently(
    data: dict[str, Any], origin: dict[str, str], warn: Warner, attempt: Attempt
) -> tuple[Any, list[ContentError]]:
    """`attempt(data)`, again without each field it refuses (each one warned about), until
    it passes or refuses nothing that can be left out."""
    result, errors = attempt(data)
    for _ in range(3):
        if result is not None or not errors:
            break
        dropped = [name for e in errors if (name := _drop(e, data, origin, warn))]
        if not dropped:
            break
        result, errors = attempt(data)
    return result, errors


def _drop(error: ContentError, data: dict[str, Any], origin: dict[str, str], warn: Warner) -> str:
    """Leave out the field `error` is about; '' when it names none that can go."""
    prefix = f"{warn.record.key}."
    name = error.field[len(prefix) :] if error.field.startswith(prefix) else ""
    name = re.split(r"[.\[]", name, maxsplit=1)[0]
    if name in ("", "key", "title", "type") or name not in data:
        return ""
    value = data.pop(name)
    source = origin.get(name, name)
    if name in _ADDRESSES and isinstance(value, str) and _AS_TEXT.match(value):
        note = data.get("note")
        text = escape_markdown(value)  # the note is inline Markdown
        data["note"] = f"{note} {text}" if note else text
        warn(
            source,
            f"{shown(value)}: cvsite does not link ftp: addresses (browsers no longer open "
            "them); it is shown as text in the note",
        )
    else:
        warn(source, f"{error.message}; the field is left out")
    return name
