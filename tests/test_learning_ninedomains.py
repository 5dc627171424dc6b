"""The Nine Domains learning interface: the action-id table, masks, arrays and rewards.

Known answers are worked out by hand from the id table and the layout of
docs/learning/ninedomains.rst and the rules of record.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour import IllegalActionError, NotationError
from parlour._codes.ninedomains import ND_AID
from parlour.ninedomains import (
    CARDS,
    OBS_SHAPE,
    OBS_VERSION,
    ORACLE_SHAPE,
    Card,
    Decline,
    Game,
    Place,
    Recover,
    Rules,
    Swap,
)
from parlour.ninedomains import arrays as L
from parlour.protocol import Action

ALL_SPECIALS = ["1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*"]
VARIANTS = [Rules(), Rules(elements=("",) * 9, tie_break="domains")]


def _first_game() -> Game:
    return Game(domains=[4, 5, 6, 7, 2, 3, 8, 9, 10], specials=ALL_SPECIALS)


# -- the id table ------------------------------------------------------------


def test_blocks_are_contiguous_and_end_at_the_total() -> None:
    rows = [(r[0], r[1], r[3]) for r in ND_AID]
    assert rows == [
        ("PLACE", 0, 15 * 14 * 13),
        ("SWAP", 2730, 9 * 8),
        ("RECOVER", 2802, 14 * 13),
        ("DECLINE", 2984, 1),
        ("END", 2985, 0),
    ]
    assert Game(seed=3).num_action_ids == 2985


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("place 0 1 2", 0),  # the first triple
        ("place 0 1 3", 1),  # c = 3 is the second kind left after 0 and 1
        ("place 0 2 1", 13),  # b = 2 is the second kind left after 0: 13 * 1
        ("place 1 0 2", 182),  # 182 * 1 + 13 * 0 + (2 is the first kind left: 0)
        ("place 2 1 0", 377),  # 182 * 2 + 13 * 1 + 0
        ("place 5 1- *", 987),  # 182 * 5 + 13 * (6 - 1) + (14 - 2)
        ("place * 4+ 4-", 2729),  # the last triple
        ("swap 2 3", 2730),  # domain indices 0, 1
        ("swap 3 2", 2738),  # 2730 + 8 * 1 + 0
        ("swap 4 9", 2752),  # 2730 + 8 * 2 + (7 - 1)
        ("swap 10 9", 2801),  # 2730 + 8 * 8 + 7
        ("recover 0 give 1", 2802),  # 2802 + 13 * 0 + (1 - 1)
        ("recover 1+ give 0", 2893),  # 2802 + 13 * 7 + 0
        ("recover 4- give 3+", 2955),  # kinds 12, 11 count as 11, 10 (no 3-): 2802 + 143 + 10
        ("recover * give 4+", 2983),  # 2802 + 13 * 13 + 12, the last
        ("decline", 2984),
    ],
)
def test_known_ids(text: str, expected: int) -> None:
    game = Game(seed=1)
    assert game.action_id(text) == expected
    assert game.action_id(game.parse_action(text)) == expected


def test_every_id_names_one_action() -> None:
    game = Game(seed=1)
    actions: list[Action] = [Place((a, b, c)) for a, b, c in itertools.permutations(CARDS, 3)]
    actions += [Swap(a, b) for a, b in itertools.permutations(range(2, 11), 2)]
    actions += [
        Recover(t, g) for t, g in itertools.permutations(CARDS, 2) if "3-" not in (t.text, g.text)
    ]
    actions.append(Decline())
    assert sorted(game.action_id(a) for a in actions) == list(range(game.num_action_ids))


def test_ids_do_not_depend_on_the_seat_or_the_state() -> None:
    # Both hands are the same at the deal: one placement, one id, both seats.
    game = _first_game()
    i = game.action_id("place 5 4 3")
    assert game.action_from_id(i) == Place.parse("place 5 4 3")  # no seat needed
    assert game.action_from_id(i, 0) == game.action_from_id(i, 1)
    game.apply(0, "place 5 4 3")
    assert game.action_from_id(i) == Place.parse("place 5 4 3")  # seat 1 is asked now
    game.apply(1, "place 0 1- 2")
    assert game.action_id("place 5 4 3") == i
    assert not game.legal_mask(0)[i]  # its cards are used now


def test_action_from_id_picks_the_legal_action_of_the_seat() -> None:
    game = Game(
        domains=[8, 9, 10, 2, 3, 4, 5, 6, 7],
        specials=["3-", "1+", "2+", "1-", "2-", "3+", "4-", "4+", "*"],
    )
    game.apply(0, "place 3- 1+ 5")
    game.apply(1, "place 2 0 4")  # seat 0 wins all three; its 3- asks
    i = game.action_id("recover 1+ give 0")
    assert game.action_from_id(i, 0) == Recover(Card("1+"), Card("0"))
    assert game.action_from_id(i) == Recover(Card("1+"), Card("0"))
    with pytest.raises(IllegalActionError, match="not legal now"):
        game.action_from_id(i, 1)
    with pytest.raises(IllegalActionError, match="not legal now"):
        game.action_from_id(game.action_id("recover 3+ give 0"), 0)  # 3+ never played
    mask = game.legal_mask(0)
    legal = {game.action_id(a) for a in game.legal_actions(0)}
    assert set(np.flatnonzero(mask).tolist()) == legal
    assert len(legal) == 1 + 2 * 6  # decline, or take 1+ or 5 for one of six hand cards
    assert not game.legal_mask(1).any()


def test_bad_ids_and_actions_are_refused_and_change_nothing() -> None:
    game = _first_game()
    game.apply(0, "place 5 4 3")
    before = game.record()
    for bad in (-1, 2985, "3", True, 2.0):
        with pytest.raises(IllegalActionError):
            game.action_from_id(bad, 1)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not legal now"):
        game.action_from_id(game.action_id("place 2+ 0 1"), 1)  # 2+ is not dealt yet
    with pytest.raises(IllegalActionError, match="not legal now"):
        game.action_from_id(game.action_id("place 0 1 2"), 0)  # seat 0 has placed
    with pytest.raises(IllegalActionError, match="not legal now"):
        game.action_from_id(game.action_id("decline"), 1)
    for action in (
        Swap(4, 4),
        Swap(1, 4),
        Swap(4, 11),
        Recover(Card("3-"), Card("0")),
        Recover(Card("0"), Card("3-")),
        Recover(Card("1"), Card("1")),
    ):
        with pytest.raises(ValueError, match="has no action id"):
            game.action_id(action)
    with pytest.raises(ValueError, match="not a Nine Domains action"):
        game.action_id(object())  # type: ignore[arg-type]
    for text in ("place 0 0 1", "swap four 9", "retreat"):
        with pytest.raises(NotationError):
            game.action_id(text)
    assert game.record() == before
    assert game.legal_mask(1).sum() == 9 * 8 * 7


# -- masks, ids and arrays in random games -------------------------------------


def _check_state(game: Game) -> None:
    for seat in (0, 1):
        legal = game.legal_actions(seat)
        mask = game.legal_mask(seat)
        assert mask.dtype == np.bool_ and mask.shape == (game.num_action_ids,)
        ids = [game.action_id(a) for a in legal]
        assert len(set(ids)) == len(ids)  # one card per kind: ids never collide
        assert set(np.flatnonzero(mask).tolist()) == set(ids)
        for a, i in zip(legal, ids, strict=True):
            assert game.action_from_id(i, seat) == a
            assert game.action_id(str(a)) == i
        obs = game.observation(seat).to_array()
        assert obs.dtype == np.float32 and obs.shape == OBS_SHAPE
        assert obs.min() >= 0.0 and obs.max() <= 1.0
        oracle = game.oracle_array(seat)
        assert oracle.dtype == np.float32 and oracle.shape == ORACLE_SHAPE
        assert np.array_equal(oracle[: OBS_SHAPE[0]], obs)
        assert oracle.min() >= 0.0 and oracle.max() <= 1.0


def _play(game: Game, rng: random.Random, check: bool) -> tuple[float, float]:
    total = np.array(game.rewards())
    while not game.is_over:
        if check:
            _check_state(game)
        seat = rng.choice(game.to_act)
        i = rng.choice(np.flatnonzero(game.legal_mask(seat)).tolist())
        before = (game.points(0), game.points(1))
        game.apply(seat, game.action_from_id(i, seat))
        step = game.rewards()
        assert step == (game.points(0) - before[0], game.points(1) - before[1])
        total += step
    if check:
        _check_state(game)
    return float(total[0]), float(total[1])


@pytest.mark.parametrize("rules", VARIANTS, ids=["default", "no-elements"])
def test_random_games_every_state(rules: Rules) -> None:
    for seed in range(4):
        game = Game(rules, seed=seed)
        total = _play(game, random.Random(seed), check=True)
        assert game.result is not None and total == game.result.scores


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(VARIANTS))
def test_rewards_sum_to_the_scores(seed: int, variant: Rules) -> None:
    game = Game(variant, seed=seed)
    total = _play(game, random.Random(seed), check=False)
    assert game.result is not None and total == game.result.scores


def test_rewards_are_paid_at_the_reveal_and_the_swap() -> None:
    game = Game(
        domains=[4, 5, 6, 7, 2, 3, 8, 9, 10],
        specials=["2-", "3+", "3-", "1-", "1+", "2+", "4-", "4+", "*"],
    )
    assert game.rewards() == (0.0, 0.0)
    game.apply(0, "place 5 4 3+")
    assert game.rewards() == (0.0, 0.0)  # nothing is settled before the reveal
    # 5 > 4 takes 4; 4 < 5 gives 5 away; 3+ beats 0 by 3: 6 and 7 extra points.
    game.apply(1, "place 4 5 0")
    assert game.rewards() == (17.0, 5.0)
    # 3 v 3 removes 7; 2- beats 1 and takes 2; 0 < 2 gives 3 away.
    game.apply(0, "place 3 2- 0")
    game.apply(1, "place 3 1 2")
    assert game.rewards() == (2.0, 3.0)
    game.apply(0, "swap 2 5")  # gives 2, takes 5: +3 for seat 0, -3 for seat 1
    assert game.rewards() == (3.0, -3.0)
    assert game.rewards() == (0.0, 0.0)


# -- the observation layout ------------------------------------------------------


def test_layout_offsets() -> None:
    # 4 + 3 + 1 + 1 + 45 + 27 + 9 + 4 + 3 + 45 = 142 before the sides.
    assert (L.ROUND, L.PHASE, L.ELEMENTS_OFF, L.TIE_BREAK) == (0, 4, 7, 8)
    assert (L.ELEMENT_TABLE, L.REVEALED, L.REMOVED, L.PENDING) == (9, 54, 81, 90)
    assert (L.PENDING_POSITION, L.MY_PLACEMENT, L.SIDES) == (94, 97, 142)
    assert L.SIDE_SIZE == 1 + 1 + 15 + 15 + 9 + 1 + 1 + 1 + 1 + 3 == 48
    assert L.BATTLES == 142 + 2 * 48 == 238
    assert L.BATTLE_SIZE == 1 + 9 + 30 + 2 + 3 + 5 + 1 == 51
    assert OBS_SHAPE == (238 + 9 * 51,) == (697,)
    assert ORACLE_SHAPE == (697 + 45 + 81 + 81,) == (904,)
    assert OBS_VERSION == 1


def _on(a: np.ndarray) -> list[int]:
    return np.flatnonzero(a).tolist()  # type: ignore[no-any-return]


def test_array_at_the_deal() -> None:
    a = _first_game().observation(0).to_array()
    # Round 0, phase place; domains 4, 5, 6 at positions 0, 1, 2 (index value - 2).
    assert a[0] == 1 and a[4] == 1
    assert _on(a[54:81]) == [0 * 9 + 2, 1 * 9 + 3, 2 * 9 + 4]
    # Element table (red, green, blue, purple, half-purple): 2 and 3 half-purple,
    # 4 red, 5 green, 6 blue, 7 purple.
    assert _on(a[9:54]) == [0 * 5 + 4, 1 * 5 + 4, 2 * 5 + 0, 3 * 5 + 1, 4 * 5 + 2, 5 * 5 + 3]
    # Both hands: 0..5 and the first three specials 1- 1+ 2- (kinds 0..8).
    assert _on(a[142 + 2 : 142 + 17]) == list(range(9))
    assert _on(a[190 + 2 : 190 + 17]) == list(range(9))
    assert a[142] == 1 and a[190] == 1  # both to act
    assert not a[238:].any()  # no battle yet
    # No carry at the deal: (0 + 1) / 3 into each slot of both sides.
    assert a[187:190].tolist() == pytest.approx([1 / 3] * 3)


def test_array_after_a_placement_hides_it_from_the_opponent() -> None:
    game = _first_game()
    other = _first_game()
    game.apply(0, "place 5 4 3")
    other.apply(0, "place 0 1 2")
    mine = game.observation(0).to_array()
    assert _on(mine[97:142]) == [5, 15 + 4, 30 + 3]  # own placement, kinds by position
    assert mine[142] == 0 and mine[143] == 1  # placed, no longer to act
    theirs = game.observation(1).to_array()
    assert theirs[190 + 1] == 1 and not theirs[97:142].any()  # seat 0 placed, what is unseen
    assert np.array_equal(theirs, other.observation(1).to_array())
    oracle = game.oracle_array(1)
    assert _on(oracle[697:742]) == [5, 15 + 4, 30 + 3]
    assert not game.oracle_array(0)[697:742].any()  # seat 1 has not placed


def test_array_after_the_reveal() -> None:
    game = _first_game()
    game.apply(0, "place 5 4 3")
    # 0 beats 5 (override); 4 beats 1- (strength); 3 v 2 + 1 (the 1- in the middle) ties
    # on strength 3 and loses on the bonus.
    game.apply(1, "place 0 1- 2")
    a = game.observation(0).to_array()
    assert a[1] == 1 and a[4] == 1  # round index 1, placing
    b = 238  # battle 0: domain 4, my 5 against their 0, bonuses 0 and +1, they win by rule 1
    assert _on(a[b : b + 51]) == [0, 1 + 2, 10 + 5, 25 + 0, 40, 41, 42 + 1, 45 + 0]
    assert a[b + 40] == pytest.approx(3 / 7) and a[b + 41] == pytest.approx(4 / 7)
    b = 238 + 2 * 51  # battle 2: domain 6, 3 against 2, they win by rule 3 (the bonus)
    assert a[b + 42 + 1] == 1 and a[b + 45 + 2] == 1
    assert a[238 + 51 + 42] == 1  # battle 1 is mine
    # Points 5 and 10 of 68; 1 and 2 domains of 9; elements green, and red and blue.
    assert a[142 + 41] == pytest.approx(5 / 68) and a[190 + 41] == pytest.approx(10 / 68)
    assert a[142 + 43] == pytest.approx(1 / 9) and a[190 + 43] == pytest.approx(2 / 9)
    assert a[142 + 44] == pytest.approx(1 / 4) and a[190 + 44] == pytest.approx(2 / 4)
    assert _on(a[142 + 32 : 142 + 41]) == [3] and _on(a[190 + 32 : 190 + 41]) == [2, 4]
    # Seat-relative: seat 1 sees itself first.
    s1 = game.observation(1).to_array()
    assert _on(s1[142 + 32 : 142 + 41]) == [2, 4] and s1[238 + 42] == 1
    assert s1[238 + 10 + 0] == 1 and s1[238 + 25 + 5] == 1  # its 0 first, then my 5


def test_array_of_a_pending_effect_and_its_carries() -> None:
    game = Game(
        domains=[8, 9, 10, 2, 3, 4, 5, 6, 7],
        specials=["3-", "1+", "2+", "1-", "2-", "3+", "4-", "4+", "*"],
    )
    game.apply(0, "place 3- 1+ 5")
    game.apply(1, "place 2 0 4")
    a = game.observation(0).to_array()
    assert a[5] == 1  # phase effect
    assert _on(a[90:97]) == [1, 4 + 0]  # my 3-, at position 0
    assert a[142] == 1 and a[190] == 0
    # My next cards at 0, 1, 2 get the carries of 3-, 1+, 5: 0, +2, 0.
    assert a[187:190].tolist() == pytest.approx([1 / 3, 1.0, 1 / 3])
    assert _on(game.observation(1).to_array()[90:97]) == [3, 4 + 0]  # the opponent's 3-
    game.apply(0, "decline")
    a = game.observation(0).to_array()
    assert a[4] == 1 and a[187:190].tolist() == pytest.approx([1 / 3, 1.0, 1 / 3])


def test_oracle_orders() -> None:
    game = _first_game()
    extra = game.oracle_array(0)[697:]
    # Domains 7 2 3 | 8 9 10 in slots 3..8; specials 2+ 3- 3+ | 4- 4+ * (special index kind - 6).
    domains = [(3, 7), (4, 2), (5, 3), (6, 8), (7, 9), (8, 10)]
    assert _on(extra[45:126]) == [9 * slot + d - 2 for slot, d in domains]
    specials = [(3, 9), (4, 10), (5, 11), (6, 12), (7, 13), (8, 14)]
    assert _on(extra[126:207]) == [9 * slot + k - 6 for slot, k in specials]
    # The observation itself does not depend on the order to come.
    shuffled = Game(domains=[4, 5, 6, 10, 9, 8, 3, 2, 7], specials=ALL_SPECIALS)
    assert np.array_equal(shuffled.observation(0).to_array(), game.observation(0).to_array())
    assert not np.array_equal(shuffled.oracle_array(0), game.oracle_array(0))


def test_arrays_are_new_each_call() -> None:
    game = _first_game()
    mask = game.legal_mask(0)
    mask[:] = False
    assert game.legal_mask(0).sum() == 9 * 8 * 7
    a = game.observation(0).to_array()
    a[:] = 0
    assert game.observation(0).to_array().any()
