"""Words the theme shows that are not the user's (labels, section titles) and dates, per language.

Each language's labels are a table in `generator/content/locales/<code>.yaml`, shipped inside
the package; English's names every key (STRINGS_EN). Dates and month names come from CLDR
through Babel, imported on first use so that `cvsite --version` stays fast.
"""

from __future__ import annotations

import datetime
import functools
import logging
from importlib import resources
from typing import TYPE_CHECKING

from generator.content.dates import PartialDate
from generator.content.yamlio import load_yaml
from generator.errors import ContentErrors, shown

if TYPE_CHECKING:
    import babel

log = logging.getLogger(__name__)

# Languages with a full table of strings.
SHIPPED = ("de", "en", "es", "fr", "zh")
# A table serves its language in every region (de for de-AT) but not in another script: the zh
# table is Simplified Chinese, so zh-Hant and zh-TW get English labels unless the site gives them.
_TABLE_SCRIPT = {"zh": "Hans"}
# CLDR skeletons by precision: a year, a month of a year, a day.
_SKELETONS = ("y", "yMMM", "yMMMd")


def _cldr(code: str) -> babel.Locale:
    from babel import Locale as CldrLocale

    return CldrLocale.parse(code, sep="-")


def unknown_language(code: str) -> str | None:
    """Why `code` cannot be a site's language (CLDR does not know it), or None when it can."""
    from babel import UnknownLocaleError

    try:
        _cldr(code)
    except (UnknownLocaleError, ValueError):
        return f"{shown(code)} is not a language CLDR knows (expected e.g. en, de, zh or pt-BR)"
    return None


# The language names of LaTeX's babel and polyglossia that are not English names of their
# language (biblatex's `langid`); any other name is looked up among CLDR's English names.
_TEX_LANGUAGES = {
    **dict.fromkeys(("american", "british", "usenglish", "ukenglish", "canadian"), "en"),
    **dict.fromkeys(("australian", "newzealand"), "en"),
    **dict.fromkeys(("ngerman", "austrian", "naustrian", "swissgerman", "nswissgerman"), "de"),
    **dict.fromkeys(("francais", "acadian", "canadien"), "fr"),
    **dict.fromkeys(("brazil", "brazilian", "portuges"), "pt"),
    **dict.fromkeys(("polutonikogreek",), "el"),
    **dict.fromkeys(("bahasa", "bahasai"), "id"),
    **dict.fromkeys(("nynorsk",), "nn"),
    **dict.fromkeys(("norsk", "bokmal"), "nb"),
}


def language_code(text: str) -> str | None:
    """A language as a .bib file names it (`japanese`, `ngerman`, `English`, `ru`, `en-US`)
    as a BCP 47 code; None for a name CLDR does not know."""
    name = " ".join(text.split()).casefold()
    if name in _TEX_LANGUAGES:
        return _TEX_LANGUAGES[name]
    if name in _english_names():
        return _english_names()[name]
    if unknown_language(name) is None and 2 <= len(name.split("-")[0]) <= 3:
        return str(_cldr(name)).replace("_", "-")
    return None


@functools.cache
def _english_names() -> dict[str, str]:
    return {name.casefold(): code for code, name in _cldr("en").languages.items()}


def language_name(code: str) -> str:
    """The language's name in itself, as a language switcher shows it: Deutsch, 中文."""
    cldr = _cldr(code)
    name = cldr.get_display_name(cldr) or code
    return name[:1].upper() + name[1:]


@functools.cache
def builtin_strings(code: str) -> dict[str, str]:
    """The shipped table of one language (a code from SHIPPED); only keys English has."""
    name = f"{code}.yaml"
    text = (
        resources.files("generator.content").joinpath("locales", name).read_text(encoding="utf-8")
    )
    try:
        data = load_yaml(text, f"generator/content/locales/{name}").data
    except ContentErrors as exc:  # pragma: no cover - the shipped tables are tested
        raise RuntimeError(f"broken string table {name}: {exc}") from None
    return (
        data if code == "en" else {key: value for key, value in data.items() if key in STRINGS_EN}
    )


STRINGS_EN = builtin_strings("en")


def table_for(code: str) -> str | None:
    """The shipped table that serves a language code, if any: `de` for `de-AT`."""
    cldr = _cldr(code)
    if cldr.language not in SHIPPED:
        return None
    script = _TABLE_SCRIPT.get(cldr.language)
    if script is not None and cldr.script not in (None, script):
        return None
    return cldr.language


class Locale:
    """UI strings and date formatting for one language; `overrides` come from site.yaml."""

    def __init__(self, language: str, overrides: dict[str, str] | None = None):
        self.language = language
        self.cldr = _cldr(language)
        table = table_for(language)
        own = builtin_strings(table) if table else {}
        overrides = overrides or {}
        self.strings = {**STRINGS_EN, **own, **overrides}
        # Keys shown in English on a page in another language: the build says how many.
        self.untranslated = [] if table else sorted(k for k in STRINGS_EN if k not in overrides)
        self._dates: dict[PartialDate, str] = {}
        self._ranges: dict[tuple[PartialDate, PartialDate], str] = {}

    def t(self, key: str, count: int | None = None) -> str:
        """The string of `key`; its `{count}` is `count` as the language writes numbers
        ("1,620" in English, "1.620" in German)."""
        text = self.strings.get(key, key)
        if count is None:
            return text
        from babel.numbers import format_decimal  # babel's CLDR data: only when counting

        return text.replace("{count}", format_decimal(count, locale=self.cldr))

    def date(self, value: PartialDate | None) -> str:
        """`2021`, `Oct 2021` or `Oct 5, 2021` as the language writes them; `present` too."""
        if value is None:
            return ""
        if value.present:
            return self.t("present")
        text = self._dates.get(value)
        if text is None:
            from babel.dates import format_skeleton

            skeleton = _SKELETONS[_precision(value)]
            text = format_skeleton(skeleton, _as_date(value), locale=self.cldr)
            self._dates[value] = text
        return text

    def date_range(self, start: PartialDate | None, end: PartialDate | None) -> str:
        """A span of time: `Oct 2019 – Mar 2021`, `Okt.–Dez. 2021`, `2021年10月 – 至今`."""
        if start is None:
            return self.date(end)
        if end is None or end == start:
            return self.date(start)
        key = (start, end)
        text = self._ranges.get(key)
        if text is None:
            text = self._range(start, end)
            self._ranges[key] = text
        return text

    def _range(self, start: PartialDate, end: PartialDate) -> str:
        # CLDR's interval formats say what two dates of the same precision share (the year of
        # `Jan – Oct 2021`); dates of different precision, or `present`, are simply joined.
        if not start.present and not end.present and _precision(start) == _precision(end):
            from babel.dates import format_interval

            skeleton = _SKELETONS[_precision(start)]
            return format_interval(_as_date(start), _as_date(end), skeleton, locale=self.cldr)
        pattern = self.cldr.interval_formats.get(None, "{0} – {1}")
        return pattern.replace("{0}", self.date(start)).replace("{1}", self.date(end))


def _precision(value: PartialDate) -> int:
    return 2 if value.day else 1 if value.month else 0


def _as_date(value: PartialDate) -> datetime.date:
    return datetime.date(value.year, value.month or 1, value.day or 1)
