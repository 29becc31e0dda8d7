"""The content and site.yaml models, declared once: they validate input and give the JSON Schema.

Every model forbids unknown keys. Scalars arrive from `yamlio` as text; pydantic's lax mode
turns text into the numbers and booleans a field asks for. Cross-field rules (an end before
its start) are checked here too, so every content error surfaces in one validation pass.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, ClassVar, Literal
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationInfo,
    WithJsonSchema,
    create_model,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from generator.content.dates import EXPECTED, PRESENT_WORDS, PartialDate, parse_date
from generator.content.defaults import DEFAULT_THEME
from generator.content.i18n import STRINGS_EN, unknown_language
from generator.errors import library_message, listed, shown
from generator.safeurl import (
    SAFE_SCHEMES,
    invisible_inside,
    normalize_url,
    trim_url,
    url_scheme,
)
from generator.urls import leaves_site

# --- field types -----------------------------------------------------------------------------


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
            "{value} uses the unsafe URL scheme {scheme} "
            "(expected http, https, mailto, tel or a relative path)",
            # The value holds the scheme: a long one is not shown twice at length.
            {"value": shown(value), "scheme": shown(f"{scheme}:", limit=20)},
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


# --- profile ---------------------------------------------------------------------------------


class Link(Strict):
    label: str = Field(description="The link text, e.g. GitHub.")
    url: Url = Field(description="Where it points (http, https, mailto, tel or a relative path).")
    icon: str | None = Field(None, description="Icon name; guessed from the URL when left out.")
    username: str | None = Field(
        None, description="Your user name on that network (JSON Resume's profiles.username)."
    )


class Language(Strict):
    name: str
    level: str | None = Field(None, description="e.g. Native, C1, fluent.")


class PostalAddress(Strict):
    """A postal address, as JSON Resume's basics.location has it."""

    street: str | None = Field(None, description="Street and number; lines apart with \\n.")
    postal_code: str | None = None
    city: str | None = None
    region: str | None = Field(None, description="State or province.")
    country_code: str | None = Field(None, description="ISO 3166-1 code, e.g. DE.")


class Profile(Strict):
    """content/profile.yaml: who the site is about."""

    name: str
    headline: str | None = Field(None, description="One line under the name.")
    avatar: LocalFile | None = Field(None, description="A photo: a path inside content/.")
    email: Email | None = None
    phone: str | None = None
    website: Url | None = None
    location: str | None = None
    links: list[Link] = Field(default_factory=list, description="Contact and profile links.")
    summary: Markdown | None = None
    languages: list[Language] = Field(default_factory=list)
    interests: list[str] = Field(default_factory=list)
    address: PostalAddress | None = Field(
        None, description="A postal address; `location` is what the pages show."
    )
    image_url: Url | None = Field(
        None,
        description="A photo on another host, kept for resume.json; pages show only `avatar`.",
    )


# --- entries ---------------------------------------------------------------------------------


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
    highlights: list[Markdown] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    links: list[Link] = Field(default_factory=list)
    body: Markdown | None = Field(None, description="Long text; an entry with a body gets a page.")
    slug: Slug | None = Field(None, description="The entry's URL name; made from the title.")
    draft: bool = Field(False, description="Left out of the build unless --drafts.")
    featured: bool = Field(False, description="Shown on the home page.")
    weight: int = Field(0, description="Sort order within the section: lower comes first.")

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
        if not self.display_title:
            alternative = "" if self.title_field == "title" else " (or 'title')"
            raise PydanticCustomError(
                "title",
                "missing required field '{field}'{alternative}",
                {"field": self.title_field, "alternative": alternative},
            )
        return self

    title_field: ClassVar[str] = "title"

    @property
    def display_title(self) -> str:
        return self.title or ""


class Thesis(Strict):
    title: str | None = None
    summary: Markdown | None = None
    advisors: list[str] = Field(default_factory=list)
    highlights: list[Markdown] = Field(default_factory=list)


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
    def display_title(self) -> str:
        return self.title or self.degree or ""


class Experience(Entry):
    position: str | None = None
    url: Url | None = Field(None, description="The organization's website.")
    description: str | None = Field(
        None, description="What the organization is, e.g. Social media company."
    )

    title_field: ClassVar[str] = "position"

    @property
    def display_title(self) -> str:
        return self.title or self.position or ""


class Volunteer(Entry):
    position: str | None = None
    url: Url | None = Field(None, description="The organization's website.")

    title_field: ClassVar[str] = "position"

    @property
    def display_title(self) -> str:
        return self.title or self.position or ""


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
    venue: str | None = Field(None, description="Journal, conference, school or office.")
    venue_short: str | None = Field(None, description="The venue's abbreviation, e.g. NeurIPS.")
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
    note: str | None = None
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
    def published(self) -> PartialDate | None:
        if self.date is not None:
            return self.date
        if self.year is not None:
            return PartialDate(self.year, self.month or 0)
        return self.start


class Award(Entry):
    awarder: str | None = None


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
    items: Annotated[list[SkillItem], BeforeValidator(_skill_items)] = Field(
        default_factory=list, description="Skills: text, or {name, level}."
    )
    level: str | None = None


class Teaching(Entry):
    course: str | None = None
    role: str | None = None
    institution: str | None = None
    term: str | None = None

    title_field: ClassVar[str] = "course"

    @property
    def display_title(self) -> str:
        return self.title or self.course or ""


class Talk(Entry):
    event: str | None = None


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
}


def model_for(section: str) -> type[Entry]:
    """The entry model of a section; unknown sections get the generic one."""
    return SECTION_MODELS.get(section, Entry)


# --- site.yaml -------------------------------------------------------------------------------


class NavItem(Strict):
    section: str | None = Field(None, description="A section name, e.g. publications.")
    label: str | None = Field(None, description="The menu text; the section title by default.")
    url: Url | None = Field(None, description="An external link instead of a section.")

    @model_validator(mode="after")
    def _one_target(self):
        if (self.section is None) == (self.url is None):
            raise PydanticCustomError("nav", "a nav item needs either 'section' or 'url'")
        if self.url is not None and self.label is None:
            raise PydanticCustomError("nav", "a nav item with 'url' needs a 'label'")
        return self


def _nav_item(value: Any) -> Any:
    return {"section": value} if isinstance(value, str) else value


class HighlightAuthor(Strict):
    name: str = Field(description="Your name as it appears in author lists.")
    aliases: list[str] = Field(default_factory=list, description="Other spellings, e.g. Z. Zhang.")


def _highlight_author(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


class MarkdownOptions(Strict):
    unsafe_html: bool = Field(False, description="Let raw HTML in Markdown through unescaped.")
    smart_quotes: bool = Field(True, description="Typographic quotes and dashes.")


DEPLOY_TARGETS = ("github-pages", "rsync", "directory")


def _check_argument(value: Any) -> Any:
    """A value handed to git or rsync as a command-line argument must not read as an option
    (`--receive-pack=…`, `-e …` run commands) or hold line breaks (CNAME is one line)."""
    if isinstance(value, str) and (value.startswith("-") or re.search(r"[\x00-\x1f\x7f]", value)):
        raise PydanticCustomError(
            "argument",
            "{value} would be read as an option or holds a line break (expected a name "
            "or path without a leading '-' or control characters)",
            {"value": shown(value)},
        )
    return value


Argument = Annotated[str, BeforeValidator(_check_argument)]


class DeployOptions(Strict):
    target: Literal[DEPLOY_TARGETS] = "github-pages"  # type: ignore[valid-type]
    remote: Argument = Field("origin", description="github-pages: the git remote to push to.")
    branch: Argument = Field("gh-pages", description="github-pages: the branch to publish.")
    cname: Argument | None = Field(None, description="github-pages: a custom domain.")
    destination: Argument | None = Field(None, description="rsync or directory: where to copy.")


LANGUAGE_PATTERN = r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"


def _known_language(value: str) -> str:
    problem = unknown_language(value)
    if problem:
        raise PydanticCustomError("language", problem)
    return value


LanguageCode = Annotated[
    str,
    Field(pattern=LANGUAGE_PATTERN, description="A language code: en, de, zh, pt-BR."),
    AfterValidator(_known_language),
]

# site.yaml `strings`: one optional field per label of the themes, so that an unknown key is
# an error with a did-you-mean, like any other. Each is text, or text per language.
Strings = create_model(
    "Strings",
    __base__=Strict,
    __doc__="Labels to use instead of the built-in ones (see docs/languages.md).",
    **{
        key: (str | None, Field(None, description=f"Built-in English: {text!r}."))
        for key, text in STRINGS_EN.items()
    },
)


def _check_base_url(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if not re.fullmatch(r"https?://[^/\s?#]+(/[^\s?#]*)?", value):
        raise PydanticCustomError(
            "base_url",
            "{value} is not a site address (expected http(s)://host/ or http(s)://host/sub/path/)",
            {"value": shown(value)},
        )
    return value if value.endswith("/") else value + "/"


BaseUrl = Annotated[str, BeforeValidator(_check_base_url)]


PAPERS = ("a4", "us-letter")


class PdfSettings(Strict):
    """site.yaml `pdf`: the CV typeset as cv.pdf (`pdf: false` writes none)."""

    paper: Literal[PAPERS] = Field(  # type: ignore[valid-type]
        "a4", description="The paper size: a4 or us-letter."
    )


_SWITCH_WORDS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def _pdf_switch(value: Any) -> Any:
    """`pdf: false` turns the PDF off (None); `pdf: true`, or no value, keeps the defaults."""
    if isinstance(value, str):
        if value.strip().lower() not in _SWITCH_WORDS:
            raise PydanticCustomError(
                "pdf",
                "expected true, false or settings (paper: a4 or us-letter), found '{value}'",
                {"value": value[:120]},
            )
        value = _SWITCH_WORDS[value.strip().lower()]
    if value is None or value is True:
        return {}
    return None if value is False else value


_PDF_SCHEMA = {
    "anyOf": [
        {"type": "boolean"},
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "paper": {"enum": list(PAPERS), "default": "a4", "description": "Paper size."}
            },
        },
    ],
    "description": "The CV typeset as cv.pdf: false for none, or settings ({paper: us-letter}).",
}
PdfSetting = Annotated[
    PdfSettings | None, BeforeValidator(_pdf_switch), WithJsonSchema(_PDF_SCHEMA)
]


class SiteConfig(Strict):
    """site.yaml: settings of the whole site."""

    title: str = Field(description="The site's name, shown in the header and the tab.")
    base_url: BaseUrl = Field(
        description="Where the site is published, e.g. https://user.github.io/portfolio/."
    )
    description: str | None = Field(None, description="For search engines and link previews.")
    language: LanguageCode = Field(
        "en", description="The language of the site, or its default language when it has more."
    )
    languages: list[LanguageCode] | None = Field(
        None,
        description="Every language the site is built in, e.g. [en, de]: the default language "
        "at the root, the others under /<code>/.",
    )
    strings: Strings = Field(  # type: ignore[valid-type]
        default_factory=Strings,
        description="Labels to use instead of the built-in ones, e.g. present: now.",
    )
    theme: str = Field(DEFAULT_THEME, description="A built-in theme or one in themes/.")
    theme_options: dict[str, Any] = Field(
        default_factory=dict, description="Override the options the theme declares."
    )
    nav: (
        Annotated[
            list[NavItem],
            BeforeValidator(lambda v: [_nav_item(i) for i in v] if isinstance(v, list) else v),
        ]
        | None
    ) = Field(None, description="Menu order and labels; also the order of sections on the CV.")
    highlight_author: Annotated[HighlightAuthor, BeforeValidator(_highlight_author)] | None = Field(
        None, description="Your name, highlighted in author lists."
    )
    markdown: MarkdownOptions = Field(default_factory=MarkdownOptions)
    deploy: DeployOptions | None = None
    pdf: PdfSetting = Field(
        default_factory=PdfSettings,
        description="The CV typeset as cv.pdf (and de/cv.pdf, … per language); false: none.",
    )

    @model_validator(mode="before")
    @classmethod
    def _default_language(cls, data: Any) -> Any:
        """Without `language`, the first of `languages` is the default language."""
        if isinstance(data, dict) and "language" not in data:
            languages = data.get("languages")
            if isinstance(languages, list) and languages and isinstance(languages[0], str):
                return {**data, "language": languages[0]}
        return data

    @field_validator("languages")
    @classmethod
    def _no_repeats(cls, languages: list[str] | None) -> list[str] | None:
        if languages is not None:
            if not languages:
                raise PydanticCustomError("languages", "expected at least one language")
            seen = set()
            for index, code in enumerate(languages):
                if code in seen:
                    raise PydanticCustomError(
                        "languages",
                        "{code} is listed twice",
                        {"code": shown(code), "field": index},
                    )
                seen.add(code)
        return languages

    @model_validator(mode="after")
    def _language_is_listed(self):
        if self.languages is not None and self.language not in self.languages:
            raise PydanticCustomError(
                "language",
                "{code} is not one of `languages` ({listed}); the default language must be "
                "one of them",
                {
                    "code": shown(self.language),
                    "listed": listed(self.languages),
                    "field": "language",
                },
            )
        return self


# --- theme.yaml ------------------------------------------------------------------------------


class ThemeManifest(BaseModel):
    """theme.yaml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    description: str | None = None
    extends: str | None = Field(None, description="The theme this one builds on.")
    options: dict[str, Any] = Field(default_factory=dict, description="Options and defaults.")
