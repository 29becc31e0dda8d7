"""Every way Markdown can write a link or an image: script-capable URLs refused, others kept.

The renderer is the one pages use; a refused link raises UnsafeUrl, which the build turns
into an error at the field (tests/hostile/test_cases.py runs a few through the CLI).
"""

from __future__ import annotations

import html
import re

import pytest

from generator.markdown.renderer import MarkdownRenderer, UnsafeUrl, resolve_root

REFUSED = [
    "[x](javascript:alert(1))",
    "[x](JavaScript:alert(1))",
    "[x]( javascript:alert(1))",
    "[x](<javascript:alert(1)>)",
    "[x](javascript&colon;alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](&#x6A;avascript:alert(1))",
    "[x](jav&#x09;ascript:alert(1))",
    "[x](jav&Tab;ascript:alert(1))",
    "[x](vbscript:msgbox(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    "[x](file:///etc/passwd)",
    "![x](javascript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2Zz4=)",
    "[x][r]\n\n[r]: javascript:alert(1)",
    "![x][r]\n\n[r]: <data:image/png;base64,AA==>",
    '[x](https://example.org){: href="javascript:alert(1)" }',
    'para\n{: src="javascript:alert(1)" }',
    "<ftp://example.org/file>",
    "[x](https://example.org) and [y](javascript:alert(2))",
]
KEPT = {
    "[x](https://example.org/a?b=1&c=2)": "https://example.org/a?b=1&c=2",
    "[x](mailto:ada@example.org)": "mailto:ada@example.org",
    "[x](tel:+44123)": "tel:+44123",
    "<https://example.org/>": "https://example.org/",
    "<ada@example.org>": "mailto:ada@example.org",
    "[x](files/a.pdf)": "../files/a.pdf",
    "[x](#notes)": "#notes",
    "[x](/cv/)": "../cv/",
}


@pytest.mark.parametrize("text", REFUSED)
def test_a_script_capable_link_is_refused(text):
    with pytest.raises(UnsafeUrl):
        MarkdownRenderer().block(text)


@pytest.mark.parametrize("text", REFUSED)
def test_it_is_refused_with_raw_html_allowed_too(text):
    with pytest.raises(UnsafeUrl):
        MarkdownRenderer(unsafe_html=True).block(text)


@pytest.mark.parametrize(("text", "href"), KEPT.items())
def test_a_safe_link_is_kept_as_a_browser_reads_it(text, href):
    rendered = resolve_root(MarkdownRenderer().block(text), "../")
    (found,) = re.findall(r'(?:href|src)="([^"]*)"', rendered)
    assert html.unescape(found) == href


@pytest.mark.parametrize(
    "text",
    [
        "[x](https://e.org){: onclick=alert(1) onmouseover=alert(1) style=color:red }",
        "para\n{: onload=alert(1) }",
        "![i](a.png){: onerror=alert(1) }",
    ],
)
def test_attribute_lists_cannot_add_handlers_or_styles(text):
    rendered = MarkdownRenderer().block(text)
    assert not re.search(r"\s(on\w+|style)=", rendered), rendered


def test_raw_html_is_text_unless_switched_on():
    text = '<script>alert(1)</script> <b onclick="x()">b</b>'
    assert "<script>" not in MarkdownRenderer().block(text)
    assert "&lt;script&gt;" in MarkdownRenderer().block(text)
    # Switched on, the owner's HTML is kept, but never a script or an event handler.
    assert MarkdownRenderer(unsafe_html=True).block(text).strip() == "<p><b>b</b></p>"
