"""Learning-interface benchmarks: the envs against parlour.play, and encode time.

Run: ``pytest benchmarks/test_perf_env.py --benchmark-only -n0``
(``--benchmark-json=out.json`` then ``python benchmarks/report.py out.json``
prints the figures). Each game's rows are measured side by side in one run,
from the same seeds, so their ratios hold even when this machine's absolute
speed drifts:

- ``play_random`` (four :class:`RandomBot` through :func:`parlour.play`) and
  ``aec_random`` (every agent a random masked agent through
  :func:`parlour.env.aec`'s ``agent_iter``/``last``/``step`` loop; ``int8``
  reads the mask as PettingZoo hands it, ``view`` through a bool view of
  its bytes); ``benchmarks/env_ratios.py`` runs the same loops (``env_loops.py``) interleaved
  round by round in CPU time, for ratios on a busy machine;
- ``play_heuristic`` (every seat a HeuristicBot) and ``gym_heuristic`` (a
  random masked learner at seat 0 of :func:`parlour.env.gym`, HeuristicBots
  at the others);
- ``encode``: ``game.observation(seat).to_array()`` per call, and
  ``to_array()`` alone on observations already made, over the states of
  recorded random games; ``mask``: ``game.legal_mask(seat)`` per call.

``extra_info`` holds ``games_per_second`` and ``steps_per_second`` (steps:
actions applied to the game) of the best round, or ``us_per_call``;
docs/perf/learning.rst records the figures with the machine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
import parlour.env
from env_loops import Loop, aec_loop, gym_loop, play_loop
from timing import best_seconds

pytest.importorskip("pettingzoo")

#: Games per round, per game: a round takes about a tenth of a second.
GAMES = {"sichuan": 20, "sisepai": 20, "ninedomains": 20, "shrinewars": 20}
NAMES = tuple(GAMES)
ROUNDS = 5


def _record(benchmark: Any, games: int, steps: int) -> None:
    best = best_seconds(benchmark)
    benchmark.extra_info["games_per_second"] = round(games / best, 1)
    benchmark.extra_info["steps_per_second"] = round(steps / best)


def _measure(benchmark: Any, name: str, run: Loop) -> None:
    seeds = range(GAMES[name])
    steps: list[int] = []
    benchmark.pedantic(lambda: steps.append(run(seeds)), rounds=ROUNDS, warmup_rounds=1)
    _record(benchmark, GAMES[name], steps[-1])


@pytest.mark.parametrize("name", NAMES)
def test_play_random(benchmark: Any, name: str) -> None:
    _measure(benchmark, name, play_loop(name, "random"))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("view", [False, True], ids=["int8", "view"])
def test_aec_random(benchmark: Any, name: str, view: bool) -> None:
    _measure(benchmark, name, aec_loop(name, view))


@pytest.mark.parametrize("name", NAMES)
def test_play_heuristic(benchmark: Any, name: str) -> None:
    _measure(benchmark, name, play_loop(name, "heuristic"))


@pytest.mark.parametrize("name", NAMES)
def test_gym_heuristic(benchmark: Any, name: str) -> None:
    _measure(benchmark, name, gym_loop(name))


def _states(name: str) -> list[tuple[Any, int]]:
    """(game, seat) at every step of two random games, each state its own clone."""
    out = []
    for seed in range(2):
        game = parlour.make(name, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = rng.choice(game.to_act)
            out.append((game.clone(), seat))
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
    return out


def _per_call(benchmark: Any, calls: int) -> None:
    benchmark.extra_info["us_per_call"] = round(best_seconds(benchmark) / calls * 1e6, 3)


@pytest.mark.parametrize("name", NAMES)
def test_encode_observation(benchmark: Any, name: str) -> None:
    states = _states(name)

    def run() -> None:
        for game, seat in states:
            game.observation(seat).to_array()

    benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    _per_call(benchmark, len(states))


@pytest.mark.parametrize("name", NAMES)
def test_encode_to_array_only(benchmark: Any, name: str) -> None:
    observations = [game.observation(seat) for game, seat in _states(name)]

    def run() -> None:
        for obs in observations:
            obs.to_array()

    benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    _per_call(benchmark, len(observations))


@pytest.mark.parametrize("name", NAMES)
def test_legal_mask(benchmark: Any, name: str) -> None:
    states = _states(name)

    def run() -> None:
        for game, seat in states:
            game.legal_mask(seat)

    benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    _per_call(benchmark, len(states))
