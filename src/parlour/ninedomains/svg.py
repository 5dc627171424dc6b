"""The Nine Domains' cards and table views drawn as SVG (after ``chess.svg``:
plain functions returning ``str``).

Every drawing is SVG 1.1 with its namespace and a view box, the same text
for the same arguments, drawn by code here (no image files, generic fonts
only). A number card shows its digit and sign: basic cards are plain,
``-`` cards blue, ``+`` cards orange and ``*`` a gold star. A domain card
shows its value (its points) over a band in its element's colour (two
halves make purple; ``rules`` gives the element table). ``size`` is the
width to show a drawing at; ``locale`` (``"en"`` or ``"zh"``) picks the
language of titles and labels.

>>> "<title>Star</title>" in card("*"), card("2-") != card("2+")
(True, True)
"""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from parlour import _svg
from parlour._locale import Locale, check_locale
from parlour.ninedomains.cards import CARD_TEXTS, card_index
from parlour.ninedomains.names import CATALOGUE, card_name, domain_name
from parlour.ninedomains.rules import DOMAINS, Rules

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "back",
    "card",
    "cards",
    "domain",
    "observation",
    "observation_html",
]

#: The view box of one card (number cards and domains alike).
CARD_WIDTH, CARD_HEIGHT = 44, 62

_DEFAULT_RULES = Rules()
# (face, ink) per sign: basic, minus, plus, star.
_SIGN_STYLE = {
    "": ("#fafafa", "#212121"),
    "-": ("#e3f2fd", "#1565c0"),
    "+": ("#fff3e0", "#e65100"),
    "*": ("#fff8e1", "#b8860b"),
}
_ELEMENT_COLOURS = {
    "red": "#d32f2f",
    "green": "#388e3c",
    "blue": "#1976d2",
    "purple": "#7b1fa2",
    "half-purple": "#7b1fa2",
}

# The observation type, read by field name only: values.py imports this
# module for _repr_html_, so importing it here, even for type checking,
# would tie the two into a circle.
_Obs = Any


@cache  # a table view draws the same few pieces many times
def _card_body(index: int, label: str) -> str:
    text = CARD_TEXTS[index]
    sign = "" if len(text) == 1 and text != "*" else text[-1]
    face, ink = _SIGN_STYLE[sign]
    out = [
        _svg.title(label),
        _svg.rect(1, 1, 42, 60, fill=face, stroke=ink, stroke_width=1.5, rx=5),
    ]
    if text == "*":
        out.append(_svg.polygon(_svg.star(22, 31, 15, 6.5), fill=ink))
    else:
        out.append(_svg.text(22 if not sign else 18, 41, text[0], size=28, fill=ink, weight="bold"))
        if sign:
            # The sign drawn, not typed, so it reads the same in every font.
            out.append(_svg.line(29, 24, 37, 24, stroke=ink, stroke_width=2.5))
            if sign == "+":
                out.append(_svg.line(33, 20, 33, 28, stroke=ink, stroke_width=2.5))
    return "".join(out)


@cache  # a table view draws the same few pieces many times
def _domain_body(value: int, element: str, label: str) -> str:
    colour = _ELEMENT_COLOURS.get(element)
    out = [
        _svg.title(label),
        _svg.rect(1, 1, 42, 60, fill="#f5f0e1", stroke="#5d4037", stroke_width=1.5, rx=5),
        _svg.text(22, 32, str(value), size=22, fill="#3e2723", family="serif", weight="bold"),
    ]
    if colour is not None:
        width = 17 if element == "half-purple" else 34
        out.append(_svg.rect(5, 42, 34, 13, fill="none", stroke=colour, stroke_width=1, rx=3))
        out.append(_svg.rect(5, 42, width, 13, fill=colour, rx=3))
    return "".join(out)


@cache  # a table view draws the same few pieces many times
def _back_body(label: str) -> str:
    return (
        _svg.title(label)
        + _svg.rect(1, 1, 42, 60, fill="#4a148c", stroke="#311b92", stroke_width=1.5, rx=5)
        + "".join(
            _svg.rect(9 + 9 * (i % 3), 15 + 12 * (i // 3), 7, 7, fill="#b39ddb", rx=1)
            for i in range(9)
        )
    )


def card(card: object, *, size: float | None = None, locale: Locale = "en") -> str:
    """One number card: a :class:`~parlour.ninedomains.Card` or its text.

    >>> from parlour.ninedomains import Card
    >>> card("3+") == card(Card("3+"))
    True
    """
    loc = check_locale(locale)
    i = card_index(card)
    return _svg.document(CARD_WIDTH, CARD_HEIGHT, _card_body(i, card_name(i, loc)), size=size)


def _element(value: int, rules: Rules | None) -> str:
    return (rules if rules is not None else _DEFAULT_RULES).element_of(value)


def _domain_label(value: int, element: str, loc: Locale) -> str:
    label = domain_name(value, loc)
    if element:
        label += f" ({CATALOGUE.lookup('elements', element, loc)})"
    return label


def domain(
    value: int, *, rules: Rules | None = None, size: float | None = None, locale: Locale = "en"
) -> str:
    """One domain card (its value 2..10), its element from ``rules``
    (default: the rules of record's table).

    >>> "<title>Domain 4 (Red)</title>" in domain(4)
    True
    """
    loc = check_locale(locale)
    if isinstance(value, bool) or value not in DOMAINS:
        raise ValueError(f"a domain is its value 2..10, not {value!r}")
    element = _element(value, rules)
    body = _domain_body(value, element, _domain_label(value, element, loc))
    return _svg.document(CARD_WIDTH, CARD_HEIGHT, body, size=size)


def back(*, size: float | None = None, locale: Locale = "en") -> str:
    """A face-down card (an unrevealed placement)."""
    label = CATALOGUE.lookup("words", "hidden", check_locale(locale))
    return _svg.document(CARD_WIDTH, CARD_HEIGHT, _back_body(label), size=size)


def _piece(c: object | None, loc: Locale) -> str:
    # A card's body (None: face down, an unrevealed placement).
    if c is None:
        return _back_body(CATALOGUE.lookup("words", "hidden", loc))
    k = card_index(c)
    return _card_body(k, card_name(k, loc))


def _row(items: Sequence[object | None], x: float, y: float, scale: float, loc: Locale) -> str:
    pieces = [_piece(c, loc) for c in items]
    return _svg.row(pieces, x, y, pitch=CARD_WIDTH + 4, scale=scale)


def cards(cards: Sequence[object], *, size: float | None = None, locale: Locale = "en") -> str:
    """A row of number cards (cards or texts), in the order given.

    >>> cards(["0", "1-", "*"]).count("<title>")
    4
    """
    loc = check_locale(locale)
    n = len(cards)
    width = max(n * (CARD_WIDTH + 4) - 4, CARD_WIDTH)
    label = " ".join(CARD_TEXTS[card_index(c)] for c in cards)
    return _svg.document(
        width, CARD_HEIGHT, _row(cards, 0, 0, 1, loc), size=size, label=label or None
    )


_VIEW_WIDTH = 640


def _word(key: str, loc: Locale) -> str:
    return CATALOGUE.lookup("words", key, loc)


def _domains(
    values: Sequence[int], x: float, y: float, scale: float, rules: Rules, loc: Locale
) -> str:
    pieces = []
    for v in values:
        element = rules.element_of(v)
        pieces.append(_domain_body(v, element, _domain_label(v, element, loc)))
    return _svg.row(pieces, x, y, pitch=CARD_WIDTH + 4, scale=scale)


def observation(obs: _Obs, *, size: float | None = None, locale: Locale = "en") -> str:
    """The table as one seat sees it (a
    :class:`~parlour.ninedomains.NineDomainsObservation`): the round and
    phase, the three revealed domains with this seat's placement below them
    (the opponent's shown face down once placed, never its cards before the
    reveal), then for each seat its domains held, points, hand and used
    pile. Drawn from ``obs`` alone, so it shows nothing the seat may not
    know.

    >>> from parlour.ninedomains import Game
    >>> observation(Game(seed=1).observation(0)).startswith("<svg")
    True
    """
    loc = check_locale(locale)
    colon = "：" if loc == "zh" else ": "
    sep = "，" if loc == "zh" else ", "
    rules: Rules = obs.rules
    phase = CATALOGUE.lookup("phases", obs.phase, loc)
    status = f"{_word('game', loc)} · {_word('round', loc)} {min(obs.round + 1, 3)} · {phase}"
    body = [_svg.text(8, 16, status, size=14, anchor="start", weight="bold")]
    y = 28.0
    other = 1 - obs.seat
    col = CARD_WIDTH + 16
    # Under each domain: the opponent's card (face down once placed), then
    # this seat's own card once it has placed.
    rows = [other] if obs.placed[other] else []
    if obs.my_placement is not None:
        rows.append(obs.seat)
    for p, value in enumerate(obs.revealed):
        x = 8 + p * col
        body.append(_svg.text(x + CARD_WIDTH / 2, y + 10, f"{_word('position', loc)} {p}", size=10))
        body.append(_domains([value], x, y + 14, 1, rules, loc))
        for r, s in enumerate(rows):
            shown = None if s == other else obs.my_placement[p]
            body.append(_row([shown], x, y + 20 + CARD_HEIGHT * (1 + 0.8 * r), 0.8, loc))
    y += 14 + CARD_HEIGHT * (1 + 0.8 * len(rows)) + 8 * len(rows) + 14
    small = 0.6
    for s in (other, obs.seat):
        who = f"{_word('seat', loc)} {s}"
        who = (
            f"{_word('you', loc)} ({who})" if s == obs.seat else f"{_word('opponent', loc)} ({who})"
        )
        bits = [who, f"{_word('points', loc)}{colon}{obs.points[s]}"]
        if obs.placed[s]:
            bits.append(_word("placed", loc))
        weight = "bold" if s == obs.seat else None
        body.append(_svg.text(8, y + 13, sep.join(bits), size=13, anchor="start", weight=weight))
        y += 18
        held = list(obs.held[s])
        body.append(_svg.text(8, y + 12, _word("held", loc), size=11, anchor="start"))
        body.append(_domains(held, 110, y, small, rules, loc))
        y += max(CARD_HEIGHT * small, 16) + 4
        body.append(_svg.text(8, y + 12, _word("hand", loc), size=11, anchor="start"))
        body.append(_row(list(obs.hands[s]), 110, y, small, loc))
        y += CARD_HEIGHT * small + 4
        body.append(_svg.text(8, y + 12, _word("used", loc), size=11, anchor="start"))
        body.append(_row(list(obs.used[s]), 110, y, small, loc))
        y += max(CARD_HEIGHT * small, 16) + 10
    if obs.removed:
        body.append(_svg.text(8, y + 12, _word("removed", loc), size=11, anchor="start"))
        body.append(_domains(list(obs.removed), 110, y, small, rules, loc))
        y += CARD_HEIGHT * small + 8
    return _svg.document(_VIEW_WIDTH, y, "".join(body), size=size)


def observation_html(obs: _Obs, *, locale: Locale = "en") -> str:
    """:func:`observation` in a ``<div>``, for notebooks (what
    ``NineDomainsObservation._repr_html_`` returns)."""
    return f'<div class="parlour-table">{observation(obs, locale=locale)}</div>'
