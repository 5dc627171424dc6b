"""The engine interface of Sì Sè Pái: what a game asks of the state machine
behind it.

It is the generic :class:`parlour.sichuan.engine.Engine` (to_act, is_over,
legal, apply, observation, result, clone) with the views a Sì Sè Pái game
reads. Two engines follow it: :class:`~parlour.sisepai.engine_c.CEngine`
(the C state machine, ``csrc/sisepai_game.c``) and
:class:`~parlour.sisepai.engine_py.PyEngine` (the pure-Python reference and
its lock-step twin, tests/test_sisepai_engines.py). An engine changes only
through :meth:`SisepaiEngine.apply`, which refuses an illegal action by
returning ``False`` and changing nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from parlour.protocol import Result

if TYPE_CHECKING:
    from parlour.sisepai.hand import Hand
    from parlour.sisepai.values import SisepaiObservation

__all__ = ["SisepaiEngine"]


class SisepaiEngine(Protocol):
    """One deal of Sì Sè Pái as a state machine."""

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now, in turn order; ``()`` once over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the deal has a winner or the stock ran out."""
        ...

    @property
    def phase(self) -> str:
        """The phase's name (see :data:`parlour.sisepai.game.Phase`)."""
        ...

    def legal(self, seat: int) -> list[Any]:
        """The legal actions of ``seat`` now, in order; empty when it need not act."""
        ...

    def apply(self, seat: int, action: object) -> bool:
        """Apply ``action``: ``True``, or ``False`` and no change if illegal."""
        ...

    def observation(self, seat: int) -> SisepaiObservation:
        """What ``seat`` may know now, as a frozen value holding no engine."""
        ...

    def result(self) -> Result:
        """The outcome; only asked once the deal is over."""
        ...

    def hand(self, seat: int) -> Hand:
        """Seat ``seat``'s cards (all knowledge)."""
        ...

    def concealed(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's concealed cards, sorted (all knowledge)."""
        ...

    def stock(self) -> tuple[int, ...]:
        """The cards still in the stock, top first (all knowledge)."""
        ...

    def clone(self) -> SisepaiEngine:
        """An independent copy."""
        ...
