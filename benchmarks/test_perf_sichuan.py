"""Sichuan hand evaluation benchmarks, side by side with riichienv and mahjong.

Run: ``pytest benchmarks/test_perf_sichuan.py --benchmark-only``. Figures per
hand are in each row's ``extra_info`` (``ns_per_hand``); docs/performance
records them with the machine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour import _backend
from parlour.sichuan import Hand, batch, is_complete, score, shanten
from sichuan_data import N, complete_hands, random_hands, ready_hands

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")

DATA: dict[str, np.ndarray] = {}


def data(name: str) -> np.ndarray:
    if name not in DATA:
        DATA[name] = {
            "random14": lambda: random_hands(N, 14),
            "complete14": lambda: complete_hands(N),
            "random13": lambda: random_hands(N, 13),
            "ready13": lambda: ready_hands(N),
        }[name]()
    return DATA[name]


def per_hand(benchmark: Any, fn: Callable[[], Any], n: int) -> None:
    benchmark.pedantic(fn, rounds=10, warmup_rounds=1)
    benchmark.extra_info["ns_per_hand"] = round(benchmark.stats.stats.min / n * 1e9, 2)


@pytest.mark.parametrize("name", ["random14", "complete14"])
def test_batch_is_complete(benchmark: Any, name: str) -> None:
    counts = data(name)
    batch.is_complete(counts[:10])
    per_hand(benchmark, lambda: batch.is_complete(counts), len(counts))


@pytest.mark.parametrize("name", ["random13", "ready13", "random14"])
def test_batch_shanten(benchmark: Any, name: str) -> None:
    counts = data(name)
    per_hand(benchmark, lambda: batch.shanten(counts), len(counts))


@pytest.mark.parametrize("name", ["random13", "ready13"])
def test_batch_waits(benchmark: Any, name: str) -> None:
    counts = data(name)
    per_hand(benchmark, lambda: batch.waits(counts), len(counts))


def _hands(name: str, n: int = 20_000) -> list[Hand]:
    return [Hand(row.tolist()) for row in data(name)[:n]]


def _loop(fn: Callable[[Any], Any], items: list[Any]) -> Callable[[], None]:
    def run() -> None:
        for item in items:
            fn(item)

    return run


@pytest.mark.parametrize("name", ["random14", "complete14"])
def test_single_is_complete(benchmark: Any, name: str) -> None:
    hands = _hands(name)
    per_hand(benchmark, _loop(is_complete, hands), len(hands))


@pytest.mark.parametrize("name", ["random13", "random14"])
def test_single_shanten(benchmark: Any, name: str) -> None:
    hands = _hands(name)
    per_hand(benchmark, _loop(shanten, hands), len(hands))


def test_single_score(benchmark: Any) -> None:
    hands = _hands("complete14", 5_000)
    per_hand(benchmark, _loop(score, hands), len(hands))


def _tiles136(counts: np.ndarray) -> list[list[int]]:
    # The 27 Sichuan kinds are the first 27 riichi kinds (m, p, s in order).
    out = []
    for row in counts:
        tiles = []
        for k in np.flatnonzero(row):
            tiles += [k * 4 + c for c in range(int(row[k]))]
        out.append(tiles)
    return out


@pytest.mark.parametrize("name", ["random14", "complete14"])
def test_riichienv_shanten_as_completeness(benchmark: Any, name: str) -> None:
    riichienv = pytest.importorskip("riichienv")
    hands = _tiles136(data(name)[:20_000])
    per_hand(benchmark, _loop(riichienv.calculate_shanten, hands), len(hands))


@pytest.mark.parametrize("name", ["random14", "complete14"])
def test_mahjong_is_agari(benchmark: Any, name: str) -> None:
    agari = pytest.importorskip("mahjong.agari")
    checker = agari.Agari()
    hands = [row.tolist() + [0] * 7 for row in data(name)[:2_000]]
    per_hand(benchmark, _loop(checker.is_agari, hands), len(hands))


def test_mahjong_estimate_hand_value(benchmark: Any) -> None:
    """mahjong's riichi scorer on the same complete hands (no yaku often: the
    work of splitting and checking is done all the same)."""
    hand_mod = pytest.importorskip("mahjong.hand_calculating.hand")
    calc = hand_mod.HandCalculator()
    hands = _tiles136(data("complete14")[:500])
    items = [(tiles, tiles[-1]) for tiles in hands]
    per_hand(benchmark, _loop(lambda it: calc.estimate_hand_value(it[0], it[1]), items), len(items))
