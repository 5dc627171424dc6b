"""Battles of the Nine Domains and the bonus arithmetic of a round.

:func:`battle` decides one battle by the first rule that applies:

1. overrides (``*`` against ``*`` removes the domain; ``*`` beats ``3`` ``4``
   ``5`` and ``4-`` and loses to everything else; ``4-`` loses to ``1``;
   ``0`` beats ``5``);
2. the greater strength (size + bonus);
3. the greater bonus;
4. identical cards: nobody wins;
5. by sign: ``+`` beats basic and ``-``, basic beats ``-``.

>>> battle("5", "0")
-1
>>> battle("3", "3")
0
>>> battle("2+", "2")
1
>>> battle("2", "3", bonus_a=1)
1
>>> decide("3+", "1")
(1, 2)

``battle(a, b, *, bonus_a=0, bonus_b=0)`` returns 1 if card ``a`` wins, -1
if ``b`` wins and 0 if nobody does (the domain is removed); ``decide`` returns
``(outcome, rule)`` with the number (1 .. 5) of the deciding rule;
``battle_batch(a, b, bonus_a=None, bonus_b=None)`` decides many battles at
once from arrays of card indices (see :data:`~parlour.ninedomains.CARD_TEXTS`)
and int8 bonuses (copied before they are checked, so another thread writing
into them cannot change a value between its check and its use). All three
run on the live backend (the C core or its pure-Python twin,
:mod:`parlour._pure.ninedomains`, which work on card indices); cards may be
given as :class:`~parlour.ninedomains.Card` or text, bonuses must be ints.

>>> decide("*", "*"), decide("4-", "1", bonus_a=3), decide("2", "1-", bonus_b=1)
((0, 1), (-1, 1), (-1, 3))
>>> decide("1", "1"), decide("1+", "1-")
((0, 4), (1, 5))
>>> battle("*", "4-"), battle("1", "4-"), battle("0", "5", bonus_b=9)
(1, 1, 1)
>>> battle_batch([0, 14], [5, 14]).tolist()
[1, 0]

A card's bonus in a round is the carry from its owner's card at the same
position in the previous round, plus the owner's ``1-`` adjacency bonus, plus
``-2`` for a ``4+`` played in round 3 (round index 2):

>>> round_bonuses(["1-", "3", "4+"], previous=["1+", "2+", "4+"], round_index=2)
(2, 3, -3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from parlour import _backend
from parlour import _messages as _msg
from parlour._codes.ninedomains import (
    ND_CARD_FOUR_PLUS,
    ND_CARD_ONE_MINUS,
    ND_CARD_ONE_PLUS,
    ND_CARD_THREE_PLUS,
    ND_CARD_TWO_PLUS,
    ND_RULE_STRENGTH,
)
from parlour.ninedomains.cards import _INDEX, Card, CardLike, card, card_index

__all__ = [
    "THREE_PLUS_POINTS",
    "adjacency_bonuses",
    "battle",
    "battle_batch",
    "carry",
    "decide",
    "round_bonuses",
    "three_plus_points",
]

#: Extra points of a ``3+`` that wins by strength with a margin of 2 or more.
THREE_PLUS_POINTS = 7

# The bonus a card passes on, by card index.
_CARRY = {ND_CARD_ONE_PLUS: 2, ND_CARD_TWO_PLUS: 1, ND_CARD_FOUR_PLUS: -1}
_MAX_BONUS = 1000


if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


def battle_batch(a: Any, b: Any, bonus_a: Any = None, bonus_b: Any = None) -> NDArray[np.int8]:
    """Outcomes (int8: 1, -1 or 0) of many battles given card indices and int8
    bonuses; ``ValueError`` for a card index outside 0 .. 14 or arrays of
    unequal length."""
    return _backend.impl.ninedomains_battle_batch(a, b, bonus_a, bonus_b)  # type: ignore[no-any-return]


def _bonus(name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(_msg.NOT_AN_INT.format(name=name, kind=type(value).__name__))
    if not -_MAX_BONUS <= value <= _MAX_BONUS:
        raise ValueError(f"{name} must be within -{_MAX_BONUS} .. {_MAX_BONUS}, not {value}")
    return value


def _index(c: Any) -> int:
    text = c if type(c) is str else getattr(c, "text", None)
    if type(text) is str:
        i = _INDEX.get(text)
        if i is not None:
            return i
    return card_index(c)


def decide(a: Any, b: Any, *, bonus_a: int = 0, bonus_b: int = 0) -> tuple[int, int]:
    """(outcome, rule): outcome 1 if ``a`` wins, -1 if ``b`` wins, 0 if nobody does;
    rule 1 .. 5 is the battle rule that decided (1 = the overrides)."""
    # A battle is decided millions of times: exact card texts go straight to
    # the backend, which checks the bonuses itself; anything it refuses is
    # read again by the checked path, whose messages name what was wrong.
    try:
        return _backend.impl.ninedomains_decide(_INDEX[a], _INDEX[b], bonus_a, bonus_b)  # type: ignore[no-any-return]
    except (KeyError, TypeError, ValueError):
        pass
    ia, ib = _index(a), _index(b)
    ba, bb = _bonus("bonus_a", bonus_a), _bonus("bonus_b", bonus_b)
    return _backend.impl.ninedomains_decide(ia, ib, ba, bb)  # type: ignore[no-any-return]


def battle(a: Any, b: Any, *, bonus_a: int = 0, bonus_b: int = 0) -> int:
    """1 if card ``a`` wins, -1 if ``b`` wins, 0 if nobody does (the domain is removed)."""
    try:  # the fast path of decide() without its frame
        return _backend.impl.ninedomains_decide(_INDEX[a], _INDEX[b], bonus_a, bonus_b)[0]  # type: ignore[no-any-return]
    except (KeyError, TypeError, ValueError):
        return decide(a, b, bonus_a=bonus_a, bonus_b=bonus_b)[0]


def three_plus_points(a: CardLike, b: CardLike, *, bonus_a: int = 0, bonus_b: int = 0) -> int:
    """The extra points card ``a`` scores against ``b``: 7 for a ``3+`` winning by rule 2
    with a strength margin of at least 2, else 0.

    >>> three_plus_points("3+", "1"), three_plus_points("3+", "2"), three_plus_points("3+", "*")
    (7, 0, 0)
    """
    ca, cb = card(a), card(b)
    outcome, rule = decide(ca, cb, bonus_a=bonus_a, bonus_b=bonus_b)
    if ca.index != ND_CARD_THREE_PLUS or outcome != 1 or rule != ND_RULE_STRENGTH:
        return 0
    if (ca.size + bonus_a) - (cb.size + bonus_b) >= 2:
        return THREE_PLUS_POINTS
    return 0


def carry(c: CardLike) -> int:
    """The bonus card ``c`` passes to the next card entering its slot.

    >>> [carry(t) for t in ("1+", "2+", "4+", "3+", "5")]
    [2, 1, -1, 0, 0]
    """
    return _CARRY.get(card(c).index, 0)


def adjacency_bonuses(placement: Sequence[CardLike]) -> tuple[int, int, int]:
    """The ``1-`` bonuses a player's own placement gives its three cards.

    >>> adjacency_bonuses(["1-", "3", "4"])
    (0, 2, 0)
    >>> adjacency_bonuses(["3", "1-", "4"])
    (1, 0, 1)
    """
    cards = _three(placement)
    out = [0, 0, 0]
    for p, c in enumerate(cards):
        if c.index != ND_CARD_ONE_MINUS:
            continue
        if p == 1:
            out[0] += 1
            out[2] += 1
        else:
            out[1] += 2
    return out[0], out[1], out[2]


def round_bonuses(
    placement: Sequence[CardLike],
    previous: Sequence[CardLike] | None = None,
    round_index: int = 0,
) -> tuple[int, int, int]:
    """Battle bonuses of one player's three cards in a round.

    ``previous`` is the same player's placement of the previous round (None in
    round 0); ``round_index`` is 0, 1 or 2.

    >>> round_bonuses(["4+", "2", "1-"], previous=["1+", "2+", "3"], round_index=1)
    (2, 3, 0)
    """
    if round_index not in (0, 1, 2):
        raise ValueError(f"round_index must be 0, 1 or 2, not {round_index!r}")
    cards = _three(placement)
    adj = adjacency_bonuses(cards)
    prev = _three(previous) if previous is not None else None
    out = []
    for p in range(3):
        b = adj[p] + (carry(prev[p]) if prev is not None else 0)
        if round_index == 2 and cards[p].index == ND_CARD_FOUR_PLUS:
            b -= 2
        out.append(b)
    return out[0], out[1], out[2]


def _three(placement: Sequence[CardLike]) -> tuple[Card, Card, Card]:
    if isinstance(placement, str) or len(placement) != 3:
        raise ValueError(f"a placement is three cards, one per position, not {placement!r}")
    a, b, c = (card(x) for x in placement)
    return a, b, c
