"""The learning envs' cost against parlour.play, interleaved round by round.

    python benchmarks/env_ratios.py [--game sichuan] [--games 50] [--rounds 7]

Issue 16's targets are ratios measured side by side: ``aec`` with four
random masked agents against :func:`parlour.play` with four RandomBots, and
``gym`` with a random masked learner and three HeuristicBots against
``play`` with four HeuristicBots, each at least 0.8. On a shared machine
whose speed drifts from one second to the next, the loops are run in turns
over the same seeds (round ``r`` plays seeds ``r*games .. (r+1)*games-1``
in every loop) and timed in CPU time; the script prints each loop's games
per second of CPU (best round) and the median over rounds of the per-round
ratios, with the load average.

Two random masked agents are timed, both choosing uniformly among the ids
the mask allows, from the same generator: ``int8`` reads the mask as
PettingZoo hands it (``mask.nonzero()[0]``), ``view`` reads it through a
boolean view of the same bytes (``mask.view(bool).nonzero()[0]``, no copy),
which numpy 2 scans in about half the time. The agents choose the same ids;
the difference is the agent's own cost, not the env's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from env_loops import aec_loop, gym_loop, play_loop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="sichuan")
    parser.add_argument("--games", type=int, default=50, help="games per loop per round")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    name = args.game
    loops = {
        "play_random": play_loop(name, "random"),
        "aec_int8": aec_loop(name, view=False),
        "aec_view": aec_loop(name, view=True),
        "play_heuristic": play_loop(name, "heuristic"),
        "gym_heuristic": gym_loop(name),
    }
    for run in loops.values():  # warm up: imports, tables, caches
        run(range(1000, 1002))
    times: dict[str, list[float]] = {k: [] for k in loops}
    load = [os.getloadavg()[0]]
    for r in range(args.rounds):
        seeds = range(r * args.games, (r + 1) * args.games)
        for key, run in loops.items():
            t = time.process_time()
            run(seeds)
            times[key].append(time.process_time() - t)
        load.append(os.getloadavg()[0])
    for key, ts in times.items():
        print(f"{key:15s} {args.games / min(ts):8.0f} games/s (CPU, best round)")
    for env_key, base in (
        ("aec_int8", "play_random"),
        ("aec_view", "play_random"),
        ("gym_heuristic", "play_heuristic"),
    ):
        ratios = [b / e for b, e in zip(times[base], times[env_key], strict=True)]
        print(
            f"{env_key} / {base}: median {statistics.median(ratios):.2f} "
            f"(rounds {min(ratios):.2f}..{max(ratios):.2f})"
        )
    games = f"{args.games} games x {args.rounds} rounds"
    print(f"game {name}, {games}, load {min(load):.1f}-{max(load):.1f}")


if __name__ == "__main__":
    main()
