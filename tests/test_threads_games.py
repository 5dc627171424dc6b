"""Batch evaluator calls of Si Se Pai, Shrine Wars and the Nine Domains from
several threads at once give the serial answers (the compiled loops release
the GIL and share read-only tables). One game object belongs to one thread
(docs/protocol.rst); separate games in separate threads are independent."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import numpy as np

from parlour import play, sisepai


def _compiled(backend: ModuleType) -> bool:
    return backend.__name__.endswith("_core")


def _threaded(work: Callable[[int], Any], jobs: int) -> list[Any]:
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(work, range(jobs)))


def _sisepai_rows(seed: int, n: int) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    kinds = np.array([k for k in range(33) for _ in range(4 if k < 28 else 1)])
    rows = np.zeros((n, 33), dtype=np.uint8)
    for i in range(n):
        np.add.at(rows[i], rng.choice(kinds, 21, replace=False), 1)
    exposed = np.zeros(n, dtype=np.uint8)
    return rows, exposed


def test_sisepai_batches_from_threads(backend: ModuleType) -> None:
    n = 3000 if _compiled(backend) else 100
    arrays = [_sisepai_rows(seed, n) for seed in range(4)]
    serial = [backend.sisepai_batch_is_complete(*a).tolist() for a in arrays]
    got = _threaded(lambda i: backend.sisepai_batch_is_complete(*arrays[i % 4]).tolist(), 12)
    for i, g in enumerate(got):
        assert g == serial[i % 4]


def test_shrinewars_batches_from_threads(backend: ModuleType) -> None:
    n = 50_000 if _compiled(backend) else 500
    arrays = [
        np.random.default_rng(seed).integers(0, 1 << 36, n, dtype=np.uint64) for seed in range(4)
    ]
    serial = [backend.shrinewars_batch_score(a).tolist() for a in arrays]
    got = _threaded(lambda i: backend.shrinewars_batch_score(arrays[i % 4]).tolist(), 12)
    for i, g in enumerate(got):
        assert g == serial[i % 4]


def test_ninedomains_batches_from_threads(backend: ModuleType) -> None:
    n = 200_000 if _compiled(backend) else 2000
    arrays = []
    for seed in range(4):
        rng = np.random.default_rng(seed)
        arrays.append(
            (
                rng.integers(0, 15, n, dtype=np.uint8),
                rng.integers(0, 15, n, dtype=np.uint8),
                rng.integers(-3, 4, n, dtype=np.int8),
                rng.integers(-3, 4, n, dtype=np.int8),
            )
        )
    serial = [backend.ninedomains_battle_batch(*a).tolist() for a in arrays]
    got = _threaded(lambda i: backend.ninedomains_battle_batch(*arrays[i % 4]).tolist(), 12)
    for i, g in enumerate(got):
        assert g == serial[i % 4]


def test_separate_games_in_threads(backend: ModuleType) -> None:
    """One game per thread: the results equal serial play of the same seeds."""

    def one(seed: int) -> Any:
        g = sisepai.Game(seed=seed)
        result = play(g, [sisepai.HeuristicBot() for _ in range(4)], seed=seed)
        return g.record(), result

    seeds = range(8)
    serial = [one(s) for s in seeds]
    assert _threaded(one, 8) == serial
