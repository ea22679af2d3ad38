"""The package's modules import one another without cycles.

Every import counts, at the top of a module or inside a function (an import
moved into a function still ties the modules together); only imports under
`if TYPE_CHECKING:` are left out, since they never run. A game's rules module
stands alone, and one module per game wires rules, text, bot and search.
"""

from __future__ import annotations

import ast
from pathlib import Path

import spieltisch

ROOT = Path(spieltisch.__file__).resolve().parent

# Packages whose old cycles are still being taken apart; each entry goes when its cycle does.
STILL_CYCLIC: set[str] = set()


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that `path` imports, anywhere but under TYPE_CHECKING."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = [p for p in ROOT.rglob("*.py") if "node_modules" not in p.parts]
    modules = {module_name(p) for p in paths}
    return {module_name(p): imported_modules(p, modules) for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_no_import_cycles() -> None:
    found = [
        group
        for group in cycles(import_graph())
        if not any(all(m.startswith(p) for m in group) for p in STILL_CYCLIC)
    ]
    assert not found, "import cycles: " + "; ".join(" <-> ".join(group) for group in found)


def test_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_the_server_imports_no_game() -> None:
    """The server reaches the games through the contract and the registry alone, so a newly
    registered game is served and published without a change to the server."""
    found = {
        (module, imported)
        for module, imports in import_graph().items()
        if module.startswith("spieltisch.server")
        for imported in imports
        if imported.startswith("spieltisch.games")
    }
    assert not found, f"the server imports games: {sorted(found)}"
