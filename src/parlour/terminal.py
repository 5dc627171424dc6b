"""``parlour play``: one human in seat 0 against bots, in a plain terminal.

Each time seat 0 must act the loop shows what that seat may see and the
legal actions, numbered; the player types a number or the action's text.
Bad input gets a message and another prompt, never a traceback. The other
seats' actions are reported as they happen, except choices the rules keep
secret (the tiles a Sichuan seat passes in the exchange).

The views are plain functions of an observation, usable on their own:

>>> import parlour
>>> game = parlour.make("shrinewars", seed=3)
>>> print(render(game.observation(0)).splitlines()[0])
Shrine Wars - you are seat 0 - 35 cards left
"""

from __future__ import annotations

import importlib
import json
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from parlour.errors import IllegalActionError
from parlour.protocol import Action, Game, Observation, Result
from parlour.registry import game_class

__all__ = [
    "action_label",
    "format_result",
    "menu",
    "play_terminal",
    "render",
]

_COPY = re.compile(r"#\d")
#: Menus longer than this are summarised unless the player asks for ``list``.
MENU_LIMIT = 40


def _seat_name(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


#: The module holding each game's text table (``seat_view``, ``full_view``),
#: by observation class: the games own their rendering, the terminal only
#: shows it, and a game's module is imported only when its table is shown.
_TABLES: dict[str, str] = {
    "SichuanObservation": "parlour.sichuan.table",
    "SisepaiObservation": "parlour.sisepai.table",
    "ShrineWarsObservation": "parlour.shrinewars.table",
    "NineDomainsObservation": "parlour.ninedomains.table",
}


def render(obs: Observation) -> str:
    """A plain-text view of one seat's observation: the game's own
    ``seat_view`` (what :meth:`Game.render(seat) <parlour.sichuan.Game.render>`
    shows), or every field of an observation of a game without one.

    >>> import parlour
    >>> game = parlour.make("ninedomains", seed=1)
    >>> render(game.observation(1)) == game.render(1)
    True
    """
    module = _TABLES.get(type(obs).__name__)
    if module is not None:
        seat_view: Callable[[Any], str] = importlib.import_module(module).seat_view
        return seat_view(obs)
    return "\n".join(f"{k}: {v}" for k, v in obs.to_dict().items())


def action_label(game: str, action: Action) -> str:
    """The text a player sees for ``action``: its notation, without the copy
    number of a Sichuan tile (copies of one kind are interchangeable).

    >>> from parlour.sichuan import Discard
    >>> action_label("sichuan", Discard(18))
    'discard 5m'
    """
    text = str(action)
    return _COPY.sub("", text) if game == "sichuan" else text


def menu(game: str, actions: Sequence[Action]) -> list[tuple[str, Action]]:
    """The numbered choices for ``actions``: one per distinct label."""
    seen: dict[str, Action] = {}
    for a in actions:
        seen.setdefault(action_label(game, a), a)
    return list(seen.items())


def format_result(result: Result, num_players: int, me: int | None = None) -> str:
    """The scores, winners and ledger of a finished game as text."""

    def name(seat: int) -> str:
        if seat < 0:
            return "the pot"
        return _seat_name(seat, me) if me is not None else f"seat {seat}"

    lines = ["result:"]
    for s in range(num_players):
        mark = "  winner" if s in result.winners else ""
        lines.append(f"  {name(s):>7}: {result.scores[s]:g}{mark}")
    if not result.winners:
        lines.append("  nobody won")
    if result.ledger:
        lines.append("ledger:")
        for p in result.ledger:
            verb = "pay" if name(p.payer) == "you" else "pays"
            lines.append(f"  {name(p.payer)} {verb} {name(p.payee)} {p.amount} ({p.reason})")
    else:
        lines.append("ledger: no payments in this game")
    return "\n".join(lines)


_HELP = (
    "type the number of an action, or its text (e.g. the first one shown);\n"
    "'list' shows every legal action, 'look' the table again, 'quit' ends the game"
)


def _report(game_name: str, seat: int, action: Action) -> str | None:
    text = action_label(game_name, action)
    if text == "pass":
        return None
    if game_name == "sichuan" and text.startswith("exchange"):
        return f"seat {seat} chooses three tiles to pass"
    return f"seat {seat}: {text}"


def play_terminal(
    game_name: str,
    *,
    seed: int,
    bots: str | Sequence[str] = "heuristic",
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    save: str | None = None,
) -> int:
    """Play ``game_name`` with a human in seat 0; returns the exit code.

    ``bots`` names the bots of the other seats (one name for all or one per
    seat 1..n-1); ``read`` reads a line for a prompt (``input`` by
    default); ``save`` is a file the record is written to at the end.
    """
    from parlour.simulation import make_bots, parse_bots

    stream = out if out is not None else sys.stdout

    def say(text: str = "") -> None:
        print(text, file=stream, flush=True)

    try:
        cls = game_class(game_name)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    game: Game = cls(seed=seed)  # type: ignore[call-arg]
    n = game.num_players
    spec = [s.strip() for s in bots.split(",")] if isinstance(bots, str) else list(bots)
    if len(spec) == n - 1:
        spec = ["random", *spec]  # seat 0 is the human; any name will do
    names = parse_bots(game_name, spec, n)
    players = make_bots(game_name, names)
    rng = random.Random(seed)
    others = "seat 1 is a bot" if n == 2 else f"seats 1-{n - 1} are bots"
    say(f"{game_name}, seed {seed}: you are seat 0; {others} ({', '.join(names[1:])})")
    say("type 'help' for help")
    shown = True
    while not game.is_over:
        to_act = game.to_act
        if 0 not in to_act:
            seat = to_act[0]
            action = players[seat].act(game.observation(seat), game.legal_actions(seat), rng)
            game.apply(seat, action)
            line = _report(game_name, seat, action)
            if line is not None:
                say(line)
            shown = True
            continue
        legal = game.legal_actions(0)
        choices = menu(game_name, legal)
        if shown:
            say()
            say(render(game.observation(0)))
            _show_menu(say, choices, full=False)
            shown = False
        try:
            line = read("your move> ").strip()
        except EOFError:
            say("\nend of input: game abandoned")
            return 1
        if not line:
            continue
        word = line.lower()
        if word in ("q", "quit", "exit"):
            say("game abandoned")
            return 1
        if word in ("h", "help", "?"):
            say(_HELP)
            continue
        if word in ("l", "list"):
            _show_menu(say, choices, full=True)
            continue
        if word == "look":
            shown = True
            continue
        chosen = _choose(game, choices, line)
        if isinstance(chosen, str):
            say(chosen)
            continue
        game.apply(0, chosen)
        say(f"you: {action_label(game_name, chosen)}")
        shown = True
    result = game.result
    assert result is not None
    say()
    say("game over")
    say(render(game.observation(0)))
    say(format_result(result, n, me=0))
    if save is not None:
        with open(save, "w", encoding="utf-8") as fh:
            json.dump(game.record(), fh)
        say(f"record saved to {save}")
    return 0


def _show_menu(
    say: Callable[[str], None], choices: list[tuple[str, Action]], *, full: bool
) -> None:
    if len(choices) > MENU_LIMIT and not full:
        say(
            f"{len(choices)} legal actions, e.g. '{choices[0][0]}'; type one, a number, "
            "or 'list' to see them all"
        )
        return
    width = len(str(len(choices)))
    say("legal actions:")
    for i, (label, _) in enumerate(choices, 1):
        say(f"  {i:>{width}}. {label}")


def _choose(game: Game, choices: list[tuple[str, Action]], line: str) -> Action | str:
    """The action ``line`` picks, or a message saying why it picks none."""
    if line.isdigit():
        k = int(line)
        if 1 <= k <= len(choices):
            return choices[k - 1][1]
        return f"there is no action {k}: choose 1 to {len(choices)} (or type 'help')"
    text = " ".join(line.split())
    for label, action in choices:
        if label == text:
            return action
    try:
        return game.verify_action(0, text)
    except IllegalActionError as exc:
        return f"{text!r} is not a legal action now: {exc}"
