"""No text vanishes when BibTeX fields are decoded: every macro of the decoder's table,
the ones real .bib files use, and macros nobody taught it."""

from __future__ import annotations

import unicodedata

import pytest

from generator.content.bibtext import decode, decoder_macros

# Macros whose first argument is not text, by design (a length, a file name, a colour, the
# LaTeX half of \texorpdfstring): the text that must show of `\name{Abc}{Xyz}`.
SHOWN = {"hspace": "xyz", "vspace": "xyz", "include": "xyz", "input": "xyz"}
SHOWN |= {"includegraphics": "xyz", "texorpdfstring": "xyz", "textcolor": "xyz", "colorbox": "xyz"}
SHOWN |= {"SortNoop": "xyz", "noopsort": "xyz", "noop": "xyz"}  # a sort key
SHOWN |= {"foreignlanguage": "xyz"}  # a language
# Spacing and line breaks: no letters of their own, only space.
SPACING = {" ", "!", ",", ":", ";", "\\", "enskip", "quad", "qquad", "paragraph"}
SPACING |= {"enspace", ">"}
# TeX's italic correction and its mark of a sentence's end: no text at all.
SPACING |= {"/", "@"}
# Declarations: they change the look of what follows, which stays.
DECLARATIONS = {"em", "it", "bf", "sc", "tt", "rm", "sf", "sl", "up", "md", "normalfont"}
DECLARATIONS |= {"itshape", "bfseries", "scshape", "ttfamily", "rmfamily", "sffamily", "slshape"}
DECLARATIONS |= {"upshape", "mdseries", "tiny", "scriptsize", "footnotesize", "small"}
DECLARATIONS |= {"normalsize", "large", "Large", "LARGE", "huge", "Huge", "bgroup", "egroup"}
DECLARATIONS |= {"relax", "protect", "par", "noindent", "nobreak", "allowbreak"}
DECLARATIONS |= {"ignorespaces", "unskip", "xspace"}


def letters(text: str) -> str:
    """Base letters only: accents and math alphabets (𝔸, Ä) read as their letter."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if c.isalnum()).casefold()


def test_the_decoder_table_is_enumerated():
    macros = dict(decoder_macros())
    assert len(macros) > 900  # pylatexenc's table plus cvsite's
    assert macros["emph"] == "{" and macros["TeX"] == ""


@pytest.mark.parametrize(("name", "argspec"), decoder_macros(), ids=lambda v: repr(v))
def test_no_macro_of_the_table_loses_text(name: str, argspec: str):
    out = decode(f"\\{name}{{Abc}}{{Xyz}}")
    for shown in [SHOWN[name]] if name in SHOWN else ["abc", "xyz"]:
        assert shown in letters(out), f"\\{name}: {out!r}"
    own = out.replace("Abc", "").replace("Xyz", "").strip()
    if "{" not in argspec and name not in SPACING | DECLARATIONS:
        assert own, f"\\{name} vanished: {out!r}"


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"The {\TeX book}", "The TeXbook"),
        (r"{\TeX}", "TeX"),
        (r"\TeX{} and \LaTeX", "TeX and LaTeX"),
        (r"\LaTeXe", "LaTeX2ε"),
        (r"Using \BibTeX", "Using BibTeX"),
        (r"long\hyphen term", "long-term"),
        (r"\mkbibquote{Quoted} words", "“Quoted” words"),
        (r"see \S 3", "see §3"),
        (r"\textsc{Small Caps}", "Small Caps"),
        (r"An \emph{emphasised} word", "An emphasised word"),
        (r"at \url{https://example.org/x}", "at https://example.org/x"),
        (r"Speed \& Accuracy", "Speed & Accuracy"),
        (r"\href{https://example.org}{the site}", "the site (https://example.org)"),
        (r"\textcolor{red}{Hot} topic", "Hot topic"),
        (r"\texttt{code} and \mbox{box}", "code and box"),
        (r"{\em Emphasis} and {\sc Caps}", "Emphasis and Caps"),
        (r"Summary in \bgroup\em POPL\egroup, 1989", "Summary in POPL, 1989"),
        (r"\foreignlanguage{russian}{Логос}", "Логос"),
        (r"{\SortNoop{b}Zed}", "Zed"),
        # edwardsjohnmartin/cv's mypubs.bib, whose @preamble defines \noop to print nothing
        (r"\noop{2025}in review", "in review"),
        # Macros the decoder does not know stay visible by name, never dropped; one with
        # a braced argument is read as a one-argument macro (`\textbf{…}`): its text.
        (r"\unknownmacro x", "unknownmacro x"),
        (r"The \Foo{} system", "The Foo system"),
        (r"\Unknown{with} argument", "with argument"),
        # ginsburg-ads-cv.bib: the owner marked with his CV's own macro, twice over
        (r"{\myname{\myname{Ginsburg}}}, A.", "Ginsburg, A."),
    ],
)
def test_bibliography_macros_decode_or_stay_visible(latex: str, text: str):
    assert decode(latex) == text


def test_a_footnote_is_shown_in_parentheses():
    assert decode(r"participants.\footnote{We did a review.} Alongside") == (
        "participants. (We did a review.) Alongside"
    )


def test_a_footnote_written_with_escaped_braces_is_a_footnote():
    """plai-group_publications.bib, he-dataset-embodied-ai-2025's abstract: `\\footnote\\{`
    showed as "[{]We have ... time.}"."""
    abstract = (
        r"from more than 10,000 global participants.\footnote\{We have done a privacy review"
        r" for the public release of an initial 200-hour subset of the dataset, with plans to"
        r" release most of the dataset over time.\} Alongside the dataset, we provide"
    )
    assert decode(abstract, paragraphs=True) == (
        "from more than 10,000 global participants. (We have done a privacy review for the "
        "public release of an initial 200-hour subset of the dataset, with plans to release "
        "most of the dataset over time.) Alongside the dataset, we provide"
    )
    assert decode(r"a \emph\{b\} and \{c\}") == "a b and {c}"  # a brace alone stays


def test_math_in_a_plain_text_field_is_read_as_text():
    """pierce-bcp.bib, Hodas92's booktitle: a venue is plain text, so `$\\lambda$` is λ."""
    venue = r"Workshop on the $\lambda$Prolog Programming Language"
    assert decode(venue, math_as_text=True) == "Workshop on the λProlog Programming Language"
    assert decode(venue) == venue  # a title keeps its formula, for MathML
