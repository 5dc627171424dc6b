"""Many seeded games between bots: :func:`simulate` and its :class:`Summary`.

Game ``i`` of a run uses the seed :func:`game_seed` derives from the run's
seed and ``i`` alone, for both the deal and the bots' generator, so a run
gives the same games whether it is played in one process, over a
:class:`~concurrent.futures.ProcessPoolExecutor` or on a Dask cluster.

>>> import parlour
>>> summary = parlour.simulate("sisepai", 4, seed=1, bots="random")
>>> summary.n, len(summary.wins), sum(summary.mean_scores) >= 0
(4, 4, True)
>>> summary == parlour.simulate("sisepai", 4, seed=1, bots=["random"] * 4)
True

``rules`` plays every game of the run under other options of the game's
rules, given as the game's ``Rules`` object or as a mapping of option to
value; the summary names them:

>>> s = parlour.simulate("sichuan", 3, bots="random", rules={"exchange_three": True})
>>> s.rules.exchange_three, s.table().splitlines()[0]
(True, 'sichuan: 3 games, seed 0, rules: exchange_three=true')
>>> parlour.simulate("sichuan", 3, rules={"oinks": 3})
Traceback (most recent call last):
...
parlour.errors.ParlourError: oinks is not a sichuan rule option (it is one of shrinewars); the
sichuan options are fan_cap, self_draw_doubles, exchange_three, call_transfer, ...
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field, fields
from typing import Any

from parlour.errors import ParlourError
from parlour.protocol import Bot, Result, Rules, play
from parlour.registry import GameSpec, games, spec

__all__ = [
    "GameOutcome",
    "Summary",
    "game_seed",
    "make_bots",
    "outcome_tags",
    "parse_bots",
    "play_one",
    "resolve_rules",
    "rules_text",
    "simulate",
]

_Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: a 63-bit number
    taken from a BLAKE2b hash of both, so neighbouring games are unrelated.

    >>> game_seed(0, 0) == game_seed(0, 0), game_seed(0, 0) == game_seed(0, 1)
    (True, False)
    >>> 0 <= game_seed(12, 34) < 2**63
    True
    """
    digest = hashlib.blake2b(f"parlour:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _spec(game: str) -> GameSpec:
    try:
        return spec(game)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None


def _check_bot(game: str, name: str) -> None:
    if name in _spec(game).bots:
        return
    # A bot of another game was most likely meant for that game; any other
    # name is a typo, answered with every bot name there is.
    known = dict.fromkeys(bot for other in games() for bot in spec(other).bots)
    if name in known:
        raise ValueError(f"{game} has no {name} bot")
    raise ValueError(f"unknown bot {name!r}; choose from {', '.join(known)}")


def parse_bots(game: str, bots: str | Sequence[str], num_players: int) -> tuple[str, ...]:
    """Check a bot spec and return one bot name per seat.

    ``bots`` is one name for every seat, a comma-separated list or a
    sequence of names, each among the game's
    :attr:`~parlour.registry.GameSpec.bots`.

    >>> parse_bots("sichuan", "heuristic,random,random,random", 4)
    ('heuristic', 'random', 'random', 'random')
    >>> parse_bots("sisepai", "random", 4)
    ('random', 'random', 'random', 'random')
    >>> parse_bots("sichuan", "random,random", 4)
    Traceback (most recent call last):
    ...
    ValueError: sichuan has 4 seats: give one bot name for all or 4 names, not 2
    """
    names = [s.strip() for s in bots.split(",")] if isinstance(bots, str) else list(bots)
    for name in names:
        _check_bot(game, name)
    if len(names) == 1:
        names = names * num_players
    if len(names) != num_players:
        raise ValueError(
            f"{game} has {num_players} seats: give one bot name for all or "
            f"{num_players} names, not {len(names)}"
        )
    return tuple(names)


def make_bots(game: str, names: Sequence[str]) -> list[Bot]:
    """Fresh bots of the named kinds for ``game``."""
    bots = _spec(game).bots
    for name in names:
        _check_bot(game, name)
    return [bots[name]() for name in names]


# -- rules ----------------------------------------------------------------------


def _rules_class(game: str) -> type[Rules]:
    return _spec(game).rules


def _option_names(cls: type[Rules]) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def _owners(option: str, game: str) -> list[str]:
    """The other registered games that have a rule option ``option``: a
    user who gives one game's option to another most likely mixed them up."""
    found = []
    for other in games():
        if other != game and option in _option_names(_rules_class(other)):
            found.append(other)
    return found


def resolve_rules(game: str, rules: Rules | Mapping[str, Any] | None) -> Rules:
    """The rules object of ``game`` that ``rules`` describes.

    ``rules`` is ``None`` (the rules of record), the game's ``Rules`` object,
    or a mapping of option to value (lists become tuples, as in a record);
    options left out keep their defaults. :class:`~parlour.errors.ParlourError`
    names an option of another game or an unknown one, listing the game's
    options, or the option whose value the game's ``Rules`` refuses.

    >>> resolve_rules("shrinewars", {"oinks": 3})
    Rules(oinks=3, open_table=False)
    >>> resolve_rules("shrinewars", {"oinks": 5000})
    Traceback (most recent call last):
    ...
    parlour.errors.ParlourError: bad shrinewars rule oinks=5000: oinks must be an int in ...
    >>> resolve_rules("shrinewars", {"open_tabel": True})
    Traceback (most recent call last):
    ...
    parlour.errors.ParlourError: open_tabel is not a shrinewars rule option; the shrinewars
    options are oinks, open_table
    """
    cls = _rules_class(game)
    if rules is None:
        return cls()
    if isinstance(rules, Rules):
        if not isinstance(rules, cls):
            raise ParlourError(
                f"rules must be {game}'s Rules ({cls.__module__}.{cls.__qualname__}), "
                f"not {type(rules).__module__}.{type(rules).__qualname__}"
            )
        return rules
    if not isinstance(rules, Mapping):
        raise ParlourError(
            f"rules must be a {game} Rules object or a mapping of option to value, "
            f"not {type(rules).__name__}"
        )
    names = _option_names(cls)
    for key in rules:
        if key not in names:
            owners = _owners(key, game) if isinstance(key, str) else []
            where = f" (it is one of {' and '.join(owners)})" if owners else ""
            shown = key if isinstance(key, str) else repr(key)
            raise ParlourError(
                f"{shown} is not a {game} rule option{where}; "
                f"the {game} options are {', '.join(names)}"
            )
    # Each option alone first, so that the error names the option at fault
    # and the value given, whatever the Rules class's message says.
    for key, value in rules.items():
        try:
            cls.from_dict({key: value})
        except (ValueError, TypeError) as exc:
            raise ParlourError(f"bad {game} rule {key}={_shown(value)}: {exc}") from None
    try:
        return cls.from_dict(rules)
    except (ValueError, TypeError) as exc:
        raise ParlourError(f"bad {game} rules: {exc}") from None


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def rules_text(rules: Rules) -> str:
    """The options of ``rules`` that differ from the defaults, as
    ``option=JSON value`` (the form ``--rule`` takes), or ``"default rules"``.

    >>> from parlour.sichuan import Rules
    >>> rules_text(Rules(exchange_three=True, fan_cap=None))
    'rules: fan_cap=null, exchange_three=true'
    >>> rules_text(Rules())
    'default rules'
    """
    given = rules.to_dict()
    default = type(rules)().to_dict()
    changed = [f"{k}={json.dumps(v)}" for k, v in given.items() if v != default[k]]
    return "rules: " + ", ".join(changed) if changed else "default rules"


# -- what each game's results are counted by ---------------------------------


def outcome_tags(game: str, result: Result) -> tuple[str, ...]:
    """The labels one finished game of ``game`` adds to the outcome
    frequencies: its spec's :attr:`~parlour.registry.GameSpec.outcome_tags`
    (by default, the number of winners).

    >>> from parlour import Result
    >>> outcome_tags("ninedomains", Result((3, 3), (0, 1), details={"reason": "draw"}))
    ('draw',)
    """
    return tuple(_spec(game).outcome_tags(result))


# -- playing ------------------------------------------------------------------


@dataclass(frozen=True)
class GameOutcome:
    """One game of a run: its index, seed, scores, winners and outcome tags
    (and its record when the run keeps records)."""

    index: int
    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    tags: tuple[str, ...]
    record: Mapping[str, Any] | None = None


def play_one(
    game: str,
    seed: int,
    index: int,
    bots: Sequence[str],
    keep_record: bool,
    rules: Rules | None = None,
) -> GameOutcome:
    """Play game ``index`` of a run seeded ``seed`` (see :func:`game_seed`)
    under ``rules`` (the game's ``Rules``; ``None`` for the rules of record)."""
    s = game_seed(seed, index)
    g = _spec(game).game(seed=s, rules=rules)  # type: ignore[call-arg]
    result = play(g, make_bots(game, bots), seed=s)
    return GameOutcome(
        index=index,
        seed=s,
        scores=tuple(result.scores),
        winners=tuple(result.winners),
        tags=outcome_tags(game, result),
        record=g.record() if keep_record else None,
    )


def _play_chunk(
    game: str,
    seed: int,
    start: int,
    stop: int,
    bots: tuple[str, ...],
    keep_records: bool,
    rules: Rules,
) -> list[GameOutcome]:
    return [play_one(game, seed, i, bots, keep_records, rules) for i in range(start, stop)]


@dataclass(frozen=True)
class Summary:
    """The summary of a run of :func:`simulate`.

    Two summaries compare equal when they hold the same games' figures; the
    timings (``seconds``) and the records are left out of the comparison.
    """

    game: str
    n: int
    seed: int
    bots: tuple[str, ...]
    #: Games each seat won: a win shared with some seats counts for each of
    #: them; a draw (see :attr:`draws`) counts for nobody.
    wins: tuple[int, ...]
    #: Games each seat won as the only winner.
    sole_wins: tuple[int, ...]
    mean_scores: tuple[float, ...]
    #: Half-width of the 95% confidence interval of each mean (normal
    #: approximation; 0 for a single game).
    ci95: tuple[float, ...]
    #: ``(label, count)`` of every outcome tag, most frequent first.
    outcomes: tuple[tuple[str, int], ...]
    outcome_label: str
    #: Games that ended with every seat among the winners (a Nine Domains
    #: draw reports both seats as winners): nobody beat anybody.
    draws: int = 0
    #: Games that ended with no winner (a Sichuan or Sì Sè Pái deal nobody won).
    no_winner: int = 0
    #: The rules every game was played under (``None`` only in a summary
    #: built by hand).
    rules: Rules | None = None
    seconds: float = field(default=0.0, compare=False)
    records: tuple[Mapping[str, Any], ...] = field(default=(), compare=False, repr=False)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time."""
        return self.n / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        """The summary as a JSON-ready dict (records left out)."""
        return {
            "game": self.game,
            "games": self.n,
            "seed": self.seed,
            "bots": list(self.bots),
            "rules": self.rules.to_dict() if self.rules is not None else None,
            "seats": [
                {
                    "seat": s,
                    "bot": self.bots[s],
                    "wins": self.wins[s],
                    "sole_wins": self.sole_wins[s],
                    "mean_score": self.mean_scores[s],
                    "ci95": self.ci95[s],
                }
                for s in range(len(self.bots))
            ],
            "draws": self.draws,
            "no_winner": self.no_winner,
            "outcome_label": self.outcome_label,
            "outcomes": {label: count for label, count in self.outcomes},
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }

    def table(self) -> str:
        """The summary as a plain-text table."""
        head = f"{self.game}: {self.n} games, seed {self.seed}"
        if self.rules is not None:
            head += f", {rules_text(self.rules)}"
        lines = [head, ""]
        head = (
            f"{'seat':>4}  {'bot':<11} {'wins':>6} {'win %':>6} {'alone':>6}"
            f"  {'mean score':>11}  95% CI"
        )
        lines += [head, "-" * len(head)]
        for s, bot in enumerate(self.bots):
            mean, half = self.mean_scores[s], self.ci95[s]
            lines.append(
                f"{s:>4}  {bot:<11} {self.wins[s]:>6} {100 * self.wins[s] / self.n:>6.1f} "
                f"{self.sole_wins[s]:>6}  "
                f"{mean:>11.2f}  [{mean - half:.2f}, {mean + half:.2f}]"
            )
        lines.append(
            "(wins: games won, shared wins included, draws not;"
            " alone: games won as the only winner)"
        )
        lines.append(f"draws: {self.draws} ({100 * self.draws / self.n:.1f} %)")
        if self.no_winner:
            lines.append(f"no winner: {self.no_winner} ({100 * self.no_winner / self.n:.1f} %)")
        lines += ["", f"{self.outcome_label}:"]
        width = max((len(label) for label, _ in self.outcomes), default=5)
        for label, count in self.outcomes:
            lines.append(f"  {label:<{width}} {count:>7}  {count / self.n:>7.3f} per game")
        lines += ["", f"{self.games_per_second:.1f} games/s ({self.seconds:.2f} s)"]
        return "\n".join(lines)


def _outcome_order(game: str) -> Callable[[tuple[str, int]], tuple[int, int, str]]:
    order = _spec(game).outcome_order

    def key(item: tuple[str, int]) -> tuple[int, int, str]:
        label, count = item
        rank = order.index(label) if label in order else len(order)
        return (rank, -count, label)

    return key


def summarise(
    game: str,
    seed: int,
    bots: tuple[str, ...],
    outcomes: Sequence[GameOutcome],
    seconds: float,
    rules: Rules | None = None,
) -> Summary:
    """Summarise a run's games (given in index order), played under ``rules``."""
    n = len(outcomes)
    seats = len(bots)
    wins = [0] * seats
    sole = [0] * seats
    tags: Counter[str] = Counter()
    columns: list[list[float]] = [[] for _ in range(seats)]
    draws = no_winner = 0
    for o in outcomes:
        if not o.winners:
            no_winner += 1
        elif seats > 1 and len(set(o.winners)) == seats:
            # A game in which every seat "won" ranked nobody above anybody;
            # counting it as a win for each would make every seat look strong.
            draws += 1
        else:
            for w in o.winners:
                wins[w] += 1
        if len(o.winners) == 1:
            sole[o.winners[0]] += 1
        for s in range(seats):
            columns[s].append(float(o.scores[s]))
        tags.update(o.tags)
    means = tuple(math.fsum(c) / n for c in columns)
    ci = tuple(_Z95 * statistics.stdev(c) / math.sqrt(n) if n > 1 else 0.0 for c in columns)
    counted = tuple(sorted(tags.items(), key=_outcome_order(game)))
    records = tuple(o.record for o in outcomes if o.record is not None)
    return Summary(
        game=game,
        n=n,
        seed=seed,
        bots=bots,
        wins=tuple(wins),
        sole_wins=tuple(sole),
        mean_scores=means,
        ci95=ci,
        outcomes=counted,
        outcome_label=_spec(game).outcome_label,
        draws=draws,
        no_winner=no_winner,
        rules=rules,
        seconds=seconds,
        records=records,
    )


def simulate(
    game: str,
    n: int = 1000,
    *,
    seed: int = 0,
    bots: str | Sequence[str] = "heuristic",
    executor: Executor | None = None,
    records: bool = False,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    rules: Rules | Mapping[str, Any] | None = None,
) -> Summary:
    """Play ``n`` games of ``game`` between bots and summarise them.

    ``bots`` is one bot name (``"random"``, ``"heuristic"`` or another of
    the game's :attr:`~parlour.registry.GameSpec.bots`, such as the Nine
    Domains' ``"equilibrium"``) for every seat, a comma-separated list or a
    sequence with one name per seat. Game ``i`` is seeded with
    :func:`game_seed` ``(seed, i)``. With an ``executor`` (any
    :class:`concurrent.futures.Executor`: a process or thread pool, or a
    Dask ``Client.get_executor()``) the games are sent in chunks of
    ``chunk_size``; the summary is the same as without one. ``records=True``
    keeps every game record in :attr:`Summary.records`; ``progress(done,
    total)`` is called as games finish. ``rules`` (see :func:`resolve_rules`:
    the game's ``Rules`` or a mapping of option to value, checked before any
    game is played) applies to every game; :attr:`Summary.rules` names them.

    >>> s = simulate("shrinewars", 3, seed=5, bots="heuristic,random,random,random")
    >>> s.bots
    ('heuristic', 'random', 'random', 'random')
    >>> len(simulate("sisepai", 2, seed=5, bots="random", records=True).records)
    2
    >>> simulate("shrinewars", 2, rules={"oinks": 4}).rules
    Rules(oinks=4, open_table=False)
    >>> simulate("shrinewars", 2, rules={"oinks": "4"})
    Traceback (most recent call last):
    ...
    parlour.errors.ParlourError: bad shrinewars rule oinks="4": oinks must be an int in ...
    """
    cls = _spec(game).game
    chosen = resolve_rules(game, rules)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"the number of games must be a positive int, not {n!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the seed must be an int, not {seed!r}")
    num_players = cls(seed=0).num_players  # type: ignore[call-arg]
    names = parse_bots(game, bots, num_players)
    if chunk_size is None:
        chunk_size = max(1, min(50, n // 16))
    if not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive int, not {chunk_size!r}")
    chunks = [(start, min(start + chunk_size, n)) for start in range(0, n, chunk_size)]
    done = 0
    results: dict[int, list[GameOutcome]] = {}
    start_time = time.perf_counter()
    if executor is None:
        for k, (a, b) in enumerate(chunks):
            for i in range(a, b):
                results.setdefault(k, []).append(play_one(game, seed, i, names, records, chosen))
                done += 1
                if progress is not None:
                    progress(done, n)
    else:
        futures: dict[Future[list[GameOutcome]], int] = {
            executor.submit(_play_chunk, game, seed, a, b, names, records, chosen): k
            for k, (a, b) in enumerate(chunks)
        }
        try:
            for future in as_completed(futures):
                k = futures[future]
                results[k] = future.result()
                done += len(results[k])
                if progress is not None:
                    progress(done, n)
        finally:
            for future in futures:
                future.cancel()
    seconds = time.perf_counter() - start_time
    outcomes = [o for k in range(len(chunks)) for o in results[k]]
    return summarise(game, seed, names, outcomes, seconds, chosen)
