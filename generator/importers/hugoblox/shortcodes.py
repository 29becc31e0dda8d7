"""Hugo shortcodes in a page's body, as the Markdown that shows the same: a button or a
card as a link, a callout or a spoiler as its text, a video as a link to it; what has no
Markdown form (an icon, a gallery) is left out. Every one is noted with its line, so the
report says what became of it. Escaped shortcodes (`{{</* x */>}}`, Hugo's way to show one
in a code example) become the literal text Hugo shows."""

from __future__ import annotations

import re
import shlex

from generator.importers.sitesource.markup import local_links_as_text, outside_code

_ESCAPED = re.compile(r"\{\{([<%])/\*\s*(.*?)\s*\*/([>%])\}\}", re.S)
_PAIRED = re.compile(
    r"\{\{([<%])\s*(button|spoiler)\b([^}]*?)\s*[>%]\}\}(.*?)\{\{[<%]\s*/\2\s*[>%]\}\}", re.S
)
_SINGLE = re.compile(r"\{\{([<%])\s*(/?)\s*([\w-]+)\b(.*?)\s*/?\s*[>%]\}\}", re.S)
_ATTRIBUTES = re.compile(r"^[ \t]*\{[.#:]?[^{}\n]*=?[^{}\n]*\}[ \t]*$\n?", re.M)
_MORE = re.compile(r"^[ \t]*<!--\s*more\s*-->[ \t]*\n?", re.M)
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
            escaped.append(
                "{{" + match.group(1) + " " + match.group(2) + " " + match.group(3) + "}}"
            )
            return _PLACEHOLDER.format(len(escaped) - 1)

        self.text = body
        text = _ESCAPED.sub(hide, body)
        if _MORE.search(text):
            self._note(text.find("<!--"), "<!--more--> (Hugo's summary divider) left out")
            text = _MORE.sub("", text)
        if _ATTRIBUTES.search(text):
            self._note(
                _ATTRIBUTES.search(text).start(), "a Markdown attribute line ({...}) left out"
            )
            text = _ATTRIBUTES.sub("", text)
        text = _PAIRED.sub(self._paired, text)
        text = _SINGLE.sub(self._single, text)
        for index, original in enumerate(escaped):
            text = text.replace(_PLACEHOLDER.format(index), original)
        local: list[str] = []
        text = outside_code(text, lambda prose: local_links_as_text(prose, local))
        self.notes += [f"line {self.first_line}…: {note}" for note in local]
        return text

    def _note(self, offset: int, what: str) -> None:
        line = self.first_line + self.text.count("\n", 0, max(offset, 0))
        self.notes.append(f"line {line}: {what}")

    def _paired(self, match: re.Match[str]) -> str:
        name, args, inner = match.group(2), match.group(3), match.group(4).strip()
        named, _ = attributes(args)
        offset = self.text.find(match.group(0)[:40])
        if name == "button" and named.get("url"):
            self._note(offset, f"shortcode {name} as a link to {named['url']}")
            return f"[{inner or named.get('text', named['url'])}]({named['url']})"
        self._note(offset, f"shortcode {name} as its text")
        title = named.get("text") or named.get("title")
        return f"**{title}**\n\n{inner}" if title else inner

    def _single(self, match: re.Match[str]) -> str:
        closing, name, args = match.group(2), match.group(3), match.group(4)
        offset = self.text.find(match.group(0)[:40])
        if closing:
            return ""
        named, positional = attributes(args)
        made = _MADE.get(name, _generic)(named, positional)
        what = "as Markdown" if made else "left out"
        if name in _CONTAINERS:
            what = "left out, the text inside kept"
        self._note(offset, f"shortcode {name} {what}")
        return made


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
