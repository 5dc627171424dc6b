"""A search bot for Sichuan: determinised playouts (perfect-information
Monte Carlo) on the C engine with the heuristic policy inside.

The bot sees what any bot sees: its observation and legal actions at each
of its decisions. It never receives a game. It keeps the observations it
was shown in the current deal and the actions it chose, and rebuilds from
them the public log step by step (who acted at each step and what every
seat saw change): between two of its decisions the rules leave little
freedom (every other seat's discard opens a claim window the bot answers;
each other seat has at most one turn in between, a draw, its concealed
kongs, then a discard, an added kong or a self-drawn win), so the steps in
between are filled in by following the rules' flow, their content read off
the next observation (the discards in order, the melds, the winners). From
that log :class:`~parlour.sichuan.resample.Resampler` draws determinisations
exactly as :meth:`Game.resample <parlour.Game.resample>` does.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour import protocol
from parlour.sichuan.bots import HeuristicBot
from parlour.sichuan.game import Game
from parlour.sichuan.resample import Resampler
from parlour.sichuan.values import (
    Discard,
    DiscardInfo,
    Exchange,
    Kong,
    MeldInfo,
    SichuanObservation,
    Win,
)

__all__ = ["SearchBot"]

_WINDOWS = ("claim", "rob")


@dataclass
class _View:
    """The fields of an observation the resampler's timeline reads."""

    dealer: int
    phase: str
    current: int
    to_act: list[int]
    wall_remaining: int
    drawn: int
    discards: list[DiscardInfo]
    melds: list[list[MeldInfo]]
    missing: tuple[str | None, ...]
    won: list[bool]
    winners: list[int]
    public_hands: list[tuple[int, ...] | None]
    on_offer: int
    offer_from: int
    exchange_direction: str | None
    hand: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    exchange: tuple[int, ...] = ()
    received: tuple[int, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, o: SichuanObservation) -> _View:
        return cls(
            o.dealer,
            o.phase,
            o.current,
            list(o.to_act),
            o.wall_remaining,
            o.drawn,
            list(o.discards),
            [list(m) for m in o.melds],
            tuple(o.missing),
            list(o.won),
            list(o.winners),
            list(o.public_hands),
            o.on_offer,
            o.offer_from,
            o.exchange_direction,
            tuple(o.hand),
            tuple(o.hand_sizes),
            tuple(o.exchange),
            tuple(o.received),
        )

    def copy(self) -> _View:
        return _View(
            self.dealer,
            self.phase,
            self.current,
            list(self.to_act),
            self.wall_remaining,
            self.drawn,
            list(self.discards),
            [list(m) for m in self.melds],
            self.missing,
            list(self.won),
            list(self.winners),
            list(self.public_hands),
            self.on_offer,
            self.offer_from,
            self.exchange_direction,
            self.hand,
            self.hand_sizes,
            self.exchange,
            self.received,
        )


class _Gap(Exception):
    """The steps between two observations could not be rebuilt."""


class _Flow:
    """Rebuilds the steps from one of the bot's decisions to the next."""

    def __init__(self, seat: int, target: SichuanObservation) -> None:
        self.seat = seat
        self.b = target
        self.steps: list[int] = []
        self.views: list[_View] = []

    def run(self, p: _View, action: protocol.Action | None) -> None:
        if action is not None:
            self._own(p, action)
        for _ in range(64):
            if self._matches(p):
                return
            self._next(p)
        raise _Gap("no match")

    def _push(self, seat: int, p: _View) -> None:
        self.steps.append(seat)
        self.views.append(p.copy())

    def _matches(self, p: _View) -> bool:
        b = self.b
        if p.phase != b.phase or len(p.discards) != len(b.discards):
            return False
        if p.winners != list(b.winners) or p.wall_remaining != b.wall_remaining:
            return False
        if [len(m) for m in p.melds] != [len(m) for m in b.melds]:
            return False
        if [m.type for ms in p.melds for m in ms] != [m.type for ms in b.melds for m in ms]:
            return False
        if p.phase == "turn" and p.current != b.current:
            return False
        return sorted(p.to_act) == sorted(b.to_act)

    # -- the flow ---------------------------------------------------------------
    def _next_active(self, p: _View, s: int) -> int:
        for i in range(1, 5):
            t = (s + i) % 4
            if not p.won[t]:
                return t
        return s

    def _draw(self, p: _View, seat: int, *, back: bool) -> None:
        del back  # the resampler tells front from back by the kongs
        p.on_offer = p.offer_from = -1
        if p.wall_remaining == 0:
            p.phase, p.to_act = "over", []
            return
        p.wall_remaining -= 1
        p.phase, p.current, p.to_act, p.drawn = "turn", seat, [seat], -1

    def _turn(self, p: _View, seat: int) -> None:
        p.on_offer = p.offer_from = -1
        p.phase, p.current, p.to_act, p.drawn = "turn", seat, [seat], -1

    def _open(self, p: _View, phase: str, seat: int, tile: int) -> None:
        p.phase, p.on_offer, p.offer_from = phase, tile, seat
        p.to_act = [(seat + i) % 4 for i in range(1, 4) if not p.won[(seat + i) % 4]]

    def _win(self, p: _View, s: int) -> None:
        p.winners.append(s)
        p.won[s] = True
        p.public_hands[s] = self.b.public_hands[s]

    def _after_wins(self, p: _View, last: int) -> None:
        if len(p.winners) >= 3:
            p.phase, p.to_act, p.on_offer, p.offer_from = "over", [], -1, -1
        else:
            self._draw(p, self._next_active(p, last), back=False)

    def _new_meld(self, s: int, i: int) -> MeldInfo:
        melds = self.b.melds[s]
        if i >= len(melds):
            raise _Gap("meld")
        return melds[i]

    def _resolve(self, p: _View) -> None:
        b = self.b
        if p.phase == "claim":
            i = len(p.discards) - 1
            if i >= len(b.discards):
                raise _Gap("discard")
            d = b.discards[i]
            p.discards[i] = d
            if d.taken == "win":
                for w in d.by:
                    self._win(p, w)
                self._after_wins(p, d.by[-1])
            elif d.taken in ("pung", "kong"):
                c = d.by[0]
                p.melds[c].append(self._new_meld(c, len(p.melds[c])))
                if d.taken == "pung":
                    self._turn(p, c)
                else:
                    self._draw(p, c, back=True)
            else:
                self._draw(p, self._next_active(p, d.seat), back=False)
            return
        k, tile = p.offer_from, p.on_offer
        i = len(p.discards)
        if i < len(b.discards) and b.discards[i].taken == "robbed" and b.discards[i].seat == k:
            d = b.discards[i]
            p.discards.append(d)
            for w in d.by:
                self._win(p, w)
            self._after_wins(p, d.by[-1])
            return
        j = next(j for j, m in enumerate(p.melds[k]) if m.type == "pung" and m.kind == tile >> 2)
        p.melds[k][j] = b.melds[k][j]
        self._draw(p, k, back=True)

    def _own(self, p: _View, action: protocol.Action) -> None:
        v = self.seat
        phase = p.phase
        if phase in ("exchange", "declare"):
            p.to_act.remove(v)
            self._push(v, p)
            if not p.to_act:
                self._simultaneous_done(p)
                self.views[-1] = p.copy()
            return
        if phase in _WINDOWS:
            p.to_act.remove(v)
            if not p.to_act:
                self._resolve(p)
            self._push(v, p)
            return
        if isinstance(action, Discard):
            p.discards.append(DiscardInfo(v, action.tile))
            self._open(p, "claim", v, action.tile)
        elif isinstance(action, Kong):
            pungs = [
                j for j, m in enumerate(p.melds[v]) if m.type == "pung" and m.kind == action.kind
            ]
            if pungs:
                tile = next(t for t in self.hand_before if t >> 2 == action.kind)
                self._open(p, "rob", v, tile)
            else:
                p.melds[v].append(self._new_meld(v, len(p.melds[v])))
                self._draw(p, v, back=True)
        elif isinstance(action, Win):
            self._win(p, v)
            self._after_wins(p, v)
        self._push(v, p)

    hand_before: tuple[int, ...] = ()

    def _simultaneous_done(self, p: _View) -> None:
        b = self.b
        if p.phase == "exchange":
            p.exchange_direction = b.exchange_direction
            p.exchange, p.received = tuple(b.exchange), tuple(b.received)
            p.phase, p.to_act = "declare", [0, 1, 2, 3]
        else:
            p.missing = tuple(b.missing)
            self._turn(p, p.dealer)

    def _next(self, p: _View) -> None:
        b = self.b
        v = self.seat
        if p.phase in ("exchange", "declare"):
            same = p.phase == b.phase
            pending = [s for s in p.to_act if s != v and not (same and s in b.to_act)]
            if not pending:
                raise _Gap("simultaneous")
            for s in pending:
                p.to_act.remove(s)
                self._push(s, p)
                if not p.to_act:
                    self._simultaneous_done(p)
                    self.views[-1] = p.copy()
            return
        if p.phase in _WINDOWS:
            same = (
                p.phase == b.phase
                and p.on_offer == b.on_offer
                and len(p.discards) == len(b.discards)
            )
            pending = [s for s in p.to_act if s != v and not (same and s in b.to_act)]
            if not pending or (v in p.to_act and not same):
                raise _Gap("window")
            for s in pending:
                p.to_act.remove(s)
                if not p.to_act:
                    self._resolve(p)
                self._push(s, p)
            return
        if p.phase != "turn" or p.current == v:
            raise _Gap("turn")
        s = p.current
        mine, theirs = p.melds[s], b.melds[s]
        if len(mine) < len(theirs) and theirs[len(mine)].type == "concealed_kong":
            # Its concealed kongs come first: it has one turn between two
            # decisions of the bot, and a discard or added kong ends it.
            mine.append(theirs[len(mine)])
            self._draw(p, s, back=True)
            self._push(s, p)
            return
        if b.phase == "rob" and b.offer_from == s and len(p.discards) == len(b.discards):
            # An added kong whose robbing window is open now.
            self._open(p, "rob", s, b.on_offer)
            self._push(s, p)
            return
        for j, m in enumerate(mine):
            if m.type == "pung" and j < len(theirs) and theirs[j].type == "kong":
                # An added kong: its tile is on offer, robbed or in the kong.
                if b.phase == "rob" and b.offer_from == s:
                    tile = b.on_offer
                else:
                    i = len(p.discards)
                    if i < len(b.discards) and b.discards[i].taken == "robbed":
                        tile = b.discards[i].tile
                    else:
                        tile = next(t for t in theirs[j].tiles if t not in m.tiles)
                self._open(p, "rob", s, tile)
                self._push(s, p)
                return
        i = len(p.discards)
        if i < len(b.discards) and b.discards[i].seat == s and b.discards[i].taken != "robbed":
            p.discards.append(DiscardInfo(s, b.discards[i].tile))
            self._open(p, "claim", s, b.discards[i].tile)
            self._push(s, p)
            return
        if s in b.winners[len(p.winners) :]:
            self._win(p, s)
            self._after_wins(p, s)
            self._push(s, p)
            return
        raise _Gap("cannot tell what the seat in turn did")


class _Log:
    """The bot's public log of one deal."""

    def __init__(self, seat: int, first: SichuanObservation) -> None:
        self.seat = seat
        self.views: list[Any] = []
        self.steps: list[int] = []
        self.own: dict[int, protocol.Action] = {}
        self.last = first
        self.pending: protocol.Action | None = None
        start = _View.of(first)
        # Seats that chose before the bot was first asked (exchange or
        # declaration): steps with nothing public.
        before = [s for s in range(4) if s not in first.to_act]
        self.views.append(start)
        for s in before:
            self.steps.append(s)
            self.views.append(start.copy())
        self.views[-1] = first

    def extend(self, obs: SichuanObservation) -> None:
        flow = _Flow(self.seat, obs)
        flow.hand_before = tuple(self.last.hand)
        p = _View.of(self.last)
        flow.run(p, self.pending)
        if self.pending is not None:
            self.own[len(self.steps)] = self.pending
        self.steps.extend(flow.steps)
        self.views.extend(flow.views)
        if flow.views:
            self.views[-1] = obs
        self.last = obs
        self.pending = None


class SearchBot:
    """Determinised playouts (PIMC) with the heuristic policy.

    ``SearchBot(time_per_decision=None, playouts=16)``. At a decision with
    more than one legal action it draws ``playouts`` determinisations of
    everything it cannot see (:class:`~parlour.sichuan.resample.Resampler`:
    uniform among the hidden states consistent with all it has seen), and
    in each tries every legal action followed by the C heuristic bot
    (``HeuristicBot``'s twin) in every seat to the end of the deal; it picks
    the action with the best mean final score for its seat (the same
    determinisations for every action; ties go to the heuristic's choice).
    Decisions with one legal action, and any decision it cannot rebuild a
    log for (a bot put into a deal already under way), take the heuristic's
    choice. ``time_per_decision`` (seconds) stops drawing determinisations
    early once spent; with it the choice depends on the machine's speed, so
    leave it ``None`` for reproducible play: then the bot is deterministic
    given the ``rng`` it is handed.

    It reads only its observations: the bot interface hands it nothing else.
    Needs the compiled core (the playouts run in C).
    """

    def __init__(
        self, time_per_decision: float | None = None, playouts: int = 16, margin: float = 1.5
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts!r}")
        if time_per_decision is not None and not time_per_decision > 0:
            raise ValueError(f"time_per_decision must be positive, not {time_per_decision!r}")
        self.time_per_decision = time_per_decision
        self.playouts = playouts
        self.margin = margin
        self._heuristic = HeuristicBot()
        # One log per seat, so one bot object may play several seats.
        self._logs: dict[int, _Log] = {}
        self._rules: Any = None
        #: Decisions searched and determinisations drawn (for measurements).
        self.searched = 0
        self.determinisations = 0
        self.fallbacks = 0
        #: Determinisations drawn on the Python path (states the C sampler
        #: does not serve: the exchange phase before the exchange).
        self.python_draws = 0

    def set_rules(self, rules: Any) -> None:
        """The rules of the deals it will play (default: the default rules)."""
        self._rules = rules

    def act(
        self,
        observation: SichuanObservation,
        legal_actions: Sequence[protocol.Action],
        rng: random.Random,
    ) -> protocol.Action:
        """Choose one of ``legal_actions`` (see the class docstring)."""
        base: protocol.Action = self._heuristic.act(observation, legal_actions, rng)
        log = self._follow(observation)
        choice = base
        if log is not None and len(legal_actions) > 1:
            choice = self._search(log, observation, legal_actions, base, rng)
        if log is not None:
            log.pending = choice
        return choice

    def _follow(self, obs: SichuanObservation) -> _Log | None:
        seat = obs.seat
        log = self._logs.get(seat)
        fresh = obs.phase == "exchange" or (
            obs.phase == "declare" and (log is None or log.last.phase != "exchange")
        )
        if fresh:
            log = self._logs[seat] = _Log(seat, obs)
            return log
        if log is None:
            return None
        try:
            log.extend(obs)
        except (_Gap, StopIteration, ValueError, IndexError):
            del self._logs[seat]
            self.fallbacks += 1
            return None
        return log

    def _search(
        self,
        log: _Log,
        obs: SichuanObservation,
        legal: Sequence[protocol.Action],
        base: protocol.Action,
        rng: random.Random,
    ) -> protocol.Action:
        from parlour.sichuan.rules import DEFAULT_RULES

        rules = self._rules if self._rules is not None else DEFAULT_RULES
        exchanging = obs.exchange_direction is not None or obs.phase == "exchange"
        if exchanging and not rules.exchange_three:
            rules = type(rules)(**{**rules.to_dict(), "exchange_three": True})
        try:
            sampler = Resampler.from_log(Game, rules, "c", obs.seat, log.steps, log.own, log.views)
        except (RuntimeError, ValueError, KeyError, IndexError, AssertionError):
            return base
        deadline = (
            None if self.time_per_decision is None else time.perf_counter() + self.time_per_decision
        )
        seat = obs.seat
        candidates = _candidates(legal, base)
        scores: list[list[int]] = [[] for _ in candidates]
        for _ in range(self.playouts):
            try:
                # The C sampler's state alone when it serves this state (the
                # same draw as sample's game, without building the game).
                state = sampler.sample_state(rng)
                if state is None:
                    self.python_draws += 1
                    state = sampler.sample(rng)._engine.state
            except (RuntimeError, ValueError):
                break
            for i, action in enumerate(candidates):
                trial = state.copy()
                if isinstance(action, Exchange):
                    trial.exchange(seat, action.tiles)
                else:
                    trial.apply(seat, action)
                trial.play_heuristic()
                scores[i].append(trial.scores()[seat])
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.searched += 1
        done = len(scores[0])
        self.determinisations += done
        return _choose(candidates, scores, self.margin) if done > 1 else base


def _candidates(legal: Sequence[protocol.Action], base: protocol.Action) -> list[protocol.Action]:
    """The heuristic's choice first, then one action per distinct effect: a
    discard of another copy of a kind already listed plays the same."""
    out = [base]
    kinds = {base.tile >> 2} if isinstance(base, Discard) else set()
    for action in legal:
        if action == base:
            continue
        if isinstance(action, Discard):
            if action.tile >> 2 in kinds:
                continue
            kinds.add(action.tile >> 2)
        out.append(action)
    return out


def _choose(
    candidates: Sequence[protocol.Action], scores: Sequence[Sequence[int]], margin: float
) -> protocol.Action:
    """The candidate with the best mean among those that beat the heuristic's
    choice (``candidates[0]``) by more than ``margin`` standard errors of
    the paired difference (the same determinisations for all), else the
    heuristic's choice."""
    base = scores[0]
    n = len(base)
    best, best_mean = 0, 0.0
    for i in range(1, len(candidates)):
        diffs = [a - b for a, b in zip(scores[i], base, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean - margin * math.sqrt(var / n) > 0 and mean > best_mean:
            best, best_mean = i, mean
    return candidates[best]
