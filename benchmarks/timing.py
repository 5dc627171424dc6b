"""What the benchmarks read off pytest-benchmark's fixture."""

from __future__ import annotations

import math
from typing import Any


def best_seconds(benchmark: Any) -> float:
    """The fastest round's time in seconds.

    Under ``--benchmark-disable`` each benchmark runs once, untimed (a smoke
    test of the suite), and has no statistics: then infinity, so that the
    rates a benchmark derives come out as 0 instead of failing the run.
    """
    stats = benchmark.stats
    return math.inf if stats is None else float(stats.stats.min)
