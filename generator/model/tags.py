"""Tags gathered from the entries: one per slug, named as most entries write it."""

from __future__ import annotations

import functools

from generator import urls as routes
from generator.model.entries import Item, Tag


def tag_slug(name: str) -> str:
    """The slug a tag is known by ("" for a name with no letters or digits): tags written
    with other case, spacing or hyphens are the same tag."""
    return routes.slugify(" ".join(name.split()), fallback="")


@functools.lru_cache(maxsize=65536)  # pure; a rebuild asks again for every entry's tags
def _tag_pairs(tags: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The tags as (slug, name), in the order written, without repeated slugs."""
    slugs: dict[str, str] = {}
    for name in tags:
        name = " ".join(name.split())
        slug = tag_slug(name)
        if slug:
            slugs.setdefault(slug, name)
    return tuple(slugs.items())


def _most_written(counts: dict[str, int]) -> str:
    return max(counts.items(), key=lambda pair: pair[1])[0]


def collect_tags(items: list[Item], root: str = "/") -> list[Tag]:
    """Tags that differ only in case, spacing or hyphens are one tag, named as most write it."""
    spellings: dict[str, dict[str, int]] = {}
    members: dict[str, list[Item]] = {}
    per_item = [(item, _tag_pairs(tuple(item.data.tags))) for item in items]
    for item, pairs in per_item:
        for slug, name in pairs:
            found = members.get(slug)
            if found is None:  # not setdefault: that would build a list and a dict per use
                members[slug] = [item]
                spellings[slug] = {name: 1}
            else:
                found.append(item)
                counts = spellings[slug]
                counts[name] = counts.get(name, 0) + 1
    # max keeps the first-seen spelling among ties, so the chosen name is deterministic.
    tags = {
        slug: Tag(slug, _most_written(spellings[slug]), routes.tag(slug, root), members[slug])
        for slug in sorted(members)
    }
    for item, pairs in per_item:
        item.tags = [tags[slug] for slug, _ in pairs]
    return sorted(tags.values(), key=lambda t: (-t.count, t.name.casefold()))
