"""Shrine Wars observations as arrays for learning agents.

:func:`observation_array` lays one seat's observation out as a flat
``float32`` vector of length ``OBS_SIZE``, every value in ``[0, 1]``;
:func:`oracle_extra` gives what follows it in the game's privileged
``oracle_array``. Seats are relative: slot ``r`` describes seat
``(seat + r) % players``; slots ``r >= players`` stay zero, so the shape is
that of the largest table (six seats) whatever the rules.

Oinks are scaled by ``E = players * oinks``, all the Oinks of one element in
the game, which an observation settles without the rules: every seat starts
with the same Oinks, and every payment and payout is public (rule 8), so the
seat's start is its holding now plus what it paid less what it received, and
every other seat's holding is its start less what it paid plus what it
received. The array holds every seat's Oink totals even when the table plays
hidden, as a player with perfect memory knows them.

The fields, in order (``FIELDS`` gives each one's offset and size; see the
learning page of Shrine Wars for the table):

>>> [(name, size) for name, _, size in FIELDS][:4]
[('seats', 6), ('oinks', 24), ('won', 216), ('points', 6)]
>>> OBS_SIZE, ORACLE_SIZE
(374, 470)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from parlour.shrinewars import scoring
from parlour.shrinewars.cards import Cards

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    from parlour._lazy import numpy as np

__all__ = [
    "FIELDS",
    "MAX_POINTS",
    "MAX_POOL",
    "OBS_SIZE",
    "ORACLE_FIELDS",
    "ORACLE_SIZE",
    "SEATS",
    "ObservationLike",
    "observation_array",
    "oracle_extra",
    "public_oinks",
]

#: The most seats a table has: every per-seat field has this many slots.
SEATS = 6
#: The most points one holding can score: all 36 cards as four runs of nine.
MAX_POINTS = 4 * 81
#: The most Oinks of one element the pool can hold: a payment divided among
#: ``k <= 5`` receivers leaves at most ``k - 1``, and one receiver empties it.
MAX_POOL = 4
#: The most cards still to come (the deck size).
MAX_CARDS = 36

_SIZES: tuple[tuple[str, int], ...] = (
    ("seats", SEATS),  # 1 for each slot a seat of the table fills
    ("oinks", SEATS * 4),  # holdings per slot and element / E
    ("won", SEATS * 36),  # won cards per slot, one flag per card id
    ("points", SEATS),  # points of the won cards now / MAX_POINTS
    ("pool", 4),  # the pool per element / MAX_POOL
    ("lot", 36),  # the cards of the lot, one flag per card id
    ("opener", SEATS),  # one-hot slot of the lot's opener
    ("high_bid", 1),  # the high bid's amount / (2 E), 0 when none
    ("high_paid", 4),  # the high bid's payment per element / E
    ("high_bidder", SEATS),  # one-hot slot of the high bidder
    ("lot_bids", SEATS),  # per slot, its last bid on this lot / (2 E)
    ("passed", SEATS),  # per slot, 1 if it passed on this lot
    ("forbidden", 9),  # unit digits 1..9 this seat may not bid
    ("cards_left", 1),  # cards still to come / MAX_CARDS
    ("set_aside", 36),  # cards set aside, one flag per card id
    ("to_act", SEATS),  # one-hot slot of the seat to act
    ("over", 1),  # 1 once the game is over
)
_ORACLE_SIZES: tuple[tuple[str, int], ...] = (
    ("true_oinks", SEATS * 4),  # every seat's holding per element / E, from the game
    ("deck", 36),  # the cards still to come, one flag per card id
    ("deck_order", 36),  # per card id, (its place from the top + 1) / MAX_CARDS, 0 if not there
)


def _offsets(
    sizes: tuple[tuple[str, int], ...], start: int
) -> tuple[tuple[tuple[str, int, int], ...], int]:
    out = []
    at = start
    for name, size in sizes:
        out.append((name, at, size))
        at += size
    return tuple(out), at


#: ``(name, offset, size)`` of each field of :func:`observation_array`.
FIELDS, OBS_SIZE = _offsets(_SIZES, 0)
#: ``(name, offset, size)`` of each field the oracle array adds after them.
ORACLE_FIELDS, ORACLE_SIZE = _offsets(_ORACLE_SIZES, OBS_SIZE)
_AT = {name: at for name, at, _ in FIELDS + ORACLE_FIELDS}


class _BidLike(Protocol):
    @property
    def amount(self) -> int: ...
    @property
    def paid(self) -> tuple[int, int, int, int]: ...


class _LotLike(Protocol):
    @property
    def winner(self) -> int | None: ...
    @property
    def bid(self) -> _BidLike | None: ...
    @property
    def receivers(self) -> tuple[int, ...]: ...
    @property
    def shares(self) -> tuple[tuple[int, int, int, int], ...]: ...


class ObservationLike(Protocol):
    """The fields of a :class:`~parlour.shrinewars.ShrineWarsObservation`
    the array is made from."""

    @property
    def seat(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def oinks(self) -> tuple[int, int, int, int]: ...
    @property
    def won(self) -> tuple[Cards, ...]: ...
    @property
    def pool(self) -> tuple[int, int, int, int]: ...
    @property
    def lot(self) -> Cards: ...
    @property
    def opener(self) -> int: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def high_bidder(self) -> int | None: ...
    @property
    def high_bid(self) -> _BidLike | None: ...
    @property
    def passed(self) -> tuple[int, ...]: ...
    @property
    def bids(self) -> Sequence[tuple[int, object]]: ...
    @property
    def forbidden(self) -> tuple[int, ...]: ...
    @property
    def cards_left(self) -> int: ...
    @property
    def set_aside(self) -> Cards: ...
    @property
    def lots(self) -> Sequence[_LotLike]: ...
    @property
    def is_over(self) -> bool: ...


def public_oinks(obs: ObservationLike) -> tuple[list[list[int]], int]:
    """Every seat's Oinks per element now, and the start holding of one
    element, worked out from ``obs`` alone (see the module docs)."""
    n = obs.num_players
    change = [[0, 0, 0, 0] for _ in range(n)]
    for lot in obs.lots:
        bid = lot.bid
        if lot.winner is None or bid is None:
            continue
        p0, p1, p2, p3 = bid.paid
        row = change[lot.winner]
        row[0] -= p0
        row[1] -= p1
        row[2] -= p2
        row[3] -= p3
        for r, (s0, s1, s2, s3) in zip(lot.receivers, lot.shares, strict=True):
            row = change[r]
            row[0] += s0
            row[1] += s1
            row[2] += s2
            row[3] += s3
    start = obs.oinks[0] - change[obs.seat][0]
    return [[start + d for d in row] for row in change], start


def _mask_flags(out: list[float], at: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[at + low.bit_length() - 1] = 1.0
        mask ^= low


def observation_array(obs: ObservationLike) -> NDArray[np.float32]:
    """The seat's view as a ``float32`` vector of length ``OBS_SIZE`` in ``[0, 1]``."""
    # Filled as a list and converted once: item by item, a list is several
    # times faster to write than an array.
    out = [0.0] * OBS_SIZE
    n = obs.num_players
    seat = obs.seat
    holdings, start = public_oinks(obs)
    per_element = max(n * start, 1)
    most_bid = 2 * per_element
    at = _AT
    won_at = at["won"]
    oinks_at = at["oinks"]
    for r in range(n):
        s = (seat + r) % n
        out[at["seats"] + r] = 1.0
        held = holdings[s]
        for e in range(4):
            out[oinks_at + 4 * r + e] = held[e] / per_element
        won = obs.won[s].mask
        _mask_flags(out, won_at + 36 * r, won)
        out[at["points"] + r] = scoring.score_mask(won) / MAX_POINTS
    pool = obs.pool
    for e in range(4):
        out[at["pool"] + e] = min(pool[e] / MAX_POOL, 1.0)
    _mask_flags(out, at["lot"], obs.lot.mask)
    if not obs.is_over:
        out[at["opener"] + (obs.opener - seat) % n] = 1.0
    high = obs.high_bid
    if high is not None and obs.high_bidder is not None:
        out[at["high_bid"]] = high.amount / most_bid
        for e in range(4):
            out[at["high_paid"] + e] = high.paid[e] / per_element
        out[at["high_bidder"] + (obs.high_bidder - seat) % n] = 1.0
    for s, action in obs.bids:
        amount = getattr(action, "amount", None)
        if isinstance(amount, int):
            out[at["lot_bids"] + (s - seat) % n] = amount / most_bid
    for s in obs.passed:
        out[at["passed"] + (s - seat) % n] = 1.0
    for d in obs.forbidden:
        out[at["forbidden"] + d - 1] = 1.0
    out[at["cards_left"]] = obs.cards_left / MAX_CARDS
    _mask_flags(out, at["set_aside"], obs.set_aside.mask)
    for s in obs.to_act:
        out[at["to_act"] + (s - seat) % n] = 1.0
    out[at["over"]] = float(obs.is_over)
    return np.array(out, dtype=np.float32)


def oracle_extra(
    seat: int, oinks: Sequence[Sequence[int]], per_element: int, deck: Sequence[int]
) -> NDArray[np.float32]:
    """What the oracle array adds after the observation's: every seat's
    Oinks ``oinks`` (from the game, by seat) over ``per_element`` (``E``),
    and the cards still to come, ``deck`` (top first)."""
    out = [0.0] * (ORACLE_SIZE - OBS_SIZE)
    n = len(oinks)
    scale = max(per_element, 1)
    base = _AT["true_oinks"] - OBS_SIZE
    for r in range(n):
        held = oinks[(seat + r) % n]
        for e in range(4):
            out[base + 4 * r + e] = held[e] / scale
    contents = _AT["deck"] - OBS_SIZE
    order = _AT["deck_order"] - OBS_SIZE
    for place, card in enumerate(deck):
        out[contents + card] = 1.0
        out[order + card] = (place + 1) / MAX_CARDS
    return np.array(out, dtype=np.float32)
