"""Fuzzing the Sì Sè Pái entry points of both backends: arbitrary bytes,
wrong shapes and dtypes, counts out of range, bad exposed-card numbers, empty
and non-contiguous arrays each give a clear Python exception or a correct
answer (the other backend's), never a crash."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from parlour import _backend, sisepai

PY = _backend.load("python")
LIMITS = np.array([4] * 28 + [1] * 5, dtype=np.uint8)


def _same(backend: ModuleType, fn: str, *args: Any) -> Any:
    """Call ``fn`` on the backend; it must answer as the pure twin does or
    both must raise the same kind of error."""
    try:
        want = getattr(PY, fn)(*args)
    except (ValueError, TypeError) as exc:
        with pytest.raises(type(exc)):
            getattr(backend, fn)(*args)
        return None
    got = getattr(backend, fn)(*args)
    assert got == want if not isinstance(got, np.ndarray) else got.tolist() == want.tolist()
    return got


@given(st.binary(max_size=40), st.integers(-(2**40), 2**40))
def test_counts_complete_bytes(backend: ModuleType, data: bytes, exposed: int) -> None:
    if not -(2**31) <= exposed < 2**31:
        with pytest.raises((ValueError, OverflowError)):
            backend.sisepai_counts_complete(data, exposed)
        return
    _same(backend, "sisepai_counts_complete", data, exposed)


@given(
    st.lists(st.integers(0, 4), min_size=33, max_size=33).map(
        lambda c: [min(x, int(m)) for x, m in zip(c, LIMITS, strict=True)]
    ),
    st.integers(-3, 24),
)
def test_counts_complete_valid_counts(backend: ModuleType, counts: list[int], exposed: int) -> None:
    got = _same(backend, "sisepai_counts_complete", bytes(counts), exposed)
    if sum(counts) + exposed == 21 and exposed >= 0:
        assert isinstance(got, bool)


@given(
    st.one_of(st.binary(min_size=33, max_size=33), st.binary(max_size=40)),
    st.one_of(st.none(), st.binary(min_size=33, max_size=33), st.binary(max_size=40)),
    st.integers(-5, 30),
)
def test_counts_winning_bytes(backend: ModuleType, counts: bytes, ex: Any, n: int) -> None:
    _same(backend, "sisepai_counts_winning", counts, ex, n)


# 20 and 21 exposed cards with no concealed card are real (if odd) hands,
# and both backends take a whole float for an int there.
@given(
    st.one_of(
        st.integers().filter(lambda n: n not in (20, 21)),
        st.floats().filter(lambda x: x not in (20.0, 21.0)),
        st.text(max_size=5),
        st.none(),
        st.lists(st.none()),
    )
)
def test_counts_functions_wrong_types(backend: ModuleType, thing: Any) -> None:
    with pytest.raises((ValueError, TypeError, OverflowError)):
        backend.sisepai_counts_complete(thing, 0)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        backend.sisepai_counts_complete(bytes(33), thing)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        backend.sisepai_counts_winning(thing, None, 0)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        backend.sisepai_counts_winning(bytes(33), None, thing)


def test_counts_given_as_an_int(backend: ModuleType) -> None:
    with pytest.raises(ValueError):
        backend.sisepai_counts_complete(33, 21)
    with pytest.raises(ValueError):
        backend.sisepai_counts_winning(bytes(33), 33, 20)
    with pytest.raises(ValueError):
        backend.sisepai_counts_winning(33, None, 20)


def _game_same(fn: Any, *args: Any, **kw: Any) -> Any:
    """Call the game-layer ``fn`` on the live backend; it must answer as on
    the pure twin, or both must raise the same kind of error."""
    try:
        with _backend.use("python"):
            want = fn(*args, **kw)
    except (ValueError, TypeError) as exc:
        with pytest.raises(type(exc)):
            fn(*args, **kw)
        return None
    got = fn(*args, **kw)
    assert got == want
    return got


@given(st.text(max_size=60))
def test_hand_functions_arbitrary_text(backend: ModuleType, text: str) -> None:
    for fn in (sisepai.is_complete, sisepai.winning_cards, sisepai.best_groups):
        _game_same(fn, text)


@given(
    hnp.arrays(
        dtype=st.sampled_from([np.uint8, np.int8, np.int32, np.float64, np.bool_]),
        shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=40),
    ),
)
def test_batch_any_array(backend: ModuleType, arr: Any) -> None:
    ok = arr.dtype == np.uint8 and arr.ndim == 2 and arr.shape[1] == 33
    if ok and (arr.shape[0] == 0 or bool((arr <= LIMITS).all())):
        got = backend.sisepai_batch_is_complete(arr)
        assert got.tolist() == PY.sisepai_batch_is_complete(arr).tolist()
    else:
        with pytest.raises(ValueError):
            backend.sisepai_batch_is_complete(arr)


@given(
    st.integers(0, 30),
    st.data(),
)
def test_batch_with_exposed(backend: ModuleType, n: int, data: st.DataObject) -> None:
    rows = np.array(
        [data.draw(st.lists(st.integers(0, 1), min_size=33, max_size=33)) for _ in range(n)],
        dtype=np.uint8,
    ).reshape(n, 33)
    exposed = np.array(data.draw(st.lists(st.integers(0, 255), min_size=n, max_size=n)), np.uint8)
    _same(backend, "sisepai_batch_is_complete", rows, exposed)
    for bad in (exposed[:-1] if n else np.zeros(1, np.uint8), exposed.astype(np.int32)):
        with pytest.raises(ValueError):
            backend.sisepai_batch_is_complete(rows, bad)


def test_batch_non_contiguous_and_empty(backend: ModuleType) -> None:
    base = np.zeros((10, 66), dtype=np.uint8)
    with pytest.raises(ValueError, match="contiguous"):
        backend.sisepai_batch_is_complete(base[:, ::2])
    with pytest.raises(ValueError):
        backend.sisepai_batch_is_complete(np.zeros((4, 33), np.uint8), np.zeros(8, np.uint8)[::2])
    assert backend.sisepai_batch_is_complete(np.zeros((0, 33), np.uint8)).shape == (0,)
    assert backend.sisepai_batch_is_complete(
        np.zeros((0, 33), np.uint8), np.zeros(0, np.uint8)
    ).shape == (0,)
    with pytest.raises(ValueError):
        backend.sisepai_batch_is_complete([[0] * 33])
    big = np.full((3, 33), 1, np.uint8)
    big[1, 30] = 2  # two of one flower
    with pytest.raises(ValueError, match="range"):
        backend.sisepai_batch_is_complete(big)


@given(st.lists(st.integers(-(2**70), 2**70), min_size=0, max_size=12))
def test_best_groups_bad_rules_points(backend: ModuleType, points: list[int]) -> None:
    from parlour.sisepai import Rules

    with pytest.raises((TypeError, ValueError)):
        sisepai.best_groups("GAEr GAEy GAEg RHCw RRRy 3f GGw Sr Sy Sg", rules=points)  # type: ignore[arg-type]
    # The backend itself refuses bad points, whatever the game layer lets through.
    counts = sisepai.Hand.parse("GAEr GAEy GAEg RHCw RRRy 3f GGw Sr Sy Sg").counts
    _same(backend, "sisepai_counts_best_groups", counts, (), points)
    try:
        rules = Rules(*points[:8])
    except (TypeError, ValueError):
        return
    hand = "GAEr GAEy GAEg RHCw RRRy 3f GGw Sr Sy Sg"
    _game_same(sisepai.best_groups, hand, rules=rules)
