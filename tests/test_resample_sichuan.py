"""Sichuan's resample (parlour.sichuan.resample): the protocol's guarantees
on reachable states of every rule variant, on the live backend's engine and
on the pure one, and the sampler's distribution.

Known answers: the small end positions below were found by playing
HeuristicBot games; in each, the seat cannot see a few tiles only, so
every placement of them (the other seat's concealed tiles, the wall order)
is enumerated and each is judged by the engine itself: a placement is
consistent when a game rebuilt around it replays the history to the very
observations the seat made at every step. The sampler must hit only those
and hit them uniformly.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from parlour import play
from parlour.sichuan import Game, HeuristicBot, RandomBot, Rules
from parlour.sichuan.resample import Resampler, observations
from test_resample import goodness_of_fit, homogeneity

VARIANTS = [
    Rules(),
    Rules(exchange_three=True),
    Rules(call_transfer=True, self_draw_doubles=True),
    Rules(fan_cap=None, flower_pig_penalty=8, exchange_three=True, call_transfer=True),
]


def played(seed: int, steps: int, *, rules: Rules | None = None, engine: Any = None) -> Game:
    """A game after ``steps`` actions of HeuristicBots (fewer if it ends)."""
    game = Game(rules, seed=seed, engine=engine)
    rng = random.Random(seed)
    bot = HeuristicBot()
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(seat, bot.act(game.observation(seat), game.legal_actions(seat), rng))
    return game


def states(engine: Any, count: int) -> Iterator[Game]:
    """Reachable states over the variants: early (exchange, declaration),
    mid-game, late and finished, by heuristic and random play."""
    rng = random.Random(5)
    bots = [HeuristicBot(), RandomBot()]
    for i in range(count):
        game = Game(VARIANTS[i % len(VARIANTS)], seed=100 + i, engine=engine, dealer="random")
        steps = [0, 2, 6, 40, 90, 150, 10_000][i % 7]
        for _ in range(steps):
            if game.is_over:
                break
            seat = game.to_act[0]
            bot = bots[(i + seat) % 2]
            game.apply(seat, bot.act(game.observation(seat), game.legal_actions(seat), rng))
        yield game


def snapshot(game: Game) -> tuple[Any, ...]:
    return (game.record(), tuple(game.observation(s) for s in range(4)), game.history)


def check_view_kept(engine: Any, count: int) -> None:
    rng = random.Random(2)
    for game in states(engine, count):
        before = snapshot(game)
        for seat in range(4):
            twin = game.resample(seat, rng)
            assert twin.engine == game.engine
            assert twin.observation(seat) == game.observation(seat)
            assert twin.legal_actions(seat) == game.legal_actions(seat)
            assert twin.to_act == game.to_act
            mine = [a for s, a in game.history if s == seat]
            assert [a for s, a in twin.history if s == seat] == mine
            again = Game.from_record(twin.record())
            assert [again.observation(s) for s in range(4)] == [
                twin.observation(s) for s in range(4)
            ]
            play(twin, [RandomBot()] * 4, seed=seat)
        assert snapshot(game) == before


@pytest.mark.parametrize("engine", [None, "python"])
def test_view_legal_actions_and_record_kept(engine: Any) -> None:
    # (a) and (b): the seat's observation and legal actions are the same;
    # its own actions and to_act too; the new game's record replays to it;
    # it plays on legally to the end; the original is untouched.
    check_view_kept(engine, 4 if engine is None else 3)


@pytest.mark.slow
@pytest.mark.parametrize("engine", [None, "python"])
def test_view_kept_on_many_states(engine: Any) -> None:
    check_view_kept(engine, 42)


def test_c_resampled_state_passes_the_engines_check() -> None:
    pytest.importorskip("parlour._core")
    game = played(4, 120, engine="c")
    twin = game.resample(1, random.Random(0))
    # Unpickling a C state runs parlour_sg_check on its bytes.
    state = pickle.loads(pickle.dumps(twin._engine.state))
    assert state.to_act == twin.to_act


def test_reproducible_and_fresh() -> None:
    game = played(8, 60, rules=Rules(exchange_three=True))
    a = game.resample(2, random.Random(9)).record()
    assert a == game.resample(2, random.Random(9)).record()
    deals = {repr(game.resample(2, random.Random(k)).record()["deal"]) for k in range(4)}
    assert len(deals) == 4


def hidden_of(game: Game, seat: int) -> tuple[Any, ...]:
    """What ``seat`` cannot see (privileged, for the tests): the others'
    concealed tiles and the wall."""
    return (tuple(game.tiles(s) for s in range(4) if s != seat), game._wall)


@pytest.mark.parametrize("rules", VARIANTS)
def test_reads_only_what_the_seat_saw(rules: Rules) -> None:
    # (c), exactly: two games with the same view for the seat but another
    # hidden state resample to the very same games from the same draws.
    for steps in (1, 100):
        game = played(21, steps, rules=rules)
        for seat in (steps % 4,):
            other = game.resample(seat, random.Random(1))
            assert hidden_of(other, seat) != hidden_of(game, seat)
            for k in range(2):
                a = game.resample(seat, random.Random(k))
                b = other.resample(seat, random.Random(k))
                assert a.record() == b.record()


# -- small end positions: exhaustive enumeration --------------------------

#: (seed, steps, seat): HeuristicBot games (C engine deals are the same on
#: both engines) near their end, where the seat cannot see six tiles: one
#: other seat's four concealed tiles and the two wall tiles.
SMALL = [(7, 193, 3), (31, 211, 1)]


def placement_of(game: Game, r: Resampler) -> tuple[Any, ...]:
    """The current hidden state (privileged): the others' hidden tiles and
    the undrawn wall in order."""
    hands = tuple(tuple(sorted(set(game.tiles(s)) & set(r.unseen))) for s in sorted(r.seats))
    return (*hands, tuple(game._wall[r.front : r.back + 1]))


def enumerate_consistent(game: Game, seat: int) -> tuple[set[tuple[Any, ...]], int]:
    """Every placement of the unseen tiles, judged by replay; (consistent, all)."""
    seen = observations(game, seat)
    r = Resampler(game, seat, seen)
    assert not r.hidden_kongs and not r.pinned
    seats = list(r._seats_dp)
    sizes = [r._free(s, frozenset()) for s in seats]
    consistent: set[tuple[Any, ...]] = set()
    total = 0

    def split(i: int, left: list[int]) -> Iterator[dict[int, list[int]]]:
        if i == len(seats):
            for order in itertools.permutations(left):
                yield {-1: list(order)}
            return
        for chosen in itertools.combinations(left, sizes[i]):
            rest = [x for x in left if x not in chosen]
            for tail in split(i + 1, rest):
                yield {**tail, seats[i]: list(chosen)}

    for hands in split(0, list(r.unseen)):
        total += 1
        for s in r.seats:
            hands.setdefault(s, [])
        try:
            rebuilt = r._build(hands, {}, random.Random(0))
        except RuntimeError:
            continue  # no history of the seat's draws fits
        if observations(rebuilt, seat) == seen:
            consistent.add(placement_of(rebuilt, r))
    return consistent, total


@pytest.mark.parametrize("seed,steps,seat", SMALL)
def test_uniform_over_the_consistent_placements(seed: int, steps: int, seat: int) -> None:
    # (d): chi-square of the sampler against the uniform law over the
    # enumerated consistent placements; the missing-suit rule binds here
    # (some placements are not consistent), so a plain shuffle would fail.
    game = played(seed, steps, engine="c")
    consistent, total = enumerate_consistent(game, seat)
    assert 1 < len(consistent) < total
    r = Resampler(game, seat, observations(game, seat))
    rng = random.Random(seed)
    got = Counter(placement_of(r.sample(rng), r) for _ in range(30 * len(consistent)))
    assert set(got) <= consistent
    assert goodness_of_fit(got, {p: 1 / len(consistent) for p in consistent}) > 1e-3


@pytest.mark.parametrize("seed,steps,seat", SMALL[:1])
def test_same_view_same_distribution(seed: int, steps: int, seat: int) -> None:
    # (c), statistically: resamples of the true game and of another game
    # with the same view (but other hidden tiles) are alike.
    game = played(seed, steps, engine="c")
    other = game.resample(seat, random.Random(3))
    r1 = Resampler(game, seat, observations(game, seat))
    r2 = Resampler(other, seat, observations(other, seat))
    assert placement_of(game, r1) != placement_of(other, r2)
    rng1, rng2 = random.Random(1), random.Random(2)
    a = Counter(placement_of(r1.sample(rng1), r1) for _ in range(200))
    b = Counter(placement_of(r2.sample(rng2), r2) for _ in range(200))
    assert homogeneity(a, b) > 1e-3


def test_missing_suit_constraint_binds_in_play() -> None:
    # A seat that discarded a tile of another suit after the reveal held no
    # tile of its missing suit then; with no draw since, it holds none now,
    # in every resample.
    for seed in range(40):
        game = played(seed, 60)
        obs = game.observation(0)
        last = obs.discards[-1] if obs.discards else None
        if last is None or last.seat == 0 or obs.phase != "claim":
            continue
        s, m = last.seat, obs.missing[last.seat]
        if m is None or last.tile // 36 == "mps".index(m):
            continue
        for k in range(5):
            twin = game.resample(0, random.Random(k))
            assert all(t // 36 != "mps".index(m) for t in twin.tiles(s))
        return
    pytest.fail("no position found")


def test_kong_choice_fits_a_seat_with_no_hidden_tile() -> None:
    # Found in play: seat 1 received tiles 9 and 10 from seat 0 in the
    # exchange and later made a concealed kong; with none of its tiles left
    # hidden, that kong can only be of kind 2 (tiles 8 to 11: the two passed
    # tiles in it), since under any other kind the passed tiles would need
    # two places its hand does not have. Every draw succeeds and says so.
    game = list(states(None, 6))[5]
    r = Resampler(game, 0, observations(game, 0))
    assert r.pinned == [9, 10] and r.hidden_kongs == [(1, 0)] and 1 not in r._seats_dp
    assert [kinds for kinds, *_ in r._kong_options()] == [(2,)]
    rng = random.Random(0)
    for _ in range(6):
        twin = r.sample(rng)
        assert twin.observation(0) == game.observation(0)
        assert any(m.tiles == (8, 9, 10, 11) for m in twin.observation(1).melds[1])
