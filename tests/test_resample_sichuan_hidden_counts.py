"""Sichuan's resample does not leak how many tiles of a suit an opponent
hides: two games that give the resampling seat the same observation but
differ in that count resample alike.

The positions (HeuristicBot games; the deal and the play are the same on
both engines) are ones where the count is hidden and matters: an opponent
still holding tiles of its declared missing suit early in the deal (the
seat has seen it discard some, not how many are left), and an opponent's
concealed hand mid-deal by suit. The twin game is a resample of the true
one in which that count is different; the test checks the premise (the
same observation for the seat, another count) before it compares the two
games' resamples: exactly (the same draws from the same generators, since a
draw may read only what the seat saw) and statistically (a chi-square test
of homogeneity on the count's distribution from independent generators,
which also catches a sampler whose draw depends on the hidden state in
any way the same generator would hide). A sampler that read the true
count (say, kept only compositions with the opponent's true number of
missing-suit tiles) fails both.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping

import pytest

from parlour.sichuan import Game
from parlour.sichuan.resample import Resampler, observations
from test_resample import homogeneity
from test_resample_sichuan import played

Quantity = Callable[[Game, int], int]


def missing_suit_count(game: Game, s: int) -> int:
    """How many tiles of its declared missing suit seat ``s`` hides (privileged)."""
    m = game.observation(s).missing[s]
    assert m is not None
    suit = "mps".index(m)
    return sum(1 for t in game.tiles(s) if t // 36 == suit)


def suit_count(suit: int) -> Quantity:
    """How many tiles of ``suit`` seat ``s`` holds concealed (privileged)."""

    def count(game: Game, s: int) -> int:
        return sum(1 for t in game.tiles(s) if t // 36 == suit)

    return count


#: (seed, steps, opponent, quantity name): the seat resampling is the one to act.
POSITIONS = [
    (0, 12, 1, "missing"),
    (3, 60, 0, "suit 1"),
]
#: More of them for the slow run.
MORE = [
    (1, 16, 0, "missing"),
    (2, 8, 3, "missing"),
    (5, 40, 2, "suit 0"),
    (7, 90, 1, "suit 2"),
]


def quantity_of(name: str) -> Quantity:
    return missing_suit_count if name == "missing" else suit_count(int(name.split()[1]))


def pooled(
    a: Mapping[int, int], b: Mapping[int, int], least: int = 10
) -> tuple[Counter[Hashable], Counter[Hashable]]:
    """``a`` and ``b`` with neighbouring counts merged until each group holds
    ``least`` draws of the two together, so that no cell of the chi-square
    test expects almost nothing."""
    groups: list[list[int]] = [[]]
    for k in sorted(set(a) | set(b)):
        if sum(a.get(x, 0) + b.get(x, 0) for x in groups[-1]) >= least:
            groups.append([])
        groups[-1].append(k)
    if len(groups) > 1 and sum(a.get(x, 0) + b.get(x, 0) for x in groups[-1]) < least:
        last = groups.pop()
        groups[-1] += last
    label = {k: i for i, g in enumerate(groups) for k in g}
    out: tuple[Counter[Hashable], Counter[Hashable]] = (Counter(), Counter())
    for got, counts in zip(out, (a, b), strict=True):
        for k, n in counts.items():
            got[label[k]] += n
    return out


def test_pooled_merges_sparse_counts() -> None:
    a, b = pooled({0: 1, 1: 9, 2: 3, 5: 20}, {1: 2, 2: 4, 6: 1})
    # 0 and 1 reach 12, 2 alone has 7 so it joins 5, and 6 (1) joins them.
    assert a == Counter({0: 10, 1: 23}) and b == Counter({0: 2, 1: 5})


def twin_of(game: Game, seat: int, opponent: int, quantity: Quantity) -> Game:
    """A game with ``seat``'s observation whose ``quantity`` for
    ``opponent`` is not the true game's (a resample that differs there)."""
    truth = quantity(game, opponent)
    for k in range(100):
        other = game.resample(seat, random.Random(1000 + k))
        if quantity(other, opponent) != truth:
            return other
    raise AssertionError("no twin found")


def position(seed: int, steps: int, opponent: int, name: str) -> tuple[Game, Game, int]:
    """The true game, its twin and the resampling seat, the premise checked:
    the seat cannot tell the two games apart, the opponent's count differs."""
    quantity = quantity_of(name)
    game = played(seed, steps)
    assert not game.is_over
    seat = game.to_act[0]
    assert opponent != seat
    other = twin_of(game, seat, opponent, quantity)
    assert other.observation(seat) == game.observation(seat)
    assert quantity(other, opponent) != quantity(game, opponent)
    return game, other, seat


def compare(game: Game, other: Game, seat: int, opponent: int, name: str, draws: int) -> None:
    """The two games' resamples for ``seat`` alike: exactly and in law."""
    quantity = quantity_of(name)
    r1 = Resampler(game, seat, observations(game, seat))
    r2 = Resampler(other, seat, observations(other, seat))
    # Exactly: the same draws from generators seeded alike.
    for k in range(3):
        a, b = r1.sample(random.Random(k)), r2.sample(random.Random(k))
        assert a.record() == b.record()
        assert quantity(a, opponent) == quantity(b, opponent)
    # In law, from independent generators: the count is spread the same way.
    rng1, rng2 = random.Random(1), random.Random(2)
    got1 = Counter(quantity(r1.sample(rng1), opponent) for _ in range(draws))
    got2 = Counter(quantity(r2.sample(rng2), opponent) for _ in range(draws))
    assert len(got1) > 1  # hidden indeed: the resamples vary it
    assert homogeneity(*pooled(got1, got2)) > 1e-3


def check_position(seed: int, steps: int, opponent: int, name: str, draws: int) -> None:
    game, other, seat = position(seed, steps, opponent, name)
    compare(game, other, seat, opponent, name, draws)


@pytest.mark.parametrize("seed,steps,opponent,name", POSITIONS)
def test_hidden_count_not_leaked(seed: int, steps: int, opponent: int, name: str) -> None:
    check_position(seed, steps, opponent, name, 300)


@pytest.mark.slow
@pytest.mark.parametrize("seed,steps,opponent,name", POSITIONS + MORE)
def test_hidden_count_not_leaked_many_draws(
    seed: int, steps: int, opponent: int, name: str
) -> None:
    check_position(seed, steps, opponent, name, 2000)
