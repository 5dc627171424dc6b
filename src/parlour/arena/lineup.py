"""Who plays a match: bot specs, their labels and the bots they make.

A **bot spec** names a bot: one of the game's registry bots
(:attr:`parlour.registry.GameSpec.bots`, such as ``"heuristic"``), or
``KIND:REST`` for a kind of spec registered in :data:`BOT_SPEC_KINDS`.
:func:`bot_factory` turns a spec into a function that makes a fresh bot.

A seat's entry in a lineup may carry a **label**, ``LABEL=SPEC``: seats
with the same label are one bot in the results, seats with different
labels are different bots even when their specs are the same (a bot
against itself: ``"a=heuristic,b=heuristic"``). An entry without a label
is labelled by its spec.

>>> parse_lineup("sichuan", "heuristic,random,random,random", 4)
(('heuristic', 'heuristic'), ('random', 'random'), ('random', 'random'), ('random', 'random'))
>>> [label for label, _ in parse_lineup("ninedomains", "old=heuristic,new=heuristic", 2)]
['old', 'new']
>>> bot_factory("sichuan", "random")().__class__.__name__
'RandomBot'
>>> bot_factory("sichuan", "clever")
Traceback (most recent call last):
...
ValueError: unknown bot 'clever' for sichuan; choose from random, heuristic, cmd:...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from parlour.protocol import Bot, Rules
from parlour.registry import GameSpec, spec

__all__ = ["BOT_SPEC_KINDS", "BotFactory", "bot_factory", "parse_lineup"]

#: A function that makes a fresh bot.
BotFactory = Callable[[], Bot]


def _command_bot(game: str, command: str, rules: Rules | None = None) -> BotFactory:
    # ``cmd:COMMAND``: a program speaking parlour-wire/1, one process per
    # bot made (parlour.wire.ProcessBot; it is stopped when the bot is
    # dropped at the end of its game). The rules fix its action ids and
    # are what its hello tells it.
    if not command.strip():
        raise ValueError("cmd: needs a command, e.g. cmd:python mybot.py")

    def make() -> Bot:
        from parlour.wire import ProcessBot

        return ProcessBot(command, game=game, rules=rules)

    return make


#: Kinds of bot spec beyond the registry's names: ``KIND`` -> a function
#: ``(game, rest)`` returning the :data:`BotFactory` of the spec
#: ``KIND:rest`` (or raising ``ValueError`` for a bad ``rest``). A kind
#: registered here is understood by :func:`bot_factory`,
#: :func:`parlour.arena.match` and ``parlour match`` alike. ``cmd:COMMAND``
#: is a :class:`parlour.wire.ProcessBot` running ``COMMAND`` (under the
#: game's default rules' action ids).
BOT_SPEC_KINDS: dict[str, Callable[[str, str], BotFactory]] = {"cmd": _command_bot}

# A label is a short name; what comes before the first "=" of a spec that
# is not one (a command line, say) leaves the entry unlabelled.
_LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_.+-]*")


def _game_spec(game: str) -> GameSpec:
    try:
        return spec(game)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None


def bot_factory(game: str, bot: str, rules: Rules | None = None) -> BotFactory:
    """The function that makes a fresh bot for the spec ``bot`` in ``game``.

    ``bot`` is a registry bot name of the game or ``KIND:REST`` with
    ``KIND`` in :data:`BOT_SPEC_KINDS`; anything else raises
    ``ValueError("unknown bot ...")`` naming the game's bots. ``rules``
    (the defaults when ``None``) are the rules a ``cmd:`` bot is made for.
    """
    if not isinstance(bot, str):
        raise ValueError(f"a bot spec is a str, not {type(bot).__name__}")
    text = bot.strip()
    kind, sep, rest = text.partition(":")
    if sep and kind == "cmd" and BOT_SPEC_KINDS.get("cmd") is _command_bot:
        return _command_bot(game, rest, rules)
    if sep and kind in BOT_SPEC_KINDS:
        return BOT_SPEC_KINDS[kind](game, rest)
    bots = _game_spec(game).bots
    if text in bots:
        return bots[text]
    known = ", ".join(bots)
    kinds = "".join(f", {k}:..." for k in BOT_SPEC_KINDS)
    raise ValueError(f"unknown bot {text!r} for {game}; choose from {known}{kinds}")


def _entry(item: str) -> tuple[str, str]:
    label, sep, rest = item.partition("=")
    label = label.strip()
    if sep and _LABEL.fullmatch(label):
        if not rest.strip():
            raise ValueError(f"the bot {item!r} has a label but no spec: give LABEL=BOT")
        return label, rest.strip()
    return item.strip(), item.strip()


def parse_lineup(
    game: str, bots: str | Sequence[str], num_players: int
) -> tuple[tuple[str, str], ...]:
    """One ``(label, spec)`` per seat of the lineup ``bots``, each spec checked.

    ``bots`` is one entry for every seat, a comma-separated list or a
    sequence of entries with one per seat; an entry is ``SPEC`` or
    ``LABEL=SPEC``. One label must stand for one spec throughout.

    >>> parse_lineup("sichuan", "random,random", 4)
    Traceback (most recent call last):
    ...
    ValueError: sichuan has 4 seats: give one bot for all or 4 bots, not 2
    """
    if isinstance(bots, str):
        items = bots.split(",")
    elif isinstance(bots, Sequence) and all(isinstance(b, str) for b in bots):
        items = list(bots)
    else:
        raise ValueError(f"bots must be a str or a sequence of str, not {bots!r}")
    if not items or any(not item.strip() for item in items):
        raise ValueError(f"bots {bots!r}: give a bot for every seat (an empty one was given)")
    entries = [_entry(item) for item in items]
    for _, bot in entries:
        bot_factory(game, bot)  # an unknown bot is the likelier mistake: named first
    if len(entries) == 1:
        entries = entries * num_players
    if len(entries) != num_players:
        raise ValueError(
            f"{game} has {num_players} seats: give one bot for all or "
            f"{num_players} bots, not {len(entries)}"
        )
    meaning: dict[str, str] = {}
    for label, bot in entries:
        if meaning.setdefault(label, bot) != bot:
            raise ValueError(f"the label {label!r} stands for both {meaning[label]!r} and {bot!r}")
    return tuple(entries)
