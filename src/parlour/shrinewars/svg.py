"""Shrine Wars cards and table views drawn as SVG (after ``chess.svg``:
plain functions returning ``str``).

Every drawing is SVG 1.1 with its namespace and a view box, the same text
for the same arguments, drawn by code here (no image files, generic fonts
only). A card shows its face value and its element's alchemical sign, in
the element's colour: Fire a red triangle up, Water a blue triangle down,
Air a teal triangle up with a bar, Earth a brown triangle down with a bar.
``size`` is the width to show a drawing at; ``locale`` (``"en"`` or
``"zh"``) picks the language of titles and labels.

>>> "<title>5 of Fire</title>" in card("5F"), card("5F") != card("5W")
(True, True)
"""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from parlour import _svg
from parlour._codes import shrinewars as _codes
from parlour._locale import Locale, check_locale
from parlour.errors import NotationError
from parlour.shrinewars.names import CATALOGUE, card_name, describe_action

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "back", "card", "cards", "observation", "observation_html"]

#: The view box of one card.
CARD_WIDTH, CARD_HEIGHT = 44, 64

_LETTERS: tuple[str, ...] = tuple(str(row[2]) for row in _codes.SW_ELEMENT)
# (ink, face) per element: Fire, Water, Air, Earth.
_PALETTE = (
    ("#d84315", "#fff3e0"),
    ("#1565c0", "#e3f2fd"),
    ("#00838f", "#e0f7fa"),
    ("#6d4c41", "#efebe9"),
)

# The cards type and the observation type, read by duck typing only: cards.py
# and values.py import this module for _repr_svg_ / _repr_html_, so
# importing them here would tie the modules into a circle.
_Obs = Any


def _card_id(card: int | str) -> int:
    if isinstance(card, str):
        t = card.strip()
        if len(t) == 2 and t[0] in "123456789" and t[1] in _LETTERS:
            return _LETTERS.index(t[1]) * 9 + int(t[0]) - 1
        raise NotationError(f"{card!r} is not a Shrine Wars card (a value 1..9 then F, W, A or E)")
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 36:
        raise ValueError(f"a card id is an int in 0..35, not {card!r}")
    return card


def _sign(element: int, cx: float, cy: float, r: float, ink: str) -> str:
    up = element in (0, 2)
    h = r * 0.87
    if up:
        pts = [(cx, cy - r), (cx + h, cy + r / 2), (cx - h, cy + r / 2)]
    else:
        pts = [(cx, cy + r), (cx + h, cy - r / 2), (cx - h, cy - r / 2)]
    out = _svg.polygon(pts, fill="none", stroke=ink, stroke_width=2.2)
    if element in (2, 3):
        # Air and Earth: the triangle crossed by a bar.
        out += _svg.line(cx - h * 0.8, cy, cx + h * 0.8, cy, stroke=ink, stroke_width=2.2)
    return out


@cache  # a table view draws the same few pieces many times
def _card_body(cid: int, label: str) -> str:
    element, value = divmod(cid, 9)
    ink, face = _PALETTE[element]
    v = str(value + 1)
    return (
        _svg.title(label)
        + _svg.rect(1, 1, 42, 62, fill=face, stroke=ink, stroke_width=1.5, rx=4)
        + _svg.text(7, 13, v, size=10, fill=ink, weight="bold")
        + _svg.text(37, 58, v, size=10, fill=ink, weight="bold")
        + _svg.text(22, 30, v, size=20, fill=ink, family="serif", weight="bold")
        + _sign(element, 22, 45, 9, ink)
    )


@cache  # a table view draws the same few pieces many times
def _back_body(label: str) -> str:
    return (
        _svg.title(label)
        + _svg.rect(1, 1, 42, 62, fill="#37474f", stroke="#263238", stroke_width=1.5, rx=4)
        + "".join(_sign(e, 14 + 16 * (e % 2), 20 + 24 * (e // 2), 6, "#cfd8dc") for e in range(4))
    )


def card(card: int | str, *, size: float | None = None, locale: Locale = "en") -> str:
    """One card: its id (0..35) or its text (``5F``).

    >>> card(4) == card("5F")
    True
    """
    loc = check_locale(locale)
    cid = _card_id(card)
    return _svg.document(CARD_WIDTH, CARD_HEIGHT, _card_body(cid, card_name(cid, loc)), size=size)


def back(*, size: float | None = None, locale: Locale = "en") -> str:
    """A face-down card (the deck)."""
    label = CATALOGUE.lookup("words", "hidden", check_locale(locale))
    return _svg.document(CARD_WIDTH, CARD_HEIGHT, _back_body(label), size=size)


def _row(ids: Sequence[int], x: float, y: float, scale: float, loc: Locale) -> str:
    pieces = [_card_body(c, card_name(c, loc)) for c in ids]
    return _svg.row(pieces, x, y, pitch=CARD_WIDTH, scale=scale)


def cards(cards: Iterable[int | str], *, size: float | None = None, locale: Locale = "en") -> str:
    """A row of cards: a :class:`~parlour.shrinewars.Cards` (in id order),
    or card ids or texts in the order given.

    >>> cards([4, 5]) == cards(["5F", "6F"])
    True
    """
    loc = check_locale(locale)
    ids = [_card_id(c) for c in cards]
    gap = CARD_WIDTH / 8
    width = max(len(ids) * (CARD_WIDTH + gap) - gap, CARD_WIDTH)
    body = _svg.row([_card_body(c, card_name(c, loc)) for c in ids], 0, 0, pitch=CARD_WIDTH + gap)
    label = " ".join(f"{c % 9 + 1}{_LETTERS[c // 9]}" for c in ids)
    return _svg.document(width, CARD_HEIGHT, body, size=size, label=label or None)


_VIEW_WIDTH = 720


def _word(key: str, loc: Locale) -> str:
    return CATALOGUE.lookup("words", key, loc)


def _oinks(oinks: Sequence[int], x: float, y: float) -> str:
    # A coin per element in its colour, the count beside it.
    out = []
    for e, n in enumerate(oinks):
        ink = _PALETTE[e][0]
        cx = x + e * 42
        out.append(_svg.circle(cx + 7, y - 4, 7, fill=ink))
        out.append(_svg.text(cx + 7, y - 0.5, _LETTERS[e], size=9, fill="#fff", weight="bold"))
        out.append(_svg.text(cx + 17, y, str(n), size=12, anchor="start"))
    return "".join(out)


def observation(obs: _Obs, *, size: float | None = None, locale: Locale = "en") -> str:
    """The table as one seat sees it (a
    :class:`~parlour.shrinewars.ShrineWarsObservation`): cards left and the
    pool, the lot, the high bid, and each seat's won cards, with Oinks shown
    for this seat (and the others' only when the table plays open). Drawn
    from ``obs`` alone, so it shows nothing the seat may not know.

    >>> from parlour.shrinewars import Game
    >>> observation(Game(seed=1).observation(0)).startswith("<svg")
    True
    """
    loc = check_locale(locale)
    colon = "：" if loc == "zh" else ": "
    sep = "，" if loc == "zh" else ", "
    status = f"{_word('game', loc)} · {_word('cards_left', loc)}{colon}{obs.cards_left}"
    body = [_svg.text(8, 16, status, size=14, anchor="start", weight="bold")]
    body.append(_svg.text(8, 38, f"{_word('pool', loc)}{colon}", size=13, anchor="start"))
    body.append(_oinks(obs.pool, 80, 38))
    y = 48.0
    lot = list(obs.lot)
    if lot:
        body.append(_svg.text(8, y + 14, f"{_word('lot', loc)}{colon}", size=13, anchor="start"))
        body.append(_row(lot, 80, y, 1, loc))
        if obs.high_bid is not None:
            bid = describe_action(obs.high_bid, loc)
            high = f"{_word('high_bid', loc)}{colon}{bid} ({_word('seat', loc)} {obs.high_bidder})"
            body.append(
                _svg.text(100 + len(lot) * CARD_WIDTH, y + 36, high, size=13, anchor="start")
            )
        y += CARD_HEIGHT + 10
    small = 0.6
    for step in range(obs.num_players):
        s = (obs.seat + step) % obs.num_players
        who = f"{_word('seat', loc)} {s}"
        if s == obs.seat:
            who = f"{_word('you', loc)} ({who})"
        bits = [who]
        if s == obs.opener:
            bits.append(_word("opener", loc))
        if s in obs.passed:
            bits.append(_word("passed", loc))
        if s in obs.to_act:
            bits.append(_word("to_act", loc))
        weight = "bold" if s == obs.seat else None
        body.append(_svg.text(8, y + 13, sep.join(bits), size=13, anchor="start", weight=weight))
        holding = obs.oinks if s == obs.seat else None
        if holding is None and obs.table_oinks is not None:
            holding = obs.table_oinks[s]
        if holding is not None:
            body.append(_oinks(holding, 380, y + 13))
        y += 18
        won = list(obs.won[s])
        if won:
            body.append(_row(won, 8, y, small, loc))
            y += CARD_HEIGHT * small + 4
        y += 6
    if obs.forbidden:
        line = f"{_word('forbidden', loc)}{colon}{' '.join(str(d) for d in obs.forbidden)}"
        body.append(_svg.text(8, y + 13, line, size=13, anchor="start"))
        y += 20
    return _svg.document(_VIEW_WIDTH, y + 4, "".join(body), size=size)


def observation_html(obs: _Obs, *, locale: Locale = "en") -> str:
    """:func:`observation` in a ``<div>``, for notebooks (what
    ``ShrineWarsObservation._repr_html_`` returns)."""
    return f'<div class="parlour-table">{observation(obs, locale=locale)}</div>'
