"""Writing content files for the importers: readable YAML, and files that are never overwritten.

Imported content is the user's from then on, so a file that exists is never replaced:
new files are created exclusively (`open(..., "x")`), through a temporary name and a
rename, so a crash never leaves half a file behind.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml


class _Dumper(yaml.SafeDumper):
    """Block style, multi-line text as `|` blocks, and lists indented under their key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False):  # noqa: ANN201
        return super().increase_indent(flow, False)


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value.strip("\n"):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _text)


def to_yaml(data: Any) -> str:
    """YAML for a mapping or a list, in the order given, Unicode kept as is."""
    return yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100,
    )


def front_matter(meta: dict[str, Any], body: str = "") -> str:
    return f"---\n{to_yaml(meta)}---\n{body}"


def create(path: Path, text: str) -> bool:
    """Write a new file; False (and nothing written) when the path is already taken."""
    if path.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        # link() fails if the name was taken meanwhile, where rename() would replace it.
        os.link(temporary, path)
        return True
    except FileExistsError:
        return False
    finally:
        os.unlink(temporary)
