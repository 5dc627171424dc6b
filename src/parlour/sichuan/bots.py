"""Bots for the Sichuan game: a random player and a heuristic one.

Both follow the :class:`parlour.Bot` protocol:
``act(observation, legal_actions, rng)`` returns one of ``legal_actions``.

>>> import parlour
>>> from parlour.sichuan import Game, HeuristicBot, RandomBot
>>> result = parlour.play(Game(seed=3), [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()])
>>> len(result.scores), sum(result.scores)
(4, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour import _backend
from parlour.sichuan import evaluate as _ev
from parlour.sichuan.game import (
    Declare,
    Discard,
    Exchange,
    Kong,
    Pass,
    Pung,
    SichuanObservation,
    Win,
)
from parlour.sichuan.hand import CONCEALED_KONG, KONG, MELD_SIZES, PUNG, Meld, valid_hand
from parlour.sichuan.tiles import KINDS, SUITS, suit_index

__all__ = ["HeuristicBot", "RandomBot"]

_MISSING_RANGE: dict[str | None, range] = {
    None: range(0),
    **{s: range(9 * i, 9 * i + 9) for i, s in enumerate(SUITS)},
}


class RandomBot:
    """Picks uniformly among the legal actions with the rng it is given.

    >>> RandomBot().act(None, ["pass"], random.Random(0))
    'pass'
    """

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return a uniformly random legal action."""
        n = len(legal_actions)
        if n > 0 and rng.__class__ is random.Random:
            # What randrange(n) returns for n > 0, without its argument checks.
            return legal_actions[rng._randbelow(n)]  # type: ignore[attr-defined]
        return legal_actions[rng.randrange(n)]


class HeuristicBot:
    """A greedy player built on the fast evaluator.

    - **Exchange three**: passes the three lowest tiles of its shortest suit
      that holds at least three.
    - **Missing suit**: the suit it holds fewest of (ties: m before p before s).
    - **Win** whenever it can.
    - **Kong** and **pung** when that does not worsen its shanten.
    - **Discard**: a tile of its missing suit while it holds one; otherwise
      the tile that leaves the lowest shanten, then the most live tiles
      (copies not visible to it) that would lower the shanten; ties go to
      the lowest tile.

    >>> from parlour.sichuan import Game
    >>> game = Game(seed=5)
    >>> str(HeuristicBot().act(game.observation(0), game.legal_actions(0), random.Random(0)))
    'declare p'
    """

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Choose an action (deterministic; ``rng`` is not used)."""
        obs: SichuanObservation = observation
        if len(legal_actions) == 1:
            return legal_actions[0]  # what every rule below picks from one choice
        first = legal_actions[0]
        if isinstance(first, Declare):
            return self._declare(obs, legal_actions)
        if isinstance(first, Exchange):
            return self._exchange(obs, legal_actions)
        kongs: list[Kong] = []
        discards: list[Discard] = []
        for a in legal_actions:
            if isinstance(a, Win):
                return a  # the first win
            if isinstance(a, Kong):
                kongs.append(a)
            elif isinstance(a, Discard):
                discards.append(a)
        if isinstance(first, Pass):
            return self._answer(obs, legal_actions)
        for k in kongs:
            if self._turn_kong_ok(obs, k.kind):
                return k
        return self._discard(obs, discards)

    # -- choices ---------------------------------------------------------
    @staticmethod
    def _suit_sizes(hand: Sequence[int]) -> list[int]:
        sizes = [0, 0, 0]
        for t in hand:
            sizes[t // 36] += 1
        return sizes

    def _declare(self, obs: SichuanObservation, legal: Sequence[Any]) -> Any:
        sizes = self._suit_sizes(obs.hand)
        suit = min(range(3), key=lambda s: (sizes[s], s))
        for a in legal:
            if isinstance(a, Declare) and a.suit == SUITS[suit]:
                return a
        return legal[0]  # pragma: no cover - every suit is always legal

    def _exchange(self, obs: SichuanObservation, legal: Sequence[Any]) -> Any:
        sizes = self._suit_sizes(obs.hand)
        suit = min((s for s in range(3) if sizes[s] >= 3), key=lambda s: (sizes[s], s))
        tiles = tuple(sorted(t for t in obs.hand if t // 36 == suit)[:3])
        for a in legal:
            if isinstance(a, Exchange) and a.tiles == tiles:
                return a
        return legal[0]  # pragma: no cover - the choice is always legal

    @staticmethod
    def _counts(obs: SichuanObservation) -> list[int]:
        counts = [0] * KINDS
        for t in obs.hand:
            counts[t >> 2] += 1
        return counts

    @staticmethod
    def _melds(obs: SichuanObservation) -> list[Meld]:
        out = []
        for m in obs.melds[obs.seat]:
            assert m.kind is not None
            out.append(Meld(m.kind, m.type))
        return out

    @staticmethod
    def _missing(obs: SichuanObservation) -> str | None:
        return obs.missing[obs.seat]

    def _shanten(self, counts: list[int], melds: list[Meld], missing: str | None) -> int:
        return _ev.shanten(valid_hand(counts, melds), missing_suit=missing)

    def _answer(self, obs: SichuanObservation, legal: Sequence[Any]) -> Any:
        claims = [a for a in legal if isinstance(a, (Kong, Pung))]
        if not claims:
            return legal[0]
        counts = self._counts(obs)
        melds = self._melds(obs)
        missing = self._missing(obs)
        now = self._shanten(counts, melds, missing)
        for a in sorted(claims, key=lambda a: not isinstance(a, Kong)):
            after = list(counts)
            after[a.kind] -= 3 if isinstance(a, Kong) else 2
            new_melds = [*melds, Meld(a.kind, KONG if isinstance(a, Kong) else PUNG)]
            if self._shanten(after, new_melds, missing) <= now:
                return a
        return next(a for a in legal if isinstance(a, Pass))

    def _turn_kong_ok(self, obs: SichuanObservation, kind: int) -> bool:
        counts = self._counts(obs)
        melds = self._melds(obs)
        missing = self._missing(obs)
        now = self._shanten(counts, melds, missing)
        after = list(counts)
        if counts[kind] == 4:
            after[kind] = 0
            new = [*melds, Meld(kind, CONCEALED_KONG)]
        else:
            after[kind] -= 1
            new = [Meld(m.kind, KONG) if m.kind == kind else m for m in melds]
        return self._shanten(after, new, missing) <= now

    @staticmethod
    def _visible(obs: SichuanObservation, counts: list[int]) -> list[int]:
        seen = list(counts)
        for melds in obs.melds:
            for m in melds:
                if m.kind is not None:
                    seen[m.kind] += MELD_SIZES[m.type]
        for d in obs.discards:
            if d.taken in ("", "win", "robbed"):
                seen[d.tile >> 2] += 1
        return seen

    def _discard(self, obs: SichuanObservation, discards: Sequence[Discard]) -> Discard:
        # The same choice as the batch formulation (rows of counts minus each
        # candidate, batch shanten counting melds but not capping kinds by
        # them, then the live kinds that lower it), evaluated in one call of
        # sichuan_discard_gains; tests/test_sichuan_game.py checks it against
        # the plain numpy version.
        if len(discards) == 1:
            return discards[0]
        first_of_kind: dict[int, Discard] = {}
        for d in discards:
            first_of_kind.setdefault(d.tile >> 2, d)
        if len(first_of_kind) == 1:
            return next(iter(first_of_kind.values()))
        counts = self._counts(obs)
        missing = self._missing(obs)
        seen = self._visible(obs, counts)
        skip = _MISSING_RANGE[missing]
        live = bytes(4 - seen[k] if seen[k] < 4 and k not in skip else 0 for k in range(KINDS))
        candidates = bytes(1 if k in first_of_kind else 0 for k in range(KINDS))
        # One call evaluates every candidate (the C core: a few microseconds).
        _best, sh13, gains = _backend.impl.sichuan_discard_gains(
            counts, len(obs.melds[obs.seat]), suit_index(missing), live, candidates
        )
        pick = -1
        for k in sorted(first_of_kind):
            if sh13[k] == _best and (pick < 0 or gains[k] > gains[pick]):
                pick = k
        return first_of_kind[pick]
