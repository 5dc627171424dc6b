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


# -- Sichuan ------------------------------------------------------------------


def _meld_text(kind: str, ids: Sequence[int]) -> str:
    from parlour.sichuan import kind_text

    text = kind_text(ids[0] // 4)
    body = text[0] * len(ids) + text[1]
    return f"({body})" if kind == "concealed_kong" else f"[{body}]"


def _sichuan(obs: Any) -> str:
    from parlour.sichuan import kind_text

    def tiles(ids: Sequence[int]) -> str:
        return " ".join(kind_text(t // 4) for t in sorted(ids)) or "-"

    me = obs.seat
    lines = [
        f"Sichuan - you are seat {me} - dealer seat {obs.dealer} - wall {obs.wall_remaining}"
        f" - phase {obs.phase}"
    ]
    if any(obs.declared):
        missing = ", ".join(f"{_seat_name(s, me)} {m or '?'}" for s, m in enumerate(obs.missing))
        lines.append(f"missing suits: {missing}")
    hand = [t for t in obs.hand if t != obs.drawn]
    drawn = f"   drawn: {kind_text(obs.drawn // 4)}" if obs.drawn >= 0 else ""
    lines.append(f"your hand: {tiles(hand)}{drawn}")
    for s in range(len(obs.melds)):
        melds = " ".join(_meld_text(m.type, m.tiles) for m in obs.melds[s])
        won = "  WON" if obs.won[s] else ""
        public = obs.public_hands[s]
        shown = f"  hand {tiles(public)}" if public is not None and s != me else ""
        lines.append(
            f"  {_seat_name(s, me):>7}: {obs.hand_sizes[s]:>2} tiles  melds {melds or '-'}"
            f"{won}{shown}"
        )
    for s in range(len(obs.melds)):
        river = " ".join(
            kind_text(d.tile // 4) + ("*" if d.taken else "") for d in obs.discards if d.seat == s
        )
        lines.append(f"  {_seat_name(s, me):>7} discards: {river or '-'}")
    if obs.on_offer >= 0:
        lines.append(
            f"on offer: {kind_text(obs.on_offer // 4)} from {_seat_name(obs.offer_from, me)}"
        )
    if obs.ledger:
        totals = [0] * len(obs.melds)
        for p in obs.ledger:
            totals[p.payer] -= p.amount
            totals[p.payee] += p.amount
        lines.append(
            "scores so far: "
            + "  ".join(f"{_seat_name(s, me)} {v:+d}" for s, v in enumerate(totals))
        )
    return "\n".join(lines)


# -- Sì Sè Pái -------------------------------------------------------------------


def _sisepai(obs: Any) -> str:
    from parlour.sisepai import card_kind, card_text, format_kinds

    def cards(ids: Sequence[int]) -> str:
        return format_kinds(tuple(sorted(card_kind(c) for c in ids))) or "-"

    me = obs.seat
    lines = [
        f"Si Se Pai - you are seat {me} - dealer seat {obs.dealer} - stock {obs.stock_left}"
        f" - phase {obs.phase}",
        f"your hand: {cards(obs.concealed)}",
    ]
    for s in range(len(obs.exposed)):
        groups = " ".join(f"[{cards(g)}]" for g in obs.exposed[s]) or "-"
        lines.append(
            f"  {_seat_name(s, me):>7}: {obs.concealed_counts[s]:>2} concealed  exposed {groups}"
        )
    for s in range(len(obs.discards)):
        lines.append(f"  {_seat_name(s, me):>7} discards: {cards(obs.discards[s])}")
    if obs.card is not None:
        source = _seat_name(obs.source, me) if obs.source is not None else "?"
        lines.append(f"card in play: {card_text(obs.card)} from {source}")
    return "\n".join(lines)


# -- Shrine Wars ----------------------------------------------------------------


def _shrinewars(obs: Any) -> str:
    me = obs.seat
    lines = [f"Shrine Wars - you are seat {me} - {obs.cards_left} cards left"]
    lines.append(f"your oinks: {obs.oinks}")
    if obs.table_oinks is not None:
        lines.append(
            "oinks: " + "  ".join(f"{_seat_name(s, me)} {o}" for s, o in enumerate(obs.table_oinks))
        )
    for s in range(obs.num_players):
        lines.append(f"  {_seat_name(s, me):>7} won: {str(obs.won[s]) or '-'}  pool {obs.pool[s]}")
    lines.append(f"lot: {str(obs.lot) or '-'}  opened by {_seat_name(obs.opener, me)}")
    if obs.high_bid is not None and obs.high_bidder is not None:
        lines.append(f"high bid: {obs.high_bid} by {_seat_name(obs.high_bidder, me)}")
    if obs.bids:
        lines.append("this lot: " + ", ".join(f"{_seat_name(s, me)} {a}" for s, a in obs.bids))
    if obs.forbidden:
        lines.append(f"you may not bid amounts ending in {', '.join(map(str, obs.forbidden))}")
    return "\n".join(lines)


# -- The Nine Domains ----------------------------------------------------------


def _ninedomains(obs: Any) -> str:
    me = obs.seat
    rules = obs.rules

    def domain(d: int) -> str:
        element = rules.element_of(d)
        return f"{d}({element})" if element else str(d)

    def cards(cs: Sequence[Any]) -> str:
        return " ".join(str(c) for c in cs) or "-"

    lines = [f"The Nine Domains - you are seat {me} - round {obs.round + 1} - phase {obs.phase}"]
    lines.append(
        "domains on offer (positions 0 1 2): " + "  ".join(domain(d) for d in obs.revealed)
    )
    for s in (0, 1):
        held = " ".join(domain(d) for d in obs.held[s]) or "-"
        lines.append(
            f"  {_seat_name(s, me):>7}: points {obs.points[s]:>3}  held {held}"
            f"  hand {cards(obs.hands[s])}"
        )
    if obs.my_placement is not None:
        lines.append(f"your placement: {cards(obs.my_placement)}")
    recent = [b for b in obs.battles if b.round == obs.round - (1 if obs.phase == "place" else 0)]
    for b in recent:
        who = "removed" if b.winner is None else f"won by {_seat_name(b.winner, me)}"
        lines.append(f"  battle for {domain(b.domain)}: {b.cards[0]} vs {b.cards[1]} - {who}")
    if obs.pending is not None:
        lines.append(f"pending effect: {obs.pending.kind} of {_seat_name(obs.pending.seat, me)}")
    return "\n".join(lines)


_RENDERERS: dict[str, Callable[[Any], str]] = {
    "SichuanObservation": _sichuan,
    "SisepaiObservation": _sisepai,
    "ShrineWarsObservation": _shrinewars,
    "NineDomainsObservation": _ninedomains,
}


def render(obs: Observation) -> str:
    """A plain-text view of one seat's observation."""
    renderer = _RENDERERS.get(type(obs).__name__)
    if renderer is not None:
        return renderer(obs)
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
