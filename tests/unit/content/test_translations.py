"""Translation mappings resolved for one language: values, fallbacks, absences, errors, marks."""

from __future__ import annotations

import textwrap

import pytest

from generator.content.translations import Languages, Resolver, languages_of
from generator.content.yamlio import load_yaml

EN_DE = Languages("en", ("en", "de"))


def resolve(text: str, language: str, languages: Languages = EN_DE, **options):
    doc = load_yaml(textwrap.dedent(text), "f.yaml", root=options.get("root", ""))
    resolver = Resolver(languages, language)
    resolved, errors = resolver.document(doc, **options)
    return resolved, [str(e) for e in errors], resolver.fallbacks


# --- site languages --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "default", "all_"),
    [
        (None, "en", ("en",)),
        ({"language": "de"}, "de", ("de",)),
        ({"languages": ["en", "de"]}, "en", ("en", "de")),
        ({"languages": ["de", "en"]}, "de", ("de", "en")),
        ({"language": "de", "languages": ["en", "de", "zh"]}, "de", ("de", "en", "zh")),
        ({"languages": ["en", "en", 3, "Not a code"]}, "en", ("en",)),
        ({"language": ["en"], "languages": "de"}, "en", ("en",)),
    ],
)
def test_languages_are_read_before_validation(raw, default, all_):
    languages = languages_of(raw)
    assert (languages.default, languages.all) == (default, all_)
    assert languages.others == all_[1:]


# --- resolving -------------------------------------------------------------------------------


def test_each_language_reads_its_own_value():
    text = "title: {en: Engines, de: Maschinen}\nyear: 1843\n"
    assert resolve(text, "en")[0].data == {"title": "Engines", "year": "1843"}
    assert resolve(text, "de")[0].data == {"title": "Maschinen", "year": "1843"}


def test_a_document_without_translations_is_returned_as_it_is():
    doc = load_yaml("title: Engines\nlinks: [{label: a, url: b}]\n", "f.yaml")
    resolved, errors = Resolver(EN_DE, "de").document(doc)
    assert resolved is doc and errors == []


def test_a_missing_translation_falls_back_to_the_default_language_and_is_counted():
    text = """\
    - title:
        en: Engines
    - title: {en: Notes, de: Notizen}
    """
    resolved, errors, fallbacks = resolve(text, "de", root="projects")
    assert resolved.data == [{"title": "Engines"}, {"title": "Notizen"}]
    assert errors == []
    assert [str(f) for f in fallbacks] == ["f.yaml:2: projects[0].title: no 'de' translation"]
    assert resolve(text, "en", root="projects")[2] == []


def test_a_value_only_in_another_language_is_left_out():
    text = """\
    summary: {de: Nur auf Deutsch}
    highlights:
      - {en: Both, de: Beide}
      - {de: Nur hier}
      - Shared
    """
    assert resolve(text, "en")[0].data == {"highlights": ["Both", "Shared"]}
    assert resolve(text, "de")[0].data == {
        "summary": "Nur auf Deutsch",
        "highlights": ["Beide", "Nur hier", "Shared"],
    }


def test_a_whole_list_may_be_translated():
    text = "interests: {en: [Engines, Poetry], de: [Maschinen]}\n"
    assert resolve(text, "de")[0].data == {"interests": ["Maschinen"]}


def test_translations_nest_inside_translated_values():
    text = "thesis: {title: {en: On engines, de: Über Maschinen}, advisors: [Babbage]}\n"
    assert resolve(text, "de")[0].data == {
        "thesis": {"title": "Über Maschinen", "advisors": ["Babbage"]}
    }


def test_a_mapping_of_other_keys_is_no_translation():
    text = "links: [{url: https://x.org/, label: X}]\ntheme_options: {accent: teal}\n"
    resolved, errors, _ = resolve(text, "de")
    assert resolved.data["links"] == [{"url": "https://x.org/", "label": "X"}]
    assert errors == []


def test_a_single_language_site_may_use_the_mapping_form():
    only_de = Languages("de", ("de",))
    assert resolve("title: {de: Maschinen}\n", "de", only_de)[0].data == {"title": "Maschinen"}


# --- errors and marks ------------------------------------------------------------------------


def test_an_unknown_language_key_is_an_error_with_a_suggestion():
    text = "title:\n  en: Engines\n  dee: Maschinen\n"
    _, errors, _ = resolve(text, "en")
    assert errors == [
        "f.yaml:3:3: title.dee: 'dee' is not one of the site's languages (en, de) "
        "(did you mean 'de'?)"
    ]


def test_a_language_the_site_does_not_list_says_how_to_add_it():
    _, errors, _ = resolve("title: {en: Engines, zh: 引擎}\n", "en")
    assert errors == [
        "f.yaml:1:22: title.zh: 'zh' is not one of the site's languages (en, de); "
        "to add it, list it in site.yaml: languages: [en, de, zh]"
    ]


def test_a_translation_of_translations_is_an_error():
    _, errors, _ = resolve("title: {en: {de: x}}\n", "en")
    assert errors == ["f.yaml:1:13: title.en: a translation holds a value, not more translations"]


def test_marks_point_into_the_mapping_and_paths_name_the_language():
    text = """\
    - title:
        en: Engines
        de: Maschinen
    """
    resolved, _, _ = resolve(text, "de", root="projects")
    assert resolved.mark((0, "title")).line == 3
    assert resolved.mark((0, "title"), key=True).line == 1  # `title:` itself, for unknown keys
    assert resolved.field_name("projects", (0, "title")) == "projects[0].title.de"
    assert resolved.error((0, "title"), "x", root="projects").column == 9


def test_marks_follow_list_items_when_one_is_left_out():
    text = """\
    highlights:
      - {de: Nur hier}
      - Second
    """
    resolved, _, _ = resolve(text, "en")
    assert resolved.data == {"highlights": ["Second"]}
    assert resolved.mark(("highlights", 0)).line == 3
    assert resolved.field_name("", ("highlights", 0)) == "highlights[1]"


# --- site.yaml strings: one language's each --------------------------------------------------


STRINGS = """\
strings:
  present: now
  cv: {de: Vita}
  tags: {en: Topics, de: Themen}
"""


def test_plain_strings_are_the_default_languages_only():
    en = resolve(STRINGS, "en", own_only=("strings",))[0].data["strings"]
    de = resolve(STRINGS, "de", own_only=("strings",))[0].data["strings"]
    assert en == {"present": "now", "tags": "Topics"}
    assert de == {"cv": "Vita", "tags": "Themen"}


def test_strings_never_fall_back_to_the_default_language():
    _, _, fallbacks = resolve("strings: {present: {en: now}}\n", "de", own_only=("strings",))
    assert fallbacks == []
