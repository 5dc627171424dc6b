"""Nine Domains benchmarks: battles, full games and equilibrium decisions (fixed seeds)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

from parlour import _pure, play
from parlour.ninedomains import CARDS, Game, battle
from parlour.ninedomains.bots import EquilibriumBot, HeuristicBot, RandomBot

PAIRS = [
    (a, b, ba, bb)
    for (a, b), ba, bb in itertools.product(
        itertools.product([c.text for c in CARDS], repeat=2), (-1, 0, 2), (0, 1)
    )
]


def test_battles(benchmark: Any) -> None:
    def run() -> int:
        total = 0
        for a, b, ba, bb in PAIRS:
            total += battle(a, b, bonus_a=ba, bonus_b=bb)
        return total

    benchmark.extra_info["battles_per_round"] = len(PAIRS)
    benchmark(run)


def test_battle_batch_c(benchmark: Any) -> None:
    core = pytest.importorskip("parlour._core")
    a, b, ba, bb = _batch(100_000)
    benchmark.extra_info["battles"] = len(a)
    benchmark(core.ninedomains_battle_batch, a, b, ba, bb)


def test_battle_batch_pure(benchmark: Any) -> None:
    a, b, ba, bb = _batch(10_000)
    benchmark.extra_info["battles"] = len(a)
    benchmark(_pure.ninedomains_battle_batch, a, b, ba, bb)


def _batch(n: int) -> tuple[Any, Any, Any, Any]:
    rng = np.random.default_rng(0)
    return (
        rng.integers(0, 15, n, dtype=np.uint8),
        rng.integers(0, 15, n, dtype=np.uint8),
        rng.integers(-3, 5, n, dtype=np.int8),
        rng.integers(-3, 5, n, dtype=np.int8),
    )


def test_games_random(benchmark: Any) -> None:
    seeds = iter(range(10**9))

    def run() -> Any:
        s = next(seeds)
        return play(Game(seed=s), [RandomBot(), RandomBot()], seed=s)

    benchmark(run)


def test_games_heuristic(benchmark: Any) -> None:
    seeds = iter(range(10**9))

    def run() -> Any:
        s = next(seeds)
        return play(Game(seed=s), [HeuristicBot(), HeuristicBot()], seed=s)

    benchmark(run)


def test_equilibrium_decision(benchmark: Any) -> None:
    game = Game(seed=7)
    bot = EquilibriumBot()
    obs, legal = game.observation(0), game.legal_actions(0)
    rng = random.Random(0)
    benchmark.pedantic(lambda: bot.act(obs, legal, rng), rounds=10, iterations=1)


# The C engine against the pure one in the same run (issue 18): parlour.play
# with RandomBots and HeuristicBots, one game per round.
ENGINES = ["c", "python"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_games_by_engine(benchmark: Any, engine: str, bots: str) -> None:
    if engine == "c":
        pytest.importorskip("parlour._core")
    kind = RandomBot if bots == "random" else HeuristicBot
    seeds = iter(range(10**9))

    def run() -> Any:
        s = next(seeds)
        return play(Game(seed=s, engine=engine), [kind(), kind()], seed=s)  # type: ignore[arg-type]

    benchmark.extra_info["engine"] = engine
    benchmark(run)
