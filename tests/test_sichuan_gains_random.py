"""The compiled discard search (``parlour_sc_discard_gains``, which the C
heuristic bot asks at every discard) against shanten computed row by row on
many random hands: every discard's shanten, the best, and each best discard's
gain (the live tiles of the kinds whose draw lowers the shanten further).

The reference is the batch shanten evaluator, a separate code path
(``shanten_core`` over whole rows, no per-suit product kept, no improve
masks): each hand's 27 discards and, for the best ones, each discard followed
by each draw are rows of one batch call. Hands are drawn from a shuffled set
of 108 tiles (as play deals them) and from a few kinds of one suit (the
crowded suits where a draw's effect is hardest), with 0 to 4 melds, every
missing suit and random live counts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from parlour import _backend
from parlour.sichuan import batch

pytestmark = pytest.mark.skipif(
    "c" not in _backend.available(), reason="the compiled discard search needs the C backend"
)

MISSING = (None, "m", "p", "s")


@pytest.fixture(autouse=True)
def _compiled() -> Iterator[None]:
    with _backend.use("c"):
        yield


def random_hand(rng: random.Random) -> tuple[list[int], int]:
    """Counts of a concealed hand of 14 - 3 * melds tiles, and the melds."""
    melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    size = 14 - 3 * melds
    counts = [0] * 27
    if rng.random() < 0.5:
        for tile in rng.sample(range(108), size):
            counts[tile // 4] += 1
    else:
        # Crowded: kinds of one suit (and a few strays), up to four of each.
        suit = rng.randrange(3)
        pool = [9 * suit + r for r in range(9) for _ in range(4)]
        pool += rng.sample(range(27), 3)
        rng.shuffle(pool)
        for k in pool:
            if sum(counts) == size:
                break
            if counts[k] < 4:
                counts[k] += 1
        while sum(counts) < size:
            k = rng.randrange(27)
            if counts[k] < 4:
                counts[k] += 1
    return counts, melds


def reference(
    hands: list[tuple[list[int], int, list[int]]], missing: str | None
) -> list[tuple[int, list[int], list[int]]]:
    """(best, shanten by discard, gains) of each (counts, melds, live) hand."""
    rows: list[list[int]] = []
    melds: list[int] = []
    for counts, m, _live in hands:
        for k in range(27):
            row = list(counts)
            row[k] -= 1  # -1 for kinds not held: batch gives 99 for the bad row
            rows.append(row if counts[k] else [0] * 27)
            melds.append(m)
    first = _shanten(rows, melds, missing).reshape(len(hands), 27)
    out = []
    second_rows: list[list[int]] = []
    second_melds: list[int] = []
    plans = []
    for (counts, m, live), sh_row in zip(hands, first, strict=True):
        sh = [int(x) if counts[k] else 99 for k, x in enumerate(sh_row)]
        best = min(sh)
        plan = []
        if best != 99:
            for k in range(27):
                if sh[k] != best:
                    continue
                after = list(counts)
                after[k] -= 1
                for j in range(27):
                    if live[j] and after[j] < 4:
                        row = list(after)
                        row[j] += 1
                        plan.append((k, j))
                        second_rows.append(row)
                        second_melds.append(m)
        plans.append(plan)
        out.append((best, sh, [0] * 27))
    if second_rows:
        second = _shanten(second_rows, second_melds, missing)
        at = 0
        for (best, _sh, gains), plan, (_c, _m, live) in zip(out, plans, hands, strict=True):
            for k, j in plan:
                if second[at] < best:
                    gains[k] += live[j]
                at += 1
    return out


def _shanten(rows: list[list[int]], melds: list[int], missing: str | None) -> np.ndarray:
    return batch.shanten(
        np.array(rows, dtype=np.uint8), np.array(melds, dtype=np.uint8), missing_suit=missing
    )


def compare(seed: int, count: int) -> tuple[int, int]:
    """Hands compared, and how many of them had a discard with a gain."""
    rng = random.Random(seed)
    compared = gaining = 0
    for missing in MISSING:
        hands = []
        for _ in range(count):
            counts, melds = random_hand(rng)
            live = [rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(27)]
            hands.append((counts, melds, live))
        want = reference(hands, missing)
        m = -1 if missing is None else "mps".index(missing)
        for (counts, melds, live), expected in zip(hands, want, strict=True):
            got = _backend.impl.sichuan_discard_gains(counts, melds, m, live)
            assert (got[0], list(got[1]), list(got[2])) == expected, (counts, melds, missing, live)
            compared += 1
            gaining += any(expected[2])
    return compared, gaining


def test_discard_gains_random_hands() -> None:
    compared, gaining = compare(seed=17, count=400)
    assert compared == 1600 and gaining > 800


@pytest.mark.slow
def test_discard_gains_many_random_hands() -> None:
    compared, gaining = compare(seed=2026, count=10_000)
    assert compared == 40_000 and gaining > 20_000
