"""Sì Sè Pái cards, hands and table views drawn as SVG (after ``chess.svg``:
plain functions returning ``str``).

Every drawing is SVG 1.1 with its namespace and a view box, the same text
for the same arguments, drawn by code here (no image files, generic fonts
only). A chess card is a narrow card tinted in its colour with its printed
character (see :mod:`parlour.sisepai.names` for which form each colour
prints) and its card text small below; a flower is lilac with a drawn
blossom. ``size`` is the width to show a drawing at; ``locale`` (``"en"``
or ``"zh"``) picks the language of titles and labels.

>>> "<title>Red General</title>" in card("Gr") and "帥" in card("Gr")
True
"""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from parlour import _svg
from parlour._locale import Locale, check_locale
from parlour.sisepai.cards import CARDS, CHESS_KINDS, KINDS, card_kind, kind_from_text, kind_text
from parlour.sisepai.names import CATALOGUE, glyph, kind_name

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "back",
    "card",
    "cards",
    "hand",
    "observation",
    "observation_html",
]

#: The view box of one card.
CARD_WIDTH, CARD_HEIGHT = 32, 84

# (card face, ink) per colour: red, yellow, green, white.
_PALETTE = (
    ("#fdecea", "#c62828"),
    ("#fff6cc", "#a66f00"),
    ("#e8f5e9", "#2e7d32"),
    ("#ffffff", "#37474f"),
)
_FLOWER = ("#f3e5f5", "#7b1fa2")
_BACK = "#8d2b2b"

# The game's observation type, read by field name only: values.py imports
# this module for _repr_html_, so importing it here, even for type
# checking, would tie the two into a circle.
_Obs = Any


def _kind_of(kind: int | str) -> int:
    if isinstance(kind, str):
        return kind_from_text(kind)
    if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < KINDS:
        raise ValueError(f"a card kind is an int in 0..32 or a text like 'Rr', not {kind!r}")
    return kind


def _blossom(cx: float, cy: float, colour: str) -> str:
    petals = [(cx + 6 * dx, cy + 6 * dy) for dx, dy in _PETALS]
    return "".join(_svg.circle(x, y, 4, fill=colour) for x, y in petals) + _svg.circle(
        cx, cy, 3, fill="#ffd54f"
    )


_PETALS = ((0.0, -1.0), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))


@cache  # a table view draws the same few pieces many times
def _card_body(kind: int, label: str) -> str:
    face, ink = _FLOWER if kind >= CHESS_KINDS else _PALETTE[kind // 7]
    out = [
        _svg.title(label),
        _svg.rect(1, 1, 30, 82, fill=face, stroke=ink, stroke_width=1.2, rx=3),
        _svg.rect(3.5, 3.5, 25, 77, fill="none", stroke=ink, stroke_width=0.5, rx=2),
    ]
    if kind >= CHESS_KINDS:
        out.append(_blossom(16, 22, ink))
        out.append(_svg.text(16, 54, glyph(kind), size=19, fill=ink, family="serif", weight="bold"))
    else:
        if kind % 7 == 0:
            # The General's character in a ring, as printed on many decks.
            out.append(_svg.circle(16, 36, 12.5, fill="none", stroke=ink, stroke_width=1))
        out.append(_svg.text(16, 43, glyph(kind), size=20, fill=ink, family="serif", weight="bold"))
    out.append(_svg.text(16, 75, kind_text(kind), size=8, fill=ink))
    return "".join(out)


@cache  # a table view draws the same few pieces many times
def _back_body(label: str) -> str:
    return (
        _svg.title(label)
        + _svg.rect(1, 1, 30, 82, fill=_BACK, stroke="#4e1414", stroke_width=1.2, rx=3)
        + _svg.rect(5, 5, 22, 74, fill="none", stroke="#e0b0a0", stroke_width=0.8, rx=2)
        + _svg.line(5, 5, 27, 79, stroke="#e0b0a0", stroke_width=0.5)
        + _svg.line(27, 5, 5, 79, stroke="#e0b0a0", stroke_width=0.5)
    )


def card(kind: int | str, *, size: float | None = None, locale: Locale = "en") -> str:
    """One card: a kind 0..32 or its text (``Rr``, ``3f``).

    >>> card(0) == card("Gr") != card("Gy")
    True
    """
    loc = check_locale(locale)
    k = _kind_of(kind)
    return _svg.document(CARD_WIDTH, CARD_HEIGHT, _card_body(k, kind_name(k, loc)), size=size)


def back(*, size: float | None = None, locale: Locale = "en") -> str:
    """A face-down card."""
    label = CATALOGUE.lookup("words", "hidden", check_locale(locale))
    return _svg.document(CARD_WIDTH, CARD_HEIGHT, _back_body(label), size=size)


def _piece(k: int | None, loc: Locale) -> str:
    # A card's body (None: face down).
    if k is None:
        return _back_body(CATALOGUE.lookup("words", "hidden", loc))
    return _card_body(k, kind_name(k, loc))


def _row(items: Sequence[int | None], x: float, y: float, scale: float, loc: Locale) -> str:
    return _svg.row([_piece(k, loc) for k in items], x, y, pitch=CARD_WIDTH, scale=scale)


def cards(ids: Iterable[int], *, size: float | None = None, locale: Locale = "en") -> str:
    """A row of physical cards (ids 0..116), in the order given."""
    kinds = []
    for c in ids:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < CARDS:
            raise ValueError(f"a card id is an int in 0..116, not {c!r}")
        kinds.append(card_kind(c))
    return hand(kinds, size=size, locale=locale)


def hand(hand: Any, *, size: float | None = None, locale: Locale = "en") -> str:
    """A row of cards: a :class:`~parlour.sisepai.Hand` (its exposed groups,
    then its concealed cards in kind order) or card kinds (0..32) in the
    order given.

    >>> from parlour.sisepai import Hand
    >>> hand(Hand.parse("[SSSg] GAEr")) == hand([20, 20, 20, 0, 1, 2])
    False
    """
    loc = check_locale(locale)
    groups: list[list[int]]
    if hasattr(hand, "counts") and hasattr(hand, "exposed"):
        groups = [list(g.kinds) for g in hand.exposed]
        groups.append([k for k, n in enumerate(hand.counts) for _ in range(n)])
    else:
        groups = [[_kind_of(k) for k in hand]]
    body, width = _svg.spaced(
        [[_piece(k, loc) for k in g] for g in groups], pitch=CARD_WIDTH, gap=CARD_WIDTH / 2
    )
    text = " ".join(kind_text(k) for g in groups for k in g)
    return _svg.document(width, CARD_HEIGHT, body, size=size, label=text or None)


_VIEW_WIDTH = 760


def _word(key: str, loc: Locale) -> str:
    return CATALOGUE.lookup("words", key, loc)


def _seat_line(obs: _Obs, s: int, loc: Locale) -> str:
    sep = "，" if loc == "zh" else ", "
    who = f"{_word('seat', loc)} {s}"
    if s == obs.seat:
        who = f"{_word('you', loc)} ({who})"
    bits = [who]
    if s == obs.dealer:
        bits.append(_word("dealer", loc))
    if obs.winner == s:
        bits.append(_word("winner", loc))
    if s in obs.to_act:
        bits.append(_word("to_act", loc))
    return sep.join(bits)


def observation(obs: _Obs, *, size: float | None = None, locale: Locale = "en") -> str:
    """The table as one seat sees it (a
    :class:`~parlour.sisepai.SisepaiObservation`): a status line, each other
    seat's concealed cards face down (face up once revealed), its exposed
    groups and discards, the card in question, and this seat's own cards.
    Drawn from ``obs`` alone, so it shows nothing the seat may not know.

    >>> from parlour.sisepai import Game
    >>> observation(Game(seed=1).observation(0)).startswith("<svg")
    True
    """
    loc = check_locale(locale)
    small, tiny = 0.5, 0.36
    sw, sh = CARD_WIDTH * small, CARD_HEIGHT * small
    tw, th = CARD_WIDTH * tiny, CARD_HEIGHT * tiny
    colon = "：" if loc == "zh" else ": "
    phase = CATALOGUE.lookup("phases", obs.phase, loc)
    status = f"{_word('game', loc)} · {phase} · {_word('stock', loc)}{colon}{obs.stock_left}"
    body = [_svg.text(8, 16, status, size=14, anchor="start", weight="bold")]
    y = 26.0
    n = len(obs.concealed_counts)
    per_line = int((_VIEW_WIDTH - 16) // tw)
    for step in range(1, n):
        s = (obs.seat + step) % n
        body.append(_svg.text(8, y + 13, _seat_line(obs, s, loc), size=13, anchor="start"))
        y += 18
        revealed = obs.revealed[s] if obs.revealed is not None else None
        concealed: Sequence[int | None] = (
            sorted(card_kind(c) for c in revealed)
            if revealed is not None
            else [None] * obs.concealed_counts[s]
        )
        body.append(_row(concealed, 8, y, small, loc))
        x = 8 + len(concealed) * sw + sw
        for g in obs.exposed[s]:
            body.append(_row([card_kind(c) for c in g], x, y, small, loc))
            x += len(g) * sw + sw / 2
        y += sh + 4
        kinds = [card_kind(c) for c in obs.discards[s]]
        for start in range(0, len(kinds), per_line):
            body.append(_row(kinds[start : start + per_line], 8, y, tiny, loc))
            y += th + 2
        y += 8
    if obs.card is not None:
        line = (
            f"{_word('card', loc)} ({_word('from', loc)} {_word('seat', loc)} {obs.source}){colon}"
        )
        body.append(_svg.text(8, y + 13, line, size=13, anchor="start"))
        body.append(_row([card_kind(obs.card)], 16 + _svg.text_width(line, 13), y, small, loc))
        y += sh + 6
    body.append(
        _svg.text(8, y + 13, _seat_line(obs, obs.seat, loc), size=13, anchor="start", weight="bold")
    )
    y += 18
    kinds = [card_kind(c) for c in obs.discards[obs.seat]]
    for start in range(0, len(kinds), per_line):
        body.append(_row(kinds[start : start + per_line], 8, y, tiny, loc))
        y += th + 2
    if kinds:
        y += 6
    own: Sequence[int | None] = sorted(card_kind(c) for c in obs.concealed)
    groups = [[card_kind(c) for c in g] for g in obs.exposed[obs.seat]]
    count = len(own) + sum(len(g) + 0.5 for g in groups)
    scale = min(0.9, (_VIEW_WIDTH - 16) / (CARD_WIDTH * max(count, 1)))
    bw = CARD_WIDTH * scale
    x = 8.0
    for g in groups:
        body.append(_row(list(g), x, y, scale, loc))
        x += len(g) * bw + bw / 2
    body.append(_row(own, x, y, scale, loc))
    y += CARD_HEIGHT * scale + 8
    return _svg.document(_VIEW_WIDTH, y, "".join(body), size=size)


def observation_html(obs: _Obs, *, locale: Locale = "en") -> str:
    """:func:`observation` in a ``<div>``, for notebooks (what
    ``SisepaiObservation._repr_html_`` returns)."""
    return f'<div class="parlour-table">{observation(obs, locale=locale)}</div>'
