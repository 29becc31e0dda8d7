"""CV variants (site.yaml `variants`): the résumé as one application's CV shows it.

A variant chooses entries and highlights by their tags (an entry with an excluded tag goes;
an untagged one stays unless `exclude_untagged`; a tagged one stays when `include_tags` is
empty or names one of them), and sections by name (by default those /cv/ shows), at most
`max_per_section` entries each; a section left empty is left out. The profile is the whole
CV's. Tags are compared by slug, as tag pages compare them. A variant's tag that nothing has
is a warning with a did-you-mean; a section the site does not have is an error.
"""

from __future__ import annotations

import difflib
import logging
from collections.abc import Iterable
from dataclasses import dataclass, replace

from generator.content.schema import Highlight, SiteConfig, Variant
from generator.content.yamlio import Document
from generator.errors import ErrorCollector, listed, shown
from generator.model.entries import Item, tag_slug
from generator.model.structure import Resume, Section

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Choice:
    """What a variant keeps, its tags as slugs."""

    include: frozenset[str]
    exclude: frozenset[str]
    exclude_untagged: bool = False

    @classmethod
    def of(cls, variant: Variant) -> Choice:
        return cls(
            _slugs(variant.include_tags), _slugs(variant.exclude_tags), variant.exclude_untagged
        )

    def keeps(self, tags: frozenset[str], *, untagged: bool = True) -> bool:
        """Whether something with these tags stays; `untagged`: whether it stays with none."""
        if not tags:
            return untagged
        if tags & self.exclude:
            return False
        return not self.include or bool(tags & self.include)

    def keeps_entry(self, item: Item) -> bool:
        return self.keeps(
            frozenset(tag.slug for tag in item.tags), untagged=not self.exclude_untagged
        )

    def highlights(self, highlights: list[Highlight]) -> list[Highlight]:
        return [h for h in highlights if self.keeps(_slugs(h.tags))]


def _slugs(names: Iterable[str]) -> frozenset[str]:
    return frozenset(slug for name in names if (slug := tag_slug(name)))


def tailor(resume: Resume, variant: Variant) -> Resume:
    """The résumé as the variant's CV shows it. The entries are copies where highlights
    were left out; the résumé itself is untouched."""
    choice = Choice.of(variant)
    by_name = {section.name: section for section in resume.sections}
    names = variant.sections
    if names is None:  # what /cv/ shows (site.yaml `cv.sections`)
        names = [section.name for section in resume.cv_sections]
    sections = [
        _section(by_name[name], choice, variant.max_per_section)
        for name in names
        if name in by_name
    ]
    # A section the variant leaves empty is left out: a CV shows no heading over nothing.
    kept = [section for section in sections if section.items]
    # The CV's templates show `cv_sections`, which follow `cv.sections`: the variant's here.
    cv = resume.config.cv.model_copy(update={"sections": [section.name for section in kept]})
    config = resume.config.model_copy(update={"cv": cv})
    return replace(resume, config=config, sections=kept)


def _section(section: Section, choice: Choice, most: int | None) -> Section:
    items = [_item(item, choice) for item in section.items if choice.keeps_entry(item)]
    return replace(section, items=items[:most] if most is not None else items)


def _item(item: Item, choice: Choice) -> Item:
    """The entry with the highlights the variant keeps (its thesis's too)."""
    data = item.data
    update = {}
    kept = choice.highlights(data.highlights)
    if kept != data.highlights:
        update["highlights"] = kept
    thesis = item.get("thesis")
    if thesis is not None and (chosen := choice.highlights(thesis.highlights)) != thesis.highlights:
        update["thesis"] = thesis.model_copy(update={"highlights": chosen})
    return replace(item, data=data.model_copy(update=update)) if update else item


def label(variant: Variant, cv: str) -> str:
    """The variant's title: its label, or the CV's (`cv`, in the page's language) and its name."""
    return variant.label or f"{cv} ({variant.name})"


# --- checks ----------------------------------------------------------------------------------


def check_variant_sections(
    config: SiteConfig, sections: list[Section], errors: ErrorCollector, config_doc: Document
) -> None:
    """A variant's section that the site does not have is an error at its line."""
    names = [section.name for section in sections]
    for index, variant in enumerate(config.variants):
        for place, name in enumerate(variant.sections or []):
            if name not in names:
                path = ("variants", index, "sections", place)
                errors.extend([config_doc.error(path, _no_section(name, names))])


def _no_section(name: str, names: list[str]) -> str:
    message = f"no section named {shown(name)} in content/"
    close = difflib.get_close_matches(name, names, n=1)
    if close:
        return f"{message} (did you mean {shown(close[0])}?)"
    return f"{message} (sections: {listed(names) or 'none'})"


def warn_unknown_tags(resumes: Iterable[Resume], config_doc: Document | None) -> None:
    """A variant's tag that no entry or highlight of any language has: a warning at its line."""
    resumes = list(resumes)
    if not resumes or config_doc is None:
        return
    names = _tag_names(resumes)
    for index, variant in enumerate(resumes[0].config.variants):
        for key in ("include_tags", "exclude_tags"):
            for place, tag in enumerate(getattr(variant, key)):
                if tag_slug(tag) not in names:
                    where = config_doc.error(("variants", index, key, place), _unknown(tag, names))
                    log.warning("%s", where)


def _tag_names(resumes: list[Resume]) -> dict[str, str]:
    """Every tag of entries and highlights, slug -> a name it is written as."""
    names: dict[str, str] = {}
    for resume in resumes:
        for item in resume.items:
            thesis = item.get("thesis")
            highlights = [*item.data.highlights, *(thesis.highlights if thesis is not None else [])]
            for name in [*item.data.tags, *(t for h in highlights for t in h.tags)]:
                names.setdefault(tag_slug(name), name)
    names.pop("", None)
    return names


def _unknown(tag: str, names: dict[str, str]) -> str:
    message = f"no entry or highlight has the tag {shown(tag)}, so it chooses nothing"
    spelled = {name.casefold(): name for name in sorted(names.values())}
    close = difflib.get_close_matches(tag.casefold(), list(spelled), n=1, cutoff=0.6)
    if close:
        return f"{message} (did you mean {shown(spelled[close[0]])}?)"
    return message
