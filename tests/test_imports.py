"""The package has no import circles.

Every module-level import inside ``canasta_rules`` (not those under ``if TYPE_CHECKING:`` nor
those inside functions, which run later) is an edge from the importing module to the module it
names; the graph must be acyclic, so that any module can be imported first and the engine's
layers (rules -> state -> checks -> legality -> apply/generate) stay layers.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "canasta_rules"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append(node)
            elif isinstance(node, ast.If) and not _is_type_checking(node):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)

    visit(tree.body)
    return found


def _edges(name: str, path: Path) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _top_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            # `from pkg import mod` imports the module pkg.mod; `from mod import name` only mod.
            targets = [
                f"{stem}.{a.name}" if f"{stem}.{a.name}" in MODULES else stem for a in node.names
            ]
        out.update(t for t in targets if t in MODULES and t != name)
    return out


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_scan_sees_the_engine_layers() -> None:
    graph = {name: _edges(name, path) for name, path in MODULES.items()}
    assert "canasta_rules.engine.legality" in graph["canasta_rules.engine.apply"]
    assert "canasta_rules.engine.goingout" in graph["canasta_rules.engine.generate"]
    assert "canasta_rules.engine.rules" in graph["canasta_rules.engine.state"]


def test_no_import_circles() -> None:
    graph = {name: _edges(name, path) for name, path in MODULES.items()}
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(graph) == ["a", "b", "c", "a"]
