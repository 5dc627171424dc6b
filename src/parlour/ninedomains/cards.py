"""Number cards of the Nine Domains and their notation.

Six basic cards ``0`` .. ``5`` and nine specials ``1-`` ``1+`` ``2-`` ``2+``
``3-`` ``3+`` ``4-`` ``4+`` ``*``. A card's *size* is its digit (``*`` has
none); its *sign* is ``""`` for a basic card, ``"-"``, ``"+"`` or ``"*"``.

>>> c = Card.parse("3+")
>>> c.size, c.sign, c.is_special
(3, '+', True)
>>> Card.parse("*")
Card('*')
>>> parse_cards("0 1- *")
(Card('0'), Card('1-'), Card('*'))
>>> cards_text(parse_cards("5  4+"))
'5 4+'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from parlour._codes.ninedomains import (
    ND_CARD,
    ND_CARD_NAMES,
    ND_CARD_ONE_MINUS,
    ND_CARD_STAR,
    ND_SIGN,
    ND_SIGN_LITERAL,
    ND_SIGN_NAMES,
)
from parlour.errors import NotationError

__all__ = [
    "BASIC",
    "CARDS",
    "CARD_TEXTS",
    "SPECIALS",
    "Card",
    "CardLike",
    "NotationError",
    "Sign",
    "card",
    "card_index",
    "cards_text",
    "parse_cards",
]

Sign = ND_SIGN_LITERAL

#: Every card's text in the canonical order (its index).
CARD_TEXTS: tuple[str, ...] = ND_CARD_NAMES
_INDEX = {text: i for i, text in enumerate(CARD_TEXTS)}
_SIZE = tuple(row[3] for row in ND_CARD)
_SIGN_CODE = {row[0]: row[1] for row in ND_SIGN}
_SIGN: tuple[Sign, ...] = tuple(ND_SIGN_NAMES[_SIGN_CODE[row[4]]] for row in ND_CARD)
_NOT_A_CARD = f"is not a Nine Domains card (use 0..5, 1- .. 4+ or {CARD_TEXTS[ND_CARD_STAR]})"


@dataclass(frozen=True)
class Card:
    """One number card, named by its text; ordered by the canonical order.

    >>> Card("2-") < Card("2+") < Card("*")
    True
    >>> Card("6")
    Traceback (most recent call last):
    ...
    parlour.errors.NotationError: '6' is not a Nine Domains card (use 0..5, 1- .. 4+ or *)
    """

    text: str

    def __post_init__(self) -> None:
        if not isinstance(self.text, str) or self.text not in _INDEX:
            raise NotationError(f"{self.text!r} {_NOT_A_CARD}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from its text (surrounding blanks are ignored)."""
        if not isinstance(text, str):
            raise NotationError(f"card text must be a str, not {type(text).__name__}")
        return cls(text.strip())

    @property
    def index(self) -> int:
        """Position in :data:`CARD_TEXTS` (0 .. 14)."""
        return _INDEX[self.text]

    @property
    def size(self) -> int:
        """The digit; ``*`` has none and reports 0."""
        return _SIZE[_INDEX[self.text]]

    @property
    def sign(self) -> Sign:
        """``""`` (basic), ``"-"``, ``"+"`` or ``"*"``."""
        return _SIGN[_INDEX[self.text]]

    @property
    def is_special(self) -> bool:
        """True for the nine special cards."""
        return self.index >= ND_CARD_ONE_MINUS

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index


CardLike = Card | str

#: All fifteen cards in canonical order.
CARDS: tuple[Card, ...] = tuple(Card(t) for t in CARD_TEXTS)
#: The six basic cards every player starts with.
BASIC: tuple[Card, ...] = CARDS[:ND_CARD_ONE_MINUS]
#: The nine specials of the special deck.
SPECIALS: tuple[Card, ...] = CARDS[ND_CARD_ONE_MINUS:]


def card_index(c: Any) -> int:
    """The canonical index (0 .. 14) of a card, card text (blanks around it
    are ignored) or anything with such a ``text``.

    >>> card_index("4-"), card_index(" * "), card_index(Card("0"))
    (12, 14, 0)
    """
    text = c if isinstance(c, str) else getattr(c, "text", None)
    if isinstance(text, str):
        i = _INDEX.get(text.strip())
        if i is not None:
            return i
    raise NotationError(f"{c!r} {_NOT_A_CARD}")


def card(value: CardLike) -> Card:
    """A :class:`Card` from a card or its text.

    >>> card("4-") == card(Card("4-"))
    True
    """
    if isinstance(value, Card):
        return value
    return Card.parse(value)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read blank-separated card texts.

    >>> parse_cards("")
    ()
    """
    if not isinstance(text, str):
        raise NotationError(f"card text must be a str, not {type(text).__name__}")
    return tuple(Card.parse(t) for t in text.split())


def cards_text(cards: Iterable[CardLike]) -> str:
    """Blank-separated texts of ``cards`` (the inverse of :func:`parse_cards`)."""
    return " ".join(str(card(c)) for c in cards)
