"""The loops the learning-env benchmarks time, shared by
``test_perf_env.py`` (pytest-benchmark rows) and ``env_ratios.py`` (the
same loops in turns, CPU time): each ``*_loop(name, ...)`` returns
``run(seeds) -> steps``, which plays the games seeded ``seeds`` and
returns the actions applied to them.

- ``play_loop(name, kind)``: :func:`parlour.play` with every seat a bot of
  ``kind`` (``"random"`` or ``"heuristic"``);
- ``aec_loop(name, view)``: :func:`parlour.env.aec`'s
  ``agent_iter``/``last``/``step`` cycle with every agent a random masked
  agent: uniform among the ids the int8 mask allows, read as PettingZoo
  hands it (``view`` false) or through a bool view of its bytes, which
  numpy scans in about half the time (the choices are the same);
- ``gym_loop(name)``: :func:`parlour.env.gym` with a random masked learner
  at seat 0 and HeuristicBots at the others.

The random masked agents draw as the RandomBots of ``play_loop`` do:
``rng._randbelow(n)``, what ``rng.randrange(n)`` returns for ``n > 0``
without its argument checks (Sichuan's ``RandomBot.act``; ``rng.choice``,
which the other games' RandomBots call, draws by it too), so the two sides
pay the same for a uniform draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import parlour
import parlour.env

Loop = Callable[[Iterable[int]], int]


def play_loop(name: str, kind: str) -> Loop:
    players = parlour.make(name, seed=0).num_players
    bots = [parlour.spec(name).bots[kind]() for _ in range(players)]

    def run(seeds: Iterable[int]) -> int:
        steps = 0
        for seed in seeds:
            game = parlour.make(name, seed=seed)
            parlour.play(game, bots, seed=seed)
            steps += len(game.history)
        return steps

    return run


def aec_loop(name: str, view: bool) -> Loop:
    env = parlour.env.aec(name)

    def run(seeds: Iterable[int]) -> int:
        steps = 0
        for seed in seeds:
            env.reset(seed=seed)
            rng = random.Random(seed)
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                mask = obs["action_mask"]
                legal = (mask.view(bool) if view else mask).nonzero()[0]
                env.step(legal[rng._randbelow(len(legal))])
            steps += len(env.game.history)
        return steps

    return run


def gym_loop(name: str) -> Loop:
    env = parlour.env.gym(name, seat=0, opponents="heuristic")

    def run(seeds: Iterable[int]) -> int:
        steps = 0
        for seed in seeds:
            obs, _ = env.reset(seed=seed)
            rng = random.Random(seed)
            done = False
            while not done:
                legal = obs["action_mask"].nonzero()[0]
                obs, _r, done, _t, _i = env.step(legal[rng._randbelow(len(legal))])
            steps += len(env.game.history)
        return steps

    return run
