"""Pure-Python twin of the ninedomains part of the C core (same names as in _core).

Cards are given as their text (``"0"`` .. ``"5"``, ``"1-"`` .. ``"4+"``, ``"*"``)
or as any object with such a ``text`` attribute (a
:class:`parlour.ninedomains.Card`); batch functions take card indices in the
canonical order ``0 1 2 3 4 5 1- 1+ 2- 2+ 3- 3+ 4- 4+ *``.

>>> ninedomains_decide("0", "5")
(1, 1)
>>> ninedomains_battle("2+", "2")
1
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

from parlour.errors import NotationError

__all__ = [
    "ninedomains_battle",
    "ninedomains_battle_batch",
    "ninedomains_card_index",
    "ninedomains_decide",
]

_TEXTS = ("0", "1", "2", "3", "4", "5", "1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*")
_INDEX = {t: i for i, t in enumerate(_TEXTS)}
_SIZE = (0, 1, 2, 3, 4, 5, 1, 1, 2, 2, 3, 3, 4, 4, 0)
# Sign rank for rule 5: '-' 0 < basic 1 < '+' 2 (and 3 for '*', never used there).
_SIGN = (1, 1, 1, 1, 1, 1, 0, 2, 0, 2, 0, 2, 0, 2, 3)
_STAR, _FOUR_MINUS = 14, 12
_MAX_BONUS = 1000
# Raised by both backends' battle_batch (the binding reads it from here).
BAD_CARD_INDEX = "card indices must be within 0 .. 14"


def ninedomains_card_index(c: Any) -> int:
    """The canonical index (0 .. 14) of a card or card text.

    >>> ninedomains_card_index("4-"), ninedomains_card_index(" * ")
    (12, 14)
    """
    text = c if isinstance(c, str) else getattr(c, "text", None)
    if isinstance(text, str):
        i = _INDEX.get(text.strip())
        if i is not None:
            return i
    raise NotationError(f"{c!r} is not a Nine Domains card (use 0..5, 1- .. 4+ or *)")


def _bonus(name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not -_MAX_BONUS <= value <= _MAX_BONUS:
        raise ValueError(f"{name} must be within -{_MAX_BONUS} .. {_MAX_BONUS}, not {value}")
    return value


def _override(a: int, b: int) -> int | None:
    if a == _STAR and b == _STAR:
        return 0
    if a == _STAR:
        return 1 if b in (3, 4, 5, _FOUR_MINUS) else -1
    if b == _STAR:
        return -1 if a in (3, 4, 5, _FOUR_MINUS) else 1
    if a == _FOUR_MINUS and b == 1:
        return -1
    if b == _FOUR_MINUS and a == 1:
        return 1
    if a == 0 and b == 5:
        return 1
    if b == 0 and a == 5:
        return -1
    return None


def _decide(a: int, b: int, ba: int, bb: int) -> tuple[int, int]:
    over = _override(a, b)
    if over is not None:
        return over, 1
    sa, sb = _SIZE[a] + ba, _SIZE[b] + bb
    if sa != sb:
        return (1 if sa > sb else -1), 2
    if ba != bb:
        return (1 if ba > bb else -1), 3
    if a == b:
        return 0, 4
    return (1 if _SIGN[a] > _SIGN[b] else -1), 5


def ninedomains_decide(a: Any, b: Any, *, bonus_a: int = 0, bonus_b: int = 0) -> tuple[int, int]:
    """(outcome, rule): outcome 1 if ``a`` wins, -1 if ``b`` wins, 0 if nobody does;
    rule 1 .. 5 is the battle rule that decided (1 = the overrides)."""
    ia, ib = ninedomains_card_index(a), ninedomains_card_index(b)
    return _decide(ia, ib, _bonus("bonus_a", bonus_a), _bonus("bonus_b", bonus_b))


def ninedomains_battle(a: Any, b: Any, *, bonus_a: int = 0, bonus_b: int = 0) -> int:
    """1 if card ``a`` wins, -1 if ``b`` wins, 0 if nobody does (the domain is removed)."""
    return ninedomains_decide(a, b, bonus_a=bonus_a, bonus_b=bonus_b)[0]


def _as(name: str, values: ArrayLike | None, dtype: Any, n: int | None) -> NDArray[Any] | None:
    if values is None:
        return None
    # Always a copy: another thread may write into the caller's array, and a
    # value must not change between its check and its use.
    arr = np.array(values)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, not of shape {arr.shape}")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"{name} must hold integers, not {arr.dtype}")
    if n is not None and arr.shape[0] != n:
        raise ValueError(f"{name} has {arr.shape[0]} entries, expected {n}")
    info = np.iinfo(dtype)
    if arr.size and (arr.min() < info.min or arr.max() > info.max):
        raise ValueError(f"{name} must fit in {np.dtype(dtype).name}")
    return np.ascontiguousarray(arr, dtype=dtype)


def _cards_as(name: str, values: ArrayLike, n: int | None) -> NDArray[np.uint8]:
    # The card arrays are required: ``None`` is only a default for the bonuses.
    arr = _as(name, values, np.uint8, n)
    if arr is None:
        raise TypeError(f"{name} must be a sequence of card indices, not None")
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
    if n and (aa.max() >= len(_TEXTS) or bb_.max() >= len(_TEXTS)):
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
