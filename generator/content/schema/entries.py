"""The entries of each section kind (education, experience, publications, talks…) and
which model a section's entries use, cross-field rules (an end before its start) included;
and the front matter of a free page (content/about.md)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BeforeValidator,
    Field,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from generator.content.dates import PRESENT, PartialDate
from generator.content.schema.fields import (
    MAX_SLUG,
    DateValue,
    LocalFile,
    Markdown,
    Slug,
    Strict,
    Url,
)
from generator.content.schema.profile import Link
from generator.errors import describe, shown


class Highlight(Strict):
    """A highlight that names what it is about, so that a CV variant can choose it (see
    docs/content.md, "CV variants"). Plain text is a highlight without tags."""

    text: Markdown
    tags: list[str] = Field(
        default_factory=list, description="Kept in a CV variant only if it includes one."
    )
    items: list[Markdown] = Field(
        default_factory=list, description="Points under this one, shown as a list inside it."
    )

    def __str__(self) -> str:
        return self.text


def _highlight(value: Any) -> Any:
    if isinstance(value, str):
        return {"text": value}
    if not isinstance(value, dict):
        raise PydanticCustomError(
            "highlight",
            "expected text, or a mapping with text and tags, found {found}",
            {"found": describe(value)},
        )
    return value


_HIGHLIGHT_SCHEMA = {
    "anyOf": [
        {"type": "string", "description": "Markdown text."},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["text"],
            "properties": {
                "text": {"type": "string", "description": "Markdown text."},
                "tags": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Kept in a CV variant only if it includes one of these.",
                },
                "items": {
                    "type": "array",
                    "items": {"type": "string", "description": "Markdown text."},
                    "description": "Points under this one, shown as a list inside it.",
                },
            },
        },
    ],
    "description": "Markdown text, or {text, tags, items}: tags for a highlight a CV variant "
    "may choose, items for points under it.",
}
Highlights = Annotated[
    list[Annotated[Highlight, BeforeValidator(_highlight), WithJsonSchema(_HIGHLIGHT_SCHEMA)]],
    Field(default_factory=list),
]


class Entry(Strict):
    """The fields every entry of every section has."""

    title: str | None = None
    subtitle: str | None = None
    organization: str | None = None
    location: str | None = None
    start: DateValue | None = None
    end: DateValue | None = None
    date: DateValue | None = Field(None, description="A single date, instead of start/end.")
    summary: Markdown | None = None
    highlights: Highlights
    tags: list[str] = Field(default_factory=list)
    links: list[Link] = Field(default_factory=list)
    body: Markdown | None = Field(None, description="Long text; an entry with a body gets a page.")
    slug: Slug | None = Field(None, description="The entry's URL name; made from the title.")
    draft: bool = Field(False, description="Left out of the build unless --drafts.")
    featured: bool = Field(False, description="Shown on the home page.")
    weight: int = Field(0, description="Sort order within the section: lower comes first.")
    image: LocalFile | None = Field(
        None, description="A picture (JPEG, PNG, WebP…): a path inside content/."
    )
    image_alt: str | None = Field(
        None, description="What the picture shows, for those who cannot see it."
    )

    @field_validator("end")
    @classmethod
    def _end_after_start(cls, end: PartialDate | None, info: ValidationInfo):
        start = info.data.get("start")
        if end is not None and start is not None and end.precedes(start):
            raise PydanticCustomError(
                "date_order",
                "{end} is before the start {start}",
                {"end": shown(end), "start": shown(start)},
            )
        return end

    # Errors raised after validation carry the field they are about in `field`, so that
    # content.py can place them on that field's line and name it in the field path.
    @model_validator(mode="after")
    def _dates_consistent(self):
        if self.date is not None and (self.start is not None or self.end is not None):
            raise PydanticCustomError(
                "date_mix", "use either 'date' or 'start'/'end', not both", {"field": "date"}
            )
        if self.end is not None and self.start is None:
            raise PydanticCustomError(
                "end_only", "'end' without 'start' (use 'date' for a single date)", {"field": "end"}
            )
        if not self.slug_title:
            alternative = "" if self.title_field == "title" else " (or 'title')"
            raise PydanticCustomError(
                "title",
                "missing required field '{field}'{alternative}",
                {"field": self.title_field, "alternative": alternative},
            )
        return self

    # The field that names an entry without a title (an education's degree).
    title_field: ClassVar[str] = "title"

    @property
    def slug_title(self) -> str:
        """The entry's name: what its slug is made from (so it must not change)."""
        return self.title or getattr(self, self.title_field) or ""

    @property
    def shown_title(self) -> str:
        """The title pages and the CV show; sections may add to the slug title."""
        return self.slug_title

    @property
    def until(self) -> PartialDate | None:
        """The end as shown: a start without an end is still going on (JSON Resume's
        meaning); only `date` is a single day."""
        if self.end is None and self.start is not None:
            return PRESENT
        return self.end


class Thesis(Strict):
    title: str | None = None
    summary: Markdown | None = None
    advisors: list[str] = Field(default_factory=list)
    highlights: Highlights


class Education(Entry):
    institution: str | None = None
    url: Url | None = Field(None, description="The institution's website.")
    degree: str | None = Field(None, description="e.g. Master of Physics (JSON Resume: studyType).")
    area: str | None = Field(None, description="Field of study.")
    grade: str | None = Field(None, description="JSON Resume: score.")
    thesis: Thesis | None = None
    courses: list[str] = Field(default_factory=list)

    title_field: ClassVar[str] = "degree"

    @property
    def shown_title(self) -> str:
        """`Bachelor, Information Technology`: the degree with its field of study, unless an
        own title was given or the degree names the field already. The slug stays the
        degree's, so adding `area` moves no page."""
        title = self.slug_title
        if self.title or not self.area or self.area.casefold() in title.casefold():
            return title
        return f"{title}, {self.area}" if title else self.area


class Experience(Entry):
    position: str | None = None
    url: Url | None = Field(None, description="The organization's website.")
    description: str | None = Field(
        None, description="What the organization is, e.g. Social media company."
    )

    title_field: ClassVar[str] = "position"


class Volunteer(Entry):
    position: str | None = None
    url: Url | None = Field(None, description="The organization's website.")

    title_field: ClassVar[str] = "position"


class Project(Entry):
    roles: list[str] = Field(default_factory=list)
    url: Url | None = Field(None, description="The project's website.")
    type: str | None = Field(None, description="The kind of project, e.g. application.")


class Interest(Entry):
    keywords: list[str] = Field(default_factory=list, description="e.g. Ferrets, Unicorns.")


PUBLICATION_TYPES = (
    "journal",
    "conference",
    "workshop",
    "preprint",
    "thesis",
    "report",
    "patent",
    "book",
    "chapter",
    "talk",
    "misc",
)


BIBTEX_KEY_PATTERN = r"^[^\s,{}()=\"#%'\\~]+$"


class Publication(Entry):
    key: Annotated[str, Field(pattern=BIBTEX_KEY_PATTERN, max_length=MAX_SLUG)] | None = Field(
        None,
        description="The citation key, e.g. zhang2021growing: the BibTeX key, and the paper's "
        "page /publications/<key>/. Two papers may not share a key.",
    )
    authors: list[str] = Field(
        default_factory=list,
        description="Names in order; a trailing * marks equal contribution, † the "
        "corresponding author.",
    )
    editors: list[str] = Field(default_factory=list)
    collaboration: str | None = Field(
        None,
        description="The collaboration that signs the paper, e.g. CMS (INSPIRE's field): "
        "shown after the authors as (CMS Collaboration).",
    )
    venue: str | None = Field(None, description="Journal, conference, school or office.")
    venue_short: str | None = Field(None, description="The venue's abbreviation, e.g. NeurIPS.")
    language: str | None = Field(
        None,
        pattern=r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
        description="The paper's language, as a BCP 47 code (ja, ru, pt-BR), when it is not "
        "the site's: its title and abstract are marked so, for screen readers.",
    )
    type: Literal[PUBLICATION_TYPES] = "misc"  # type: ignore[valid-type]
    year: int | None = None
    month: int | None = Field(None, ge=1, le=12)
    status: str | None = Field(None, description="e.g. under review, accepted, granted.")
    doi: str | None = None
    arxiv: str | None = None
    url: Url | None = None
    pdf: Url | None = None
    code: Url | None = None
    slides: Url | None = None
    abstract: Markdown | None = None
    selected: bool = Field(False, description="Shown among the selected publications.")
    invited: bool = Field(
        False, description="An invited paper or talk: marked so, in the page's language."
    )
    publisher: str | None = None
    volume: str | None = None
    issue: str | None = None
    pages: str | None = None
    number: str | None = Field(None, description="Report or patent number.")
    advisors: list[str] = Field(default_factory=list)
    series: str | None = None
    edition: str | None = None
    isbn: str | None = None
    issn: str | None = None
    note: str | None = Field(None, description="A line on the paper's page (inline Markdown).")
    bibtex_type: str | None = Field(
        None,
        pattern=r"^[A-Za-z]+$",
        description="The BibTeX entry type when `type` does not say it, e.g. mastersthesis.",
    )
    bibtex: str | None = Field(None, description="The paper's BibTeX; made from the fields.")

    @model_validator(mode="after")
    def _year_or_date(self):
        if self.month is not None and self.year is None:
            raise PydanticCustomError("month_only", "'month' without 'year'", {"field": "month"})
        return self

    @property
    def spans(self) -> bool:
        """Published over a span (biblatex's `date = {1885/1888}`): shown as start – end."""
        return self.year is None and self.date is None and self.start is not None

    @property
    def published(self) -> PartialDate | None:
        if self.date is not None:
            return self.date
        if self.year is not None:
            return PartialDate(self.year, self.month or 0)
        return self.start


class Award(Entry):
    awarder: str | None = None
    url: Url | None = Field(None, description="A page about the award.")


class Certificate(Entry):
    issuer: str | None = None
    url: Url | None = None


class SkillItem(Strict):
    name: Markdown
    level: str | None = None


def _skill_items(value: Any) -> Any:
    if isinstance(value, list):
        return [{"name": item} if isinstance(item, str) else item for item in value]
    return value


class SkillGroup(Entry):
    items: Annotated[
        list[SkillItem],
        BeforeValidator(_skill_items, json_schema_input_type=list[SkillItem | Markdown]),
    ] = Field(default_factory=list, description="Skills: text, or {name, level}.")
    level: str | None = None


class Teaching(Entry):
    course: str | None = None
    role: str | None = None
    institution: str | None = None
    term: str | None = None

    title_field: ClassVar[str] = "course"


class Talk(Entry):
    event: str | None = None
    invited: bool = Field(False, description="An invited talk: marked so, in the page's language.")
    authors: list[str] = Field(
        default_factory=list,
        description="Speakers and co-presenters in order; co-authors in people.yaml link.",
    )


class NewsItem(Entry):
    """An item of news or a post: dated, for it is listed newest first and in the feed."""

    @model_validator(mode="after")
    def _dated(self):
        if self.date is None and self.start is None:
            raise PydanticCustomError(
                "news_date",
                "missing required field 'date' (a news item or post is listed by its date)",
                {"field": "date"},
            )
        return self


# Sections of dated news or posts: listed newest first, off the CV unless it asks for them.
NEWS_SECTIONS = ("news", "posts", "blog")

SECTION_MODELS: dict[str, type[Entry]] = {
    "education": Education,
    "experience": Experience,
    "projects": Project,
    "publications": Publication,
    "awards": Award,
    "certificates": Certificate,
    "skills": SkillGroup,
    "teaching": Teaching,
    "talks": Talk,
    "volunteer": Volunteer,
    "interests": Interest,
    "references": Entry,
    **dict.fromkeys(NEWS_SECTIONS, NewsItem),
}


def model_for(section: str) -> type[Entry]:
    """The entry model of a section; unknown sections get the generic one."""
    return SECTION_MODELS.get(section, Entry)


class PageMatter(Strict):
    """content/<name>.md: a page of its own at /<name>/, never on the CV."""

    title: str = Field(description="The page's title, its heading and its menu text.")
    description: str | None = Field(
        None, description="One sentence for search engines and link previews."
    )
    nav_label: str | None = Field(None, description="The menu text, when not the title.")
    draft: bool = Field(False, description="Left out of the build unless --drafts.")
    weight: int = Field(0, description="Order among pages in the default menu: lower first.")
    body: Markdown | None = Field(None, description="The page's text, below the front matter.")
