"""The project's imports as a graph of its modules, and the circles in it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "views", "renderer", "bot")


def _modules() -> dict[str, Path]:
    """Return every module of the packages by its dotted name (a package by its own)."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Return, for each module, the project's modules it imports anywhere in it.

    Imports inside functions and under TYPE_CHECKING count: a circle deferred or kept for
    types is still two modules that know each other.
    """
    modules = _modules()

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                # `from games.elevator import match` imports the module; a name, its package
                targets = [f"{base}.{alias.name}" for alias in node.names] or [base]
            for target in targets:
                found = known(target)
                if found is not None and found != name:
                    imported.add(found)
        graph[name] = imported
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the circles of a graph: each set of modules that reach each other, sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Tarjan's strongly connected components, iterative over a stack of children
        work = [(start, iter(sorted(graph[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in order:
                    order[child] = low[child] = len(order)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], order[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == order[node]:
                component = []
                while True:
                    member = stack.pop()
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return sorted(found)


def branches_on_games(
    package: str, classes: set[str], names: set[str]
) -> dict[str, list[tuple[int, str]]]:
    """Return, by module, each line of a package that branches on which game it is.

    That is an isinstance or `is` test on one of classes (a game's own classes and events),
    or a comparison with one of names (a game's kind or mode) written as a string.
    """
    found: dict[str, list[tuple[int, str]]] = {}
    trees = {
        path.relative_to(ROOT).as_posix(): ast.parse(path.read_text())
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    # ELEVATOR = "elevator" names a kind too, in its module and wherever it is imported
    constants = {name: word for tree in trees.values() for name, word in _constants(tree, names)}
    for module, tree in trees.items():
        for node in ast.walk(tree):
            what = _branch(node, classes, names, constants)
            if what is not None:
                found.setdefault(module, []).append((getattr(node, "lineno", 0), what))
        found.get(module, []).sort()
    return found


def _constants(tree: ast.Module, names: set[str]) -> list[tuple[str, str]]:
    """Return the module's constants whose value is one of names, each with its value."""
    found = []
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = getattr(node, "value", None)
        if (
            isinstance(target, ast.Name)
            and isinstance(value, ast.Constant)
            and value.value in names
        ):
            found.append((target.id, str(value.value)))
    return found


def _named(node: ast.expr) -> set[str]:
    """Return the names an expression gives: a name, an attribute's, or a tuple's."""
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.Tuple):
        return {name for element in node.elts for name in _named(element)}
    return set()


def _branch(
    node: ast.AST, classes: set[str], names: set[str], constants: dict[str, str]
) -> str | None:
    if isinstance(node, ast.Call) and _named(node.func) == {"isinstance"} and len(node.args) == 2:
        hit = _named(node.args[1]) & classes
        return f"isinstance on {', '.join(sorted(hit))}" if hit else None
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        if any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            hit = {n for side in sides for n in _named(side)} & classes
            if hit:
                return f"is {', '.join(sorted(hit))}"
        if any(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops):
            elements = [
                element
                for side in sides
                for element in (side.elts if isinstance(side, (ast.Tuple, ast.Set)) else [side])
            ]
            words = {
                element.value
                for element in elements
                if isinstance(element, ast.Constant) and isinstance(element.value, str)
            }
            words |= {constants[n] for e in elements for n in _named(e) if n in constants}
            hit = words & names
            if hit:
                return f"compared with {', '.join(repr(word) for word in sorted(hit))}"
    return None
