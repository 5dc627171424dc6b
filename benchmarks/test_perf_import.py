"""Import cost of ``parlour`` and ``parlour.sichuan`` in a fresh interpreter.

Each round starts a new Python process, so the figure includes nothing that
an earlier import cached in this one; the baseline is an empty ``python -c``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Any

import pytest

ROUNDS = 15


def _best(code: str) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize(
    "module",
    ["parlour", "parlour.sichuan", "parlour.sisepai", "parlour.shrinewars", "parlour.ninedomains"],
)
def test_import_time(benchmark: Any, module: str) -> None:
    baseline = _best("pass")
    cost = benchmark.pedantic(lambda: _best(f"import {module}") - baseline, rounds=1, iterations=1)
    benchmark.extra_info["import_ms"] = round(cost * 1000, 1)
    print(f"\nimport {module}: {cost * 1000:.1f} ms")
