"""Real .bib files, unedited, build: each problem is a located warning, each loss class of
issue 27 is checked on the real file that shows it (tests/fixtures/realworld/SOURCES.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import FIXTURES, Run, run_cli
from tests.htmlread import Page, read_page
from tests.once import once, shared_folder

REAL = FIXTURES / "realworld"


def build_bib(
    folder: Path, source: Path, owner: str, *options: str, aliases: tuple[str, ...] = ()
) -> tuple[Path, Run]:
    """A site whose only content is `source` as content/publications.bib, built; `aliases`
    are the owner's other spellings, as a user lists them under highlight_author."""
    (folder / "content").mkdir(parents=True)
    highlight = f"{{name: {owner}, aliases: [{', '.join(aliases)}]}}" if aliases else owner
    (folder / "site.yaml").write_text(
        f"title: {owner}\nbase_url: https://example.org/\nhighlight_author: {highlight}\n",
        "utf-8",
    )
    (folder / "content" / "profile.yaml").write_text(f"name: {owner}\n", "utf-8")
    shutil.copyfile(source, folder / "content" / "publications.bib")
    return folder / "output", run_cli(*options, "build", "--site", folder)


@pytest.fixture(scope="module")
def pierce(tmp_path_factory) -> tuple[Path, Run]:
    """Built once in the run, whichever of xdist's processes runs its tests."""
    source, owner = REAL / "bibtex" / "pierce-bcp.bib", "Benjamin C. Pierce"
    folder = shared_folder(tmp_path_factory) / "realworld-bibtex-pierce"
    # --verbose: every warning, not the first screenful
    return once(folder, lambda made: build_bib(made, source, owner, "--verbose"))


@pytest.fixture(scope="module")
def examples(tmp_path_factory) -> tuple[Path, Run]:
    folder = tmp_path_factory.mktemp("examples")
    return build_bib(folder, REAL / "biblatex" / "biblatex-examples.bib", "Gary Westfahl")


def paper(output: Path, slug: str) -> Page:
    return read_page(output / "publications" / slug / "index.html")


def test_pierce_builds_unedited_and_says_what_it_left_out(pierce):
    output, run = pierce
    assert run.code == 0, run.err
    bib = "content/publications.bib"
    for line in (
        # a key given twice: the first kept, both lines named (biber)
        f"{bib}:25889:1: DBLP:conf/icfp/2010: this key is also used at line 25278; the first "
        "entry is kept",
        # a @string defined again: BibTeX's order
        f"{bib}:176:1: pods: the @string 'pods' is defined again",
        # no title: the key stands in
        f"{bib}:11288:1: Cardelli89:AugEmail.title: the entry has no title",
        # an ftp: address: shown as text
        f"{bib}:9627:1: ercim.cwi//CS-R9552.url: 'ftp://ftp.cwi.nl/pub/CWIreports/AP/"
        "CS-R9552.ps.Z': cvsite does not link ftp: addresses",
        # slides in the author's own folders
        f"{bib}:1607:1: Pierce:GlobalComputingFoolTalk.slides: 'gc-fool-slides.ps' is not a "
        "file in content/",
    ):
        assert line in run.err
    # `%@STRING{taoop = …` (line 86) is put out of use: the one at line 90 is no second one
    assert "'taoop' is defined again" not in run.err
    # pylatexenc's own notes (shown with --verbose) name the parse errors it tolerates
    ours = [line for line in run.err.lower().splitlines() if "tolerant parsing" not in line]
    assert not [line for line in ours if "error" in line]


def test_pierce_fallbacks_show_on_the_pages(pierce):
    output, _ = pierce
    assert paper(output, "Cardelli89-AugEmail").title.startswith("Cardelli89:AugEmail")
    # a key with ' names its page by its slug; the citation keeps the key
    page = paper(output, "D-Antoni-2013-SAU-2505351.2505353")
    assert "@inproceedings{D'Antoni:2013:SAU:2505351.2505353," in page.text
    assert (
        "ftp://ftp.cwi.nl/pub/CWIreports/AP/CS-R9552.ps.Z"
        in paper(output, "ercim.cwi-CS-R9552").main.text
    )
    # apr # " 12": the month is read, the build does not stop
    assert "Apr 1993" in paper(output, "Abramsky90").main.text


def test_pierce_crossref_gives_a_paper_its_proceedings_editor_and_publisher(pierce):
    output, _ = pierce
    text = paper(output, "DBLP-conf-esop-BeloGIP11").main.text
    assert "Gilles Barthe (ed.)" in text and "Springer" in text
    assert "Benjamin C. Pierce" in text


def test_biblatex_examples_inheritance_sets_ranges_and_concatenation(examples):
    output, run = examples
    assert run.code == 0, run.err
    chapter = paper(output, "westfahl-space").main.text  # crossref to a @collection
    assert "Space and Beyond: The Frontier Theme in Science Fiction" in chapter
    assert "2000" in chapter and "Greenwood" in chapter
    assert "The True Frontier: Confronting and Avoiding the Realities of Space" in chapter
    edited = paper(output, "westfahl-frontier").main.text  # an edited volume: editors alone
    assert "Gary Westfahl (ed.)" in edited
    assert "Deutscher Taschenbuch-Verlag and Walter de Gruyter" in (
        paper(output, "nietzsche-ksa").main.text
    )
    assert "1885 – 1888" in paper(output, "jaffe").main.text  # date = {1885/1888}
    assert not (output / "publications" / "set").exists()  # @set: its members only
    assert (output / "publications" / "glashow" / "index.html").is_file()


def test_al_folio_marks_are_marks_and_the_owner_is_highlighted(tmp_path):
    output, run = build_bib(tmp_path, REAL / "bibtex" / "al-folio-papers.bib", "Albert Einstein")
    assert run.code == 0, run.err
    html = (output / "publications" / "PhysRev.47.777" / "index.html").read_text("utf-8")
    assert '<strong class="me">A. Einstein</strong><sup class="mark"' in html
    assert "B. Podolsky<sup" in html and "Podolsky*" not in html


def test_denolle_notes_link_their_url_macros(tmp_path):
    output, run = build_bib(tmp_path, REAL / "bibtex" / "denolle-pub.bib", "Marine A. Denolle")
    assert run.code == 0, run.err
    links = paper(output, "Shi26").links()
    grist = "https://grist.org/drought/fiber-optic-cables-reveal-a-serious-problem-at-the-"
    assert grist + "heart-of-modern-farming/" in links


def test_a_title_that_is_a_link_and_dates_in_year(tmp_path):
    output, run = build_bib(
        tmp_path / "tran", REAL / "biblatex" / "tran_paul_le_pubs.bib", "Paul L. Tran"
    )
    assert run.code == 0, run.err
    page = paper(output, "tran_mathsthesis")
    assert page.title.startswith("Mathematically Modelling the Dynamics of Tuberculosis")
    assert "https://drive.google.com" not in page.main.find("h1").text
    assert any(link.startswith("https://drive.google.com/file/d/") for link in page.links())
    output, run = build_bib(tmp_path / "ieee", REAL / "biblatex" / "biblatex-ieee.bib", "V. J")
    assert run.code == 0, run.err
    assert "Sep – Oct 1995" in paper(output, "IEEEexample-articledualmonths").main.text


def test_kassung_urls_with_spaces_are_links(tmp_path):
    source = REAL / "bibtex" / "kassung-publications.bib"
    output, run = build_bib(tmp_path, source, "Christian Kassung")
    assert run.code == 0, run.err
    assert "http://www.hu-berlin.de/%20multimediatage/" in paper(output, "kassung-2005d").links()
