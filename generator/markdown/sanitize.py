"""The last step of every Markdown render: the HTML cut down to an allow-list, with nh3.

Python-Markdown writes some HTML straight into a stash no tree processor sees (fenced code
with an attribute list, raw HTML), so the finished HTML is parsed as a browser would and
only the elements, attributes and URL schemes listed here are kept, whichever stage wrote
them. What is kept never runs script: no `<script>`, `<style>`, form, event handler or
`style` attribute, no link outside safeurl.SAFE_SCHEMES, nothing loaded from other than
http(s). Formulas keep MathML Core's layout attributes and none that links or styles. Each
addition here has a test in tests/hostile/test_sanitize.py.
"""

from __future__ import annotations

from collections.abc import Callable

import nh3

from generator.markdown.math import MATHML_ELEMENTS
from generator.safeurl import SAFE_SCHEMES, is_unsafe, normalize_url

# What Python-Markdown makes with cvsite's extensions (tables, footnotes, fenced code,
# attribute lists, sane lists, definition lists) from Markdown with raw HTML escaped.
MARKDOWN_ELEMENTS = frozenset(
    {
        *("p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code"),
        *("em", "strong", "a", "img", "ul", "ol", "li", "dl", "dt", "dd", "div", "sup"),
        *("table", "thead", "tbody", "tr", "th", "td", "span"),
        *MATHML_ELEMENTS,
    }
)
# What latex2mathml writes that changes how a formula is laid out (MathML Core's attributes,
# and MathML 3's table lines and menclose's notation, which browsers may ignore).
_MATH_LAYOUT = frozenset({"mathvariant", "mathcolor", "mathbackground", "mathsize", "dir"})
_TABLE_LINES = frozenset({"columnalign", "columnlines", "columnspacing", "rowlines"})
MATHML_ATTRIBUTES: dict[str, frozenset[str]] = {
    name: _MATH_LAYOUT | {"displaystyle", "scriptlevel"} for name in MATHML_ELEMENTS
} | {
    "math": _MATH_LAYOUT | {"display", "displaystyle", "alttext"},
    "mo": _MATH_LAYOUT
    | {"form", "fence", "separator", "lspace", "rspace", "stretchy", "symmetric", "maxsize"}
    | {"minsize", "largeop", "movablelimits"},
    "mfrac": _MATH_LAYOUT | {"linethickness"},
    "mspace": _MATH_LAYOUT | {"width", "height", "depth"},
    "mpadded": _MATH_LAYOUT | {"width", "height", "depth", "lspace", "voffset"},
    "munder": _MATH_LAYOUT | {"accentunder"},
    "mover": _MATH_LAYOUT | {"accent"},
    "munderover": _MATH_LAYOUT | {"accent", "accentunder"},
    "mtable": _MATH_LAYOUT | _TABLE_LINES | {"rowspacing"},
    "mtr": _MATH_LAYOUT | {"columnalign"},
    "mtd": _MATH_LAYOUT | {"columnalign", "columnspan", "rowspan"},
    "menclose": _MATH_LAYOUT | {"notation"},
    "annotation": frozenset({"encoding"}),
}
# What an attribute list (`{: #id .class title="..." }`) may set, and what the extensions
# set themselves: footnotes an `id` and a `class`, fenced code a `class`.
MARKDOWN_ATTRIBUTES: dict[str, frozenset[str]] = {
    "*": frozenset({"id", "class", "title", "lang", "dir"}),
    "a": frozenset({"href", "rel", "name"}),
    "img": frozenset({"src", "alt", "width", "height"}),
    "ol": frozenset({"start", "type"}),
    "ul": frozenset({"type"}),
    "li": frozenset({"type"}),
    "th": frozenset({"colspan", "rowspan", "align"}),
    "td": frozenset({"colspan", "rowspan", "align"}),
    "blockquote": frozenset({"cite"}),
    **MATHML_ATTRIBUTES,
}
# With `markdown.unsafe_html: true` the owner writes HTML of their own: more elements and
# attributes (disclosure, figures, media, embeds, text-level semantics, ARIA), still none
# that runs script, styles the page or posts a form.
RAW_HTML_ELEMENTS = MARKDOWN_ELEMENTS | frozenset(
    {
        *("abbr", "b", "bdi", "bdo", "cite", "data", "del", "dfn", "i", "ins", "kbd", "mark"),
        *("q", "rp", "rt", "ruby", "s", "samp", "small", "span", "sub", "time", "u", "var"),
        *("wbr", "details", "summary", "figure", "figcaption", "section", "article", "aside"),
        *("header", "footer", "caption", "col", "colgroup", "tfoot"),
        *("audio", "video", "source", "track", "iframe"),
    }
)
RAW_HTML_ATTRIBUTES: dict[str, frozenset[str]] = {
    **MARKDOWN_ATTRIBUTES,
    "*": MARKDOWN_ATTRIBUTES["*"] | {"role", "translate"},
    "img": MARKDOWN_ATTRIBUTES["img"] | {"loading", "decoding"},
    "ol": MARKDOWN_ATTRIBUTES["ol"] | {"reversed"},
    "th": MARKDOWN_ATTRIBUTES["th"] | {"headers", "scope", "abbr"},
    "td": MARKDOWN_ATTRIBUTES["td"] | {"headers"},
    "q": frozenset({"cite"}),
    "del": frozenset({"cite", "datetime"}),
    "ins": frozenset({"cite", "datetime"}),
    "time": frozenset({"datetime"}),
    "data": frozenset({"value"}),
    "details": frozenset({"open"}),
    "col": frozenset({"span"}),
    "colgroup": frozenset({"span"}),
    "audio": frozenset({"src", "controls", "loop", "muted", "preload"}),
    "video": frozenset(
        {"src", "poster", "controls", "loop", "muted", "preload", "playsinline", "width"}
        | {"height"}
    ),
    "source": frozenset({"src", "type"}),
    "track": frozenset({"src", "kind", "srclang", "label", "default"}),
    "iframe": frozenset({"src", "width", "height", "loading", "allowfullscreen"}),
}
RAW_HTML_ATTRIBUTE_PREFIXES = frozenset({"aria-"})
# Removed with everything inside them (the others allowed-listed out keep their text).
_DROPPED_WITH_CONTENT = frozenset(
    {"script", "style", "template", "noscript", "textarea", "title", "xmp", "iframe"}
)
# Attributes whose value is a URL (WHATWG HTML): each is read as safeurl reads a URL.
URL_ATTRIBUTES = frozenset(
    {"href", "src", "cite", "action", "formaction", "poster", "data", "background", "longdesc"}
)
_LINKS = frozenset({"href", "src", "poster"})  # what `relative` may rewrite
# URL attributes whose URL the page loads by itself, without a click: http(s) or a path only.
LOADED_ATTRIBUTES = frozenset({"src", "poster", "data", "background"})


class Sanitizer:
    """One nh3 cleaner with cvsite's allow-list, reused for every text.

    `relative(url)` gives what a relative link or image URL becomes (None: as it is).
    Script links that Markdown wrote are reported before this runs (renderer.py); raw
    HTML's are removed without a word, like its event handlers.
    """

    def __init__(self, *, raw_html: bool, relative: Callable[[str], str | None]):
        self._relative = relative
        elements = RAW_HTML_ELEMENTS if raw_html else MARKDOWN_ELEMENTS
        attributes = RAW_HTML_ATTRIBUTES if raw_html else MARKDOWN_ATTRIBUTES
        self._cleaner = nh3.Cleaner(
            tags=set(elements),
            clean_content_tags=set(_DROPPED_WITH_CONTENT - elements),
            attributes={name: set(allowed) for name, allowed in attributes.items()},
            generic_attribute_prefixes=set(RAW_HTML_ATTRIBUTE_PREFIXES) if raw_html else None,
            attribute_filter=self._attribute,
            url_schemes=set(SAFE_SCHEMES),
            link_rel=None,  # `rel` is the author's (rel="me"), not added
            strip_comments=True,
        )

    def clean(self, html: str) -> str:
        return self._cleaner.clean(html)

    def _attribute(self, element: str, name: str, value: str) -> str | None:
        # nh3 has already dropped what the allow-list does not name, and href and src with a
        # scheme it does not allow; this reads every URL attribute as the fields are read.
        # It must not raise: nh3 would drop the attribute and report to sys.unraisablehook.
        if name not in URL_ATTRIBUTES:
            return value
        url = normalize_url(value)
        if is_unsafe(url, loaded=name in LOADED_ATTRIBUTES):
            return None
        if name in _LINKS:
            return self._relative(url) or url
        return url
