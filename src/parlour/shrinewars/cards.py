"""Shrine Wars cards: the 36-card standard deck and its notation.

A card is an ``int`` id ``element * 9 + value - 1`` (0..35); its text is the
face value then the element letter, ``F`` Fire, ``W`` Water, ``A`` Air,
``E`` Earth. :class:`Cards` is an immutable set of cards, written as the
cards' texts in id order (all Fire cards first, by value, then Water, Air,
Earth).

>>> card_text(0), card_text(35), card_from_text("3W")
('1F', '9E', 11)
>>> Cards.parse("9F 5F 3W 6F")
Cards('5F 6F 9F 3W')
>>> len(Cards.parse("5F 6F")), 4 in Cards.parse("5F")
(2, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from parlour._codes.shrinewars import SW_ELEMENT, SW_ELEMENT_LITERAL, SW_ELEMENT_NAMES
from parlour.errors import NotationError
from parlour.shrinewars import svg as _draw

__all__ = [
    "CARDS",
    "ELEMENTS",
    "ELEMENT_NAMES",
    "Cards",
    "CardsLike",
    "Element",
    "Partition",
    "as_cards",
    "card_element",
    "card_from_text",
    "card_id",
    "card_text",
    "card_value",
    "element_index",
]

#: Element letters in element order (Fire, Water, Air, Earth).
ELEMENTS: tuple[Element, ...] = SW_ELEMENT_NAMES
#: Element names in element order.
ELEMENT_NAMES: tuple[str, str, str, str] = tuple(row[3] for row in SW_ELEMENT)  # type: ignore[assignment]
#: Every card id, 0..35.
CARDS: tuple[int, ...] = tuple(range(36))

Element = SW_ELEMENT_LITERAL

_TEXT = tuple(f"{c % 9 + 1}{ELEMENTS[c // 9]}" for c in CARDS)
_BY_TEXT = {t: c for c, t in enumerate(_TEXT)}
_WORD = re.compile(r"\S+")
_CARD_HELP = f"a face value 1..9 then an element {' '.join(ELEMENTS)}, e.g. '5{ELEMENTS[0]}'"
_FULL = (1 << 36) - 1


def _bits(mask: int) -> tuple[int, ...]:
    # the set bits of mask, lowest first
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def element_index(element: str) -> int:
    """The index 0..3 of an element given by letter or name (any case).

    >>> element_index("A"), element_index("earth")
    (2, 3)
    """
    if isinstance(element, str):
        key = element.strip().lower()
        for i, (letter, name) in enumerate(zip(ELEMENTS, ELEMENT_NAMES, strict=True)):
            if key in (letter.lower(), name.lower()):
                return i
    raise NotationError(
        f"not an element: {element!r} (use {' '.join(ELEMENTS)} or {' '.join(ELEMENT_NAMES)})"
    )


def card_id(value: int, element: int | str) -> int:
    """The id of the card of face ``value`` (1..9) and ``element`` (index or letter).

    >>> card_id(5, "F"), card_id(3, 1)
    (4, 11)
    """
    e = element if isinstance(element, int) and not isinstance(element, bool) else None
    if e is None:
        e = element_index(str(element))
    if not 0 <= e <= 3:
        raise NotationError(f"element index must be 0..3, not {element!r}")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9:
        raise NotationError(f"face value must be 1..9, not {value!r}")
    return e * 9 + value - 1


def _check_id(card: object) -> int:
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 36:
        raise NotationError(f"a card id is an int in 0..35, not {card!r}")
    return card


def card_value(card: int) -> int:
    """The face value 1..9 of a card id.

    >>> card_value(4)
    5
    """
    return _check_id(card) % 9 + 1


def card_element(card: int) -> int:
    """The element index 0..3 of a card id (0 Fire, 1 Water, 2 Air, 3 Earth).

    >>> card_element(11)
    1
    """
    return _check_id(card) // 9


def card_text(card: int) -> str:
    """The notation of one card id.

    >>> card_text(4)
    '5F'
    """
    return _TEXT[_check_id(card)]


def card_from_text(text: str) -> int:
    """The id of one card's notation (``"5F"``); :class:`NotationError` if bad.

    >>> card_from_text("9E")
    35
    """
    if not isinstance(text, str):
        raise NotationError(f"card text must be a str, not {type(text).__name__}")
    try:
        return _BY_TEXT[text.strip()]
    except KeyError:
        raise NotationError(f"not a card: {text!r} ({_CARD_HELP})") from None


class Cards:
    """An immutable set of Shrine Wars cards.

    Build it from ids (``Cards([4, 5])``) or text (``Cards("5F 6F")``, as
    :meth:`parse`); iteration
    yields the ids in increasing order and ``str`` gives the notation, which
    :meth:`parse` reads back. Duplicates and unknown cards raise
    :class:`~parlour.errors.NotationError`.

    >>> c = Cards.parse("5F 6F 7F")
    >>> list(c), str(c), c.mask
    ([4, 5, 6], '5F 6F 7F', 112)
    >>> Cards([4, 4])
    Traceback (most recent call last):
    ...
    parlour.errors.NotationError: card 5F appears twice
    """

    __slots__ = ("_ids", "_mask")

    _mask: int
    _ids: tuple[int, ...]

    def __init__(self, cards: Iterable[int] | str = ()) -> None:
        if isinstance(cards, str):
            cards = Cards.parse(cards)._ids
        mask = 0
        for c in cards:
            bit = 1 << _check_id(c)
            if mask & bit:
                raise NotationError(f"card {_TEXT[c]} appears twice")
            mask |= bit
        self._mask = mask
        self._ids = _bits(mask)

    @classmethod
    def from_mask(cls, mask: int) -> Cards:
        """The cards whose ids are the set bits of ``mask`` (bits 0..35).

        >>> Cards.from_mask(0b10001)
        Cards('1F 5F')
        """
        if not isinstance(mask, int) or isinstance(mask, bool) or mask < 0 or mask > _FULL:
            raise NotationError(f"a card mask is an int with bits 0..35 only, not {mask!r}")
        new = object.__new__(cls)
        new._mask = mask
        new._ids = _bits(mask)
        return new

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Read card notation: card texts separated by spaces (or run together).

        >>> Cards.parse("5F6F 3W")
        Cards('5F 6F 3W')
        >>> Cards.parse("")
        Cards('')
        """
        if not isinstance(text, str):
            raise NotationError(f"card text must be a str, not {type(text).__name__}")
        ids: list[int] = []
        pos = 0
        end = len(text)
        while True:
            while pos < end and text[pos].isspace():
                pos += 1
            if pos == end:
                break
            token = text[pos : pos + 2]
            if token not in _BY_TEXT:
                # Quote the bad card up to the next space (not the whole text
                # again), with its position in the text.
                word = _WORD.match(text, pos)
                bad = word.group() if word is not None else token
                raise NotationError(
                    f"not a card: {bad!r} at position {pos} in {text!r} ({_CARD_HELP})"
                )
            ids.append(_BY_TEXT[token])
            pos += 2
        return cls(ids)

    @property
    def mask(self) -> int:
        """The cards as a 36-bit mask (bit ``id`` set for each card)."""
        return self._mask

    @property
    def values(self) -> tuple[int, ...]:
        """The face values of the cards, in id order."""
        return tuple(c % 9 + 1 for c in self._ids)

    def count_value(self, value: int) -> int:
        """How many of the cards have face ``value``.

        >>> Cards.parse("3F 3A 4W").count_value(3)
        2
        """
        return sum(1 for c in self._ids if c % 9 + 1 == value)

    def __iter__(self) -> Iterator[int]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 36 and bool(self._mask >> card & 1)

    def __or__(self, other: Cards) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        return Cards.from_mask(self._mask | other._mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cards) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("shrinewars.Cards", self._mask))

    def __str__(self) -> str:
        return " ".join(_TEXT[c] for c in self._ids)

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The cards drawn as SVG (:func:`parlour.shrinewars.svg.cards`), for notebooks."""
        return _draw.cards(self)


CardsLike = Cards | str | Iterable[int]


def as_cards(cards: CardsLike) -> Cards:
    """A :class:`Cards` from cards, card text or an iterable of ids.

    >>> as_cards("5F 3W") == as_cards([4, 11])
    True
    """
    if isinstance(cards, Cards):
        return cards
    if isinstance(cards, str):
        return Cards.parse(cards)
    return Cards(cards)


@dataclass(frozen=True)
class Partition:
    """A best partition of a holding into combinations.

    ``combinations`` lists the runs (in element order) and then the groups of
    one face value (in value order), each a :class:`Cards`; ``score`` is the
    sum of the squares of their sizes. ``str`` joins them with ``" | "``.

    >>> p = Partition(30, (Cards.parse("1F 2F 3F 4F 5F"), Cards.parse("9W")))
    >>> print(p)
    1F 2F 3F 4F 5F | 9W
    >>> eval(repr(p)) == p
    True
    """

    score: int
    combinations: tuple[Cards, ...]

    def __str__(self) -> str:
        return " | ".join(str(c) for c in self.combinations)
