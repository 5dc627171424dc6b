"""The C heuristic bot (csrc/sichuan_bots.c) against parlour.sichuan.HeuristicBot:
at every state of random and heuristic-played deals, under every rules
variant, for every seat to act, the C choice is the Python bot's choice
(given the seat's observation and legal actions); the C function refuses a
bad seat, a seat not to act and damaged states with status codes."""

from __future__ import annotations

import itertools
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cbuild
from parlour import _backend
from parlour.sichuan import Exchange, Game, HeuristicBot, RandomBot, Rules

pytestmark = pytest.mark.skipif(
    "c" not in _backend.available(), reason="the C bot needs the C backend"
)

E_NULL, E_ARG, E_BUFFER, E_ILLEGAL = -1, -4, -5, -10

VARIANTS = [
    Rules(exchange_three=x, call_transfer=c, self_draw_doubles=d)
    for x, c, d in itertools.product([False, True], repeat=3)
]


@pytest.fixture(autouse=True)
def _c_evaluators() -> Iterator[None]:
    # The Python bot on the C evaluators whatever PARLOUR_BACKEND says: the
    # pure twin gives the same values (tests/test_twin_parity.py) a hundred
    # times slower, and these tests are about the bot, not the evaluators.
    with _backend.use("c"):
        yield


def c_choice(game: Game, seat: int) -> Any:
    """The C bot's choice for ``seat`` as an action object."""
    state = game._engine.state  # type: ignore[attr-defined]
    got = state.heuristic_code(seat)
    if isinstance(got, tuple):
        return Exchange(got)
    assert got >= 0, f"the C bot refused seat {seat}: status {got}"
    by_code = dict(zip(state.legal_codes(seat), state.legal(seat), strict=True))
    return by_code[got]


def play_checked(rules: Rules, seed: int, policy: str, twin: bool = False) -> int:
    """Play one deal on the C engine, comparing both bots for every seat to act
    at every state; the acting seat follows ``policy`` ("random", "heuristic",
    or "mixed": even seats heuristic, odd seats random). With ``twin``, the
    same deal on the pure-Python engine in lock step gives the Python bot the
    same choice there too. Returns the number of choices compared."""
    game = Game(rules, seed=seed, engine="c")
    other = Game(rules, seed=seed, engine="python") if twin else None
    rng = random.Random(seed)
    bot, rand = HeuristicBot(), RandomBot()
    compared = 0
    while not game.is_over:
        choices = {}
        for seat in game.to_act:
            legal = game.legal_actions(seat)
            want = bot.act(game.observation(seat), legal, random.Random(0))
            got = c_choice(game, seat)
            assert got == want, (rules, seed, policy, len(game.events), seat, got, want)
            if other is not None:
                legal = other.legal_actions(seat)
                assert bot.act(other.observation(seat), legal, random.Random(0)) == want
            choices[seat] = want
            compared += 1
        seat = game.to_act[0]
        if policy == "heuristic" or (policy == "mixed" and seat % 2 == 0):
            action = choices[seat]
        else:
            action = rand.act(None, game.legal_actions(seat), rng)
        game.apply(seat, action)
        if other is not None:
            other.apply(seat, action)
    return compared


@pytest.mark.parametrize(
    "rules",
    VARIANTS,
    ids=lambda r: f"x{r.exchange_three:d}c{r.call_transfer:d}d{r.self_draw_doubles:d}",
)
def test_c_bot_matches_heuristic_bot(rules: Rules) -> None:
    compared = 0
    for seed in range(10):
        for policy in ("random", "heuristic", "mixed"):
            compared += play_checked(rules, seed * 7919 + 3, policy, twin=seed == 0)
    assert compared > 2000


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    VARIANTS,
    ids=lambda r: f"x{r.exchange_three:d}c{r.call_transfer:d}d{r.self_draw_doubles:d}",
)
def test_c_bot_matches_heuristic_bot_long(rules: Rules) -> None:
    for seed in range(100, 200):
        for policy in ("random", "heuristic", "mixed"):
            play_checked(rules, seed, policy, twin=seed % 10 == 0)


def test_c_bot_refuses_seats_not_to_act() -> None:
    game = Game(seed=11, engine="c")
    state = game._engine.state  # type: ignore[attr-defined]
    for seat in (-1, 4, 1000, -(2**31)):
        assert state.heuristic_code(seat) == E_ARG
    # Past the declarations, one seat is in turn and the others may not act.
    for seat in game.to_act:
        game.apply(
            seat,
            HeuristicBot().act(game.observation(seat), game.legal_actions(seat), random.Random(0)),
        )
    assert len(game.to_act) == 1
    for seat in range(4):
        if seat not in game.to_act:
            assert state.heuristic_code(seat) == E_ILLEGAL
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
    assert [state.heuristic_code(s) for s in range(4)] == [E_ILLEGAL] * 4


# -- the C function itself, on damaged states --------------------------------

BOT_DECLS = """
int parlour_sg_bot_heuristic(const parlour_sg_game *state, const parlour_sc_tables *tables,
                             int seat, int *code_out);
int parlour_sg_bot_heuristic_exchange(const parlour_sg_game *state, int seat,
                                      uint8_t tiles_out[3]);
"""


@pytest.fixture(scope="module")
def botlib(tmp_path_factory: pytest.TempPathFactory) -> Any:
    # The bot is hidden from the core's exports; this library of its own
    # exports it (PARLOUR_SG_BOT_INTERNAL defined empty).
    out = tmp_path_factory.mktemp("botlib") / "libbots.so"
    sources = [
        str(cbuild.CSRC / f) for f in ("common.c", "sichuan.c", "sichuan_game.c", "sichuan_bots.c")
    ]
    cmd = [cbuild.compiler(), "-std=c99", "-O1", "-shared", "-fPIC", "-DPARLOUR_SG_BOT_INTERNAL="]
    subprocess.run([*cmd, f"-I{cbuild.CSRC}", *sources, "-o", str(out)], check=True)
    ffi = cbuild.ffi()
    ffi.cdef(BOT_DECLS)
    lib = ffi.dlopen(str(Path(out)))
    size = lib.parlour_sc_tables_size()
    buf = ffi.new("char[]", size)
    assert lib.parlour_sc_tables_init(buf, size) == 0
    # The cast does not own the buffer: keep it alive with the fixture.
    return ffi, lib, ffi.cast("parlour_sc_tables *", buf), buf


def _new_game(ffi: Any, lib: Any, tables: Any, seed: int, exchange: bool) -> Any:
    wall = list(range(108))
    random.Random(seed).shuffle(wall)
    g = ffi.new("parlour_sg_game *")
    r = ffi.new("parlour_sg_rules *")
    r.fan_cap = 5
    r.exchange_three = int(exchange)
    r.exchange_step = 1 if exchange else 0
    r.flower_pig_penalty = 32
    assert lib.parlour_sg_init(g, tables, wall, 0, r) == 0
    return g


def _play_to_claim_or_turn(ffi: Any, lib: Any, tables: Any, g: Any, steps: int) -> None:
    # Drive the deal with the C bot itself for `steps` actions (or to the end).
    code = ffi.new("int *")
    tiles = ffi.new("uint8_t[3]")
    who = ffi.new("int8_t[4]")
    for _ in range(steps):
        n = lib.parlour_sg_to_act(ffi.addressof(g, "v"), who)
        if n <= 0:
            return
        seat = who[0]
        assert lib.parlour_sg_bot_heuristic(g, tables, seat, code) == 0
        if code[0] == lib.PARLOUR_SG_A_END:
            assert lib.parlour_sg_bot_heuristic_exchange(g, seat, tiles) == 0
            assert lib.parlour_sg_exchange(g, tables, seat, tiles) == 0
        else:
            assert lib.parlour_sg_apply(g, tables, seat, code[0]) == 0


def test_c_bot_status_codes(botlib: Any) -> None:
    ffi, lib, tables, _ = botlib
    code = ffi.new("int *")
    tiles = ffi.new("uint8_t[3]")
    g = _new_game(ffi, lib, tables, 1, exchange=True)
    assert lib.parlour_sg_bot_heuristic(ffi.NULL, tables, 0, code) == E_NULL
    assert lib.parlour_sg_bot_heuristic(g, ffi.NULL, 0, code) == E_NULL
    assert lib.parlour_sg_bot_heuristic(g, tables, 0, ffi.NULL) == E_NULL
    assert lib.parlour_sg_bot_heuristic_exchange(ffi.NULL, 0, tiles) == E_NULL
    assert lib.parlour_sg_bot_heuristic_exchange(g, 0, ffi.NULL) == E_NULL
    junk = ffi.new("char[]", lib.parlour_sc_tables_size())  # zeros: not initialised
    assert (
        lib.parlour_sg_bot_heuristic(g, ffi.cast("parlour_sc_tables *", junk), 0, code) == E_BUFFER
    )
    for seat in (-1, 4, 99):
        assert lib.parlour_sg_bot_heuristic(g, tables, seat, code) == E_ARG
        assert lib.parlour_sg_bot_heuristic_exchange(g, seat, tiles) == E_ARG
    # The exchange phase: the sentinel code, then the tiles.
    code[0] = -7
    assert lib.parlour_sg_bot_heuristic(g, tables, 2, code) == 0
    assert code[0] == lib.PARLOUR_SG_A_END
    assert lib.parlour_sg_bot_heuristic_exchange(g, 2, tiles) == 0
    assert lib.parlour_sg_exchange(g, tables, 2, tiles) == 0
    assert lib.parlour_sg_bot_heuristic_exchange(g, 2, tiles) == E_ILLEGAL
    assert lib.parlour_sg_bot_heuristic(g, tables, 2, code) == E_ILLEGAL
    # A whole deal driven by the C bot alone ends.
    _play_to_claim_or_turn(ffi, lib, tables, g, 10_000)
    who = ffi.new("int8_t[4]")
    assert lib.parlour_sg_to_act(ffi.addressof(g, "v"), who) == 0
    for seat in range(4):
        assert lib.parlour_sg_bot_heuristic(g, tables, seat, code) == E_ILLEGAL
    # Outside the exchange phase the exchange call refuses.
    g = _new_game(ffi, lib, tables, 2, exchange=False)
    assert lib.parlour_sg_bot_heuristic_exchange(g, 0, tiles) == E_ILLEGAL


# Fields set out of range, each alone, on states in every phase: refused with
# E_ARG, never read past.
DAMAGE: list[tuple[str, Any]] = [
    ("phase", 9),
    ("phase", -1),
    ("cur", 4),
    ("front", 0),
    ("back", 108),
    ("offer", 108),
    ("offer_from", 7),
    ("drawn_tile", 120),
    ("drawn_kind", 40),
    ("ndiscards", 129),
    ("nmelds", 5),
    ("missing", 3),
    ("meld_kind", 27),
    ("meld_type", 3),
    ("counts", 5),
    ("held_high", 1),
]
# The discards are read (and checked) only for a choice among discards of
# several kinds: then refused, else the choice is unchanged.
DISCARD_DAMAGE: list[tuple[str, Any]] = [("discard_tile", 108), ("discard_taken", 5)]


def _damage(g: Any, what: str, value: int, seat: int) -> None:
    v = g.v
    if what in ("nmelds", "missing"):
        getattr(v, what)[seat] = value
    elif what == "meld_kind":
        v.nmelds[seat] = max(v.nmelds[seat], 1)
        v.melds[seat][0].kind = value
    elif what == "meld_type":
        v.nmelds[seat] = max(v.nmelds[seat], 1)
        v.melds[seat][0].type = value
    elif what == "counts":
        v.counts[seat][5] = value
    elif what == "held_high":
        v.held[seat][1] |= 1 << 50
    elif what in ("discard_tile", "discard_taken"):
        v.ndiscards = max(v.ndiscards, 1)
        setattr(v.discards[0], "tile" if what == "discard_tile" else "taken", value)
    else:
        setattr(v, what, value)


def test_c_bot_refuses_damaged_states(botlib: Any) -> None:
    ffi, lib, tables, _ = botlib
    code = ffi.new("int *")
    tiles = ffi.new("uint8_t[3]")
    who = ffi.new("int8_t[4]")
    size = ffi.sizeof("parlour_sg_game")
    legal = ffi.new("uint8_t[128]")
    checked = discards_read = 0
    for seed, steps in itertools.product(range(4), (0, 5, 30, 31, 80, 81)):
        base = _new_game(ffi, lib, tables, seed, exchange=seed % 2 == 1)
        _play_to_claim_or_turn(ffi, lib, tables, base, steps)
        n = lib.parlour_sg_to_act(ffi.addressof(base, "v"), who)
        seats = [who[i] for i in range(max(n, 0))] or [0]
        for (what, value), seat in itertools.product(DAMAGE, seats):
            g = ffi.new("parlour_sg_game *")
            ffi.memmove(g, base, size)
            _damage(g, what, value, seat)
            code[0] = -7
            assert lib.parlour_sg_bot_heuristic(g, tables, seat, code) == E_ARG, (what, steps)
            assert code[0] == -7
            assert lib.parlour_sg_bot_heuristic_exchange(g, seat, tiles) == E_ARG
            checked += 1
        for (what, value), seat in itertools.product(DISCARD_DAMAGE, seats):
            if n <= 0:
                continue
            assert lib.parlour_sg_bot_heuristic(base, tables, seat, code) == 0
            want = code[0]
            m = lib.parlour_sg_legal(ffi.addressof(base, "v"), tables, seat, legal)
            kinds = {legal[i] >> 2 for i in range(m) if legal[i] < lib.PARLOUR_SG_A_WIN}
            read = want < lib.PARLOUR_SG_A_WIN and len(kinds) > 1
            g = ffi.new("parlour_sg_game *")
            ffi.memmove(g, base, size)
            _damage(g, what, value, seat)
            code[0] = -7
            st = lib.parlour_sg_bot_heuristic(g, tables, seat, code)
            assert (st, code[0]) == ((E_ARG, -7) if read else (0, want)), (what, steps)
            discards_read += read
    assert checked > 200 and discards_read > 4
    # Random bytes over the view: any status, no crash, *code_out written
    # only on success and then a code in range.
    rng = random.Random(5)
    vsize = ffi.sizeof("parlour_sg_view")
    base = _new_game(ffi, lib, tables, 9, exchange=False)
    _play_to_claim_or_turn(ffi, lib, tables, base, 40)
    raw = bytes(ffi.buffer(base, size))
    for _ in range(3000):
        data = bytearray(raw)
        for _ in range(rng.randrange(1, 6)):
            data[rng.randrange(vsize)] = rng.randrange(256)
        g = ffi.new("parlour_sg_game *")
        ffi.memmove(g, bytes(data), size)
        seat = rng.randrange(4)
        code[0] = -7
        st = lib.parlour_sg_bot_heuristic(g, tables, seat, code)
        assert st <= 0
        assert (code[0] == -7) if st < 0 else (0 <= code[0] <= lib.PARLOUR_SG_A_END)
