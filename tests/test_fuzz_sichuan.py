"""Fuzzing the Sichuan entry points of both bindings: arbitrary bytes, wrong
shapes and dtypes, counts above 4, empty and non-contiguous arrays each give a
clear Python exception or a correct answer, never a crash."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from parlour import NotationError
from parlour.sichuan import Hand, batch, is_complete, score, shanten, waits


@given(st.binary(max_size=40))
def test_arbitrary_bytes_as_counts(backend: ModuleType, data: bytes) -> None:
    arr = np.frombuffer(data, dtype=np.uint8)
    if arr.size % 27 == 0 and arr.size:
        arr = arr.reshape(-1, 27)
        if arr.max() > 4:
            with pytest.raises(
                ValueError, match=r"^a count is out of range \(more than 4 copies\)$"
            ):
                batch.is_complete(arr)
        else:
            got = batch.is_complete(arr.copy())
            assert got.shape == (arr.shape[0],)
    else:
        with pytest.raises(ValueError):
            batch.shanten(arr)


@given(
    hnp.arrays(
        dtype=st.sampled_from([np.uint8, np.int8, np.int32, np.float64, np.bool_]),
        shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=30),
    )
)
def test_any_array(backend: ModuleType, arr: Any) -> None:
    ok_shape = arr.dtype == np.uint8 and arr.ndim == 2 and arr.shape[1] == 27
    for fn in (batch.is_complete, batch.shanten, batch.waits):
        if ok_shape and (arr.size == 0 or arr.max() <= 4):
            out = fn(arr)
            assert out.shape == (arr.shape[0],)
        else:
            with pytest.raises(ValueError):
                fn(arr)


def test_non_contiguous_and_empty(backend: ModuleType) -> None:
    base = np.zeros((10, 54), dtype=np.uint8)
    with pytest.raises(ValueError, match="contiguous"):
        batch.is_complete(base[:, ::2])
    assert batch.waits(np.zeros((0, 27), dtype=np.uint8)).shape == (0,)
    assert batch.shanten(np.zeros((0, 27), dtype=np.uint8), np.zeros(0, np.uint8)).shape == (0,)


@given(st.text(max_size=40))
def test_arbitrary_text(backend: ModuleType, text: str) -> None:
    try:
        hand = Hand.parse(text)
    except NotationError:
        for fn in (is_complete, shanten):
            with pytest.raises(NotationError):
                fn(text)
        return
    assert isinstance(is_complete(hand), bool)
    if hand.size in (13, 14):
        assert shanten(hand) >= -1
    if hand.size == 13:
        assert isinstance(waits(hand), tuple)
    if hand.size == 14 and is_complete(hand):
        assert score(hand).points >= 1


@given(st.integers(), st.integers())
def test_bad_ints(backend: ModuleType, melds: int, missing: int) -> None:
    counts = np.zeros((1, 27), dtype=np.uint8)
    with pytest.raises((ValueError, OverflowError, TypeError)):
        batch.is_complete(
            counts, np.array([melds % 256 + 5 if melds % 256 < 251 else 255], dtype=np.uint8)
        )
    if not 0 <= missing <= 2:
        with pytest.raises(ValueError):
            batch.is_complete(counts, missing_suit=missing)


# --- the compiled engine's binding (csrc/sichuan_game.c) ----------------------------

_ANY = st.one_of(
    st.none(),
    st.integers(-(2**70), 2**70),
    st.text(max_size=6),
    st.binary(max_size=6),
    st.floats(allow_nan=True),
    st.lists(st.integers(-300, 300), max_size=110),
)


@given(
    wall=st.one_of(_ANY, st.permutations(list(range(108)))),
    dealer=st.integers(-5, 8),
    cap=st.integers(-3, 40),
    penalty=st.integers(-3, 40),
    step=st.integers(-2, 5),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans()),
)
def test_engine_construction_with_any_arguments(
    c_backend: ModuleType, wall: Any, dealer: int, cap: int, penalty: int, step: int, flags: Any
) -> None:
    try:
        state = c_backend.sichuan_game_new(wall, dealer, cap, *flags, penalty, step)
    except (ValueError, TypeError, OverflowError):
        return
    assert sorted(state.wall()) == list(range(108)) and state.to_act


@given(
    seed=st.integers(0, 50),
    moves=st.lists(
        st.tuples(st.integers(-3, 6), st.one_of(_ANY, st.integers(0, 170))), max_size=60
    ),
)
def test_engine_apply_with_any_input(c_backend: ModuleType, seed: int, moves: Any) -> None:
    # Anything that is not a registered legal action is refused and changes nothing.
    from parlour.sichuan.engine_c import core
    from parlour.sichuan.values import ACTIONS_BY_CODE as table
    from parlour.sichuan.values import Exchange

    core()
    wall = list(range(108))
    __import__("random").Random(seed).shuffle(wall)
    state = c_backend.sichuan_game_new(wall, seed % 4, 5, False, seed % 2 == 0, True, 32, 2)
    for seat, what in moves:
        action = table[what] if isinstance(what, int) and 0 <= what < len(table) else what
        before = state.__reduce__()[1][0]
        legal = state.legal(seat) if 0 <= seat < 4 else []
        try:
            status = state.apply(seat, action)
            ex = state.exchange(seat, action) if isinstance(action, list) else -10
        except (TypeError, OverflowError):
            assert state.__reduce__()[1][0] == before
            continue
        if status == 0:
            assert action in legal
        elif ex == 0:
            assert isinstance(Exchange(tuple(action)), Exchange)
        else:
            assert state.__reduce__()[1][0] == before
