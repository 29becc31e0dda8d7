"""The same page in each language (`/cv/`, `/de/cv/`): hreflang alternates and the language
switcher, which leads to the closest page above where a language has none."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator import urls as routes
from generator.content.i18n import language_name
from generator.content.translations import Languages


@dataclass(frozen=True)
class LanguageLink:
    """Where a page leads in one language of the site."""

    code: str  # the language code, as `lang` and `hreflang` take it
    name: str  # the language's name in itself: Deutsch, 中文
    url: str  # the same page in that language, or the closest page above it
    same: bool  # the same page (an hreflang alternate), not a page above it
    current: bool  # the language of the page itself


class LanguageVersions:
    """The pages of every language of a site, and the links between them."""

    def __init__(self, languages: Languages, urls: dict[str, Iterable[str]]):
        """`urls`: the page URLs of each language (every language has its home page)."""
        self.roots = {code: routes.language_root(code, languages.default) for code in languages.all}
        self.names = {code: language_name(code) for code in languages.all}
        self.urls = {code: set(urls.get(code, ())) for code in languages.all}

    def links(self, language: str, url: str) -> tuple[LanguageLink, ...]:
        """Where the page at `url` in `language` leads in each language, the default first."""
        place = routes.neutral(self.roots[language], url)
        return tuple(self._link(code, place, code == language) for code in self.roots)

    def _link(self, code: str, place: str, current: bool) -> LanguageLink:
        root, pages = self.roots[code], self.urls[code]
        target = routes.localized(root, place)
        same = target in pages
        while target not in pages and target != root:
            target = routes.parent(target)
        return LanguageLink(code, self.names[code], target, same, current)
