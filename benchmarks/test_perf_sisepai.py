"""Sì Sè Pái benchmarks: the grouping solver per call and in batch, and full
games with heuristic bots.

Run: ``pytest benchmarks/test_perf_sisepai.py --benchmark-only -n0``. Figures per
call are in each row's ``extra_info`` (``ns_per_call``); docs/perf/sisepai.rst
records them with the machine. Fixed seeds throughout.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour import _backend, play
from parlour.sisepai import (
    Game,
    Hand,
    HeuristicBot,
    RandomBot,
    best_groups,
    is_complete,
    winning_cards,
)
from timing import best_seconds

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")

N = 2000


def dealt_hands(n: int, size: int, seed: int = 1) -> list[Hand]:
    """Hands of ``size`` cards dealt from shuffled decks (mostly incomplete)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = list(range(117))
        rng.shuffle(deck)
        out.append(Hand.of(c // 4 if c < 112 else c - 84 for c in deck[:size]))
    return out


def complete_hands(n: int, seed: int = 2) -> list[Hand]:
    """Complete 21-card hands: dealt hands kept when they complete, topped up
    by hands built from random groups."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from test_sisepai_solver import build_hand

    rng = random.Random(seed)
    out: list[Hand] = []
    while len(out) < n:
        h = build_hand(rng)
        if is_complete(h):
            out.append(h)
    return out


def per_call(benchmark: Any, fn: Callable[[], Any], n: int) -> None:
    benchmark.pedantic(fn, rounds=10, warmup_rounds=1)
    benchmark.extra_info["ns_per_call"] = round(best_seconds(benchmark) / n * 1e9, 1)


@pytest.mark.parametrize("kind", ["dealt", "complete"])
def test_is_complete(benchmark: Any, kind: str) -> None:
    hands = dealt_hands(N, 21) if kind == "dealt" else complete_hands(N)
    f = is_complete

    def run() -> None:
        for h in hands:
            f(h)

    per_call(benchmark, run, len(hands))


def test_winning_cards(benchmark: Any) -> None:
    hands = dealt_hands(N, 20)

    def run() -> None:
        for h in hands:
            winning_cards(h)

    per_call(benchmark, run, len(hands))


def test_best_groups(benchmark: Any) -> None:
    hands = complete_hands(N)

    def run() -> None:
        for h in hands:
            best_groups(h)

    per_call(benchmark, run, len(hands))


def test_batch_is_complete(benchmark: Any) -> None:
    hands = complete_hands(N // 2) + dealt_hands(N // 2, 21)
    counts = np.array([h.counts for h in hands], dtype=np.uint8)
    exposed = np.array([len(h) - sum(h.counts) for h in hands], dtype=np.uint8)
    impl = _backend.load("c")
    per_call(benchmark, lambda: impl.sisepai_batch_is_complete(counts, exposed), len(hands))


def test_heuristic_games(benchmark: Any) -> None:
    games = 50
    bots = [HeuristicBot() for _ in range(4)]

    def run() -> None:
        for seed in range(games):
            play(Game(seed=seed), bots, seed=seed)

    benchmark.pedantic(run, rounds=3, warmup_rounds=1)
    benchmark.extra_info["games_per_second"] = round(games / best_seconds(benchmark), 1)


ENGINES = ["python"] + (["c"] if "c" in _backend.available() else [])


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_engine_games(benchmark: Any, bots: str, engine: str) -> None:
    """Full games through ``parlour.play`` on each engine, side by side in
    one run: the C state machine against the pure-Python one."""
    games = 50
    cpu: list[float] = []

    def run() -> None:
        start = time.process_time()
        for seed in range(games):
            players = [RandomBot() if bots == "random" else HeuristicBot() for _ in range(4)]
            play(Game(seed=seed, engine=engine), players, seed=seed)  # type: ignore[arg-type]
        cpu.append(time.process_time() - start)

    benchmark.pedantic(run, rounds=5, warmup_rounds=1)
    benchmark.extra_info["games_per_s"] = round(games / best_seconds(benchmark), 1)
    # On a shared machine the process's CPU time says more than the clock.
    benchmark.extra_info["games_per_cpu_s"] = round(games / min(cpu), 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_alone(benchmark: Any, engine: str) -> None:
    """Whole deals on the engine object alone: random legal moves, no
    observations, no protocol layer (the floor under ``engine_games``)."""
    games = 50
    cpu: list[float] = []

    def run() -> None:
        start = time.process_time()
        for seed in range(games):
            rng = random.Random(seed)
            e = Game(seed=seed, engine=engine)._engine  # type: ignore[arg-type]
            while not e.is_over:
                seat = e.to_act[0]
                legal = e.legal(seat)
                e.apply(seat, legal[rng.randrange(len(legal))])
        cpu.append(time.process_time() - start)

    benchmark.pedantic(run, rounds=5, warmup_rounds=1)
    benchmark.extra_info["games_per_s"] = round(games / best_seconds(benchmark), 1)
    benchmark.extra_info["games_per_cpu_s"] = round(games / min(cpu), 1)
