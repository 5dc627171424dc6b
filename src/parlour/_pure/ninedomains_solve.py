"""Pure-Python twin of ``csrc/ninedomains_solve.c``: exact solutions of
two-player zero-sum matrix games (the Nine Domains equilibrium bot solves one
per round).

The same method: the double oracle over restricted games, each solved by the
simplex method on the column player's linear program with the most negative
reduced cost entering (lowest column on ties) and the lexicographic ratio test
choosing the leaving row. The C core starts each restricted game after the
first from the previous one's tableau (dual and primal simplex steps) where
this twin solves each from the start; both answer with an equilibrium of the
same restricted game, but on games with several equilibria (and through
rounding in the last bits) the two may return different, equally optimal
strategies and take different numbers of restricted games.

>>> x, y, lower, upper, rounds = _ninedomains_solve([[1.0, -1.0], [-1.0, 1.0]])
>>> [round(float(v), 12) for v in (*x, *y)], abs(upper - lower) < 1e-12
([0.5, 0.5, 0.5, 0.5], True)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    from parlour._lazy import numpy as np

__all__: list[str] = []  # private names only: see parlour._pure's import line

NDS_MAX = 4096  # PARLOUR_NDS_MAX
_EPS_COST = 1e-11
_EPS_PIVOT = 1e-9
_EPS_TIE = 1e-11

# The same texts as the binding (src/parlour/_ninedomains_solve.pxi).
_NDS_NOT_NUMBERS = "{name} must be an array of real numbers"
_NDS_NOT_2D = "payoff must be a two-dimensional array, not of shape {shape}"
_NDS_EMPTY = "payoff must have at least one row and one column, not shape {shape}"
_NDS_TOO_BIG = "payoff may have at most {most} rows and columns, not shape {shape}"
_NDS_NOT_FINITE = "{name} must hold finite numbers only (no NaN or infinity)"
_NDS_TOLERANCE = "tolerance must be a finite number >= 0, not {value!r}"
_NDS_LENGTH = "{name} must be a vector of {n} numbers (the payoff's {what}), not of shape {shape}"


def _floats(name: str, values: Any) -> NDArray[np.float64]:
    if isinstance(values, (str, bytes)):
        raise ValueError(_NDS_NOT_NUMBERS.format(name=name))
    try:
        return np.array(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(_NDS_NOT_NUMBERS.format(name=name)) from exc


def _payoff(payoff: Any) -> NDArray[np.float64]:
    arr = _floats("payoff", payoff)
    if arr.ndim != 2:
        raise ValueError(_NDS_NOT_2D.format(shape=arr.shape))
    if arr.shape[0] < 1 or arr.shape[1] < 1:
        raise ValueError(_NDS_EMPTY.format(shape=arr.shape))
    if arr.shape[0] > NDS_MAX or arr.shape[1] > NDS_MAX:
        raise ValueError(_NDS_TOO_BIG.format(most=NDS_MAX, shape=arr.shape))
    if not np.isfinite(arr).all():
        raise ValueError(_NDS_NOT_FINITE.format(name="payoff"))
    return arr


def _vector(name: str, values: Any, n: int, what: str) -> NDArray[np.float64]:
    arr = _floats(name, values)
    if arr.ndim != 1 or arr.shape[0] != n:
        raise ValueError(_NDS_LENGTH.format(name=name, n=n, what=what, shape=arr.shape))
    if not np.isfinite(arr).all():
        raise ValueError(_NDS_NOT_FINITE.format(name=name))
    return arr


class _Tableau:
    """The simplex tableau of the C core: basic_i = t[i, n] - t[i, :n] . nonbasic,
    z = t[m, n] - t[m, :n] . nonbasic; labels 0..n-1 are q_j, n..n+m-1 the slacks;
    ``where[v]`` >= 0 is a basic variable's row, -(column + 1) a nonbasic's."""

    def __init__(self, a: NDArray[np.float64]) -> None:
        m, n = a.shape
        self.m, self.n = m, n
        self.lo = float(a.min())
        t = np.empty((m + 1, n + 1))
        t[:m, :n] = a - self.lo + 1.0
        t[:m, n] = 1.0
        t[m, :n] = -1.0
        t[m, n] = 0.0
        self.t = t
        self.where = [-(j + 1) for j in range(n)] + list(range(m))
        self.row_label = list(range(n, n + m))
        self.col_label = list(range(n))

    def _inverse_entry(self, i: int, k: int) -> float:
        at = self.where[self.n + k]
        if at >= 0:
            return 1.0 if at == i else 0.0
        return float(self.t[i, -at - 1])

    def leaving_row(self, c: int) -> int:
        m, n, t = self.m, self.n, self.t
        col = t[:m, c]
        rows = np.flatnonzero(col > _EPS_PIVOT)
        if rows.size == 0:
            return -1
        ratios = t[rows, n] / col[rows]
        best = float(ratios.min())
        cand = [int(i) for i in rows[ratios <= best + _EPS_TIE * (1.0 + abs(best))]]
        k = 0
        while len(cand) > 1 and k < m:
            vals = [self._inverse_entry(i, k) / float(t[i, c]) for i in cand]
            low = min(vals)
            tie = _EPS_TIE * (1.0 + abs(low))
            cand = [i for i, v in zip(cand, vals, strict=True) if v <= low + tie]
            k += 1
        return cand[0]

    def pivot(self, r: int, c: int) -> None:
        t = self.t
        row = t[r]
        inv = 1.0 / row[c]
        row[c] = 1.0
        row *= inv
        f = t[:, c].copy()
        f[r] = 0.0
        t[f != 0.0, c] = 0.0
        t -= np.outer(f, row)
        entering, leaving = self.col_label[c], self.row_label[r]
        self.row_label[r] = entering
        self.col_label[c] = leaving
        self.where[entering] = r
        self.where[leaving] = -(c + 1)

    def solve(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        m, n, t = self.m, self.n, self.t
        for _ in range(50 * (m + n)):
            c = int(np.argmin(t[m, :n]))
            if not t[m, c] < -_EPS_COST:
                break
            r = self.leaving_row(c)
            if r < 0:
                break
            self.pivot(r, c)
        y = np.zeros(n)
        for i, v in enumerate(self.row_label):
            if v < n:
                y[v] = max(float(t[i, n]), 0.0)
        x = np.zeros(m)
        for i in range(m):
            at = self.where[n + i]
            x[i] = 0.0 if at >= 0 else max(float(t[m, -at - 1]), 0.0)
        sy, sx = float(y.sum()), float(x.sum())
        y = y / sy if sy > 0 else np.full(n, 1.0 / n)
        x = x / sx if sx > 0 else np.full(m, 1.0 / m)
        return x, y


def _ninedomains_solve(
    payoff: Any, tolerance: float = 0.0
) -> tuple[NDArray[np.float64], NDArray[np.float64], float, float, int]:
    """Solve the zero-sum game ``payoff`` (row player's payoff) to within
    ``tolerance``: ``(x, y, lower, upper, rounds)``, the row and column
    strategies, the bounds ``min(x @ payoff) <= value <= max(payoff @ y)`` and
    the number of restricted games solved (see csrc/parlour_ninedomains_solve.h)."""
    a = _payoff(payoff)
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)):
        raise ValueError(_NDS_TOLERANCE.format(value=tolerance))
    if not math.isfinite(tolerance) or tolerance < 0:
        raise ValueError(_NDS_TOLERANCE.format(value=tolerance))
    m, n = a.shape
    i0 = int(np.argmax(a.min(axis=1)))
    j0 = int(np.argmin(a[i0]))
    rows, cols = [i0], [j0]
    in_r, in_c = {i0}, {j0}
    rounds = 0
    while True:
        rounds += 1
        xs, ys = _Tableau(a[np.ix_(rows, cols)]).solve()
        u = a[:, cols] @ ys
        v = xs @ a[rows, :]
        ib, jb = int(np.argmax(u)), int(np.argmin(v))
        upper, lower = float(u[ib]), float(v[jb])
        if upper - lower <= tolerance:
            break
        added = False
        if ib not in in_r:
            in_r.add(ib)
            rows.append(ib)
            added = True
        if jb not in in_c:
            in_c.add(jb)
            cols.append(jb)
            added = True
        if not added:
            break
    x, y = np.zeros(m), np.zeros(n)
    x[rows] = xs
    y[cols] = ys
    return x, y, lower, upper, rounds


def _ninedomains_gap(payoff: Any, x: Any, y: Any) -> tuple[float, float]:
    """``(min(x @ payoff), max(payoff @ y))``: what ``x`` guarantees the row
    player and what ``y`` holds it to; their difference is the pair's
    exploitability."""
    a = _payoff(payoff)
    m, n = a.shape
    xa = _vector("x", x, m, "rows")
    ya = _vector("y", y, n, "columns")
    return float((xa @ a).min()), float((a @ ya).max())


# -- the Nine Domains bot's payoff matrix, cell by cell -----------------------------------
NDS_CODES = 1372  # PARLOUR_NDS_CODES
_NDS_SHAPE = "{name} must have shape {want}, not {got}"


def _exact(name: str, values: Any, dtype: Any, shape: tuple[int, ...]) -> Any:
    arr = np.array(values, dtype=dtype)
    if arr.shape != shape:
        raise ValueError(_NDS_SHAPE.format(name=name, want=shape, got=arr.shape))
    return arr


def _ninedomains_cell_codes(
    table: Any, rows: Any, cols: Any
) -> tuple[NDArray[np.int16], NDArray[np.bool_]]:
    """``(sig, present)``: each cell's round-outcome code (int16, rows x cols) and which
    of the 1372 codes occur (see csrc/parlour_ninedomains_solve.h)."""
    t = np.array(table, dtype=np.int16)
    r = np.array(rows, dtype=np.int32)
    c = np.array(cols, dtype=np.int32)
    if t.ndim != 1 or r.ndim != 2 or c.ndim != 2 or r.shape[1] != 3 or c.shape[1] != 3:
        raise ValueError(
            _NDS_SHAPE.format(
                name="table, rows, cols",
                want="(k,), (m, 3), (n, 3)",
                got=(t.shape, r.shape, c.shape),
            )
        )
    m, n = r.shape[0], c.shape[0]
    if m == 0 or n == 0 or t.shape[0] == 0:
        raise ValueError(_NDS_EMPTY.format(shape=(m, n)))
    if m > NDS_MAX or n > NDS_MAX or t.min() < 0 or t.max() > 27:
        raise ValueError("an argument is out of range")
    lo = r.min(axis=0).astype(np.int64) + c.min(axis=0)
    hi = r.max(axis=0).astype(np.int64) + c.max(axis=0)
    if lo.min() < 0 or hi.max() >= t.shape[0]:
        raise ValueError("an argument is out of range")
    rk, ck = r.astype(np.intp), c.astype(np.intp)
    codes = [t[rk[:, k][:, None] + ck[:, k][None, :]] for k in range(3)]
    bits = (codes[0] | codes[1] | codes[2]) & 3
    sig = (((codes[0] >> 2) * 49 + (codes[1] >> 2) * 7 + (codes[2] >> 2)) * 4 + bits).astype(
        np.int16
    )
    present = np.zeros(NDS_CODES, dtype=bool)
    present[sig.ravel()] = True
    return sig, present


def _codes(sig: Any) -> NDArray[np.int16]:
    s = np.array(sig, dtype=np.int16)
    if s.ndim != 2 or s.shape[0] < 1 or s.shape[1] < 1:
        raise ValueError(_NDS_EMPTY.format(shape=s.shape))
    if s.shape[0] > NDS_MAX or s.shape[1] > NDS_MAX or s.min() < 0 or s.max() >= NDS_CODES:
        raise ValueError("an argument is out of range")
    return s


def _ninedomains_cell_estimates(
    sig: Any,
    margin: Any,
    row_bit: Any,
    col_bit: Any,
    row_value: Any,
    row_gain: Any,
    col_value: Any,
    col_gain: Any,
    scale: float,
) -> NDArray[np.float64]:
    """Each cell's estimate over ``scale`` (float64, rows x cols), in the payoff
    builder's order of operations (see csrc/parlour_ninedomains_solve.h)."""
    s = np.array(sig, dtype=np.int16)
    if s.ndim != 2 or s.shape[0] < 1 or s.shape[1] < 1:
        raise ValueError(_NDS_EMPTY.format(shape=s.shape))
    m, n = s.shape
    mg = _exact("margin", margin, np.float64, (NDS_CODES,))
    rb = _exact("row_bit", row_bit, np.float64, (NDS_CODES,))
    cb = _exact("col_bit", col_bit, np.float64, (NDS_CODES,))
    rv = _exact("row_value", row_value, np.float64, (m,))
    rg = _exact("row_gain", row_gain, np.float64, (m,))
    cv = _exact("col_value", col_value, np.float64, (n,))
    cg = _exact("col_gain", col_gain, np.float64, (n,))
    sc = float(scale)
    s = _codes(s)
    if not math.isfinite(sc) or not sc > 0:
        raise ValueError("an argument is out of range")
    est = mg[s] + rv[:, None] - cv[None, :] + rb[s] * rg[:, None] - cb[s] * cg[None, :]
    out: NDArray[np.float64] = est / sc
    return out


def _ninedomains_cell_terms(
    sig: Any, is_term: Any, term: Any, margin: Any, sign_otherwise: bool, out: Any
) -> NDArray[np.float64]:
    """Write each terminal cell's value into ``out`` (float64, C-contiguous, rows x
    cols) and, if ``sign_otherwise``, the sign of the margin into the others."""
    s = np.array(sig, dtype=np.int16)
    if s.ndim != 2 or s.shape[0] < 1 or s.shape[1] < 1:
        raise ValueError(_NDS_EMPTY.format(shape=s.shape))
    m, n = s.shape
    it = _exact("is_term", is_term, np.uint8, (NDS_CODES,))
    tm = _exact("term", term, np.float64, (NDS_CODES,))
    mg = _exact("margin", margin, np.float64, (NDS_CODES,))
    if (
        not isinstance(out, np.ndarray)
        or out.dtype != np.float64
        or out.shape != (m, n)
        or not out.flags.c_contiguous
        or not out.flags.writeable
    ):
        raise ValueError(
            _NDS_SHAPE.format(
                name="out (writeable, C-contiguous float64)",
                want=(m, n),
                got=getattr(out, "shape", None),
            )
        )
    s = _codes(s)
    terminal = it[s] != 0
    if sign_otherwise:
        out[...] = np.where(terminal, tm[s], np.sign(mg[s]))
    else:
        out[terminal] = tm[s][terminal]
    return out


NDS_MASKS = 512  # PARLOUR_NDS_MASKS
NDS_BOARD = 11  # PARLOUR_NDS_BOARD
_BIG = 1_000_000


class _Board:
    """The round's position on masks of domains (see ``_ninedomains_board_values``)."""

    def __init__(self, count: list[int], total: list[int], board: list[int], weight: float) -> None:
        self.count, self.total, self.weight = count, total, weight
        self.held = (board[0], board[1])
        self.removed = board[2]
        self.revealed = (board[3], board[4], board[5])
        self.extra = (board[6], board[7])
        self.elements_off, self.last, self.tie_domains = (bool(v) for v in board[8:11])

    def static(self, a: int, b: int, ea: int, eb: int, removed: int) -> tuple[float | None, float]:
        # _static_value on masks.
        count, total = self.count, self.total
        off = self.elements_off
        if not off:
            ca, cb = count[a] == 4, count[b] == 4
            if ca != cb:
                return (1.0 if ca else -1.0), 0.0
            if ca and cb:
                off = True
        margin = float(total[a] + ea - total[b] - eb)
        if self.last:
            if margin == 0 and self.tie_domains:
                margin = float(bin(a).count("1") - bin(b).count("1"))
            return (1.0 if margin > 0 else -1.0 if margin < 0 else 0.0), margin
        if not off:
            full = NDS_MASKS - 1
            ach_a = count[a] if count[full & ~b & ~removed] == 4 else 0
            ach_b = count[b] if count[full & ~a & ~removed] == 4 else 0
            margin += self.weight * (ach_a**2 - ach_b**2)
        return None, margin

    def swap(self, seat: int, held: list[int], ea: int, eb: int, removed: int) -> None:
        # _best_swap on masks: own and theirs in increasing domain order, the first best.
        best: tuple[float, int, int] | None = None
        mine, other = held[seat], held[1 - seat]
        for k in range(9):
            own = 1 << k
            if not mine & own:
                continue
            for q in range(9):
                theirs = 1 << q
                if not other & theirs:
                    continue
                new_mine = (mine & ~own) | theirs
                new_other = (other & ~theirs) | own
                pa, pb = (new_mine, new_other) if seat == 0 else (new_other, new_mine)
                term, margin = self.static(pa, pb, ea, eb, removed)
                value = 1000.0 * term if term is not None else margin
                if seat == 1:
                    value = -value
                if best is None or value > best[0]:
                    best = (value, own, theirs)
        assert best is not None
        _, own, theirs = best
        held[seat] = (held[seat] & ~own) | theirs
        held[1 - seat] = (held[1 - seat] & ~theirs) | own

    def value(self, code: int) -> tuple[float | None, float, float, float]:
        xb, xa, base = code & 1, (code >> 1) & 1, code >> 2
        states = ((base // 49) % 7, (base // 7) % 7, base % 7)
        held = [self.held[0], self.held[1]]
        removed = self.removed
        ea, eb = self.extra[0] + 7 * xa, self.extra[1] + 7 * xb
        effects: list[tuple[int, int]] = []
        for p, st in enumerate(states):
            domain = self.revealed[p]
            if st == 6:
                removed |= domain
                continue
            seat = 0 if st < 3 else 1
            held[seat] |= domain
            if st % 3:
                effects.append((seat, st % 3))
        won3 = [0.0, 0.0]
        for seat, kind in effects:
            if kind == 1 and held[0] and held[1]:
                self.swap(seat, held, ea, eb, removed)
            elif kind == 2 and not self.last:
                won3[seat] = 1.0
        term, margin = self.static(held[0], held[1], ea, eb, removed)
        return term, margin, won3[0], won3[1]


def _ninedomains_board_values(
    count: Any, total: Any, board: Any, element_weight: float, present: Any
) -> tuple[
    NDArray[np.float64],
    NDArray[np.uint8],
    NDArray[np.float64],
    NDArray[np.float64],
    NDArray[np.float64],
]:
    """``(term, is_term, margin, row_bit, col_bit)``: the value for seat 0 of each round
    outcome code marked in ``present`` (see csrc/parlour_ninedomains_solve.h)."""
    cn = _exact("count", count, np.int32, (NDS_MASKS,))
    tt = _exact("total", total, np.int32, (NDS_MASKS,))
    bd = _exact("board", board, np.int32, (NDS_BOARD,))
    pr = _exact("present", present, np.uint8, (NDS_CODES,))
    w = float(element_weight)
    masks_ok = all(0 <= int(v) < NDS_MASKS for v in bd[:3]) and all(
        0 < int(v) < NDS_MASKS and int(v) & (int(v) - 1) == 0 for v in bd[3:6]
    )
    if (
        not ((cn >= 0) & (cn <= 4)).all()
        or not ((tt >= -_BIG) & (tt <= _BIG)).all()
        or not masks_ok
        or not all(-_BIG <= int(v) <= _BIG for v in bd[6:8])
        or not all(int(v) in (0, 1) for v in bd[8:11])
        or not math.isfinite(w)
    ):
        raise ValueError("an argument is out of range")
    board_ = _Board([int(v) for v in cn], [int(v) for v in tt], [int(v) for v in bd], w)
    term = np.zeros(NDS_CODES)
    is_term = np.zeros(NDS_CODES, dtype=np.uint8)
    margin = np.zeros(NDS_CODES)
    row_bit = np.zeros(NDS_CODES)
    col_bit = np.zeros(NDS_CODES)
    for code in np.flatnonzero(pr).tolist():
        t, m, a3, b3 = board_.value(code)
        margin[code], row_bit[code], col_bit[code] = m, a3, b3
        if t is not None:
            is_term[code], term[code] = 1, t
    return term, is_term, margin, row_bit, col_bit
