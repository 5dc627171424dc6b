"""Sì Sè Pái bots: a random one and a heuristic one that uses the solver.

>>> from parlour import play
>>> from parlour.sisepai import Game, HeuristicBot, RandomBot
>>> result = play(Game(seed=3), [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()])
>>> len(result.scores)
4
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour import _backend
from parlour.sisepai.cards import CARDS, CHESS_KINDS, KINDS, card_kind
from parlour.sisepai.game import Discard, SisepaiObservation, Take, Win
from parlour.sisepai.hand import Group

__all__ = ["HeuristicBot", "RandomBot"]


def _py_choice(rng: random.Random, seq: Sequence[Any]) -> Any:
    return rng.choice(seq)


# rng.choice, or the compiled module's copy of it (parlour._core._random_choice:
# the same draws and generator calls, without two Python frames a step).
_choice: Callable[[random.Random, Sequence[Any]], Any] = _py_choice


def _bind_choice(module: Any) -> None:
    global _choice
    _choice = getattr(module, "_random_choice", _py_choice)
    register = getattr(module, "_sisepai_bots_register", None)
    if register is not None:
        # The binding's play_out then chooses for these bots in C, exactly
        # as their act would (csrc/sisepai_bots.c), unless act is overridden.
        register(RandomBot, HeuristicBot)


_KIND = tuple(card_kind(c) for c in range(CARDS))


class RandomBot:
    """Picks uniformly among the legal actions."""

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return one of ``legal_actions`` at random."""
        # The binding's copy of rng.choice where it has one: the same draw.
        return _choice(
            rng, legal_actions if legal_actions.__class__ is list else list(legal_actions)
        )


class HeuristicBot:
    """Wins whenever it can; takes every card it may take (quads first, then
    triples, then the rest: each take turns two or three loose cards into a
    finished group); discards the card whose loss keeps the most live
    winning cards, and among equals the least connected card (fewest
    copies and partners for a command, field or soldier group)."""

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Choose an action for ``observation``.

        On the C engine, for an observation of the state as it still is and
        its legal list, the choice is made in C (``parlour_ssb_heuristic``,
        held equal to the Python code below by tests/test_sisepai_play_out.py
        and tests/test_env_masks_c.py), unless the bot's methods are not this
        class's own.
        """
        if (
            observation.__class__ is SisepaiObservation
            and legal_actions.__class__ is list
            and self.__class__ is HeuristicBot
            and not self.__dict__
            and HeuristicBot.__dict__["_discard"] is _DISCARD
        ):
            view = observation.__dict__.get("_lazy")
            if view is not None:
                choice = view._heuristic(legal_actions)
                if choice is not None:
                    return choice
        return self._act_python(observation, legal_actions)

    def _act_python(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        # The definition of the bot's choice, for any observation.
        legal = legal_actions if legal_actions.__class__ is list else list(legal_actions)
        if len(legal) == 1:
            # Whatever it is, the rules below choose it.
            return legal[0]
        takes: list[Take] = []
        discards: list[Discard] = []
        for a in legal:
            if isinstance(a, Win):
                return a
            if isinstance(a, Take):
                takes.append(a)
            elif isinstance(a, Discard):
                discards.append(a)
        if takes:
            return max(takes, key=_take_key)
        if discards:
            return self._discard(observation, discards)
        return legal[0]

    def _discard(self, obs: SisepaiObservation, discards: list[Discard]) -> Discard:
        counts = [0] * KINDS
        for c in obs.concealed:
            counts[_KIND[c]] += 1
        exposed = [0] * KINDS
        ecards = 0
        for g in obs.exposed[obs.seat]:
            for c in g:
                exposed[_KIND[c]] += 1
                ecards += 1
        seen = list(counts)
        for groups in obs.exposed:
            for g in groups:
                for c in g:
                    seen[_KIND[c]] += 1
        for pile in obs.discards:
            for c in pile:
                seen[_KIND[c]] += 1
        ebytes = bytes(exposed)
        winning = _backend.impl.sisepai_counts_winning
        best: tuple[int, int, int] | None = None
        choice = discards[0]
        for d in discards:
            k = d.kind
            counts[k] -= 1
            mask = winning(bytes(counts), ebytes, ecards)
            counts[k] += 1
            # The live copies of each winning kind, by the mask's set bits.
            live = 0
            while mask:
                low = mask & -mask
                x = low.bit_length() - 1
                left = _COPIES[x] - seen[x]
                if left > 0:
                    live += left
                mask ^= low
            if best is not None and live < best[0]:
                continue  # cannot beat the best, whatever its connection
            key = (live, -_connection(counts, k), -k)
            if best is None or key > best:
                best, choice = key, d
        return choice


# The class's own _discard, which the C bot plays as (a replaced one is asked instead).
_DISCARD = HeuristicBot.__dict__["_discard"]

# Copies of each kind: four of a chess kind, one flower.
_COPIES = tuple(4 if x < CHESS_KINDS else 1 for x in range(KINDS))
# A take's rank among takes, by its group's kinds (made once per group).
_TAKE_KEYS: dict[tuple[int, ...], tuple[int, int, tuple[int, ...]]] = {}


def _take_key(a: Take) -> tuple[int, int, tuple[int, ...]]:
    """Takes rank by size, then points (rules of record), then kinds."""
    g = a.group
    if g.__class__ is not Group:
        return (len(g), g.points(), g.kinds)
    key = _TAKE_KEYS.get(g.kinds)
    if key is None:
        key = _TAKE_KEYS[g.kinds] = (len(g), g.points(), g.kinds)
    return key


def _connection(counts: list[int], k: int) -> int:
    """How many group partners a card of kind ``k`` has in ``counts``."""
    score = 2 * (counts[k] - 1)
    for x in _PARTNERS[k]:
        if counts[x]:
            score += 1
    return score


def _partners(k: int) -> tuple[int, ...]:
    # The other kinds a card of kind k makes a command, field or soldier
    # group with.
    ch, col = k % 7, k // 7
    family: tuple[int, ...]
    if ch in (1, 2):
        family = (col * 7, col * 7 + 1, col * 7 + 2)
    elif ch in (3, 4, 5):
        family = (col * 7 + 3, col * 7 + 4, col * 7 + 5)
    elif ch == 6:
        family = tuple(d * 7 + 6 for d in range(4))
    else:
        family = ()
    return tuple(x for x in family if x != k)


_PARTNERS = tuple(_partners(k) for k in range(CHESS_KINDS))

# After the classes: registering hands them to the compiled module.
_backend.bind(_bind_choice)
