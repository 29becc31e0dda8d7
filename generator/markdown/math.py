"""Math in Markdown: `$…$`, `$$…$$`, `\\(…\\)` and `\\[…\\]` made MathML at build time.

latex2mathml converts each formula; browsers render MathML Core themselves, so a page needs
no script or font from another host. Formulas are found before Python-Markdown's escapes and
emphasis (`$a_1 * b_2$` is not emphasis) and after code spans. A dollar sign is math only by
pandoc's rule, so "$5 and $10" is text; `\\$` is a dollar sign. The macros of
content/texmacros.py and the site's own (which win) are expanded first.

A formula latex2mathml cannot convert, or with a command it does not know, is shown as its
source in `<code class="math-source">`, and `unconvertible` says why: the model makes that
an error in the owner's own files, and a warning for a .bib, often someone else's file.
"""

from __future__ import annotations

import functools
import html
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor

from generator.content.texmacros import MacroError, expand, site_macros
from generator.markdown.cost import TooCostly

# Raise when the HTML made from the same formula changes: it is part of the memo's key.
MATH_VERSION = 6
# Before Python-Markdown's backslash escapes (180), after its code spans (190).
PRIORITY = 185
# The work latex2mathml may do for one text, in characters (a formula costs `_PER_FORMULA`
# more): room for any real CV, not for a text made to stall the build.
BUDGET = 100_000
_PER_FORMULA = 7

# Display first: `$$` must not be read as an empty `$…$`. An opening dollar sign is not one
# escaped with a backslash; the inside of each form holds no opener of its own, so a search
# from a delimiter that is never closed stops at the next one (time linear in the text).
# The lookahead lets the search pass over text without `$` or a backslash quickly.
FORMULA = re.compile(
    r"(?=[$\\])(?:"
    r"(?<![\\$])\$\$(?P<dollars>(?:[^$]|\$(?!\$))+?)\$\$"
    r"|(?<![\\$])\$(?![\s$])(?P<dollar>(?:[^$\\]|\\.)*?(?:[^\s\\$]|\\.))\$(?!\d)"
    r"|(?<!\\)\\\((?P<paren>(?:[^\\]|\\[^()])+?)\\\)"
    r"|(?<!\\)\\\[(?P<bracket>(?:[^\\]|\\[^\[\]])+?)\\\])",
    re.S,
)
SOURCE_CLASS = "math-source"  # the class of a formula shown as its source
_DISPLAY = frozenset({"dollars", "bracket"})
_MATHML = "{http://www.w3.org/1998/Math/MathML}"
# What latex2mathml writes: MathML Core's elements, and menclose (MathML 3, shown as its
# content where a browser does not draw it). Anything else came from the formula's text
# (`\text{<b>x</b>}` is copied into <mtext> as it is) and is refused.
MATHML_ELEMENTS = frozenset(
    {
        *("math", "semantics", "annotation", "mrow", "mi", "mn", "mo", "ms", "mtext"),
        *("mspace", "msup", "msub", "msubsup", "munder", "mover", "munderover", "mfrac"),
        *("msqrt", "mroot", "mstyle", "mpadded", "mphantom", "mtable", "mtr", "mtd"),
        *("mmultiscripts", "mprescripts", "none", "merror", "menclose"),
    }
)
# A command latex2mathml did not know, left as text in a token element.
_UNKNOWN_COMMAND = re.compile(r"\\[A-Za-z]+")
# Commands of LaTeX's common packages and journal classes that latex2mathml lacks, as the
# ones it has that draw them: Springer's `\varvec` is a bold vector (`\boldsymbol`),
# `\ensuremath{x}` is `x` in math already, `\boldmath` only switches fonts; text's dotless
# `\i` (NASA ADS writes `{\ensuremath{\i}}`) is math's `\imath`. The TeX kept as the
# formula's annotation is the one written.
ALIASES = {
    "varvec": r"\boldsymbol",
    "ensuremath": "",
    "textsc": r"\text",
    "textsl": r"\textit",
    "textmu": r"\mu",
    "boldmath": "",
    "unboldmath": "",
    "i": r"\imath",
    "j": r"\jmath",
}
_ALIAS = re.compile(r"\\(" + "|".join(ALIASES) + r")(?![A-Za-z])")
# `\hspace{…}`: latex2mathml gives a negative one a width it cannot read (`-`), and keeps
# any inside `\text{}` as text. CMS writes its units `\text{Te}\hspace{-.08em}\text{V}`, a
# kern that only tightens a letter pair: a negative one goes; one inside text is a space.
_NEGATIVE_SPACE = re.compile(r"\\hspace\*?\s*\{\s*-[^{}]*\}")
_SPACE = re.compile(r"\\hspace\*?\s*\{[^{}]*\}")
# Inside a text argument latex2mathml shows a command as written: `\mbox{\tiny TM}` as
# "\tiny TM", and a group's braces (`\mbox{\tiny{NN}}`) as braces. The declarations that
# only set the type's size or face go, and so do the braces, which only group.
_TEXT_ARGUMENT = re.compile(
    r"(\\(?:text|textrm|textit|textbf|textsf|texttt|textup|textnormal|textmd|textsl|textsc"
    r"|mbox|hbox)\s*\{)([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}"  # with `\hspace{…}` in it
)
_DECLARATION = re.compile(
    r"\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge"
    r"|it|bf|rm|sl|sf|tt|sc|em|itshape|bfseries|upshape|scshape|normalfont)(?![A-Za-z])\s*"
)
# A control space ending a formula (`$\sqrt{s} =\ $`), cut to a lone `\` once the
# formula's spaces are trimmed: latex2mathml would show it.
_SPACE_AT_END = re.compile(r"(?<!\\)((?:\\\\)*)\\\s*$")


def _for_latex2mathml(tex: str) -> str:
    """`tex` without what latex2mathml would show as text (`\\hspace`, declarations)."""
    tex = _SPACE_AT_END.sub(r"\1", _NEGATIVE_SPACE.sub("", tex))
    return _TEXT_ARGUMENT.sub(lambda m: m.group(1) + _plain_text(m.group(2)) + "}", tex)


_GROUP_BRACE = re.compile(r"(?<!\\)[{}]")


def _plain_text(text: str) -> str:
    return _GROUP_BRACE.sub("", _SPACE.sub(" ", _DECLARATION.sub("", text)))


# A site's own macros (site.yaml `math: macros:`), as (name, body) pairs: hashable, so that
# conversions can be memoised per set of macros.
Macros = tuple[tuple[str, str], ...]
NO_MACROS: Macros = ()


@functools.lru_cache(maxsize=8)
def _macro_table(macros: Macros) -> dict[str, str]:
    return site_macros(dict(macros))


class FormulaError(ValueError):
    """A formula that cannot be made MathML; `formula` is the formula as written."""

    def __init__(self, formula: str, reason: str):
        super().__init__(f"formula {formula} cannot be shown as math: {reason}")
        self.formula = formula
        self.reason = reason


@dataclass(frozen=True)
class Formula:
    """One formula found in a text: where it is, as written, and what it says."""

    start: int
    end: int
    written: str
    tex: str
    display: bool


def find_formulas(text: str) -> list[Formula]:
    """Every formula in `text`, in order (code spans are not looked into here)."""
    return [_formula(match) for match in FORMULA.finditer(text)]


def _formula(match: re.Match) -> Formula:
    kind = match.lastgroup
    return Formula(match.start(), match.end(), match.group(0), match.group(kind), kind in _DISPLAY)


def to_mathml(formula: Formula, macros: Macros = NO_MACROS) -> str:
    """The formula as a <math> element, its macros (texmacros.py and the site's) expanded
    first. Raises FormulaError."""
    mathml, reason = _converted(formula.tex.strip(), formula.display, macros)
    if reason:
        raise FormulaError(formula.written, reason)
    _check(formula, mathml)
    return _with_source(mathml, formula.tex.strip())


def _with_source(mathml: str, tex: str) -> str:
    """The formula with its TeX kept as an annotation, as MathJax and KaTeX write it: a
    browser shows only the first child of <semantics>; text readers (the PDF CV) the TeX."""
    head, _, rest = mathml.partition(">")
    body = rest.removesuffix("</math>")
    source = html.escape(tex, quote=False)
    annotation = f'<annotation encoding="application/x-tex">{source}</annotation>'
    return f"{head}><semantics><mrow>{body}</mrow>{annotation}</semantics></math>"


# The model asks again why a formula failed (`unconvertible`), and titles repeat: each
# formula is converted once per process.
@functools.lru_cache(maxsize=4096)
def _converted(tex: str, display: bool, macros: Macros = NO_MACROS) -> tuple[str, str]:
    """(MathML, "") or ("", why latex2mathml could not convert `tex`)."""
    # Imported by the first formula: a build with none does not pay for it.
    from latex2mathml.converter import convert

    try:
        known = expand(tex, _macro_table(macros))
    except MacroError as exc:
        return "", str(exc)
    known = _for_latex2mathml(_ALIAS.sub(lambda m: ALIASES[m.group(1)], known))
    try:
        return convert(known, display="block" if display else "inline"), ""
    # latex2mathml raises its own exceptions for bad TeX, and IndexError, KeyError and the
    # like for some (`\frac{a}{`): none may stop a build with a traceback.
    except Exception as exc:  # noqa: BLE001
        return "", _reason(exc)


def _reason(exc: Exception) -> str:
    name = re.sub(r"(?<!^)(?=[A-Z])", " ", type(exc).__name__).lower().removesuffix(" error")
    return f"latex2mathml stopped ({name})" + (f": {exc}" if str(exc) else "")


def _check(formula: Formula, mathml: str) -> None:
    """Refuses MathML holding what is not MathML, or a command left unconverted."""
    try:
        root = etree.fromstring(mathml)
    except etree.ParseError:
        raise FormulaError(formula.written, "its text holds <, > or & (HTML)") from None
    for element in root.iter():
        name = element.tag.removeprefix(_MATHML)
        if name not in MATHML_ELEMENTS:
            raise FormulaError(formula.written, f"its text holds HTML (<{name}>)")
        if name != "mtext" and (command := _UNKNOWN_COMMAND.match(element.text or "")):
            raise FormulaError(formula.written, f"unknown command {command.group(0)}")


# TeX's own rule, for text from a .bib, read left to right: every unescaped `$` opens or
# closes math, whatever is around it; `$$` opens display math where a block can start.
_TEX_MATH = re.compile(
    r"(?:^|(?<=\s))\$\$(?P<display>(?:[^$\\]|\\.)+)\$\$"
    r"|\$(?P<inline>(?:[^$\\]|\\.)+)\$"
    r"|\\.",
    re.S,
)


def tex_math_for_markdown(text: str) -> str:
    """Text whose `$` follow TeX's rule (a .bib title), with each formula that Markdown's
    rule would not read as written (`$ x $`, `$x$4`) given as `\\(x\\)` instead; the others
    are left as written, so plain forms of the text keep the .bib's own TeX."""
    return _TEX_MATH.sub(_kept_or_bracketed, text) if "$" in text else text


def _kept_or_bracketed(match: re.Match) -> str:
    kind = match.lastgroup
    if kind is None:  # an escape: as it is
        return match.group(0)
    start = match.start()
    found = FORMULA.match(match.string, start)
    after_formula = start > 0 and match.string[start - 1] == "$"  # `$a$$b$`: two formulas
    if found is not None and found.end() == match.end() and not after_formula:
        return match.group(0)  # Markdown reads this very formula
    tex = match.group(kind).strip()
    tex = _SPACE_AT_END.sub(r"\1", tex)  # `$a =\ $`: the space is the text's, after it
    return f"\\[{tex}\\]" if kind == "display" else f"\\({tex}\\)"


def unconvertible(text: str, macros: Macros = NO_MACROS) -> list[FormulaError]:
    """Why each formula of `text` that cannot be converted is shown as its source."""
    problems = []
    for formula in find_formulas(text):
        try:
            to_mathml(formula, macros)
        except FormulaError as exc:
            problems.append(exc)
    return problems


def shown_as_source(formula: Formula) -> str:
    """A formula that cannot be converted, as HTML that shows its source as written."""
    return f'<code class="{SOURCE_CLASS}">{html.escape(formula.written, quote=False)}</code>'


class _MathInline(InlineProcessor):
    """A formula found in a text becomes its MathML, kept out of later inline patterns."""

    def __init__(self, md: markdown.Markdown, macros: Macros):
        super().__init__(FORMULA.pattern, md)
        self.compiled_re = FORMULA
        self.macros = macros
        self.spent = 0

    def handleMatch(self, m: re.Match, data: str):  # noqa: N802 - Markdown's API
        formula = _formula(m)
        self.spent += _PER_FORMULA + len(formula.tex)
        if self.spent > BUDGET:
            raise TooCostly(
                "this text has more math than cvsite converts in one text (expected fewer "
                "or shorter formulas)",
                formula.written,
            )
        try:
            shown = to_mathml(formula, self.macros)
        except FormulaError:
            shown = shown_as_source(formula)
        return self.md.htmlStash.store(shown), m.start(0), m.end(0)


class MathExtension(Extension):
    """Formulas as MathML (see the module's docstring), with the site's `macros`."""

    def __init__(self, macros: Macros = NO_MACROS):
        super().__init__()
        self.macros = macros

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 - Markdown's API
        md.registerExtension(self)  # for reset()
        self.inline = _MathInline(md, self.macros)
        md.inlinePatterns.register(self.inline, "cvsite_math", PRIORITY)
        # Python-Markdown counts <math> as a block, and would take a paragraph holding only
        # a formula out of its <p>; a formula is phrasing content, even a displayed one.
        if "math" in md.block_level_elements:
            md.block_level_elements.remove("math")
        # Python-Markdown does not escape `$` itself: `\$` would show its backslash.
        if "$" not in md.ESCAPED_CHARS:
            md.ESCAPED_CHARS.append("$")

    def reset(self) -> None:
        self.inline.spent = 0
