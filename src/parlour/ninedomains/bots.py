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
  is the exact result), solves the game by regret matching and samples its
  placement from its mixed strategy.

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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

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
    "regret_matching",
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


@dataclass(frozen=True)
class Strategy:
    """A solved round: both players' placements, mixed strategies and the game value
    for the bot's own seat."""

    mine: tuple[Place, ...]
    theirs: tuple[Place, ...]
    mine_probs: tuple[float, ...]
    theirs_probs: tuple[float, ...]
    value: float


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


class EquilibriumBot:
    """Plays each round's placement from an approximate equilibrium of the round's
    matrix game (see the module docs); effects as the heuristic bot.

    ``iterations`` sets the regret-matching iterations (the default keeps a round
    well under a second on two cores).
    """

    def __init__(self, iterations: int = 1000) -> None:
        self.iterations = iterations

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
        return strategy.mine[-1]

    def solve(self, obs: NineDomainsObservation) -> Strategy:
        """Solve the current round's placement game from ``obs.seat``'s side."""
        me = obs.seat
        payoff, places = payoff_matrix(obs)
        x, y = regret_matching(payoff, self.iterations)
        value = float(x @ payoff @ y)
        return Strategy(
            tuple(places[me]),
            tuple(places[1 - me]),
            tuple(float(v) for v in x),
            tuple(float(v) for v in y),
            value,
        )


def _placements(hand: Sequence[Card]) -> list[Place]:
    return list(_placements_of(tuple(hand)))


def payoff_matrix(
    obs: NineDomainsObservation,
) -> tuple[NDArray[np.float64], tuple[list[Place], list[Place]]]:
    """The round's matrix game from ``obs.seat``'s side: rows are its placements,
    columns the opponent's, entries the estimated value (-1 .. 1) for the bot.

    Also returns the placements of seat 0 and seat 1 (rows/columns order).
    """
    r = obs.round
    last = r == 2
    places = (_placements(obs.hands[0]), _placements(obs.hands[1]))
    state_t, xa_t, xb_t = _tables()
    idx: list[NDArray[np.int64]] = []
    bon: list[NDArray[np.int64]] = []
    extra_hand: list[NDArray[np.float64]] = []
    gain3: list[NDArray[np.float64]] = []
    for s in (0, 1):
        prev = obs.previous[s]
        carries = [carry(c) for c in prev] if prev is not None else [0, 0, 0]
        cards = np.array([[c.index for c in p.cards] for p in places[s]], dtype=np.int64)
        bonus = np.array(
            [
                [
                    carries[k] + adj[k] - (2 if last and p.cards[k].index == _FOUR_PLUS else 0)
                    for k in range(3)
                ]
                for p in places[s]
                for adj in (adjacency_bonuses(p.cards),)
            ],
            dtype=np.int64,
        )
        idx.append(cards)
        bon.append(bonus - _LOW)
        hand = obs.hands[s]
        used = obs.used[s]
        hv = np.zeros(len(places[s]))
        g3 = np.zeros(len(places[s]))
        if not last:
            total = sum(CARD_STRENGTH[c] for c in hand)
            for i, p in enumerate(places[s]):
                kept = [c for c in hand if c not in p.cards]
                hv[i] = _HAND_WEIGHT * (total - sum(CARD_STRENGTH[c] for c in p.cards))
                hv[i] += _CARRY_WEIGHT * sum(carry(c) for c in p.cards)
                gain, _ = _recover_gain(list(used) + list(p.cards), kept)
                g3[i] = _HAND_WEIGHT * max(gain, 0.0)
        extra_hand.append(hv)
        gain3.append(g3)
    # State codes per position and cell.
    nb = _NB
    sig = np.zeros((len(places[0]), len(places[1])), dtype=np.int64)
    xa = np.zeros_like(sig)
    xb = np.zeros_like(sig)
    for k in range(3):
        ka = idx[0][:, k] * (15 * nb * nb) + bon[0][:, k] * nb
        kb = idx[1][:, k] * (nb * nb) + bon[1][:, k]
        flat = ka[:, None] + kb[None, :]
        sig = sig * 7 + state_t.ravel()[flat]
        xa |= xa_t.ravel()[flat]
        xb |= xb_t.ravel()[flat]
    sig = (sig * 2 + xa) * 2 + xb
    present = np.zeros(343 * 4, dtype=bool)
    present[sig.ravel()] = True
    term = np.zeros(343 * 4)
    is_term = np.zeros(343 * 4, dtype=bool)
    margin = np.zeros(343 * 4)
    f3a = np.zeros(343 * 4)
    f3b = np.zeros(343 * 4)
    for code in np.flatnonzero(present):
        t, m, a3, b3 = _signature_value(obs, int(code), last)
        margin[code] = m
        f3a[code], f3b[code] = a3, b3
        if t is not None:
            is_term[code] = True
            term[code] = t
    if last:
        values = np.where(is_term[sig], term[sig], np.sign(margin[sig]))
    else:
        est = (
            margin[sig]
            + extra_hand[0][:, None]
            - extra_hand[1][None, :]
            + f3a[sig] * gain3[0][:, None]
            - f3b[sig] * gain3[1][None, :]
        )
        values = np.where(is_term[sig], term[sig], np.tanh(est / _SCALE))
    if obs.seat == 1:
        values = -values.T
    return np.ascontiguousarray(values, dtype=np.float64), places


def _signature_value(
    obs: NineDomainsObservation, code: int, last: bool
) -> tuple[float | None, float, float, float]:
    """Value of one round outcome for seat 0: (terminal, margin, seat 0's 3- won, seat 1's)."""
    xb = code & 1
    xa = (code >> 1) & 1
    base = code >> 2
    states = [(base // 49) % 7, (base // 7) % 7, base % 7]
    held = (list(obs.held[0]), list(obs.held[1]))
    removed = list(obs.removed)
    extra = (obs.extra_points[0] + 7 * xa, obs.extra_points[1] + 7 * xb)
    effects: list[tuple[int, int]] = []  # (seat, kind 1 = 2-, 2 = 3-)
    for p, st in enumerate(states):
        domain = obs.revealed[p]
        if st == 6:
            removed.append(domain)
            continue
        seat = 0 if st < 3 else 1
        held[seat].append(domain)
        if st % 3:
            effects.append((seat, st % 3))
    won3 = [0.0, 0.0]
    for seat, kind in effects:
        if kind == 1 and held[0] and held[1]:
            own, theirs = _best_swap(
                obs.rules, seat, (held[0], held[1]), extra, removed, obs.elements_off, last
            )
            held[seat].remove(own)
            held[1 - seat].remove(theirs)
            held[seat].append(theirs)
            held[1 - seat].append(own)
        elif kind == 2 and not last:
            won3[seat] = 1.0
    term, margin = _static_value(
        obs.rules, (held[0], held[1]), extra, removed, obs.elements_off, last
    )
    if last and term is None:
        term = float(np.sign(margin)) if not math.isnan(margin) else 0.0
    return term, margin, won3[0], won3[1]
