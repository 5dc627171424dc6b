"""A :class:`parlour.vector.VectorGame` as a Gymnasium :class:`~gymnasium.vector.VectorEnv`."""

# No `from __future__ import annotations`: autodoc evaluates a class's signature
# without its module's names, and string annotations would stay unresolved there.

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from parlour.env._spaces import draw_seed
from parlour.protocol import Rules
from parlour.simulation import resolve_rules
from parlour.vector import OpponentName, VectorGame

__all__ = ["GymVectorEnv"]

ObsDict = dict[str, Any]


class GymVectorEnv(VectorEnv[ObsDict, Any, Any]):
    """``num_envs`` deals, one learner seat each, against bots played in C;
    made by :func:`parlour.env.gym_vector`.

    Each sub-environment is what :func:`parlour.env.gym` gives for one
    deal: the observation ``{"observation": float32 array of OBS_SHAPE,
    "action_mask": int8 array}`` of the learner's seat, a
    ``Discrete(num_action_ids)`` action and the learner's points as they
    are paid. Here the observations are batched along a first axis of
    ``num_envs``, the actions are an integer array of ``num_envs`` ids, and
    the bots at the other seats play inside the C core
    (:class:`parlour.vector.VectorGame`).

    A finished deal is replaced by the next one in the same step
    (``metadata["autoreset_mode"]`` is :attr:`AutoresetMode.SAME_STEP`):
    the step that ends a deal returns its last reward with
    ``terminations[i]`` true and the first observation of the next deal.
    The final observation of the finished deal is not kept (nothing is paid
    after it); ``env.game.record(i)`` is the finished deal's record. Nothing
    is ever truncated.

    ``copy`` (default true) hands out copies of the arrays; with
    ``copy=False`` they are the game's preallocated arrays, rewritten by the
    next call (faster: copy what you keep).
    """

    def __init__(
        self,
        name: str,
        num_envs: int,
        *,
        seat: int = 0,
        opponents: OpponentName = "heuristic",
        rules: Rules | Mapping[str, Any] | None = None,
        seed: int | None = None,
        threads: int = 1,
        copy: bool = True,
    ) -> None:
        if name != "sichuan":
            # VectorGame runs more games; this env's seats and spaces are Sichuan's.
            raise ValueError(
                f"gym_vector runs 'sichuan' only for now, not {name!r} "
                "(parlour.vector.VectorGame runs the others it knows directly)"
            )
        self.name = name
        self.rules = resolve_rules(name, rules)
        if type(seat) is not int or not 0 <= seat < 4:
            raise ValueError(f"seat must be an int in 0..3, not {seat!r}")
        self.seat = seat
        self.opponents: OpponentName = opponents
        self.threads = threads
        self.copy = copy
        self._first_seed = seed
        self.game = self._make(0 if seed is None else seed, num_envs)
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
        n = self.game.num_action_ids
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.game.obs_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(n)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def _make(self, seed: int, num_envs: int) -> VectorGame:
        return VectorGame(
            self.name,
            num_envs,
            rules=self.rules,
            seed=seed,
            learners=[self.seat],
            opponents=self.opponents,
            threads=self.threads,
        )

    def _obs(self, obs: Any, mask: Any) -> ObsDict:
        planes = obs[:, 0]
        masks = mask[:, 0].view(np.int8)
        if self.copy:
            return {"observation": planes.copy(), "action_mask": masks.copy()}
        return {"observation": planes, "action_mask": masks}

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Deal every sub-environment's first deal: ``seed`` (an int) seeds
        the whole run as :class:`parlour.vector.VectorGame`'s ``seed`` does;
        without one, the env's ``seed`` on the first reset, then the next
        seed of the env's generator."""
        del options
        if isinstance(seed, list):
            raise ValueError("gym_vector seeds the whole run with one int, not a list of seeds")
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        if seed is None:
            seed = draw_seed(self.np_random) % (1 << 63)
        self.game = self._make(seed, self.num_envs)
        obs, mask, _to_act = self.game.reset()
        return self._obs(obs, mask), {}

    def step(self, actions: Any) -> tuple[ObsDict, Any, Any, Any, dict[str, Any]]:
        """Every sub-environment's learner acts with its id; the bots play
        on. :class:`~parlour.errors.IllegalActionError` names the table of
        an illegal id, and then nothing has changed."""
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {ids.shape}")
        # VectorGame checks the dtype, the range and every id against the mask.
        obs, mask, _to_act, rewards, done = self.game.step(ids.reshape(self.num_envs, 1))
        reward = rewards[:, 0].astype(np.float64)
        terminated = done.copy() if self.copy else done
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return self._obs(obs, mask), reward, terminated, truncated, {}

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
