"""The one YAML and front-matter reader: plain data plus the line and column of every key and item,
as a Document, which every reader of content (YAML, front matter, BibTeX) hands over so that any
later check can place its error at the field the user wrote.

PyYAML's constructors drop positions, keep the last of two equal keys silently, and turn
`2021.10` into the float 2021.1 and `NO` into False, so reading stops at the node tree
(`yaml.compose`), composed within bounds on nesting and aliases so that hostile files fail
fast; the data is built from it with every value's position, scalars left as strings for the
schema to convert. PyYAML's syntax errors are reworded in a résumé author's terms.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from yaml.composer import Composer

from generator.content.textfile import (
    CONTROL,
    control_character_message,
    fail,
    front_matter_lines,
    position,
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
        field_name = self.field_name(root, path)
        return ContentError(self.file, *self.mark(path, key=key), field_name, message)


MAX_DEPTH = 64
MAX_VALUES = 100_000
TOO_DEEP = f"nested deeper than {MAX_DEPTH} levels"
# Every list item and mapping value counts, whether written out or repeated by an alias: a
# big file would fill the memory and take minutes to build, as an alias bomb would.
TOO_MANY = (
    f"too many values: more than {MAX_VALUES:,} list items and mapping values in one file "
    "(the limit keeps a build's memory and time in bounds); split it into smaller files"
)

# LibYAML's loader is C, PyYAML's own Python; node marks are the same.
_LIBYAML_LOADER = getattr(yaml, "CSafeLoader", None)


class _TooBig(Exception):
    """The text passes MAX_DEPTH or MAX_VALUES: `message` says which, `mark` where."""

    def __init__(self, mark: Any, message: str):
        self.mark = mark
        self.message = message


class _DepthLimit(Composer):
    """PyYAML's composer, refusing nesting past MAX_DEPTH and more than MAX_VALUES values
    (counted as the data builder counts them, an alias once) before it composes further.
    LibYAML's own composer recurses in C without a limit, crashing the interpreter on deep
    text, so such text is composed here, from the events of LibYAML's parser."""

    def __init__(self) -> None:
        Composer.__init__(self)
        self.depth = 0
        self.values = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH + 1:
                raise _TooBig(self.peek_event().start_mark, TOO_DEEP)
            if parent is None or index is not None:  # Composer passes a key no index
                self.values += 1
                if self.values > MAX_VALUES:
                    raise _TooBig(self.peek_event().start_mark, TOO_MANY)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


class _PythonLoader(_DepthLimit, yaml.SafeLoader):
    """PyYAML's loader, all in Python, under the depth limit."""

    def __init__(self, stream: str):
        yaml.SafeLoader.__init__(self, stream)
        _DepthLimit.__init__(self)


class _EventLoader(_DepthLimit, _LIBYAML_LOADER or yaml.SafeLoader):
    """LibYAML's parser under PyYAML's composer: Composer's methods come first in the order,
    so its get_single_node, not LibYAML's, composes the events."""

    def __init__(self, stream: str):
        (_LIBYAML_LOADER or yaml.SafeLoader).__init__(self, stream)
        _DepthLimit.__init__(self)


def compose(text: str) -> yaml.Node | None:
    """The node tree of `text`. LibYAML composes it when the text cannot
    nest too deep for it (see _DepthLimit) and has no anchors or aliases, whose mistakes it
    words less well; otherwise PyYAML's composer does."""
    if _LIBYAML_LOADER is not None and simple(text):
        return yaml.compose(text, Loader=_LIBYAML_LOADER)
    try:
        return _composed(_EventLoader(text))
    except yaml.MarkedYAMLError as exc:
        # LibYAML 0.2.6 (PyYAML 6.0.4's) refuses 1,000 levels of nesting, which its scanner
        # may meet while it looks ahead for a key, before the composer here meets 65: then
        # PyYAML's own parser, which has no such limit, lets that composer say where.
        if "maximum nesting depth" not in str(exc.problem) or _LIBYAML_LOADER is None:
            raise
    return _composed(_PythonLoader(text))


def _composed(loader: Composer) -> yaml.Node | None:
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def simple(text: str) -> bool:
    """No anchor or alias, and fewer collections than MAX_DEPTH: each takes an indicator
    (`-`, `:` or `?` in block style, `[` or `{` in flow style). Short front matter is."""
    if "&" in text or "*" in text:
        return False
    return sum(text.count(indicator) for indicator in "-:?[{") <= MAX_DEPTH


def _children(node: yaml.Node) -> list[yaml.Node]:
    """The nodes `DataBuilder.build` makes values of: items, and mapping values (keys are text)."""
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


def too_many_values(root: yaml.Node) -> yaml.Node | None:
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


# YAML 1.1 and 1.2 (and so PyYAML and LibYAML) read an implicit key only up to this many
# characters; a longer one is not seen as a key at all.
MAX_KEY_LENGTH = 1024
# What may come right before a plain key on its line.
_BEFORE_KEY = ("- ", "? ", "{", "[", ",")


def syntax_error(
    exc: yaml.MarkedYAMLError, file: str, text: str, line_offset: int
) -> ContentErrors:
    """The error `exc` in `text`, located in `file` (whose text starts `line_offset` lines in)."""
    mark = exc.problem_mark or exc.context_mark
    if mark is None:  # pragma: no cover - PyYAML always marks parser errors
        return fail(file, 0, 0, f"YAML syntax error: {library_message(str(exc))}")
    source_line = _line(text, mark.line)
    indent = source_line[: len(source_line) - len(source_line.lstrip(" \t"))]
    line = mark.line + 1 + line_offset
    if "\t" in indent:
        message = "tab character used for indentation; YAML indents with spaces only"
        return fail(file, line, indent.index("\t") + 1, message)
    key_start = _long_key_start(source_line, mark.column)
    if key_start is not None:
        message = (
            f"mapping key too long: {mark.column - key_start:,} characters from here to its "
            f"':', and YAML reads a key of at most {MAX_KEY_LENGTH:,}; shorten the key"
        )
        return fail(file, line, key_start + 1, message)
    message = _reworded(exc, line_offset)
    return fail(file, line, mark.column + 1, f"YAML syntax error: {library_message(message)}")


def _line(text: str, index: int) -> str:
    lines = text.split("\n")
    return lines[index] if index < len(lines) else ""


def _reworded(exc: yaml.MarkedYAMLError, line_offset: int) -> str:
    problem = exc.problem or "invalid YAML"
    context = exc.context or ""
    start = exc.context_mark
    if start is None:
        return f"{context} {problem}".strip()
    where = f"line {start.line + 1 + line_offset}, column {start.column + 1}"
    if exc.problem == "second occurrence":  # PyYAML's duplicate anchor
        return f"{context.split(';')[0]} (first defined at {where})"
    if context.startswith("while ") and exc.problem_mark is not None:
        # "found unexpected end of stream while scanning a quoted scalar that starts at
        # line 3, column 10": the start is where the user has to look.
        return f"{problem} {context} that starts at {where}"
    return f"{context} {problem}".strip()


def _long_key_start(line: str, column: int) -> int | None:
    """Where the key ending at the ':' at `column` starts, if that key is over the limit (a
    key on one line is quoted, or plain text after the indent, `- `, `? `, `{`, `[` or `,`)."""
    if line[column : column + 1] != ":":
        return None
    key = line[:column].rstrip()
    if key.endswith(('"', "'")):
        start = _quote_start(key)
    else:
        start = max((key.rfind(mark) + len(mark) for mark in _BEFORE_KEY if mark in key), default=0)
        start += len(key[start:]) - len(key[start:].lstrip())
        if ": " in key[start:]:  # a value, not a key: some other mistake
            return None
    if start is None or column - start <= MAX_KEY_LENGTH:
        return None
    return start


def _quote_start(key: str) -> int | None:
    """Where the quoted scalar that ends `key` opens (None if it does not on this line)."""
    quote = key[-1]
    index = len(key) - 1
    while (index := key.rfind(quote, 0, index)) >= 0:
        escaped = quote == '"' and (len(key[:index]) - len(key[:index].rstrip("\\"))) % 2
        doubled = quote == "'" and index > 0 and key[index - 1] == "'"
        if doubled:
            index -= 1
        elif not escaped:
            return index
    return None


def surrogate(text: str, at: int, file: str, line_offset: int) -> ContentErrors:
    """A lone surrogate in text made in Python (a JSON `\\ud800` escape, say): no file
    decoded as UTF-8 or UTF-16 holds one."""
    line, column = position(text, at)
    message = f"U+{ord(text[at]):04X} is half of a surrogate pair, not a character: remove it"
    return fail(file, line + line_offset, column, message)


_NULL_TAG = "tag:yaml.org,2002:null"
_MERGE_TAG = "tag:yaml.org,2002:merge"


class DataBuilder:
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
        field = format_field_path(self.root, path)
        self.errors.append(ContentError(self.file, *self.mark_of(node), field, message))

    def build(self, node: yaml.Node, path: FieldPath = ()) -> Any:
        mark = self.mark_of(node)
        self.values += 1
        if self.values > MAX_VALUES:
            raise fail(self.file, *mark, TOO_MANY)
        if len(path) > MAX_DEPTH:
            raise fail(self.file, *mark, TOO_DEEP)
        self.marks.setdefault(path, mark)  # a `<<` merge builds paths again: the first wins
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


_TOO_MANY_ALIASES = (
    f"too many values: more than {MAX_VALUES:,} list items and mapping values once its "
    "aliases are expanded, each *alias counting all it repeats (the limit keeps a build's "
    "memory and time in bounds, against alias bombs); use fewer aliases"
)


def load_yaml(text: str, file: str, *, line_offset: int = 0, root: str = "") -> Document:
    """Parse one YAML document. Raises ContentErrors with every error found in it.

    `root` names the document in field paths (`experience` gives `experience[2].start`).
    """
    node = _node_tree(text, file, line_offset)
    if node is None:
        return Document(file, None)
    # Only aliases (`*name`) make a document bigger than its text; without one, the
    # builder's own count is the bound.
    if "*" in text and (culprit := too_many_values(node)) is not None:
        mark = culprit.start_mark
        raise fail(file, mark.line + 1 + line_offset, mark.column + 1, _TOO_MANY_ALIASES)
    builder = DataBuilder(file, line_offset, root)
    data = builder.build(node)
    if builder.errors:
        raise ContentErrors(builder.errors)
    return Document(file, data, builder.marks, builder.key_marks)


def _node_tree(text: str, file: str, line_offset: int) -> yaml.Node | None:
    """The composed text, or the ContentErrors saying why it cannot be."""
    try:
        return compose(text)
    except _TooBig as exc:
        line, column = exc.mark.line + 1 + line_offset, exc.mark.column + 1
        raise fail(file, line, column, exc.message) from None
    except yaml.MarkedYAMLError as exc:
        raise syntax_error(exc, file, text, line_offset) from None
    except yaml.YAMLError as exc:
        raise fail(file, 0, 0, f"YAML error: {library_message(str(exc))}") from None
    except RecursionError:
        raise fail(file, 0, 0, TOO_DEEP) from None
    except UnicodeEncodeError as exc:  # LibYAML reads UTF-8, which has no lone surrogates
        raise surrogate(text, exc.start, file, line_offset) from None


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
