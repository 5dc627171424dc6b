"""The Shrine Wars table as text, built from observations only.

:func:`seat_view` shows what one seat may see; :func:`full_view` puts every
seat's own view together, as a referee or a spectator after the fact sees
the table (every seat's oinks, even when the table plays closed).

>>> from parlour.shrinewars import Game
>>> game = Game(seed=3)
>>> print(seat_view(game.observation(0)).splitlines()[0])
Shrine Wars - you are seat 0 - 35 cards left
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour._table import seat_name, to_act_text

# The game's observation (and meld) types, read by field name only: game.py imports
# this module for render(), so importing them here, even for type checking,
# would tie the two into a circle.
_Obs = Any


__all__ = ["full_view", "seat_view"]


def seat_view(obs: _Obs) -> str:
    """What seat ``obs.seat`` sees of the table."""
    return _text(obs, {obs.seat: obs}, obs.seat)


def full_view(observations: Sequence[_Obs]) -> str:
    """The whole table, from every seat's observation (``observations[s]``
    is seat ``s``'s)."""
    return _text(observations[0], dict(enumerate(observations)), None)


def _text(obs: _Obs, views: Mapping[int, _Obs], me: int | None) -> str:
    you = f" - you are seat {me}" if me is not None else ""
    head = f"Shrine Wars{you} - {obs.cards_left} cards left"
    if me is None:
        head += " - game over" if obs.is_over else f" - to act: {to_act_text(obs.to_act)}"
    lines = [head]
    if me is not None:
        lines.append(f"your oinks: {obs.oinks}")
    oinks = obs.table_oinks
    if me is None:
        oinks = tuple(views[s].oinks for s in range(obs.num_players))
    if oinks is not None:
        lines.append("oinks: " + "  ".join(f"{seat_name(s, me)} {o}" for s, o in enumerate(oinks)))
    for s in range(obs.num_players):
        lines.append(f"  {seat_name(s, me):>7} won: {str(obs.won[s]) or '-'}  pool {obs.pool[s]}")
    lines.append(f"lot: {str(obs.lot) or '-'}  opened by {seat_name(obs.opener, me)}")
    if obs.high_bid is not None and obs.high_bidder is not None:
        lines.append(f"high bid: {obs.high_bid} by {seat_name(obs.high_bidder, me)}")
    if obs.bids:
        lines.append("this lot: " + ", ".join(f"{seat_name(s, me)} {a}" for s, a in obs.bids))
    for s, view in sorted(views.items()):
        if view.forbidden:
            lines.append(
                f"{seat_name(s, me)} may not bid amounts ending in "
                + ", ".join(map(str, view.forbidden))
            )
    return "\n".join(lines)
