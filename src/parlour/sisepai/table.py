"""The Sì Sè Pái table as text, built from observations only.

:func:`seat_view` shows what one seat may see; :func:`full_view` puts every
seat's own view together, as a referee or a spectator after the fact sees
the table (every concealed hand, and each seat's answer in an open window).

>>> from parlour.sisepai import Game
>>> game = Game(seed=2)
>>> print(seat_view(game.observation(1)).splitlines()[0])
Si Se Pai - you are seat 1 - dealer seat 0 - stock 36 - phase draw

With ``locale="zh"`` the words come from the ``table`` section of
:data:`parlour.sisepai.names.CATALOGUE` and the cards by their Chinese names:

>>> print(seat_view(game.observation(1), "zh").splitlines()[0])
四色牌 - 你是座位 1 - 庄家 座位 0 - 牌堆 36 张 - 阶段 摸牌响应
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour._locale import Locale, check_locale, join, rjust
from parlour.errors import NotationError
from parlour.sisepai.cards import card_kind, card_text, format_kinds
from parlour.sisepai.names import CATALOGUE, describe_action, kind_name

# The game's observation (and meld) types, read by field name only: game.py imports
# this module for render(), so importing them here, even for type checking,
# would tie the two into a circle.
_Obs = Any


__all__ = ["full_view", "seat_view"]


def _cards(ids: Sequence[int], locale: Locale = "en") -> str:
    kinds = tuple(sorted(card_kind(c) for c in ids))
    if locale == "en":
        return format_kinds(kinds) or "-"
    return " ".join(kind_name(k, locale) for k in kinds) or "-"


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

    def answered(text: str) -> str:
        if loc == "en":
            return text
        try:
            return describe_action(text, loc)
        except (NotationError, ValueError):
            return text

    you = " - " + w["you are"].format(me) if me is not None else ""
    phase = obs.phase if loc == "en" else CATALOGUE.lookup("phases", obs.phase, loc)
    head = w["head"].format(
        you=you, dealer=w["seat"].format(obs.dealer), stock=obs.stock_left, phase=phase
    )
    if me is None and obs.to_act:
        seats = (w["seat"] if len(obs.to_act) == 1 else w["seats"]).format(
            join(map(str, obs.to_act), loc)
        )
        head += " - " + w["to act"].format(seats)
    lines = [head]
    if me is not None:
        lines.append(w["your hand"].format(_cards(obs.concealed, loc)))
    for s in range(len(obs.exposed)):
        groups = " ".join(f"[{_cards(g, loc)}]" for g in obs.exposed[s]) or "-"
        row = w["row"].format(seat=rjust(seat(s), 7), count=obs.concealed_counts[s], groups=groups)
        line = f"  {row}"
        if me is None:
            line += "  " + w["hand"].format(_cards(views[s].concealed, loc))
        elif obs.revealed is not None and s != me:
            line += "  " + w["hand"].format(_cards(obs.revealed[s], loc))
        answer = views[s].answer if s in views else None
        if answer is not None:
            line += "  " + w["answered"].format(answered(answer))
        lines.append(line)
    for s in range(len(obs.discards)):
        cards = _cards(obs.discards[s], loc)
        lines.append("  " + w["discards"].format(seat=rjust(seat(s), 7), cards=cards))
    if obs.card is not None:
        source = seat(obs.source) if obs.source is not None else "?"
        card = card_text(obs.card) if loc == "en" else kind_name(card_kind(obs.card), loc)
        lines.append(w["card in play"].format(card=card, seat=source))
    if obs.winner is not None:
        lines.append(w["won by"].format(seat(obs.winner)))
    return "\n".join(lines)
