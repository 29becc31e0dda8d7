"""The HTML of every Markdown text is cut down to an allow-list, whatever stage wrote it.

Fenced code once wrote an attribute list's `onfocus` and `autofocus` straight into
Python-Markdown's stash, past the filter on its element tree (issue 25, item 2): a script
that runs without any interaction, carried by an entry's summary onto its section page, the
CV and feed.xml. Every render now ends with nh3 (generator/markdown/sanitize.py).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from generator.markdown.math import MATHML_ELEMENTS
from generator.markdown.renderer import MarkdownRenderer, UnsafeUrl, resolve_root
from tests.helpers import write_site
from tests.hostile.hostile_site import build_until_it_builds, make_site
from tests.hostile.sandbox import build_hostile
from tests.hostile.scan import browser_scheme, scan_site

# What Markdown may make, written here from what its syntax means (not read from the code).
MARKDOWN_MAKES = {
    *("p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code"),
    *("em", "strong", "a", "img", "ul", "ol", "li", "dl", "dt", "dd", "div", "sup"),
    *("table", "thead", "tbody", "tr", "th", "td"),
}
# And formulas: MathML (tests/hostile/test_math.py).
HARMLESS_ATTRIBUTES = {
    *("id", "class", "title", "lang", "dir", "href", "src", "alt", "width", "height"),
    *("start", "type", "colspan", "rowspan", "align", "rel", "name", "cite"),
}
FENCE_ATTRIBUTES = (
    '{ .py onmouseover="alert(1)" tabindex="0" autofocus="autofocus" onfocus="alert(2)" }'
)
FENCED = f"```{FENCE_ATTRIBUTES}\nprint(1)\n```"


class _Elements(HTMLParser):
    """Every element and attribute of a piece of HTML, as a browser would parse it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, {name: value or "" for name, value in attrs}))

    handle_startendtag = handle_starttag


def elements(html: str) -> list[tuple[str, dict[str, str]]]:
    parser = _Elements()
    parser.feed(resolve_root(str(html), ""))
    parser.close()
    return parser.elements


def _no_script(html: str) -> list[str]:
    """What in `html` could run script or take focus: the test's own reading of it."""
    wrong = []
    for tag, attributes in elements(html):
        if tag in ("script", "style", "form", "object", "embed", "base", "meta", "link", "svg"):
            wrong.append(f"<{tag}>")
        for name, value in attributes.items():
            if name.startswith("on") or name in ("style", "autofocus", "tabindex", "srcdoc"):
                wrong.append(f"<{tag} {name}>")
            scheme = browser_scheme(value)
            runs = scheme is not None and scheme not in ("http", "https", "mailto", "tel")
            if runs and name in ("href", "src", "cite", "action", "formaction", "poster", "data"):
                wrong.append(f"<{tag} {name}={value!r}>")
    return wrong


# --- the reproduction, through the command line --------------------------------------------


def _focus_grabbers(output) -> list[str]:
    """Elements of any page, or of the feed's HTML, with autofocus or an event handler."""
    found = []
    for path in sorted(output.rglob("*")):
        if path.suffix == ".html":
            pieces = [path.read_text("utf-8")]
        elif path.suffix == ".xml":
            root = ET.fromstring(path.read_bytes())
            pieces = [e.text or "" for e in root.iter() if e.get("type") == "html"]
        else:
            continue
        for piece in pieces:
            for tag, attributes in elements(piece):
                names = [n for n in attributes if n == "autofocus" or n.startswith("on")]
                found += [f"{path.name}: <{tag} {n}>" for n in names]
    return found


def test_fenced_code_attributes_reach_no_page_nor_the_feed(tmp_path):
    summary = "\n".join("    " + line for line in FENCED.splitlines())
    site = write_site(
        tmp_path / "site",
        {
            "content/projects.yaml": f"- title: A\n  date: 2024\n  summary: |\n{summary}\n",
            "content/projects/b.md": f"---\ntitle: B\n---\nBody.\n\n{FENCED}\n",
        },
    )
    outcome = build_hostile(site)
    assert outcome.built, outcome.run.err
    output = site / "output"
    assert scan_site(output).problems == []
    assert _focus_grabbers(output) == []
    shown = ["projects/index.html", "cv/index.html", "feed.xml", "projects/b/index.html"]
    for page in shown:
        assert "print(1)" in (output / page).read_text("utf-8"), page


def test_fenced_code_attributes_in_every_markdown_field(tmp_path):
    site = make_site(tmp_path, lambda marker: f"{marker}\n\n{FENCED}\n")
    build_until_it_builds(site)
    assert scan_site(site.output).problems == []
    assert _focus_grabbers(site.output) == []


# --- what survives, what does not -----------------------------------------------------------

DROPPED = [
    FENCED,
    '~~~{ #x .py style="position:fixed" data-x="1" onclick="alert(1)" }\ncode\n~~~',
    '[x](https://e.org){: onclick="alert(1)" style="color:red" autofocus tabindex=1 }',
    '![i](a.png){: onerror="alert(1)" onload="alert(2)" srcdoc="<script>" }',
    '## Head {: #h onmouseover="alert(1)" }',
    'para\n{: formaction="https://e.org" action="https://e.org" }',
]


@pytest.mark.parametrize("unsafe_html", [False, True])
@pytest.mark.parametrize("text", DROPPED)
def test_handlers_and_styles_are_dropped_in_any_construct(text, unsafe_html):
    html = MarkdownRenderer(unsafe_html=unsafe_html).block(text)
    assert _no_script(html) == [], html
    for tag, attributes in elements(html):
        assert tag in MARKDOWN_MAKES and set(attributes) <= HARMLESS_ATTRIBUTES, (tag, attributes)


REFUSED = [
    '> quote\n{: cite="javascript:alert(1)" }',
    'para\n{: cite="javascript:alert(1)" }',
    'para\n{: poster="vbscript:x" }',
    '[x](https://e.org){: formaction="javascript:alert(1)" }',
    '[x](https://e.org){: href="\u00a0javascript:alert(1)" }',
]


@pytest.mark.parametrize("unsafe_html", [False, True])
@pytest.mark.parametrize("text", REFUSED)
def test_a_script_url_in_any_url_attribute_is_refused(text, unsafe_html):
    with pytest.raises(UnsafeUrl):
        MarkdownRenderer(unsafe_html=unsafe_html).block(text)


RAW_HTML = [
    "<script>alert(1)</script>",
    "<style>body{display:none}</style>",
    '<img src="x.png" onerror="alert(1)">',
    '<a href=" javascript:alert(1)">a</a>',
    '<a href="\u00a0javascript:alert(1)">a</a>',
    '<a href="&#x6A;avascript:alert(1)">a</a>',
    '<a href="java&#x09;script:alert(1)">a</a>',
    '<a href="data:text/html,<script>alert(1)</script>">a</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    "<iframe srcdoc=\"<script>alert(1)</script>\" src='https://e.org/'></iframe>",
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button>',
    '<video poster="javascript:alert(1)" src="v.mp4"></video>',
    '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
    '<svg onload="alert(1)"><a xlink:href="javascript:alert(1)">x</a></svg>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://e.org/">',
    '<link rel="stylesheet" href="https://e.org/x.css">',
    '<details open ontoggle="alert(1)"><summary>s</summary>x</details>',
    '<input autofocus onfocus="alert(1)"><textarea>x</textarea>',
    '<blockquote cite="javascript:alert(1)">q</blockquote>',
    '<div style="position:fixed;inset:0">x</div>',
    "<!-- <script>alert(1)</script> -->",
    '<a href="https://e.org/" target="_blank" onclick="alert(1)">ok</a>',
]


@pytest.mark.parametrize("text", RAW_HTML)
def test_raw_html_keeps_no_script_with_unsafe_html(text):
    html = MarkdownRenderer(unsafe_html=True).block(text)
    assert _no_script(html) == [], html
    assert not {tag for tag, _ in elements(html)} & {"input", "button", "textarea"}
    # MathML is allowed (formulas are MathML), its links are not.
    math = [attributes for tag, attributes in elements(html) if tag in MATHML_ELEMENTS]
    assert not [name for attributes in math for name in attributes if "href" in name]


def test_what_unsafe_html_is_for_still_works():
    text = (
        "<details open><summary>More</summary>\n\n*Markdown* inside.\n\n</details>\n\n"
        '<figure><img src="images/a.png" alt="A"><figcaption>Cap</figcaption></figure>\n\n'
        '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Video"></iframe>\n\n'
        'H<sub>2</sub>O, <kbd>Ctrl</kbd>, <abbr title="HyperText">HTML</abbr>, '
        '<a href="https://e.org/" rel="me">me</a>'
    )
    found = {
        tag: attributes
        for tag, attributes in elements(MarkdownRenderer(unsafe_html=True).block(text))
    }
    assert {"details", "summary", "figure", "figcaption", "iframe", "sub", "kbd", "abbr"} <= set(
        found
    )
    assert found["details"] == {"open": ""}
    assert found["img"]["src"] == "images/a.png"  # site-relative, as Markdown's own images
    assert found["a"]["rel"] == "me"


def test_markdown_keeps_its_own_features():
    text = (
        "## Title {#top .big}\n\n"
        'Text[^1] with *em*, **strong**, `code` and [a link](files/a.pdf "T").\n\n'
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "Term\n: Definition\n\n"
        "3. three\n4. four\n\n"
        "> quoted\n\n"
        "```python\nx = '<b>'\n```\n\n"
        "[^1]: A note.\n"
    )
    html = str(MarkdownRenderer().block(text))
    tags = [tag for tag, _ in elements(html)]
    for tag in ("h2", "sup", "em", "strong", "code", "a", "table", "th", "td", "dl", "dt", "dd"):
        assert tag in tags, tag
    assert ("ol", {"start": "3"}) in elements(html)
    assert ("h2", {"class": "big", "id": "top"}) in elements(html)
    assert ("div", {"class": "highlight"}) in elements(html)  # coloured by Pygments
    assert ("span", {"class": "s1"}) in elements(html)
    assert """<span class="s1">'&lt;b&gt;'</span>""" in html
    assert 'href="#fn:1"' in html and 'id="fn:1"' in html and 'href="#fnref:1"' in html
    assert resolve_root(html, "../").count('href="../files/a.pdf"') == 1


# --- Markdown's placeholders never show -------------------------------------------------------

PIECES = [
    "{: ",
    " }",
    'href="',
    'title="',
    'cite="',
    '"',
    "&amp;",
    "&colon;",
    "<b>",
    "</b>",
    "`",
    "``",
    "\\",
    "[x](",
    ")",
    "![i](",
    "<https://e.org>",
    "javascript:",
    "a",
    " ",
    "\n",
    "\n\n",
    "```\n",
    "*",
    "_",
    "[^1]",
    "[^1]: n\n",
    "<!-- c -->",
]


MARKDOWN = st.lists(st.sampled_from(PIECES), max_size=14).map("".join)
# An attribute list whose values hold what Markdown stashes (entities, inline HTML, code).
ATTRIBUTE_LISTS = st.builds(
    lambda before, name, value: f'{before}[x](https://e.org){{: {name}="{value}" }}',
    MARKDOWN,
    st.sampled_from(["href", "title", "cite", "src", "id"]),
    st.lists(
        st.sampled_from(["a", "&amp;", "&lt;", "<b>", "`c`", "javascript:", " "]), max_size=5
    ).map("".join),
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(MARKDOWN, ATTRIBUTE_LISTS), st.booleans())
# A link that swallows half of the placeholder footnotes put after a definition's text.
@example('[^1]: n\n[x](href="[x](https://e.org){: href="" }', False)
def test_no_placeholder_shows_in_html_or_in_an_error(text, unsafe_html):
    try:
        html = str(MarkdownRenderer(unsafe_html=unsafe_html).block(text))
    except UnsafeUrl as exc:
        assert not re.search("[\x02\x03]|wzxhzdk|klzzwxh", str(exc)), str(exc)
        return
    assert not re.search("[\x02\x03]|wzxhzdk|klzzwxh", html), html
    assert _no_script(html) == [], html


def test_an_unsafe_url_is_reported_as_written():
    with pytest.raises(UnsafeUrl) as caught:
        MarkdownRenderer().block('[x](https://e.org){: href="javascript:a&amp;b" }')
    assert caught.value.urls == ["javascript:a&amp;b"]


def test_an_entity_in_an_attribute_list_is_not_an_unsafe_url():
    html = MarkdownRenderer().block('[x](https://e.org){: href="a&amp;b" title="1 &lt; 2" }')
    assert ("a", {"href": "a&b", "title": "1 < 2"}) in elements(resolve_root(html, ""))
