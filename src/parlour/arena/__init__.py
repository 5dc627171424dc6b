"""Fair matches between bots: duplicate deals and intervals clustered by deal.

In a card or tile game the deal decides much of a result, so two bots
compared over different deals need many games before luck averages out.
:func:`match` plays each deal once in every rotation of the bots over the
seats (a *duplicate* match), so every bot meets the same walls and decks
from every seat, and reports each bot's mean score per deal with a 95 %
interval that treats the deal as the unit, the paired differences between
bots and, for more than two bots, a Bradley-Terry rating table.

>>> from parlour.arena import match
>>> r = match("ninedomains", "heuristic,random", deals=20, seed=3)
>>> r.games, r.entries
(40, ('heuristic', 'random'))
>>> d = r.difference("heuristic", "random")  # paired by deal
>>> d.n, d.low < d.mean < d.high
(20, True)

The pieces: :mod:`parlour.arena.lineup` reads bot specs,
:mod:`parlour.arena.stats` holds the estimators, :mod:`parlour.arena.matches`
plays the games. ``parlour match`` is the command line of :func:`match`.
"""

from __future__ import annotations

from parlour.arena.lineup import BOT_SPEC_KINDS, BotFactory, bot_factory, parse_lineup
from parlour.arena.matches import (
    Difference,
    MatchResult,
    bot_seed,
    match,
    play_game,
    seats_of,
)
from parlour.arena.stats import (
    Interval,
    Rating,
    bradley_terry,
    clustered_interval,
    paired_difference,
    t_quantile,
)

__all__ = [
    "BOT_SPEC_KINDS",
    "BotFactory",
    "Difference",
    "Interval",
    "MatchResult",
    "Rating",
    "bot_factory",
    "bot_seed",
    "bradley_terry",
    "clustered_interval",
    "match",
    "paired_difference",
    "parse_lineup",
    "play_game",
    "seats_of",
    "t_quantile",
]
