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
from typing import Literal

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
    "cards_text",
    "parse_cards",
]

Sign = Literal["", "-", "+", "*"]

#: Every card's text in the canonical order (its index).
CARD_TEXTS: tuple[str, ...] = (
    "0", "1", "2", "3", "4", "5",
    "1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*",
)  # fmt: skip
_INDEX = {text: i for i, text in enumerate(CARD_TEXTS)}


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
            raise NotationError(
                f"{self.text!r} is not a Nine Domains card (use 0..5, 1- .. 4+ or *)"
            )

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
        return 0 if self.text == "*" else int(self.text[0])

    @property
    def sign(self) -> Sign:
        """``""`` (basic), ``"-"``, ``"+"`` or ``"*"``."""
        if self.text == "*":
            return "*"
        if len(self.text) == 1:
            return ""
        return "-" if self.text[1] == "-" else "+"

    @property
    def is_special(self) -> bool:
        """True for the nine special cards."""
        return self.index >= 6

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
BASIC: tuple[Card, ...] = CARDS[:6]
#: The nine specials of the special deck.
SPECIALS: tuple[Card, ...] = CARDS[6:]


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
