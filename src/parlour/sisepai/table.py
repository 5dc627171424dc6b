"""The Sì Sè Pái table as text, built from observations only.

:func:`seat_view` shows what one seat may see; :func:`full_view` puts every
seat's own view together, as a referee or a spectator after the fact sees
the table (every concealed hand, and each seat's answer in an open window).

>>> from parlour.sisepai import Game
>>> game = Game(seed=2)
>>> print(seat_view(game.observation(1)).splitlines()[0])
Si Se Pai - you are seat 1 - dealer seat 0 - stock 36 - phase draw
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour._table import seat_name, to_act_text
from parlour.sisepai.cards import card_kind, card_text, format_kinds

# The game's observation (and meld) types, read by field name only: game.py imports
# this module for render(), so importing them here, even for type checking,
# would tie the two into a circle.
_Obs = Any


__all__ = ["full_view", "seat_view"]


def _cards(ids: Sequence[int]) -> str:
    return format_kinds(tuple(sorted(card_kind(c) for c in ids))) or "-"


def seat_view(obs: _Obs) -> str:
    """What seat ``obs.seat`` sees of the table."""
    return _text(obs, {obs.seat: obs}, obs.seat)


def full_view(observations: Sequence[_Obs]) -> str:
    """The whole table, from every seat's observation (``observations[s]``
    is seat ``s``'s)."""
    return _text(observations[0], dict(enumerate(observations)), None)


def _text(obs: _Obs, views: Mapping[int, _Obs], me: int | None) -> str:
    you = f" - you are seat {me}" if me is not None else ""
    head = f"Si Se Pai{you} - dealer seat {obs.dealer} - stock {obs.stock_left} - phase {obs.phase}"
    if me is None and obs.to_act:
        head += f" - to act: {to_act_text(obs.to_act)}"
    lines = [head]
    if me is not None:
        lines.append(f"your hand: {_cards(obs.concealed)}")
    for s in range(len(obs.exposed)):
        groups = " ".join(f"[{_cards(g)}]" for g in obs.exposed[s]) or "-"
        line = f"  {seat_name(s, me):>7}: {obs.concealed_counts[s]:>2} concealed  exposed {groups}"
        if me is None:
            line += f"  hand {_cards(views[s].concealed)}"
        elif obs.revealed is not None and s != me:
            line += f"  hand {_cards(obs.revealed[s])}"
        answer = views[s].answer if s in views else None
        if answer is not None:
            line += f"  answered {answer}"
        lines.append(line)
    for s in range(len(obs.discards)):
        lines.append(f"  {seat_name(s, me):>7} discards: {_cards(obs.discards[s])}")
    if obs.card is not None:
        source = seat_name(obs.source, me) if obs.source is not None else "?"
        lines.append(f"card in play: {card_text(obs.card)} from {source}")
    if obs.winner is not None:
        lines.append(f"won by {seat_name(obs.winner, me)}")
    return "\n".join(lines)
