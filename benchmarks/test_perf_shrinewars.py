"""Shrine Wars benchmarks: best-partition scoring per call and full bot games.

Run: ``pytest benchmarks/test_perf_shrinewars.py --benchmark-only -n0``. The
per-call figure is in each row's ``extra_info`` (``ns_per_call`` or
``games_per_s``); docs/perf/shrinewars.rst records them with the machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import _backend
from parlour.shrinewars import Cards, Game, HeuristicBot, RandomBot, best_partition, score
from timing import best_seconds

N = 2_000


def holdings(size: int, n: int = N, seed: int = 0) -> list[Cards]:
    """``n`` random holdings of ``size`` cards (fixed seed)."""
    rng = random.Random(seed * 100 + size)
    return [Cards(rng.sample(range(36), size)) for _ in range(n)]


def per_call(benchmark: Any, fn: Callable[[], Any], n: int, key: str = "ns_per_call") -> None:
    benchmark.pedantic(fn, rounds=5, warmup_rounds=1)
    benchmark.extra_info[key] = round(best_seconds(benchmark) / n * 1e9, 1)


@pytest.mark.parametrize("backend", _backend.available())
@pytest.mark.parametrize("size", [9, 20])
def test_score(benchmark: Any, backend: str, size: int) -> None:
    """``score(cards)`` on ready-made Cards (the C figure includes the Python call)."""
    cards = holdings(size)
    with _backend.use(backend):
        per_call(benchmark, lambda: [score(c) for c in cards], len(cards))


@pytest.mark.parametrize("backend", _backend.available())
@pytest.mark.parametrize("size", [9, 20])
def test_best_partition(benchmark: Any, backend: str, size: int) -> None:
    cards = holdings(size)
    with _backend.use(backend):
        per_call(benchmark, lambda: [best_partition(c) for c in cards], len(cards))


@pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")
@pytest.mark.parametrize("size", [9, 20])
def test_batch_score(benchmark: Any, size: int) -> None:
    masks = np.array([c.mask for c in holdings(size, 100_000)], dtype=np.uint64)
    impl = _backend.load("c")
    per_call(benchmark, lambda: impl.shrinewars_batch_score(masks), len(masks))


@pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")
def test_score_full_deck(benchmark: Any) -> None:
    """The worst case: all 36 cards, 16 run choices per element (65,536 combinations)."""
    full = Cards(range(36))
    with _backend.use("c"):
        per_call(benchmark, lambda: [score(full) for _ in range(20)], 20)


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_bot_games(benchmark: Any, bots: str) -> None:
    """Full four-player games of bots, through ``parlour.play``."""
    games = 20

    def run() -> None:
        for seed in range(games):
            players = [RandomBot() if bots == "random" else HeuristicBot() for _ in range(4)]
            parlour.play(Game(seed=seed), players, seed=seed)

    benchmark.pedantic(run, rounds=3, warmup_rounds=1)
    benchmark.extra_info["games_per_s"] = round(games / best_seconds(benchmark), 1)


ENGINES = ["python"] + (["c"] if "c" in _backend.available() else [])


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_engine_games(benchmark: Any, bots: str, engine: str) -> None:
    """Full four-player games through ``parlour.play`` on each engine, side
    by side in one run: the C state machine against the pure-Python one."""
    games = 100 if bots == "random" else 10

    def run() -> None:
        for seed in range(games):
            players = [RandomBot() if bots == "random" else HeuristicBot() for _ in range(4)]
            parlour.play(Game(seed=seed, engine=engine), players, seed=seed)  # type: ignore[arg-type]

    benchmark.pedantic(run, rounds=3, warmup_rounds=1)
    benchmark.extra_info["games_per_s"] = round(games / best_seconds(benchmark), 1)
