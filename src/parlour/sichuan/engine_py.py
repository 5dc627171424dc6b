"""The pure-Python Sichuan engine: the plain reference state machine.

One deal from the dealt wall to settlement, following rules/sichuan.md step
by step. It keeps only the state itself (tiles, melds, discards, logs, whose
turn it is); every derived value (tile counts, whether a hand is complete,
its waits, the observation) is worked out from it when asked. Speed lives in
the C engine (:mod:`parlour.sichuan.engine_c`); the tests drive both with
the same actions and compare every view.

>>> from parlour.sichuan import Game
>>> game = Game(seed=7, engine="python")
>>> game.to_act
(0, 1, 2, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from parlour import protocol
from parlour._codes.sichuan import (
    SG_EV_DEAL,
    SG_EV_DECLARE,
    SG_EV_DISCARD,
    SG_EV_DRAW,
    SG_EV_END,
    SG_EV_EXCHANGE,
    SG_EV_EXCHANGE_CHOOSE,
    SG_EV_EXHAUSTION,
    SG_EV_KONG,
    SG_EV_NAMES,
    SG_EV_PUNG,
    SG_EV_REPLACEMENT,
    SG_EV_REVEAL,
    SG_EV_ROB_FAIL,
    SG_EV_WIN,
    SG_PAY_ADDED_KONG,
    SG_PAY_CALL_TRANSFER,
    SG_PAY_CONCEALED_KONG,
    SG_PAY_DISCARD_WIN,
    SG_PAY_EXPOSED_KONG,
    SG_PAY_FLOWER_PIG,
    SG_PAY_NAMES,
    SG_PAY_NOT_READY,
    SG_PAY_REFUND,
    SG_PAY_ROBBED_KONG,
    SG_PAY_SELF_DRAW,
    SG_PHASE_CLAIM,
    SG_PHASE_DECLARE,
    SG_PHASE_EXCHANGE,
    SG_PHASE_NAMES,
    SG_PHASE_OVER,
    SG_PHASE_ROB,
    SG_PHASE_TURN,
    SG_TAKEN_KONG,
    SG_TAKEN_NAMES,
    SG_TAKEN_PUNG,
    SG_TAKEN_ROBBED,
    SG_TAKEN_WIN,
)
from parlour.protocol import Payment, Result
from parlour.sichuan import evaluate as _ev
from parlour.sichuan import rules as _rules
from parlour.sichuan.hand import Hand, Meld, MeldType, valid_hand
from parlour.sichuan.ids import NUM_ACTION_IDS, action_id
from parlour.sichuan.obs import OBS_SHAPE, ORACLE_SHAPE, oracle_planes
from parlour.sichuan.tiles import KINDS, SUITS, TILES, kind_from_text
from parlour.sichuan.values import (
    DECLARE,
    DIRECTIONS,
    DISCARD,
    KONG,
    PASS,
    PUNG,
    WIN,
    Declare,
    Discard,
    DiscardInfo,
    Event,
    Exchange,
    Kong,
    MeldInfo,
    Pung,
    SichuanObservation,
    Win,
    event_detail,
    exchange_choices,
    net_scores,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["PyEngine"]

#: Tiles dealt before the wall: 14 to the dealer and 13 to each other seat.
DEALT = 53


class PyEngine:
    """A Sichuan deal in plain Python (see :class:`~parlour.sichuan.engine.SichuanEngine`).

    ``wall`` is the deal order, ``step`` the exchange-three direction (1
    next, 2 across, 3 previous; 0 without the exchange).
    """

    def __init__(self, rules: _rules.Rules, wall: Sequence[int], dealer: int, step: int) -> None:
        self.rules = rules
        self._wall = tuple(wall)
        self._dealer = dealer
        self._step = step
        self._front = DEALT  # next normal draw
        self._back = TILES - 1  # next replacement draw
        self._held: list[set[int]] = [set() for _ in range(4)]
        self._melds: list[list[MeldInfo]] = [[] for _ in range(4)]
        self._missing = [-1, -1, -1, -1]
        self._won = [False] * 4
        self._winners: list[int] = []
        self._wins: list[dict[str, Any]] = []
        self._win_hands: list[tuple[int, ...] | None] = [None] * 4
        self._discards: list[DiscardInfo] = []
        self._ledger: list[Payment] = []
        # Kong payments that a refund or a call transfer may take back:
        # [payer, payee, amount, still refundable].
        self._kong_income: list[list[int]] = []
        self._turn_kongs: list[list[int]] = []  # income entries per kong this turn
        self._events: list[Event] = []
        self._exchange: list[tuple[int, ...]] = [(), (), (), ()]
        self._received: list[tuple[int, ...]] = [(), (), (), ()]
        self._exchange_done = False
        self._phase = SG_PHASE_EXCHANGE if rules.exchange_three else SG_PHASE_DECLARE
        self._cur = dealer
        self._after_pung = False
        self._drawn = -1  # the tile drawn this turn, -1 for none
        self._replacement = False
        self._drew_last = False
        self._last_drawer = -1
        self._offer = -1
        self._offer_from = -1
        self._offer_last = False
        self._answers: dict[int, protocol.Action] = {}
        self._responders: tuple[int, ...] = ()
        # What each responder may answer to the tile on offer, fixed when
        # the window opens.
        self._choices: dict[int, list[protocol.Action]] = {}
        self._exhausted = False
        pos = 0
        for i in range(4):
            n = 14 if i == 0 else 13
            self._held[(dealer + i) % 4].update(self._wall[pos : pos + n])
            pos += n
        self._event(SG_EV_DEAL, -1, -1, dealer)

    # -- the engine interface -----------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self._phase
        if phase == SG_PHASE_TURN:
            return (self._cur,)
        if phase in (SG_PHASE_CLAIM, SG_PHASE_ROB):
            return tuple(s for s in self._responders if s not in self._answers)
        if phase == SG_PHASE_DECLARE:
            return tuple(s for s in range(4) if self._missing[s] < 0)
        if phase == SG_PHASE_EXCHANGE:
            return tuple(s for s in range(4) if not self._exchange[s])
        return ()

    @property
    def is_over(self) -> bool:
        return self._phase == SG_PHASE_OVER

    @property
    def phase(self) -> int:
        return self._phase

    @property
    def wall_remaining(self) -> int:
        return self._back - self._front + 1

    @property
    def after_pung(self) -> bool:
        return self._after_pung

    def legal(self, seat: int) -> list[protocol.Action]:
        if seat not in self.to_act:
            return []
        phase = self._phase
        if phase == SG_PHASE_TURN:
            return self._turn_legal(seat)
        if phase in (SG_PHASE_CLAIM, SG_PHASE_ROB):
            return list(self._choices[seat])
        if phase == SG_PHASE_DECLARE:
            return list(DECLARE)
        return exchange_choices(self.tiles(seat))

    def apply(self, seat: int, action: protocol.Action) -> bool:
        if not self._is_legal(seat, action):
            return False
        phase = self._phase
        if phase in (SG_PHASE_CLAIM, SG_PHASE_ROB):
            self._answers[seat] = action
            if len(self._answers) < len(self._responders):
                return True
            if phase == SG_PHASE_CLAIM:
                self._resolve_claims()
            else:
                self._resolve_rob()
        elif phase == SG_PHASE_TURN:
            if isinstance(action, Discard):
                self._discard(seat, action.tile)
            elif isinstance(action, Kong):
                self._turn_kong(seat, action.kind)
            else:
                self._self_draw_win(seat)
        elif phase == SG_PHASE_DECLARE:
            assert isinstance(action, Declare)
            self._declare(seat, SUITS.index(action.suit))
        else:
            assert isinstance(action, Exchange)
            self._choose_exchange(seat, action.tiles)
        return True

    def _is_legal(self, seat: int, action: protocol.Action) -> bool:
        if self._phase == SG_PHASE_TURN and action.__class__ is Discard:
            # Any tile it holds, but those of its missing suit first: the
            # discards of the legal actions, without working out the rest.
            tile = action.tile
            if seat != self._cur or type(tile) is not int or tile not in self._held[seat]:
                return False
            return not self._holds_missing(seat) or tile // 36 == self._missing[seat]
        return action in self.legal(seat)

    def observation(self, seat: int) -> SichuanObservation:
        phase = self._phase
        over = phase == SG_PHASE_OVER
        offering = phase in (SG_PHASE_CLAIM, SG_PHASE_ROB)
        everyone_declared = min(self._missing) >= 0
        to_act = self.to_act
        return SichuanObservation(
            seat=seat,
            phase=SG_PHASE_NAMES[phase],
            dealer=self._dealer,
            current=self._cur,
            to_act=to_act,
            wall_remaining=self.wall_remaining,
            hand=self.tiles(seat),
            drawn=self._drawn if phase == SG_PHASE_TURN and seat == self._cur else -1,
            hand_sizes=tuple(len(h) for h in self._held),
            melds=tuple(self._melds_seen(s, seat) for s in range(4)),
            discards=tuple(self._discards),
            missing=tuple(
                SUITS[m] if m >= 0 and (everyone_declared or s == seat) else None
                for s, m in enumerate(self._missing)
            ),
            declared=tuple(m >= 0 for m in self._missing),
            won=tuple(self._won),
            winners=tuple(self._winners),
            public_hands=tuple(self.tiles(s) for s in range(4)) if over else tuple(self._win_hands),
            on_offer=self._offer if offering else -1,
            offer_from=self._offer_from if offering else -1,
            ledger=tuple(self._ledger),
            exchange=self._exchange[seat],
            received=self._received[seat],
            exchange_direction=DIRECTIONS[self._step - 1] if self._exchange_done else None,
            legal_actions=tuple(self.legal(seat)) if seat in to_act else (),
        )

    def result(self) -> Result:
        details = {
            "exhausted": self._exhausted,
            "wins": [dict(w) for w in self._wins],
            "missing": [SUITS[m] if m >= 0 else None for m in self._missing],
            "hands": [str(self.hand(s)) for s in range(4)],
            "ready": [not self._won[s] and bool(self.waits(s)) for s in range(4)],
        }
        ledger = tuple(self._ledger)
        return Result(net_scores(ledger), tuple(self._winners), ledger, details)

    def clone(self) -> PyEngine:
        twin: PyEngine = object.__new__(PyEngine)
        for name, value in vars(self).items():
            if isinstance(value, list):
                # Lists of mutable entries: kong income rows, turn kongs,
                # per-seat tile sets and melds.
                value = [v.copy() if isinstance(v, (list, set)) else v for v in value]
            elif isinstance(value, dict):
                value = dict(value)
            setattr(twin, name, value)
        return twin

    # -- the views -----------------------------------------------------------
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def wins(self) -> tuple[dict[str, Any], ...]:
        return tuple(dict(w) for w in self._wins)

    def ledger(self) -> tuple[Payment, ...]:
        return tuple(self._ledger)

    def tiles(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted(self._held[seat]))

    def hand(self, seat: int) -> Hand:
        return valid_hand(self._counts(seat), self._meld_objs(seat))

    def missing(self, seat: int) -> int:
        return self._missing[seat]

    def waits(self, seat: int) -> frozenset[int]:
        # Meaningful while the seat holds 13 tiles (kongs counting 3).
        m = self._missing[seat]
        if self._holds_missing(seat):
            return frozenset()
        ws = _ev.waits(self.hand(seat), missing_suit=SUITS[m] if m >= 0 else None)
        return frozenset(kind_from_text(w) for w in ws)

    # -- the learning interface ------------------------------------------------
    @property
    def drawn(self) -> int:
        return self._drawn if self._phase == SG_PHASE_TURN else -1

    def legal_mask(self, seat: int) -> NDArray[np.bool_]:
        import numpy as np

        mask = np.zeros(NUM_ACTION_IDS, dtype=np.bool_)
        for a in self.legal(seat):
            mask[action_id(a)] = True
        return mask

    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        import numpy as np

        out = np.zeros(ORACLE_SHAPE, dtype=np.float32)
        out[: OBS_SHAPE[0]] = self.observation(seat).to_array()
        wall = self._wall[self._front : self._back + 1]
        oracle_planes(out, seat, [self.tiles(s) for s in range(4)], wall)
        return out

    def scores(self) -> tuple[int, ...]:
        return net_scores(self._ledger)

    # -- derived values ------------------------------------------------------
    def _counts(self, seat: int) -> list[int]:
        counts = [0] * KINDS
        for t in self._held[seat]:
            counts[t >> 2] += 1
        return counts

    def _meld_objs(self, seat: int) -> tuple[Meld, ...]:
        return tuple(Meld(m.kind, m.type) for m in self._melds[seat] if m.kind is not None)

    def _holds_missing(self, seat: int) -> bool:
        m = self._missing[seat]
        return m >= 0 and any(t // 36 == m for t in self._held[seat])

    def _complete_with(self, seat: int, kind: int) -> bool:
        # Whether the tile of ``kind`` on offer completes the seat's hand.
        if self._holds_missing(seat):
            return False
        counts = self._counts(seat)
        counts[kind] += 1
        hand = valid_hand(counts, self._meld_objs(seat))
        return _ev.is_complete(hand, missing_suit=self._missing_suit(seat))

    def _missing_suit(self, seat: int) -> str | None:
        m = self._missing[seat]
        return SUITS[m] if m >= 0 else None

    def _melds_seen(self, seat: int, viewer: int) -> tuple[MeldInfo, ...]:
        # Another seat's concealed kongs stay hidden until the game is over.
        if viewer == seat or self._phase == SG_PHASE_OVER:
            return tuple(self._melds[seat])
        return tuple(
            MeldInfo("concealed_kong", None, (), None) if m.type == "concealed_kong" else m
            for m in self._melds[seat]
        )

    def _active(self) -> list[int]:
        return [s for s in range(4) if not self._won[s]]

    def _next_active(self, seat: int) -> int:
        for i in range(1, 5):
            s = (seat + i) % 4
            if not self._won[s]:
                return s
        return seat

    def _lowest(self, seat: int, kind: int, n: int) -> list[int]:
        held = self._held[seat]
        return [t for t in range(kind * 4, kind * 4 + 4) if t in held][:n]

    # -- logs ------------------------------------------------------------------
    def _event(self, type_: int, seat: int, tile: int = -1, arg: int = 0) -> None:
        detail = event_detail(type_, arg, self._missing)
        self._events.append(Event(SG_EV_NAMES[type_], seat, tile, detail))

    def _pay(self, payer: int, payee: int, amount: int, reason: int) -> None:
        self._ledger.append(Payment(payer, payee, amount, SG_PAY_NAMES[reason]))

    def _mark_discard(self, taken: int, by: Sequence[int]) -> None:
        last = self._discards[-1]
        self._discards[-1] = DiscardInfo(last.seat, last.tile, SG_TAKEN_NAMES[taken], tuple(by))

    # -- exchange and declaration ---------------------------------------------
    def _choose_exchange(self, seat: int, tiles: tuple[int, ...]) -> None:
        self._exchange[seat] = tiles
        self._event(SG_EV_EXCHANGE_CHOOSE, seat)
        if not all(self._exchange):
            return
        for s in range(4):
            self._held[s].difference_update(self._exchange[s])
        for s in range(4):
            to = (s + self._step) % 4
            self._received[to] = self._exchange[s]
            self._held[to].update(self._exchange[s])
        self._exchange_done = True
        self._event(SG_EV_EXCHANGE, -1, -1, self._step)
        self._phase = SG_PHASE_DECLARE

    def _declare(self, seat: int, suit: int) -> None:
        self._missing[seat] = suit
        self._event(SG_EV_DECLARE, seat)
        if min(self._missing) >= 0:
            self._event(SG_EV_REVEAL, -1)
            self._start_turn(self._dealer, draw=False)

    # -- turns -------------------------------------------------------------
    def _start_turn(self, seat: int, *, draw: bool) -> None:
        self._cur = seat
        self._phase = SG_PHASE_TURN
        self._after_pung = False
        self._replacement = False
        self._drew_last = False
        self._drawn = -1
        self._turn_kongs = []
        if draw:
            if self._front > self._back:
                self._exhaust()
                return
            tile = self._wall[self._front]
            self._front += 1
            self._take_drawn(seat, tile)
            self._event(SG_EV_DRAW, seat, tile)

    def _take_drawn(self, seat: int, tile: int) -> None:
        self._held[seat].add(tile)
        self._drawn = tile
        if self._front > self._back:
            self._drew_last = True
            self._last_drawer = seat

    def _replacement_draw(self, seat: int) -> None:
        tile = self._wall[self._back]
        self._back -= 1
        self._take_drawn(seat, tile)
        self._replacement = True
        self._event(SG_EV_REPLACEMENT, seat, tile)

    def _turn_legal(self, seat: int) -> list[protocol.Action]:
        held = self.tiles(seat)
        m = self._missing[seat]
        if self._holds_missing(seat):
            return [DISCARD[t] for t in held if t // 36 == m]
        out: list[protocol.Action] = []
        if not self._after_pung:
            if _ev.is_complete(self.hand(seat), missing_suit=self._missing_suit(seat)):
                out.append(WIN)
            if self._front <= self._back:
                counts = self._counts(seat)
                out.extend(KONG[k] for k in range(KINDS) if counts[k] == 4)
                out.extend(
                    KONG[meld.kind]
                    for meld in self._melds[seat]
                    if meld.type == "pung" and meld.kind is not None and counts[meld.kind]
                )
        out.extend(DISCARD[t] for t in held)
        return out

    def _discard(self, seat: int, tile: int) -> None:
        self._held[seat].remove(tile)
        self._discards.append(DiscardInfo(seat, tile))
        self._event(SG_EV_DISCARD, seat, tile)
        last = self._last_drawer == seat
        if last:
            self._last_drawer = -1
        self._open_window(SG_PHASE_CLAIM, seat, tile, last)

    def _open_window(self, phase: int, seat: int, tile: int, last: bool) -> None:
        self._phase = phase
        self._offer = tile
        self._offer_from = seat
        self._offer_last = last
        self._answers = {}
        others = [(seat + i) % 4 for i in range(1, 4)]
        self._responders = tuple(s for s in others if not self._won[s])
        self._choices = {s: self._answers_of(s) for s in self._responders}

    def _answers_of(self, seat: int) -> list[protocol.Action]:
        # What a responder may answer to the tile on offer.
        kind = self._offer >> 2
        win = self._complete_with(seat, kind)
        acts: list[protocol.Action] = [PASS, WIN] if win else [PASS]
        n = self._counts(seat)[kind]
        claimable = (
            self._phase == SG_PHASE_CLAIM
            and n >= 2
            and self._missing[seat] != kind // 9
            and not self._holds_missing(seat)
        )
        if claimable:
            acts.append(PUNG[kind])
            if n >= 3 and self._front <= self._back:
                acts.append(KONG[kind])
        return acts

    def _window_winners(self) -> list[int]:
        return [s for s in self._responders if isinstance(self._answers[s], Win)]

    def _resolve_claims(self) -> None:
        seat, tile = self._offer_from, self._offer
        winners = self._window_winners()
        if winners:
            self._mark_discard(SG_TAKEN_WIN, winners)
            for w in winners:
                self._event(SG_EV_WIN, w, tile, seat)
                self._settle_win(w, tile, payer=seat, robbed=False, last=self._offer_last)
            if self.rules.call_transfer and self._turn_kongs:
                self._call_transfer(seat, winners[0])
            self._after_wins(winners[-1])
            return
        for s in self._responders:
            answer = self._answers[s]
            if isinstance(answer, (Pung, Kong)):
                self._claim(s, answer, seat, tile)
                return
        self._next_turn(self._next_active(seat))

    def _claim(self, seat: int, answer: Pung | Kong, discarder: int, tile: int) -> None:
        kind = tile >> 2
        pung = isinstance(answer, Pung)
        self._event(SG_EV_PUNG if pung else SG_EV_KONG, seat, tile, discarder)
        self._mark_discard(SG_TAKEN_PUNG if pung else SG_TAKEN_KONG, [seat])
        own = self._lowest(seat, kind, 2 if pung else 3)
        self._held[seat].difference_update(own)
        tiles = tuple(sorted([tile, *own]))
        mtype: MeldType = "pung" if pung else "kong"
        self._melds[seat].append(MeldInfo(mtype, kind, tiles, discarder))
        self._offer = -1
        self._offer_from = -1
        self._start_turn(seat, draw=False)
        if pung:
            self._after_pung = True
            return
        self._turn_kongs.append(self._kong_pay([discarder], seat, 2, SG_PAY_EXPOSED_KONG))
        self._replacement_draw(seat)

    def _next_turn(self, seat: int) -> None:
        self._offer = -1
        self._offer_from = -1
        self._start_turn(seat, draw=True)

    def _after_wins(self, last_winner: int) -> None:
        self._offer = -1
        self._offer_from = -1
        if len(self._winners) >= 3:
            self._finish()
            return
        self._start_turn(self._next_active(last_winner), draw=True)

    def _kong_pay(self, payers: list[int], konger: int, amount: int, reason: int) -> list[int]:
        entries = []
        for p in payers:
            self._pay(p, konger, amount, reason)
            self._kong_income.append([p, konger, amount, 1])
            entries.append(len(self._kong_income) - 1)
        return entries

    def _call_transfer(self, konger: int, winner: int) -> None:
        # The kong income of this turn goes to whoever wins on its discard.
        for entries in self._turn_kongs:
            total = 0
            for e in entries:
                income = self._kong_income[e]
                if income[3]:
                    total += income[2]
                    income[3] = 0
            if total:
                self._pay(konger, winner, total, SG_PAY_CALL_TRANSFER)
        self._turn_kongs = []

    def _turn_kong(self, seat: int, kind: int) -> None:
        others = [s for s in range(4) if s != seat and not self._won[s]]
        if self._counts(seat)[kind] == 4:
            tiles = tuple(self._lowest(seat, kind, 4))
            self._held[seat].difference_update(tiles)
            self._melds[seat].append(MeldInfo("concealed_kong", kind, tiles, None))
            self._event(SG_EV_KONG, seat, -1, 4)
            self._turn_kongs.append(self._kong_pay(others, seat, 2, SG_PAY_CONCEALED_KONG))
            self._replacement_draw(seat)
            return
        # An added kong: the others may rob it first.
        tile = self._lowest(seat, kind, 1)[0]
        self._event(SG_EV_KONG, seat, tile, 5)
        self._open_window(SG_PHASE_ROB, seat, tile, False)

    def _resolve_rob(self) -> None:
        seat, tile = self._offer_from, self._offer
        kind = tile >> 2
        robbers = self._window_winners()
        self._held[seat].remove(tile)
        if robbers:
            self._discards.append(
                DiscardInfo(seat, tile, SG_TAKEN_NAMES[SG_TAKEN_ROBBED], tuple(robbers))
            )
            self._event(SG_EV_ROB_FAIL, seat, tile)
            for w in robbers:
                self._event(SG_EV_WIN, w, tile, 4 + seat)
                self._settle_win(w, tile, payer=seat, robbed=True, last=False)
            if self.rules.call_transfer and self._turn_kongs:
                self._call_transfer(seat, robbers[0])
            self._after_wins(robbers[-1])
            return
        melds = self._melds[seat]
        i = next(i for i, m in enumerate(melds) if m.kind == kind and m.type == "pung")
        pung = melds[i]
        melds[i] = MeldInfo("kong", kind, tuple(sorted([*pung.tiles, tile])), pung.source, True)
        self._offer = -1
        self._offer_from = -1
        self._phase = SG_PHASE_TURN
        others = [s for s in range(4) if s != seat and not self._won[s]]
        self._turn_kongs.append(self._kong_pay(others, seat, 1, SG_PAY_ADDED_KONG))
        self._replacement_draw(seat)

    def _self_draw_win(self, seat: int) -> None:
        self._event(SG_EV_WIN, seat, -1, 8)
        self._settle_win(seat, -1, payer=-1, robbed=False, last=self._drew_last)
        if self._drew_last:
            self._last_drawer = -1
        self._after_wins(seat)

    # -- settlement ------------------------------------------------------------
    def _settle_win(self, seat: int, tile: int, *, payer: int, robbed: bool, last: bool) -> None:
        self_draw = tile < 0
        counts = self._counts(seat)
        if not self_draw:
            counts[tile >> 2] += 1
        hand = valid_hand(counts, self._meld_objs(seat))
        doubles = self.rules.self_draw_doubles
        win_tile = self._drawn if self_draw else tile
        sc = _ev.score(
            hand,
            self_draw=self_draw and doubles,
            kong_replacement=self_draw and self._replacement,
            robbed_kong=robbed,
            last_tile=last,
            win_tile=win_tile >> 2 if win_tile >= 0 else None,
            rules=self.rules,
        )
        self._won[seat] = True
        self._winners.append(seat)
        held = self._held[seat] if self_draw else self._held[seat] | {tile}
        self._win_hands[seat] = tuple(sorted(held))
        if self_draw:
            payers = [s for s in range(4) if s != seat and not self._won[s]]
            amount = sc.points + (0 if doubles else 1)
            reason = SG_PAY_SELF_DRAW
        else:
            payers = [payer]
            amount = sc.points
            reason = SG_PAY_ROBBED_KONG if robbed else SG_PAY_DISCARD_WIN
        for p in payers:
            self._pay(p, seat, amount, reason)
        self._wins.append(
            {
                "seat": seat,
                "how": SG_PAY_NAMES[reason],
                "from": payer,
                "tile": tile,
                "hand": str(hand),
                "fan": sc.fan,
                "points": sc.points,
                "patterns": list(sc.patterns),
            }
        )

    def _exhaust(self) -> None:
        self._exhausted = True
        self._event(SG_EV_EXHAUSTION, -1)
        active = self._active()
        pigs = [s for s in active if self._holds_missing(s)]
        ready = {s: s not in pigs and bool(self.waits(s)) for s in active}
        # 1. Refund: every active player that is not ready pays back its kong income.
        for s in active:
            if ready[s]:
                continue
            for income in self._kong_income:
                if income[1] == s and income[3]:
                    self._pay(s, income[0], income[2], SG_PAY_REFUND)
                    income[3] = 0
        # 2. Flower pigs pay every player that is not a flower pig.
        penalty = self.rules.flower_pig_penalty
        for p in pigs:
            for s in range(4):
                if s != p and s not in pigs and penalty:
                    self._pay(p, s, penalty, SG_PAY_FLOWER_PIG)
        # 3. Not ready: each active non-ready, non-pig player pays each ready player.
        ready_seats = [s for s in active if ready[s]]
        payers = [s for s in active if not ready[s] and s not in pigs]
        if ready_seats and payers:
            best = {
                r: _ev.best_win(self.hand(r), missing_suit=self._missing_suit(r), rules=self.rules)
                for r in ready_seats
            }
            for p in payers:
                for r in ready_seats:
                    if best[r]:
                        self._pay(p, r, best[r], SG_PAY_NOT_READY)
        self._finish()

    def _finish(self) -> None:
        self._phase = SG_PHASE_OVER
        self._offer = -1
        self._offer_from = -1
        self._event(SG_EV_END, -1)
