"""Determinisation for Shrine Wars: :meth:`Game.resample
<parlour.protocol.Game.resample>` draws what one seat cannot see.

What a seat cannot see (rules of record, "What each player may see", and
precise point 8): only the order of the cards still in the deck that it has
not seen. Every won card, lot, bid, pass, payment and the pool are public;
the others' Oink totals, hidden from the observation when the table plays
closed, follow from the public bids and payouts (precise point 8), so they
are not drawn: the replayed bids give the same totals. The opening draw is
public too: its cards went to the bottom of the deck in the order drawn,
so the seat knows that the deck ends with them.

**The argument.** The deck after the opening draw is the deck before it
turned by the number of cards drawn; lots come off its top. So the cards
still in the deck are a run of unseen cards followed by the opening-draw
cards still to come, whose order is known. No public event depends on the
order (or identity) of the unseen run: nothing is forced by a card before
it is turned up (a player with no legal bid passes, and which bids are
legal depends only on the lot, its own Oinks and its won cards). So every
order of the unseen cards in their places is consistent with what the seat
has seen, and a uniform shuffle of those places draws the consistent decks
uniformly.

**The construction.** The shuffled cards go back to their places in the
deck order before the opening draw (the places the opening draw did not
reach, so it replays alike); the new deal goes through ``_from_deal`` and
every recorded action is replayed on the same engine, all of them public.
A resample costs one replay of the game so far (see :ref:`perf-resample-others`).
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["hidden_cards", "resample"]


# A parlour.shrinewars.Game, which imports this module (its _resample hook), so
# this one cannot import it back.
_Game = Any


def hidden_cards(game: _Game) -> tuple[int, ...]:
    """The cards still in the deck that no seat has seen, in deck order
    (all knowledge: which cards they are is public, their order is not).

    >>> from parlour.shrinewars import Game
    >>> g = Game(players=2, deck="9F 2W 5A 7E 3F")
    >>> [c for c in hidden_cards(g)]  # 9F, 2W were drawn; 5A is the lot
    [33, 2]
    """
    drawn = {c for _, c in game._engine.draws}
    return tuple(c for c in game._engine.deck if c not in drawn)


def resample(game: _Game, seat: int, rng: random.Random) -> _Game:
    """A new game ``seat`` cannot tell from ``game``: the unseen cards of the
    deck shuffled with ``rng`` (see the module's docstring)."""
    del seat  # every seat sees the same: the deck order is all that is hidden
    hidden = set(hidden_cards(game))
    deck0 = list(game._deck0)
    places = [i for i, c in enumerate(deck0) if c in hidden]
    cards = [deck0[i] for i in places]
    rng.shuffle(cards)
    for i, c in zip(places, cards, strict=True):
        deck0[i] = c
    twin = type(game)._from_deal(
        game.rules, {"players": game.num_players, "deck": deck0}, engine=game.engine
    )
    for s, action in game._history:
        twin.apply(s, action)
    return twin
