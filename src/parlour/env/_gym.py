"""A parlour game as a Gymnasium :class:`~gymnasium.Env`: one learner against
parlour's bots."""

# No `from __future__ import annotations`: autodoc evaluates a class's signature
# without its module's names, and string annotations would stay unresolved there.

import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from parlour.env import _sichuan
from parlour.env._spaces import (
    RENDER_MODES,
    check_render_mode,
    draw_seed,
    no_render,
    observation_space,
)
from parlour.env._table import Table
from parlour.protocol import Bot, Rules
from parlour.registry import spec
from parlour.sichuan.bots import HeuristicBot

__all__ = ["GymEnv", "Illegal", "Opponents", "make_opponents"]

#: A bot name for every other seat, or one bot (object or name) per other seat.
Opponents = str | Sequence[Bot | str]

#: What :meth:`GymEnv.step` does with an id the learner may not take now.
Illegal = Literal["raise", "random"]

ObsDict = dict[str, Any]


def make_opponents(name: str, opponents: Opponents, seat: int, num_players: int) -> list[Bot]:
    """One bot for each seat but ``seat``, in seat order.

    A name is looked up in the game's registry spec (``"random"``,
    ``"heuristic"``, ...); a bot object is used as it is.
    """
    count = num_players - 1
    if isinstance(opponents, str):
        chosen: Sequence[Bot | str] = [opponents] * count
    else:
        chosen = list(opponents)
        if len(chosen) != count:
            raise ValueError(
                f"{name} has {num_players} seats: give {count} opponents, not {len(chosen)}"
            )
    bots = spec(name).bots
    out: list[Bot] = []
    for item in chosen:
        if isinstance(item, str):
            if item not in bots:
                known = ", ".join(sorted(bots))
                raise ValueError(f"{name} has no bot {item!r}; its bots are {known}")
            out.append(bots[item]())
        elif isinstance(item, Bot):
            out.append(item)
        else:
            raise TypeError(f"an opponent is a bot name or a bot, not {type(item).__name__}")
    return out


class GymEnv(gymnasium.Env[ObsDict, np.int64]):
    """One seat of a parlour game for Gymnasium; made by :func:`parlour.env.gym`.

    The learner plays ``seat``; the bots play every other seat between the
    learner's steps, each as it would in :func:`parlour.play`. The
    observation is ``{"observation": float32 array, "action_mask": int8
    array}`` for the learner, the action an id in ``Discrete(num_action_ids)``,
    the reward the learner's share of the game's :meth:`rewards` since its
    last step. The episode terminates when the game is over; it is never
    truncated.

    ``illegal`` says what a step with an id the learner may not take does:
    ``"raise"`` (the default) raises
    :class:`~parlour.errors.IllegalActionError` and changes nothing;
    ``"random"`` plays a legal id drawn from the env's ``np_random``
    instead and sets ``info["illegal"]``. Agents should sample with the
    mask; ``"random"`` is for tools that cannot, such as Gymnasium's
    ``check_env``, which steps with unmasked ``action_space.sample()``.
    """

    def __init__(
        self,
        name: str,
        *,
        seat: int = 0,
        opponents: Opponents = "heuristic",
        rules: Rules | Mapping[str, Any] | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        illegal: Illegal = "raise",
    ) -> None:
        if illegal not in ("raise", "random"):
            raise ValueError(f"illegal must be 'raise' or 'random', not {illegal!r}")
        self.illegal: Illegal = illegal
        self.table = table = Table(name, rules)
        if type(seat) is not int or not 0 <= seat < table.num_players:
            raise ValueError(f"seat must be an int in 0..{table.num_players - 1}, not {seat!r}")
        self.seat = seat
        bots = make_opponents(name, opponents, seat, table.num_players)
        #: The bot of each seat; ``None`` at the learner's.
        self.bots: list[Bot | None] = [*bots[:seat], None, *bots[seat:]]
        # The seats of plain Sichuan HeuristicBots (no subclass, which could
        # choose otherwise): on the C engine, the C bot chooses for them.
        self._c_heuristic = frozenset(
            s for s, b in enumerate(self.bots) if name == "sichuan" and type(b) is HeuristicBot
        )
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {"render_modes": list(RENDER_MODES)}
        self.observation_space = observation_space(table)
        self.action_space = spaces.Discrete(table.num_action_ids)
        self._first_seed = seed
        self._bot_rng = random.Random(0)

    @property
    def game(self) -> Any:
        """The parlour game being played (read it, never change it)."""
        return self.table.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Deal a new game: the one ``parlour.make(name, rules, seed=seed)``
        deals, the bots drawing from ``random.Random(seed)``; without a
        seed, the next seed from the env's generator (seeded by the env's
        ``seed``)."""
        del options
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        if seed is None:
            seed = draw_seed(self.np_random)
        self.table.new_game(seed)
        self._bot_rng = random.Random(seed)
        self._run_bots()
        return self._obs(), {}

    def _obs(self) -> ObsDict:
        return self.table.observe(self.seat)

    def _run_bots(self) -> None:
        """Let the bots act until the learner is asked or the game is over."""
        table = self.table
        game = table.game
        bots = self.bots
        rng = self._bot_rng
        learner = self.seat
        in_c = self._c_heuristic if table.fast else ()
        while table.waiting:
            seat = table.waiting[0]
            bot = bots[seat]
            if bot is None:
                break
            # HeuristicBot reads nothing but the state and draws nothing from
            # rng: its C twin chooses the same action without the
            # observation and legal list the Python bot reads.
            action = _sichuan.heuristic_action(game, seat) if seat in in_c else None
            if action is None:
                action = bot.act(game.observation(seat), game.legal_actions(seat), rng)
            if learner in table.waiting or table.holding:
                # A window the learner answers too: hold the bots' answers
                # until it has, so that none reaches its observation; and
                # once it has, the later bots' answers join the held ones
                # (applied at once they would drop the learner's answer and
                # ask it the same question again).
                table.answer(seat, action)
            else:
                table.apply_now(seat, action)

    def step(self, action: Any) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """The learner acts with an action id; the bots then act until it is
        asked again. :class:`~parlour.errors.IllegalActionError` names an
        illegal id; nothing changes."""
        table = self.table
        seat = self.seat
        if not table.waiting or table.waiting[0] != seat:
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        info: dict[str, Any] = {}
        if self.illegal == "random":
            mask = table.mask(seat)
            i = _index(action)
            if i is None or not 0 <= i < mask.size or not mask[i]:
                action = int(self.np_random.choice(np.flatnonzero(mask)))
                info["illegal"] = True
        paid = table.answer_paid(seat, action)
        self._run_bots()
        # Everything paid to the learner since its last step (or the deal:
        # the bots may act, and pay, before the learner's first step): what
        # its own answer paid, then what the bots' answers did.
        gained = table.game.rewards()[seat] + (paid[seat] if paid is not None else 0.0)
        return self._obs(), float(gained), table.game.is_over, False, info

    def render(self) -> str | None:
        """The table as the learner's seat sees it (``render_mode="ansi"``)."""
        if self.render_mode is None:
            no_render()
            return None
        return str(self.table.game.render(self.seat))

    def close(self) -> None:
        """Nothing to release."""


def _index(action: Any) -> int | None:
    try:
        return operator.index(action)
    except TypeError:
        return None
