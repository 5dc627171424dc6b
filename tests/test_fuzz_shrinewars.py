"""Fuzzing the Shrine Wars entry points of both backends: arbitrary ints as
masks, arbitrary text and ids as holdings, wrong shapes and dtypes, empty,
huge-valued and non-contiguous arrays each give a clear Python exception or
a correct answer (the pure twin's), never a crash."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from parlour import _backend, shrinewars

PY = _backend.load("python")
FULL = (1 << 36) - 1


def _same(backend: ModuleType, fn: str, *args: Any) -> Any:
    try:
        want = getattr(PY, fn)(*args)
    except (ValueError, TypeError) as exc:
        with pytest.raises((ValueError, TypeError)) as info:
            getattr(backend, fn)(*args)
        assert isinstance(info.value, type(exc)) or isinstance(exc, type(info.value))
        return None
    got = getattr(backend, fn)(*args)
    if isinstance(got, np.ndarray):
        assert got.dtype == want.dtype and got.tolist() == want.tolist()
    else:
        assert got == want
    return got


@given(st.one_of(st.integers(-(2**80), 2**80), st.integers(0, FULL)))
def test_masks(backend: ModuleType, mask: int) -> None:
    got = _same(backend, "shrinewars_score_mask", mask)
    _same(backend, "shrinewars_partition_mask", mask)
    if 0 <= mask <= FULL:
        assert got is not None and got >= bin(mask).count("1")


@given(st.one_of(st.none(), st.floats(), st.booleans(), st.text(max_size=4), st.binary(max_size=4)))
def test_masks_of_the_wrong_type(backend: ModuleType, thing: Any) -> None:
    for fn in (backend.shrinewars_score_mask, backend.shrinewars_partition_mask):
        with pytest.raises(ValueError):
            fn(thing)


@given(
    st.one_of(
        st.text(max_size=40),
        st.lists(st.integers(-5, 40), max_size=40),
        st.lists(st.text(max_size=3), max_size=6),
    )
)
def test_holdings(backend: ModuleType, cards: Any) -> None:
    for fn in (shrinewars.score, shrinewars.best_partition):
        # The game layer on the live backend against the same on the pure twin.
        try:
            with _backend.use("python"):
                want = fn(cards)
        except (ValueError, TypeError) as exc:
            with pytest.raises((ValueError, TypeError)) as info:
                fn(cards)
            assert isinstance(info.value, type(exc)) or isinstance(exc, type(info.value))
            continue
        assert fn(cards) == want


@given(
    hnp.arrays(
        dtype=st.sampled_from([np.uint64, np.int64, np.uint32, np.float64, np.uint8]),
        shape=hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=50),
    )
)
def test_batch_any_array(backend: ModuleType, arr: Any) -> None:
    _same(backend, "shrinewars_batch_score", arr)


@given(st.lists(st.integers(0, 2**64 - 1), max_size=60), st.integers(1, 3))
def test_batch_values_and_strides(backend: ModuleType, values: list[int], step: int) -> None:
    arr = np.array(values, dtype=np.uint64)[::step]
    got = _same(backend, "shrinewars_batch_score", arr)
    if all(v <= FULL for v in arr.tolist()):
        assert got is not None
        assert got.tolist() == [PY.shrinewars_score_mask(int(v)) for v in arr.tolist()]


def test_batch_edges(backend: ModuleType) -> None:
    assert backend.shrinewars_batch_score(np.zeros(0, np.uint64)).shape == (0,)
    with pytest.raises(ValueError):
        backend.shrinewars_batch_score([1, 2, 3])
    with pytest.raises(ValueError):
        backend.shrinewars_batch_score(np.zeros((2, 2), np.uint64))
    masks = np.full(1000, FULL, np.uint64)
    masks[999] = FULL + 1
    with pytest.raises(ValueError):
        backend.shrinewars_batch_score(masks)
    strided = np.arange(20, dtype=np.uint64)[::3]
    assert backend.shrinewars_batch_score(strided).tolist() == [
        PY.shrinewars_score_mask(int(m)) for m in strided
    ]
