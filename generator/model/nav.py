"""The menu: site.yaml's `nav`, or every section in order and then every free page; a name
that is neither a section nor a page is an error with a suggestion."""

from __future__ import annotations

import difflib
import logging
import re

from generator import urls as routes
from generator.content.i18n import Locale
from generator.content.schema import NavItem, SiteConfig
from generator.content.yamlio import Document
from generator.errors import ErrorCollector, listed, shown
from generator.model.structure import FreePage, NavLink, Section

log = logging.getLogger(__name__)

# Pages that are not sections but may stand in the menu: nav name -> (label's string key, URL).
SPECIAL_PAGES = {"cv": ("cv", routes.CV), "tags": ("tags", routes.TAGS)}


def make_nav(
    config: SiteConfig,
    sections: list[Section],
    errors: ErrorCollector,
    config_doc: Document,
    locale: Locale,
    root: str = "/",
    pages: list[FreePage] | None = None,
) -> list[NavLink]:
    by_name = {s.name: s for s in sections}
    free = {p.name: p for p in pages or []}
    if config.nav is None:
        links = [NavLink(s.title, s.url, section=s.name) for s in sections]
        return links + [NavLink(p.label, p.url, section=p.name) for p in free.values()]
    links = []
    for index, item in enumerate(config.nav):
        if item.url is not None:
            links.append(NavLink(item.label or item.url, item.url, external=True))
        elif item.section in free:
            page = free[item.section]
            links.append(NavLink(item.label or page.label, page.url, section=page.name))
        elif item.section in by_name:
            section = by_name[item.section]
            links.append(NavLink(section.title, section.url, section=section.name))
        elif item.section in SPECIAL_PAGES:
            key, url = SPECIAL_PAGES[item.section]
            label = item.label or locale.t(key)
            links.append(NavLink(label, routes.localized(root, url), section=item.section))
        else:
            message = _no_section(item, by_name, free)
            errors.extend([config_doc.error(("nav", index, "section"), message)])
    return links


def warn_unreached(
    nav: list[NavLink],
    sections: list[Section],
    pages: list[FreePage],
    texts: list[str],
    drafts: set[str],
) -> None:
    """One warning naming the sections and pages that no menu item and no Markdown text
    (`texts`: page bodies, the profile's summary) links to: a visitor cannot find them.
    `drafts` (a draft page, a section of only drafts) are not for visitors yet: never named."""
    menu = {link.url for link in nav}
    unreached = [
        f"{kind} {shown(name)}"
        for kind, name, url in [
            *(("section", s.name, s.url) for s in sections),
            *(("page", p.name, p.url) for p in pages),
        ]
        if name not in drafts
        and url not in menu
        and not any(_links_to(text, name, url) for text in texts)
    ]
    if unreached:
        log.warning(
            "site.yaml: nav: no menu item or page links to the %s; add %s to nav (docs/content.md)",
            ", the ".join(unreached),
            "them" if len(unreached) > 1 else "it",
        )


def _links_to(text: str, name: str, url: str) -> bool:
    """`text` has a Markdown or HTML link to `url`, or to `name/` relative to the site."""
    target = rf"(?:{re.escape(url)}|/?{re.escape(name)}/?)(?:[#?][^)\s\"']*)?"
    return re.search(rf"(?:\]\(\s*<?|href=[\"']){target}[>)\"'\s]", text) is not None


def _no_section(item: NavItem, sections: dict[str, Section], free: dict[str, FreePage]) -> str:
    message = f"no section or page named {shown(item.section)} in content/"
    names = [*sections, *free, *SPECIAL_PAGES]
    close = difflib.get_close_matches(item.section or "", names, n=1)
    if close:
        return f"{message} (did you mean {shown(close[0])}?)"
    found = listed(sections) or "none"
    return f"{message} (sections: {found}; pages: {', '.join([*free, *SPECIAL_PAGES])})"


def check_section_lists(
    config: SiteConfig, sections: list[Section], errors: ErrorCollector, config_doc: Document
) -> None:
    """`cv.sections` and `feed.sections` name sections that exist."""
    names = [s.name for s in sections]
    for setting in ("cv", "feed"):
        for index, name in enumerate(getattr(config, setting).sections or []):
            if name not in names:
                close = difflib.get_close_matches(name, names, n=1)
                hint = f"did you mean {shown(close[0])}?" if close else f"sections: {listed(names)}"
                message = f"no section named {shown(name)} in content/ ({hint})"
                errors.extend([config_doc.error((setting, "sections", index), message)])
