"""The Shrine Wars learning interface: action ids, masks, arrays and rewards.

Known answers are worked out from the id table and the array layout of
docs/learning/shrinewars.rst and from the rules (rules/shrinewars.md), not
read off the code's output.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.errors import IllegalActionError, NotationError
from parlour.shrinewars import (
    OBS_SHAPE,
    OBS_VERSION,
    ORACLE_SHAPE,
    Bid,
    Game,
    Pass,
    Rules,
)
from parlour.shrinewars.arrays import FIELDS, ORACLE_FIELDS

AT = {name: at for name, at, _ in FIELDS + ORACLE_FIELDS}

# Four players with 10 Oinks of each element: E = 40, so ONE starts at 1,
# TWO at 1 + 4 * 40 = 161, and there are 161 + 6 * 1600 = 9761 ids.
KNOWN_IDS_4P = [
    (Pass(), 0),
    (Bid(1, (1, 0, 0, 0)), 1),
    (Bid(40, (40, 0, 0, 0)), 40),
    (Bid(1, (0, 1, 0, 0)), 41),
    (Bid(3, (0, 0, 0, 3)), 1 + 3 * 40 + 2),
    (Bid(40, (0, 0, 0, 40)), 160),
    (Bid(2, (1, 1, 0, 0)), 161),  # pair FW, 1 + 1
    (Bid(12, (7, 0, 5, 0)), 161 + 1 * 1600 + 6 * 40 + 4),  # pair FA
    (Bid(9, (0, 2, 0, 7)), 161 + 4 * 1600 + 1 * 40 + 6),  # pair WE
    (Bid(80, (0, 0, 40, 40)), 9760),  # pair AE, the last id
]


def test_the_layout_constants() -> None:
    assert OBS_SHAPE == (374,) and ORACLE_SHAPE == (470,) and OBS_VERSION == 1
    assert Game().num_action_ids == 9761
    # E = players * oinks: 2 * 3 = 6 gives 1 + 24 + 6 * 36; no Oinks, pass alone.
    assert Game(Rules(oinks=3), players=2).num_action_ids == 241
    assert Game(Rules(oinks=0), players=5).num_action_ids == 1
    assert Game(players=6).num_action_ids == 1 + 4 * 60 + 6 * 3600


@pytest.mark.parametrize(("action", "expected"), KNOWN_IDS_4P)
def test_known_ids(action: Pass | Bid, expected: int) -> None:
    game = Game(seed=0)
    assert game.action_id(action) == expected
    assert game.action_id(str(action)) == expected


def test_bids_without_an_id_raise_value_error() -> None:
    game = Game(seed=0)
    with pytest.raises(ValueError, match="paid in 3 elements"):
        game.action_id(Bid(3, (1, 1, 1, 0)))
    with pytest.raises(ValueError, match="only 40 Oinks"):
        game.action_id(Bid(41, (41, 0, 0, 0)))
    with pytest.raises(ValueError, match="not a Shrine Wars action"):
        game.action_id(42)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        game.action_id("bid twelve")


def _set_game() -> Game:
    """Two players, 10 Oinks: seat 0 wins 5A for 10A, so the next lot is the
    set 3F 7E, opened by seat 1."""
    # Opening draw: seat 0 draws 9F, seat 1 draws 2W, both go to the bottom;
    # seat 0 starts. Lots: 5A, then the set 7E 3F; left: 4W 9F 2W.
    game = Game(Rules(oinks=10), players=2, deck="9F 2W 5A 7E 3F 4W")
    game.apply(0, "bid 10: 10A")
    game.apply(1, "pass")
    return game


def test_a_set_lot_marks_the_default_payments() -> None:
    game = _set_game()
    assert str(game.lot) == "3F 7E" and game.to_act == (1,)
    # E = 20: ONE starts at 1, TWO at 81. Seat 1 holds 10F and 10E: amounts
    # 1..10 are paid in Fire alone (ids 1..10), 11..20 as 10F + yE, pair FE
    # (pair 2), x = 10: 81 + (2 * 20 + 9) * 20 + y - 1 = 1060 + y.
    expected = {0, *range(1, 11), *range(1061, 1071)}
    assert set(np.flatnonzero(game.legal_mask(1)).tolist()) == expected
    assert not game.legal_mask(0).any()
    assert game.action_from_id(1070, 1) == Bid(20, (10, 0, 0, 10))
    # Other payments of a legal amount are not marked, but the id still
    # names them and action_from_id gives them: 5E is 1 + 3 * 20 + 4.
    assert not game.legal_mask(1)[65]
    assert game.action_from_id(65, 1) == Bid(5, (0, 0, 0, 5))
    assert game.action_id("bid 5: 2F + 3E") == 81 + (2 * 20 + 1) * 20 + 2
    assert game.action_from_id(903) == Bid(5, (2, 0, 0, 3))


def test_bad_ids_raise_and_change_nothing() -> None:
    game = _set_game()
    before = (game.record(), [game.observation(s) for s in range(2)])
    for i, seat in [
        (25, 1),  # 5W: Water is not the lot's
        (30, 1),  # 10W
        (0, 0),  # seat 0 is not to act
        (2481, 1),  # out of range (2481 ids)
        (-1, None),
    ]:
        with pytest.raises(IllegalActionError):
            game.action_from_id(i, seat)
    with pytest.raises(IllegalActionError):
        game.action_from_id(True)
    assert (game.record(), [game.observation(s) for s in range(2)]) == before


def test_forbidden_digits_leave_the_mask() -> None:
    game = _set_game()
    game.apply(1, "pass")  # seat 0 alone may still bid on the set
    assert game.to_act == (0,)
    # Seat 0 holds 10F 10W 0A 10E (20 in the set's elements) and won a 5:
    # amounts 5 and 15 are refused.
    mask = game.legal_mask(0)
    assert not mask[5] and mask[4] and mask[6]
    # 15 = 10F + 5E: 81 + (2 * 20 + 9) * 20 + 4
    assert not mask[81 + 49 * 20 + 4] and mask[81 + 49 * 20 + 3]
    with pytest.raises(IllegalActionError):
        game.action_from_id(5, 0)


def test_the_observation_array_of_a_known_state() -> None:
    game = _set_game()
    game.apply(1, "bid 12: 10F + 2E")
    a = game.observation(0).to_array()
    b = game.observation(1).to_array()
    # Slot 0 is the observer. E = 20; seat 0 paid 10A to seat 1.
    assert a[AT["seats"] : AT["seats"] + 6].tolist() == [1, 1, 0, 0, 0, 0]
    oinks = AT["oinks"]
    assert a[oinks : oinks + 8].tolist() == [0.5, 0.5, 0, 0.5, 0.5, 0.5, 1, 0.5]
    assert b[oinks : oinks + 8].tolist() == [0.5, 0.5, 1, 0.5, 0.5, 0.5, 0, 0.5]
    # Seat 0 won 5A (id 22), one point of 324.
    assert a[AT["won"] + 22] == 1 and b[AT["won"] + 36 + 22] == 1
    assert a[AT["won"] : AT["won"] + 72].sum() == 1
    assert a[AT["points"]] == np.float32(1 / 324) and b[AT["points"] + 1] == np.float32(1 / 324)
    # The lot 3F (id 2) 7E (id 33), opened and bid on by seat 1.
    assert np.flatnonzero(a[AT["lot"] : AT["lot"] + 36]).tolist() == [2, 33]
    assert a[AT["opener"] + 1] == 1 and b[AT["opener"]] == 1
    assert a[AT["high_bid"]] == np.float32(12 / 40)
    assert a[AT["high_paid"] : AT["high_paid"] + 4].tolist() == pytest.approx([0.5, 0, 0, 0.1])
    assert a[AT["high_bidder"] + 1] == 1 and b[AT["high_bidder"]] == 1
    assert a[AT["lot_bids"] + 1] == np.float32(12 / 40) and a[AT["lot_bids"]] == 0
    assert not a[AT["passed"] : AT["passed"] + 6].any()
    assert np.flatnonzero(a[AT["forbidden"] : AT["forbidden"] + 9]).tolist() == [4]
    assert not b[AT["forbidden"] : AT["forbidden"] + 9].any()
    assert a[AT["cards_left"]] == np.float32(3 / 36)
    assert a[AT["to_act"]] == 1 and b[AT["to_act"] + 1] == 1 and a[AT["over"]] == 0
    # The oracle adds the true holdings and the deck 4W (12), 9F (8), 2W (10).
    oracle = game.oracle_array(0)
    assert (oracle[: OBS_SHAPE[0]] == a).all()
    assert (oracle[AT["true_oinks"] : AT["true_oinks"] + 8] == a[oinks : oinks + 8]).all()
    assert np.flatnonzero(oracle[AT["deck"] : AT["deck"] + 36]).tolist() == [8, 10, 12]
    order = oracle[AT["deck_order"] : AT["deck_order"] + 36]
    assert order[[12, 8, 10]].tolist() == pytest.approx([1 / 36, 2 / 36, 3 / 36])


def test_the_array_hides_the_deck_order() -> None:
    # The same public play over decks that differ only past the lot: the
    # observation arrays agree, the oracle arrays do not.
    one = Game(players=2, deck="9F 2W 5A 7E 3F 4W 6A 8E")
    two = Game(players=2, deck="9F 2W 5A 7E 3F 8E 6A 4W")
    for game in (one, two):
        game.apply(0, "bid 10: 10A")
        game.apply(1, "pass")
        game.apply(1, "bid 11: 10F + 1E")
    for seat in range(2):
        assert (one.observation(seat).to_array() == two.observation(seat).to_array()).all()
        assert (one.oracle_array(seat) != two.oracle_array(seat)).any()


def test_points_are_paid_as_lots_are_won() -> None:
    game = _set_game()
    # Seat 0 won 5A: one point. The next call pays nothing new.
    assert game.rewards() == (1.0, 0.0)
    assert game.rewards() == (0.0, 0.0)
    game.apply(1, "bid 11: 10F + 1E")
    game.apply(0, "pass")  # seat 1 wins 3F 7E: two singles
    assert game.rewards() == (0.0, 2.0)


def check_state(game: Game) -> None:
    """Every check of one state, for every seat."""
    for seat in range(game.num_players):
        legal = game.legal_actions(seat)
        ids = [game.action_id(a) for a in legal]
        assert len(set(ids)) == len(ids)
        mask = game.legal_mask(seat)
        assert mask.dtype == np.bool_ and mask.shape == (game.num_action_ids,)
        assert set(np.flatnonzero(mask).tolist()) == set(ids)
        for a, i in zip(legal, ids, strict=True):
            assert game.action_from_id(i, seat) == a
            assert game.action_id(str(a)) == i
        obs = game.observation(seat)
        array = obs.to_array()
        assert array.dtype == np.float32 and array.shape == OBS_SHAPE
        assert array.min() >= 0 and array.max() <= 1
        oracle = game.oracle_array(seat)
        assert oracle.dtype == np.float32 and oracle.shape == ORACLE_SHAPE
        assert oracle.min() >= 0 and oracle.max() <= 1
        assert (oracle[: OBS_SHAPE[0]] == array).all()
        if obs.table_oinks is not None:
            # The totals worked out from public payments are the true ones.
            n = game.num_players
            held = [obs.table_oinks[(seat + r) % n] for r in range(n)]
            scale = n * game.rules.oinks
            got = array[AT["oinks"] : AT["oinks"] + 4 * n].reshape(n, 4) * scale
            assert np.allclose(got, held, atol=1e-3)


def _playout(game: Game, rng: random.Random, *, check: bool) -> list[float]:
    total = [0.0] * game.num_players
    while not game.is_over:
        if check:
            check_state(game)
        seat = game.to_act[0]
        i = rng.choice(np.flatnonzero(game.legal_mask(seat)).tolist())
        game.apply(seat, game.action_from_id(i, seat))
        for s, r in enumerate(game.rewards()):
            total[s] += r
    if check:
        check_state(game)
    return total


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        (Rules(), 4, 1),
        (Rules(open_table=True), 4, 2),
        (Rules(open_table=True, oinks=3), 2, 3),
        (Rules(open_table=True), 6, 4),
    ],
)
def test_random_playouts(rules: Rules, players: int, seed: int) -> None:
    game = Game(rules, seed=seed, players=players)
    total = _playout(game, random.Random(seed), check=True)
    assert game.result is not None
    assert total == [float(x) for x in game.result.scores]


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    oinks=st.integers(0, 12),
)
def test_rewards_sum_to_the_scores(seed: int, players: int, oinks: int) -> None:
    game = Game(Rules(oinks=oinks), seed=seed, players=players)
    total = _playout(game, random.Random(seed), check=False)
    assert game.result is not None
    assert total == [float(x) for x in game.result.scores]
