"""Determinisation for Sichuan: :meth:`Game.resample <parlour.Game.resample>`.

``resample(game, seat, rng)`` returns a new :class:`~parlour.sichuan.Game`
that ``seat`` cannot tell from ``game``. It reads nothing but what ``seat``
saw: the game's history is replayed on a scratch copy and only the
observations of ``seat`` after each step are kept (every draw, discard,
meld, win, kong payment and the wall count, in order). The true hidden
state never enters the sampler, so its output depends on the true deal
only through those observations.

What is drawn, and what "uniform" means
---------------------------------------
The **current hidden state** is the placement of the *unseen* physical
tiles (those ``seat`` has not seen in its own hand, a discard, a meld or a
revealed hand) into the *hidden slots*: each other seat's concealed tiles
that are not public (their number is public), each other seat's concealed
kongs whose kind is still hidden (four copies of one kind), and the
ordered positions of the undrawn wall. Tiles ``seat`` passed in the
exchange and has not seen since are not unseen: they are in the
receiver's concealed tiles or one of its concealed kongs.

``resample`` draws this placement **uniformly among the placements for
which some history exists** that gives every observation ``seat`` made.
Such a history exists exactly when, for every other seat ``s`` separately,
the tiles that went through ``s``'s hand fit its draws (an interval
scheduling problem, below). The constraints that decide it come from the
rules of record:

* after the reveal, a seat holding a tile of its missing suit may only
  discard such tiles and may not pung, kong or win; so each of its
  discards of another suit, pungs, kongs and wins is a *clean* moment: it
  held no missing-suit tile then. A missing-suit tile it holds now (or
  discarded later) entered its hand on a draw after its last clean moment
  before it left;
* a pung uses the claimed tile and the *lowest* copies held; a copy lower
  than the highest copy used that is not in the meld was not held then,
  so if that seat holds it now it drew it after the pung;
* tiles a seat received from ``seat`` in the exchange were in its hand
  right after the exchange;
* a concealed kong's four tiles entered before the kong; every public
  tile a seat discarded or melded entered before it left.

For one seat, each tile is a unit job with a release (the earliest slot
it may enter) and a deadline (the slot it must have entered before), and
the slots are the hand after the exchange (13 or 14 places, before
everything) and each of its draws, in order. A schedule exists iff the
earliest-deadline-first rule finds one (the classic exchange argument for
unit jobs). Tiles of one class are interchangeable here, so whether a
seat's current concealed tiles fit depends only on *how many* of its
missing suit it holds and *which* of its few "lower copy" tiles it holds.

Sampling is then exact: the tiles are grouped into the three suits plus
the few "lower copy" tiles; a dynamic programme over the other seats
counts, for every composition of each seat's hidden tiles that fits, the
number of placements (products of binomials), and the composition is drawn
seat by seat with probability proportional to its number of completions;
the actual tiles are then drawn uniformly within each class, and the rest
is shuffled uniformly into the wall. Hidden concealed-kong kinds are drawn
first, with weight equal to the number of placements each choice leaves.
Every feasible placement therefore has the same probability. While no
seat's hidden tiles are constrained (before the first clean moment, no
lower copies, nothing passed), every placement is feasible and the draw is
a plain shuffle.

The **past** is then reconstructed, and drawn by a documented rule rather
than uniformly: each seat's tiles are scheduled onto its draws by
earliest deadline first; the tiles other seats passed each other in the
exchange are a uniformly chosen same-suit three of each receiver's hand
after the exchange; answers to a discard that were never revealed (those
overruled by a win) become ``pass``. Choices made but not yet revealed
now (other seats' exchange tiles or missing suits chosen before the
reveal, answers already given in an open claim window) are drawn
uniformly among the legal choices in the resampled state; a direction
not yet drawn is drawn uniformly.

The result is a real game: its deal is the reconstructed wall, its
history the original one with the hidden actions replaced as above, and
``record()`` / ``from_record`` replay it exactly. A finished game has
every hand public: only the order of the undrawn wall (and the hidden
past) is redrawn.

The two paths: C and Python
---------------------------
A :class:`Resampler` reads the timeline, the pools and which compositions
fit (the earliest-deadline-first checks) once, in Python. Each draw then
takes 64 bits from the caller's ``rng`` and runs on a generator keyed by
them (:func:`draw_generator`: a Mersenne Twister whose state is SplitMix64
output, far cheaper to key than ``random.Random(seed)``). On the C engine
the draw runs in C (``csrc/sichuan_resample.c``): the Resampler's problem
is flattened once into plain arrays (per seat the public jobs, draws and
kongs; per choice of hidden kong kinds the counts left and which
compositions fit), and each draw counts the compositions in exact 256-bit
integers (the tables are built on first need and kept, as ``_tables``
here), picks the kong kinds and each seat's composition, the tiles within
each class and the wall order, and rebuilds the past by the same rule
(a known tile that leaves the seat's hand has a deadline, and earliest
deadline first places every such tile before any tile that stays, hidden
or not, whatever the draw: the C side schedules those once per choice of
kong kinds and places only the tiles that stay at each draw; it also makes
the generator's 624 words as the draw first reads them, the same
generator).
The first draw of a Resampler deals its rebuilt wall into a fresh C state
and replays the history there; later draws write their hidden tiles into
a copy of that state instead (``parlour_sr_patch``: the wall, the other
seats' draws in the event log, their concealed tiles with counts and
waits, hidden concealed-kong kinds, the drawn tile, the exchange picks),
which gives the very state a replay would, byte for byte (tested), at a
fraction of the cost. States whose hidden fields a copy cannot rebuild
(answers or declarations not revealed yet; another seat in turn right
after a pung, or offering an added kong, whose waits are those of a hand
the history hides) are replayed every time. Every
call on the generator is the one the Python path makes, in the same order
(``random.Random``'s ``randrange`` over big integers, ``sample`` with both
of its branches, ``shuffle``, ``choice``), so from the same ``rng`` both
paths give the same game, record for record
(``tests/test_resample_sichuan_c.py`` holds them in lock step); the Python
path is the C one's twin and the one the pure engine uses. Choices made
but not yet revealed (a declaration before the reveal, answers given in an
open claim window) are drawn in C too, as ``choice`` over the legal
actions in the protocol's order. The Python path remains for the pure
engine, for states in the exchange phase before the exchange (the tiles
chosen and the direction are drawn there), and for states beyond the C
side's fixed sizes (more than 6 "lower copy" tiles or 64 choices of hidden
kong kinds; none was met in play). :meth:`Resampler.sample_state` gives the
C state alone, which is what a search playing out in C needs.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

from parlour import _backend, protocol
from parlour.sichuan.tiles import SUITS, TILES
from parlour.sichuan.values import (
    ACTIONS_BY_CODE,
    DIRECTIONS,
    Declare,
    Discard,
    Exchange,
    Kong,
    Pass,
    Pung,
    SichuanObservation,
    Win,
)

__all__ = ["Resampler", "resample"]

#: Time of the hand right after the exchange (before every step's time).
_START = -1
#: "No constraint" for a release, "never leaves" for a deadline.
_EARLY = -2
_NEVER = 1 << 30
_WINDOWS = ("claim", "rob")


#: Not computed yet.
_UNSET: Any = object()
#: Kinds of history steps for the C side (PARLOUR_SR_STEP_*).
_STEP_CODE, _STEP_EXCHANGE, _STEP_PASSES, _STEP_KONG, _STEP_CHOICE = 0, 1, 2, 3, 4
#: What fills a hole of a resampled history on the C path.
_HOLE_EXCHANGE, _HOLE_KONG, _HOLE_CHOICE = 0, 1, 2
_CODES: dict[protocol.Action, int] = {}


def _action_codes() -> dict[protocol.Action, int]:
    """Each action's code in the C core (parlour.sichuan.values.ACTIONS_BY_CODE)."""
    if not _CODES:
        _CODES.update({a: i for i, a in enumerate(ACTIONS_BY_CODE)})
    return _CODES


def _suit(tile: int) -> int:
    return tile // 36


@dataclass
class _Seat:
    """What ``seat`` saw of one other seat's hand, in time order."""

    draws: list[tuple[int, int]] = field(default_factory=list)  # (time, wall position)
    outs: list[tuple[int, int]] = field(default_factory=list)  # (tile, time it left or _NEVER)
    cleans: list[int] = field(default_factory=list)  # times it held no missing-suit tile
    lows: list[tuple[int, int]] = field(default_factory=list)  # (tile, time it was not held)
    kongs: list[int] = field(default_factory=list)  # times of its concealed kongs
    kong_tiles: list[tuple[int, ...] | None] = field(default_factory=list)  # when revealed


def _melds_kongs(obs: SichuanObservation, s: int) -> int:
    return sum(m.type != "pung" for m in obs.melds[s])


def _total_kongs(obs: SichuanObservation) -> int:
    return sum(_melds_kongs(obs, s) for s in range(4))


class Resampler:
    """The public timeline of one seat over a game's history, and a sampler.

    Build it once per information state and call :meth:`sample` as often as
    needed (a search bot does). ``observations`` are ``seat``'s views before
    the first action and after each action of ``history``; ``history`` is
    used only for who acted at each step (public: the seats to act shrink)
    and the actions of ``seat`` itself.
    """

    def __init__(
        self,
        game: Any,
        seat: int,
        observations: Sequence[SichuanObservation],
    ) -> None:
        self._setup(
            type(game),
            game.rules,
            game.engine,
            seat,
            [s for s, _ in game.history],
            {i: a for i, (s, a) in enumerate(game.history) if s == seat},
            observations,
        )

    @classmethod
    def from_log(
        cls,
        game_class: type[Any],
        rules: Any,
        engine: str,
        seat: int,
        steps: Sequence[int],
        own_actions: dict[int, protocol.Action],
        observations: Sequence[Any],
    ) -> Resampler:
        """A resampler from a public log alone (what a bot keeps): who acted
        at each step, ``seat``'s own actions by step, and ``seat``'s views
        before the first step and after each (objects with the fields of a
        :class:`~parlour.sichuan.SichuanObservation` that the timeline reads)."""
        self = cls.__new__(cls)
        self._setup(game_class, rules, engine, seat, steps, own_actions, observations)
        return self

    def _setup(
        self,
        game_class: type[Any],
        rules: Any,
        engine: str,
        seat: int,
        steps: Sequence[int],
        own_actions: dict[int, protocol.Action],
        observations: Sequence[Any],
    ) -> None:
        self.seat = seat
        self.rules = rules
        self.engine = engine
        self.game_class = game_class
        self.dealer = observations[0].dealer
        self.steps = list(steps)
        self.own_actions = dict(own_actions)
        self.obs = list(observations)
        self._timeline()
        self._memo: dict[Any, int] = {}
        # The weighted compositions of each sampling step, kept for the next draw.
        self._tables: dict[Any, Any] = {}
        self._feas_memo: dict[Any, bool] = {}
        self._pin_slot: dict[int, tuple[int, int]] = {}
        self._seats_dp = [s for s in sorted(self.seats) if self.base_free[s] > 0]
        # The C sampler's flattened problem (made on the first draw).
        self._c: Any = _UNSET
        self._c_history: list[tuple[int, protocol.Action]] = []
        self._c_holes: list[tuple[int, int, int, int]] = []

    # -- what the seat saw ---------------------------------------------------
    def _timeline(self) -> None:
        v = self.seat
        obs = self.obs
        final = obs[-1]
        self.final = final
        self.over = final.phase == "over"
        self.seats = {s: _Seat() for s in range(4) if s != v}
        self.own_draws: list[tuple[int, int]] = []  # (wall position, tile)
        self.other_draws: list[tuple[int, int, int]] = []  # (seat, time, position)
        self.revealed_at = -1  # step after which every missing suit is public
        self.exchanged_at = -1
        self.win_step: dict[int, int] = {}
        self.claim_of: dict[int, tuple[str, int]] = {}  # step -> (kind of claim, claimer)
        self.resolve_of: dict[int, int] = {}  # answer step -> step its window resolved
        self.concealed_steps: dict[int, tuple[int, int]] = {}  # step -> (seat, index)
        front, back = 53, TILES - 1
        window: list[int] = []
        for i in range(len(self.steps)):
            a, b = obs[i], obs[i + 1]
            t = 2 * i
            if self.revealed_at < 0 and all(m is not None for m in b.missing):
                self.revealed_at = i
            if a.exchange_direction is None and b.exchange_direction is not None:
                self.exchanged_at = i
            if a.phase in _WINDOWS:
                window.append(i)
            # Tiles leaving hands publicly.
            for d in b.discards[len(a.discards) :]:
                if d.taken != "robbed" and d.seat != v:
                    self._out(d.seat, d.tile, t, b)
            if b.phase == "rob" and a.phase != "rob" and b.offer_from != v:
                s = b.offer_from
                self.seats[s].cleans.append(t)
                self.seats[s].outs.append((b.on_offer, t))
            for s in range(4):
                old, new = a.melds[s], b.melds[s]
                if len(new) > len(old):
                    m = new[-1]
                    if m.type == "concealed_kong":
                        if s != v:
                            self.seats[s].cleans.append(t)
                            self.seats[s].kongs.append(t)
                            self.concealed_steps[i] = (s, len(self.seats[s].kongs) - 1)
                    else:
                        self.claim_of[i] = (m.type, s)
                        if s != v:
                            self._claim(s, m.tiles, a.on_offer, m.type, t)
            new_winners = b.winners[len(a.winners) :]
            for s in new_winners:
                self.win_step[s] = i
                if s != v:
                    hand = b.public_hands[s]
                    assert hand is not None
                    tiles = list(hand)
                    if a.phase in _WINDOWS and a.on_offer in tiles:
                        tiles.remove(a.on_offer)
                    self.seats[s].cleans.append(t)
                    for tile in tiles:
                        self.seats[s].outs.append((tile, t))
            if window and b.phase not in _WINDOWS:
                for j in window:
                    self.resolve_of[j] = i
                window = []
            # The draw, always last in a step.
            if b.wall_remaining == a.wall_remaining - 1:
                drawer = b.current
                if _total_kongs(b) > _total_kongs(a):
                    pos, back = back, back - 1
                else:
                    pos, front = front, front + 1
                if drawer == v:
                    self.own_draws.append((pos, b.drawn))
                else:
                    self.seats[drawer].draws.append((t + 1, pos))
        self.front, self.back = front, back
        # At the end every hand and concealed kong is public.
        if self.over:
            for s, info in self.seats.items():
                if s not in self.win_step:
                    hand = final.public_hands[s]
                    assert hand is not None
                    info.outs.extend((tile, _NEVER) for tile in hand)
        for s, info in self.seats.items():
            revealed = [m.tiles for m in final.melds[s] if m.type == "concealed_kong"]
            info.kong_tiles = [tiles if tiles else None for tiles in revealed]
        self._pools()

    def _out(self, s: int, tile: int, t: int, b: SichuanObservation) -> None:
        info = self.seats[s]
        m = b.missing[s]
        if m is not None and _suit(tile) != SUITS.index(m):
            info.cleans.append(t)
        info.outs.append((tile, t))

    def _claim(self, s: int, tiles: tuple[int, ...], claimed: int, mtype: str, t: int) -> None:
        info = self.seats[s]
        info.cleans.append(t)
        own = [x for x in tiles if x != claimed]
        for x in own:
            info.outs.append((x, t))
        if mtype == "pung":
            kind = claimed >> 2
            top = max(own)
            for c in range(kind * 4, kind * 4 + 4):
                if c not in tiles and c < top:
                    info.lows.append((c, t))

    def _pools(self) -> None:
        v, final = self.seat, self.final
        seen: set[int] = set(final.hand)
        seen.update(d.tile for d in final.discards)
        for s in range(4):
            for m in final.melds[s]:
                seen.update(m.tiles)
            hand = final.public_hands[s]
            if hand is not None:
                seen.update(hand)
        self.known_in_hand: dict[int, list[int]] = {s: [] for s in self.seats}
        if final.phase == "rob" and final.offer_from != v:
            seen.add(final.on_offer)
            self.known_in_hand[final.offer_from].append(final.on_offer)
        self.step = DIRECTIONS.index(final.exchange_direction) + 1 if self.exchanged else 0
        self.receiver = (v + self.step) % 4 if self.exchanged else -1
        self.passed = tuple(final.exchange) if self.exchanged else ()
        self.pinned = [x for x in self.passed if x not in seen]
        seen.update(self.pinned)
        self.unseen = [x for x in range(TILES) if x not in seen]
        unseen = set(self.unseen)
        self.missing = {
            s: -1 if final.missing[s] is None else SUITS.index(str(final.missing[s]))
            for s in self.seats
        }
        self._low_maps = {s: dict(info.lows) for s, info in self.seats.items()}
        # The "lower copy" tiles: unseen copies a seat may hold only if drawn after its pung.
        self.specials: list[tuple[int, int, int]] = []  # (tile, seat, time)
        for s, info in self.seats.items():
            for c, t in info.lows:
                if c in unseen:
                    self.specials.append((c, s, t))
        special_tiles = {c for c, _, _ in self.specials}
        self.regular = [x for x in self.unseen if x not in special_tiles]
        self.hidden_kongs = [
            (s, j)
            for s, info in self.seats.items()
            for j, tiles in enumerate(info.kong_tiles)
            if tiles is None
        ]
        self.base_free = {
            s: 0
            if (s in self.win_step or self.over)
            else final.hand_sizes[s] - len(self.known_in_hand[s])
            for s in self.seats
        }

    @property
    def exchanged(self) -> bool:
        return self.final.exchange_direction is not None

    # -- one seat's schedule -------------------------------------------------
    def _jobs(
        self, s: int, hidden: Sequence[tuple[int, str]], kong_tiles: Sequence[Sequence[int]]
    ) -> list[tuple[int, int, int]]:
        """(release, deadline, tile) of every tile through ``s``'s hand after
        the exchange; ``hidden`` its hidden concealed tiles (tile or -1, and
        class ``"m"``, ``"free"`` or ``"low"``)."""
        info = self.seats[s]
        lows = {c: t for c, t in info.lows}
        passed = set(self.passed) if s == self.receiver else set()
        last_clean = max(info.cleans, default=_EARLY)

        def release(tile: int, leave: int) -> int:
            return self._release(s, tile, leave)

        jobs: list[tuple[int, int, int]] = []
        for tile, leave in info.outs:
            dl = 0 if tile in passed else leave
            jobs.append((release(tile, leave), dl, tile))
        for tile in self.known_in_hand[s]:
            if all(tile != x for x, _ in info.outs):
                jobs.append((release(tile, _NEVER), _NEVER, tile))
        for j, tiles in enumerate(kong_tiles):
            for tile in tiles:
                dl = 0 if tile in passed else info.kongs[j]
                jobs.append((_EARLY, dl, tile))
        for tile in self.pinned:
            if s == self.receiver and all(tile not in ts for ts in kong_tiles):
                jobs.append((release(tile, _NEVER), 0, tile))
        for tile, cls in hidden:
            if cls == "m":
                jobs.append((last_clean, _NEVER, tile))
            elif cls == "low":
                jobs.append((lows[tile], _NEVER, tile))
            else:
                jobs.append((_EARLY, _NEVER, tile))
        return jobs

    def _release(self, s: int, tile: int, leave: int) -> int:
        """The latest time before ``leave`` after which ``tile`` must have
        entered ``s``'s hand (its missing suit, or a lower copy of a pung)."""
        info = self.seats[s]
        m = self.missing[s]
        r = _EARLY
        if m >= 0 and _suit(tile) == m:
            r = max((c for c in info.cleans if c < leave), default=_EARLY)
        low = self._low_maps[s].get(tile)
        if low is not None and low < leave:
            r = max(r, low)
        return r

    def _schedule(self, s: int, jobs: list[tuple[int, int, int]]) -> list[list[int]] | None:
        """Earliest deadline first: the tiles of the hand after the exchange
        and of each draw, or ``None`` if no schedule exists."""
        n0 = 14 if s == self.dealer else 13
        slots = [(_START, n0)] + [(t, 1) for t, _ in self.seats[s].draws]
        if len(jobs) != n0 + len(slots) - 1:
            return None
        jobs = sorted(jobs)
        heap: list[tuple[int, int]] = []
        k = 0
        out: list[list[int]] = []
        for time, cap in slots:
            while k < len(jobs) and jobs[k][0] < time:
                heapq.heappush(heap, (jobs[k][1], jobs[k][2]))
                k += 1
            got = []
            for _ in range(cap):
                if not heap:
                    return None
                dl, tile = heapq.heappop(heap)
                if dl <= time:
                    return None
                got.append(tile)
            out.append(got)
        if k < len(jobs) or heap:
            return None
        return out

    def _fits(
        self, s: int, n_m: int, lows: frozenset[int], pinned_in_kongs: frozenset[int]
    ) -> bool:
        key = (s, n_m, lows, pinned_in_kongs)
        got = self._feas_memo.get(key)
        if got is None:
            free = self._free(s, pinned_in_kongs)
            n_free = free - n_m - len(lows)
            hidden = [(-1, "m")] * n_m + [(c, "low") for c in lows] + [(-1, "free")] * n_free
            kong_tiles: list[list[int]] = []
            for j, tiles in enumerate(self.seats[s].kong_tiles):
                if tiles is not None:
                    kong_tiles.append(list(tiles))
                else:
                    used = [x for x in pinned_in_kongs if self._kong_of_pinned(s, j, x)]
                    kong_tiles.append(used + [-1] * (4 - len(used)))
            got = n_free >= 0 and self._schedule(s, self._jobs(s, hidden, kong_tiles)) is not None
            self._feas_memo[key] = got
        return got

    def _kong_of_pinned(self, s: int, j: int, tile: int) -> bool:
        # Which hidden kong a pinned tile sits in is part of the kong choice;
        # for feasibility only the count per kong matters (all deadlines 0).
        return self._pin_slot.get(tile) == (s, j)

    def _free(self, s: int, pinned_in_kongs: frozenset[int]) -> int:
        free = self.base_free[s]
        if s == self.receiver and free:
            free -= len(self.pinned) - len(pinned_in_kongs)
        return free

    def _special_subsets(
        self, s: int, available: int, free: int
    ) -> Iterator[tuple[int, frozenset[int], int, int]]:
        """Each subset (a bit mask) of the still available special tiles that
        ``s``'s ``free`` hidden slots can take: with the specials ``s`` itself
        left low, how many of the others are of its missing suit, and how many
        slots remain for plain tiles."""
        m = self.missing[s]
        nspec = len(self.specials)
        for mask in range(1 << nspec):
            if mask & ~available:
                continue
            own: list[int] = []
            other_m = 0
            for b in range(nspec):
                if mask >> b & 1:
                    c, owner, _ = self.specials[b]
                    if owner == s:
                        own.append(c)
                    elif m >= 0 and _suit(c) == m:
                        other_m += 1
            need = free - bin(mask).count("1")
            if need >= 0:
                yield mask, frozenset(own), other_m, need

    # -- the exact sampler ---------------------------------------------------
    def _dp_seats(self) -> list[int]:
        return self._seats_dp

    def _choices(
        self, s: int, rem: tuple[int, int, int, int], pinned_in_kongs: frozenset[int]
    ) -> list[tuple[int, tuple[int, int, int, int], tuple[int, int, int, int]]]:
        """Each composition of ``s``'s hidden tiles that fits: (ways, taken, rest)."""
        free = self._free(s, pinned_in_kongs)
        m = self.missing[s]
        out = []
        for mask, lows, other_m, need in self._special_subsets(s, rem[3], free):
            for a0 in range(min(need, rem[0]) + 1):
                for a1 in range(min(need - a0, rem[1]) + 1):
                    a2 = need - a0 - a1
                    if a2 > rem[2]:
                        continue
                    a = (a0, a1, a2)
                    n_m = (a[m] if m >= 0 else 0) + other_m
                    if not self._fits(s, n_m, lows, pinned_in_kongs):
                        continue
                    ways = comb(rem[0], a0) * comb(rem[1], a1) * comb(rem[2], a2)
                    out.append(
                        (
                            ways,
                            (a0, a1, a2, mask),
                            (rem[0] - a0, rem[1] - a1, rem[2] - a2, rem[3] & ~mask),
                        )
                    )
        return out

    def _count(
        self, i: int, rem: tuple[int, int, int, int], pinned_in_kongs: frozenset[int]
    ) -> int:
        seats = self._seats_dp
        if i == len(seats):
            return 1
        if i == len(seats) - 1:
            return self._count_last(seats[i], rem, pinned_in_kongs)
        key = (i, rem, pinned_in_kongs)
        got = self._memo.get(key)
        if got is None:
            got = sum(
                w * self._count(i + 1, rest, pinned_in_kongs)
                for w, _, rest in self._choices(seats[i], rem, pinned_in_kongs)
            )
            self._memo[key] = got
        return got

    def _count_last(
        self, s: int, rem: tuple[int, int, int, int], pinned_in_kongs: frozenset[int]
    ) -> int:
        # The last seat takes its tiles and the wall the rest: only how many
        # of its missing suit there are matters, so the two other suits
        # merge (Vandermonde) and the key is small.
        m = self.missing[s]
        rm = rem[m] if m >= 0 else 0
        key = (-1, s, rm, rem[0] + rem[1] + rem[2] - rm, rem[3], pinned_in_kongs)
        got = self._memo.get(key)
        if got is not None:
            return got
        free = self._free(s, pinned_in_kongs)
        other = key[3]
        total = 0
        for _mask, lows, other_m, need in self._special_subsets(s, rem[3], free):
            for x in range(min(need, rm) + 1):
                if need - x > other:
                    continue
                if not self._fits(s, x + other_m, lows, pinned_in_kongs):
                    continue
                total += comb(rm, x) * comb(other, need - x)
        self._memo[key] = total
        return total

    def _kong_options(
        self,
    ) -> list[tuple[tuple[int, ...], int, tuple[int, int, int, int], frozenset[int]]]:
        """Every choice of hidden concealed-kong kinds with its weight."""
        unseen = set(self.unseen)
        pinned = set(self.pinned)
        slots = self.hidden_kongs
        per_slot: list[list[int]] = []
        for s, _ in slots:
            ok = []
            for k in range(27):
                if k // 9 == self.missing[s]:
                    continue
                copies = range(k * 4, k * 4 + 4)
                if all(c in unseen or (c in pinned and s == self.receiver) for c in copies):
                    ok.append(k)
            per_slot.append(ok)
        base = [0, 0, 0]
        for x in self.regular:
            base[_suit(x)] += 1
        full = (1 << len(self.specials)) - 1
        out = []

        def walk(j: int, kinds: list[int]) -> None:
            if j == len(slots):
                rem = list(base)
                pin: set[int] = set()
                self._pin_slot = {}
                for (s, idx), k in zip(slots, kinds, strict=True):
                    for c in range(k * 4, k * 4 + 4):
                        if c in pinned:
                            pin.add(c)
                            self._pin_slot[c] = (s, idx)
                        else:
                            rem[k // 9] -= 1
                r = (rem[0], rem[1], rem[2], full)
                fp = frozenset(pin)
                # A seat with no hidden tile to draw is in no count: check
                # here that its known tiles, these kongs' and the pinned
                # ones still fit its hand and draws (a pinned tile outside
                # the kongs takes a place of its hand that may not exist).
                if all(self._fits(s, 0, frozenset(), fp) for s in self._kong_bound_seats()):
                    out.append((tuple(kinds), 0, r, fp))
                return
            for k in per_slot[j]:
                if k not in kinds:
                    kinds.append(k)
                    walk(j + 1, kinds)
                    kinds.pop()

        walk(0, [])
        return out

    def sample(self, rng: random.Random) -> Any:
        """A resampled game (see the module docstring).

        One call takes 64 bits from ``rng`` and draws from a generator
        seeded with them, on the C path when it serves this state, else on
        the Python path: the two make the same draw from the same seed."""
        seed = rng.getrandbits(64)
        problem = self._c_problem()
        if problem is not None:
            return self._sample_c(problem, seed)
        return self._sample_py(seed)

    def _sample_py(self, seed: int) -> Any:
        """The Python path's draw from the generator :func:`draw_generator`
        keys with ``seed``."""
        sub = draw_generator(seed)
        hands, kongs = self._sample_now(sub)
        return self._build(hands, kongs, sub)

    def sample_state(self, rng: random.Random) -> Any:
        """The C engine state of :meth:`sample`'s game (the same draw for the
        same ``rng``), without the game around it: what a search playing out
        in C needs. ``None`` when the C path does not serve this state."""
        problem = self._c if self._c is not _UNSET else self._c_problem()
        if problem is None:
            return None
        return problem.state(rng.getrandbits(64))

    # -- the C path ------------------------------------------------------------
    def _c_problem(self) -> Any:
        """The flattened problem the C sampler draws from, made once; ``None``
        when this state takes the Python path (see the module docstring)."""
        if self._c is _UNSET:
            self._c = None
            if self.engine == "c" and "c" in _backend.available():
                spec = self._c_spec()
                if spec is not None:
                    from parlour.sichuan.engine_c import core

                    try:
                        self._c = core()._SichuanResampleProblem(spec)
                    except ValueError:
                        # Beyond the C side's fixed sizes: the Python path.
                        self._c = None
        return self._c

    def _sample_c(self, problem: Any, seed: int) -> Any:
        from parlour.sichuan.engine_c import CEngine

        state, wall, passes, kinds, chosen = problem.sample(seed)
        game: Any = object.__new__(self.game_class)
        protocol.Game.__init__(game)
        # What Game._setup sets, with the engine's state already played.
        game.rules = self.rules
        game._wall = tuple(wall)
        game._dealer = self.dealer
        game._direction = self.final.exchange_direction
        engine = object.__new__(CEngine)
        engine.rules = self.rules
        engine.state = state
        engine._event_objs = []
        game._engine = engine
        history = list(self._c_history)
        for i, s, hole, j in self._c_holes:
            if hole == _HOLE_EXCHANGE:
                history[i] = (s, Exchange(passes[s]))
            elif hole == _HOLE_KONG:
                history[i] = (s, Kong(kinds[j]))
            else:
                history[i] = (s, ACTIONS_BY_CODE[chosen[j]])
        game._history = history
        return game

    def _c_spec(self) -> dict[str, Any] | None:
        """The problem as plain values (csrc/parlour_sichuan_resample.h), or
        ``None`` for a state with choices made but not yet revealed, or one
        beyond the C side's fixed sizes."""
        if not self.exchanged and self.rules.exchange_three:
            return None
        v = self.seat
        steps = self._c_steps()
        if steps is None:
            return None
        options = self._kong_options()
        if not options or len(options) > 64 or len(self.specials) > 6:
            return None
        nspec = len(self.specials)
        out_options = []
        for kinds, _, rem, fp in options:
            self._set_pins(kinds)
            frees = [self._free(s, fp) for s in self._seats_dp]
            fits = []
            for s, free in zip(self._seats_dp, frees, strict=True):
                by_own: dict[frozenset[int], list[bool]] = {}
                rows = [0] * 16
                for mask in range(1 << nspec):
                    own = frozenset(
                        self.specials[b][0]
                        for b in range(nspec)
                        if mask >> b & 1 and self.specials[b][1] == s
                    )
                    got = by_own.get(own)
                    if got is None:
                        got = by_own[own] = [
                            n <= free and self._fits(s, n, own, fp) for n in range(16)
                        ]
                    for n in range(16):
                        if got[n]:
                            rows[n] |= 1 << mask
                fits.append(rows)
            out_options.append((kinds, rem[:3], frees, fits))
        seats: list[dict[str, Any] | None] = [None] * 4
        for s, info in self.seats.items():
            passed = set(self.passed) if s == self.receiver else set()
            fixed = [
                (self._release(s, tile, leave), 0 if tile in passed else leave, tile)
                for tile, leave in info.outs
            ]
            for tile in self.known_in_hand[s]:
                if all(tile != x for x, _ in info.outs):
                    fixed.append((self._release(s, tile, _NEVER), _NEVER, tile))
            kongs = []
            for j, tiles in enumerate(info.kong_tiles):
                if tiles is not None:
                    for tile in tiles:
                        fixed.append((_EARLY, 0 if tile in passed else info.kongs[j], tile))
                    kongs.append((info.kongs[j], -1))
                else:
                    kongs.append((info.kongs[j], self.hidden_kongs.index((s, j))))
            pinned = (
                [(tile, self._release(s, tile, _NEVER)) for tile in self.pinned]
                if s == self.receiver
                else []
            )
            if len(fixed) > 128 or len(info.draws) > 64:
                return None
            seats[s] = {
                "fixed": fixed,
                "last_clean": max(info.cleans, default=_EARLY),
                "lows": dict(info.lows),
                "kongs": kongs,
                "draws": info.draws,
                "pinned": pinned,
            }
        r = self.rules
        step = self.step
        return {
            "rules": (
                r.cap_code(),
                r.self_draw_doubles,
                r.exchange_three,
                r.call_transfer,
                r.flower_pig_penalty,
                step,
            ),
            "seat": v,
            "dealer": self.dealer,
            "front": self.front,
            "back": self.back,
            "unbound": self._unbound(),
            "dp": self._seats_dp,
            "missing": [-1 if s == v else self.missing[s] for s in range(4)],
            "specials": [(c, s) for c, s, _ in self.specials],
            "regular": self.regular,
            "unseen": self.unseen,
            "kong_slots": [s for s, _ in self.hidden_kongs],
            "options": out_options,
            "seats": seats,
            "own_draws": self.own_draws,
            "first_hand": list(self.obs[0].hand),
            "exchanged": self.exchanged,
            "step": step,
            "receiver": self.receiver,
            "passed": self.passed,
            "received": tuple(self.final.received) if self.exchanged else (),
            "steps": steps,
        }

    def _c_steps(self) -> list[tuple[int, int, tuple[int, ...]]] | None:
        """The history as the C side replays it, and the history of the
        resampled games with holes where a draw fills in a hidden action
        (kept in ``_c_history`` and ``_c_holes``); ``None`` when an action
        is a choice not yet revealed (the Python path draws those)."""
        v = self.seat
        codes = _action_codes()
        steps: list[tuple[int, int, tuple[int, ...]]] = []
        history: list[tuple[int, protocol.Action]] = []
        holes: list[tuple[int, int, int, int]] = []
        choices = 0
        for i, s in enumerate(self.steps):
            a = self.obs[i]
            action: protocol.Action
            if s == v:
                action = self.own_actions[i]
            elif a.phase == "exchange":
                if not self.exchanged:
                    return None
                steps.append((s, _STEP_PASSES, ()))
                history.append((s, Pass()))
                holes.append((i, s, _HOLE_EXCHANGE, 0))
                continue
            elif (
                a.phase == "declare" and (self.revealed_at < 0 or self.final.missing[s] is None)
            ) or (a.phase in _WINDOWS and self.resolve_of.get(i) is None):
                # Chosen, not revealed yet: drawn among the legal actions then.
                steps.append((s, _STEP_CHOICE, ()))
                history.append((s, Pass()))
                holes.append((i, s, _HOLE_CHOICE, choices))
                choices += 1
                continue
            elif a.phase == "declare":
                action = Declare(str(self.final.missing[s]))  # type: ignore[arg-type]
            elif a.phase in _WINDOWS:
                j = self.resolve_of[i]
                if self.win_step.get(s) == j:
                    action = Win()
                elif self.claim_of.get(j, ("", -1))[1] == s:
                    mtype = self.claim_of[j][0]
                    kind = a.on_offer >> 2
                    action = Pung(kind) if mtype == "pung" else Kong(kind)
                else:
                    action = Pass()
            elif (
                i in self.concealed_steps
                and self.seats[s].kong_tiles[self.concealed_steps[i][1]] is None
            ):
                slot = self.hidden_kongs.index(self.concealed_steps[i])
                steps.append((s, _STEP_KONG, (slot,)))
                history.append((s, Pass()))
                holes.append((i, s, _HOLE_KONG, slot))
                continue
            else:
                action = self._turn_action(i, s, {})
            if isinstance(action, Exchange):
                steps.append((s, _STEP_EXCHANGE, tuple(action.tiles)))
            else:
                steps.append((s, _STEP_CODE, (codes[action],)))
            history.append((s, action))
        if len(steps) > 1024 or choices > 8:
            return None
        self._c_history = history
        self._c_holes = holes
        return steps

    def _sample_now(
        self, rng: random.Random
    ) -> tuple[dict[int, list[int]], dict[tuple[int, int], tuple[int, ...]]]:
        options = self._kong_options()
        if not options:
            raise RuntimeError("no concealed-kong kinds fit what the seat saw")
        if self._unbound():
            return self._shuffle(options, rng)
        weighted = []
        for kinds, _, rem, fp in options:
            self._set_pins(kinds)
            weighted.append(self._count(0, rem, fp) if self._dp_seats() else 1)
        total = sum(weighted)
        if total == 0:
            raise RuntimeError("no hidden state fits what the seat saw")
        kinds, _, rem, fp = options[_pick(rng, weighted)]
        self._set_pins(kinds)
        kongs = {
            slot: tuple(range(k * 4, k * 4 + 4))
            for slot, k in zip(self.hidden_kongs, kinds, strict=True)
        }
        # Compositions seat by seat, then the tiles within each class.
        pools: list[list[int]] = [[], [], []]
        for x in self.regular:
            pools[_suit(x)].append(x)
        in_kongs = {c for ts in kongs.values() for c in ts}
        pools = [[x for x in p if x not in in_kongs] for p in pools]
        hands: dict[int, list[int]] = {s: [] for s in self.seats}
        seats = self._dp_seats()
        i = 0
        while i < len(seats):
            s = seats[i]
            key = (i, rem, fp)
            table = self._tables.get(key)
            if table is None:
                choices = self._choices(s, rem, fp)
                weights = [w * self._count(i + 1, rest, fp) for w, _, rest in choices]
                table = self._tables[key] = (choices, weights)
            choices, weights = table
            _, taken, rest = choices[_pick(rng, weights)]
            for suit in range(3):
                got = rng.sample(pools[suit], taken[suit])
                hands[s].extend(got)
                gone = set(got)
                pools[suit] = [x for x in pools[suit] if x not in gone]
            for b, (c, _, _) in enumerate(self.specials):
                if taken[3] >> b & 1:
                    hands[s].append(c)
            rem = rest
            i += 1
        left = [x for p in pools for x in p]
        left += [c for b, (c, _, _) in enumerate(self.specials) if rem[3] >> b & 1]
        rng.shuffle(left)
        hands[-1] = left  # the undrawn wall, in order from the front
        return hands, kongs

    def _unbound(self) -> bool:
        """True when no composition of any seat's hidden tiles can fail: no
        seat's missing-suit tiles are held back by a clean moment, no lower
        copies, nothing passed in the exchange. Every hidden tile then has
        the same window, and the true state fits, so every placement does."""
        if self.pinned or self.specials:
            return False
        return all(self.missing[s] < 0 or not self.seats[s].cleans for s in self._seats_dp)

    def _shuffle(
        self,
        options: list[tuple[tuple[int, ...], int, tuple[int, int, int, int], frozenset[int]]],
        rng: random.Random,
    ) -> tuple[dict[int, list[int]], dict[tuple[int, int], tuple[int, ...]]]:
        # Every kong choice leaves as many placements: a uniform choice,
        # then a uniform shuffle into the hands and the wall.
        kinds = options[rng.randrange(len(options))][0]
        kongs = {
            slot: tuple(range(k * 4, k * 4 + 4))
            for slot, k in zip(self.hidden_kongs, kinds, strict=True)
        }
        in_kongs = {c for ts in kongs.values() for c in ts}
        pool = [x for x in self.unseen if x not in in_kongs]
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {s: [] for s in self.seats}
        k = 0
        for s in self._seats_dp:
            n = self._free(s, frozenset())
            hands[s] = pool[k : k + n]
            k += n
        hands[-1] = pool[k:]
        return hands, kongs

    def _kong_bound_seats(self) -> list[int]:
        """The seats outside the counts whose hands a kong choice changes:
        those with a hidden concealed kong, and the receiver of the pinned
        tiles."""
        out = {s for s, _ in self.hidden_kongs}
        if self.pinned and self.receiver >= 0:
            out.add(self.receiver)
        return [s for s in sorted(out) if s in self.seats and s not in self._seats_dp]

    def _set_pins(self, kinds: Sequence[int]) -> None:
        self._pin_slot = {}
        pinned = set(self.pinned)
        for (s, idx), k in zip(self.hidden_kongs, kinds, strict=True):
            for c in range(k * 4, k * 4 + 4):
                if c in pinned:
                    self._pin_slot[c] = (s, idx)

    # -- the new game ----------------------------------------------------------
    def _build(
        self,
        hands: dict[int, list[int]],
        kongs: dict[tuple[int, int], tuple[int, ...]],
        rng: random.Random,
    ) -> Any:
        v = self.seat
        wall: list[int] = [-1] * TILES
        after: dict[int, list[int]] = {}  # each seat's hand right after the exchange
        for s, info in self.seats.items():
            kong_tiles = [
                info.kong_tiles[j] if info.kong_tiles[j] is not None else kongs[(s, j)]
                for j in range(len(info.kong_tiles))
            ]
            hidden = []
            m = self.missing[s]
            lows = {c for c, _ in info.lows}
            for x in hands[s]:
                if x in lows:
                    hidden.append((x, "low"))
                elif m >= 0 and _suit(x) == m:
                    hidden.append((x, "m"))
                else:
                    hidden.append((x, "free"))
            plan = self._schedule(s, self._jobs(s, hidden, kong_tiles))  # type: ignore[arg-type]
            if plan is None:
                raise RuntimeError(f"internal error: seat {s}'s hand does not fit its draws")
            after[s] = plan[0]
            for (_, pos), got in zip(info.draws, plan[1:], strict=True):
                wall[pos] = got[0]
        for pos, tile in self.own_draws:
            wall[pos] = tile
        first = self.obs[0]
        before: dict[int, list[int]] = {v: list(first.hand)}
        passes: dict[int, tuple[int, ...]] = {}
        direction = self.final.exchange_direction
        if self.exchanged:
            step = self.step
            received: dict[int, tuple[int, ...]] = {v: tuple(self.final.received)}
            for s in self.seats:
                if s == self.receiver:
                    received[s] = self.passed
                else:
                    options = _same_suit_threes(sorted(after[s]))
                    received[s] = options[rng.randrange(len(options))]
            for s in range(4):
                passes[s] = received[(s + step) % 4]
            for s in self.seats:
                gone = set(received[s])
                before[s] = [x for x in after[s] if x not in gone] + list(passes[s])
        else:
            for s in self.seats:
                before[s] = after[s]
            if self.rules.exchange_three:
                direction = DIRECTIONS[rng.randrange(3)]
        pos = 0
        for i in range(4):
            s = (self.dealer + i) % 4
            n = 14 if i == 0 else 13
            tiles = before[s]
            if len(tiles) != n:
                raise RuntimeError(f"internal error: seat {s} dealt {len(tiles)} tiles")
            wall[pos : pos + n] = tiles
            pos += n
        rest = hands[-1]
        free_pos = list(range(self.front, self.back + 1))
        for p, x in zip(free_pos, rest, strict=True):
            wall[p] = x
        if sorted(wall) != list(range(TILES)):
            raise RuntimeError("internal error: the rebuilt wall is not a permutation")
        game = self.game_class._from_deal(
            self.rules,
            {"wall": wall, "dealer": self.dealer, "exchange_direction": direction},
            engine=self.engine,
        )
        self._replay(game, passes, kongs, rng)
        return game

    def _replay(
        self,
        game: Any,
        passes: dict[int, tuple[int, ...]],
        kongs: dict[tuple[int, int], tuple[int, ...]],
        rng: random.Random,
    ) -> None:
        v = self.seat
        obs = self.obs
        for i, s in enumerate(self.steps):
            a = obs[i]
            action: protocol.Action
            if s == v:
                action = self.own_actions[i]
            elif a.phase == "exchange":
                if self.exchanged:
                    action = Exchange(tuple(sorted(passes[s])))  # type: ignore[arg-type]
                else:
                    action = rng.choice(game.legal_actions(s))
            elif a.phase == "declare":
                m = self.final.missing[s]
                if self.revealed_at >= 0 and m is not None:
                    action = Declare(m)
                else:
                    action = rng.choice(game.legal_actions(s))
            elif a.phase in _WINDOWS:
                j = self.resolve_of.get(i)
                if j is None:
                    action = rng.choice(game.legal_actions(s))
                elif self.win_step.get(s) == j:
                    action = Win()
                elif self.claim_of.get(j, ("", -1))[1] == s:
                    mtype = self.claim_of[j][0]
                    kind = a.on_offer >> 2
                    action = Pung(kind) if mtype == "pung" else Kong(kind)
                else:
                    action = Pass()
            else:
                action = self._turn_action(i, s, kongs)
            game.apply(s, action)

    def _turn_action(
        self, i: int, s: int, kongs: dict[tuple[int, int], tuple[int, ...]]
    ) -> protocol.Action:
        a, b = self.obs[i], self.obs[i + 1]
        if len(b.discards) > len(a.discards) and b.discards[-1].taken != "robbed":
            return Discard(b.discards[-1].tile)
        if i in self.concealed_steps:
            slot = self.concealed_steps[i]
            tiles = self.seats[s].kong_tiles[slot[1]] or kongs[slot]
            return Kong(tiles[0] >> 2)
        if b.phase == "rob" and a.phase != "rob":
            return Kong(b.on_offer >> 2)
        if self.win_step.get(s) == i:
            return Win()
        raise RuntimeError(f"internal error: cannot tell what seat {s} did at step {i}")


_M64 = (1 << 64) - 1


def draw_generator(seed: int) -> random.Random:
    """The generator of one draw: a :class:`random.Random` whose Mersenne
    Twister state is 624 words of SplitMix64 from ``seed`` (0 .. 2**64 - 1),
    read from the first word on; the C sampler keys its generator the same
    way (``parlour_sr_seed``), which costs far less a draw than seeding
    ``random.Random(seed)``."""
    words: list[int] = []
    x = seed
    for _ in range(312):
        x = (x + 0x9E3779B97F4A7C15) & _M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        z ^= z >> 31
        words += [z & 0xFFFFFFFF, z >> 32]
    rng = random.Random()
    rng.setstate((3, (*words, 0), None))
    return rng


def _pick(rng: random.Random, weights: Sequence[int]) -> int:
    """An index drawn with probability proportional to its (exact, integer) weight."""
    pick = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        if pick < w:
            return i
        pick -= w
    raise AssertionError("unreachable")


def _same_suit_threes(held: Sequence[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for suit in range(3):
        ts = [t for t in held if _suit(t) == suit]
        n = len(ts)
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    out.append((ts[i], ts[j], ts[k]))
    return out


def observations(game: Any, seat: int) -> list[SichuanObservation]:
    """``seat``'s observation before the first action and after each one,
    from a replay of ``game``'s record on a scratch copy."""
    scratch = type(game)._from_deal(game.rules, game._deal_record(), engine=game.engine)
    out = [scratch.observation(seat)]
    for s, action in game.history:
        scratch.apply(s, action)
        out.append(scratch.observation(seat))
    return out


def resample(game: Any, seat: int, rng: random.Random) -> Any:
    """A determinisation of ``game`` for ``seat`` (see the module docstring)."""
    return Resampler(game, seat, observations(game, seat)).sample(rng)
