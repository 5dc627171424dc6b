"""Action ids of the Nine Domains: one integer per choice a player can name.

The blocks are the ``ND_AID`` rows of ``csrc/ninedomains_codes.def``:

- **place** (2730 ids from :data:`PLACE`): the card kinds ``a``, ``b``, ``c``
  (indices 0 .. 14 of :data:`~parlour.ninedomains.CARD_TEXTS`) put on
  positions 0, 1, 2, three different kinds, numbered in lexicographic order
  of ``(a, b, c)``: ``182 a + 13 b' + c'`` where ``b'`` and ``c'`` count
  only the kinds not already used (:func:`ordered_rank`);
- **swap** (72 ids from :data:`SWAP`): the domain given and the domain taken,
  by domain index (value - 2), two different domains: ``8 own + theirs'``;
- **recover** (182 ids from :data:`RECOVER`): the card taken back and the card
  put down, two different kinds, neither ``3-`` (a ``3-`` cannot take itself
  back, and the player's only ``3-`` is in its used pile while the effect
  asks): kinds are counted without ``3-``, then ``13 take + give'``;
- **decline** (one id, :data:`DECLINE`).

A hand never holds two cards of one kind (each player has one copy of each
card), so an id names exactly one physical choice. The ids are the same for
both seats and in every state.

>>> place_id((0, 1, 2)), place_id((14, 13, 12)), swap_id(4, 9), recover_id(7, 0)
(0, 2729, 2752, 2893)
>>> decode(2752), decode(DECLINE)
(('swap', (4, 9)), ('decline', ()))
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from parlour._codes.ninedomains import (
    ND_AID_DECLINE,
    ND_AID_END,
    ND_AID_PLACE,
    ND_AID_RECOVER,
    ND_AID_SWAP,
    ND_CARD_THREE_MINUS,
)
from parlour.ninedomains.rules import DOMAINS

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "DECLINE",
    "NUM_ACTION_IDS",
    "PLACE",
    "RECOVER",
    "SWAP",
    "decode",
    "ordered_rank",
    "ordered_unrank",
    "place_id",
    "place_mask",
    "recover_id",
    "swap_id",
]

#: First id of each block, and the number of ids.
PLACE = ND_AID_PLACE
SWAP = ND_AID_SWAP
RECOVER = ND_AID_RECOVER
DECLINE = ND_AID_DECLINE
NUM_ACTION_IDS = ND_AID_END

_KINDS = 15
_RECOVERABLE = _KINDS - 1  # every kind but 3-
_DOMAIN_COUNT = len(DOMAINS)
_LOW_DOMAIN = DOMAINS[0]

Block = Literal["place", "swap", "recover", "decline"]


def ordered_rank(items: tuple[int, ...], n: int) -> int:
    """The rank of distinct ``items`` (each in ``0 .. n-1``) among all ordered
    selections of that many distinct values, in lexicographic order.

    >>> ordered_rank((0, 1, 2), 15), ordered_rank((2, 1, 0), 15), ordered_rank((1, 0), 9)
    (0, 377, 8)
    """
    rank = 0
    left = n
    for k, x in enumerate(items):
        below = x - sum(1 for y in items[:k] if y < x)
        # How many selections of the remaining places follow each choice here.
        span = 1
        for j in range(len(items) - k - 1):
            span *= left - 1 - j
        rank += below * span
        left -= 1
    return rank


def ordered_unrank(rank: int, n: int, size: int) -> tuple[int, ...]:
    """The inverse of :func:`ordered_rank`: ``size`` distinct values of ``0 .. n-1``.

    >>> ordered_unrank(377, 15, 3), ordered_unrank(8, 9, 2)
    ((2, 1, 0), (1, 0))
    """
    free = list(range(n))
    out = []
    for k in range(size):
        span = 1
        for j in range(size - k - 1):
            span *= len(free) - 1 - j
        pos, rank = divmod(rank, span)
        out.append(free.pop(pos))
    return tuple(out)


def place_id(kinds: tuple[int, int, int]) -> int:
    """The id of placing card kinds ``kinds`` on positions 0, 1, 2."""
    a, b, c = kinds
    return PLACE + 182 * a + 13 * (b - (b > a)) + (c - (c > a) - (c > b))


def swap_id(own: int, theirs: int) -> int:
    """The id of a ``2-`` swap giving domain ``own`` and taking ``theirs`` (values)."""
    i, j = own - _LOW_DOMAIN, theirs - _LOW_DOMAIN
    return SWAP + (_DOMAIN_COUNT - 1) * i + (j - (j > i))


def _recoverable(kind: int) -> int:
    return kind - (kind > ND_CARD_THREE_MINUS)


def _kind_of_recoverable(k: int) -> int:
    return k + (k >= ND_CARD_THREE_MINUS)


def recover_id(take: int, give: int) -> int:
    """The id of a ``3-`` exchange taking kind ``take`` back and putting down ``give``."""
    t, g = _recoverable(take), _recoverable(give)
    return RECOVER + (_RECOVERABLE - 1) * t + (g - (g > t))


def decode(i: int) -> tuple[Block, tuple[int, ...]]:
    """The block of id ``i`` and its fields: card kinds for place and recover
    (``(take, give)``), domain values for swap (``(own, theirs)``), none for
    decline. ``ValueError`` if ``i`` is no id."""
    if not 0 <= i < NUM_ACTION_IDS:
        raise ValueError(f"action id {i} is out of range 0..{NUM_ACTION_IDS - 1}")
    if i < SWAP:
        return "place", ordered_unrank(i - PLACE, _KINDS, 3)
    if i < RECOVER:
        own, theirs = ordered_unrank(i - SWAP, _DOMAIN_COUNT, 2)
        return "swap", (own + _LOW_DOMAIN, theirs + _LOW_DOMAIN)
    if i < DECLINE:
        t, g = ordered_unrank(i - RECOVER, _RECOVERABLE, 2)
        return "recover", (_kind_of_recoverable(t), _kind_of_recoverable(g))
    return "decline", ()


@lru_cache(maxsize=4096)
def place_mask(hand: tuple[int, ...]) -> NDArray[np.bool_]:
    """A read-only mask of the place ids of a hand of distinct card kinds
    (every ordered choice of three of them); callers copy it."""
    import numpy as np

    mask = np.zeros(NUM_ACTION_IDS, dtype=np.bool_)
    for a in hand:
        for b in hand:
            if b == a:
                continue
            for c in hand:
                if c != a and c != b:
                    mask[place_id((a, b, c))] = True
    mask.flags.writeable = False
    return mask
