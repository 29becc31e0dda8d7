"""The content and site.yaml models, declared once: they validate input and give the JSON Schema.

Every model forbids unknown keys. Scalars arrive from `yamlio` as text; pydantic's lax mode
turns text into the numbers and booleans a field asks for. Cross-field rules (an end before
its start) are checked here too, so every content error surfaces in one validation pass.

fields.py holds the shared field types, profile.py the profile and co-authors, entries.py
every section's entry model and a free page's front matter, siteconfig.py site.yaml and
theme.yaml; what other packages use is importable from here.
"""

from __future__ import annotations

from generator.content.schema.entries import (
    NEWS_SECTIONS,
    PUBLICATION_TYPES,
    SECTION_MODELS,
    Award,
    Certificate,
    Education,
    Entry,
    Experience,
    Highlight,
    NewsItem,
    PageMatter,
    Project,
    Publication,
    SkillGroup,
    Talk,
    Teaching,
    model_for,
)
from generator.content.schema.fields import MAX_SLUG_BYTES, SLUG_PATTERN, LocalFile, Url, url_scheme
from generator.content.schema.profile import Link, Person, Profile
from generator.content.schema.siteconfig import (
    DEPLOY_TARGETS,
    LANGUAGE_PATTERN,
    Analytics,
    BaseUrl,
    DeployOptions,
    NavItem,
    SiteConfig,
    Strings,
    ThemeManifest,
    Variant,
    is_variant_name,
)

__all__ = [
    "Person",
    "Analytics",
    "Award",
    "BaseUrl",
    "Certificate",
    "DEPLOY_TARGETS",
    "DeployOptions",
    "Education",
    "Entry",
    "Experience",
    "Highlight",
    "LANGUAGE_PATTERN",
    "Link",
    "LocalFile",
    "MAX_SLUG_BYTES",
    "NEWS_SECTIONS",
    "NewsItem",
    "NavItem",
    "PUBLICATION_TYPES",
    "PageMatter",
    "Profile",
    "Project",
    "Publication",
    "SECTION_MODELS",
    "SLUG_PATTERN",
    "SiteConfig",
    "SkillGroup",
    "Strings",
    "Talk",
    "Teaching",
    "ThemeManifest",
    "Url",
    "Variant",
    "is_variant_name",
    "model_for",
    "url_scheme",
]
