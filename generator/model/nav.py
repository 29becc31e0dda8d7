"""The menu: site.yaml's `nav`, or every section in order; a name that is no section is an
error with a suggestion."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from generator import urls as routes
from generator.content.i18n import Locale
from generator.content.schema import (
    NavItem,
    SiteConfig,
)
from generator.content.yamlio import Document
from generator.errors import ErrorCollector, listed, shown

if TYPE_CHECKING:
    pass
from generator.model.structure import NavLink, Section

# Pages that are not sections but may stand in the menu: nav name -> (label's string key, URL).
SPECIAL_PAGES = {"cv": ("cv", routes.CV), "tags": ("tags", routes.TAGS)}


def make_nav(
    config: SiteConfig,
    sections: list[Section],
    errors: ErrorCollector,
    config_doc: Document,
    locale: Locale,
    root: str = "/",
) -> list[NavLink]:
    by_name = {s.name: s for s in sections}
    if config.nav is None:
        return [NavLink(s.title, s.url, section=s.name) for s in sections]
    links = []
    for index, item in enumerate(config.nav):
        if item.url is not None:
            links.append(NavLink(item.label or item.url, item.url, external=True))
        elif item.section in by_name:
            section = by_name[item.section]
            links.append(NavLink(section.title, section.url, section=section.name))
        elif item.section in SPECIAL_PAGES:
            key, url = SPECIAL_PAGES[item.section]
            label = item.label or locale.t(key)
            links.append(NavLink(label, routes.localized(root, url), section=item.section))
        else:
            errors.extend([config_doc.error(("nav", index, "section"), _no_section(item, by_name))])
    return links


def _no_section(item: NavItem, sections: dict[str, Section]) -> str:
    message = f"no section named {shown(item.section)} in content/"
    close = difflib.get_close_matches(item.section or "", [*sections, *SPECIAL_PAGES], n=1)
    if close:
        return f"{message} (did you mean {shown(close[0])}?)"
    found = listed(sections) or "none"
    return f"{message} (sections: {found}; pages: {', '.join(SPECIAL_PAGES)})"
