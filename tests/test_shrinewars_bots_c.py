"""The Shrine Wars HeuristicBot in C (csrc/shrinewars_bots.c) against the
Python HeuristicBot, which defines it.

On the C engine ``HeuristicBot.act`` asks the C bot, through the copy of the
seat's view an observation holds; the Python code (``_act_python``) is the
definition. Over many seeded games of every table size, Oink count and
table kind, at every decision of every seat, the C choice must be the Python
choice: the same action, equal and of the same class. The C function itself
is called through a library of its own (tests/cbuild.py) for its status
codes and for damaged observations, which it refuses without reading past
them.
"""

from __future__ import annotations

import math
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

import cbuild
from parlour.shrinewars import Game, HeuristicBot, RandomBot, Rules
from parlour.shrinewars.game import Bid, Pass, ShrineWarsObservation

pytest.importorskip("parlour._core")

E_NULL, E_ARG, E_ILLEGAL = -1, -4, -10

# (players, rules): every table size, few and many Oinks, hidden and open.
VARIANTS = [
    (2, Rules(oinks=10)),
    (3, Rules(oinks=3)),
    (4, Rules()),
    (4, Rules(oinks=10, open_table=True)),
    (5, Rules(oinks=25)),
    (6, Rules(oinks=1)),
    (6, Rules(oinks=40, open_table=True)),
    (2, Rules(oinks=0)),
]


class _Bold(HeuristicBot):
    # Other settings of the bot's two numbers: the C bot takes them as given.
    window = 1
    boldness = 11.5


class _Timid(HeuristicBot):
    window = 9
    boldness = 0.37


def _view(obs: Any) -> Any:
    view = obs.__dict__.get("_view")
    assert view is not None, "an observation of the C engine keeps its view"
    return view


def play_checked(players: int, rules: Rules, seed: int) -> int:
    """Play one C-engine game with a mix of bots; at every decision assert
    that each heuristic bot's C choice is its Python choice. Returns how many
    decisions were compared."""
    game = Game(rules, seed=seed, players=players, engine="c")
    rng = random.Random(seed)
    bots = [HeuristicBot(), _Bold(), _Timid()]
    # Some seats play at random so that the states reached vary.
    movers: list[Any] = [
        RandomBot() if (seed + s) % 4 == 0 else bots[(seed + s) % 3] for s in range(players)
    ]
    compared = 0
    while not game.is_over:
        seat = game.to_act[0]
        obs = game.observation(seat)
        legal = game.legal_actions(seat)
        for bot in bots:
            want = bot._act_python(obs, legal)
            got = _view(obs)._heuristic(bot.window, bot.boldness, legal)
            assert got is not None
            assert got == want and type(got) is type(want), (seed, seat, bot, got, want)
            assert bot.act(obs, legal, rng) == want
            compared += 1
        game.apply(seat, movers[seat].act(obs, legal, rng))
    return compared


@pytest.mark.parametrize(("players", "rules"), VARIANTS)
def test_c_bot_chooses_as_the_python_bot(players: int, rules: Rules) -> None:
    compared = sum(play_checked(players, rules, seed) for seed in range(4))
    assert compared >= 150


@pytest.mark.slow
@pytest.mark.parametrize(("players", "rules"), VARIANTS)
def test_c_bot_chooses_as_the_python_bot_long(players: int, rules: Rules) -> None:
    assert sum(play_checked(players, rules, seed) for seed in range(100, 160)) >= 2000


def test_the_same_game_either_way() -> None:
    # A whole game of HeuristicBots on the C engine (C choices) is the game
    # the pure engine plays (Python choices): the same record.
    import parlour

    for seed in range(3):
        records = []
        for engine in ("c", "python"):
            game = Game(seed=seed, engine=engine)  # type: ignore[arg-type]
            parlour.play(game, [HeuristicBot() for _ in range(4)], seed=seed)
            records.append(game.record())
        assert records[0] == records[1]


def test_python_bot_answers_when_the_c_bot_cannot() -> None:
    game = Game(seed=5, engine="c")
    seat = game.to_act[0]
    obs = game.observation(seat)
    legal = game.legal_actions(seat)
    view = _view(obs)
    assert view._heuristic(4, 6.0, legal) is not None
    assert view._heuristic(2**40, 6, legal) == view._heuristic(99, 6.0, legal)
    # A legal list other than the game's, a window below 1 or not an int, a
    # boldness that is not a finite number or not exactly a float: the C bot
    # does not answer.
    for window, boldness, actions in [
        (4, 6.0, legal[:-1]),
        (0, 6.0, legal),
        (4.0, 6.0, legal),
        (True, 6.0, legal),
        (4, math.nan, legal),
        (4, math.inf, legal),
        (4, 2**60, legal),
        (4, "6", legal),
    ]:
        assert view._heuristic(window, boldness, actions) is None
    # A seat not to act: nothing to choose.
    other = (seat + 1) % 4
    assert _view(game.observation(other))._heuristic(4, 6.0, [Pass()]) is None

    class Odd(HeuristicBot):
        boldness = math.inf

    # The Python bot then decides as it always did (here it raises, as
    # int(inf) does).
    with pytest.raises(OverflowError):
        Odd().act(obs, legal, random.Random(0))
    # Observations without a view (unpickled, or of the pure engine) go to
    # the Python bot, with the same answer.
    import pickle

    plain = pickle.loads(pickle.dumps(obs))
    assert "_view" not in plain.__dict__
    bot = HeuristicBot()
    assert bot.act(plain, legal, random.Random(0)) == bot.act(obs, legal, random.Random(0))


def test_the_view_holds_only_what_the_seat_may_know() -> None:
    # Twin games that differ only in the deck after the lot turned up, with
    # other Oinks hidden: their views read the same.
    game = Game(players=3, deck=list(range(36)), engine="c")
    twin = Game(players=3, deck=[*range(30), 35, 34, 33, 32, 31, 30], engine="c")
    seat = game.to_act[0]
    assert twin.to_act[0] == seat and game.lot == twin.lot
    mine, theirs = _view(game.observation(seat)), _view(twin.observation(seat))
    assert mine.table() == theirs.table()
    assert not hasattr(mine, "apply") and not hasattr(mine, "deck")
    others = [o for s, o in enumerate(mine.oinks()) if s != seat]
    assert all(o == (0, 0, 0, 0) for o in others)


# -- the C function through a library of its own -------------------------------

BOT_DECLS = """
int parlour_swg_bot_heuristic(const parlour_swg_game *obs, int window, double boldness,
                              int32_t *amount, int32_t paid[4], int32_t *nlegal);
"""


@pytest.fixture(scope="module")
def botlib(tmp_path_factory: pytest.TempPathFactory) -> Any:
    # The bot is hidden from the core's exports; this library of its own
    # exports it (PARLOUR_SWG_BOT_INTERNAL defined empty).
    out = tmp_path_factory.mktemp("swbotlib") / "libswbots.so"
    sources = [
        str(cbuild.CSRC / f)
        for f in ("common.c", "shrinewars.c", "shrinewars_game.c", "shrinewars_bots.c")
    ]
    cmd = [cbuild.compiler(), "-std=c99", "-O1", "-shared", "-fPIC", "-DPARLOUR_SWG_BOT_INTERNAL="]
    subprocess.run([*cmd, f"-I{cbuild.CSRC}", *sources, "-o", str(out), "-lm"], check=True)
    ffi = cbuild.ffi()
    ffi.cdef(BOT_DECLS)
    return ffi, ffi.dlopen(str(Path(out)))


def _observed(ffi: Any, lib: Any, seed: int, steps: int) -> tuple[Any, int]:
    # A four-seat game after `steps` lowest bids or passes, and the view of
    # the seat to act.
    deck = list(range(36))
    random.Random(seed).shuffle(deck)
    g = ffi.new("parlour_swg_game *")
    assert lib.parlour_swg_init(g, 4, 10, 0, bytes(deck), 36) == 0
    none = ffi.new("int32_t[4]")
    paid = ffi.new("int32_t[4]")
    lo, hi, bad = ffi.new("int32_t *"), ffi.new("int32_t *"), ffi.new("uint32_t *")
    for i in range(steps):
        seat = lib.parlour_swg_to_act(g)
        assert seat >= 0
        assert lib.parlour_swg_bid_range(g, seat, lo, hi, bad) == 0
        a = lo[0]
        while a <= hi[0] and bad[0] >> (a % 10) & 1:
            a += 1
        if i % 3 and a <= hi[0] and lib.parlour_swg_default_payment(g, seat, a, paid) == 0:
            assert lib.parlour_swg_apply(g, seat, a, paid) == 0
        else:
            assert lib.parlour_swg_apply(g, seat, 0, none) == 0
    seat = lib.parlour_swg_to_act(g)
    view = ffi.new("parlour_swg_game *")
    assert lib.parlour_swg_observe(g, seat, view) == 0
    return view, seat


def test_c_bot_status_codes(botlib: Any) -> None:
    ffi, lib = botlib
    amount, paid, nlegal = ffi.new("int32_t *"), ffi.new("int32_t[4]"), ffi.new("int32_t *")
    view, seat = _observed(ffi, lib, 1, 7)
    assert lib.parlour_swg_bot_heuristic(view, 4, 6.0, amount, paid, nlegal) == 0
    assert nlegal[0] >= 1
    call = lib.parlour_swg_bot_heuristic
    assert call(ffi.NULL, 4, 6.0, amount, paid, nlegal) == E_NULL
    assert call(view, 4, 6.0, ffi.NULL, paid, nlegal) == E_NULL
    assert call(view, 4, 6.0, amount, ffi.NULL, nlegal) == E_NULL
    assert call(view, 4, 6.0, amount, paid, ffi.NULL) == E_NULL
    amount[0] = -7
    for window, boldness in [(0, 6.0), (-3, 6.0), (4, math.nan), (4, -math.inf)]:
        assert call(view, window, boldness, amount, paid, nlegal) == E_ARG
    assert amount[0] == -7  # nothing written
    # Another seat's view: that seat need not act.
    g2 = ffi.new("parlour_swg_game *")
    ffi.memmove(g2, view, ffi.sizeof("parlour_swg_game"))
    g2.observer = (seat + 1) % 4 + 1
    assert call(g2, 4, 6.0, amount, paid, nlegal) == E_ILLEGAL
    # A full state is not a view.
    g2.observer = 0
    assert call(g2, 4, 6.0, amount, paid, nlegal) == E_ARG
    assert amount[0] == -7


DAMAGE: list[tuple[str, int]] = [
    ("players", 7),
    ("players", 1),
    ("observer", 9),
    ("lot_n", 3),
    ("lot_n", 0),
    ("lot0", 36),
    ("won", 1 << 40),
    ("set_aside", 1 << 36),
    ("oinks", -1),
    ("oinks", 1 << 30),
    ("high_seat", 5),
    ("high_amount", -2),
    ("high_amount", 1 << 30),
]


def test_c_bot_refuses_damaged_views(botlib: Any) -> None:
    ffi, lib = botlib
    amount, paid, nlegal = ffi.new("int32_t *"), ffi.new("int32_t[4]"), ffi.new("int32_t *")
    checked = 0
    for seed, steps in [(2, 0), (3, 5), (4, 19), (5, 40)]:
        base, seat = _observed(ffi, lib, seed, steps)
        for what, value in DAMAGE:
            g = ffi.new("parlour_swg_game *")
            ffi.memmove(g, base, ffi.sizeof("parlour_swg_game"))
            if what == "lot0":
                g.lot[0] = value
            elif what == "won":
                g.won[(seat + 1) % 4] = value
            elif what == "oinks":
                g.oinks[seat][g.lot[0] // 9] = value
            else:
                setattr(g, what, value)
            amount[0] = -7
            assert lib.parlour_swg_bot_heuristic(g, 4, 6.0, amount, paid, nlegal) == E_ARG, what
            assert amount[0] == -7
            checked += 1
    assert checked == 4 * len(DAMAGE)


def test_observations_of_the_c_engine_are_the_bots_input() -> None:
    # HeuristicBot reads the view only of the engine's own observations.
    obs = Game(seed=2, engine="c").observation(0)
    assert isinstance(obs, ShrineWarsObservation)
    assert isinstance(HeuristicBot().act(obs, [Pass()], random.Random(0)), (Bid, Pass))
