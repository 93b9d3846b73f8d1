"""The Tannenberg modules form layers (the package's docstring): no module imports one that
imports it back, but victory and special, whose rules interlock (19.3 and 17.3/18.1)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "greatwar.rules.tannenberg"
ROOT = Path(__file__).resolve().parents[3] / "greatwar" / "rules" / "tannenberg"
#: the only imports made inside functions: (module, module it imports)
INSIDE_FUNCTIONS = {("victory", "special")}


def _imports(name: str) -> dict[str, bool]:
    """The package's modules ``name`` imports -> whether only inside functions."""
    modules = {p.stem for p in ROOT.glob("*.py")}
    found: dict[str, bool] = {}

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            deeper = inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom) and child.module:
                if child.module == PACKAGE:
                    targets = [a.name for a in child.names if a.name in modules]
                elif child.module.startswith(PACKAGE + "."):
                    targets = [child.module.split(".")[3]]
                else:
                    targets = []
                for t in targets:
                    found[t] = found.get(t, True) and deeper
            visit(child, deeper)

    visit(ast.parse((ROOT / f"{name}.py").read_text(encoding="utf-8")), False)
    found.pop(name, None)
    return found


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[set[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(component)

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_the_modules_import_each_other_only_downwards() -> None:
    names = sorted(p.stem for p in ROOT.glob("*.py") if p.stem != "__init__")
    imports = {name: _imports(name) for name in names}
    inside = {(m, t) for m, found in imports.items() for t, only in found.items() if only}
    assert inside == INSIDE_FUNCTIONS
    graph = {m: set(found) for m, found in imports.items()}
    assert _cycles(graph) == [{"special", "victory"}]
    top_level = {m: {t for t, only in found.items() if not only} for m, found in imports.items()}
    assert _cycles(top_level) == []
