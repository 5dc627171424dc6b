"""What the lock-step tests of VectorGame for every game share
(tests/test_vector.py, tests/test_vector_ninedomains.py,
tests/test_vector_shrinewars.py, tests/test_vector_sisepai.py):
the environment's semantics written plainly over a game's Game objects, and
the comparison of its arrays with them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from parlour.vector import VectorGame


class Reference:
    """The semantics of VectorGame written plainly over Game objects: the
    seat asked is game.to_act[0]; the other seats are played by ``bot`` with
    random.Random(deal seed); a finished deal is replaced at once. ``deal(s)``
    makes the game of deal seed ``s`` for a table of ``seats`` seats."""

    def __init__(
        self,
        deal: Callable[[int], Any],
        seats: int,
        bot: Any,
        num_tables: int,
        seed: int,
        learners: tuple[int, ...],
    ) -> None:
        self.make = deal
        self.num_seats = seats
        self.bot = bot
        self.learners = learners
        self.deals = [random.Random(seed * 2**32 + i) for i in range(num_tables)]
        self.games: list[Any] = [None] * num_tables
        self.rngs = [random.Random(0) for _ in range(num_tables)]
        self.seeds = [0] * num_tables
        self.last: list[Any] = [None] * num_tables
        self.bot_moves = 0
        for i in range(num_tables):
            self._deal(i)

    def _deal(self, i: int) -> None:
        s = self.deals[i].getrandbits(63)
        self.seeds[i] = s
        self.games[i] = self.make(s)
        self.rngs[i] = random.Random(s)

    def _play_on(self, i: int) -> tuple[list[float], bool]:
        paid = [0.0] * self.num_seats
        done = False
        while True:
            game = self.games[i]
            if game.is_over:
                paid = [a + b for a, b in zip(paid, game.rewards(), strict=True)]
                self.last[i] = game
                done = True
                self._deal(i)
                continue
            seat = game.to_act[0]
            if seat in self.learners:
                paid = [a + b for a, b in zip(paid, game.rewards(), strict=True)]
                return paid, done
            legal = game.legal_actions(seat)
            game.apply(seat, self.bot.act(game.observation(seat), legal, self.rngs[i]))
            self.bot_moves += 1

    def reset(self) -> None:
        for i in range(len(self.games)):
            self.games[i].rewards()
            self._play_on(i)

    def step(self, actions: dict[int, int]) -> tuple[list[list[float]], list[bool]]:
        rewards, dones = [], []
        for i, a in actions.items():
            game = self.games[i]
            seat = game.to_act[0]
            game.apply(seat, game.action_from_id(a, seat))
            paid, done = self._play_on(i)
            rewards.append([paid[s] for s in self.learners])
            dones.append(done)
        return rewards, dones


def compare(env: VectorGame, ref: Reference, out: tuple[Any, ...]) -> None:
    """The arrays of a call equal the reference's games: to-act, the mask and
    observation of the seat asked, empty masks elsewhere, the deal seeds."""
    obs, mask, to_act = out[:3]
    for i, game in enumerate(ref.games):
        seat = game.to_act[0]
        for k, s in enumerate(env.learners):
            assert to_act[i, k] == (s == seat), (i, s)
            if s == seat:
                assert np.array_equal(mask[i, k], game.legal_mask(s)), (i, s)
                assert np.array_equal(obs[i, k], game.observation(s).to_array()), (i, s)
            else:
                assert not mask[i, k].any()
        assert env.deal_seed(i) == ref.seeds[i]
