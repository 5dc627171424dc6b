"""The Nine Domains engine: conformance and scripted games worked out by hand."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import check_conformance
from parlour import IllegalActionError, RecordError
from parlour.ninedomains import Card, Decline, Game, Place, Recover, Rules, Swap

ALL_SPECIALS = ["1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*"]


def test_conformance() -> None:
    check_conformance(lambda seed: Game(seed=seed), range(25))


def test_conformance_other_rules() -> None:
    rules = Rules(
        elements=("red", "green", "blue", "purple", "red", "green", "blue", "purple", ""),
        tie_break="domains",
    )
    check_conformance(lambda seed: Game(rules, seed=seed), range(100, 110))


def _place(game: Game, a: str, b: str) -> None:
    game.apply(0, "place " + a)
    game.apply(1, "place " + b)


def test_swap_removed_domain_and_three_plus() -> None:
    g = Game(domains=[4, 5, 6, 7, 2, 3, 8, 9, 10],
             specials=["2-", "3+", "3-", "1-", "1+", "2+", "4-", "4+", "*"])  # fmt: skip
    # Round 1: 5>4, 4<5, 3+ beats 0 by strength 3 -> 7 extra points.
    _place(g, "5 4 3+", "4 5 0")
    obs = g.observation(0)
    assert obs.held == ((4, 6), (5,))
    assert obs.extra_points == (7, 0) and obs.points == (17, 5)
    assert g.to_act == (0, 1) and obs.round == 1
    # Round 2: 3 v 3 identical -> domain 7 removed; 2- beats 1 -> seat 0 must swap; 0 < 2.
    _place(g, "3 2- 0", "3 1 2")
    assert g.observation(1).removed == (7,)
    assert list(g.to_act) == [0] and g.phase == "effect"
    legal = g.legal_actions(0)
    assert sorted(map(str, legal)) == sorted(f"swap {a} {b}" for a in (2, 4, 6) for b in (3, 5))
    assert g.legal_actions(1) == []
    with pytest.raises(IllegalActionError):
        g.apply(0, "swap 5 2")  # seat 0 does not hold 5
    with pytest.raises(IllegalActionError):
        g.apply(0, "decline")  # the 2- swap is mandatory
    g.apply(0, Swap(2, 5))
    obs = g.observation(1)
    assert obs.held == ((4, 5, 6), (2, 3))
    assert g.to_act == (0, 1) and obs.round == 2
    # Round 3: seat 0's 4+ has -2; seat 1's 1- in the middle gives +1 to both sides.
    _place(g, "4+ * 1", "4- 1- 3+")
    b = [x for x in g.observation(0).battles if x.round == 2]
    assert [x.bonuses for x in b] == [(-2, 1), (0, 0), (0, 1)]
    assert [x.winner for x in b] == [1, 1, 1]
    assert [x.extra_points for x in b] == [0, 0, 7]  # 3+ (4) vs 1: margin 3
    assert g.is_over
    res = g.result
    assert res is not None
    assert res.scores == (22.0, 39.0) and res.winners == (1,)
    assert res.details["reason"] == "points"


def test_recover_keeps_carry_and_two_minus_of_the_other_seat() -> None:
    g = Game(domains=[8, 9, 10, 2, 3, 4, 5, 6, 7],
             specials=["3-", "1+", "2+", "1-", "2-", "3+", "4-", "4+", "*"])  # fmt: skip
    _place(g, "3- 1+ 5", "2 0 4")
    assert g.observation(0).held == ((8, 9, 10), ())
    assert g.to_act == (0,) and g.observation(0).pending is not None
    legal = set(map(str, g.legal_actions(0)))
    hand = ["0", "1", "2", "3", "4", "2+"]
    assert legal == {"decline"} | {f"recover {t} give {h}" for t in ("1+", "5") for h in hand}
    with pytest.raises(IllegalActionError):
        g.apply(0, "recover 3- give 0")  # never the triggering 3-
    g.apply(0, Recover(Card("1+"), Card("0")))
    obs = g.observation(1)
    assert obs.hands[0] == tuple(
        Card(t) for t in ["1", "2", "3", "4", "1-", "1+", "2-", "2+", "3+"]
    )
    assert sorted(obs.used[0]) == [Card("0"), Card("5"), Card("3-")]
    # Round 2: the carry of the recovered 1+ still gives +2 at position 1: 1+ (3, +2) beats
    # 3 (3, +0) by the bonus. 1 < 2- -> seat 1 must swap; 2 < 5.
    _place(g, "1 1+ 2", "2- 3 5")
    b = [x for x in g.observation(0).battles if x.round == 1]
    assert [(x.winner, x.rule) for x in b] == [(1, 2), (0, 3), (1, 2)]
    assert g.to_act == (1,)
    assert len(g.legal_actions(1)) == 2 * 4
    g.apply(1, "swap 2 10")
    assert g.observation(0).held == ((2, 3, 8, 9), (4, 10))
    # Round 3: 4 beats 3-; 3+ (3 + 2) beats 1 by 4 (+7); 2+ (2) beats 4+ (4 - 2) by the bonus.
    _place(g, "4 3+ 2+", "3- 1 4+")
    assert g.is_over
    res = g.result
    assert res is not None and res.scores == (47.0, 14.0) and res.winners == (0,)


def test_two_minus_skipped_when_opponent_holds_nothing() -> None:
    g = Game(domains=[2, 3, 4, 5, 6, 7, 8, 9, 10], specials=ALL_SPECIALS)
    _place(g, "2- 5 4", "1 4 3")
    assert g.observation(0).held == ((2, 3, 4), ())
    assert g.to_act == (0, 1) and g.observation(0).round == 1


def test_element_win_ends_the_game() -> None:
    g = Game(domains=[4, 5, 6, 7, 8, 9, 2, 3, 10], specials=ALL_SPECIALS)
    _place(g, "5 4 3", "4 3 2")
    assert not g.is_over
    # 3+ beats 1 by 2 (+7); 0 beats 5; 1 beats 0. Seat 0 shows red, green, blue, purple.
    _place(g, "3+ 0 1", "1 5 0")
    assert g.is_over and g.to_act == ()
    res = g.result
    assert res is not None
    assert res.winners == (0,) and res.details["reason"] == "elements"
    assert res.scores == (46.0, 0.0)


def test_element_win_beats_points() -> None:
    g = Game(domains=[10, 4, 5, 9, 6, 7, 2, 3, 8], specials=ALL_SPECIALS)
    _place(g, "5 0 1", "4 1 2")
    assert g.observation(0).held == ((10,), (4, 5))
    # 3+ beats 1+ by 2 (+7); 2 < 5; 3 < 3+ (a + card beats a basic one of equal size).
    _place(g, "3+ 2 3", "1+ 5 3+")
    assert g.is_over
    res = g.result
    assert res is not None
    assert res.scores == (26.0, 22.0)
    assert res.winners == (1,) and res.details["reason"] == "elements"


def test_both_complete_elements_at_once() -> None:
    rules = Rules(elements=("red", "green", "blue", "purple", "red", "green", "blue", "purple", ""))
    g = Game(rules, domains=[2, 6, 10, 3, 7, 4, 8, 5, 9], specials=ALL_SPECIALS)
    _place(g, "5 0 4", "4 1 3")
    _place(g, "3 1 2", "2 2+ 0")
    assert g.observation(0).held == ((2, 3, 4, 10), (6, 7))
    # Round 3: seat 1's 2+ carries +1 to its 1- in the middle, which gives +1 to its
    # neighbours: 1+ < 5 (+1); 3+ (3) > 1- (2); 2- < 3- (4).
    _place(g, "1+ 3+ 2-", "5 1- 3-")
    obs = g.observation(0)
    assert obs.held == ((2, 3, 4, 5, 10), (6, 7, 8, 9))
    assert rules.has_all_elements(obs.held[0]) and rules.has_all_elements(obs.held[1])
    assert obs.elements_off
    res = g.result
    assert res is not None
    assert res.winners == (1,) and res.details["reason"] == "points"
    assert res.scores == (24.0, 30.0)


def _draw_game(rules: Rules | None = None) -> Game:
    g = Game(rules, domains=[10, 8, 2, 9, 7, 4, 5, 6, 3], specials=ALL_SPECIALS)
    _place(g, "5 0 3", "4 1 3")  # 3 v 3: domain 2 removed
    _place(g, "4 1 2", "0 5 2")  # 2 v 2: domain 4 removed
    _place(g, "2+ 1+ 2-", "2- 3- 3+")  # + beats -; 3- > 1+; 3+ beats 2- by 1 (no extra)
    # Seat 1's 3- won in round 3: its effect is skipped, so the game is over at once.
    assert g.is_over
    return g


def test_points_draw() -> None:
    g = _draw_game()
    obs = g.observation(0)
    assert obs.held == ((5, 9, 10), (3, 6, 7, 8))
    assert obs.removed == (2, 4)
    res = g.result
    assert res is not None
    assert res.scores == (24.0, 24.0) and res.winners == (0, 1)
    assert res.details["reason"] == "draw"


def test_tie_break_by_domains() -> None:
    res = _draw_game(Rules(tie_break="domains")).result
    assert res is not None and res.winners == (1,) and res.details["reason"] == "domains"


def test_placement_is_hidden_until_reveal() -> None:
    g = Game(seed=3)
    before = json.dumps(g.observation(1).to_dict(), sort_keys=True)
    action = g.legal_actions(0)[17]
    g.apply(0, action)
    obs1 = g.observation(1)
    assert obs1.placed == (True, False) and obs1.my_placement is None
    after = obs1.to_dict()
    after["placed"] = [False, False]
    assert json.dumps(after, sort_keys=True) == before
    assert g.observation(0).my_placement == action.cards  # type: ignore[attr-defined]
    assert g.to_act == (1,)
    with pytest.raises(IllegalActionError):
        g.apply(0, action)  # seat 0 has placed already


def test_bad_input_changes_nothing() -> None:
    g = Game(domains=[2, 3, 4, 5, 6, 7, 8, 9, 10], specials=ALL_SPECIALS)
    record = g.record()
    for bad in ("place 5 5 4", "place 5 4", "place 2+ 4 5", "swap 2 3", "decline", "place 9 1 2"):
        with pytest.raises(IllegalActionError):
            g.apply(0, bad)
    assert g.record() == record
    assert len(g.legal_actions(0)) == 9 * 8 * 7
    with pytest.raises(ValueError):
        Game(domains=[2, 3, 4, 5, 6, 7, 8, 9, 9])
    with pytest.raises(ValueError):
        Game(specials=["1-"] * 9)
    with pytest.raises(RecordError):
        Game.from_record(dict(record, deal={"domains": [1], "specials": ALL_SPECIALS}))
    assert Place.parse("place 1 2 3") == Place.of(["1", "2", "3"])
    assert Decline.parse("decline") == Decline()


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_random_games_keep_the_invariants(seed: int, play_seed: int) -> None:
    g = Game(seed=seed)
    rng = random.Random(play_seed)
    deal = g.record()["deal"]
    while not g.is_over:
        obs = g.observation(0)
        held, removed = obs.held, obs.removed
        taken = set(held[0]) | set(held[1]) | set(removed)
        # Every domain revealed so far is held by one player or removed; none twice.
        # (During the effects of a round, its three battles are already resolved.)
        revealed = 3 * obs.round + (3 if obs.phase == "effect" else 0)
        assert len(held[0]) + len(held[1]) + len(removed) == len(taken) == revealed
        assert taken == set(deal["domains"][:revealed])
        if obs.phase == "place":
            for s in (0, 1):
                assert len(obs.hands[s]) == 9 and len(set(obs.hands[s])) == 9
                assert len(obs.used[s]) == 3 * obs.round
                assert set(obs.hands[s]).isdisjoint(obs.used[s])
        assert obs.points == (
            sum(held[0]) + obs.extra_points[0],
            sum(held[1]) + obs.extra_points[1],
        )
        assert all(x % 7 == 0 for x in obs.extra_points)
        seat = g.to_act[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    res = g.result
    assert res is not None
    if res.details["reason"] != "elements":
        assert res.winners == (
            (0, 1) if res.scores[0] == res.scores[1] else (int(res.scores[1] > res.scores[0]),)
        )
    else:
        w = res.winners[0]
        assert g.rules.has_all_elements(g.observation(0).held[w])
        assert not g.rules.has_all_elements(g.observation(0).held[1 - w])


def test_three_plus_points_stay_when_the_domain_is_swapped_away() -> None:
    g = Game(domains=[6, 7, 8, 2, 3, 4, 5, 9, 10],
             specials=["3+", "2-", "1-", "1+", "2+", "3-", "4-", "4+", "*"])  # fmt: skip
    # 3+ beats 1 by 2 (+7, domain 6); 2- beats 1 (domain 7); 0 v 0 removes 8.
    _place(g, "3+ 1 0", "1 2- 0")
    assert list(g.to_act) == [1]
    # Seat 1 must swap and may take the domain seat 0 won this round.
    assert [str(a) for a in g.legal_actions(1)] == ["swap 7 6"]
    g.apply(1, "swap 7 6")
    obs = g.observation(0)
    assert obs.held == ((7,), (6,)) and obs.removed == (8,)
    assert obs.extra_points == (7, 0) and obs.points == (14, 6)


def test_swap_may_complete_the_opponents_elements() -> None:
    g = Game(domains=[4, 5, 6, 3, 7, 2, 8, 9, 10],
             specials=["1-", "1+", "4-", "2-", "2+", "3-", "3+", "4+", "*"])  # fmt: skip
    _place(g, "5 4 3", "4 3 2")  # seat 0 takes red, green and blue
    # 2 > 1 (half purple 3 to seat 0); 4- > 0 (purple 7); 2- > 1 (half purple 2, swap).
    _place(g, "2 0 1", "1 4- 2-")
    assert g.observation(0).held == ((3, 4, 5, 6), (2, 7))
    assert not g.is_over  # the element check waits for the effect
    assert len(g.legal_actions(1)) == 2 * 4
    g.apply(1, "swap 7 3")  # legal, though it hands seat 0 its purple
    res = g.result
    assert res is not None
    assert res.winners == (0,) and res.details["reason"] == "elements"
    assert g.observation(1).held == ((4, 5, 6, 7), (2, 3))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_scores_are_ints_like_the_other_games(seed: int) -> None:
    # Points are whole numbers: ints in the result, in its JSON and in the
    # record's outcome, as for Sichuan, Sì Sè Pái and Shrine Wars.
    g = Game(seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.to_act[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    res = g.result
    assert res is not None
    assert [type(s) for s in res.scores] == [int, int]
    assert res.scores == (g.points(0), g.points(1))
    assert ".0" not in json.dumps(res.to_dict()["scores"])
    record = g.record()
    assert record["outcome"]["scores"] == list(res.scores)
    # A record replays and verifies: the outcome comparison is unchanged.
    assert Game.from_record(json.loads(json.dumps(record))).result == res
