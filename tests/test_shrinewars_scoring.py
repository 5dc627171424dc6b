"""Shrine Wars best-partition scoring, on both backends.

Known answers are worked out by hand from the rules (n cards in a
combination score n squared); the independent reference is a brute-force
partitioner written here, which tries every way of splitting the cards into
valid combinations (not only the "keep same values together" shape the
scorers rely on).
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cbuild import load_library
from parlour import _backend
from parlour.errors import NotationError
from parlour.shrinewars import Cards, Partition, best_partition, score, scoring

# -- the independent reference ----------------------------------------------

# Cards in value-major order: the first card left is the lowest value, so a
# run that contains it must start at it.
_ORDER = sorted(range(36), key=lambda c: (c % 9, c // 9))


@cache
def brute(mask: int) -> int:
    """The best score over every partition of ``mask`` into valid combinations."""
    if mask == 0:
        return 0
    c = next(x for x in _ORDER if mask >> x & 1)
    v, e = c % 9, c // 9
    rest = mask & ~(1 << c)
    same = [v + 9 * f for f in range(4) if f != e and rest >> (v + 9 * f) & 1]
    best = 0
    # c in a group of one face value: with any subset of the other same-value cards
    for k in range(len(same) + 1):
        for sub in itertools.combinations(same, k):
            m = rest
            for x in sub:
                m &= ~(1 << x)
            best = max(best, (k + 1) ** 2 + brute(m))
    # c as the lowest card of a run of 5..9 of its element
    for length in range(5, 10 - v):
        run = ((1 << length) - 1) << c
        if mask & run == run:
            best = max(best, length * length + brute(mask & ~run))
    return best


def is_valid_combination(cards: Cards) -> bool:
    ids = list(cards)
    if not ids:
        return False
    values = {c % 9 for c in ids}
    elements = {c // 9 for c in ids}
    if len(values) == 1:
        return len(ids) <= 4
    if len(elements) == 1 and len(ids) >= 5:
        return max(values) - min(values) + 1 == len(ids)
    return False


def check_partition(p: Partition, cards: Cards) -> None:
    union = 0
    for combo in p.combinations:
        assert is_valid_combination(combo), f"{combo} is not a combination"
        assert union & combo.mask == 0, "a card is in two combinations"
        union |= combo.mask
    assert union == cards.mask, "the combinations do not cover the holding"
    assert p.score == sum(len(c) ** 2 for c in p.combinations)


def random_holdings(seed: int, count: int, sizes: range = range(0, 37)) -> list[Cards]:
    rng = random.Random(seed)
    return [Cards(rng.sample(range(36), rng.choice(sizes))) for _ in range(count)]


# -- known answers, by hand -------------------------------------------------

KNOWN = [
    ("", 0, ""),
    ("5F", 1, "5F"),
    ("5F 5W", 4, "5F 5W"),
    ("5F 5W 5A", 9, "5F 5W 5A"),
    ("5F 5W 5A 5E", 16, "5F 5W 5A 5E"),
    # four in a row is no run: four singles
    ("1F 2F 3F 4F", 4, "1F | 2F | 3F | 4F"),
    # the example of the rules' notation: a run of five (25) and a single
    ("5F 6F 7F 8F 9F 3W", 26, "5F 6F 7F 8F 9F | 3W"),
    # runs do not wrap from 9 to 1
    ("7F 8F 9F 1F 2F", 5, "1F | 2F | 7F | 8F | 9F"),
    # five of one value in different elements is no run
    ("1F 2W 3A 4E 5F", 5, "1F | 2W | 3A | 4E | 5F"),
    ("1F 2F 3F 4F 5F 6F 7F 8F 9F", 81, "1F 2F 3F 4F 5F 6F 7F 8F 9F"),
    # run of six (36) beats run of five + pair (25 + 4 + 1)
    ("1F 2F 3F 4F 5F 6F 1W 6W", 38, "1F 2F 3F 4F 5F 6F | 1W | 6W"),
    # run 1-5 (25) plus 5W 5A 5E (9) = 34; all groups: 4 singles + four 5s = 20
    ("1F 2F 3F 4F 5F 5W 5A 5E", 34, "1F 2F 3F 4F 5F | 5W 5A 5E"),
    # run 1-6 + triple 6s: 36 + 9 = 45; run 1-5 + four 6s: 25 + 16 = 41
    ("1F 2F 3F 4F 5F 6F 6W 6A 6E", 45, "1F 2F 3F 4F 5F 6F | 6W 6A 6E"),
    # run 1-7 (49) + two triples (18) = 67 beats 2-6 + two fours (57), 1-6 or 2-7 (61)
    ("1F 2F 3F 4F 5F 6F 7F 1W 1A 1E 7W 7A 7E", 67, "1F 2F 3F 4F 5F 6F 7F | 1W 1A 1E | 7W 7A 7E"),
    # two elements 1..5: two runs 50; one run 25 + 5 singles = 30; no run 5 pairs = 20
    ("1F 2F 3F 4F 5F 1W 2W 3W 4W 5W", 50, "1F 2F 3F 4F 5F | 1W 2W 3W 4W 5W"),
    # every card of values 1..5: k runs give 25k + 5 (4 - k)^2 = 80 70 70 80 100
    (
        "1F 2F 3F 4F 5F 1W 2W 3W 4W 5W 1A 2A 3A 4A 5A 1E 2E 3E 4E 5E",
        100,
        "1F 2F 3F 4F 5F | 1W 2W 3W 4W 5W | 1A 2A 3A 4A 5A | 1E 2E 3E 4E 5E",
    ),
    # the same without Earth: k runs give 25k + 5 (3 - k)^2 = 45 45 55 75
    (
        "1F 2F 3F 4F 5F 1W 2W 3W 4W 5W 1A 2A 3A 4A 5A",
        75,
        "1F 2F 3F 4F 5F | 1W 2W 3W 4W 5W | 1A 2A 3A 4A 5A",
    ),
    # the whole deck: four runs of nine, 4 * 81
    (" ".join(f"{v}{e}" for e in "FWAE" for v in range(1, 10)), 324, None),
]


@pytest.mark.parametrize(("text", "points", "shown"), KNOWN)
def test_known_answers(backend: ModuleType, text: str, points: int, shown: str | None) -> None:
    cards = Cards.parse(text)
    assert score(text) == points
    assert score(cards) == points
    assert score(list(cards)) == points
    assert scoring.score_mask(cards.mask) == points
    p = best_partition(text)
    assert p.score == points
    if shown is not None:
        assert str(p) == shown
    check_partition(p, cards)
    assert brute(cards.mask) == points  # the reference agrees with the hand answer


def test_ties_report_the_documented_partition(backend: ModuleType) -> None:
    # Run 1F..5F + five pairs (25 + 5 * 4) ties with five triples (5 * 9);
    # "no run" comes first in the tie order.
    p = best_partition("1F 2F 3F 4F 5F 1W 1A 2W 2E 3A 3E 4W 4A 5W 5E")
    assert p.score == 45
    assert str(p) == "1F 1W 1A | 2F 2W 2E | 3F 3A 3E | 4F 4W 4A | 5F 5W 5E"
    # F and W hold 1..5, A holds 1..4: no run gives 4 triples + a pair = 40,
    # one run (F) 25 + 4 pairs + a single = 42, two runs 50 + 4 singles = 54.
    p = best_partition("1F 2F 3F 4F 5F 1W 2W 3W 4W 5W 1A 2A 3A 4A")
    assert p.score == 54
    assert str(p) == "1F 2F 3F 4F 5F | 1W 2W 3W 4W 5W | 1A | 2A | 3A | 4A"


def _tie_key(run: tuple[int, int] | None) -> tuple[int, int]:
    # no run first, then by lowest value, then longer first
    return (0, 0) if run is None else (1 + run[0], -run[1])


def reference_choice(mask: int) -> tuple[int, list[tuple[int, int] | None]]:
    """Every combination of per-element run choices, scored; the first best by the tie rule."""
    options: list[list[tuple[int, int] | None]] = []
    for e in range(4):
        bits = mask >> (9 * e) & 0x1FF
        opts: list[tuple[int, int] | None] = [None]
        for lo in range(9):
            for hi in range(lo + 4, 9):
                if all(bits >> v & 1 for v in range(lo, hi + 1)):
                    opts.append((lo + 1, hi - lo + 1))  # (first value, length)
        options.append(sorted(opts, key=_tie_key))
    best: tuple[int, list[tuple[int, int] | None]] | None = None
    for combo in itertools.product(*options):
        rest = mask
        total = 0
        for e, run in enumerate(combo):
            if run is not None:
                first, length = run
                total += length * length
                for v in range(first, first + length):
                    rest &= ~(1 << (9 * e + v - 1))
        for v in range(9):
            k = sum(rest >> (9 * e + v) & 1 for e in range(4))
            total += k * k
        if best is None or total > best[0]:
            best = (total, list(combo))
    assert best is not None
    return best


def runs_of(p: Partition) -> list[tuple[int, int] | None]:
    found: list[tuple[int, int] | None] = [None] * 4
    for combo in p.combinations:
        ids = list(combo)
        if len(ids) >= 5 and len({c // 9 for c in ids}) == 1:
            found[ids[0] // 9] = (ids[0] % 9 + 1, len(ids))
    return found


# -- against the brute force ------------------------------------------------


def test_random_holdings_against_brute_force(backend: ModuleType) -> None:
    for cards in random_holdings(1, 150):
        p = best_partition(cards)
        assert p.score == brute(cards.mask), str(cards)
        assert score(cards) == p.score
        check_partition(p, cards)


def test_dense_holdings_against_brute_force(backend: ModuleType) -> None:
    # Large holdings are where many runs compete.
    for cards in random_holdings(2, 60, range(24, 37)):
        p = best_partition(cards)
        assert p.score == brute(cards.mask), str(cards)
        check_partition(p, cards)


def test_tie_rule_against_reference(backend: ModuleType) -> None:
    # Holdings rich in runs and same-value groups, where ties are common.
    rng = random.Random(3)
    for _ in range(120):
        values = rng.sample(range(9), rng.randint(5, 8))
        cards = Cards(e * 9 + v for v in values for e in range(4) if rng.random() < 0.8)
        total, runs = reference_choice(cards.mask)
        p = best_partition(cards)
        assert p.score == total == brute(cards.mask)
        assert runs_of(p) == runs, str(cards)


@given(st.sets(st.integers(0, 35), max_size=36))
def test_property_against_brute_force(backend: ModuleType, ids: set[int]) -> None:
    cards = Cards(ids)
    p = best_partition(cards)
    assert p.score == brute(cards.mask) == score(cards)
    check_partition(p, cards)


def test_backends_report_the_same_partition(c_backend: ModuleType, py_backend: ModuleType) -> None:
    for cards in random_holdings(4, 400):
        c = c_backend.shrinewars_partition_mask(cards.mask)
        py = py_backend.shrinewars_partition_mask(cards.mask)
        assert c == py, str(cards)
        with _backend.use("c"):
            from_c = best_partition(cards)
        with _backend.use("python"):
            assert best_partition(cards) == from_c


def test_adding_a_card_never_lowers_the_score(backend: ModuleType) -> None:
    # The old partition plus a single is still a partition.
    for cards in random_holdings(5, 80, range(0, 36)):
        missing = [c for c in range(36) if c not in cards]
        extra = Cards([*cards, missing[len(cards) % len(missing)]])
        assert score(extra) >= score(cards) + 1


# -- batch and bad input ----------------------------------------------------


def test_batch_score(backend: ModuleType) -> None:
    holdings = random_holdings(6, 200)
    masks = np.array([c.mask for c in holdings], dtype=np.uint64)
    out = scoring.batch_score(masks)
    assert out.dtype == np.int32 and out.shape == (200,)
    assert out.tolist() == [score(c) for c in holdings]
    assert scoring.batch_score(np.zeros(0, dtype=np.uint64)).shape == (0,)


def test_batch_rejects_bad_masks_before_writing(backend: ModuleType) -> None:
    with pytest.raises(ValueError):
        scoring.batch_score(np.array([1, 1 << 36], dtype=np.uint64))
    with pytest.raises(ValueError):
        scoring.batch_score(np.array([1, 2], dtype=np.int64))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        scoring.batch_score([1, 2])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        scoring.batch_score(np.zeros((2, 2), dtype=np.uint64))


@pytest.mark.parametrize("bad", ["5F 5F", "5F 0F", "hello", [36], [-1], [4, 4], [True]])
def test_bad_holdings(backend: ModuleType, bad: object) -> None:
    with pytest.raises(NotationError):
        score(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        best_partition(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 1 << 36, 2**64, 1.5, True, "3"])
def test_bad_masks(backend: ModuleType, bad: object) -> None:
    with pytest.raises(ValueError):
        scoring.score_mask(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        scoring.partition_mask(bad)  # type: ignore[arg-type]


# -- the C ABI called directly ----------------------------------------------


@pytest.fixture(scope="module")
def swlib(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    return load_library(tmp_path_factory.mktemp("swlib"), ["shrinewars.c", "common.c"])


def test_c_abi_answers_and_errors(swlib: tuple[Any, Any]) -> None:
    ffi, lib = swlib
    combos = ffi.new("uint64_t[13]")
    n = ffi.new("int *")
    mask = ffi.new("uint64_t *")
    for cards in random_holdings(7, 100):
        ids = list(cards)
        buf = ffi.new("uint8_t[]", ids or [0])
        assert lib.parlour_sw_score(buf, len(ids)) == brute(cards.mask)
        assert lib.parlour_sw_score_mask(cards.mask) == brute(cards.mask)
        got = lib.parlour_sw_best_partition(buf, len(ids), combos, 13, n)
        assert got == brute(cards.mask)
        parts = tuple(Cards.from_mask(combos[i]) for i in range(n[0]))
        check_partition(Partition(got, parts), cards)
    buf = ffi.new("uint8_t[]", [4, 4])
    assert lib.parlour_sw_score(buf, 2) == -2  # PARLOUR_E_COUNT: a duplicate
    buf = ffi.new("uint8_t[]", [4, 36])
    assert lib.parlour_sw_score(buf, 2) == -4  # PARLOUR_E_ARG: id out of range
    assert lib.parlour_sw_score(buf, -1) == -3  # PARLOUR_E_SIZE
    assert lib.parlour_sw_score(buf, 37) == -3
    assert lib.parlour_sw_score(ffi.NULL, 1) == -1  # PARLOUR_E_NULL
    assert lib.parlour_sw_score(ffi.NULL, 0) == 0  # the empty holding
    assert lib.parlour_sw_cards_to_mask(buf, 1, ffi.NULL) == -1
    assert lib.parlour_sw_cards_to_mask(buf, 1, mask) == 0 and mask[0] == 1 << 4
    assert lib.parlour_sw_score_mask(1 << 36) == -4
    assert lib.parlour_sw_partition_mask(1 << 36, combos, 13, n) == -4
    assert lib.parlour_sw_partition_mask(1, ffi.NULL, 13, n) == -1
    # a buffer too small says how many combinations are needed
    full = (1 << 36) - 1
    small = ffi.new("uint64_t[3]")
    assert lib.parlour_sw_partition_mask(full, small, 3, n) == -5 and n[0] == 4
    enough = ffi.new("uint64_t[4]")
    assert lib.parlour_sw_partition_mask(full, enough, 4, n) == 324 and n[0] == 4
    masks = ffi.new("uint64_t[]", [0b11111, 1 << 36])
    out = ffi.new("int32_t[]", [-7, -7])
    assert lib.parlour_sw_batch_score(masks, 2, out) == -4 and list(out) == [-7, -7]
    assert lib.parlour_sw_batch_score(masks, 1, out) == 0 and out[0] == 25
    assert lib.parlour_sw_batch_score(ffi.NULL, 1, out) == -1
    assert lib.parlour_sw_batch_score(ffi.NULL, 0, ffi.NULL) == 0
