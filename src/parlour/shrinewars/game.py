"""The Shrine Wars engine: an opening draw, then one auction per lot.

The deck (shuffled from the seed, or given top card first) decides the
starting player by the opening draw; then each lot, the top card or a set of
two after a winning bid ending in 0, is auctioned: turns go clockwise from
the lot's opener, each player either makes a :class:`Bid` that states how it
is paid per element or makes a :class:`Pass`, final for the lot. The high bid
wins the lot once everyone else has passed; its Oinks, with the pool, go to
the receivers fixed by the bid's unit digit. When the deck is empty every
player's won cards are scored by their best partition.

>>> g = Game(players=2, deck="9F 2W 5A 7E", rules=Rules(oinks=3))
>>> g.starter, g.to_act, str(g.lot)
(0, (0,), '5A')
>>> [str(a) for a in g.legal_actions(0)]
['pass', 'bid 1: 1A', 'bid 2: 2A', 'bid 3: 3A']
>>> g.apply(0, "bid 2: 2A")
>>> g.apply(1, "pass")
>>> str(g.won[0]), g.oinks[0], g.oinks[1], str(g.lot), g.to_act
('5A', (3, 3, 1, 3), (3, 3, 5, 3), '7E', (1,))
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from parlour._codes.shrinewars import SW_AID_ONE, SW_AID_TWO
from parlour.errors import IllegalActionError, NotationError
from parlour.protocol import Action, Observation, Payment, Result
from parlour.protocol import Game as _BaseGame
from parlour.shrinewars import arrays, scoring
from parlour.shrinewars import table as _table
from parlour.shrinewars.cards import (
    ELEMENTS,
    Cards,
    card_from_text,
    card_text,
    element_index,
)
from parlour.shrinewars.ids import PAIRS, ActionIds
from parlour.shrinewars.rules import Rules

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    from parlour._lazy import numpy as np

__all__ = [
    "OBS_SHAPE",
    "OBS_VERSION",
    "ORACLE_SHAPE",
    "POT",
    "Bid",
    "Game",
    "LotOutcome",
    "Oinks",
    "Pass",
    "ShrineWarsAction",
    "ShrineWarsObservation",
    "default_payment",
    "parse_action",
]

#: Oinks per element, in element order (Fire, Water, Air, Earth).
Oinks = tuple[int, int, int, int]

#: The ledger's stand-in seat for the pot (a winning bid plus the pool).
POT = -1

#: The shape of :meth:`ShrineWarsObservation.to_array`, the same for every
#: table size and rules (see :doc:`/learning/shrinewars`).
OBS_SHAPE: tuple[int] = (arrays.OBS_SIZE,)
#: The version of the array layout; it changes whenever the layout does.
OBS_VERSION = 1
#: The shape of :meth:`Game.oracle_array`: the observation's array, then
#: every seat's Oinks and the deck.
ORACLE_SHAPE: tuple[int] = (arrays.ORACLE_SIZE,)

#: Opening-draw redraw rounds start only while fewer cards than this were drawn.
OPENING_DRAW_LIMIT = 36


def _oinks_text(paid: Oinks) -> str:
    return " + ".join(f"{n}{ELEMENTS[e]}" for e, n in enumerate(paid) if n)


@dataclass(frozen=True)
class Bid(Action):
    """Bid ``amount`` Oinks, paid ``paid[e]`` of each element ``e`` if it wins.

    >>> b = parse_action("bid 12: 7F + 5A")
    >>> b
    Bid(amount=12, paid=(7, 0, 5, 0))
    >>> str(b), str(parse_action("bid 12: 7 Fire + 5 Air")) == str(b)
    ('bid 12: 7F + 5A', True)
    """

    amount: int
    paid: Oinks

    def __post_init__(self) -> None:
        if not isinstance(self.amount, int) or isinstance(self.amount, bool) or self.amount < 1:
            raise NotationError(f"a bid is an int of at least 1, not {self.amount!r}")
        if (
            not isinstance(self.paid, tuple)
            or len(self.paid) != 4
            or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in self.paid)
        ):
            raise NotationError(f"a payment is four Oink counts >= 0, not {self.paid!r}")
        if sum(self.paid) != self.amount:
            raise NotationError(
                f"the payment {_oinks_text(self.paid) or 'nothing'} does not add up "
                f"to the bid {self.amount}"
            )

    @property
    def digit(self) -> int:
        """The bid's unit digit (``amount % 10``)."""
        return self.amount % 10

    def __str__(self) -> str:
        return f"bid {self.amount}: {_oinks_text(self.paid)}"


@dataclass(frozen=True)
class Pass(Action):
    """Pass: final for the current lot.

    >>> str(Pass()), parse_action(" PASS ") == Pass()
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


ShrineWarsAction = Bid | Pass

_BID = re.compile(r"\s*bid\s+(.*)$", re.IGNORECASE | re.DOTALL)
_AMOUNT = re.compile(r"\s*(\d+)\s*$")
_PART = re.compile(r"\s*(\d+)\s*([A-Za-z]+)\s*$")


def parse_action(text: str) -> ShrineWarsAction:
    """Read ``pass`` or a bid: ``bid N: xF + yA`` (elements as letters or
    names), or its payment alone, ``bid 7F + 5A`` (``N`` is the sum).

    Each element may appear once, with a count of at least 1, and the counts
    must add up to the amount; :class:`NotationError` otherwise. ``bid N``
    alone does not say how it is paid: :meth:`Game.parse_action` reads it
    when the bidder can pay ``N`` only one way.

    >>> parse_action("bid 3: 3W")
    Bid(amount=3, paid=(0, 3, 0, 0))
    >>> parse_action("bid 4W"), parse_action("bid 7 Fire + 5A")
    (Bid(amount=4, paid=(0, 4, 0, 0)), Bid(amount=12, paid=(7, 0, 5, 0)))
    >>> parse_action("bid 3: 2W")
    Traceback (most recent call last):
    ...
    parlour.errors.NotationError: the payment 2W does not add up to the bid 3
    """
    read = _read_action(text)
    if isinstance(read, int):
        raise NotationError(
            f"bid {read} does not say how it is paid: write e.g. 'bid {read}: {read}F' "
            "(a game reads 'bid N' alone when only one payment is possible)"
        )
    return read


def _read_action(text: str) -> ShrineWarsAction | int:
    # An action, or the amount of a bid written without its payment.
    if not isinstance(text, str):
        raise NotationError(f"action text must be a str, not {type(text).__name__}")
    if text.strip().lower() == "pass":
        return Pass()
    m = _BID.match(text)
    if m is None:
        raise NotationError(f"not a Shrine Wars action: {text!r} (use 'pass' or 'bid 12: 7F + 5A')")
    amount_text, colon, parts = m.group(1).rpartition(":")
    if not colon:
        parts = m.group(1)
        alone = _AMOUNT.match(parts)
        if alone is not None:
            return int(alone.group(1))
    elif _AMOUNT.match(amount_text) is None:
        raise NotationError(f"a bid's amount is a whole number, not {amount_text.strip()!r}")
    paid = [0, 0, 0, 0]
    seen: set[int] = set()
    for part in parts.split("+"):
        pm = _PART.match(part)
        if pm is None:
            raise NotationError(f"bad payment part {part.strip()!r} in {text!r} (e.g. '7F')")
        e = element_index(pm.group(2))
        if e in seen:
            raise NotationError(f"element {ELEMENTS[e]} is named twice in {text!r}")
        seen.add(e)
        n = int(pm.group(1))
        if n < 1:
            raise NotationError(f"a payment part pays at least 1 Oink, not {part.strip()!r}")
        paid[e] = n
    amount = int(amount_text) if colon else sum(paid)
    return Bid(amount, (paid[0], paid[1], paid[2], paid[3]))


def _payments(amount: int, oinks: Sequence[int], elements: Sequence[int]) -> list[Oinks]:
    # Every way to pay ``amount`` from holdings ``oinks`` in ``elements``,
    # the default payment's order first (most from the lowest element).
    out: list[Oinks] = []
    els = sorted(set(elements))

    def fill(i: int, left: int, paid: list[int]) -> None:
        if i == len(els) - 1:
            if left <= oinks[els[i]]:
                paid[els[i]] = left
                out.append((paid[0], paid[1], paid[2], paid[3]))
                paid[els[i]] = 0
            return
        for n in range(min(left, oinks[els[i]]), -1, -1):
            paid[els[i]] = n
            fill(i + 1, left - n, paid)
        paid[els[i]] = 0

    if els and amount >= 1:
        fill(0, amount, [0, 0, 0, 0])
    return out


def default_payment(amount: int, oinks: Sequence[int], elements: Iterable[int]) -> Oinks | None:
    """The default way to pay ``amount`` from holdings ``oinks`` in ``elements``.

    Takes as much as possible from the lowest element first (Fire, Water,
    Air, Earth order); ``None`` if the holdings of those elements fall short.

    >>> default_payment(12, (7, 10, 9, 10), [0, 2])
    (7, 0, 5, 0)
    >>> default_payment(20, (7, 10, 9, 10), [0, 2]) is None
    True
    """
    paid = [0, 0, 0, 0]
    left = amount
    for e in sorted(set(elements)):
        take = min(left, oinks[e])
        paid[e] = take
        left -= take
    if left:
        return None
    return (paid[0], paid[1], paid[2], paid[3])


@dataclass(frozen=True)
class LotOutcome:
    """What happened to one lot (all public).

    ``winner`` and ``bid`` are ``None`` for a lot set aside; ``receivers``
    lists the seats paid and ``shares`` what each received per element (in
    the same order); ``pool`` is the pool afterwards.
    """

    cards: Cards
    opener: int
    winner: int | None
    bid: Bid | None
    receivers: tuple[int, ...]
    shares: tuple[Oinks, ...]
    pool: Oinks


@dataclass(frozen=True)
class ShrineWarsObservation(Observation):
    """What one seat knows.

    ``oinks`` is the seat's own holding; ``table_oinks`` every seat's holding
    when the table plays open, else ``None``. ``forbidden`` lists the unit
    digits the seat may not bid on this lot. ``bids`` holds the actions taken
    on the current lot, ``lots`` the outcome of every finished lot.
    """

    seat: int
    num_players: int
    oinks: Oinks
    table_oinks: tuple[Oinks, ...] | None
    won: tuple[Cards, ...]
    pool: Oinks
    lot: Cards
    opener: int
    to_act: tuple[int, ...]
    high_bidder: int | None
    high_bid: Bid | None
    passed: tuple[int, ...]
    bids: tuple[tuple[int, ShrineWarsAction], ...]
    forbidden: tuple[int, ...]
    cards_left: int
    set_aside: Cards
    starter: int
    opening_draw: tuple[tuple[int, str], ...]
    lots: tuple[LotOutcome, ...]
    is_over: bool

    def to_array(self) -> NDArray[np.float32]:
        """This view as a flat ``float32`` vector of shape :data:`OBS_SHAPE`,
        every value in ``[0, 1]``, seats relative to this one (the layout is
        on :doc:`/learning/shrinewars`). Every seat's Oink totals are in it,
        worked out from the public payments even when the table plays hidden.

        >>> obs = Game(seed=1).observation(0)
        >>> a = obs.to_array()
        >>> a.shape == OBS_SHAPE, a.dtype.name, float(a.min()) >= 0, float(a.max()) <= 1
        (True, 'float32', True, True)
        """
        return arrays.observation_array(self)


def _deck_order(deck: Iterable[int] | str) -> tuple[int, ...]:
    if isinstance(deck, Cards):
        raise ValueError("a deck has an order: give ids or card text, not Cards")
    if isinstance(deck, str):
        ids = [card_from_text(t) for t in deck.split()]
    else:
        ids = list(deck)
        for c in ids:
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 36:
                raise ValueError(f"a deck holds card ids 0..35, not {c!r}")
    if not ids:
        raise ValueError("the deck must hold at least one card")
    seen: set[int] = set()
    for c in ids:
        if c in seen:
            raise ValueError(f"card {card_text(c)} is twice in the deck")
        seen.add(c)
    return tuple(ids)


class Game(_BaseGame):
    """A game of Shrine Wars for 2 to 6 players.

    ``deck`` is the order of the cards before the opening draw, top card
    first (ids or text); normally all 36 cards, but any non-empty sequence of
    different cards plays a shortened game (handy for scripted scenarios).
    Without it the 36 cards are shuffled by a generator seeded with ``seed``.
    """

    name: ClassVar[str] = "shrinewars"
    rules_class: ClassVar[type[Rules]] = Rules

    rules: Rules

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        players: int = 4,
        deck: Iterable[int] | str | None = None,
    ) -> None:
        super().__init__()
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a shrinewars Rules, not {type(rules).__name__}")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise ValueError(f"Shrine Wars is for 2 to 6 players, not {players!r}")
        if deck is None:
            order = list(range(36))
            random.Random(seed).shuffle(order)
            deck0 = tuple(order)
        else:
            deck0 = _deck_order(deck)
        self.rules = rules
        self.num_players = players
        self._deck0 = deck0
        self._ids = ActionIds(players * rules.oinks)
        #: The size of the action space: ``1 + 4 E + 6 E * E`` ids with
        #: ``E = players * oinks`` (see :mod:`parlour.shrinewars.ids`).
        self.num_action_ids = self._ids.num_action_ids
        self._scored: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        n = players
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
        deck = list(deck0)
        contenders = list(range(n))
        draws: list[tuple[int, int]] = []
        while True:
            values: dict[int, int] = {}
            for s in contenders:
                c = deck.pop(0)
                deck.append(c)
                draws.append((s, c))
                values[s] = c % 9 + 1
            top = max(values.values())
            tied = [s for s in contenders if values[s] == top]
            if len(tied) == 1 or len(draws) >= OPENING_DRAW_LIMIT:
                break
            contenders = tied
        self._draws = tuple(draws)
        self.starter = tied[0]
        self._deck = deck
        self._opener = self.starter
        self._start_lot()

    # -- public state ---------------------------------------------------
    @property
    def lot(self) -> Cards:
        """The cards being bid for now (empty once the game is over)."""
        return Cards(self._lot)

    @property
    def lot_elements(self) -> tuple[int, ...]:
        """The element indices a bid on the current lot may be paid in."""
        return self._lot_elements

    @property
    def oinks(self) -> tuple[Oinks, ...]:
        """Every seat's Oinks per element (the whole truth, for hosts)."""
        return tuple((o[0], o[1], o[2], o[3]) for o in self._oinks)

    @property
    def pool(self) -> Oinks:
        """The Oinks waiting in the pool for the next payment."""
        p = self._pool
        return (p[0], p[1], p[2], p[3])

    @property
    def won(self) -> tuple[Cards, ...]:
        """The cards each seat has won."""
        return tuple(Cards.from_mask(m) for m in self._won)

    @property
    def set_aside(self) -> Cards:
        """The cards of lots nobody bid on."""
        return Cards.from_mask(self._set_aside)

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards still to come, top first (hidden from the players)."""
        return tuple(self._deck)

    @property
    def lots(self) -> tuple[LotOutcome, ...]:
        """The outcome of every finished lot."""
        return tuple(self._lots)

    @property
    def opening_draw(self) -> tuple[tuple[int, int], ...]:
        """The ``(seat, card)`` draws of the opening draw, in order."""
        return self._draws

    def forbidden_digits(self, seat: int) -> tuple[int, ...]:
        """The unit digits ``seat`` may not bid: face values of its won cards."""
        self._check_seat(seat)
        m = self._values[seat]
        return tuple(v for v in range(1, 10) if m >> (v - 1) & 1)

    def bid_amounts(self, seat: int) -> list[int]:
        """The amounts ``seat`` may bid now (empty when it may only pass)."""
        self._check_seat(seat)
        if self._over or seat != self._turn:
            return []
        lo = self._high[1].amount + 1 if self._high else 1
        hi = sum(self._oinks[seat][e] for e in self._lot_elements)
        bad = self._values[seat] << 1  # bit d set when unit digit d is forbidden
        return [a for a in range(lo, hi + 1) if not bad >> (a % 10) & 1]

    def bid_for(self, seat: int, amount: int) -> Bid:
        """The :class:`Bid` of ``amount`` with the default payment for ``seat``.

        Raises :class:`IllegalActionError` if ``seat`` may not bid ``amount`` now.
        """
        if amount not in self.bid_amounts(seat):
            raise IllegalActionError(f"seat {seat} may not bid {amount!r} now")
        paid = default_payment(amount, self._oinks[seat], self.lot_elements)
        assert paid is not None
        return Bid(amount, paid)

    # -- protocol hooks -------------------------------------------------
    def render(self, seat: int | None = None) -> str:
        """The table as text. ``seat=None`` shows everything, as a referee or
        a spectator after the fact sees it; ``seat=s`` only what seat ``s``
        may see: the text is made from :meth:`observation` alone, so it
        cannot show more. ``str(game)`` is ``game.render()``.

        >>> game = Game(seed=3)
        >>> print(game.render(0).splitlines()[0])
        Shrine Wars - you are seat 0 - 35 cards left
        >>> print(str(game).splitlines()[0])
        Shrine Wars - 35 cards left - to act: seat 2
        """
        # observation() is typed by the protocol; this game's are ShrineWarsObservations.
        if seat is None:
            views = [self.observation(s) for s in range(self.num_players)]
            return _table.full_view(cast("list[ShrineWarsObservation]", views))
        return _table.seat_view(cast("ShrineWarsObservation", self.observation(seat)))

    def __str__(self) -> str:
        return self.render()

    def parse_action(self, text: str) -> Action:
        """Read ``pass``, ``bid N: ...`` or ``bid 7F + 5A`` (see
        :func:`parse_action`), or ``bid N`` alone when the seat to act can
        pay ``N`` only one way from its Oinks of the lot's elements.

        Otherwise :class:`NotationError` lists the ways it could pay, or
        says what it holds when it cannot pay ``N`` at all.

        >>> g = Game(players=2, deck="9F 2W 5A 7E", rules=Rules(oinks=3))
        >>> g.parse_action("bid 2")
        Bid(amount=2, paid=(0, 0, 2, 0))
        >>> g.parse_action("bid 4")
        Traceback (most recent call last):
        ...
        parlour.errors.NotationError: bid 4 cannot be paid: seat 0 holds 3A in the lot's element A
        """
        read = _read_action(text)
        if not isinstance(read, int):
            return read
        return self._bid_of_amount(read)

    def _bid_of_amount(self, amount: int) -> Bid:
        # ``bid N`` for the seat to act: its one way to pay N, if only one.
        seat = self._turn
        elements = self._lot_elements
        oinks = self._oinks[seat]
        ways = _payments(amount, oinks, elements)
        if len(ways) == 1 or (ways and amount not in self.bid_amounts(seat)):
            # A bid refused anyway needs no payment chosen: the check says why.
            return Bid(amount, ways[0])
        names = " ".join(ELEMENTS[e] for e in sorted(elements))
        element_word = "element" if len(elements) == 1 else "elements"
        if not ways:
            held = " + ".join(f"{oinks[e]}{ELEMENTS[e]}" for e in sorted(elements))
            raise NotationError(
                f"bid {amount} cannot be paid: seat {seat} holds {held} "
                f"in the lot's {element_word} {names}"
            )
        shown = ", ".join(f"'{Bid(amount, w)}'" for w in ways[:4])
        more = f" and {len(ways) - 4} more" if len(ways) > 4 else ""
        raise NotationError(
            f"bid {amount} can be paid {len(ways)} ways in {names}: {shown}{more}; "
            "write the one you mean"
        )

    def _to_act(self) -> tuple[int, ...]:
        return (self._turn,)

    def _is_over(self) -> bool:
        return self._over

    def _legal_actions(self, seat: int) -> list[Action]:
        out: list[Action] = [Pass()]
        oinks = self._oinks[seat]
        for a in self.bid_amounts(seat):
            paid = default_payment(a, oinks, self._lot_elements)
            assert paid is not None
            out.append(Bid(a, paid))
        return out

    def _verify(self, seat: int, action: Action) -> None:
        if isinstance(action, Pass):
            return
        if not isinstance(action, Bid):
            raise IllegalActionError(f"not a Shrine Wars action: {action!r}")
        if self._high is not None and action.amount <= self._high[1].amount:
            raise IllegalActionError(
                f"seat {seat} must bid more than the high bid {self._high[1].amount}"
            )
        if action.digit and self._values[seat] >> (action.digit - 1) & 1:
            raise IllegalActionError(
                f"seat {seat} holds a {action.digit} and may not bid an amount ending in it"
            )
        allowed = set(self._lot_elements)
        for e, n in enumerate(action.paid):
            if n and e not in allowed:
                raise IllegalActionError(
                    f"the lot {self.lot} is paid in "
                    f"{' '.join(ELEMENTS[x] for x in sorted(allowed))} only, not {ELEMENTS[e]}"
                )
            if n > self._oinks[seat][e]:
                raise IllegalActionError(
                    f"seat {seat} holds only {self._oinks[seat][e]}{ELEMENTS[e]}, "
                    f"not {n}{ELEMENTS[e]}"
                )

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, (Bid, Pass))
        self._bids.append((seat, action))
        if isinstance(action, Bid):
            self._high = (seat, action)
        else:
            self._passed[seat] = True
        active = [s for s in range(self.num_players) if not self._passed[s]]
        if self._high is not None and active == [self._high[0]]:
            self._resolve(self._high[0], self._high[1])
            return
        if not active:
            self._set_lot_aside()
            return
        n = self.num_players
        nxt = (seat + 1) % n
        while self._passed[nxt] or (self._high is not None and nxt == self._high[0]):
            nxt = (nxt + 1) % n
        self._turn = nxt

    def _observation(self, seat: int) -> Observation:
        o = self._oinks[seat]
        return ShrineWarsObservation(
            seat=seat,
            num_players=self.num_players,
            oinks=(o[0], o[1], o[2], o[3]),
            table_oinks=self.oinks if self.rules.open_table else None,
            won=self.won,
            pool=self.pool,
            lot=self.lot,
            opener=self._opener,
            to_act=self.to_act,
            high_bidder=self._high[0] if self._high else None,
            high_bid=self._high[1] if self._high else None,
            passed=tuple(s for s in range(self.num_players) if self._passed[s]),
            bids=tuple(self._bids),
            forbidden=self.forbidden_digits(seat),
            cards_left=len(self._deck),
            set_aside=self.set_aside,
            starter=self.starter,
            opening_draw=tuple((s, card_text(c)) for s, c in self._draws),
            lots=tuple(self._lots),
            is_over=self._over,
        )

    def points(self) -> tuple[int, ...]:
        """Each seat's best-partition score of its won cards now."""
        # Kept per holding: the learning loop asks after every action, and
        # the holdings change only when a lot is won.
        won = tuple(self._won)
        if self._scored[0] != won:
            self._scored = (won, tuple(scoring.score_mask(m) for m in won))
        return self._scored[1]

    def _result(self) -> Result:
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
                "set_aside": str(self.set_aside),
                "starter": self.starter,
            },
        )

    def _deal_record(self) -> Any:
        return {"players": self.num_players, "deck": list(self._deck0)}

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any) -> Game:
        if not isinstance(deal, dict) or set(deal) != {"players", "deck"}:
            raise ValueError("a Shrine Wars deal is an object with 'players' and 'deck'")
        if not isinstance(deal["deck"], list):
            raise ValueError("the deal's deck must be a list of card ids")
        return cls(rules, players=deal["players"], deck=deal["deck"])

    # -- learning interface ---------------------------------------------
    def _action_id(self, action: Action) -> int:
        if isinstance(action, Pass):
            return self._ids.pass_id
        if not isinstance(action, Bid):
            raise ValueError(f"not a Shrine Wars action: {action!r}")
        return self._ids.of_payment(action.paid)

    def _actions_of_id(self, seat: int, i: int) -> list[Action]:
        # Straight from the id: a bid of any payment apply accepts, not only
        # the default payment legal_actions lists.
        if self._over or seat != self._turn:
            return []
        paid = self._ids.payment(i)
        if paid is None:
            return [Pass()]
        bid = Bid(sum(paid), paid)
        try:
            self._verify(seat, bid)
        except IllegalActionError:
            return []
        return [bid]

    def legal_mask(self, seat: int) -> NDArray[np.bool_]:
        """A ``numpy`` bool array of length :attr:`num_action_ids`, true at
        the ids of :meth:`legal_actions`: pass and, for each amount ``seat``
        may bid, the bid with its default payment (all false when it need
        not act). Other payments of those amounts are legal too (``apply``
        and :meth:`action_from_id` take them) but not marked.
        """
        self._check_seat(seat)
        mask = np.zeros(self.num_action_ids, dtype=np.bool_)
        if self._over or seat != self._turn:
            return mask
        ids = self._ids
        mask[ids.pass_id] = True
        held = self._oinks[seat]
        els = self._lot_elements
        lo = self._high[1].amount + 1 if self._high else 1
        amounts = np.arange(lo, sum(held[e] for e in els) + 1)
        if not len(amounts):
            return mask
        bad = self._values[seat] << 1  # bit d set when unit digit d is forbidden
        allowed = np.array([not bad >> d & 1 for d in range(10)])
        amounts = amounts[allowed[amounts % 10]]
        most = ids.most
        one = ids.first[SW_AID_ONE]
        # The default payment takes all it can from the lower element first.
        low = els[0]
        spill = amounts > held[low]
        mask[one + low * most + amounts[~spill] - 1] = True
        if spill.any():
            high = els[1]
            rest = amounts[spill] - held[low]
            if held[low] == 0:
                mask[one + high * most + rest - 1] = True
            else:
                pair = PAIRS.index((low, high))
                base = ids.first[SW_AID_TWO] + (pair * most + held[low] - 1) * most
                mask[base + rest - 1] = True
        return mask

    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        """Privileged: ``observation(seat).to_array()`` followed by what the
        seat cannot see, every seat's Oinks (relative to ``seat``) and the
        cards still to come with their order, of shape :data:`ORACLE_SHAPE`
        in ``[0, 1]``. For critics in training, never for a policy that plays.
        """
        self._check_seat(seat)
        extra = arrays.oracle_extra(
            seat, self._oinks, self.num_players * self.rules.oinks, self._deck
        )
        obs = self._observation(seat)
        assert isinstance(obs, ShrineWarsObservation)
        return np.concatenate((obs.to_array(), extra))

    def _running_scores(self) -> tuple[float, ...]:
        # Won cards stay won and their points only grow, so each lot's
        # points are paid when it is won; at the end they are result.scores.
        return tuple(float(p) for p in self.points())

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
