"""BibTeX reading on a realistic library: LaTeX, types, fields, names, and broken entries."""

from __future__ import annotations

import pytest

from generator.content import bibparse, bibread, bibtext
from generator.content.bibtext import display_name
from tests.helpers import FIXTURES, bib_entries

LIBRARY = FIXTURES / "bibtex" / "library.bib"


@pytest.fixture(scope="module")
def library():
    loaded, errors = bibread.load_publications(
        LIBRARY.read_text(encoding="utf-8"), "content/library.bib"
    )
    return {record.key: publication for record, publication in loaded}, errors


def test_latex_accents_braces_and_escapes_are_decoded(library):
    papers, _ = library
    paper = papers["mueller2021arm"]
    assert paper.title == "On ARM Servers and The Nested Braces Problem: Speed & Accuracy"
    assert paper.authors == ["Jörg Müller", "Zili Zhang*", "Ana García†"]
    assert papers["zhang2020talk"].venue == "Invited talk at Umeå University"
    assert papers["zhang2021phd"].venue == "Université de Montréal"


def test_standard_fields_are_read(library):
    paper = library[0]["mueller2021arm"]
    assert paper.venue == "Journal of Machine Learning Research"  # from an @string macro
    assert (paper.year, paper.month) == (2021, 10)
    assert (paper.volume, paper.issue, paper.pages) == ("22", "7", "1–10")
    assert paper.doi == "10.5555/jmlr.2021.7"
    assert paper.url == "https://example.org/papers/a_b~c%20d"  # no LaTeX decoding of URLs
    assert paper.abstract == "We show that $x_1 < x_2$ for all ARM servers."


@pytest.mark.parametrize(
    ("key", "kind", "venue"),
    [
        ("mueller2021arm", "journal", "Journal of Machine Learning Research"),
        ("zhang2022conf", "conference", "Proceedings of the 18th EuroSys Conference"),
        ("zhang2022ws", "workshop", "Workshop on Machine Learning Systems"),
        ("zhang2023arxiv", "preprint", "arXiv preprint arXiv:2305.01234"),
        ("zhang2020talk", "misc", "Invited talk at Umeå University"),
        ("zhang2021phd", "thesis", "Université de Montréal"),
        ("zhang2017msc", "thesis", "清华大学"),
        ("zhang2019tr", "report", "Université de Montréal"),
        ("zhang2022pat", "patent", "Example Corp."),
        ("zhang2026book", "book", None),
    ],
)
def test_every_entry_type_maps_to_a_publication_type(library, key, kind, venue):
    paper = library[0][key]
    assert paper.type == kind
    assert paper.venue == venue


def test_entry_types_that_type_does_not_say_are_kept(library):
    papers, _ = library
    assert papers["zhang2017msc"].bibtex_type == "mastersthesis"
    assert papers["zhang2021phd"].bibtex_type is None  # phdthesis is what thesis means


def test_extra_fields(library):
    papers, _ = library
    assert papers["zhang2022conf"].venue_short == "EuroSys"
    assert papers["zhang2022conf"].code == "https://github.com/zili/elastic"
    assert papers["zhang2022ws"].venue_short == "MLSys-W"  # `abbr` means the same
    preprint = papers["zhang2023arxiv"]
    assert preprint.arxiv == "2305.01234"
    assert preprint.status == "under review"
    assert preprint.selected is True
    assert preprint.tags == ["scaling", "scheduling", "theory"]
    assert preprint.authors == ["Zili Zhang", "et al."]
    report = papers["zhang2019tr"]
    assert (report.pdf, report.slides) == ("files/tr-2019-3.pdf", "https://example.org/slides.pdf")
    assert report.number == "TR-2019-3"
    assert papers["zhang2026book"].publisher == "O'Reilly Media"
    assert papers["zhang2026book"].isbn == "978-1-0981-0000-0"


def test_missing_fields_leave_the_entry_undated_but_readable(library):
    paper = library[0]["nodate"]
    assert paper.year is None and paper.venue is None
    assert paper.authors == ["Barnes and Noble, Inc."]  # braces keep a corporate name whole


def test_broken_entries_are_reported_with_key_and_line_and_the_rest_still_load(library):
    papers, errors = library
    assert "after2024broken" in papers
    assert "broken2020" not in papers
    by_key = {e.field.split(".")[0]: e for e in errors}
    assert set(by_key) == {"broken2020"}
    assert by_key["broken2020"].line == 99
    assert "broken" in by_key["broken2020"].message


def test_an_entry_without_a_title_is_shown_under_its_key_with_a_warning(caplog):
    text = "@article{x,\n  author = {A, B},\n  year = 2024,\n}"
    loaded, errors = bibread.load_publications(text, "refs.bib")
    assert errors == [] and loaded[0][1].title == "x"
    assert "refs.bib:1:1: x.title: the entry has no title; it is shown under its key" in caplog.text


def test_a_key_twice_in_one_file_keeps_the_first_and_warns_with_both_lines(caplog):
    text = "@misc{a, title={One}}\n\n@misc{a, title={Two}}\n"
    loaded, errors = bibread.load_publications(text, "refs.bib")
    assert [p.title for _, p in loaded] == ["One"] and errors == []
    warning = "refs.bib:3:1: a: this key is also used at line 1; the first entry is kept"
    assert warning in caplog.text


def test_a_month_with_more_than_a_month_reads_its_first_month(caplog):
    def month(value: str) -> int | None:
        text = f"@article{{x, title = {{T}}, month = {value}, year = 2020}}"
        return bibread.load_publications(text, "refs.bib")[0][0][1].month

    assert month("{Oct.-Dec.}") == 10
    assert month('apr # " 12"') == 4  # pierce-bcp.bib
    assert month("{28--30 Mar}") == 3  # plai-group_publications.bib
    assert month("{1--2}") == 1
    assert month("{Fall}") is None
    assert "x.month: 'Fall' names no month; the month is left out" in caplog.text


def test_unsafe_urls_are_left_out_and_ftp_is_shown_as_text(caplog):
    text = "@misc{x, title = {T}, url = {javascript:alert(1)}}"
    loaded, errors = bibread.load_publications(text, "refs.bib")
    assert errors == [] and loaded[0][1].url is None and loaded[0][1].note is None
    assert "unsafe URL scheme 'javascript:'" in caplog.text and "left out" in caplog.text
    text = "@misc{y, title = {T}, note = {Report}, url = {ftp://ftp.cwi.nl/pub/R.ps.Z}}"
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert paper.url is None and paper.note == "Report ftp://ftp.cwi.nl/pub/R.ps.Z"


def test_a_url_broken_over_lines_is_joined_and_a_space_in_it_encoded():
    text = "@misc{x, title = {T}, url = {http://x.org/ab\n   cd/?q=a b}}"
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert paper.url == "http://x.org/abcd/?q=a%20b"  # kassung-publications.bib has both


def test_a_key_a_url_cannot_hold_names_its_page_by_its_slug(caplog):
    text = "@misc{D'Antoni:2013, title = {T}}"
    record, paper = bibread.load_publications(text, "refs.bib")[0][0]
    assert paper.key == "D-Antoni-2013" and paper.bibtex.startswith("@misc{D'Antoni:2013,")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Zhang, Zili$^{*\\dagger}$", "Zili Zhang*†"),
        ("Zili Zhang*", "Zili Zhang*"),
        ("Li, Wei\\textsuperscript{\\dag}", "Wei Li†"),
        ("Li, Wei$^1$", "Wei Li"),
        ("van der Berg, Jr., Hans", "Hans van der Berg Jr."),
        ("{\\O}stergaard, S{\\o}ren", "Søren Østergaard"),
        ("张子立", "张子立"),
        ("others", "et al."),
    ],
)
def test_names_are_shown_first_name_first_with_their_marks(raw, shown):
    assert display_name(raw) == shown


def test_citation_text_keeps_latex_and_leaves_out_what_is_not_a_citation():
    text = (LIBRARY.read_text(encoding="utf-8")).split("@inproceedings{zhang2022conf")[0]
    parsed = bibread.parse(text, "refs.bib")
    cite = bibread.citation_text(parsed.records[0])
    assert cite.startswith("@article{mueller2021arm,\n")
    assert 'M{\\"u}ller, J{\\"o}rg and Zhang, Zili and Garc{\\\'\\i}a, Ana}' in cite
    assert "journal = {Journal of Machine Learning Research}" in cite
    assert "month = oct," in cite and "year = 2021," in cite
    assert "abstract" not in cite and "*" not in cite and "dag" not in cite
    # The citation parses back to the same entry.
    again = bibread.parse(cite, "cite.bib")
    assert again.errors == []
    title = parsed.records[0].fields["title"].value
    assert again.records[0].fields["title"].value == title


def test_a_field_given_twice_keeps_its_first_value_and_warns_at_the_second(caplog):
    text = "@misc{x,\n  title = {One},\n  note = {First},\n  NOTE = {Second},\n  title = {Two}\n}"
    loaded, errors = bibread.load_publications(text, "refs.bib")
    assert errors == []
    assert [p.title for _, p in loaded] == ["One"]
    assert loaded[0][0].fields["note"].value == "First"
    warned = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert [w.split(" the field")[0] for w in warned] == [
        "refs.bib:4:1: x.note:",
        "refs.bib:5:1: x.title:",
    ]
    assert "(line 2)" in warned[1]


def test_lines_are_the_files_even_where_bibtexparser_counts_wrong():
    real = (FIXTURES / "realworld" / "bibtex" / "pierce-bcp.bib").read_text("utf-8")
    lines = real.splitlines()
    for record in bibparse.parse(real, "bcp.bib").records:
        assert record.key in lines[record.line - 1], record.key
        if "crossref" in record.fields:  # inherited fields stand at their parent's lines
            continue
        for name, field in record.fields.items():
            assert name in lines[field.line - 1].lower(), (record.key, name)


def test_a_real_library_gets_past_its_duplicated_fields(caplog):
    # pierce-bcp.bib has four entries with a field given twice (tests/fixtures/realworld).
    real = FIXTURES / "realworld" / "bibtex" / "pierce-bcp.bib"
    parsed = bibparse.parse(real.read_text("utf-8"), "bcp.bib")
    assert not [e for e in parsed.errors if "twice in this entry" in e.message]
    records = {r.key: r for r in parsed.records}
    # the lines of the file, not bibtexparser's (which drift by 3 here): `sed -n 24682p`
    assert records["HuASE07"].fields["booktitle"].line == 24682
    assert records["Murawski:2016:2893582"].fields["bcp"].line == 4243
    warned = {r.getMessage().split(" the field")[0] for r in caplog.records}
    assert warned >= {
        "bcp.bib:4245:1: Murawski:2016:2893582.bcp:",
        "bcp.bib:4883:1: MainaAtAl18.keys:",
        "bcp.bib:16967:1: JoCamlLectureNotes2002.booktitle:",
        "bcp.bib:24684:1: HuASE07.booktitle:",
    }


def test_a_formula_in_a_venue_is_text_and_in_a_title_math():
    """pierce-bcp.bib's Hodas92, as written there."""
    text = r"""@inproceedings{   Hodas92,
author =          "J. S. Hodas",
title =           "Lolli: An Extension of $\lambda${P}rolog with Linear
                  Context Management",
booktitle =       "Workshop on the $\lambda$Prolog Programming Language",
year =            "1992",
}"""
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert paper.venue == "Workshop on the λProlog Programming Language"
    assert paper.title == r"Lolli: An Extension of $\lambda$Prolog with Linear Context Management"


def test_an_at_sign_starting_a_line_inside_a_value_is_read_as_part_of_its_entry():
    """A .bib is read entry by entry from each `@` that starts a line; one inside a value
    (a pasted e-mail, a handle) does not cut its entry in two."""
    text = (
        "@misc{a,\n  title = {One},\n  note = {Write to\n@ada on the forum}\n}\n\n"
        "@misc{b, title={Two}}\n"
    )
    parsed = bibparse.parse(text, "refs.bib")
    assert parsed.errors == []
    assert [(r.key, r.line) for r in parsed.records] == [("a", 1), ("b", 7)]
    assert parsed.records[0].fields["note"].value == "Write to\n@ada on the forum"


def test_a_file_read_again_after_one_entry_changed_reads_as_a_first_reading(caplog):
    """The entries a preview read before are not parsed again: what comes out, the lines,
    the @strings that apply and the warnings, is what reading the file afresh gives."""
    real = (FIXTURES / "realworld" / "bibtex" / "pierce-bcp.bib").read_text("utf-8")
    first = bibparse.parse(real, "bcp.bib")
    edited = real.replace("Lolli: An Extension", "Lolli, an Extension", 1).replace("@", "\n@", 1)
    caplog.clear()
    again = bibparse.parse(edited, "bcp.bib")
    told = sorted(r.getMessage() for r in caplog.records)
    bibparse._read.cache_clear()
    caplog.clear()
    afresh = bibparse.parse(edited, "bcp.bib")
    assert again == afresh and told == sorted(r.getMessage() for r in caplog.records)
    assert told  # pierce-bcp.bib's fields given twice are told at every reading
    assert again != first  # one more line before every entry, one title changed


def test_a_url_that_is_the_dois_address_is_the_doi_link_once():
    # Crossref's export (doi.org content negotiation, here through ORCID) gives both, and
    # writes the DOI in capitals where the address has it in small letters (anamariaelek's
    # orcid.bib); the ACM's export gives `url = {https://doi.org/…}` beside `doi` too.
    text = (
        "@article{Levy_2021, title={A stony coral cell atlas}, "
        "url={http://dx.doi.org/10.1016/j.cell.2021.04.005}, "
        "DOI={10.1016/j.cell.2021.04.005}, journal={Cell}, year={2021}, month=may }\n"
        "@article{Elek_2021, doi = {10.18129/B9.BIOC.CORDON}, "
        "url = {https://doi.org/10.18129/b9.bioc.cordon}, title = {coRdon}, year = {2018}}\n"
        "@misc{other, title={T}, doi={10.1/x}, url={https://example.org/paper}}\n"
    )
    papers = {r.key: p for r, p in bibread.load_publications(text, "orcid.bib")[0]}
    assert papers["Levy_2021"].doi == "10.1016/j.cell.2021.04.005"
    assert papers["Levy_2021"].url is None
    assert papers["Elek_2021"].url is None and papers["Elek_2021"].doi == "10.18129/B9.BIOC.CORDON"
    assert papers["other"].url == "https://example.org/paper"


def test_a_url_that_is_the_arxiv_page_of_the_eprint_is_the_arxiv_link_once():
    # JabRef's arXiv entry (luclemag's mypubs_ieeexplore_arxiv.bib)
    text = (
        "@Misc{chatelier2024,\n  title = {Model-based learning},\n  year = {2024},\n"
        "  archiveprefix = {arXiv},\n  eprint = {2407.07719},\n  primaryclass  = {cs.IT},\n"
        "  url = {https://arxiv.org/abs/2407.07719},\n}\n"
    )
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert paper.arxiv == "2407.07719" and paper.url is None


def test_an_empty_field_as_ieee_xplore_writes_it_is_no_fact_and_no_warning(caplog):
    # IEEE Xplore's export (luclemag's mypubs_ieeexplore_arxiv.bib): `number={}`, `month={}`
    text = (
        "@ARTICLE{8662566,\nauthor={Bazzi, Samer and Le Magoarou, Luc},\n"
        "journal={IEEE Access},\ntitle={Exploiting the Massive MIMO Channel},\n"
        "year={2019},\nvolume={7},\nnumber={},\npages={32434-32452},\n"
        "doi={10.1109/ACCESS.2019.2903654},\nISSN={2169-3536},\nmonth={},}\n"
    )
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert (paper.year, paper.month, paper.issue, paper.volume) == (2019, None, None, "7")
    assert caplog.text == ""


def test_entries_commented_out_with_percent_signs_are_not_read(caplog):
    # sikuenstner/epr-literature's own-publications.bib: three entries the owner put out of
    # use line by line, as biber reads `%` (a comment outside a value).
    text = (
        "% @inproceedings{Schlecker2017Own,\n"
        "%   title = {{{VCO-based ESR-on-a-chip}} as a Tool for Low-Cost},\n"
        "%   booktitle = {2017 {{IEEE SENSORS}}},\n"
        "% }\n"
        "% \n"
        "\n"
        "@article{Kunstner2021Own,\n"
        "  title = {Rapid-Scan Electron Paramagnetic Resonance},\n"
        "  note = {50% of the\n% signal},\n"
        "}\n"
    )
    loaded, errors = bibread.load_publications(text, "refs.bib")
    assert errors == [] and caplog.text == ""
    assert [(r.key, r.line) for r, _ in loaded] == [("Kunstner2021Own", 7)]
    note = bibparse.parse(text, "refs.bib").records[0].fields["note"]
    assert note.value == "50% of the\n% signal"  # inside a value, a line starting with `%` stays


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        # hpmarshall/myCV's mypubs2.bib (BibDesk) bolds the owner in every author list
        (r"Aberle, Rainey and \textbf{Marshall, H.P.} and Kopera, Michal", "*H.P. Marshall*"),
        (r"\textbf{H.P. Marshall} and A. Gleason", "*H.P. Marshall*"),
        # S-P-Z/shengping.github.io's mypubs.bib (Laura Leal-Taixé's BibDesk file, for a
        # Jekyll site): the old `{\bf …}`, and HTML
        (r"R. Henschel and {\bf L. Leal-Taix{\'e}} and B. Rosenhahn", "*L. Leal-Taixé*"),
        (r"F. Dellaert and <strong>L. Leal-Taix{\'e}</strong> and B. R", "*L. Leal-Taixé*"),
        # a name starting with a TeX accent after `and` keeps its accent
        (r"Sagan, Carl and \"{O}zt\"{u}rk, Ay\c{s}e", "Ayşe Öztürk"),
    ],
)
def test_a_bold_name_is_the_owner_and_a_name_after_and_keeps_its_macro(raw, shown):
    assert shown in bibread.names(raw)


def test_an_organization_that_is_the_venue_is_not_the_publisher_too():
    # emoriebeck/home's mybib.bib: a talk whose only venue is its `organization`
    text = (
        "@conference{Beck2021SPSP,\n"
        "  title={Measuring and Modeling Idiographic Persons},\n"
        "  author={\\textbf{Beck, E. D.}},\n  month={March},\n  year={2021},\n"
        "  organization={Talk presented at the Society of Personality and Social Psychology "
        "Annual Conference},\n  address = {Virtual}\n}\n"
        "@inproceedings{sponsored, title={T}, booktitle={Proc. of X}, organization={IEEE}, "
        "year=2020}\n"
    )
    papers = {r.key: p for r, p in bibread.load_publications(text, "mybib.bib")[0]}
    talk = papers["Beck2021SPSP"]
    assert talk.venue.startswith("Talk presented at") and talk.publisher is None
    assert (papers["sponsored"].venue, papers["sponsored"].publisher) == ("Proc. of X", "IEEE")


def test_a_bibtex2web_summary_is_the_papers_summary():
    # Michael Ernst's ernst.bib (bibtex2web): `summary` is the paragraph his list shows
    # under a paper, beside its `abstract`
    text = (
        '@InProceedings{Ernst89a,\n  author="Michael D. Ernst",\n'
        '  title="ML typechecking is not efficient",\n'
        '  booktitle="Papers of the MIT ACM Undergraduate Conference",\n'
        "  year=1989,\n  month=apr,\n"
        '  basefilename = "mltypechecking-mitacmug1989",\n  nodownloads = 1,\n'
        '  category = "Theory",\n  summary =\n'
        "   \"ML programmers have the intuition that ML's typechecking algorithm runs\n"
        "    in linear time.  This paper is an early description of the surprising\n"
        "    result (not due to me) that ML typechecking runs in time much worse\n"
        '    than exponential in the size of its input.",\n  nonPAG = 1,\n}\n'
    )
    paper = bibread.load_publications(text, "ernst.bib")[0][0][1]
    assert paper.summary == (
        "ML programmers have the intuition that ML's typechecking algorithm runs in linear "
        "time. This paper is an early description of the surprising result (not due to me) "
        "that ML typechecking runs in time much worse than exponential in the size of its "
        "input."
    )


def test_an_issue_and_an_article_number_are_part_of_the_citation():
    # APS's export in Alex Shires's LHCb list writes the journal's issue as `issue`;
    # biblatex-examples.bib's `eid` is an article's number where it has no pages
    text = (
        "@article{PhysRevLett.113.151601,\n"
        "  title = {Test of Lepton Universality Using "
        "${B}^{+}$\\rightarrow${}{K}^{+}{$\\ell${}}^{+}{$\\ell${}}^{$-${}}$ Decays},\n"
        "  author = {Aaij, R. and others},\n  collaboration = {(LHCb Collaboration)},\n"
        "  journal = {Phys. Rev. Lett.},\n  volume = {113},\n  issue = {15},\n"
        "  pages = {151601},\n  numpages = {10},\n  year = {2014},\n  month = {Oct},\n\n}\n"
        '@article{kastenholz,\n  author = {Kastenholz, M. A. and H{\\"u}nenberger, Philippe H.},\n'
        "  journaltitle = {J.~Chem. Phys.},\n  date = 2006,\n  volume = 124,\n"
        "  eid = 124106,\n  doi = {10.1063/1.2172593},\n}\n"
    )
    aps, kastenholz = (bibread.citation_text(r) for r in bibread.parse(text, "refs.bib").records)
    assert "issue = 15," in aps
    assert "eid = 124106," in kastenholz


def test_mendeleys_arxiv_id_names_an_old_preprint_whole():
    # Michael Beaumier's Mendeley export: `eprint` drops the archive of an old arXiv id
    text = (
        "@article{Bennett,\narchivePrefix = {arXiv},\narxivId = {hep-ex/0401008},\n"
        "author = {Bennett, GW and Bousquet, B},\neprint = {0401008},\n"
        "primaryClass = {hep-ex},\n"
        "title = {{Measurement of the Negative Muon Anomalous Magnetic Moment to 0.7 ppm}},\n"
        "year = {2004}\n}\n"
        "@article{Morreale2009,\narchivePrefix = {arXiv},\n"
        "arxivId = {arXiv:hep-ph/0211317v1},\ntitle = {T},\nyear = {2009}\n}\n"
    )
    papers = [p for _, p in bibread.load_publications(text, "mendeley.bib")[0]]
    assert [p.arxiv for p in papers] == ["hep-ex/0401008", "hep-ph/0211317"]


def test_bibbase_links_are_the_papers_links():
    # Frank Wood's group's publications.bib (BibBase): `url_<label>` fields are its links
    text = (
        "@unpublished{liu-rolling-ahead-diffusion-2025,\n"
        "\tdoi={10.48550/arXiv:2502.09587},\n"
        "\turl_ArXiv={https://arxiv.org/abs/2502.09587},\n"
        "\turl_pdf={https://arxiv.org/pdf/2502.09587},\n"
        "\tauthor={Liu, Yunpeng and Niedoba, Matthew and Harvey, William and Scribior, Adam "
        "and Zwartsenberg, Berend and Wood, Frank},\n"
        "\ttitle={Rolling Ahead Diffusion for Traffic Scene Simulation},\n"
        "\tpublisher={arXiv},\n\tyear={2025},\n}\n"
        "@unpublished{he-dataset-embodied-ai-2025,\n\ttitle = {PLAICraft},\n"
        "\tyear = {2025},\n\tarxiv = {2505.12707},\n"
        "\turl = {https://arxiv.org/abs/2505.12707},\n"
        "\turl_pdf = {https://arxiv.org/pdf/2505.12707.pdf},\n}\n"
    )
    liu, he = (p for _, p in bibread.load_publications(text, "publications.bib")[0])
    assert [(link.label, str(link.url)) for link in liu.links] == [
        ("arXiv", "https://arxiv.org/abs/2502.09587"),
        ("PDF", "https://arxiv.org/pdf/2502.09587"),
    ]
    # the arXiv page is the paper's arXiv link already: not listed again
    assert [(link.label, str(link.url)) for link in he.links] == [
        ("PDF", "https://arxiv.org/pdf/2505.12707.pdf")
    ]


def test_dblps_electronic_edition_is_the_papers_link():
    # Benjamin Pierce's bcp.bib: DBLP's older exports give the paper's address as `ee`
    text = (
        "@article{DBLP:journals/jar/PierceW12,\n"
        "author       =   {Benjamin C. Pierce and\n                  Stephanie Weirich},\n"
        "title        =   {Preface to Special Issue on the POPLMark Challenge},\n"
        "journal      =   {J. Autom. Reasoning},\nvolume       =   {49},\n"
        "number       =   {3},\nyear         =   {2012},\npages        =   {301-302},\n"
        "ee           =   {http://dx.doi.org/10.1007/s10817-012-9254-5},\n"
        "bibsource    =   {DBLP, http://dblp.uni-trier.de},\n"
        'bcp          =   "yes",\nplclub       =   "yes",\n}\n'
    )
    paper = bibread.load_publications(text, "bcp.bib")[0][0][1]
    assert paper.url == "http://dx.doi.org/10.1007/s10817-012-9254-5"


def test_bibtex2web_downloads_are_the_papers_links(caplog):
    # Michael Ernst's ernst.bib: `address label; address label`, web addresses linked
    text = (
        '@TechReport{Ernst94:SlicingTR9414,\n  author = \t "Michael D. Ernst",\n'
        '  title = \t "Practical fine-grained static slicing of optimized code",\n'
        '  institution =  "Microsoft Research",\n  year = \t 1994,\n'
        "  downloadsnonlocal =\n"
        '   "https://homes.cs.washington.edu/~mernst/pubs/slicing-tr9414.pdf PDF",\n'
        "  downloads =\n"
        '   "https://homes.cs.washington.edu/~mernst/pubs/slicing-9705-slides.pdf slides (PDF);\n'
        "    https://homes.cs.washington.edu/~mernst/pubs/slicing-9705-slides.ppt slides "
        '(PowerPoint)",\n  category = "Static analysis",\n}\n'
        '@InProceedings{ErnstKC98,\n  title = "T",\n  year = 1998,\n  downloads =\n'
        '   "ftp://ftp.cs.washington.edu/homes/chambers/gud.tar.gz implementation",\n}\n'
    )
    slicing, ftp = (p for _, p in bibread.load_publications(text, "ernst.bib")[0])
    pubs = "https://homes.cs.washington.edu/~mernst/pubs"
    assert [(link.label, str(link.url)) for link in slicing.links] == [
        ("PDF", f"{pubs}/slicing-tr9414.pdf"),
        ("slides (PDF)", f"{pubs}/slicing-9705-slides.pdf"),
        ("slides (PowerPoint)", f"{pubs}/slicing-9705-slides.ppt"),
    ]
    # Browsers no longer open ftp: the address is text in the note, as an ftp: `url` is.
    assert ftp.links == []
    assert ftp.note == "implementation: ftp://ftp.cs.washington.edu/homes/chambers/gud.tar.gz"
    assert "ErnstKC98.downloads: 'ftp://ftp.cs.washington.edu/homes/chambers/gud.tar.gz'" in (
        caplog.text
    )


def test_an_article_with_only_its_arxiv_id_is_a_preprint():
    # INSPIRE's export of a paper not yet in a journal (gutsche-complete_publication_list.bib)
    text = (
        "@article{Hayrapetyan:2026_3113723,\n  author = {Hayrapetyan, Aram and others},\n"
        "  title = {{Observation of a family of all-charm tetraquarks}},\n  year = {2026},\n"
        "  eprint = {2602.02252},\n  archivePrefix = {arXiv},\n  primaryClass = {hep-ex}\n}\n"
        "@article{published, title={T}, journal={Phys. Rev. Lett.}, eprint={2602.00001},"
        " archivePrefix={arXiv}, year=2026}\n"
        "@article{unnamed, title={U}, year=2026}\n"
    )
    papers = {r.key: p for r, p in bibread.load_publications(text, "inspire.bib")[0]}
    assert papers["Hayrapetyan:2026_3113723"].type == "preprint"
    assert papers["published"].type == "journal"
    assert papers["unnamed"].type == "journal"  # no arXiv id: an article, its journal unsaid


@pytest.mark.parametrize(
    ("written", "read"),
    [
        # Mendeley (beaumier-mendeley.bib): signs as commands, and INSPIRE's MathML so escaped.
        (r"0.01{\textless}x{\textless}0.7 {\textcopyright} 1989", "0.01<x<0.7 © 1989"),
        (
            r'structure function {\textless}math display="inline"{\textgreater}{\textless}msub'
            r"{\textgreater}{\textless}mi{\textgreater}g{\textless}/mi{\textgreater}{\textless}mn"
            r"{\textgreater}1{\textless}/mn{\textgreater}{\textless}/msub{\textgreater}"
            r"{\textless}/math{\textgreater}",
            "structure function ${g}_{1}$",
        ),
        # Zotero (lew-zotero-journal.bib): TeX's spaces.
        (r"Thioflavin\>{{T Molecules}} at 2\enspace μm", "Thioflavin T Molecules at 2 μm"),
        # Ernst's and Pierce's hand-written TeX: a sentence's end, an italic correction.
        (r"18 libraries comprising 1245 kLOC\@.", "18 libraries comprising 1245 kLOC."),
        (r"Summary in {\em STOC 1990\/}", "Summary in STOC 1990"),
        # NASA ADS (ginsburg-ads-cv.bib, handley-ads.bib): a relation, an AAS journal.
        (r"(L\gt {10}6 L)", "(L>106 L)"),
    ],
)  # fmt: skip
def test_signs_and_spaces_exporters_write_as_commands_read_as_text(written, read, caplog):
    text = f"@article{{a, title={{{written}}}, journal={{\\jcp}}, year=2020}}"
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert paper.title == bibtext.markdown_of_text(read)
    assert paper.venue == "J. Chem. Phys."
    assert "does not know" not in caplog.text


def test_an_unknown_command_is_told_once_with_how_many_entries_write_it(caplog):
    text = (
        "@article{a, title={The \\foo{} effect}, year=2020}\n"
        "@article{b, title={Plain}, note={Again \\foo, and \\qux}, year=2021}\n"
        "@article{c, title={And \\foo}, year=2022}\n"
    )
    loaded, errors = bibread.load_publications(text, "refs.bib")
    assert errors == [] and [p.title for _, p in loaded] == ["The foo effect", "Plain", "And foo"]
    told = [line for line in caplog.messages if "does not know" in line]
    assert told == [
        "refs.bib:1:1: a.title: \\foo is a TeX command cvsite does not know; it is shown as its "
        "name 'foo' (write out what it stands for); 3 places of the file, this one first",
        "refs.bib:2:1: b.note: \\qux is a TeX command cvsite does not know; it is shown as its "
        "name 'qux' (write out what it stands for)",
    ]


def test_a_macro_no_string_defines_is_told_once_with_its_places(caplog):
    # Michael Ernst's ernst.bib uses @strings of another file: `MITaddr` in 25 places.
    text = (
        "@phdthesis{Ernst89, title={T}, school=miteecs, address=MITaddr, year=1989}\n"
        "@techreport{Ernst92e, title={U}, institution=MITLCS, address=MITaddr, year=1992}\n"
    )
    loaded, errors = bibread.load_publications(text, "ernst.bib")
    assert errors == [] and loaded[1][1].venue == "MITLCS"
    assert [line for line in caplog.messages if "@string" in line] == [
        "ernst.bib:1:1: Ernst89.address: 'MITaddr' is no @string of this file; shown as "
        "written; 2 places of the file, this one first",
        "ernst.bib:1:1: Ernst89.school: 'miteecs' is no @string of this file; shown as written",
        "ernst.bib:2:1: Ernst92e.institution: 'MITLCS' is no @string of this file; shown as "
        "written",
    ]


def test_scopus_citation_count_is_no_note_of_the_paper():
    # Scopus writes its count of citations in `note`: `cited By 0` (Lorenzo Bracciale's
    # export of 2022), `Cited by: 13; All Open Access, …` (Aurora Gaeta's of 2026)
    text = (
        "@CONFERENCE{Bracciale2022677,\n"
        "author={Bracciale, L. and Loreti, P. and Raso, E. and Bianchi, G. and Gallo, P. and "
        "Sanseverino, E.R.},\n"
        "title={A Privacy-Preserving Blockchain Solution to Support Demand Response in Energy "
        "Trading},\n"
        "journal={MELECON 2022 - IEEE Mediterranean Electrotechnical Conference, Proceedings},\n"
        "year={2022},\npages={677-682},\ndoi={10.1109/MELECON53508.2022.9843108},\n"
        "note={cited By 0},\nsource={Scopus},\n}\n"
        "@ARTICLE{Tosti2024,\n\tauthor = {Tosti, Giulio and Gaeta, Aurora},\n"
        "\ttitle = {The Role of Nicotinamide as Chemo-Preventive Agent in NMSCs},\n"
        "\tyear = {2024},\n\tjournal = {Nutrients},\n\ttype = {Review},\n"
        "\tpublication_stage = {Final},\n\tsource = {Scopus},\n"
        "\tnote = {Cited by: 13; All Open Access, Gold Open Access, Green Open Access}\n}\n"
        "@misc{other, title={T}, note={Cited by the committee as its model}}\n"
    )
    loaded = bibread.load_publications(text, "scopus.bib")[0]
    assert [p.note for _, p in loaded] == [None, None, "Cited by the committee as its model"]
    cited = [bibread.citation_text(record) for record, _ in loaded]
    assert "note" not in cited[0] and "note" not in cited[1]
    assert "note = {Cited by the committee" in cited[2]


def test_scopus_record_page_beside_a_doi_is_not_the_papers_link():
    # Scopus's `url` is its own record of the paper (Lorenzo Bracciale's export): beside a
    # DOI, the DOI is the link; alone, it is the only address of the paper
    record = (
        "url={https://www.scopus.com/inward/record.uri?eid=2-s2.0-85099744917&doi=10.1057%"
        "2fs41599-020-00703-8&partnerID=40&md5=d8471cff9ebd13fb79bac0c6ce627511},\n"
    )
    text = (
        "@ARTICLE{Checco2021,\nauthor={Checco, A. and Bracciale, L.},\n"
        "title={AI-assisted peer review},\n"
        "journal={Humanities and Social Sciences Communications},\nyear={2021},\n"
        f"doi={{10.1057/s41599-020-00703-8}},\n{record}source={{Scopus}},\n}}\n"
        f"@ARTICLE{{NoDoi,\nauthor={{Bracciale, L.}},\ntitle={{T}},\nyear={{2008}},\n{record}}}\n"
    )
    (checco, with_doi), (_, alone) = bibread.load_publications(text, "scopus.bib")[0]
    assert with_doi.url is None and with_doi.doi == "10.1057/s41599-020-00703-8"
    assert "url = {https://www.scopus.com/" in bibread.citation_text(checco)  # as written
    assert alone.url.startswith("https://www.scopus.com/inward/record.uri?eid=2-s2.0-")


def test_scopus_and_wos_article_in_press_and_article_numbers():
    # Aurora Gaeta's Scopus export: `publication_stage = {Article in press}`; Lorenzo
    # Bracciale's: `art_number` where the paper has no pages; John H. Connor's Web of Science
    # export: `Article-Number`
    text = (
        "@ARTICLE{Picelli2026,\n\tauthor = {Picelli, Alessandra and Gaeta, Aurora},\n"
        "\ttitle = {Physical activity is associated with improved survival in skin cancer "
        "patients: A meta-analysis},\n\tyear = {2026},\n"
        "\tjournal = {Journal of the European Academy of Dermatology and Venereology},\n"
        "\tdoi = {10.1111/jdv.70369},\n\ttype = {Letter},\n"
        "\tpublication_stage = {Article in press},\n\tsource = {Scopus},\n"
        "\tnote = {Cited by: 0; All Open Access, Bronze Open Access, Green Open Access}\n}\n"
        "@ARTICLE{Colosimo2022,\nauthor={Colosimo, G. and Bracciale, L.},\n"
        "title={Remote tracking of Galápagos pink land iguana},\n"
        "journal={Journal for Nature Conservation},\nyear={2022},\nvolume={68},\n"
        "doi={10.1016/j.jnc.2022.126210},\nart_number={126210},\nnote={cited By 0},\n"
        "document_type={Article},\nsource={Scopus},\n}\n"
        "@article{ ISI:000304651700002,\nAuthor = {Johnston, Sara C. and Connor, John H.},\n"
        "Title = {{In vitro inhibition of monkeypox virus production and spread by\n"
        "   Interferon-beta}},\nJournal = {{VIROLOGY JOURNAL}},\nYear = {{2012}},\n"
        "Volume = {{9}},\nMonth = {{JAN 6}},\nDOI = {{10.1186/1743-422X-9-5}},\n"
        "Article-Number = {{5}},\nISSN = {{1743-422X}},\nTimes-Cited = {{0}},\n"
        "Unique-ID = {{ISI:000304651700002}},\n}\n"
    )
    loaded = bibread.load_publications(text, "export.bib")[0]
    (_, picelli), (colosimo, _), (connor, _) = loaded
    assert (picelli.year, picelli.status) == (2026, "in press")
    assert loaded[1][1].status is None  # `Final` is the normal stage
    assert "art_number = 126210" in bibread.citation_text(colosimo)
    assert "article-number = {{5}}," in bibread.citation_text(connor)


def test_biblatex_pubstate_keys_read_as_the_words_biblatex_prints():
    # biblatex-apa's test references write `PUBSTATE = {inpress}`, Hugo Heagren's CV
    # `pubstate = {forthcoming}`: keys of biblatex's localised strings, not words to show
    states = ["inpress", "forthcoming", "inpreparation", "prepublished", "submitted"]
    states.append("under revision")  # no key of biblatex's: as written
    text = bib_entries({f"p{i}": f"pubstate = {{{state}}}" for i, state in enumerate(states)})
    loaded = bibread.load_publications(text, "refs.bib")[0]
    assert [publication.status for _, publication in loaded] == [
        "in press",
        "forthcoming",
        "in preparation",
        "pre-published",
        "submitted",
        "under revision",
    ]
    assert "pubstate = {inpress}" in bibread.citation_text(loaded[0][0])  # the Cite block


def test_web_of_science_dates_read_as_written():
    # John H. Connor's Web of Science export braces every value twice (`Year = {{2012}}`);
    # Ruitao Xie's gives a paper online before its issue only `EarlyAccessDate`
    text = (
        "@article{ ISI:000307198300053,\n"
        "Author = {Hodges, Erin N. and Heinrich, Bianca S. and Connor, John H.},\n"
        "Title = {{A Vesiculovirus Showing a Steepened Transcription Gradient and Dominant\n"
        "   trans-Repression of Virus Transcription}},\nJournal = {{JOURNAL OF VIROLOGY}},\n"
        "Year = {{2012}},\nVolume = {{86}},\nNumber = {{16}},\nPages = {{8884-8889}},\n"
        "Month = {{AUG}},\nDOI = {{10.1128/JVI.00358-12}},\n}\n"
        "@article{ WOS:000625722400001,\n"
        "Author = {Liu, Chunhui and Liu, Kai and Ren, Hualing and Xu, Xincao and Xie,\n"
        "   Ruitao and Cao, Jingjing},\n"
        "Title = {RtDS: real-time distributed strategy for multi-period task offloading in\n"
        "   vehicular edge computing environment},\n"
        "Journal = {NEURAL COMPUTING \\& APPLICATIONS},\nDOI = {10.1007/s00521-021-05766-5},\n"
        "EarlyAccessDate = {MAR 2021},\nISSN = {0941-0643},\n}\n"
    )
    hodges, rtds = (p for _, p in bibread.load_publications(text, "savedrecs.bib")[0])
    assert (hodges.year, hodges.month, hodges.status) == (2012, 8, None)
    assert (rtds.year, rtds.month, rtds.status) == (2021, 3, "early access")


def test_scopus_proceedings_papers_and_their_editors():
    # Lorenzo Bracciale's Scopus export: a paper of a proceedings series is an @ARTICLE of the
    # series, its `document_type` a Conference Paper; a @CONFERENCE names its proceedings in
    # `journal`; editors are written with commas, `Family I.` each
    text = (
        "@ARTICLE{Lioudakis202072,\n"
        "author={Lioudakis, G.V. and Koukovini, M.N. and Bracciale, L.},\n"
        "title={Facilitating GDPR Compliance: The H2020 BPR4GDPR Approach},\n"
        "journal={IFIP Advances in Information and Communication Technology},\n"
        "year={2020},\nvolume={573 AICT},\nvolume={573 AICT},\npages={72-78},\n"
        "editor={Pappas I.O., Pappas I.O., Mikalef P., Jaccheri L., Krogstie J., Dwivedi "
        "Y.K., Mantymaki M.},\npublisher={Springer},\ndocument_type={Conference Paper},\n"
        "source={Scopus},\n}\n"
        "@CONFERENCE{Bracciale202157,\nauthor={Bracciale, L. and Loreti, P.},\n"
        "title={TooLate: Cryptographic Data Access Control for Offline Devices through "
        "Efficient Key Rotation},\n"
        "journal={CPSIoTSec 2021 - Proceedings of the 2nd Workshop on CPS and IoT Security and "
        "Privacy, co-located with CCS 2021},\nyear={2021},\npages={57-62},\n"
        "document_type={Conference Paper},\nsource={Scopus},\n}\n"
        "@CONFERENCE{Loreti2018,\nauthor={Loreti, P. and Bracciale, L.},\ntitle={T},\n"
        "journal={Proc. of a meeting},\nyear={2018},\n"
        "editor={Cicconetti C., Lacage M.},\ndocument_type={Conference Paper},\n}\n"
    )
    lioudakis, toolate, loreti = (p for _, p in bibread.load_publications(text, "s.bib")[0])
    assert (lioudakis.type, lioudakis.venue) == (
        "conference",
        "IFIP Advances in Information and Communication Technology",
    )
    assert lioudakis.editors == [
        *("I.O. Pappas", "I.O. Pappas", "P. Mikalef", "L. Jaccheri", "J. Krogstie"),
        *("Y.K. Dwivedi", "M. Mantymaki"),
    ]
    assert toolate.type == "workshop"
    assert loreti.type == "conference" and loreti.editors == ["C. Cicconetti", "M. Lacage"]
    # a name list BibTeX reads as one name stays one (`Family, Jr, Given`)
    assert bibtext.split_names("Ford, Jr., Henry") == ["Ford, Jr., Henry"]


def test_web_of_sciences_doubly_braced_editors_are_names():
    # connor-wos.bib (a Web of Science export of 2012): every value braced twice.
    text = (
        "@inproceedings{ ISI:000297859300134,\n"
        "Author = {Uenlue, M. Selim and Connor, J. H.},\n"
        "Editor = {{Jaworski, M and Marciniak, M}},\n"
        "Title = {{Detection, Sizing, and Shape Identification of Single Nanoparticles}},\n"
        "Year = {{2011}},\n"
        "Unique-ID = {{ISI:000297859300134}},\n}\n"
        "@misc{corporate, editor = {{Barnes and Noble}}, title = {T}, year = 2011}\n"
    )
    (_, wos), (_, corporate) = bibread.load_publications(text, "connor-wos.bib")[0]
    assert wos.editors == ["M Jaworski", "M Marciniak"]
    assert corporate.editors == ["Barnes and Noble"]  # elsewhere a braced name is one name


def test_a_talks_host_institution_follows_its_event():
    # heagren-cv.bib (a philosopher's biblatex CV): 26 talks name their event and host.
    text = (
        "@Presentation{heagren24_bad_pract,\n\tauthor = {Heagren, Hugo},\n"
        "\teventtitle = {Advanced Research Seminar},\n\tinstitution = {King’s College London},\n"
        "\ttitle = {Bad Practices},\n\tdate = {2024-03-06},\n}\n"
    )
    talk = bibread.load_publications(text, "heagren-cv.bib")[0][0][1]
    assert (talk.venue, talk.publisher) == ("Advanced Research Seminar", "King’s College London")


@pytest.mark.parametrize(
    ("field", "language"),
    [
        ("lang = {ja}", "ja"),  # koyama-ja.bib
        ("langid = {ngerman}", "de"),  # biblatex-examples.bib: babel's names
        ("langid = {american}", "en"),
        ("language = {English}", "en"),  # Scopus
        ("language = {english and german}", "en"),  # biblatex's list: its first
        ("language = {pt-BR}", "pt-BR"),  # Zotero writes codes
        ("language = {Ancient Greek texts}", None),  # no language's name: none
    ],
)
def test_a_papers_language_is_read_as_a_language_code(field, language):
    text = f"@article{{a, title={{T}}, year=2020, {field}}}"
    assert bibread.load_publications(text, "refs.bib")[0][0][1].language == language
