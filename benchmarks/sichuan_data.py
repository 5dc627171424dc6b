"""Fixed-seed Sichuan hand sets shared by the benchmarks and the report script."""

from __future__ import annotations

import numpy as np

N = 200_000
SEED = 20261129


def random_hands(n: int, size: int, seed: int = SEED) -> np.ndarray:
    """(n, 27) uint8 counts of ``size`` tiles drawn from the 108 without replacement."""
    rng = np.random.default_rng(seed + size)
    keys = rng.random((n, 108))
    tiles = np.argpartition(keys, size, axis=1)[:, :size] // 4
    counts = np.zeros((n, 27), dtype=np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), size), tiles.ravel()), 1)
    return counts


def complete_hands(n: int, seed: int = SEED) -> np.ndarray:
    """(n, 27) counts of complete 14-tile hands: four random sets and a pair
    (about one in ten is seven pairs instead)."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 27), dtype=np.uint8)
    i = 0
    while i < n:
        c = np.zeros(27, dtype=np.int64)
        if rng.random() < 0.1:
            for k in rng.choice(27, 7, replace=False):
                c[k] += 2
        else:
            for _ in range(4):
                if rng.random() < 0.6:
                    s, r = rng.integers(3), rng.integers(7)
                    c[s * 9 + r : s * 9 + r + 3] += 1
                else:
                    c[rng.integers(27)] += 3
            c[rng.integers(27)] += 2
        if c.max() <= 4:
            out[i] = c
            i += 1
    return out


def ready_hands(n: int, seed: int = SEED) -> np.ndarray:
    """(n, 27) counts of 13-tile ready hands: a complete hand less one tile."""
    full = complete_hands(n, seed + 1)
    rng = np.random.default_rng(seed + 2)
    for row in full:
        nz = np.flatnonzero(row)
        row[rng.choice(nz)] -= 1
    return full
