"""Pure-Python twin of the ninedomains part of the C core (same names as in _core).

Plain data only: cards are card indices in the canonical order
``0 1 2 3 4 5 1- 1+ 2- 2+ 3- 3+ 4- 4+ *`` (see ``csrc/ninedomains_codes.def``)
and bonuses ints; :mod:`parlour.ninedomains` reads card text.

>>> ninedomains_decide(0, 5)
(1, 1)
>>> ninedomains_battle_batch([14, 3], [14, 4], [0, 1]).tolist()
[0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray
else:
    from parlour._lazy import numpy as np

from parlour import _messages as _msg
from parlour._codes.common import E_ARG
from parlour._codes.ninedomains import (
    ND_CARD,
    ND_CARD_FIVE,
    ND_CARD_FOUR,
    ND_CARD_FOUR_MINUS,
    ND_CARD_ONE,
    ND_CARD_STAR,
    ND_CARD_THREE,
    ND_CARD_ZERO,
    ND_RULE_BONUS,
    ND_RULE_IDENTICAL,
    ND_RULE_OVERRIDE,
    ND_RULE_SIGN,
    ND_RULE_STRENGTH,
    ND_SIGN,
)
from parlour._pure.core import error

__all__ = ["ninedomains_battle_batch", "ninedomains_decide"]

_CARDS = len(ND_CARD)
_SIZE = tuple(row[3] for row in ND_CARD)
_SIGN_CODE = {row[0]: row[1] for row in ND_SIGN}
_SIGN = tuple(_SIGN_CODE[row[4]] for row in ND_CARD)
_MAX_BONUS = 1000
# The cards a '*' beats.
_STAR_BEATS = (ND_CARD_THREE, ND_CARD_FOUR, ND_CARD_FIVE, ND_CARD_FOUR_MINUS)
BAD_CARD_INDEX = "card indices must be within 0 .. 14"


def _override(a: int, b: int) -> int | None:
    if a == ND_CARD_STAR and b == ND_CARD_STAR:
        return 0
    if a == ND_CARD_STAR:
        return 1 if b in _STAR_BEATS else -1
    if b == ND_CARD_STAR:
        return -1 if a in _STAR_BEATS else 1
    if a == ND_CARD_FOUR_MINUS and b == ND_CARD_ONE:
        return -1
    if b == ND_CARD_FOUR_MINUS and a == ND_CARD_ONE:
        return 1
    if a == ND_CARD_ZERO and b == ND_CARD_FIVE:
        return 1
    if b == ND_CARD_ZERO and a == ND_CARD_FIVE:
        return -1
    return None


def _decide(a: int, b: int, ba: int, bb: int) -> tuple[int, int]:
    over = _override(a, b)
    if over is not None:
        return over, ND_RULE_OVERRIDE
    sa, sb = _SIZE[a] + ba, _SIZE[b] + bb
    if sa != sb:
        return (1 if sa > sb else -1), ND_RULE_STRENGTH
    if ba != bb:
        return (1 if ba > bb else -1), ND_RULE_BONUS
    if a == b:
        return 0, ND_RULE_IDENTICAL
    return (1 if _SIGN[a] > _SIGN[b] else -1), ND_RULE_SIGN


def _int(name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(_msg.NOT_AN_INT.format(name=name, kind=type(value).__name__))
    return value


def ninedomains_decide(a: int, b: int, bonus_a: int = 0, bonus_b: int = 0) -> tuple[int, int]:
    """(outcome, rule) of the battle of card index ``a`` (with ``bonus_a``)
    against ``b`` (with ``bonus_b``): outcome 1 if ``a`` wins, -1 if ``b``
    wins, 0 if nobody does; rule 1 .. 5 is the battle rule that decided (1 =
    the overrides). Indices are 0 .. 14, bonuses -1000 .. 1000."""
    ia, ib = _int("a", a), _int("b", b)
    ba, bb = _int("bonus_a", bonus_a), _int("bonus_b", bonus_b)
    for card, bonus in ((ia, ba), (ib, bb)):
        if not (0 <= card < _CARDS and -_MAX_BONUS <= bonus <= _MAX_BONUS):
            raise error(E_ARG)
    return _decide(ia, ib, ba, bb)


def _as(name: str, values: ArrayLike | None, dtype: Any, n: int | None) -> NDArray[Any] | None:
    if values is None:
        return None
    # Always a copy: another thread may write into the caller's array, and a
    # value must not change between its check and its use.
    arr = np.array(values)
    if arr.ndim != 1:
        raise ValueError(_msg.ARRAY_NOT_1D.format(name=name, shape=arr.shape))
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(_msg.ARRAY_NOT_INTEGERS.format(name=name, dtype=arr.dtype))
    if n is not None and arr.shape[0] != n:
        raise ValueError(_msg.ARRAY_LENGTH.format(name=name, got=arr.shape[0], n=n))
    info = np.iinfo(dtype)
    if arr.size and (arr.min() < info.min or arr.max() > info.max):
        raise ValueError(_msg.ARRAY_RANGE.format(name=name, dtype=np.dtype(dtype).name))
    return np.ascontiguousarray(arr, dtype=dtype)


def _cards_as(name: str, values: ArrayLike, n: int | None) -> NDArray[np.uint8]:
    # The card arrays are required: ``None`` is only a default for the bonuses.
    arr = _as(name, values, np.uint8, n)
    if arr is None:
        raise TypeError(_msg.CARDS_NONE.format(name=name))
    return arr


def ninedomains_battle_batch(
    a: ArrayLike | Sequence[int],
    b: ArrayLike | Sequence[int],
    bonus_a: ArrayLike | Sequence[int] | None = None,
    bonus_b: ArrayLike | Sequence[int] | None = None,
) -> NDArray[np.int8]:
    """Outcomes (int8: 1, -1 or 0) of many battles given card indices and int8 bonuses.

    Raises ``ValueError`` for a card index outside 0 .. 14 or arrays of unequal length.
    The arrays are copied before they are checked: if another thread writes
    into them during the call, each outcome is that of some values its battle
    held during the call, or the call raises that ``ValueError``.
    """
    aa = _cards_as("a", a, None)
    n = aa.shape[0]
    bb_ = _cards_as("b", b, n)
    ba = _as("bonus_a", bonus_a, np.int8, n)
    bb = _as("bonus_b", bonus_b, np.int8, n)
    if n and (aa.max() >= _CARDS or bb_.max() >= _CARDS):
        raise ValueError(BAD_CARD_INDEX)
    out = np.zeros(n, dtype=np.int8)
    for i in range(n):
        out[i] = _decide(
            int(aa[i]),
            int(bb_[i]),
            0 if ba is None else int(ba[i]),
            0 if bb is None else int(bb[i]),
        )[0]
    return out
