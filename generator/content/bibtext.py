"""BibTeX field text made plain: LaTeX decoded, names in reading order with their marks.

`M{\\"u}ller, J{\\"o}rg$^*$` reads `Jörg Müller*`; a URL-like field only loses its braces
and TeX escapes.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import re
from collections.abc import Iterator

from bibtexparser.middlewares.names import (
    parse_single_name_into_parts,
    split_multiple_persons_names,
)
from pylatexenc.latex2text import (
    LatexNodes2Text,
    MacroTextSpec,
    SpecialsTextSpec,
    get_default_latex_context_db,
)
from pylatexenc.latexwalker import (
    LatexMacroNode,
    LatexMathNode,
    LatexWalker,
    LatexWalkerError,
)
from pylatexenc.latexwalker import get_default_latex_context_db as get_default_parsing_context_db
from pylatexenc.macrospec import LatexContextDb, std_macro

from generator.content.authors import CJK_NAME, ET_AL, NAME_MARKS
from generator.content.markdowntext import escape_markdown
from generator.content.mathml import mathml_as_tex
from generator.content.texmacros import BUILT_IN, JOURNALS, arity, balanced

_EMPHASIS = re.compile(r"(\*{1,3})([^*]+?)\1")
# A whole name in bold: the owner, as a CV's .bib marks them (`\textbf{Marshall, H.P.}`,
# `{\bf L. Leal-Taix{\'e}}`, or for its site's HTML `<strong>…</strong>`).
_BOLD = re.compile(
    r"\\textbf\s*\{(?P<tex>.*)\}|\{\\bf\s+(?P<old>.*)\}|<(?P<tag>strong|b)>(?P<html>.*)</(?P=tag)>"
)
_MARK_TAIL = re.compile(
    r"\s*(\$\^\{?(?P<math>[^$]*?)\}?\$|\\textsuperscript\{(?P<sup>[^{}]*)\}"
    r"|(?<!\\)\^\{(?P<caret>[^{}]*)\}|(?<!\\)\^(?P<bare>[*+])|(?P<plain>[*†‡+])"
    r"|\\(?P<macro>textdagger|ddagger|dagger|ddag|dag)\b)\s*$"
)


# Macros that BibTeX and biblatex files use and pylatexenc lacks or drops: (name, arguments
# as pylatexenc's argspec, text). Unknown macros are shown by name (`_unknown_macro`).
_BIB_MACROS = [
    ("TeX", "", "TeX"),
    ("LaTeX", "", "LaTeX"),
    ("LaTeXe", "", "LaTeX2ε"),
    ("BibTeX", "", "BibTeX"),
    ("XeTeX", "", "XeTeX"),
    ("LuaTeX", "", "LuaTeX"),
    ("ConTeXt", "", "ConTeXt"),
    ("hyphen", "", "-"),
    ("S", "", "§"),
    ("P", "", "¶"),
    ("mkbibquote", "{", "“%s”"),
    ("mkbibemph", "{", "%s"),
    ("mkbibitalic", "{", "%s"),
    ("mkbibbold", "{", "%s"),
    ("mkbibparens", "{", "(%s)"),
    ("mkbibbrackets", "{", "[%s]"),
    ("mkbibacro", "{", "%s"),
    ("mkbibsuperscript", "{", "%s"),
    ("enquote", "*{", "“%(2)s”"),
    ("url", "{", "%s"),  # the address itself, not "<x>"
    ("href", "{{", "%(2)s (%(1)s)"),
    ("nolinkurl", "{", "%s"),
    ("doi", "{", "%s"),
    # pylatexenc drops these arguments or shows a placeholder ("<cit.>"); in a title the
    # argument is the text (or, for a reference, the only trace of it).
    ("title", "{", "%s"),
    ("author", "{", "%s"),
    ("date", "{", "%s"),
    ("cite", "*[[{", "[%(4)s]"),
    ("citep", "*[[{", "[%(4)s]"),
    ("citet", "*[[{", "[%(4)s]"),
    ("ref", "{", "%s"),
    ("cref", "{", "%s"),
    ("Cref", "{", "%s"),
    ("autoref", "{", "%s"),
    ("eqref", "{", "(%s)"),
    ("textcite", "*[[{", "[%(4)s]"),
    ("citeauthor", "*[[{", "[%(4)s]"),
    ("authorcite", "{", "[%s]"),
    ("crosscite", "{", "[%s]"),
    ("URL", "{", "%s"),
    ("foreignlanguage", "[{{", "%(3)s"),
    ("discretionary", "{{{", "%(3)s"),  # the unbroken form
    ("textsuperscript", "{", "%s"),
    # A footnote's text stays in the text, in parentheses (pylatexenc: "[text]", unspaced).
    ("footnote", "[{", " (%(2)s)"),
    ("textsubscript", "{", "%s"),
    ("slash", "", "/"),
    # Signs and spaces that exporters write and pylatexenc shows by name: Mendeley's
    # `{\\textless}`, NASA ADS's `\\gt`, Zotero's `2\\enspace μm` and `Thioflavin\\>T`, TeX's
    # `BST\\@.` (a sentence's end) and italic correction `{\\em STOC\\/}` (no text).
    ("textless", "", "<"),
    ("textgreater", "", ">"),
    ("lt", "", "<"),
    ("gt", "", ">"),
    ("copyright", "", "©"),
    ("enspace", "", "\N{EN SPACE}"),
    (">", "", " "),
    ("@", "", ""),
    ("/", "", ""),
    ("upgamma", "", "γ"),
    ("upmu", "", "μ"),
    ("uppsi", "", "ψ"),
    ("uptau", "", "τ"),
    # The argument is a sort key, never shown (BibTeX's \noopsort/\SortNoop idiom).
    ("SortNoop", "{", ""),
    ("noopsort", "{", ""),
    ("noop", "{", ""),
]
# Declarations that change the look of what follows and have no text of their own.
_DECLARATIONS = [
    *("em", "it", "bf", "sc", "tt", "rm", "sf", "sl", "up", "md", "normalfont"),
    *("itshape", "bfseries", "scshape", "ttfamily", "rmfamily", "sffamily", "slshape"),
    *("upshape", "mdseries", "tiny", "scriptsize", "footnotesize", "small", "normalsize"),
    *("large", "Large", "LARGE", "huge", "Huge", "bgroup", "egroup", "relax", "protect"),
    *("par", "noindent", "nobreak", "allowbreak", "ignorespaces", "unskip", "xspace"),
]


def _unknown_macro(node: LatexMacroNode, macroname: str, l2tobj: LatexNodes2Text) -> str:
    """A macro without a text rule keeps its arguments' text (`\\texttt{x}` reads `x`), or,
    without arguments, its name (`\\foo` reads `foo`): nothing written disappears. One
    without arguments but followed by a braced group is read as a macro of one argument, as
    `\\textbf{…}` is: `\\myname{Ginsburg}` (a CV's own macro) reads `Ginsburg`, the group's
    text, shown after it."""
    arguments = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
    if arguments:
        return "".join(l2tobj.nodelist_to_text([a]) for a in arguments)
    if _ARGUMENT_AFTER.match(node.parsing_state.s, node.pos + node.len):
        return ""
    if macroname.startswith("backslash"):  # Mendeley's `$\\backslash$rm` run together
        return "\\" + macroname.removeprefix("backslash") + (node.macro_post_space or "")
    met = _MET.get(None)
    if met is not None and macroname.isalpha():
        met.append(macroname)
    return macroname + (node.macro_post_space or "")


# The commands `_unknown_macro` showed by name in the reading under way (`_latex_to_text`).
_MET: contextvars.ContextVar[list[str]] = contextvars.ContextVar("met")
# Those of the decoding under way, for `unknown_commands`; None when nobody asks.
_ASKED: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("asked", default=None)


@contextlib.contextmanager
def unknown_commands() -> Iterator[list[str]]:
    """The TeX commands that `decode` showed by name while the block ran, since it knows
    no text for them (`\\foo` reads `foo`), once each, in the order met."""
    met: list[str] = []
    token = _ASKED.set(met)
    try:
        yield met
    finally:
        _ASKED.reset(token)


# A braced group with something in it (`\\Foo{}` is the name and an empty group).
_ARGUMENT_AFTER = re.compile(r"\s*\{(?!\s*\})")


def _physics_macros(math_as_text: bool) -> list[MacroTextSpec]:
    """texmacros.py's macros without arguments, met outside math: a journal (`\\apj`) as its
    name; a unit or particle (`13\\TeV`, `\\ttbar`) as a formula `\\(\\ttbar\\)`, which a
    title shows as math, or, with `math_as_text`, as the formula's text."""
    specs = [_spec(name, journal, False) for name, journal in JOURNALS.items()]
    for name, body in BUILT_IN.items():
        if name in JOURNALS or arity(body):
            continue
        specs.append(_spec(name, body if math_as_text else f"\\({body}\\)", math_as_text))
    return specs


def _spec(name: str, text: str, math: bool) -> MacroTextSpec:
    """`text` for the macro (read as text first if `math`), and the space written after it
    (TeX drops it, but the collaborations define these with `\\xspace`, which puts it back)."""

    def shown(node: LatexMacroNode) -> str:
        return (_math_text(text) if math else text) + (node.macro_post_space or "")

    return MacroTextSpec(name, simplify_repl=shown)


@functools.lru_cache(maxsize=512)
def _math_text(body: str) -> str:
    space = " " if body.startswith("\\,") else ""  # a unit: `13\\TeV` reads 13 TeV
    return space + _latex_to_text("$" + body.removeprefix("\\,") + "$", True)


def _decoder() -> tuple[LatexNodes2Text, LatexContextDb]:
    parsing = get_default_parsing_context_db()
    parsing.add_context_category(
        "cvsite", prepend=True, macros=[std_macro(n, args) for n, args, _ in _BIB_MACROS]
    )
    text = get_default_latex_context_db()
    text.add_context_category(
        "cvsite",
        prepend=True,
        macros=[MacroTextSpec(n, repl) for n, _, repl in _BIB_MACROS]
        + [MacroTextSpec(n, discard=True) for n in _DECLARATIONS]
        + _physics_macros(math_as_text=False),
        # A bare `&` is a table's column break to LaTeX (pylatexenc: spaces), but in a
        # .bib it is what was meant: `R&D`, `AT&T` (BibTeX passes it on as written).
        specials=[SpecialsTextSpec("&", "&")],
    )
    text.set_unknown_macro_spec(MacroTextSpec("", simplify_repl=_unknown_macro))
    return LatexNodes2Text(latex_context=text, math_mode="verbatim"), parsing


_DECODER, _PARSING = _decoder()


def _text_context() -> LatexContextDb:
    context = get_default_latex_context_db()
    context.add_context_category("cvsite-text", prepend=True, macros=_physics_macros(True))
    for category in ("cvsite",):  # the rest as the Markdown decoder reads it
        context.add_context_category(
            category + "-base",
            macros=list(_DECODER.latex_context.iter_macro_specs(categories=[category])),
            specials=list(_DECODER.latex_context.iter_specials_specs(categories=[category])),
        )
    context.set_unknown_macro_spec(MacroTextSpec("", simplify_repl=_unknown_macro))
    return context


# For plain-text fields (a venue, a publisher): math read as text, `$\lambda$Prolog` as
# λProlog, since only titles and abstracts are Markdown, where a formula becomes MathML.
_MATH_AS_TEXT = LatexNodes2Text(latex_context=_text_context(), math_mode="text")


def decoder_macros() -> list[tuple[str, str]]:
    """Every macro the decoder knows, with its arguments (pylatexenc's argspec, "" for none)."""
    names = sorted({spec.macroname for spec in _DECODER.latex_context.iter_macro_specs()})
    specs = {name: _PARSING.get_macro_spec(name) for name in names}
    return [(name, getattr(s and s.args_parser, "argspec", "")) for name, s in specs.items()]


# NASA ADS's HTML in a title: an astronomical object, `<ASTROBJ>51 Pegasi b</ASTROBJ>`, and
# the paper an erratum corrects, `<A href=``/abs/…''>(2014, AJ, 147, 119)</A>`. The text
# between the tags is the title's.
_ADS_MARKUP = re.compile(r"</?ASTROBJ>|<A\s+href\s*=[^>]*>|</A>", re.IGNORECASE)
# TeX's single quotes, `` `word' ``: a backtick prints ‘ and the quote that closes it ’
# (the double ones, ``…'', pylatexenc reads). Left as written, a title's Markdown would read
# two backticks as code. `\`e` is an accent, not a quote.
_SINGLE_QUOTED = re.compile(r"(?<![`\\])`(?!`)((?:[^`'$\\]|\\.)*)'(?!')")
_LEFT_QUOTE = re.compile(r"(?<![`\\])`(?!`)")


def _as_tex(value: str) -> str:
    """What exporters write in a field other than TeX (NASA ADS's HTML, INSPIRE's MathML) as
    TeX, and TeX's single quotes as the quotes TeX prints: whichever way the text is read."""
    if "<" not in value and "`" not in value:  # nearly every field: nothing to do
        return value
    value = mathml_as_tex(_ADS_MARKUP.sub("", value))
    return _LEFT_QUOTE.sub("‘", _SINGLE_QUOTED.sub(r"‘\1’", value))


def decode(value: str, *, paragraphs: bool = False, math_as_text: bool = False) -> str:
    """LaTeX to text: `M{\\"u}ller` -> Müller, `{ARM}` -> ARM, `\\&` -> &. Math stays as written
    (`$\\lambda$`), or, with `math_as_text`, is read as text (λ)."""
    value = _as_tex(value)
    if "ensuremath" in value:
        value = ensuremath_as_math(value)
    if not LATEX_SIGNS.search(value):
        text = value
    elif not NOT_BRACES_OR_DASHES.search(value) and balanced(value):
        text = plain(value)
    elif math_as_text or (text := _formulas_kept(value)) is None:
        text = _latex_to_text(value, math_as_text)
    if "<math" in text:  # Mendeley's INSPIRE MathML, its `<` written `{\\textless}`
        text = mathml_as_tex(text)
    if not paragraphs:
        return " ".join(text.split())
    blocks = re.split(r"\n\s*\n", text)
    return "\n\n".join(" ".join(b.split()) for b in blocks if b.strip())


# A text-style macro whose argument is written in escaped braces, `\\footnote\\{text\\}` (a
# slip of hand-written abstracts, pasted from LaTeX where `\\{` is a brace): its argument.
_ESCAPED_ARGUMENT = re.compile(
    r"\\(footnote|emph|textit|textbf|textsc|textrm|texttt|textsf|underline|mbox|text)\s*"
    r"\\\{((?:[^{}\\]|\\[^{}])*)\\\}"
)


def _latex_to_text(value: str, math_as_text: bool = False) -> str:
    text, met = _read_latex(value, math_as_text)
    asked = _ASKED.get()
    if asked is not None:
        asked.extend(name for name in met if name not in asked)
    return text


@functools.lru_cache(maxsize=4096)  # names and venues repeat across a library
def _read_latex(value: str, math_as_text: bool) -> tuple[str, tuple[str, ...]]:
    """The text, and the commands shown by name in it (kept with the text: a value read
    again comes from this cache)."""
    value = _ESCAPED_ARGUMENT.sub(r"\\\1{\2}", _as_tex(value))
    decoder = _MATH_AS_TEXT if math_as_text else _DECODER
    met: list[str] = []
    token = _MET.set(met)
    try:
        nodes, _, _ = LatexWalker(
            value, latex_context=_PARSING, tolerant_parsing=True
        ).get_latex_nodes()
        text = decoder.nodelist_to_text(nodes)
    except Exception:  # pylatexenc is lenient; a failure here must not lose the text
        text = value.replace("{", "").replace("}", "")
    finally:
        _MET.reset(token)
    return text, tuple(dict.fromkeys(met))


# \href{url}{text} and \url{url}, arguments without nested braces in the address.
_LINK = re.compile(r"\\(?:href\s*\{([^{}]*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}|url\s*\{([^{}]*)\})")
_LINKABLE = re.compile(r"^(?:https?://|mailto:)", re.IGNORECASE)


def decode_markdown(value: str) -> str:
    """LaTeX to inline Markdown: the text as `decode` reads it, escaped, with `\\href{url}{text}`
    as a link `[text](url)` and `\\url{url}` as `<url>` (http, https and mailto only; any
    other address stays text)."""
    out, position = [], 0
    for match in _LINK.finditer(value):
        out.append(_escaped(value[position : match.start()]))
        address = verbatim(match.group(1) if match.group(3) is None else match.group(3))
        address = "".join(address.split())
        text = match.group(2)
        if not _LINKABLE.match(address):
            shown = f"{decode(text)} ({address})" if text is not None else address
            out.append(escape_markdown(shown))
        elif text is None:
            out.append(f"<{address}>")
        else:
            out.append(f"[{_escaped(text)}]({address.replace(')', '%29')})")
        position = match.end()
    out.append(_escaped(value[position:]))
    return " ".join("".join(out).split())


def without_links(value: str) -> tuple[str, list[str]]:
    """`\\href{url}{text}` as its text alone, and the addresses it held (http, https and
    mailto): a title that is a link is a title, and its address the paper's link."""
    found: list[str] = []

    def text(match: re.Match) -> str:
        address = "".join(verbatim(match.group(1) or match.group(3) or "").split())
        if _LINKABLE.match(address):
            found.append(address)
        return match.group(0) if match.group(3) is not None else "{" + match.group(2) + "}"

    return _LINK.sub(text, value), found


def _escaped(latex: str) -> str:
    """A piece of LaTeX decoded, Markdown's signs escaped, the spaces at its ends kept."""
    if not latex.strip():
        return " " if latex else ""
    text = markdown_of_text(decode(latex))
    return (" " if latex[0].isspace() else "") + text + (" " if latex[-1].isspace() else "")


# A formula in decoded text, `$…$` or `\\(…\\)`: Markdown's math reads it as written.
_FORMULA = re.compile(r"(?<!\\)\$[^$]+(?<!\\)\$|\\\(.+?\\\)")


def markdown_of_text(text: str) -> str:
    """Decoded text as Markdown that reads as it: Markdown's signs escaped outside its
    formulas, which the Markdown fields (a title, an abstract) show as MathML."""
    out, position = [], 0
    for match in _FORMULA.finditer(text):
        out += [escape_markdown(text[position : match.start()]), match.group(0)]
        position = match.end()
    return "".join(out) + escape_markdown(text[position:])


def verbatim(value: str) -> str:
    """A URL-like field: braces and TeX escapes removed, nothing else touched."""
    text = re.sub(r"\\([_%&#$~])", r"\1", value)
    text = re.sub(r"^\\url\s*\{(.*)\}$", r"\1", text.strip(), flags=re.IGNORECASE)
    return text.replace("{", "").replace("}", "").strip()


def split_marks(raw: str) -> tuple[str, str]:
    """`Zhang, Zili$^{*\\dagger}$` -> ('Zhang, Zili', '*†'); affiliation numbers are dropped."""
    name, marks = _tail_marks(raw.strip())
    while name[:1] and name[0] in NAME_MARKS:  # before the name: `*Pang, Ce`
        marks, name = marks + name[0], name[1:].lstrip()
    family, comma, given = name.partition(",")
    if comma:  # before the comma: al-folio's `Einstein*†, A.`, a lab's `Lew$^+$, Matthew D.`
        family, glued = _tail_marks(family)
        name, marks = family + comma + given, marks + glued
    return name, "".join(dict.fromkeys(marks))


def _tail_marks(name: str) -> tuple[str, str]:
    """The marks at the end of `name`, in any of the forms _MARK_TAIL reads, and the rest."""
    marks = ""
    while match := _MARK_TAIL.search(name):
        inner = next(
            g
            for g in match.group("math", "sup", "caret", "bare", "plain", "macro")
            if g is not None
        )
        inner = re.sub(r"\\(?:ddagger|ddag)", "‡", inner)
        inner = re.sub(r"\\(?:textdagger|dagger|dag)|^(?:textdagger|dagger|dag)$", "†", inner)
        inner = inner.replace("ddagger", "‡").replace("ddag", "‡")
        marks = "".join(c for c in inner if c in NAME_MARKS) + marks
        name = name[: match.start()].rstrip()
    return name, marks


def display_name(raw: str) -> str:
    """A BibTeX name in reading order, decoded: `M{\\"u}ller, J{\\"o}rg*` -> `Jörg Müller*`;
    `*Doe, John*` (RenderCV's highlight) and a bold `\\textbf{Doe, John}` (a CV's) -> `*John Doe*`,
    for authors.parse_author. A formula in a name reads as text (NASA ADS's
    `Y{\\ensuremath{\\i}}ld{\\ensuremath{\\i}}z` is Yıldız)."""
    if emphasis := _EMPHASIS.fullmatch(raw.strip()):
        return f"*{display_name(emphasis.group(2))}*"
    if bold := _BOLD.fullmatch(raw.strip()):
        inner = bold.group("tex") or bold.group("old") or bold.group("html") or ""
        if balanced(inner):
            return f"*{display_name(inner)}*"
    name, marks = split_marks(raw)
    if name.strip().lower() == "others":
        return ET_AL
    parts = parse_single_name_into_parts(name, strict=False)
    words = [
        decode(" ".join(part), math_as_text=True)
        for part in (parts.first, parts.von, parts.last, parts.jr)
        if part
    ]
    if len(words) == 2 and "," in name and all(map(CJK_NAME.fullmatch, words)):
        return words[1] + words[0] + marks  # `张, 三` reads 张三 (authors.CJK_NAME)
    return " ".join(w for w in words if w) + marks


# A list whose last name ends with "et al." (`Bakhteev, Oleg et al.`), or Russian's "и др."
# (`Бахтеев, Олег и др.`), names others after it, as `and others` does; BibTeX would read
# the words as given names ("Oleg et al. Bakhteev").
_ET_AL_TAIL = re.compile(r"[\s,]+(?:et\s+al|и\s+др)\.?\s*$", re.IGNORECASE)


def names(raw: str) -> list[str]:
    found = [n for n in split_names(raw) if n.strip()]
    tail = _ET_AL_TAIL.search(found[-1]) if found else None
    if tail is None or not found[-1][: tail.start()].strip():
        return [display_name(n) for n in found]
    return [*map(display_name, [*found[:-1], found[-1][: tail.start()]]), ET_AL]


# bibtexparser's splitter steps over the character after a backslash, so a name after `and`
# that starts with one (`\textbf{…}`, `\"{O}zt…`) lost its first two characters: it is
# given the list with its backslashes hidden. (BibTeX counts a brace after one too.)
_HIDDEN = "\x00"


def split_names(raw: str) -> list[str]:
    """The names of an author or editor list, split at `and` outside braces, as written;
    Scopus's list of editors split at its commas (`_comma_listed`)."""
    found = split_multiple_persons_names(raw.replace("\\", _HIDDEN))
    if len(found) == 1 and (listed := _comma_listed(found[0])):
        return listed
    return [name.replace(_HIDDEN, "\\") for name in found]


# Scopus writes editors with commas between them, each `Family I.` (`Pappas I.O., Mikalef
# P.`), which BibTeX would read as one name with too many commas.
_FAMILY_INITIALS = re.compile(r"\s*([^,{}\x00]*?[^\W\d_][^,{}\x00]*?)\s+((?:-?[^\W\d_]\.)+)\s*")


def _comma_listed(name: str) -> list[str] | None:
    """`Pappas I.O., Mikalef P.` as the names `Pappas, I.O.` and `Mikalef, P.`; None for a
    name whose parts are not each a family name and initials (`Ford, Jr., Henry`)."""
    parts = [_FAMILY_INITIALS.fullmatch(part) for part in name.split(",")]
    if len(parts) < 2 or not all(parts):
        return None
    return [f"{found.group(1)}, {found.group(2)}" for found in parts if found]


# Text without any of these reads the same as LaTeX, without the (slow) parser. Text whose
# only signs are balanced braces (`{GPU}s`) and dashes (`12--19`) reads as the text without
# the braces, with its dashes (tests/unit/content/test_bibtext_braces.py checks that against
# the parser on every such field of the real files in tests/fixtures/realworld/).
LATEX_SIGNS = re.compile(r"[\\{}$~%`]|--|''")
NOT_BRACES_OR_DASHES = re.compile(r"[\\$~%`]|''")


def plain(value: str) -> str:
    """Text whose only LaTeX is balanced braces and dashes, as the parser reads it."""
    return value.replace("{", "").replace("}", "").replace("---", "—").replace("--", "–")


# A formula, `$…$` or `\(…\)`, in text that `plain` reads around it (a physics title).
_FORMULA_IN_TEXT = re.compile(r"(\$[^$]+\$|\\\(.*?\\\))", re.DOTALL)


def _formulas_kept(value: str) -> str | None:
    """Text whose only LaTeX is formulas, kept as written, and what `plain` reads between
    them, as the parser reads it; None for any other text. The text between holds no
    backslash, so no macro reaches into a formula from outside (tests/unit/content/
    test_bibtext_formulas.py checks this against the parser on the real files)."""
    parts = _FORMULA_IN_TEXT.split(value)
    outside, formulas = parts[::2], parts[1::2]
    between = "".join(outside)
    if (
        not formulas
        or NOT_BRACES_OR_DASHES.search(between)
        or not balanced(between)
        or _ESCAPED_ARGUMENT.search(value)
        or not all(map(_one_formula, formulas))
    ):
        return None
    return "".join(plain(text) + f for text, f in zip(outside, [*formulas, ""], strict=True))


@functools.lru_cache(maxsize=4096)  # formulas repeat: `$\sqrt{s}$`
def _one_formula(formula: str) -> bool:
    """Whether the parser reads `formula` alone, without a slip, as one formula that ends at
    its last sign: then it reads it so wherever it stands, and shows it as written."""
    try:
        nodes, _, _ = LatexWalker(
            formula, latex_context=_PARSING, tolerant_parsing=False
        ).get_latex_nodes()
    except LatexWalkerError:
        return False
    return (
        len(nodes) == 1
        and isinstance(nodes[0], LatexMathNode)
        and nodes[0].displaytype == "inline"
        and nodes[0].len == len(formula)
    )


_DOLLAR = re.compile(r"(?<!\\)\$")


# `\\ensuremath{x}` outside math (NASA ADS: `{\\ensuremath{\\chi}}$_{p}$`) is the formula `$x$`;
# a sub- or superscript formula right after it is part of it (`$\\chi_{p}$`), as TeX shows.
_ARGUMENT = r"\{((?:[^{}$]|\{[^{}$]*\})*)\}"
_ENSUREMATH = re.compile(rf"\{{\\ensuremath\s*{_ARGUMENT}\}}|\\ensuremath\s*{_ARGUMENT}")
_SCRIPT_AFTER = re.compile(r"\$\$(?=[_^])")


def ensuremath_as_math(value: str) -> str:
    parts = _DOLLAR.split(value)
    if len(parts) % 2 == 0:
        return value
    for i in range(0, len(parts), 2):  # outside math only
        parts[i] = _ENSUREMATH.sub(lambda m: f"${m.group(1) or m.group(2) or ''}$", parts[i])
    return _SCRIPT_AFTER.sub("", "$".join(parts))
