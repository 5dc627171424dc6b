"""A parlour game as a PettingZoo :class:`~pettingzoo.ParallelEnv`: every
agent asked now acts in one step."""

# No `from __future__ import annotations`: autodoc evaluates a class's signature
# without its module's names, and string annotations would stay unresolved there.

from collections.abc import Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv as _PettingZooParallel  # type: ignore[import-untyped]

from parlour.env._spaces import (
    RENDER_MODES,
    Seeds,
    agent_spaces,
    check_render_mode,
    no_render,
)
from parlour.env._table import FloatArray, MaskArray, Table, agent_names, seat_of
from parlour.errors import IllegalActionError
from parlour.protocol import Action, Rules

__all__ = ["ParallelEnv"]

Observations = dict[str, dict[str, FloatArray | MaskArray]]


class ParallelEnv(_PettingZooParallel):  # type: ignore[misc]
    """A parlour game for PettingZoo's parallel API; made by
    :func:`parlour.env.parallel`.

    Each :meth:`step` takes an action id from every agent the game asks now
    (those whose mask is not all zeros: one seat on a turn, several in a
    window of simultaneous choices) and ignores the actions of the others.
    """

    def __init__(
        self,
        name: str,
        rules: Rules | Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.table = Table(name, rules)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {"name": f"parlour_{name}", "render_modes": list(RENDER_MODES)}
        self.possible_agents: list[str] = agent_names(self.table.num_players)
        self.observation_spaces, self.action_spaces = agent_spaces(self.table, self.possible_agents)
        self._seeds = Seeds(seed)
        self.agents: list[str] = []

    @property
    def game(self) -> Any:
        """The parlour game being played (read it, never change it)."""
        return self.table.game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, dict[str, Any]]]:
        """Deal a new game, seeded as :meth:`parlour.env.AECEnv.reset` does."""
        del options
        self.table.new_game(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> Observations:
        table = self.table
        return {
            a: {"observation": table.observation(s), "action_mask": table.mask(s)}
            for s, a in enumerate(self.possible_agents)
            if a in self.agents
        }

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        Observations,
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Act for every agent asked now; :class:`~parlour.errors.IllegalActionError`
        names a missing or illegal id, and then nothing has changed."""
        table = self.table
        names = self.possible_agents
        answers: list[tuple[int, Action]] = []
        for seat in table.waiting:
            agent = names[seat]
            if agent not in actions:
                raise IllegalActionError(f"seat {seat} must act now: no action for {agent!r}")
            answers.append((seat, table.action_of(seat, actions[agent])))
        moved = False
        for seat, action in answers:
            moved = table.answer(seat, action, checked=True)
        got = table.game.rewards() if moved else None
        live = self.agents
        rewards = dict.fromkeys(live, 0.0)
        if got is not None:
            for a in live:
                rewards[a] = float(got[seat_of(a)])
        over = table.game.is_over
        observations = self._observations()
        terminations = dict.fromkeys(live, over)
        truncations = dict.fromkeys(live, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The whole table as text (``render_mode="ansi"``), as
        :meth:`parlour.env.AECEnv.render`."""
        if self.render_mode is None:
            no_render()
            return None
        return self.table.game.render()

    def close(self) -> None:
        """Nothing to release."""
