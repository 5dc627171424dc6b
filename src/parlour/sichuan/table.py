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

With ``locale="zh"`` the words come from the ``table`` section of
:data:`parlour.sichuan.names.CATALOGUE` and the tiles by their Chinese names:

>>> print(seat_view(game.observation(0), "zh").splitlines()[1])
你的手牌：四万 七万 二筒 五筒 七筒 八筒 九筒 一条 三条 五条 五条 六条 七条 八条
"""

# ruff: noqa: RUF001, RUF002 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour._locale import Locale, check_locale, join, rjust
from parlour.sichuan.names import CATALOGUE, kind_name, suit_name
from parlour.sichuan.tiles import kind_text

# The game's observation (and meld) types, read by field name only: game.py imports
# this module for render(), so importing them here, even for type checking,
# would tie the two into a circle.
_Meld = Any
_Obs = Any


__all__ = ["full_view", "meld_text", "seat_view"]


def _kind(kind: int, locale: Locale) -> str:
    return kind_text(kind) if locale == "en" else kind_name(kind, locale)


def _tiles(ids: Sequence[int], locale: Locale = "en") -> str:
    return " ".join(_kind(t // 4, locale) for t in sorted(ids)) or "-"


def meld_text(meld: _Meld, locale: Locale = "en") -> str:
    """A meld as its kind written once per tile: ``[555p]``, ``(7777s)``
    for a concealed kong, ``(kong)`` for another seat's concealed kong;
    in Chinese the tile's name and the count (``[五筒×3]``)."""
    loc = check_locale(locale)
    if not meld.tiles:
        return CATALOGUE.lookup("table", "kong", loc)
    kind = meld.tiles[0] // 4
    if loc == "en":
        text = kind_text(kind)
        body = text[0] * len(meld.tiles) + text[1]
    else:
        body = f"{kind_name(kind, loc)}×{len(meld.tiles)}"
    return f"({body})" if meld.type == "concealed_kong" else f"[{body}]"


def seat_view(obs: _Obs, locale: Locale = "en") -> str:
    """What seat ``obs.seat`` sees of the table, in ``locale``."""
    return _text(obs, {obs.seat: obs}, obs.seat, check_locale(locale))


def full_view(observations: Sequence[_Obs], locale: Locale = "en") -> str:
    """The whole table: every seat's hand, melds and missing suit, taken
    from the observations of every seat (``observations[s]`` is seat
    ``s``'s)."""
    return _text(observations[0], dict(enumerate(observations)), None, check_locale(locale))


def _text(obs: _Obs, views: Mapping[int, _Obs], me: int | None, loc: Locale) -> str:
    """The table as ``obs`` shows it in public, with the secrets of the
    seats in ``views`` taken from their own observations."""
    w = CATALOGUE.words("table", loc)

    def seat(s: int) -> str:
        return w["you"] if s == me else w["seat"].format(s)

    def to_act(seats: Sequence[int]) -> str:
        return (w["seat"] if len(seats) == 1 else w["seats"]).format(join(map(str, seats), loc))

    seats = range(len(obs.melds))
    you = " - " + w["you are"].format(me) if me is not None else ""
    phase = obs.phase if loc == "en" else CATALOGUE.lookup("phases", obs.phase, loc)
    head = w["head"].format(
        you=you, dealer=w["seat"].format(obs.dealer), wall=obs.wall_remaining, phase=phase
    )
    if me is None and obs.to_act:
        head += " - " + w["to act"].format(to_act(obs.to_act))
    lines = [head]
    missing = [views[s].missing[s] if s in views else obs.missing[s] for s in seats]
    if any(obs.declared):

        def suit(m: str | None) -> str:
            return "?" if not m else m if loc == "en" else suit_name(m, loc)

        lines.append(
            w["missing"].format(join((f"{seat(s)} {suit(m)}" for s, m in enumerate(missing)), loc))
        )

    def drawn_text(view: _Obs) -> str:
        if view.drawn < 0:
            return ""
        return "   " + w["drawn"].format(_kind(view.drawn // 4, loc))

    if me is not None:
        hand = [t for t in obs.hand if t != obs.drawn]
        lines.append(w["your hand"].format(_tiles(hand, loc)) + drawn_text(obs))
    for s in seats:
        # A seat's own observation shows its concealed kongs; others' do not.
        melds = " ".join(meld_text(m, loc) for m in views.get(s, obs).melds[s])
        won = "  " + w["won"] if obs.won[s] else ""
        if me is None:
            own = views[s]
            hand = [t for t in own.hand if t != own.drawn]
            shown = "  " + w["hand"].format(_tiles(hand, loc)) + drawn_text(own)
        else:
            public = obs.public_hands[s]
            shown = (
                "  " + w["hand"].format(_tiles(public, loc))
                if public is not None and s != me
                else ""
            )
        row = w["row"].format(seat=rjust(seat(s), 7), count=obs.hand_sizes[s], melds=melds or "-")
        lines.append(f"  {row}{won}{shown}")
    for s in seats:
        river = " ".join(
            _kind(d.tile // 4, loc) + ("*" if d.taken else "") for d in obs.discards if d.seat == s
        )
        lines.append("  " + w["discards"].format(seat=rjust(seat(s), 7), tiles=river or "-"))
    if obs.on_offer >= 0:
        lines.append(
            w["on offer"].format(tile=_kind(obs.on_offer // 4, loc), seat=seat(obs.offer_from))
        )
    if obs.ledger:
        totals = [0] * len(obs.melds)
        for p in obs.ledger:
            totals[p.payer] -= p.amount
            totals[p.payee] += p.amount
        lines.append(
            w["scores"].format("  ".join(f"{seat(s)} {v:+d}" for s, v in enumerate(totals)))
        )
    return "\n".join(lines)
