"""The import structure of ``src/parlour``, the Cython ``.pyx``/``.pxi`` files
included, checked against the layers of the design.

    python tools/layers.py          # print the layer map and any violation
    python tools/layers.py --dot    # the import graph in Graphviz dot

Every import counts, at module level or inside a function (an import
inside a function still ties the two modules; only its cost is deferred).
An import may run within a unit (a game package with itself) or down to a
lower layer, never up or sideways to another unit of the same layer, and
the graph has no circle. ``TYPE_CHECKING`` imports count too.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "src" / "parlour"

#: Layers from the top down; a module belongs to the first layer one of
#: whose patterns names it (``x*``: the package x and its modules).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("package", ("parlour", "parlour.__main__")),
    (
        "faces",
        (
            "parlour.cli",
            "parlour.arena*",
            "parlour.terminal",
            "parlour.env*",
            "parlour.vector*",
            "parlour.web*",
            "parlour.wire*",
        ),
    ),
    (
        "games",
        ("parlour.sichuan*", "parlour.sisepai*", "parlour.shrinewars*", "parlour.ninedomains*"),
    ),
    (
        "core",
        (
            "parlour.simulation",
            "parlour.registry",
            "parlour.records",
            "parlour.protocol",
            "parlour._table",
        ),
    ),
    ("backend", ("parlour._backend",)),
    ("binding", ("parlour._core",)),
    ("twin", ("parlour._pure*",)),
    (
        "base",
        (
            "parlour.errors",
            "parlour._codes*",
            "parlour._messages",
            "parlour._lazy",
            "parlour._locale",
            "parlour._svg",
            "parlour._version",
        ),
    ),
)
#: Layers whose units may not import each other (binding and twin are
#: independent implementations of the same functions).
SIDE_BY_SIDE = {("binding", "twin"), ("twin", "binding")}


def layer_of(module: str) -> tuple[int, str]:
    for rank, (name, patterns) in enumerate(LAYERS):
        for pattern in patterns:
            stem = pattern.removesuffix("*")
            if module == stem or (pattern.endswith("*") and module.startswith(stem + ".")):
                return rank, name
    raise SystemExit(f"{module}: in no layer (add it to tools/layers.py LAYERS)")


def unit_of(module: str) -> str:
    """The unit a module belongs to: a game package, the twin, or the module itself."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in (
        "sichuan",
        "sisepai",
        "shrinewars",
        "ninedomains",
        "_pure",
        "_codes",
    ):
        return ".".join(parts[:2])
    return module


def _module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _python_imports(path: Path, module: str) -> Iterator[str]:
    tree = ast.parse(path.read_text(), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from parlour import sichuan`` names the submodule; a name
            # that is not a module falls back to ``base`` in modules().
            for alias in node.names:
                yield f"{base}.{alias.name}"


_CY_IMPORT = re.compile(
    r"^\s*(?:from\s+([\w.]+)\s+c?import\s+([\w, ]+)|c?import\s+([\w.]+))", re.MULTILINE
)


def _cython_imports(path: Path) -> Iterator[str]:
    for m in _CY_IMPORT.finditer(path.read_text()):
        if m.group(3):
            yield m.group(3)
            continue
        # As for Python: each name may be a submodule (modules() falls back).
        for name in m.group(2).split(","):
            yield f"{m.group(1)}.{name.split()[0]}" if name.split() else m.group(1)


def modules() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports."""
    known: dict[str, Path] = {}
    for path in sorted(PKG.rglob("*.py")):
        known[_module_name(path)] = path
    known["parlour._core"] = PKG / "_core.pyx"
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        if path.suffix == ".pyx":
            raw = [*_cython_imports(path)]
            for pxi in sorted(PKG.glob("*.pxi")):
                raw += _cython_imports(pxi)
        else:
            raw = list(_python_imports(path, name))
        targets = set()
        for target in raw:
            # The longest known module the imported name falls in.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and target.startswith("parlour"):
                targets.add(target)
        graph[name] = targets
    return graph


def violations(graph: dict[str, set[str]]) -> list[str]:
    found = []
    for src, targets in sorted(graph.items()):
        s_rank, s_layer = layer_of(src)
        for dst in sorted(targets):
            d_rank, d_layer = layer_of(dst)
            if unit_of(src) == unit_of(dst) or src == "parlour":
                continue
            if d_rank > s_rank and (s_layer, d_layer) not in SIDE_BY_SIDE:
                continue
            # Side by side within a layer is fine, except between two games.
            if d_rank == s_rank and s_layer not in ("games", "binding", "twin"):
                continue
            found.append(f"{src} ({s_layer}) imports {dst} ({d_layer})")
    return found + ["circle: " + ", ".join(c) for c in circles(graph)]


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of the graph, one per strongly connected part (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    parts: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                parts.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return parts


def layer_map(graph: dict[str, set[str]]) -> str:
    lines = []
    for rank, (name, _) in enumerate(LAYERS):
        members = sorted(m for m in graph if layer_of(m)[0] == rank)
        units = sorted({unit_of(m) for m in members})
        below = sorted({layer_of(d)[1] for m in members for d in graph[m] if layer_of(d)[0] > rank})
        lines.append(f"{name:<8} {', '.join(units)}")
        if below:
            lines.append(f"{'':<8}   imports from: {', '.join(below)}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    graph = modules()
    if "--dot" in argv:
        print("digraph parlour {")
        for src, targets in sorted(graph.items()):
            for dst in sorted(targets):
                print(f'  "{src}" -> "{dst}";')
        print("}")
        return 0
    print(layer_map(graph))
    bad = violations(graph)
    for line in bad:
        print("VIOLATION:", line)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
