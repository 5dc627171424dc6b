"""Time and exploitability of the Nine Domains EquilibriumBot, decision by decision.

Plays ``--games`` seeded games (seeds ``--seed`` ..) of the equilibrium bot
against itself and, at every placement decision of either seat, measures:

* the time to build the round's payoff matrix (``payoff_matrix``, with its
  per-round cache emptied first, so every decision pays for a full build);
* the time to solve it (``solve_game`` at the bot's tolerance times the
  payoff range, as ``EquilibriumBot.solve`` calls it);
* the exploitability of the returned pair (x for the bot, y for the opponent):
  ``max_i (A y)_i - min_j (x A)_j`` over the payoff range ``max A - min A``,
  and the bot's own gap to the game value ``v - min_j (x A)_j`` over the same
  range, with ``v`` from an exact solve (tolerance 0, its bounds printed too).

Wall times suffer from other work on the machine; the CPU time of the process
per decision (build and solve) is printed as well.

With ``--regret N`` the old solver (N iterations of regret matching+) is
measured on the same decisions for comparison. Outside CI; prints a summary:

    python benchmarks/ninedomains_equilibrium.py --games 50 --seed 0
    python benchmarks/ninedomains_equilibrium.py --games 10 --regret 1000
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import numpy as np

from parlour import _backend
from parlour.ninedomains import Game
from parlour.ninedomains import bots as nd_bots
from parlour.ninedomains.bots import EquilibriumBot, exploitability, payoff_matrix, solve_game


def _quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    q = statistics.quantiles(ordered, n=10) if len(ordered) > 1 else ordered * 9
    return (
        f"median {statistics.median(ordered):.3g}  p90 {q[8]:.3g}  max {ordered[-1]:.3g}"
        f"  min {ordered[0]:.3g}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tolerance", type=float, default=1e-4)
    parser.add_argument("--regret", type=int, default=0, help="also time N regret-matching steps")
    args = parser.parse_args(argv)
    c_make = time.process_time()
    bot = EquilibriumBot(tolerance=args.tolerance)  # builds the battle and adjacency tables
    make_ms = (time.process_time() - c_make) * 1e3
    build_ms: list[float] = []
    solve_ms: list[float] = []
    gaps: list[float] = []
    own: list[float] = []
    exact_width: list[float] = []
    cpu_build: list[float] = []
    cpu_solve: list[float] = []
    rm_ms: list[float] = []
    rm_gaps: list[float] = []
    by_round: dict[int, list[float]] = {0: [], 1: [], 2: []}
    where: list[tuple[int, int, int]] = []
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        game = Game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            obs = game.observation(seat)
            legal = game.legal_actions(seat)
            if obs.phase == "place":
                nd_bots._MATRICES.clear()
                c0, t0 = time.process_time(), time.perf_counter()
                a, _ = payoff_matrix(obs)
                c1, t1 = time.process_time(), time.perf_counter()
                spread = float(a.max() - a.min())
                solve_game(a, args.tolerance * spread)
                c2, t2 = time.process_time(), time.perf_counter()
                cpu_build.append((c1 - c0) * 1e3)
                where.append((seed, obs.round, seat))
                cpu_solve.append((c2 - c1) * 1e3)
                strategy = bot.solve(obs)  # the bot's own answer (its matrix is kept)
                build_ms.append((t1 - t0) * 1e3)
                solve_ms.append((t2 - t1) * 1e3)
                by_round[obs.round].append((t2 - t0) * 1e3)
                spread = spread or 1.0
                x = np.array(strategy.mine_probs)
                y = np.array(strategy.theirs_probs)
                gaps.append(exploitability(a, x, y) / spread)
                _, _, lower, upper = solve_game(a, 0.0)
                exact_width.append((upper - lower) / spread)
                value = (lower + upper) / 2
                own.append(max(value - float((x @ a).min()), 0.0) / spread)
                if args.regret:
                    t3 = time.perf_counter()
                    rx, ry = nd_bots.regret_matching(a, args.regret)
                    rm_ms.append((time.perf_counter() - t3) * 1e3)
                    rm_gaps.append(exploitability(a, rx, ry) / spread)
                action = bot.act(obs, legal, rng)
            else:
                action = bot.act(obs, legal, rng)
            game.apply(seat, action)
    wall = time.perf_counter() - start
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    print(f"backend: {_backend.current()}; load average {load} (at the end)")
    print(f"games: {args.games} (seeds {args.seed} ..), decisions: {len(gaps)}, wall {wall:.1f} s")
    print(f"payoff matrix build, ms:    {_quantiles(build_ms)}")
    print(f"solve (tol {args.tolerance:g}), ms:    {_quantiles(solve_ms)}")
    for r, times in by_round.items():
        if times:
            print(f"  round {r + 1} decision (build + solve), ms: {_quantiles(times)}")
    print(f"build CPU time (process), ms: {_quantiles(cpu_build)}")
    print(f"solve CPU time (process), ms: {_quantiles(cpu_solve)}")
    total = [a + b for a, b in zip(cpu_build, cpu_solve, strict=True)]
    print(f"decision CPU time, ms:        {_quantiles(total)}")
    over = sum(t > 20.0 for t in total)
    print(f"decisions over 20 ms of CPU: {over} of {len(total)}")
    print(f"first bot constructed (tables built once per process), CPU ms: {make_ms:.1f}")
    slowest = sorted(range(len(total)), key=total.__getitem__, reverse=True)[:5]
    print(
        "slowest decisions (seed, round, seat: CPU ms):",
        "; ".join(
            f"{where[k][0]}, {where[k][1] + 1}, {where[k][2]}: {total[k]:.1f}" for k in slowest
        ),
    )
    print(f"exploitability / range:     {_quantiles(gaps)}")
    print(f"own gap to value / range:   {_quantiles(own)}")
    print(f"exact solve bound width / range: max {max(exact_width):.3g}")
    print(f"decisions with exploitability > tolerance: {sum(g > args.tolerance for g in gaps)}")
    if args.regret:
        print(f"regret matching x{args.regret}, ms:     {_quantiles(rm_ms)}")
        print(f"regret matching exploitability / range: {_quantiles(rm_gaps)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
