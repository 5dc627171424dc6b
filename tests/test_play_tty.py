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
