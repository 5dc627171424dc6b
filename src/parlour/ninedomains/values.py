"""The values of the Nine Domains: actions, battles, effects and observations.

Their public home is :mod:`parlour.ninedomains.game` (records, pickles and
the docs name them there); they live in this module so that the engines
(:mod:`parlour.ninedomains.engine_py`, :mod:`parlour.ninedomains.engine_c`)
and the game can all import them without importing one another in a circle.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from parlour._codes.ninedomains import ND_CARD_THREE_MINUS, ND_CARD_TWO_MINUS
from parlour.errors import NotationError
from parlour.ninedomains import svg as _draw
from parlour.ninedomains.cards import CARD_TEXTS, CARDS, Card, CardLike, card
from parlour.ninedomains.rules import Rules
from parlour.protocol import Action, Observation

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "PLACES",
    "BattleOutcome",
    "Decline",
    "Effect",
    "EffectKind",
    "NineDomainsAction",
    "NineDomainsObservation",
    "Phase",
    "Place",
    "Recover",
    "Swap",
]

Phase = Literal["place", "effect", "over"]
EffectKind = Literal["2-", "3-"]
# The texts of the cards whose wins have effects (and of the card a 3- cannot recover).
_TWO_MINUS: EffectKind = CARD_TEXTS[ND_CARD_TWO_MINUS]  # type: ignore[assignment]
_THREE_MINUS: EffectKind = CARD_TEXTS[ND_CARD_THREE_MINUS]  # type: ignore[assignment]


@dataclass(frozen=True)
class Place(Action):
    """Place three hand cards, one per position 0, 1, 2.

    >>> a = Place.parse("place 5 1- *")
    >>> a
    Place(cards=(Card('5'), Card('1-'), Card('*')))
    >>> str(a)
    'place 5 1- *'
    """

    cards: tuple[Card, Card, Card]

    def __post_init__(self) -> None:
        if (
            not isinstance(self.cards, tuple)
            or len(self.cards) != 3
            or not all(isinstance(c, Card) for c in self.cards)
        ):
            raise NotationError(f"a placement is a tuple of three Cards, not {self.cards!r}")
        if len(set(self.cards)) != 3:
            raise NotationError(f"a placement uses three different cards, not {self}")

    @classmethod
    def of(cls, cards: Sequence[CardLike]) -> Place:
        """A placement from three cards or card texts."""
        if isinstance(cards, str) or len(cards) != 3:
            raise NotationError(f"a placement is three cards, not {cards!r}")
        a, b, c = (card(x) for x in cards)
        return cls((a, b, c))

    @classmethod
    def parse(cls, text: str) -> Place:
        """Read ``"place A B C"``."""
        words = text.split()
        if len(words) != 4 or words[0] != "place":
            raise NotationError(f"expected 'place A B C', got {text!r}")
        return cls.of(words[1:])

    def __str__(self) -> str:
        return "place " + " ".join(c.text for c in self.cards)


@dataclass(frozen=True)
class Swap(Action):
    """A winning ``2-``'s swap: the owner gives domain ``own`` and takes ``theirs``.

    >>> str(Swap(4, 9)), Swap.parse("swap 4 9")
    ('swap 4 9', Swap(own=4, theirs=9))
    """

    own: int
    theirs: int

    @classmethod
    def parse(cls, text: str) -> Swap:
        """Read ``"swap OWN THEIRS"`` (domain values)."""
        words = text.split()
        if len(words) != 3 or words[0] != "swap" or not all(w.isdigit() for w in words[1:]):
            raise NotationError(f"expected 'swap OWN THEIRS', got {text!r}")
        return cls(int(words[1]), int(words[2]))

    def __str__(self) -> str:
        return f"swap {self.own} {self.theirs}"


@dataclass(frozen=True)
class Recover(Action):
    """A winning ``3-``'s exchange: take ``take`` from the used pile, put ``give`` there.

    >>> Recover.parse("recover 1+ give 0")
    Recover(take=Card('1+'), give=Card('0'))
    """

    take: Card
    give: Card

    @classmethod
    def parse(cls, text: str) -> Recover:
        """Read ``"recover TAKE give GIVE"``."""
        words = text.split()
        if len(words) != 4 or words[0] != "recover" or words[2] != "give":
            raise NotationError(f"expected 'recover TAKE give GIVE', got {text!r}")
        return cls(Card.parse(words[1]), Card.parse(words[3]))

    def __str__(self) -> str:
        return f"recover {self.take} give {self.give}"


@dataclass(frozen=True)
class Decline(Action):
    """Decline the optional ``3-`` exchange.

    >>> str(Decline()), Decline.parse("decline")
    ('decline', Decline())
    """

    @classmethod
    def parse(cls, text: str) -> Decline:
        """Read ``"decline"``."""
        if text.strip() != "decline":
            raise NotationError(f"expected 'decline', got {text!r}")
        return cls()

    def __str__(self) -> str:
        return "decline"


NineDomainsAction = Place | Swap | Recover | Decline


@dataclass(frozen=True)
class BattleOutcome:
    """One revealed battle: ``winner`` is the seat or ``None`` (domain removed)."""

    round: int
    position: int
    domain: int
    cards: tuple[Card, Card]
    bonuses: tuple[int, int]
    winner: int | None
    rule: int
    extra_points: int


@dataclass(frozen=True)
class Effect:
    """A winning special's effect: ``kind`` is ``"2-"`` or ``"3-"``."""

    position: int
    seat: int
    kind: EffectKind


@dataclass(frozen=True)
class NineDomainsObservation(Observation):
    """What one seat knows: everything but the opponent's unrevealed placement
    and the order of the undealt cards."""

    seat: int
    rules: Rules
    round: int
    phase: Phase
    revealed: tuple[int, ...]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    used: tuple[tuple[Card, ...], tuple[Card, ...]]
    held: tuple[tuple[int, ...], tuple[int, ...]]
    removed: tuple[int, ...]
    extra_points: tuple[int, int]
    points: tuple[int, int]
    placed: tuple[bool, bool]
    my_placement: tuple[Card, ...] | None
    previous: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    pending: Effect | None
    elements_off: bool
    battles: tuple[BattleOutcome, ...]

    def to_array(self) -> NDArray[np.float32]:
        """A new ``float32`` array of shape :data:`~parlour.ninedomains.OBS_SHAPE`
        made from this view alone, seat-relative, every value in [0, 1]; the
        layout is in :mod:`parlour.ninedomains.arrays` and
        :doc:`/learning/ninedomains`.

        >>> Game(seed=1).observation(0).to_array().shape
        (697,)
        """
        from parlour.ninedomains.arrays import observation_array

        return observation_array(self)

    def _repr_html_(self) -> str:
        """The table as this seat sees it, drawn as SVG in a ``<div>``
        (:func:`parlour.ninedomains.svg.observation`), for notebooks."""
        return _draw.observation_html(self)


# The public home of these classes (see the module's docstring).
for _cls in (Place, Swap, Recover, Decline, BattleOutcome, Effect, NineDomainsObservation):
    _cls.__module__ = "parlour.ninedomains.game"
del _cls


def _all_placements() -> list[Place | None]:
    # Every placement of three different cards, indexed by 225 a + 15 b + c (built once).
    table: list[Place | None] = [None] * (15**3)
    for a, b, c in itertools.permutations(CARDS, 3):
        table[225 * a.index + 15 * b.index + c.index] = Place((a, b, c))
    return table


PLACES = _all_placements()


@lru_cache(maxsize=4096)
def _placements_of(hand: tuple[Card, ...]) -> tuple[Place, ...]:
    # Every placement of a hand of distinct cards, in a fixed order (shared immutable actions).
    idx = [c.index for c in hand]
    out = []
    for a, b, c in itertools.permutations(idx, 3):
        place = PLACES[225 * a + 15 * b + c]
        assert place is not None
        out.append(place)
    return tuple(out)
