"""Sites in a language and in several: site.yaml settings, per-language files, one Resume each."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from generator.content.dates import PartialDate
from generator.content.i18n import STRINGS_EN
from generator.content.jsonschema import schemas
from tests.helpers import REPO

SITE = "title: T\nbase_url: https://example.org/\n"
BILINGUAL = SITE + "languages: [en, de]\n"


def site_yaml(extra: str) -> dict[str, str]:
    return {"site.yaml": SITE + extra}


# --- one language ----------------------------------------------------------------------------


def test_the_language_sets_section_titles_and_menu_labels(load_site):
    resume = load_site(
        {
            **site_yaml("language: de\nnav: [experience, projects, cv, tags]\n"),
            "content/experience.yaml": "- position: Analystin\n",
            "content/projects.yaml": "- title: Maschine\n",
        }
    ).resume
    assert [s.title for s in resume.sections] == ["Berufserfahrung", "Projekte"]
    assert [n.label for n in resume.nav] == [
        "Berufserfahrung",
        "Projekte",
        "Lebenslauf",
        "Schlagwörter",
    ]
    assert resume.locale.date(PartialDate(2021, 3)) == "März 2021"


def test_a_nav_label_still_wins_over_the_translated_title(load_site):
    resume = load_site(
        {
            **site_yaml("language: fr\nnav: [{section: projects, label: Travaux}]\n"),
            "content/projects.yaml": "- title: X\n",
        }
    ).resume
    assert resume.section("projects").title == "Travaux"


def test_strings_override_labels_of_the_default_language(load_site):
    resume = load_site(site_yaml("strings: {present: now, education: Studies}\n")).resume
    assert resume.locale.t("present") == "now"
    assert resume.locale.t("education") == "Studies"
    assert resume.locale.t("tags") == "Tags"


def test_an_unknown_string_key_is_an_error_with_a_suggestion(site_errors):
    errors = site_errors(site_yaml("strings:\n  presnet: now\n"))
    assert errors == [
        "site.yaml:4:3: strings.presnet: unknown field 'presnet' (did you mean 'present'?)"
    ]


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (
            "language: xx\n",
            "site.yaml:3:11: language: 'xx' is not a language CLDR knows "
            "(expected e.g. en, de, zh or pt-BR)",
        ),
        (
            "language: de\nlanguages: [en, fr]\n",
            "site.yaml:3:11: language: 'de' is not one of `languages` (en, fr); the default "
            "language must be one of them",
        ),
        ("languages: [en, de, en]\n", "site.yaml:3:21: languages[2]: 'en' is listed twice"),
        ("languages: []\n", "site.yaml:3:12: languages: expected at least one language"),
        (
            "languages: [en, Deutsch]\n",
            "site.yaml:3:17: languages[1]: 'Deutsch' is not a language code "
            "(expected e.g. en, de, zh or pt-BR)",
        ),
    ],
)
def test_bad_language_settings_are_located_errors(site_errors, extra, expected):
    assert expected in site_errors(site_yaml(extra))


def test_without_language_the_first_listed_is_the_default(load_site):
    loaded = load_site(site_yaml("languages: [de, en]\n"))
    assert list(loaded.resumes) == ["de", "en"]
    assert loaded.resume.language == "de"


# --- several languages -----------------------------------------------------------------------


def test_each_language_gets_its_resume_with_translated_fields(load_site):
    loaded = load_site(
        {
            "site.yaml": BILINGUAL + "description: {en: Notes, de: Notizen}\n",
            "content/profile.yaml": "name: Ada\nsummary: {en: I compute., de: Ich rechne.}\n",
            "content/experience.yaml": (
                "- position: {en: Analyst, de: Analystin}\n  start: 2019-09\n  end: present\n"
            ),
        }
    )
    en, de = loaded.resumes["en"], loaded.resumes["de"]
    assert (en.language, de.language) == ("en", "de")
    assert (en.config.description, de.config.description) == ("Notes", "Notizen")
    assert (en.profile.summary, de.profile.summary) == ("I compute.", "Ich rechne.")
    assert en.section("experience").items[0].title == "Analyst"
    assert de.section("experience").items[0].title == "Analystin"
    assert de.section("experience").title == "Berufserfahrung"
    assert en.languages == de.languages and en.languages.all == ("en", "de")
    assert en.fallbacks == de.fallbacks == []


def test_fallbacks_are_counted_per_language(load_site):
    loaded = load_site(
        {
            "site.yaml": BILINGUAL,
            "content/projects.yaml": (
                "- title: {en: One}\n- title: {en: Two, de: Zwei}\n  summary: {en: Only English}\n"
            ),
        }
    )
    de = loaded.resumes["de"]
    assert [i.title for i in de.section("projects").items] == ["One", "Zwei"]
    assert [(f.line, f.field) for f in de.fallbacks] == [
        (1, "projects[0].title"),
        (3, "projects[1].summary"),
    ]
    assert loaded.resume.fallbacks == []


def test_strings_per_language(load_site):
    loaded = load_site({"site.yaml": BILINGUAL + "strings: {present: now, cv: {de: Vita}}\n"})
    en, de = loaded.resumes["en"].locale, loaded.resumes["de"].locale
    assert (en.t("present"), de.t("present")) == ("now", "heute")
    assert (en.t("cv"), de.t("cv")) == ("CV", "Vita")


def test_an_error_in_a_translation_names_the_language_and_its_line(site_errors):
    errors = site_errors(
        {
            "site.yaml": BILINGUAL,
            "content/experience.yaml": (
                "- position: Analyst\n  start: 2019\n  end:\n    en: 2020\n    de: 2018\n"
            ),
        }
    )
    assert errors == [
        "content/experience.yaml:5:9: experience[0].end.de: '2018' is before the start '2019'"
    ]


def test_a_language_missing_a_required_field_is_an_error(site_errors):
    errors = site_errors(
        {"site.yaml": BILINGUAL, "content/projects.yaml": "- title: {de: Nur Deutsch}\n"}
    )
    assert errors == [
        "content/projects.yaml:1:3: projects[0].title: missing required field 'title'"
    ]


# --- per-language files ----------------------------------------------------------------------


def test_a_language_folder_replaces_files_of_the_same_name(load_site):
    loaded = load_site(
        {
            "site.yaml": BILINGUAL,
            "content/profile.yaml": "name: Ada\nheadline: Analyst\n",
            "content/de/profile.yaml": "name: Ada\nheadline: Analystin\n",
            "content/experience.yaml": "- position: Analyst\n",
            "content/de/experience.yml": "- position: Analystin\n",
            "content/projects/engine.md": "---\ntitle: Engine\n---\nEnglish.\n",
            "content/projects/notes.md": "---\ntitle: Notes\n---\n",
            "content/de/projects/engine.md": "---\ntitle: Maschine\n---\nDeutsch.\n",
            "content/de/projects/nur-hier.md": "---\ntitle: Nur hier\n---\n",
            "content/de/talks.yaml": "- title: Vortrag\n",
            "content/de/files/cv.pdf": b"%PDF",
        }
    )
    en, de = loaded.resumes["en"], loaded.resumes["de"]
    assert (en.profile.headline, de.profile.headline) == ("Analyst", "Analystin")
    assert en.section("experience").items[0].title == "Analyst"
    assert de.section("experience").items[0].title == "Analystin"
    assert sorted(i.title for i in en.section("projects").items) == ["Engine", "Notes"]
    assert sorted(i.title for i in de.section("projects").items) == [
        "Maschine",
        "Notes",
        "Nur hier",
    ]
    engine = next(i for i in de.section("projects").items if i.slug == "engine")
    assert (engine.body, engine.source) == ("Deutsch.\n", "content/de/projects/engine.md")
    assert en.section("talks") is None and de.section("talks").title == "Vorträge"
    assert "de/files/cv.pdf" in en.assets


def test_an_error_in_a_language_file_names_that_file(site_errors):
    errors = site_errors(
        {"site.yaml": BILINGUAL, "content/de/projects/a.md": "---\ntitel: A\n---\n"}
    )
    assert errors == [
        "content/de/projects/a.md:2:1: titel: unknown field 'titel' (did you mean 'title'?)"
    ]


def test_a_folder_of_a_language_the_site_does_not_list_is_an_error(site_errors):
    errors = site_errors({"content/fr/profile.yaml": "name: Ada\n"})
    assert errors == [
        "content/fr/profile.yaml: 'fr' is not a language of this site: to make content/fr/ "
        "its version in that language, list fr in site.yaml `languages:`"
    ]


def test_a_single_language_site_keeps_a_folder_named_like_a_language_as_assets(load_site):
    loaded = load_site({"content/de/cv.pdf": b"%PDF"})
    assert "de/cv.pdf" in loaded.resume.assets


# --- editor schemas --------------------------------------------------------------------------


def _validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(json.dumps(schemas()[name])))


def test_editor_schemas_accept_the_translation_form():
    site = _validator("site.schema.json")
    ok = {
        "title": {"en": "Notes", "de": "Notizen"},
        "base_url": "https://x.org/",
        "languages": ["en", "de"],
        "strings": {"present": "now", "cv": {"de": "Vita"}},
    }
    assert list(site.iter_errors(ok)) == []
    entries = _validator("experience.schema.json")
    entry = {
        "position": {"en": "Analyst", "de": "Analystin"},
        "highlights": [{"en": "a", "de": "b"}, "c"],
        "start": "2019-09",
    }
    assert list(entries.iter_errors([entry])) == []
    assert (
        list(
            _validator("profile.schema.json").iter_errors(
                {"name": "Ada", "interests": {"en": ["x"], "de": ["y"]}}
            )
        )
        == []
    )


def test_editor_schemas_still_refuse_what_cvsite_refuses():
    site = _validator("site.schema.json")
    base = {"title": "T", "base_url": "https://x.org/"}
    assert list(site.iter_errors({**base, "strings": {"presnet": "now"}}))
    assert list(site.iter_errors({**base, "language": {"en": "de"}}))
    assert list(site.iter_errors({**base, "title": {"English": "T"}}))


# --- docs/languages.md -----------------------------------------------------------------------

LANGUAGES_DOC = (REPO / "docs" / "languages.md").read_text(encoding="utf-8")
DOC_EXAMPLES = [
    (m.group(2), m.group(3))
    for m in re.finditer(
        r'^```(yaml|markdown) title="([^"]+)"\n(.*?)^```$', LANGUAGES_DOC, re.M | re.S
    )
]


def test_the_languages_doc_names_every_label():
    assert [key for key in STRINGS_EN if f"| `{key}` |" not in LANGUAGES_DOC] == []


@pytest.mark.parametrize("index", [i for i, (n, _) in enumerate(DOC_EXAMPLES) if n == "site.yaml"])
def test_each_site_yaml_example_is_valid(load_site, index):
    load_site({"site.yaml": DOC_EXAMPLES[index][1]})


def test_the_content_examples_make_one_bilingual_site(load_site):
    files = {name: text for name, text in DOC_EXAMPLES if name != "site.yaml"}
    site = [text for name, text in DOC_EXAMPLES if name == "site.yaml" and "title: {en" in text]
    loaded = load_site({**files, "site.yaml": site[0]})
    de = loaded.resumes["de"]
    assert de.profile.headline == "Analystin von Maschinen"
    assert de.section("experience").items[0].data.highlights[1].text == "First published program."
    assert de.section("projects").items[0].title == "Die Analytische Maschine"
    assert loaded.resume.section("projects") is None
