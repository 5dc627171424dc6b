"""The estimators of a match: intervals clustered by deal and a rating model.

A match's unit of evidence is the **deal**, not the game: the games of one
deal share its wall or deck, so their scores are correlated and counting
them as independent would give intervals that are too narrow. Each bot's
scores are therefore first averaged within a deal (over every seat and
rotation it played there), and the interval is a Student t interval over
those per-deal means:

.. math::

   \\bar x = \\frac1D \\sum_d x_d, \\qquad
   \\bar x \\pm t_{0.975,\\,D-1}\\, \\frac{s}{\\sqrt D}

with ``s`` the sample standard deviation of the ``D`` per-deal means.

>>> iv = clustered_interval([[1.0, 3.0], [5.0], [6.0, 8.0, 10.0]])
>>> iv.mean, iv.n
(5.0, 3)
>>> round(iv.half_width, 4)  # t(0.975, 2) * 3 / sqrt(3)
7.4524

A difference between two bots is paired by deal (both played every deal),
which removes what the deal did to both:

>>> d = paired_difference([[1.0], [2.0], [4.0]], [[0.0], [1.0], [2.0]])
>>> d.mean, round(d.half_width, 4)
(1.3333333333333333, 1.4342)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "Interval",
    "Rating",
    "bradley_terry",
    "clustered_interval",
    "paired_difference",
    "t_quantile",
]


@dataclass(frozen=True)
class Interval:
    """A mean and the half-width of its 95 % interval over ``n`` deals.

    ``half_width`` is ``nan`` when ``n < 2``: one deal says nothing about
    how much deals vary.

    >>> Interval(2.0, 0.5, 10).low, Interval(2.0, 0.5, 10).high
    (1.5, 2.5)
    >>> Interval(2.0, 0.5, 10).contains(1.6)
    True
    """

    mean: float
    half_width: float
    n: int

    @property
    def low(self) -> float:
        """The lower end of the interval."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """The upper end of the interval."""
        return self.mean + self.half_width

    def contains(self, value: float) -> bool:
        """Whether ``value`` lies in the closed interval (never, without one)."""
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, float | int | None]:
        """The interval as JSON-ready values (``None`` for no interval)."""
        finite = math.isfinite(self.half_width)
        return {
            "mean": self.mean,
            "ci95": self.half_width if finite else None,
            "low": self.low if finite else None,
            "high": self.high if finite else None,
            "deals": self.n,
        }


# -- Student's t --------------------------------------------------------------------


def _beta_fraction(a: float, b: float, x: float) -> float:
    # The continued fraction of the regularised incomplete beta function,
    # evaluated by the modified Lentz method; converges fast for
    # x < (a + 1) / (a + b + 2), which the caller arranges.
    tiny = 1e-300
    c = 1.0
    d = 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for num in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function ``I_x(a, b)``."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1.0 - x) / b


def _t_upper_tail(t: float, df: float) -> float:
    """P(T > t) for t >= 0 and Student's t with ``df`` degrees of freedom."""
    return 0.5 * _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


@lru_cache(maxsize=256)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (``0.5 <= p < 1``) of Student's t distribution with
    ``df`` degrees of freedom, found by bisection on its distribution
    function (the standard library has none).

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 10), 4)
    (12.7062, 2.2281)
    """
    if not 0.5 <= p < 1.0:
        raise ValueError(f"p must be in [0.5, 1), not {p!r}")
    if not isinstance(df, int) or df < 1:
        raise ValueError(f"df must be a positive int, not {df!r}")
    tail = 1.0 - p
    lo, hi = 0.0, 1.0
    while _t_upper_tail(hi, df) > tail:
        hi *= 2.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if _t_upper_tail(mid, df) > tail:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-13 * hi:
            break
    return 0.5 * (lo + hi)


# -- intervals ------------------------------------------------------------------------


def _t_interval(values: Sequence[float]) -> Interval:
    n = len(values)
    if n == 0:
        raise ValueError("an interval needs at least one deal")
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, math.nan, n)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return Interval(mean, t_quantile(0.975, n - 1) * math.sqrt(var / n), n)


def _deal_means(per_deal: Sequence[Sequence[float]]) -> list[float]:
    means = []
    for d, scores in enumerate(per_deal):
        if not scores:
            raise ValueError(f"deal {d} holds no score")
        means.append(math.fsum(scores) / len(scores))
    return means


def clustered_interval(per_deal: Sequence[Sequence[float]]) -> Interval:
    """The mean score per deal and its 95 % interval with the deal as the unit.

    ``per_deal[d]`` holds one bot's scores in deal ``d`` (one per seat and
    rotation it played there); they are averaged within the deal first, then
    a t interval is taken over the deals (see the module docs).
    """
    return _t_interval(_deal_means(per_deal))


def paired_difference(
    first: Sequence[Sequence[float]], second: Sequence[Sequence[float]]
) -> Interval:
    """The mean per-deal difference ``first - second`` and its 95 % interval,
    paired by deal: both bots' scores are averaged within each deal, the
    per-deal differences taken, and a t interval is put over them."""
    if len(first) != len(second):
        raise ValueError(f"the two bots played {len(first)} and {len(second)} deals")
    a, b = _deal_means(first), _deal_means(second)
    return _t_interval([x - y for x, y in zip(a, b, strict=True)])


# -- ratings -------------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    """One bot's line in a rating table.

    ``rating`` is its Bradley-Terry strength on the Elo scale (400 points
    per factor of ten in the odds, the table's mean at 0); ``wins``, ``ties``
    and ``losses`` count its per-deal comparisons with every other bot.
    """

    bot: str
    rating: float
    wins: int
    ties: int
    losses: int

    @property
    def score(self) -> float:
        """The share of its comparisons won, a tie counting half."""
        played = self.wins + self.ties + self.losses
        return (self.wins + 0.5 * self.ties) / played if played else math.nan

    def to_dict(self) -> dict[str, float | int | str]:
        """The rating as a JSON-ready dict."""
        return {
            "bot": self.bot,
            "rating": self.rating,
            "wins": self.wins,
            "ties": self.ties,
            "losses": self.losses,
        }


def bradley_terry(
    names: Sequence[str], per_deal: Sequence[Sequence[float]], *, prior: float = 1.0
) -> tuple[Rating, ...]:
    """Bradley-Terry ratings from per-deal comparisons.

    ``per_deal[d][i]`` is bot ``i``'s mean score in deal ``d``. In every
    deal each pair of bots is one comparison: the higher mean wins, equal
    means tie (half a win each). Strengths ``p_i`` with ``P(i beats j) =
    p_i / (p_i + p_j)`` are fitted by maximum likelihood with Hunter's MM
    iteration, after adding ``prior`` virtual ties between every pair so that
    a bot that won (or lost) every comparison still gets a finite rating.
    The result is deterministic.

    >>> table = bradley_terry(["a", "b", "c"], [[3, 2, 1], [3, 1, 2], [1, 3, 2]])
    >>> [(r.bot, r.wins, r.ties, r.losses) for r in table]
    [('a', 4, 0, 2), ('b', 3, 0, 3), ('c', 2, 0, 4)]
    >>> table[0].rating > table[1].rating > table[2].rating
    True
    """
    k = len(names)
    if k < 2:
        raise ValueError("a rating table needs at least two bots")
    if prior <= 0:
        raise ValueError(f"the prior must be positive, not {prior!r}")
    won = [[0.0] * k for _ in range(k)]  # won[i][j]: i's wins over j, ties as halves
    counts = [[0, 0, 0] for _ in range(k)]
    for row in per_deal:
        if len(row) != k:
            raise ValueError(f"a deal holds {len(row)} scores for {k} bots")
        for i in range(k):
            for j in range(i + 1, k):
                if row[i] > row[j]:
                    won[i][j] += 1.0
                    counts[i][0] += 1
                    counts[j][2] += 1
                elif row[i] < row[j]:
                    won[j][i] += 1.0
                    counts[j][0] += 1
                    counts[i][2] += 1
                else:
                    won[i][j] += 0.5
                    won[j][i] += 0.5
                    counts[i][1] += 1
                    counts[j][1] += 1
    for i in range(k):
        for j in range(k):
            if i != j:
                won[i][j] += 0.5 * prior
    games = [[won[i][j] + won[j][i] for j in range(k)] for i in range(k)]
    total = [math.fsum(won[i][j] for j in range(k) if j != i) for i in range(k)]
    p = [1.0] * k
    for _ in range(10_000):
        new = [
            total[i] / math.fsum(games[i][j] / (p[i] + p[j]) for j in range(k) if j != i)
            for i in range(k)
        ]
        # Fix the scale (the model only knows ratios): geometric mean 1.
        centre = math.exp(math.fsum(math.log(v) for v in new) / k)
        new = [v / centre for v in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, p, strict=True)) < 1e-12
        p = new
        if done:
            break
    return tuple(
        Rating(names[i], 400.0 * math.log10(p[i]), *counts[i])
        for i in sorted(range(k), key=lambda i: (-p[i], i))
    )
