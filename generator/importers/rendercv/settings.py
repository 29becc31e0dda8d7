"""RenderCV's `design`, `locale` and `settings` as the nearest site.yaml settings: only the
language, the word for "present" and the PDF's paper have one; the rest is how RenderCV
lays out its PDF, which cvsite's theme decides, each named in the report with that reason."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.content.i18n import STRINGS_EN, unknown_language

# RenderCV 2.4+'s locale names -> language codes.
LANGUAGES = {
    "english": "en",
    "arabic": "ar",
    "danish": "da",
    "dutch": "nl",
    "french": "fr",
    "german": "de",
    "hebrew": "he",
    "hindi": "hi",
    "hungarian": "hu",
    "indonesian": "id",
    "italian": "it",
    "japanese": "ja",
    "korean": "ko",
    "mandarin_chinese": "zh",
    "norwegian_bokmål": "nb",
    "norwegian_nynorsk": "nn",
    "persian": "fa",
    "portuguese": "pt",
    "russian": "ru",
    "spanish": "es",
    "turkish": "tr",
    "vietnamese": "vi",
}
_PAPERS = {"us-letter": "us-letter", "letterpaper": "us-letter", "a4": "a4", "a4paper": "a4"}
_LAYOUT = "how RenderCV lays out its PDF; cvsite's theme decides it"
_DATES = "cvsite writes dates as the site's language does (CLDR), not by a template"
_RENDERING = "a setting of RenderCV's own run, not content"


@dataclass
class Settings:
    """site.yaml values, and (input field, where, why) for the report."""

    values: dict[str, Any] = field(default_factory=dict)
    placed: list[tuple[tuple[Any, ...], str, str]] = field(default_factory=list)

    def put(self, source: tuple[Any, ...], key: str, value: Any, note: str = "") -> None:
        self.values[key] = value
        self.placed.append((source, f"site.yaml {key}", note))

    def leave(self, source: tuple[Any, ...], why: str) -> None:
        self.placed.append((source, "", why))


def read(document: dict[str, Any]) -> Settings:
    settings = Settings()
    for top in ("design", "locale", "locale_catalog", "settings", "rendercv_settings"):
        value = document.get(top)
        if isinstance(value, dict):
            _READERS[top](settings, (top,), value)
        elif value not in (None, ""):
            settings.leave((top,), "expected a mapping")
    # RenderCV prints on US letter unless told otherwise: so does the site's PDF, and the
    # file `cvsite export rendercv` writes back keeps the page count it had.
    settings.values.setdefault("pdf", {"paper": "us-letter"})
    return settings


def _design(settings: Settings, path: tuple[Any, ...], design: dict[str, Any]) -> None:
    for key, value in design.items():
        if key == "theme":
            settings.leave((*path, key), f"RenderCV's {value} theme; the site uses meridian")
        elif key in ("page", "page_size"):
            size = value.get("size") if isinstance(value, dict) else value
            paper = _PAPERS.get(str(size).casefold()) if size else None
            if paper:
                settings.put((*path, key), "pdf", {"paper": paper}, f"the paper of cv.pdf: {size}")
            else:
                settings.leave((*path, key), _LAYOUT)
        elif key == "templates":
            settings.leave((*path, key), f"{_LAYOUT}; {_DATES}")
        else:
            settings.leave((*path, key), _LAYOUT)


def _locale(settings: Settings, path: tuple[Any, ...], locale: dict[str, Any]) -> None:
    for key, value in locale.items():
        if key == "language" and value:
            code = LANGUAGES.get(str(value).casefold(), str(value).casefold())
            problem = unknown_language(code)
            if problem:
                settings.leave((*path, key), problem)
            else:
                settings.put((*path, key), "language", code, f"RenderCV's {value!s}")
        elif key == "present" and value and str(value) != STRINGS_EN["present"]:
            settings.put((*path, key), "strings", {"present": str(value)})
        elif key == "present":
            settings.leave((*path, key), "the site's own word for it")
        elif key in ("month_names", "month_abbreviations", "date_style", "date_template"):
            settings.leave((*path, key), _DATES)
        else:
            settings.leave((*path, key), "a label of RenderCV's PDF; see site.yaml `strings`")


def _rendering(settings: Settings, path: tuple[Any, ...], value: dict[str, Any]) -> None:
    for key in value:
        settings.leave((*path, key), _RENDERING)


_READERS = {
    "design": _design,
    "locale": _locale,
    "locale_catalog": _locale,
    "settings": _rendering,
    "rendercv_settings": _rendering,
}
