"""Interval widths of duplicate and plain matches at the same number of games.

For each game, HeuristicBot in one seat against RandomBots in the others
(or, with ``--opponent noisy``, against a HeuristicBot that plays a random
legal action with probability ``--eps``: two bots of nearly equal strength;
``--opponent perturbed`` is the same without randomness: whether it deviates,
and how, is a function of the observation, so every bot at the table is
deterministic):
a duplicate match of ``--deals`` deals (every deal in every rotation:
``deals x seats`` games) and a plain match of ``deals x seats`` deals (each
played once, the seats rotated from deal to deal), for each of ``--seeds``
seeds. Prints the 95 % half-widths of the heuristic-minus-opponent
difference and of the heuristic bot's mean, and the ratio plain / duplicate (above 1:
duplicate play is narrower). ``--equilibrium N`` also plays the Nine
Domains' EquilibriumBot against the HeuristicBot and the RandomBot over N
duplicate deals (about 1.5 s a game) for the table of docs/bots.rst.
Fixed seeds; run outside CI on the compiled backend:

    python benchmarks/arena_widths.py --deals 500 --seeds 3 --equilibrium 30 --json out.json
    python benchmarks/arena_widths.py --deals 300 --seeds 2 --opponent noisy --json near.json
    python benchmarks/arena_widths.py --deals 300 --seeds 2 --opponent perturbed --json det.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from typing import Any

import parlour
from parlour.arena import BOT_SPEC_KINDS, BotFactory, MatchResult, match
from parlour.protocol import Bot
from parlour.registry import spec

SEATS = {"sichuan": 4, "sisepai": 4, "shrinewars": 4, "ninedomains": 2}


class NoisyBot:
    """The game's HeuristicBot, but with probability ``eps`` a uniformly
    random legal action instead of its choice."""

    def __init__(self, inner: Bot, eps: float) -> None:
        self.inner = inner
        self.eps = eps

    def act(self, observation: Any, legal_actions: Any, rng: Any) -> Any:
        if rng.random() < self.eps:
            return legal_actions[rng.randrange(len(legal_actions))]
        return self.inner.act(observation, legal_actions, rng)


class PerturbedBot(NoisyBot):
    """A :class:`NoisyBot` whose deviations are drawn from a generator seeded
    by the observation itself: deterministic, as the HeuristicBots are."""

    def act(self, observation: Any, legal_actions: Any, rng: Any) -> Any:
        digest = hashlib.blake2b(repr(observation).encode(), digest_size=8).digest()
        return super().act(observation, legal_actions, random.Random(digest))


def _perturbed(game: str, rest: str) -> BotFactory:
    eps = float(rest)
    make = spec(game).bots["heuristic"]
    return lambda: PerturbedBot(make(), eps)


def _noisy(game: str, rest: str) -> BotFactory:
    # The spec kind "noisy:EPS", registered in parlour.arena.BOT_SPEC_KINDS.
    eps = float(rest)
    make = spec(game).bots["heuristic"]
    return lambda: NoisyBot(make(), eps)


#: The opponent's lineup entry: set by main().
OPPONENT = "random"


def _lineup(game: str) -> str:
    return "heuristic" + f",{OPPONENT}" * (SEATS[game] - 1)


def _widths(result: MatchResult) -> dict[str, float]:
    d = result.difference("heuristic", OPPONENT)
    m = result.mean("heuristic")
    return {
        "games": result.games,
        "diff_mean": d.mean,
        "diff_ci95": d.half_width,
        "heuristic_mean": m.mean,
        "heuristic_ci95": m.half_width,
        "seconds": result.seconds,
    }


def _decomposition(result: MatchResult) -> dict[str, float]:
    """Where a duplicate match's variance is: the heuristic-minus-random
    difference of each game, its variance over games, and the correlation
    of the games of one deal (rho; the deal mean of n games has variance
    var * (1 + (n - 1) * rho) / n, so duplicate play gains only when rho is
    below 0), with the width ratio that implies (plain over duplicate)."""
    n = len(result.lineup)
    diffs = [[g[0] - sum(g[1:]) / (n - 1) for g in games] for games in result.game_scores]
    per_game = statistics.variance([x for games in diffs for x in games])
    deal_means = statistics.variance([sum(games) / n for games in diffs])
    rho = (n * deal_means / per_game - 1) / (n - 1)
    return {
        "var_game": per_game,
        "rho": rho,
        "implied_ratio": math.sqrt(per_game / (n * deal_means)),
    }


def _geomean(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def widths(games: list[str], deals: int, seeds: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in games:
        n = SEATS[game]
        runs = []
        for seed in range(seeds):
            dup = match(game, _lineup(game), deals=deals, seed=seed)
            plain = match(game, _lineup(game), deals=deals * n, seed=seed, duplicate=False)
            runs.append(
                {
                    "seed": seed,
                    "duplicate": _widths(dup),
                    "plain": _widths(plain),
                    "decomposition": _decomposition(dup),
                }
            )
            print(
                f"{game} seed {seed}: difference ±{runs[-1]['duplicate']['diff_ci95']:.3f} "
                f"duplicate, ±{runs[-1]['plain']['diff_ci95']:.3f} plain "
                f"({dup.seconds + plain.seconds:.0f} s)",
                file=sys.stderr,
            )
        ratio_d = _geomean([r["plain"]["diff_ci95"] / r["duplicate"]["diff_ci95"] for r in runs])
        ratio_m = _geomean(
            [r["plain"]["heuristic_ci95"] / r["duplicate"]["heuristic_ci95"] for r in runs]
        )
        rho = statistics.mean(r["decomposition"]["rho"] for r in runs)
        implied = _geomean([r["decomposition"]["implied_ratio"] for r in runs])
        out[game] = {
            "runs": runs,
            "ratio_difference": ratio_d,
            "ratio_mean": ratio_m,
            "rho": rho,
            "implied_ratio": implied,
        }
    return out


def equilibrium(deals: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for other in ("heuristic", "random"):
        r = match("ninedomains", f"equilibrium,{other}", deals=deals, seed=0)
        out[other] = r.to_dict()
        d = r.difference("equilibrium", other)
        print(
            f"equilibrium - {other}: {d.mean:.2f} ± {d.half_width:.2f} ({r.seconds:.0f} s)",
            file=sys.stderr,
        )
    return out


def _print(figures: dict[str, Any]) -> None:
    print(
        f"{'game':<12} {'games':>6}  {'difference (dup | plain)':<34} {'ratio':>5}  "
        f"{'heuristic mean (dup | plain)':<34} {'ratio':>5}"
    )
    for game, g in figures["widths"].items():
        r = g["runs"][0]
        dd, pp = r["duplicate"], r["plain"]
        print(
            f"{game:<12} {dd['games']:>6}  "
            f"{dd['diff_mean']:>7.2f} ±{dd['diff_ci95']:<6.3f} | "
            f"{pp['diff_mean']:>7.2f} ±{pp['diff_ci95']:<6.3f}  {g['ratio_difference']:>5.2f}  "
            f"{dd['heuristic_mean']:>7.2f} ±{dd['heuristic_ci95']:<6.3f} | "
            f"{pp['heuristic_mean']:>7.2f} ±{pp['heuristic_ci95']:<6.3f}  {g['ratio_mean']:>5.2f}"
        )
    print("(first seed's figures; ratios: plain / duplicate half-width, geometric mean over seeds)")
    for game, g in figures["widths"].items():
        print(
            f"{game}: within-deal correlation {g['rho']:+.3f}, "
            f"implied ratio {g['implied_ratio']:.2f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="duplicate deals per run (500)")
    parser.add_argument("--seeds", type=int, default=3, help="runs per game (3)")
    parser.add_argument("--games", default=",".join(SEATS), help="comma list of games")
    parser.add_argument(
        "--equilibrium", type=int, default=0, help="Nine Domains equilibrium deals (0: none)"
    )
    parser.add_argument(
        "--opponent",
        choices=["random", "noisy", "perturbed"],
        default="random",
        help="the other seats' bot",
    )
    parser.add_argument("--eps", type=float, default=0.1, help="the noisy bot's random share")
    parser.add_argument("--json", metavar="FILE", help="write every figure as JSON")
    args = parser.parse_args(argv)
    global OPPONENT
    BOT_SPEC_KINDS["noisy"] = _noisy
    BOT_SPEC_KINDS["perturbed"] = _perturbed
    OPPONENT = "random" if args.opponent == "random" else f"{args.opponent}:{args.eps}"
    start = time.perf_counter()
    figures: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "backend": parlour.backend,
            "load_before": os.getloadavg(),
        },
        "deals": args.deals,
        "opponent": OPPONENT,
        "seeds": args.seeds,
        "widths": widths(args.games.split(","), args.deals, args.seeds),
    }
    if args.equilibrium:
        figures["equilibrium"] = equilibrium(args.equilibrium)
    figures["machine"]["load_after"] = os.getloadavg()
    figures["seconds"] = time.perf_counter() - start
    _print(figures)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(figures, fh, indent=2)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
