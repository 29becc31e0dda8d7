"""The pieces of the RenderCV importer: profile URLs as RenderCV makes them (and back),
RenderCV's Markdown in text fields and author marks, and where each section goes."""

from __future__ import annotations

import pytest

from generator.importers.rendercv import inline, networks, sections
from generator.importers.rendercv.entries import map_entry, type_of


@pytest.mark.parametrize(
    ("network", "username", "url"),
    [
        ("LinkedIn", "john-doe", "https://linkedin.com/in/john-doe"),
        ("GitHub", "jd", "https://github.com/jd"),
        ("Google Scholar", "DEF456GHI", "https://scholar.google.com/citations?user=DEF456GHI"),
        ("ORCID", "0000-0003-9876-5432", "https://orcid.org/0000-0003-9876-5432"),
        ("ResearchGate", "John-Doe", "https://researchgate.net/profile/John-Doe"),
        ("X", "jd", "https://x.com/jd"),
        ("Twitter", "jd", "https://twitter.com/jd"),
        ("Mastodon", "@jd@mastodon.social", "https://mastodon.social/@jd"),
        ("StackOverflow", "12345/jd", "https://stackoverflow.com/users/12345/jd"),
        ("YouTube", "jd", "https://youtube.com/@jd"),
        ("IMDB", "nm0000001", "https://imdb.com/name/nm0000001"),
    ],
)
def test_network_urls_are_rendercvs(network, username, url):
    assert networks.network_url(network, username) == url
    back = networks.from_url(url)
    if network == "Mastodon":
        assert back is None  # any host: not told apart from other sites
    else:
        assert back == ("X" if network == "Twitter" else network, username)


def test_unknown_networks_and_malformed_handles_make_no_url():
    assert networks.network_url("Myspace", "x") is None
    assert networks.network_url("Mastodon", "jd") is None
    assert networks.from_url("https://example.org/jd") is None
    assert networks.from_url("https://github.com/jd/repo") is None


def test_markdown_in_text_fields_keeps_words_and_links():
    read = inline.plain("[FlashInfer](https://github.com/x) and **bold** *it*")
    assert read.text == "FlashInfer and bold it"
    assert read.links == [("FlashInfer", "https://github.com/x")]
    assert inline.author("*John Doe*") == ("John Doe", True)
    assert inline.author("***John Doe***") == ("John Doe", True)
    assert inline.author("Sarah Williams") == ("Sarah Williams", False)


def test_entry_types_are_found_as_rendercv_finds_them():
    assert type_of({"label": "L", "details": "D"}) == "one_line"
    assert type_of({"company": "C", "position": "P"}) == "experience"
    assert type_of({"institution": "I", "area": "A"}) == "education"
    assert type_of({"title": "T", "authors": ["A"]}) == "publication"
    assert type_of({"reversed_number": "x"}) == "reversed_numbered"
    assert type_of("a paragraph") == "text"
    assert type_of({"summary": "only common fields"}) is None


def test_dates_follow_rendercvs_rules():
    start_only = map_entry("normal", {"name": "N", "start_date": "2020-01"}, "projects")
    assert (start_only.fields["start"], start_only.fields["end"]) == ("2020-01", "present")
    end_only = map_entry("normal", {"name": "N", "end_date": "2021"}, "projects")
    assert end_only.fields["date"] == "2021" and "start" not in end_only.fields
    both = map_entry("normal", {"name": "N", "date": "2019", "start_date": "2018"}, "projects")
    assert both.fields["date"] == "2019" and ("start_date", both.left[0][1]) == both.left[0]
    season = map_entry("normal", {"name": "N", "date": "Summer 2020"}, "projects")
    assert (season.fields["date"], season.fields["subtitle"]) == ("2020", "Summer 2020")


def test_extra_fields_go_to_the_body():
    mapped = map_entry("experience", {"company": "C", "position": "P", "team": "ML"}, "experience")
    assert mapped.fields["body"] == "**team:** ML\n"


def test_sections_go_to_their_types_first_then_by_title():
    placed = sections.place_all(
        {
            "patents": "numbered",
            "publications": "publication",
            "invited_talks": "reversed_numbered",
            "summary": "text",
            "academic_positions": "experience",
            "technologies": "one_line",
        },
        summary_free=True,
    )
    where = {p.key: (p.section, p.label) for p in placed}
    assert where["publications"] == ("publications", "Publications")
    assert where["patents"] == ("patents", "Patents")
    assert where["invited_talks"] == ("talks", "Invited Talks")
    assert where["summary"][0] == "profile.summary"
    assert where["academic_positions"] == ("experience", "Academic Positions")
    assert where["technologies"] == ("skills", "Technologies")
