"""A parlour game as a PettingZoo :class:`~pettingzoo.AECEnv`: one agent acts at a time."""

# No `from __future__ import annotations`: autodoc evaluates a class's signature
# without its module's names, and string annotations would stay unresolved there.

from collections.abc import Iterator, Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv as _PettingZooAEC  # type: ignore[import-untyped]

from parlour.env import _sichuan
from parlour.env._spaces import (
    RENDER_MODES,
    Seeds,
    agent_spaces,
    check_render_mode,
    no_render,
)
from parlour.env._table import FloatArray, MaskArray, Table, agent_names
from parlour.protocol import Rules

__all__ = ["AECEnv"]


class AECEnv(_PettingZooAEC):  # type: ignore[misc]
    """A parlour game for PettingZoo's agent-environment cycle; made by
    :func:`parlour.env.aec`.

    Agents are ``"player_0"`` .. ``"player_{n-1}"`` (seat ``s`` is
    ``"player_s"``). :meth:`observe` gives ``{"observation": float32 array,
    "action_mask": int8 array}``; an agent not asked now gets a mask of
    zeros. Rewards are the game's :meth:`rewards` as they happen; every
    agent terminates when the game is over.
    """

    def __init__(
        self,
        name: str,
        rules: Rules | Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.table = Table(name, rules)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {"name": f"parlour_{name}", "render_modes": list(RENDER_MODES)}
        self.possible_agents: list[str] = agent_names(self.table.num_players)
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self.observation_spaces, self.action_spaces = agent_spaces(self.table, self.possible_agents)
        self._seeds = Seeds(seed)
        self.agents: list[str] = []
        self._core: Any = None

    @property
    def game(self) -> Any:
        """The parlour game being played (read it, never change it)."""
        return self.table.game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the one ``parlour.make(name, rules, seed=seed)``
        deals; without a seed, the next seed from the env's generator (seeded
        by the env's ``seed``)."""
        del options
        self.table.new_game(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._paid = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()
        self._serve()

    def __getstate__(self) -> dict[str, Any]:
        # The C core's methods are bound to this instance's dict: a copy
        # (copy.deepcopy, pickle) makes its own when it is restored.
        state = self.__dict__.copy()
        for key in ("last", "step", "agent_iter", "_core"):
            state.pop(key, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._core = None
        self._serve()

    def _serve(self) -> None:
        # On a Sichuan deal of the C engine, last() and step() (and
        # agent_iter(), unless overridden) are the C core's
        # (parlour.env._sichuan.AECCore), set on the instance: the agent
        # loop then calls them without entering a Python frame. They do
        # what this class's methods do and call them for anything else.
        # Not when a subclass overrides last or step: its override rules.
        cls = type(self)
        if self.table.fast and cls.last is AECEnv.last and cls.step is AECEnv.step:
            if self._core is None:
                self._core = _sichuan.AECCore(
                    self.__dict__,
                    self.table,
                    self._seat,
                    self.possible_agents,
                    AECEnv.last.__get__(self, cls),
                    AECEnv.step.__get__(self, cls),
                )
            self.__dict__["last"] = self._core.last
            self.__dict__["step"] = self._core.step
            if cls.agent_iter is AECEnv.agent_iter:
                self.__dict__["agent_iter"] = self._core.agent_iter
        else:
            for key in ("last", "step", "agent_iter"):
                self.__dict__.pop(key, None)

    def _select(self) -> None:
        waiting = self.table.waiting
        self.agent_selection = self.possible_agents[waiting[0] if waiting else 0]

    def observe(self, agent: str) -> dict[str, FloatArray | MaskArray]:
        """``{"observation": float32 array, "action_mask": int8 array}`` of
        ``agent``'s seat, both new arrays the caller may keep or change.

        (On a Sichuan deal of the C engine, an array or dict every holder
        has let go, views included, may be written again for a later
        observation, as numpy reuses a temporary: one still held never is.)"""
        obs: dict[str, FloatArray | MaskArray] = self.table.observe(self._seat[agent])
        return obs

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, FloatArray | MaskArray] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's :meth:`~pettingzoo.AECEnv.last`: ``(observe(agent),
        cumulative reward, terminated, truncated, info)`` of
        :attr:`agent_selection` (no observation when ``observe`` is false)."""
        agent = self.agent_selection
        obs = self.table.observe(self._seat[agent]) if observe else None
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """PettingZoo's :meth:`~pettingzoo.AECEnv.agent_iter`: yields
        :attr:`agent_selection` until no agent is left or ``max_iter``
        agents were yielded; step each one in the loop."""
        # A generator does what PettingZoo's AECIterator does, for less
        # than its __next__ costs at every step.
        left = max_iter
        while self.agents and left > 0:
            left -= 1
            yield self.agent_selection

    def step(self, action: Any) -> None:
        """Act for :attr:`agent_selection` with an action id.

        :class:`~parlour.errors.IllegalActionError` names an illegal id; the
        env and the game are unchanged.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        rewards = table.answer_paid(self._seat[agent], action)
        # PettingZoo's step protocol (clear the actor's cumulative reward, set
        # this step's rewards, add them up), inlined: it runs every step.
        self._cumulative_rewards[agent] = 0.0
        if rewards is None or not any(rewards):
            if self._paid:  # most steps pay nothing: keep the zeros dict
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._paid = False
        else:
            self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
            self._paid = True
            cumulative = self._cumulative_rewards
            for a, r in self.rewards.items():
                cumulative[a] += r
        waiting = table.waiting
        if waiting:
            self.agent_selection = self.possible_agents[waiting[0]]
        else:  # the game is over
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The whole table as text (``render_mode="ansi"``): ``game.render()``,
        the referee's view, every seat's hidden cards included (show it to
        no agent that plays)."""
        if self.render_mode is None:
            no_render()
            return None
        return self.table.game.render()

    def close(self) -> None:
        """Nothing to release."""
