"""Soak test: bot games of every parlour game with every invariant checked.

Not collected by pytest (``tests/test_soak_invariants.py`` imports the checks
from here and runs them on fewer games). Usage::

    python benchmarks/soak.py --games 100000 --game sichuan
    python benchmarks/soak.py --games 10000            # every game
    python benchmarks/soak.py --games 2000 --check-every 10 --replay-every 10

After every checked step (every step by default) the referee looks at all
seats' observations and checks the game's conservation laws:

* sichuan: the 108 physical tiles are all accounted for exactly once (hands,
  melds, discards still on the table or won on, the wall); a seat that has
  won never acts again; at the end the scores equal the net ledger and sum
  to zero;
* sisepai: the 117 cards are accounted for exactly once (concealed, exposed,
  discarded, the card in question, the stock); only the winner scores;
* shrinewars: the Oinks of every element held by the seats plus the pool
  equal what was handed out; each seat's loss equals what the ledger says it
  paid minus what it received; the cards won, set aside, on the lot and left
  make the deck; a seat that passed on the lot never acts on it again;
* ninedomains: each seat's hand plus used cards are the six basics plus the
  specials dealt so far; held and removed domains are exactly the domains
  fought over; points are domain values held plus extra points.

For every game: the acting seat was in ``to_act`` and had that action among
its legal ones, seats not to act have no legal actions, the history grows by
one, and the record replays (``from_record``) into the same record and result.
It prints games per second and every violation (exit status 1 if any).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour import ninedomains, protocol, shrinewars, sichuan, sisepai
from parlour.ninedomains import bots as nd_bots
from parlour.protocol import Game

GAMES = ("sichuan", "sisepai", "shrinewars", "ninedomains")


# -- game set-up ------------------------------------------------------------


def make_game(name: str, seed: int, *, random_bots: bool = False) -> tuple[Game, list[Any]]:
    """A seeded game of ``name`` and its bots (varying rules, tables and bots by
    seed; only random bots if ``random_bots``)."""
    heur = seed % 2 == 0 and not random_bots
    if name == "sichuan":
        rules = sichuan.Rules(exchange_three=seed % 3 == 0, call_transfer=seed % 5 == 0)
        g: Game = sichuan.Game(rules, seed=seed, dealer=seed % 4)
        bots: list[Any] = [
            sichuan.HeuristicBot() if heur else sichuan.RandomBot() for _ in range(4)
        ]
    elif name == "sisepai":
        g = sisepai.Game(seed=seed)
        bots = [sisepai.HeuristicBot() if heur else sisepai.RandomBot() for _ in range(4)]
    elif name == "shrinewars":
        players = 2 + seed % 5
        rules_sw = shrinewars.Rules(open_table=seed % 3 == 0)
        g = shrinewars.Game(rules_sw, seed=seed, players=players)
        # The heuristic bot is slow; one game in four uses it.
        bots = [
            shrinewars.HeuristicBot() if heur and seed % 4 == 0 else shrinewars.RandomBot()
            for _ in range(players)
        ]
    elif name == "ninedomains":
        rules_nd = ninedomains.Rules(tie_break="domains" if seed % 2 else "draw")
        g = ninedomains.Game(rules_nd, seed=seed)
        bots = [nd_bots.HeuristicBot() if heur else nd_bots.RandomBot() for _ in range(2)]
    else:
        raise ValueError(f"unknown game {name!r}; use one of {GAMES}")
    return g, bots


# -- invariants ---------------------------------------------------------------


def _sichuan_state(g: Any, deal: Any) -> list[str]:
    out: list[str] = []
    obs = [g.observation(s) for s in range(4)]
    ids: list[int] = []
    for s in range(4):
        ids += obs[s].hand
        for m in obs[s].melds[s]:
            ids += m.tiles
    ids += [d.tile for d in obs[0].discards if d.taken in ("", "win", "robbed")]
    if len(set(ids)) != len(ids):
        dup = [t for t, n in Counter(ids).items() if n > 1]
        out.append(f"tiles held twice: {dup}")
    if len(ids) + obs[0].wall_remaining != 108:
        out.append(f"tiles not conserved: {len(ids)} placed + {obs[0].wall_remaining} in the wall")
    won = obs[0].won
    for s in g.to_act:
        if won[s]:
            out.append(f"seat {s} has won (left the game) but is to act")
    for s in range(4):
        if obs[s].won != won:
            out.append("seats disagree about who has won")
    return out


def _sisepai_state(g: Any, deal: Any) -> list[str]:
    out: list[str] = []
    obs = [g.observation(s) for s in range(4)]
    ids: list[int] = []
    for s in range(4):
        ids += obs[s].concealed
        if obs[s].concealed_counts[s] != len(obs[s].concealed):
            out.append(f"seat {s}: concealed count disagrees with its cards")
    for groups in obs[0].exposed:
        for grp in groups:
            ids += grp
    for pile in obs[0].discards:
        ids += pile
    card = obs[0].card
    if card is not None and card not in ids:
        ids.append(card)
    if len(set(ids)) != len(ids):
        out.append(f"cards held twice: {[c for c, n in Counter(ids).items() if n > 1]}")
    if len(ids) + obs[0].stock_left != 117:
        out.append(f"cards not conserved: {len(ids)} placed + {obs[0].stock_left} in stock")
    return out


def _shrinewars_state(g: Any, deal: Any) -> list[str]:
    out: list[str] = []
    n = g.num_players
    obs = [g.observation(s) for s in range(n)]
    start = g.rules.oinks
    for e in range(4):
        total = sum(o.oinks[e] for o in obs) + obs[0].pool[e]
        if total != start * n:
            out.append(f"Oinks of element {e} not conserved: {total} != {start * n}")
    if any(x < 0 for o in obs for x in o.oinks) or any(x < 0 for x in obs[0].pool):
        out.append("a negative Oink holding")
    cards = sum(len(w) for w in obs[0].won) + len(obs[0].set_aside) + len(obs[0].lot)
    deck = len(deal["deck"])
    if cards + obs[0].cards_left != deck:
        out.append(f"cards not conserved: {cards} + {obs[0].cards_left} left != {deck}")
    for s in g.to_act:
        if s in obs[0].passed:
            out.append(f"seat {s} passed on this lot (left it) but is to act")
    return out + _shrinewars_ledger(g, obs)


def _shrinewars_ledger(g: Any, obs: list[Any]) -> list[str]:
    # Per element, from the public lot outcomes: what each seat paid for the
    # lots it won and received as shares must explain its holding, and what
    # went into the pot minus what came out must be the pool.
    out: list[str] = []
    n = g.num_players
    held = [[g.rules.oinks] * 4 for _ in range(n)]
    pool = [0, 0, 0, 0]
    for lot in obs[0].lots:
        if lot.winner is None:
            continue
        for e in range(4):
            held[lot.winner][e] -= lot.bid.paid[e]
            pool[e] += lot.bid.paid[e]
        for r, share in zip(lot.receivers, lot.shares, strict=True):
            for e in range(4):
                held[r][e] += share[e]
                pool[e] -= share[e]
        if tuple(pool) != tuple(lot.pool):
            out.append(f"lot {lot.cards}: pool {lot.pool} but the payments leave {pool}")
    for s in range(n):
        if tuple(held[s]) != tuple(obs[s].oinks):
            out.append(f"seat {s}: holds {obs[s].oinks} but the lots say {held[s]}")
    return out


def _ninedomains_state(g: Any, deal: Any) -> list[str]:
    out: list[str] = []
    o = g.observation(0)
    dealt = [str(c) for c in ninedomains.BASIC]
    for s in (0, 1):
        cards = sorted(str(c) for c in (*o.hands[s], *o.used[s]))
        k = len(cards) // 3 - 2
        want = sorted(dealt + list(deal["specials"][: 3 * k]))
        if cards != want:
            out.append(f"seat {s}: hand + used {cards} are not the cards dealt {want}")
        if not g.is_over and k != min(g.round + 1, 3):
            out.append(f"seat {s}: {len(cards)} cards in round {g.round}")
    fought = [*o.held[0], *o.held[1], *o.removed]
    resolved = 3 * g.round + (3 if g.phase == "effect" else 0)
    if not g.is_over and sorted(fought) != sorted(deal["domains"][:resolved]):
        out.append(f"domains held/removed {fought} are not those fought over")
    if g.is_over and not set(fought) <= set(deal["domains"]):
        out.append(f"unknown domains held: {fought}")
    if len(set(fought)) != len(fought):
        out.append(f"a domain is held twice: {fought}")
    for s in (0, 1):
        if o.points[s] != sum(o.held[s]) + o.extra_points[s]:
            out.append(f"seat {s}: points {o.points[s]} != held + extra")
    return out


STATE_CHECKS: dict[str, Callable[[Any, Any], list[str]]] = {
    "sichuan": _sichuan_state,
    "sisepai": _sisepai_state,
    "shrinewars": _shrinewars_state,
    "ninedomains": _ninedomains_state,
}


def check_result(name: str, g: Game) -> list[str]:
    """Invariants of a finished game's result."""
    out: list[str] = []
    obs: Any = g.observation(0)
    r = g.result
    if r is None:
        return ["the game is over but has no result"]
    n = g.num_players
    if len(r.scores) != n or not set(r.winners) <= set(range(n)):
        out.append(f"result of the wrong shape: {r}")
    if g.to_act or any(g.legal_actions(s) for s in range(n)):
        out.append("a finished game still offers actions")
    if name == "sichuan":
        net = [0] * 4
        for p in r.ledger:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
            if p.amount <= 0 or p.payer == p.payee:
                out.append(f"bad payment {p}")
        if sum(r.scores) != 0:
            out.append(f"scores do not sum to zero: {r.scores}")
        if list(r.scores) != net:
            out.append(f"scores {r.scores} are not the net ledger {net}")
    elif name == "sisepai":
        if r.winners and [s for s in range(4) if r.scores[s]] not in ([], list(r.winners)):
            out.append(f"a seat other than the winner scored: {r}")
        if not r.winners and any(r.scores):
            out.append(f"a drawn deal has scores: {r.scores}")
    elif name == "shrinewars":
        pot = 0
        for p in r.ledger:
            if p.amount < 0 or p.payer == p.payee:
                out.append(f"bad payment {p}")
            pot += p.amount if p.payee == shrinewars.POT else 0
            pot -= p.amount if p.payer == shrinewars.POT else 0
        if pot != sum(obs.pool):
            out.append(f"the ledger leaves {pot} in the pool, not {sum(obs.pool)}")
        if list(r.scores) != [shrinewars.score(w) for w in obs.won]:
            out.append("scores are not the best partitions of the cards won")
    elif name == "ninedomains" and tuple(r.scores) != tuple(obs.points):
        out.append(f"scores {r.scores} are not the points {obs.points}")
    return out


def check_replay(g: Game) -> list[str]:
    """The record survives JSON and replays into the same record and result."""
    rec = g.record()
    text = json.dumps(rec)
    again = type(g).from_record(json.loads(text))
    out: list[str] = []
    if again.record() != rec:
        out.append("the replayed record differs")
    if again.is_over != g.is_over or again.result != g.result:
        out.append("the replayed game has another result")
    return out


@dataclass
class Outcome:
    """What one checked game found."""

    steps: int
    violations: list[str]


def play_checked(
    name: str, seed: int, *, check_every: int = 1, replay: bool = True, random_bots: bool = False
) -> Outcome:
    """Play one bot game of ``name`` checking the invariants.

    The state checks run after every ``check_every``-th step (and at the
    start and end); the step checks (acting seat to act, action legal,
    history grows by one) run on every step.
    """
    g, bots = make_game(name, seed, random_bots=random_bots)
    rng = random.Random(seed)
    check_state = STATE_CHECKS[name]
    deal = g.record()["deal"]

    def state(game: Game) -> list[str]:
        return check_state(game, deal)

    found: list[str] = []

    def note(step: int, problems: Sequence[str]) -> None:
        found.extend(f"{name} seed {seed} step {step}: {p}" for p in problems)

    note(0, state(g))
    step = 0
    while not g.is_over:
        to_act = g.to_act
        if not to_act:
            note(step, ["the game is not over but nobody is to act"])
            break
        seat = to_act[rng.randrange(len(to_act))]
        legal = g.legal_actions(seat)
        if not legal:
            note(step, [f"seat {seat} is to act but has no legal action"])
            break
        action = bots[seat].act(g.observation(seat), legal, rng)
        before = len(g.history)
        g.apply(seat, action)
        step += 1
        if len(g.history) != before + 1 or g.history[-1] != (seat, action):
            note(step, ["the history did not record the action"])
        if check_every <= 1 or step % check_every == 0:
            problems = list(state(g))
            for s in range(g.num_players):
                if s not in g.to_act and g.legal_actions(s):
                    problems.append(f"seat {s} is not to act but has legal actions")
            note(step, problems)
        if step > 100_000:
            note(step, ["the game does not end"])
            break
    note(step, state(g))
    note(step, check_result(name, g))
    if replay:
        note(step, check_replay(g))
    return Outcome(step, found)


def soak(
    name: str,
    games: int,
    *,
    first_seed: int = 0,
    check_every: int = 1,
    replay_every: int = 1,
    report: Callable[[str], None] | None = None,
) -> tuple[int, list[str], float]:
    """Play ``games`` checked games; return (steps, violations, seconds)."""
    start = time.perf_counter()
    steps = 0
    violations: list[str] = []
    for i in range(games):
        seed = first_seed + i
        try:
            out = play_checked(
                name,
                seed,
                check_every=check_every,
                replay=replay_every <= 1 or i % replay_every == 0,
            )
        except Exception as exc:  # a crash is a violation too, reported with its seed
            violations.append(f"{name} seed {seed}: {type(exc).__name__}: {exc}")
            continue
        steps += out.steps
        violations.extend(out.violations)
        if report and (i + 1) % max(1, games // 10) == 0:
            el = time.perf_counter() - start
            report(f"  {name}: {i + 1} games, {el:.0f} s, {len(violations)} violation(s)")
    return steps, violations, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per game type")
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--check-every", type=int, default=1, help="state checks every N steps")
    parser.add_argument("--replay-every", type=int, default=1, help="replay every N-th game")
    args = parser.parse_args(argv)
    from parlour import _backend

    print(
        f"parlour soak: backend {_backend.current()}, python {platform.python_version()}, "
        f"{platform.machine()} {platform.system()}"
    )
    names = GAMES if args.game == "all" else (args.game,)
    bad = 0
    for name in names:
        steps, violations, secs = soak(
            name,
            args.games,
            first_seed=args.seed,
            check_every=args.check_every,
            replay_every=args.replay_every,
            report=lambda line: print(line, flush=True),
        )
        print(
            f"{name}: {args.games} games, {steps} steps, {secs:.1f} s, "
            f"{args.games / secs:.1f} games/s, {len(violations)} violation(s)",
            flush=True,
        )
        for v in violations[:50]:
            print("  VIOLATION", v)
        bad += len(violations)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = [
    "GAMES",
    "Outcome",
    "check_replay",
    "check_result",
    "make_game",
    "play_checked",
    "protocol",
    "soak",
]
