"""csrc/parlour_pyrandom.c, the C twin of Python's random.Random, against
Python's own: seeded one at a time (parlour_pyrandom_seed_words, which the
vector environments key their tables' deal generators with) and several at a
time (parlour_pyrandom_seed_many, which they seed each deal's generator
with), over many seeds, past the words a batch-seeded generator keeps and
past the first block of 624 words, and restarted."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour import _backend

pytestmark = pytest.mark.skipif(_backend.current() != "c", reason="the C backend is not in use")

# Seeds where the keying changes shape: 0 and one-word seeds (CPython keys
# with one word), the first two-word ones, the largest 63- and 64-bit ones.
EDGES = [0, 1, 2, 3, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**33, 2**63 - 1, 2**63, 2**64 - 1]


def _core() -> Any:
    return _backend.load("c")


def _python_draws(seed: int, ops: list[tuple[Any, ...]]) -> list[Any]:
    r = random.Random(seed)
    out: list[Any] = []
    for op in ops:
        if op[0] == "u32":
            out.append(r.getrandbits(32))
        elif op[0] == "below":
            out.append(r._randbelow(op[1]))  # type: ignore[attr-defined]
        elif op[0] == "random":
            out.append(r.random())
        else:
            raise AssertionError(op)
    return out


def test_seeded_one_at_a_time_over_many_seeds() -> None:
    core = _core()
    ops: list[tuple[Any, ...]] = [("bits", 32)] * 8 + [("below", 7), ("random",), ("bits", 63)]
    seeds = [*EDGES, 2**64 + 5, 2**96 - 1, 2**96, 2**128 - 1]
    rng = random.Random(11)
    seeds += [rng.getrandbits(bits) for bits in (8, 31, 32, 33, 63, 64, 65, 96, 127, 128)]
    seeds += [rng.getrandbits(63) for _ in range(200)]
    for seed in seeds:
        r = random.Random(seed)
        want = [r.getrandbits(32) for _ in range(8)]
        want += [r._randbelow(7), r.random(), r.getrandbits(63)]  # type: ignore[attr-defined]
        assert core._SichuanVector.pyrandom_draws(seed, ops) == want, seed


def test_seeded_together_as_python_seeds_each() -> None:
    # Groups of every size 1..9 (the seeding runs four chains at a time, then
    # two, then one), each generator drawn well past the 64 words it keeps
    # and past its first block of 624.
    core = _core()
    rng = random.Random(3)
    ops: list[tuple[Any, ...]] = [("u32",)] * 700 + [("below", 1000), ("random",)]
    for size in range(1, 10):
        seeds = [rng.getrandbits(63) for _ in range(size)]
        got = core._NineDomainsVector.pyrandom_many_draws(seeds, ops)
        assert got == [_python_draws(s, ops) for s in seeds], (size, seeds)
    got = core._NineDomainsVector.pyrandom_many_draws(EDGES, [("u32",)] * 100)
    assert got == [_python_draws(s, [("u32",)] * 100) for s in EDGES]


def test_many_seeds_together_first_draws() -> None:
    # What a deal draws: a few dozen words of the first block, for 4,000
    # seeds (mixed one- and two-word ones).
    core = _core()
    rng = random.Random(5)
    ops: list[tuple[Any, ...]] = [("below", 9)] * 20 + [("random",)] * 3
    for _ in range(250):
        seeds = [rng.getrandbits(rng.choice((16, 32, 63, 64))) for _ in range(16)]
        got = core._NineDomainsVector.pyrandom_many_draws(seeds, ops)
        assert got == [_python_draws(s, ops) for s in seeds], seeds


def test_restart_goes_back_to_the_first_draw() -> None:
    core = _core()
    seed = 2**40 + 17
    fresh = _python_draws(seed, [("u32",)] * 80)
    # Restarted after 70 words (past the kept 64: the state was remade).
    got = core._NineDomainsVector.pyrandom_many_draws(
        [seed, seed + 1], [("u32",)] * 70 + [("restart",)] + [("u32",)] * 80
    )
    assert got[0][70] == 0
    assert got[0][71:] == fresh
    assert got[1][71:] == _python_draws(seed + 1, [("u32",)] * 80)
    # Past the first block there is no going back: refused, nothing changed.
    got = core._NineDomainsVector.pyrandom_many_draws(
        [seed], [("u32",)] * 630 + [("restart",), ("u32",)]
    )
    assert got[0][630] < 0
    assert got[0][631] == _python_draws(seed, [("u32",)] * 631)[630]


def test_seeds_out_of_range_are_refused() -> None:
    # CPython takes abs() of a negative seed; the C twin takes none (its
    # callers draw seeds with getrandbits).
    core = _core()
    with pytest.raises(ValueError, match="seed"):
        core._NineDomainsVector.pyrandom_many_draws([-1], [("u32",)])
    with pytest.raises(ValueError, match="seed"):
        core._NineDomainsVector.pyrandom_many_draws([2**64], [("u32",)])
    with pytest.raises(ValueError, match="seed"):
        core._SichuanVector.pyrandom_draws(-5, [("bits", 32)])
