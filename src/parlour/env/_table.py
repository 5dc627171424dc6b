"""One game seen through the learning interface, shared by the three envs.

The envs speak action ids, masks and arrays; this table turns them into the
game's own calls and serialises simultaneous choices (see :class:`Table`).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, Literal, Protocol, cast

import numpy as np
import numpy.typing as npt

from parlour import _backend
from parlour.env import _sichuan
from parlour.errors import IllegalActionError
from parlour.protocol import Action, Rules
from parlour.registry import make
from parlour.simulation import resolve_rules

__all__ = ["LearningGame", "Table", "agent_names", "seat_of"]

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


class _ArrayObservation(Protocol):
    def to_array(self) -> FloatArray: ...


class LearningGame(Protocol):
    """The learning interface every parlour game implements, beside the
    common protocol (:class:`parlour.Game`)."""

    num_players: int
    num_action_ids: int

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def action_id(self, action: Action) -> int: ...

    def action_from_id(self, i: int, seat: int | None = None) -> Action: ...

    def legal_mask(self, seat: int) -> npt.NDArray[np.bool_]: ...

    def observation(self, seat: int) -> _ArrayObservation: ...

    def rewards(self) -> tuple[float, ...]: ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def verify_action(self, seat: int, action: Action | str) -> Action: ...

    def apply(self, seat: int, action: Action | str) -> None: ...

    def render(self, seat: int | None = None) -> str: ...

    def record(self) -> dict[str, Any]: ...


def agent_names(num_players: int) -> list[str]:
    """``["player_0", ..., "player_{n-1}"]``, the PettingZoo convention."""
    return [f"player_{s}" for s in range(num_players)]


def seat_of(agent: str) -> int:
    """The seat of ``"player_<seat>"``."""
    return int(agent[7:])


class Table:
    """A game, its waiting seats and the answers given so far in a window.

    Where several seats must choose at once (``len(game.to_act) > 1``), the
    envs ask them one after another, in seat order. Applying each answer at
    once would let the game show it to the seats asked after (a pot that
    grows, a claim already made): the answers are held here instead, every
    seat of the window is asked about the same unchanged state, and the
    answers are applied in seat order once all are in.

    An earlier answer may end the window (a win that closes a claim window):
    the answers after it are then dropped, as the game would have no use
    for them. The window is still open while every seat the game asks is
    one whose answer is held and not yet applied; once the game asks anyone
    else, or nobody, it has moved on, and a held answer applied there would
    answer a question its seat was never asked.
    """

    __slots__ = (
        "_answers",
        "_array",
        "_c",
        "_fast",
        "_masks",
        "_rules",
        "game",
        "name",
        "num_action_ids",
        "num_players",
        "obs_shape",
        "waiting",
    )

    def __init__(self, name: str, rules: Rules | Mapping[str, Any] | None) -> None:
        self.name = name
        self._rules = resolve_rules(name, rules)
        self.game = self._make(0)
        self._fast = False
        self._c: tuple[Any, list[Any], dict[str, Any]] = (None, [], {})
        self._array: Any = None
        self._serve()
        self.num_players: int = self.game.num_players
        self.num_action_ids: int = self.game.num_action_ids
        self.obs_shape: tuple[int, ...] = tuple(self.game.observation(0).to_array().shape)
        #: Seats still to answer now, in seat order (the env asks ``waiting[0]``).
        self.waiting: tuple[int, ...] = ()
        self._answers: list[tuple[int, Action]] = []
        # The legal masks of the waiting seats in the current state, kept
        # apart from the copies handed out, which their users may change.
        self._masks: dict[int, npt.NDArray[np.bool_]] = {}

    def __getstate__(self) -> dict[str, Any]:
        # The fast calls' handles (the engine state, history list and
        # attribute dict of the game) are taken again from the game a copy
        # holds: copied apart from it, they would be other objects.
        return {k: getattr(self, k) for k in self.__slots__ if k not in ("_array", "_c", "_fast")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for key, value in state.items():
            setattr(self, key, value)
        self._fast = False
        self._c = (None, [], {})
        self._array = None
        self._serve()

    @property
    def rules(self) -> Rules:
        """The rules every game of this table is played by."""
        return self._rules

    def _make(self, seed: int) -> LearningGame:
        return cast(LearningGame, make(self.name, rules=self._rules, seed=seed))

    def new_game(self, seed: int) -> None:
        """Deal the game seeded ``seed`` (``parlour.make(name, rules, seed=seed)``)."""
        self.game = self._make(seed)
        self._serve()
        self._sync()

    def _serve(self) -> None:
        # A Sichuan deal on the C engine: the calls of parlour.env._sichuan,
        # which do what the generic ones do in fewer steps, take the deal's
        # engine state, history list and attribute dict (rewards()'s
        # bookkeeping), the same objects for the whole deal.
        game: Any = self.game
        self._fast = _sichuan.applies(self.name, game)
        # A new tuple for every deal, served or not: the AEC env's C core
        # knows a new deal by it.
        if self._fast:
            self._c = (game._engine.state, game._history, game.__dict__)
        else:
            self._c = (None, [], {})
        # The other games on the C engine: observation arrays written by the
        # C encoders from the engine's state (the same floats as the Python
        # encoders, which read an observation object made first). The state
        # is the one the game names for its C answers (EngineGame._c_answers:
        # the engine's class and the attribute holding it).
        self._array = None
        spec = getattr(type(game), "_c_answers", None)
        if spec is not None and game._engine.__class__ is spec[0]:
            self._array = (_backend.load("c")._env_obs_array, spec[1])

    def _sync(self) -> None:
        to_act = self.game.to_act
        self.waiting = to_act if len(to_act) < 2 else tuple(sorted(to_act))
        if self._answers:
            self._answers.clear()
        if self._masks:
            self._masks.clear()

    def observation(self, seat: int) -> FloatArray:
        """The seat's observation array."""
        if self._array is not None:
            encode, attribute = self._array
            engine: Any = self.game._engine  # type: ignore[attr-defined]
            # The engine's state now (taken anew: an engine may replace it).
            got: FloatArray | None = encode(getattr(engine, attribute), seat)
            if got is not None:
                return got
        return self.game.observation(seat).to_array()

    @property
    def fast(self) -> bool:
        """Whether the game is a Sichuan deal on the C engine, which the
        calls of :mod:`parlour.env._sichuan` serve."""
        return self._fast

    def observe(self, seat: int) -> dict[str, Any]:
        """``{"observation": observation(seat), "action_mask": mask(seat)}``,
        both new arrays."""
        if self._fast:
            obs: dict[str, Any] = _sichuan.observe(self._c[0], seat, seat in self.waiting)
            return obs
        return {"observation": self.observation(seat), "action_mask": self.mask(seat)}

    def mask(self, seat: int) -> MaskArray:
        """The seat's action mask as int8: its legal ids while it is still to
        answer, else all zeros (an answer given in a window is final)."""
        if seat in self.waiting:
            return self._legal(seat).astype(np.int8)
        return np.zeros(self.num_action_ids, dtype=np.int8)

    def action_of(self, seat: int, action_id: Any) -> Action:
        """The game's action for ``action_id`` from ``seat``, which must be
        the seat asked now; :class:`IllegalActionError` naming the id if it
        is not legal (nothing changes)."""
        i = self._index(seat, action_id)
        if not self._legal(seat)[i]:
            raise IllegalActionError(f"seat {seat}: action id {i} is not legal now")
        return self.game.action_from_id(i, seat)

    def _index(self, seat: int, action_id: Any) -> int:
        try:
            i = operator.index(action_id)
        except TypeError:
            raise IllegalActionError(
                f"seat {seat}: an action id is an int, not {type(action_id).__name__}"
            ) from None
        if not 0 <= i < self.num_action_ids:
            raise IllegalActionError(
                f"seat {seat}: action id {i} is out of range 0..{self.num_action_ids - 1}"
            )
        return i

    def answer_paid(self, seat: int, action_id: Any) -> tuple[float, ...] | None:
        """``answer(seat, action_of(seat, action_id), checked=True)`` (``seat``
        is ``waiting[0]``), then, if the game moved, ``game.rewards()``;
        :class:`IllegalActionError` naming an illegal id, nothing changed.
        Returns what was paid, or ``None`` when the game did not move or
        nothing was paid (most steps)."""
        if self._fast:
            paid = self._fast_answer(seat, action_id)
            if paid is not False:
                return paid
        if self.answer(seat, self.action_of(seat, action_id), checked=True):
            got = self.game.rewards()
            return got if any(got) else None
        return None

    def _fast_answer(self, seat: int, action_id: Any) -> tuple[float, ...] | Literal[False] | None:
        # answer_paid by the binding's one call; False for what it does not
        # serve (the generic path then answers, or raises its error).
        got = _sichuan.answer(self._c, seat, action_id, self.waiting, self._answers)
        if got.__class__ is tuple:
            self.waiting, paid = got
            if self._masks:
                self._masks.clear()
            return paid  # type: ignore[no-any-return]
        if got is None:
            i = operator.index(action_id)
            raise IllegalActionError(f"seat {seat}: action id {i} is not legal now")
        return False

    def _legal(self, seat: int) -> npt.NDArray[np.bool_]:
        mask = self._masks.get(seat)
        if mask is None:
            mask = self._masks[seat] = self.game.legal_mask(seat)
        return mask

    @property
    def holding(self) -> bool:
        """Whether answers of an open window are held (some seats of the
        window have answered, the others are still to)."""
        return bool(self._answers)

    def apply_now(self, seat: int, action: Action) -> None:
        """Apply ``seat``'s answer at once, as :func:`parlour.play` does: for
        a window whose seats are all bots, where no learner is asked and no
        answer needs hiding (``seat`` is ``waiting[0]``, nothing held)."""
        self.game.apply(seat, action)
        self._sync()

    def answer(self, seat: int, action: Action, *, checked: bool = False) -> bool:
        """Give ``seat``'s answer (``seat`` is ``waiting[0]``); ``checked``
        when it comes from :meth:`action_of`, which found it legal.

        Returns whether the game moved: the answer (or the window it
        completes) was applied; ``False`` while the window waits for others.
        The caller reads ``game.rewards()`` when it wants what was paid.
        """
        if len(self.waiting) == 1 and not self._answers:
            self.game.apply(seat, action)
        else:
            if not checked:
                # Now, so that a bad answer is refused before later seats are asked.
                self.game.verify_action(seat, action)
            self._answers.append((seat, action))
            self.waiting = self.waiting[1:]
            if self.waiting:
                return False
            game = self.game
            held = {s for s, _ in self._answers}
            for s, a in self._answers:
                to_act = game.to_act
                if not held.issuperset(to_act):
                    break
                if s in to_act:
                    game.apply(s, a)
                held.discard(s)
        self._sync()
        return True
