"""The ``parlour`` command.

Subcommands are small functions registered in :data:`COMMANDS`; each gets the
parsed arguments and returns the process exit code.
"""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

import argparse
import contextlib
import difflib
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from parlour import _backend
from parlour._locale import LOCALES
from parlour._version import __version__
from parlour.protocol import Game, Rules
from parlour.registry import games, spec

__all__ = ["COMMANDS", "build_parser", "main"]

Command = Callable[[argparse.Namespace], int]

#: name -> (help, function adding the arguments, function running the command);
#: a help that names the registered games is a function, called when the
#: parser is built.
COMMANDS: dict[
    str, tuple[str | Callable[[], str], Callable[[argparse.ArgumentParser], None], Command]
] = {}


def _info_args(parser: argparse.ArgumentParser) -> None:
    del parser


def _info(args: argparse.Namespace) -> int:
    del args
    print(f"parlour {__version__}")
    print(f"backend: {_backend.current()}")
    print(f"games: {', '.join(games())}")
    return 0


COMMANDS["info"] = ("show the version, the live backend and the games", _info_args, _info)


def _game_arg(parser: argparse.ArgumentParser, names: Sequence[str], help: str) -> None:
    parser.add_argument("game", choices=names, help=help)


def _bots_help() -> str:
    # Each bot name once, with the games it is limited to when not every
    # game has it.
    specs = [spec(name) for name in games()]
    names = dict.fromkeys(bot for s in specs for bot in s.bots)
    shown = []
    for bot in names:
        having = [s.title for s in specs if bot in s.bots]
        only = "" if len(having) == len(specs) else f" ({' and '.join(having)} only)"
        shown.append(bot + only)
    return (
        "one bot name for every seat or a comma list, one per seat: "
        f"{', '.join(shown)}; default heuristic"
    )


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


def _rules_of(args: argparse.Namespace) -> Rules:
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
    _game_arg(parser, games(), "the game to play")
    parser.add_argument("-n", "--games", type=_positive, default=1000, help="games (1000)")
    parser.add_argument("--bots", default="heuristic", help=_bots_help())
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


# -- match ------------------------------------------------------------------------


def _match_args(parser: argparse.ArgumentParser) -> None:
    _game_arg(parser, games(), "the game to play")
    parser.add_argument(
        "--bots",
        required=True,
        help="one bot for every seat or a comma list, one per seat, each BOT or "
        "LABEL=BOT, BOT a bot name of the game or cmd:COMMAND (seats of one label "
        "are one bot in the results): "
        "--bots heuristic,random,random,random or --bots old=heuristic,new=heuristic",
    )
    parser.add_argument("--deals", type=_positive, required=True, help="deals to play")
    parser.add_argument("--seed", type=_integer, default=0, help="seed of the match (0)")
    parser.add_argument(
        "--no-duplicate",
        dest="duplicate",
        action="store_false",
        help="play each deal once (bots rotated over the seats from deal to deal) "
        "instead of once in every rotation",
    )
    parser.add_argument(
        "--workers", type=_positive, default=1, help="processes to play the deals on (1)"
    )
    parser.add_argument(
        "--json", metavar="FILE", help="also write the result as JSON ('-': stdout)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    _rules_args(parser)


def _match(args: argparse.Namespace) -> int:
    from parlour.arena import match

    rules = _rules_of(args)
    if args.json not in (None, "-"):
        # Refuse a file that cannot be written before the match, not after it.
        folder = os.path.dirname(os.path.abspath(args.json))
        if not os.path.isdir(folder) or os.path.isdir(args.json):
            raise ValueError(f"--json {args.json}: cannot write a file there")
    n = spec(args.game).game(seed=0).num_players  # type: ignore[call-arg]
    total = args.deals * (n if args.duplicate else 1)
    progress = None if args.quiet else _Progress(total, sys.stderr, bar=sys.stderr.isatty())
    options: dict[str, Any] = {
        "deals": args.deals,
        "rules": rules,
        "seed": args.seed,
        "duplicate": args.duplicate,
        "progress": progress,
    }
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as pool:
            result = match(args.game, args.bots, executor=pool, **options)
    else:
        result = match(args.game, args.bots, **options)
    if args.json == "-":
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.table())
        if args.json is not None:
            Path(args.json).write_text(json.dumps(result.to_dict(), indent=2) + "\n")
            print(f"result written to {args.json}")
    return 0


COMMANDS["match"] = (
    "play a duplicate match between bots: every deal in every seat rotation",
    _match_args,
    _match,
)


# -- play -------------------------------------------------------------------------


def _locale_arg(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--locale",
        choices=LOCALES,
        default="en",
        help=f"the language of the names of {what}: en (English, the default) or zh "
        "(Chinese); the notation you type stays the same",
    )


def _play_args(parser: argparse.ArgumentParser) -> None:
    _game_arg(parser, games(), "the game to play")
    parser.add_argument(
        "--bots",
        default="heuristic",
        help="the other seats' bots: one name or a comma list (default heuristic)",
    )
    parser.add_argument(
        "--bot",
        metavar="CMD",
        help="the other seats are played by this program, one process per seat, speaking "
        "parlour-wire/1 on its standard input and output (see docs/wire.rst); "
        "instead of --bots",
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
    _locale_arg(parser, "tiles, cards and actions")
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
    if args.bot is None:
        return play_terminal(
            args.game,
            seed=seed,
            bots=args.bots,
            save=args.save,
            auto_pass=args.auto_pass,
            rules=rules,
            locale=args.locale,
        )
    with _command_bots(args.game, args.bot, rules) as name:
        return play_terminal(
            args.game,
            seed=seed,
            bots=name,
            save=args.save,
            auto_pass=args.auto_pass,
            rules=rules,
            locale=args.locale,
        )


@contextlib.contextmanager
def _command_bots(game: str, command: str, rules: Rules) -> Iterator[str]:
    # The terminal makes its bots by name from the game's spec: for the
    # length of the game the spec also names "cmd:COMMAND", a ProcessBot per
    # seat, and every process started is stopped when the game is left.
    import dataclasses

    from parlour.registry import register
    from parlour.wire import ProcessBot

    name = f"cmd:{command}"
    started: list[ProcessBot] = []

    def make() -> ProcessBot:
        bot = ProcessBot(command, game=game, rules=rules)
        started.append(bot)
        return bot

    original = spec(game)
    register(game, dataclasses.replace(original, bots={**original.bots, name: make}))
    try:
        yield name
    finally:
        register(game, original)
        for bot in started:
            bot.close()


COMMANDS["play"] = ("play in seat 0 against bots in the terminal", _play_args, _play)


# -- serve ------------------------------------------------------------------------


def _serve_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--port", type=_non_negative, default=8000, help="the port (default 8000)")
    parser.add_argument(
        "--bots", default="heuristic", help="the bots of the other seats (default heuristic)"
    )
    parser.add_argument("--seed", type=_integer, default=None, help="seed the deals and bots")


def _serve(args: argparse.Namespace) -> int:
    try:
        from parlour.web import serve
    except ImportError as exc:
        print(
            f"parlour: error: parlour serve needs the [web] extra "
            f"(pip install 'parlour[web]'): {exc}",
            file=sys.stderr,
        )
        return 1
    serve(args.host, args.port, bots=args.bots, seed=args.seed)
    return 0


COMMANDS["serve"] = (
    "play in a web browser against bots (needs the [web] extra)",
    _serve_args,
    _serve,
)


# -- hand -------------------------------------------------------------------------


#: dest -> (option, the games it applies to), for the options of some games only.
_HAND_GAME_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {}


def _hand_games() -> tuple[str, ...]:
    """The games with a hand report."""
    return tuple(g for g in games() if spec(g).report_hand is not None)


def _hand_rules_games() -> tuple[str, ...]:
    """The games whose hand reports depend on rule options."""
    return tuple(g for g in _hand_games() if spec(g).hand_rules)


def _hand_args(parser: argparse.ArgumentParser) -> None:
    names = _hand_games()
    _game_arg(parser, names, "the game")
    parser.add_argument("text", nargs="+", help="the hand in the game's notation")
    _locale_arg(parser, "tiles, cards and fan patterns")
    _HAND_GAME_OPTIONS.clear()
    for name in names:
        game_spec = spec(name)
        if not game_spec.hand_options:
            continue
        group = parser.add_argument_group(f"{game_spec.title} options")
        for option in game_spec.hand_options:
            if option.dest in _HAND_GAME_OPTIONS:
                # Another game's option of the same name: one flag serves both.
                flag, owners = _HAND_GAME_OPTIONS[option.dest]
                _HAND_GAME_OPTIONS[option.dest] = (flag, (*owners, name))
                continue
            if option.is_switch:
                group.add_argument(option.flag, action="store_true", help=option.help)
            else:
                group.add_argument(option.flag, choices=option.choices, help=option.help)
            _HAND_GAME_OPTIONS[option.dest] = (option.flag, (name,))
    _rules_args(parser)


def _hand_misapplied(args: argparse.Namespace) -> str | None:
    """The error for the first option given that does not apply to the game."""
    for dest, (option, owners) in _HAND_GAME_OPTIONS.items():
        value = getattr(args, dest, None)
        if value not in (None, False) and args.game not in owners:
            return f"{option} applies to {' and '.join(owners)} hands only, not {args.game}"
    ruled = _hand_rules_games()
    if (args.rule or args.rules is not None) and args.game not in ruled:
        option = "--rule" if args.rule else "--rules"
        return (
            f"{option}: a {args.game} hand is scored without rule options "
            f"(rules apply to {' and '.join(ruled)} hands)"
        )
    return None


def _hand(args: argparse.Namespace) -> int:
    from parlour.simulation import rules_text

    misapplied = _hand_misapplied(args)
    if misapplied is not None:
        raise _UsageError(misapplied)
    game_spec = spec(args.game)
    assert game_spec.report_hand is not None  # the parser offers no other game
    # A game whose hand takes no rule options is scored under its defaults.
    rules = _rules_of(args) if game_spec.hand_rules else game_spec.rules()
    options = {o.dest: getattr(args, o.dest, None) for o in game_spec.hand_options}
    lines = game_spec.report_hand(" ".join(args.text), rules, options)
    if rules != type(rules)():
        lines.insert(0, rules_text(rules))
    text = "\n".join(lines)
    if args.locale != "en":
        from parlour.terminal import _named

        text = _named(args.game, text, args.locale)
    print(text)
    return 0


def _hand_help() -> str:
    titles = [spec(g).title for g in _hand_games()]
    listed = ", ".join(titles[:-1]) + " or " + titles[-1] if len(titles) > 1 else "".join(titles)
    return f"evaluate a hand: {listed}"


COMMANDS["hand"] = (
    _hand_help,
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
    _locale_arg(parser, "tiles, cards and moves, and the words of the tables,")


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


#: What ``parlour replay`` says, in each locale.
_REPLAY_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "head": "{name} record: format {format}, {n} actions",
        "unverified": "unverified: a format 1 record carries no digest",
        "signature": "verified: signature, digest and outcome match",
        "no key": "verified: digest and outcome match; signature not checked (no --key-file)",
        "unsigned": "verified: digest and outcome match (not signed)",
        "rules": "rules: {}",
        "move": "{i}. seat {seat}: {text}",
        "passes": "{i}-{j}. pass: seats {seats}",
        "after": "after move {} of {}",
        "dealt": "as dealt",
        "end": "at the end",
        "colon": ":",
        "stopped": "stopped after move {} of {}",
        "not over": "the game is not over",
        "step": "[Enter] next move, q quit> ",
    },
    "zh": {
        "head": "{name}记录：格式 {format}，{n} 个动作",
        "unverified": "未校验：格式 1 的记录没有摘要",
        "signature": "已校验：签名、摘要和结果一致",
        "no key": "已校验：摘要和结果一致；签名未检查（没有 --key-file）",
        "unsigned": "已校验：摘要和结果一致（未签名）",
        "rules": "规则：{}",
        "move": "{i}. 座位 {seat}：{text}",
        "passes": "{i}-{j}. 过：{seats}号座位",
        "after": "第 {} 步之后（共 {} 步）",
        "dealt": "发牌时",
        "end": "终局",
        "colon": "：",
        "stopped": "停在第 {} 步之后（共 {} 步）",
        "not over": "牌局尚未结束",
        "step": "[回车] 下一步，q 退出> ",
    },
}


def _table_text(game: Game, name: str, locale: str) -> str:
    """The whole table of ``game`` (every seat's hand: a replay shows what
    a referee sees) in ``locale``: ``str(game)`` in English, the game's
    ``table.full_view`` in another locale where it has one."""
    if locale == "en":
        return str(game)
    try:
        table = importlib.import_module(f"parlour.{name}.table")
    except ModuleNotFoundError:
        return str(game)
    full_view = getattr(table, "full_view", None)
    if full_view is None:
        return str(game)
    return str(full_view([game.observation(s) for s in range(game.num_players)], locale))


def _move_text(name: str, text: str, locale: str) -> str:
    """A recorded move's text as a person reads it in ``locale`` (the
    notation itself in English)."""
    if locale == "en":
        return text
    from parlour._locale import check_locale
    from parlour.wire.display import action_display

    return action_display(name, text, check_locale(locale))


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
    loc = args.locale
    words = _REPLAY_WORDS[loc]
    shown_name = name if loc == "en" else _title(name, loc)
    print(words["head"].format(name=shown_name, format=data["format"], n=len(moves)))
    if checked == "unverified":
        print(words["unverified"])
    elif checked == "signature":
        print(words["signature"])
    elif "signature" in data:
        print(words["no key"])
    else:
        print(words["unsigned"])
    print(words["rules"].format(json.dumps(data["rules"])))
    width = len(str(len(moves)))
    if args.list:
        for i, (seat, text) in enumerate(moves, 1):
            move = _move_text(name, text, loc)
            print(words["move"].format(i=f"{i:>{width}}", seat=seat, text=move))
    else:
        for seat, text in moves[: args.at or 0]:
            start.apply(seat, text)
        where = words["after"].format(args.at, len(moves)) if args.at else words["dealt"]
        shown = _table_text(start, name, loc)
        print(f"\n{where}{words['colon']}\n{_indented(shown, width)}")
        if args.at is not None and not args.step:
            return 0
        done = args.at or 0
        steps = _replay_steps(start, moves, done, width, loc, name)
        while done < len(moves):
            if args.step and not _next_step(words["step"]):
                print(words["stopped"].format(done, len(moves)))
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
            print(f"\n{words['end']}{words['colon']}\n{_indented(shown, width)}")
    result = game.result
    if result is None:
        print(words["not over"])
    elif loc == "en":
        print(format_result(result, game.num_players))
    else:
        print(format_result(result, game.num_players, locale=loc, game=name))
    return 0


def _title(name: str, locale: str) -> str:
    """The game's name in ``locale`` (its catalogue's), else the registry's."""
    from parlour._locale import check_locale
    from parlour.wire.display import title_display

    try:
        title = spec(name).title
    except KeyError:
        title = name
    return title_display(name, title, check_locale(locale))


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
    game: Game,
    moves: Sequence[Sequence[Any]],
    first: int,
    width: int,
    locale: str = "en",
    game_name: str = "",
) -> Iterator[tuple[str, str, int]]:
    """Apply ``moves[first:]`` to ``game``, yielding for each step its line,
    the table after it and the number of moves applied by then, in
    ``locale`` (the moves read by the names of ``game_name``).

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
        words = _REPLAY_WORDS[locale]
        if j - i == 1:
            seat, text = moves[i][0], _move_text(game_name, moves[i][1], locale)
            line = words["move"].format(i=f"{i + 1:>{width}}", seat=seat, text=text)
        else:
            sep = ", " if locale == "en" else "、"
            seats = sep.join(str(seat) for seat, _ in moves[i:j])
            line = words["passes"].format(i=f"{i + 1:>{width}}", j=j, seats=seats)
        yield line, _table_text(game, game_name, locale), j
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


def _next_step(prompt: str = "[Enter] next move, q quit> ") -> bool:
    """Wait for Enter (True) or q (False); the end of input also quits."""
    try:
        answer = input(prompt)
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
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (help_of, add_args, run) in COMMANDS.items():
        help_text = help_of() if callable(help_of) else help_of
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
