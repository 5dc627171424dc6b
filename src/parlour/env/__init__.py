"""Standard environments for learning: PettingZoo and Gymnasium over any parlour game.

Needs the ``rl`` extra (``pip install 'parlour[rl]'``: PettingZoo and
Gymnasium); ``import parlour`` never imports this package.

- :func:`aec`: a PettingZoo :class:`~pettingzoo.AECEnv`, one agent at a time;
- :func:`parallel`: a PettingZoo :class:`~pettingzoo.ParallelEnv`, every
  agent asked now in one step;
- :func:`gym`: a Gymnasium :class:`~gymnasium.Env` for one learner against
  parlour's bots;
- :func:`gym_vector`: a Gymnasium :class:`~gymnasium.vector.VectorEnv` of
  many such deals stepped together in C (:class:`parlour.vector.VectorGame`).

Each speaks the game's learning interface: integer action ids
(``game.num_action_ids``), masks (``game.legal_mask``), arrays
(``observation(seat).to_array()``) and rewards as they happen
(``game.rewards()``). See :doc:`/learning`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.env._aec import AECEnv
from parlour.env._gym import GymEnv, Illegal, Opponents
from parlour.env._parallel import ParallelEnv
from parlour.env._vector import GymVectorEnv
from parlour.protocol import Rules
from parlour.vector import OpponentName

__all__ = [
    "AECEnv",
    "GymEnv",
    "GymVectorEnv",
    "ParallelEnv",
    "aec",
    "gym",
    "gym_vector",
    "parallel",
]

# The classes live in private modules (a module named aec would be shadowed by
# the function aec); they are documented and pickled under the name users import.
for _cls in (AECEnv, GymEnv, GymVectorEnv, ParallelEnv):
    _cls.__module__ = __name__


def aec(
    name: str,
    rules: Rules | Mapping[str, Any] | None = None,
    *,
    seed: int | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """A PettingZoo AEC environment of the game registered as ``name``.

    ``rules`` is the game's ``Rules`` object or a mapping of option to
    value; ``seed`` seeds the first :meth:`~AECEnv.reset` without a seed
    (and the seeds of the resets after it); ``render_mode="ansi"`` makes
    :meth:`~AECEnv.render` return the table as text.
    """
    return AECEnv(name, rules, seed=seed, render_mode=render_mode)


def parallel(
    name: str,
    rules: Rules | Mapping[str, Any] | None = None,
    *,
    seed: int | None = None,
    render_mode: str | None = None,
) -> ParallelEnv:
    """A PettingZoo parallel environment of the game registered as ``name``;
    the arguments are those of :func:`aec`."""
    return ParallelEnv(name, rules, seed=seed, render_mode=render_mode)


def gym(
    name: str,
    *,
    seat: int = 0,
    opponents: Opponents = "heuristic",
    rules: Rules | Mapping[str, Any] | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
    illegal: Illegal = "raise",
) -> GymEnv:
    """A Gymnasium environment in which a learner plays ``seat`` of the game
    registered as ``name`` against bots.

    ``opponents`` is the name of a bot of the game (its registry spec's
    ``bots``: ``"random"``, ``"heuristic"``, ...) for every other seat, or a
    sequence of one bot (an object with ``act(observation, legal_actions,
    rng)``, or a name) per other seat, in seat order. The other arguments
    are those of :func:`aec`; ``render_mode="ansi"`` shows the learner's view;
    ``illegal`` (``"raise"`` or ``"random"``) is what a step with an illegal
    id does (see :class:`GymEnv`).
    """
    return GymEnv(
        name,
        seat=seat,
        opponents=opponents,
        rules=rules,
        seed=seed,
        render_mode=render_mode,
        illegal=illegal,
    )


def gym_vector(
    name: str,
    num_envs: int,
    *,
    seat: int = 0,
    opponents: OpponentName = "heuristic",
    rules: Rules | Mapping[str, Any] | None = None,
    seed: int | None = None,
    threads: int = 1,
    copy: bool = True,
) -> GymVectorEnv:
    """A Gymnasium vector environment of ``num_envs`` deals of the game
    registered as ``name`` (``"sichuan"`` only for now: ``ValueError`` for
    another game, whose tables :class:`parlour.vector.VectorGame` runs
    directly), the learner at ``seat`` and
    ``opponents`` (``"random"`` or ``"heuristic"``) at the other seats,
    played inside the C core by :class:`parlour.vector.VectorGame`.

    ``threads`` splits the deals over native threads; ``copy=False`` hands
    out the preallocated arrays instead of copies (see
    :class:`GymVectorEnv`).
    """
    return GymVectorEnv(
        name,
        num_envs,
        seat=seat,
        opponents=opponents,
        rules=rules,
        seed=seed,
        threads=threads,
        copy=copy,
    )
