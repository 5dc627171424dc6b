"""Determinisation for The Nine Domains: :meth:`Game.resample
<parlour.protocol.Game.resample>` draws what one seat cannot see.

What a seat cannot see (rules of record, "What each player may see", and
precise point 9): the order of the domains not yet revealed, the order of
the specials not yet dealt, and the opponent's placement of the current
round while it is placed but not revealed. Everything else is public: both
hands, both used piles, every battle, every ``2-`` swap and ``3-`` choice.

**The argument.** No public event depends on a card that has not been
shown: battles are fought over revealed domains with placed cards, effects
choose among held domains and hands, the element check reads held
domains. Nor does any forced action depend on them (a placement is any
three hand cards; an effect's options are public). So every order of the
hidden domains and every order of the undealt specials is consistent with
what the seat has seen, independently of each other, and the opponent's
unrevealed placement can be any of its legal placements: none constrains
the others. The consistent assignments are therefore the product of the
three sets, and drawing each factor uniformly (a shuffle of the hidden
domain slots, a shuffle of the undealt special slots, a uniform legal
placement) draws the product uniformly.

Which slots are hidden follows the game's own view: the domains of rounds
``0 .. round`` are shown (a finished game also shows the piles' next
domains), and the specials of every round that was dealt.

**The construction.** The new orders go through ``_from_deal`` and the
history is replayed on the same engine, the opponent's unrevealed
placement replaced by the drawn one. A replay is a dozen actions at most,
so a resample costs about one game's construction (see
:ref:`perf-resample-others`).
"""

from __future__ import annotations

import random
from typing import Any

from parlour.ninedomains.values import Place

__all__ = ["hidden_slots", "resample"]


# A parlour.ninedomains.Game, which imports this module (its _resample hook), so
# this one cannot import it back.
_Game = Any


def hidden_slots(game: _Game) -> tuple[int, int]:
    """``(shown, dealt)``: domains ``0 .. shown - 1`` and specials ``0 ..
    dealt - 1`` of the deal orders are known to both seats; the rest are
    not.

    >>> from parlour.ninedomains import Game
    >>> hidden_slots(Game(seed=1))
    (3, 3)
    """
    rnd = game.round
    over = game.is_over
    return 3 * min(rnd + 1, 3), 3 * min(rnd + (0 if over else 1), 3)


def resample(game: _Game, seat: int, rng: random.Random) -> _Game:
    """A new game ``seat`` cannot tell from ``game``, its hidden parts drawn
    uniformly with ``rng`` (see the module's docstring)."""
    shown, dealt = hidden_slots(game)
    domains = list(game._domains)
    specials = [c.text for c in game._specials]
    tail_d = domains[shown:]
    tail_s = specials[dealt:]
    rng.shuffle(tail_d)
    rng.shuffle(tail_s)
    deal = {"domains": domains[:shown] + tail_d, "specials": specials[:dealt] + tail_s}
    twin = type(game)._from_deal(game.rules, deal, engine=game.engine)
    # The opponent's placement is hidden only while this round is open and
    # the seat has not seen it revealed: the last Place of the opponent
    # then stands in the history after this round's start.
    opp = 1 - seat
    hidden_at = -1
    if game.phase == "place" and not game.is_over:
        obs = game.observation(seat)
        if obs.placed[opp]:
            hidden_at = max(i for i, (s, a) in enumerate(game._history) if s == opp)
            assert isinstance(game._history[hidden_at][1], Place)
    for i, (s, action) in enumerate(game._history):
        if i == hidden_at:
            action = rng.choice(twin.legal_actions(s))
        twin.apply(s, action)
    return twin
