"""The one YAML and front-matter reader: plain data plus the line and column of every key and item.

yamlnodes composes the node tree (with LibYAML when present) within bounds on nesting and
on aliases; yamldata builds plain data from it with every value's position, strings left
as strings for the schema to convert; yamlsyntax words syntax errors. Hostile files fail
fast, with an error at the line and column to look at.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from generator.content.document import Document, Mark
from generator.content.textfile import fail, front_matter_lines, read_text
from generator.content.yamldata import DataBuilder
from generator.content.yamlnodes import (
    MAX_DEPTH,
    MAX_VALUES,
    TOO_MANY,
    TooDeep,
    TooMany,
    compose,
    too_many_values,
)
from generator.content.yamlsyntax import surrogate, syntax_error
from generator.errors import ContentErrors, library_message

# Other packages import these from here, where they were first defined.
__all__ = [
    "MAX_DEPTH",
    "MAX_VALUES",
    "TOO_MANY",
    "Document",
    "FrontMatterFile",
    "Mark",
    "load_yaml",
    "read_front_matter",
    "read_yaml",
    "split_front_matter",
]

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
    except TooDeep as exc:
        line, column = exc.mark.line + 1 + line_offset, exc.mark.column + 1
        raise fail(file, line, column, f"nested deeper than {MAX_DEPTH} levels") from None
    except TooMany as exc:
        line, column = exc.mark.line + 1 + line_offset, exc.mark.column + 1
        raise fail(file, line, column, TOO_MANY) from None
    except yaml.MarkedYAMLError as exc:
        raise syntax_error(exc, file, text, line_offset) from None
    except yaml.YAMLError as exc:
        raise fail(file, 0, 0, f"YAML error: {library_message(str(exc))}") from None
    except RecursionError:
        raise fail(file, 0, 0, f"nested deeper than {MAX_DEPTH} levels") from None
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
