"""Writing content files for the importers: readable YAML, and files that are never overwritten.

Imported content is the user's from then on, so a file that exists is never replaced:
new files are written under a temporary name and linked to their own, which fails when the
name is taken, so a crash never leaves half a file behind; and never through a link that
leads out of the site (confined.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator import confined


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


def create(site: Path, relative: str, text: str) -> bool:
    """Write the new file `site/relative`; False (and nothing written) when the name is
    taken. Never through a link that leads out of the site (see confined.py)."""
    return confined.create(site, relative, text.encode("utf-8"))
