"""``parlour play`` end to end through a pseudo-terminal, with scripted keystrokes."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import parlour

pexpect = pytest.importorskip("pexpect")
if not hasattr(pexpect, "spawn"):  # Windows has no pseudo-terminals for pexpect
    pytest.skip("pexpect.spawn needs a POSIX pseudo-terminal", allow_module_level=True)

PROMPT = "your move> "


def spawn(*args: str) -> Any:
    return pexpect.spawn(
        sys.executable,
        ["-m", "parlour", "play", *args],
        encoding="utf-8",
        timeout=30,
        dimensions=(60, 200),
    )


def play_out(child: Any, answer: str = "1") -> int:
    """At a prompt: answer it and every later one with ``answer`` until the game ends;
    returns the moves made."""
    moves = 0
    while True:
        child.sendline(answer)
        moves += 1
        if child.expect([PROMPT, "game over"]) == 1:
            return moves


def test_sichuan_with_bad_input_then_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn("sichuan", "--seed", "3", "--save", str(save))
    child.expect("you are seat 0")
    child.expect("legal actions:")
    child.expect(PROMPT)
    # The first decision is the missing suit: three numbered choices.
    assert "1. declare m" in child.before and "3. declare s" in child.before
    child.sendline("banana")
    child.expect("'banana' is not a legal action now")
    child.expect(PROMPT)
    child.sendline("7")
    child.expect("there is no action 7: choose 1 to 3")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("'quit' ends the game")
    child.expect(PROMPT)
    child.sendline("declare p")  # the action's text works as well as its number
    child.expect("you: declare p")
    child.expect("missing suits: you p")
    child.expect("your hand: ")
    child.expect(PROMPT)
    moves = play_out(child)
    assert moves > 0
    child.expect("result:")
    child.expect("ledger")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")
    record = json.loads(save.read_text())
    game = parlour.game_class("sichuan").from_record(record)
    assert game.is_over and record["actions"][0] == [0, "declare p"]


def test_nine_domains_by_text_and_the_long_menu(tmp_path: Path) -> None:
    save = tmp_path / "nd.json"
    child = spawn("ninedomains", "--seed", "5", "--bots", "random", "--save", str(save))
    child.expect(r"(\d+) legal actions, e.g. '(place [^']+)'")
    example = child.match.group(2)
    child.expect(PROMPT)
    child.sendline("place 9 9 9")
    child.expect("is not a legal action now")
    child.expect(PROMPT)
    child.sendline(example)
    child.expect(re.escape(f"you: {example}"))
    child.expect(PROMPT)
    play_out(child)
    child.expect("result:")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = json.loads(save.read_text())
    assert record["actions"][0] == [0, example]
    assert parlour.game_class("ninedomains").from_record(record).is_over


def test_quit_and_end_of_input() -> None:
    child = spawn("sisepai", "--seed", "2")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("game abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    child = spawn("shrinewars", "--seed", "2")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("end of input: game abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "Traceback" not in (child.before or "")


def test_interrupt_is_not_a_traceback() -> None:
    child = spawn("sichuan", "--seed", "1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("interrupted")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")


def test_line_editing_history_and_completion() -> None:
    child = spawn("sichuan", "--seed", "3")
    child.expect(PROMPT)
    child.sendline("7")
    child.expect("there is no action 7: choose 1 to 3")
    child.expect(PROMPT)
    # Up arrow and Enter: the line before again, not an escape sequence.
    child.send("\x1b[A\r")
    child.expect("there is no action 7: choose 1 to 3")
    child.expect(PROMPT)
    # Tab completes a word of the prompt; the help shows the game's notation.
    child.send("he\t\r")
    child.expect(re.escape("discard 5m         discard a 5m (the one you just drew"))
    child.expect(PROMPT)
    # Ctrl-A goes to the start of the line to mend it.
    child.send("eclare p\x01d\r")
    child.expect("you: declare p")
    child.expect(PROMPT)
    assert "\\x1b" not in child.before and "not a legal action" not in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_automatic_pass_and_why_no_pung() -> None:
    # Seat 0 declares m and keeps m tiles: it may not pung until they are gone.
    child = spawn("sichuan", "--seed", "1")
    child.expect(PROMPT)
    child.sendline("declare m")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(
        r"you pass on (\d[mps]) from seat (\d) \(automatic: pass is your only legal action\)"
    )
    child.expect(r"no pung 3m: it still holds tiles of its missing suit m \(3m 3m 6m 6m 9m\)")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    # Without the automatic pass the player is asked, and may ask for a pung.
    child = spawn("sichuan", "--seed", "1", "--no-auto-pass")
    child.expect(PROMPT)
    child.sendline("declare m")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(r"on offer: 3m from seat 1")
    child.expect(r"1\. pass")
    child.expect(PROMPT)
    child.sendline("pung")
    child.expect(
        re.escape(
            "you may not pung 3m now: it still holds tiles of its missing suit m"
            " (3m 3m 6m 6m 9m): it may not pung before it has discarded them"
        )
    )
    child.expect(PROMPT)
    child.sendline("pass")
    child.expect("you: pass")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "you pass on" not in child.before


#: Lines of each game's help, as a player reads them.
HELP_LINES = {
    "ninedomains": ["place 0 1 2", "card 1 on position 1"],
    "shrinewars": ["bid 4W", "bid 12: 7F + 5A"],
    "sisepai": ["take GAEr", "discard Hw"],
    "sichuan": ["declare p", "kong 5m"],
}


@pytest.mark.parametrize("game", parlour.games())
def test_help_explains_the_notation(game: str) -> None:
    lines = HELP_LINES[game]  # a game without lines here is a game whose help is unchecked
    child = spawn(game, "--seed", "1", "--no-auto-pass")
    child.expect(PROMPT)
    child.sendline("help")
    for line in lines:
        child.expect(re.escape(line))
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_shrine_wars_short_bids() -> None:
    child = spawn("shrinewars", "--seed", "1", "--bots", "random")
    child.expect("lot: 2A  opened by you")
    child.expect(PROMPT)
    child.sendline("bid 1")  # one element, so one way to pay
    child.expect(re.escape("you: bid 1: 1A"))
    child.expect(PROMPT)
    child.sendline("bid 7A")
    child.expect(re.escape("you: bid 7: 7A"))
    child.sendline("q")
    child.expect(pexpect.EOF)


def _unfinished(path: Path, game: str, actions: int) -> None:
    record = json.loads(path.read_text())
    assert record["outcome"] is None and len(record["actions"]) == actions
    replayed = parlour.game_class(game).from_record(record)
    assert not replayed.is_over and len(replayed.history) == actions
    assert replayed.record() == record


@pytest.mark.parametrize("how", ["quit", "eof", "interrupt"])
def test_save_keeps_an_abandoned_game(tmp_path: Path, how: str) -> None:
    save = tmp_path / f"{how}.json"
    child = spawn("sichuan", "--seed", "3", "--save", str(save))
    child.expect(PROMPT)
    child.sendline("declare p")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    if how == "quit":
        child.sendline("q")
    elif how == "eof":
        child.sendeof()
    else:
        child.sendintr()
    child.expect(r"record of the unfinished game \((\d+) actions\) saved to")
    actions = int(child.match.group(1))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == (130 if how == "interrupt" else 1)
    _unfinished(save, "sichuan", actions)
    # parlour replay reads it back to the point reached.
    replay = pexpect.spawn(
        sys.executable, ["-m", "parlour", "replay", str(save)], encoding="utf-8", timeout=30
    )
    replay.expect(pexpect.EOF)
    replay.close()
    assert replay.exitstatus == 0, replay.before
    assert "Traceback" not in replay.before


def test_save_to_a_missing_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    child = spawn("shrinewars", "--save", str(tmp_path / "no" / "such.json"))
    child.expect("does not exist")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_play_under_rules_from_the_command_line(tmp_path: Path) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text('{"exchange_three": true, "fan_cap": 2}')
    save = tmp_path / "game.json"
    child = spawn(
        "sichuan", "--seed", "3", "--rules", str(rules), "--rule", "fan_cap=null",
        "--save", str(save),
    )  # fmt: skip
    child.expect("you are seat 0")
    child.expect("rules: fan_cap=null, exchange_three=true")
    child.expect(PROMPT)
    # The exchange of three tiles comes first under these rules.
    assert "phase exchange" in child.before and "1. exchange 6m 8m 9m" in child.before
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    record = json.loads(save.read_text())
    assert record["rules"]["exchange_three"] is True and record["rules"]["fan_cap"] is None
    # The record names each tile by its copy.
    assert re.fullmatch(r"exchange 6m#\d 8m#\d 9m#\d", record["actions"][0][1])


def test_play_refuses_bad_rules_before_the_game() -> None:
    child = spawn("sisepai", "--rule", "flower=true")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert child.before.strip() == (
        "parlour: error: bad sisepai rule flower=true: flower must be an int in 0..100, not True"
    )


def test_a_bots_concealed_kong_is_reported_without_its_kind() -> None:
    # Seed 2 with four HeuristicBots: the game's 57th action, seat 1's, is a concealed
    # kong of 5m. The terminal tells the person that a concealed kong was
    # declared, never of what (the rules keep the kind hidden to the end).
    import random

    from parlour import sichuan as sc
    from parlour.registry import spec
    from parlour.terminal import _report

    game = sc.Game(seed=2)
    bots = [sc.HeuristicBot() for _ in range(4)]
    rng = random.Random(2)
    while len(game.history) < 56:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
    seen = game.observation(1)
    action = bots[1].act(seen, game.legal_actions(1), rng)
    assert isinstance(action, sc.Kong) and str(action) == "kong 5m"
    line = _report(spec("sichuan"), 1, seen, action)
    assert line == "seat 1 declares a concealed kong"
