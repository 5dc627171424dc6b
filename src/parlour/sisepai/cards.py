"""Sì Sè Pái cards: kinds 0..32, physical ids 0..116, card text.

A chess card's kind is ``colour * 7 + character`` with colours ``r y g w``
(red, yellow, green, white) and characters ``G A E R H C S`` (General,
Advisor, Elephant, chaRiot, Horse, Cannon, Soldier); its id is
``kind * 4 + copy``. The five flowers are ids 112..116 and kinds 28..32,
written ``1f`` .. ``5f``.

Card text writes the characters of one colour followed by the colour
letter, and flower digits followed by ``f``: ``"GAEr SSSg RHCw 3f"``.

>>> kind_from_text("Sg")
20
>>> kind_text(20), kind_text(30)
('Sg', '3f')
>>> card_kind(83), card_kind(114)
(20, 30)
>>> parse_kinds("GAEr SSSg 13f")
(0, 1, 2, 20, 20, 20, 28, 30)
>>> format_kinds([20, 0, 2, 1, 28])
'GAEr Sg 1f'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from parlour._codes.sisepai import (
    SSP_CHARACTER,
    SSP_CHARACTER_GENERAL,
    SSP_COLOUR,
    SSP_COLOUR_LITERAL,
    SSP_FLOWER,
    SSP_FLOWER_NAMES,
)
from parlour.errors import NotationError

__all__ = [
    "CARDS",
    "CHARACTERS",
    "CHARACTER_NAMES",
    "CHESS_CARDS",
    "CHESS_KINDS",
    "COLOURS",
    "FLOWER_NAMES",
    "KINDS",
    "Colour",
    "NotationError",
    "card_kind",
    "card_text",
    "format_kinds",
    "is_flower",
    "is_general",
    "kind_character",
    "kind_colour",
    "kind_from_text",
    "kind_text",
    "parse_kinds",
]

#: Colour letters in colour order: red, yellow, green, white.
COLOURS = "".join(row[2] for row in SSP_COLOUR)
#: Character letters in character order.
CHARACTERS = "".join(row[2] for row in SSP_CHARACTER)
#: English names of the characters, in character order.
CHARACTER_NAMES = tuple(row[3] for row in SSP_CHARACTER)
#: Display names of the flowers 1f..5f (duke, marquis, earl, viscount, baron).
FLOWER_NAMES = tuple(row[3] for row in SSP_FLOWER)
#: Number of chess kinds (0..27).
CHESS_KINDS = len(COLOURS) * len(CHARACTERS)
#: Number of kinds, the five flowers included (0..32).
KINDS = CHESS_KINDS + len(SSP_FLOWER)
#: Number of physical chess cards (ids 0..111).
CHESS_CARDS = 4 * CHESS_KINDS
#: Number of physical cards, the flowers included (ids 0..116).
CARDS = CHESS_CARDS + len(SSP_FLOWER)

Colour = SSP_COLOUR_LITERAL

_TOKEN = re.compile(rf"([{CHARACTERS}]+)([{COLOURS}])|([1-{len(SSP_FLOWER)}]+)f")
# What an error quotes: the run of text up to the next space or bracket, so
# the message names the one bad token rather than everything after it.
_WORD = re.compile(r"[^\s\[\]]+")


def _check_kind(kind: int) -> None:
    if not isinstance(kind, int) or isinstance(kind, bool) or not 0 <= kind < KINDS:
        raise NotationError(f"a card kind is an int in 0..32, not {kind!r}")


def kind_text(kind: int) -> str:
    """The text of one kind: ``"Gr"`` .. ``"Sw"``, ``"1f"`` .. ``"5f"``.

    >>> kind_text(0), kind_text(27), kind_text(32)
    ('Gr', 'Sw', '5f')
    """
    _check_kind(kind)
    if kind >= CHESS_KINDS:
        return SSP_FLOWER_NAMES[kind - CHESS_KINDS]
    return CHARACTERS[kind % 7] + COLOURS[kind // 7]


def kind_from_text(text: str) -> int:
    """The kind of one card's text (``NotationError`` if it is not one).

    >>> kind_from_text("Hw"), kind_from_text("5f")
    (25, 32)
    """
    if not isinstance(text, str):
        raise NotationError(f"card text must be a str, not {type(text).__name__}")
    kinds = parse_kinds(text)
    if len(kinds) != 1:
        raise NotationError(f"{text!r} is not the text of exactly one card")
    return kinds[0]


def kind_colour(kind: int) -> int:
    """Colour index (0..3) of a chess kind; -1 for a flower."""
    _check_kind(kind)
    return -1 if kind >= CHESS_KINDS else kind // 7


def kind_character(kind: int) -> int:
    """Character index (0..6) of a chess kind; -1 for a flower."""
    _check_kind(kind)
    return -1 if kind >= CHESS_KINDS else kind % 7


def is_general(kind: int) -> bool:
    """True for the four General kinds."""
    return kind < CHESS_KINDS and kind % 7 == SSP_CHARACTER_GENERAL


def is_flower(kind: int) -> bool:
    """True for the flower kinds 28..32."""
    return kind >= CHESS_KINDS


def card_kind(card: int) -> int:
    """The kind of physical card ``card`` (0..116).

    >>> card_kind(0), card_kind(111), card_kind(116)
    (0, 27, 32)
    """
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < CARDS:
        raise NotationError(f"a card id is an int in 0..116, not {card!r}")
    return card // 4 if card < CHESS_CARDS else card - CHESS_CARDS + CHESS_KINDS


def card_text(card: int) -> str:
    """The text of physical card ``card``.

    >>> card_text(5), card_text(112)
    ('Ar', '1f')
    """
    return kind_text(card_kind(card))


def parse_kinds(text: str) -> tuple[int, ...]:
    """The kinds written in ``text`` (no brackets), sorted; ``NotationError``
    for anything that is not card text. Copy limits are not checked here.

    >>> parse_kinds("SSr Sy")
    (6, 6, 13)
    """
    if not isinstance(text, str):
        raise NotationError(f"card text must be a str, not {type(text).__name__}")
    return tuple(sorted(_scan_kinds(text, 0, len(text))))


def _scan_kinds(text: str, start: int, end: int) -> list[int]:
    """The kinds written in ``text[start:end]``, in text order.

    Errors name the bad token and its position in the whole of ``text``, so
    a caller reading part of a longer text (a hand between its brackets)
    still points the user at the right place.
    """
    kinds: list[int] = []
    pos = _skip_space(text, start, end)
    while pos < end:
        m = _TOKEN.match(text, pos, end)
        if m is None:
            word = _WORD.match(text, pos, end)
            token = word.group() if word is not None else text[pos]
            raise NotationError(
                f"bad card {token!r} at position {pos} in {text!r}: expected characters "
                f"{CHARACTERS} followed by a colour {' '.join(COLOURS)}, "
                f"or flower digits 1-{len(SSP_FLOWER)} followed by f"
            )
        chars, colour, flowers = m.groups()
        if chars is not None:
            c = COLOURS.index(colour)
            kinds.extend(c * 7 + CHARACTERS.index(ch) for ch in chars)
        else:
            kinds.extend(CHESS_KINDS + int(d) - 1 for d in flowers)
        pos = _skip_space(text, m.end(), end)
    return kinds


def _skip_space(text: str, pos: int, end: int) -> int:
    while pos < end and text[pos].isspace():
        pos += 1
    return pos


def format_kinds(kinds: Iterable[int]) -> str:
    """Card text of some kinds: one token per colour in colour order, then
    the flowers.

    >>> format_kinds([])
    ''
    >>> format_kinds([30, 28, 6, 13, 6])
    'SSr Sy 13f'
    """
    ks = sorted(kinds)
    for k in ks:
        _check_kind(k)
    parts: list[str] = []
    for c in range(4):
        chars = "".join(CHARACTERS[k % 7] for k in ks if k < CHESS_KINDS and k // 7 == c)
        if chars:
            parts.append(chars + COLOURS[c])
    flowers = "".join(str(k - CHESS_KINDS + 1) for k in ks if k >= CHESS_KINDS)
    if flowers:
        parts.append(flowers + "f")
    return " ".join(parts)
