"""The Shrine Wars engine on the C core: :class:`CEngine`.

It wraps the binding's ``_ShrineWarsState`` (``csrc/shrinewars_game.c``),
which works on numbers, and turns what it reads into the values of
:mod:`parlour.shrinewars.values`. The pure-Python engine
(:class:`~parlour.shrinewars.engine_py.PyEngine`) is its twin: the tests
(tests/test_shrinewars_engines.py) drive both with the same actions and
compare every view after every step.

The C state keeps what the rules need; the actions taken on the current lot
are public and applied through this object, so their log is kept here, as
is the log of finished lots as :class:`~parlour.shrinewars.game.LotOutcome`
values (built once, when the C log grows). An observation is made from the
C observation copy (``parlour_swg_observe``: no deck order, no other seat's
Oinks when the table plays hidden) and the public logs, and holds no
reference to the engine.

>>> from parlour.shrinewars import Rules
>>> e = CEngine(Rules(oinks=3), 2, (8, 10, 22, 33))  # 9F 2W 5A 7E
>>> e.to_act, [str(a) for a in e.legal(0)]
((0,), ['pass', 'bid 1: 1A', 'bid 2: 2A', 'bid 3: 3A'])
"""

from __future__ import annotations

from typing import Any

from parlour import _backend
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
)

__all__ = ["CEngine", "core"]

_PASS = Pass()
_core_module: Any = None


def core() -> Any:
    """The compiled module, told once which objects stand for the actions."""
    global _core_module
    if _core_module is None:
        module = _backend.load("c")
        module._ShrineWarsState.register(Bid, _PASS)
        _core_module = module
    return _core_module


def _seats(mask: int, n: int) -> tuple[int, ...]:
    return tuple(s for s in range(n) if mask >> s & 1)


_OBS_NEW = object.__new__


def _build_fields(d: dict[str, Any], name: str) -> Any:
    # Every other field of a lazily made observation whose ``__dict__`` is
    # ``d``, from the seat's C view, on the first read of any of them.
    table, oinks, all_values, won, pool, draws = d["_lazy"]
    seat = d["seat"]
    n = d["num_players"]
    (_, _, open_table, starter, opener, _, passed, high_seat, _, _, lot, _,
     cards_left, set_aside, _, _) = table  # fmt: skip
    values = all_values[seat]
    high = high_seat >= 0
    d.update(
        oinks=oinks[seat],
        table_oinks=oinks if open_table else None,
        won=tuple(Cards.from_mask(m) for m in won),
        pool=pool,
        lot=Cards(lot),
        opener=opener,
        high_bidder=high_seat if high else None,
        passed=_seats(passed, n),
        forbidden=tuple(v for v in range(1, 10) if values >> (v - 1) & 1),
        cards_left=cards_left,
        set_aside=Cards.from_mask(set_aside),
        starter=starter,
        opening_draw=tuple((s, card_text(c)) for s, c in draws),
    )
    del d["_lazy"], d["_build"]
    return d[name]


class CEngine:
    """A game of Shrine Wars in the C core, after its opening draw from
    ``deck`` (the order before the draw, top first)."""

    __slots__ = ("_bids", "_high", "_lots", "_nlots", "num_players", "rules", "state")

    def __init__(self, rules: Rules, players: int, deck: tuple[int, ...]) -> None:
        self.rules = rules
        self.num_players = players
        self.state: Any = core()._ShrineWarsState.new(
            players, rules.oinks, rules.open_table, list(deck)
        )
        self._bids: list[tuple[int, ShrineWarsAction]] = []
        # The high bid as it was made (the C state holds its numbers): the
        # observations and the lot log show the caller's object, as the pure
        # engine does.
        self._high: Bid | None = None
        self._lots: list[LotOutcome] = []
        self._nlots = 0

    # -- the engine interface -----------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        to_act: tuple[int, ...] = self.state.to_act
        return to_act

    @property
    def is_over(self) -> bool:
        over: bool = self.state.over
        return over

    def legal(self, seat: int) -> list[Any]:
        legal: list[Any] = self.state.legal(seat)
        return legal

    def apply(self, seat: int, action: object) -> bool:
        status: int = self.state.apply_action(seat, action)
        if status == -4:  # not exactly Pass or Bid: a subclass, or not an action
            if isinstance(action, Pass):
                status = self.state.apply(seat, 0, (0, 0, 0, 0))
            elif isinstance(action, Bid):
                status = self.state.apply(seat, action.amount, action.paid)
            if status == 0:
                status = 1 if self.state.nlots != self._nlots else 0
        if status < 0:
            return False
        if isinstance(action, Bid):
            self._high = action
        if status:
            # The lot ended: its log starts again, and the lot log grows.
            self._bids = []
            self._sync_lots()
        else:
            self._bids.append((seat, action))  # type: ignore[arg-type]
        return True

    def _sync_lots(self) -> None:
        n = self.num_players
        rows = self.state.lot_rows(self._nlots)
        for cards, opener, winner, recv, amount, paid, share, pool in rows:
            if winner < 0:
                self._lots.append(LotOutcome(Cards(cards), opener, None, None, (), (), pool))
            else:
                receivers = _seats(recv, n)
                high = self._high
                bid = high if high is not None else Bid(amount, paid)
                self._lots.append(
                    LotOutcome(
                        Cards(cards),
                        opener,
                        winner,
                        bid,
                        receivers,
                        (share,) * len(receivers),
                        pool,
                    )
                )
        self._nlots += len(rows)
        self._high = None

    def observation(self, seat: int) -> ShrineWarsObservation:
        state = self.state
        obs: ShrineWarsObservation = _OBS_NEW(ShrineWarsObservation)
        obs.__dict__.update(
            seat=seat,
            num_players=self.num_players,
            to_act=state.to_act,
            bids=tuple(self._bids),
            lots=tuple(self._lots),
            is_over=state.over,
            high_bid=self._high,
            _lazy=state.observe(seat),
            _build=_build_fields,
        )
        return obs

    def ledger(self) -> tuple[Payment, ...]:
        out: list[Payment] = []
        for lot in self._lots:
            if lot.winner is None or lot.bid is None:
                continue
            out.append(Payment(lot.winner, POT, lot.bid.amount, f"bid for {lot.cards}"))
            for r, share in zip(lot.receivers, lot.shares, strict=True):
                if sum(share):
                    out.append(Payment(POT, r, sum(share), "payout"))
        return tuple(out)

    def result(self) -> Result:
        state = self.state
        points, winners = state.result()
        oinks = state.oinks()
        totals = tuple(sum(o) for o in oinks)
        won = state.won()
        return Result(
            scores=points,
            winners=_seats(winners, self.num_players),
            ledger=self.ledger(),
            details={
                "oinks": [list(o) for o in oinks],
                "oink_totals": list(totals),
                "pool": list(state.pool()),
                "partitions": [str(scoring.best_partition(Cards.from_mask(m))) for m in won],
                "set_aside": str(Cards.from_mask(state.table()[13])),
                "starter": state.table()[3],
            },
        )

    def clone(self) -> CEngine:
        twin: CEngine = object.__new__(CEngine)
        twin.rules = self.rules
        twin.num_players = self.num_players
        twin.state = self.state.copy()
        twin._bids = list(self._bids)
        twin._lots = list(self._lots)
        twin._high = self._high
        twin._nlots = self._nlots
        return twin

    # -- views the game reads ---------------------------------------------------
    @property
    def turn(self) -> int:
        turn: int = self.state.turn
        return turn

    @property
    def high(self) -> tuple[int, Bid] | None:
        high = self.state.high()
        if high is None or self._high is None:
            return None
        return (high[0], self._high)

    @property
    def lot(self) -> tuple[int, ...]:
        lot: tuple[int, ...] = self.state.table()[10]
        return lot

    @property
    def lot_elements(self) -> tuple[int, ...]:
        elements: tuple[int, ...] = self.state.lot_elements()
        return elements

    @property
    def oinks(self) -> tuple[Oinks, ...]:
        oinks: tuple[Oinks, ...] = self.state.oinks()
        return oinks

    @property
    def pool(self) -> Oinks:
        pool: Oinks = self.state.pool()
        return pool

    @property
    def won(self) -> tuple[int, ...]:
        won: tuple[int, ...] = self.state.won()
        return won

    @property
    def values(self) -> tuple[int, ...]:
        values: tuple[int, ...] = self.state.values()
        return values

    @property
    def set_aside(self) -> int:
        mask: int = self.state.table()[13]
        return mask

    @property
    def deck(self) -> tuple[int, ...]:
        deck: tuple[int, ...] = self.state.deck()
        return deck

    @property
    def lots(self) -> tuple[LotOutcome, ...]:
        return tuple(self._lots)

    @property
    def draws(self) -> tuple[tuple[int, int], ...]:
        draws: tuple[tuple[int, int], ...] = self.state.draws()
        return draws

    @property
    def starter(self) -> int:
        starter: int = self.state.table()[3]
        return starter

    def points(self) -> tuple[int, ...]:
        points: tuple[int, ...] = self.state.result()[0]
        return points
