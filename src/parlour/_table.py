"""Helpers the games' text tables share (``parlour.<game>.table``).

>>> seat_name(2, 2), seat_name(1, 2), seat_name(1, None)
('you', 'seat 1', 'seat 1')
>>> to_act_text((2,)), to_act_text((0, 1))
('seat 2', 'seats 0, 1')
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["seat_name", "to_act_text"]


def seat_name(seat: int, me: int | None) -> str:
    """``"you"`` for the viewer's own seat, else ``"seat N"`` (always
    ``"seat N"`` for the referee's view, ``me=None``)."""
    return "you" if seat == me else f"seat {seat}"


def to_act_text(seats: Sequence[int]) -> str:
    """The seats to act: ``"seat 2"`` or ``"seats 0, 1, 2, 3"``."""
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))
