"""Pure-Python twin of the Sichuan evaluator in ``csrc/sichuan.c``.

Same names, arguments, results and errors as the compiled functions in
``parlour._core``, on the same plain data (packed suit keys, meld counts and
meld bytes, suit and form codes, count arrays), by plainer means:
completeness by recursive decomposition of each suit, waits by trying every
kind, shanten by the same exact per-suit distance programme the C table
builder runs, but per call (memoised). Each function checks its arguments in
the order the C core does and raises the same status message.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from parlour import _messages as _msg
from parlour._codes import sichuan as _codes
from parlour._codes.common import E_ARG, E_COUNT, E_SIZE
from parlour._pure.core import error

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    from parlour._lazy import numpy as np

__all__ = [
    "sichuan_batch_is_complete",
    "sichuan_batch_shanten",
    "sichuan_batch_waits",
    "sichuan_best_win_keys",
    "sichuan_discard_gains",
    "sichuan_is_complete_keys",
    "sichuan_score_keys",
    "sichuan_shanten_keys",
    "sichuan_waits_keys",
]

INF = 63
SHANTEN_IMPOSSIBLE = 99
#: Base-5 keys of one suit's nine counts are below this.
SUIT_KEYS = 5**9
_KEY_BITS = 21

_FAN = tuple(row[3] for row in _codes.SC_FAN)
_MELD_SIZE = tuple(row[3] for row in _codes.SC_MELD)
# (bit, fan) of each addition, in the fan table's order.
_ADDITIONS = tuple(
    (bit, _FAN[getattr(_codes, "SC_FAN_" + ident)]) for ident, bit, _text in _codes.SC_FLAG
)
_EVENT_FLAGS = (
    _codes.SC_FLAG_KONG_REPLACEMENT | _codes.SC_FLAG_ROBBED_KONG | _codes.SC_FLAG_LAST_TILE
)


# -- plain arguments ---------------------------------------------------------


def _check_args(melds: int, missing: int) -> None:
    if not 0 <= melds <= 4 or not -1 <= missing <= 2:
        raise error(E_ARG)


def _suit_keys(packed: int) -> list[int]:
    mask = (1 << _KEY_BITS) - 1
    return [(packed >> (_KEY_BITS * s)) & mask for s in range(3)]


def _key_counts(key: int) -> list[int]:
    # The ninth digit takes what is left: 5 for a key of 5**9 or more.
    out = []
    for _ in range(8):
        out.append(key % 5)
        key //= 5
    out.append(key)
    return out


def _counts(packed: int) -> list[int]:
    return [c for key in _suit_keys(packed) for c in _key_counts(key)]


def _checked_keys(packed: int) -> list[int]:
    """The suits' counts, refusing as the C core's key checks do, suit by suit."""
    counts = []
    for key in _suit_keys(packed):
        if key >= SUIT_KEYS:
            raise error(E_COUNT)
        suit = _key_counts(key)
        if sum(suit) > 14:
            raise error(E_SIZE)
        counts += suit
    return counts


def _meld_counts(meld_counts: Any) -> bytes | None:
    if meld_counts is None:
        return None
    if not isinstance(meld_counts, bytes):
        raise TypeError(f"Expected bytes, got {type(meld_counts).__name__}")
    if len(meld_counts) != 27:
        raise error(E_ARG)
    return meld_counts


def _melds(melds: bytes) -> list[tuple[int, int]]:
    if len(melds) % 2:
        raise error(E_ARG)
    return [(melds[i], melds[i + 1]) for i in range(0, len(melds), 2)]


def _check_counts(counts: list[int]) -> None:
    if max(counts) > 4:
        raise error(E_COUNT)


def _meld_totals(counts: list[int], melds: list[tuple[int, int]]) -> list[int]:
    """Counts with the melds' tiles added, refusing bad melds as C does."""
    if len(melds) > 4:
        raise error(E_ARG)
    total = list(counts)
    for kind, mtype in melds:
        if kind >= 27 or mtype >= len(_MELD_SIZE):
            raise error(E_ARG)
        total[kind] += _MELD_SIZE[mtype]
        if total[kind] > 4:
            raise error(E_COUNT)
    return total


# -- completeness and waits --------------------------------------------------


@lru_cache(maxsize=1 << 16)
def _decomposes(counts: tuple[int, ...], pair: bool) -> bool:
    """True if one suit's counts split into sets, plus one pair if ``pair``."""
    i = next((r for r in range(9) if counts[r]), 9)
    if i == 9:
        return not pair
    c = list(counts)
    if pair and c[i] >= 2:
        c[i] -= 2
        if _decomposes(tuple(c), False):
            return True
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        if _decomposes(tuple(c), pair):
            return True
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if _decomposes(tuple(c), pair):
            return True
    return False


def _suit_ok(counts: tuple[int, ...]) -> bool:
    n = sum(counts)
    if n % 3 == 1:
        return False
    return _decomposes(counts, n % 3 == 2)


def _complete(counts: tuple[int, ...], melds: int, missing: int) -> bool:
    if sum(counts) + 3 * melds != 14:
        return False
    if missing >= 0 and any(counts[9 * missing : 9 * missing + 9]):
        return False
    if all(_suit_ok(counts[9 * s : 9 * s + 9]) for s in range(3)):
        return True
    return melds == 0 and all(c % 2 == 0 for c in counts)


def _wait_mask(counts: list[int], melds: int, missing: int) -> int:
    """Kinds whose addition completes the hand (none held four times concealed)."""
    row = list(counts)
    mask = 0
    for k in range(27):
        if row[k] >= 4:
            continue
        row[k] += 1
        if _complete(tuple(row), melds, missing):
            mask |= 1 << k
        row[k] -= 1
    return mask


def _waits_counts(counts: list[int], melds: int, meld_counts: bytes, missing: int) -> int:
    # parlour_sc_waits: the counts, then the size, then the melds' counts.
    _check_counts(counts)
    if any(sum(counts[9 * s : 9 * s + 9]) > 14 for s in range(3)):
        raise error(E_SIZE)
    if sum(counts) + 3 * melds != 13:
        raise error(E_SIZE)
    mask = _wait_mask(counts, melds, missing)
    for k in range(27):
        if meld_counts[k] > 4 or meld_counts[k] + counts[k] > 4:
            raise error(E_COUNT)
        if meld_counts[k] and meld_counts[k] + counts[k] >= 4:
            mask &= ~(1 << k)
        if meld_counts[k] and k // 9 == missing:
            return 0  # a meld of the missing suit can never be discarded
    return mask


def sichuan_is_complete_keys(packed: int, melds: int, missing: int) -> bool:
    """True if the hand of packed suit keys (14 tiles, kongs counting 3) is complete."""
    _check_args(melds, missing)
    if any(key >= SUIT_KEYS for key in _suit_keys(packed)):
        raise error(E_COUNT)
    return _complete(tuple(_counts(packed)), melds, missing)


def sichuan_waits_keys(packed: int, melds: int, meld_counts: bytes | None, missing: int) -> int:
    """27-bit mask of the kinds that complete a 13-tile hand (with
    ``meld_counts``, kinds held four times with a meld left out)."""
    mc = _meld_counts(meld_counts)
    _check_args(melds, missing)
    if mc is not None:
        return _waits_counts(_counts(packed), melds, mc, missing)
    counts = _checked_keys(packed)
    if sum(counts) + 3 * melds != 13:
        raise error(E_SIZE)
    return _wait_mask(counts, melds, missing)


# -- shanten -----------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def suit_dist(counts: tuple[int, ...], caps: tuple[int, ...] = (4,) * 9) -> tuple[int, ...]:
    """``dist[m + 5 * p]``: fewest tiles to add so one suit holds ``m`` sets
    and ``p`` pairs, never more than ``caps[r]`` of rank ``r``.

    States are (chows waiting for this rank, chows started on the previous
    rank, sets so far, pair placed); each rank chooses new chows, a pung and
    a pair.
    """
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for r in range(9):
        have, cap = counts[r], caps[r]
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (x, y, m, p), cost in states.items():
            for z in range(0, (4 - m if r <= 6 else 0) + 1):
                for u in (0, 1):
                    if m + z + u > 4:
                        continue
                    for v in (0,) if p else (0, 1):
                        use = x + y + z + 3 * u + 2 * v
                        if use > cap:
                            continue
                        key = (y, z, m + z + u, p | v)
                        c = cost + max(0, use - have)
                        if c < nxt.get(key, INF):
                            nxt[key] = c
        states = nxt
    return tuple(states.get((0, 0, m, p), INF) for p in (0, 1) for m in range(5))


def _shanten(
    counts: tuple[int, ...], meld_counts: bytes | None, melds: int, missing: int, form: int
) -> int:
    best = SHANTEN_IMPOSSIBLE
    if form != _codes.SC_FORM_SEVEN_PAIRS:
        dists: list[tuple[int, ...]] = []
        for s in range(3):
            if s == missing:
                dists.append((0,) + (INF,) * 9)
                continue
            part = counts[9 * s : 9 * s + 9]
            caps = (
                (4,) * 9
                if meld_counts is None
                else tuple(4 - meld_counts[9 * s + r] for r in range(9))
            )
            dists.append(suit_dist(part, caps))
        sets = 4 - melds
        dist = INF
        for ps in range(3):
            for m0 in range(sets + 1):
                for m1 in range(sets - m0 + 1):
                    m = (m0, m1, sets - m0 - m1)
                    c = sum(dists[s][m[s] + (5 if s == ps else 0)] for s in range(3))
                    dist = min(dist, c)
        if dist < INF:
            best = dist - 1
    if form != _codes.SC_FORM_STANDARD and melds == 0:
        allowed = [c for k, c in enumerate(counts) if k // 9 != missing]
        pairs = sum(c // 2 for c in allowed)
        odd = sum(c % 2 for c in allowed)
        need = max(0, 7 - pairs)
        best = min(best, 2 * need - min(odd, need) - 1)
    return best


def _check_form(form: int) -> None:
    if not 0 <= form < len(_codes.SC_FORM):
        raise error(E_ARG)


def sichuan_shanten_keys(
    packed: int, melds: int, meld_counts: bytes | None, missing: int, form: int
) -> int:
    """Exact shanten of a 13- or 14-tile hand; -1 when complete, 99 when the
    form cannot be reached (seven pairs with melds, a meld of the missing suit)."""
    mc = _meld_counts(meld_counts)
    _check_args(melds, missing)
    if mc is None:
        counts = _checked_keys(packed)
        _check_form(form)
    else:
        _check_form(form)
        counts = _counts(packed)
        _check_counts(counts)
        if any(mc[k] > 4 or mc[k] + counts[k] > 4 for k in range(27)):
            raise error(E_COUNT)
    if sum(counts) + 3 * melds not in (13, 14):
        raise error(E_SIZE)
    if mc is not None and missing >= 0 and any(mc[9 * missing : 9 * missing + 9]):
        return SHANTEN_IMPOSSIBLE  # a meld of the missing suit stays for good
    return _shanten(tuple(counts), mc, melds, missing, form)


# -- scoring -----------------------------------------------------------------


def _better(a: int, b: int) -> int:
    if a < 0:
        return b
    if b < 0:
        return a
    if _FAN[a] != _FAN[b]:
        return a if _FAN[a] > _FAN[b] else b
    return min(a, b)


def _splits(
    counts: list[int], start: int, pair: bool, pungs: bool, outside: bool, only258: bool
) -> int:
    """Best pattern code over the splits of counts[start:] (-1 if none)."""
    i = start
    while i < 27 and counts[i] == 0:
        i += 1
    if i == 27:
        if not pair:
            return -1
        if pungs and only258:
            return _codes.SC_FAN_ALL_258_PUNGS
        if outside:
            return _codes.SC_FAN_OUTSIDE
        return _codes.SC_FAN_ALL_PUNGS if pungs else _codes.SC_FAN_BASIC
    rank = i % 9 + 1
    term = rank in (1, 9)
    is258 = rank in (2, 5, 8)
    best = -1
    if not pair and counts[i] >= 2:
        counts[i] -= 2
        best = _better(best, _splits(counts, i, True, pungs, outside and term, only258 and is258))
        counts[i] += 2
    if counts[i] >= 3:
        counts[i] -= 3
        best = _better(best, _splits(counts, i, pair, pungs, outside and term, only258 and is258))
        counts[i] += 3
    if rank <= 7 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        best = _better(best, _splits(counts, i, pair, False, outside and rank in (1, 7), False))
        for j in (i, i + 1, i + 2):
            counts[j] += 1
    return best


def _score(
    counts: list[int], total: list[int], melds: list[tuple[int, int]], flags: int, cap: int
) -> tuple[int, int, int, int, int] | None:
    """The scorer on checked input; None if the hand is not complete."""
    if sum(counts) + 3 * len(melds) != 14:
        return None
    outside = all(kind % 9 in (0, 8) for kind, _t in melds)
    only258 = all(kind % 9 + 1 in (2, 5, 8) for kind, _t in melds)
    pattern = _splits(list(counts), 0, False, True, outside, only258)
    if not melds and all(c % 2 == 0 for c in counts):
        pattern = _better(pattern, _codes.SC_FAN_SEVEN_PAIRS)
    if pattern < 0:
        return None
    roots = sum(1 for t in total if t == 4)
    suits = {k // 9 for k in range(27) if total[k]}
    add = flags & _EVENT_FLAGS
    if len(suits) == 1:
        add |= _codes.SC_FLAG_FULL_FLUSH
    if len(melds) == 4:
        add |= _codes.SC_FLAG_GOLDEN_HOOK
    if flags & _codes.SC_FLAG_SELF_DRAW and flags & _codes.SC_RULE_SELF_DRAW_DOUBLES:
        add |= _codes.SC_FLAG_SELF_DRAW
    fan = _FAN[pattern] + roots * _FAN[_codes.SC_FAN_ROOT]
    fan += sum(f for bit, f in _ADDITIONS if add & bit)
    capped = min(fan, cap) if cap >= 0 else fan
    return fan, 1 << min(capped, 30), pattern, add, roots


def sichuan_score_keys(
    packed: int, melds: bytes, flags: int, cap: int
) -> tuple[int, int, int, int, int] | None:
    """``(fan, points, pattern, additions, roots)`` of a complete hand, None
    if it is not complete; ``flags`` are PARLOUR_SC_FLAG_* and _RULE_* bits."""
    ms = _melds(melds)
    counts = _counts(packed)
    if cap < -1:
        raise error(E_ARG)
    _check_counts(counts)
    total = _meld_totals(counts, ms)
    return _score(counts, total, ms, flags, cap)


def sichuan_best_win_keys(packed: int, melds: bytes, missing: int, cap: int) -> int:
    """Highest points over the waits of a 13-tile hand, no event additions; 0 if not ready."""
    ms = _melds(melds)
    counts = _counts(packed)
    _check_args(len(ms), missing)
    if cap < -1:
        raise error(E_ARG)
    _check_counts(counts)
    total = _meld_totals(counts, ms)
    meld_counts = bytes(t - c for t, c in zip(total, counts, strict=True))
    best = 0
    mask = _waits_counts(counts, len(ms), meld_counts, missing)
    for k in range(27):
        if mask >> k & 1:
            counts[k] += 1
            total[k] += 1
            nums = _score(counts, total, ms, 0, cap)
            counts[k] -= 1
            total[k] -= 1
            if nums is not None:
                best = max(best, nums[1])
    return best


# -- batches -----------------------------------------------------------------


def _batch(
    counts: Any, melds: Any, missing: int, form: int = 0
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Copies of the arrays (another thread may write the caller's), checked
    in the compiled module's order: shapes, then the suit and form, then
    every count, then every meld number."""
    if counts.ndim != 2 or counts.shape[1] != 27:
        raise error(E_SIZE)
    if melds is not None and melds.shape[0] != counts.shape[0]:
        raise error(E_SIZE)
    c = counts.copy()
    m = np.zeros(c.shape[0], dtype=np.uint8) if melds is None else melds.copy()
    _check_args(0, missing)
    _check_form(form)
    if c.size and int(c.max()) > 4:
        raise error(E_COUNT)
    if m.size and int(m.max()) > 4:
        raise error(E_ARG)
    return c, m


def sichuan_batch_is_complete(counts: Any, melds: Any, missing: int) -> NDArray[np.bool_]:
    """``is_complete`` for each row of a C-contiguous ``(N, 27)`` uint8
    array, with ``melds`` None or ``(N,)`` uint8 meld numbers; a bool array.

    Each row is read once, into a checked copy (see csrc/parlour_sichuan.h):
    another thread writing into the arrays meanwhile cannot make the C core
    read out of bounds.
    """
    c, m = _batch(counts, melds, missing)
    out = np.zeros(c.shape[0], dtype=np.bool_)
    for i in range(c.shape[0]):
        out[i] = _complete(tuple(int(x) for x in c[i]), int(m[i]), missing)
    return out


def sichuan_batch_shanten(counts: Any, melds: Any, missing: int, form: int) -> NDArray[np.int8]:
    """``shanten`` for each row (99 for rows of another size); an int8 array."""
    c, m = _batch(counts, melds, missing, form)
    out = np.zeros(c.shape[0], dtype=np.int8)
    for i in range(c.shape[0]):
        row = tuple(int(x) for x in c[i])
        nm = int(m[i])
        if sum(row) + 3 * nm not in (13, 14):
            out[i] = SHANTEN_IMPOSSIBLE
        else:
            out[i] = _shanten(row, None, nm, missing, form)
    return out


def sichuan_batch_waits(counts: Any, melds: Any, missing: int) -> NDArray[np.uint32]:
    """27-bit wait mask for each row (0 for rows of another size); a uint32 array."""
    c, m = _batch(counts, melds, missing)
    out = np.zeros(c.shape[0], dtype=np.uint32)
    for i in range(c.shape[0]):
        row = [int(x) for x in c[i]]
        nm = int(m[i])
        if sum(row) + 3 * nm == 13:
            out[i] = _wait_mask(row, nm, missing)
    return out


# -- discard evaluation for bots ---------------------------------------------


def _kind_bytes(values: Any, name: str) -> bytes:
    if isinstance(values, int):
        raise ValueError(_msg.COUNTS_GIVEN_AN_INT.format(name=name, what="27 counts", value=values))
    try:
        b = bytes(values)
    except (TypeError, ValueError) as exc:
        raise ValueError(
            _msg.COUNTS_UNREADABLE.format(name=name, what="27 counts in 0..4", exc=exc)
        ) from None
    if len(b) != 27:
        raise ValueError(_msg.COUNTS_LENGTH.format(name=name, n=27, got=len(b)))
    return b


def sichuan_discard_gains(
    counts: Any, melds: int, missing: int, live: Any, candidates: Any = None
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Discard evaluation of a 14-tile hand for bots: ``(best, shanten, gains)``.

    ``shanten[k]`` is the shanten after discarding kind ``k`` (99 if not held),
    with batch semantics (melds counted, no kind capped by them);
    ``gains[k]``, for the kinds reaching ``best``, the sum of ``live[j]`` over
    the kinds ``j`` whose draw lowers the shanten further. ``candidates``
    (27 flags, or None for every kind held) limits the kinds considered.
    """
    c = _kind_bytes(counts, "counts")
    lv = _kind_bytes(live, "live")
    cand = bytes([1] * 27) if candidates is None else _kind_bytes(candidates, "candidates")
    _check_args(melds, missing)
    if max(c) > 4 or max(lv) > 4:
        raise error(E_COUNT)
    if sum(c) + 3 * melds != 14:
        raise error(E_SIZE)
    row = list(c)

    def row_shanten() -> int:
        if any(x > 4 for x in row):
            return SHANTEN_IMPOSSIBLE
        return _shanten(tuple(row), None, melds, missing, _codes.SC_FORM_ANY)

    sh = [SHANTEN_IMPOSSIBLE] * 27
    for k in range(27):
        if c[k] and cand[k]:
            row[k] -= 1
            sh[k] = row_shanten()
            row[k] += 1
    best = min(sh)
    gains = [0] * 27
    for k in range(27):
        if sh[k] != best or best == SHANTEN_IMPOSSIBLE:
            continue
        row[k] -= 1
        for j in range(27):
            if lv[j] and row[j] < 4:
                row[j] += 1
                if row_shanten() < best:
                    gains[k] += lv[j]
                row[j] -= 1
        row[k] += 1
    return best, tuple(sh), tuple(gains)
