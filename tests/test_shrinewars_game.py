"""The Shrine Wars engine: conformance, scripted games for every rule, properties.

Scripted games use explicit decks; every expected number below is worked out
by hand from the rules of record (see the comments).
"""

from __future__ import annotations

import json
import os
import random
from types import ModuleType

import pytest

import parlour
from conformance import check_conformance
from parlour import IllegalActionError, NotationError, RecordError
from parlour.shrinewars import (
    POT,
    Bid,
    Cards,
    Game,
    HeuristicBot,
    Pass,
    RandomBot,
    Rules,
    ShrineWarsObservation,
    card_from_text,
    parse_action,
)

MANY = int(os.environ.get("SHRINEWARS_GAMES", "0")) or (
    2000 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 150
)


def run(game: Game, steps: list[tuple[int, str]]) -> None:
    """Apply scripted steps, checking whose turn it is before each."""
    for seat, text in steps:
        assert game.to_act == (seat,), f"expected seat {seat} to act, not {game.to_act}"
        game.apply(seat, text)


def total_oinks(game: Game) -> int:
    return sum(sum(o) for o in game.oinks) + sum(game.pool)


# -- conformance --------------------------------------------------------------


# Every table size (2 to 6 players) in the README's run; more in the slow profile.
@pytest.mark.parametrize(
    "seeds", [range(5), pytest.param(range(5, 25), marks=pytest.mark.slow)], ids=["few", "more"]
)
def test_conformance(backend: ModuleType, seeds: range) -> None:
    check_conformance(lambda seed: Game(seed=seed, players=2 + seed % 5), seeds=seeds)


def test_conformance_open_table_small_stakes() -> None:
    rules = Rules(oinks=3, open_table=True)
    check_conformance(lambda seed: Game(rules, seed=seed, players=3), seeds=range(100, 106))


def test_registry_makes_the_game() -> None:
    game = parlour.make("shrinewars", seed=3, players=5)
    assert isinstance(game, Game) and game.num_players == 5


# -- opening draw -------------------------------------------------------------


def test_opening_draw_highest_starts_and_cards_go_to_the_bottom() -> None:
    g = Game(players=3, deck="2F 9W 4A 5E 6E")
    # seats draw 2F, 9W, 4A: seat 1 is highest; the three go to the bottom in order
    assert g.starter == 1
    assert [(s, c) for s, c in g.opening_draw] == [(0, 1), (1, 17), (2, 21)]
    # 5E is the first lot, opened by the starter
    assert str(g.lot) == "5E" and g.to_act == (1,)
    assert [c for c in g.deck] == [card_from_text(t) for t in ["6E", "2F", "9W", "4A"]]


def test_opening_draw_tie_redraws_only_the_tied() -> None:
    g = Game(players=3, deck="9F 9W 2A 3F 5F 1E 7E")
    # 9F (seat 0) and 9W (seat 1) tie; they draw again: 3F, 5F -> seat 1
    assert g.starter == 1
    assert [(s, c) for s, c in g.opening_draw] == [(0, 8), (1, 17), (2, 19), (0, 2), (1, 4)]
    assert str(g.lot) == "1E"
    assert [c for c in g.deck] == [card_from_text(t) for t in ["7E", "9F", "9W", "2A", "3F", "5F"]]


def test_opening_draw_tie_that_never_breaks() -> None:
    # Seat 0 draws 1F, seats 1 and 2 draw 9F 9W and then equal pairs forever.
    # 3 + 16 * 2 = 35 cards drawn: one more round starts (1W and, from the
    # bottom, 1F: tied again); 37 >= 36 so the lowest tied seat, 1, starts.
    pairs = [f"{v}{e}" for v in range(2, 9) for e in "FWAE"] + ["9A", "9E", "1A", "1E"]
    deck = ["1F", "9F", "9W", *pairs, "1W"]
    assert len(deck) == 36
    g = Game(players=3, deck=" ".join(deck))
    assert len(g.opening_draw) == 37
    assert g.starter == 1
    assert g.opening_draw[-2:] == ((1, card_from_text("1W")), (2, card_from_text("1F")))


def test_two_players_full_deck_tie_to_the_limit() -> None:
    deck = [f"{v}{e}" for v in range(1, 10) for e in "FWAE"]
    g = Game(players=2, deck=" ".join(deck))
    # every round draws two cards of one value: 18 rounds, 36 cards, seat 0
    assert len(g.opening_draw) == 36 and g.starter == 0
    # all 36 went to the bottom in order: the deck is as it was
    assert str(g.lot) == "1F"
    assert list(g.deck)[:3] == [card_from_text(t) for t in ["1W", "1A", "1E"]]


# -- one scripted game covering every payout case -----------------------------

# Three players, 10 Oinks of each element. Opening draw 9F, 1W, 2W: seat 0
# starts and those three cards go to the bottom.
SCRIPT_DECK = "9F 1W 2W 5A 7E 5F 1A 5W 8E 2E 3F 4W 6A 6W"


def test_scripted_payouts() -> None:
    g = Game(players=3, deck=SCRIPT_DECK)
    start = total_oinks(g)
    assert g.starter == 0

    # Lot 1, 5A, opened by seat 0. Bid 3: nobody holds a 3, so the 3 Air are
    # divided among seats 1 and 2: 1 each, 1 Air left in the pool.
    assert str(g.lot) == "5A"
    run(g, [(0, "bid 3: 3A"), (1, "pass"), (2, "pass")])
    assert g.oinks == ((10, 10, 7, 10), (10, 10, 11, 10), (10, 10, 11, 10))
    assert g.pool == (0, 0, 1, 0)
    assert str(g.won[0]) == "5A"

    # Lot 2, 7E, opened by seat 1. Seat 0 holds a 5 and may not bid 5 (but 6).
    assert str(g.lot) == "7E"
    run(g, [(1, "bid 4: 4E"), (2, "pass")])
    with pytest.raises(IllegalActionError, match="may not bid an amount ending in it"):
        g.apply(0, "bid 5: 5E")
    assert 5 not in [a.amount for a in g.legal_actions(0) if isinstance(a, Bid)]
    run(g, [(0, "pass")])
    # Seat 1 won with 4: nobody holds a 4 -> seats 0 and 2 share 4E + pool 1A:
    # 2E each, the 1 Air stays in the pool.
    assert str(g.won[1]) == "7E"
    assert g.oinks == ((10, 10, 7, 12), (10, 10, 11, 6), (10, 10, 11, 12))
    assert g.pool == (0, 0, 1, 0)

    # Lot 3, 5F, opened by seat 2. Bid 5 ends in a digit only seat 0 holds
    # (5A): one holder takes the whole pot, 5F plus the pool's 1A.
    assert str(g.lot) == "5F"
    run(g, [(2, "bid 5: 5F"), (0, "pass"), (1, "pass")])
    assert g.oinks == ((15, 10, 8, 12), (10, 10, 11, 6), (5, 10, 11, 12))
    assert g.pool == (0, 0, 0, 0)

    # Lot 4, 1A, opened by seat 0. Seat 1 bids 5: seats 0 (5A) and 2 (5F)
    # hold one 5 each: they share 5A, 2 each, 1 Air to the pool.
    assert str(g.lot) == "1A"
    run(g, [(0, "pass"), (1, "bid 5: 5A"), (2, "pass")])
    assert g.oinks == ((15, 10, 10, 12), (10, 10, 6, 6), (5, 10, 13, 12))
    assert g.pool == (0, 0, 1, 0)

    # Lot 5, 5W, opened by seat 1. Seats 1 and 2 pass; seat 0, alone before
    # any bid, may still bid, and wins at once. Bid 1: seat 1 holds 1A and
    # takes the pot, 1W and the pool's 1A.
    assert str(g.lot) == "5W"
    run(g, [(1, "pass"), (2, "pass"), (0, "bid 1: 1W")])
    assert g.oinks == ((15, 9, 10, 12), (10, 11, 7, 6), (5, 10, 13, 12))
    assert g.pool == (0, 0, 0, 0)

    # Lot 6, 8E, opened by seat 2 (holds 5F: 5 and 15 forbidden, 10 is fine).
    assert str(g.lot) == "8E"
    amounts = [a.amount for a in g.legal_actions(2) if isinstance(a, Bid)]
    assert amounts == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]
    # Seat 1 bids 5 and wins. Seat 0 holds two 5s (5A 5W), seat 2 one (5F):
    # the majority holder takes all 5E.
    run(g, [(2, "bid 4: 4E"), (0, "pass"), (1, "bid 5: 5E"), (2, "pass")])
    assert g.oinks == ((15, 9, 10, 17), (10, 11, 7, 1), (5, 10, 13, 12))

    # Lot 7, 2E, opened by seat 0, won with 10 (a digit 0 is never forbidden
    # and matches nobody: 5E to each other seat). The next lot is a set.
    assert str(g.lot) == "2E"
    run(g, [(0, "bid 10: 10E"), (1, "pass"), (2, "pass")])
    assert g.oinks == ((15, 9, 10, 7), (10, 11, 7, 6), (5, 10, 13, 17))
    assert str(g.lot) == "3F 4W" and g.lot_elements == (0, 1)

    # Lot 8, the set 3F 4W, opened by seat 1, paid in Fire and Water.
    with pytest.raises(IllegalActionError, match="paid in F W only"):
        g.apply(1, "bid 12: 12A")
    with pytest.raises(IllegalActionError, match="holds only"):
        g.apply(1, "bid 12: 12W")
    assert 12 in [a.amount for a in g.legal_actions(1) if isinstance(a, Bid)]
    # Seat 1 pays 7 Fire + 5 Water. Digit 2: seat 0 holds 2E and takes it all.
    run(g, [(1, "bid 12: 7F + 5W"), (2, "pass"), (0, "pass")])
    assert g.oinks == ((22, 14, 10, 7), (3, 6, 7, 6), (5, 10, 13, 17))
    assert g.won[1] == Cards.parse("3F 4W 1A 7E 8E")

    # Lot 9, 6A (a single card again), opened by seat 2: nobody bids, it is
    # set aside and the pool stays as it was.
    assert str(g.lot) == "6A"
    run(g, [(2, "pass"), (0, "pass"), (1, "pass")])
    assert str(g.set_aside) == "6A" and g.pool == (0, 0, 0, 0)
    assert g.lots[-1].winner is None

    # The remaining lots: 6W, then the opening-draw cards 9F 1W 2W.
    for lot in ("6W", "9F", "1W", "2W"):
        assert str(g.lot) == lot
        seat = g.to_act[0]
        run(g, [(seat, "pass"), ((seat + 1) % 3, "pass"), ((seat + 2) % 3, "pass")])
    assert g.is_over and g.to_act == ()
    assert total_oinks(g) == start

    result = g.result
    assert result is not None
    # seat 0: 5A 5W 2E -> a pair of 5s (4) + a single (1) = 5
    # seat 1: 3F 4W 1A 7E 8E -> five singles = 5
    # seat 2: 5F -> 1
    assert result.scores == (5, 5, 1)
    # 5 each for seats 0 and 1: seat 0 has 53 Oinks, seat 1 has 22.
    assert result.winners == (0,)
    assert result.details["oink_totals"] == [53, 22, 45]
    # the ledger: every winning bid into the pot and each payout from it
    paid_in = sum(p.amount for p in result.ledger if p.payee == POT)
    paid_out = sum(p.amount for p in result.ledger if p.payer == POT)
    assert paid_in == 3 + 4 + 5 + 5 + 1 + 5 + 10 + 12
    assert paid_in - paid_out == sum(g.pool)

    # The record replays to the same game.
    replay = Game.from_record(json.loads(json.dumps(g.record())))
    assert replay.result == result


def ids(text: str) -> list[int]:
    return [card_from_text(t) for t in text.split()]


# -- sets ---------------------------------------------------------------------


def test_sets_after_bids_ending_in_zero() -> None:
    # Two players; opening draw 9F (seat 0), 1W (seat 1): seat 0 starts.
    # Lots: 3A, then sets and singles from 4E 5W 6F 7A 9F 1W.
    g = Game(players=2, deck="9F 1W 3A 4E 5W 6F 7A")
    run(g, [(0, "bid 10: 10A"), (1, "pass")])
    # won with 10: seat 1 is the only other player and takes the 10 Air
    assert g.oinks == ((10, 10, 0, 10), (10, 10, 20, 10))
    # a set of two, paid in any mix of Water and Earth
    assert str(g.lot) == "5W 4E" and g.lot_elements == (1, 3) and g.to_act == (1,)
    assert g.legal_actions(1)[12] == Bid(12, (0, 10, 0, 2))  # the default payment
    run(g, [(1, "bid 12: 2W + 10E")])  # another payment for the same amount
    # seat 0 holds 3A: 13 is forbidden, 14 is not
    with pytest.raises(IllegalActionError):
        g.apply(0, "bid 13: 3W + 10E")
    with pytest.raises(IllegalActionError, match="more than the high bid"):
        g.apply(0, "bid 12: 2W + 10E")
    run(g, [(0, "bid 14: 4W + 10E"), (1, "bid 20: 10W + 10E"), (0, "pass")])
    assert g.oinks == ((10, 20, 0, 20), (10, 0, 20, 0))
    # won with 20: another set; nobody bids, it is set aside whole
    assert str(g.lot) == "6F 7A" and g.to_act == (0,)
    run(g, [(0, "pass"), (1, "pass")])
    assert str(g.set_aside) == "6F 7A"
    # ... and the next lot is a single card
    assert str(g.lot) == "9F" and g.to_act == (1,)
    run(g, [(1, "bid 10: 10F"), (0, "pass")])
    # a set is due but only one card is left: the lot is that card alone
    assert str(g.lot) == "1W" and g.to_act == (0,)
    run(g, [(0, "pass"), (1, "pass")])
    assert g.is_over
    assert g.oinks == ((20, 20, 0, 20), (0, 0, 20, 0))
    result = g.result
    assert result is not None
    assert result.scores == (1, 3) and result.winners == (1,)
    assert str(g.set_aside) == "6F 1W 7A"
    assert [str(x.bid) for x in g.lots] == [
        "bid 10: 10A",
        "bid 20: 10W + 10E",
        "None",
        "bid 10: 10F",
        "None",
    ]
    replay = Game.from_record(json.loads(json.dumps(g.record())))
    assert replay.oinks == g.oinks and replay.result == result


def test_set_won_with_a_bid_not_ending_in_zero_is_followed_by_a_single() -> None:
    g = Game(players=2, deck="9F 1W 3A 4E 5W 6F 7A")
    run(g, [(0, "bid 10: 10A"), (1, "pass")])
    assert len(g.lot) == 2
    run(g, [(1, "bid 3: 3W"), (0, "pass")])
    assert len(g.lot) == 1 and str(g.lot) == "6F"


# -- passing and turn order ---------------------------------------------------


def test_a_lot_nobody_bids_on_is_set_aside_and_the_opener_moves_on() -> None:
    g = Game(players=4, deck="9F 1W 2W 3W 5A 6A 7A")
    assert g.starter == 0 and str(g.lot) == "5A"
    run(g, [(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert str(g.set_aside) == "5A" and g.pool == (0, 0, 0, 0)
    assert all(o == (10, 10, 10, 10) for o in g.oinks)
    assert str(g.lot) == "6A" and g.to_act == (1,)


def test_turns_skip_players_who_passed() -> None:
    g = Game(players=4, deck="9F 1W 2W 3W 5A 6A 7A")
    run(g, [(0, "bid 1: 1A"), (1, "pass"), (2, "bid 2: 2A"), (3, "pass")])
    # seat 1 passed: after seat 3 comes seat 0, then seat 2 again
    run(g, [(0, "bid 3: 3A"), (2, "bid 4: 4A"), (0, "pass")])
    assert str(g.won[2]) == "5A" and str(g.lot) == "6A" and g.to_act == (1,)
    # digit 4 matched nobody: seats 0, 1, 3 share 4A, 1 each, 1 Air in the pool
    assert g.oinks == ((10, 10, 11, 10), (10, 10, 11, 10), (10, 10, 6, 10), (10, 10, 11, 10))
    assert g.pool == (0, 0, 1, 0)


def test_a_player_without_a_legal_bid_must_pass() -> None:
    g = Game(players=2, deck="9F 1W 3A 4A", rules=Rules(oinks=1))
    run(g, [(0, "bid 1: 1A")])
    assert g.legal_actions(1) == [Pass()]
    with pytest.raises(IllegalActionError):
        g.apply(1, "bid 2: 2A")


def test_legal_amounts_and_bid_for() -> None:
    g = Game(players=2, deck="9F 1W 3A 4A 5A", rules=Rules(oinks=4))
    run(g, [(0, "bid 3: 3A"), (1, "pass")])
    # seat 0 holds 3A and 1 Air; seat 1 holds 7 Air
    assert g.bid_amounts(1) == [1, 2, 3, 4, 5, 6, 7]
    assert g.bid_for(1, 6) == Bid(6, (0, 0, 6, 0))
    run(g, [(1, "bid 2: 2A")])
    assert g.bid_amounts(0) == []  # 3 is forbidden and more is not affordable
    assert g.bid_amounts(1) == []  # not its turn
    with pytest.raises(IllegalActionError):
        g.bid_for(0, 3)


# -- end and tie-break --------------------------------------------------------


@pytest.mark.parametrize(
    ("second", "totals", "winners"),
    [
        # seat 1 pays 2 (to seat 0): 41 vs 39 Oinks, seat 0 wins the tie
        ("bid 2: 2E", [41, 39], (0,)),
        # seat 1 pays 1: 40 each, a shared win
        ("bid 1: 1E", [40, 40], (0, 1)),
    ],
)
def test_tie_break_by_oinks(second: str, totals: list[int], winners: tuple[int, ...]) -> None:
    g = Game(players=2, deck="9F 1W 3A 4E")
    run(g, [(0, "bid 1: 1A"), (1, "pass"), (1, second), (0, "pass")])
    run(g, [(0, "pass"), (1, "pass"), (1, "pass"), (0, "pass")])
    result = g.result
    assert result is not None
    assert result.scores == (1, 1)
    assert result.details["oink_totals"] == totals
    assert result.winners == winners


def test_pool_is_not_counted_in_the_tie_break() -> None:
    # three players; seat 0 wins 5A with 3 (nobody holds a 3): 1A each to
    # seats 1 and 2, 1A in the pool; nothing else is bid.
    g = Game(players=3, deck="9F 1W 2W 5A")
    run(g, [(0, "bid 3: 3A"), (1, "pass"), (2, "pass")])
    while not g.is_over:
        g.apply(g.to_act[0], "pass")
    result = g.result
    assert result is not None
    assert result.scores == (1, 0, 0) and result.winners == (0,)
    assert result.details["pool"] == [0, 0, 1, 0]
    assert result.details["oink_totals"] == [37, 41, 41]


def test_more_points_beat_more_oinks() -> None:
    g = Game(players=2, deck="9F 1W 3A 3E 5W")
    run(g, [(0, "bid 9: 9A"), (1, "pass"), (1, "pass"), (0, "bid 1: 1E")])
    while not g.is_over:
        g.apply(g.to_act[0], "pass")
    result = g.result
    assert result is not None
    assert result.scores == (4, 0) and result.winners == (0,)


# -- table size, rules, bad input ---------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_table_size_plays_to_the_end(players: int) -> None:
    g = Game(seed=players, players=players)
    assert g.num_players == players
    assert all(o == (10, 10, 10, 10) for o in g.oinks)
    parlour.play(g, [HeuristicBot() if s % 2 else RandomBot() for s in range(players)], seed=1)
    assert g.is_over
    assert total_oinks(g) == 40 * players


@pytest.mark.parametrize("players", [0, 1, 7, -2, True, 4.0, "4"])
def test_bad_table_sizes(players: object) -> None:
    with pytest.raises(ValueError):
        Game(players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize("deck", ["", "5F 5F", "5F x", [0, 0], [36], [-1], [True], "Cards"])
def test_bad_decks(deck: object) -> None:
    if deck == "Cards":
        deck = Cards.parse("5F 6F")
    with pytest.raises(ValueError):
        Game(deck=deck)  # type: ignore[arg-type]


def test_bad_rules() -> None:
    with pytest.raises(ValueError):
        Rules(oinks=-1)
    with pytest.raises(ValueError):
        Rules(oinks=True)
    with pytest.raises(ValueError):
        Rules(open_table=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Game(rules=object())  # type: ignore[arg-type]
    assert Rules.from_dict({"oinks": 5}) == Rules(oinks=5)


def test_seeded_shuffle_is_reproducible() -> None:
    assert Game(seed=7).deck == Game(seed=7).deck
    assert Game(seed=7).deck != Game(seed=8).deck
    g = Game(seed=7)
    assert sorted([*g.deck, *g.lot]) == list(range(36))


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("pass", Pass()),
        ("  Pass ", Pass()),
        ("bid 12: 7F + 5A", Bid(12, (7, 0, 5, 0))),
        ("bid 12: 7 Fire + 5 Air", Bid(12, (7, 0, 5, 0))),
        ("BID 12 : 5a + 7f", Bid(12, (7, 0, 5, 0))),
        ("bid 3: 3E", Bid(3, (0, 0, 0, 3))),
    ],
)
def test_action_notation(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert parse_action(str(action)) == action
    assert eval(repr(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "bid",
        "bid 12",
        "bid 12:",
        "bid 12: 7F + 4A",
        "bid 0: ",
        "bid 12: 12X",
        "bid 12: 6F + 6F",
        "bid 12: 0W + 12F",
        "bid -3: 3F",
        "bid 3: -3F",
        "raise 3",
        "bid 3.0: 3F",
    ],
)
def test_bad_action_notation(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_illegal_actions_change_nothing() -> None:
    g = Game(players=3, deck=SCRIPT_DECK)
    run(g, [(0, "bid 3: 3A")])
    before = json.dumps(g.record()), [json.dumps(g.observation(s).to_dict()) for s in range(3)]
    for seat, text in [
        (1, "bid 3: 3A"),  # not higher
        (1, "bid 2: 2A"),
        (1, "bid 11: 11A"),  # more than it holds
        (1, "bid 4: 4F"),  # wrong element
        (1, "bid 4: 2F + 2A"),  # wrong element in a mix
        (2, "bid 4: 4A"),  # not its turn
        (0, "pass"),
        (1, "nonsense"),
        (5, "pass"),
    ]:
        with pytest.raises((IllegalActionError, ValueError)):
            g.apply(seat, text)
    assert not g.can_apply(1, "bid 3: 3A") and g.can_apply(1, "bid 4: 4A")
    after = json.dumps(g.record()), [json.dumps(g.observation(s).to_dict()) for s in range(3)]
    assert after == before


def test_bad_records_are_refused() -> None:
    g = Game(seed=1, players=3)
    parlour.play(g, [RandomBot()] * 3, seed=2)
    record = json.loads(json.dumps(g.record()))
    for deal in (
        {"players": 3},
        {"players": 9, "deck": record["deal"]["deck"]},
        {"players": 3, "deck": [0, 0, 1]},
        {"players": 3, "deck": "5F 6F"},
        [3, record["deal"]["deck"]],
    ):
        with pytest.raises(RecordError):
            Game.from_record(dict(record, deal=deal))
    with pytest.raises(RecordError):
        Game.from_record(dict(record, rules={"oinks": -5}))
    with pytest.raises(RecordError):
        Game.from_record(dict(record, actions=[[0, "bid 999: 999F"]]))


# -- observations ------------------------------------------------------------


def test_observations_hide_other_players_oinks() -> None:
    g = Game(players=3, deck=SCRIPT_DECK)
    run(g, [(0, "bid 3: 3A"), (1, "pass"), (2, "pass")])
    obs = g.observation(1)
    assert isinstance(obs, ShrineWarsObservation)
    assert obs.oinks == (10, 10, 11, 10) and obs.table_oinks is None
    # what is public: won cards, the lot, bids, payouts and the pool
    assert str(obs.won[0]) == "5A" and str(obs.lot) == "7E"
    assert obs.pool == (0, 0, 1, 0)
    assert obs.lots[0].receivers == (1, 2) and obs.lots[0].shares == ((0, 0, 1, 0),) * 2
    data = obs.to_dict()
    json.dumps(data)
    assert data["table_oinks"] is None and "deck" not in data
    assert data["lots"][0]["bid"] == "bid 3: 3A"
    open_game = Game(Rules(open_table=True), players=3, deck=SCRIPT_DECK)
    run(open_game, [(0, "bid 3: 3A"), (1, "pass"), (2, "pass")])
    assert open_game.observation(2).table_oinks == open_game.oinks


def test_observation_of_the_current_lot() -> None:
    g = Game(players=3, deck=SCRIPT_DECK)
    run(g, [(0, "bid 3: 3A"), (1, "pass"), (2, "pass"), (1, "bid 4: 4E")])
    obs = g.observation(0)
    assert isinstance(obs, ShrineWarsObservation)
    assert obs.high_bidder == 1 and obs.high_bid == Bid(4, (0, 0, 0, 4))
    assert obs.forbidden == (5,) and obs.to_act == (2,) and obs.opener == 1
    assert obs.bids == ((1, Bid(4, (0, 0, 0, 4))),)
    assert obs.cards_left == len(g.deck)


# -- properties over many bot games -------------------------------------------


def test_bot_games_conserve_oinks_and_cards(backend: ModuleType) -> None:
    rng = random.Random(99)
    for i in range(MANY // 2):
        players = 2 + i % 5
        rules = Rules(oinks=rng.choice([1, 3, 10]), open_table=bool(i % 2))
        g = Game(rules, seed=1000 + i, players=players)
        bots = [rng.choice([RandomBot(), HeuristicBot()]) for _ in range(players)]
        start = 4 * rules.oinks * players
        step = 0
        while not g.is_over:
            seat = g.to_act[0]
            action = bots[seat].act(g.observation(seat), g.legal_actions(seat), rng)
            g.apply(seat, action)
            step += 1
            if step % 5 == 0:
                assert total_oinks(g) == start
                assert all(n >= 0 for o in g.oinks for n in o)
        assert total_oinks(g) == start
        masks = [w.mask for w in g.won] + [g.set_aside.mask]
        union = 0
        for m in masks:
            assert union & m == 0, "a card ended in two places"
            union |= m
        assert union == (1 << 36) - 1, "a card went missing"
        result = g.result
        assert result is not None
        points = [parlour.shrinewars.score(w) for w in g.won]
        assert list(result.scores) == points
        top = max(points)
        best = max(sum(g.oinks[s]) for s in range(players) if points[s] == top)
        assert result.winners == tuple(
            s for s in range(players) if points[s] == top and sum(g.oinks[s]) == best
        )


def test_bot_games_replay_from_their_records() -> None:
    for i in range(MANY // 10):
        g = Game(seed=i, players=2 + i % 5)
        parlour.play(
            g,
            [HeuristicBot() if s % 2 else RandomBot() for s in range(g.num_players)],
            seed=i,
        )
        replay = Game.from_record(json.loads(json.dumps(g.record())))
        assert replay.result == g.result and replay.oinks == g.oinks


def test_heuristic_bot_beats_random_bots() -> None:
    # Over 120 four-player games the heuristic seat wins clearly more than a
    # quarter of them (measured about 57 %).
    wins = 0
    games = 120
    for i in range(games):
        seat = i % 4
        bots: list[parlour.Bot] = [RandomBot() for _ in range(4)]
        bots[seat] = HeuristicBot()
        result = parlour.play(Game(seed=5000 + i), bots, seed=i)
        wins += seat in result.winners
    assert wins / games > 0.35
