"""Sì Sè Pái bots: a random one and a heuristic one that uses the solver.

>>> from parlour import play
>>> from parlour.sisepai import Game, HeuristicBot, RandomBot
>>> result = play(Game(seed=3), [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()])
>>> len(result.scores)
4
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour import _backend
from parlour.sisepai.cards import CARDS, CHESS_KINDS, KINDS, card_kind
from parlour.sisepai.game import Discard, SisepaiObservation, Take, Win

__all__ = ["HeuristicBot", "RandomBot"]

_KIND = tuple(card_kind(c) for c in range(CARDS))


class RandomBot:
    """Picks uniformly among the legal actions."""

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return one of ``legal_actions`` at random."""
        return rng.choice(list(legal_actions))


class HeuristicBot:
    """Wins whenever it can; takes every card it may take (quads first, then
    triples, then the rest: each take turns two or three loose cards into a
    finished group); discards the card whose loss keeps the most live
    winning cards, and among equals the least connected card (fewest
    copies and partners for a command, field or soldier group)."""

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Choose an action for ``observation``."""
        legal = list(legal_actions)
        if any(isinstance(a, Win) for a in legal):
            return next(a for a in legal if isinstance(a, Win))
        takes = [a for a in legal if isinstance(a, Take)]
        if takes:
            return max(takes, key=lambda a: (len(a.group), a.group.points(), a.group.kinds))
        discards = [a for a in legal if isinstance(a, Discard)]
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
            live = 0
            for x in range(KINDS):
                if mask >> x & 1:
                    live += max((4 if x < CHESS_KINDS else 1) - seen[x], 0)
            key = (live, -_connection(counts, k), -k)
            if best is None or key > best:
                best, choice = key, d
        return choice


def _connection(counts: list[int], k: int) -> int:
    """How many group partners a card of kind ``k`` has in ``counts``."""
    ch, col = k % 7, k // 7
    score = 2 * (counts[k] - 1)
    if ch in (1, 2):
        score += sum(1 for x in (col * 7, col * 7 + 1, col * 7 + 2) if x != k and counts[x])
    elif ch in (3, 4, 5):
        score += sum(1 for x in (col * 7 + 3, col * 7 + 4, col * 7 + 5) if x != k and counts[x])
    elif ch == 6:
        score += sum(1 for d in range(4) if d != col and counts[d * 7 + 6])
    return score
