"""parlour.vector.VectorGame benchmarks, side by side with parlour.play.

Run: ``pytest benchmarks/test_perf_vector.py --benchmark-only -n0``
(``--benchmark-json=out.json`` then ``python benchmarks/report.py out.json``
prints the figures). Fixed seeds; every row is measured in the same run so
that their ratios hold when the machine's absolute speed drifts. A step is
one seat's action, as in the protocol; ``extra_info`` holds
``steps_per_second`` and ``games_per_second`` (deals finished) of the best
round. docs/perf/vector.rst records the figures with the machine.

- ``c_random_t1`` / ``c_random_t2``: four learner seats, the actions chosen
  by the C random policy (:meth:`VectorGame.step_random`): the environment's
  own cost, observation and mask written for every seat asked, one thread
  and two (each ``_t2`` row also times one thread and two in turn and
  records ``wall_ratio_to_t1``, the wall-clock ratio of the same minutes);
- ``numpy_random``: four learner seats, a random masked action chosen by
  the caller in numpy each step (its time included): uniform among the ids
  each asked row's mask sets, one draw per asked row (``_numpy_random``,
  shared by the four games' numpy rows);
- ``c_heuristic``: one learner seat (C random policy) against three C
  heuristic opponents;
- ``play_random``: :func:`parlour.play` with four ``RandomBot``\\ s on
  ``parlour.sichuan.Game`` (the protocol path the ratio is taken against).

The Nine Domains rows (``nd_``) are the same with both seats learners (the
issue 18 target: 1,000,000 steps/s on one core with observations and
masks): ``nd_c_random_t1`` / ``_t2``, ``nd_numpy_random``,
``nd_c_heuristic`` (seat 0 against the C heuristic bot) and
``nd_play_random`` (:func:`parlour.play` with two ``RandomBot``\\ s).
The Shrine Wars rows (``sw_``) are the same with four learner seats at
the default table of four: ``sw_c_random_t1`` / ``_t2``,
``sw_numpy_random``, ``sw_c_heuristic`` (seat 0 against three C heuristic
bots) and ``sw_play_random`` (:func:`parlour.play` with four
``RandomBot``\\ s).
The Sì Sè Pái rows (``ssp_``) are the same with four learner seats:
``ssp_c_random_t1`` / ``_t2``, ``ssp_numpy_random``, ``ssp_c_heuristic``
(seat 0 against three C heuristic bots) and ``ssp_play_random``
(:func:`parlour.play` with four ``RandomBot``\\ s).
Each row's ``extra_info`` also holds ``load``, the one-minute load average
(``uptime``) when it finished: the machine is shared.
"""

from __future__ import annotations

import math
import os
import time
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import _backend, ninedomains, shrinewars, sisepai
from parlour.sichuan import Game, RandomBot
from parlour.vector import VectorGame
from timing import best_seconds

pytestmark = pytest.mark.skipif(_backend.current() != "c", reason="the C backend is not in use")

TABLES = 256
STEPS = 200
WARMUP = 400
ROUNDS = 5


def _record(benchmark: Any, steps: int, deals: int, cpu: float | None = None) -> None:
    best = best_seconds(benchmark)
    benchmark.extra_info["steps_per_second"] = round(steps / best)
    if cpu is not None:
        # Process CPU time of the best round: less at the mercy of the other
        # jobs on a shared machine than the wall clock (one thread only: a
        # second thread's time adds to it).
        benchmark.extra_info["cpu_steps_per_second"] = round(steps / cpu)
    benchmark.extra_info["games_per_second"] = round(deals / best, 1)
    benchmark.extra_info["load"] = round(os.getloadavg()[0], 2)


def _measure(benchmark: Any, env: VectorGame, step: Any) -> None:
    env.reset()
    # Past the first deals, so that the tables end their deals at any step.
    for _ in range(WARMUP):
        step()
    counts: list[tuple[int, int]] = []
    cpu: list[float] = []

    def run() -> None:
        deals = 0
        start = time.process_time()
        for _ in range(STEPS):
            deals += int(step()[4].sum())
        cpu.append(time.process_time() - start)
        counts.append((STEPS * env.num_tables, deals))

    benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    # Deals per step over every round, at the best round's speed.
    steps = counts[-1][0]
    per_step = sum(d for _, d in counts) / sum(n for n, _ in counts)
    _record(benchmark, steps, round(steps * per_step), min(cpu) if env.threads == 1 else None)


@pytest.mark.parametrize("threads", [1, 2], ids=["t1", "t2"])
def test_c_random(benchmark: Any, threads: int) -> None:
    env = VectorGame("sichuan", TABLES, seed=1, threads=threads)
    _measure(benchmark, env, env.step_random)
    _against_one_thread(benchmark, "sichuan", threads)


def _against_one_thread(benchmark: Any, name: str, threads: int) -> None:
    """For a ``threads > 1`` row: ``wall_ratio_to_t1``, its wall-clock rate
    over one thread's, both timed in turn in the same minutes (rounds of
    STEPS calls, the best of each), whatever the benchmark's timer."""
    if threads == 1 or benchmark.disabled:
        return
    envs = [VectorGame(name, TABLES, seed=1, threads=t) for t in (1, threads)]
    best = [math.inf, math.inf]
    for env in envs:
        env.reset()
        for _ in range(WARMUP):
            env.step_random()
    for _ in range(ROUNDS):
        for k, env in enumerate(envs):
            start = time.perf_counter()
            for _ in range(STEPS):
                env.step_random()
            best[k] = min(best[k], time.perf_counter() - start)
    benchmark.extra_info["wall_ratio_to_t1"] = round(best[0] / best[1], 2)


def test_numpy_random(benchmark: Any) -> None:
    _numpy_random(benchmark, "sichuan")


def _numpy_random(benchmark: Any, name: str) -> None:
    # One function for the four games' numpy rows: each asked seat's action
    # is drawn uniformly among the ids its mask row sets, in numpy.
    env = VectorGame(name, TABLES, seed=1)
    rng = np.random.default_rng(0)
    # The arrays are the environment's own, rewritten by every call.
    _, mask, to_act = env.reset()
    ids_per_row = mask.shape[-1]
    rows = mask.reshape(-1, ids_per_row)

    def step() -> Any:
        # Only the asked rows' legal ids are looked at: the flat positions of
        # their set cells (in row order), then per row a uniform index below
        # its count from one draw of rng.random; no float per mask cell.
        asked = np.flatnonzero(to_act)
        legal = np.flatnonzero(rows[asked])
        row = legal // ids_per_row
        first = np.empty(legal.size, bool)
        first[:1] = True
        np.not_equal(row[1:], row[:-1], out=first[1:])
        starts = np.flatnonzero(first)
        counts = np.diff(starts, append=legal.size)
        pick = starts + (rng.random(starts.size) * counts).astype(np.intp)
        actions = np.full(to_act.shape, -1, np.int32)
        actions.reshape(-1)[asked[row[pick]]] = legal[pick] - row[pick] * ids_per_row
        return env.step(actions)

    _measure(benchmark, env, step)


def test_c_heuristic(benchmark: Any) -> None:
    env = VectorGame("sichuan", TABLES, seed=1, learners=[0], opponents="heuristic")
    _measure(benchmark, env, env.step_random)


def test_play_random(benchmark: Any) -> None:
    bots = [RandomBot() for _ in range(4)]
    counts: list[int] = []
    cpu: list[float] = []

    def run() -> None:
        steps = 0
        start = time.process_time()
        for seed in range(20):
            game = Game(seed=seed)
            parlour.play(game, bots, seed=seed)
            steps += len(game.history)
        cpu.append(time.process_time() - start)
        counts.append(steps)

    benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    # The CPU time too: the ratio to the C rows' CPU figures holds better
    # than the wall clock's on a shared machine.
    _record(benchmark, counts[-1], 20, min(cpu))


@pytest.mark.parametrize("threads", [1, 2], ids=["t1", "t2"])
def test_nd_c_random(benchmark: Any, threads: int) -> None:
    env = VectorGame("ninedomains", TABLES, seed=1, threads=threads)
    _measure(benchmark, env, env.step_random)
    _against_one_thread(benchmark, "ninedomains", threads)


def test_nd_numpy_random(benchmark: Any) -> None:
    _numpy_random(benchmark, "ninedomains")


def test_nd_c_heuristic(benchmark: Any) -> None:
    env = VectorGame("ninedomains", TABLES, seed=1, learners=[0], opponents="heuristic")
    _measure(benchmark, env, env.step_random)


def test_nd_play_random(benchmark: Any) -> None:
    bots = [ninedomains.RandomBot(), ninedomains.RandomBot()]
    counts: list[int] = []

    def run() -> None:
        steps = 0
        for seed in range(200):
            game = ninedomains.Game(seed=seed)
            parlour.play(game, bots, seed=seed)
            steps += len(game.history)
        counts.append(steps)

    benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    _record(benchmark, counts[-1], 200)


@pytest.mark.parametrize("threads", [1, 2], ids=["t1", "t2"])
def test_sw_c_random(benchmark: Any, threads: int) -> None:
    env = VectorGame("shrinewars", TABLES, seed=1, threads=threads)
    _measure(benchmark, env, env.step_random)
    _against_one_thread(benchmark, "shrinewars", threads)


def test_sw_numpy_random(benchmark: Any) -> None:
    _numpy_random(benchmark, "shrinewars")


def test_sw_c_heuristic(benchmark: Any) -> None:
    env = VectorGame("shrinewars", TABLES, seed=1, learners=[0], opponents="heuristic")
    _measure(benchmark, env, env.step_random)


def test_sw_play_random(benchmark: Any) -> None:
    bots = [shrinewars.RandomBot() for _ in range(4)]
    counts: list[int] = []

    def run() -> None:
        steps = 0
        for seed in range(50):
            game = shrinewars.Game(seed=seed)
            parlour.play(game, bots, seed=seed)
            steps += len(game.history)
        counts.append(steps)

    benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    _record(benchmark, counts[-1], 50)


@pytest.mark.parametrize("threads", [1, 2], ids=["t1", "t2"])
def test_ssp_c_random(benchmark: Any, threads: int) -> None:
    env = VectorGame("sisepai", TABLES, seed=1, threads=threads)
    _measure(benchmark, env, env.step_random)
    _against_one_thread(benchmark, "sisepai", threads)


def test_ssp_numpy_random(benchmark: Any) -> None:
    _numpy_random(benchmark, "sisepai")


def test_ssp_c_heuristic(benchmark: Any) -> None:
    env = VectorGame("sisepai", TABLES, seed=1, learners=[0], opponents="heuristic")
    _measure(benchmark, env, env.step_random)


def test_ssp_play_random(benchmark: Any) -> None:
    bots = [sisepai.RandomBot() for _ in range(4)]
    counts: list[int] = []
    cpu: list[float] = []

    def run() -> None:
        steps = 0
        start = time.process_time()
        for seed in range(50):
            game = sisepai.Game(seed=seed)
            parlour.play(game, bots, seed=seed)
            steps += len(game.history)
        cpu.append(time.process_time() - start)
        counts.append(steps)

    benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    # CPU time too, for the ratio with the C rows on a shared machine.
    _record(benchmark, counts[-1], 50, min(cpu))
