"""The Nine Domains equilibrium bot's solver and matrix builder (issue 18).

The zero-sum solver (``csrc/ninedomains_solve.c`` and its pure twin) on games
with answers worked out by hand, on random games against an independent
brute force, on degenerate games and on the bot's own matrices; the
vectorised payoff builder against the per-placement builder it replaced; the
bot's games, its measured gap and bad inputs.
"""

from __future__ import annotations

import itertools
import math
import random
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

from parlour import _backend
from parlour.ninedomains import Game, Place
from parlour.ninedomains.battle import adjacency_bonuses, carry
from parlour.ninedomains.bots import (
    _CARRY_WEIGHT,
    _FOUR_PLUS,
    _HAND_WEIGHT,
    _LOW,
    _NB,
    _SCALE,
    CARD_STRENGTH,
    EquilibriumBot,
    HeuristicBot,
    RandomBot,
    _best_swap,
    _element_tables,
    _placements,
    _recover_gain,
    _static_value,
    _tables,
    exploitability,
    payoff_matrix,
    solve_game,
)
from parlour.ninedomains.game import NineDomainsObservation
from parlour.ninedomains.rules import Rules

BACKENDS = [name for name in ("c", "python") if name in _backend.available()]


@pytest.fixture(params=BACKENDS)
def impl(request: pytest.FixtureRequest) -> ModuleType:
    return _backend.load(request.param)


def _solve(impl: ModuleType, a: Any, tol: float = 0.0) -> tuple[Any, Any, float, float]:
    x, y, lower, upper, rounds = impl._ninedomains_solve(a, tol)
    assert rounds >= 1
    return x, y, lower, upper


def _check_solution(a: NDArray[np.float64], x: Any, y: Any, lower: float, upper: float) -> None:
    # Distributions, and the bounds are what the strategies really guarantee.
    assert np.all(x >= 0) and np.all(y >= 0)
    assert abs(x.sum() - 1) < 1e-12 and abs(y.sum() - 1) < 1e-12
    assert lower == pytest.approx(float((x @ a).min()), abs=1e-12)
    assert upper == pytest.approx(float((a @ y).max()), abs=1e-12)


# -- games with answers worked out by hand ---------------------------------------------
def test_matching_pennies(impl: ModuleType) -> None:
    a = np.array([[1.0, -1.0], [-1.0, 1.0]])
    x, y, lower, upper = _solve(impl, a)
    _check_solution(a, x, y, lower, upper)
    assert np.allclose(x, 0.5, atol=1e-12) and np.allclose(y, 0.5, atol=1e-12)
    assert abs(lower) < 1e-12 and abs(upper) < 1e-12


def test_rock_paper_scissors(impl: ModuleType) -> None:
    a = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])
    x, y, lower, upper = _solve(impl, a)
    _check_solution(a, x, y, lower, upper)
    assert np.allclose(x, 1 / 3, atol=1e-12) and np.allclose(y, 1 / 3, atol=1e-12)
    assert abs(lower) < 1e-12 and abs(upper) < 1e-12


def test_mixed_two_by_two(impl: ModuleType) -> None:
    # [[3, -1], [-2, 1]]: the row mixes p with 3p - 2(1-p) = -p + (1-p), p = 3/7; the
    # column q with 3q - (1-q) = -2q + (1-q), q = 2/7; value 3(2/7) - 5/7 = 1/7.
    a = np.array([[3.0, -1.0], [-2.0, 1.0]])
    x, y, lower, upper = _solve(impl, a)
    _check_solution(a, x, y, lower, upper)
    assert x == pytest.approx([3 / 7, 4 / 7], abs=1e-12)
    assert y == pytest.approx([2 / 7, 5 / 7], abs=1e-12)
    assert lower == pytest.approx(1 / 7, abs=1e-12) and upper == pytest.approx(1 / 7, abs=1e-12)


def test_dominated_strategy_is_never_played(impl: ModuleType) -> None:
    # Row 2 (0, 1) is beaten by row 1 (1, 2) everywhere. In [[3, 0], [1, 2]] the row
    # mixes p: 3p + (1-p) = 2(1-p), p = 1/4; the column q: 3q = q + 2(1-q), q = 1/2;
    # value 3/2.
    a = np.array([[3.0, 0.0], [1.0, 2.0], [0.0, 1.0]])
    x, y, lower, upper = _solve(impl, a)
    _check_solution(a, x, y, lower, upper)
    assert x == pytest.approx([0.25, 0.75, 0.0], abs=1e-12)
    assert y == pytest.approx([0.5, 0.5], abs=1e-12)
    assert lower == pytest.approx(1.5, abs=1e-12) and upper == pytest.approx(1.5, abs=1e-12)
    # A saddle point: row 0 dominates, then column 0; value 1.
    x, y, lower, upper = _solve(impl, np.array([[1.0, 2.0], [0.0, 1.0]]))
    assert x.tolist() == [1.0, 0.0] and y.tolist() == [1.0, 0.0]
    assert lower == upper == 1.0


def test_degenerate_games(impl: ModuleType) -> None:
    # Every entry equal: any pair is an equilibrium; the value is the entry.
    a = np.full((4, 6), 0.25)
    x, y, lower, upper = _solve(impl, a)
    _check_solution(a, x, y, lower, upper)
    assert lower == upper == 0.25
    # Row 0 guarantees 1 and every column holds the row to 1: value 1, many solutions.
    a = np.array([[1.0, 1.0, 1.0], [1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])
    x, y, lower, upper = _solve(impl, a)
    _check_solution(a, x, y, lower, upper)
    assert lower == pytest.approx(1.0, abs=1e-12) and upper == pytest.approx(1.0, abs=1e-12)
    # Symmetric games (a = -a^T) of -1, 0, 1 with many tied ratios: value 0 exactly.
    rng = np.random.default_rng(3)
    for size in (5, 12, 40):
        upper_part = np.triu(rng.integers(-1, 2, (size, size)), 1).astype(float)
        a = upper_part - upper_part.T
        x, y, lower, upper = _solve(impl, a)
        _check_solution(a, x, y, lower, upper)
        assert abs(lower) < 1e-10 and abs(upper) < 1e-10


def _brute_value(a: NDArray[np.float64]) -> float:
    """The game's value by support enumeration: the row player's optimal strategies
    include an extreme point that equalises the columns of a square subgame, so the
    value is the best guarantee min_j (x a)_j over those equalisers."""
    m, n = a.shape
    best = -math.inf
    for k in range(1, min(m, n) + 1):
        for rows in itertools.combinations(range(m), k):
            for cols in itertools.combinations(range(n), k):
                sub = a[np.ix_(rows, cols)]
                # x_rows @ sub = v * 1 and sum x = 1.
                lhs = np.zeros((k + 1, k + 1))
                lhs[:k, :k] = sub.T
                lhs[:k, k] = -1.0
                lhs[k, :k] = 1.0
                rhs = np.zeros(k + 1)
                rhs[k] = 1.0
                try:
                    sol = np.linalg.solve(lhs, rhs)
                except np.linalg.LinAlgError:
                    continue
                if np.any(sol[:k] < -1e-12):
                    continue
                x = np.zeros(m)
                x[list(rows)] = sol[:k]
                best = max(best, float((x @ a).min()))
    return best


def test_random_small_games_against_brute_force(impl: ModuleType) -> None:
    rng = np.random.default_rng(7)
    for _ in range(150):
        m, n = (int(v) for v in rng.integers(1, 5, 2))
        if rng.random() < 0.5:
            a = rng.integers(-2, 3, (m, n)).astype(float)  # ties and degeneracy
        else:
            a = rng.normal(size=(m, n))
        x, y, lower, upper = _solve(impl, a)
        _check_solution(a, x, y, lower, upper)
        value = _brute_value(a)
        assert upper - lower <= 1e-9
        assert lower == pytest.approx(value, abs=1e-9) and upper == pytest.approx(value, abs=1e-9)


def test_tolerance_is_met_on_larger_random_games(impl: ModuleType) -> None:
    rng = np.random.default_rng(11)
    for size, tol in ((30, 0.0), (60, 1e-3), (60, 0.0)):
        a = rng.normal(size=(size, size + 7))
        x, y, lower, upper = _solve(impl, a, tol)
        _check_solution(a, x, y, lower, upper)
        assert upper - lower <= max(tol, 1e-9)


def test_many_restricted_games_on_degenerate_games() -> None:
    # The C core carries its tableau from one restricted game to the next (dual
    # simplex steps for a new row, primal ones for a new column, Bland's rule
    # after a while): on games with many tied entries, whose solves take many
    # restricted games and degenerate pivots, the bounds must still meet, and the
    # value is the pure twin's (which solves every restricted game from the start).
    c_impl = _backend.load("c") if "c" in BACKENDS else _backend.load("python")
    py_impl = _backend.load("python")
    rng = np.random.default_rng(23)
    for k in range(12):
        m, n = (int(v) for v in rng.integers(20, 70, 2))
        a = (
            rng.integers(-1, 2, (m, n)).astype(float)
            if k % 2
            else np.round(rng.normal(size=(m, n)), 1)
        )
        x, y, lower, upper, _rounds = c_impl._ninedomains_solve(a, 0.0)
        _check_solution(a, x, y, lower, upper)
        assert upper - lower <= 1e-9 * float(a.max() - a.min())
        if k < 4:
            _, _, lo2, up2, _ = py_impl._ninedomains_solve(a, 0.0)
            assert lo2 == pytest.approx(lower, abs=1e-9) and up2 == pytest.approx(upper, abs=1e-9)


def test_bad_inputs_give_clear_errors(impl: ModuleType) -> None:
    cases: list[tuple[tuple[Any, ...], str]] = [
        ((np.array([[np.nan, 1.0]]),), "finite"),
        ((np.array([[np.inf, 1.0]]),), "finite"),
        ((np.zeros((0, 3)),), "at least one row"),
        ((np.zeros((2, 0)),), "at least one row"),
        ((np.zeros(3),), "two-dimensional"),
        ((np.zeros((2, 2, 2)),), "two-dimensional"),
        (("abc",), "real numbers"),
        (([[1, "x"]],), "real numbers"),
        ((np.zeros((2, 2)), -1e-3), "tolerance"),
        ((np.zeros((2, 2)), math.nan), "tolerance"),
        ((np.zeros((2, 2)), "0"), "tolerance"),
        ((np.zeros((5000, 1)),), "at most 4096"),
    ]
    for args, text in cases:
        with pytest.raises(ValueError, match=text):
            impl._ninedomains_solve(*args)
    a = np.eye(3)
    with pytest.raises(ValueError, match="x must be a vector of 3"):
        impl._ninedomains_gap(a, np.ones(2) / 2, np.ones(3) / 3)
    with pytest.raises(ValueError, match="y must be a vector of 3"):
        impl._ninedomains_gap(a, np.ones(3) / 3, np.ones((3, 1)))
    with pytest.raises(ValueError, match="y must hold finite"):
        impl._ninedomains_gap(a, np.ones(3) / 3, np.array([0.5, np.nan, 0.5]))


def test_backends_raise_the_same_messages() -> None:
    if len(BACKENDS) < 2:
        pytest.skip("the C extension is not built here")
    c, py = _backend.load("c"), _backend.load("python")
    for args in ((np.zeros((0, 2)),), (np.ones(2),), (np.ones((2, 2)), -1.0), ([[np.nan]],)):
        messages = []
        for mod in (c, py):
            with pytest.raises(ValueError) as info:
                mod._ninedomains_solve(*args)
            messages.append(str(info.value))
        assert messages[0] == messages[1]


def test_gap_measures_a_known_deviation(impl: ModuleType) -> None:
    # Pure heads against the uniform column: the column gains 1 by playing tails
    # (min_j (x a)_j = -1) and the row gains nothing (max_i (a y)_i = 0).
    a = np.array([[1.0, -1.0], [-1.0, 1.0]])
    assert impl._ninedomains_gap(a, [1.0, 0.0], [0.5, 0.5]) == (-1.0, 0.0)


# -- the bot's matrices -------------------------------------------------------------------
def _observations(count: int, seed: int = 0, rules: Rules | None = None) -> list[Any]:
    out: list[NineDomainsObservation] = []
    s = seed
    while len(out) < count:
        game = Game(rules, seed=s)
        rng = random.Random(s)
        bots = [HeuristicBot(), RandomBot()]
        while not game.is_over:
            seat = game.to_act[0]
            obs = game.observation(seat)
            if obs.phase == "place":
                out.append(obs)
            game.apply(seat, bots[seat].act(obs, game.legal_actions(seat), rng))
        s += 1
    return out[:count]


def test_solver_on_the_bots_matrices(impl: ModuleType) -> None:
    for obs in _observations(3, seed=5)[::2] + _observations(6, seed=9)[4:5]:
        a, _ = payoff_matrix(obs)
        x, y, lower, upper = _solve(impl, a)
        _check_solution(a, x, y, lower, upper)
        assert upper - lower <= 1e-9


def _reference_payoff_matrix(
    obs: NineDomainsObservation,
) -> tuple[NDArray[np.float64], tuple[list[Place], list[Place]]]:
    # The per-placement builder the vectorised one replaced, kept verbatim as the
    # specification of the matrix.
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
        t, m, a3, b3 = _reference_signature_value(obs, int(code), last)
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


def _reference_signature_value(
    obs: NineDomainsObservation, code: int, last: bool
) -> tuple[float | None, float, float, float]:
    xb = code & 1
    xa = (code >> 1) & 1
    base = code >> 2
    states = [(base // 49) % 7, (base // 7) % 7, base % 7]
    held = (list(obs.held[0]), list(obs.held[1]))
    removed = list(obs.removed)
    extra = (obs.extra_points[0] + 7 * xa, obs.extra_points[1] + 7 * xb)
    effects: list[tuple[int, int]] = []
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


@pytest.mark.parametrize(
    ("rules", "seed", "count"),
    [
        (None, 20, 12),
        (Rules(tie_break="domains"), 40, 6),
        (Rules(elements=("red", "green", "", "blue", "", "purple", "", "", "")), 60, 6),
    ],
)
def test_payoff_matrix_equals_the_reference_builder(
    rules: Rules | None, seed: int, count: int
) -> None:
    for obs in _observations(count, seed, rules):
        got, places = payoff_matrix(obs)
        want, want_places = _reference_payoff_matrix(obs)
        assert places == want_places
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(got, want), (obs.round, obs.seat)
        # A fresh array every call: the kept copy cannot be changed through it.
        got[0, 0] = 99.0
        assert payoff_matrix(obs)[0][0, 0] == want[0, 0]


# -- the bot --------------------------------------------------------------------------------
def test_bot_solves_within_its_tolerance() -> None:
    for obs in _observations(4, seed=3)[::3]:
        strategy = EquilibriumBot().solve(obs)
        a, _ = payoff_matrix(obs)
        x, y = np.array(strategy.mine_probs), np.array(strategy.theirs_probs)
        spread = float(a.max() - a.min())
        assert 0 <= strategy.gap <= 1e-4
        assert exploitability(a, x, y) / spread == pytest.approx(strategy.gap, abs=1e-12)
        assert min(x @ a) - 1e-12 <= strategy.value <= max(a @ y) + 1e-12
        # The old approximate solver's gap is measured the same way, and is larger.
        approx = EquilibriumBot(50).solve(obs)
        assert approx.gap == pytest.approx(
            exploitability(a, np.array(approx.mine_probs), np.array(approx.theirs_probs)) / spread,
            abs=1e-12,
        )


def test_solve_game_doc_example_values() -> None:
    _x, _y, lower, upper = solve_game(np.array([[3.0, -1.0], [-2.0, 1.0]]), 0.0)
    assert upper - lower <= 1e-12 and lower == pytest.approx(1 / 7, abs=1e-12)


def test_bot_games_finish_with_legal_actions() -> None:
    bot = EquilibriumBot()
    for seed in range(2):
        game = Game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            action = bot.act(game.observation(seat), legal, rng)
            assert action in legal
            game.apply(seat, action)
        assert game.result is not None


def test_bot_is_deterministic_given_its_rng() -> None:
    obs = _observations(1, seed=6)[0]
    legal = list(_placements(obs.hands[obs.seat]))
    picks = {EquilibriumBot().act(obs, legal, random.Random(4)) for _ in range(3)}
    assert len(picks) == 1


def test_bot_arguments_are_checked() -> None:
    for bad in (0, -3, True):
        with pytest.raises(ValueError, match="iterations"):
            EquilibriumBot(bad)
    for tol in (-1e-4, math.inf, math.nan):
        with pytest.raises(ValueError, match="tolerance"):
            EquilibriumBot(tolerance=tol)


# -- the matrix builder's cell kernels ---------------------------------------------------
def test_cell_kernels_agree_between_backends_and_check_inputs() -> None:
    rng = np.random.default_rng(5)
    table = rng.integers(0, 28, 600).astype(np.int16)
    rows = rng.integers(0, 300, (7, 3)).astype(np.int32)
    cols = rng.integers(0, 300, (5, 3)).astype(np.int32)
    codes = rng.integers(0, 1372, (7, 5)).astype(np.int16)
    per_code = [rng.normal(size=1372) for _ in range(3)]
    bits = [rng.integers(0, 2, 1372).astype(float) for _ in range(2)]
    results = []
    for name in BACKENDS:
        impl = _backend.load(name)
        sig, present = impl._ninedomains_cell_codes(table, rows, cols)
        # The code of one cell worked out by hand from the table.
        c = [int(table[rows[2, k] + cols[3, k]]) for k in range(3)]
        want = ((c[0] >> 2) * 49 + (c[1] >> 2) * 7 + (c[2] >> 2)) * 4 + ((c[0] | c[1] | c[2]) & 3)
        assert sig[2, 3] == want and present.sum() == len(set(sig.ravel().tolist()))
        results.append((sig, present))
    if len(results) == 2:
        assert np.array_equal(results[0][0], results[1][0])
        assert np.array_equal(results[0][1], results[1][1])
    row_value, row_gain = rng.normal(size=7), rng.normal(size=7)
    col_value, col_gain = rng.normal(size=5), rng.normal(size=5)
    outs = []
    for name in BACKENDS:
        impl = _backend.load(name)
        est = impl._ninedomains_cell_estimates(
            codes, per_code[0], bits[0], bits[1], row_value, row_gain, col_value, col_gain, 10.0
        )
        s = int(codes[1, 2])
        by_hand = (
            ((per_code[0][s] + row_value[1]) - col_value[2]) + bits[0][s] * row_gain[1]
        ) - bits[1][s] * col_gain[2]
        assert est[1, 2] == by_hand / 10.0
        is_term = (per_code[1] > 0).astype(np.uint8)
        terms = est.copy()
        impl._ninedomains_cell_terms(codes, is_term, per_code[2], per_code[0], False, terms)
        signs = np.empty_like(est)
        impl._ninedomains_cell_terms(codes, is_term, per_code[2], per_code[0], True, signs)
        term_cells = is_term[codes] == 1
        assert np.array_equal(terms[term_cells], per_code[2][codes][term_cells])
        assert np.array_equal(terms[~term_cells], est[~term_cells])
        assert np.array_equal(signs[~term_cells], np.sign(per_code[0][codes])[~term_cells])
        outs.append((est, terms, signs))
        # Bad inputs.
        with pytest.raises(ValueError, match="out of range"):
            impl._ninedomains_cell_codes(table, rows + 400, cols)
        with pytest.raises(ValueError, match="out of range"):
            impl._ninedomains_cell_codes(np.full(10, 28, dtype=np.int16), rows % 5, cols % 5)
        with pytest.raises(ValueError, match="shape"):
            impl._ninedomains_cell_codes(table, rows[:, :2], cols)
        with pytest.raises(ValueError, match="out of range"):
            impl._ninedomains_cell_estimates(
                codes + 1372, *per_code[:1], *bits, row_value, row_gain, col_value, col_gain, 1.0
            )
        with pytest.raises(ValueError, match="out of range"):
            impl._ninedomains_cell_estimates(
                codes, *per_code[:1], *bits, row_value, row_gain, col_value, col_gain, 0.0
            )
        with pytest.raises(ValueError, match="row_value must have shape"):
            impl._ninedomains_cell_estimates(
                codes, *per_code[:1], *bits, col_value, row_gain, col_value, col_gain, 1.0
            )
        with pytest.raises(ValueError, match="out"):
            impl._ninedomains_cell_terms(codes, is_term, per_code[2], per_code[0], True, est.T)
    if len(outs) == 2:
        for a, b in zip(outs[0], outs[1], strict=True):
            assert np.array_equal(a, b)


def _board_tables(element_at: int | None) -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    # total: the sum of the domains 2 .. 10 in the mask; count: 4 (all elements) for the
    # masks holding domain bit element_at, else 0.
    total = np.array([sum(2 + k for k in range(9) if m >> k & 1) for m in range(512)])
    count = np.array(
        [4 if element_at is not None and m >> element_at & 1 else 0 for m in range(512)]
    )
    return count.astype(np.int32), total.astype(np.int32)


def test_board_values_by_hand() -> None:
    # Seat 0 holds domain 2 (bit 0); the round reveals 3, 4 and 5 (bits 1, 2, 3).
    def board(last: int, elements_off: int = 1) -> list[int]:
        return [0b1, 0, 0, 0b10, 0b100, 0b1000, 0, 0, elements_off, last, 0]

    def code(states: tuple[int, int, int], bits: int = 0) -> int:
        return (states[0] * 49 + states[1] * 7 + states[2]) * 4 + bits

    present = np.zeros(1372, dtype=np.uint8)
    plain, plus, three_minus, two_minus = (
        code((0, 3, 6)), code((0, 3, 6), 2), code((5, 3, 6)), code((1, 3, 6)),
    )  # fmt: skip
    present[[plain, plus, three_minus, two_minus]] = 1
    for name in BACKENDS:
        impl = _backend.load(name)
        term, is_term, margin, row_bit, col_bit = impl._ninedomains_board_values(
            *_board_tables(None), board(0), 1.0, present
        )
        # Seat 0 wins 3 and seat 1 wins 4, 5 goes: 2 + 3 against 4.
        assert margin[plain] == 1.0 and not is_term[plain]
        # Seat 0's 3+ adds 7 points.
        assert margin[plus] == 8.0
        # Seat 1 wins 3 with its 3- (and 4): 2 against 7, its 3- won.
        assert (
            margin[three_minus] == -5.0 and col_bit[three_minus] == 1 and row_bit[three_minus] == 0
        )
        # Seat 0 wins 3 with its 2- and swaps its 2 for seat 1's 4 (better than its 3): 7 - 2.
        assert margin[two_minus] == 5.0
        # Codes not asked for are 0.
        assert margin[code((6, 6, 6))] == 0.0 and not is_term.sum()
        # The last round: the sign of the margin, and a 3- wins nothing more.
        term, is_term, margin, _, col_bit = impl._ninedomains_board_values(
            *_board_tables(None), board(1), 1.0, present
        )
        assert term[plain] == 1.0 and is_term[plain] == 1 and term[three_minus] == -1.0
        assert col_bit[three_minus] == 0
        # Elements on: seat 0 showing all four (domain 3, bit 1, completes them) wins.
        term, is_term, margin, _, _ = impl._ninedomains_board_values(
            *_board_tables(1), board(0, 0), 1.0, present
        )
        assert is_term[plain] == 1 and term[plain] == 1.0 and margin[plain] == 0.0
        # Bad inputs.
        count, total = _board_tables(None)
        with pytest.raises(ValueError, match="out of range"):
            impl._ninedomains_board_values(count + 5, total, board(0), 1.0, present)
        with pytest.raises(ValueError, match="out of range"):
            impl._ninedomains_board_values(
                count, total, [0, 0, 0, 3, 4, 8, 0, 0, 0, 0, 0], 1.0, present
            )
        with pytest.raises(ValueError, match="board must have shape"):
            impl._ninedomains_board_values(count, total, board(0)[:5], 1.0, present)


def test_board_values_agree_between_backends() -> None:
    # Each backend against the pure twin (the readable reference).
    rng = np.random.default_rng(31)
    count, total = _element_tables(Rules())
    present = np.ones(1372, dtype=np.uint8)
    for k in range(3):
        held = rng.permutation(9)
        board = [
            sum(1 << int(b) for b in held[:2]), sum(1 << int(b) for b in held[2:4]),
            1 << int(held[4]), *(1 << int(b) for b in held[5:8]),
            int(rng.integers(0, 15)), int(rng.integers(0, 15)), k == 2, k == 1, k == 1,
        ]  # fmt: skip
        want = _backend.load("python")._ninedomains_board_values(count, total, board, 1.0, present)
        # Every outcome valued; in the last round (k == 1) every one is terminal.
        assert want[2].any() and (k != 1 or want[1].all())
        for name in BACKENDS:
            got = _backend.load(name)._ninedomains_board_values(count, total, board, 1.0, present)
            for a, b in zip(got, want, strict=True):
                assert np.array_equal(a, b)
