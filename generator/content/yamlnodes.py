"""YAML text composed into a node tree, within bounds, through PyYAML's public loaders.

PyYAML's constructors drop positions, silently keep the last of two equal keys, and turn
`2021.10` into the float 2021.1 and `NO` into False, so content stops at the node tree
(`yaml.compose`), whose nodes keep their start marks, and yamldata builds the data.

Nesting depth and alias expansion are bounded here, before any data is built, so hostile
files fail fast and never crash the interpreter.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.composer import Composer

MAX_DEPTH = 64
MAX_VALUES = 100_000
# Every list item and mapping value counts, whether written out or repeated by an alias: a
# big file would fill the memory and take minutes to build, as an alias bomb would.
TOO_MANY = (
    f"too many values: more than {MAX_VALUES:,} list items and mapping values in one file "
    "(the limit keeps a build's memory and time in bounds); split it into smaller files"
)

# LibYAML's loader is C, PyYAML's own Python; node marks are the same.
_LIBYAML_LOADER = getattr(yaml, "CSafeLoader", None)


class TooDeep(Exception):
    """The text nests past MAX_DEPTH; `mark` is where the first level too many starts."""

    def __init__(self, mark: Any):
        self.mark = mark


class TooMany(Exception):
    """The text holds more than MAX_VALUES values; `mark` is where the one too many starts."""

    def __init__(self, mark: Any):
        self.mark = mark


class _DepthLimit(Composer):
    """PyYAML's composer, refusing nesting past MAX_DEPTH before it recurses further, and
    more than MAX_VALUES values before it composes the rest (compose_node is its step per
    node). A value is counted as the data builder counts it: the document, list items and
    mapping values, not keys; an alias once, as written (the builder counts what it repeats).

    LibYAML's own composer recurses in C without a limit: a line of 100,000 '[' crashes the
    interpreter (a segmentation fault, not an exception). So text that could nest deep is
    composed in Python, from the events of LibYAML's parser where it is present.
    """

    def __init__(self) -> None:
        Composer.__init__(self)
        self.depth = 0
        self.values = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH + 1:
                raise TooDeep(self.peek_event().start_mark)
            if parent is None or index is not None:  # Composer passes a key no index
                self.values += 1
                if self.values > MAX_VALUES:
                    raise TooMany(self.peek_event().start_mark)
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
