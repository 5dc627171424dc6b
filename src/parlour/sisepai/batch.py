"""Sì Sè Pái evaluation on bare counts, for bots and training loops.

A hand here is its concealed cards as 33 counts in kind order (chess kinds
0..27 at most four each, flowers 28..32 at most one; see
:mod:`parlour.sisepai.cards`) plus the number of cards in its exposed groups.
The exposed groups are legal by construction, so only their size matters to
whether the concealed part completes the hand.

:func:`is_complete` takes a C-contiguous ``uint8`` array of shape ``(N, 33)``,
one hand per row, and an optional ``uint8`` array of shape ``(N,)`` of exposed
card counts; the compiled backend releases the GIL for the whole loop.
:func:`counts_complete` and :func:`counts_winning` are the one-hand fast
paths the engine and the bots use, skipping :class:`~parlour.sisepai.Hand`.

>>> import numpy as np
>>> from parlour.sisepai import Hand, batch
>>> won = Hand.parse("[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f GGw")
>>> rows = np.array([won.counts, won.add(32).counts], dtype=np.uint8)
>>> batch.is_complete(rows, np.array([3, 3], dtype=np.uint8)).tolist()
[True, False]
>>> batch.counts_complete(won.counts, 3)
True
>>> ready = Hand.parse("[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f Gw")
>>> batch.mask_kinds(batch.counts_winning(ready.counts, None, 3))
('Gr', 'Gy', 'Ry', 'Gg', 'Gw', '1f', '2f', '4f', '5f')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour import _backend
from parlour.sisepai.cards import KINDS, kind_text

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["counts_complete", "counts_winning", "is_complete", "mask_kinds"]


def is_complete(counts: Any, exposed_cards: Any = None) -> NDArray[np.bool_]:
    """``is_complete`` for each row of an ``(N, 33)`` uint8 array of
    concealed counts, with an optional ``(N,)`` uint8 array of exposed card
    counts; rows that do not make 21 cards give False.

    Each row is read once, from a copy taken before it is checked: if another
    thread writes into the arrays during the call, each result is that of some
    value its row held during the call, or the call raises the ``ValueError``
    for a count out of range if a value read was.
    """
    return _backend.impl.sisepai_batch_is_complete(counts, exposed_cards)  # type: ignore[no-any-return]


def counts_complete(counts: Any, exposed_cards: int) -> bool:
    """Are 33 concealed counts plus ``exposed_cards`` exposed cards (in legal
    groups) a complete 21-card hand?"""
    return _backend.impl.sisepai_counts_complete(counts, exposed_cards)  # type: ignore[no-any-return]


def counts_winning(counts: Any, exposed_counts: Any, exposed_cards: int) -> int:
    """For a 20-card hand, a mask with bit ``k`` set when a card of kind ``k``
    completes it (kinds held four times, counting ``exposed_counts``, and
    flowers held are never set)."""
    return _backend.impl.sisepai_counts_winning(  # type: ignore[no-any-return]
        counts, exposed_counts, exposed_cards
    )


def mask_kinds(mask: int) -> tuple[str, ...]:
    """The card texts of the kinds set in a 33-bit kind mask, in kind order
    (the mask :func:`counts_winning` returns).

    >>> from parlour.sisepai.batch import mask_kinds
    >>> mask_kinds(1 << 20 | 1 << 30)
    ('Sg', '3f')
    """
    return tuple(kind_text(k) for k in range(KINDS) if int(mask) >> k & 1)
