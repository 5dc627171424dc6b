"""The ``parlour`` command.

Subcommands are small functions registered in :data:`COMMANDS`; each gets the
parsed arguments and returns the process exit code.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import parlour

__all__ = ["COMMANDS", "build_parser", "main"]

Command = Callable[[argparse.Namespace], int]

#: name -> (help, function adding the arguments, function running the command)
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Command]] = {}


def _info_args(parser: argparse.ArgumentParser) -> None:
    del parser


def _info(args: argparse.Namespace) -> int:
    del args
    print(f"parlour {parlour.__version__}")
    print(f"backend: {parlour.backend}")
    print(f"games: {', '.join(parlour.games())}")
    return 0


COMMANDS["info"] = ("show the version, the live backend and the games", _info_args, _info)


GAMES = ("sichuan", "sisepai", "shrinewars", "ninedomains")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _non_negative(text: str) -> int:
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


class _UsageError(ValueError):
    """A bad command line that is best said in one line (exit code 2): the
    usage text argparse would print would hide which option was wrong."""


# -- rules (simulate, play, hand) -------------------------------------------------

#: Largest rules file read: a rules object is a few options, and a bigger
#: file is more likely a wrong path than rules.
_RULES_FILE_BYTES = 1 << 16


def _rules_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a rule option of the game (repeatable); VALUE is read as JSON "
        '(true, false, null, 3, "text"), anything else as a string: '
        "--rule exchange_three=true --rule fan_cap=null",
    )
    group.add_argument(
        "--rules",
        metavar="FILE",
        help="rule options from a JSON object in FILE; --rule options override it",
    )


def _rule_value(text: str) -> Any:
    from parlour import records
    from parlour.errors import RecordError

    try:
        return records.loads(text)
    except RecordError as exc:
        if "is not JSON" in str(exc):
            return text  # a bare word: tie_break=domains
        # JSON beyond the limits of a record (deeper, longer, a huge int).
        raise _UsageError(f"{str(exc).replace('record', 'the value', 1)}") from None


def _rule_pairs(items: Sequence[str]) -> dict[str, Any]:
    """The options of ``--rule KEY=VALUE`` arguments, later ones winning."""
    pairs: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise _UsageError(f"--rule {item}: give an option and a value, as KEY=VALUE")
        try:
            pairs[key] = _rule_value(text)
        except _UsageError as exc:
            raise _UsageError(f"--rule {item}: {exc}") from None
    return pairs


def _rules_file(path: str) -> dict[str, Any]:
    """The JSON object in a rules file, read with the limits of a record;
    one line of error for anything else."""
    from parlour import records
    from parlour.errors import RecordError

    raw = _read_limited(path, "rules file", _RULES_FILE_BYTES)
    try:
        data = records.loads(raw)
    except RecordError as exc:
        raise RecordError(f"{path}: {str(exc).replace('record', 'the rules file', 1)}") from None
    if not isinstance(data, dict):
        raise RecordError(
            f"{path}: a rules file holds a JSON object of option to value, "
            f"not {type(data).__name__ if data is not None else 'null'}"
        )
    return data


def _rules_of(args: argparse.Namespace) -> parlour.protocol.Rules:
    """The game's rules from ``--rules FILE`` and ``--rule KEY=VALUE``
    (the same for every command that takes them)."""
    from parlour.errors import ParlourError
    from parlour.simulation import resolve_rules

    pairs = _rule_pairs(args.rule)
    data: dict[str, Any] = {}
    if args.rules is not None:
        data = _rules_file(args.rules)
        try:
            resolve_rules(args.game, data)
        except ParlourError as exc:
            raise ParlourError(f"{args.rules}: {exc}") from None
    data.update(pairs)
    return resolve_rules(args.game, data)


# -- simulate -------------------------------------------------------------------


def _simulate_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=GAMES, help="the game to play")
    parser.add_argument("-n", "--games", type=_positive, default=1000, help="games (1000)")
    parser.add_argument(
        "--bots",
        default="heuristic",
        help="one bot name for every seat or a comma list, one per seat: random, heuristic, "
        "equilibrium (Nine Domains only); default heuristic",
    )
    parser.add_argument("--seed", type=_integer, default=0, help="seed of the run (0)")
    parser.add_argument(
        "--workers", type=_positive, default=1, help="processes to play the games on (1)"
    )
    parser.add_argument(
        "--json", metavar="FILE", help="also write the summary as JSON ('-': stdout)"
    )
    parser.add_argument("--records", metavar="DIR", help="write every game record into DIR")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    _rules_args(parser)


def _duration(seconds: float) -> str:
    """``seconds`` as a person reads it: ``"8 s"``, ``"3 min 05 s"``, ``"1 h 02 min"``.

    >>> _duration(8.2), _duration(185), _duration(3725)
    ('8 s', '3 min 05 s', '1 h 02 min')
    """
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class _Progress:
    """Progress of a run on stderr: once the first games are timed, one line
    with the expected duration (for runs long enough to need it), then, on a
    terminal, a bar with the rate and the time left.

    Off a terminal only the estimate is written: a bar redrawn with carriage
    returns would fill a log file.
    """

    #: The estimate waits for this many games or this many seconds, whichever
    #: comes first, so one slow first game does not skew it much.
    TIMED_GAMES = 5
    TIMED_SECONDS = 2.0
    #: Runs expected to end sooner than this get no estimate line.
    WORTH_SAYING = 10.0

    def __init__(self, total: int, stream: TextIO, *, bar: bool) -> None:
        self.total = total
        self.stream = stream
        self.bar = bar
        self.start = time.perf_counter()
        self.last = -1.0
        self.estimated = False

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        elapsed = max(now - self.start, 1e-9)
        if not self.estimated and (
            done >= min(self.TIMED_GAMES, total) or elapsed >= self.TIMED_SECONDS
        ):
            self.estimated = True
            per_game = elapsed / done
            expected = per_game * total
            if expected >= self.WORTH_SAYING and done < total:
                self._line(
                    f"{total} games: expect about {_duration(expected)} "
                    f"({per_game:.2f} s a game over the first {done})"
                )
        if not self.bar or (done < total and now - self.last < 0.1):
            return
        self.last = now
        width = 30
        filled = width * done // total
        rate = done / elapsed
        left = (total - done) / rate
        tail = f"{_duration(left)} left" if done < total else f"took {_duration(elapsed)}"
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
            f"{rate:.1f}/s, {tail}\x1b[K"
        )
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()

    def _line(self, text: str) -> None:
        # On a terminal the line replaces the bar drawn so far; the next
        # call draws the bar again below it.
        self.stream.write(("\r\x1b[K" if self.bar else "") + text + "\n")
        self.stream.flush()


def _simulate(args: argparse.Namespace) -> int:
    from parlour.simulation import simulate

    rules = _rules_of(args)
    if args.records is not None:
        records_dir = Path(args.records)
        records_dir.mkdir(parents=True, exist_ok=True)
    progress = None if args.quiet else _Progress(args.games, sys.stderr, bar=sys.stderr.isatty())
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as pool:
            summary = simulate(
                args.game,
                args.games,
                seed=args.seed,
                bots=args.bots,
                executor=pool,
                records=args.records is not None,
                progress=progress,
                rules=rules,
            )
    else:
        summary = simulate(
            args.game,
            args.games,
            seed=args.seed,
            bots=args.bots,
            records=args.records is not None,
            progress=progress,
            rules=rules,
        )
    if args.json == "-":
        print(json.dumps(summary.to_dict(), indent=2))
    else:
        print(summary.table())
        if args.json is not None:
            Path(args.json).write_text(json.dumps(summary.to_dict(), indent=2) + "\n")
            print(f"summary written to {args.json}")
    if args.records is not None:
        for i, record in enumerate(summary.records):
            path = records_dir / f"{args.game}-{i:06d}.json"
            path.write_text(json.dumps(record) + "\n")
        if args.json != "-":
            print(f"{len(summary.records)} records written to {args.records}")
    return 0


COMMANDS["simulate"] = (
    "play many seeded games between bots and summarise them",
    _simulate_args,
    _simulate,
)


# -- play -------------------------------------------------------------------------


def _play_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=GAMES, help="the game to play")
    parser.add_argument(
        "--bots",
        default="heuristic",
        help="the other seats' bots: one name or a comma list (default heuristic)",
    )
    parser.add_argument("--seed", type=_integer, default=None, help="seed of the deal (random)")
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="write the game record to FILE when the game ends or you quit "
        "(an unfinished game replays to the point reached)",
    )
    parser.add_argument(
        "--no-auto-pass",
        dest="auto_pass",
        action="store_false",
        help="ask even when pass is your only legal action (by default it is made for you)",
    )
    _rules_args(parser)


def _play(args: argparse.Namespace) -> int:
    from parlour.terminal import play_terminal

    rules = _rules_of(args)
    if args.save is not None:
        # Refuse a file that cannot be written before the game, not after it.
        folder = os.path.dirname(os.path.abspath(args.save))
        if not os.path.isdir(folder):
            raise ValueError(f"--save {args.save}: the folder {folder} does not exist")
        if os.path.isdir(args.save):
            raise ValueError(f"--save {args.save}: that is a folder, not a file")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    return play_terminal(
        args.game,
        seed=seed,
        bots=args.bots,
        save=args.save,
        auto_pass=args.auto_pass,
        rules=rules,
    )


COMMANDS["play"] = ("play in seat 0 against bots in the terminal", _play_args, _play)


# -- hand -------------------------------------------------------------------------


#: Fan of every Sichuan pattern and addition (the rules' tables).
def _sichuan_fan() -> dict[str, int]:
    from parlour.sichuan import PATTERN_FAN

    return PATTERN_FAN


#: dest -> (option, the games it applies to), for the options of some games only.
_HAND_GAME_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {}


def _hand_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=("sichuan", "sisepai", "shrinewars"), help="the game")
    parser.add_argument("text", nargs="+", help="the hand in the game's notation")
    sichuan = parser.add_argument_group("Sichuan options")
    sichuan.add_argument(
        "--missing-suit", choices=("m", "p", "s"), help="the declared missing suit"
    )
    sichuan.add_argument("--self-draw", action="store_true", help="the win was self-drawn")
    sichuan.add_argument(
        "--kong-replacement", action="store_true", help="won on a kong replacement"
    )
    sichuan.add_argument("--robbed-kong", action="store_true", help="won by robbing a kong")
    sichuan.add_argument("--last-tile", action="store_true", help="won on the last tile")
    sichuan.add_argument("--win-tile", help="the winning tile kind, e.g. 5m (for the golden hook)")
    for action in sichuan._group_actions:
        _HAND_GAME_OPTIONS[action.dest] = (action.option_strings[0], ("sichuan",))
    _rules_args(parser)


#: The games whose hand evaluation depends on rule options (Sichuan: the fan
#: cap and self-draw doubling; Sì Sè Pái: the group points and the least
#: winning score). A Shrine Wars score has no options.
_HAND_RULES_GAMES = ("sichuan", "sisepai")


def _hand_misapplied(args: argparse.Namespace) -> str | None:
    """The error for the first option given that does not apply to the game."""
    for dest, (option, games) in _HAND_GAME_OPTIONS.items():
        value = getattr(args, dest, None)
        if value not in (None, False) and args.game not in games:
            return f"{option} applies to {' and '.join(games)} hands only, not {args.game}"
    if (args.rule or args.rules is not None) and args.game not in _HAND_RULES_GAMES:
        option = "--rule" if args.rule else "--rules"
        return (
            f"{option}: a {args.game} hand is scored without rule options "
            f"(rules apply to {' and '.join(_HAND_RULES_GAMES)} hands)"
        )
    return None


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _fan_lines(score: Any) -> list[str]:
    lines = ["fan breakdown:"]
    for name in score.patterns:
        lines.append(f"  {name:<17} {_sichuan_fan().get(name, 0):>2}")
    lines.append(f"  {'total':<17} {score.fan:>2} fan = {_points(score.points)}")
    return lines


def _hand_sichuan(text: str, args: argparse.Namespace, rules: Any) -> list[str]:
    from parlour import sichuan as sc

    hand = sc.Hand.parse(text)
    missing = args.missing_suit
    size = hand.size
    out = [f"hand: {hand}  ({size} tiles, kongs counted as 3)"]
    if size not in (13, 14):
        raise ValueError(
            f"a Sichuan hand to evaluate has 13 or 14 tiles (kongs count 3), not {size}"
        )
    # A Sichuan win lacks one suit entirely. With no suit declared, a hand
    # holding all three is judged against each suit it could still drop, so
    # a complete shape is not reported as a win.
    all_suits = missing is None and len(hand.suits()) == 3
    shape = size == 14 and sc.is_complete(hand, missing_suit=missing)
    complete = shape and not all_suits
    if complete:
        out.append("complete: yes")
    elif shape:
        out.append(
            "complete: no: four sets and a pair, but a Sichuan win needs a missing suit "
            "(the hand must lack one suit entirely) and this hand holds m, p and s"
        )
    elif (
        size == 14
        and missing is not None
        and missing in hand.suits()
        and sc.is_complete(hand, missing_suit=None)
    ):
        out.append(
            f"complete: no: four sets and a pair, but it holds {missing} tiles, the missing suit"
        )
    else:
        out.append("complete: no")
    sh = _hand_shanten(hand, missing)
    note = {-1: " (complete)", 0: " (ready)"}.get(sh, "")
    if all_suits:
        note += " (to a win lacking the nearest suit to drop)"
    out.append(f"shanten: {sh}{note}")
    if complete:
        score = sc.score(
            hand,
            self_draw=args.self_draw,
            kong_replacement=args.kong_replacement,
            robbed_kong=args.robbed_kong,
            last_tile=args.last_tile,
            win_tile=args.win_tile,
            rules=rules,
        )
        out += _fan_lines(score)
    elif size == 13:
        waits = () if all_suits else sc.waits(hand, missing_suit=missing)
        why = " (the hand holds all three suits; a win must lack one)" if all_suits else ""
        out.append(f"waits: {' '.join(waits) if waits else 'none'}{why}")
        for w in waits:
            s = sc.score(hand.add(w), win_tile=w, rules=rules)
            out.append(f"  on {w}: {s.fan} fan, {_points(s.points)} ({' '.join(s.patterns)})")
    else:
        best: list[str] = []
        for kind in dict.fromkeys(sc.kind_text(k) for k in hand.concealed_kinds):
            rest = hand.remove(kind)
            if _hand_shanten(rest, missing) == sh:
                after = _hand_waits(rest, missing) if sh == 0 else ()
                best.append(f"  discard {kind}" + (f": waits {' '.join(after)}" if after else ""))
        if best:
            out.append("discards that keep the shanten:")
            out += best
    return out


def _hand_shanten(hand: Any, missing: str | None) -> int:
    """Shanten towards a Sichuan win: with no declared missing suit, a hand
    holding all three suits still has to drop one, the nearest one."""
    from parlour import sichuan as sc

    if missing is None and len(hand.suits()) == 3:
        return min(int(sc.shanten(hand, missing_suit=suit)) for suit in "mps")
    return int(sc.shanten(hand, missing_suit=missing))


def _hand_waits(hand: Any, missing: str | None) -> tuple[str, ...]:
    """Winning tiles of a 13-tile hand: none while it holds all three suits."""
    from parlour import sichuan as sc

    if missing is None and len(hand.suits()) == 3:
        return ()
    return tuple(sc.waits(hand, missing_suit=missing))


def _hand_sisepai(text: str, rules: Any) -> list[str]:
    from parlour import sisepai as sp
    from parlour.sisepai.cards import kind_from_text

    hand = sp.Hand.parse(text)
    size = sum(hand.counts) + sum(len(g.kinds) for g in hand.exposed)
    out = [f"hand: {hand}  ({size} cards)"]
    if size == 21:
        complete = sp.is_complete(hand)
        out.append(f"complete: {'yes' if complete else 'no'}")
        if complete:
            grouping = sp.best_groups(hand, rules=rules)
            out.append(f"best grouping: {grouping}")
            below = grouping.score < rules.min_score
            out.append(
                f"score: {grouping.score}"
                + (f" (below min_score {rules.min_score}: not a win)" if below else "")
            )
            for g in grouping.groups:
                out.append(f"  {g!s:<12} {g.type}")
    elif size == 20:
        cards = sp.winning_cards(hand)
        if rules.min_score:
            # A card that completes the hand wins only if the best grouping
            # then reaches the least winning score.
            cards = tuple(
                c
                for c in cards
                if sp.best_groups(hand.add(kind_from_text(c)), rules=rules).score >= rules.min_score
            )
        out.append("complete: no (20 cards)")
        out.append(f"winning cards: {' '.join(cards) if cards else 'none'}")
    else:
        raise ValueError(f"a Si Se Pai hand to evaluate has 20 or 21 cards, not {size}")
    return out


def _hand_shrinewars(text: str) -> list[str]:
    from parlour import shrinewars as sw

    cards = sw.Cards.parse(text)
    partition = sw.best_partition(cards)
    size = sum(len(c) for c in partition.combinations)
    out = [f"cards: {cards}  ({size} cards)"]
    out.append(f"best partition: {partition}")
    out.append(f"score: {partition.score}")
    for combo in partition.combinations:
        out.append(f"  {combo!s:<20} {len(combo) ** 2:>3}")
    return out


def _hand(args: argparse.Namespace) -> int:
    from parlour.simulation import rules_text

    misapplied = _hand_misapplied(args)
    if misapplied is not None:
        raise _UsageError(misapplied)
    text = " ".join(args.text)
    if args.game == "sichuan":
        rules = _rules_of(args)
        lines = _hand_sichuan(text, args, rules)
    elif args.game == "sisepai":
        rules = _rules_of(args)
        lines = _hand_sisepai(text, rules)
    else:
        rules = None
        lines = _hand_shrinewars(text)
    if rules is not None and rules != type(rules)():
        lines.insert(0, rules_text(rules))
    print("\n".join(lines))
    return 0


COMMANDS["hand"] = (
    "evaluate a hand: Sichuan, Si Se Pai or Shrine Wars",
    _hand_args,
    _hand,
)


# -- replay -----------------------------------------------------------------------


def _replay_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a game record (JSON) written by parlour or Game.record()")
    parser.add_argument(
        "--key-file",
        metavar="FILE",
        help="check the record's signature with the key in FILE (its bytes, less one "
        "trailing newline)",
    )
    parser.add_argument(
        "--at",
        type=_non_negative,
        metavar="N",
        help="jump to move N (0: the deal) and show the table there; with --step, "
        "step on from there",
    )
    parser.add_argument(
        "--step",
        action="store_true",
        help="step through the game: Enter shows the next move and the table, q quits",
    )
    parser.add_argument(
        "--list", action="store_true", help="only the numbered moves, without the tables"
    )


def _read_limited(path: str, what: str, limit: int) -> bytes:
    """The bytes of ``path``; RecordError (one line) for anything unreadable."""
    from parlour.errors import RecordError

    try:
        if Path(path).is_dir():
            raise RecordError(f"{path}: is a directory, not a {what}")
        with open(path, "rb") as fh:
            # Read one byte past the limit rather than trusting the size the
            # file reports (a pipe or device reports none).
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the {what}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise RecordError(f"{path}: the {what} is larger than {limit} bytes")
    return raw


def _replay(args: argparse.Namespace) -> int:
    from parlour import records
    from parlour.errors import RecordError
    from parlour.registry import game_class
    from parlour.terminal import format_result

    key: bytes | None = None
    if args.key_file is not None:
        key = _read_limited(args.key_file, "key", 4096)
        key = key[:-2] if key.endswith(b"\r\n") else key.removesuffix(b"\n")
        if not key:
            raise RecordError(f"{args.key_file}: the key file is empty")
    raw = _read_limited(args.file, "record", records.MAX_BYTES)
    try:
        data = records.loads(raw)
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if "game" not in data:
            raise RecordError("the record has no 'game' field")
        name = data["game"]
        try:
            cls = game_class(name) if isinstance(name, str) else None
        except KeyError:
            cls = None
        if cls is None:
            raise RecordError(f"unknown game {records.brief(name)}")
        game = cls.from_record(data, key=key)  # checks the whole record before printing
        start = cls.from_record(_dealt(data))
    except RecordError as exc:
        raise RecordError(f"{args.file}: {exc}") from None
    except Exception as exc:
        # from_record promises RecordError for any record; should a bug break
        # that promise, the command still answers in one line, not a traceback.
        raise RecordError(
            f"{args.file}: cannot be replayed ({type(exc).__name__}: {exc}); please report this"
        ) from None
    moves: list[list[Any]] = data["actions"]
    if args.at is not None and args.at > len(moves):
        raise ValueError(f"--at {args.at}: the record has only {len(moves)} moves")
    checked = records.verification(data, key)
    print(f"{name} record: format {data['format']}, {len(moves)} actions")
    if checked == "unverified":
        print("unverified: a format 1 record carries no digest")
    elif checked == "signature":
        print("verified: signature, digest and outcome match")
    elif "signature" in data:
        print("verified: digest and outcome match; signature not checked (no --key-file)")
    else:
        print("verified: digest and outcome match (not signed)")
    print(f"rules: {json.dumps(data['rules'])}")
    width = len(str(len(moves)))
    if args.list:
        for i, (seat, text) in enumerate(moves, 1):
            print(f"{i:>{width}}. seat {seat}: {text}")
    else:
        for seat, text in moves[: args.at or 0]:
            start.apply(seat, text)
        where = f"after move {args.at} of {len(moves)}" if args.at else "as dealt"
        print(f"\n{where}:\n{_indented(str(start), width)}")
        if args.at is not None and not args.step:
            return 0
        shown = str(start)
        done = args.at or 0
        steps = _replay_steps(start, moves, done, width)
        while done < len(moves):
            if args.step and not _next_step():
                print(f"stopped after move {done} of {len(moves)}")
                return 0
            line, table, done = next(steps)
            print(line)
            if table != shown:
                # Stepping shows the whole table each time; a replay that
                # runs on shows what each step changed, the header always.
                print(_indented(table if args.step else _changes(shown, table), width))
                shown = table
            sys.stdout.flush()
        if not args.step:
            print(f"\nat the end:\n{_indented(shown, width)}")
    result = game.result
    if result is None:
        print("the game is not over")
    else:
        print(format_result(result, game.num_players))
    return 0


def _dealt(data: dict[str, Any]) -> dict[str, Any]:
    """The record of the same deal before any move, sealed like the
    original (whose seal has been checked): the start of a replay."""
    from parlour import records

    dealt = {k: data[k] for k in ("format", "game", "rules", "deal")}
    dealt["actions"] = []
    if data["format"] >= 2:
        dealt["outcome"] = None
        dealt["digest"] = records.digest(dealt)
    return dealt


def _indented(table: str, width: int) -> str:
    pad = " " * (width + 2)
    return "\n".join(pad + line for line in table.splitlines())


def _replay_steps(
    game: parlour.protocol.Game, moves: Sequence[Sequence[Any]], first: int, width: int
) -> Iterator[tuple[str, str, int]]:
    """Apply ``moves[first:]`` to ``game``, yielding for each step its line,
    the table after it and the number of moves applied by then.

    A step is one move, or a run of passes in a row: a pass rarely changes
    the table, and a Sichuan record is mostly passes.
    """
    i = first
    while i < len(moves):
        j = i + 1
        if moves[i][1] == "pass":
            while j < len(moves) and moves[j][1] == "pass":
                j += 1
        for seat, text in moves[i:j]:
            game.apply(seat, text)
        if j - i == 1:
            line = f"{i + 1:>{width}}. seat {moves[i][0]}: {moves[i][1]}"
        else:
            seats = ", ".join(str(seat) for seat, _ in moves[i:j])
            line = f"{i + 1:>{width}}-{j}. pass: seats {seats}"
        yield line, str(game), j
        i = j


def _changes(old: str, new: str) -> str:
    """The lines of table ``new`` that are not in table ``old`` where they
    were, after the header line, which is always kept.

    >>> print(_changes("head 1\\na\\nb\\nc", "head 2\\na\\nB\\nc\\nd"))
    head 2
    B
    d
    """
    before, after = old.splitlines(), new.splitlines()
    kept = after[:1]
    matcher = difflib.SequenceMatcher(a=before[1:], b=after[1:], autojunk=False)
    for op, _, _, b0, b1 in matcher.get_opcodes():
        if op in ("replace", "insert"):
            kept += after[1 + b0 : 1 + b1]
    return "\n".join(kept)


def _next_step() -> bool:
    """Wait for Enter (True) or q (False); the end of input also quits."""
    try:
        answer = input("[Enter] next move, q quit> ")
    except EOFError:
        print()
        return False
    return answer.strip().lower() not in ("q", "quit", "exit")


COMMANDS["replay"] = (
    "replay a saved game record, showing the table as play goes",
    _replay_args,
    _replay,
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``parlour`` command."""
    parser = argparse.ArgumentParser(
        prog="parlour", description="Rules engines and hand evaluators for four games."
    )
    parser.add_argument("--version", action="version", version=f"parlour {parlour.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (help_text, add_args, run) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        add_args(p)
        p.set_defaults(run=run)
    return parser


def _silence_stdout() -> None:
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a file (a test's capture): nothing is left to flush
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        parser.print_help()
        return 2
    try:
        code = int(args.run(args))
        # A reader that went away shows here, not at the interpreter's exit.
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # ``parlour replay FILE | head``: the reader has all it wanted. Point
        # stdout at devnull so the interpreter's last flush cannot fail again
        # (the Python docs' recipe for SIGPIPE), and exit as a program killed
        # by SIGPIPE does.
        _silence_stdout()
        return 141
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except _UsageError as exc:
        print(f"parlour: error: {' '.join(str(exc).splitlines())}", file=sys.stderr)
        return 2
    except (ValueError, OSError) as exc:
        # One line whatever the message holds (a name may hold a newline).
        print(f"parlour: error: {' '.join(str(exc).splitlines())}", file=sys.stderr)
        return 1
