"""The field types content models share: dates, URLs, local files, e-mail, slugs, Markdown.

Each checks and normalises what YAML gave as text, with a message naming what was
expected; `Strict` is the base of every content model (unknown keys are errors).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, WithJsonSchema
from pydantic_core import PydanticCustomError

from generator.content.dates import EXPECTED, PRESENT_WORDS, PartialDate, parse_date
from generator.errors import library_message, shown
from generator.safeurl import (
    EXPECTED_LINK,
    EXPECTED_SOURCE,
    SAFE_SCHEMES,
    invisible_inside,
    is_unsafe,
    normalize_url,
    trim_url,
    url_scheme,
)
from generator.urls import leaves_site


def _to_date(value: Any) -> PartialDate:
    date = parse_date(value)
    if date is None and isinstance(value, list | dict):
        kind = "a list" if isinstance(value, list) else "a mapping"
        raise PydanticCustomError(
            "date", "{kind} is not a date ({expected})", {"kind": kind, "expected": EXPECTED}
        )
    if date is None:
        raise PydanticCustomError(
            "date",
            "{value} is not a date ({expected})",
            {"value": shown(value), "expected": EXPECTED},
        )
    return date


_PRESENT_WORDS = "|".join(
    w for word in PRESENT_WORDS for w in (word, word.capitalize(), word.upper())
)
_DATE_PATTERN = (
    r"^(\d{4}([-./]\d{1,2}([-./]\d{1,2})?)?"
    r"|[A-Za-z]+\.?,? \d{4}|\d{1,2} [A-Za-z]+\.?,? \d{4}|[A-Za-z]+\.? \d{1,2},? \d{4}"
    rf"|{_PRESENT_WORDS})$"
)
DateValue = Annotated[
    PartialDate,
    BeforeValidator(_to_date),
    PlainSerializer(str, return_type=str),
    WithJsonSchema(
        {
            "anyOf": [
                # Editors read YAML 1.2, where `2021` and `2021.10` are numbers; cvsite reads
                # them as the text written, so numbers in the range of years are dates too.
                {"type": "number", "minimum": 1, "exclusiveMaximum": 9999},
                {
                    "type": "string",
                    "pattern": _DATE_PATTERN,
                },
            ],
            "description": "A date: 2021, 2021-10, 2021-10-05, 2021.10, Oct 2021 or present.",
        }
    ),
]


def _check_url(value: Any) -> Any:
    """A URL as it will be emitted (safeurl.normalize_url), refused if it could run script."""
    if not isinstance(value, str):
        return value
    url = normalize_url(value)
    scheme = url_scheme(url)
    if scheme is not None and scheme not in SAFE_SCHEMES:
        raise PydanticCustomError(
            "unsafe_url",
            "{value} uses the unsafe URL scheme {scheme} (expected {expected})",
            # The value holds the scheme: a long one is not shown twice at length.
            {
                "value": shown(value),
                "scheme": shown(f"{scheme}:", limit=20),
                "expected": EXPECTED_LINK,
            },
        )
    # What a browser would drop inside (a tab, a line break) is a mistake in a field: refused,
    # so that what is stored is what was written, less its ends.
    if invisible_inside(trim_url(value)) is not None:
        raise PydanticCustomError(
            "bad_url",
            "{value} has spaces or control characters (expected a URL)",
            {"value": shown(value)},
        )
    try:
        # Templates read the host of a link to pick its icon; a URL that cannot be split
        # (`http://[oops`) must fail here, at its line, not in the middle of rendering.
        urlsplit(url)
    except ValueError as exc:
        raise PydanticCustomError(
            "bad_url",
            "{value} is not a valid URL ({reason})",
            {"value": shown(value), "reason": library_message(str(exc))},
        ) from None
    return url


Url = Annotated[str, BeforeValidator(_check_url)]


def _check_picture_url(value: Any) -> Any:
    """A picture's address: what shows it (a JSON Resume theme) loads it, so it is on the
    web or a path, never an application's (`skype:`), which only a link may hand on."""
    value = _check_url(value)
    if isinstance(value, str) and is_unsafe(value, loaded=True):
        raise PydanticCustomError(
            "unsafe_url",
            "{value} is not the address of a picture (expected {expected})",
            {"value": shown(value), "expected": EXPECTED_SOURCE},
        )
    return value


PictureUrl = Annotated[str, BeforeValidator(_check_picture_url)]


def _check_local_file(value: Any) -> Any:
    """A file shown inside a page (a photo) must be the site's own: no asset from another host."""
    value = _check_url(value)
    if isinstance(value, str) and leaves_site(value):
        raise PydanticCustomError(
            "remote_file",
            "{value} is on another host; pages load nothing from elsewhere (expected a "
            "path inside content/, such as images/me.jpg: download the file there)",
            {"value": shown(value)},
        )
    return value


LocalFile = Annotated[str, BeforeValidator(_check_local_file)]

# One address, nothing a mail program would read as more headers (`?bcc=`) or a second
# recipient (`,`): the value becomes a `mailto:` link as written.
_EMAIL = re.compile(r"[^\s@?&#%,;:<>()\[\]\\\"'/]+@[^\s@?&#%,;:<>()\[\]\\\"'/]+")


def _check_email(value: Any) -> Any:
    if isinstance(value, str) and not _EMAIL.fullmatch(value.strip()):
        raise PydanticCustomError(
            "email",
            "{value} is not an e-mail address (expected one address, like ada@example.org)",
            {"value": shown(value)},
        )
    return value.strip() if isinstance(value, str) else value


Email = Annotated[
    str,
    BeforeValidator(_check_email),
    WithJsonSchema({"type": "string", "format": "email", "description": "An e-mail address."}),
]
Markdown = Annotated[str, Field(description="Markdown text.")]

SLUG_PATTERN = r"^[\w][\w.-]*$"
MAX_SLUG = 100
# A slug is a folder name, and file systems limit names to 255 bytes: 100 characters of a
# script written with 3 or 4 bytes per character would not fit.
MAX_SLUG_BYTES = 200


def _check_slug(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if (
        not re.fullmatch(SLUG_PATTERN, value)
        or ".." in value
        or len(value) > MAX_SLUG
        or any(unicodedata.category(c).startswith("C") for c in value)
    ):
        raise PydanticCustomError(
            "slug",
            "{value} is not a valid slug (expected letters, digits, '-', '_' and '.', "
            "at most {limit} characters, no '/' or '..')",
            {"value": shown(value), "limit": MAX_SLUG},
        )
    size = len(value.encode("utf-8"))
    if size > MAX_SLUG_BYTES:
        raise PydanticCustomError(
            "slug",
            "{value} is too long for a folder name ({size} bytes in UTF-8; at most {limit})",
            {"value": shown(value), "size": size, "limit": MAX_SLUG_BYTES},
        )
    return value


Slug = Annotated[str, BeforeValidator(_check_slug), Field(pattern=SLUG_PATTERN)]


class Strict(BaseModel):
    """Every content model: unknown keys are errors, values are immutable once read."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
