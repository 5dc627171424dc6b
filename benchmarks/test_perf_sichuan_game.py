"""Sichuan engine benchmarks: whole games per second, single core.

Run: ``pytest benchmarks/test_perf_sichuan_game.py --benchmark-only -n0``. Each
round plays ``GAMES`` complete deals from fixed seeds through
:func:`parlour.play` (observation, legal actions, bot, apply at every step).
``extra_info["games_per_second"]`` holds the best round's wall-clock rate and
``extra_info["games_per_cpu_second"]`` the best round's rate in process CPU
time, which a shared, loaded machine disturbs less;
docs/perf/sichuan_game.rst records the figures with the machine. A third
row measures the engine alone: random legal moves with no observation
built, the floor that any bot adds its own cost to. ``Game(...)`` is the
compiled engine when the compiled backend is live; the ``python_engine``
rows run its pure-Python twin (``engine="python"``, with the compiled
evaluator) for comparison.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from parlour import _backend, play
from parlour.sichuan import Game, HeuristicBot, RandomBot, waits
from timing import best_seconds

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")

GAMES = 50
ROUNDS = 10


def _warm() -> None:
    waits("123m456m789m111p2p")  # builds the lookup tables outside the timing


def _measure(benchmark: Any, run: Callable[[], None]) -> None:
    cpu: list[float] = []

    def timed() -> None:
        start = time.process_time()
        run()
        cpu.append(time.process_time() - start)

    benchmark.pedantic(timed, rounds=ROUNDS, warmup_rounds=1)
    benchmark.extra_info["games_per_second"] = round(GAMES / best_seconds(benchmark), 1)
    benchmark.extra_info["games_per_cpu_second"] = round(GAMES / min(cpu[1:] or cpu), 1)


def _python_engine(seed: int) -> Game:
    # The pure-Python engine (the compiled engine's twin) with the compiled
    # evaluator.
    return Game(seed=seed, engine="python")


@pytest.mark.parametrize("engine", ["compiled", "python_engine"])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_full_games(benchmark: Any, bots: str, engine: str) -> None:
    _warm()
    make = RandomBot if bots == "random" else HeuristicBot
    players = [make() for _ in range(4)]
    new = _python_engine if engine == "python_engine" else (lambda seed: Game(seed=seed))

    def run() -> None:
        for seed in range(GAMES):
            play(new(seed), players, seed=seed)

    _measure(benchmark, run)


def test_engine_only_random_moves(benchmark: Any) -> None:
    _warm()

    def run() -> None:
        for seed in range(GAMES):
            game = Game(seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                seat = game.to_act[0]
                legal = game.legal_actions(seat)
                game.apply(seat, legal[rng.randrange(len(legal))])

    _measure(benchmark, run)
