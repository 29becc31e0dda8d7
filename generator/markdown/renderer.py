"""Markdown set-up and rendering: Python-Markdown with a fixed set of extensions, made safe.

Raw HTML is escaped unless site.yaml sets `markdown.unsafe_html`. Whatever that switch says,
links and images with a script-capable URL scheme are refused (reported, and not emitted),
and the finished HTML of every text is cut down to an allow-list of elements, attributes
and URL schemes (sanitize.py): no event handler, style or script survives, whichever stage
of Python-Markdown wrote it.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import posixpath
import re
import xml.etree.ElementTree as etree
from collections.abc import Callable, Iterable, MutableMapping
from html import escape as html_escape
from html import unescape

import markdown
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
from markdown.extensions.codehilite import CodeHiliteExtension
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup

from generator.errors import shown
from generator.markdown.cost import CostExtension, TooCostly
from generator.markdown.math import MATH_VERSION, NO_MACROS, Macros, MathExtension
from generator.markdown.sanitize import LOADED_ATTRIBUTES, URL_ATTRIBUTES, Sanitizer
from generator.markdown.typography import SmartPunctuation
from generator.safeurl import EXPECTED_LINK, EXPECTED_SOURCE, is_unsafe, url_scheme

# Given as modules, not by name: Markdown looks a name up among every installed package's
# entry points, where another package could also claim it.
EXTENSIONS = (tables, footnotes, fenced_code, attr_list, sane_lists, def_list)
# Raise when the HTML made from the same Markdown changes, so disk caches are not reused.
RENDERER_VERSION = 3
# latex2mathml's version, read once (its package has no __version__).
_LATEX2MATHML = importlib.metadata.version("latex2mathml")
_SINGLE_PARAGRAPH = re.compile(r"\A<p>(.*)</p>\Z", re.S)
# What is left of Python-Markdown's placeholders (STX, a name, ETX) after its last step: a
# link can swallow half of one (footnotes put one after a definition's text). Content never
# holds STX or ETX (Markdown drops them, the readers refuse them), so none of it is the
# author's.
_RESIDUE = re.compile('\x02[^\x02\x03<>"&]*\x03?|\x03')

# Stands for the way from a page to the site's root in links written in Markdown: a text's
# HTML is rendered once and shown on pages at different depths, each of which puts its own
# way up here (`resolve_root`). U+FFFF is refused in content (textfile.CONTROL), so no text
# can forge it into `<forged>javascript:...`.
SITE_ROOT = "\uffffcvsite-root\uffff"
# How `prepare` is given many texts to render: spread(function, items, cost=...) -> results.
Spread = Callable[..., list]


def resolve_root(html: str, prefix: str) -> str:
    """Links from Markdown made right for one page: `prefix` is '../../', '' or a base URL."""
    return html.replace(SITE_ROOT, prefix)


_PATH_AND_REST = re.compile(r"([^?#]*)(.*)", re.S)


def _site_relative(url: str) -> str | None:
    """A relative link in Markdown, as a path from the site root (content/files/a.pdf is
    `files/a.pdf`), never from the page it is shown on; None for other links."""
    if not url or url.startswith(("#", "//", "?")) or url_scheme(url) is not None:
        return None
    path, rest = _PATH_AND_REST.match(url).groups()
    normal = posixpath.normpath("/" + path).lstrip("/")
    if path.endswith("/") and normal:
        normal += "/"
    return (normal or "./") + rest


def _rooted(url: str) -> str | None:
    """A relative URL from Markdown (a link, an image, raw HTML's), made site-relative."""
    path = _site_relative(url)
    return None if path is None else SITE_ROOT + path


# Text Markdown (and smart quotes) would leave as it is, apart from escaping: words, digits,
# spaces and punctuation that starts no syntax; no `--` or `...` (dashes, ellipses), no
# leading list or heading marker.
_PLAIN = re.compile(r"[^\W_]+(?:[ ,.;:()/?!%=+-]+[^\W_]+)*[.?!)]?")
_NOT_PLAIN = re.compile(r"--|\.\.\.|  |^\d+[.)] ")


def is_plain(text: str) -> bool:
    """True when `text`, rendered inline, is only itself, escaped."""
    return _PLAIN.fullmatch(text) is not None and _NOT_PLAIN.search(text) is None


class _SafetyTreeprocessor(Treeprocessor):
    """Finds the script links Markdown made (links, images, attribute lists), to report them
    at their line; sanitize.py removes them, and whatever else is not allowed, afterwards."""

    def __init__(self, md: markdown.Markdown, found: list[str]):
        super().__init__(md)
        self.found = found

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if not element.attrib:  # most (p, li, em, code): nothing to look at
                continue
            for name, value in element.attrib.items():
                if name not in URL_ATTRIBUTES:
                    continue
                written = self._as_written(value)
                # Entities in the Markdown source stay entities in the attribute, and a
                # browser decodes them: `javascript&colon;x` is a javascript: link.
                if is_unsafe(unescape(written), loaded=name in LOADED_ATTRIBUTES):
                    self.found.append(written)

    def _as_written(self, value: str) -> str:
        """An attribute's value with Markdown's own marks put back as the text they stand
        for: an attribute list's `&amp;` or `<b>` is a placeholder in the raw-HTML stash
        until the end, and neither a check nor a message may see the placeholder."""
        stash = self.md.htmlStash.rawHtmlBlocks

        def stashed(match: re.Match) -> str:
            index = int(match.group(1))
            return str(stash[index]) if index < len(stash) else ""

        value = util.HTML_PLACEHOLDER_RE.sub(stashed, value)
        return value.replace(util.AMP_SUBSTITUTE, "&")


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
        # In place of Python-Markdown's own (same name and priority): the same blocks, with
        # highlighting options refused rather than crashed on.
        configs = fenced_code.FencedCodeExtension().getConfigs()
        md.preprocessors.register(_FencedCode(md, configs), "fenced_code_block", 25)
        # After inline processing (priority 20) so that links and images exist.
        md.treeprocessors.register(_SafetyTreeprocessor(md, self.found), "cvsite_safety", 0)


def _markdown_cost(text_inline: tuple[str, bool]) -> float:
    """About how long a text takes to render: a plain one-line text almost nothing."""
    text, inline = text_inline
    return 0.0 if inline and is_plain(text) else len(text) + 200  # a fixed cost per text


class MarkdownProblem(ValueError):
    """A Markdown text cvsite refuses to render. `found` is text of the source to place the
    error at (its first occurrence), as the user wrote it: never one of Markdown's
    placeholders."""

    def __init__(self, message: str, found: str):
        super().__init__(message)
        self.found = found


class UnsafeUrl(MarkdownProblem):
    """Markdown text links to a URL with a scheme that can run script, or has an image (or
    anything a page loads) from an application's scheme (`skype:`)."""

    def __init__(self, urls: list[str]):
        self.urls = urls
        more = f" (and {len(urls) - 1:,} more)" if len(urls) > 1 else ""
        if is_unsafe(unescape(urls[0])):
            problem = f"link to {shown(urls[0])}{more} uses an unsafe URL scheme"
            expected = EXPECTED_LINK
        else:  # a link could use it: refused because the page would load it
            problem = f"image {shown(urls[0])}{more} is not on the web or in the site"
            expected = EXPECTED_SOURCE
        super().__init__(f"{problem} (expected {expected})", urls[0])


class CodeOptionRefused(MarkdownProblem):
    """A fenced code block asks for a highlighting option (line numbers, marked lines):
    cvsite colours code by its language only."""

    def __init__(self, option: str):
        super().__init__(
            f"fenced code option '{option}' is not supported: code is coloured by its "
            'language only (expected a language, an #id, .classes or key="value" attributes)',
            option,
        )


class MarkdownTooCostly(MarkdownProblem):
    """A text whose rendering would take too long (cost.py), or nest too deeply."""


# Options Python-Markdown's fenced code hands to code highlighting (CodeHilite, Pygments).
# Without it, fenced code would write them as attributes, and fails on those that are not
# text (`linenums` is read as a boolean, `hl_lines` as a list): each is an error instead.
HIGHLIGHT_OPTIONS = frozenset(
    {*CodeHiliteExtension().getConfigs(), "hl_lines", "linenostart", "linenostep"}
    | {"linenospecial", "anchorlinenos", "lineanchors", "linespans", "wrapcode"}
)
# The old way to ask for highlighted lines, outside braces: ```python hl_lines="1 3"
_LEGACY_HIGHLIGHT = re.compile(r"^(?:~{3,}|`{3,})[ ]*\.?[\w#.+-]*[ ]*hl_lines=", re.M)


class _FencedCode(fenced_code.FencedBlockPreprocessor):
    """Python-Markdown's fenced code blocks, with highlighting options refused, not crashed on."""

    def run(self, lines: list[str]) -> list[str]:
        legacy = any("hl_lines=" in line for line in lines)
        if legacy and _LEGACY_HIGHLIGHT.search("\n".join(lines)):
            raise CodeOptionRefused("hl_lines")
        return super().run(lines)

    def handle_attrs(self, attrs: Iterable[tuple[str, str | None]]) -> tuple[str, list, dict]:
        attrs = list(attrs)
        for key, _ in attrs:
            if key in HIGHLIGHT_OPTIONS:
                raise CodeOptionRefused(key)
        block_id, classes, config = super().handle_attrs(attrs)
        if block_id or config:
            # Pygments has no place for an #id or key="value" attributes (Python-Markdown
            # drops them when it highlights): such a block keeps them and is not coloured.
            config["use_pygments"] = False
        return block_id, classes, config


class MarkdownRenderer:
    """Renders Markdown to HTML, memoised by text, so a body shown on several pages costs once."""

    def __init__(
        self,
        *,
        unsafe_html: bool = False,
        smart_quotes: bool = True,
        macros: Macros = NO_MACROS,
        store: MutableMapping[tuple[str, bool, str], Markup] | None = None,
    ):
        self._found: list[str] = []
        self.macros = macros
        self._unsafe_html = unsafe_html
        self._smart_quotes = smart_quotes
        self._md: markdown.Markdown | None = None
        self._sanitizer: Sanitizer | None = None
        # `store` may outlive this renderer (a preview keeps it between rebuilds), so its keys
        # name the options, renderer, math and Python-Markdown the HTML was made with.
        self._cache = store if store is not None else {}
        versions = f"{RENDERER_VERSION}.{MATH_VERSION}{markdown.__version__}{_LATEX2MATHML}"
        options = f"{unsafe_html}{smart_quotes}{versions}{macros}"
        self.options_key = hashlib.sha1(options.encode()).hexdigest()[:8]

    def _converter(self) -> markdown.Markdown:
        """Python-Markdown, set up on first use: a build whose texts are all cached skips it."""
        if self._md is None:
            extensions = [module.makeExtension() for module in EXTENSIONS]
            extensions.append(_SafetyExtension(self._found, self._unsafe_html))
            extensions.append(CostExtension())
            extensions.append(MathExtension(self.macros))
            # Fenced code with a language is highlighted by Pygments as classes, which the
            # theme colours (static/code.css); an unknown language, or none, is plain text.
            extensions.append(CodeHiliteExtension(css_class="highlight", guess_lang=False))
            if self._smart_quotes:
                extensions.append(SmartPunctuation())
            self._md = markdown.Markdown(extensions=extensions, output_format="html")
            self._sanitizer = Sanitizer(raw_html=self._unsafe_html, relative=_rooted)
        return self._md

    def _convert(self, text: str) -> str:
        md = self._converter()
        try:
            return md.reset().convert(text)
        except BaseException:
            # Python-Markdown keeps state between texts (the block parser's stack of open
            # lists, quotes...): after a text stopped halfway, the next starts afresh.
            self._md = None
            raise

    def prepare(self, texts: Iterable[tuple[str, bool]], spread: Spread) -> None:
        """Render many (text, inline?) at once into the memo, with `spread` (site/parallel.py
        spreads over processes). A text with an unsafe link is left out: rendering it again
        raises UnsafeUrl where the caller can place the error."""
        key = self.options_key
        missing = list(
            dict.fromkeys(t for t in texts if t[0] and (key, t[1], t[0]) not in self._cache)
        )
        # Plain titles are escaped, not parsed, when they are asked for: not worth a process.
        missing = [text_inline for text_inline in missing if _markdown_cost(text_inline)]
        if not missing:
            return
        self._converter()  # set up once, before any process starts, not once in each
        rendered = spread(self._safe, missing, cost=_markdown_cost)
        for (text, inline), html in zip(missing, rendered, strict=True):
            if html is not None:
                self._cache[(self.options_key, inline, text)] = html

    def _safe(self, text_inline: tuple[str, bool]) -> Markup | None:
        try:
            return self._render(*text_inline)
        except MarkdownProblem:
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
            self._cache[key] = result = Markup(html_escape(text, quote=False))
            return result
        self._found.clear()
        try:
            html = self._convert(text)
        except TooCostly as exc:
            raise MarkdownTooCostly(str(exc), exc.found) from None
        except RecursionError:  # Python-Markdown recurses per level of nested lists
            raise MarkdownTooCostly(
                "this text nests lists, quotes or definitions too deeply for Markdown", ""
            ) from None
        if self._found:
            raise UnsafeUrl(list(self._found))
        html = self._sanitizer.clean(_RESIDUE.sub("", html))
        if inline and (match := _SINGLE_PARAGRAPH.match(html)) and "<p>" not in match.group(1):
            html = match.group(1)
        self._cache[key] = result = Markup(html)
        return result
