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

from cbuild import CSRC, build_program, compiler, load_library
from parlour import _backend
from parlour._codes.sichuan import SC_MELD_NAMES
from parlour.sichuan import SUITS, Hand, Meld, is_complete, score, shanten, waits
from parlour.sichuan.tiles import mask_kinds


@pytest.fixture(scope="module")
def clib(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    ffi, lib = load_library(tmp_path_factory.mktemp("clib"))
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
    assert lib.parlour_abi_version() == c_backend.abi_version() == 2
    assert ffi.string(lib.parlour_strerror(-2)) == b"a count is out of range (more than 4 copies)"


def test_cffi_agrees_with_cython(clib: Any, c_backend: ModuleType) -> None:
    with _backend.use("c"):
        _cffi_agrees_with_cython(clib)


def _cffi_agrees_with_cython(clib: Any) -> None:
    ffi, lib, (tables, _) = clib
    rng = random.Random(11)
    for _ in range(2000):
        hand = _random_hand(rng)
        counts = ffi.new("uint8_t[27]", list(hand.counts))
        mc = ffi.new("uint8_t[27]", list(hand._meld_counts or bytes(27)))
        nm = len(hand.melds)
        missing = rng.choice([-1, 2])
        ms = None if missing < 0 else SUITS[missing]
        if hand.size == 14:
            got = lib.parlour_sc_is_complete(tables, counts, nm, missing)
            assert bool(got) == is_complete(hand, missing_suit=ms)
            if got:
                melds = ffi.new("parlour_sc_meld[4]")
                for j, m in enumerate(hand.melds):
                    melds[j].kind = m.kind
                    melds[j].type = SC_MELD_NAMES.index(m.type)
                sc = ffi.new("parlour_sc_score *")
                assert lib.parlour_sc_score_hand(tables, counts, melds, nm, 0, 5, sc) == 0
                want = score(hand)
                assert (sc.fan, sc.points) == (want.fan, want.points)
        else:
            mask = ffi.new("uint32_t *")
            assert lib.parlour_sc_waits(tables, counts, nm, mc, missing, mask) == 0
            assert mask_kinds(mask[0]) == waits(hand, missing_suit=ms)
        out = ffi.new("int *")
        assert lib.parlour_sc_shanten(tables, counts, nm, mc, missing, 0, out) == 0
        assert out[0] == shanten(hand, missing_suit=ms)


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
    assert "bad counts -> a count is out of range (more than 4 copies)\n" in out


def _rst_block(text: str, marker: str) -> str:
    # The indented block after the line ``marker``, unindented.
    lines = text.split(marker + "\n", 1)[1].split("\n")[1:]
    block = []
    for line in lines:
        if line and not line.startswith("   "):
            break
        block.append(line[3:])
    return "\n".join(block).strip("\n") + "\n"


def test_sisepai_c_example_in_the_docs(tmp_path: Path) -> None:
    """The Sì Sè Pái program of docs/capi.rst builds, prints what the page
    shows, and the pure-Python engine plays its deal to the same end."""
    from parlour.sisepai import Game

    page = (Path(__file__).resolve().parent.parent / "docs" / "capi.rst").read_text("utf-8")
    section = page.split("Sì Sè Pái as a state machine\n", 1)[1]
    section = section.split("The Nine Domains as a state machine\n", 1)[0]
    source = tmp_path / "sisepai_example.c"
    source.write_text(_rst_block(section, ".. code-block:: c"), "utf-8")
    # Built as the page says, from the three sources it needs (a third of
    # the time of the whole core).
    exe = tmp_path / "sisepai_example"
    cmd = [compiler(), "-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", f"-I{CSRC}", str(source)]
    cmd += [str(CSRC / f) for f in ("sisepai.c", "sisepai_game.c", "common.c")]
    subprocess.run([*cmd, "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    assert out == _rst_block(section, "It prints::")

    # The same shuffle (Fisher-Yates with the program's LCG, seed 10) and the
    # same choices on the pure engine.
    deck, x = list(range(117)), 10
    for i in range(116, 0, -1):
        x = (x * 1103515245 + 12345) % 2**32
        j = (x >> 8) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    game = Game(deck=deck, dealer=0, engine="python")
    actions = 0
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        ids = [game.action_id(a) for a in legal]
        takes = [i for i in ids if 1 < i < 72]
        pick = 1 if 1 in ids else takes[0] if takes else ids[0]
        game.apply(seat, legal[ids.index(pick)])
        actions += 1
    result = game.result
    assert result is not None and result.winners
    details = result.details
    groups = " ".join(g.replace(" ", "") for g in details["groups"])
    assert f"actions {actions}," in out
    assert f"seat {details['winner']} wins with {details['score']} points: {groups}\n" in out


def test_c_driver(tmp_path: Path) -> None:
    """The C test driver (run under valgrind by .ci/valgrind) passes natively."""
    exe = build_program("driver.c", tmp_path / "driver")
    out = subprocess.run([str(exe)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "all checks passed" in out.stdout


# --- the Sichuan deal state machine --------------------------------------------------


@pytest.fixture(scope="module")
def sglib(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, Any]:
    ffi, lib = load_library(tmp_path_factory.mktemp("sglib"))
    size = lib.parlour_sc_tables_size()
    buf = ffi.new("char[]", size)
    assert lib.parlour_sc_tables_init(buf, size) == 0
    return ffi, lib, (ffi.cast("parlour_sc_tables *", buf), buf)


def _sg_new(ffi: Any, lib: Any, tables: Any, wall: list[int], dealer: int, **rules: int) -> Any:
    g = ffi.new("parlour_sg_game *")
    r = ffi.new("parlour_sg_rules *", {"fan_cap": 5, "flower_pig_penalty": 32, **rules})
    assert lib.parlour_sg_init(g, tables, wall, dealer, r) == 0
    return g


def test_sichuan_engine_refuses_bad_deals(sglib: Any) -> None:
    ffi, lib, (tables, _) = sglib
    # The layout cffi reads from the header is the one the library was built with.
    assert lib.parlour_sg_size() == ffi.sizeof("parlour_sg_game")
    g = ffi.new("parlour_sg_game *")
    r = ffi.new("parlour_sg_rules *", {"fan_cap": 5, "flower_pig_penalty": 32})
    wall = list(range(108))
    assert lib.parlour_sg_init(ffi.NULL, tables, wall, 0, r) == -1
    assert lib.parlour_sg_init(g, tables, wall, 0, ffi.NULL) == -1
    assert lib.parlour_sg_init(g, tables, wall, 4, r) == -4
    assert lib.parlour_sg_init(g, tables, [0, *range(107)], 0, r) == -4  # 0 twice
    bad_rules = [{"fan_cap": 31}, {"fan_cap": -2}, {"flower_pig_penalty": -1}]
    bad_rules.append({"exchange_three": 1, "exchange_step": 0})
    for bad in bad_rules:
        rb = ffi.new("parlour_sg_rules *", {"fan_cap": 5, "flower_pig_penalty": 32, **bad})
        assert lib.parlour_sg_init(g, tables, wall, 0, rb) == -4, bad
    assert lib.parlour_sg_check(ffi.NULL, tables) == -1
    assert lib.parlour_sg_check(g, ffi.NULL) == -1


def _sg_bytes(ffi: Any, g: Any) -> bytes:
    return bytes(ffi.buffer(g))


def test_sichuan_engine_random_deals_through_the_c_abi(sglib: Any, c_backend: ModuleType) -> None:
    # Random legal codes; at every step illegal codes, seats and exchanges are
    # refused with the state byte for byte unchanged, the state passes
    # parlour_sg_check, and the Cython binding given the same codes holds the
    # identical bytes.
    ffi, lib, (tables, _) = sglib
    legal = ffi.new("uint8_t[128]")
    who = ffi.new("int8_t[4]")
    for seed in range(30):
        rng = random.Random(seed)
        wall = list(range(108))
        rng.shuffle(wall)
        exchange = seed % 3 == 0
        rules = {"exchange_three": int(exchange), "exchange_step": 1 + seed % 3 if exchange else 0}
        rules["call_transfer"] = seed % 2
        g = _sg_new(ffi, lib, tables, wall, seed % 4, **rules)
        twin = c_backend.sichuan_game_new(
            wall, seed % 4, 5, False, exchange, bool(seed % 2), 32, rules["exchange_step"]
        )
        steps = 0
        while True:
            assert lib.parlour_sg_check(g, tables) == 0
            assert _sg_bytes(ffi, g) == twin.__reduce__()[1][0]
            n = lib.parlour_sg_to_act(ffi.addressof(g, "v"), who)
            assert tuple(who[i] for i in range(n)) == twin.to_act
            if n == 0:
                break
            seat = who[0]
            before = _sg_bytes(ffi, g)
            for bad_seat, code in [(-1, 109), (4, 109), (seat, -1), (seat, 167), (seat, 255)]:
                assert lib.parlour_sg_apply(g, tables, bad_seat, code) == -4
            count = lib.parlour_sg_legal(ffi.addressof(g, "v"), tables, seat, legal)
            codes = [legal[i] for i in range(count)]
            assert tuple(codes) == twin.legal_codes(seat)
            for code in rng.sample(range(167), 12):
                if code not in codes:
                    assert lib.parlour_sg_apply(g, tables, seat, code) == -10
            assert lib.parlour_sg_exchange(g, tables, seat, [200, 0, 1]) in (-10, -4)
            assert _sg_bytes(ffi, g) == before
            if count:
                code = rng.choice(codes)
                assert lib.parlour_sg_apply(g, tables, seat, code) == 0
                assert twin.apply(seat, c_backend_action(code)) == 0
            else:  # exchange three: the lowest three tiles of a suit holding three
                tiles = twin.tiles(seat)
                suit = next(s for s in range(3) if sum(t // 36 == s for t in tiles) >= 3)
                pick = [t for t in tiles if t // 36 == suit][:3]
                assert lib.parlour_sg_exchange(g, tables, seat, pick) == 0
                assert twin.exchange(seat, pick) == 0
            steps += 1
        assert steps > 50


def c_backend_action(code: int) -> Any:
    """The registered action object of an engine code."""
    from parlour.sichuan.engine_c import core
    from parlour.sichuan.values import ACTIONS_BY_CODE

    core()  # registers the action classes with the binding
    return ACTIONS_BY_CODE[code]


def test_sichuan_engine_check_refuses_corrupt_states(sglib: Any, c_backend: ModuleType) -> None:
    ffi, lib, (tables, _) = sglib
    g = _sg_new(ffi, lib, tables, list(range(108)), 0)
    assert lib.parlour_sg_check(g, tables) == 0
    good = _sg_bytes(ffi, g)
    state = c_backend.sichuan_game_new(list(range(108)), 0, 5, False, False, False, 32, 0)
    assert type(state).__reduce__(state)[1][0] == good
    rng = random.Random(1)
    refused = 0
    for _ in range(400):
        data = bytearray(good)
        for _ in range(rng.randrange(1, 4)):
            # Mostly the scalar fields and hands at the front; sometimes anywhere.
            at = rng.randrange(1200) if rng.random() < 0.8 else rng.randrange(len(data))
            data[at] = rng.randrange(256)
        ffi.memmove(g, bytes(data), len(data))
        status = lib.parlour_sg_check(g, tables)
        if status != 0:
            refused += 1
            with pytest.raises(ValueError, match="not a valid Sichuan game state"):
                c_backend._sichuan_state_from_bytes(bytes(data))
    assert refused > 100
    with pytest.raises(ValueError):
        c_backend._sichuan_state_from_bytes(b"short")
