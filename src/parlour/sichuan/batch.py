"""Batch evaluation over numpy arrays of concealed counts.

``counts`` is a C-contiguous ``uint8`` array of shape ``(N, 27)``; ``melds``
an optional ``uint8`` array of shape ``(N,)`` with each row's number of
declared melds. The compiled backend releases the GIL for the whole loop.

Another thread may write into the arrays during a call: each row is read
once, from a copy checked before it is used, so each result is that of some
value its row held during the call, or the call raises the ``ValueError`` for
a count out of range (``a count is out of range (more than 4 copies)``) or a
meld number above 4 if a value it read was bad. It never reads out of bounds.

>>> import numpy as np
>>> from parlour.sichuan import Hand, batch
>>> rows = np.array([Hand.parse("123m456m789m111p22p").counts,
...                  Hand.parse("123m456m789m111p24p").counts], dtype=np.uint8)
>>> batch.is_complete(rows).tolist()
[True, False]
>>> batch.shanten(rows).tolist()
[-1, 0]
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from parlour import _backend

__all__ = ["is_complete", "shanten", "waits", "mask_kinds"]

if TYPE_CHECKING:
    from parlour._pure.sichuan import sichuan_batch_is_complete as is_complete
    from parlour._pure.sichuan import sichuan_batch_shanten as shanten
    from parlour._pure.sichuan import sichuan_batch_waits as waits


def mask_kinds(mask: int) -> tuple[str, ...]:
    """The kind names in a 27-bit wait mask, in kind order.

    >>> from parlour.sichuan.batch import mask_kinds
    >>> mask_kinds(0b11 << 10)
    ('2p', '3p')
    """
    return tuple(f"{k % 9 + 1}{'mps'[k // 9]}" for k in range(27) if int(mask) >> k & 1)


def _rebind(impl: ModuleType) -> None:
    g = globals()
    for name in ("is_complete", "shanten", "waits"):
        g[name] = getattr(impl, "sichuan_batch_" + name)


_backend.bind(_rebind)
