"""The engine interface of the Nine Domains: what :class:`~parlour.ninedomains.Game`
asks of the state machine behind it.

A game keeps the deal, the history, text reading, error messages and the
learning interface; its state lives in an engine chosen at construction:
:class:`~parlour.ninedomains.engine_c.CEngine` (the C state machine,
``csrc/ninedomains_game.c``) or :class:`~parlour.ninedomains.engine_py.PyEngine`
(the plain pure-Python reference, its lock-step twin in the tests). An engine
changes only through :meth:`NineDomainsEngine.apply`, which refuses an
illegal action by returning ``False`` and changing nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from parlour import protocol
from parlour.protocol import Result

if TYPE_CHECKING:
    from parlour.ninedomains.cards import Card
    from parlour.ninedomains.values import NineDomainsObservation, Phase

__all__ = ["NineDomainsEngine"]

EngineT = TypeVar("EngineT", bound="NineDomainsEngine")


class NineDomainsEngine(Protocol):
    """A Nine Domains game: the generic engine part (as Sichuan's
    :class:`parlour.sichuan.engine.Engine`) and what the game's views read."""

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now; ``()`` once over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def legal(self, seat: int) -> list[protocol.Action]:
        """The legal actions of ``seat`` (0 or 1) now, empty when it need not act."""
        ...

    def apply(self, seat: int, action: protocol.Action) -> bool:
        """Apply ``action`` for ``seat``: ``True``, or ``False`` and no change
        if it is not legal now."""
        ...

    def observation(self, seat: int) -> NineDomainsObservation:
        """What ``seat`` (0 or 1) may know now, as a frozen value."""
        ...

    def result(self) -> Result:
        """The outcome; only asked once the game is over."""
        ...

    def clone(self: EngineT) -> EngineT:
        """An independent copy."""
        ...

    @property
    def round(self) -> int:
        """The round index 0, 1, 2 (3 once the last round is over)."""
        ...

    @property
    def phase(self) -> Phase:
        """``"place"``, ``"effect"`` or ``"over"``."""
        ...

    def points(self, seat: int) -> int:
        """Domain values ``seat`` holds plus its ``3+`` points."""
        ...

    def placement(self, seat: int) -> tuple[Card, ...] | None:
        """Privileged: the placement ``seat`` made this round (``None`` before it
        places and once the round is over)."""
        ...

    def hand_indices(self, seat: int) -> tuple[int, ...]:
        """The card indices of ``seat``'s hand, ascending."""
        ...
