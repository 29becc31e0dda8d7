"""A formula's MathML (as generator/markdown/math.py makes it) as styled pieces of text, for a
typesetter that knows runs of text and not math (the PDF CV): `\\sqrt{s} = 13` reads `√s = 13`,
`\\mu^+` is `μ` and a superscript `+`, a single letter is italic as TeX sets it.

MathML already holds each symbol as its Unicode character; what is read here is its layout:
scripts become the `super`/`sub` styles, a fraction `a/b`, a root `√`, an accent a combining
mark, a space a thin or a normal space. An element not read here gives its text, so no
character of a formula is ever lost. cvdocument's HTML reader builds the `MathNode` tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Piece = tuple[str, frozenset[str]]  # text, and its styles ("emph", "strong", "super", "sub")


@dataclass
class MathNode:
    """One MathML element: its tag, attributes, and children (elements and text)."""

    tag: str
    attrs: dict[str, str | None] = field(default_factory=dict)
    children: list[MathNode | str] = field(default_factory=list)

    def elements(self) -> list[MathNode]:
        return [child for child in self.children if isinstance(child, MathNode)]

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


def math_pieces(node: MathNode) -> list[Piece]:
    """The formula `node` (a <math> element) as pieces of styled text, in reading order (some
    empty; the reader joins pieces of the same styles, as it joins any runs)."""
    return _read(node, frozenset(), in_script=False)


# Elements that show nothing: the TeX source, an empty script, a phantom (invisible on the
# page too: what it holds only makes room).
_SILENT = frozenset({"annotation", "annotation-xml", "none", "mprescripts", "mphantom"})
# Relations, spaced from what stands beside them, and binary operators, spaced only between
# two operands (`-1` is a sign), as TeX spaces them.
_RELATIONS = frozenset("=<>≠≈≃≅≡∼≤≥≪≫∝∈∉⊂⊃⊆⊇→←↔⇒⇐⇔↦⟶⟵⟷")
_BINARIES = frozenset("+−±∓×·÷∗⋅∘∪∩")
# An accent over (or under) its base, as the combining mark that draws it on each letter.
_ACCENTS = {
    "¯": "\u0304",  # \bar
    "―": "\u0305",  # \overline
    "‾": "\u0305",
    "^": "\u0302",  # \hat, \widehat
    "ˆ": "\u0302",
    "~": "\u0303",  # \tilde
    "˜": "\u0303",
    "→": "\u20d7",  # \vec, \overrightarrow
    "˙": "\u0307",  # \dot
    "¨": "\u0308",  # \ddot
    "ˇ": "\u030c",  # \check
    "˘": "\u0306",  # \breve
    "´": "\u0301",  # \acute
    "`": "\u0300",  # \grave
}
_UNDER_ACCENTS = {"―": "\u0332", "‾": "\u0332", "_": "\u0332"}  # \underline
# Italic in TeX: Latin letters and small Greek ones (Greek capitals are upright). A letter of
# Unicode's mathematical alphabets (`\mathbf{x}` is 𝐱) has its style in itself.
_GREEK_SMALL = range(0x3B1, 0x3FF)


def _read(node: MathNode, styles: frozenset[str], in_script: bool) -> list[Piece]:
    tag = node.tag
    kids = node.elements()
    if tag in _SILENT:
        return []
    if tag == "semantics":  # what it shows is its first child; the rest is annotation
        return _read(kids[0], styles, in_script) if kids else []
    if tag == "mi":
        return [(node.text(), styles | _identifier_styles(node))]
    if tag in ("mn", "mo", "mtext", "ms"):
        return [(node.text(), styles | _variant_styles(node))]
    if tag == "mspace":
        return [(_space(node.attrs.get("width") or ""), styles)]
    if tag in ("msup", "msub", "msubsup", "munder", "mover", "munderover") and kids:
        return _scripted(tag, kids, styles, in_script)
    if tag == "mfrac" and len(kids) == 2:
        top, bottom = (_grouped(kid, styles, in_script) for kid in kids)
        return [*top, ("/", styles), *bottom]
    if tag == "msqrt":
        return [
            ("√", styles),
            *_grouped(MathNode("mrow", children=node.children), styles, in_script),
        ]
    if tag == "mroot" and len(kids) == 2:
        index = _read(kids[1], styles | {"super"}, True)
        return [*index, ("√", styles), *_grouped(kids[0], styles, in_script)]
    if tag in ("mtable", "mtr"):  # a matrix's rows one after another, `;` between them
        between = ("; " if tag == "mtable" else " ", styles)
        pieces: list[Piece] = []
        for index, kid in enumerate(kids):
            pieces += ([between] if index else []) + _read(kid, styles, in_script)
        return pieces
    return _row(node, styles, in_script)


def _row(node: MathNode, styles: frozenset[str], in_script: bool) -> list[Piece]:
    """The children of a row (and of any element not read otherwise) one after another, text
    included; relations and binary operators spaced as TeX spaces them."""
    pieces: list[Piece] = []
    children = node.children
    for index, child in enumerate(children):
        if isinstance(child, str):
            pieces.append((child, styles))
            continue
        read = _read(child, styles, in_script)
        if not in_script:
            before, after = _spaces(children, index)
            read = [(before, styles), *read, (after, styles)]
        pieces += read
    return pieces


def _spaces(children: list[MathNode | str], index: int) -> tuple[str, str]:
    """The spaces before and after the child at `index` of a row, as TeX sets them."""
    child = children[index]
    if not isinstance(child, MathNode) or child.tag not in ("mi", "mo"):
        return "", ""
    symbol = child.text()
    before = [c for c in children[:index] if isinstance(c, MathNode)]
    after = [c for c in children[index + 1 :] if isinstance(c, MathNode)]
    if symbol.isascii() and symbol.isalpha() and len(symbol) > 1:  # `\log n`: log, thin spaced
        return (
            "\u2009" if before and before[-1].tag != "mo" else "",
            "\u2009" if after and after[0].tag != "mo" else "",
        )
    if child.tag != "mo":
        return "", ""
    follows_operator = bool(before) and before[-1].tag == "mo" and _is_operator(before[-1])
    if symbol in _RELATIONS:
        return " " if before and not follows_operator else "", " " if after else ""
    if symbol in _BINARIES and before and after and not follows_operator:
        return " ", " "
    return "", ""


def _is_operator(node: MathNode) -> bool:
    return node.text() in _RELATIONS or node.text() in _BINARIES


def _scripted(
    tag: str, kids: list[MathNode], styles: frozenset[str], in_script: bool
) -> list[Piece]:
    """A base and its scripts: each script after the base, a subscript before a superscript
    (side by side where TeX stacks them); an accent over or under the base drawn on it."""
    base = _read(kids[0], styles, in_script)
    if tag in ("mover", "munder") and len(kids) == 2:
        marks = _ACCENTS if tag == "mover" else _UNDER_ACCENTS
        mark = marks.get(kids[1].text().strip()) if kids[1].tag == "mo" else None
        if mark:
            return [("".join(c + mark if not c.isspace() else c for c in t), s) for t, s in base]
    roles = {
        "msup": ("super",),
        "msub": ("sub",),
        "msubsup": ("sub", "super"),
        "mover": ("super",),
        "munder": ("sub",),
        "munderover": ("sub", "super"),
    }[tag]
    pieces = base
    for role, script in zip(roles, kids[1:], strict=False):
        pieces += _read(script, styles | {role}, True)
    return pieces


def _grouped(node: MathNode, styles: frozenset[str], in_script: bool) -> list[Piece]:
    """A fraction's side or a root's content, in parentheses when it is more than one token."""
    read = _read(node, styles, in_script)
    if _tokens(node) > 1:
        return [("(", styles), *read, (")", styles)]
    return read


def _tokens(node: MathNode) -> int:
    """How many tokens `node` shows side by side: a scripted token is one, a fraction three."""
    if node.tag in _SILENT or node.tag == "mspace":
        return 0
    if node.tag in ("mi", "mn", "mo", "mtext", "ms"):
        return 1 if node.text().strip() else 0
    if node.tag in ("msup", "msub", "msubsup", "munder", "mover", "munderover", "msqrt"):
        return 1
    if node.tag == "mfrac":
        return 3
    if node.tag == "semantics":
        return sum(_tokens(kid) for kid in node.elements()[:1])
    return sum(_tokens(kid) for kid in node.elements())


def _identifier_styles(node: MathNode) -> frozenset[str]:
    """A single letter is italic, as TeX sets it; `\\mathrm` (mathvariant="normal") upright."""
    text = node.text()
    if "mathvariant" in node.attrs:
        return _variant_styles(node)
    if len(text) == 1 and (text.isascii() or ord(text) in _GREEK_SMALL) and text.isalpha():
        return frozenset({"emph"})
    return frozenset()


def _variant_styles(node: MathNode) -> frozenset[str]:
    variant = node.attrs.get("mathvariant") or ""
    styles = set()
    if "bold" in variant:
        styles.add("strong")
    if "italic" in variant:
        styles.add("emph")
    return frozenset(styles)


# The width of a space, in em, from which it is a word space rather than a thin one.
_WIDE = 0.5


def _space(width: str) -> str:
    """A MathML space (`\\,`, `\\;`, `\\quad`, `\\hspace{…}`) as a thin or a word space; a
    negative one (`\\!`) as none."""
    if width.startswith("-") or width.startswith("negative"):
        return ""
    if width.endswith("em"):
        try:
            return "\u2009" if float(width[:-2]) < _WIDE else " "
        except ValueError:
            return " "
    return "\u2009" if width.endswith("mathspace") else " "
