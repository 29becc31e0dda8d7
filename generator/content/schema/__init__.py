"""The content and site.yaml models, declared once: they validate input and give the JSON Schema.

Every model forbids unknown keys. Scalars arrive from `yamlio` as text; pydantic's lax mode
turns text into the numbers and booleans a field asks for. Cross-field rules (an end before
its start) are checked here too, so every content error surfaces in one validation pass.

fields.py holds the shared field types, profile.py the profile, people.py co-authors,
entries.py every section's entry model, page.py a free page's front matter,
siteconfig.py site.yaml (analytics.py its `analytics`) and thememanifest.py theme.yaml;
every name is importable from here.
"""

from __future__ import annotations

from generator.content.schema.analytics import PROVIDERS, Analytics
from generator.content.schema.entries import (
    BIBTEX_KEY_PATTERN,
    NEWS_SECTIONS,
    PUBLICATION_TYPES,
    SECTION_MODELS,
    Award,
    Certificate,
    Education,
    Entry,
    Experience,
    Interest,
    NewsItem,
    Project,
    Publication,
    SkillGroup,
    SkillItem,
    Talk,
    Teaching,
    Thesis,
    Volunteer,
    model_for,
)
from generator.content.schema.fields import (
    MAX_SLUG,
    MAX_SLUG_BYTES,
    SLUG_PATTERN,
    DateValue,
    Email,
    LocalFile,
    Markdown,
    Slug,
    Strict,
    Url,
    url_scheme,
)
from generator.content.schema.page import PageMatter
from generator.content.schema.people import ORCID_PATTERN, Person
from generator.content.schema.profile import Language, Link, PostalAddress, Profile
from generator.content.schema.siteconfig import (
    DEPLOY_TARGETS,
    LANGUAGE_PATTERN,
    PAPERS,
    Argument,
    BaseUrl,
    CvSettings,
    DeployOptions,
    FeedSettings,
    HighlightAuthor,
    LanguageCode,
    MarkdownOptions,
    NavItem,
    PdfSetting,
    PdfSettings,
    SiteConfig,
    Strings,
)
from generator.content.schema.thememanifest import ThemeManifest

__all__ = [
    "ORCID_PATTERN",
    "Person",
    "Analytics",
    "PROVIDERS",
    "Argument",
    "Award",
    "BIBTEX_KEY_PATTERN",
    "BaseUrl",
    "Certificate",
    "CvSettings",
    "DEPLOY_TARGETS",
    "DateValue",
    "DeployOptions",
    "Education",
    "Email",
    "Entry",
    "Experience",
    "FeedSettings",
    "HighlightAuthor",
    "Interest",
    "LANGUAGE_PATTERN",
    "Language",
    "LanguageCode",
    "Link",
    "LocalFile",
    "MAX_SLUG",
    "MAX_SLUG_BYTES",
    "Markdown",
    "MarkdownOptions",
    "NEWS_SECTIONS",
    "NewsItem",
    "NavItem",
    "PAPERS",
    "PUBLICATION_TYPES",
    "PageMatter",
    "PdfSetting",
    "PdfSettings",
    "PostalAddress",
    "Profile",
    "Project",
    "Publication",
    "SECTION_MODELS",
    "SLUG_PATTERN",
    "SiteConfig",
    "SkillGroup",
    "SkillItem",
    "Slug",
    "Strict",
    "Strings",
    "Talk",
    "Teaching",
    "ThemeManifest",
    "Thesis",
    "Url",
    "Volunteer",
    "model_for",
    "url_scheme",
]
