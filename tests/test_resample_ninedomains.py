"""The Nine Domains resample: uniform over the hidden domain and special
orders and the opponent's unrevealed placement (checked against brute-force
enumeration), independent of the truth."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from parlour.errors import IllegalActionError
from parlour.ninedomains import Game
from parlour.ninedomains.cards import CARDS
from parlour.ninedomains.resample import hidden_slots
from parlour.ninedomains.values import Place
from test_resample import goodness_of_fit, homogeneity


def _reach(seed: int, rnd: int, opponent_placed: bool, seat: int = 0) -> Game:
    # Random play up to the placement of round ``rnd``; then the opponent
    # places (or not).
    rng = random.Random(seed)
    game = Game(seed=seed)
    while not (game.round == rnd and game.phase == "place"):
        assert not game.is_over
        s = game.to_act[0]
        game.apply(s, rng.choice(game.legal_actions(s)))
    if opponent_placed:
        game.apply(1 - seat, rng.choice(game.legal_actions(1 - seat)))
    return game


def _replays(game: Game, seat: int, deal: dict[str, list[object]], swap: dict[int, Place]) -> bool:
    # Does the history (entries in ``swap`` replaced) replay on ``deal`` to
    # the seat's view?
    try:
        twin = Game._from_deal(game.rules, deal)
        for i, (s, a) in enumerate(game.history):
            twin.apply(s, swap.get(i, a))
    except (IllegalActionError, ValueError):
        return False
    return twin.observation(seat) == game.observation(seat)


def _deal(game: Game) -> dict[str, list[object]]:
    return {"domains": list(game._domains), "specials": [c.text for c in game._specials]}


def test_the_opponents_placement_is_uniform() -> None:
    # Round 3, the opponent has placed: every ordered triple of three
    # different cards of the game stands in for its placement, and the
    # brute force keeps those that replay to the seat's view.
    seat = 0
    game = _reach(5, 2, True, seat)
    at = len(game.history) - 1
    allowed = {
        p
        for p in itertools.permutations(CARDS, 3)
        if _replays(game, seat, _deal(game), {at: Place(p)})
    }
    assert len(allowed) == 9 * 8 * 7  # any three of its nine hand cards
    rng = random.Random(3)
    got = Counter(game.resample(seat, rng).history[at][1].cards for _ in range(6 * len(allowed)))
    assert set(got) <= allowed
    assert goodness_of_fit(got, {p: 1 / len(allowed) for p in allowed}) > 1e-3


def test_the_hidden_orders_are_uniform() -> None:
    # Round 2, before anyone places: domains 6..8 and specials 6..8 are
    # hidden. The brute force tries every order of slots 5..8 of both decks
    # together (slot 5 is shown: it must stay) and keeps what replays.
    seat = 1
    game = _reach(2, 1, False, seat)
    assert hidden_slots(game) == (6, 6)
    base = _deal(game)
    allowed = set()
    for dom in itertools.permutations(base["domains"][5:]):
        for spe in itertools.permutations(base["specials"][5:]):
            deal = {
                "domains": base["domains"][:5] + list(dom),
                "specials": base["specials"][:5] + list(spe),
            }
            if _replays(game, seat, deal, {}):
                allowed.add((dom, spe))
    assert len(allowed) == 36
    rng = random.Random(8)
    got: Counter[object] = Counter()
    for _ in range(50 * len(allowed)):
        twin = game.resample(seat, rng)
        got[(tuple(twin._domains[5:]), tuple(c.text for c in twin._specials[5:]))] += 1
    assert set(got) <= allowed
    assert goodness_of_fit(got, {k: 1 / len(allowed) for k in allowed}) > 1e-3


def test_an_early_end_shows_the_next_piles() -> None:
    # A game won on elements ends with the next round's domains face up and
    # its specials undealt: the resample keeps the former and draws the
    # latter.
    for seed in range(400):
        game = Game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            s = game.to_act[0]
            game.apply(s, rng.choice(game.legal_actions(s)))
        if game.round < 3:
            break
    else:  # pragma: no cover - random play ends on elements often enough
        raise AssertionError("no early end found")
    shown, dealt = hidden_slots(game)
    assert game.observation(0).revealed == tuple(game._domains[shown - 3 : shown])
    rng = random.Random(1)
    specials = set()
    for _ in range(60):
        twin = game.resample(0, rng)
        assert twin._domains[:shown] == game._domains[:shown]
        assert twin._specials[:dealt] == game._specials[:dealt]
        specials.add(tuple(twin._specials[dealt:]))
    assert len(specials) > 1


def test_independent_of_the_true_state() -> None:
    # Two games seat 0 cannot tell apart (the second a resample of the
    # first: other hidden orders, another placement of the opponent) give
    # the same distribution of hidden orders and of the placement.
    seat = 0
    game = _reach(11, 1, True, seat)
    for k in itertools.count(5):
        other = game.resample(seat, random.Random(k))
        if other.history[-1] != game.history[-1] and other._domains != game._domains:
            break
    assert other.observation(seat) == game.observation(seat)

    def sample(g: Game, seed: int) -> tuple[Counter[object], Counter[object]]:
        rng = random.Random(seed)
        orders: Counter[object] = Counter()
        first: Counter[object] = Counter()
        for _ in range(1500):
            twin = g.resample(seat, rng)
            orders[tuple(twin._domains[6:])] += 1
            first[twin.history[-1][1].cards[0]] += 1
        return orders, first

    a_orders, a_first = sample(game, 1)
    b_orders, b_first = sample(other, 2)
    assert homogeneity(a_orders, b_orders) > 1e-3
    assert homogeneity(a_first, b_first) > 1e-3
