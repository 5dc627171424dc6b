"""Spaces, seeds and rendering shared by the three envs."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import logger, spaces

from parlour.env._table import Table

__all__ = [
    "RENDER_MODES",
    "Seeds",
    "agent_spaces",
    "check_render_mode",
    "draw_seed",
    "observation_space",
]

#: The render modes the envs support: ``"ansi"``, the table as text.
RENDER_MODES = ("ansi",)


def observation_space(table: Table) -> spaces.Dict:
    """``Dict(observation=Box(0, 1, OBS_SHAPE, float32), action_mask=Box(0, 1, int8))``.

    Every game scales each slot of its layout into ``[0, 1]`` (see each
    game's page under :doc:`/learning`), so the box is exact.
    """
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, table.obs_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (table.num_action_ids,), np.int8),
        }
    )


def agent_spaces(
    table: Table, agents: list[str]
) -> tuple[dict[str, spaces.Space[Any]], dict[str, spaces.Space[Any]]]:
    """Each agent's observation and action space, as both PettingZoo envs
    keep them: one space object per agent, each seeding its own sampling."""
    observations: dict[str, spaces.Space[Any]] = {a: observation_space(table) for a in agents}
    actions: dict[str, spaces.Space[Any]] = {
        a: spaces.Discrete(table.num_action_ids) for a in agents
    }
    return observations, actions


def draw_seed(rng: np.random.Generator) -> int:
    """The next game seed from an env's generator (a reset without a seed)."""
    return int(rng.integers(0, 2**63 - 1))


class Seeds:
    """The game seeds of a PettingZoo env's resets.

    A reset's own seed is the game's seed; a reset without one takes the
    next seed of a generator seeded by the last seed given (the env's own
    ``seed`` counts as given to its first reset). The generator is made only
    when needed: seeded resets, the common case in evaluation, make none.
    """

    __slots__ = ("_first", "_rng", "_source")

    def __init__(self, seed: int | None) -> None:
        self._first = seed
        self._source = seed
        self._rng: np.random.Generator | None = None

    def next(self, seed: int | None) -> int:
        """The seed of the game a ``reset(seed=seed)`` deals."""
        if seed is None and self._first is not None:
            seed = self._first
        self._first = None
        if seed is not None:
            self._source, self._rng = seed, None
            return seed
        if self._rng is None:
            self._rng = np.random.default_rng(self._source)
        return draw_seed(self._rng)


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if it is ``None`` or supported, else ``ValueError``."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode must be None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
        )
    return render_mode


def no_render() -> None:
    """What ``render()`` does without a render mode (the Gymnasium convention)."""
    logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
