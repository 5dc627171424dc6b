"""The compiled ``parlour._core`` and its pure twin ``parlour._pure`` agree.

Three layers, each of which could drift independently:

1. the public names, their kinds (function, class, constant) and the
   constants' values;
2. every function's signature, on both backends and in ``_core.pyi``;
3. every function's behaviour: for valid and hostile inputs alike, both
   backends return equal results (arrays: equal values, dtype and shape) or
   raise the same exception type with the same message.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import _backend
from parlour.sichuan import Hand
from parlour.sichuan.hand import packed_keys

CORE_STUB = Path(__file__).resolve().parents[1] / "src" / "parlour" / "_core.pyi"

# Compiled names with no twin, by design: the Sichuan state machine
# (csrc/sichuan_game.c) is checked in lock step against the pure engine
# ``parlour.sichuan.engine_py.PyEngine`` (tests/test_sichuan_engines.py), not against
# a function-for-function twin in ``_pure``.
NO_TWIN = {
    "SichuanState": "compiled Sichuan engine state; its twin is parlour.sichuan.engine_py.PyEngine",
    "SichuanSeatView": "seat view of the compiled Sichuan engine state; no twin by design",
    "sichuan_game_new": "constructs the compiled engine state; no twin by design",
    "sichuan_game_register": "registration hook of the compiled engine; no twin by design",
    "sichuan_game_register_logs": "registration hook of the compiled engine; no twin by design",
}


@pytest.fixture(scope="module")
def core() -> ModuleType:
    if "c" not in _backend.available():
        pytest.skip("the C extension is not built here")
    return _backend.load("c")


@pytest.fixture(scope="module")
def pure() -> ModuleType:
    return _backend.load("python")


# Imports that are not API: the binding's lazy numpy proxy (parlour._lazy, not
# a ModuleType) is spelt ``np`` because every .pxi file uses it under that name.
NOT_API = {"np"}


def _public(module: ModuleType) -> dict[str, Any]:
    # Modules are implementation detail too: the twin's per-game submodules.
    return {
        name: value
        for name, value in vars(module).items()
        if not name.startswith("_") and name not in NOT_API and not isinstance(value, ModuleType)
    }


def _kind(value: Any) -> str:
    if isinstance(value, type):
        return "class"
    if callable(value):
        return "function"
    return "constant"


def _functions(module: ModuleType) -> list[str]:
    return sorted(n for n, v in _public(module).items() if _kind(v) == "function")


# --- 1. names -------------------------------------------------------------------


def test_exclusions_exist(core: ModuleType) -> None:
    # A stale exclusion would silently widen the hole in the name check.
    assert set(NO_TWIN) <= set(_public(core))


def test_same_public_names(core: ModuleType, pure: ModuleType) -> None:
    c = {n: v for n, v in _public(core).items() if n not in NO_TWIN}
    p = _public(pure)
    assert sorted(c) == sorted(p)
    for name in c:
        assert _kind(c[name]) == _kind(p[name]), name
        if _kind(c[name]) == "constant":
            assert c[name] == p[name], name


# --- 2. signatures --------------------------------------------------------------


def _shape(sig: inspect.Signature) -> list[tuple[str, Any, Any]]:
    # Annotations are left out: Cython does not keep them, the stub has them.
    return [(p.name, p.kind, p.default) for p in sig.parameters.values()]


def _stub_signatures() -> dict[str, list[tuple[str, Any, Any]]]:
    tree = ast.parse(CORE_STUB.read_text(encoding="utf-8"))
    out: dict[str, list[tuple[str, Any, Any]]] = {}
    for node in tree.body:  # top level only: class methods are the engine's
        if not isinstance(node, ast.FunctionDef):
            continue
        a = node.args
        params: list[tuple[str, Any, Any]] = []
        positional = [*a.posonlyargs, *a.args]
        defaults: list[Any] = [inspect.Parameter.empty] * (len(positional) - len(a.defaults))
        defaults += [ast.literal_eval(d) for d in a.defaults]
        for i, arg in enumerate(positional):
            kind = (
                inspect.Parameter.POSITIONAL_ONLY
                if i < len(a.posonlyargs)
                else inspect.Parameter.POSITIONAL_OR_KEYWORD
            )
            params.append((arg.arg, kind, defaults[i]))
        if a.vararg is not None:
            params.append((a.vararg.arg, inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.empty))
        for arg, d in zip(a.kwonlyargs, a.kw_defaults, strict=True):
            default = inspect.Parameter.empty if d is None else ast.literal_eval(d)
            params.append((arg.arg, inspect.Parameter.KEYWORD_ONLY, default))
        if a.kwarg is not None:
            params.append((a.kwarg.arg, inspect.Parameter.VAR_KEYWORD, inspect.Parameter.empty))
        out[node.name] = params
    return out


def test_same_signatures(core: ModuleType, pure: ModuleType) -> None:
    names = [n for n in _functions(core) if n not in NO_TWIN]
    assert names == _functions(pure)
    for name in names:
        c = _shape(inspect.signature(getattr(core, name)))
        p = _shape(inspect.signature(getattr(pure, name)))
        assert c == p, name


def test_stub_matches_binding(core: ModuleType) -> None:
    stub = _stub_signatures()
    assert sorted(stub) == _functions(core)
    for name, params in stub.items():
        assert _shape(inspect.signature(getattr(core, name))) == params, name
    # The stub's constants are the binding's.
    tree = ast.parse(CORE_STUB.read_text(encoding="utf-8"))
    declared = {
        n.target.id
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    constants = {n for n, v in _public(core).items() if _kind(v) == "constant"}
    assert declared == constants


# --- 3. results and errors ------------------------------------------------------


def _outcome(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    try:
        result = fn(*args, **kwargs)
    except Exception as exc:  # the type is what is compared
        return ("raised", type(exc), str(exc))
    if isinstance(result, np.ndarray):
        return ("array", result.dtype, result.shape, result.tobytes())
    return ("returned", type(result), result)


def _same(name: str, *args: Any, **kwargs: Any) -> None:
    core = _backend.load("c")
    pure = _backend.load("python")
    c = _outcome(getattr(core, name), args, kwargs)
    p = _outcome(getattr(pure, name), args, kwargs)
    assert c == p, f"{name}(*{args!r}, **{kwargs!r}): C gave {c!r}, Python gave {p!r}"


def _arrays(dtypes: list[Any], widths: list[int]) -> st.SearchStrategy[Any]:
    """Arrays of the wrong and right dtypes and shapes, some not contiguous."""

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        dtype = draw(st.sampled_from(dtypes))
        rows = draw(st.integers(0, 3))
        width = draw(st.sampled_from(widths))
        shape: tuple[int, ...] = (rows, width) if width else (rows,)
        values = draw(
            st.lists(st.integers(0, 6), min_size=int(np.prod(shape)), max_size=int(np.prod(shape)))
        )
        arr = np.array(values, dtype=np.int64).reshape(shape).astype(dtype)
        if draw(st.booleans()) and arr.ndim == 2 and arr.shape[0] > 1:
            arr = arr[::2]
        elif draw(st.booleans()) and arr.ndim == 2:
            arr = np.asfortranarray(arr)
        return arr

    return build()


HOSTILE: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([-1, 0, 1, 4, 5, 27, 33, 36, 255, 256, 2**36, 2**64]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=6),
    st.sampled_from(["", "m", "p", "s", "x", "any", "pairs", "1m", "*", "4+", "9z"]),
    st.binary(max_size=30),
    st.lists(st.integers(-2, 6), max_size=30),
    _arrays([np.uint8, np.int8, np.int64, np.float32], [0, 26, 27, 33]),
)


def _maybe(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    # Mostly valid, so that the happy path is compared too.
    return st.one_of(valid, valid, valid, HOSTILE)


# Sichuan ---------------------------------------------------------------------
# Plain data as parlour.sichuan passes it: packed suit keys, meld numbers,
# meld counts, meld bytes (kind, type), suit and form codes; mostly valid,
# with values out of range in every argument.


@st.composite
def _sc_counts(draw: st.DrawFn, sizes: tuple[int, ...] = (13, 14)) -> list[int]:
    size = draw(st.sampled_from(sizes))
    suits = draw(st.sampled_from([(0,), (0, 1), (0, 1, 2)]))
    pool = [k for k in range(27) if k // 9 in suits for _ in range(4)]
    chosen = draw(st.permutations(pool))[:size]
    counts = [0] * 27
    for k in chosen:
        counts[k] += 1
    return counts


# Complete hands (with their melds), so that the scorer's answers are compared too.
_SC_COMPLETE = [
    ("11123456789999m", b""),
    ("11m22p33s44m55p66s77m", b""),
    ("123m456m789m111p22p", b""),
    ("11122233344455m", b""),
    ("88s", bytes([1, 0, 13, 1, 22, 2, 4, 0])),
    ("99m789p123s", bytes([0, 0, 9, 1])),
    ("99s", bytes([0, 0, 8, 1, 9, 2, 17, 0])),
]
SC_PACKED = st.one_of(
    _sc_counts().map(packed_keys),
    _sc_counts((2, 5, 8, 11, 12, 15)).map(packed_keys),
    st.sampled_from([packed_keys(Hand.parse(t).counts) for t, _m in _SC_COMPLETE]),
    # A suit key of 5**9 or more, a suit of more than 14 tiles, any 63 bits.
    st.sampled_from([5**9, (2**21 - 1) << 21, packed_keys([4] * 4 + [0] * 23)]),
    st.integers(0, 2**63 - 1),
)
SC_NMELDS = st.one_of(st.just(0), st.integers(-1, 5))
SC_MISSING = st.one_of(st.integers(-1, 2), st.integers(-3, 4))
SC_FORM = st.one_of(st.integers(0, 2), st.integers(-2, 4))
SC_MELD_COUNTS = st.one_of(
    st.none(),
    st.lists(st.sampled_from([0, 0, 0, 3, 4, 5]), min_size=27, max_size=27).map(bytes),
    st.binary(max_size=30),
)
SC_MELDS = st.one_of(
    st.just(b""),
    st.lists(st.tuples(st.integers(0, 26), st.integers(0, 2)), max_size=4).map(
        lambda ms: bytes(x for m in ms for x in m)
    ),
    st.binary(max_size=11),
)
SC_CAP = st.one_of(st.just(5), st.integers(-3, 32))


@st.composite
def _sc_scored(draw: st.DrawFn) -> tuple[int, bytes]:
    text, melds = draw(st.sampled_from(_SC_COMPLETE))
    return packed_keys(Hand.parse(text).counts), melds


PARITY: dict[str, st.SearchStrategy[tuple[tuple[Any, ...], dict[str, Any]]]] = {}


def _case(name: str, args: st.SearchStrategy[tuple[Any, ...]], kwargs: Any = None) -> None:
    kw = st.fixed_dictionaries({}) if kwargs is None else kwargs
    PARITY[name] = st.tuples(args, kw)


_case("abi_version", st.just(()))
_case("sichuan_is_complete_keys", st.tuples(SC_PACKED, SC_NMELDS, SC_MISSING))
_case("sichuan_waits_keys", st.tuples(SC_PACKED, SC_NMELDS, SC_MELD_COUNTS, SC_MISSING))
_case("sichuan_shanten_keys", st.tuples(SC_PACKED, SC_NMELDS, SC_MELD_COUNTS, SC_MISSING, SC_FORM))
_case(
    "sichuan_score_keys",
    st.one_of(
        st.tuples(SC_PACKED, SC_MELDS, st.integers(0, 127), SC_CAP),
        _sc_scored().flatmap(
            lambda pm: st.tuples(st.just(pm[0]), st.just(pm[1]), st.integers(0, 127), SC_CAP)
        ),
    ),
)
_case(
    "sichuan_best_win_keys",
    st.tuples(
        st.one_of(_sc_counts((13, 10, 7, 4, 1)).map(packed_keys), SC_PACKED),
        SC_MELDS,
        SC_MISSING,
        SC_CAP,
    ),
)


@st.composite
def _sc_batch(draw: st.DrawFn, form: bool = False) -> tuple[Any, ...]:
    rows = draw(st.lists(_sc_counts((13, 14, 11, 12)), max_size=3))
    width = draw(st.sampled_from([27, 27, 27, 26]))
    counts = np.array([r[:width] for r in rows], dtype=np.uint8).reshape(len(rows), width)
    if rows and draw(st.booleans()):
        counts[draw(st.integers(0, len(rows) - 1)), draw(st.integers(0, width - 1))] = draw(
            st.sampled_from([5, 255])
        )
    melds = draw(
        st.one_of(
            st.none(),
            st.lists(st.integers(0, 6), min_size=len(rows), max_size=len(rows)).map(
                lambda v: np.array(v, dtype=np.uint8)
            ),
            st.lists(st.integers(0, 1), max_size=4).map(lambda v: np.array(v, dtype=np.uint8)),
        )
    )
    args: tuple[Any, ...] = (counts, melds, draw(SC_MISSING))
    return (*args, draw(SC_FORM)) if form else args


_case("sichuan_batch_is_complete", _sc_batch())
_case("sichuan_batch_waits", _sc_batch())
_case("sichuan_batch_shanten", _sc_batch(form=True))
_case(
    "sichuan_discard_gains",
    st.tuples(
        _maybe(_sc_counts((14, 11, 8)).map(bytes)),
        st.one_of(st.integers(0, 2), st.integers(-3, 6)),
        SC_MISSING,
        _maybe(st.lists(st.integers(0, 4), min_size=27, max_size=27)),
        st.one_of(st.none(), _maybe(st.lists(st.integers(0, 1), min_size=27, max_size=27))),
    ),
)

# Sì Sè Pái ------------------------------------------------------------------
# Plain data only: counts, groups of kinds, points (the game layer reads text).


@st.composite
def _ssp_counts(draw: st.DrawFn, size: int = 21) -> list[int]:
    kinds = draw(st.lists(st.integers(0, 32), min_size=size, max_size=size))
    counts = [0] * 33
    for k in kinds:
        counts[k] = min(4, counts[k] + 1)
    return counts


# Legal groups (and a few that are not), as the exposed part of a hand.
SSP_GROUP = st.sampled_from(
    [
        *[(0,), (28,), (30,), (1, 1), (2, 2, 2), (3, 3, 3, 3), (0, 1, 2), (3, 4, 5)],
        *[(6, 13, 20), (6, 13, 20, 27), (7, 8, 9), (10, 11, 12)],
        *[(0, 0), (5, 4, 3), (), (1, 2, 3, 4, 5), (40,)],
    ]
)
SSP_POINTS = st.lists(st.integers(0, 9), min_size=9, max_size=9).map(tuple)


@st.composite
def _ssp_best_groups(draw: st.DrawFn) -> tuple[Any, ...]:
    exposed = draw(st.lists(SSP_GROUP, max_size=3))
    counts = draw(_ssp_counts(21 - sum(len(g) for g in exposed)))
    points = draw(st.one_of(st.just((1, 3, 0, 1, 2, 1, 1, 1, 2)), SSP_POINTS))
    # Points out of range, of the wrong length or type, and groups of the wrong
    # shape reach the backend too.
    hostile_points = st.one_of(
        st.lists(st.integers(-3, 200), min_size=9, max_size=9),
        st.lists(st.integers(0, 3), max_size=12),
        HOSTILE,
    )
    return (
        draw(_maybe(st.just(bytes(counts)) | st.just(counts))),
        draw(st.one_of(st.just(exposed), st.just(tuple(exposed)), HOSTILE)),
        draw(st.one_of(st.just(points), st.just(points), hostile_points)),
    )


_case("sisepai_counts_best_groups", _ssp_best_groups())
_case(
    "sisepai_group_type",
    st.tuples(_maybe(st.one_of(SSP_GROUP, st.lists(st.integers(0, 40), max_size=5)))),
)
_case(
    "sisepai_counts_complete",
    st.tuples(
        _maybe(_ssp_counts().map(bytes)), st.one_of(st.just(0), st.integers(-2, 24), HOSTILE)
    ),
)
_case(
    "sisepai_counts_winning",
    st.tuples(
        _maybe(_ssp_counts(20).map(bytes)),
        st.one_of(st.none(), _maybe(st.just(bytes(33)))),
        st.one_of(st.just(0), st.integers(-2, 24), HOSTILE),
    ),
)


@st.composite
def _ssp_batch(draw: st.DrawFn) -> tuple[Any, ...]:
    rows = draw(st.lists(_ssp_counts(), max_size=3))
    counts = np.array(rows, dtype=np.uint8).reshape(len(rows), 33)
    counts = draw(st.one_of(st.just(counts), HOSTILE))
    exposed = draw(st.one_of(st.none(), st.just(np.zeros(len(rows), dtype=np.uint8)), HOSTILE))
    return (counts, exposed)


_case("sisepai_batch_is_complete", _ssp_batch())

# Shrine Wars ----------------------------------------------------------------
# Plain data only: 36-bit card masks (the game layer reads card text and ids).

SW_MASK = st.one_of(st.integers(0, (1 << 36) - 1), st.integers(-5, 2**40))
_case("shrinewars_score_mask", st.tuples(_maybe(SW_MASK)))
_case("shrinewars_partition_mask", st.tuples(_maybe(SW_MASK)))
_case(
    "shrinewars_batch_score",
    st.tuples(
        st.one_of(
            st.lists(SW_MASK.filter(lambda m: m >= 0), max_size=4).map(
                lambda ms: np.array(ms, dtype=np.uint64)
            ),
            _arrays([np.uint64, np.int64, np.uint8], [0, 2]),
            HOSTILE,
        )
    ),
)

# The Nine Domains -----------------------------------------------------------
# Plain data only: card indices and int bonuses (the game layer reads card text).

ND_INDEX = st.one_of(st.integers(0, 14), st.integers(-2, 20))
ND_BONUS = st.one_of(st.integers(-3, 3), st.integers(-100, 100), st.integers(-1100, 1100))
_case(
    "ninedomains_decide",
    st.tuples(_maybe(ND_INDEX), _maybe(ND_INDEX)),
    st.fixed_dictionaries({}, optional={"bonus_a": _maybe(ND_BONUS), "bonus_b": _maybe(ND_BONUS)}),
)


@st.composite
def _nd_batch(draw: st.DrawFn) -> tuple[Any, ...]:
    n = draw(st.integers(0, 4))
    idx = st.lists(st.integers(0, 14), min_size=n, max_size=n)
    a = draw(st.one_of(idx, idx.map(lambda v: np.array(v, dtype=np.int8)), HOSTILE))
    b = draw(st.one_of(idx, HOSTILE))
    bon = st.lists(st.integers(-3, 3), min_size=n, max_size=n)
    return (a, b, draw(st.one_of(st.none(), bon, HOSTILE)), draw(st.one_of(st.none(), bon)))


_case("ninedomains_battle_batch", _nd_batch())


def test_every_function_has_a_strategy(pure: ModuleType) -> None:
    assert sorted(PARITY) == _functions(pure)


@pytest.mark.parametrize("name", sorted(PARITY))
def test_same_results_and_errors(name: str, core: ModuleType) -> None:
    @settings(max_examples=40, deadline=None)
    @given(PARITY[name])
    def check(case: tuple[tuple[Any, ...], dict[str, Any]]) -> None:
        args, kwargs = case
        _same(name, *args, **kwargs)

    check()
