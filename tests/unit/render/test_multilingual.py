"""A site in several languages: URLs under each language's root, entries that keep their URL
name in every language, and the links between a page's versions."""

from __future__ import annotations

import pytest

from generator import urls as routes
from generator.content.translations import Languages
from generator.render.pages import LanguageVersions
from generator.render.renderer import plan_pages

BILINGUAL = "title: T\nbase_url: https://example.org/\nlanguages: [en, de]\n"


# --- routes ----------------------------------------------------------------------------------


def test_the_default_language_is_at_the_root_and_the_others_under_their_code():
    assert routes.language_root("en", "en") == "/"
    assert routes.language_root("de", "en") == "/de/"
    assert routes.language_root("pt-BR", "en") == "/pt-BR/"


@pytest.mark.parametrize(
    ("root", "url", "expected"),
    [
        ("/de/", "/cv/", "/de/cv/"),
        ("/de/", "/", "/de/"),
        ("/de/", "/feed.xml", "/de/feed.xml"),
        ("/de/", "/de/cv/", "/de/cv/"),  # already there
        ("/de/", "/assets/style.css", "/assets/style.css"),  # shared by every language
        ("/de/", "/details/", "/de/details/"),  # a section whose name starts like the code
        ("/de/", "notes.pdf", "notes.pdf"),  # not a site URL
        ("/", "/cv/", "/cv/"),
    ],
)
def test_localized(root, url, expected):
    assert routes.localized(root, url) == expected


def test_neutral_undoes_localized():
    for url in ("/", "/cv/", "/projects/engine/", "/feed.xml"):
        assert routes.neutral("/de/", routes.localized("/de/", url)) == url
    assert routes.neutral("/", "/cv/") == "/cv/"


def test_parent():
    assert routes.parent("/de/projects/engine/") == "/de/projects/"
    assert routes.parent("/de/projects/") == "/de/"
    assert routes.parent("/404.html") == "/"
    assert routes.parent("/publications/x/x.bib") == "/publications/x/"


# --- the model in each language --------------------------------------------------------------


def test_every_url_of_another_language_is_under_its_root(load_site):
    loaded = load_site(
        {
            "site.yaml": BILINGUAL + "nav: [projects, cv, tags]\n",
            "content/projects/engine.md": "---\ntitle: Engine\ntags: [Go]\n---\nBody.\n",
            "content/publications.yaml": "- title: Paper\n  key: ada1843\n  year: 1843\n",
        }
    )
    en, de = loaded.resumes["en"], loaded.resumes["de"]
    assert (en.root, de.root) == ("/", "/de/")
    assert de.section("projects").url == "/de/projects/"
    assert de.section("projects").items[0].url == "/de/projects/engine/"
    assert de.tags[0].url == "/de/tags/go/"
    assert [link.url for link in de.nav] == ["/de/projects/", "/de/cv/", "/de/tags/"]
    paper = de.section("publications").items[0]
    assert paper.bib_url == "/de/publications/ada1843/ada1843.bib"
    assert [link.url for link in en.nav] == ["/projects/", "/cv/", "/tags/"]


def test_an_entry_keeps_its_default_language_url_name_in_every_language(load_site):
    loaded = load_site(
        {
            "site.yaml": BILINGUAL,
            "content/projects.yaml": (
                "- title: {en: Engine, de: Maschine}\n  body: x\n"
                "- title: {en: Poetry, de: Dichtung}\n  slug: verse\n  body: x\n"
            ),
        }
    )
    de = loaded.resumes["de"].section("projects").items
    assert [(i.title, i.slug, i.url) for i in de] == [
        ("Maschine", "engine", "/de/projects/engine/"),
        ("Dichtung", "verse", "/de/projects/verse/"),
    ]


def test_entries_are_paired_by_where_they_are_written_not_by_where_they_land(load_site):
    """An entry given in German only is not in the English list: the next one still pairs."""
    loaded = load_site(
        {
            "site.yaml": BILINGUAL,
            "content/projects.yaml": (
                "- de: {title: Nur Deutsch, body: x}\n"
                "- title: {en: Engine, de: Maschine}\n  body: x\n"
            ),
        }
    )
    en = loaded.resumes["en"].section("projects").items
    de = loaded.resumes["de"].section("projects").items
    assert [(i.title, i.slug) for i in en] == [("Engine", "engine")]
    assert [(i.title, i.slug) for i in de] == [
        ("Nur Deutsch", "nur-deutsch"),
        ("Maschine", "engine"),
    ]


def test_a_language_file_pairs_with_the_file_of_the_same_name(load_site):
    loaded = load_site(
        {
            "site.yaml": BILINGUAL,
            "content/experience.yaml": "- position: Analyst\n  body: x\n",
            "content/de/experience.yaml": (
                "- position: Analystin\n  body: x\n- position: Nur hier\n  body: x\n"
            ),
        }
    )
    de = loaded.resumes["de"].section("experience").items
    assert [(i.title, i.slug) for i in de] == [("Analystin", "analyst"), ("Nur hier", "nur-hier")]


def test_a_kept_name_gives_way_to_one_an_entry_chose(load_site):
    loaded = load_site(
        {
            "site.yaml": BILINGUAL,
            "content/projects.yaml": "- title: Engine\n  body: x\n",
            "content/de/projects.yaml": (
                "- title: Maschine\n  body: x\n- title: Andere\n  slug: engine\n  body: x\n"
            ),
        }
    )
    de = loaded.resumes["de"].section("projects").items
    assert [(i.title, i.slug) for i in de] == [("Maschine", "maschine"), ("Andere", "engine")]


# --- the same page in each language ----------------------------------------------------------


def _versions(en: list[str], de: list[str]) -> LanguageVersions:
    return LanguageVersions(Languages("en", ("en", "de")), {"en": en, "de": de})


def test_a_page_leads_to_itself_in_each_language_that_has_it():
    versions = _versions(["/", "/cv/"], ["/de/", "/de/cv/"])
    en, de = versions.links("de", "/de/cv/")
    assert (en.code, en.name, en.url, en.same, en.current) == ("en", "English", "/cv/", True, False)
    assert (de.code, de.name, de.url, de.same, de.current) == (
        "de",
        "Deutsch",
        "/de/cv/",
        True,
        True,
    )


def test_where_a_language_lacks_the_page_the_switcher_leads_to_the_closest_page_above():
    versions = _versions(["/", "/projects/", "/tags/", "/tags/engines/"], ["/de/", "/de/tags/"])
    _, de = versions.links("en", "/tags/engines/")
    assert (de.url, de.same) == ("/de/tags/", False)
    _, de = versions.links("en", "/projects/")
    assert (de.url, de.same) == ("/de/", False)


def test_pages_of_every_language_are_planned_and_linked(load_site):
    loaded = load_site(
        {
            "site.yaml": BILINGUAL,
            "content/projects/engine.md": "---\ntitle: Engine\ntags: [Engines]\n---\nx\n",
            "content/de/projects/engine.md": "---\ntitle: Maschine\ntags: [Maschinen]\n---\nx\n",
        }
    )
    pages = {page.url: page for page in plan_pages(loaded.resumes)}
    assert {"/", "/de/", "/cv/", "/de/cv/", "/projects/engine/", "/de/projects/engine/"} <= set(
        pages
    )
    assert "/de/404.html" not in pages  # a host serves one 404 page for every address
    engine = pages["/de/projects/engine/"]
    assert (engine.language, engine.root) == ("de", "/de/")
    assert [(a.code, a.url) for a in engine.alternates] == [
        ("en", "/projects/engine/"),
        ("de", "/de/projects/engine/"),
    ]
    assert engine.x_default.url == "/projects/engine/"
    tag = pages["/tags/engines/"]
    assert tag.alternates == () and tag.x_default is None
    assert [link.url for link in tag.languages] == ["/tags/engines/", "/de/tags/"]
    not_found = pages["/404.html"]
    assert not_found.alternates == ()
    assert [link.url for link in not_found.languages] == ["/", "/de/"]


def test_a_site_in_one_language_has_no_language_links(load_site):
    pages = plan_pages(load_site({}).resumes)
    assert all(page.languages == () and page.alternates == () for page in pages)
