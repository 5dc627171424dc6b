"""The engine interface: what a game asks of the state machine behind it.

A :class:`~parlour.sichuan.Game` keeps the history, the deal, text reading
and error messages; its state lives in an engine object chosen at
construction: :class:`~parlour.sichuan.engine_c.CEngine` (the C state
machine) or :class:`~parlour.sichuan.engine_py.PyEngine` (the plain
pure-Python reference, which is also its lock-step twin in the tests).

:class:`Engine` is the part any game's engine has (nothing Sichuan in it,
so the other games' engines can follow it); :class:`SichuanEngine` adds what
the Sichuan views read. An engine changes only through :meth:`Engine.apply`,
which refuses an illegal action by returning ``False`` and changing nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from parlour import protocol
from parlour.protocol import Payment, Result
from parlour.sichuan.hand import Hand
from parlour.sichuan.values import Event, SichuanObservation

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["Engine", "SichuanEngine"]

ActionT = TypeVar("ActionT", bound=protocol.Action)
ObservationT = TypeVar("ObservationT", bound=protocol.Observation, covariant=True)
EngineT = TypeVar("EngineT", bound="Engine[protocol.Action, protocol.Observation]")


class Engine(Protocol[ActionT, ObservationT]):
    """The state machine of one game (any game)."""

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now; ``()`` once over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def legal(self, seat: int) -> list[ActionT]:
        """The legal actions of ``seat`` (0..n-1) now, empty when it need not act."""
        ...

    def apply(self, seat: int, action: ActionT) -> bool:
        """Apply ``action`` for ``seat``: ``True``, or ``False`` and no change
        if it is not legal now."""
        ...

    def observation(self, seat: int) -> ObservationT:
        """What ``seat`` (0..n-1) may know now, as a frozen value."""
        ...

    def result(self) -> Result:
        """The outcome; only asked once the game is over."""
        ...

    def clone(self: EngineT) -> EngineT:
        """An independent copy."""
        ...


class SichuanEngine(Engine[protocol.Action, SichuanObservation], Protocol):
    """A Sichuan deal: the generic engine and the views the game shows."""

    @property
    def phase(self) -> int:
        """The phase's code (``PARLOUR_SG_PHASE_*``)."""
        ...

    @property
    def wall_remaining(self) -> int:
        """Tiles left in the wall."""
        ...

    @property
    def after_pung(self) -> bool:
        """True while the seat in turn has just punged (and must discard)."""
        ...

    def events(self) -> tuple[Event, ...]:
        """The readable event log so far."""
        ...

    def wins(self) -> tuple[dict[str, object], ...]:
        """Every win so far (see :attr:`parlour.sichuan.Game.wins`)."""
        ...

    def ledger(self) -> tuple[Payment, ...]:
        """Every payment so far."""
        ...

    def tiles(self, seat: int) -> tuple[int, ...]:
        """The concealed physical tiles of ``seat``, ascending."""
        ...

    def hand(self, seat: int) -> Hand:
        """The hand of ``seat``: concealed tiles and melds."""
        ...

    def missing(self, seat: int) -> int:
        """The missing suit index ``seat`` declared, or -1."""
        ...

    def waits(self, seat: int) -> frozenset[int]:
        """The kinds that complete the 13-tile hand of ``seat``."""
        ...

    # -- the learning interface ------------------------------------------------
    @property
    def drawn(self) -> int:
        """The tile the seat in turn drew this turn (-1 for none)."""
        ...

    def legal_mask(self, seat: int) -> NDArray[np.bool_]:
        """A new bool array over the action ids (:mod:`parlour.sichuan.ids`):
        true at the ids ``seat`` may take now."""
        ...

    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        """Privileged: a new array of ``seat``'s observation planes and the
        planes of what it cannot see (:mod:`parlour.sichuan.obs`)."""
        ...

    def scores(self) -> tuple[int, ...]:
        """Each seat's net total over the payments so far."""
        ...
