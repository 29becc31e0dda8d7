"""Read every file of a built site as a browser or a feed reader would, and report live markup.

Hostile values carry a marker element `<x-inj id="...">`; wherever the marker parses as an
element (in a page, in the HTML of a feed entry), text became markup. The scan also reports
event-handler attributes, scripts from a payload (the theme's own are site files or never
call alert()), JSON-LD that could close its element, and links or images whose URL a
browser would run.
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

MARKER_TAG = "x-inj"
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "cite", "data", "srcset"}
_JSON_LD = "application/ld+json"
# What a link may follow: the web, and schemes that hand an address to an application on a
# click (mail, phone, text message, Skype, XMPP chat), which run nothing in the page.
LINK_SCHEMES = {"http", "https", "mailto", "tel", "sms", "skype", "xmpp"}
# What a page loads by itself, without a click: from the web only (an application's scheme
# in a frame or an image could start the application unasked).
LOADED_ATTRIBUTES = {"src", "poster", "data", "srcset"}
WEB_SCHEMES = {"http", "https"}
_C0_OR_SPACE = "".join(chr(c) for c in range(0x21))
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*(?=:)")


def browser_scheme(url: str) -> str | None:
    """The scheme a browser reads in an attribute's (decoded) value, by the WHATWG URL
    parser: C0 controls and spaces stripped at both ends, tabs and newlines removed
    anywhere, then ASCII letters, digits, `+`, `-` and `.` before a colon. Written here
    from the standard, not taken from the generator, so the test judges it."""
    url = re.sub("[\t\n\r]", "", url.strip(_C0_OR_SPACE))
    match = _SCHEME.match(url)
    return match.group().lower() if match else None


def payload(marker: str) -> str:
    """Text that is markup, script, a template expression and an XML terminator at once."""
    return (
        f'<{MARKER_TAG} id="{marker}">"\'&amp;</{MARKER_TAG}>'
        "<img src=x onerror=alert(1)></script><script>alert(1)</script>"
        f"<!-- ]]> {{{{ 7*7 }}}} -->\u202e"
    )


def marker_text(marker: str) -> re.Pattern:
    """The payload shown as text once escaped; Markdown may curl its quotes. A slug made from
    the payload cannot hold this."""
    return re.compile(rf"<{MARKER_TAG} id=[\"\u201c\u201d]{marker}[\"\u201c\u201d]>")


@dataclass
class Findings:
    """What a scan found: live markers (by id), other problems, and the text that was shown."""

    live_markers: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)  # text and attribute values, all files

    def shows(self, marker: str) -> bool:
        needle = marker_text(marker)
        return any(needle.search(text) for text in self.shown)


class _PageScanner(HTMLParser):
    def __init__(self, where: str, findings: Findings):
        super().__init__(convert_charrefs=True)
        self.where = where
        self.findings = findings
        self.script_type: str | None = None
        self.script_text: list[str] = []

    def handle_starttag(self, tag, attrs):
        found = self.findings
        attributes = {name: value or "" for name, value in attrs}
        if tag == MARKER_TAG:
            found.live_markers.add(attributes.get("id", "?"))
        for name, value in attributes.items():
            found.shown.append(value)
            if name.startswith("on"):
                found.problems.append(f"{self.where}: <{tag} {name}=...> event handler")
            if name in URL_ATTRIBUTES and not allowed_url(name, value):
                found.problems.append(f"{self.where}: <{tag} {name}={value[:60]!r}>")
            if tag == "meta" and attributes.get("http-equiv", "").lower() == "refresh":
                found.problems.append(f"{self.where}: <meta http-equiv=refresh>")
        if tag == "script":
            self.script_type = attributes.get("type", "")
            self.script_text = []
            src = attributes.get("src", "")
            if src and (browser_scheme(src) or src.startswith("//") or not src.endswith(".js")):
                found.problems.append(f"{self.where}: <script src={src[:60]!r}>")

    def handle_endtag(self, tag):
        if tag == "script" and self.script_type is not None:
            text = "".join(self.script_text)
            if self.script_type == _JSON_LD:
                self._check_json_ld(text)
            elif "alert(" in text:  # the theme's own scripts never call alert(); payloads do
                self.findings.problems.append(f"{self.where}: <script>{text[:60]}</script>")
            self.script_type = None

    def handle_data(self, data):
        if self.script_type is not None:
            self.script_text.append(data)
        else:
            self.findings.shown.append(data)

    def _check_json_ld(self, text: str) -> None:
        if re.search(r"</|<!--", text):
            self.findings.problems.append(f"{self.where}: JSON-LD holds '</' or '<!--'")
        try:
            data = json.loads(text)
        except ValueError as exc:
            self.findings.problems.append(f"{self.where}: JSON-LD is not JSON: {exc}")
            return
        self.findings.shown.extend(_strings(data))


def allowed_url(attribute: str, url: str) -> bool:
    """True when a browser reading `url` in `attribute` (entities decoded) finds a scheme a
    page may use there, or none (a path)."""
    scheme = browser_scheme(html.unescape(url))
    allowed = WEB_SCHEMES if attribute in LOADED_ATTRIBUTES else LINK_SCHEMES
    return scheme is None or scheme in allowed


def _strings(data) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for value in data.values() for s in _strings(value)]
    if isinstance(data, list):
        return [s for value in data for s in _strings(value)]
    return []


_JSON_URL_KEYS = {"url", "image", "website"}


def _json_urls(data) -> list[tuple[str, str]]:
    """(key, value) of every string under a key that names a URL, at any depth."""
    if isinstance(data, dict):
        found = [(k, v) for k, v in data.items() if k in _JSON_URL_KEYS and isinstance(v, str)]
        return found + [pair for value in data.values() for pair in _json_urls(value)]
    if isinstance(data, list):
        return [pair for value in data for pair in _json_urls(value)]
    return []


def scan_html(text: str, where: str, findings: Findings) -> None:
    scanner = _PageScanner(where, findings)
    scanner.feed(text)
    scanner.close()


def scan_xml(data: bytes, where: str, findings: Findings) -> None:
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        findings.problems.append(f"{where}: not well-formed XML: {exc}")
        return
    for element in root.iter():
        local = element.tag.rsplit("}", 1)[-1]
        if local == MARKER_TAG:
            findings.live_markers.add(element.get("id", "?"))
        for name, value in element.attrib.items():
            findings.shown.append(value)
            if name == "href" and not allowed_url(name, value):
                findings.problems.append(f"{where}: <{local} href={value[:60]!r}>")
        if element.text:
            findings.shown.append(element.text)
            if element.get("type") in ("html", "xhtml"):  # a feed reader renders it
                scan_html(element.text, f"{where} <{local} type=html>", findings)


def scan_site(output: Path) -> Findings:
    """Every page, the feed, the sitemap and any JSON of a built site."""
    findings = Findings()
    for path in sorted(output.rglob("*")):
        if path.is_file():
            scan_file(path.relative_to(output).as_posix(), path.read_bytes(), findings)
    return findings


def scan_file(where: str, data: bytes, findings: Findings) -> None:
    """One file of a site, by its name: HTML, XML or JSON; others are not read."""
    if where.endswith(".html"):
        scan_html(data.decode("utf-8"), where, findings)
    elif where.endswith(".xml"):
        scan_xml(data, where, findings)
    elif where.endswith(".json"):
        try:
            value = json.loads(data.decode("utf-8"))
        except ValueError as exc:
            findings.problems.append(f"{where}: not JSON: {exc}")
            return
        findings.shown.extend(_strings(value))
        for key, url in _json_urls(value):  # resume.json's links: JSON Resume themes emit them
            # A theme shows `image` as a picture, the rest as links.
            if not allowed_url("src" if key == "image" else "href", url):
                findings.problems.append(f"{where}: {key}: {url[:60]!r}")
