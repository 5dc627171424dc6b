"""Bots for the Nine Domains: random, heuristic and equilibrium play.

Every bot is called as ``bot.act(observation, legal_actions, rng)`` and is
deterministic given ``rng``.

* :class:`RandomBot` picks uniformly among the legal actions.
* :class:`HeuristicBot` puts its strongest cards on the most valuable
  domains and its weakest on the least valuable, swaps greedily for points
  and elements, and recovers its best used card.
* :class:`EquilibriumBot` treats each round as a simultaneous-move matrix
  game over every placement of both players (up to 504 x 504), values each
  cell by the round's exact battles and effects followed by an estimate of
  the rest of the game (points, element progress, the strength of both
  remaining hands and the carries into the next round; in round 3 the value
  is the exact result), solves the game exactly (the double oracle with the
  simplex method, in C: :func:`solve_game`), checks the exploitability of the
  solution (:attr:`Strategy.gap`) and samples its placement from its mixed
  strategy.

>>> from parlour import play
>>> from parlour.ninedomains import Game
>>> result = play(Game(seed=1), [HeuristicBot(), RandomBot()], seed=1)
>>> len(result.scores)
2
"""

from __future__ import annotations

import itertools
import math
import operator
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from parlour import _backend
from parlour._codes.ninedomains import ND_CARD_FOUR_PLUS as _FOUR_PLUS
from parlour._codes.ninedomains import ND_CARD_THREE_MINUS, ND_CARD_TWO_MINUS
from parlour.ninedomains.battle import adjacency_bonuses, carry, decide, three_plus_points
from parlour.ninedomains.cards import CARD_TEXTS, CARDS, Card
from parlour.ninedomains.game import (
    Decline,
    NineDomainsObservation,
    Place,
    Recover,
    Swap,
    _placements_of,
)
from parlour.ninedomains.rules import DOMAINS, Rules
from parlour.ninedomains.values import PLACES
from parlour.protocol import Action

__all__ = [
    "CARD_STRENGTH",
    "EquilibriumBot",
    "HeuristicBot",
    "RandomBot",
    "Strategy",
    "exploitability",
    "regret_matching",
    "solve_game",
]

_LOW, _HIGH = -3, 4  # the range of a card's bonus in any round
_NB = _HIGH - _LOW + 1


def _strengths() -> dict[Card, float]:
    # Mean battle outcome of a card against all fifteen cards, without bonuses.
    return {a: sum(decide(a, b)[0] for b in CARDS) / len(CARDS) for a in CARDS}


#: Each card's mean battle outcome (-1 .. 1) against all fifteen cards without bonuses.
CARD_STRENGTH: dict[Card, float] = _strengths()


class RandomBot:
    """Picks a uniformly random legal action."""

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Return a uniformly random member of ``legal_actions``."""
        return rng.choice(list(legal_actions))


# -- shared choices for the 2- and 3- effects --------------------------------------------
def _achievable(
    rules: Rules, own: Sequence[int], theirs: Sequence[int], removed: Sequence[int]
) -> int:
    """Elements ``own`` shows, counted only while all four can still be reached."""
    available = [d for d in DOMAINS if d not in theirs and d not in removed]
    if not rules.has_all_elements(available):
        return 0
    return rules.element_count(own)


def _static_value(
    rules: Rules,
    held: tuple[Sequence[int], Sequence[int]],
    extra: tuple[int, int],
    removed: Sequence[int],
    elements_off: bool,
    last_round: bool,
) -> tuple[float | None, float]:
    """(terminal value for seat 0 or None, point margin estimate for seat 0)."""
    a, b = held
    if not elements_off:
        ca, cb = rules.has_all_elements(a), rules.has_all_elements(b)
        if ca != cb:
            return (1.0 if ca else -1.0), 0.0
        if ca and cb:
            elements_off = True
    margin = float(sum(a) + extra[0] - sum(b) - extra[1])
    if last_round:
        if margin == 0 and rules.tie_break == "domains":
            margin = float(len(a) - len(b))
        return float(np.sign(margin)), margin
    if not elements_off:
        margin += _ELEMENT_WEIGHT * (
            _achievable(rules, a, b, removed) ** 2 - _achievable(rules, b, a, removed) ** 2
        )
    return None, margin


_ELEMENT_WEIGHT = 1.0  # points per squared element shown while four are reachable
_HAND_WEIGHT = 2.5  # points per unit of card strength kept in hand
_CARRY_WEIGHT = 1.5  # points per bonus point carried into the next round
_SCALE = 10.0  # point margin that makes a game about 76 % won


def _best_swap(
    rules: Rules,
    seat: int,
    held: tuple[Sequence[int], Sequence[int]],
    extra: tuple[int, int],
    removed: Sequence[int],
    elements_off: bool,
    last_round: bool,
) -> tuple[int, int]:
    """The swap (own, theirs) that is best for ``seat`` by the static value."""
    best: tuple[float, int, int] | None = None
    mine, other = held[seat], held[1 - seat]
    for own in sorted(mine):
        for theirs in sorted(other):
            new_mine = [d for d in mine if d != own] + [theirs]
            new_other = [d for d in other if d != theirs] + [own]
            pair = (new_mine, new_other) if seat == 0 else (new_other, new_mine)
            term, margin = _static_value(rules, pair, extra, removed, elements_off, last_round)
            value = 1000.0 * term if term is not None else margin
            if seat == 1:
                value = -value
            if best is None or value > best[0]:
                best = (value, own, theirs)
    assert best is not None
    return best[1], best[2]


def _effect_action(obs: NineDomainsObservation, legal: Sequence[Action]) -> Action:
    if any(isinstance(a, Swap) for a in legal):
        seat = obs.seat
        own, theirs = _best_swap(
            obs.rules, seat, obs.held, obs.extra_points, obs.removed, obs.elements_off,
            obs.round == 2,
        )  # fmt: skip
        return Swap(own, theirs)
    gain, choice = _recover_gain(obs.used[obs.seat], obs.hands[obs.seat])
    if gain > 0 and choice is not None and choice in legal:
        return choice
    return Decline()


def _recover_gain(used: Sequence[Card], hand: Sequence[Card]) -> tuple[float, Recover | None]:
    takeable = [c for c in used if c.index != ND_CARD_THREE_MINUS]
    if not takeable or not hand:
        return 0.0, None
    take = max(takeable, key=lambda c: (CARD_STRENGTH[c], c.index))
    give = min(hand, key=lambda c: (CARD_STRENGTH[c], c.index))
    return CARD_STRENGTH[take] - CARD_STRENGTH[give], Recover(take, give)


class HeuristicBot:
    """Strongest cards on the most valuable domains, the weakest on the least valuable.

    Effects: the ``2-`` swap that is best for points and elements; the ``3-``
    exchange of its weakest hand card for its strongest used card.
    """

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Choose an action for ``observation``."""
        obs: NineDomainsObservation = observation
        legal = list(legal_actions)
        if not isinstance(legal[0], Place):
            return _effect_action(obs, legal)
        hand = sorted(obs.hands[obs.seat], key=lambda c: (-CARD_STRENGTH[c], c.index))
        rules = obs.rules
        wanted = [d + (3 if rules.element_of(d) else 0) + rng.random() * 0.01 for d in obs.revealed]
        order = sorted(range(3), key=lambda p: -wanted[p])
        cards: list[Card] = [hand[0]] * 3
        cards[order[0]] = hand[0]
        cards[order[1]] = hand[1]
        cards[order[2]] = hand[-1]
        # Both engines list the shared placement objects: an identity scan
        # (in C) finds it without comparing hundreds of dataclasses; any
        # other list of actions is searched by equality as before.
        shared = PLACES[225 * cards[0].index + 15 * cards[1].index + cards[2].index]
        if shared is not None and any(map(operator.is_, legal, itertools.repeat(shared))):
            return shared
        action = Place((cards[0], cards[1], cards[2]))
        return action if action in legal else rng.choice(legal)


# -- the equilibrium bot ------------------------------------------------------------------
# Per (card a, card b, bonus a, bonus b): the position's state code (0..2 seat 0 wins with a
# plain card / a 2- / a 3-, 3..5 the same for seat 1, 6 nobody wins) and the 3+ points.
@lru_cache(maxsize=1)
def _tables() -> tuple[NDArray[np.int16], NDArray[np.int16], NDArray[np.int16]]:
    n = len(CARDS)
    state = np.zeros((n, n, _NB, _NB), dtype=np.int16)
    xa = np.zeros_like(state)
    xb = np.zeros_like(state)
    effect = {CARD_TEXTS[ND_CARD_TWO_MINUS]: 1, CARD_TEXTS[ND_CARD_THREE_MINUS]: 2}
    for (i, a), (j, b) in itertools.product(enumerate(CARDS), repeat=2):
        for ba in range(_LOW, _HIGH + 1):
            for bb in range(_LOW, _HIGH + 1):
                out, _ = decide(a, b, bonus_a=ba, bonus_b=bb)
                k = (i, j, ba - _LOW, bb - _LOW)
                if out == 1:
                    state[k] = effect.get(a.text, 0)
                    xa[k] = three_plus_points(a, b, bonus_a=ba, bonus_b=bb) > 0
                elif out == -1:
                    state[k] = 3 + effect.get(b.text, 0)
                    xb[k] = three_plus_points(b, a, bonus_a=bb, bonus_b=ba) > 0
                else:
                    state[k] = 6
    return state, xa, xb


@lru_cache(maxsize=1)
def _cell_codes() -> NDArray[np.int16]:
    """Per (card a, card b, bonus a, bonus b), flattened like ``_tables``: the state code
    times 4, plus 2 if seat 0's 3+ scores, plus 1 if seat 1's does."""
    state, xa, xb = _tables()
    return (state.ravel() * 4 + xa.ravel() * 2 + xb.ravel()).astype(np.int16)


@dataclass(frozen=True)
class Strategy:
    """A solved round: both players' placements, mixed strategies and the game value
    for the bot's own seat.

    ``gap`` is the pair's measured exploitability as a fraction of the payoff range:
    ``(max_i (A y)_i - min_j (x A)_j) / (max A - min A)`` for the bot's payoff matrix
    ``A``, its strategy ``x`` and the opponent's ``y`` (0 when every entry is equal).
    Neither player can gain more than ``gap`` of the range by deviating.
    """

    mine: tuple[Place, ...]
    theirs: tuple[Place, ...]
    mine_probs: tuple[float, ...]
    theirs_probs: tuple[float, ...]
    value: float
    gap: float = 0.0


def regret_matching(
    payoff: NDArray[np.float64], iterations: int = 400
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Approximate equilibrium strategies of the zero-sum matrix game ``payoff``
    (row player's payoff) by regret matching+ with linearly weighted averages.

    >>> import numpy as np
    >>> x, y = regret_matching(np.array([[1.0, -1.0], [-1.0, 1.0]]), 2000)
    >>> [round(float(v), 2) for v in (*x, *y)]
    [0.5, 0.5, 0.5, 0.5]
    """
    m, n = payoff.shape
    rx, ry = np.zeros(m), np.zeros(n)
    sx, sy = np.zeros(m), np.zeros(n)
    x = np.full(m, 1.0 / m)
    y = np.full(n, 1.0 / n)
    pt = np.ascontiguousarray(payoff.T)
    for t in range(1, iterations + 1):
        ux = payoff @ y
        rx = np.maximum(rx + ux - x @ ux, 0.0)
        total = rx.sum()
        x = rx / total if total > 0 else np.full(m, 1.0 / m)
        sx += t * x
        uy = -(pt @ x)
        ry = np.maximum(ry + uy - y @ uy, 0.0)
        total = ry.sum()
        y = ry / total if total > 0 else np.full(n, 1.0 / n)
        sy += t * y
    return sx / sx.sum(), sy / sy.sum()


def solve_game(
    payoff: NDArray[np.float64], tolerance: float = 0.0
) -> tuple[NDArray[np.float64], NDArray[np.float64], float, float]:
    """Equilibrium strategies ``(x, y, lower, upper)`` of the zero-sum matrix game
    ``payoff`` (row player's payoff) with ``lower = min(x @ payoff)`` and ``upper =
    max(payoff @ y)``: the game's value lies between them and their difference, the
    pair's exploitability, is at most ``tolerance`` (0: exact up to rounding).

    The double oracle over restricted games solved by the simplex method, in C
    (``csrc/ninedomains_solve.c``) or its pure twin. Raises ``ValueError`` for a
    payoff that is not a non-empty 2-D array of finite numbers or a negative
    tolerance.

    >>> import numpy as np
    >>> x, y, lower, upper = solve_game(np.array([[3.0, -1.0], [-2.0, 1.0]]))
    >>> [round(float(v), 6) for v in (x[0], y[0], lower, upper)]  # 3/7, 2/7, 1/7, 1/7
    [0.428571, 0.285714, 0.142857, 0.142857]
    """
    x, y, lower, upper, _rounds = _backend.impl._ninedomains_solve(payoff, tolerance)
    return x, y, float(lower), float(upper)


def exploitability(
    payoff: NDArray[np.float64], x: NDArray[np.float64], y: NDArray[np.float64]
) -> float:
    """``max(payoff @ y) - min(x @ payoff)``: how much the better deviation of either
    player from the pair ``(x, y)`` gains (0 at an equilibrium).

    >>> import numpy as np
    >>> pennies = np.array([[1.0, -1.0], [-1.0, 1.0]])
    >>> exploitability(pennies, np.array([1.0, 0.0]), np.array([0.5, 0.5]))
    1.0
    """
    lower, upper = _backend.impl._ninedomains_gap(payoff, x, y)
    return float(upper) - float(lower)


class EquilibriumBot:
    """Plays each round's placement from an equilibrium of the round's matrix game
    (see the module docs); effects as the heuristic bot.

    Constructing the first bot of a process builds the battle and adjacency tables
    every later decision reads. The game is solved by :func:`solve_game` until its
    exploitability is at most
    ``tolerance`` of the payoff range (the default 1e-4; 0 solves it exactly up to
    rounding). ``iterations``, if given, uses the older approximate solver instead:
    that many iterations of :func:`regret_matching` (kept for comparisons; its gap
    is measured all the same).
    """

    def __init__(self, iterations: int | None = None, *, tolerance: float = 1e-4) -> None:
        if iterations is not None and (isinstance(iterations, bool) or iterations < 1):
            raise ValueError(f"iterations must be a positive int or None, not {iterations!r}")
        if not (isinstance(tolerance, (int, float)) and 0 <= tolerance < math.inf):
            raise ValueError(f"tolerance must be a finite number >= 0, not {tolerance!r}")
        self.iterations = iterations
        self.tolerance = float(tolerance)
        # The battle and adjacency tables (about 0.1 s, once per process) are built
        # with the first bot rather than inside its first decision.
        _cell_codes()
        _adjacency_table()

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Choose an action for ``observation``."""
        obs: NineDomainsObservation = observation
        legal = list(legal_actions)
        if not isinstance(legal[0], Place):
            return _effect_action(obs, legal)
        strategy = self.solve(obs)
        r = rng.random()
        acc = 0.0
        for place, prob in zip(strategy.mine, strategy.mine_probs, strict=True):
            acc += prob
            if r < acc:
                return place
        # Rounding left the total just under r: the last placement played at all.
        for place, prob in zip(reversed(strategy.mine), reversed(strategy.mine_probs), strict=True):
            if prob > 0:
                return place
        return strategy.mine[-1]

    def solve(self, obs: NineDomainsObservation) -> Strategy:
        """Solve the current round's placement game from ``obs.seat``'s side."""
        me = obs.seat
        payoff, places = payoff_matrix(obs)
        spread = float(payoff.max() - payoff.min())
        if self.iterations is not None:
            x, y = regret_matching(payoff, self.iterations)
            gap = exploitability(payoff, x, y)
        else:
            x, y, lower, upper = solve_game(payoff, self.tolerance * spread)
            gap = upper - lower
        value = float(x @ payoff @ y)
        return Strategy(
            tuple(places[me]),
            tuple(places[1 - me]),
            tuple(float(v) for v in x),
            tuple(float(v) for v in y),
            value,
            max(gap, 0.0) / spread if spread > 0 else 0.0,
        )


def _placements(hand: Sequence[Card]) -> list[Place]:
    return list(_placements_of(tuple(hand)))


# -- the round's matrix game ---------------------------------------------------------------
_Ints = NDArray[np.int64]
_Floats = NDArray[np.float64]
_STRENGTH = np.array([CARD_STRENGTH[c] for c in CARDS])
_CARRIES = np.array([carry(c) for c in CARDS], dtype=np.int64)


@lru_cache(maxsize=1)
def _adjacency_table() -> NDArray[np.int64]:
    """``adjacency_bonuses`` of every ordered triple of card indices (15 x 15 x 15 x 3)."""
    n = len(CARDS)
    table = np.zeros((n, n, n, 3), dtype=np.int64)
    for a, b, c in itertools.product(range(n), repeat=3):
        table[a, b, c] = adjacency_bonuses((CARDS[a], CARDS[b], CARDS[c]))
    table.setflags(write=False)
    return table


@lru_cache(maxsize=64)
def _hand_features(
    hand: tuple[Card, ...],
) -> tuple[tuple[Place, ...], NDArray[np.int64], NDArray[np.int64], NDArray[np.bool_]]:
    """Per placement of ``hand``: the placements, their card indices (P x 3), their
    ``1-`` adjacency bonuses (P x 3) and which hand cards each keeps (P x len(hand))."""
    places = _placements_of(hand)
    held = np.array([c.index for c in hand], dtype=np.int64)
    # _placements_of lists the permutations of the hand's indices in this order.
    cards = np.array(list(itertools.permutations(held.tolist(), 3)), dtype=np.int64)
    cards = cards.reshape(-1, 3)
    adj = _adjacency_table()[cards[:, 0], cards[:, 1], cards[:, 2]]
    kept = ~(held[None, :, None] == cards[:, None, :]).any(axis=2)
    for arr in (cards, adj, kept):
        arr.setflags(write=False)
    return places, cards, adj, kept


def _seat_features(
    obs: NineDomainsObservation, s: int, last: bool
) -> tuple[
    list[Place], NDArray[np.int64], NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]
]:
    """Seat ``s``'s placements, card indices, bonuses (offset by -_LOW), hand values and
    ``3-`` gains, each per placement (the same numbers the per-placement loop gave)."""
    hand = tuple(obs.hands[s])
    places, cards, adj, kept = _hand_features(hand)
    prev = obs.previous[s]
    carries = np.array([carry(c) for c in prev] if prev is not None else [0, 0, 0], dtype=np.int64)
    bonus = carries[None, :] + adj
    if last:
        bonus = bonus - 2 * (cards == _FOUR_PLUS)
    n = len(places)
    hv = np.zeros(n)
    g3 = np.zeros(n)
    if not last:
        total = sum(CARD_STRENGTH[c] for c in hand)
        strength = _STRENGTH[cards]
        # Summed left to right from the first card, as sum() did.
        placed = (strength[:, 0] + strength[:, 1]) + strength[:, 2]
        hv = _HAND_WEIGHT * (total - placed) + _CARRY_WEIGHT * _CARRIES[cards].sum(axis=1)
        # The 3- gain: the strongest takeable card (used or just placed, not the 3-)
        # less the weakest card kept in hand, when both exist.
        used = [CARD_STRENGTH[c] for c in obs.used[s] if c.index != ND_CARD_THREE_MINUS]
        take = np.where(cards != ND_CARD_THREE_MINUS, strength, -np.inf).max(axis=1)
        if used:
            take = np.maximum(take, max(used))
        hand_strength = np.array([CARD_STRENGTH[c] for c in hand])
        give = np.where(kept, hand_strength[None, :], np.inf).min(axis=1) if hand else None
        if give is not None:
            ok = np.isfinite(take) & np.isfinite(give)
            gain = np.where(ok, take - np.where(ok, give, 0.0), 0.0)
            g3 = _HAND_WEIGHT * np.maximum(gain, 0.0)
    return list(places), cards, bonus - _LOW, hv, g3


def _cache_key(obs: NineDomainsObservation) -> tuple[Any, ...]:
    # Everything payoff_matrix reads from the observation but the seat.
    return (
        obs.rules, obs.round, obs.revealed, obs.hands, obs.used, obs.held, obs.removed,
        obs.extra_points, obs.previous, obs.elements_off,
    )  # fmt: skip


_MATRICES: dict[tuple[Any, ...], tuple[NDArray[np.float64], tuple[list[Place], list[Place]]]] = {}
_MATRICES_KEPT = 4  # both seats of a round ask for the same game: keep the last few
_MATRICES_LOCK = threading.Lock()


def payoff_matrix(
    obs: NineDomainsObservation,
) -> tuple[NDArray[np.float64], tuple[list[Place], list[Place]]]:
    """The round's matrix game from ``obs.seat``'s side: rows are its placements,
    columns the opponent's, entries the estimated value (-1 .. 1) for the bot.

    Also returns the placements of seat 0 and seat 1 (rows/columns order). Both
    seats see the same game, so the last few seat-0 games are kept and a seat's
    matrix is a fresh array made from them.
    """
    key = _cache_key(obs)
    with _MATRICES_LOCK:
        found = _MATRICES.get(key)
    if found is None:
        found = _seat0_matrix(obs)
        with _MATRICES_LOCK:  # bots may play in several threads at once
            while len(_MATRICES) >= _MATRICES_KEPT:
                del _MATRICES[next(iter(_MATRICES))]
            _MATRICES[key] = found
    values, (rows, cols) = found
    out = values.copy() if obs.seat == 0 else np.ascontiguousarray(-values.T)
    return out, (list(rows), list(cols))


def _seat0_matrix(
    obs: NineDomainsObservation,
) -> tuple[NDArray[np.float64], tuple[list[Place], list[Place]]]:
    last = obs.round == 2
    p0, idx0, bon0, hv0, g30 = _seat_features(obs, 0, last)
    p1, idx1, bon1, hv1, g31 = _seat_features(obs, 1, last)
    # Each cell's round outcome as one code: the three positions' state codes in base
    # 7, then whether seat 0 and seat 1 won with a 3+ anywhere (two bits); in C.
    nb = _NB
    impl = _backend.impl
    sig, present = impl._ninedomains_cell_codes(
        _cell_codes(), idx0 * (15 * nb * nb) + bon0 * nb, idx1 * (nb * nb) + bon1
    )
    term, is_term, margin, f3a, f3b = impl._ninedomains_board_values(
        *_element_tables(obs.rules), _board_of(obs, last), _ELEMENT_WEIGHT, present
    )
    if last:
        values = np.empty(sig.shape)
    else:
        # tanh stays numpy's, applied to every cell as before, so that the matrix is
        # the same to the last bit.
        values = impl._ninedomains_cell_estimates(sig, margin, f3a, f3b, hv0, g30, hv1, g31, _SCALE)
        np.tanh(values, out=values)
    impl._ninedomains_cell_terms(sig, is_term, term, margin, last, values)
    values = np.ascontiguousarray(values, dtype=np.float64)
    values.setflags(write=False)
    return values, (p0, p1)


@lru_cache(maxsize=16)
def _element_tables(rules: Rules) -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    """Per set of domains (bit k = DOMAINS[k]): how many elements it shows and
    the sum of its domains."""
    count = [
        rules.element_count([d for k, d in enumerate(DOMAINS) if mask >> k & 1])
        for mask in range(1 << len(DOMAINS))
    ]
    total = [
        sum(d for k, d in enumerate(DOMAINS) if mask >> k & 1) for mask in range(1 << len(DOMAINS))
    ]
    out = (np.array(count, dtype=np.int32), np.array(total, dtype=np.int32))
    for arr in out:
        arr.setflags(write=False)
    return out


def _board_of(obs: NineDomainsObservation, last: bool) -> list[int]:
    """The round's position as ``_ninedomains_board_values`` takes it: domains held by
    each seat and removed, the revealed domains (bit masks), the extra points and the
    flags (elements off, last round, ties broken by domains)."""

    def mask(domains: Sequence[int]) -> int:
        return sum(1 << DOMAINS.index(d) for d in domains)

    return [
        mask(obs.held[0]), mask(obs.held[1]), mask(obs.removed),
        *(1 << DOMAINS.index(d) for d in obs.revealed),
        obs.extra_points[0], obs.extra_points[1],
        int(bool(obs.elements_off)), int(last), int(obs.rules.tie_break == "domains"),
    ]  # fmt: skip
