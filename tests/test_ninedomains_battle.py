"""Battles of the Nine Domains against tables worked out by hand from the rules.

Every table below was written by reading ``rules/ninedomains.md`` card pair by
card pair (rows: card ``a``, columns: card ``b``, both in the order of
``ORDER``): ``W`` = ``a`` wins (1), ``L`` = ``b`` wins (-1), ``=`` = nobody
(0). None of it is computed by the code under test.
"""

from __future__ import annotations

import itertools
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour.ninedomains as nd
from cbuild import load_library
from parlour import _backend
from parlour.errors import NotationError
from parlour.ninedomains import (
    CARDS,
    Card,
    adjacency_bonuses,
    battle,
    cards_text,
    carry,
    parse_cards,
    round_bonuses,
    three_plus_points,
)

ORDER = ["0", "1", "2", "3", "4", "5", "1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*"]
SYMBOL = {"W": 1, "L": -1, "=": 0}

# No bonuses: the override rules, then size, then identical cards, then the sign.
NO_BONUS = {
    "0":  "= L L L L W L L L L L L L L W",
    "1":  "W = L L L L W L L L L L W L W",
    "2":  "W W = L L L W W W L L L L L W",
    "3":  "W W W = L L W W W W W L L L L",
    "4":  "W W W W = L W W W W W W W L L",
    "5":  "L W W W W = W W W W W W W W L",
    "1-": "W L L L L L = L L L L L L L W",
    "1+": "W W L L L L W = L L L L L L W",
    "2-": "W W L L L L W W = L L L L L W",
    "2+": "W W W L L L W W W = L L L L W",
    "3-": "W W W L L L W W W W = L L L W",
    "3+": "W W W W L L W W W W W = L L W",
    "4-": "W L W W L L W W W W W W = L L",
    "4+": "W W W W W L W W W W W W W = W",
    "*":  "L L L W W W L L L L L L W L =",
}  # fmt: skip

# bonus_a = +1, bonus_b = 0: outside the overrides, a wins when size_a + 1 > size_b,
# and on equal strength too (its bonus is greater); it never ties.
A_PLUS_ONE = {
    "0":  "W W L L L W W W L L L L L L W",
    "1":  "W W W L L L W W W W L L W L W",
    "2":  "W W W W L L W W W W W W L L W",
    "3":  "W W W W W L W W W W W W W W L",
    "4":  "W W W W W W W W W W W W W W L",
    "5":  "L W W W W W W W W W W W W W L",
    "1-": "W W W L L L W W W W L L L L W",
    "1+": "W W W L L L W W W W L L L L W",
    "2-": "W W W W L L W W W W W W L L W",
    "2+": "W W W W L L W W W W W W L L W",
    "3-": "W W W W W L W W W W W W W W W",
    "3+": "W W W W W L W W W W W W W W W",
    "4-": "W L W W W W W W W W W W W W L",
    "4+": "W W W W W W W W W W W W W W W",
    "*":  "L L L W W W L L L L L L W L =",
}  # fmt: skip

# bonus_a = -2, bonus_b = 0 (a 4+ in round 3): outside the overrides, a wins only when
# size_a - 2 > size_b; equal strength goes to b (greater bonus).
A_MINUS_TWO = {
    "0":  "L L L L L W L L L L L L L L W",
    "1":  "L L L L L L L L L L L L W L W",
    "2":  "L L L L L L L L L L L L L L W",
    "3":  "W L L L L L L L L L L L L L L",
    "4":  "W W L L L L W W L L L L L L L",
    "5":  "L W W L L L W W W W L L L L L",
    "1-": "L L L L L L L L L L L L L L W",
    "1+": "L L L L L L L L L L L L L L W",
    "2-": "L L L L L L L L L L L L L L W",
    "2+": "L L L L L L L L L L L L L L W",
    "3-": "W L L L L L L L L L L L L L W",
    "3+": "W L L L L L L L L L L L L L W",
    "4-": "W L L L L L W W L L L L L L L",
    "4+": "W W L L L L W W L L L L L L W",
    "*":  "L L L W W W L L L L L L W L =",
}  # fmt: skip


def _cases(table: dict[str, str]) -> list[tuple[str, str, int]]:
    out = []
    for a, row in table.items():
        cells = row.split()
        assert len(cells) == 15
        out += [(a, b, SYMBOL[s]) for b, s in zip(ORDER, cells, strict=True)]
    return out


def test_tables_cover_every_pair() -> None:
    for table in (NO_BONUS, A_PLUS_ONE, A_MINUS_TWO):
        assert list(table) == ORDER
        assert {(a, b) for a, b, _ in _cases(table)} == set(itertools.product(ORDER, ORDER))


@pytest.mark.parametrize(("a", "b", "expected"), _cases(NO_BONUS))
def test_battle_without_bonus(a: str, b: str, expected: int, backend: ModuleType) -> None:
    # The game layer reads card text and runs on the live backend.
    assert _backend.impl is backend
    assert nd.battle(a, b) == expected
    assert nd.battle(Card(a), Card(b), bonus_a=0, bonus_b=0) == expected


@pytest.mark.parametrize(("a", "b", "expected"), _cases(A_PLUS_ONE))
def test_battle_a_plus_one(a: str, b: str, expected: int, backend: ModuleType) -> None:
    assert nd.battle(a, b, bonus_a=1) == expected
    # Seen from the other side, the same battle has the opposite outcome.
    assert nd.battle(b, a, bonus_b=1) == -expected


@pytest.mark.parametrize(("a", "b", "expected"), _cases(A_MINUS_TWO))
def test_battle_a_minus_two(a: str, b: str, expected: int, backend: ModuleType) -> None:
    assert nd.battle(a, b, bonus_a=-2) == expected
    assert nd.battle(b, a, bonus_b=-2) == -expected


# Hand-picked battles with bonuses on both sides: (a, bonus_a, b, bonus_b, outcome, rule).
BOTH_BONUSES = [
    ("3", 1, "3", 1, 0, 4),  # same card, same bonus: removed
    ("2+", 1, "3", 0, 1, 3),  # 3 = 3, bonus 1 > 0
    ("3", 0, "2+", 1, -1, 3),
    ("2", 0, "1-", 1, -1, 3),  # 2 = 2, the 1- carries the bonus
    ("3-", 0, "2", 1, -1, 3),
    ("1", 2, "3-", 0, 1, 3),  # 3 = 3, a's bonus 2 > 0
    ("2", 2, "4-", 0, 1, 3),  # 4 = 4, a has the bonus
    ("2-", 1, "2+", 1, -1, 5),  # 3 = 3, equal bonus, + beats -
    ("4", 1, "4+", 1, -1, 5),  # + beats basic
    ("3-", 2, "3", 2, -1, 5),  # basic beats -
    ("4+", -2, "2", 0, -1, 3),  # round-3 4+: 2 = 2, bonus -2 < 0
    ("4+", -3, "1+", 0, -1, 3),  # 1 = 1, bonus -3 < 0
    ("5", -1, "4", 1, -1, 2),  # 4 < 5
    ("1", 4, "4-", -3, 1, 1),  # override: 4- loses to basic 1 whatever the bonus
    ("0", -3, "5", 4, 1, 1),  # override: 0 beats 5
    ("*", 4, "2", -3, -1, 1),  # override: * loses to 2
    ("*", -3, "5", 4, 1, 1),  # override: * beats 5
    ("4-", 4, "*", -3, -1, 1),
    ("*", 2, "*", 0, 0, 1),
]


@pytest.mark.parametrize(("a", "ba", "b", "bb", "outcome", "rule"), BOTH_BONUSES)
def test_battle_with_both_bonuses(
    a: str, ba: int, b: str, bb: int, outcome: int, rule: int, backend: ModuleType
) -> None:
    assert nd.decide(a, b, bonus_a=ba, bonus_b=bb) == (outcome, rule)
    assert nd.battle(b, a, bonus_a=bb, bonus_b=ba) == -outcome


@given(st.sampled_from(ORDER), st.sampled_from(ORDER), st.integers(-4, 6), st.integers(-4, 6))
def test_battle_is_antisymmetric(a: str, b: str, ba: int, bb: int) -> None:
    assert battle(a, b, bonus_a=ba, bonus_b=bb) == -battle(b, a, bonus_a=bb, bonus_b=ba)


@given(st.sampled_from(ORDER), st.sampled_from(ORDER), st.integers(-4, 6), st.integers(-4, 6))
def test_battle_only_ties_identical_cards(a: str, b: str, ba: int, bb: int) -> None:
    if battle(a, b, bonus_a=ba, bonus_b=bb) == 0:
        assert a == b
        assert ba == bb or a == "*"


def test_three_plus_points() -> None:
    assert three_plus_points("3+", "1") == 7  # 3 - 1 = 2
    assert three_plus_points("3+", "2") == 0  # margin 1
    assert three_plus_points("3+", "2", bonus_a=1) == 7
    assert three_plus_points("3+", "1", bonus_b=1) == 0
    assert three_plus_points("3+", "0") == 7
    assert three_plus_points("3+", "*") == 0  # an override win
    assert three_plus_points("3+", "3", bonus_a=1) == 0  # rule 2 win by 1
    assert three_plus_points("3+", "3-") == 0  # rule 5
    assert three_plus_points("3+", "5", bonus_a=4) == 7  # 7 - 5
    assert three_plus_points("3", "0") == 0  # not a 3+


def test_round_bonuses_by_hand() -> None:
    assert carry("1+") == 2 and carry("2+") == 1 and carry("4+") == -1
    assert all(carry(c) == 0 for c in ORDER if c not in ("1+", "2+", "4+"))
    assert adjacency_bonuses(["1-", "0", "5"]) == (0, 2, 0)
    assert adjacency_bonuses(["0", "5", "1-"]) == (0, 2, 0)
    assert adjacency_bonuses(["0", "1-", "5"]) == (1, 0, 1)
    assert round_bonuses(["3", "4", "5"]) == (0, 0, 0)
    # 4+ is penalised only in round 3 (index 2).
    assert round_bonuses(["4+", "4", "5"], round_index=1) == (0, 0, 0)
    assert round_bonuses(["4+", "4", "5"], round_index=2) == (-2, 0, 0)
    # Carries go to the card at the same position next round, whatever it is.
    assert round_bonuses(["0", "1", "2"], ["1+", "2+", "4+"], 1) == (2, 1, -1)
    assert round_bonuses(["4+", "1-", "*"], ["4+", "1+", "2+"], 2) == (-1 - 2 + 1, 2, 1 + 1)
    with pytest.raises(ValueError):
        round_bonuses(["1", "2"])
    with pytest.raises(ValueError):
        round_bonuses(["1", "2", "3"], round_index=3)


def test_notation() -> None:
    assert [str(c) for c in CARDS] == ORDER
    for c in CARDS:
        assert eval(repr(c)) == c
        assert Card.parse(str(c)) == c
    assert parse_cards("  1- 5 * ") == (Card("1-"), Card("5"), Card("*"))
    assert cards_text(["1-", Card("5")]) == "1- 5"
    for bad in ("6", "1*", "+1", "", "5-", "0+", "**"):
        with pytest.raises(NotationError):
            Card.parse(bad)
    with pytest.raises(NotationError):
        battle("9", "1")
    with pytest.raises(TypeError):
        battle("1", "1", bonus_a=1.5)  # type: ignore[arg-type]


def test_table_through_batch(backend: ModuleType) -> None:
    battle_batch = nd.battle_batch
    assert _backend.impl is backend
    for table, ba in ((NO_BONUS, 0), (A_PLUS_ONE, 1), (A_MINUS_TWO, -2)):
        cases = _cases(table)
        a = [ORDER.index(x) for x, _, _ in cases]
        b = [ORDER.index(y) for _, y, _ in cases]
        out = battle_batch(a, b, [ba] * len(a), None)
        assert out.dtype == np.int8
        assert out.tolist() == [e for _, _, e in cases]


@given(
    st.lists(
        st.tuples(
            st.integers(0, 14), st.integers(0, 14), st.integers(-128, 127), st.integers(-128, 127)
        ),
        max_size=40,
    )
)
def test_c_and_pure_agree(rows: list[tuple[int, int, int, int]]) -> None:
    backends = [_backend.load(n) for n in _backend.available()]
    a = np.array([r[0] for r in rows], dtype=np.uint8)
    b = np.array([r[1] for r in rows], dtype=np.uint8)
    ba = np.array([r[2] for r in rows], dtype=np.int8)
    bb = np.array([r[3] for r in rows], dtype=np.int8)
    outs = [m.ninedomains_battle_batch(a, b, ba, bb).tolist() for m in backends]
    assert all(o == outs[0] for o in outs)
    for i, (x, y, bx, by) in enumerate(rows):
        decided = {m.ninedomains_decide(x, y, bx, by) for m in backends}
        for name in _backend.available():
            with _backend.use(name):
                decided.add(nd.decide(ORDER[x], ORDER[y], bonus_a=bx, bonus_b=by))
        assert len(decided) == 1
        assert decided.pop()[0] == outs[0][i]


def test_bad_input_same_errors(backend: ModuleType) -> None:
    battle, battle_batch = nd.battle, nd.battle_batch
    with pytest.raises(NotationError):
        battle("6", "1")
    with pytest.raises(NotationError):
        battle(3, "1")
    with pytest.raises(TypeError):
        battle("1", "2", bonus_b=True)
    with pytest.raises(ValueError):
        battle("1", "2", bonus_a=10**6)
    with pytest.raises(ValueError):
        battle_batch([15], [0])
    with pytest.raises(ValueError):
        battle_batch([1, 2], [0])
    with pytest.raises(ValueError):
        battle_batch([1], [0], [200])
    with pytest.raises(TypeError):
        battle_batch([1.5], [0])
    assert battle_batch([], []).tolist() == []


@pytest.fixture(scope="module")
def ndlib(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    return load_library(tmp_path_factory.mktemp("ndlib"), ["ninedomains.c", "common.c"])


def test_c_abi_directly(ndlib: tuple[Any, Any]) -> None:
    ffi, lib = ndlib
    outcome, rule = ffi.new("int *"), ffi.new("int *")
    for table, ba in ((NO_BONUS, 0), (A_PLUS_ONE, 1), (A_MINUS_TWO, -2)):
        for a, b, expected in _cases(table):
            assert lib.parlour_nd_decide(ORDER.index(a), ORDER.index(b), ba, 0, outcome, rule) == 0
            assert outcome[0] == expected
    for a, ba, b, bb, res, rl in BOTH_BONUSES:
        assert lib.parlour_nd_decide(ORDER.index(a), ORDER.index(b), ba, bb, outcome, rule) == 0
        assert (outcome[0], rule[0]) == (res, rl)
    # Errors: bad card, bad bonus, NULL outputs; the outputs are left untouched.
    outcome[0] = 99
    assert lib.parlour_nd_decide(15, 0, 0, 0, outcome, rule) == -4
    assert lib.parlour_nd_decide(-1, 0, 0, 0, outcome, rule) == -4
    assert lib.parlour_nd_decide(0, 0, 1001, 0, outcome, rule) == -4
    assert lib.parlour_nd_decide(0, 0, 0, 0, ffi.NULL, rule) == -1
    assert outcome[0] == 99
    a = ffi.new("uint8_t[]", [0, 14, 3])
    b = ffi.new("uint8_t[]", [5, 14, 3])
    bonus = ffi.new("int8_t[]", [0, 0, 1])
    out = ffi.new("int8_t[]", [7, 7, 7])
    assert lib.parlour_nd_battle_batch(a, b, bonus, ffi.NULL, 3, out) == 0
    assert list(out) == [1, 0, 1]
    bad = ffi.new("uint8_t[]", [0, 15, 3])
    out = ffi.new("int8_t[]", [7, 7, 7])
    assert lib.parlour_nd_battle_batch(a, bad, ffi.NULL, ffi.NULL, 3, out) == -4
    assert list(out) == [7, 7, 7]  # nothing written on error
    assert lib.parlour_nd_battle_batch(ffi.NULL, b, ffi.NULL, ffi.NULL, 3, out) == -1
    assert lib.parlour_nd_battle_batch(ffi.NULL, ffi.NULL, ffi.NULL, ffi.NULL, 0, ffi.NULL) == 0
