"""Resample benchmarks for Sichuan: resamples per second of one seat's
view, on both engines, early, midway and late in a game.

Run: ``pytest benchmarks/test_perf_resample.py --benchmark-only -n0``.
Each row's ``extra_info`` holds ``us_per_resample`` and ``resamples_per_s``
(from the best round) and the length of the history; docs/perf/resample.rst
records them with the machine. Fixed seeds throughout.

``repeat`` draws again and again from one
:class:`~parlour.sichuan.resample.Resampler` (``sample``: a whole game,
on the C path on the C engine); ``state`` draws only the C state
(``sample_state``, what the search bot does at a decision: the seat's
timeline and the counting tables are built once); ``python`` forces the
Python path on the same Resampler (the C path's twin, the same draws), for
the ratio in one run; ``fresh`` calls ``game.resample`` each time, which
replays the history to collect the seat's observations and builds the
tables anew.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour import _backend
from parlour.sichuan import Game, HeuristicBot
from parlour.sichuan.resample import Resampler, observations
from timing import best_seconds

ENGINES = ["c", "python"] if "c" in _backend.available() else ["python"]
#: Draws per round, by engine and mode.
N = {
    ("c", "repeat"): 2000,
    ("c", "state"): 2000,
    ("c", "python"): 50,
    ("c", "fresh"): 10,
    ("python", "repeat"): 50,
    ("python", "fresh"): 10,
}


def _play(engine: str, steps: int | None) -> Game:
    game = Game(seed=12, engine=engine)  # type: ignore[arg-type]
    bot = HeuristicBot()
    rng = random.Random(3)
    while not game.is_over and (steps is None or len(game.history) < steps):
        seat = game.to_act[0]
        game.apply(seat, bot.act(game.observation(seat), game.legal_actions(seat), rng))
    return game


def _game(engine: str, stage: str) -> Game:
    length = len(_play(engine, None).history)
    steps = {"early": 1, "mid": length // 2, "late": length - max(2, length // 10)}[stage]
    game = _play(engine, steps)
    assert not game.is_over
    return game


@pytest.mark.parametrize("mode", ["repeat", "state", "python", "fresh"])
@pytest.mark.parametrize("stage", ["early", "mid", "late"])
@pytest.mark.parametrize("engine", ENGINES)
def test_resample_sichuan(benchmark: Any, engine: str, stage: str, mode: str) -> None:
    if (engine, mode) not in N:
        pytest.skip(f"no {mode} rows on the {engine} engine")
    game = _game(engine, stage)
    seat = (game.to_act[0] + 1) % 4
    rng = random.Random(5)
    n = N[engine, mode]
    sampler = Resampler(game, seat, observations(game, seat))
    sampler.sample(rng)  # the C problem and the first tables, as at a decision
    if mode == "repeat":

        def run() -> None:
            for _ in range(n):
                sampler.sample(rng)

    elif mode == "state":
        assert sampler._c_problem() is not None

        def run() -> None:
            for _ in range(n):
                sampler.sample_state(rng)

    elif mode == "python":

        def run() -> None:
            for _ in range(n):
                sampler._sample_py(rng.getrandbits(64))

    else:

        def run() -> None:
            for _ in range(n):
                game.resample(seat, rng)

    benchmark.pedantic(run, rounds=3, warmup_rounds=1)
    best = best_seconds(benchmark) / n
    benchmark.extra_info["history"] = len(game.history)
    benchmark.extra_info["us_per_resample"] = round(best * 1e6, 1)
    benchmark.extra_info["resamples_per_s"] = round(1 / best)
