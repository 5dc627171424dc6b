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

A card's bonus in a round is the carry from its owner's card at the same
position in the previous round, plus the owner's ``1-`` adjacency bonus, plus
``-2`` for a ``4+`` played in round 3 (round index 2):

>>> round_bonuses(["1-", "3", "4+"], previous=["1+", "2+", "4+"], round_index=2)
(2, 3, -3)
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.ninedomains.cards import Card, CardLike, card

__all__ = [
    "THREE_PLUS_POINTS",
    "adjacency_bonuses",
    "battle",
    "carry",
    "decide",
    "round_bonuses",
    "three_plus_points",
]

#: Extra points of a ``3+`` that wins by strength with a margin of 2 or more.
THREE_PLUS_POINTS = 7

_CARRY = {"1+": 2, "2+": 1, "4+": -1}


def decide(a: CardLike, b: CardLike, *, bonus_a: int = 0, bonus_b: int = 0) -> tuple[int, int]:
    """The battle's outcome and the number (1 .. 5) of the rule that decided it.

    The outcome is as in :func:`battle`.

    >>> decide("*", "*")
    (0, 1)
    >>> decide("4-", "1", bonus_a=3)
    (-1, 1)
    >>> decide("2", "1-", bonus_b=1)
    (-1, 3)
    >>> decide("1", "1")
    (0, 4)
    >>> decide("1+", "1-")
    (1, 5)
    """
    ca, cb = card(a), card(b)
    for name, value in (("bonus_a", bonus_a), ("bonus_b", bonus_b)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    over = _override(ca, cb)
    if over is not None:
        return over, 1
    sa, sb = ca.size + bonus_a, cb.size + bonus_b
    if sa != sb:
        return (1 if sa > sb else -1), 2
    if bonus_a != bonus_b:
        return (1 if bonus_a > bonus_b else -1), 3
    if ca == cb:
        return 0, 4
    rank = {"-": 0, "": 1, "+": 2}
    return (1 if rank[ca.sign] > rank[cb.sign] else -1), 5


def _override(a: Card, b: Card) -> int | None:
    ta, tb = a.text, b.text
    if ta == "*" and tb == "*":
        return 0
    if ta == "*":
        return 1 if tb in ("3", "4", "5", "4-") else -1
    if tb == "*":
        return -1 if ta in ("3", "4", "5", "4-") else 1
    if ta == "4-" and tb == "1":
        return -1
    if tb == "4-" and ta == "1":
        return 1
    if ta == "0" and tb == "5":
        return 1
    if tb == "0" and ta == "5":
        return -1
    return None


def battle(a: CardLike, b: CardLike, *, bonus_a: int = 0, bonus_b: int = 0) -> int:
    """1 if card ``a`` wins, -1 if ``b`` wins, 0 if nobody does (the domain is removed).

    ``bonus_a`` and ``bonus_b`` are the cards' whole battle bonuses (see
    :func:`round_bonuses`). Raises :class:`~parlour.errors.NotationError` for
    an unknown card.

    >>> battle("*", "4-"), battle("1", "4-"), battle("0", "5", bonus_b=9)
    (1, 1, 1)
    """
    return decide(a, b, bonus_a=bonus_a, bonus_b=bonus_b)[0]


def three_plus_points(a: CardLike, b: CardLike, *, bonus_a: int = 0, bonus_b: int = 0) -> int:
    """The extra points card ``a`` scores against ``b``: 7 for a ``3+`` winning by rule 2
    with a strength margin of at least 2, else 0.

    >>> three_plus_points("3+", "1"), three_plus_points("3+", "2"), three_plus_points("3+", "*")
    (7, 0, 0)
    """
    ca, cb = card(a), card(b)
    outcome, rule = decide(ca, cb, bonus_a=bonus_a, bonus_b=bonus_b)
    if ca.text != "3+" or outcome != 1 or rule != 2:
        return 0
    if (ca.size + bonus_a) - (cb.size + bonus_b) >= 2:
        return THREE_PLUS_POINTS
    return 0


def carry(c: CardLike) -> int:
    """The bonus card ``c`` passes to the next card entering its slot.

    >>> [carry(t) for t in ("1+", "2+", "4+", "3+", "5")]
    [2, 1, -1, 0, 0]
    """
    return _CARRY.get(card(c).text, 0)


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
        if c.text != "1-":
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
        if round_index == 2 and cards[p].text == "4+":
            b -= 2
        out.append(b)
    return out[0], out[1], out[2]


def _three(placement: Sequence[CardLike]) -> tuple[Card, Card, Card]:
    if isinstance(placement, str) or len(placement) != 3:
        raise ValueError(f"a placement is three cards, one per position, not {placement!r}")
    a, b, c = (card(x) for x in placement)
    return a, b, c
