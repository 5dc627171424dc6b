"""The import structure keeps the design's layers: no import from a lower
layer up to a higher one, none between the binding and the twin or between
two games, and no circle (tools/layers.py draws and checks it)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import layers  # noqa: E402


def test_no_upward_import_and_no_circle() -> None:
    graph = layers.modules()
    assert layers.violations(graph) == []


def test_binding_and_twin_import_no_game() -> None:
    graph = layers.modules()
    games = {m for m in graph if layers.layer_of(m)[1] == "games"}
    for low in ("parlour._core", *(m for m in graph if m.startswith("parlour._pure"))):
        assert not graph[low] & games, low


def test_the_checker_sees_an_upward_import_and_a_circle() -> None:
    graph = {
        "parlour.errors": {"parlour.protocol"},
        "parlour.protocol": {"parlour.records"},
        "parlour.records": {"parlour.protocol"},
        "parlour._core": {"parlour._pure.sichuan"},
        "parlour._pure.sichuan": set(),
    }
    found = layers.violations(graph)
    assert "parlour.errors (base) imports parlour.protocol (core)" in found
    assert "parlour._core (binding) imports parlour._pure.sichuan (twin)" in found
    assert any(line.startswith("circle:") and "parlour.records" in line for line in found)


def test_an_import_inside_a_function_counts(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text("def f():\n    from parlour.sichuan import hand\n")
    assert "parlour.sichuan.hand" in set(layers._python_imports(source, "parlour.x"))
