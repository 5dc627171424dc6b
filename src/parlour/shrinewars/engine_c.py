"""The Shrine Wars engine on the C core: :class:`CEngine`.

It wraps the binding's ``_ShrineWarsState`` (``csrc/shrinewars_game.c``),
which works on numbers, and turns what it reads into the values of
:mod:`parlour.shrinewars.values`. The pure-Python engine
(:class:`~parlour.shrinewars.engine_py.PyEngine`) is its twin: the tests
(tests/test_shrinewars_engines.py) drive both with the same actions and
compare every view after every step.

The C state keeps what the rules need; the actions taken on the current lot
are public and applied through the binding, which keeps their log as the
objects it was handed, and the log of finished lots as
:class:`~parlour.shrinewars.game.LotOutcome` values (made once, when a lot
ends). The per-step calls (``legal``, ``apply``, ``observation``) are the
binding's own: a legal list is made of shared, frozen action objects, made
once per amount and payment; an apply is one C call; an observation is a
scrubbed copy of the C state (``parlour_swg_observe``: no deck order, no
other seat's Oinks when the table plays hidden) with the public logs, whose
fields are made on first read. It holds no reference to the engine.

>>> from parlour.shrinewars import Rules
>>> e = CEngine(Rules(oinks=3), 2, (8, 10, 22, 33))  # 9F 2W 5A 7E
>>> e.to_act, [str(a) for a in e.legal(0)]
((0,), ['pass', 'bid 1: 1A', 'bid 2: 2A', 'bid 3: 3A'])
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
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
    ShrineWarsObservation,
)

__all__ = ["CEngine", "core"]

_PASS = Pass()
_core_module: Any = None

_OBS_NEW = object.__new__
_LOT_NEW = object.__new__

# Every seat mask as its tuple of seats (receivers masks have bits 0..5).
_SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(6) if mask >> s & 1) for mask in range(64)
)

# The Cards of each lot, by its cards as the C log gives them: lots repeat
# across games, and Cards are frozen.
_LOT_CARDS: dict[tuple[int, ...], Cards] = {}


def _make_lot(
    cards: tuple[int, ...],
    opener: int,
    winner: int,
    bid: Bid | None,
    receivers: int,
    share: Oinks,
    pool: Oinks,
) -> LotOutcome:
    # One finished lot, from the C log's numbers (valid by the C core's
    # checks, so made without the dataclass __init__).
    lot_cards = _LOT_CARDS.get(cards)
    if lot_cards is None:
        lot_cards = _LOT_CARDS.setdefault(cards, Cards(cards))
    lot: LotOutcome = _LOT_NEW(LotOutcome)
    if winner < 0:
        lot.__dict__.update(
            cards=lot_cards,
            opener=opener,
            winner=None,
            bid=None,
            receivers=(),
            shares=(),
            pool=pool,
        )
    else:
        seats = _SEATS[receivers]
        lot.__dict__.update(
            cards=lot_cards,
            opener=opener,
            winner=winner,
            bid=bid,
            receivers=seats,
            shares=(share,) * len(seats),
            pool=pool,
        )
    return lot


# The ledger's reason for a winning bid, by the lot's card mask (lots repeat).
_BID_REASON: dict[int, str] = {}

_PAYMENT_NEW = object.__new__


def _new_payment(payer: int, payee: int, amount: int, reason: str) -> Payment:
    # A Payment of values the C core's log makes valid, without the frozen
    # dataclass __init__ (its setattr guards cost more than the rest).
    made: Payment = _PAYMENT_NEW(Payment)
    made.__dict__.update(payer=payer, payee=payee, amount=amount, reason=reason)
    return made


# The payouts made so far, by receiver | amount << 3: frozen values, and the
# same few recur from game to game.
_PAYOUTS: dict[int, Payment] = {}
_MAX_PAYOUTS = 1 << 14


def _payout(receiver: int, amount: int) -> Payment:
    if len(_PAYOUTS) >= _MAX_PAYOUTS:
        _PAYOUTS.clear()
    made = _PAYOUTS[receiver | amount << 3] = _new_payment(POT, receiver, amount, "payout")
    return made


def _bid_reason(mask: int) -> str:
    # The ledger's reason for a winning bid on the lot of this card mask.
    reason = _BID_REASON.get(mask)
    if reason is None:
        reason = _BID_REASON.setdefault(mask, f"bid for {Cards.from_mask(mask)}")
    return reason


# The text of each combination met, by its card mask (few distinct ones).
_COMBO_TEXT: dict[int, str] = {}


def _partition_text(mask: int) -> str:
    # str(scoring.best_partition(...)) of a won mask without the Partition.
    texts = []
    for combo in scoring.partition_mask(mask)[1]:
        text = _COMBO_TEXT.get(combo)
        if text is None:
            text = _COMBO_TEXT.setdefault(combo, str(Cards.from_mask(combo)))
        texts.append(text)
    return " | ".join(texts)


def _build_fields(d: dict[str, Any], name: str) -> Any:
    # Every field of a lazily made observation whose ``__dict__`` is ``d``,
    # from the seat's view of the C state, on the first read of any of them.
    view = d["_view"]
    (n, _, open_table, starter, opener, turn, passed, high_seat, _, _, lot, _,
     cards_left, set_aside, _, _) = view.table()  # fmt: skip
    seat = view.seat
    oinks = view.oinks()
    values = view.values()
    over = not lot  # the lot is empty exactly once the game is over
    high = high_seat >= 0
    d.update(
        seat=seat,
        num_players=n,
        oinks=oinks[seat],
        table_oinks=oinks if open_table else None,
        won=tuple(Cards.from_mask(m) for m in view.won()),
        pool=view.pool(),
        lot=Cards(lot),
        opener=opener,
        to_act=() if over else (turn,),
        high_bidder=high_seat if high else None,
        high_bid=view.high_bid,
        passed=_SEATS[passed],
        bids=view.bids,
        forbidden=tuple(v for v in range(1, 10) if values >> (v - 1) & 1),
        cards_left=cards_left,
        set_aside=Cards.from_mask(set_aside),
        starter=starter,
        opening_draw=tuple((s, card_text(c)) for s, c in view.draws()),
        lots=view.lots,
        is_over=over,
    )
    del d["_build"]
    return d[name]


def core() -> Any:
    """The compiled module, told once which objects stand for the actions,
    the observations and the lot outcomes."""
    global _core_module
    if _core_module is None:
        module = _backend.load("c")
        module._ShrineWarsState.register(
            Bid, _PASS, ShrineWarsObservation, _build_fields, _make_lot
        )
        _core_module = module
    return _core_module


def _engine_attribute(name: str) -> Any:
    # A property reading the C state's attribute without a Python frame (the
    # game asks for to_act and is_over at every step).
    return property(attrgetter("state." + name))


class CEngine:
    """A game of Shrine Wars in the C core, after its opening draw from
    ``deck`` (the order before the draw, top first).

    ``legal``, ``apply`` and ``observation`` are the C state's own methods,
    bound to each engine (no Python frame between the game and the C core at
    each step); the public logs of the current lot and the finished lots are
    kept by the C state's binding."""

    __slots__ = ("apply", "legal", "num_players", "observation", "play_out", "rules", "state")

    #: Pass, then each amount ``seat`` may bid with its default payment.
    legal: Callable[[int], list[Any]]
    #: Apply ``action`` for ``seat``: ``True``, or ``False`` and no change if illegal.
    apply: Callable[[int, object], bool]
    #: What ``seat`` may know now, as a frozen value.
    observation: Callable[[int], ShrineWarsObservation]
    #: :func:`parlour.play`'s loop on the state (see ``EngineGame._play_out``).
    play_out: Callable[[Any, Any, list[Any]], Any]

    def __init__(self, rules: Rules, players: int, deck: tuple[int, ...]) -> None:
        self.rules = rules
        self.num_players = players
        self._bind(core()._ShrineWarsState.new(players, rules.oinks, rules.open_table, list(deck)))

    def _bind(self, state: Any) -> None:
        self.state: Any = state
        self.legal = state.legal
        self.apply = state.play
        self.observation = state.observation
        self.play_out = state.play_out

    def __getstate__(self) -> dict[str, Any]:
        return {"rules": self.rules, "num_players": self.num_players, "state": self.state}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.rules = data["rules"]
        self.num_players = data["num_players"]
        self._bind(data["state"])

    # -- the engine interface -----------------------------------------------
    #: The seat to act, ``()`` once over.
    to_act: tuple[int, ...] = _engine_attribute("to_act")
    #: True once the deck has no card left to bid for.
    is_over: bool = _engine_attribute("over")

    def ledger(self) -> tuple[Payment, ...]:
        # Read from the C lot log in the binding: a lot's bid was made
        # valid by the C core, and is the one its LotOutcome holds.
        return tuple(self.state.ledger(POT, Payment, _BID_REASON, _bid_reason, _PAYOUTS, _payout))

    def result(self) -> Result:
        state = self.state
        points, winners = state.result()
        oinks = state.oinks()
        totals = tuple(sum(o) for o in oinks)
        won = state.won()
        return Result(
            scores=points,
            winners=_SEATS[winners],
            ledger=self.ledger(),
            details={
                "oinks": [list(o) for o in oinks],
                "oink_totals": list(totals),
                "pool": list(state.pool()),
                "partitions": [_partition_text(m) for m in won],
                "set_aside": str(Cards.from_mask(state.table()[13])),
                "starter": state.table()[3],
            },
        )

    def clone(self) -> CEngine:
        twin: CEngine = object.__new__(CEngine)
        twin.rules = self.rules
        twin.num_players = self.num_players
        twin._bind(self.state.copy())
        return twin

    # -- views the game reads ---------------------------------------------------
    @property
    def turn(self) -> int:
        turn: int = self.state.turn
        return turn

    @property
    def high(self) -> tuple[int, Bid] | None:
        high = self.state.high()
        bid: Bid | None = self.state.high_bid
        if high is None or bid is None:
            return None
        return (high[0], bid)

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
        lots: tuple[LotOutcome, ...] = self.state.lots
        return lots

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
