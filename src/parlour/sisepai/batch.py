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

from types import ModuleType
from typing import TYPE_CHECKING

from parlour import _backend
from parlour.sisepai.cards import KINDS, kind_text

__all__ = ["counts_complete", "counts_winning", "is_complete", "mask_kinds"]

if TYPE_CHECKING:
    from parlour._pure.sisepai import sisepai_batch_is_complete as is_complete
    from parlour._pure.sisepai import sisepai_counts_complete as counts_complete
    from parlour._pure.sisepai import sisepai_counts_winning as counts_winning


def mask_kinds(mask: int) -> tuple[str, ...]:
    """The card texts of the kinds set in a 33-bit kind mask, in kind order
    (the mask :func:`counts_winning` returns).

    >>> from parlour.sisepai.batch import mask_kinds
    >>> mask_kinds(1 << 20 | 1 << 30)
    ('Sg', '3f')
    """
    return tuple(kind_text(k) for k in range(KINDS) if int(mask) >> k & 1)


def _rebind(impl: ModuleType) -> None:
    # Keep the module's names in step with parlour._backend.use().
    g = globals()
    g["is_complete"] = impl.sisepai_batch_is_complete
    g["counts_complete"] = impl.sisepai_counts_complete
    g["counts_winning"] = impl.sisepai_counts_winning


_backend.bind(_rebind)
