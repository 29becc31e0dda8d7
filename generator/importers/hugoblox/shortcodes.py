"""Hugo shortcodes in a page's body as the Markdown that shows the same (a button as a link, a
callout as its text); what has no Markdown form is left out. Each is noted with its line;
an escaped shortcode becomes the literal text Hugo shows."""

from __future__ import annotations

import re
import shlex

from generator.importers.sitesource.markup import local_links_as_text, outside_code

_ESCAPED = re.compile(r"\{\{([<%])/\*\s*(.*?)\s*\*/([>%])\}\}", re.S)
# One pass over the body, so that each match's offset gives its line in the source: a
# button or spoiler with its closing tag, any other opening or closing tag, a `{...}`
# attribute line, or `<!--more-->` (the last two keep their line, blank).
_SHORTCODE = re.compile(
    r"\{\{([<%])\s*(?P<pair>button|spoiler)\b(?P<pargs>[^}]*?)\s*[>%]\}\}(?P<inner>.*?)"
    r"\{\{[<%]\s*/(?P=pair)\s*[>%]\}\}"
    r"|\{\{[<%]\s*(?P<closing>/?)\s*(?P<name>[\w-]+)\b(?P<args>.*?)\s*/?\s*[>%]\}\}"
    r"|^(?P<attributes>[ \t]*\{[.#:]?[^{}\n]*\}[ \t]*)$"
    r"|^(?P<more>[ \t]*<!--\s*more\s*-->[ \t]*)$",
    re.S | re.M,
)
_PLACEHOLDER = "\x00{}\x00"


def attributes(text: str) -> tuple[dict[str, str], list[str]]:
    """`url="x" text="y" note` -> ({url: x, text: y}, [note])."""
    try:
        words = shlex.split(text.strip().rstrip("/"))
    except ValueError:
        words = text.split()
    named = dict(w.split("=", 1) for w in words if "=" in w)
    return named, [w for w in words if "=" not in w]


class Converter:
    """Converts one body, noting each shortcode with its line in the source file."""

    def __init__(self, first_line: int) -> None:
        self.first_line = first_line
        self.notes: list[str] = []
        self.text = ""

    def convert(self, body: str) -> str:
        escaped: list[str] = []

        def hide(match: re.Match[str]) -> str:
            opening, inside, closing = match.groups()
            escaped.append("{{" + f"{opening} {inside} {closing}" + "}}")
            return _PLACEHOLDER.format(len(escaped) - 1)

        self.text = _ESCAPED.sub(hide, body)
        text = _SHORTCODE.sub(self._replace, self.text)
        for index, original in enumerate(escaped):
            text = text.replace(_PLACEHOLDER.format(index), original)
        local: list[str] = []
        text = outside_code(text, lambda prose: local_links_as_text(prose, local))
        self.notes += [f"in the body (from line {self.first_line}): {note}" for note in local]
        return text

    def _replace(self, match: re.Match[str]) -> str:
        line = self.first_line + self.text.count("\n", 0, match.start())
        made, what = self._made(match)
        if what:
            self.notes.append(f"line {line}: {what}")
        return made

    def _made(self, match: re.Match[str]) -> tuple[str, str]:
        """The Markdown for one match, and what the report says of it ("" for nothing)."""
        if match.group("more") is not None:
            return "", "<!--more--> (Hugo's summary divider) left out"
        if match.group("attributes") is not None:
            return "", "a Markdown attribute line ({...}) left out"
        if match.group("pair"):
            return _paired(match.group("pair"), match.group("pargs"), match.group("inner"))
        if match.group("closing"):
            return "", ""
        name = match.group("name")
        named, positional = attributes(match.group("args"))
        made = _MADE.get(name, _generic)(named, positional)
        if name in _CONTAINERS:
            return made, f"shortcode {name} left out, the text inside kept"
        return made, f"shortcode {name} {'as Markdown' if made else 'left out'}"


def _paired(name: str, args: str, inner: str) -> tuple[str, str]:
    named, _ = attributes(args)
    inner = inner.strip()
    if name == "button" and named.get("url"):
        label = inner or named.get("text", named["url"])
        return f"[{label}]({named['url']})", f"shortcode {name} as a link to {named['url']}"
    title = named.get("text") or named.get("title")
    made = f"**{title}**\n\n{inner}" if title else inner
    return made, f"shortcode {name} as its text"


def _button(named: dict[str, str], positional: list[str]) -> str:
    url = named.get("url")
    text = named.get("text") or url
    return f"[{text}]({url})" if url else (text or "")


def _card(named: dict[str, str], positional: list[str]) -> str:
    title = named.get("title") or named.get("url") or ""
    subtitle = named.get("subtitle")
    link = f"[{title}]({named['url']})" if named.get("url") else title
    return f"- {link}" + (f": {subtitle}" if subtitle else "")


def _video(named: dict[str, str], positional: list[str]) -> str:
    ident = named.get("id") or (positional[0] if positional else "")
    return f"[Video on YouTube](https://www.youtube.com/watch?v={ident})" if ident else ""


def _audio(named: dict[str, str], positional: list[str]) -> str:
    source = named.get("src") or (positional[0] if positional else "")
    return f"[Audio]({source})" if source else ""


def _figure(named: dict[str, str], positional: list[str]) -> str:
    return named.get("caption") or named.get("title") or ""


def _generic(named: dict[str, str], positional: list[str]) -> str:
    """A shortcode with no Markdown form: its visible text (a title), else nothing."""
    return named.get("text") or named.get("title") or ""


_CONTAINERS = {"callout", "cards", "steps", "math", "toggle", "columns", "tabs", "tab", "details"}
_MADE = {
    "button": _button,
    "card": _card,
    "youtube": _video,
    "audio": _audio,
    "figure": _figure,
    "icon": lambda named, positional: "",
    "gallery": lambda named, positional: "",
}
