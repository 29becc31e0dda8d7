"""The one YAML and front-matter reader: plain data plus the line and column of every key and item.

PyYAML's constructors drop positions, silently keep the last of two equal keys, and turn
`2021.10` into the float 2021.1 and `NO` into False. So this module composes the node tree
(with LibYAML when present) and builds the data itself:

- every plain scalar stays a string (null aside); the schema converts it to what the field
  needs, so `2021.10` is still a date and a title of `2021` is still text;
- a duplicate key is an error naming both lines;
- positions are kept per field path, for error messages that point at the line;
- alias expansion, nesting depth and file size are bounded, so hostile files fail fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from yaml.composer import Composer
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from generator.content.textfile import (
    CONTROL,
    control_character_message,
    fail,
    front_matter_lines,
    read_text,
)
from generator.errors import (
    ContentError,
    ContentErrors,
    FieldPath,
    format_field_path,
    library_message,
    shown,
)

MAX_DEPTH = 64
MAX_VALUES = 100_000


class _TooDeep(Exception):
    def __init__(self, mark: Any):
        self.mark = mark


class _DepthLimitedComposer(Composer):
    """PyYAML's composer, refusing nesting past MAX_DEPTH before it recurses further.

    LibYAML's own composer recurses in C without a limit: a line of 100,000 '[' crashes the
    interpreter (a segmentation fault, not an exception). So nodes are composed here, in
    Python, from LibYAML's events; parsing stays in C, where most of the time goes.
    """

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH + 1:
                raise _TooDeep(self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _PythonParser(Reader, Scanner, Parser):
    """PyYAML's own parser, in Python."""

    def __init__(self, stream: str):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)


try:  # LibYAML's parser is several times faster; node marks are the same.
    from yaml._yaml import CParser as _Parser
except ImportError:  # pragma: no cover - PyYAML built without LibYAML
    _Parser = _PythonParser  # type: ignore[misc]


class _Loader(_DepthLimitedComposer, _Parser, Resolver):
    def __init__(self, stream: str):
        _Parser.__init__(self, stream)
        _DepthLimitedComposer.__init__(self)
        Resolver.__init__(self)


class _PythonLoader(_DepthLimitedComposer, _PythonParser, Resolver):
    def __init__(self, stream: str):
        _PythonParser.__init__(self, stream)
        _DepthLimitedComposer.__init__(self)
        Resolver.__init__(self)


def _compose(text: str) -> Any:
    """The node tree of `text`. LibYAML composes it, a third faster, when the text cannot
    nest too deep for it (see _DepthLimitedComposer) and has no anchors or aliases, whose
    mistakes it words less well; otherwise PyYAML's composer does."""
    loader = _Loader(text)
    try:
        if _simple(text) and hasattr(_Parser, "get_single_node"):
            return _Parser.get_single_node(loader)
        return loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        # LibYAML 0.2.6 (PyYAML 6.0.4's) refuses 1,000 levels of nesting, which its scanner
        # may meet while it looks ahead for a key, before the composer here meets 65: then
        # PyYAML's own parser, which has no such limit, lets that composer say where.
        if "maximum nesting depth" not in str(exc.problem) or _Parser is _PythonParser:
            raise
    finally:
        loader.dispose()
    loader = _PythonLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _simple(text: str) -> bool:
    """No anchor or alias, and fewer collections than MAX_DEPTH: each takes an indicator
    (`-`, `:` or `?` in block style, `[` or `{` in flow style). Short front matter is."""
    if "&" in text or "*" in text:
        return False
    return sum(text.count(indicator) for indicator in "-:?[{") <= MAX_DEPTH


_NULL_TAG = "tag:yaml.org,2002:null"
_MERGE_TAG = "tag:yaml.org,2002:merge"


class Mark(NamedTuple):
    """A 1-based position in a file. (A tuple: one is made for every value read.)"""

    line: int
    column: int


@dataclass
class Document:
    """Data read from one YAML text, with the position of every value and mapping key."""

    file: str
    data: Any
    marks: dict[FieldPath, Mark] = field(default_factory=dict)
    key_marks: dict[FieldPath, Mark] = field(default_factory=dict)
    # Paths of data that was moved when read (a translation resolved) -> where it is written.
    shown: dict[FieldPath, FieldPath] = field(default_factory=dict)

    def mark(self, path: FieldPath, *, key: bool = False) -> Mark:
        """The position of `path`, or of its nearest known ancestor."""
        path = tuple(path)
        while True:
            if key and path in self.key_marks:
                return self.key_marks[path]
            if path in self.marks:
                return self.marks[path]
            if not path:
                return Mark(1, 1)
            path = path[:-1]

    def field_name(self, root: str, path: FieldPath) -> str:
        """`path` as the user wrote it: `title.de` for the German value of a translated title."""
        path = tuple(path)
        if self.shown:
            for end in range(len(path), 0, -1):
                if path[:end] in self.shown:
                    path = (*self.shown[path[:end]], *path[end:])
                    break
        return format_field_path(root, path)

    def error(self, path: FieldPath, message: str, *, root: str = "", key: bool = False):
        mark = self.mark(path, key=key)
        return ContentError(self.file, mark.line, mark.column, self.field_name(root, path), message)


class _Builder:
    """Turns a composed node tree into plain data, recording marks and collecting errors."""

    def __init__(self, file: str, line_offset: int, root: str = ""):
        self.file = file
        self.line_offset = line_offset
        self.root = root
        self.marks: dict[FieldPath, Mark] = {}
        self.key_marks: dict[FieldPath, Mark] = {}
        self.errors: list[ContentError] = []
        self.values = 0

    def mark_of(self, node: yaml.Node) -> Mark:
        return Mark(node.start_mark.line + 1 + self.line_offset, node.start_mark.column + 1)

    def error(self, node: yaml.Node, path: FieldPath, message: str) -> None:
        mark = self.mark_of(node)
        self.errors.append(
            ContentError(
                self.file, mark.line, mark.column, format_field_path(self.root, path), message
            )
        )

    def build(self, node: yaml.Node, path: FieldPath = ()) -> Any:
        self.values += 1
        if self.values > MAX_VALUES:
            raise fail(self.file, self.mark_of(node).line, self.mark_of(node).column, _TOO_MANY)
        if len(path) > MAX_DEPTH:
            mark = self.mark_of(node)
            raise fail(self.file, mark.line, mark.column, f"nested deeper than {MAX_DEPTH} levels")
        if path not in self.marks:  # a `<<` merge builds paths again: the first place wins
            self.marks[path] = self.mark_of(node)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        return self.mapping(node, path)

    def scalar(self, node: yaml.ScalarNode, path: FieldPath) -> str | None:
        # The resolver tags only plain `~`, `null` and empty values as null (LibYAML reports
        # plain style as '' and PyYAML as None, so the tag is the reliable sign).
        if node.tag == _NULL_TAG:
            return None
        if match := CONTROL.search(node.value):
            self.error(node, path, control_character_message(match.group()))
        return node.value

    def mapping(self, node: yaml.MappingNode, path: FieldPath) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_seen: dict[str, yaml.Node] = {}
        merges = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                merges.append(value_node)
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.error(key_node, path, "a key must be plain text, not a list or mapping")
                continue
            key = key_node.value
            if key in first_seen:
                first = self.mark_of(first_seen[key])
                self.error(
                    key_node,
                    (*path, key),
                    f"duplicate key {shown(key)} (first defined at line {first.line}); "
                    "YAML would keep only the last value",
                )
                continue
            first_seen[key] = key_node
            self.key_marks.setdefault((*path, key), self.mark_of(key_node))
            result[key] = self.build(value_node, (*path, key))
        # Merged keys come last, so that the keys written here keep their own marks and a
        # merged key only fills a gap (and is placed where the anchor wrote it).
        for value_node in merges:
            self.merge(value_node, path, result)
        return result

    def merge(self, value_node: yaml.Node, path: FieldPath, result: dict[str, Any]) -> None:
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            if not isinstance(source, yaml.MappingNode):
                self.error(source, path, "'<<' merges only mappings")
                continue
            for key, value in self.mapping(source, path).items():
                result.setdefault(key, value)


# Every list item and mapping value counts, whether written out or repeated by an alias: a
# big file would fill the memory and take minutes to build, as an alias bomb would.
_TOO_MANY = (
    f"too many values: more than {MAX_VALUES:,} list items and mapping values in one file "
    "(the limit keeps a build's memory and time in bounds); split it into smaller files"
)
_TOO_MANY_ALIASES = (
    f"too many values: more than {MAX_VALUES:,} list items and mapping values once its "
    "aliases are expanded, each *alias counting all it repeats (the limit keeps a build's "
    "memory and time in bounds, against alias bombs); use fewer aliases"
)


def _children(node: yaml.Node) -> list[yaml.Node]:
    """The nodes `_Builder.build` makes values of: items, and mapping values (keys are text)."""
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [value for _, value in node.value]
    return []


def _expanded_size(node: yaml.Node, sizes: dict[int, int]) -> int:
    """How many values `node` becomes once its aliases are expanded, counted without doing so.

    An alias is the same node object as its anchor, so each node is counted once (`sizes`);
    the composer has already bounded the depth, so this recursion is shallow.
    """
    key = id(node)
    if key not in sizes:
        sizes[key] = 1  # a node that contains itself is refused for its depth later
        sizes[key] = 1 + sum(_expanded_size(child, sizes) for child in _children(node))
    return sizes[key]


def _too_many_values(root: yaml.Node) -> yaml.Node | None:
    """Where a billion-laughs document passes MAX_VALUES, found before anything is built:
    the first, innermost node that expands past it (a list of aliases, at its own line).
    None for a document under the limit, and for one over it without its aliases: that is
    only big, and the builder refuses it at the value that passes the limit."""
    sizes: dict[int, int] = {}
    if _expanded_size(root, sizes) <= MAX_VALUES or len(sizes) > MAX_VALUES:
        return None
    node = root
    while True:
        big = next((c for c in _children(node) if sizes[id(c)] > MAX_VALUES), None)
        if big is None:
            return node
        node = big


def _syntax_error(exc: yaml.MarkedYAMLError, file: str, text: str, line_offset: int):
    mark = exc.problem_mark or exc.context_mark
    if mark is None:  # pragma: no cover - PyYAML always marks parser errors
        return fail(file, 0, 0, f"YAML syntax error: {library_message(str(exc))}")
    lines = text.split("\n")
    source_line = lines[mark.line] if mark.line < len(lines) else ""
    indent = source_line[: len(source_line) - len(source_line.lstrip(" \t"))]
    if "\t" in indent:
        column = indent.index("\t") + 1
        return fail(
            file,
            mark.line + 1 + line_offset,
            column,
            "tab character used for indentation; YAML indents with spaces only",
        )
    problem = exc.problem or "invalid YAML"
    context = exc.context or ""
    start = exc.context_mark
    if exc.problem == "second occurrence" and start is not None:  # PyYAML's duplicate anchor
        where = f"line {start.line + 1 + line_offset}, column {start.column + 1}"
        message = f"{context.split(';')[0]} (first defined at {where})"
    elif context.startswith("while ") and start is not None and exc.problem_mark is not None:
        # "found unexpected end of stream while scanning a quoted scalar that starts at
        # line 3, column 10": the start is where the user has to look.
        where = f"line {start.line + 1 + line_offset}, column {start.column + 1}"
        message = f"{problem} {context} that starts at {where}"
    else:
        message = f"{context} {problem}".strip()
    line = mark.line + 1 + line_offset
    return fail(file, line, mark.column + 1, f"YAML syntax error: {library_message(message)}")


def load_yaml(text: str, file: str, *, line_offset: int = 0, root: str = "") -> Document:
    """Parse one YAML document. Raises ContentErrors with every error found in it.

    `root` names the document in field paths (`experience` gives `experience[2].start`).
    """
    try:
        node = _compose(text)
    except _TooDeep as exc:
        line, column = exc.mark.line + 1 + line_offset, exc.mark.column + 1
        raise fail(file, line, column, f"nested deeper than {MAX_DEPTH} levels") from None
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, file, text, line_offset) from None
    except yaml.YAMLError as exc:
        raise fail(file, 0, 0, f"YAML error: {library_message(str(exc))}") from None
    except RecursionError:
        raise fail(file, 0, 0, f"nested deeper than {MAX_DEPTH} levels") from None
    except UnicodeEncodeError as exc:  # LibYAML reads UTF-8, which has no lone surrogates
        raise _surrogate(text, exc.start, file, line_offset) from None
    if node is None:
        return Document(file, None)
    # Only aliases (`*name`) make a document bigger than its text; without one, the
    # builder's own count is the bound.
    if "*" in text and (culprit := _too_many_values(node)) is not None:
        mark = culprit.start_mark
        raise fail(file, mark.line + 1 + line_offset, mark.column + 1, _TOO_MANY_ALIASES)
    builder = _Builder(file, line_offset, root)
    data = builder.build(node)
    if builder.errors:
        raise ContentErrors(builder.errors)
    return Document(file, data, builder.marks, builder.key_marks)


def _surrogate(text: str, at: int, file: str, line_offset: int) -> ContentErrors:
    """A lone surrogate in text made in Python (a JSON `\\ud800` escape, say): no file
    decoded as UTF-8 or UTF-16 holds one."""
    line = text.count("\n", 0, at) + 1 + line_offset
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return fail(
        file,
        line,
        column,
        f"U+{ord(text[at]):04X} is half of a surrogate pair, not a character: remove it",
    )


def read_yaml(path: Path, file: str, *, root: str = "") -> Document:
    """Read a YAML file; `file` is the path as shown in messages, `root` as in load_yaml."""
    return load_yaml(read_text(path, file), file, root=root)


@dataclass
class FrontMatterFile:
    """A Markdown file: its front matter as a Document, its body and the body's first line."""

    meta: Document
    body: str
    body_line: int


def split_front_matter(text: str, file: str) -> FrontMatterFile:
    """Split `---` front matter from a Markdown body; a file without it is all body."""
    lines, end = front_matter_lines(text, file)
    if end is None:
        return FrontMatterFile(Document(file, {}), text, 1)
    meta = load_yaml("\n".join(lines[1:end]), file, line_offset=1)
    if meta.data is None:
        meta.data = {}
    return FrontMatterFile(meta, "\n".join(lines[end + 1 :]), end + 2)


def read_front_matter(path: Path, file: str) -> FrontMatterFile:
    return split_front_matter(read_text(path, file), file)
