"""The presenter names links for what they lead to, dates entries at the precision they
deserve and explains only the marks the site gave a meaning."""

from __future__ import annotations

import pytest

from generator.content.authors import parse_author
from generator.content.i18n import Locale
from generator.content.schema import Link, SiteConfig
from generator.model.resume import load
from generator.render.presenter import Presenter
from tests.helpers import write_site

SITE = {"title": "T", "base_url": "https://example.org/"}


def presenter(**settings) -> Presenter:
    return Presenter(Locale("en"), SiteConfig(**SITE, **settings))


@pytest.mark.parametrize(
    ("url", "label"),
    [
        ("https://arxiv.org/abs/1706.03762", "arXiv"),
        ("https://doi.org/10.1000/xyz", "DOI"),
        ("https://example.org/papers/notes.pdf", "PDF"),
        ("files/notes.pdf", "PDF"),
        ("https://github.com/ada/engine", "Code"),
        ("https://speakerdeck.com/ada/engine", "Slides"),
        ("https://www.acme.example/about", "acme.example"),
        ("http://piedpiper.example.com", "piedpiper.example.com"),
    ],
)
def test_a_link_without_a_name_is_named_for_where_it_leads(url, label):
    shown = presenter().link(Link(label="Link", url=url))
    assert shown.label == label
    assert shown.url == url


def test_a_link_the_user_named_keeps_its_name():
    shown = presenter().link(Link(label="Engine notes", url="https://arxiv.org/abs/1"))
    assert shown.label == "Engine notes"


def test_marks_mean_what_the_site_says():
    author = parse_author("Ada Lovelace*†‡", [])
    plain = presenter()
    assert [(m.symbol, m.meaning) for m in plain.marks(author)] == [
        ("*", "Equal contribution"),
        ("†", None),
        ("‡", None),
    ]
    told = presenter(marks={"†": "Joint senior authors", "*": "Students"})
    assert [m.meaning for m in told.marks(author)] == ["Students", "Joint senior authors", None]


def test_an_unknown_mark_in_site_yaml_is_an_error():
    with pytest.raises(ValueError, match="not a mark"):
        SiteConfig(**SITE, marks={"§": "Reviewer"})


@pytest.mark.parametrize(
    ("language", "written", "shown"),
    [
        ("en", "CMS", "CMS Collaboration"),  # as INSPIRE writes it
        ("de", "CMS", "CMS-Kollaboration"),
        ("en", "LIGO Scientific Collaboration", "LIGO Scientific Collaboration"),
        ("en", "HEP Software Foundation", "HEP Software Foundation"),
        ("en", None, None),
    ],
)
def test_a_papers_collaboration_reads_as_its_field_names_it(language, written, shown):
    assert Presenter(Locale(language), SiteConfig(**SITE)).collaboration(written) == shown


@pytest.mark.parametrize(
    ("language", "written", "shown"),
    [
        ("de", "in press", "im Druck"),  # biblatex's `inpress`, Scopus's "Article in press"
        ("de", "Under Review", "in Begutachtung"),  # whatever the case and separators
        ("fr", "under-review", "en cours d’évaluation"),
        ("zh", "accepted", "已录用"),
        ("en", "pre-published", "pre-published"),
        ("de", "accepted at ICML 2026", "accepted at ICML 2026"),  # no label's: as written
        ("de", None, None),
    ],
)
def test_a_papers_status_is_in_the_pages_language_where_a_label_names_it(language, written, shown):
    assert Presenter(Locale(language), SiteConfig(**SITE)).status(written) == shown


@pytest.mark.parametrize(("language", "word"), [("en", "Invited"), ("de", "Eingeladen")])
def test_an_invited_paper_is_marked_so_in_the_pages_language(tmp_path, language, word):
    papers = "- title: Keynote\n  invited: true\n- title: Contributed\n"
    site = write_site(tmp_path, {"content/publications.yaml": papers})
    resume = load(site).resume
    shown = [Presenter(Locale(language), resume.config).present(item) for item in resume.items]
    assert {view.title: view.invited for view in shown} == {"Keynote": word, "Contributed": None}
    # a talk of the talks section says it where it says its event
    talks = "- title: Plenary\n  event: ICML 2026\n  date: 2026-07\n  invited: true\n"
    site = write_site(tmp_path / "talks", {"content/talks.yaml": talks})
    resume = load(site).resume
    (view,) = [Presenter(Locale(language), resume.config).present(item) for item in resume.items]
    assert view.details == (word, "ICML 2026")


def test_a_sites_own_word_for_a_status_wins():
    words = Locale("en", {"status_submitted": "under submission"})
    assert Presenter(words, SiteConfig(**SITE)).status("Submitted") == "under submission"
