"""A URL that runs script, however it is dressed, never reaches a page (issue 25, item 1).

A Unicode space, a control or a format character before `javascript:` once passed every URL
field: the scheme was checked on the value as written, and `strip()` then removed what hid
it. These tests build URLs from every such character around every script-capable scheme,
put them in every URL field the models have (tests/hostile/fields.py finds them) and in
every way Markdown writes a link, and read what a browser would: no `href`, `src`, `cite`,
`action`, `formaction` or `poster` in any page or feed may carry a script scheme.
"""

from __future__ import annotations

import json
import unicodedata
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from generator.content.schema import Profile
from generator.markdown.renderer import MarkdownRenderer, UnsafeUrl, resolve_root
from tests.helpers import run_cli, write_site
from tests.hostile.hostile_site import build_until_it_builds, make_site
from tests.hostile.sandbox import build_hostile
from tests.hostile.scan import browser_scheme, scan_site

# Unicode's White_Space property (PropList.txt), listed from the standard.
WHITE_SPACE = [
    *map(chr, range(0x09, 0x0E)),
    " ",
    "\x85",
    "\xa0",
    "\u1680",
    *map(chr, range(0x2000, 0x200B)),
    "\u2028",
    "\u2029",
    "\u202f",
    "\u205f",
    "\u3000",
]
# Every space, control and format character: categories Zs, Cc and Cf, and White_Space.
INVISIBLE = sorted(
    {chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) in ("Zs", "Cc", "Cf")}
    | set(WHITE_SPACE)
)
SCHEMES = ["javascript", "vbscript", "data", "JavaScript", "VBSCRIPT", "DaTa"]
PAYLOAD = {
    "javascript": "alert(1)",
    "vbscript": "msgbox(1)",
    "data": "text/html,<script>x</script>",
}
URL_ATTRIBUTES = {"href", "src", "cite", "action", "formaction", "poster"}


def hostile(scheme: str, before: str, inside: str = "", after: str = "") -> str:
    """`scheme` with `before` in front of it, `inside` in its middle, `after` at the end."""
    middle = len(scheme) // 2
    dressed = scheme[:middle] + inside + scheme[middle:]
    return f"{before}{dressed}:{PAYLOAD[scheme.lower()]}{after}"


def hostile_urls(chars: list[str]) -> st.SearchStrategy[str]:
    one = st.sampled_from(chars)
    return st.builds(
        hostile,
        st.sampled_from(SCHEMES),
        st.lists(one, min_size=1, max_size=3).map("".join),
        st.one_of(st.just(""), one),
        st.one_of(st.just(""), st.lists(one, max_size=2).map("".join)),
    )


HOSTILE_URLS = hostile_urls(INVISIBLE)
# What a field in a file can hold: the reader refuses the other controls in the file, before
# any field is read (tests/hostile/test_cases.py, control-character-*).
IN_A_FILE = hostile_urls([c for c in INVISIBLE if unicodedata.category(c) != "Cc" or c in "\t\n\r"])


# --- the validator every URL field uses, for every character ---------------------------------


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("field", ["website", "avatar", "image_url"])
def test_every_invisible_character_before_a_script_scheme_is_refused(field, scheme):
    passed = []
    for char in INVISIBLE:
        for value in (hostile(scheme, char), hostile(scheme, char * 2, after=char)):
            try:
                Profile.model_validate({"name": "A", field: value})
            except ValidationError:
                continue
            passed.append(f"U+{ord(char):04X}")
    assert passed == [], f"{field}: accepted {scheme}: after {passed[:10]}"


def test_a_character_inside_the_scheme_is_refused_too():
    for char in INVISIBLE:
        with pytest.raises(ValidationError):
            Profile.model_validate({"name": "A", "website": hostile("javascript", "", char)})


def test_what_is_checked_is_what_is_stored():
    profile = Profile.model_validate({"name": "A", "website": "\u3000https://example.org/\u00a0"})
    assert profile.website == "https://example.org/"


# --- every URL field of every model, built and read back -------------------------------------


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_url_field_emits_a_script_scheme(tmp_path_factory, data):
    site = make_site(
        tmp_path_factory.mktemp("urls"),
        lambda marker: "Plain",
        url_value=lambda marker: data.draw(IN_A_FILE, label=marker),
    )
    url_slots = [slot for slot in site.slots.values() if slot.leaf.url]
    assert len(url_slots) >= 25  # links, website, photo, papers, certificates, nav...
    build_until_it_builds(site)
    assert scan_site(site.output).problems == []
    for slot in url_slots:  # each refused at its own line
        assert slot.marker in site.refused, (slot.file, slot.field)


def test_the_issues_reproduction_is_refused_at_its_line(tmp_path):
    site = write_site(
        tmp_path / "site",
        {"content/profile.yaml": 'name: A\nwebsite: "\\u00a0javascript:alert(document.domain)"\n'},
    )
    outcome = build_hostile(site)
    assert outcome.errors[0].startswith("content/profile.yaml:2:10: website: "), outcome.errors
    assert "unsafe URL scheme 'javascript:'" in outcome.errors[0]


@pytest.mark.parametrize(
    "value",
    [
        "\ue000cvsite-root\ue000javascript:alert(1)",  # the placeholder links once began with
        "java\ue000cvsite-root\ue000script:alert(1)",
    ],
)
def test_no_text_can_forge_the_site_root_placeholder(tmp_path, value):
    site = write_site(
        tmp_path / "site",
        {
            "content/profile.yaml": json.dumps(
                {"name": "A", "website": value, "summary": f"[x]({value}) and ![y]({value})"}
            )
        },
    )
    outcome = build_hostile(site)
    if outcome.built:
        assert scan_site(site / "output").problems == []


# --- every way Markdown writes a URL --------------------------------------------------------

MARKDOWN_FORMS = [
    "[x]({})",
    "[x](<{}>)",
    "![x]({})",
    "[x][r]\n\n[r]: {}",
    '[x](https://example.org){{: href="{}" }}',
    '> quote\n{{: cite="{}" }}',
    'para\n{{: cite="{}" }}',
]


class _Urls(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.found += [value or "" for name, value in attrs if name in URL_ATTRIBUTES]


def _script_urls(html: str) -> list[str]:
    parser = _Urls()
    parser.feed(resolve_root(html, ""))  # the home page: the way to the root is empty
    return [
        url for url in parser.found if browser_scheme(url) in {"javascript", "vbscript", "data"}
    ]


@settings(max_examples=150, deadline=None)
@given(HOSTILE_URLS, st.sampled_from(MARKDOWN_FORMS), st.booleans())
def test_no_markdown_link_emits_a_script_scheme(url, form, unsafe_html):
    text = form.format(url.replace("\n", " "))
    try:
        html = MarkdownRenderer(unsafe_html=unsafe_html).block(text)
    except UnsafeUrl as exc:
        assert all("\x02" not in found and "\x03" not in found for found in exc.urls)
        return
    assert _script_urls(html) == [], (text, html)


# --- JSON Resume's photo -------------------------------------------------------------------


def test_a_photo_kept_for_resume_json_cannot_hide_a_script_scheme(tmp_path):
    site = write_site(
        tmp_path / "site",
        {"content/profile.yaml": 'name: A\nimage_url: "\u00a0javascript:alert(1)"\n'},
    )
    outcome = build_hostile(site)
    assert outcome.errors[0].startswith("content/profile.yaml:2:12: image_url: "), outcome.errors
    assert "unsafe URL scheme 'javascript:'" in outcome.errors[0]


@pytest.mark.parametrize("char", ["\u00a0", "\u3000", "\u2003", "\u202f", "\u1680", "\u205f"])
def test_a_resume_json_photo_with_a_script_scheme_never_reaches_a_page(tmp_path, char):
    source = tmp_path / "resume.json"
    basics = {"name": "A", "image": f"{char}javascript:alert(1)", "url": f"{char}data:,x"}
    source.write_text(json.dumps({"basics": basics}), encoding="utf-8")
    site = tmp_path / "new"
    result = run_cli("import", "jsonresume", source, "--site", site)
    assert "Traceback" not in result.err and "internal error" not in result.err
    if result.code == 0:
        outcome = build_hostile(site)
        if outcome.built:
            assert scan_site(site / "output").problems == []
            exported = json.loads((site / "output" / "resume.json").read_text("utf-8"))
            image = exported.get("basics", {}).get("image") or ""
            assert browser_scheme(image) in (None, "http", "https"), image
    else:
        assert "unsafe URL scheme" in result.err or "another host" in result.err, result.err
