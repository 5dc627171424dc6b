"""Games per second through ``parlour.play`` for every game, one after another
in one process, with RandomBots and with HeuristicBots (fixed seeds, best of
three rounds, wall clock and CPU time). Not collected by pytest.

    python benchmarks/play_rates.py

Sichuan's and The Nine Domains' rows are the same run's references: this
host's speed varies about twofold, so compare a game with them in the same
run as well as with its target (the last lines give each game's CPU rate as
a ratio of theirs, bots of the same kind).
"""

from __future__ import annotations

import os
import time

import parlour

#: Games a round, per game and bots.
GAMES = {
    ("sichuan", "random"): 200,
    ("sichuan", "heuristic"): 200,
    ("sisepai", "random"): 1000,
    ("sisepai", "heuristic"): 1000,
    ("shrinewars", "random"): 200,
    ("shrinewars", "heuristic"): 100,
    ("ninedomains", "random"): 1000,
    ("ninedomains", "heuristic"): 1000,
}


def rate(name: str, kind: str, n: int, rounds: int = 3) -> tuple[float, float]:
    """Best (wall, CPU) games per second over ``rounds`` rounds of ``n`` games."""
    players = parlour.make(name, seed=0).num_players
    bots = [parlour.spec(name).bots[kind]() for _ in range(players)]
    best_wall = best_cpu = 0.0
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        for seed in range(n):
            parlour.play(parlour.make(name, seed=seed), bots, seed=seed)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        best_wall, best_cpu = max(best_wall, n / wall), max(best_cpu, n / cpu)
    return best_wall, best_cpu


def main() -> None:
    print("backend", parlour.backend, "load", os.getloadavg())
    cpus: dict[tuple[str, str], float] = {}
    for (name, kind), n in GAMES.items():
        wall, cpu = rate(name, kind, n)
        cpus[name, kind] = cpu
        print(f"{name:12s} {kind:9s} wall {wall:8.0f}/s  cpu {cpu:8.0f}/s", flush=True)
    print("load", os.getloadavg())
    for (name, kind), cpu in cpus.items():
        ratios = "  ".join(
            f"{cpu / cpus[ref, kind]:.3f} of {ref}" for ref in ("sichuan", "ninedomains")
        )
        print(f"{name:12s} {kind:9s} cpu {ratios}")


if __name__ == "__main__":
    main()
