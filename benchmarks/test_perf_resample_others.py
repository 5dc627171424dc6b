"""Resample benchmarks for Sì Sè Pái, The Nine Domains and Shrine Wars:
resamples per second of one seat's view, on both engines, early, midway and
late in a game.

Run: ``pytest benchmarks/test_perf_resample_others.py --benchmark-only -n0``.
Each row's ``extra_info`` holds ``us_per_resample`` and ``resamples_per_s``
(from the best round) and the length of the history replayed;
docs/perf/resample.rst records them with the machine. Fixed seeds throughout.

``repeat`` resamples one state again and again, as a search drawing many
determinisations of its current state does (Sì Sè Pái works out what the
seat saw once per state and keeps its counting tables); ``fresh`` resamples
a new copy of the state each time with the tables dropped, so nothing is
kept from one call to the next.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour import _backend
from parlour.protocol import Game
from timing import best_seconds

ENGINES = ["c", "python"] if "c" in _backend.available() else ["python"]
NAMES = ["ninedomains", "shrinewars", "sisepai"]
N = 200


def _play(name: str, engine: str, steps: int | None) -> Game:
    # The game of seed 12 with heuristic bots, after ``steps`` actions (all
    # of them for None).
    spec = parlour.spec(name)
    game = spec.game(seed=12, engine=engine)  # type: ignore[call-arg]
    bots = [spec.bots["heuristic"]() for _ in range(game.num_players)]
    rng = random.Random(3)
    while not game.is_over and (steps is None or len(game.history) < steps):
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
    return game


def _game(name: str, engine: str, stage: str) -> Game:
    """The state at ``stage``: after 1 action, halfway, or a tenth of the
    game (at least 2 actions) before its end."""
    length = len(_play(name, engine, None).history)
    steps = {"early": 1, "mid": length // 2, "late": length - max(2, length // 10)}[stage]
    game = _play(name, engine, steps)
    assert not game.is_over
    return game


@pytest.mark.parametrize("mode", ["repeat", "fresh"])
@pytest.mark.parametrize("stage", ["early", "mid", "late"])
@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", NAMES)
def test_resample(benchmark: Any, name: str, engine: str, stage: str, mode: str) -> None:
    game = _game(name, engine, stage)
    seat = game.to_act[0]
    rng = random.Random(5)
    copies = [game.clone() for _ in range(N)] if mode == "fresh" else [game] * N
    if name == "sisepai" and mode == "fresh":
        from parlour.sisepai import resample

        def run() -> None:
            for g in copies:
                resample._TABLES.clear()
                g.resample(seat, rng)

    else:

        def run() -> None:
            for g in copies:
                g.resample(seat, rng)

    benchmark.pedantic(run, rounds=3, warmup_rounds=1)
    best = best_seconds(benchmark) / N
    benchmark.extra_info["history"] = len(game.history)
    benchmark.extra_info["us_per_resample"] = round(best * 1e6, 1)
    benchmark.extra_info["resamples_per_s"] = round(1 / best)
