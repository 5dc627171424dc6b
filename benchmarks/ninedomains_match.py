"""Match the Nine Domains equilibrium bot against the heuristic bot.

Plays ``--games`` seeded games (default 2,000), alternating seats, and prints
the equilibrium bot's score rate (win 1, draw 1/2) with a 95 % confidence
interval, its win/draw/loss counts and its decision times per round.

    python benchmarks/ninedomains_match.py --games 2000 --seed 0
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from typing import Any

from parlour.ninedomains import Game
from parlour.ninedomains.bots import EquilibriumBot, HeuristicBot, RandomBot
from parlour.protocol import Action


class _Timed:
    """Wraps a bot and records the seconds of each placement decision."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []

    def act(self, observation: Any, legal: list[Action], rng: random.Random) -> Action:
        start = time.perf_counter()
        action: Action = self.bot.act(observation, legal, rng)
        if observation.phase == "place":
            self.times.append(time.perf_counter() - start)
        return action


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", choices=["heuristic", "random"], default="heuristic")
    parser.add_argument("--iterations", type=int, default=None)
    args = parser.parse_args(argv)
    eq = _Timed(EquilibriumBot() if args.iterations is None else EquilibriumBot(args.iterations))
    other = HeuristicBot() if args.opponent == "heuristic" else RandomBot()
    wins = draws = losses = 0
    start = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        game = Game(seed=seed)
        eq_seat = n % 2
        bots = [eq, other] if eq_seat == 0 else [other, eq]
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
        result = game.result
        assert result is not None
        if len(result.winners) == 2:
            draws += 1
        elif result.winners[0] == eq_seat:
            wins += 1
        else:
            losses += 1
        if (n + 1) % 100 == 0:
            print(f"{n + 1} games: {wins} won, {draws} drawn, {losses} lost", file=sys.stderr)
    games = wins + draws + losses
    rate = (wins + 0.5 * draws) / games
    # Normal-approximation 95 % interval of the mean score per game.
    scores = [1.0] * wins + [0.5] * draws + [0.0] * losses
    sd = statistics.pstdev(scores)
    half = 1.96 * sd / math.sqrt(games)
    times = sorted(eq.times)
    print(f"games: {games} (EquilibriumBot vs {type(other).__name__}, alternating seats)")
    print(f"won {wins}, drawn {draws}, lost {losses}")
    print(f"score rate: {rate:.3f}  95% CI [{rate - half:.3f}, {rate + half:.3f}]")
    win = wins / games
    win_half = 1.96 * math.sqrt(win * (1 - win) / games)
    print(f"win rate:   {win:.3f}  95% CI [{win - win_half:.3f}, {win + win_half:.3f}]")
    print(
        "decision time per round: "
        f"mean {statistics.fmean(times) * 1000:.0f} ms, "
        f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms, "
        f"max {times[-1] * 1000:.0f} ms over {len(times)} decisions"
    )
    print(f"wall time: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
