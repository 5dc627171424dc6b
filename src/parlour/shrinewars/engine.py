"""The engine interface of Shrine Wars: what a game asks of the state machine
behind it.

It is the generic :class:`parlour.sichuan.engine.Engine` (to_act, is_over,
legal, apply, observation, result, clone) with the views a Shrine Wars game
reads. Two engines follow it: :class:`~parlour.shrinewars.engine_c.CEngine`
(the C state machine, ``csrc/shrinewars_game.c``) and the pure-Python game
itself, which is its reference and lock-step twin
(tests/test_shrinewars_engines.py). An engine changes only through
:meth:`ShrineWarsEngine.apply`, which refuses an illegal action by returning
``False`` and changing nothing.
"""

from __future__ import annotations

from typing import Protocol

from parlour.protocol import Result

__all__ = ["ShrineWarsEngine"]


class ShrineWarsEngine(Protocol):
    """A game of Shrine Wars as a state machine."""

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat to act, ``()`` once over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the deck has no card left to bid for."""
        ...

    def legal(self, seat: int) -> list[object]:
        """Pass, then each amount ``seat`` may bid with its default payment."""
        ...

    def apply(self, seat: int, action: object) -> bool:
        """Apply ``action``: ``True``, or ``False`` and no change if illegal."""
        ...

    def observation(self, seat: int) -> object:
        """What ``seat`` may know now, as a frozen value."""
        ...

    def result(self) -> Result:
        """The outcome; only asked once the game is over."""
        ...
