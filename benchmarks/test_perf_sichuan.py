"""Sichuan hand evaluation benchmarks, side by side with riichienv and mahjong.

Run: ``pytest benchmarks/test_perf_sichuan.py --benchmark-only -n0``. Figures per
hand are in each row's ``extra_info`` (``ns_per_hand``); docs/performance
records them with the machine.

Each other library's call is set against parlour's call that does the same
job on the same hands: shanten against ``shanten``, a completeness check
against ``is_complete``, waits against ``waits``. riichienv has no
completeness check (its ``calculate_shanten`` computes a shanten, and its
scorer needs a yaku), so it appears in the shanten and waits rows only.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour import _backend
from parlour.sichuan import Hand, batch, is_complete, score, shanten, waits
from sichuan_data import N, complete_hands, random_hands, ready_hands
from timing import best_seconds

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
    benchmark.extra_info["ns_per_hand"] = round(best_seconds(benchmark) / n * 1e9, 2)


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


@pytest.mark.parametrize("name", ["random13", "ready13"])
def test_single_waits(benchmark: Any, name: str) -> None:
    hands = _hands(name)
    per_hand(benchmark, _loop(waits, hands), len(hands))


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


def _tiles34(counts: np.ndarray) -> list[list[int]]:
    # mahjong's 34-kind counts: the 27 Sichuan kinds, then no honours.
    return [row.tolist() + [0] * 7 for row in counts]


@pytest.mark.parametrize("name", ["random13", "random14"])
def test_riichienv_shanten(benchmark: Any, name: str) -> None:
    """riichienv's shanten (Rust; standard form, seven pairs and thirteen
    orphans, the last never the minimum without honours) against ``shanten``."""
    riichienv = pytest.importorskip("riichienv")
    hands = _tiles136(data(name)[:20_000])
    # The same job: the answers agree but where Sichuan counts four of a
    # kind as two of its seven pairs and riichi does not.
    ours = [shanten(h) for h in _hands(name)]
    same = sum(riichienv.calculate_shanten(t) == o for t, o in zip(hands, ours, strict=True))
    assert same >= 0.99 * len(hands)
    benchmark.extra_info["same_answer"] = same / len(hands)
    per_hand(benchmark, _loop(riichienv.calculate_shanten, hands), len(hands))


@pytest.mark.parametrize("name", ["random13", "ready13"])
def test_riichienv_waits(benchmark: Any, name: str) -> None:
    """riichienv's waits of a 13-tile hand against ``waits``; its evaluator
    is built from the tiles in the call, as parlour's reads a Hand."""
    riichienv = pytest.importorskip("riichienv")
    evaluator = riichienv.HandEvaluator
    hands = _tiles136(data(name)[:20_000])
    # The same job: the answers agree but where parlour leaves out a kind
    # the hand holds four of, or counts a quad as two pairs.
    ours = [waits(h) for h in _hands(name)]
    same = sum(
        tuple(f"{k % 9 + 1}{'mps'[k // 9]}" for k in sorted(set(evaluator(t).get_waits()))) == o
        for t, o in zip(hands, ours, strict=True)
    )
    assert same >= 0.99 * len(hands)
    benchmark.extra_info["same_answer"] = same / len(hands)
    per_hand(benchmark, _loop(lambda t: evaluator(t).get_waits(), hands), len(hands))


@pytest.mark.parametrize("name", ["random13", "random14"])
def test_mahjong_shanten(benchmark: Any, name: str) -> None:
    shanten_mod = pytest.importorskip("mahjong.shanten")
    calculator = shanten_mod.Shanten()
    hands = _tiles34(data(name)[:2_000])
    per_hand(benchmark, _loop(calculator.calculate_shanten, hands), len(hands))


@pytest.mark.parametrize("name", ["random14", "complete14"])
def test_mahjong_is_agari(benchmark: Any, name: str) -> None:
    agari = pytest.importorskip("mahjong.agari")
    checker = agari.Agari()
    hands = _tiles34(data(name)[:2_000])
    per_hand(benchmark, _loop(checker.is_agari, hands), len(hands))


def test_mahjong_estimate_hand_value(benchmark: Any) -> None:
    """mahjong's riichi scorer on the same complete hands (no yaku often: the
    work of splitting and checking is done all the same)."""
    hand_mod = pytest.importorskip("mahjong.hand_calculating.hand")
    calc = hand_mod.HandCalculator()
    hands = _tiles136(data("complete14")[:500])
    items = [(tiles, tiles[-1]) for tiles in hands]
    per_hand(benchmark, _loop(lambda it: calc.estimate_hand_value(it[0], it[1]), items), len(items))


# -- interleaved pairs: the ratio figures of docs/perf/sichuan.rst ----------------
#
# The machine is shared, so two benchmarks timed a minute apart can see
# different loads. Each pair here times parlour's call and the other library's
# call on the same block of hands in alternation, many times, and keeps each
# call's best block: the ratio of the two is the figure the page records.

PAIR_HANDS = 2_000
PAIR_ROUNDS = 15


def _riichienv_waits(tiles: list[int]) -> Any:
    import riichienv

    return riichienv.HandEvaluator(tiles).get_waits()


def _pair_calls(other: str, job: str, name: str) -> tuple[Callable[[], None], Callable[[], None]]:
    hands = _hands(name, PAIR_HANDS)
    rows = data(name)[:PAIR_HANDS]
    if other == "riichienv":
        riichienv = pytest.importorskip("riichienv")
        theirs = {"shanten": riichienv.calculate_shanten, "waits": _riichienv_waits}[job]
        items: list[Any] = _tiles136(rows)
    elif job == "shanten":
        theirs = pytest.importorskip("mahjong.shanten").Shanten().calculate_shanten
        items = _tiles34(rows)
    else:
        theirs = pytest.importorskip("mahjong.agari").Agari().is_agari
        items = _tiles34(rows)
    ours = {"shanten": shanten, "waits": waits, "is_complete": is_complete}[job]
    return _loop(ours, hands), _loop(theirs, items)


@pytest.mark.parametrize(
    ("other", "job", "name"),
    [
        ("riichienv", "shanten", "random13"),
        ("riichienv", "shanten", "random14"),
        ("riichienv", "waits", "random13"),
        ("riichienv", "waits", "ready13"),
        ("mahjong", "shanten", "random13"),
        ("mahjong", "shanten", "random14"),
        ("mahjong", "is_complete", "random14"),
        ("mahjong", "is_complete", "complete14"),
    ],
)
def test_pair(benchmark: Any, other: str, job: str, name: str) -> None:
    ours, theirs = _pair_calls(other, job, name)
    best = {"parlour": float("inf"), other: float("inf")}

    def alternate() -> None:
        for _ in range(PAIR_ROUNDS):
            for who, run in (("parlour", ours), (other, theirs)):
                start = time.perf_counter()
                run()
                best[who] = min(best[who], time.perf_counter() - start)

    benchmark.pedantic(alternate, rounds=1, warmup_rounds=0)
    for who, seconds in best.items():
        benchmark.extra_info[f"ns_per_hand_{who}"] = round(seconds / PAIR_HANDS * 1e9, 1)
    benchmark.extra_info["parlour_faster"] = round(best[other] / best["parlour"], 2)
