"""Sichuan hand evaluation: known answers worked out from the rules by hand,
exhaustive checks against a brute-force decomposer written here, and
agreement between the C core and the pure-Python twin."""

from __future__ import annotations

import itertools
import random
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from parlour import _backend
from parlour.sichuan import Hand, Meld, Rules, best_win, is_complete, score, shanten, waits
from parlour.sichuan.tiles import suit_index

# ---------------------------------------------------------------------------
# Known answers: (hand, score keyword arguments, fan, patterns). Each was
# worked out from the fan table of the rules of record by hand.
KNOWN: list[tuple[str, dict[str, Any], int, tuple[str, ...]]] = [
    ("123m456m789m123p55p", {}, 0, ("basic",)),
    ("123m234m345p678s99s", {}, 0, ("basic",)),
    ("111m234p567p789s22s", {}, 0, ("basic",)),
    ("234m345p456s789s11s", {}, 0, ("basic",)),
    ("111222333m456p55p", {}, 0, ("basic",)),
    ("123m123m123m456p55p", {}, 0, ("basic",)),
    ("[111m] [999s] 123p789p55p", {}, 0, ("basic",)),
    ("[999m] [111s] 123p123p55p", {}, 0, ("basic",)),
    # all pungs
    ("111m222m333p444p55s", {}, 1, ("all_pungs",)),
    ("[111m] [999p] 222s333s44s", {}, 1, ("all_pungs",)),
    ("[222m] 333p444p555s11s", {}, 1, ("all_pungs",)),
    ("111222333m777p55p", {}, 1, ("all_pungs",)),
    # seven pairs, with roots from concealed quads
    ("1122m3344p5566s77s", {}, 2, ("seven_pairs",)),
    ("22m55m88m22p55p88p22s", {}, 2, ("seven_pairs",)),
    ("11m99m11p99p11s99s55s", {}, 2, ("seven_pairs",)),
    ("11m99m11p99p11s99s99s", {}, 3, ("seven_pairs", "root")),
    ("1111m2233p4455s66s", {}, 3, ("seven_pairs", "root")),
    ("1111m2222p3355s77s", {}, 4, ("seven_pairs", "root", "root")),
    ("1111m2222p3333s55s", {}, 5, ("seven_pairs", "root", "root", "root")),
    ("11223344556677m", {}, 4, ("seven_pairs", "full_flush")),
    ("11112233445566p", {}, 5, ("seven_pairs", "full_flush", "root")),
    ("11112222333355m", {}, 7, ("seven_pairs", "full_flush", "root", "root", "root")),
    ("11112222333344m", {}, 7, ("seven_pairs", "full_flush", "root", "root", "root")),
    # seven pairs and outside hand tie at 2 fan: seven pairs is listed first
    ("123m123m789m789m99m", {}, 5, ("seven_pairs", "full_flush", "root")),
    # outside hand
    ("123m789m123p789p11s", {}, 2, ("outside",)),
    ("111m123p789p999s99m", {}, 2, ("outside",)),
    ("123s789s123m789m99p", {}, 2, ("outside",)),
    ("[111m] [999s] 123p789p99p", {}, 2, ("outside",)),
    ("[111m] [999m] 111p999p11s", {}, 2, ("outside",)),
    ("111222333m789p99p", {}, 2, ("outside",)),
    ("111222333m999p11p", {}, 2, ("outside",)),
    ("[999m] [111s] 123p123p11p", {}, 3, ("outside", "root")),
    ("123p123p123p789p99p", {}, 4, ("outside", "full_flush")),
    ("123m123m789m999m11m", {}, 6, ("outside", "full_flush", "root", "root")),
    # all 2/5/8 pungs
    ("222m555m888p222s55s", {}, 3, ("all_258_pungs",)),
    ("[222m] [555p] [888s] 222p55s", {}, 3, ("all_258_pungs",)),
    ("[2222m] 555m888p222s55s", {}, 4, ("all_258_pungs", "root")),
    ("[5555m] [5555p] [5555s] 222m88p", {}, 6, ("all_258_pungs", "root", "root", "root")),
    # full flush
    ("123m456m789m234m55m", {}, 2, ("basic", "full_flush")),
    ("111m333m555m777m99m", {}, 3, ("all_pungs", "full_flush")),
    ("111222333m999m88m", {}, 3, ("all_pungs", "full_flush")),
    # golden hook (all four sets declared, concealed kongs included)
    ("[111m] [222p] [333p] [444s] 55s", {}, 2, ("all_pungs", "golden_hook")),
    ("[222m] [555m] [888p] [222s] 88s", {}, 4, ("all_258_pungs", "golden_hook")),
    ("[111m] [222m] [333m] [444m] 55m", {}, 4, ("all_pungs", "full_flush", "golden_hook")),
    ("(1111m) (2222m) [333p] [444p] 55p", {}, 4, ("all_pungs", "golden_hook", "root", "root")),
    ("[111m] [999m] [111p] [999p] 11s", {}, 3, ("outside", "golden_hook")),
    ("(9999s) (1111s) [111m] [999m] 11p", {}, 5, ("outside", "golden_hook", "root", "root")),
    (
        "[1111m] [2222m] [333m] [444m] 55m",
        {},
        6,
        ("all_pungs", "full_flush", "golden_hook", "root", "root"),
    ),
    ("[2222m] [5555p] [888s] [222p] 55s", {}, 6, ("all_258_pungs", "golden_hook", "root", "root")),
    # roots from a concealed quad split across sets, a pung plus the fourth, a kong
    ("111123m456p789s55s", {}, 1, ("basic", "root")),
    ("[555p] 345p123m789s11s", {}, 1, ("basic", "root")),
    ("[7777s] 123m456m789p11p", {}, 1, ("basic", "root")),
    ("(3333m) 555p777p999s22s", {}, 2, ("all_pungs", "root")),
    # event additions
    (
        "[7777s] 123m456m789p11p",
        {"kong_replacement": True},
        2,
        ("basic", "root", "kong_replacement"),
    ),
    ("123m456m789m123p55p", {"robbed_kong": True}, 1, ("basic", "robbed_kong")),
    ("123m456m789m123p55p", {"last_tile": True}, 1, ("basic", "last_tile")),
    ("123m456m789m123p55p", {"self_draw": True}, 0, ("basic",)),
    (
        "123m456m789m123p55p",
        {"self_draw": True, "kong_replacement": True, "last_tile": True},
        2,
        ("basic", "kong_replacement", "last_tile"),
    ),
    (
        "123m789m123p789p11s",
        {"robbed_kong": True, "last_tile": True},
        4,
        ("outside", "robbed_kong", "last_tile"),
    ),
    (
        "[2222m] 555m888p222s55s",
        {"kong_replacement": True},
        5,
        ("all_258_pungs", "root", "kong_replacement"),
    ),
    (
        "[111m] [222p] [333p] (4444s) 55s",
        {"kong_replacement": True, "self_draw": True},
        4,
        ("all_pungs", "golden_hook", "root", "kong_replacement"),
    ),
    # the self-draw-doubles variant
    (
        "123m456m789m123p55p",
        {"self_draw": True, "rules": Rules(self_draw_doubles=True)},
        1,
        ("basic", "self_draw"),
    ),
    ("123m456m789m123p55p", {"rules": Rules(self_draw_doubles=True)}, 0, ("basic",)),
    (
        "111m333m555m777m99m",
        {
            "self_draw": True,
            "last_tile": True,
            "rules": Rules(self_draw_doubles=True, fan_cap=None),
        },
        5,
        ("all_pungs", "full_flush", "last_tile", "self_draw"),
    ),
]


def expected_points(fan: int, rules: Rules | None) -> int:
    cap = (rules or Rules()).fan_cap
    return 2 ** (fan if cap is None else min(fan, cap))


@pytest.mark.parametrize(("text", "kwargs", "fan", "patterns"), KNOWN)
def test_known_scores(
    backend: ModuleType, text: str, kwargs: dict[str, Any], fan: int, patterns: tuple[str, ...]
) -> None:
    assert is_complete(text)
    result = score(text, **kwargs)
    assert result.fan == fan
    assert result.patterns == patterns
    assert result.points == expected_points(fan, kwargs.get("rules"))


def test_known_table_is_large_and_varied() -> None:
    assert len(KNOWN) >= 60
    seen = {p for _, _, _, ps in KNOWN for p in ps}
    assert seen >= {
        "basic",
        "all_pungs",
        "seven_pairs",
        "outside",
        "all_258_pungs",
        "full_flush",
        "golden_hook",
        "root",
        "kong_replacement",
        "robbed_kong",
        "last_tile",
        "self_draw",
    }


@pytest.mark.parametrize(
    ("text", "rules", "points"),
    [
        ("11112222333355m", Rules(fan_cap=None), 128),
        ("11112222333355m", Rules(fan_cap=6), 64),
        ("11112222333355m", Rules(), 32),
        ("1111m2222p3333s55s", Rules(fan_cap=3), 8),
        ("1111m2222p3333s55s", Rules(fan_cap=4), 16),
        ("123m456m789m123p55p", Rules(fan_cap=0), 1),
    ],
)
def test_caps(backend: ModuleType, text: str, rules: Rules, points: int) -> None:
    assert score(text, rules=rules).points == points


def test_score_refuses_incomplete_hands(backend: ModuleType) -> None:
    for text in ("123m456m789m123p56p", "123m456m789m123p5p", "11m"):
        with pytest.raises(ValueError, match="not complete"):
            score(text)
    with pytest.raises(ValueError, match="winning tile"):
        score("123m456m789m123p55p", win_tile="9s")
    assert score("123m456m789m123p55p", win_tile="5p").fan == 0
    with pytest.raises(TypeError):
        score("123m456m789m123p55p", rules="strict")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Completeness, waits, shanten and best_win known answers.


@pytest.mark.parametrize(
    ("text", "missing", "expected"),
    [
        ("123m456m789m111p22p", None, True),
        ("123m456m789m111p22p", "s", True),
        ("123m456m789m111p22p", "p", False),
        ("123m456m789m111p22p", "m", False),
        ("123m456m789m111p24p", None, False),
        ("11223344556677m", "p", True),
        ("1122m3344p5566s77s", None, True),
        ("1122m3344p5566s77s", "m", False),
        ("11m [222m] [333p] [444p] [555s]", None, True),
        ("11m [222m] [333p] [444p] [555s]", "s", False),
        ("1122m3344p55s [666s]", None, False),  # no seven pairs with melds
        ("123m456m789m111p2p", None, False),  # 13 tiles
        ("1111m2222p3333s55s", None, True),
        ("11112222333355m", None, True),
    ],
)
def test_known_completeness(
    backend: ModuleType, text: str, missing: str | None, expected: bool
) -> None:
    assert is_complete(text, missing_suit=missing) is expected
    assert is_complete(Hand.parse(text), missing_suit=missing) is expected


@pytest.mark.parametrize(
    ("text", "missing", "expected"),
    [
        ("123m456m789m111p2p", None, ("2p", "3p")),
        ("123m456m789m111p2p", "s", ("2p", "3p")),
        ("123m456m789m111p2p", "p", ()),
        ("1112345678999m", None, tuple(f"{r}m" for r in range(1, 10))),
        ("1111234m567p789s", None, ("4m",)),
        ("[555p] 5p123m456m789s", None, ()),  # the fourth 5p is already held
        ("1122m3344p5566s7s", None, ("7s",)),
        ("111m3344p5566s77s", None, ("1m", "3p", "4p")),  # 333p 44p 567s 567s
        ("2345678m123p789p", None, ("2m", "5m", "8m")),
        ("1m3m5m7m9m1p3p5p7p9p1s3s5s", None, ()),
    ],
)
def test_known_waits(
    backend: ModuleType, text: str, missing: str | None, expected: tuple[str, ...]
) -> None:
    assert waits(text, missing_suit=missing) == expected


@pytest.mark.parametrize(
    ("text", "missing", "form", "expected"),
    [
        ("123m456m789m111p22p", None, "any", -1),
        ("123m456m789m111p2p", None, "any", 0),
        ("123m456m789m111p29s", None, "any", 0),
        ("1122m3344p5566s78s", None, "seven_pairs", 0),
        ("11223344556677m", None, "standard", -1),
        ("11223344556677m", None, "seven_pairs", -1),
        ("123m456m789m111p2p", "p", "any", 4),
        ("1112345678999p", "p", "any", 13),
        ("[555p] 5p123m456m789s", None, "any", 1),
        ("[555p] 5p123m456m789s", None, "seven_pairs", 99),
        ("1m3m5m7m9m1p3p5p7p9p1s3s5s", None, "standard", 4),
        ("1m3m5m7m9m1p3p5p7p9p1s3s5s", None, "seven_pairs", 6),
    ],
)
def test_known_shanten(
    backend: ModuleType, text: str, missing: str | None, form: str, expected: int
) -> None:
    assert shanten(text, missing_suit=missing, form=form) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "rules", "expected"),
    [
        ("123m456m789m111p2p", None, 1),
        ("1112345678999m", None, 8),
        ("1111222233335m", None, 32),
        ("1111222233335m", Rules(fan_cap=None), 128),
        ("1m3m5m7m9m1p3p5p7p9p1s3s5s", None, 0),
        ("[555p] 5p123m456m789s", None, 0),
    ],
)
def test_known_best_win(backend: ModuleType, text: str, rules: Rules | None, expected: int) -> None:
    assert best_win(text, rules=rules) == expected


def test_size_errors(backend: ModuleType) -> None:
    with pytest.raises(ValueError, match="13-tile"):
        waits("123m456m789m111p22p")
    with pytest.raises(ValueError, match="13 or 14"):
        shanten("123m")
    with pytest.raises(ValueError, match="form"):
        shanten("123m456m789m111p22p", form="thirteen_orphans")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="suit"):
        is_complete("123m456m789m111p22p", missing_suit="z")
    with pytest.raises(TypeError):
        is_complete(12345)  # type: ignore[arg-type]
    assert is_complete("123m") is False


# ---------------------------------------------------------------------------
# Brute force, written independently of the library.


@cache
def brute_sets(counts: tuple[int, ...], pair: bool) -> bool:
    """Can counts (any length, 9 per suit) be split into sets (+ one pair)?"""
    if not any(counts):
        return not pair
    i = next(k for k, c in enumerate(counts) if c)
    c = list(counts)
    options = []
    if pair and c[i] >= 2:
        d = c.copy()
        d[i] -= 2
        options.append((tuple(d), False))
    if c[i] >= 3:
        d = c.copy()
        d[i] -= 3
        options.append((tuple(d), pair))
    if i % 9 <= 6 and c[i + 1] and c[i + 2]:
        d = c.copy()
        d[i] -= 1
        d[i + 1] -= 1
        d[i + 2] -= 1
        options.append((tuple(d), pair))
    return any(brute_sets(o, p) for o, p in options)


def brute_complete(counts: tuple[int, ...], melds: int) -> bool:
    if sum(counts) + 3 * melds != 14:
        return False
    if brute_sets(counts, True):
        return True
    return melds == 0 and all(c % 2 == 0 for c in counts)


def single_suit_hands(size: int) -> list[tuple[int, ...]]:
    return [c for c in itertools.product(range(5), repeat=9) if sum(c) == size]


FILLER = [Meld(9 + r, "pung") for r in range(4)]  # 111p 222p 333p 444p


# The largest sizes (tens of thousands of hands, each checked against a
# Python brute force) run in the slow profile, which CI runs too.
@pytest.mark.parametrize("size", [2, 5, 8, 11, pytest.param(14, marks=pytest.mark.slow)])
def test_exhaustive_single_suit_completeness(backend: ModuleType, size: int) -> None:
    melds = FILLER[: (14 - size) // 3]
    mismatches = []
    for counts in single_suit_hands(size):
        hand = Hand(list(counts) + [0] * 18, melds)
        expected = brute_complete(counts, len(melds))
        if is_complete(hand) != expected:
            mismatches.append(counts)
    assert not mismatches, mismatches[:5]


@pytest.mark.parametrize("size", [1, 4, 7, 10, pytest.param(13, marks=pytest.mark.slow)])
def test_exhaustive_single_suit_waits(backend: ModuleType, size: int) -> None:
    melds = FILLER[: (13 - size) // 3]
    hands = single_suit_hands(size)
    if backend.__name__.endswith("_pure") and len(hands) > 20000:
        hands = random.Random(size).sample(hands, 20000)
    for counts in hands:
        hand = Hand(list(counts) + [0] * 18, melds)
        expected = []
        for k in range(9):
            if counts[k] < 4:
                grown = list(counts)
                grown[k] += 1
                if brute_complete(tuple(grown), len(melds)):
                    expected.append(f"{k + 1}m")
        assert waits(hand) == tuple(expected), counts


def _targets() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every single-suit multiset of m sets and p pairs (counts <= 4)."""
    sets = [tuple(3 if j == r else 0 for j in range(9)) for r in range(9)]
    sets += [tuple(1 if r <= j <= r + 2 else 0 for j in range(9)) for r in range(7)]
    rows, ms, ps = [], [], []
    for m in range(5):
        for combo in itertools.combinations_with_replacement(range(len(sets)), m):
            base = np.sum([sets[i] for i in combo], axis=0) if combo else np.zeros(9, int)
            for pair in [None, *range(9)]:
                t = np.array(base)
                if pair is not None:
                    t[pair] += 2
                if t.max(initial=0) <= 4:
                    rows.append(t)
                    ms.append(m)
                    ps.append(0 if pair is None else 1)
    return np.array(rows), np.array(ms), np.array(ps)


TARGETS = _targets()


def brute_shanten_single_suit(counts: tuple[int, ...], melds: int) -> int:
    """Min tiles to draw over every complete target, other suits paid in full."""
    rows, ms, ps = TARGETS
    need = np.maximum(rows - np.array(counts), 0).sum(axis=1)
    sets_left = 4 - melds - ms
    ok = sets_left >= 0
    total = need + 3 * sets_left + 2 * (1 - ps)
    best_std = int(total[ok].min()) - 1
    if melds:
        return best_std
    pairs = sum(c // 2 for c in counts)
    odd = sum(c % 2 for c in counts)
    want = max(0, 7 - pairs)
    return min(best_std, 2 * want - min(odd, want) - 1)


def _check_shanten_against_brute_force(samples: int, seed: int) -> None:
    rng = random.Random(seed)
    for size in (13, 14, 10, 11, 7, 8):
        melds = FILLER[: (14 - size) // 3]
        hands = single_suit_hands(size)
        for counts in rng.sample(hands, samples):
            hand = Hand(list(counts) + [0] * 18, melds)
            expected = brute_shanten_single_suit(counts, len(melds))
            assert shanten(hand) == expected, (counts, len(melds))


def test_shanten_against_brute_force(backend: ModuleType) -> None:
    # The brute force is the cost here (about 3 ms a hand), not the backend.
    _check_shanten_against_brute_force(100, 2024)


@pytest.mark.slow
def test_shanten_against_brute_force_at_length(backend: ModuleType) -> None:
    _check_shanten_against_brute_force(2000, 2025)


# ---------------------------------------------------------------------------
# Random hands with random melds: C and Python agree, and the invariants hold.


@st.composite
def random_hands(draw: st.DrawFn, size: int | None = None) -> Hand:
    nmelds = draw(st.integers(0, 4))
    totals = [0] * 27
    melds = []
    for _ in range(nmelds):
        kind = draw(st.integers(0, 26).filter(lambda k: totals[k] == 0))
        mtype = draw(st.sampled_from(["pung", "kong", "concealed_kong"]))
        melds.append(Meld(kind, mtype))
        totals[kind] += 3 if mtype == "pung" else 4
    want = (size if size is not None else draw(st.sampled_from([13, 14]))) - 3 * nmelds
    suits = draw(st.sets(st.integers(0, 2), min_size=1, max_size=3))
    pool = [k for k in range(27) if k // 9 in suits for _ in range(4 - totals[k])]
    assume(len(pool) >= want)
    kinds = draw(st.permutations(pool))[:want]
    return Hand.from_kinds(kinds, melds)


missing_suits = st.sampled_from([None, "m", "p", "s"])


def _on_both(call: Any) -> tuple[Any, Any]:
    """``call()`` with the public functions on the compiled backend, then on the twin."""
    with _backend.use("c"):
        c = call()
    with _backend.use("python"):
        p = call()
    return c, p


@given(random_hands(), missing_suits)
def test_backends_agree(c_backend: ModuleType, hand: Hand, missing: str | None) -> None:
    for form in ("any", "standard", "seven_pairs"):
        c, p = _on_both(lambda: shanten(hand, missing_suit=missing, form=form))  # noqa: B023
        assert c == p
    if hand.size == 14:
        c, p = _on_both(lambda: is_complete(hand, missing_suit=missing))
        assert c == p
        if is_complete(hand):
            for flags in ({}, {"self_draw": True, "last_tile": True}, {"robbed_kong": True}):
                c, p = _on_both(lambda: score(hand, **flags))  # noqa: B023
                assert c == p
    else:
        c, p = _on_both(lambda: waits(hand, missing_suit=missing))
        assert c == p
        c, p = _on_both(lambda: best_win(hand, missing_suit=missing))
        assert c == p


@given(random_hands(), missing_suits)
def test_shanten_invariants(backend: ModuleType, hand: Hand, missing: str | None) -> None:
    value = shanten(hand, missing_suit=missing)
    assert value >= -1
    if hand.size == 14:
        assert (value == -1) == is_complete(hand, missing_suit=missing)
        if value == -1:
            assert brute_complete_hand(hand, missing)
    else:
        found = waits(hand, missing_suit=missing)
        assert (value == 0) == bool(found)
        for kind in found:
            assert brute_complete_hand(hand.add(kind), missing)
        assert (best_win(hand, missing_suit=missing) > 0) == bool(found)


def brute_complete_hand(hand: Hand, missing: str | None) -> bool:
    if missing is not None:
        s = "mps".index(missing)
        if any(hand.counts[9 * s : 9 * s + 9]):
            return False
    return brute_complete(hand.counts, len(hand.melds))


@given(random_hands(size=14))
def test_completeness_matches_brute_force(backend: ModuleType, hand: Hand) -> None:
    assert is_complete(hand) == brute_complete(hand.counts, len(hand.melds))


# ---------------------------------------------------------------------------
# Batches.


def test_batch_matches_single_calls(backend: ModuleType) -> None:
    from parlour.sichuan import batch

    rng = random.Random(7)
    rows, melds, hands = [], [], []
    for i in range(400):
        nm = i % 3
        pool = [k for k in range(9, 27) for _ in range(4)]
        size = (13 if i % 2 else 14) - 3 * nm
        kinds = rng.sample(pool, size)
        if i % 5 == 0:  # a complete hand now and then
            kinds = (
                [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 18, 19, 19, 19][:size] if nm == 0 else kinds
            )
        hand = Hand.from_kinds(kinds, [Meld(r, "pung") for r in range(nm)])
        hands.append(hand)
        rows.append(hand.counts)
        melds.append(nm)
    counts = np.array(rows, dtype=np.uint8)
    m = np.array(melds, dtype=np.uint8)
    comp = batch.is_complete(counts, m)
    sh = batch.shanten(counts, m)
    wt = batch.waits(counts, m)
    assert comp.dtype == np.bool_ and sh.dtype == np.int8 and wt.dtype == np.uint32
    for i, hand in enumerate(hands):
        assert comp[i] == is_complete(hand)
        # batch rows carry no meld kinds: compare with melds in another suit
        assert sh[i] == shanten(hand)
        if hand.size == 13:
            assert batch.mask_kinds(int(wt[i])) == waits(hand)
        else:
            assert wt[i] == 0
    assert batch.is_complete(counts[:0]).shape == (0,)
    # (the melds are all in m, so a missing suit of p or s treats them alike)
    with_missing = batch.shanten(counts, m, missing_suit="s").tolist()
    assert with_missing == [shanten(h, missing_suit="s") for h in hands]
    assert batch.is_complete(counts, m, missing_suit="p").tolist() == [
        is_complete(h, missing_suit="p") for h in hands
    ]


@pytest.mark.parametrize(
    ("bad", "match"),
    [
        (np.zeros((3, 26), dtype=np.uint8), r"shape \(N, 27\)"),
        (np.zeros((3, 27), dtype=np.int64), "dtype uint8"),
        (np.zeros(27, dtype=np.uint8), r"shape \(N, 27\)"),
        # The same words on both backends (the compiled one once said less).
        (np.full((2, 27), 5, dtype=np.uint8), r"^a count is out of range \(more than 4 copies\)$"),
        (np.zeros((27, 3), dtype=np.uint8).T, "C-contiguous"),
        ([[0] * 27], "numpy array"),
    ],
)
def test_batch_rejects_bad_input(backend: ModuleType, bad: Any, match: str) -> None:
    from parlour.sichuan import batch

    for fn in (batch.is_complete, batch.shanten, batch.waits):
        with pytest.raises(ValueError, match=match):
            fn(bad)


def test_batch_rejects_bad_melds(backend: ModuleType) -> None:
    from parlour.sichuan import batch

    counts = np.zeros((2, 27), dtype=np.uint8)
    for melds, match in (
        (np.zeros(3, dtype=np.uint8), r"shape \(2,\)"),
        (np.full(2, 5, dtype=np.uint8), r"^an argument is out of range$"),
        (np.zeros(2, dtype=np.int32), "dtype uint8"),
    ):
        for fn in (batch.is_complete, batch.shanten, batch.waits):
            with pytest.raises(ValueError, match=match):
                fn(counts, melds)


# ---------------------------------------------------------------------------
# Discard evaluation for bots.


def _reference_gains(
    hand: Hand, live: list[int], missing: str | None
) -> tuple[int, list[int], list[int]]:
    """The same numbers from batch shanten calls, one row at a time."""
    from parlour.sichuan import batch

    nm = np.array([len(hand.melds)], dtype=np.uint8)

    def sh(counts: list[int]) -> int:
        if max(counts) > 4:
            return 99
        return int(batch.shanten(np.array([counts], dtype=np.uint8), nm, missing_suit=missing)[0])

    counts = list(hand.counts)
    out = [99] * 27
    for k in range(27):
        if counts[k]:
            counts[k] -= 1
            out[k] = sh(counts)
            counts[k] += 1
    best = min(out)
    gains = [0] * 27
    for k in range(27):
        if counts[k] and out[k] == best and best != 99:
            counts[k] -= 1
            for j in range(27):
                if live[j] and counts[j] < 4:
                    counts[j] += 1
                    if sh(counts) < best:
                        gains[k] += live[j]
                    counts[j] -= 1
            counts[k] += 1
    return best, out, gains


@given(random_hands(size=14), missing_suits, st.lists(st.integers(0, 4), min_size=27, max_size=27))
def test_discard_gains(
    backend: ModuleType, hand: Hand, missing: str | None, live: list[int]
) -> None:
    best, sh, gains = backend.sichuan_discard_gains(
        hand.counts, len(hand.melds), suit_index(missing), live
    )
    want_best, want_sh, want_gains = _reference_gains(hand, live, missing)
    assert (best, list(sh), list(gains)) == (want_best, want_sh, want_gains)


def test_discard_gains_candidates_and_errors(backend: ModuleType) -> None:
    hand = Hand.parse("123m456m789m111p24p")
    full = backend.sichuan_discard_gains(hand.counts, 0, -1, [4] * 27)
    assert full[0] == 0 and full[1][10] == 0 and full[1][12] == 0  # drop 2p or 4p: ready
    only = backend.sichuan_discard_gains(
        hand.counts, 0, -1, [4] * 27, [1 if k == 0 else 0 for k in range(27)]
    )
    assert only[1][0] == 1 and all(v == 99 for k, v in enumerate(only[1]) if k != 0)
    assert only[0] == 1 and only[2][0] > 0
    count = r"^a count is out of range \(more than 4 copies\)$"
    for bad, match in (
        (33, r"^counts must be 27 counts, not the int 33$"),
        ([0] * 26, r"^counts must hold 27 counts, not 26$"),
        ([5] + [0] * 26, count),
    ):
        with pytest.raises(ValueError, match=match):
            backend.sichuan_discard_gains(bad, 0, -1, [4] * 27)
    with pytest.raises(ValueError, match=count):
        backend.sichuan_discard_gains(hand.counts, 0, -1, [5] * 27)
    with pytest.raises(ValueError, match=r"^the hand has the wrong number of tiles or cards$"):
        backend.sichuan_discard_gains(hand.counts, 1, -1, [4] * 27)  # 17 tiles
    with pytest.raises(ValueError, match=r"^an argument is out of range$"):
        backend.sichuan_discard_gains(hand.counts, 0, 3, [4] * 27)  # no suit 3


def test_type_literals_follow_the_code_table() -> None:
    # Type checkers need the names written out; they must be the table's.
    from typing import get_args

    from parlour._codes import sichuan as codes
    from parlour.sichuan import Form, MeldType, Suit

    assert get_args(MeldType) == codes.SC_MELD_NAMES
    assert get_args(Form) == codes.SC_FORM_NAMES
    assert get_args(Suit) == codes.SC_SUIT_NAMES
