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
from types import ModuleType
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
from parlour.sichuan.hand import PACK_DELTA, SLOT_SETTERS, Hand, Meld
from parlour.sichuan.tiles import KINDS, SUITS

__all__ = ["HeuristicBot", "RandomBot"]

_PACK_DELTA = PACK_DELTA
_NO_MELD_COUNTS = bytes(KINDS)
_MISSING_RANGE = {None: range(0), "m": range(0, 9), "p": range(9, 18), "s": range(18, 27)}


class _Probe(Hand):
    """A reusable, mutable stand-in for the 13- or 14-tile rows of a batch call.

    ``parlour.sichuan.batch.shanten`` counts a row's melds but never caps a
    kind by the tiles in them; a probe with ``nmelds`` melds and all-zero meld
    counts gives exactly that answer from the single-hand ``shanten`` of
    either backend, for about 0.3 µs instead of a numpy round trip.
    """

    __slots__ = ()


_set_counts = SLOT_SETTERS["_counts"]
_set_melds = SLOT_SETTERS["_melds"]
_set_packed = SLOT_SETTERS["_packed"]
_set_nmelds = SLOT_SETTERS["_nmelds"]
_set_meld_counts = SLOT_SETTERS["_meld_counts"]
_set_meld_suits = SLOT_SETTERS["_meld_suits"]
_set_size = SLOT_SETTERS["_size"]

# Whether the live backend is the compiled one (kept by _rebind).
_C_BACKEND = [False]


def _rebind(impl: ModuleType) -> None:
    _C_BACKEND[0] = _backend.current() == "c"


_backend.bind(_rebind)


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
        return _ev.shanten(_hand(counts, melds), missing_suit=missing)

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
            new_melds = [*melds, Meld(a.kind, "kong" if isinstance(a, Kong) else "pung")]
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
            new = [*melds, Meld(kind, "concealed_kong")]
        else:
            after[kind] -= 1
            new = [Meld(m.kind, "kong") if m.kind == kind else m for m in melds]
        return self._shanten(after, new, missing) <= now

    @staticmethod
    def _visible(obs: SichuanObservation, counts: list[int]) -> list[int]:
        seen = list(counts)
        for melds in obs.melds:
            for m in melds:
                if m.kind is not None:
                    seen[m.kind] += 3 if m.type == "pung" else 4
        for d in obs.discards:
            if d.taken in ("", "win", "robbed"):
                seen[d.tile >> 2] += 1
        return seen

    def _discard(self, obs: SichuanObservation, discards: Sequence[Discard]) -> Discard:
        # The same choice as the batch formulation (rows of counts minus each
        # candidate, batch shanten counting melds but not capping kinds by
        # them): the candidates row by row on a probe hand, the tie-break rows
        # (only the live kinds) in one batch call or, for a ready hand, from
        # its waits; tests/test_sichuan_game.py checks it against the plain
        # numpy version.
        if len(discards) == 1:
            return discards[0]
        first_of_kind: dict[int, Discard] = {}
        for d in discards:
            first_of_kind.setdefault(d.tile >> 2, d)
        if len(first_of_kind) == 1:
            return next(iter(first_of_kind.values()))
        kinds = sorted(first_of_kind)
        counts = self._counts(obs)
        missing = self._missing(obs)
        nmelds = len(obs.melds[obs.seat])
        packed = 0
        for t in obs.hand:
            packed += _PACK_DELTA[t >> 2]
        rows = _Rows(counts, nmelds, missing)
        sh13 = rows.without(packed, kinds)
        best = min(sh13)
        keep = [k for k, v in zip(kinds, sh13, strict=True) if v == best]
        if len(keep) == 1:
            return first_of_kind[keep[0]]
        seen = self._visible(obs, counts)
        skip = _MISSING_RANGE[missing]
        live = [(k, 4 - seen[k]) for k in range(KINDS) if seen[k] < 4 and k not in skip]
        if best == 0:
            # One tile lowers a ready hand's shanten exactly when it completes it.
            gains = []
            for k in keep:
                waits = rows.waits(packed - _PACK_DELTA[k], k)
                gains.append(sum(n for j, n in live if waits >> j & 1))
        else:
            gains = _batch_gains(counts, nmelds, missing, keep, live, best)
        pick = keep[0]
        top = -1
        for k, gain in zip(keep, gains, strict=True):
            if gain > top:
                top = gain
                pick = k
        return first_of_kind[pick]


def _batch_gains(
    counts: list[int],
    nmelds: int,
    missing: str | None,
    keep: list[int],
    live: list[tuple[int, int]],
    best: int,
) -> list[int]:
    """For each kept discard ``k``: the live copies of the kinds ``j`` whose row
    ``counts - e[k] + e[j]`` has a shanten below ``best``, from one batch call."""
    import numpy as np

    from parlour.sichuan import batch

    width = len(live)
    buf = bytearray()
    for k in keep:
        row = list(counts)
        row[k] -= 1
        buf += bytes(row) * width
    pos = 0
    for _ in keep:
        for j, _n in live:
            buf[pos + j] += 1
            pos += KINDS
    rows = np.frombuffer(buf, dtype=np.uint8).reshape(-1, KINDS)
    melds = np.full(len(rows), nmelds, dtype=np.uint8) if nmelds else None
    sh = batch.shanten(rows, melds, missing_suit=missing).tolist()
    gains = []
    i = 0
    for _ in keep:
        gain = 0
        for _j, n in live:
            if sh[i] < best:
                gain += n
            i += 1
        gains.append(gain)
    return gains


def _hand(counts: list[int], melds: list[Meld]) -> Hand:
    """``Hand(counts, melds)`` for the bot's own (valid) hands, built without
    the constructor's checks; anything out of range goes to the constructor,
    which says what is wrong."""
    total = list(counts)
    for m in melds:
        total[m.kind] += m.size
    if len(melds) > 4 or min(counts) < 0 or max(total) > 4:
        return Hand(counts, melds)
    size = sum(counts) + 3 * len(melds)
    if size > 14:
        return Hand(counts, melds)
    h: Hand = object.__new__(Hand)
    packed = 0
    for k in range(KINDS):
        packed += _PACK_DELTA[k] * counts[k]
    _set_counts(h, tuple(counts))
    _set_melds(h, tuple(melds))
    _set_packed(h, packed)
    _set_nmelds(h, len(melds))
    if melds:
        mc = [0] * KINDS
        for m in melds:
            mc[m.kind] += m.size
        _set_meld_counts(h, bytes(mc))
    else:
        _set_meld_counts(h, None)
    _set_meld_suits(h, sum({1 << (m.kind // 9) for m in melds}))
    _set_size(h, size)
    return h


_DUMMY_MELDS = tuple((Meld(0, "pung"),) * n for n in range(5))
_KIND_BIT = {f"{k % 9 + 1}{SUITS[k // 9]}": 1 << k for k in range(KINDS)}


class _Rows:
    """Batch-semantics shanten of the rows ``counts - e[out] (+ e[add])``.

    ``parlour.sichuan.batch.shanten`` counts a row's melds but does not cap a
    kind by the tiles in them; a :class:`Hand` probe with that many melds and
    all-zero meld counts gets exactly that answer from the single-hand
    ``shanten`` of either backend, for a fraction of a numpy round trip.
    Rows adding a kind already held four times are never asked for (no live
    copy is left).
    """

    __slots__ = ("counts", "missing", "need_counts", "nmelds", "probe")

    def __init__(self, counts: list[int], nmelds: int, missing: str | None) -> None:
        self.counts = counts
        self.nmelds = nmelds
        self.missing = missing
        probe: Hand = object.__new__(_Probe)
        _set_counts(probe, tuple(counts))
        _set_melds(probe, _DUMMY_MELDS[nmelds])  # only their number is read
        _set_nmelds(probe, nmelds)
        _set_meld_counts(probe, _NO_MELD_COUNTS if nmelds else None)
        _set_meld_suits(probe, 0)
        _set_packed(probe, 0)
        self.probe = probe
        # The compiled shanten reads only the packed keys of a meld-less hand.
        self.need_counts = bool(nmelds) or not _C_BACKEND[0]

    def _set_row(self, out: int) -> None:
        row = list(self.counts)
        row[out] -= 1
        _set_counts(self.probe, tuple(row))

    def without(self, packed: int, kinds: list[int]) -> list[int]:
        """Shanten of the 13-tile rows ``counts - e[k]`` for each of ``kinds``."""
        probe = self.probe
        shanten = _ev.shanten
        missing = self.missing
        _set_size(probe, 13)
        out = []
        if self.need_counts:
            row = list(self.counts)
            for k in kinds:
                row[k] -= 1
                _set_counts(probe, tuple(row))
                row[k] += 1
                _set_packed(probe, packed - _PACK_DELTA[k])
                out.append(shanten(probe, missing_suit=missing))
            return out
        for k in kinds:
            _set_packed(probe, packed - _PACK_DELTA[k])
            out.append(shanten(probe, missing_suit=missing))
        return out

    def waits(self, packed: int, out: int) -> int:
        """Bit mask of the kinds completing the 13-tile row ``counts - e[out]``."""
        probe = self.probe
        _set_packed(probe, packed)
        _set_size(probe, 13)
        if self.need_counts:
            self._set_row(out)
        mask = 0
        for w in _ev.waits(probe, missing_suit=self.missing):
            mask |= _KIND_BIT[w]
        return mask
