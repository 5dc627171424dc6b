"""Shrine Wars bots: a random one and a heuristic one.

Both follow the :class:`parlour.Bot` protocol and are constructed with no
arguments.

>>> import parlour
>>> from parlour.shrinewars import Game, HeuristicBot, RandomBot
>>> result = parlour.play(Game(seed=3), [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()])
>>> len(result.scores)
4
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour import _backend
from parlour.protocol import Action
from parlour.shrinewars import scoring
from parlour.shrinewars.cards import Cards
from parlour.shrinewars.game import Bid, Pass, ShrineWarsObservation

__all__ = ["HeuristicBot", "RandomBot"]


def _py_choice(rng: random.Random, seq: Sequence[Any]) -> Any:
    return rng.choice(seq)


# rng.choice, or the compiled module's copy of it (parlour._core._random_choice:
# the same draws and generator calls, without two Python frames a step).
_choice: Callable[[random.Random, Sequence[Any]], Any] = _py_choice


def _bind_choice(module: Any) -> None:
    global _choice
    _choice = getattr(module, "_random_choice", _py_choice)
    register = getattr(module, "_shrinewars_bots_register", None)
    if register is not None:
        # The binding's play_out then chooses for these bots in C, exactly
        # as their act would, unless act is overridden (see play_out).
        register(RandomBot, HeuristicBot)


class RandomBot:
    """Picks uniformly among the legal actions (each legal amount once)."""

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Return a random legal action."""
        # choice() indexes the sequence itself: the same draw as on a copy;
        # the binding's copy of it where it has one, the same draw again.
        choice: Action = _choice(rng, legal_actions)
        return choice


def _gain(won: Cards, lot: Cards) -> int:
    return scoring.score_mask(won.mask | lot.mask) - scoring.score_mask(won.mask)


def _receivers(obs: ShrineWarsObservation, digit: int) -> list[int]:
    others = [s for s in range(obs.num_players) if s != obs.seat]
    if digit == 0:
        return others
    held = {s: obs.won[s].count_value(digit) for s in others}
    most = max(held.values())
    if most == 0:
        return others
    return [s for s in others if held[s] == most]


class HeuristicBot:
    """Values a lot by the points it adds and the points it denies.

    The value of a lot is ``gain + deny / 2``, where ``gain`` is how much the
    lot raises this seat's best-partition score (through the C scorer) and
    ``deny`` the largest raise any rival would get from it. That value is
    turned into Oinks at the rate of the seat's Oinks per card still to come,
    and the bot bids up to it, never more than it holds. Among the few
    cheapest legal amounts it prefers the one whose payment goes least to
    the rivals with the most points, and it pays a set from the element it
    holds most of.
    """

    #: How many of the cheapest legal amounts are compared for where the money goes.
    window = 4
    #: Oinks offered per point of value, as a multiple of the spending rate.
    boldness = 6.0

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Return a bid up to the lot's value, or a pass.

        On the C engine the choice is made in C from the observation's copy
        of the seat's view (``parlour_swg_bot_heuristic``, held in lock step
        with the Python code below by tests/test_shrinewars_bots_c.py).
        """
        if observation.__class__ is ShrineWarsObservation:
            view = observation.__dict__.get("_view")
            if view is not None:
                # None when the C bot cannot answer (then the Python one does).
                choice: Action | None = view._heuristic(self.window, self.boldness, legal_actions)
                if choice is not None:
                    return choice
        return self._act_python(observation, legal_actions)

    def _act_python(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        # The definition of the bot's choice, for any observation.
        obs: ShrineWarsObservation = observation
        bids = [a for a in legal_actions if isinstance(a, Bid)]
        if not bids:
            return Pass()
        me = obs.seat
        lot = obs.lot
        gain = _gain(obs.won[me], lot)
        deny = max(_gain(obs.won[s], lot) for s in range(obs.num_players) if s != me)
        seen = obs.set_aside.mask
        for w in obs.won:
            seen |= w.mask
        elements = sorted({c // 9 for c in lot})
        # Oinks of an element buy only cards of that element: spread them over
        # the cards of the lot's elements not yet won or set aside.
        unseen = sum(9 - bin(seen >> (9 * e) & 0x1FF).count("1") for e in elements)
        rate = sum(obs.oinks[e] for e in elements) / max(1, unseen)
        value = int(rate * (gain + deny / 2) * self.boldness)
        affordable = [b for b in bids if b.amount <= value]
        if not affordable:
            return Pass()
        points = [scoring.score_mask(w.mask) for w in obs.won]
        top_rival = max(points[s] for s in range(obs.num_players) if s != me) + 1

        def cost(b: Bid) -> float:
            receivers = _receivers(obs, b.digit)
            threat = sum(points[r] for r in receivers) / (len(receivers) * top_rival)
            return b.amount * (1 + threat)

        choice = min(affordable[: self.window], key=lambda b: (cost(b), b.amount))
        if len(elements) > 1:
            elements.sort(key=lambda e: (-obs.oinks[e], e))
            paid = [0, 0, 0, 0]
            left = choice.amount
            for e in elements:
                take = min(left, obs.oinks[e])
                paid[e] = take
                left -= take
            return Bid(choice.amount, (paid[0], paid[1], paid[2], paid[3]))
        return choice


# After the classes: registering hands them to the compiled module.
_backend.bind(_bind_choice)
