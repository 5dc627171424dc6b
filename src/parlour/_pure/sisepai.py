"""Pure-Python twin of the Sì Sè Pái grouping solver in ``csrc/sisepai.c``.

Same names, arguments and results as the compiled functions in
``parlour._core``, on plain data only: 33 concealed counts (bytes or a
sequence of ints; chess kinds 0..27 at most 4, flowers 28..32 at most 1),
exposed groups as sequences of kinds, points as nine ints in group-type
order. A colour's best one-colour partition is found by memoised recursion on
its base-5 key (the C core tabulates the same recursion), and the
cross-colour soldier groups are enumerated around it.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from parlour import _messages as _msg
from parlour._codes import common as _E
from parlour._codes.sisepai import (
    SSP_CHARACTER_CHARIOT,
    SSP_CHARACTER_GENERAL,
    SSP_CHARACTER_SOLDIER,
    SSP_COLOUR,
    SSP_FLOWER,
    SSP_GROUP,
    SSP_GROUP_COMMAND,
    SSP_GROUP_FIELD,
    SSP_GROUP_FLOWER,
    SSP_GROUP_GENERAL,
    SSP_GROUP_PAIR,
    SSP_GROUP_QUAD,
    SSP_GROUP_SOLDIERS3,
    SSP_GROUP_SOLDIERS4,
    SSP_GROUP_TRIPLE,
)
from parlour._pure.core import strerror

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    from parlour._lazy import numpy as np

__all__ = [
    "sisepai_batch_is_complete",
    "sisepai_counts_best_groups",
    "sisepai_counts_complete",
    "sisepai_counts_winning",
    "sisepai_group_type",
]

COLOURS = len(SSP_COLOUR)
CHESS = COLOURS * 7
KINDS = CHESS + len(SSP_FLOWER)
HAND = 21
MAX_POINTS = 100
POW5 = (1, 5, 25, 125, 625, 3125, 15625)
SOLDIER_UNIT = POW5[SSP_CHARACTER_SOLDIER]
DEFAULT_POINTS = tuple(row[3] for row in SSP_GROUP)
GENERAL, FLOWER, PAIR, TRIPLE, QUAD = (
    SSP_GROUP_GENERAL,
    SSP_GROUP_FLOWER,
    SSP_GROUP_PAIR,
    SSP_GROUP_TRIPLE,
    SSP_GROUP_QUAD,
)
COMMAND, FIELD, SOLDIERS3, SOLDIERS4 = (
    SSP_GROUP_COMMAND,
    SSP_GROUP_FIELD,
    SSP_GROUP_SOLDIERS3,
    SSP_GROUP_SOLDIERS4,
)
# The C core's status texts (parlour_strerror) for the statuses raised here,
# from the table both read (csrc/common_codes.def).
E_COUNT = strerror(_E.E_COUNT)
E_SIZE = strerror(_E.E_SIZE)
E_ARG = strerror(_E.E_ARG)
BAD_GROUPS = "exposed must be a sequence of groups, each a sequence of card kinds"
BAD_POINTS = "points must be nine ints, one per group type"

_caches: dict[tuple[int, ...], dict[int, int]] = {}


def _colour_best(points: tuple[int, ...], cache: dict[int, int], key: int) -> int:
    """Best score of one colour's cards (base-5 key over G A E R H C S)
    split into one-colour groups, or -1 if they cannot be split."""
    found = cache.get(key)
    if found is not None:
        return found
    d = [(key // POW5[i]) % 5 for i in range(7)]
    low = next(i for i in range(7) if d[i])
    options: list[tuple[int, int]] = []
    if low == SSP_CHARACTER_GENERAL:
        options.append((1, points[GENERAL]))
        if d[1] and d[2]:
            options.append((1 + 5 + 25, points[COMMAND]))
    else:
        for n, t in ((2, PAIR), (3, TRIPLE), (4, QUAD)):
            if d[low] >= n:
                options.append((n * POW5[low], points[t]))
        if low == SSP_CHARACTER_CHARIOT and d[4] and d[5]:
            options.append((POW5[3] + POW5[4] + POW5[5], points[FIELD]))
    best = -1
    for sub, pts in options:
        v = _colour_best(points, cache, key - sub)
        if v >= 0 and v + pts > best:
            best = v + pts
    cache[key] = best
    return best


def keys_of(counts: bytes | list[int] | tuple[int, ...]) -> list[int]:
    """The four colour keys of 33 (or 28) counts."""
    return [sum(counts[c * 7 + i] * POW5[i] for i in range(7)) for c in range(4)]


def solve_keys(points: tuple[int, ...], keys: list[int], first_only: bool = False) -> int:
    """Best score of the chess cards of four colour keys (-1: no partition).

    ``t[j]`` counts the three-colour soldier groups leaving out colour ``j``
    and ``n4`` the four-colour ones.
    """
    cache = _caches.setdefault(points, {0: 0})
    s = [k // SOLDIER_UNIT for k in keys]
    if sum(1 for x in s if x) < 3:
        vals = [_colour_best(points, cache, k) for k in keys]
        if min(vals) < 0:
            return -1
        return 0 if first_only else sum(vals)
    best = -1
    for n4 in range(min(s) + 1):
        for t in product(*(range(min(s[:c] + s[c + 1 :]) - n4 + 1) for c in range(4))):
            used = [n4 + sum(t) - t[c] for c in range(4)]
            if any(used[c] > s[c] for c in range(4)):
                continue
            vals = [_colour_best(points, cache, keys[c] - used[c] * SOLDIER_UNIT) for c in range(4)]
            if min(vals) < 0:
                continue
            if first_only:
                return 0
            total = sum(vals) + n4 * points[SOLDIERS4] + sum(t) * points[SOLDIERS3]
            best = max(best, total)
    return best


def counts_arg(counts: Any, name: str = "counts") -> bytes:
    """33 counts as bytes, their values unchecked (the C core checks them)."""
    if isinstance(counts, int):
        # bytes(n) would read an int as n zero counts.
        raise ValueError(
            _msg.COUNTS_GIVEN_AN_INT.format(name=name, what="33 ints in 0..4", value=counts)
        )
    try:
        b = bytes(counts)
    except (TypeError, ValueError) as exc:
        raise ValueError(
            _msg.COUNTS_UNREADABLE.format(name=name, what="33 ints in 0..4", exc=exc)
        ) from None
    if len(b) != KINDS:
        raise ValueError(_msg.COUNTS_LENGTH.format(name=name, n=33, got=len(b)))
    return b


def _check_values(b: bytes) -> None:
    for k in range(KINDS):
        if b[k] > (4 if k < CHESS else 1):
            raise ValueError(E_COUNT)


def _check_counts(counts: Any) -> bytes:
    b = counts_arg(counts)
    _check_values(b)
    return b


def _exposed_arg(exposed: Any) -> list[bytes]:
    """Each exposed group's kinds as bytes, unchecked (the C core checks them)."""
    if not isinstance(exposed, tuple | list):
        raise ValueError(BAD_GROUPS)
    groups: list[bytes] = []
    for g in exposed:
        if isinstance(g, int | str):
            raise ValueError(BAD_GROUPS)
        try:
            groups.append(bytes(g))
        except (TypeError, ValueError):
            raise ValueError(BAD_GROUPS) from None
    return groups


def _points_arg(points: Any) -> tuple[int, ...]:
    if not isinstance(points, tuple | list) or len(points) != len(SSP_GROUP):
        raise ValueError(BAD_POINTS)
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in points):
        raise ValueError(BAD_POINTS)
    if not all(0 <= p <= MAX_POINTS for p in points):
        raise ValueError(E_ARG)
    return tuple(points)


def _group_type(kinds: bytes) -> int:
    """The group type of sorted kinds, or -1 if they are not a legal group."""
    n = len(kinds)
    if not 1 <= n <= 4 or any(k >= KINDS for k in kinds) or list(kinds) != sorted(kinds):
        return -1
    k0, ch = kinds[0], kinds[0] % 7
    if n == 1:
        if k0 >= CHESS:
            return FLOWER
        return GENERAL if ch == SSP_CHARACTER_GENERAL else -1
    if kinds[-1] >= CHESS:
        return -1
    if kinds[-1] == k0:
        return -1 if ch == SSP_CHARACTER_GENERAL else (PAIR, TRIPLE, QUAD)[n - 2]
    if n == 3 and tuple(kinds) == (k0, k0 + 1, k0 + 2):
        if ch == SSP_CHARACTER_GENERAL:
            return COMMAND
        if ch == SSP_CHARACTER_CHARIOT:
            return FIELD
    if n >= 3 and all(k % 7 == SSP_CHARACTER_SOLDIER for k in kinds) and len(set(kinds)) == n:
        return SOLDIERS3 if n == 3 else SOLDIERS4
    return -1


def sisepai_group_type(kinds: Any) -> int:
    """The group type (index into a points array) of a group's kinds in
    non-decreasing order, or -1 if they are not a legal group."""
    if isinstance(kinds, int | str):
        raise ValueError("kinds must be a sequence of card kinds")
    try:
        b = bytes(kinds)
    except (TypeError, ValueError):
        raise ValueError("kinds must be a sequence of card kinds") from None
    return _group_type(b)


def sisepai_counts_complete(counts: Any, exposed_cards: int) -> bool:
    """Fast path: are 33 concealed counts plus ``exposed_cards`` exposed
    cards (in legal groups) a complete 21-card hand?"""
    b = _check_counts(counts)
    if not isinstance(exposed_cards, int) or exposed_cards < 0 or sum(b) + exposed_cards != HAND:
        raise ValueError(E_SIZE)
    return solve_keys(DEFAULT_POINTS, keys_of(b), True) >= 0


def sisepai_counts_winning(counts: Any, exposed_counts: Any, exposed_cards: int) -> int:
    """Fast path for a 20-card hand: bit ``k`` set when a card of kind ``k``
    completes it (kinds held four times and flowers held are never set)."""
    # Both arguments' types before any value, as in the compiled module.
    b = counts_arg(counts)
    e = bytes(KINDS) if exposed_counts is None else counts_arg(exposed_counts, "exposed_counts")
    _check_values(b)
    _check_values(e)
    for k in range(KINDS):
        if b[k] + e[k] > (4 if k < CHESS else 1):
            raise ValueError(E_COUNT)
    if (
        not isinstance(exposed_cards, int)
        or exposed_cards < 0
        or (sum(b) + exposed_cards != HAND - 1)
    ):
        raise ValueError(E_SIZE)
    mask = 0
    keys = keys_of(b)
    for k in range(CHESS):
        if b[k] + e[k] >= 4:
            continue
        k2 = list(keys)
        k2[k // 7] += POW5[k % 7]
        if solve_keys(DEFAULT_POINTS, k2, True) >= 0:
            mask |= 1 << k
    if solve_keys(DEFAULT_POINTS, keys, True) >= 0:
        for k in range(CHESS, KINDS):
            if not b[k] and not e[k]:
                mask |= 1 << k
    return mask


def _candidates(c: list[int], k: int) -> list[tuple[int, ...]]:
    # Groups holding kind k (the lowest card left), in lexicographic order.
    ch, col = k % 7, k // 7
    out: list[tuple[int, ...]] = []
    if ch == SSP_CHARACTER_GENERAL:
        out.append((k,))
        if c[k + 1] and c[k + 2]:
            out.append((k, k + 1, k + 2))
        return out
    for n in (2, 3, 4):
        if c[k] >= n:
            out.append((k,) * n)
    if ch == SSP_CHARACTER_CHARIOT and c[k + 1] and c[k + 2]:
        out.append((k, k + 1, k + 2))
    if ch == SSP_CHARACTER_SOLDIER:
        for d1 in range(col + 1, COLOURS):
            for d2 in range(d1 + 1, COLOURS):
                s1, s2 = d1 * 7 + ch, d2 * 7 + ch
                if not (c[s1] and c[s2]):
                    continue
                out.append((k, s1, s2))
                for d3 in range(d2 + 1, COLOURS):
                    if c[d3 * 7 + ch]:
                        out.append((k, s1, s2, d3 * 7 + ch))
    return out


def best_partition(
    counts: bytes | list[int], points: tuple[int, ...]
) -> tuple[int, list[tuple[int, ...]]] | None:
    """Best score and groups of concealed counts (flowers single), or None.

    Greedy: the lowest card left goes into the lexicographically first group
    that still lets the rest reach the best score, which gives the smallest
    sorted list of groups among the best partitions.
    """
    c = list(counts)
    best = solve_keys(points, keys_of(c))
    if best < 0:
        return None
    score = best
    groups: list[tuple[int, ...]] = []
    while True:
        k = next((k for k in range(CHESS) if c[k]), -1)
        if k < 0:
            break
        for g in _candidates(c, k):
            pts = points[_group_type(bytes(g))]
            for x in g:
                c[x] -= 1
            rest = solve_keys(points, keys_of(c))
            if rest >= 0 and rest + pts == best:
                best = rest
                groups.append(g)
                break
            for x in g:
                c[x] += 1
        else:  # pragma: no cover - the table said a partition exists
            raise AssertionError("no group fits")
    for k in range(CHESS, KINDS):
        if c[k]:
            groups.append((k,))
            score += points[FLOWER]
    return score, groups


def sisepai_counts_best_groups(
    counts: Any, exposed: Any, points: Any
) -> tuple[int, tuple[tuple[int, ...], ...]] | None:
    """``(score, groups)`` of the best partition of a 21-card hand given as
    33 concealed counts and its exposed groups (each a sequence of kinds in
    non-decreasing order), scored with ``points`` (nine ints in group-type
    order): every group, exposed ones included, sorted; among equal scores
    the smallest sorted list of groups. ``None`` if the hand has no
    partition."""
    b = counts_arg(counts)
    groups = _exposed_arg(exposed)
    pts = _points_arg(points)
    _check_values(b)
    if len(groups) > HAND:
        raise ValueError(E_ARG)
    total = list(b)
    types = []
    for g in groups:
        gt = _group_type(g)
        if gt < 0:
            raise ValueError(E_ARG)
        types.append(gt)
        for k in g:
            total[k] += 1
    if any(total[k] > (4 if k < CHESS else 1) for k in range(KINDS)):
        raise ValueError(E_COUNT)
    if sum(total) != HAND:
        raise ValueError(E_SIZE)
    found = best_partition(b, pts)
    if found is None:
        return None
    score, concealed = found
    score += sum(pts[gt] for gt in types)
    return score, tuple(sorted([*concealed, *(tuple(g) for g in groups)]))


def _check_batch(counts: Any, exposed_cards: Any) -> tuple[NDArray[np.uint8], Any]:
    """Validate the arguments of :func:`sisepai_batch_is_complete`.

    Returns copies: the caller's arrays may be written by another thread,
    and a value must not change between its check and its use.
    """
    if not isinstance(counts, np.ndarray) or counts.dtype != np.uint8:
        raise ValueError(_msg.BATCH_COUNTS_TYPE.format(kinds=33))
    if counts.ndim != 2 or counts.shape[1] != KINDS:
        raise ValueError(_msg.BATCH_COUNTS_SHAPE.format(kinds=33, shape=counts.shape))
    if not counts.flags.c_contiguous:
        raise ValueError(_msg.BATCH_CONTIGUOUS)
    if exposed_cards is not None:
        if not isinstance(exposed_cards, np.ndarray) or exposed_cards.dtype != np.uint8:
            raise ValueError(_msg.BATCH_EXPOSED_TYPE)
        if exposed_cards.shape != (counts.shape[0],) or not exposed_cards.flags.c_contiguous:
            raise ValueError(_msg.BATCH_EXPOSED_SHAPE.format(n=counts.shape[0]))
    counts = counts.copy()
    if exposed_cards is not None:
        exposed_cards = exposed_cards.copy()
    limits = np.array([4] * CHESS + [1] * (KINDS - CHESS), dtype=np.uint8)
    if counts.shape[0] and bool((counts > limits).any()):
        raise ValueError(E_COUNT)
    return counts, exposed_cards


def sisepai_batch_is_complete(counts: Any, exposed_cards: Any = None) -> NDArray[np.bool_]:
    """``is_complete`` for each row of an ``(N, 33)`` uint8 array of
    concealed counts, with an optional ``(N,)`` uint8 array of exposed card
    counts; rows that do not make 21 cards give False.

    Each row is read once, from a copy taken before it is checked: if another
    thread writes into the arrays during the call, each result is that of some
    value its row held during the call, or the call raises the ``ValueError``
    for a count out of range if a value read was.
    """
    c, e = _check_batch(counts, exposed_cards)
    out = np.zeros(c.shape[0], dtype=np.bool_)
    for r in range(c.shape[0]):
        row = bytes(c[r])
        ex = 0 if e is None else int(e[r])
        if sum(row) + ex == HAND:
            out[r] = solve_keys(DEFAULT_POINTS, keys_of(row), True) >= 0
    return out
