"""Batch evaluator calls from several threads at once give the serial answers
(the compiled loops release the GIL and share read-only tables)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from types import ModuleType

import numpy as np

from parlour.sichuan import batch


def _rows(seed: int, n: int = 5000) -> np.ndarray:
    rng = np.random.default_rng(seed)
    tiles = np.argsort(rng.random((n, 108)), axis=1)[:, :13] // 4
    counts = np.zeros((n, 27), dtype=np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), 13), tiles.ravel()), 1)
    return counts


def test_sichuan_batches_from_threads(backend: ModuleType) -> None:
    arrays = [_rows(seed, 5000 if backend.__name__.endswith("_core") else 300) for seed in range(8)]
    serial = [
        (batch.shanten(a).tolist(), batch.waits(a).tolist(), batch.is_complete(a).tolist())
        for a in arrays
    ]

    def work(i: int) -> tuple[list[int], list[int], list[bool]]:
        a = arrays[i % len(arrays)]
        return batch.shanten(a).tolist(), batch.waits(a).tolist(), batch.is_complete(a).tolist()

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(work, range(16)))
    for i, got in enumerate(results):
        assert got == serial[i % len(arrays)]
