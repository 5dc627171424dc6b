"""Batch evaluator calls and threads.

Calls from several threads at once give the serial answers (the compiled
loops release the GIL and share read-only tables).

Calls while another thread writes into their input (issue 14, item 2): each
row is read once, so a row's result is the answer for some value the row held
during the call, or the call raises the documented ``ValueError`` if a value
it read was out of range -- never a result computed from a value that was not
checked, and never a read out of bounds (``.ci/sanitize`` runs this file under
ASan and UBSan). Each case keeps rows changing between valid values with known
answers (from the pure twin, computed before the race) and hostile values:
out-of-range counts, 255 bytes, high mask bits, card indices past 14. The
hostile values are chosen so that a kernel that reads them unchecked gives an
answer no valid value of that row gives, so the test can fail.
"""

from __future__ import annotations

import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from parlour.sichuan import Hand, batch
from parlour.sisepai import Hand as SspHand


def _rows(seed: int, n: int = 5000) -> np.ndarray:
    rng = np.random.default_rng(seed)
    tiles = np.argsort(rng.random((n, 108)), axis=1)[:, :13] // 4
    counts = np.zeros((n, 27), dtype=np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), 13), tiles.ravel()), 1)
    return counts


def test_sichuan_batches_from_threads(backend: ModuleType) -> None:
    arrays = [_rows(seed, 5000 if backend.__name__.endswith("_core") else 100) for seed in range(8)]
    serial = [
        (batch.shanten(a).tolist(), batch.waits(a).tolist(), batch.is_complete(a).tolist())
        for a in arrays
    ]

    def work(i: int) -> tuple[list[int], list[int], list[bool]]:
        a = arrays[i % len(arrays)]
        return batch.shanten(a).tolist(), batch.waits(a).tolist(), batch.is_complete(a).tolist()

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(work, range(16)))
    for i, got in enumerate(results):
        assert got == serial[i % len(arrays)]


# Wall-clock budget of the racing loop, per case and backend.
BUDGET = 0.4


@dataclass(frozen=True)
class Case:
    """One batch function under race.

    ``valid`` and ``hostile`` are whole input arrays. The writer copies rows
    from them into the input; rows of two variants differ only where one of
    them is hostile, so a row caught half-written is a valid variant's row or
    a hostile one, never a third valid hand.
    """

    name: str
    call: Callable[[ModuleType, Any], Any]
    valid: tuple[np.ndarray, ...]
    hostile: tuple[np.ndarray, ...]
    error: str


def _hand_rows(texts: list[str], n: int) -> np.ndarray:
    hands = [list(Hand.parse(t).counts) for t in texts]
    return np.array([hands[i % len(hands)] for i in range(n)], dtype=np.uint8)


def _with(base: np.ndarray, col: int | None, value: int) -> np.ndarray:
    out = base.copy()
    if col is None:
        out[...] = value
    else:
        out[:, col] = value
    return out


# Every base hand holds one 1m and one 9m, the kinds that change. Unchecked,
# a 5 at 1m reads as one more 2m and four tiles fewer (a hand of the wrong
# size: False, 99, no waits); 255 at 9m, or a row of 255s, indexes far past
# the tables.
_SC_COMPLETE = ["123m456m789m111p22p", "123m456m789m111p23p"]
_SC_READY = ["123m456m789m111p2p", "147m258m369m111p2p", "123m456m789m11p23p"]
_SC_ERROR = "^" + re.escape("a count is out of range (more than 4 copies)") + "$"


def _sc_case(name: str, texts: list[str], first: tuple[int, ...], n: int) -> Case:
    base = _hand_rows(texts, n)
    return Case(
        f"sichuan_{name}",
        # The binding's plain call: no melds, no missing suit (and form "any").
        lambda be, a: getattr(be, f"sichuan_batch_{name}")(
            a, None, -1, *((0,) if name == "shanten" else ())
        ),
        tuple(_with(base, 0, v) for v in first),
        (_with(base, 0, 5), _with(base, 0, 255), _with(base, 8, 255), np.full_like(base, 255)),
        _SC_ERROR,
    )


def _cases(n: int) -> list[Case]:
    # Si Se Pai: Gr (kind 0) is 1 and the flower 1f (kind 28) 0 in this
    # complete hand; unchecked, Gr 5 or 255 and 1f 2 read as incomplete.
    ssp = np.array([SspHand.parse("GAEy GAEg GAEw RHCy RHCg GAEr RHCr").counts] * n, np.uint8)
    # Shrine Wars: a mask is 0 (score 0) or a 9-card run (81); the hostile
    # masks hold the whole deck too, which scores far more if the high bits
    # are ignored.
    full = (1 << 36) - 1
    sw = np.zeros(n, dtype=np.uint64)
    # Nine Domains: card 0 against card 0 is a draw (0); any other first card
    # wins or loses, and so does whatever an index past 14 reads as.
    nd = np.zeros(n, dtype=np.uint8)
    return [
        _sc_case("is_complete", _SC_COMPLETE, (1,), n),
        _sc_case("shanten", _SC_READY, (1, 2), n),
        _sc_case("waits", _SC_READY, (1,), n),
        Case(
            "sisepai_is_complete",
            lambda be, a: be.sisepai_batch_is_complete(a),
            (ssp,),
            (_with(ssp, 0, 5), _with(ssp, 0, 255), _with(ssp, 28, 2), np.full_like(ssp, 255)),
            re.escape("a count is out of range (more than 4 copies)"),
        ),
        Case(
            "shrinewars_batch_score",
            lambda be, a: be.shrinewars_batch_score(a),
            (_with(sw, None, 0), _with(sw, None, 0x1FF)),
            (_with(sw, None, full | 1 << 40), _with(sw, None, 2**64 - 1)),
            re.escape("an argument is out of range"),
        ),
        Case(
            "ninedomains_battle_batch",
            lambda be, a: be.ninedomains_battle_batch(a, np.zeros(len(a), dtype=np.uint8)),
            (nd,),
            (_with(nd, None, 15), _with(nd, None, 200), _with(nd, None, 255)),
            re.escape("card indices must be within 0 .. 14"),
        ),
    ]


def _answers(case: Case, twin: ModuleType) -> np.ndarray:
    """(rows, valid variants) answers of the twin, computed with no writer."""
    cols = []
    for v in case.valid:
        # The twin is slow and the rows repeat a few hands: ask once a hand.
        uniq, inverse = np.unique(v, axis=0, return_inverse=True)
        got = np.asarray(case.call(twin, np.ascontiguousarray(uniq))).astype(np.int64)
        cols.append(got[inverse.reshape(-1)])
    return np.stack(cols, axis=1)


@dataclass
class Tally:
    calls: int = 0
    errors: int = 0
    wrong_calls: int = 0
    example: str = ""


def _race(case: Case, backend: ModuleType, allowed: np.ndarray, rows: int) -> Tally:
    arr = case.valid[0].copy()
    case.call(backend, arr)  # builds any lookup tables before the clock starts
    rng = np.random.default_rng(14)
    starts = range(0, rows, 64)
    valid = np.stack(case.valid)
    hostile = np.stack(case.hostile)
    # Precomputed writes of valid rows to random blocks of 64 rows; every
    # eighth a block of alternating valid and hostile rows, undone by the next;
    # every 64th the whole input hostile (a kernel that checks first and reads
    # later then meets nothing but hostile rows), undone by the next.
    writes = []
    everything = np.arange(rows)
    for k in range(256):
        start = int(rng.choice(starts))
        idx = np.arange(start, min(start + 64, rows))
        writes.append((idx, valid[rng.integers(0, len(valid), len(idx)), idx]))
        if k % 8 == 7:
            bad = valid[rng.integers(0, len(valid), len(idx)), idx]
            odd = idx[::2]
            bad[::2] = hostile[rng.integers(0, len(hostile), len(odd)), odd]
            writes[-1:] = [(idx, bad), writes[-1]]
        if k % 64 == 63:
            writes.append((everything, hostile[k // 64 % len(hostile)]))
            writes.append((everything, valid[k // 64 % len(valid)]))
    stop = threading.Event()

    def writer() -> None:
        k = 0
        while not stop.is_set():
            idx, vals = writes[k % len(writes)]
            # Indexed assignment copies element by element, so a Shrine Wars
            # mask is never seen half written (a slice may go through memcpy,
            # which can tear a word into bytes of two values).
            arr[idx] = vals
            k += 1

    tally = Tally()
    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    deadline = time.perf_counter() + BUDGET
    try:
        while time.perf_counter() < deadline:
            tally.calls += 1
            try:
                got = np.asarray(case.call(backend, arr)).astype(np.int64)
            except ValueError as exc:
                assert re.fullmatch(case.error, str(exc)), str(exc)
                tally.errors += 1
                continue
            ok = (got[:, None] == allowed).any(axis=1)
            if not ok.all():
                tally.wrong_calls += 1
                i = int(np.flatnonzero(~ok)[0])
                tally.example = f"row {i}: got {got[i]}, allowed {sorted(set(allowed[i]))}"
    finally:
        stop.set()
        thread.join()
    return tally


@pytest.fixture
def fast_switching() -> Iterator[None]:
    # The writer must run between the steps of a call on either backend: the
    # compiled loops release the GIL, the pure twin only yields it when asked.
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


@pytest.mark.parametrize("name", [c.name for c in _cases(2)])
def test_batch_under_concurrent_writer(
    backend: ModuleType, py_backend: ModuleType, fast_switching: None, name: str
) -> None:
    rows = 2048 if backend.__name__.endswith("_core") else 64
    case = next(c for c in _cases(rows) if c.name == name)
    allowed = _answers(case, py_backend)
    tally = _race(case, backend, allowed, rows)
    assert tally.wrong_calls == 0, (
        f"{tally.wrong_calls} of {tally.calls} calls answered for a value no row held "
        f"({tally.errors} raised); first: {tally.example}"
    )
    # Some calls must have got through, or nothing above was checked.
    assert tally.calls - tally.errors > 0, tally


def test_batch_error_is_the_same_whichever_chunk_holds_it(backend: ModuleType) -> None:
    # The compiled kernels check a chunk of rows at a time; a bad count in a
    # later chunk still outranks a bad meld number in an earlier one, as in
    # the twin, which checks every count first.
    counts = np.zeros((300, 27), dtype=np.uint8)
    melds = np.zeros(300, dtype=np.uint8)
    melds[0] = 5
    counts[299, 26] = 5
    for fn in (batch.is_complete, batch.shanten, batch.waits):
        with pytest.raises(ValueError, match=_SC_ERROR):
            fn(counts, melds)
        with pytest.raises(ValueError, match=r"^an argument is out of range$"):
            fn(np.zeros_like(counts), melds)
