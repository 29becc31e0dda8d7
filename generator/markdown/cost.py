"""What one Markdown text may cost to render: Python-Markdown's quadratic corners, bounded.

Python-Markdown reads some constructs in time that grows with the square of a text's length:
unclosed links, code spans and fences read to the end of the text, every inline match
rebuilds its text, the block parser rereads a block at each split, and (raw HTML on) an
unclosed start tag is read to the end. Each text gets a budget, spent by three guards on the
public extension API before the work they weigh is done: a preprocessor weighs the source, a
block processor that never takes a block sees every block the parser takes up, and a tree
processor weighs each text the inline patterns will read. A text over budget, or over
`MAX_CHARACTERS`, is refused with the construct named and where (`TooCostly`).
"""

from __future__ import annotations

import bisect
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from typing import Any

import markdown
from markdown.blockprocessors import BlockProcessor
from markdown.extensions import Extension
from markdown.extensions.footnotes import FootnoteBlockProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

MAX_CHARACTERS = 256 * 1024  # about 40,000 words: a Markdown text longer than that is refused
BUDGET = 3_500_000_000  # about a second of Markdown's work at most, in the units below

# Units of work per character read, for each way Python-Markdown reads a text again; a unit
# is at most 0.3 ns on the project's machine in the worst case measured for each (see
# bench/markdown_worst.py, which tries them all up to MAX_CHARACTERS).
_LINK = 1200  # a link's text and address, a character at a time, by three patterns (Python)
_EMPHASIS = 30  # emphasis searching the rest of a text for its partner (Python)
_CODE_SPAN = 300  # a code span's end looked for, a character at a time (Python)
_REBUILD = 2  # a text rebuilt after a match; a regular expression run to its end (C)
_BLOCK = 100_000  # a block taken up by the parser: a dozen tests, at least
_BLOCK_LEFT = 2  # and each block still waiting, moved up in the parser's list
_BLOCK_CHARACTER = 200  # and each a regular expression over it, at each nesting
_QUOTE_CHARACTER = 400  # a quote's, whose lines are cleaned of `>` again at each level
_BLOCK_LINE = 600  # and what is done line by line (tables, lists, definitions: Python)
_FENCE_SEARCH = 200  # the search for a closing fence, at every character (C, backtracking)
_FENCE_REBUILD = 4  # the text rebuilt around each block found, and searched again
_START_TAG = 300  # a start tag read by Python's HTMLParser (raw HTML on), at each character
_NESTED_TAG = 16  # and by the sanitiser's parser, at each element still open
_HEADING_BRACE = 50  # a heading's " {" read to its "}" by the attribute list's search (C)
_ELEMENT = 150_000  # an element from the blocks: its text read by every inline pattern,
# then walked, serialised and sanitised


class TooCostly(Exception):
    """A text that would take Markdown too long; `found` is where (text of the source)."""

    def __init__(self, message: str, found: str):
        super().__init__(message)
        self.found = found


@dataclass
class Budget:
    """The work left for one text. `spend` raises TooCostly when it runs out, naming the kind
    of construct that cost the most, and where its first one is."""

    left: int = BUDGET
    spent: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, tuple[str, str]] = field(default_factory=dict)  # kind -> message, found

    def spend(self, units: int, kind: str, message: str, found: str) -> None:
        self.spent[kind] = self.spent.get(kind, 0) + units
        self.reasons[kind] = (message, self.reasons.get(kind, ("", found))[1])
        self.left -= units
        if self.left < 0:
            message, found = self.reasons[max(self.spent, key=self.spent.__getitem__)]
            raise TooCostly(f"this text would take Markdown too long to read: {message}", found)


def _excerpt(text: str, start: int) -> str:
    """Up to 40 characters of `text` from `start`, up to the first of Markdown's placeholders
    or line ends: text to find in the source."""
    return re.split(r"[\x02\x03\n]", text[start : start + 40], maxsplit=1)[0]


# --- the source ---------------------------------------------------------------------------

_FENCE = re.compile(r"(?:`{3,}|~{3,})")
_TAG = re.compile(r"<(/?)[A-Za-z]")


class _Guard:
    """A processor that spends `budget` (the extension renews it for each text)."""

    def __init__(self, owner: Any, budget: Budget):
        super().__init__(owner)
        self.budget = budget


class _SourceWeigher(_Guard, Preprocessor):
    """Weighs the text before Python-Markdown's preprocessors read it: its length; fenced
    code (an opening fence whose closing fence never comes has the rest of the text
    searched, and every block found has the whole text rebuilt); and, with raw HTML on,
    start tags (Python's HTMLParser reads an unclosed one to the end of the text)."""

    def run(self, lines: list[str]) -> list[str]:
        size = sum(len(line) + 1 for line in lines)
        if size > MAX_CHARACTERS:
            raise TooCostly(
                f"a Markdown text of {size:,} characters is too long (the limit is "
                f"{MAX_CHARACTERS:,}: split it, or link to a file)",
                "",
            )
        # The block parser takes blocks from the front of its list, one at a time, and the
        # list moves up each time: as many moves as there are pairs of blocks.
        blocks = 1 + sum(1 for line in lines if not line.strip())
        message = f"{blocks:,} blocks (paragraphs, headings...) in one text: split it"
        self.budget.spend(blocks * blocks // 2 * _BLOCK_LEFT, "blocks", message, "")
        fences = [(i, m.group()) for i, line in enumerate(lines) if (m := _FENCE.match(line))]
        if fences:
            self._weigh_fences(lines, fences, size)
        if "html_block" in self.md.preprocessors and any("<" in line for line in lines):
            self._weigh_tags("\n".join(lines))
        return lines

    def _weigh_tags(self, text: str) -> None:
        """A start tag is read up to its `>`, or to the end of the text when none comes or
        a quote (an attribute's value) stands between. And the sanitiser's HTML parser
        looks through the elements still open at each (for a `<div>` in `<div>`s)."""
        ends = [m.start() for m in re.finditer(">", text)]
        quotes = [m.start() for m in _QUOTES.finditer(text)]
        units, open_now, first = 0, 0, None
        for match in _TAG.finditer(text):
            at = match.start()
            if match.group(1):  # an end tag
                open_now = max(open_now - 1, 0)
                continue
            after = bisect.bisect_right(ends, at)
            end = ends[after] if after < len(ends) else len(text)
            if _between(quotes, at, end):
                end = len(text)
            units += (end - at) * _START_TAG + open_now * _NESTED_TAG
            open_now += 1
            first = at if first is None else first
        if units:
            message = (
                "HTML start tags read to the end of the text (no '>'), or nested thousands "
                "deep: close them"
            )
            self.budget.spend(units, "tags", message, _excerpt(text, first))

    def _weigh_fences(self, lines: list[str], fences: list[tuple[int, str]], size: int) -> None:
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line) + 1)
        # A fence closes a block opened with the same fence: a line of it alone (and spaces).
        closing: dict[str, list[int]] = {}
        for index, fence in fences:
            if lines[index].rstrip(" ") == fence:
                closing.setdefault(fence, []).append(index)
        unclosed = found = index = 0
        for opening, fence in fences:
            if opening < index:  # inside a block found already
                continue
            ends = closing.get(fence, [])
            after = bisect.bisect_right(ends, opening)
            if after < len(ends):  # found, and the text rebuilt around it
                index = ends[after] + 1
                found += 1
                units = (starts[index] - starts[opening]) * _FENCE_SEARCH + size * _FENCE_REBUILD
                message = f"{found:,} fenced code blocks, each rebuilding a text of {size:,}"
                self.budget.spend(units, "fenced", message + " characters: split it", "")
            else:  # the rest of the text searched in vain
                unclosed += 1
                units = (size - starts[opening]) * _FENCE_SEARCH
                message = (
                    f"{unclosed:,} code fences ('{fence[:3]}') whose closing fence never comes,"
                    f" in a text of {size:,} characters: close them, or indent the code"
                )
                self.budget.spend(units, "unclosed fences", message, lines[opening])


# --- blocks -------------------------------------------------------------------------------


class _BlockMeter(_Guard, BlockProcessor):
    """First in line, never takes a block: sees each block each time the parser takes it
    up, which is what the parser's tests cost, again for what is left after each split."""

    def test(self, parent: etree.Element, block: str) -> bool:
        per_character = _QUOTE_CHARACTER if block.lstrip(" ").startswith(">") else _BLOCK_CHARACTER
        units = _BLOCK + len(block) * per_character + block.count("\n") * _BLOCK_LINE
        message = (
            "lines that each split a long block in two (headings, rules, quotes, lists or "
            "definitions with no blank line between them, or nested deeply): add blank lines"
        )
        self.budget.spend(units, "blocks", message, _excerpt(block, 0))
        return False


# --- inline -------------------------------------------------------------------------------

# What starts an inline construct: a link or an image, emphasis, a code span, an escape,
# an autolink, raw HTML or an entity, a line break.
_STARTS = re.compile(r"[\[*_`\\<&]|  \n")
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_SPACES_BRACE = re.compile(r"( +)\{")
_CLOSE_BRACE = re.compile(r"[}\n]")
_HIDING = re.compile(r"[`\\<&]")  # what can hide a bracket from the link patterns
_QUOTES = re.compile("[\"']")  # a title's, which changes how an address is read
_BRACKETS = re.compile(r"[\[\]()]")


class _InlineWeigher(_Guard, Treeprocessor):
    """Before the inline patterns run: weighs each text they will read."""

    def run(self, root: etree.Element) -> None:
        elements = 0
        for element in root.iter():
            elements += 1
            for text in (element.text, element.tail):
                if text and not isinstance(text, AtomicString) and _STARTS.search(text):
                    self._weigh(text)
            if element.tag in _HEADINGS and element.text and "{" in element.text:
                self._weigh_heading(element.text)
        message = f"{elements:,} elements (table cells, list items, headings...): split it"
        self.budget.spend(elements * _ELEMENT, "elements", message, "")

    def _weigh_heading(self, text: str) -> None:
        """An attribute list ends a heading (`## Title {#id}`): its search starts at every
        run of spaces before a `{`, and reads on to the next `}` or the line's end."""
        closes = [m.start() for m in _CLOSE_BRACE.finditer(text)]
        units, first = 0, None
        for match in _SPACES_BRACE.finditer(text):
            after = bisect.bisect_left(closes, match.end())
            reach = (closes[after] if after < len(closes) else len(text)) - match.start()
            units += len(match.group(1)) * reach * _HEADING_BRACE
            first = match.start() if first is None else first
        if units:
            message = "'{' never closed by '}' in a long heading: close it, or write \\{"
            self.budget.spend(units, "heading braces", message, _excerpt(text, first or 0))

    def _weigh(self, text: str) -> None:
        size = len(text)
        reads = _link_reads(text)
        links = sum(reads.values())
        if links:
            message = (
                f"{len(reads):,} '[' and '](' that links read to the end of a text of {size:,} "
                "characters (never closed): close them, or write \\[ and \\("
            )
            self.budget.spend(links * _LINK, "links", message, _excerpt(text, min(reads)))
        code, first_code = _code_span_reads(text)
        if code:
            message = (
                f"'`' that code spans read to the end of a text of {size:,} characters (never "
                "closed): close them, or write \\`"
            )
            self.budget.spend(code * _CODE_SPAN, "code spans", message, _excerpt(text, first_code))
        emphasis = rebuilt = 0
        first = {}
        for match in _STARTS.finditer(text):
            start = match.start()
            rebuilt += size  # a match, if it is one, rebuilds the whole text
            first.setdefault("rebuilt", start)
            if text[start] in "*_":
                emphasis += size - start
                first.setdefault("emphasis", start)
        if emphasis:
            message = (
                f"'*' and '_' that emphasis reads to the end of a text of {size:,} characters: "
                "split it into paragraphs, or write \\* and \\_"
            )
            found = _excerpt(text, first["emphasis"])
            self.budget.spend(emphasis * _EMPHASIS, "emphasis", message, found)
        if rebuilt:
            message = (
                f"links, emphasis, code spans, escapes and entities, each rebuilding a text "
                f"of {size:,} characters: split it into paragraphs"
            )
            found = _excerpt(text, first["rebuilt"])
            self.budget.spend(rebuilt * _REBUILD, "rebuilt", message, found)


def _link_reads(text: str) -> dict[int, int]:
    """Where each `[` and `](` starts -> how far the link patterns read from it.

    A bracket reads to the one that closes it, or to the end of the text: exactly what
    Python-Markdown's link patterns do, unless something between could hide the closing
    bracket from them (an escape, a code span, raw HTML, an entity, or for an address a
    title's quote), in which case the end of the text is counted.
    """
    size = len(text)
    hiding = [m.start() for m in _HIDING.finditer(text)]
    quotes = sorted(hiding + [m.start() for m in _QUOTES.finditer(text)])
    reads: dict[int, int] = {}
    squares: list[int] = []
    rounds: list[int] = []
    for match in _BRACKETS.finditer(text):
        at, char = match.start(), match.group()
        if char == "[":
            squares.append(at)
            reads[at] = size - at
        elif char == "(":
            if at and text[at - 1] == "]":  # an address: `](`
                reads[at] = size - at
            rounds.append(at)
        elif char == "]" and squares:
            opened = squares.pop()
            if not _between(hiding, opened, at):
                reads[opened] = at + 1 - opened
        elif char == ")" and rounds:
            opened = rounds.pop()
            if opened in reads and not _between(quotes, opened, at):
                reads[opened] = at + 1 - opened
    return reads


def _code_span_reads(text: str) -> tuple[int, int]:
    """How far code spans read, in all, and where the first run of backticks is.

    A run of backticks opens a code span whose end Python-Markdown looks for, a character at
    a time, up to the next run of the same length, or to the end of the text. A run may be
    opened from within (after a backslash, or where a failed search skipped to, which can be
    past its first backtick), so each run is counted for the farthest of its lengths.
    """
    runs = [(m.start(), m.end()) for m in re.finditer("`+", text)]
    size = len(text)
    total, next_run = 0, {}  # the length of a run -> where the next run of it starts
    for start, end in reversed(runs):
        length = end - start
        total += max(next_run.get(part, size) for part in range(1, length + 1)) - start
        next_run[length] = start
    return total, runs[0][0] if runs else 0


def _between(places: list[int], start: int, end: int) -> bool:
    """Whether a place in the sorted `places` lies between `start` and `end`."""
    after = bisect.bisect_right(places, start)
    return after < len(places) and places[after] < end


class _FootnoteDefinitions(FootnoteBlockProcessor):
    """Python-Markdown's footnote definitions (`[^1]: text`), found with a label that ends
    on its line: its own expression reads `[^` on across lines to the next `]`, from each
    line's start, for every block, so lines of `[^a` took the square of their length."""

    RE = re.compile(r"^[ ]{0,3}\[\^([^\]\n]*)\]:[ ]*(.*)$", re.MULTILINE)


class CostExtension(Extension):
    """The three guards, sharing one budget, renewed for each text (Markdown.reset)."""

    def __init__(self) -> None:
        super().__init__()
        self.budget = Budget()

    def reset(self) -> None:
        self.budget = Budget()
        for guard in self._guards:
            guard.budget = self.budget

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 - Markdown's API
        md.registerExtension(self)  # for reset()
        fences = _SourceWeigher(md, self.budget)
        meter = _BlockMeter(md.parser, self.budget)
        weigher = _InlineWeigher(md, self.budget)
        self._guards = (fences, meter, weigher)
        # Before every preprocessor (whitespace is normalised at 30, fences found at 25),
        # every block processor (the highest is 100), and the inline patterns (20).
        md.preprocessors.register(fences, "cvsite_fences_weighed", 40)
        md.parser.blockprocessors.register(meter, "cvsite_block_meter", 1000)
        md.treeprocessors.register(weigher, "cvsite_inline_weighed", 25)
        if "footnote" in md.parser.blockprocessors:  # in place of the footnotes extension's
            footnotes = md.parser.blockprocessors["footnote"].footnotes
            md.parser.blockprocessors.register(_FootnoteDefinitions(footnotes), "footnote", 17)
