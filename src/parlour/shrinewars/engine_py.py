"""The pure-Python Shrine Wars engine: :class:`PyEngine`.

The plain reference of the rules (rules/shrinewars.md): the opening draw,
then one auction per lot, each won lot paid to its receivers. The C state
machine (:class:`~parlour.shrinewars.engine_c.CEngine`) is its twin, and the
tests drive both in lock step. Both follow
:class:`~parlour.shrinewars.engine.ShrineWarsEngine`.

>>> from parlour.shrinewars import Rules
>>> e = PyEngine(Rules(oinks=3), 2, (8, 10, 22, 33))  # 9F 2W 5A 7E
>>> e.to_act, [str(a) for a in e.legal(0)]
((0,), ['pass', 'bid 1: 1A', 'bid 2: 2A', 'bid 3: 3A'])
"""

from __future__ import annotations

from parlour.protocol import Payment, Result
from parlour.shrinewars import scoring
from parlour.shrinewars.cards import Cards, card_text
from parlour.shrinewars.rules import Rules
from parlour.shrinewars.values import (
    POT,
    Bid,
    LotOutcome,
    Oinks,
    Pass,
    ShrineWarsAction,
    ShrineWarsObservation,
    default_payment,
)

__all__ = ["OPENING_DRAW_LIMIT", "PyEngine"]

#: Opening-draw redraw rounds start only while fewer cards than this were drawn.
OPENING_DRAW_LIMIT = 36


class PyEngine:
    """A game of Shrine Wars in plain Python, after its opening draw from
    ``deck`` (the order before the draw, top first)."""

    def __init__(self, rules: Rules, players: int, deck: tuple[int, ...]) -> None:
        self.rules = rules
        self.num_players = n = players
        self._scored: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self._oinks: list[list[int]] = [[rules.oinks] * 4 for _ in range(n)]
        self._pool = [0, 0, 0, 0]
        self._won = [0] * n
        self._set_aside = 0
        self._ledger: list[Payment] = []
        self._lots: list[LotOutcome] = []
        self._bids: list[tuple[int, ShrineWarsAction]] = []
        self._over = False
        self._set_due = False
        self._lot: tuple[int, ...] = ()
        self._lot_elements: tuple[int, ...] = ()
        # bit v - 1 set when the seat has won a card of face value v
        self._values = [0] * n
        self._passed = [False] * n
        self._high: tuple[int, Bid] | None = None
        self._turn = 0
        # Opening draw: each contender takes the top card and puts it at once
        # on the bottom; the tied highest draw again.
        order = list(deck)
        contenders = list(range(n))
        draws: list[tuple[int, int]] = []
        while True:
            values: dict[int, int] = {}
            for s in contenders:
                c = order.pop(0)
                order.append(c)
                draws.append((s, c))
                values[s] = c % 9 + 1
            top = max(values.values())
            tied = [s for s in contenders if values[s] == top]
            if len(tied) == 1 or len(draws) >= OPENING_DRAW_LIMIT:
                break
            contenders = tied
        self.draws = tuple(draws)
        self.starter = tied[0]
        self._deck = order
        self._opener = self.starter
        self._start_lot()

    # -- the engine interface -----------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self._over else (self._turn,)

    @property
    def is_over(self) -> bool:
        return self._over

    def legal(self, seat: int) -> list[ShrineWarsAction]:
        if self._over or seat != self._turn:
            return []
        out: list[ShrineWarsAction] = [Pass()]
        oinks = self._oinks[seat]
        lo = self._high[1].amount + 1 if self._high else 1
        hi = sum(oinks[e] for e in self._lot_elements)
        bad = self._values[seat] << 1  # bit d set when unit digit d is forbidden
        for a in range(lo, hi + 1):
            if not bad >> (a % 10) & 1:
                paid = default_payment(a, oinks, self._lot_elements)
                assert paid is not None
                out.append(Bid(a, paid))
        return out

    def allows(self, seat: int, action: object) -> bool:
        """True if ``seat`` may take ``action`` now."""
        if self._over or seat != self._turn:
            return False
        if isinstance(action, Pass):
            return True
        if not isinstance(action, Bid):
            return False
        if self._high is not None and action.amount <= self._high[1].amount:
            return False
        if action.digit and self._values[seat] >> (action.digit - 1) & 1:
            return False
        held = self._oinks[seat]
        return all(
            not n or (e in self._lot_elements and n <= held[e]) for e, n in enumerate(action.paid)
        )

    def apply(self, seat: int, action: object) -> bool:
        if not self.allows(seat, action):
            return False
        assert isinstance(action, (Bid, Pass))
        self._bids.append((seat, action))
        if isinstance(action, Bid):
            self._high = (seat, action)
        else:
            self._passed[seat] = True
        active = [s for s in range(self.num_players) if not self._passed[s]]
        if self._high is not None and active == [self._high[0]]:
            self._resolve(self._high[0], self._high[1])
            return True
        if not active:
            self._set_lot_aside()
            return True
        n = self.num_players
        nxt = (seat + 1) % n
        while self._passed[nxt] or (self._high is not None and nxt == self._high[0]):
            nxt = (nxt + 1) % n
        self._turn = nxt
        return True

    def observation(self, seat: int) -> ShrineWarsObservation:
        o = self._oinks[seat]
        m = self._values[seat]
        return ShrineWarsObservation(
            seat=seat,
            num_players=self.num_players,
            oinks=(o[0], o[1], o[2], o[3]),
            table_oinks=self.oinks if self.rules.open_table else None,
            won=tuple(Cards.from_mask(w) for w in self._won),
            pool=self.pool,
            lot=Cards(self._lot),
            opener=self._opener,
            to_act=self.to_act,
            high_bidder=self._high[0] if self._high else None,
            high_bid=self._high[1] if self._high else None,
            passed=tuple(s for s in range(self.num_players) if self._passed[s]),
            bids=tuple(self._bids),
            forbidden=tuple(v for v in range(1, 10) if m >> (v - 1) & 1),
            cards_left=len(self._deck),
            set_aside=Cards.from_mask(self._set_aside),
            starter=self.starter,
            opening_draw=tuple((s, card_text(c)) for s, c in self.draws),
            lots=tuple(self._lots),
            is_over=self._over,
        )

    def result(self) -> Result:
        points = self.points()
        totals = tuple(sum(o) for o in self._oinks)
        top = max(points)
        leaders = [s for s in range(self.num_players) if points[s] == top]
        rich = max(totals[s] for s in leaders)
        winners = tuple(s for s in leaders if totals[s] == rich)
        return Result(
            scores=points,
            winners=winners,
            ledger=tuple(self._ledger),
            details={
                "oinks": [list(o) for o in self._oinks],
                "oink_totals": list(totals),
                "pool": list(self._pool),
                "partitions": [str(scoring.best_partition(Cards.from_mask(m))) for m in self._won],
                "set_aside": str(Cards.from_mask(self._set_aside)),
                "starter": self.starter,
            },
        )

    def clone(self) -> PyEngine:
        twin: PyEngine = object.__new__(PyEngine)
        twin.__dict__.update(self.__dict__)
        twin._oinks = [list(o) for o in self._oinks]
        for name in ("_pool", "_won", "_ledger", "_lots", "_bids", "_values", "_passed", "_deck"):
            setattr(twin, name, list(getattr(self, name)))
        return twin

    # -- views the game reads ---------------------------------------------------
    @property
    def turn(self) -> int:
        return self._turn

    @property
    def high(self) -> tuple[int, Bid] | None:
        return self._high

    @property
    def lot(self) -> tuple[int, ...]:
        return self._lot

    @property
    def lot_elements(self) -> tuple[int, ...]:
        return self._lot_elements

    @property
    def oinks(self) -> tuple[Oinks, ...]:
        return tuple((o[0], o[1], o[2], o[3]) for o in self._oinks)

    @property
    def pool(self) -> Oinks:
        p = self._pool
        return (p[0], p[1], p[2], p[3])

    @property
    def won(self) -> tuple[int, ...]:
        return tuple(self._won)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(self._values)

    @property
    def set_aside(self) -> int:
        return self._set_aside

    @property
    def deck(self) -> tuple[int, ...]:
        return tuple(self._deck)

    @property
    def lots(self) -> tuple[LotOutcome, ...]:
        return tuple(self._lots)

    def points(self) -> tuple[int, ...]:
        # Kept per holding: the learning loop asks after every action, and
        # the holdings change only when a lot is won.
        won = tuple(self._won)
        if self._scored[0] != won:
            self._scored = (won, tuple(scoring.score_mask(m) for m in won))
        return self._scored[1]

    # -- internals ------------------------------------------------------
    def _start_lot(self) -> None:
        self._bids = []
        self._high = None
        self._passed = [False] * self.num_players
        if not self._deck:
            self._lot = ()
            self._lot_elements = ()
            self._over = True
            return
        size = 2 if self._set_due and len(self._deck) >= 2 else 1
        self._lot = tuple(self._deck[:size])
        self._lot_elements = tuple(sorted({c // 9 for c in self._lot}))
        del self._deck[:size]
        self._turn = self._opener

    def _next_lot(self) -> None:
        self._opener = (self._opener + 1) % self.num_players
        self._start_lot()

    def _set_lot_aside(self) -> None:
        for c in self._lot:
            self._set_aside |= 1 << c
        self._lots.append(LotOutcome(Cards(self._lot), self._opener, None, None, (), (), self.pool))
        self._set_due = False
        self._next_lot()

    def _receivers(self, winner: int, digit: int) -> list[int]:
        others = [s for s in range(self.num_players) if s != winner]
        if digit == 0:
            return others
        column = sum(1 << (e * 9 + digit - 1) for e in range(4))
        held = {s: bin(self._won[s] & column).count("1") for s in others}
        most = max(held.values())
        if most == 0:
            return others
        return [s for s in others if held[s] == most]

    def _resolve(self, winner: int, bid: Bid) -> None:
        receivers = self._receivers(winner, bid.digit)
        pot = [self._pool[e] + bid.paid[e] for e in range(4)]
        for e in range(4):
            self._oinks[winner][e] -= bid.paid[e]
        self._ledger.append(Payment(winner, POT, bid.amount, f"bid for {Cards(self._lot)}"))
        k = len(receivers)
        share = (pot[0] // k, pot[1] // k, pot[2] // k, pot[3] // k)
        self._pool = [pot[e] - share[e] * k for e in range(4)]
        for r in receivers:
            for e in range(4):
                self._oinks[r][e] += share[e]
            if sum(share):
                self._ledger.append(Payment(POT, r, sum(share), "payout"))
        for c in self._lot:
            self._won[winner] |= 1 << c
            self._values[winner] |= 1 << (c % 9)
        self._lots.append(
            LotOutcome(
                Cards(self._lot),
                self._opener,
                winner,
                bid,
                tuple(receivers),
                (share,) * k,
                self.pool,
            )
        )
        self._set_due = bid.digit == 0
        self._next_lot()
