"""site.yaml: the site's settings (base URL, languages, nav, theme, PDF, CV, feed, analytics,
deploy, strings); and a theme's theme.yaml."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    WithJsonSchema,
    create_model,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from generator.content.authors import NAME_MARKS
from generator.content.i18n import STRINGS_EN, unknown_language
from generator.content.schema.fields import LocalFile, Strict, Url
from generator.content.texmacros import macro_problem
from generator.errors import listed, shown

# How entries read, on pages and on paper: how precise dates are (`dates`), what authors'
# marks mean (`marks`), which private facts are published (`contact`), the PDF's look (`pdf`).
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


# site.yaml `analytics`: an opt-in visitor count by a privacy-respecting service. Each service
# takes the fields it needs; every script or endpoint URL is checked like any URL (safeurl)
# and must be https://, for a page served over https may not load a script over plain http.
PROVIDERS = ("plausible", "goatcounter", "umami", "script")


def _https(value: str) -> str:
    if not value.lower().startswith("https://") or len(value) <= len("https://"):
        raise PydanticCustomError(
            "https_url",
            "{value} is not an https:// address (expected e.g. "
            "https://stats.example.org/script.js)",
            {"value": shown(value)},
        )
    return value


HttpsUrl = Annotated[Url, AfterValidator(_https)]

# What each service needs besides its script, and what is wrong without it.
_NEEDS = {
    "goatcounter": (("code", "endpoint"), "'code' (your GoatCounter site code) or 'endpoint'"),
    "umami": (("website_id",), "'website_id' (from Umami's website settings)"),
    "script": (("script_url",), "'script_url' (the address of your analytics script)"),
}


class Analytics(Strict):
    """An analytics service: nothing is added to the pages unless this is set."""

    provider: Literal[PROVIDERS] = Field(  # type: ignore[valid-type]
        description="plausible, goatcounter, umami, or script (any self-hosted script)."
    )
    domain: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9.-]+$",
        description="plausible: the site's domain as registered there; base_url's host by default.",
    )
    code: str | None = Field(
        None,
        pattern=r"^[a-z0-9-]+$",
        description="goatcounter: your site code, as in https://<code>.goatcounter.com.",
    )
    endpoint: HttpsUrl | None = Field(
        None, description="goatcounter: the count endpoint of a self-hosted GoatCounter."
    )
    website_id: str | None = Field(
        None,
        pattern=r"^[0-9A-Fa-f-]{8,64}$",
        description="umami: the website ID from Umami's settings (a UUID).",
    )
    script_url: HttpsUrl | None = Field(
        None,
        description="The script's address: a self-hosted instance's, or (for script) your "
        "own analytics script's; each service's own by default.",
    )

    @model_validator(mode="after")
    def _has_what_it_needs(self) -> Any:
        fields, what = _NEEDS.get(self.provider, ((), ""))
        if fields and all(getattr(self, name) is None for name in fields):
            raise PydanticCustomError(
                "analytics",
                "{provider} needs {what}",
                {"provider": self.provider, "what": what, "field": fields[0]},
            )
        return self


# The built-in theme a site uses when site.yaml names none.
DEFAULT_THEME = "meridian"


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


def _nav_items(value: Any) -> Any:
    """`- publications` is short for `- section: publications`."""
    if not isinstance(value, list):
        return value
    return [{"section": item} if isinstance(item, str) else item for item in value]


class HighlightAuthor(Strict):
    name: str = Field(description="Your name as it appears in author lists.")
    aliases: list[str] = Field(default_factory=list, description="Other spellings, e.g. Z. Zhang.")


def _highlight_author(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


class MarkdownOptions(Strict):
    unsafe_html: bool = Field(False, description="Let raw HTML in Markdown through unescaped.")
    smart_quotes: bool = Field(True, description="Typographic quotes and dashes.")


def _check_macros(value: dict[str, str]) -> dict[str, str]:
    for name, body in value.items():
        if problem := macro_problem(name, body):
            raise PydanticCustomError("macro", "{problem}", {"problem": problem})
    return value


class MathOptions(Strict):
    macros: Annotated[dict[str, str], AfterValidator(_check_macros)] = Field(
        default_factory=dict,
        description="Your own TeX macros for formulas in Markdown and .bib files, as KaTeX's "
        "macros option takes them: '\\RR': '\\mathbb{R}', '\\abs': '\\left|#1\\right|'. "
        "They win over the built-in ones (units, particles, journals).",
    )


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


class CvSettings(Strict):
    """site.yaml `cv`: what /cv/ and cv.pdf show."""

    sections: list[str] | None = Field(
        None,
        description="The sections the CV shows, in this order; by default every section but "
        "news and posts (news, posts, blog).",
    )
    publications: Literal["all", "selected"] | Annotated[int, Field(ge=1)] = Field(
        "all",
        description="The publications the CV shows: all, the selected ones (selected: true), "
        "or a number: the N most recent. A line says how many more there are and links the "
        "full list.",
    )

    @field_validator("publications", mode="before")
    @classmethod
    def _all_selected_or_a_count(cls, value: object) -> object:
        # One error naming the three choices, not one per member of the union (pydantic's
        # own errors would name `cv.publications.constrained-int` and the literal apart).
        text = str(value) if not isinstance(value, bool) else ""
        number = text.isdigit() and int(text) >= 1  # site.yaml's scalars may come as text
        if value in ("all", "selected") or number:
            return value
        raise PydanticCustomError(
            "publications",
            "expected all, selected or a number of papers (1 or more), found {value}",
            {"value": shown(value)},
        )


class FeedSettings(Strict):
    """site.yaml `feed`: what feed.xml covers."""

    sections: list[str] | None = Field(
        None,
        description="The sections the feed covers; by default every dated section (news, "
        "posts, publications, talks, projects, awards, certificates, …).",
    )


# A variant's name is a folder (/cv/<name>/) and part of a file name (cv-<name>.pdf).
VARIANT_NAME = r"^[a-z0-9][a-z0-9_-]*$"
MAX_VARIANT_NAME = 64


def is_variant_name(value: str) -> bool:
    """Whether `value` can name a variant (and so a folder and a file)."""
    return len(value) <= MAX_VARIANT_NAME and re.fullmatch(VARIANT_NAME, value) is not None


def _check_variant_name(value: Any) -> Any:
    if isinstance(value, str) and not is_variant_name(value):
        raise PydanticCustomError(
            "variant_name",
            "{value} is not a safe name for /cv/<name>/ and cv-<name>.pdf (expected lower-case "
            "letters, digits, '-' and '_', starting with a letter or digit, at most {limit})",
            {"value": shown(value), "limit": MAX_VARIANT_NAME},
        )
    return value


class Variant(Strict):
    """site.yaml `variants`: a CV for one application, chosen from the entries by tags."""

    name: Annotated[str, BeforeValidator(_check_variant_name)] = Field(
        description="The variant's page /cv/<name>/ and PDF cv-<name>.pdf.",
        json_schema_extra={"pattern": VARIANT_NAME, "maxLength": MAX_VARIANT_NAME},
    )
    label: str | None = Field(
        None, description="The variant's title, e.g. CV (machine learning); by default its name."
    )
    include_tags: list[str] = Field(
        default_factory=list,
        description="Keep entries and highlights with any of these tags (untagged ones stay).",
    )
    exclude_tags: list[str] = Field(
        default_factory=list, description="Drop entries and highlights with any of these tags."
    )
    sections: list[str] | None = Field(
        None, description="The sections it shows, in this order; by default all, as /cv/."
    )
    max_per_section: int | None = Field(
        None, ge=1, description="At most this many entries per section, the first ones."
    )
    exclude_untagged: bool = Field(False, description="Drop entries that have no tags.")

    @field_validator("sections")
    @classmethod
    def _sections_once(cls, sections: list[str] | None) -> list[str] | None:
        for index, name in enumerate(sections or []):
            if name in sections[:index]:
                raise PydanticCustomError(
                    "sections", "{name} is listed twice", {"name": shown(name), "field": index}
                )
        return sections


def _variant_names_once(variants: list[Variant]) -> list[Variant]:
    for index, variant in enumerate(variants):
        if any(other.name == variant.name for other in variants[:index]):
            raise PydanticCustomError(
                "variants",
                "a variant named {name} comes before this one (each needs a name of its own)",
                {"name": shown(variant.name), "field": index},
            )
    return variants


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
    # Each short form a validator accepts is its `json_schema_input_type`: the JSON Schema
    # that editors check with takes what the loader takes.
    nav: (
        Annotated[
            list[NavItem],
            BeforeValidator(_nav_items, json_schema_input_type=list[NavItem | str]),
        ]
        | None
    ) = Field(None, description="Menu order and labels; also the order of sections on the CV.")
    highlight_author: (
        Annotated[
            HighlightAuthor,
            BeforeValidator(_highlight_author, json_schema_input_type=HighlightAuthor | str),
        ]
        | None
    ) = Field(None, description="Your name, highlighted in author lists.")
    markdown: MarkdownOptions = Field(default_factory=MarkdownOptions)
    math: MathOptions = Field(default_factory=MathOptions, description="TeX math settings.")
    deploy: DeployOptions | None = None
    cv: CvSettings = Field(default_factory=CvSettings, description="What the CV shows.")
    feed: FeedSettings = Field(default_factory=FeedSettings, description="What feed.xml covers.")
    analytics: Analytics | None = Field(
        None, description="An opt-in visitor count (Plausible, GoatCounter, Umami, a script)."
    )
    favicon: LocalFile | None = Field(
        None,
        description="The browser tab's icon: a path inside content/ (.svg, .png or .ico); "
        "made from the avatar when left out.",
    )
    pdf: PdfSetting = Field(
        default_factory=PdfSettings,
        description="The CV typeset as cv.pdf (and de/cv.pdf, … per language); false: none.",
    )
    dates: DateDetail = Field(
        "month",
        description="How precise dates are: month (Sep 2013 – Aug 2017) or day (Sep 1, 2013 – "
        "Aug 1, 2017). A talk's or a news item's single date keeps its day either way.",
    )
    marks: Marks = Field(
        default_factory=dict,
        description="What the marks after authors' names mean, e.g. '†': Joint senior authors. "
        "'*' means equal contribution unless said here; other marks are explained only here.",
    )
    contact: ContactSettings = Field(
        default_factory=ContactSettings,
        description="Which of profile.yaml's private facts pages, cv.pdf and resume.json show.",
    )
    variants: Annotated[list[Variant], AfterValidator(_variant_names_once)] = Field(
        default_factory=list,
        description="CVs for one application each: /cv/<name>/ and cv-<name>.pdf, with the "
        "entries and highlights chosen by tags.",
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


class ThemeManifest(Strict):
    """theme.yaml: a theme's name, the theme it extends and its options."""

    name: str
    description: str | None = None
    extends: str | None = Field(None, description="The theme this one builds on.")
    options: dict[str, Any] = Field(default_factory=dict, description="Options and defaults.")
