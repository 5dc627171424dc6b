"""Sichuan on the C engine through the envs, without the detours.

The envs speak ids and arrays; the generic path turns an id into an action
object, validates and applies it, reads the rewards through the game's
protocol, and builds an observation object only to encode it. On a Sichuan
deal of the C engine, the binding (``parlour/_sichuan_env.pxi``) does a
step in one call on the engine's state, and an observation dict in
another; the C heuristic bot (the twin of
:class:`~parlour.sichuan.HeuristicBot`, held in lock step with it) chooses
for the env's heuristic opponents. Each call does exactly what the generic
path does: the same action, history entry, rewards bookkeeping and arrays;
``tests/test_env_sichuan_fast.py`` checks them against each other over
many seeded episodes.
"""

from __future__ import annotations

from typing import Any

from parlour.protocol import Action
from parlour.sichuan.engine_c import core
from parlour.sichuan.values import ACTIONS_BY_CODE

__all__ = ["action", "applies", "apply_held", "heuristic_action", "observe", "rewards", "step"]

# The binding's calls, taken from the compiled module once a C-engine deal
# has been seen (see applies); each takes the deal's engine state first.
#: ``step(state, seat, action_id, history, game_dict)``: a step of the one
#: seat asked; ``(waiting, paid)``, None for an illegal id, False for what
#: it does not serve (the exchange phase, an id that is no int in range).
step: Any = None
#: ``action(state, seat, action_id)``: the action of an answer to hold;
#: None / False as ``step``.
action: Any = None
#: ``apply_held(state, answers, history, game_dict)``: apply a window's
#: held answers; ``(waiting, paid)``.
apply_held: Any = None
#: ``observe(state, seat, asked)``: the observation dict of ``seat``.
observe: Any = None
#: ``rewards(state, game_dict)``: ``game.rewards()``, None when all zero.
rewards: Any = None


def applies(name: str, game: Any) -> bool:
    """Whether the fast calls serve this game: a Sichuan deal on the C engine."""
    global step, action, apply_held, observe, rewards
    if name != "sichuan" or getattr(game, "engine", None) != "c":
        return False
    if step is None:
        c = core()
        step, action = c._sichuan_env_step, c._sichuan_env_action
        apply_held, observe = c._sichuan_env_apply_held, c._sichuan_env_observe
        rewards = c._sichuan_env_rewards
    return True


def heuristic_action(game: Any, seat: int) -> Action | None:
    """What :class:`~parlour.sichuan.HeuristicBot` plays for ``seat`` now,
    chosen by its C twin; ``None`` in the exchange phase (the bot's choice
    there is three tiles, no action code: the caller asks the bot)."""
    code = game._engine.state.heuristic_code(seat)
    if code.__class__ is not int:
        return None
    if code < 0:
        raise ValueError(f"the C heuristic bot refused seat {seat} (status {code})")
    chosen: Action = ACTIONS_BY_CODE[code]
    return chosen
