"""Compare two sets of files, each given as path -> content id, and say what changed."""

from __future__ import annotations

import hashlib
from pathlib import Path

Tree = dict[str, str]  # relative POSIX path -> an id of the file's bytes


def folder_tree(folder: Path, *, skip: frozenset[str] = frozenset()) -> Tree:
    """Every file under `folder` (but `skip`), identified by a digest of its bytes."""
    if not folder.is_dir():
        return {}
    tree = {}
    for path in folder.rglob("*"):
        relative = path.relative_to(folder).as_posix()
        if path.is_file() and relative not in skip:
            tree[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return tree


def describe_changes(old: Tree | None, new: Tree) -> str:
    """`40 files: 3 added, 1 changed, 0 removed`; just the count when there was nothing."""
    if old is None:
        return f"{len(new)} files"
    added = len(new.keys() - old.keys())
    removed = len(old.keys() - new.keys())
    changed = sum(1 for path in new.keys() & old.keys() if new[path] != old[path])
    return f"{len(new)} files: {added} added, {changed} changed, {removed} removed"
