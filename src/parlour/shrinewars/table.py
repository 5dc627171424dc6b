"""The Shrine Wars table as text, built from observations only.

:func:`seat_view` shows what one seat may see; :func:`full_view` puts every
seat's own view together, as a referee or a spectator after the fact sees
the table (every seat's oinks, even when the table plays closed).

>>> from parlour.shrinewars import Game
>>> game = Game(seed=3)
>>> print(seat_view(game.observation(0)).splitlines()[0])
Shrine Wars - you are seat 0 - 35 cards left

With ``locale="zh"`` the words come from the ``table`` section of
:data:`parlour.shrinewars.names.CATALOGUE` and the cards by their Chinese
names:

>>> print(seat_view(game.observation(0), "zh").splitlines()[0])
神殿之战 - 你是座位 0 - 剩余 35 张牌
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour._locale import Locale, check_locale, join, rjust
from parlour.errors import NotationError
from parlour.shrinewars.names import CATALOGUE, card_name, describe_action

# The game's observation (and meld) types, read by field name only: game.py imports
# this module for render(), so importing them here, even for type checking,
# would tie the two into a circle.
_Obs = Any


__all__ = ["full_view", "seat_view"]


def seat_view(obs: _Obs, locale: Locale = "en") -> str:
    """What seat ``obs.seat`` sees of the table, in ``locale``."""
    return _text(obs, {obs.seat: obs}, obs.seat, check_locale(locale))


def full_view(observations: Sequence[_Obs], locale: Locale = "en") -> str:
    """The whole table, from every seat's observation (``observations[s]``
    is seat ``s``'s)."""
    return _text(observations[0], dict(enumerate(observations)), None, check_locale(locale))


def _text(obs: _Obs, views: Mapping[int, _Obs], me: int | None, loc: Locale) -> str:
    w = CATALOGUE.words("table", loc)

    def seat(s: int) -> str:
        return w["you"] if s == me else w["seat"].format(s)

    def cards(cs: object) -> str:
        text = str(cs)
        if loc == "en" or not text:
            return text or "-"
        return " ".join(card_name(c, loc) for c in text.split())

    def action(a: object) -> str:
        if loc == "en":
            return str(a)
        try:
            return describe_action(str(a), loc)
        except (NotationError, ValueError):
            return str(a)

    you = " - " + w["you are"].format(me) if me is not None else ""
    head = w["head"].format(you=you, left=obs.cards_left)
    if me is None:
        if obs.is_over:
            head += " - " + w["game over"]
        else:
            seats = (w["seat"] if len(obs.to_act) == 1 else w["seats"]).format(
                join(map(str, obs.to_act), loc)
            )
            head += " - " + w["to act"].format(seats)
    lines = [head]
    if me is not None:
        lines.append(w["your oinks"].format(obs.oinks))
    oinks = obs.table_oinks
    if me is None:
        oinks = tuple(views[s].oinks for s in range(obs.num_players))
    if oinks is not None:
        lines.append(w["oinks"].format("  ".join(f"{seat(s)} {o}" for s, o in enumerate(oinks))))
    for s in range(obs.num_players):
        row = w["row"].format(seat=rjust(seat(s), 7), won=cards(obs.won[s]), pool=obs.pool[s])
        lines.append(f"  {row}")
    lines.append(w["lot"].format(lot=cards(obs.lot), seat=seat(obs.opener)))
    if obs.high_bid is not None and obs.high_bidder is not None:
        lines.append(w["high bid"].format(bid=action(obs.high_bid), seat=seat(obs.high_bidder)))
    if obs.bids:
        bids = join((f"{seat(s)} {action(a)}" for s, a in obs.bids), loc)
        lines.append(w["this lot"].format(bids))
    for s, view in sorted(views.items()):
        if view.forbidden:
            digits = join(map(str, view.forbidden), loc)
            lines.append(w["forbidden"].format(seat=seat(s), digits=digits))
    return "\n".join(lines)
