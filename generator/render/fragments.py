"""Entries drawn once: what a theme's macro returns, kept by its arguments, for the macros
that read nothing but their arguments and the environment's globals. A list page rendered
again (the preview, after one entry of a long list changed) then draws only the entries
that changed.

A macro qualifies by what its source reads (`pure_macros`): its parameters, names it sets
itself, the environment's globals, `t` (the page's language), and other qualifying macros
of its file. Anything else of the page (`site`, `section`...), an include, an import or a
`caller` rules it out. A call is kept for one page (`url()` links from where the page is)
and only when every argument is a plain value, an entry or a list of them (`_key`); it is
given again while the entries it was given look the same (`Item.shown`). What the globals
read besides their arguments (settings, the profile, the pictures, the templates) is the
renderer's to watch: it forgets every kept call when those change
(`Renderer.forget_fragments`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2
from jinja2 import nodes

from generator.model.resume import Item
from generator.render.pages import Page

# Globals whose answer is not a function of their arguments.
_UNKEPT_GLOBALS = frozenset({"lipsum"})
# Nodes that read the page's context or another template: a macro holding one is not kept.
_CONTEXT_NODES = (
    nodes.Include,
    nodes.Import,
    nodes.FromImport,
    nodes.CallBlock,
    nodes.ContextReference,
    nodes.DerivedContextReference,
    nodes.ExtensionAttribute,
)


class Unkeyable(Exception):
    """An argument that no key can stand for: the call is made, not kept."""


class Fragments:
    """Kept calls of this build and the one before (older ones are dropped as builds go by)."""

    def __init__(self) -> None:
        self._now: dict[tuple, tuple[tuple, Any]] = {}
        self._before: dict[tuple, tuple[tuple, Any]] = {}

    def next_build(self) -> None:
        """A new build begins: calls neither it nor the last one made are dropped."""
        self._before, self._now = self._now, {}

    def forget(self) -> None:
        self._now.clear()
        self._before.clear()

    def draw(
        self, page: Page, template: str, macro: jinja2.runtime.Macro, args: tuple, kwargs: dict
    ) -> Any:
        """`macro` of `template` called on `page`, or what it returned there for the same
        arguments."""
        try:
            shown: list[tuple] = []
            where = (page.url, page.root, page.kind, page.language)  # `url()` and `t` read these
            key = (where, template, macro.name, _key(args, shown), _key(kwargs, shown))
        except Unkeyable:
            return macro(*args, **kwargs)
        kept = self._now.get(key) or self._before.pop(key, None)
        if kept is not None and kept[0] == tuple(shown):
            self._now[key] = kept
            return kept[1]
        output = macro(*args, **kwargs)
        self._now[key] = (tuple(shown), output)
        return output


def _key(value: Any, shown: list[tuple]) -> Any:
    """A hashable stand-in for `value`; each entry in it is noted in `shown` as it looks."""
    if value is None or isinstance(value, (str, int, float)):  # bool is an int
        return (type(value), value)  # Markup and str escape differently; 1 is not True
    if isinstance(value, Item):
        shown.append(value.shown)
        return (Item, value.key)
    if isinstance(value, (list, tuple)):
        return tuple(_key(each, shown) for each in value)
    if isinstance(value, dict) and all(isinstance(name, str) for name in value):
        return tuple((name, _key(each, shown)) for name, each in sorted(value.items()))
    raise Unkeyable


class KeepingTemplate(jinja2.Template):
    """A template whose module (`{% import %}`) gives its qualifying macros through the
    environment's `fragments`."""

    _pure: frozenset[str] | None = None

    def make_module(
        self,
        vars: dict[str, Any] | None = None,  # noqa: A002 - Jinja's name
        shared: bool = False,
        locals: Any = None,  # noqa: A002 - Jinja's name
    ) -> jinja2.environment.TemplateModule:
        module = super().make_module(vars, shared, locals)
        fragments = getattr(self.environment, "fragments", None)
        context = vars or {}
        page = context.get("page")
        # Imported without the page, or where the page's context gives a name otherwise than
        # the environment does: nothing kept.
        if fragments is None or not isinstance(page, Page) or self.name is None:
            return module
        if not _same_globals(context, self.environment):
            return module
        if self._pure is None:
            self._pure = pure_macros(self.environment, self.name)
        for name in self._pure:
            macro = getattr(module, name, None)
            if isinstance(macro, jinja2.runtime.Macro):
                setattr(module, name, _kept(fragments, page, self.name, macro))
        return module


def _same_globals(context: dict[str, Any], environment: jinja2.Environment) -> bool:
    return all(context.get(name, value) is value for name, value in environment.globals.items())


def _kept(fragments: Fragments, page: Page, template: str, macro: jinja2.runtime.Macro) -> Callable:
    def call(*args: Any, **kwargs: Any) -> Any:
        return fragments.draw(page, template, macro, args, kwargs)

    return call


def pure_macros(environment: jinja2.Environment, name: str) -> frozenset[str]:
    """The macros of template `name` whose output depends on their arguments alone."""
    source, _, _ = environment.loader.get_source(environment, name)
    tree = environment.parse(source, name)
    macros = {node.name: node for node in tree.body if isinstance(node, nodes.Macro)}
    allowed = (set(environment.globals) - _UNKEPT_GLOBALS) | {"t"}
    free = {
        name: _free_names(node)
        for name, node in macros.items()
        if not any(True for _ in node.find_all(_CONTEXT_NODES))
    }
    pure = set(free)
    while True:  # a macro calling one that is not kept is not kept either
        out = {name for name in pure if not free[name] <= allowed | pure}
        if not out:
            return frozenset(pure)
        pure -= out


def _free_names(macro: nodes.Macro) -> set[str]:
    """The names `macro` reads that are not its own where it reads them: a loop's variable is
    its own inside the loop only, and a name set in some branches of an `if` is not its own
    after it (the page's value shows through the others)."""
    free: set[str] = set()
    params = {arg.name for arg in macro.args} | {"varargs", "kwargs"}
    for default in macro.defaults:
        _read(default, set(), free)
    _body(macro.body, params, free)
    return free


def _body(statements: list[nodes.Node], scope: set[str], free: set[str]) -> set[str]:
    """The names own after `statements`, run in order in `scope`."""
    scope = set(scope)
    for node in statements:
        scope |= _statement(node, scope, free)
    return scope


def _statement(node: nodes.Node, scope: set[str], free: set[str]) -> set[str]:
    """The names `node` makes own in its scope; what it reads outside `scope` into `free`."""
    if isinstance(node, nodes.Assign):
        _read(node.node, scope, free)
        return _set(node.target, scope, free)
    if isinstance(node, nodes.AssignBlock):
        _body(node.body, scope, free)
        return _set(node.target, scope, free)
    if isinstance(node, nodes.For):
        _read(node.iter, scope, free)
        inside = scope | _set(node.target, scope, free) | {"loop"}
        if node.test is not None:
            _read(node.test, inside, free)
        _body(node.body, inside, free)
        _body(node.else_, scope, free)
        return set()
    if isinstance(node, nodes.If):
        _read(node.test, scope, free)
        branches = [_body(node.body, scope, free) - scope]
        for other in node.elif_:
            _read(other.test, scope, free)
            branches.append(_body(other.body, scope, free) - scope)
        branches.append(_body(node.else_, scope, free) - scope)
        return set.intersection(*branches)
    if isinstance(node, nodes.With):
        for value in node.values:
            _read(value, scope, free)
        inside = scope.union(*(_set(target, scope, free) for target in node.targets))
        _body(node.body, inside, free)
        return set()
    if isinstance(node, nodes.Macro):
        free.update(_free_names(node) - scope)  # a macro in a macro sees what it sees
        return {node.name}
    for child in node.iter_child_nodes():  # output, a filter block...: nothing own after it
        if isinstance(child, nodes.Stmt):
            _body([child], scope, free)
        else:
            _read(child, scope, free)
    return set()


def _set(target: nodes.Node, scope: set[str], free: set[str]) -> set[str]:
    """The names a `set` or loop target makes own (`ns.x` sets nothing: it reads `ns`)."""
    if isinstance(target, nodes.NSRef):
        _read(target, scope, free)
        return set()
    if isinstance(target, nodes.Tuple):
        return set().union(*(_set(item, scope, free) for item in target.items))
    return {target.name} if isinstance(target, nodes.Name) else set()


def _read(expression: nodes.Node, scope: set[str], free: set[str]) -> None:
    """The names `expression` reads (`ns` of `ns.x` too) that are not in `scope`."""
    for node in [expression, *expression.find_all((nodes.Name, nodes.NSRef))]:
        reads = isinstance(node, nodes.NSRef) or (
            isinstance(node, nodes.Name) and node.ctx == "load"
        )
        if reads and node.name not in scope:
            free.add(node.name)
