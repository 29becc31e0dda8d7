"""Which cvsite section each of RenderCV's sections (free titles, fixed entry types)
becomes: the type's own section first, then a known section the title names ("invited_talks"
is talks), else a section of its own; RenderCV's title stays the menu label."""

from __future__ import annotations

from dataclasses import dataclass

from generator import urls as routes
from generator.content.schema import NEWS_SECTIONS, SECTION_MODELS
from generator.importers.markdown.vocabulary import section_of

# The cvsite section an entry type belongs in, and which titles may send it elsewhere.
_NATIVE = {"education": "education", "experience": "experience", "publication": "publications"}
_EXPERIENCE_LIKE = {"experience", "volunteer", "teaching"}
# Known sections that can hold entries of any type: a title naming one sends them there.
_BY_TITLE = {"awards", "certificates", "talks", "projects", "volunteer", "teaching", "references"}
# Names a section of its own may not take: the known sections' (their models expect other
# fields) and the site's own pages.
_RESERVED = (SECTION_MODELS.keys() - NEWS_SECTIONS) | {"notes", "cv", "tags"}
_TEXT_TYPES = {"normal", "bullet", "numbered", "reversed_numbered", "one_line", "text"}


@dataclass(frozen=True)
class Placement:
    key: str  # RenderCV's title, as written in the file
    kind: str  # RenderCV's entry type (text, bullet, education, …)
    section: str  # cvsite's section name, or "profile.summary"
    label: str  # the title RenderCV shows


def shown_title(key: str) -> str:
    """The title RenderCV prints: `selected_honors` is "Selected Honors"."""
    if "_" in key or key.islower():
        return " ".join(w[:1].upper() + w[1:] for w in key.replace("_", " ").split())
    return key


def place_all(sections: dict[str, str], summary_free: bool) -> list[Placement]:
    """(title -> entry type) to placements, in the order written."""
    taken: set[str] = set()
    chosen: dict[str, str] = {}
    for key, kind in sections.items():  # first, each type's own section
        native = _native(key, kind)
        if native and native not in taken:
            chosen[key] = native
            taken.add(native)
    for key, kind in sections.items():
        if key in chosen:
            continue
        word = section_of(key.replace("_", " "))
        if kind == "text" and word == "summary" and summary_free:
            chosen[key], summary_free = "profile.summary", False
        elif kind in _TEXT_TYPES and word in _BY_TITLE and word not in taken:
            chosen[key] = word
            taken.add(word)
        else:
            slug = routes.slugify(shown_title(key), "section")[:60].strip("-") or "section"
            chosen[key] = routes.unique_slug(slug, taken | _RESERVED)
            taken.add(chosen[key])
    return [Placement(k, sections[k], chosen[k], shown_title(k)) for k in sections]


def _native(key: str, kind: str) -> str | None:
    word = section_of(key.replace("_", " "))
    if kind == "experience":
        return word if word in _EXPERIENCE_LIKE else "experience"
    if kind == "one_line":
        return "skills" if word in (None, "skills") else None
    return _NATIVE.get(kind)
