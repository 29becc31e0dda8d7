"""The code's shape, as issue 26 set it: packages one way, no cycles, small functions, and
no dependency's private names.

The layers themselves are import-linter's contract (`[tool.importlinter]` in pyproject.toml,
run by `lint-imports` in CI); these tests keep the rest of the promise where every test run
sees it. A module's length is a habit, not a rule (issue 43): a cap on it split the Markdown
importer into sixteen files with vague names and packed lines past the formatter; a module
is as long as the one thing it owns needs, and is read top to bottom.
"""

from __future__ import annotations

import ast
import statistics
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.helpers import REPO

PACKAGE = REPO / "generator"
MAX_MEDIAN_FUNCTION = 8
MAX_P90_FUNCTION = 30


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def name_of(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_module_is_in_an_import_cycle() -> None:
    grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (test extra)")
    sys.path.insert(0, str(REPO))
    graph = grimp.build_graph("generator", cache_dir=None)
    cycles = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            chain = graph.find_shortest_chain(importer=imported, imported=module)
            if chain is not None:
                cycles.add(" -> ".join((module, *chain)))
    assert sorted(cycles) == []


def _body_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines of a function's body, its docstring left out."""
    body = function.body
    if ast.get_docstring(function) is not None:
        body = body[1:]
    if not body:
        return 1
    return function.end_lineno - body[0].lineno + 1


def test_functions_are_small() -> None:
    sizes = sorted(
        _body_lines(node)
        for path in modules()
        for node in ast.walk(tree(path))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    )
    median = statistics.median(sizes)
    p90 = sizes[int(len(sizes) * 0.9)]
    assert median <= MAX_MEDIAN_FUNCTION and p90 <= MAX_P90_FUNCTION, (median, p90)


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("__init__.py")), ids=lambda p: name_of(p) or "generator"
)
def test_every_package_says_what_it_owns(path: Path) -> None:
    doc = ast.get_docstring(tree(path)) or ""
    assert len(doc.split()) >= 8 and "TODO" not in doc, f"{name_of(path)}: {doc!r}"


def _own_private_names() -> set[str]:
    """Every `_name` the package itself defines: functions, classes, attributes, arguments."""
    names: set[str] = set()
    for path in modules():
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[0])
    return {n for n in names if n.startswith("_")}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def test_no_private_name_of_a_dependency_is_used() -> None:
    """A dependency's private name (`md.inlinePatterns._priority`, `yaml._yaml`,
    `markupsafe._escape_inner`) may change in any release: only names the package
    defines itself may start with an underscore where they are used."""
    own = _own_private_names()
    found = []
    for path in modules():
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                parts = node.module.split(".")
                if parts[0] != "generator":
                    found += [
                        f"{name_of(path)}: from {node.module} import {a.name}"
                        for a in node.names
                        if _private(a.name)
                    ]
                    if any(_private(p) for p in parts):
                        found.append(f"{name_of(path)}: from {node.module}")
            elif isinstance(node, ast.Import):
                found += [
                    f"{name_of(path)}: import {a.name}"
                    for a in node.names
                    if any(_private(p) for p in a.name.split("."))
                ]
            elif isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
                found.append(f"{name_of(path)}:{node.lineno}: .{node.attr}")
            elif _looked_up_by_name(node, own):
                found.append(f"{name_of(path)}:{node.lineno}: {node.args[1].value!r}")
    assert found == [], found


def _looked_up_by_name(node: ast.AST, own: set[str]) -> bool:
    """`getattr(markupsafe, "_escape_inner", None)` and the like: a private name as text."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "hasattr", "setattr", "delattr")
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
        and _private(node.args[1].value)
        and node.args[1].value not in own
    )


def test_no_private_method_of_a_dependency_is_overridden() -> None:
    """A subclass that replaces a library's private method (Jinja's `_get_default_module`,
    Markdown's name-mangled `_InlineProcessor__handleInline`) breaks when the library
    changes its insides; public extension points are what subclasses may override."""
    import importlib
    import inspect

    sys.path.insert(0, str(REPO))
    found = []
    for path in modules():
        if path.name == "__main__.py":  # running it is the command itself
            continue
        module = importlib.import_module(name_of(path))
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            outside = [b for b in cls.__mro__[1:] if not b.__module__.startswith("generator")]
            for name, value in vars(cls).items():
                written = inspect.isfunction(value) or isinstance(value, classmethod | staticmethod)
                if written and _private(name) and any(name in vars(b) for b in outside):
                    found.append(f"{cls.__module__}.{cls.__qualname__}.{name}")
    assert found == [], found


def test_the_architecture_page_names_every_package() -> None:
    """docs/architecture.md is the map: a package it does not name is a package it hides."""
    page = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    packages = sorted(
        name_of(path) for path in PACKAGE.glob("*/__init__.py") if name_of(path).count(".") == 1
    )
    missing = [name for name in packages if f"`{name.split('.')[1]}`" not in page]
    assert missing == []
