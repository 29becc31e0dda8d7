"""Read a built page with the standard HTML parser: text, links, ids, elements by class."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

VOID = {  # elements that have no end tag
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "param",
    "source",
    "track",
    "wbr",
}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def text(self) -> str:
        parts = [c if isinstance(c, str) else c.text for c in self.children]
        return " ".join(" ".join(parts).split())

    def iter(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs: str):
        for element in self.iter():
            if tag and element.tag != tag:
                continue
            if cls and cls not in element.attrs.get("class", "").split():
                continue
            if any(element.attrs.get(k.rstrip("_")) != v for k, v in attrs.items()):
                continue
            yield element

    def find(self, tag: str | None = None, cls: str | None = None, **attrs: str):
        return next(self.find_all(tag, cls, **attrs), None)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


@dataclass
class Page:
    root: Element

    @property
    def title(self) -> str:
        element = self.root.find("title")
        return element.text if element else ""

    @property
    def lang(self) -> str:
        element = self.root.find("html")
        return element.attrs.get("lang", "") if element else ""

    @property
    def main(self) -> Element:
        return self.root.find("main")

    @property
    def text(self) -> str:
        return self.root.text

    def links(self) -> list[str]:
        return [e.attrs["href"] for e in self.root.find_all("a") if "href" in e.attrs]


def read_page(path: Path) -> Page:
    return parse_page(path.read_text(encoding="utf-8"))


def parse_page(html: str) -> Page:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return Page(builder.root)
