"""Spaces, seeds and rendering shared by the three envs."""

from __future__ import annotations

import numpy as np
from gymnasium import logger, spaces

from parlour.env._table import Table

__all__ = ["RENDER_MODES", "check_render_mode", "draw_seed", "observation_space"]

#: The render modes the envs support: ``"ansi"``, the table as text.
RENDER_MODES = ("ansi",)


def observation_space(table: Table) -> spaces.Dict:
    """``Dict(observation=Box(float32, OBS_SHAPE), action_mask=Box(int8 0/1))``.

    The observation box is unbounded: each game documents the range of each
    slot of its layout, and a bound here would be a second copy of it.
    """
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, table.obs_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (table.num_action_ids,), np.int8),
        }
    )


def draw_seed(rng: np.random.Generator) -> int:
    """The next game seed from an env's generator (a reset without a seed)."""
    return int(rng.integers(0, 2**63 - 1))


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
