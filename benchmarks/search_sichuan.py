"""SearchBot against three HeuristicBots over duplicate deals.

    python benchmarks/search_sichuan.py --deals 100 --playouts 8

Each deal (a seed: the wall, and the generator every bot is handed) is
played four times, with the SearchBot in each seat and HeuristicBots in the
other three. A deal's figure is the SearchBot's mean score over its four
games (a zero-sum game: 0 means "as good as the heuristic"); the mean over
deals comes with a 95 % interval that treats the deal as the unit (the
standard error of the per-deal means, normal approximation), so the luck of
the deal, shared by the four rotations, does not count as noise. Also
printed: the time per searched decision (decisions with one legal action
are not searched) and the machine's load. Results go to docs/perf/search.rst
by hand.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time

import parlour
from parlour.sichuan import Game, HeuristicBot
from parlour.sichuan.search import SearchBot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="seed of the first deal")
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--time", type=float, default=None, help="time_per_decision cap (s)")
    args = parser.parse_args()
    per_deal: list[float] = []
    decisions = 0
    spent = 0.0
    start = time.perf_counter()
    for d in range(args.first, args.first + args.deals):
        total = 0
        for seat in range(4):
            bot = SearchBot(time_per_decision=args.time, playouts=args.playouts)
            bots: list[parlour.Bot] = [HeuristicBot() for _ in range(4)]
            bots[seat] = bot
            timed = _Timed(bot)
            bots[seat] = timed
            result = parlour.play(Game(seed=d, engine="c"), bots, seed=d)
            total += int(result.scores[seat])
            decisions += bot.searched
            spent += timed.spent
        per_deal.append(total / 4)
        n = len(per_deal)
        mean = statistics.fmean(per_deal)
        half = 1.96 * statistics.stdev(per_deal) / math.sqrt(n) if n > 1 else math.inf
        print(
            f"deal {d}: {total / 4:+.2f}   after {n} deals: mean {mean:+.3f} "
            f"[{mean - half:+.3f}, {mean + half:+.3f}]   "
            f"{spent / max(decisions, 1):.3f} s per searched decision",
            flush=True,
        )
    print(
        f"deals {len(per_deal)}, playouts {args.playouts}, searched decisions {decisions}, "
        f"wall time {time.perf_counter() - start:.0f} s, load {os.getloadavg()}"
    )


class _Timed:
    """A bot wrapper that adds up the time spent in the SearchBot's searched decisions."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.spent = 0.0

    def act(self, observation, legal_actions, rng):  # type: ignore[no-untyped-def]
        before = self.bot.searched
        t = time.perf_counter()
        choice = self.bot.act(observation, legal_actions, rng)
        if self.bot.searched > before:
            self.spent += time.perf_counter() - t
        return choice


if __name__ == "__main__":
    main()
