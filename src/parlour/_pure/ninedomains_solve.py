"""Pure-Python twin of ``csrc/ninedomains_solve.c``: exact solutions of
two-player zero-sum matrix games (the Nine Domains equilibrium bot solves one
per round).

The same method step for step: the double oracle over restricted games, each
solved by the simplex method on the column player's linear program with the
most negative reduced cost entering (lowest column on ties) and the
lexicographic ratio test choosing the leaving row. Rounding may differ from
the C core's in the last bits, so on games with several equilibria the two
may return different (equally optimal) strategies.

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
