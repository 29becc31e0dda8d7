"""biblatex and BibTeX forms real files use: `#` with @string, crossref and xdata, @set,
date ranges, subtitles and main titles (issue 27). Each case is taken from a real file of
tests/fixtures/realworld/ (named in the test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content import bibread
from generator.content.bibparse import resolve

EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "realworld" / "biblatex"


def papers(text: str) -> dict:
    loaded, errors = bibread.load_publications(text, "refs.bib")
    assert errors == []
    return {record.key: paper for record, paper in loaded}


@pytest.fixture(scope="module")
def examples() -> dict:
    """biblatex's own example database."""
    return papers((EXAMPLES / "biblatex-examples.bib").read_text(encoding="utf-8"))


def test_concatenation_joins_strings_texts_and_month_names():
    strings = {"dtv": "Deutscher Taschenbuch-Verlag"}
    assert resolve("dtv # { and Walter de Gruyter}", strings) == (
        "Deutscher Taschenbuch-Verlag and Walter de Gruyter",
        [],
    )
    assert resolve('apr # " 12"', {}) == ("April 12", [])
    assert resolve("apr", {}) == ("apr", [])  # alone, a month stays as written
    assert resolve('{a} # "b" # 1999', {}) == ("ab1999", [])
    assert resolve("undefined # {x}", {}) == ("undefinedx", ["undefined"])


def test_a_string_concatenated_with_text_reads_whole(examples):
    assert examples["nietzsche:ksa"].publisher == (
        "Deutscher Taschenbuch-Verlag and Walter de Gruyter"
    )


def test_strings_may_use_strings_defined_before_them():
    text = '@string{acm = "ACM"}\n@string{pldi = acm # " PLDI"}\n'
    text += "@misc{x, title={T}, howpublished = pldi}"
    assert papers(text)["x"].venue == "ACM PLDI"


def test_a_chapter_gets_its_books_title_year_and_publisher_by_crossref(examples):
    chapter = examples["westfahl:space"]
    assert chapter.venue == "Space and Beyond: The Frontier Theme in Science Fiction"
    assert chapter.year == 2000 and chapter.publisher == "Greenwood"
    assert chapter.editors == ["Gary Westfahl"]
    assert chapter.title.startswith("The True Frontier: Confronting")  # its own, not the book's


def test_bibtex_crossref_copies_fields_of_the_same_name():
    text = (
        "@inproceedings{a, title = {Paper}, crossref = {popl99}}\n"
        "@proceedings{popl99, title = {POPL}, booktitle = {Proc. POPL '99}, year = 1999}"
    )
    paper = papers(text)["a"]
    assert paper.venue == "Proc. POPL '99" and paper.year == 1999 and paper.title == "Paper"
    assert "year = 1999" in paper.bibtex and "crossref" not in paper.bibtex  # standalone


def test_a_parents_doi_and_url_stay_the_parents():
    text = (
        "@inproceedings{a, title = {Paper}, crossref = {p}}\n"
        "@proceedings{p, title = {Proc}, year = 2011, isbn = {978-3-642-19717-8},\n"
        "  doi = {10.1007/978-3-642-19718-5}, url = {https://example.org/proc}}"
    )
    paper = papers(text)["a"]
    assert paper.doi is None and paper.url is None
    assert paper.isbn == "978-3-642-19717-8" and paper.year == 2011


def test_a_volume_of_a_multi_volume_work_names_the_work(examples):
    assert examples["knuth:ct:a"].venue == "Computers & Typesetting"
    assert examples["knuth:ct:a"].title == "The TeXbook"


def test_xdata_fields_are_copied_and_xdata_entries_are_not_papers(examples):
    assert "gaonkar" in examples and "gaonkar:in" in examples
    text = (
        "@xdata{pub, publisher = {Springer}, location = {Berlin}}\n"
        "@book{b, title = {B}, xdata = {pub}, year = 2001}"
    )
    found = papers(text)
    assert set(found) == {"b"} and found["b"].publisher == "Springer"


def test_a_set_is_skipped_with_a_note_and_its_members_are_shown(examples, caplog):
    assert "set" not in examples and "stdmodel" not in examples
    assert {"glashow", "weinberg", "salam"} <= set(examples)
    caplog.set_level("INFO")
    papers("@set{s, entryset = {a}}\n@misc{a, title = {A}}")
    assert "refs.bib:1: s: a biblatex @set is not shown itself" in caplog.text


def test_a_date_range_is_a_span_and_an_open_one_is_ongoing(examples):
    jaffe = examples["jaffe"]  # date = {1885/1888}
    assert (jaffe.year, str(jaffe.start), str(jaffe.end)) == (None, "1885", "1888")
    found = papers("@book{a, title = {A}, date = {1984/}}\n@book{b, title={B}, date={2004-04~}}")
    assert str(found["a"].start) == "1984" and found["a"].end.present
    assert (found["b"].year, found["b"].month) == (2004, 4)


def test_subtitle_and_titleaddon_are_part_of_the_title():
    text = "@book{a, title = {Main}, subtitle = {Sub}, titleaddon = {An addon}}"
    assert papers(text)["a"].title == "Main: Sub. An addon"
    assert papers("@book{a, title = {Why?}, subtitle = {Sub}}")["a"].title == "Why? Sub"


def test_a_venue_in_a_field_of_another_type_is_shown():
    # pierce-bcp.bib: `journal` in an @inproceedings, `organization` for a conference
    found = papers(
        "@inproceedings{a, title = {T}, journal = {ACM TOCL}}\n"
        "@inproceedings{b, title = {T}, organization = {VLDB}}\n"
        "@proceedings{c, title = {LICS}, booktitle = {LICS}, organization = {IEEE}}"
    )
    assert [found[k].venue for k in "abc"] == ["ACM TOCL", "VLDB", "IEEE"]


def test_an_untitled_work_is_titled_by_its_titleaddon():
    # biblatex-apa's raw data and photographs: no title, a description in titleaddon
    text = "@dataset{d, author = {Baer, R. A.}, titleaddon = {Unpublished raw data}, date = 2015}"
    assert papers(text)["d"].title == "Unpublished raw data"


def test_addresses_written_as_url_macros_or_without_a_scheme_are_links():
    found = papers(
        "@misc{a, title = {T}, url = {\\URL{http://www.merl.com/reports/TR99-14/}}}\n"
        "@misc{b, title = {T}, url = {citeseer.nj.nec.com/376619.html}}"
    )
    assert found["a"].url == "http://www.merl.com/reports/TR99-14/"
    assert found["b"].url == "https://citeseer.nj.nec.com/376619.html"


def test_a_note_links_href_and_url_and_escapes_markdown():
    text = (
        "@misc{a, title = {T}, note = {Slides at \\url{https://x.org/a_b.pdf}; "
        "see \\href{https://y.org}{the \\emph{site}}, a_b *c*}}"
    )
    assert papers(text)["a"].note == (
        "Slides at <https://x.org/a_b.pdf>; see [the site](https://y.org), a\\_b \\*c\\*"
    )


def test_a_title_written_as_a_link_is_the_title_and_the_link_is_the_papers():
    # tran_paul_le_pubs.bib: title = {\textit{\href{url}{Title}}}
    found = papers((EXAMPLES / "tran_paul_le_pubs.bib").read_text(encoding="utf-8"))
    thesis = found["tran_mathsthesis"]
    assert thesis.title == "Mathematically Modelling the Dynamics of Tuberculosis"
    assert thesis.url.startswith("https://drive.google.com/file/d/0B1o_SCwTPL6TaEZuZ0ZBdXhlRms")


def test_a_date_in_year_is_read_as_biblatex_reads_it():
    # biblatex-ieee.bib: year = "1995-09/1995-10", year = "1997-09-16"
    found = papers((EXAMPLES / "biblatex-ieee.bib").read_text(encoding="utf-8"))
    dual = found["IEEEexample:articledualmonths"]
    assert (str(dual.start), str(dual.end), dual.status) == ("1995-09", "1995-10", None)
    patent = found["IEEEexample:uspat"]
    assert (patent.year, patent.month, patent.venue) == (1997, 9, "Hughes Aircraft Company")
