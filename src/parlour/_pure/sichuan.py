"""Pure-Python twin of the Sichuan evaluator in ``csrc/sichuan.c``.

Same names, arguments and results as the compiled functions in
``parlour._core``, by plainer means: completeness by recursive decomposition
of each suit, waits by trying every kind, shanten by the same exact per-suit
distance programme the C table builder runs, but per call (memoised).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from parlour.sichuan.hand import Form, Hand, HandLike, Score
    from parlour.sichuan.rules import Rules

__all__ = [
    "sichuan_discard_gains",
    "sichuan_batch_is_complete",
    "sichuan_batch_shanten",
    "sichuan_batch_waits",
    "sichuan_best_win",
    "sichuan_is_complete",
    "sichuan_score",
    "sichuan_shanten",
    "sichuan_waits",
]

INF = 63
SHANTEN_IMPOSSIBLE = 99


def _h() -> Any:
    # Imported on first use: parlour.sichuan imports this module's package.
    from parlour.sichuan import hand

    return hand


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


def sichuan_is_complete(hand: HandLike, *, missing_suit: Any = None) -> bool:
    """True if the 14-tile hand is complete (standard form or seven pairs)."""
    h = _h().as_hand(hand)
    missing = _suit(missing_suit)
    if missing >= 0 and h._meld_suits >> missing & 1:
        return False
    return _complete(h.counts, len(h.melds), missing)


def _suit(missing_suit: Any) -> int:
    from parlour.sichuan.tiles import suit_index

    return suit_index(missing_suit)


def sichuan_waits(hand: HandLike, *, missing_suit: Any = None) -> tuple[str, ...]:
    """Kinds that complete a 13-tile hand, in kind order (kinds the hand
    holds all four of excluded)."""
    from parlour.sichuan.tiles import kind_text

    return tuple(kind_text(k) for k in _wait_kinds(_h().as_hand(hand), missing_suit))


def _wait_kinds(h: Hand, missing_suit: Any) -> list[int]:
    # The hand's size is checked before the suit, as in the compiled module.
    if h.size != 13:
        raise ValueError(f"waits needs a 13-tile hand (kongs count 3), not {h.size} tiles")
    missing = _suit(missing_suit)
    if missing >= 0 and h._meld_suits >> missing & 1:
        return []
    counts = list(h.counts)
    found = []
    for k in range(27):
        if h.total_count(k) >= 4:
            continue
        counts[k] += 1
        if _complete(tuple(counts), len(h.melds), missing):
            found.append(k)
        counts[k] -= 1
    return found


def _shanten(
    counts: tuple[int, ...], meld_counts: bytes | None, melds: int, missing: int, form: int
) -> int:
    best = SHANTEN_IMPOSSIBLE
    if form != 2:
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
    if form != 1 and melds == 0:
        allowed = [c for k, c in enumerate(counts) if k // 9 != missing]
        pairs = sum(c // 2 for c in allowed)
        odd = sum(c % 2 for c in allowed)
        need = max(0, 7 - pairs)
        best = min(best, 2 * need - min(odd, need) - 1)
    return best


def sichuan_shanten(hand: HandLike, *, missing_suit: Any = None, form: Form = "any") -> int:
    """Exact shanten of a 13- or 14-tile hand; -1 when complete.

    ``99`` for the seven-pairs form of a hand with melds (impossible).
    """
    hm = _h()
    h = hm.as_hand(hand)
    f = hm.form_index(form)
    missing = _suit(missing_suit)
    if h.size not in (13, 14):
        raise ValueError(f"shanten needs 13 or 14 tiles (kongs count 3), not {h.size}")
    if missing >= 0 and h._meld_suits >> missing & 1:
        return SHANTEN_IMPOSSIBLE
    return _shanten(h.counts, h._meld_counts, len(h.melds), missing, f)


# -- scoring ---------------------------------------------------------------

_PATTERN_FAN = (0, 1, 2, 2, 3)


def _better(a: int, b: int) -> int:
    if a < 0:
        return b
    if b < 0:
        return a
    if _PATTERN_FAN[a] != _PATTERN_FAN[b]:
        return a if _PATTERN_FAN[a] > _PATTERN_FAN[b] else b
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
            return 4
        if outside:
            return 3
        return 1 if pungs else 0
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


def _score_numbers(h: Hand, flags: int, cap: int) -> tuple[int, int, int, int, int] | None:
    counts = list(h.counts)
    if sum(counts) + 3 * len(h.melds) != 14:
        return None
    outside = all(m.kind % 9 in (0, 8) for m in h.melds)
    only258 = all(m.kind % 9 + 1 in (2, 5, 8) for m in h.melds)
    pattern = _splits(counts, 0, False, True, outside, only258)
    if not h.melds and all(c % 2 == 0 for c in counts):
        pattern = _better(pattern, 2)
    if pattern < 0:
        return None
    totals = [h.total_count(k) for k in range(27)]
    roots = sum(1 for t in totals if t == 4)
    suits = {k // 9 for k in range(27) if totals[k]}
    add = 0
    if len(suits) == 1:
        add |= 1
    if len(h.melds) == 4:
        add |= 2
    add |= flags & (4 | 8 | 16)
    if flags & 32 and flags & 64:
        add |= 32
    fan = _PATTERN_FAN[pattern] + roots
    fan += 2 * bool(add & 1) + bool(add & 2) + bool(add & 4) + bool(add & 8) + bool(add & 16)
    fan += bool(add & 32)
    capped = min(fan, cap) if cap >= 0 else fan
    return fan, 1 << min(capped, 30), pattern, add, roots


def _rules(rules: Rules | None) -> Rules:
    from parlour.protocol import checked_rules
    from parlour.sichuan.rules import DEFAULT_RULES

    return checked_rules(rules, DEFAULT_RULES, "sichuan")


def win_flags(
    self_draw: bool, kong_replacement: bool, robbed_kong: bool, last_tile: bool, rules: Rules
) -> int:
    """The C core's flag bits for a win."""
    return (
        32 * bool(self_draw)
        | 4 * bool(kong_replacement)
        | 8 * bool(robbed_kong)
        | 16 * bool(last_tile)
        | 64 * bool(rules.self_draw_doubles)
    )


def check_win_tile(h: Hand, win_tile: Any) -> None:
    """Raise ValueError unless ``win_tile`` (kind, text or None) is a concealed tile."""
    if win_tile is None:
        return
    from parlour.sichuan.hand import _kind_arg

    k = _kind_arg(win_tile)
    if h.counts[k] == 0:
        raise ValueError(f"the winning tile {win_tile!r} is not among the concealed tiles")


def sichuan_score(
    hand: HandLike,
    *,
    self_draw: bool = False,
    kong_replacement: bool = False,
    robbed_kong: bool = False,
    last_tile: bool = False,
    win_tile: Any = None,
    rules: Rules | None = None,
) -> Score:
    """Fan and points of a complete hand (``ValueError`` if it is not complete)."""
    hm = _h()
    h = hm.as_hand(hand)
    r = _rules(rules)
    check_win_tile(h, win_tile)
    nums = _score_numbers(
        h, win_flags(self_draw, kong_replacement, robbed_kong, last_tile, r), r.cap_code()
    )
    if nums is None:
        raise ValueError(f"the hand {h} is not complete")
    return hm.make_score(*nums)  # type: ignore[no-any-return]


def sichuan_best_win(
    hand: HandLike, *, missing_suit: Any = None, rules: Rules | None = None
) -> int:
    """Highest points over the waits of a 13-tile hand, no event additions; 0 if not ready."""
    h = _h().as_hand(hand)
    r = _rules(rules)
    best = 0
    for k in _wait_kinds(h, missing_suit):
        nums = _score_numbers(h.add(k), 0, r.cap_code())
        if nums is not None:
            best = max(best, nums[1])
    return best


# -- batches ---------------------------------------------------------------

# The batch errors for a bad count or meld number, raised by both backends
# (the compiled binding reads them from here).
BATCH_COUNT_ERROR = "a count is out of range (more than 4 copies)"
BATCH_MELDS_ERROR = "an argument is out of range (more than 4 melds)"


def check_batch(counts: Any, melds: Any) -> tuple[NDArray[np.uint8], NDArray[np.uint8] | None]:
    """Check the batch arguments' types and shapes exactly as the compiled module does.

    Returns copies: the caller's arrays may be written by another thread,
    and a value must not change between its check and its use. The values
    are checked by :func:`check_batch_values`, after the other arguments,
    because the compiled module checks them last, in C.
    """
    import numpy as np

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
        melds = melds.copy()
    return counts.copy(), melds


def check_batch_values(counts: NDArray[np.uint8], melds: NDArray[np.uint8] | None) -> None:
    """Reject counts above 4, then meld numbers above 4, as the C core does."""
    if counts.size and int(counts.max()) > 4:
        raise ValueError(BATCH_COUNT_ERROR)
    if melds is not None and melds.size and int(melds.max()) > 4:
        raise ValueError(BATCH_MELDS_ERROR)


def sichuan_batch_is_complete(
    counts: Any, melds: Any = None, *, missing_suit: Any = None
) -> NDArray[np.bool_]:
    """``is_complete`` for each row of an ``(N, 27)`` uint8 count array.

    Each row is read once, from a copy taken before it is checked: if another
    thread writes into ``counts`` or ``melds`` during the call, each result is
    that of some value its row held during the call, or the call raises the
    ``ValueError`` for a bad count or meld number if a value read was out of
    range; it never reads out of bounds.
    """
    import numpy as np

    c, m = check_batch(counts, melds)
    missing = _suit(missing_suit)
    check_batch_values(c, m)
    out = np.zeros(c.shape[0], dtype=np.bool_)
    for i in range(c.shape[0]):
        out[i] = _complete(tuple(int(x) for x in c[i]), 0 if m is None else int(m[i]), missing)
    return out


def sichuan_batch_shanten(
    counts: Any, melds: Any = None, *, missing_suit: Any = None, form: Form = "any"
) -> NDArray[np.int8]:
    """``shanten`` for each row (99 for rows of another size).

    Concurrent writes: as for :func:`sichuan_batch_is_complete`.
    """
    import numpy as np

    c, m = check_batch(counts, melds)
    missing = _suit(missing_suit)
    f = _h().form_index(form)
    check_batch_values(c, m)
    out = np.zeros(c.shape[0], dtype=np.int8)
    for i in range(c.shape[0]):
        row = tuple(int(x) for x in c[i])
        nm = 0 if m is None else int(m[i])
        if sum(row) + 3 * nm not in (13, 14):
            out[i] = SHANTEN_IMPOSSIBLE
        else:
            out[i] = _shanten(row, None, nm, missing, f)
    return out


def sichuan_batch_waits(
    counts: Any, melds: Any = None, *, missing_suit: Any = None
) -> NDArray[np.uint32]:
    """27-bit wait mask for each row (0 for rows of another size).

    Concurrent writes: as for :func:`sichuan_batch_is_complete`.
    """
    import numpy as np

    c, m = check_batch(counts, melds)
    missing = _suit(missing_suit)
    check_batch_values(c, m)
    out = np.zeros(c.shape[0], dtype=np.uint32)
    for i in range(c.shape[0]):
        row = list(int(x) for x in c[i])
        nm = 0 if m is None else int(m[i])
        if sum(row) + 3 * nm != 13:
            continue
        mask = 0
        for k in range(27):
            if row[k] >= 4:
                continue
            row[k] += 1
            if _complete(tuple(row), nm, missing):
                mask |= 1 << k
            row[k] -= 1
        out[i] = mask
    return out


def _kind_bytes(values: Any, name: str) -> bytes:
    if isinstance(values, int):
        raise ValueError(f"{name} must be 27 counts, not the int {values!r}")
    try:
        b = bytes(values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be 27 counts in 0..4: {exc}") from None
    if len(b) != 27:
        raise ValueError(f"{name} must hold 27 counts, not {len(b)}")
    return b


def sichuan_discard_gains(
    counts: Any, melds: int, missing_suit: Any, live: Any, candidates: Any = None
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
    missing = _suit(missing_suit)
    if not isinstance(melds, int) or not 0 <= melds <= 4:
        raise ValueError("an argument is out of range")
    if max(c) > 4 or max(lv) > 4:
        raise ValueError("a count is out of range")
    if sum(c) + 3 * melds != 14:
        raise ValueError("the hand has the wrong number of tiles or cards")
    row = list(c)

    def row_shanten() -> int:
        if any(x > 4 for x in row):
            return SHANTEN_IMPOSSIBLE
        return _shanten(tuple(row), None, melds, missing, 0)

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
