"""parlour.wire.ProcessBot: bots in other programs, over a pipe.

A Python bot (tests/wire_bots/random_bot.py) and a C bot
(tests/wire_bots/random_bot.c, compiled here) play whole games of every
game; then timeouts, malformed replies and every way a bot process ends.
"""

from __future__ import annotations

import gc
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import parlour
from cbuild import compiler
from parlour import ninedomains, wire
from parlour.errors import WireError
from parlour.simulation import make_bots
from parlour.wire import ProcessBot, bot_from_spec

BOTS = Path(__file__).resolve().parent / "wire_bots"
PY_BOT = [sys.executable, str(BOTS / "random_bot.py")]
VALIDATOR = jsonschema.Draft202012Validator(wire.schema())


@pytest.fixture(scope="module")
def c_bot(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("wire_bots") / "random_bot"
    subprocess.run(
        [compiler(), "-std=c99", "-Wall", "-Wextra", "-Werror", "-O1", "-o", str(out),
         str(BOTS / "random_bot.c")],
        check=True,
    )  # fmt: skip
    return str(out)


def _reaped(pid: int) -> bool:
    """Whether ``pid`` is no child of this process any more (it was waited for)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def _play_with(name: str, commands: Sequence[Sequence[str]], seed: int) -> tuple[Any, list[Any]]:
    """A game of ``name``: seat 0 a random bot, the others the commands."""
    game = parlour.spec(name).game(seed=seed)  # type: ignore[call-arg]
    bots: list[Any] = [ProcessBot(list(c), game=name) for c in commands]
    pids = [b.pid for b in bots]
    result = wire.play(game, [make_bots(name, ["random"])[0], *bots], seed=seed)
    assert game.is_over and result == game.result
    # The game replays from its record, the bots' actions included.
    again = type(game).from_record(game.record())
    assert again.history == game.history
    assert all(_reaped(pid) for pid in pids)
    assert [b.returncode for b in bots] == [0] * len(bots)
    assert [b.timeouts for b in bots] == [0] * len(bots)
    return game, bots


@pytest.mark.parametrize("name", parlour.games())
def test_a_python_bot_plays_whole_games(name: str, tmp_path: Path) -> None:
    n = parlour.spec(name).game(seed=0).num_players  # type: ignore[call-arg]
    logs = [tmp_path / f"seat{s}.jsonl" for s in range(1, n)]
    commands = [
        # By id and by text in turn.
        [*PY_BOT, "--seed", str(s), "--log", str(log), *(["--text"] if s % 2 == 0 else [])]
        for s, log in enumerate(logs, start=1)
    ]
    game, _ = _play_with(name, commands, seed=2)
    for seat, log in enumerate(logs, start=1):
        messages = [json.loads(line) for line in log.read_text().splitlines()]
        for msg in messages:
            VALIDATOR.validate(msg)
        kinds = [m["type"] for m in messages]
        assert kinds[0] == "hello" and kinds[-1] == "end"
        assert messages[0]["seat"] == seat and messages[0]["game"] == name
        assert messages[-1]["result"] == game.result.to_dict()
        requests = [m for m in messages if m["type"] == "request"]
        assert len(requests) == sum(1 for s, _ in game.history if s == seat)
        # Each request follows an event, and the events fold to the seat's
        # observation when it was asked.
        assert all(kinds[i - 1] == "event" for i, k in enumerate(kinds) if k == "request")
        events = [m for m in messages if m["type"] == "event"]
        assert [e["index"] for e in events] == list(range(len(events)))
        assert wire.fold(events)["seat"] == seat


@pytest.mark.parametrize("name", parlour.games())
def test_a_c_bot_plays_whole_games(name: str, c_bot: str) -> None:
    n = parlour.spec(name).game(seed=0).num_players  # type: ignore[call-arg]
    game, _ = _play_with(name, [[c_bot]] * (n - 1), seed=3)
    # The C bot takes the first legal id each time.
    probe = type(game)._from_deal(game.rules, game.record()["deal"])
    for seat, action in game.history:
        if seat != 0:
            first = probe.legal_actions(seat)[0]
            assert probe.action_id(action) == probe.action_id(first)
        probe.apply(seat, action)


@pytest.mark.slow
@pytest.mark.parametrize("name", parlour.games())
def test_bots_over_pipes_play_many_games(name: str, c_bot: str) -> None:
    # Several deals, the C bot in every seat but one and a Python bot
    # against heuristic bots.
    n = parlour.spec(name).game(seed=0).num_players  # type: ignore[call-arg]
    for seed in range(5):
        _play_with(name, [[c_bot]] * (n - 1), seed=seed)
        game = parlour.spec(name).game(seed=seed)  # type: ignore[call-arg]
        bots: list[Any] = make_bots(name, ["heuristic"] * (n - 1))
        bots.append(ProcessBot([*PY_BOT, "--seed", str(seed)], game=name))
        wire.play(game, bots, seed=seed)
        assert game.is_over and bots[-1].returncode == 0 and bots[-1].timeouts == 0


def _nine_domains_bot(*args: str, time_limit: float | None = 5.0) -> ProcessBot:
    return ProcessBot([*PY_BOT, *args], game="ninedomains", time_limit=time_limit)


def test_a_timeout_takes_the_default_action_without_busy_waiting(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    # A generous limit while the program starts, then a short one.
    bot = _nine_domains_bot("--mode", "slow", "--log", str(log), time_limit=10)
    game = ninedomains.Game(seed=4)
    rng = random.Random(0)
    chosen = []
    cpu = []
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if seat == 1:
            start = time.process_time()
            action = bot.act(game.observation(1), legal, rng)
            cpu.append(time.process_time() - start)
            chosen.append((action, legal[0]))
            # Only the second decision has a short limit.
            bot.time_limit = 0.3 if len(chosen) == 1 else 10
        else:
            action = rng.choice(legal)
        game.apply(seat, action)
    bot.finish(game.result)
    assert bot.timeouts == 1 and bot.returncode == 0
    # The second decision timed out: the first legal action was played,
    # waiting cost next to no CPU, and the late answer was dropped.
    assert chosen[1][0] == chosen[1][1]
    assert cpu[1] < 0.1
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    errors = [m for m in messages if m["type"] == "error"]
    assert len(errors) == 1 and not errors[0]["fatal"]
    assert "no answer within 0.3 s" in errors[0]["message"]
    for msg in messages:
        VALIDATOR.validate(msg)


def test_the_random_default_draws_from_the_game_generator() -> None:
    game = ninedomains.Game(seed=4)
    with ProcessBot(
        [*PY_BOT, "--mode", "hang"], game="ninedomains", time_limit=10, default="random"
    ) as bot:
        legal = game.legal_actions(1)
        bot.act(game.observation(1), legal, random.Random(0))  # answered
        bot.time_limit = 0.2
        got = bot.act(game.observation(1), legal, random.Random(7))
    assert got == random.Random(7).choice(legal) and bot.timeouts == 1
    # A bot that ignores the end of its input is terminated.
    assert bot.returncode == -signal.SIGTERM


@pytest.mark.parametrize(
    ("mode", "why"),
    [
        ("garbage", "not JSON"),
        ("long", "longer than 65536"),
        ("illegal", "action id 1000000 is not among the legal ids"),
        ("exit", r"exited \(status 3\) instead of answering"),
    ],
)
def test_a_bot_that_breaks_the_protocol_is_stopped_with_a_clear_error(mode: str, why: str) -> None:
    bot = _nine_domains_bot("--mode", mode)
    pid = bot.pid
    assert pid is not None
    game = ninedomains.Game(seed=1)
    legal = game.legal_actions(1)
    rng = random.Random(0)
    assert bot.act(game.observation(1), legal, rng) in legal
    with pytest.raises(WireError, match=why):
        bot.act(game.observation(1), legal, rng)
    assert _reaped(pid) and not bot.running and bot.pid is None
    with pytest.raises(WireError, match="closed"):
        bot.act(game.observation(1), legal, rng)


def test_an_error_in_a_game_stops_every_bot() -> None:
    game = parlour.make("sisepai", seed=1)
    bots = [ProcessBot([*PY_BOT, "--mode", "garbage"], game="sisepai") for _ in range(4)]
    pids = [b.pid for b in bots]
    with pytest.raises(WireError, match="not JSON"):
        wire.play(game, bots)
    assert all(pid is not None and _reaped(pid) for pid in pids)


def test_a_bot_made_for_other_rules_says_so() -> None:
    # Shrine Wars action ids depend on the Oinks: a bid of 41 of one
    # element has no id when the bot was made for the default 10 a seat.
    game = parlour.make("shrinewars", seed=1, rules=parlour.spec("shrinewars").rules(oinks=50))
    seat = game.to_act[0]
    bot = ProcessBot(PY_BOT, game="shrinewars")
    pid = bot.pid
    with pytest.raises(
        ValueError, match=r"made for the rules .*'oinks': 10.*give it the game's rules"
    ):
        bot.act(game.observation(seat), game.legal_actions(seat), random.Random(0))
    assert pid is not None and _reaped(pid)


def test_every_exit_path_reaps_the_process() -> None:
    with _nine_domains_bot() as bot:
        pid = bot.pid
        assert bot.running
    assert pid is not None and _reaped(pid) and bot.returncode == 0
    bot.close()  # twice is harmless
    dropped = _nine_domains_bot()
    pid = dropped.pid
    del dropped
    gc.collect()
    assert pid is not None and _reaped(pid)


def test_bot_specs() -> None:
    game = ninedomains.Game(seed=1)
    bot = bot_from_spec(game, f"cmd:{sys.executable} {BOTS / 'random_bot.py'} --seed 3")
    try:
        assert isinstance(bot, ProcessBot)
        assert bot.command[-2:] == ("--seed", "3")
        assert bot.act(game.observation(0), game.legal_actions(0), random.Random(0)) in (
            game.legal_actions(0)
        )
    finally:
        assert isinstance(bot, ProcessBot)
        bot.close()
    assert type(bot_from_spec("ninedomains", "random")).__name__ == "RandomBot"
    with pytest.raises(ValueError, match="unknown bot 'nobody' for ninedomains"):
        bot_from_spec("ninedomains", "nobody")


def test_a_program_that_cannot_start_is_named() -> None:
    with pytest.raises(WireError, match="cannot start the bot 'no-such-bot-here': No such file"):
        ProcessBot(["no-such-bot-here"], game="sisepai")


@pytest.mark.parametrize(
    ("kwargs", "why"),
    [
        ({"command": []}, "non-empty argv"),
        ({"command": "x", "time_limit": 0}, "time_limit must be"),
        ({"command": "x", "default": "last"}, "default must be"),
        ({"command": "x", "rules": {"oinks": 1}}, "oinks"),
    ],
)
def test_bad_arguments_are_refused_before_a_process_starts(
    kwargs: dict[str, Any], why: str
) -> None:
    with pytest.raises(ValueError, match=why):
        ProcessBot(game="ninedomains", **kwargs)


def _children() -> set[int]:
    """The pids of this process's children (Linux /proc)."""
    found: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        found |= {int(p) for p in (task / "children").read_text().split()}
    return found


def test_a_match_with_cmd_bots(c_bot: str) -> None:
    from parlour.arena import match

    before = _children()
    result = match("ninedomains", f"cmd:{c_bot},random", deals=2, seed=1)
    assert result.to_dict()["games"] == 4
    # Every bot process of the match was stopped and waited for.
    assert _children() <= before
    # A cmd: bot is made for the match's rules (Shrine Wars ids follow them).
    rules = {"oinks": 50}
    result = match("shrinewars", f"cmd:{c_bot},random,random,random", deals=1, rules=rules)
    assert result.to_dict()["rules"]["oinks"] == 50
    assert _children() <= before


def test_parlour_play_with_a_bot_program() -> None:
    # Seat 0 types "1" (the first action) at every prompt; seat 1 is the
    # Python bot.
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "play", "ninedomains", "--seed", "3", "--bot",
         f"{sys.executable} {BOTS / 'random_bot.py'}"],
        input="1\n" * 40,
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "seat 1 is a bot (cmd:" in done.stdout
    assert "game over" in done.stdout
