"""Game.resample for every registered game that has a resampler: the
guarantees the protocol promises, checked on reachable states of each game
and its main rule variants (run it with PARLOUR_BACKEND=python too).

The statistics helpers here (a chi-square p-value without scipy) are used
by the per-game files, tests/test_resample_<game>.py, which check
uniformity against brute-force enumeration and that the draws do not
depend on the true hidden state.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any

import pytest

import parlour
from parlour.protocol import Game

# -- statistics -----------------------------------------------------------


def _upper_gamma(a: float, x: float) -> float:
    # The regularised upper incomplete gamma Q(a, x): a series below a + 1,
    # a continued fraction (Lentz) above, as in any numerical text.
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def chi2_sf(stat: float, dof: int) -> float:
    """P(X >= stat) for X chi-square with ``dof`` degrees of freedom."""
    return _upper_gamma(dof / 2, stat / 2)


def test_chi2_sf_known_values() -> None:
    # Table values: the 95th percentiles of chi-square with 1, 2 and 10
    # degrees of freedom are 3.841, 5.991 and 18.307; with 2 the tail is
    # exactly exp(-x/2).
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(5.991, 2) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(18.307, 10) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(7.0, 2) == pytest.approx(math.exp(-3.5), rel=1e-9)
    assert chi2_sf(0.0, 4) == 1.0


def goodness_of_fit(counts: Mapping[Hashable, int], expected: Mapping[Hashable, float]) -> float:
    """The chi-square p-value of observed ``counts`` against ``expected``
    probabilities (which sum to 1); a category never expected but seen
    gives 0."""
    n = sum(counts.values())
    if any(k not in expected or expected[k] == 0 for k in counts):
        return 0.0
    stat = sum((counts.get(k, 0) - n * p) ** 2 / (n * p) for k, p in expected.items() if p > 0)
    dof = sum(1 for p in expected.values() if p > 0) - 1
    return chi2_sf(stat, max(dof, 1))


def homogeneity(a: Mapping[Hashable, int], b: Mapping[Hashable, int]) -> float:
    """The chi-square p-value that samples ``a`` and ``b`` come from one
    distribution (a 2 x k contingency table over the categories seen)."""
    na, nb = sum(a.values()), sum(b.values())
    keys = set(a) | set(b)
    stat = 0.0
    for k in keys:
        col = a.get(k, 0) + b.get(k, 0)
        for got, n in ((a.get(k, 0), na), (b.get(k, 0), nb)):
            want = col * n / (na + nb)
            stat += (got - want) ** 2 / want
    return chi2_sf(stat, max(len(keys) - 1, 1))


def test_the_tests_can_fail() -> None:
    # The helpers reject what they should: a skewed sample, two different ones.
    assert goodness_of_fit({"a": 700, "b": 300}, {"a": 0.5, "b": 0.5}) < 1e-6
    assert goodness_of_fit({"a": 500, "b": 500}, {"a": 0.5, "b": 0.5}) > 0.5
    assert goodness_of_fit({"c": 1, "a": 5}, {"a": 0.5, "b": 0.5}) == 0.0
    assert homogeneity({"a": 400, "b": 600}, {"a": 600, "b": 400}) < 1e-6
    assert homogeneity({"a": 500, "b": 500}, {"a": 490, "b": 510}) > 0.3


# -- reachable states -----------------------------------------------------

#: Each game's main rule variants: (rules options, game keyword arguments).
VARIANTS: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {
    "sisepai": [({}, {}), ({"min_score": 9}, {}), ({"command": 2, "concealed_triple": 3}, {})],
    "ninedomains": [({}, {}), ({"tie_break": "domains"}, {})],
    "shrinewars": [
        ({}, {}),
        ({"open_table": True}, {"players": 2}),
        ({"oinks": 3}, {"players": 6}),
    ],
}

RESAMPLED = [
    name for name in parlour.games() if parlour.spec(name).game._resample is not Game._resample
]


def test_the_games_with_a_resampler() -> None:
    # These three are this file's to cover; Sichuan joins when it has one.
    assert {"sisepai", "ninedomains", "shrinewars"} <= set(RESAMPLED)


def make(name: str, seed: int, variant: int = 0) -> Game:
    """A new game of ``name`` in its ``variant``-th rules variant."""
    spec = parlour.spec(name)
    options, kwargs = VARIANTS.get(name, [({}, {})])[variant]
    return spec.game(spec.rules(**options), seed=seed, **kwargs)  # type: ignore[call-arg]


def advance(game: Game, steps: int, rng: random.Random) -> Game:
    """Play ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def states(name: str, count: int, seed: int = 0) -> Iterator[Game]:
    """``count`` reachable states of ``name`` over its variants: early, in
    the middle, late and finished."""
    rng = random.Random(seed)
    variants = len(VARIANTS.get(name, [None]))
    for i in range(count):
        game = make(name, seed * 1000 + i, i % variants)
        yield advance(game, rng.choice([0, 1, 3, 10, 40, 120, 400, 10_000]), rng)


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a game shows anyone, and its record."""
    return (
        game.record(),
        tuple(game.observation(s) for s in range(game.num_players)),
        game.history,
    )


def play_out(game: Game, rng: random.Random) -> None:
    """Random legal play to the end (an illegal action would raise)."""
    while not game.is_over:
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.result is not None


# -- the guarantees, every game -------------------------------------------


@pytest.mark.parametrize("name", RESAMPLED)
def test_resample_keeps_the_view_and_plays_on(name: str) -> None:
    # (a) the seat's observation is the same, (b) its legal actions now are
    # the same and the new game plays legally to the end; the original
    # stays as it was, and the new record replays to the new game.
    rng = random.Random(1)
    checked = 0
    for game in states(name, 8):
        before = snapshot(game)
        for seat in range(game.num_players):
            twin = game.resample(seat, rng)
            assert twin is not game
            assert type(twin) is type(game) and twin.rules == game.rules
            assert twin.observation(seat) == game.observation(seat)
            assert twin.to_act == game.to_act and twin.is_over == game.is_over
            assert twin.legal_actions(seat) == game.legal_actions(seat)
            assert len(twin.history) == len(game.history)
            assert [a for s, a in twin.history if s == seat] == [
                a for s, a in game.history if s == seat
            ]
            replayed = type(game).from_record(twin.record())
            for s in range(game.num_players):
                assert replayed.observation(s) == twin.observation(s)
            play_out(twin, rng)
            checked += 1
        assert snapshot(game) == before
    assert checked >= 8


@pytest.mark.parametrize("name", RESAMPLED)
def test_resample_is_reproducible(name: str) -> None:
    for game in states(name, 3, seed=2):
        for seat in range(game.num_players):
            a = game.resample(seat, random.Random(7)).record()
            b = game.resample(seat, random.Random(7)).record()
            assert a == b


@pytest.mark.parametrize("name", RESAMPLED)
def test_resample_draws_anew(name: str) -> None:
    # Early in a game there is plenty hidden: a few resamples differ from
    # one another in what the seat cannot see.
    game = advance(make(name, 11), 2, random.Random(3))
    seat = game.to_act[0]
    rng = random.Random(4)
    deals = {repr(game.resample(seat, rng).record()["deal"]) for _ in range(5)}
    assert len(deals) > 1


@pytest.mark.parametrize("name", RESAMPLED)
def test_resample_refuses_bad_arguments(name: str) -> None:
    game = make(name, 0)
    with pytest.raises(ValueError):
        game.resample(game.num_players, random.Random(0))
    with pytest.raises(TypeError):
        game.resample(0, 12)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", RESAMPLED)
def test_resample_does_not_depend_on_the_truth(name: str) -> None:
    # (c) for every game alike: two states the seat cannot tell apart (the
    # second a resample of the first, with other hidden parts). Resamples
    # of either must hit either's true hidden part (as the privileged
    # oracle array shows it) equally often: a resampler that returned its
    # truth one time in seven would hit its own truth about 14 times in 100
    # and the other's almost never.
    import numpy as np

    game = make(name, 21)
    rng = random.Random(21)
    for _ in range(100):  # well into the game, still in play
        before = game.clone()
        advance(game, 1, rng)
        if game.is_over:
            game = before
            break
    seat = game.to_act[-1]
    size = game.observation(seat).to_array().size  # type: ignore[attr-defined]

    def hidden(g: Game) -> bytes:
        return bytes(np.asarray(g.oracle_array(seat)).ravel()[size:].tobytes())  # type: ignore[attr-defined]

    for k in range(20):
        other = game.resample(seat, random.Random(100 + k))
        if hidden(other) != hidden(game):
            break
    else:  # pragma: no cover - a state with something hidden is chosen
        raise AssertionError("no other hidden state found")
    assert other.observation(seat) == game.observation(seat)
    truths = {hidden(game): "game", hidden(other): "other"}
    own: Counter[str] = Counter()
    cross: Counter[str] = Counter()
    for g, mine, seed in ((game, "game", 1), (other, "other", 2)):
        rng = random.Random(seed)
        for _ in range(100):
            hit = truths.get(hidden(g.resample(seat, rng)))
            own["hit" if hit == mine else "miss"] += 1
            cross["hit" if hit not in (None, mine) else "miss"] += 1
    if own["hit"] + cross["hit"]:
        assert homogeneity(own, cross) > 1e-3


def counts(items: Sequence[Hashable]) -> Counter[Hashable]:
    """A Counter (spelled out for the per-game files)."""
    return Counter(items)
