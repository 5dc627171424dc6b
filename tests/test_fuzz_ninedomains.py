"""Fuzzing the Nine Domains battle entry points of both backends: arbitrary
cards, bonuses out of range and of the wrong type, wrong shapes and dtypes,
unequal lengths, empty and non-contiguous arrays each give a clear Python
exception or a correct answer (the pure twin's), never a crash."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from parlour import _backend
from parlour import ninedomains as nd

PY = _backend.load("python")
TEXTS = ("0", "1", "2", "3", "4", "5", "1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*")
ANY = st.one_of(
    st.sampled_from(TEXTS),
    st.text(max_size=4),
    st.integers(-3, 20),
    st.none(),
    st.floats(allow_nan=False),
)
BONUS = st.one_of(
    st.integers(-(2**40), 2**40), st.integers(-1001, 1001), st.none(), st.text(max_size=2)
)


def _same(backend: ModuleType, fn: str, *args: Any, **kw: Any) -> Any:
    try:
        want = getattr(PY, fn)(*args, **kw)
    except (ValueError, TypeError) as exc:
        with pytest.raises((ValueError, TypeError)) as info:
            getattr(backend, fn)(*args, **kw)
        assert type(info.value) is type(exc), (info.value, exc)
        return None
    got = getattr(backend, fn)(*args, **kw)
    if isinstance(got, np.ndarray):
        assert got.dtype == want.dtype and got.tolist() == want.tolist()
    else:
        assert got == want
    return got


def _game_same(fn: Any, *args: Any, **kw: Any) -> Any:
    # The game layer on the live backend against the same on the pure twin.
    try:
        with _backend.use("python"):
            want = fn(*args, **kw)
    except (ValueError, TypeError) as exc:
        with pytest.raises((ValueError, TypeError)) as info:
            fn(*args, **kw)
        assert type(info.value) is type(exc), (info.value, exc)
        return None
    got = fn(*args, **kw)
    assert got == want
    return got


@given(ANY, ANY, BONUS, BONUS)
def test_decide(backend: ModuleType, a: Any, b: Any, ba: Any, bb: Any) -> None:
    got = _game_same(nd.decide, a, b, bonus_a=ba, bonus_b=bb)
    _game_same(nd.battle, a, b, bonus_a=ba, bonus_b=bb)
    _game_same(nd.card_index, a)
    if got is not None:
        assert got[0] in (-1, 0, 1) and 1 <= got[1] <= 5
    # The backend on plain values of any kind: indices and bonuses in or out of range.
    plain = _same(backend, "ninedomains_decide", a, b, ba, bb)
    if plain is not None:
        assert plain[0] in (-1, 0, 1) and 1 <= plain[1] <= 5


_ARR = hnp.arrays(
    dtype=st.sampled_from([np.uint8, np.int8, np.int64, np.float64, np.bool_]),
    shape=hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=20),
)


@given(_ARR, _ARR, st.one_of(st.none(), _ARR), st.one_of(st.none(), _ARR))
def test_batch_any_arrays(backend: ModuleType, a: Any, b: Any, ba: Any, bb: Any) -> None:
    _same(backend, "ninedomains_battle_batch", a, b, ba, bb)


@given(st.data(), st.integers(0, 40), st.integers(1, 3))
def test_batch_valid_and_strided(backend: ModuleType, data: st.DataObject, n: int, k: int) -> None:
    def draw(lo: int, hi: int, dtype: Any) -> Any:
        values = data.draw(st.lists(st.integers(lo, hi), min_size=n * k, max_size=n * k))
        return np.array(values, dtype=dtype)[::k]

    a, b = draw(0, 16, np.uint8), draw(0, 16, np.uint8)
    ba, bb = draw(-128, 127, np.int8), draw(-128, 127, np.int8)
    got = _same(backend, "ninedomains_battle_batch", a, b, ba, bb)
    if got is not None:
        want = [
            PY.ninedomains_decide(x, y, p, q)[0]
            for x, y, p, q in zip(a.tolist(), b.tolist(), ba.tolist(), bb.tolist(), strict=True)
        ]
        assert got.tolist() == want
    _same(backend, "ninedomains_battle_batch", a, b[: max(0, n - 1)])
    _same(backend, "ninedomains_battle_batch", a.tolist(), b.tolist(), None, bb.tolist())


def test_batch_edges(backend: ModuleType) -> None:
    empty = np.zeros(0, np.uint8)
    assert backend.ninedomains_battle_batch(empty, empty).shape == (0,)
    assert backend.ninedomains_battle_batch([], [], [], []).shape == (0,)
    with pytest.raises(ValueError):
        backend.ninedomains_battle_batch([15], [0])
    with pytest.raises(ValueError):
        backend.ninedomains_battle_batch([0], [0], [200])
    with pytest.raises(ValueError):
        backend.ninedomains_battle_batch([[0]], [[0]])
    with pytest.raises((TypeError, ValueError)):
        backend.ninedomains_battle_batch(["0"], ["1"])
