"""Links that hand an address to an application: skype:, sms: and xmpp: (issue 27).

Like mailto: and tel:, a click on them opens another program with the address; they run no
script in the page, so links may use them. Nothing a page loads by itself (an image, a
frame, a video's poster) may: that could start the program without a click. These tests
dress the new schemes every way the older hostile tests dress javascript: (case, entities,
tabs and newlines, invisible characters, a second scheme behind them) and read the result as
a browser would (tests/hostile/scan.py, written from the WHATWG URL standard).
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from generator.content.schema import Profile
from generator.markdown.renderer import MarkdownRenderer, UnsafeUrl, resolve_root
from tests.helpers import write_site
from tests.hostile.sandbox import build_hostile
from tests.hostile.scan import LINK_SCHEMES, allowed_url, browser_scheme, scan_site
from tests.hostile.test_urls import INVISIBLE, MARKDOWN_FORMS

APP_LINKS = [
    "skype:yastrebov3?userinfo",
    "SKYPE:echo123?call",
    "sms:+15551234567?body=Hello",
    "Sms:+15551234567",
    "xmpp:ada@jabber.example.org?message",
    "xMpP:ada@jabber.example.org",
]
# Each tries to make a browser read a script scheme out of an application link.
SMUGGLED = [
    "skype\tjavascript:alert(1)",  # the tab is removed: 'skypejavascript:' is no scheme
    "skype\njavascript:alert(1)",
    "sky\u200bpe:javascript:alert(1)",  # a browser reads this as a path, cvsite refuses it
    "\u00a0javascript:alert(1)//skype:x",
    "javascript:skype:x",
    "JavaScript://skype:x%0aalert(1)",
    "javascript&colon;alert(1)//sms:1",
    "jav&#x09;ascript:alert(1)//xmpp:a@b.org",
    "&#x6A;avascript:alert(1)//skype:x",
    "data:text/html,skype:<script>alert(1)</script>",
    "vbscript:msgbox//xmpp:a@b.org",
    "file:///etc/passwd#skype:x",
    "skype:x\u0000javascript:alert(1)",
    'skype:x"onmouseover="alert(1)',
    "skype:x'><script>alert(1)</script>",
]
LOADED = [
    "![x]({})",
    '<img src="{}">',
    '<iframe src="{}"></iframe>',
    '<video src="v.mp4" poster="{}"></video>',
    '<audio src="{}"></audio>',
    '<video><source src="{}"></video>',
    '<object data="{}"></object>',
]


class _Attributes(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)  # values as written: the judge decodes
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        self.found += [(tag, name, value or "") for name, value in attrs]


def attributes(html: str) -> list[tuple[str, str, str]]:
    parser = _Attributes()
    parser.feed(resolve_root(html, ""))
    return parser.found


def refused_in_a_field(url: str) -> bool:
    try:
        Profile.model_validate({"name": "A", "links": [{"label": "X", "url": url}]})
    except ValidationError:
        return True
    return False


def harmless_field(url: str) -> bool:
    """A field's stored URL, which templates write escaped (`&` as `&amp;`): the scheme a
    browser reads in it is the one it has as text."""
    stored = Profile.model_validate({"name": "A", "website": url}).website
    return browser_scheme(stored) in {None, *LINK_SCHEMES}


def no_script(html: str) -> list[str]:
    """What a browser would run in `html`: a URL with a scheme not allowed where it stands,
    or an event handler."""
    return [
        f"<{tag} {name}={value!r}>"
        for tag, name, value in attributes(html)
        if name.startswith("on")
        or (name in {"href", "src", "poster", "data", "cite"} and not allowed_url(name, value))
    ]


@pytest.mark.parametrize("url", APP_LINKS)
def test_an_application_link_is_kept_in_a_field_as_written(url):
    profile = Profile.model_validate({"name": "A", "links": [{"label": "X", "url": url}]})
    assert profile.links[0].url == url
    assert Profile.model_validate({"name": "A", "website": f"\u00a0{url}\t"}).website == url


@pytest.mark.parametrize("url", APP_LINKS)
@pytest.mark.parametrize("unsafe_html", [False, True])
def test_an_application_link_is_kept_in_markdown(url, unsafe_html):
    html = MarkdownRenderer(unsafe_html=unsafe_html).block(f"[x]({url})")
    assert [(t, n, v) for t, n, v in attributes(html)] == [("a", "href", url)]


@pytest.mark.parametrize("url", SMUGGLED)
def test_no_script_rides_an_application_scheme_in_a_field(url):
    assert refused_in_a_field(url) or harmless_field(url)


@pytest.mark.parametrize("url", SMUGGLED)
@pytest.mark.parametrize("form", MARKDOWN_FORMS)
@pytest.mark.parametrize("unsafe_html", [False, True])
def test_no_script_rides_an_application_scheme_in_markdown(url, form, unsafe_html):
    _refused_or_harmless_in_markdown(form.format(url.replace("\n", " ")), unsafe_html)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["skype", "sms", "xmpp", "SKYPE", "Sms", "xMpP"]),
    st.lists(st.sampled_from(INVISIBLE), max_size=2).map("".join),
    st.lists(st.sampled_from(INVISIBLE), max_size=2).map("".join),
    st.sampled_from(["javascript:alert(1)", "data:text/html,x", "vbscript:x", "alert(1)"]),
    st.sampled_from(MARKDOWN_FORMS),
)
def test_no_invisible_character_turns_an_application_link_into_script(
    scheme, before, inside, payload, form
):
    middle = len(scheme) // 2
    url = f"{before}{scheme[:middle]}{inside}{scheme[middle:]}:{payload}"
    assert refused_in_a_field(url) or harmless_field(url)
    _refused_or_harmless_in_markdown(form.format(url.replace("\n", " ")), unsafe_html=True)


def _refused_or_harmless_in_markdown(text: str, unsafe_html: bool) -> None:
    """Markdown holding a smuggled URL is refused (UnsafeUrl), or renders no script."""
    try:
        html = MarkdownRenderer(unsafe_html=unsafe_html).block(text)
    except UnsafeUrl:
        return
    assert no_script(html) == [], (text, html)


@pytest.mark.parametrize("url", [*APP_LINKS, "mailto:ada@example.org", "tel:+15551234567"])
@pytest.mark.parametrize("form", LOADED)
def test_nothing_a_page_loads_may_use_an_application_scheme(url, form):
    text = form.format(url)
    try:
        html = MarkdownRenderer(unsafe_html=True).block(text)
    except UnsafeUrl as exc:
        assert form.startswith("!"), text  # Markdown's own image: an error at its line
        assert str(exc) == (
            f"image '{url}' is not on the web or in the site (expected http, https or a "
            "relative path)"
        )
        return
    assert not form.startswith("!"), html
    assert no_script(html) == [], html


@pytest.mark.parametrize("url", APP_LINKS[:1] + ["sms:+15551234567"])
def test_a_picture_address_may_not_be_an_application_link(url):
    with pytest.raises(ValidationError, match="is not the address of a picture"):
        Profile.model_validate({"name": "A", "image_url": url})
    with pytest.raises(ValidationError):
        Profile.model_validate({"name": "A", "avatar": url})


def test_a_site_with_application_links_shows_them_and_nothing_that_runs(tmp_path):
    links = [{"label": f"L{i}", "url": url} for i, url in enumerate(APP_LINKS)]
    summary = " ".join(f"[m{i}]({url})" for i, url in enumerate(APP_LINKS))
    site = write_site(
        tmp_path / "site",
        {"content/profile.yaml": json.dumps({"name": "A", "links": links, "summary": summary})},
    )
    outcome = build_hostile(site)
    assert outcome.built, outcome.errors
    findings = scan_site(site / "output")
    assert findings.problems == []
    home = (site / "output" / "index.html").read_text("utf-8")
    hrefs = {value for tag, name, value in attributes(home) if name == "href"}
    assert {url.replace("&", "&amp;") for url in APP_LINKS} <= hrefs
    exported = json.loads((site / "output" / "resume.json").read_text("utf-8"))
    assert [p["url"] for p in exported["basics"]["profiles"]] == APP_LINKS


def test_a_site_with_every_smuggling_attempt_refuses_or_defuses_each(tmp_path):
    in_a_file = [url for url in SMUGGLED if "\x00" not in url]  # the reader refuses U+0000
    kept = [url for url in in_a_file if not refused_in_a_field(url)]
    assert kept and len(kept) < len(in_a_file)  # both kinds are tried
    refused = [{"label": "R", "url": url} for url in in_a_file if url not in kept]
    site = write_site(
        tmp_path / "site",
        {"content/profile.yaml": json.dumps({"name": "A", "links": refused})},
    )
    outcome = build_hostile(site)
    assert not outcome.built
    assert [e.split(": ", 1)[1].split(":")[0] for e in outcome.errors] == [
        f"links[{i}].url" for i in range(len(refused))
    ], outcome.errors
    links = [{"label": "K", "url": url} for url in kept]
    summary = " ".join(f"[k]({url})" for url in kept)
    profile = {"name": "A", "links": links, "website": kept[0]}
    (site / "content" / "profile.yaml").write_text(json.dumps(profile), "utf-8")
    (site / "content" / "projects.yaml").write_text(
        json.dumps([{"title": "P", "summary": summary}]), "utf-8"
    )
    outcome = build_hostile(site)
    if outcome.built:
        assert scan_site(site / "output").problems == []
    else:  # a Markdown link refused; never a traceback
        assert all("projects" in e and "unsafe URL scheme" in e for e in outcome.errors)
