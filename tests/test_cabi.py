"""The C ABI called directly: through cffi against a library built from
csrc/, checked against the Cython binding on the same inputs, and a small C
program compiled and run."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cbuild import build_program, load_library
from parlour.sichuan import Hand, Meld

CDEF = """
int parlour_abi_version(void);
const char *parlour_strerror(int status);
typedef struct parlour_sc_tables parlour_sc_tables;
typedef struct { uint8_t kind; uint8_t type; } parlour_sc_meld;
typedef struct { int fan; int points; int pattern; unsigned additions; int roots; }
    parlour_sc_score;
size_t parlour_sc_tables_size(void);
int parlour_sc_tables_init(void *buffer, size_t size);
int parlour_sc_tables_check(const parlour_sc_tables *tables);
int parlour_sc_is_complete(const parlour_sc_tables *t, const uint8_t counts[27], int melds,
                           int missing_suit);
int parlour_sc_waits(const parlour_sc_tables *t, const uint8_t counts[27], int melds,
                     const uint8_t *meld_counts, int missing_suit, uint32_t *mask);
int parlour_sc_shanten(const parlour_sc_tables *t, const uint8_t counts[27], int melds,
                       const uint8_t *meld_counts, int missing_suit, int form, int *out);
int parlour_sc_score_hand(const parlour_sc_tables *t, const uint8_t counts[27],
                          const parlour_sc_meld *melds, int nmelds, unsigned flags, int cap,
                          parlour_sc_score *out);
int parlour_sc_batch_is_complete(const parlour_sc_tables *t, const uint8_t *counts, size_t n,
                                 const uint8_t *melds, int missing_suit, uint8_t *out);
"""


@pytest.fixture(scope="module")
def clib(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    ffi, lib = load_library(tmp_path_factory.mktemp("clib"), CDEF)
    size = lib.parlour_sc_tables_size()
    buf = ffi.new("char[]", size)
    assert lib.parlour_sc_tables_check(ffi.cast("parlour_sc_tables *", buf)) != 0
    assert lib.parlour_sc_tables_init(buf, size) == 0
    tables = ffi.cast("parlour_sc_tables *", buf)
    assert lib.parlour_sc_tables_check(tables) == 0
    return ffi, lib, (tables, buf)


def _random_hand(rng: random.Random) -> Hand:
    nmelds = rng.randrange(3)
    melds = [
        Meld(k, rng.choice(["pung", "kong", "concealed_kong"]))
        for k in rng.sample(range(18), nmelds)
    ]  # suit s stays empty: missing_suit=2
    taken = {m.kind for m in melds}
    pool = [k for k in range(27) if k not in taken and k // 9 != 2 for _ in range(4)]
    size = rng.choice([13, 14]) - 3 * nmelds
    if rng.random() < 0.3:  # bias towards complete hands
        base = [0, 1, 2, 3, 4, 5, 9, 9, 9, 10, 10, 11, 12, 13]
        kinds = [k for k in base if k not in taken][:size]
        if len(kinds) < size:
            kinds += rng.sample(pool, size - len(kinds))
        if any(kinds.count(k) > 4 for k in kinds):
            kinds = rng.sample(pool, size)
    else:
        kinds = rng.sample(pool, size)
    return Hand.from_kinds(kinds, melds)


def test_abi_version(clib: Any, c_backend: ModuleType) -> None:
    ffi, lib, _ = clib
    assert lib.parlour_abi_version() == c_backend.abi_version() == 1
    assert ffi.string(lib.parlour_strerror(-2)) == b"a count is out of range"


def test_cffi_agrees_with_cython(clib: Any, c_backend: ModuleType) -> None:
    ffi, lib, (tables, _) = clib
    rng = random.Random(11)
    for _ in range(2000):
        hand = _random_hand(rng)
        counts = ffi.new("uint8_t[27]", list(hand.counts))
        mc = ffi.new("uint8_t[27]", list(hand._meld_counts or bytes(27)))
        nm = len(hand.melds)
        missing = rng.choice([-1, 2])
        ms = None if missing < 0 else "mps"[missing]
        if hand.size == 14:
            got = lib.parlour_sc_is_complete(tables, counts, nm, missing)
            assert bool(got) == c_backend.sichuan_is_complete(hand, missing_suit=ms)
            if got:
                melds = ffi.new("parlour_sc_meld[4]")
                codes = {"pung": 0, "kong": 1, "concealed_kong": 2}
                for j, m in enumerate(hand.melds):
                    melds[j].kind = m.kind
                    melds[j].type = codes[m.type]
                sc = ffi.new("parlour_sc_score *")
                assert lib.parlour_sc_score_hand(tables, counts, melds, nm, 0, 5, sc) == 0
                want = c_backend.sichuan_score(hand)
                assert (sc.fan, sc.points) == (want.fan, want.points)
        else:
            mask = ffi.new("uint32_t *")
            assert lib.parlour_sc_waits(tables, counts, nm, mc, missing, mask) == 0
            names = tuple(f"{k % 9 + 1}{'mps'[k // 9]}" for k in range(27) if mask[0] >> k & 1)
            assert names == c_backend.sichuan_waits(hand, missing_suit=ms)
        out = ffi.new("int *")
        assert lib.parlour_sc_shanten(tables, counts, nm, mc, missing, 0, out) == 0
        assert out[0] == c_backend.sichuan_shanten(hand, missing_suit=ms)


def test_c_core_rejects_bad_input(clib: Any) -> None:
    ffi, lib, (tables, _) = clib
    counts = ffi.new("uint8_t[27]", [5] + [0] * 26)
    assert lib.parlour_sc_is_complete(tables, counts, 0, -1) == -2
    good = ffi.new("uint8_t[27]", [1] * 13 + [0] * 14)
    assert lib.parlour_sc_is_complete(ffi.NULL, good, 0, -1) == -1
    assert lib.parlour_sc_is_complete(tables, ffi.NULL, 0, -1) == -1
    assert lib.parlour_sc_is_complete(tables, good, 5, -1) == -4
    assert lib.parlour_sc_is_complete(tables, good, 0, 3) == -4
    out = ffi.new("int *")
    assert lib.parlour_sc_shanten(tables, good, 0, ffi.NULL, -1, 7, out) == -4
    assert lib.parlour_sc_shanten(tables, ffi.new("uint8_t[27]"), 0, ffi.NULL, -1, 0, out) == -3
    uninit = ffi.new("char[]", 64)
    assert lib.parlour_sc_is_complete(ffi.cast("parlour_sc_tables *", uninit), good, 0, -1) == -5
    assert lib.parlour_sc_tables_init(uninit, 64) == -5
    sc = ffi.new("parlour_sc_score *")
    assert lib.parlour_sc_score_hand(tables, good, ffi.NULL, 0, 0, 5, sc) == -6
    res = ffi.new("uint8_t[1]")
    assert lib.parlour_sc_batch_is_complete(tables, counts, 1, ffi.NULL, -1, res) == -2
    assert lib.parlour_sc_batch_is_complete(tables, ffi.NULL, 0, ffi.NULL, -1, res) == 0


def test_c_example_program(tmp_path: Path) -> None:
    exe = build_program("example.c", tmp_path / "example")
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    assert "shanten 0\nwaits 2p 3p\n" in out
    assert "complete 1\n" in out
    assert "fan 0 points 1" in out
    assert "bad counts -> a count is out of range" in out


def test_c_driver(tmp_path: Path) -> None:
    """The C test driver (run under valgrind by .ci/valgrind) passes natively."""
    exe = build_program("driver.c", tmp_path / "driver")
    out = subprocess.run([str(exe)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "all checks passed" in out.stdout
