"""Duplicate matches between bots: :func:`match` and its :class:`MatchResult`.

Deal ``d`` of a match seeded ``seed`` is the game built with the seed
:func:`parlour.simulation.game_seed` ``(seed, d)``; every game draws all its
chance (the wall or deck, the dealer, the Sichuan exchange direction) from
that seed when it is built, so the same seed is the same deal whoever sits
where. In a duplicate match each deal is played once in every **rotation**:
in rotation ``r`` the bot of lineup position ``k`` sits in seat
``(k + r) % n``, so over the ``n`` rotations every bot plays every seat of
every deal.

Each bot draws its randomness from its own generator, seeded by the
match's seed, the deal, the rotation and the bot's lineup position
(:func:`bot_seed`): no two bots of a game, and no two games of a deal, share
a stream, and the seat a bot sits in plays no part. (A bot that kept its
stream from rotation to rotation would, in a game whose seats are alike,
replay the same game in every rotation: so it did in The Nine Domains, where
the second rotation of a deal then added nothing and the interval of
HeuristicBot against RandomBot came out 1.4 times wider than with a fresh
stream for each game.)
Every game gets fresh bots, so a match's figures do not
depend on how its deals are split over workers.

>>> from parlour.arena import match
>>> result = match("sisepai", "heuristic,random,random,random", deals=3, seed=1)
>>> result.entries, result.games
(('heuristic', 'random'), 12)
>>> result == match("sisepai", ["heuristic", "random", "random", "random"], deals=3, seed=1)
True
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field
from typing import Any

from parlour.arena.lineup import bot_factory, parse_lineup
from parlour.arena.stats import Interval, Rating, bradley_terry, paired_difference
from parlour.arena.stats import clustered_interval as _clustered
from parlour.protocol import Bot, Game, Rules
from parlour.registry import spec
from parlour.simulation import game_seed, resolve_rules, rules_text

__all__ = ["Difference", "MatchResult", "bot_seed", "match", "play_game", "seats_of"]


def bot_seed(seed: int, deal: int, rotation: int, position: int) -> int:
    """The seed of the generator of lineup position ``position``'s bot in
    rotation ``rotation`` of deal ``deal`` of a match seeded ``seed``: a
    63-bit number from a BLAKE2b hash of all four.

    >>> bot_seed(0, 3, 0, 1) == bot_seed(0, 3, 0, 1) != bot_seed(0, 3, 1, 1)
    True
    """
    digest = hashlib.blake2b(
        f"parlour-arena:{seed}:{deal}:{rotation}:{position}".encode(), digest_size=8
    ).digest()
    return int.from_bytes(digest, "big") >> 1


def seats_of(rotation: int, num_players: int) -> tuple[int, ...]:
    """The seat of each lineup position in ``rotation``: ``(k + rotation) % n``.

    >>> seats_of(1, 4)
    (1, 2, 3, 0)
    """
    return tuple((k + rotation) % num_players for k in range(num_players))


def _new_game(game: str, deal_seed: int, rules: Rules) -> Game:
    return spec(game).game(seed=deal_seed, rules=rules)  # type: ignore[call-arg]


def play_game(
    game: str,
    bots: str | Sequence[str],
    *,
    deal: int,
    rotation: int,
    seed: int = 0,
    rules: Rules | Mapping[str, Any] | None = None,
) -> Game:
    """Play one game of a duplicate match: deal ``deal`` of a match seeded
    ``seed``, the lineup ``bots`` in ``rotation``. Returns the finished game
    (its :meth:`~parlour.Game.record` holds the deal and every move).

    >>> a = play_game("ninedomains", "heuristic,random", deal=0, rotation=0)
    >>> b = play_game("ninedomains", "heuristic,random", deal=0, rotation=1)
    >>> a.record()["deal"] == b.record()["deal"]
    True
    """
    chosen = resolve_rules(game, rules)
    n = _num_players(game)
    lineup = tuple(bot for _, bot in parse_lineup(game, bots, n))
    return _play(game, lineup, chosen, seed, deal, rotation % n, game_seed(seed, deal))[0]


def _play(
    game: str,
    lineup: tuple[str, ...],
    rules: Rules,
    seed: int,
    deal: int,
    rotation: int,
    deal_seed: int,
) -> tuple[Game, tuple[float, ...]]:
    """Play one game; return it and the scores of the lineup's positions."""
    n = len(lineup)
    g = _new_game(game, deal_seed, rules)
    seats = seats_of(rotation, n)
    at_seat: list[Bot | None] = [None] * n
    rng_at: list[random.Random | None] = [None] * n
    for k, bot in enumerate(lineup):
        at_seat[seats[k]] = bot_factory(game, bot, rules)()
        rng_at[seats[k]] = random.Random(bot_seed(seed, deal, rotation, k))
    legal_actions = g.legal_actions
    observation = g.observation
    apply = g.apply
    while not g.is_over:
        seat = g.to_act[0]
        player, rng = at_seat[seat], rng_at[seat]
        assert player is not None and rng is not None
        apply(seat, player.act(observation(seat), legal_actions(seat), rng))
    result = g.result
    assert result is not None
    return g, tuple(float(result.scores[seats[k]]) for k in range(n))


#: One deal's games: (rotation, scores by lineup position) for each game played.
_DealGames = list[tuple[int, tuple[float, ...]]]


def _play_deals(
    game: str,
    lineup: tuple[str, ...],
    rules: Rules,
    seed: int,
    start: int,
    stop: int,
    duplicate: bool,
) -> list[_DealGames]:
    n = len(lineup)
    out: list[_DealGames] = []
    for d in range(start, stop):
        s = game_seed(seed, d)
        # A plain match plays deal d once, in rotation d % n, so that its
        # seats are as balanced as the duplicate match's over the run.
        rotations = range(n) if duplicate else (d % n,)
        out.append([(r, _play(game, lineup, rules, seed, d, r, s)[1]) for r in rotations])
    return out


def _num_players(game: str) -> int:
    try:
        cls = spec(game).game
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    return int(cls(seed=0).num_players)  # type: ignore[call-arg]


@dataclass(frozen=True)
class Difference:
    """The mean per-deal score of bot ``a`` minus that of bot ``b``, paired
    by deal, with its 95 % interval."""

    a: str
    b: str
    interval: Interval

    def to_dict(self) -> dict[str, Any]:
        """The difference as a JSON-ready dict."""
        return {"a": self.a, "b": self.b, **self.interval.to_dict()}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


@dataclass(frozen=True)
class MatchResult:
    """The result of :func:`match`.

    :attr:`entries` are the distinct bots (by label, in lineup order);
    :attr:`means` gives each one's mean score per deal with its 95 %
    interval clustered by deal, :attr:`differences` every pair's paired
    difference, :attr:`ratings` a Bradley-Terry table when there are more
    than two bots (see :mod:`parlour.arena.stats`). :attr:`deal_scores`
    holds each deal's mean score of every entry, the data of all of them,
    and :attr:`game_scores` every game's scores.
    Two results compare equal when their games gave the same scores; the
    timing is left out.
    """

    game: str
    #: ``(label, spec)`` of each lineup position (seat ``k`` in rotation 0).
    lineup: tuple[tuple[str, str], ...]
    entries: tuple[str, ...]
    deals: int
    games: int
    duplicate: bool
    seed: int
    rules: Rules
    means: tuple[Interval, ...]
    differences: tuple[Difference, ...]
    ratings: tuple[Rating, ...]
    deal_scores: tuple[tuple[float, ...], ...] = field(repr=False)
    #: ``game_scores[d][i][k]``: the score of lineup position ``k`` in the
    #: ``i``-th game of deal ``d`` (rotation ``i`` in a duplicate match,
    #: rotation ``d % n`` in a plain one, whose deals have one game).
    game_scores: tuple[tuple[tuple[float, ...], ...], ...] = field(default=(), repr=False)
    seconds: float = field(default=0.0, compare=False)

    def seats(self, entry: str) -> int:
        """How many seats of each game the bot ``entry`` holds."""
        return sum(1 for label, _ in self.lineup if label == entry)

    def mean(self, entry: str) -> Interval:
        """The mean score per deal of the bot ``entry`` and its interval."""
        return self.means[self.entries.index(entry)]

    def difference(self, a: str, b: str) -> Interval:
        """The paired difference ``a - b`` of two bots' mean scores per deal."""
        for d in self.differences:
            if (d.a, d.b) == (a, b):
                return d.interval
            if (d.a, d.b) == (b, a):
                iv = d.interval
                return Interval(-iv.mean, iv.half_width, iv.n)
        raise ValueError(f"no difference of {a!r} and {b!r}; the bots are {self.entries}")

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (``null`` where no interval exists)."""
        return {
            "game": self.game,
            "duplicate": self.duplicate,
            "deals": self.deals,
            "games": self.games,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "lineup": [{"label": label, "bot": bot} for label, bot in self.lineup],
            "bots": [
                {"bot": e, "seats": self.seats(e), **iv.to_dict()}
                for e, iv in zip(self.entries, self.means, strict=True)
            ],
            "differences": [d.to_dict() for d in self.differences],
            "ratings": [r.to_dict() for r in self.ratings],
            "deal_scores": [list(row) for row in self.deal_scores],
            "game_scores": [[list(g) for g in games] for games in self.game_scores],
            "seconds": self.seconds,
        }

    def table(self) -> str:
        """The result as a plain-text table."""
        kind = (
            f"duplicate, {self.deals} deals x {len(self.lineup)} rotations"
            if self.duplicate
            else f"plain, {self.deals} deals"
        )
        lines = [
            f"{self.game}: {kind} = {self.games} games, seed {self.seed}, {rules_text(self.rules)}",
            "",
        ]
        width = max(11, *(len(e) for e in self.entries))
        head = f"{'bot':<{width}} {'seats':>5}  {'mean/deal':>10}  95% CI (by deal)"
        lines += [head, "-" * len(head)]
        for e, iv in zip(self.entries, self.means, strict=True):
            lines.append(f"{e:<{width}} {self.seats(e):>5}  {iv.mean:>10.3f}  {_ci(iv)}")
        if self.differences:
            pairs = [f"{d.a} - {d.b}" for d in self.differences]
            pw = max(len("difference"), *(len(p) for p in pairs))
            head = f"{'difference':<{pw}}  {'mean':>10}  95% CI (paired by deal)"
            lines += ["", head, "-" * len(head)]
            for p, d in zip(pairs, self.differences, strict=True):
                lines.append(f"{p:<{pw}}  {d.interval.mean:>10.3f}  {_ci(d.interval)}")
        if self.ratings:
            head = f"{'bot':<{width}} {'rating':>7} {'wins':>6} {'ties':>6} {'losses':>6}"
            lines += ["", "Bradley-Terry ratings (Elo scale, mean 0):", head, "-" * len(head)]
            for r in self.ratings:
                lines.append(
                    f"{r.bot:<{width}} {r.rating:>7.0f} {r.wins:>6} {r.ties:>6} {r.losses:>6}"
                )
        rate = self.games / self.seconds if self.seconds > 0 else math.inf
        lines += ["", f"{self.games} games in {self.seconds:.2f} s ({rate:.1f} games/s)"]
        return "\n".join(lines)


def _ci(iv: Interval) -> str:
    if not math.isfinite(iv.half_width):
        return "(one deal: no interval)"
    return f"[{iv.low:.3f}, {iv.high:.3f}]"


def _summarise(
    game: str,
    lineup: tuple[tuple[str, str], ...],
    duplicate: bool,
    seed: int,
    rules: Rules,
    played: Sequence[_DealGames],
    seconds: float,
) -> MatchResult:
    entries = tuple(dict.fromkeys(label for label, _ in lineup))
    positions = {e: [k for k, (label, _) in enumerate(lineup) if label == e] for e in entries}
    # per_entry[e][d]: entry e's scores in deal d, one per seat it held in
    # each game of the deal.
    per_entry = {
        e: [[scores[k] for _, scores in games for k in positions[e]] for games in played]
        for e in entries
    }
    means = tuple(_clustered(per_entry[e]) for e in entries)
    differences = tuple(
        Difference(a, b, paired_difference(per_entry[a], per_entry[b]))
        for i, a in enumerate(entries)
        for b in entries[i + 1 :]
    )
    deal_scores = tuple(
        tuple(math.fsum(per_entry[e][d]) / len(per_entry[e][d]) for e in entries)
        for d in range(len(played))
    )
    ratings = bradley_terry(entries, deal_scores) if len(entries) > 2 else ()
    return MatchResult(
        game=game,
        lineup=lineup,
        entries=entries,
        deals=len(played),
        games=sum(len(games) for games in played),
        duplicate=duplicate,
        seed=seed,
        rules=rules,
        means=means,
        differences=differences,
        ratings=ratings,
        deal_scores=deal_scores,
        game_scores=tuple(tuple(scores for _, scores in games) for games in played),
        seconds=seconds,
    )


def match(
    name: str,
    bots: str | Sequence[str],
    *,
    deals: int,
    rules: Rules | Mapping[str, Any] | None = None,
    seed: int = 0,
    duplicate: bool = True,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play a match of ``deals`` deals of the game ``name`` between ``bots``.

    ``bots`` is a lineup (see :func:`parlour.arena.parse_lineup`): one bot
    spec for every seat, a comma-separated list or a sequence with one per
    seat, each ``SPEC`` or ``LABEL=SPEC``. With ``duplicate=True`` (the
    default) every deal is played in every rotation of the lineup over the
    seats (``n`` games a deal for ``n`` seats); with ``duplicate=False``
    deal ``d`` is played once, in rotation ``d % n`` (a plain match: the
    seats balanced, each game its own deal). ``rules`` is the game's
    ``Rules`` or a mapping of option to value
    (:func:`parlour.simulation.resolve_rules`). With an ``executor`` (any
    :class:`concurrent.futures.Executor`) the deals go out in chunks of
    ``chunk_size``; the result is the same as without one.
    ``progress(games_done, games_total)`` is called as games finish.

    >>> r = match("ninedomains", "heuristic,random", deals=4, seed=2, duplicate=False)
    >>> r.games, r.duplicate, len(r.differences), r.ratings
    (4, False, 1, ())
    >>> match("ninedomains", "heuristic,random", deals=0)
    Traceback (most recent call last):
    ...
    ValueError: deals must be a positive int, not 0
    """
    chosen = resolve_rules(name, rules)
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise ValueError(f"deals must be a positive int, not {deals!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the seed must be an int, not {seed!r}")
    n = _num_players(name)
    lineup = parse_lineup(name, bots, n)
    specs = tuple(bot for _, bot in lineup)
    if chunk_size is None:
        chunk_size = max(1, min(25, deals // 16))
    if not isinstance(chunk_size, int) or isinstance(chunk_size, bool) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive int, not {chunk_size!r}")
    per_deal = n if duplicate else 1
    total = deals * per_deal
    chunks = [(a, min(a + chunk_size, deals)) for a in range(0, deals, chunk_size)]
    results: dict[int, list[_DealGames]] = {}
    done = 0
    start_time = time.perf_counter()
    if executor is None:
        for k, (a, b) in enumerate(chunks):
            results[k] = []
            for d in range(a, b):
                results[k] += _play_deals(name, specs, chosen, seed, d, d + 1, duplicate)
                done += per_deal
                if progress is not None:
                    progress(done, total)
    else:
        futures: dict[Future[list[_DealGames]], int] = {
            executor.submit(_play_deals, name, specs, chosen, seed, a, b, duplicate): k
            for k, (a, b) in enumerate(chunks)
        }
        try:
            for future in as_completed(futures):
                k = futures[future]
                results[k] = future.result()
                done += per_deal * len(results[k])
                if progress is not None:
                    progress(done, total)
        finally:
            for future in futures:
                future.cancel()
    seconds = time.perf_counter() - start_time
    played = [games for k in range(len(chunks)) for games in results[k]]
    return _summarise(name, lineup, duplicate, seed, chosen, played, seconds)
