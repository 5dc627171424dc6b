"""Shrine Wars resample: uniform over the deck orders consistent with a
seat's view (checked against every order of a short deck), independent of
the true order, and the Oink totals left as the public record makes them."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from parlour.errors import IllegalActionError
from parlour.shrinewars import Game, Rules
from parlour.shrinewars.resample import hidden_cards
from test_resample import goodness_of_fit, homogeneity

SHORT = (8, 10, 21, 30, 3, 12, 26)  # 9F 2W 4A 4E 4F 4W 9A
TIE = (8, 17, 21, 29, 3, 12, 26)  # 9F 9W 4A 3E 4F 4W 9A: 9F and 9W tie


def _play(game: Game, steps: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def _consistent(game: Game, seat: int) -> set[tuple[int, ...]]:
    # Brute force: every order of the deck's cards before the opening draw,
    # kept when the history replays on it to the same view for the seat.
    target = game.observation(seat)
    found = set()
    for order in itertools.permutations(game._deck0):
        twin = Game(game.rules, players=game.num_players, deck=order)
        try:
            for s, a in game.history:
                twin.apply(s, a)
        except IllegalActionError:
            continue
        if twin.observation(seat) == target:
            found.add(order)
    return found


def test_uniform_over_every_consistent_deck_order() -> None:
    # A short deck of 7 cards, all 7! orders tried: 9F and 2W are drawn
    # first and go to the bottom, 4A is the first lot, the other four are
    # unseen in any of 4! orders.
    game = Game(Rules(oinks=2), players=2, deck=SHORT)
    seat = 1
    allowed = _consistent(game, seat)
    assert len(hidden_cards(game)) == 4 and len(allowed) == 24
    rng = random.Random(9)
    n = 40 * len(allowed)
    got = Counter(tuple(game.resample(seat, rng)._deck0) for _ in range(n))
    assert set(got) <= allowed
    assert goodness_of_fit(got, {d: 1 / len(allowed) for d in allowed}) > 1e-3


def test_an_opening_tie_and_later_states() -> None:
    # The opening draw goes round twice (9F and 9W tie, 4A beats 3E), so the
    # four cards drawn lie at the bottom in that order; and later states of
    # both short decks. The same brute-force check.
    for deck, steps, seed in ((TIE, 0, 1), (TIE, 3, 2), (SHORT, 4, 2), (SHORT, 9, 5)):
        game = _play(Game(Rules(oinks=2), players=2, deck=deck), steps, seed=seed)
        if deck is TIE:
            assert [c for _, c in game._engine.draws] == [8, 17, 21, 29]
        for seat in (0, 1):
            allowed = _consistent(game, seat)
            assert tuple(game._deck0) in allowed
            rng = random.Random(seed)
            got = Counter(tuple(game.resample(seat, rng)._deck0) for _ in range(30 * len(allowed)))
            assert set(got) <= allowed
            if len(allowed) > 1:
                assert goodness_of_fit(got, {d: 1 / len(allowed) for d in allowed}) > 1e-3


def _next_cards(game: Game, seat: int, n: int, seed: int) -> Counter[int]:
    rng = random.Random(seed)
    return Counter(game.resample(seat, rng)._engine.deck[0] for _ in range(n))


def test_independent_of_the_true_order() -> None:
    # Two games the seat cannot tell apart (the second a resample of the
    # first, with another deck order): the next card to be turned up is
    # drawn from the same distribution, uniform over the unseen cards, and
    # the truth is not favoured.
    game = _play(Game(seed=4), 12, seed=3)
    seat = 2
    other = game.resample(seat, random.Random(99))
    assert other._engine.deck != game._engine.deck
    assert other.observation(seat) == game.observation(seat)
    a = _next_cards(game, seat, 1200, 1)
    b = _next_cards(other, seat, 1200, 2)
    assert homogeneity(a, b) > 1e-3
    unseen = hidden_cards(game)
    assert set(a) <= set(unseen)
    assert goodness_of_fit(a, {c: 1 / len(unseen) for c in unseen}) > 1e-3


def test_hidden_oinks_follow_the_record() -> None:
    # With hidden totals the others' Oinks are not drawn: the public bids
    # fix them, and the resampled game has them all the same.
    game = _play(Game(seed=8), 40, seed=6)
    assert not game.rules.open_table and game.observation(0).table_oinks is None
    twin = game.resample(0, random.Random(1))
    for s in range(game.num_players):
        assert twin.observation(s).oinks == game.observation(s).oinks
        assert twin.observation(s).won == game.observation(s).won


def test_nothing_hidden_is_nothing_drawn() -> None:
    # A finished game has no unseen card: the resample is the same deal.
    game = _play(Game(seed=5), 10_000, seed=5)
    assert game.is_over and hidden_cards(game) == ()
    assert game.resample(1, random.Random(0)).record() == game.record()
