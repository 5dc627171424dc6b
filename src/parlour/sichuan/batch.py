"""Batch evaluation over numpy arrays of concealed counts.

``counts`` is a C-contiguous ``uint8`` array of shape ``(N, 27)``; ``melds``
an optional ``uint8`` array of shape ``(N,)`` with each row's number of
declared melds. The compiled backend releases the GIL for the whole loop.

Another thread may write into the arrays during a call: each row is read
once, from a copy checked before it is used, so each result is that of some
value its row held during the call, or the call raises the ``ValueError`` for
a count out of range (``a count is out of range (more than 4 copies)``) or a
meld number above 4 (``an argument is out of range``) if a value it read was
bad. It never reads out of bounds.

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

from typing import TYPE_CHECKING, Any

from parlour import _backend
from parlour.sichuan.hand import Form, form_index
from parlour.sichuan.tiles import mask_kinds as _mask_kinds
from parlour.sichuan.tiles import suit_index

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    from parlour._lazy import numpy as np

__all__ = ["is_complete", "shanten", "waits", "mask_kinds"]


def mask_kinds(mask: int) -> tuple[str, ...]:
    """The kind names in a 27-bit wait mask, in kind order.

    >>> from parlour.sichuan.batch import mask_kinds
    >>> mask_kinds(0b11 << 10)
    ('2p', '3p')
    """
    return _mask_kinds(int(mask))


def _arrays(counts: Any, melds: Any) -> None:
    # The backends take only arrays of these types and shapes; the words
    # for anything else are here, once.
    if not isinstance(counts, np.ndarray):
        raise ValueError("counts must be a numpy array of dtype uint8 and shape (N, 27)")
    if counts.dtype != np.uint8:
        raise ValueError(f"counts must have dtype uint8, not {counts.dtype}")
    if counts.ndim != 2 or counts.shape[1] != 27:
        raise ValueError(f"counts must have shape (N, 27), not {counts.shape}")
    if not counts.flags.c_contiguous:
        raise ValueError("counts must be C-contiguous (use numpy.ascontiguousarray)")
    if melds is not None:
        if not isinstance(melds, np.ndarray) or melds.dtype != np.uint8:
            raise ValueError("melds must be a numpy array of dtype uint8")
        if melds.ndim != 1 or melds.shape[0] != counts.shape[0]:
            raise ValueError(f"melds must have shape ({counts.shape[0]},), not {melds.shape}")
        if not melds.flags.c_contiguous:
            raise ValueError("melds must be C-contiguous")


def is_complete(counts: Any, melds: Any = None, *, missing_suit: Any = None) -> NDArray[np.bool_]:
    """``is_complete`` for each row of an ``(N, 27)`` uint8 count array.

    Each row is read once, from a copy taken before it is checked: if another
    thread writes into ``counts`` or ``melds`` during the call, each result is
    that of some value its row held during the call, or the call raises the
    ``ValueError`` for a bad count or meld number if a value read was out of
    range; it never reads out of bounds.
    """
    _arrays(counts, melds)
    return _backend.impl.sichuan_batch_is_complete(  # type: ignore[no-any-return]
        counts, melds, suit_index(missing_suit)
    )


def shanten(
    counts: Any, melds: Any = None, *, missing_suit: Any = None, form: Form = "any"
) -> NDArray[np.int8]:
    """``shanten`` for each row (99 for rows of another size).

    Concurrent writes: as for :func:`is_complete`.
    """
    _arrays(counts, melds)
    missing = suit_index(missing_suit)
    return _backend.impl.sichuan_batch_shanten(  # type: ignore[no-any-return]
        counts, melds, missing, form_index(form)
    )


def waits(counts: Any, melds: Any = None, *, missing_suit: Any = None) -> NDArray[np.uint32]:
    """27-bit wait mask for each row (0 for rows of another size).

    Concurrent writes: as for :func:`is_complete`.
    """
    _arrays(counts, melds)
    return _backend.impl.sichuan_batch_waits(  # type: ignore[no-any-return]
        counts, melds, suit_index(missing_suit)
    )
