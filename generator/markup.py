"""Markdown set-up and rendering: Python-Markdown with a fixed set of extensions, made safe.

Raw HTML is escaped unless site.yaml sets `markdown.unsafe_html`. Whatever that switch says,
links and images with a script-capable URL scheme are refused (reported, and not emitted),
and attribute lists may not add event handlers or styles.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import xml.etree.ElementTree as etree
from collections.abc import Callable, Iterable, MutableMapping
from html import escape as html_escape
from html import unescape
from pathlib import Path
from typing import Any, TypeVar

import markdown
import markdown.inlinepatterns
from markdown import util
from markdown.extensions import (
    Extension,
    attr_list,
    def_list,
    fenced_code,
    footnotes,
    sane_lists,
    tables,
)
from markdown.inlinepatterns import LinkInlineProcessor
from markdown.preprocessors import NormalizeWhitespace
from markdown.treeprocessors import InlineProcessor, Treeprocessor
from markdown.util import AtomicString
from markupsafe import Markup

from generator import typography
from generator.errors import ContentErrors, shown
from generator.parallel import MIN_ITEMS, fork_map
from generator.routes import SAFE_SCHEMES, url_scheme
from generator.textfile import read_body
from generator.typography import SmartPunctuation

# Python-Markdown's own extensions, given as modules rather than by name: Markdown looks a
# name up among the entry points of every installed package (importing importlib.metadata,
# 11 ms, then reading each package's metadata), where another package could also claim it.
EXTENSIONS = (tables, footnotes, fenced_code, attr_list, sane_lists, def_list)
_URL_ATTRIBUTES = ("href", "src")
_ALLOWED_ATTRIBUTES = {
    "href",
    "src",
    "alt",
    "title",
    "id",
    "class",
    "lang",
    "dir",
    "width",
    "height",
    "colspan",
    "rowspan",
    "align",
    "start",
    "type",
    "rel",
    "name",
    "cite",
    "datetime",
}
# Raise when the HTML made from the same Markdown changes, so disk caches are not reused.
RENDERER_VERSION = 2
_SINGLE_PARAGRAPH = re.compile(r"\A<p>(.*)</p>\Z", re.S)

# Stands for the way from a page to the site's root in links written in Markdown. The same
# text is shown on pages at different depths (a section page, the entry's page, the CV), and
# its HTML is rendered once; each page replaces this with its own way up (`resolve_root`).
SITE_ROOT = "\ue000cvsite-root\ue000"


def resolve_root(html: str, prefix: str) -> str:
    """Links from Markdown made right for one page: `prefix` is '../../', '' or a base URL."""
    return html.replace(SITE_ROOT, prefix)


_PATH_AND_REST = re.compile(r"([^?#]*)(.*)", re.S)


def _site_relative(url: str) -> str | None:
    """A relative link in Markdown, as a path from the site root; None for other links.

    Markdown is written once and shown on pages at several depths, so a relative link
    means a path from the site root (content/files/a.pdf is `files/a.pdf`), never from
    the page it happens to be shown on.
    """
    if not url or url.startswith(("#", "//", "?")) or url_scheme(url) is not None:
        return None
    path, rest = _PATH_AND_REST.match(url).groups()
    normal = posixpath.normpath("/" + path).lstrip("/")
    if path.endswith("/") and normal:
        normal += "/"
    return (normal or "./") + rest


# Text Markdown (and smart quotes) would leave as it is, apart from escaping: words, digits,
# spaces and punctuation that starts no syntax; no `--` or `...` (dashes, ellipses), no
# leading list or heading marker.
_PLAIN = re.compile(r"[^\W_]+(?:[ ,.;:()/?!%=+-]+[^\W_]+)*[.?!)]?")
_NOT_PLAIN = re.compile(r"--|\.\.\.|  |^\d+[.)] ")


def is_plain(text: str) -> bool:
    """True when `text`, rendered inline, is only itself, escaped."""
    return _PLAIN.fullmatch(text) is not None and _NOT_PLAIN.search(text) is None


class _SafetyTreeprocessor(Treeprocessor):
    """Drops unsafe URLs and attributes from the element tree; remembers what it dropped."""

    def __init__(self, md: markdown.Markdown, found: list[str]):
        super().__init__(md)
        self.found = found

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if not element.attrib:  # most (p, li, em, code): nothing to look at
                continue
            for name in list(element.attrib):
                value = element.attrib[name]
                if name not in _ALLOWED_ATTRIBUTES:
                    del element.attrib[name]
                elif name in _URL_ATTRIBUTES:
                    # Entities in the Markdown source stay entities in the attribute, and a
                    # browser decodes them: `javascript&colon;x` is a javascript: link, and
                    # an e-mail autolink's entity-encoded `mailto:` is no relative path.
                    decoded = unescape(value.replace(markdown.util.AMP_SUBSTITUTE, "&"))
                    scheme = url_scheme(decoded)
                    if scheme is not None and scheme not in SAFE_SCHEMES:
                        self.found.append(value)
                        del element.attrib[name]
                    elif (path := _site_relative(decoded)) is not None:
                        element.attrib[name] = SITE_ROOT + path


# What each of Python-Markdown's inline patterns cannot match without: its regular
# expression requires one of these texts. A text of plain words holds none of them.
_TRIGGERS = {
    "backtick": ("`",),
    "escape": ("\\",),
    "footnote": ("[^",),
    "link": ("[",),
    "image_link": ("![",),
    "autolink": ("<",),
    "automail": ("<",),
    "html": ("<",),
    "linebreak": ("  \n",),
    "entity": ("&",),
    "em_strong": ("*", "_"),
}
# Links to references (`[text][id]`, `[text]`, and the same for images) make an element only
# for an id the document defines, and the long form needs `]`, at most one space, then `[`.
# A body with links but no definitions (nearly all) then skips four patterns per text.
_SHORT_REFERENCES = {"short_reference": "[", "short_image_ref": "!["}
_REFERENCES = {"reference": "[", "image_reference": "!["}
_REFERENCE_ID = re.compile(r"\]\s?\[").search


def _trigger(name: str, md: markdown.Markdown) -> Callable[[str], object] | None:
    """A test that is false for a text the pattern `name` cannot change; None: always try."""
    if name in _SHORT_REFERENCES:
        start = _SHORT_REFERENCES[name]
        return lambda data: md.references and start in data
    if name in _REFERENCES:
        start = _REFERENCES[name]
        return lambda data: md.references and start in data and _REFERENCE_ID(data)
    needles = _TRIGGERS.get(name)
    if needles is None:
        return None
    if len(needles) == 1:
        needle = needles[0]
        return lambda data: needle in data
    first, second = needles
    return lambda data: first in data or second in data


class _QuickInlineProcessor(InlineProcessor):
    """Python-Markdown's inline processor, minus the patterns a text cannot match.

    The stock processor tries every pattern (a Python call and a regex search each) on every
    piece of text; most of a body's text holds none of the characters a pattern starts with.
    The output is the same: a pattern only ever replaces text with placeholders, which hold
    no trigger, so a pattern skipped at first could never have matched later either; and a
    reference pattern skipped for want of definitions would have changed nothing.
    """

    _patterns: list | None = None  # made on the first run, once every extension is set up

    def run(self, tree: etree.Element, ancestors: list[str] | None = None) -> etree.Element:
        # Made once, not for every text (9 µs each time): the patterns are registered when
        # the converter is made (made again if their number changes), and the triggers read
        # `md.references` when they are tried.
        if self._patterns is None or len(self._patterns) != len(self.inlinePatterns):
            names = [item.name for item in self.inlinePatterns._priority]
            self._patterns = [self.inlinePatterns[name] for name in names]
            self._triggers = [_trigger(name, self.md) for name in names]
        return super().run(tree, ancestors)

    def _InlineProcessor__handleInline(self, data: str, patternIndex: int = 0) -> str:  # noqa: N802, N803
        if isinstance(data, AtomicString):
            return data
        apply = self._InlineProcessor__applyPattern
        patterns, triggers = self._patterns, self._triggers
        start = 0
        while patternIndex < len(patterns):
            trigger = triggers[patternIndex]
            if trigger is not None and not trigger(data):
                patternIndex, start = patternIndex + 1, 0  # as after a pattern that missed
                continue
            data, matched, start = apply(patterns[patternIndex], data, patternIndex, start)
            if not matched:
                patternIndex += 1
        return data


# Python-Markdown's emphasis processor that pairs runs of `*` and `_` as CommonMark does
# (an older Markdown has another, which is left as it is).
_Delimiters = getattr(markdown.inlinepatterns, "DelimiterProcessor", None)


def _quick_emphasis(md: markdown.Markdown) -> None:
    """Emphasis found as Python-Markdown finds it, with a short way for the commonest case:
    see _quick_pair."""
    if _Delimiters is None or "em_strong" not in md.inlinePatterns:
        return
    pattern = md.inlinePatterns["em_strong"]
    if type(pattern) is not _Delimiters:
        return
    pattern.handleMatch = _quick_pair(pattern, pattern.handleMatch)


def _quick_pair(pattern: Any, handle_match: Callable) -> Callable:
    """DelimiterProcessor.handleMatch for `*word*` and `**word**`, the commonest emphasis by
    far, where it costs 9 µs (61 µs of a corpus body's 377): it stacks the opening run,
    searches for the next run, pairs them by CommonMark's rules, records the region, builds
    the element from the regions and resets its state. When the opening run is one or two
    characters that can only open, the next `*` or `_` in the text begins a run of the same
    character and length that can close, and the processor holds nothing from before,
    those steps come to one element around the text between: made here at once. Anything
    else (nested or unpaired runs, runs of other lengths, an opening run that could also
    close, leftovers of an earlier pass) goes to Python-Markdown's own steps. The result is
    the same element, the same span, and the processor left as empty as it was:
    tests/unit/test_markup_quick.py compares the two on generated texts."""
    delimiters = pattern.delimiters

    def quick_pair(m: re.Match, data: str) -> tuple:
        start = m.start(0)
        delimiter = delimiters.get(data[start])
        tokens = "".join(delimiters)
        if (
            delimiter is None
            or delimiter.tag_count != 2
            or len(tokens) != len(delimiters)  # a token of two characters or more
            or pattern.regions
            or pattern.stack
        ):
            return handle_match(m, data)
        for each in delimiters.values():
            if each.stack:
                return handle_match(m, data)
        opening = _first_match(delimiters, data, start)
        if opening is None or opening.re is not delimiter.boundary:
            return handle_match(m, data)
        end = opening.end(0)
        size = end - start
        if opening.lastgroup != "start" or size > 2:
            return handle_match(m, data)
        closing_at = _next_of(tokens, data, end)
        if closing_at < 0 or data[closing_at] != data[start]:
            return handle_match(m, data)
        closing = delimiter.boundary.match(data, closing_at)
        # One that could open too pairs the same: a run is only weighed as an opener when
        # no run of its length is open (CommonMark's rule of 3 needs lengths that differ).
        if closing is None or closing.lastgroup == "start" or closing.end(0) - closing_at != size:
            return handle_match(m, data)
        element = etree.Element(delimiter.tags[0] if size == 2 else delimiter.tags[1])
        element.text = data[end:closing_at]
        return element, start, closing_at + size

    return quick_pair


def _first_match(delimiters: dict, data: str, start: int) -> re.Match | None:
    """DelimiterProcessor.get_match: the first delimiter whose run matches at `start`."""
    for delimiter in delimiters.values():
        found = delimiter.boundary.match(data, start)
        if found is not None:
            return found
    return None


def _next_of(characters: str, data: str, start: int) -> int:
    """The first place from `start` holding one of `characters`, or -1."""
    places = [at for character in characters if (at := data.find(character, start)) >= 0]
    return min(places, default=-1)


def _quick_links(md: markdown.Markdown) -> None:
    """Links found as Python-Markdown finds them, minus its walk over each character of a
    link's text and address where a `find` gives the same answer: see _quick_text and
    _quick_address."""
    for pattern in md.inlinePatterns:
        if not isinstance(pattern, LinkInlineProcessor):
            continue
        if type(pattern).getText is LinkInlineProcessor.getText:
            pattern.getText = _quick_text(pattern.getText)
        if type(pattern).getLink is LinkInlineProcessor.getLink:
            pattern.getLink = _quick_address(pattern, pattern.getLink)


def _quick_text(get_text: Callable[[str, int], tuple[str, int, bool]]) -> Callable:
    """LinkInlineProcessor.getText: the text of `[text]`, up to the `]` that closes it, which
    it finds by counting brackets one character at a time. Without a `[` before the first
    `]` (nearly every link), that `]` closes it."""

    def quick_text(data: str, index: int) -> tuple[str, int, bool]:
        end = data.find("]", index)
        if end != -1 and data.find("[", index, end) == -1:
            return data[index:end], end + 1, True
        return get_text(data, index)

    return quick_text


_ADDRESS_TURNS = ("(", "'", '"')  # what makes the walk over an address count or quote


def _quick_address(pattern: LinkInlineProcessor, get_link: Callable) -> Callable:
    """LinkInlineProcessor.getLink: the address (and title) of `(address "title")`, which it
    finds one character at a time, counting brackets and quotes. Without a bracket or quote
    before the first `)` (nearly every link), the address is all before that `)`."""
    opening = pattern.RE_LINK.match

    def quick_address(data: str, index: int) -> tuple[str, str | None, int, bool]:
        found = opening(data, index)
        if found and not found.group(1):  # not `(<address>)`, which the regex takes whole
            start = found.end()
            end = data.find(")", start)
            if end != -1 and not any(turn in data[start:end] for turn in _ADDRESS_TURNS):
                return pattern.unescape(data[start:end]).strip(), None, end + 1, True
        return get_link(data, index)

    return quick_address


# What each block processor's test cannot be true without: its regular expression (for a
# table, a row of cells) needs one of these in the block. Most paragraphs hold none, and a
# `in` test costs far less than the regular expression, which scans the whole block.
_BLOCK_TRIGGERS = {
    "hashheader": ("#",),
    "setextheader": ("\n=", "\n-"),  # the line under the first one
    "quote": (">",),
    "table": ("|",),
    "deflist": (":",),
    # These two say yes to every block, then search it for a definition, `[^1]: note` or
    # `[id]: url`, and give the block back when there is none: the same as saying no.
    "footnote": ("[^",),
    "reference": ("]:",),
}


def _quick_block_tests(md: markdown.Markdown) -> None:
    """Skip block processors' tests that cannot be true, as `_QuickInlineProcessor` skips
    inline patterns. A test skipped is a test that would have said no: same output."""
    processors = md.parser.blockprocessors
    for name, needles in _BLOCK_TRIGGERS.items():
        if name in processors:
            processor = processors[name]
            processor.test = _guarded(processor.test, needles)


def _guarded(test: Callable[[etree.Element, str], bool], needles: tuple[str, ...]):
    def quick_test(parent: etree.Element, block: str) -> bool:
        for needle in needles:
            if needle in block:
                return test(parent, block)
        return False

    return quick_test


# Preprocessors that change nothing in a text without one of their needles: a fenced code
# block opens with three backticks or tildes. Looking for one (joining the lines, searching
# them, splitting them again) took 10 µs of every body.
_PRE_TRIGGERS = {"fenced_code_block": ("```", "~~~")}


def _quick_preprocessors(md: markdown.Markdown) -> None:
    for name, needles in _PRE_TRIGGERS.items():
        if name in md.preprocessors:
            processor = md.preprocessors[name]
            processor.run = _needing(processor.run, md, needles)
    normalize = md.preprocessors.get_index_for_name("normalize_whitespace")
    if type(md.preprocessors[normalize]) is NormalizeWhitespace:
        priority = md.preprocessors._priority[normalize].priority
        md.preprocessors.register(_QuickWhitespace(md), "normalize_whitespace", priority)


_SPACES_LINE = re.compile(r"(?<=\n) +\n")


class _QuickWhitespace(NormalizeWhitespace):
    """Python-Markdown's first preprocessor, the same steps, minus its search for lines of
    spaces in a text without a space at a line's end (nearly all): 15 -> 6 µs a body."""

    def run(self, lines: list[str]) -> list[str]:
        source = "\n".join(lines)
        source = source.replace(util.STX, "").replace(util.ETX, "")
        source = source.replace("\r\n", "\n").replace("\r", "\n") + "\n\n"
        source = source.expandtabs(self.md.tab_length)
        if " \n" in source:
            source = _SPACES_LINE.sub("\n", source)
        return source.split("\n")


# Tree processors that change nothing in a text whose source (as preprocessed) holds none of
# their needles: attr_list looks for `{...}`; unescape puts back what backslash escapes hid;
# smart punctuation changes quotes, dashes and ellipses. Tree text only ever comes from the
# source: escapes and entities become placeholders, and Markdown strips its placeholders'
# marks from the source before anything else.
_TREE_TRIGGERS = {
    "attr_list": ("{",),
    "unescape": ("\\",),
    typography.NAME: typography.CHANGED,
}


def _quick_tree_processors(md: markdown.Markdown) -> None:
    for name, needles in _TREE_TRIGGERS.items():
        if name in md.treeprocessors:
            processor = md.treeprocessors[name]
            processor.run = _needing(processor.run, md, needles)


T = TypeVar("T")


def _needing(run: Callable[[T], T | None], md: markdown.Markdown, needles: tuple[str, ...]):
    """`run` of a preprocessor (given the lines) or a tree processor (given the tree), done
    only when the source holds one of `needles`: `md.lines`, which Markdown passes to each
    preprocessor in turn and leaves as the last one made them. Skipped, it gives back what
    it was given: the same lines, or the same tree (as good as None to Markdown)."""

    def quick_run(given: T) -> T | None:
        source = "\n".join(md.lines)
        for needle in needles:
            if needle in source:
                return run(given)
        return given

    return quick_run


class _ListedRegistry(util.Registry):
    """Python-Markdown's registry of processors, whose items, in order, are listed once
    rather than each time it is iterated: once per stage of a text, and for every block of
    it the block processors (13 times a body of the corpus, 8 µs)."""

    _listed: list | None = None

    def __iter__(self):  # noqa: ANN204 - Markdown's
        listed = self._listed
        if listed is None:
            listed = self._listed = list(super().__iter__())
        return iter(listed)

    def register(self, item: object, name: str, priority: float) -> None:
        self._listed = None
        super().register(item, name, priority)

    def deregister(self, name: str, strict: bool = True) -> None:
        self._listed = None
        super().deregister(name, strict)


def _listed_registries(md: markdown.Markdown) -> None:
    registries = md.preprocessors, md.parser.blockprocessors, md.treeprocessors, md.postprocessors
    for registry in registries:
        if type(registry) is util.Registry:  # the same object, that lists itself once
            registry.__class__ = _ListedRegistry


def _remembered_block_levels(md: markdown.Markdown) -> None:
    """`md.is_block_level(tag)`, asked about 60 times a body, answered from a dict rather
    than by lower-casing the tag and scanning Markdown's list of block-level names. The
    list is complete once every extension is set up, before the first text is rendered."""
    known: dict[object, bool] = {}
    ask = md.is_block_level

    def is_block_level(tag: object) -> bool:
        answer = known.get(tag)
        if answer is None:
            answer = known[tag] = ask(tag)
        return answer

    md.is_block_level = is_block_level


class _SafetyExtension(Extension):
    def __init__(self, found: list[str], unsafe_html: bool):
        super().__init__()
        self.found = found
        self.unsafe_html = unsafe_html

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 - Markdown's API
        if not self.unsafe_html:
            # Without these, raw HTML is ordinary text and gets escaped like any other.
            md.preprocessors.deregister("html_block")
            md.inlinePatterns.deregister("html")
        if hasattr(InlineProcessor, "_InlineProcessor__applyPattern"):  # else: stock speed
            md.treeprocessors.register(_QuickInlineProcessor(md), "inline", 20)
        _quick_block_tests(md)
        _quick_emphasis(md)
        _quick_links(md)
        # After inline processing (priority 20) so that links and images exist.
        md.treeprocessors.register(_SafetyTreeprocessor(md, self.found), "cvsite_safety", 0)


def _markdown_cost(text_inline: tuple[str, bool]) -> float:
    """About how long a text takes to render: a plain one-line text almost nothing."""
    text, inline = text_inline
    return 0.0 if inline and is_plain(text) else len(text) + 200  # a fixed cost per text


class UnsafeUrl(ValueError):
    """Markdown text links to a URL with a scheme that can run script."""

    def __init__(self, urls: list[str]):
        self.urls = urls
        more = f" (and {len(urls) - 1:,} more)" if len(urls) > 1 else ""
        super().__init__(
            f"link to {shown(urls[0])}{more} uses an unsafe URL scheme "
            "(expected http, https, mailto, tel or a relative path)"
        )


class MarkdownRenderer:
    """Renders Markdown to HTML, memoised by text, so a body shown on several pages costs once."""

    def __init__(
        self,
        *,
        unsafe_html: bool = False,
        smart_quotes: bool = True,
        store: MutableMapping[tuple[str, bool, str], Markup] | None = None,
    ):
        self._found: list[str] = []
        self._unsafe_html = unsafe_html
        self._smart_quotes = smart_quotes
        self._md: markdown.Markdown | None = None
        # `store` may outlive this renderer (a preview keeps it between rebuilds), so its keys
        # name the options the HTML was made with.
        self._cache = store if store is not None else {}
        # Cached HTML is only valid for the same options, the same renderer and the same
        # Python-Markdown: all three are in the key.
        options = f"{unsafe_html}{smart_quotes}{RENDERER_VERSION}{markdown.__version__}"
        self.options_key = hashlib.sha1(options.encode()).hexdigest()[:8]

    def setup(self) -> None:
        """Python-Markdown, set up now rather than on first use."""
        self._converter()

    def _converter(self) -> markdown.Markdown:
        """Python-Markdown, set up on first use: a build whose texts are all cached skips it."""
        if self._md is None:
            extensions = [module.makeExtension() for module in EXTENSIONS]
            extensions.append(_SafetyExtension(self._found, self._unsafe_html))
            if self._smart_quotes:
                extensions.append(SmartPunctuation())
            self._md = markdown.Markdown(extensions=extensions, output_format="html")
            # Once every extension has registered its processors and block-level names.
            _quick_preprocessors(self._md)
            _quick_tree_processors(self._md)
            _remembered_block_levels(self._md)
            _listed_registries(self._md)
        return self._md

    def prepare(self, texts: Iterable[tuple[str, bool]], jobs: int = 1) -> None:
        """Render many (text, inline?) at once, over `jobs` processes, into the memo.

        A text with an unsafe link is left out: rendering it again raises UnsafeUrl where
        the caller can place the error.
        """
        key = self.options_key
        missing = list(
            dict.fromkeys(t for t in texts if t[0] and (key, t[1], t[0]) not in self._cache)
        )
        # Plain titles are escaped, not parsed, when they are asked for: not worth a process.
        missing = [text_inline for text_inline in missing if _markdown_cost(text_inline)]
        if len(missing) < MIN_ITEMS or jobs <= 1:
            return
        self.setup()  # once, before forking, not once in each process
        rendered = fork_map(self._safe, missing, jobs, cost=_markdown_cost)
        for (text, inline), html in zip(missing, rendered, strict=True):
            if html is not None:
                self._cache[(self.options_key, inline, text)] = html

    def render_here(self, texts: Iterable[tuple[str, bool]]) -> None:
        """Render many (text, inline?) in this process, into the memo; a text with an unsafe
        link is left out, as by `prepare`."""
        for text_inline in texts:
            if text_inline[0]:
                self._safe(text_inline)

    def body_of_file(self, path: Path) -> tuple[str, str, Markup] | None:
        """The body of a Markdown file (below its front matter) rendered, with the options key
        it is kept under: for `keep` in another process (precompile.py). None for a file
        without a body, or with an unsafe link (rendering it again raises UnsafeUrl)."""
        try:
            body = read_body(path, path.name)
        except (ContentErrors, OSError):
            return None
        html = self._safe((body, False)) if body.strip() else None
        return None if html is None else (self.options_key, body, html)

    def keep(self, rendered: Iterable[tuple[str, str, Markup] | None]) -> None:
        """Bodies rendered by `body_of_file`, where the options were the same as here."""
        for found in rendered:
            if found is not None and found[0] == self.options_key:
                self._cache[(self.options_key, False, found[1])] = found[2]

    def _safe(self, text_inline: tuple[str, bool]) -> Markup | None:
        try:
            return self._render(*text_inline)
        except UnsafeUrl:
            return None

    def block(self, text: str | None) -> Markup:
        """Markdown as block HTML (paragraphs, lists). Raises UnsafeUrl."""
        return self._render(text or "", inline=False)

    def inline(self, text: str | None) -> Markup:
        """Markdown for one line: a single paragraph is unwrapped so it fits in a <li> or <h3>."""
        return self._render(text or "", inline=True)

    def _render(self, text: str, inline: bool) -> Markup:
        key = (self.options_key, inline, text)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if inline and is_plain(text):  # most titles: nothing for Markdown to do but escape
            result = Markup(html_escape(text, quote=False))
            self._cache[key] = result
            return result
        self._found.clear()
        html = self._converter().reset().convert(text)
        if self._found:
            raise UnsafeUrl(list(self._found))
        if inline and (match := _SINGLE_PARAGRAPH.match(html)) and "<p>" not in match.group(1):
            html = match.group(1)
        result = Markup(html)
        self._cache[key] = result
        return result
