"""Author lists: the owner found in any spelling, long lists cut around the owner; the owner's
name as papers print it (titles before and degrees after are not the name)."""

from __future__ import annotations

import pytest

from generator.content.authors import (
    parse_author,
    parse_authors,
    same_person,
    shorten,
    without_titles,
)
from generator.content.bibtext import display_name, split_marks

OWNER = ["Zili Zhang", "张子立"]


def test_the_owner_matches_in_any_name_order_and_with_initials():
    for spelling in ("Zhang, Zili", "Zili Zhang", "Z. Zhang", "Zhang Z", "ZHANG Zili*", "张子立†"):
        assert any(same_person(spelling, owner) for owner in OWNER), spelling
    assert not same_person("Zhen Zhang", "Zili Zhang")


def test_marks_are_read_and_removed_from_the_name():
    first, second = parse_authors(["Zili Zhang*†", "Ana García*"], OWNER)
    assert (first.name, first.is_owner, first.equal, first.corresponding) == (
        "Zili Zhang",
        True,
        True,
        True,
    )
    assert (second.name, second.is_owner, second.equal) == ("Ana García", False, True)


def names(shown):
    return [a.name if a else "…" for a in shown]


def test_a_long_list_keeps_the_start_the_owner_with_neighbours_and_the_end():
    raw = [f"Author {i}" for i in range(20)]
    raw[11] = "Z. Zhang"
    shown = shorten(parse_authors(raw, OWNER), 10)
    assert names(shown) == [
        "Author 0",
        "Author 1",
        "Author 2",
        "…",
        "Author 10",
        "Z. Zhang",
        "Author 12",
        "…",
        "Author 19",
    ]


def test_without_the_owner_the_first_names_stay():
    shown = shorten(parse_authors([f"A{i}" for i in range(15)], OWNER), 6)
    assert names(shown) == ["A0", "A1", "A2", "A3", "A4", "…", "A14"]


def test_short_lists_and_lists_that_would_hide_one_name_stay_whole():
    short = parse_authors([f"A{i}" for i in range(8)], OWNER)
    assert shorten(short, 10) == short
    almost = parse_authors(["Zili Zhang", "B", "C", "D", "E"], OWNER)
    assert shorten(almost, 4) == almost  # only D would be hidden


def test_a_mark_before_the_name_or_before_its_comma_is_a_mark_not_part_of_the_name():
    # al-folio sites: `*Pang, Ce` (a student, or equal contribution) and `Einstein*†, A.`
    assert display_name("*Pang, Ce") == "Ce Pang*"
    assert split_marks("Einstein*†, A.") == ("Einstein, A.", "*†")
    author = parse_author("*Ce Pang", ["Ce Pang"])
    assert (author.name, author.equal, author.is_owner) == ("Ce Pang", True, True)


def test_a_plus_after_the_family_name_is_a_mark_as_the_others():
    # Matthew D. Lew's lab marks co-corresponding authors `Lew$^+$, Matthew D.` (issue 42)
    for written in ("Lew$^+$, Matthew D.", "Lew^+, Matthew D.", "Lew+, Matthew D."):
        assert split_marks(written) == ("Lew, Matthew D.", "+"), written
        assert display_name(written) == "Matthew D. Lew+"
    assert split_marks("Zhang, Zili$^{*,+}$") == ("Zhang, Zili", "*+")
    author = parse_author(display_name("Lew$^+$, Matthew D."), ["Matthew D. Lew"])
    assert (author.name, author.is_owner, author.marks) == ("Matthew D. Lew", True, "+")
    # an accent is no mark: `L\^{e}` is Lê, before the comma as after it
    assert split_marks("L\\^{e}, Van") == ("L\\^{e}, Van", "")


def test_a_formula_in_a_bib_name_reads_as_text():
    # NASA ADS writes the Turkish dotless i as math (ginsburg-ads-cv.bib, an author of
    # 2022A&A...658A.178S): a name is text, so is the formula in it.
    assert display_name("{Y{\\ensuremath{\\i}}ld{\\ensuremath{\\i}}z}, U.~A.") == "U. A. Yıldız"


def test_rendercv_emphasis_highlights_the_owner_and_is_no_equal_contribution_mark():
    for written in ("*John Doe*", "**John Doe**", "***John Doe***"):
        author = parse_author(written, ["Someone Else"])
        assert (author.name, author.is_owner, author.equal) == ("John Doe", True, False)
    assert display_name("*Doe, John*") == "*John Doe*"  # the same in a .bib


# --- co-authors (content/people.yaml) ---------------------------------------------------------

PEOPLE = (
    ("https://ana.example.org/", ("Ana García", "A. Garcia-Lopez")),
    ("https://orcid.org/0000-0002-1825-0097", ("Bo Li",)),
)


def test_a_coauthor_links_by_the_owners_matching():
    authors = parse_authors(
        ["García, Ana", "A. García*", "Li Bo", "Bob Li", "Zili Zhang", "Carla Rossi"],
        OWNER,
        PEOPLE,
    )
    links = [a.url for a in authors]
    assert links == [
        "https://ana.example.org/",  # family, given
        "https://ana.example.org/",  # an initial, with a mark
        "https://orcid.org/0000-0002-1825-0097",  # family first
        None,  # another given name is another person
        None,  # the owner is highlighted, not linked
        None,
    ]
    assert authors[1].equal and authors[1].name == "A. García"
    assert authors[4].is_owner


def test_the_owner_in_people_stays_the_owner():
    (author,) = parse_authors(["Zili Zhang"], OWNER, (("https://x.org/", ("Zili Zhang",)),))
    assert author.is_owner and author.url is None


def test_initials_run_together_match_the_owner():
    # Zotero, Scopus and Vancouver lists write given names as initials without dots
    assert same_person("Pérez-Luque, AJ", "Antonio J. Pérez-Luque")
    assert same_person("Perez-Luque AJ", "Antonio J. Pérez-Luque")
    assert same_person("Smith, J-P", "Jean-Pierre Smith")
    assert same_person("Smith JP", "Jean-Pierre Smith")
    assert not same_person("Smith, AB", "Jean-Pierre Smith")
    # a short name in capitals stays a name
    assert same_person("LEE Wei", "Wei Lee") and not same_person("Li, Wei", "Wei Lee")


def test_a_family_name_joined_by_a_unicode_hyphen_is_the_owners():
    # Wiley writes U+2010 HYPHEN in names (ajpelu/ajperez's mypubs.bib, from Zotero:
    # `Pérez` U+2010 `Luque, Antonio J.`); some publishers the non-breaking U+2011
    assert same_person("Pérez\u2010Luque, Antonio J.", "Antonio Jesús Pérez-Luque")
    assert same_person("Barea\u2011Azcón, José Miguel", "José Miguel Barea-Azcón")


def test_an_alias_matches_run_together_initials_too():
    owner = parse_author("Pérez-Luque, AJ", ["Antonio Pérez", "Antonio J. Pérez-Luque"])
    assert owner.is_owner


@pytest.mark.parametrize(
    ("written", "bare"),
    [
        ("Dr. Alex Johnson", "Alex Johnson"),
        ("Prof. Dr. Maria Schmidt", "Maria Schmidt"),
        ("Prof Liu Yang", "Liu Yang"),
        ("Dr. rer. nat. Hans Meier", "Hans Meier"),
        ("Dr.-Ing. Karl Benz", "Karl Benz"),
        ("Jane Roe, PhD", "Jane Roe"),
        ("Alex Johnson, Ph.D.", "Alex Johnson"),
        ("Jane Roe PhD, MBA", "Jane Roe"),
        ("John Smith, M.S.", "John Smith"),
        ("Jo Ba, MSc, PhD", "Jo Ba"),
        ("Ms. Amy Ma, MD", "Amy Ma"),
    ],
)
def test_titles_and_degrees_go(written: str, bare: str):
    assert without_titles(written) == bare


@pytest.mark.parametrize(
    "name", ["Amy Ma", "Tom Md", "Med Ali", "Martin Luther King Jr.", "Msila Ndlovu", "Dr."]
)
def test_a_name_that_only_looks_like_a_title_stays(name: str):
    assert without_titles(name) == name


# Group names as real .bib files write them (tests/fixtures/realworld: pierce-bcp.bib and
# beaumier-mendeley.bib), and where the owner is in them.
@pytest.mark.parametrize(
    ("name", "owner", "highlighted"),
    [
        (
            "ACM Presidential Task Force on What Conferences Can Do to Replace Face to Face "
            "Meetings (co-chairs, Crista Lopes and Jeanna Matthews; executive editor, "
            "Benjamin C. Pierce)",
            "Benjamin C. Pierce",
            "Benjamin C. Pierce",
        ),
        (
            "Richard Park, Sanghwa; Seidl, Ralf; Beaumier, Michael; Hollis",
            "Michael Beaumier",
            "Beaumier, Michael",
        ),
        ("The Lovelace Group (A. Lovelace & C. Babbage)", "Ada Lovelace", "A. Lovelace"),
    ],
)
def test_the_owner_named_inside_a_groups_name_is_highlighted_alone(name, owner, highlighted):
    author = parse_author(name, [owner])
    assert author.is_owner and author.url is None
    before, own, after = author.owner_parts
    assert own == highlighted and before + own + after == name


@pytest.mark.parametrize(
    "name",
    [
        "The Pierce Group and Friends",  # the family name alone is not the owner
        "Maria de la Cruz Pierce Benjamin",  # no group: one person's long name
        "CMS Collaboration",
        "Task Force (co-chairs, Zhen Pierce and B. Smith)",  # another Pierce
    ],
)
def test_a_name_that_does_not_name_the_owner_in_full_is_not_the_owners(name):
    author = parse_author(name, ["Benjamin C. Pierce"])
    assert not author.is_owner and author.owner_at is None


def test_the_owner_alone_is_the_whole_name():
    author = parse_author("Pierce, B. C.", ["Benjamin C. Pierce"])
    assert author.is_owner and author.owner_parts == ("", "Pierce, B. C.", "")
