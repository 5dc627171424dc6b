"""The Nine Domains table as text, built from observations only.

:func:`seat_view` shows what one seat may see; :func:`full_view` puts both
seats' views together, as a referee or a spectator after the fact sees the
table (both placements before they are revealed).

>>> from parlour.ninedomains import Game
>>> game = Game(seed=1)
>>> print(seat_view(game.observation(0)).splitlines()[0])
The Nine Domains - you are seat 0 - round 1 - phase place
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
    """The whole table, from both seats' observations (``observations[s]``
    is seat ``s``'s)."""
    return _text(observations[0], dict(enumerate(observations)), None)


def _cards(cs: Sequence[Any]) -> str:
    return " ".join(str(c) for c in cs) or "-"


def _text(obs: _Obs, views: Mapping[int, _Obs], me: int | None) -> str:
    rules = obs.rules

    def domain(d: int) -> str:
        element = rules.element_of(d)
        return f"{d}({element})" if element else str(d)

    you = f" - you are seat {me}" if me is not None else ""
    head = f"The Nine Domains{you} - round {obs.round + 1} - phase {obs.phase}"
    if me is None:
        if obs.phase == "place":
            head += f" - to act: {to_act_text([s for s in (0, 1) if not obs.placed[s]])}"
        elif obs.pending is not None:
            head += f" - to act: {to_act_text([obs.pending.seat])}"
    lines = [head]
    offer = "  ".join(domain(d) for d in obs.revealed) or "-"
    lines.append(f"domains on offer (positions 0 1 2): {offer}")
    for s in (0, 1):
        held = " ".join(domain(d) for d in obs.held[s]) or "-"
        lines.append(
            f"  {seat_name(s, me):>7}: points {obs.points[s]:>3}  held {held}"
            f"  hand {_cards(obs.hands[s])}"
        )
    for s, view in sorted(views.items()):
        if view.my_placement is not None:
            whose = "your" if s == me else f"seat {s}'s"
            lines.append(f"{whose} placement: {_cards(view.my_placement)}")
    # Battles are fought at the end of a round; the round counter has moved
    # on by then, except while a won special's effect is pending.
    last = obs.round - (0 if obs.phase == "effect" else 1)
    recent = [b for b in obs.battles if b.round == last]
    for b in recent:
        who = "removed" if b.winner is None else f"won by {seat_name(b.winner, me)}"
        lines.append(f"  battle for {domain(b.domain)}: {b.cards[0]} vs {b.cards[1]} - {who}")
    if obs.pending is not None:
        lines.append(f"pending effect: {obs.pending.kind} of {seat_name(obs.pending.seat, me)}")
    return "\n".join(lines)
