"""UI strings and dates per language: the shipped tables, which table serves a code, Babel dates."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from babel.dates import get_month_names

from generator.content.dates import PRESENT, PartialDate
from generator.content.i18n import (
    SHIPPED,
    STRINGS_EN,
    Locale,
    builtin_strings,
    language_name,
    table_for,
    unknown_language,
)
from generator.content.schema import PUBLICATION_TYPES, SECTION_MODELS
from generator.content.yamlio import load_yaml

TRANSLATED = [code for code in SHIPPED if code != "en"]
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _table_text(code: str) -> str:
    return (
        resources.files("generator.content").joinpath("locales", f"{code}.yaml").read_text("utf-8")
    )


# --- the tables ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_shipped_table_has_every_key_and_no_other(code):
    data = load_yaml(_table_text(code), f"{code}.yaml").data  # duplicate keys would raise
    assert sorted(data) == sorted(STRINGS_EN)
    assert all(isinstance(v, str) and v.strip() for v in data.values())


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_keeps_the_placeholders(code):
    strings = builtin_strings(code)
    for key, english in STRINGS_EN.items():
        assert set(PLACEHOLDER.findall(strings[key])) == set(PLACEHOLDER.findall(english)), key


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_is_not_english(code):
    """Catches a table copied from English and never translated (a few words are the same)."""
    strings = builtin_strings(code)
    same = [k for k in STRINGS_EN if strings[k] == STRINGS_EN[k]]
    assert len(same) < len(STRINGS_EN) // 4, same


def test_every_section_and_publication_type_has_a_label():
    assert set(SECTION_MODELS) <= set(STRINGS_EN)
    assert {f"type_{kind}" for kind in PUBLICATION_TYPES} <= set(STRINGS_EN)


@pytest.mark.parametrize(
    ("code", "section", "title"),
    [
        ("de", "experience", "Berufserfahrung"),
        ("de", "education", "Ausbildung"),
        ("fr", "skills", "Compétences"),
        ("es", "publications", "Publicaciones"),
        ("zh", "projects", "项目"),
    ],
)
def test_section_titles_are_translated(code, section, title):
    assert Locale(code).t(section) == title


# --- which table serves a language ---------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "table"),
    [
        ("en", "en"),
        ("en-GB", "en"),
        ("de", "de"),
        ("de-AT", "de"),
        ("zh", "zh"),
        ("zh-CN", "zh"),
        ("zh-Hans", "zh"),
        ("zh-TW", None),  # Traditional Chinese: the zh table is Simplified
        ("zh-Hant", None),
        ("ja", None),
    ],
)
def test_table_for(code, table):
    assert table_for(code) == table


def test_a_language_without_a_table_shows_english_labels_and_says_which():
    locale = Locale("ja", {"present": "現在"})
    assert locale.t("tags") == "Tags"
    assert locale.t("present") == "現在"
    assert "tags" in locale.untranslated and "present" not in locale.untranslated
    assert Locale("de-AT").untranslated == []


def test_overrides_win_over_the_table():
    assert Locale("de", {"present": "jetzt"}).t("present") == "jetzt"
    assert Locale("de").t("present") == "heute"


def test_unknown_languages_are_named():
    assert unknown_language("de") is None
    assert unknown_language("pt-BR") is None
    assert "'xx' is not a language CLDR knows" in unknown_language("xx")
    assert unknown_language("en-XX") is not None


def test_language_names_are_in_the_language_itself():
    assert language_name("de") == "Deutsch"
    assert language_name("zh") == "中文"
    assert language_name("fr") == "Français"


# --- dates -----------------------------------------------------------------------------------


def _abbreviated(code: str, month: int) -> str:
    return get_month_names("abbreviated", locale=code.replace("-", "_"))[month]


@pytest.mark.parametrize("code", SHIPPED)
def test_month_names_come_from_cldr(code):
    text = Locale(code).date(PartialDate(2021, 10))
    assert _abbreviated(code, 10) in text and "2021" in text


def test_dates_in_german():
    de = Locale("de")
    assert de.date(PartialDate(2021)) == "2021"
    assert de.date(PartialDate(2021, 3)) == "März 2021"
    assert de.date(PartialDate(2021, 10, 5)) == "5. Okt. 2021"
    assert de.date(PRESENT) == "heute"


def test_dates_in_chinese_use_year_and_month_characters():
    zh = Locale("zh")
    assert zh.date(PartialDate(2021)) == "2021年"
    assert zh.date(PartialDate(2021, 10)) == "2021年10月"
    assert zh.date(PartialDate(2021, 10, 5)) == "2021年10月5日"


def test_english_dates_are_not_german():
    en = Locale("en")
    assert en.date(PartialDate(2021, 3)) == "Mar 2021"
    assert en.date(PRESENT) == "present"


@pytest.mark.parametrize("code", SHIPPED)
def test_a_range_to_present_ends_with_the_word_for_present(code):
    locale = Locale(code)
    text = locale.date_range(PartialDate(2019, 9), PRESENT)
    assert text.endswith(locale.t("present"))
    assert text.startswith(locale.date(PartialDate(2019, 9)))


def test_a_range_within_one_year_names_the_year_once():
    de = Locale("de")
    text = de.date_range(PartialDate(2021, 1), PartialDate(2021, 10))
    assert text.count("2021") == 1
    assert _abbreviated("de", 1) in text and _abbreviated("de", 10) in text


def test_a_range_across_years_names_both():
    text = Locale("fr").date_range(PartialDate(2019, 9), PartialDate(2021, 6))
    assert "2019" in text and "2021" in text


def test_a_range_of_mixed_precision_joins_the_two_dates():
    en = Locale("en")
    start, end = PartialDate(2019), PartialDate(2021, 6)
    text = en.date_range(start, end)
    assert text.startswith("2019") and text.endswith("Jun 2021")


def test_a_range_of_one_date_is_that_date():
    de = Locale("de")
    assert de.date_range(PartialDate(2021, 3), PartialDate(2021, 3)) == "März 2021"
    assert de.date_range(PartialDate(2021, 3), None) == "März 2021"
    assert de.date_range(None, PartialDate(2021)) == "2021"
    assert de.date(None) == ""


def test_the_range_separator_is_the_languages_own():
    """Japanese joins a range with a wave dash, not an en dash."""
    text = Locale("ja").date_range(PartialDate(2019), PRESENT)
    assert "～" in text and "–" not in text


@pytest.mark.parametrize(
    ("code", "expected"),
    [("en", "1,620 more"), ("de", "1.620 weitere"), ("fr", "1\u202f620 de plus"), ("en", None)],
)
def test_a_count_is_written_as_the_language_writes_numbers(code, expected):
    locale = Locale(code)
    if expected is None:  # no count: the string as it is
        assert locale.t("more_count") == "{count} more"
    else:
        assert locale.t("more_count", count=1620) == expected
