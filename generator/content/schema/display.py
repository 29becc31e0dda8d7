"""site.yaml's settings for how entries read, on pages and on paper: how precise dates are
(`dates`), what authors' marks mean (`marks`), which private facts are published (`contact`),
and the PDF's look (`pdf`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from generator.content.authors import NAME_MARKS
from generator.content.schema.fields import Strict
from generator.errors import shown

DateDetail = Literal["month", "day"]


def _known_marks(marks: dict[str, str]) -> dict[str, str]:
    for mark in marks:
        if mark not in NAME_MARKS:
            raise PydanticCustomError(
                "marks",
                "{mark} is not a mark cvsite reads after authors' names (expected one of {known})",
                {"mark": shown(mark), "known": ", ".join(NAME_MARKS), "field": mark},
            )
    return marks


Marks = Annotated[dict[str, str], AfterValidator(_known_marks)]


class ContactSettings(Strict):
    """site.yaml `contact`: the private facts of profile.yaml, published only when asked."""

    address: bool = Field(
        False, description="Publish the street address and postal code (`address`)."
    )
    phone: bool = Field(False, description="Publish the phone number (`phone`).")


PAPERS = ("a4", "us-letter")
_HEX_COLOUR = r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"


class PdfSettings(Strict):
    """site.yaml `pdf`: the CV typeset as cv.pdf (`pdf: false` writes none)."""

    paper: Literal[PAPERS] = Field(  # type: ignore[valid-type]
        "a4", description="The paper size: a4 or us-letter."
    )
    font_size: float = Field(10, ge=7, le=14, description="The text's size in points.")
    margin: float | None = Field(
        None, ge=5, le=40, description="The page's margins in millimetres; the theme's by default."
    )
    accent: str | None = Field(
        None,
        pattern=_HEX_COLOUR,
        description="The accent colour (headings, links), e.g. '#7a1f3d'; the theme's by default.",
    )
    tags: bool = Field(False, description="Print each entry's tags under it.")
    numbered: list[str] = Field(
        default_factory=list,
        description="Sections whose entries are numbered, e.g. [publications, talks, patents].",
    )
    one_page: bool = Field(
        False,
        description="Shrink the type, down to min_font_size, so that the CV fits one page; a CV "
        "that does not fit even then keeps font_size.",
    )
    min_font_size: float = Field(
        8.5, ge=7, le=14, description="How small one_page may make the text, in points."
    )


_SWITCH_WORDS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def _pdf_switch(value: Any) -> Any:
    """`pdf: false` turns the PDF off (None); `pdf: true`, or no value, keeps the defaults."""
    if isinstance(value, str):
        if value.strip().lower() not in _SWITCH_WORDS:
            raise PydanticCustomError(
                "pdf",
                "expected true, false or settings (paper, font_size, margin, accent, tags, "
                "numbered, one_page), found '{value}'",
                {"value": value[:120]},
            )
        value = _SWITCH_WORDS[value.strip().lower()]
    if value is None or value is True:
        return {}
    return None if value is False else value


_PDF_SCHEMA = {
    "anyOf": [{"type": "boolean"}, PdfSettings.model_json_schema()],
    "description": "The CV typeset as cv.pdf: false for none, or settings ({paper: us-letter}).",
}
PdfSetting = Annotated[
    PdfSettings | None, BeforeValidator(_pdf_switch), WithJsonSchema(_PDF_SCHEMA)
]
