"""Sichuan on the C engine through the envs, without the detours.

The envs speak ids and arrays; the generic path turns an id into an action
object, validates and applies it, reads the rewards through the game's
protocol, and builds an observation object only to encode it. On a Sichuan
deal of the C engine, the binding (``parlour/_sichuan_env.pxi``) does a
step in one call on the engine's state (an answer applied, or held in a
claim window until the window is complete), and an observation dict in
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

__all__ = ["AECCore", "answer", "applies", "heuristic_action", "observe", "rewards"]

# The binding's calls, taken from the compiled module once a C-engine deal
# has been seen (see applies).
#: ``answer((state, history, game_dict), seat, action_id, waiting,
#: answers)``: the seat asked (``waiting[0]``) answers, applied at once or
#: held with ``answers`` until its window is complete; ``(waiting, paid)``,
#: None for an illegal id (nothing changed), False for what it does not
#: serve (the exchange phase, an id that is no int in range).
answer: Any = None
#: ``observe(state, seat, asked)``: the observation dict of ``seat``.
observe: Any = None
#: ``rewards(state, game_dict)``: ``game.rewards()``, None when all zero.
rewards: Any = None
#: ``AECCore(env_dict, table, seats, agents, slow_last, slow_step)``: an
#: object whose ``last`` and ``step`` do the AEC env's in C (see
#: parlour.env._aec.AECEnv._serve).
AECCore: Any = None


def applies(name: str, game: Any) -> bool:
    """Whether the fast calls serve this game: a Sichuan deal on the C engine."""
    global answer, observe, rewards, AECCore
    if name != "sichuan" or getattr(game, "engine", None) != "c":
        return False
    if answer is None:
        c = core()
        answer, observe = c._sichuan_env_answer, c._sichuan_env_observe
        rewards = c._sichuan_env_rewards
        AECCore = c._SichuanAEC
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
