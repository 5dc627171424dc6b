"""Pure-Python twin of the Shrine Wars scorer in ``csrc/shrinewars.c``.

Same names, arguments and results as the compiled functions in
``parlour._core``, including which best partition is reported, on plain data:
36-bit card masks (bit ``element * 9 + value - 1``).

A partition is fixed by its runs: cards of one face value are best kept
together (``(a + b) ** 2 > a ** 2 + b ** 2``), and each element holds at most
one run (two would need ten values). Each element therefore chooses "no run"
or one interval of five or more held consecutive values. The C core tries
every combination of choices; this twin walks the elements with a dynamic
programme keyed by how many runs cover each face value, which reaches the same
answer with far fewer steps in Python.

Tie rule (shared with the C core): choices are compared element by element in
the order Fire, Water, Air, Earth; for one element "no run" comes first, then
runs by lowest value, then longer before shorter. The reported partition is
the first best one in that order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour import _messages as _msg
from parlour._codes.common import E_ARG
from parlour._pure.core import error

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    from parlour._lazy import numpy as np

__all__ = [
    "shrinewars_batch_score",
    "shrinewars_partition_mask",
    "shrinewars_score_mask",
]

_FULL = (1 << 36) - 1
_COLUMNS = tuple(sum(1 << (v + 9 * e) for e in range(4)) for v in range(9))


def _element_choices(bits: int) -> list[tuple[int, int]]:
    """``(start, length)`` choices of one element in tie order; ``(0, 0)`` is no run."""
    out = [(0, 0)]
    for start in range(5):
        for length in range(9 - start, 4, -1):
            m = ((1 << length) - 1) << start
            if bits & m == m:
                out.append((start, length))
    return out


def _check_mask(mask: int) -> None:
    if not isinstance(mask, int) or isinstance(mask, bool) or mask < 0 or mask > _FULL:
        raise ValueError(_msg.CARD_MASK.format(mask=mask))


def _search(mask: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The best score and the chosen ``(start, length)`` of each element."""
    counts = [bin(mask & col).count("1") for col in _COLUMNS]
    choices = [_element_choices(mask >> (9 * e) & 0x1FF) for e in range(4)]
    if all(len(c) == 1 for c in choices):
        return sum(k * k for k in counts), ((0, 0),) * 4
    # state: coverage per value -> (run score, prefix of choice indices); the
    # options are listed in tie order, so comparing index tuples is the tie rule.
    layer: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {(0,) * 9: (0, ())}
    for options in choices:
        nxt: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
        for cover, (runs, prefix) in layer.items():
            for index, (start, length) in enumerate(options):
                if length:
                    c = list(cover)
                    for v in range(start, start + length):
                        c[v] += 1
                    key = tuple(c)
                else:
                    key = cover
                cand = (runs + length * length, (*prefix, index))
                old = nxt.get(key)
                if old is None or cand[0] > old[0] or (cand[0] == old[0] and cand[1] < old[1]):
                    nxt[key] = cand
        layer = nxt
    best: tuple[int, tuple[int, ...]] | None = None
    for cover, (runs, prefix) in layer.items():
        total = runs + sum((k - r) * (k - r) for k, r in zip(counts, cover, strict=True))
        if best is None or total > best[0] or (total == best[0] and prefix < best[1]):
            best = (total, prefix)
    assert best is not None
    return best[0], tuple(choices[e][i] for e, i in enumerate(best[1]))


def shrinewars_score_mask(mask: int) -> int:
    """Best-partition score of a 36-bit card mask."""
    _check_mask(mask)
    return _search(mask)[0]


def shrinewars_partition_mask(mask: int) -> tuple[int, tuple[int, ...]]:
    """``(score, combination masks)`` of the best partition of a card mask.

    The runs come first in element order, then the face-value groups in value
    order.
    """
    _check_mask(mask)
    score, runs = _search(mask)
    combos: list[int] = []
    rest = mask
    for e, (start, length) in enumerate(runs):
        if length:
            run = ((1 << length) - 1) << (start + 9 * e)
            combos.append(run)
            rest &= ~run
    for col in _COLUMNS:
        if rest & col:
            combos.append(rest & col)
    return score, tuple(combos)


def shrinewars_batch_score(masks: NDArray[np.uint64]) -> NDArray[np.int32]:
    """Scores of each card mask in a 1-D ``uint64`` array.

    Every mask is checked first: ``ValueError`` if one has a bit above 35.
    Each mask is read once, from a copy taken before it is checked: if another
    thread writes into ``masks`` during the call, each score is that of some
    value its mask held during the call, or the call raises that
    ``ValueError`` if a mask read had a bit above 35.
    """
    if not isinstance(masks, np.ndarray) or masks.dtype != np.uint64 or masks.ndim != 1:
        raise ValueError(_msg.MASKS_ARRAY)
    masks = masks.copy()
    if masks.size and int((masks & np.uint64(~_FULL & (2**64 - 1))).max()) != 0:
        raise error(E_ARG)
    out = np.empty(masks.shape[0], dtype=np.int32)
    for i, m in enumerate(masks.tolist()):
        out[i] = _search(int(m))[0]
    return out
