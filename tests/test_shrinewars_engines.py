"""The C Shrine Wars engine against its pure-Python twin, in lock step.

Both get the same deck and the same actions; after every step every public
view must agree: whose turn, each seat's legal actions (in order) and
observation and legal mask, the points, lot log and deck, and at the end the
result (scores, winners, ledger, details) and the record, which replays.
Actions are chosen from the pure game's view by random and heuristic
players, with other payments than the default and illegal tries mixed in;
an illegal call must leave every byte of the C state as it was. ``check``
must refuse damaged states.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
import struct
from typing import Any

import pytest

from parlour import _backend
from parlour.errors import IllegalActionError
from parlour.shrinewars import Game, HeuristicBot, Rules
from parlour.shrinewars.game import EngineName
from parlour.shrinewars.values import Bid, ShrineWarsObservation, _payments

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")

VARIANTS = [
    Rules(),
    Rules(open_table=True),
    Rules(oinks=3),
    Rules(oinks=1, open_table=True),
    Rules(oinks=0),
]


def _pair(rules: Rules, players: int, seed: int, deck: Any = None) -> tuple[Game, Game]:
    pure = Game(rules, seed=seed, players=players, deck=deck, engine="python")
    fast = Game(rules, seed=seed, players=players, deck=deck, engine="c")
    assert pure.engine == "python" and fast.engine == "c"
    return pure, fast


def _illegal_tries(pure: Game, fast: Game, seat: int, rng: random.Random) -> None:
    # Bids the pure game refuses are refused by C with no byte changed; so is
    # anything from a seat not to act.
    engine: Any = fast._engine
    before = engine.state.state_bytes()
    amount = rng.randint(1, 3 * pure.rules.oinks + 3)
    n = pure.num_players
    for e in range(4):
        paid = [0, 0, 0, 0]
        paid[e] = amount
        bid = Bid(amount, (paid[0], paid[1], paid[2], paid[3]))
        try:
            pure.verify_action(seat, bid)
        except IllegalActionError as exc:
            assert not engine.apply(seat, bid)
            assert engine.state.state_bytes() == before
            with pytest.raises(IllegalActionError) as again:
                fast.apply(seat, bid)
            assert str(again.value) == str(exc)
        assert not engine.apply((seat + 1) % n, bid)
        assert engine.state.state_bytes() == before
    assert engine.state.apply(seat, 5, (1, 1, 1, 1)) != 0  # does not add up
    assert engine.state.apply(seat, -1, (0, 0, 0, 0)) != 0
    assert engine.state.apply(n, 0, (0, 0, 0, 0)) != 0
    assert engine.state.state_bytes() == before


def _lock_step(
    rules: Rules, players: int, seed: int, deck: Any = None, heuristic: bool = False
) -> int:
    pure, fast = _pair(rules, players, seed, deck)
    rng = random.Random(seed)
    bot = HeuristicBot()
    steps = 0
    while True:
        assert pure.to_act == fast.to_act
        assert pure.is_over == fast.is_over
        assert pure.points() == fast.points()
        assert pure.lot == fast.lot and pure.deck == fast.deck and pure.lots == fast.lots
        for s in range(players):
            assert pure.legal_actions(s) == fast.legal_actions(s), (seed, steps, s)
            assert pure.observation(s) == fast.observation(s), (seed, steps, s)
            assert (pure.legal_mask(s) == fast.legal_mask(s)).all()
        assert fast._engine.state.check() == 0  # type: ignore[union-attr]
        if pure.is_over:
            break
        seat = pure.to_act[0]
        legal = pure.legal_actions(seat)
        _illegal_tries(pure, fast, seat, rng)
        if heuristic:
            action = bot.act(pure.observation(seat), legal, rng)
        else:
            action = rng.choice(legal)
            if isinstance(action, Bid) and rng.random() < 0.3:
                ways = _payments(action.amount, pure.oinks[seat], pure.lot_elements)
                action = Bid(action.amount, rng.choice(ways))
        pure.apply(seat, action)
        fast.apply(seat, action)
        steps += 1
    assert pure.result == fast.result
    assert pure.record() == fast.record()
    replay = Game.from_record(fast.record())
    assert replay.result == fast.result
    return steps


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_lock_step_random(rules: Rules, players: int) -> None:
    for seed in range(1 if rules.oinks >= 10 else 2):
        _lock_step(rules, players, seed * 7 + players)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_lock_step_heuristic(players: int) -> None:
    for seed in range(2 if players < 6 else 1):
        _lock_step(Rules(open_table=seed == 1), players, 100 + seed, heuristic=True)


def test_lock_step_short_decks() -> None:
    # Short decks: opening draws that cycle the deck, ties never broken,
    # sets due on the last card.
    rng = random.Random(5)
    for seed in range(40):
        deck = rng.sample(range(36), rng.randint(1, 6))
        players = rng.randint(2, 6)
        _lock_step(Rules(oinks=rng.choice([0, 1, 2, 10])), players, seed, deck=deck)
    # every seat draws a 9 (and again): the lowest tied seat starts
    _lock_step(Rules(oinks=2), 4, 0, deck=[8, 17, 26, 35])


@pytest.mark.slow
def test_lock_step_many() -> None:
    for seed in range(150):
        players = 2 + seed % 5
        rules = VARIANTS[seed % len(VARIANTS)]
        _lock_step(rules, players, 1000 + seed, heuristic=seed % 4 == 0)


def test_copies_and_pickles_are_independent() -> None:
    engines: tuple[EngineName, ...] = ("c", "python")
    for engine in engines:
        game = Game(seed=3, engine=engine)
        twin = game.clone()
        for copied in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
            assert copied.engine == engine
            assert copied.observation(0) == game.observation(0)
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[1])
        assert twin.observation(seat) != game.observation(seat)
        obs = game.observation(0)
        assert isinstance(obs, ShrineWarsObservation)
        assert twin.lots == () and len(obs.bids) == 1


def test_bad_setups_are_refused() -> None:
    core = _backend.load("c")
    new = core._ShrineWarsState.new
    for args in [
        (1, 10, False, [0]),
        (7, 10, False, [0]),
        (4, -1, False, [0]),
        (4, 1001, False, [0]),
        (4, 10, False, []),
        (4, 10, False, [0, 0]),
        (4, 10, False, [36]),
        (4, 10, False, [*range(36), 0]),
    ]:
        with pytest.raises(ValueError):
            new(*args)


# Offsets of a few fields of parlour_swg_game, read from the layout:
# players, start_oinks (int32 each), then open_table, over, set_due, deck_len.
_OVER = 9
_DECK_LEN = 11
_DECK0 = 12
_DECK = 48
_POOL = 300
_LOTS = 392
_LOT_SIZE = 60


def _damaged(data: bytes, at: int, value: int) -> bytes:
    return data[:at] + bytes([value]) + data[at + 1 :]


def test_check_refuses_damaged_states() -> None:
    fast = Game(players=4, deck=list(range(36)), engine="c")
    for _ in range(5):
        seat = fast.to_act[0]
        fast.apply(seat, fast.legal_actions(seat)[-1])
    state: Any = fast._engine.state  # type: ignore[union-attr]
    good = state.state_bytes()
    assert state.check() == 0
    players = struct.unpack_from("<i", good, 0)[0]
    assert players == 4
    damage = [
        good[:0] + struct.pack("<i", 7) + good[4:],  # seven players
        good[:4] + struct.pack("<i", 11) + good[8:],  # Oinks no longer add up
        _damaged(good, _OVER, 2),
        _damaged(good, _DECK_LEN, 37),
        _damaged(good, _DECK0, good[_DECK0 + 1]),  # a card twice in the deck
        _damaged(good, _DECK + 35, good[_DECK + 34]),  # a card twice after the draw
        good[:_POOL] + struct.pack("<i", 2**31 - 1) + good[_POOL + 4 :],  # a huge pool
        _damaged(good, _LOTS + 35 * _LOT_SIZE, 1),  # an unused lot slot written
    ]
    twin = state.copy()
    for bad in damage:
        twin.set_bytes(bad)
        assert twin.check() != 0
        with pytest.raises(ValueError):
            twin.observe(0)
        with pytest.raises(ValueError):
            pickle.loads(pickle.dumps(twin))


def test_lazy_observations_are_whole_values() -> None:
    # The C engine's observations build their fields on first read; copies,
    # pickles, dicts and arrays of them are those of the pure engine's.
    fast, pure = Game(seed=1, engine="c"), Game(seed=1, engine="python")
    for _ in range(12):
        seat = pure.to_act[0]
        action = pure.legal_actions(seat)[-1]
        pure.apply(seat, action)
        fast.apply(seat, action)
    for s in range(4):
        want = pure.observation(s)
        assert pickle.loads(pickle.dumps(fast.observation(s))) == want
        assert copy.deepcopy(fast.observation(s)) == want
        assert dataclasses.asdict(fast.observation(s)) == dataclasses.asdict(want)  # type: ignore[call-overload]
        assert hash(fast.observation(s)) == hash(want)
        assert repr(fast.observation(s)) == repr(want)
        got = fast.observation(s)
        assert isinstance(got, ShrineWarsObservation) and isinstance(want, ShrineWarsObservation)
        assert (got.to_array() == want.to_array()).all()
        assert "_lazy" not in vars(pickle.loads(pickle.dumps(got)))


class _MyBid(Bid):
    """A Bid subclass: the C binding's fast path takes exact classes only."""


def test_engines_take_action_subclasses_and_refuse_other_objects() -> None:
    fast, pure = Game(seed=2, engine="c"), Game(seed=2, engine="python")
    for _ in range(12):
        seat = pure.to_act[0]
        bid = pure.legal_actions(seat)[-1]
        mine = _MyBid(bid.amount, bid.paid) if isinstance(bid, Bid) else bid
        pure.apply(seat, mine)
        fast.apply(seat, mine)
        assert pure.lots == fast.lots
        assert [fast.observation(s) for s in range(4)] == [pure.observation(s) for s in range(4)]
    engine: Any = fast._engine
    before = engine.state.state_bytes()
    assert not engine.apply(fast.to_act[0], "pass")
    assert not engine.apply(fast.to_act[0], None)
    assert engine.state.state_bytes() == before


def test_the_c_shuffle_is_random_shuffle() -> None:
    # Game(seed=s) on the C engine shuffles in C (csrc/parlour_pyrandom.c);
    # the deck must be random.Random(s)'s shuffle, bit for bit, for every
    # seed it takes (ints 0 .. 2**64 - 1; others shuffle in Python).
    core = _backend.load("c")
    for seed in [0, 1, 2, 99, 2**31, 2**32 - 1, 2**32, 2**32 + 7, 2**63 + 1, 2**64 - 1]:
        order = list(range(36))
        random.Random(seed).shuffle(order)
        assert core._shrinewars_shuffled(seed) == tuple(order), seed
        assert Game(seed=seed, engine="c")._deck0 == tuple(order)
    for seed in [-5, 2**64, 2**70 + 3]:
        order = list(range(36))
        random.Random(seed).shuffle(order)
        assert Game(seed=seed, engine="c")._deck0 == tuple(order)
        with pytest.raises(ValueError):
            core._shrinewars_shuffled(seed)


def test_big_tables_play_the_same_on_both_engines() -> None:
    # Six seats of 1000 Oinks: legal lists thousands of bids long, where the
    # binding's table of shared bids reaches its bound on memory and starts
    # again; the game is the pure engine's all the same.
    import parlour
    from parlour.shrinewars import RandomBot

    records = []
    for engine in ("c", "python"):
        game = Game(Rules(oinks=1000), players=6, seed=11, engine=engine)  # type: ignore[arg-type]
        parlour.play(game, [RandomBot() for _ in range(6)], seed=11)
        records.append(game.record())
    assert records[0] == records[1]
    assert len(records[0]["actions"]) > 36
