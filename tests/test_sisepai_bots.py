"""The Sì Sè Pái HeuristicBot chooses what its first, plainer version chose.

The bot's hot path was rewritten for speed (one pass over the legal
actions, take ranks kept per group, live winning cards counted over the
mask's set bits); :class:`_Reference` below is the version before, kept
verbatim as the specification. Both are asked at every decision of whole
deals on both engines, driven by random and by heuristic play, and must
choose the same action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from parlour import _backend
from parlour.sisepai import Game, HeuristicBot, RandomBot
from parlour.sisepai.cards import CARDS, CHESS_KINDS, KINDS, card_kind
from parlour.sisepai.game import Discard, SisepaiObservation, Take, Win
from parlour.sisepai.hand import Group

_KIND = tuple(card_kind(c) for c in range(CARDS))
ENGINES = ["python"] + (["c"] if "c" in _backend.available() else [])


class _Reference:
    """HeuristicBot as it was written first."""

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
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
    ch, col = k % 7, k // 7
    score = 2 * (counts[k] - 1)
    if ch in (1, 2):
        score += sum(1 for x in (col * 7, col * 7 + 1, col * 7 + 2) if x != k and counts[x])
    elif ch in (3, 4, 5):
        score += sum(1 for x in (col * 7 + 3, col * 7 + 4, col * 7 + 5) if x != k and counts[x])
    elif ch == 6:
        score += sum(1 for d in range(4) if d != col and counts[d * 7 + 6])
    return score


def _decisions(engine: str, seed: int, driver: Any) -> tuple[int, int]:
    """Play one deal with ``driver`` at every seat, asking both bots at every
    decision of every seat to act; returns (decisions, discard decisions
    with a choice between several discards)."""
    game = Game(seed=seed, engine=engine)  # type: ignore[arg-type]
    rng = random.Random(seed)
    bot, ref = HeuristicBot(), _Reference()
    n = several = 0
    while not game.is_over:
        for seat in game.to_act:
            obs = game.observation(seat)
            legal = game.legal_actions(seat)
            # as a list and as another sequence (a tuple)
            want = ref.act(obs, legal, rng)
            assert bot.act(obs, legal, rng) is want, (engine, seed, seat, legal)
            assert bot.act(obs, tuple(legal), rng) is want
            n += 1
            several += sum(isinstance(a, Discard) for a in legal) > 1
        seat = game.to_act[0]
        obs = game.observation(seat)
        game.apply(seat, driver.act(obs, game.legal_actions(seat), rng))
    return n, several


@pytest.mark.parametrize("engine", ENGINES)
def test_heuristic_bot_chooses_as_its_reference(engine: str) -> None:
    n = several = 0
    for seed in range(8):
        driver = HeuristicBot() if seed % 2 else RandomBot()
        a, b = _decisions(engine, seed, driver)
        n, several = n + a, several + b
    assert n > 2000 and several > 100  # thousands of decisions, many real discards


@pytest.mark.slow
def test_heuristic_bot_chooses_as_its_reference_many() -> None:
    for seed in range(100, 200):
        driver = HeuristicBot() if seed % 2 else RandomBot()
        _decisions(ENGINES[-1], seed, driver)


def test_take_ranks_of_a_group_subclass_are_not_cached() -> None:
    class _MyGroup(Group):
        def points(self, rules: Any = None) -> int:
            return 100

    rng = random.Random(0)
    big = Take(_MyGroup((0,)))  # a General alone, with 100 points
    small = Take(Group((0,)))
    assert HeuristicBot().act(None, [small, big], rng) is big
    assert _Reference().act(None, [small, big], rng) is big
    assert HeuristicBot().act(None, [Discard(3), Win()], rng) == Win()
