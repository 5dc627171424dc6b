"""The Sichuan table as text, built from observations only.

:func:`seat_view` shows what one seat may see; :func:`full_view` puts every
seat's own view together, as a referee or a spectator after the fact sees
the table. Both read nothing but observations, so a seat's view cannot show
what the seat may not know, and the compiled engine (whose observations
hold the same values) gives the same text as the pure one.

>>> from parlour.sichuan import Game
>>> game = Game(seed=4)
>>> print(seat_view(game.observation(0)).splitlines()[1])
your hand: 4m 7m 2p 5p 7p 8p 9p 1s 3s 5s 5s 6s 7s 8s
>>> print(full_view([game.observation(s) for s in range(4)]).splitlines()[2])
   seat 1: 13 tiles  melds -  hand 1m 6m 6p 7p 1s 2s 2s 4s 4s 7s 7s 8s 9s
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour._table import seat_name, to_act_text
from parlour.sichuan.tiles import kind_text

# The game's observation (and meld) types, read by field name only: game.py imports
# this module for render(), so importing them here, even for type checking,
# would tie the two into a circle.
_Meld = Any
_Obs = Any


__all__ = ["full_view", "meld_text", "seat_view"]


def _tiles(ids: Sequence[int]) -> str:
    return " ".join(kind_text(t // 4) for t in sorted(ids)) or "-"


def meld_text(meld: _Meld) -> str:
    """A meld as its kind written once per tile: ``[555p]``, ``(7777s)``
    for a concealed kong, ``(kong)`` for another seat's concealed kong."""
    if not meld.tiles:
        return "(kong)"
    text = kind_text(meld.tiles[0] // 4)
    body = text[0] * len(meld.tiles) + text[1]
    return f"({body})" if meld.type == "concealed_kong" else f"[{body}]"


def seat_view(obs: _Obs) -> str:
    """What seat ``obs.seat`` sees of the table."""
    return _text(obs, {obs.seat: obs}, obs.seat)


def full_view(observations: Sequence[_Obs]) -> str:
    """The whole table: every seat's hand, melds and missing suit, taken
    from the observations of every seat (``observations[s]`` is seat
    ``s``'s)."""
    return _text(observations[0], dict(enumerate(observations)), None)


def _text(obs: _Obs, views: Mapping[int, _Obs], me: int | None) -> str:
    """The table as ``obs`` shows it in public, with the secrets of the
    seats in ``views`` taken from their own observations."""
    seats = range(len(obs.melds))
    you = f" - you are seat {me}" if me is not None else ""
    head = (
        f"Sichuan{you} - dealer seat {obs.dealer} - wall {obs.wall_remaining} - phase {obs.phase}"
    )
    if me is None and obs.to_act:
        head += f" - to act: {to_act_text(obs.to_act)}"
    lines = [head]
    missing = [views[s].missing[s] if s in views else obs.missing[s] for s in seats]
    if any(obs.declared):
        lines.append(
            "missing suits: "
            + ", ".join(f"{seat_name(s, me)} {m or '?'}" for s, m in enumerate(missing))
        )
    if me is not None:
        hand = [t for t in obs.hand if t != obs.drawn]
        drawn = f"   drawn: {kind_text(obs.drawn // 4)}" if obs.drawn >= 0 else ""
        lines.append(f"your hand: {_tiles(hand)}{drawn}")
    for s in seats:
        # A seat's own observation shows its concealed kongs; others' do not.
        melds = " ".join(meld_text(m) for m in views.get(s, obs).melds[s])
        won = "  WON" if obs.won[s] else ""
        if me is None:
            own = views[s]
            hand = [t for t in own.hand if t != own.drawn]
            drawn = f"   drawn: {kind_text(own.drawn // 4)}" if own.drawn >= 0 else ""
            shown = f"  hand {_tiles(hand)}{drawn}"
        else:
            public = obs.public_hands[s]
            shown = f"  hand {_tiles(public)}" if public is not None and s != me else ""
        lines.append(
            f"  {seat_name(s, me):>7}: {obs.hand_sizes[s]:>2} tiles  melds {melds or '-'}"
            f"{won}{shown}"
        )
    for s in seats:
        river = " ".join(
            kind_text(d.tile // 4) + ("*" if d.taken else "") for d in obs.discards if d.seat == s
        )
        lines.append(f"  {seat_name(s, me):>7} discards: {river or '-'}")
    if obs.on_offer >= 0:
        lines.append(
            f"on offer: {kind_text(obs.on_offer // 4)} from {seat_name(obs.offer_from, me)}"
        )
    if obs.ledger:
        totals = [0] * len(obs.melds)
        for p in obs.ledger:
            totals[p.payer] -= p.amount
            totals[p.payee] += p.amount
        lines.append(
            "scores so far: "
            + "  ".join(f"{seat_name(s, me)} {v:+d}" for s, v in enumerate(totals))
        )
    return "\n".join(lines)
