"""The Nine Domains table as text, built from observations only.

:func:`seat_view` shows what one seat may see; :func:`full_view` puts both
seats' views together, as a referee or a spectator after the fact sees the
table (both placements before they are revealed).

>>> from parlour.ninedomains import Game
>>> game = Game(seed=1)
>>> print(seat_view(game.observation(0)).splitlines()[0])
The Nine Domains - you are seat 0 - round 1 - phase place

With ``locale="zh"`` the words come from the ``table`` section of
:data:`parlour.ninedomains.names.CATALOGUE` (the cards keep their notation):

>>> print(seat_view(game.observation(0), "zh").splitlines()[0])
九域 - 你是座位 0 - 第 1 回合 - 阶段 布阵
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour._locale import Locale, check_locale, join, rjust
from parlour.ninedomains.names import CATALOGUE

# The game's observation (and meld) types, read by field name only: game.py imports
# this module for render(), so importing them here, even for type checking,
# would tie the two into a circle.
_Obs = Any


__all__ = ["full_view", "seat_view"]


def seat_view(obs: _Obs, locale: Locale = "en") -> str:
    """What seat ``obs.seat`` sees of the table, in ``locale``."""
    return _text(obs, {obs.seat: obs}, obs.seat, check_locale(locale))


def full_view(observations: Sequence[_Obs], locale: Locale = "en") -> str:
    """The whole table, from both seats' observations (``observations[s]``
    is seat ``s``'s)."""
    return _text(observations[0], dict(enumerate(observations)), None, check_locale(locale))


def _cards(cs: Sequence[Any]) -> str:
    return " ".join(str(c) for c in cs) or "-"


def _text(obs: _Obs, views: Mapping[int, _Obs], me: int | None, loc: Locale) -> str:
    rules = obs.rules
    w = CATALOGUE.words("table", loc)

    def seat(s: int) -> str:
        return w["you"] if s == me else w["seat"].format(s)

    def to_act(seats: Sequence[int]) -> str:
        return (w["seat"] if len(seats) == 1 else w["seats"]).format(join(map(str, seats), loc))

    def domain(d: int) -> str:
        element = rules.element_of(d)
        if element and loc != "en":
            element = CATALOGUE.lookup("elements", element, loc)
        return f"{d}({element})" if element else str(d)

    you = " - " + w["you are"].format(me) if me is not None else ""
    phase = obs.phase if loc == "en" else CATALOGUE.lookup("phases", obs.phase, loc)
    head = w["head"].format(you=you, round=obs.round + 1, phase=phase)
    if me is None:
        if obs.phase == "place":
            head += " - " + w["to act"].format(to_act([s for s in (0, 1) if not obs.placed[s]]))
        elif obs.pending is not None:
            head += " - " + w["to act"].format(to_act([obs.pending.seat]))
    lines = [head]
    offer = "  ".join(domain(d) for d in obs.revealed) or "-"
    lines.append(w["offer"].format(offer))
    for s in (0, 1):
        held = " ".join(domain(d) for d in obs.held[s]) or "-"
        row = w["row"].format(
            seat=rjust(seat(s), 7), points=obs.points[s], held=held, hand=_cards(obs.hands[s])
        )
        lines.append(f"  {row}")
    for s, view in sorted(views.items()):
        if view.my_placement is not None:
            placed = _cards(view.my_placement)
            if s == me:
                lines.append(w["your placement"].format(placed))
            else:
                lines.append(w["placement of"].format(s, placed))
    # Battles are fought at the end of a round; the round counter has moved
    # on by then, except while a won special's effect is pending.
    last = obs.round - (0 if obs.phase == "effect" else 1)
    recent = [b for b in obs.battles if b.round == last]
    for b in recent:
        who = w["removed"] if b.winner is None else w["won by"].format(seat(b.winner))
        battle = w["battle"].format(
            domain=domain(b.domain), first=b.cards[0], second=b.cards[1], outcome=who
        )
        lines.append(f"  {battle}")
    if obs.pending is not None:
        lines.append(w["pending"].format(kind=obs.pending.kind, seat=seat(obs.pending.seat)))
    return "\n".join(lines)
