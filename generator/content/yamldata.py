"""A composed YAML node tree turned into plain data, with the position of every value.

Every plain scalar stays a string (null aside): the schema converts it to what the field
needs, so `2021.10` is still a date and a title of `2021` is still text. A duplicate key is
an error naming both lines, and a `<<` merge only fills the keys a mapping does not write.
"""

from __future__ import annotations

from typing import Any

import yaml

from generator.content.document import Mark
from generator.content.textfile import CONTROL, control_character_message, fail
from generator.content.yamlnodes import MAX_DEPTH, MAX_VALUES, TOO_MANY
from generator.errors import ContentError, FieldPath, format_field_path, shown

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
        mark = self.mark_of(node)
        self.errors.append(
            ContentError(
                self.file, mark.line, mark.column, format_field_path(self.root, path), message
            )
        )

    def build(self, node: yaml.Node, path: FieldPath = ()) -> Any:
        self.values += 1
        if self.values > MAX_VALUES:
            raise fail(self.file, self.mark_of(node).line, self.mark_of(node).column, TOO_MANY)
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
