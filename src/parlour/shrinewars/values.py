"""The values of Shrine Wars: actions, lot outcomes and observations.

They are what both engines (:mod:`parlour.shrinewars.engine_c`, the C state
machine, and :mod:`parlour.shrinewars.engine_py`, the pure-Python one) and
the game (:mod:`parlour.shrinewars.game`, which re-exports them) share; all
are frozen and hold no engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from parlour.errors import NotationError
from parlour.protocol import Action, Observation
from parlour.shrinewars import arrays
from parlour.shrinewars import svg as _draw
from parlour.shrinewars.cards import ELEMENTS, Cards, element_index

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "OBS_SHAPE",
    "OBS_VERSION",
    "ORACLE_SHAPE",
    "POT",
    "Bid",
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

    if not TYPE_CHECKING:
        # Observations of the C engine hold a copy of one seat's view of the
        # C state (``_view``) and the function that builds every field from
        # it on first read (``_build``, set by parlour.shrinewars.engine_c).
        def __getattr__(self, name):
            d = self.__dict__
            if "_build" in d and name in _OBS_FIELD_NAMES:
                return d["_build"](d, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

        def __getstate__(self):
            return {f: getattr(self, f) for f in _OBS_FIELD_NAMES}

    def to_array(self) -> NDArray[np.float32]:
        """This view as a flat ``float32`` vector of shape :data:`OBS_SHAPE`,
        every value in ``[0, 1]``, seats relative to this one (the layout is
        on :doc:`/learning/shrinewars`). Every seat's Oink totals are in it,
        worked out from the public payments even when the table plays hidden.

        >>> from parlour.shrinewars import Game
        >>> obs = Game(seed=1).observation(0)
        >>> a = obs.to_array()
        >>> a.shape == OBS_SHAPE, a.dtype.name, float(a.min()) >= 0, float(a.max()) <= 1
        (True, 'float32', True, True)
        """
        return arrays.observation_array(self)

    def _repr_html_(self) -> str:
        """The table as this seat sees it, drawn as SVG in a ``<div>``
        (:func:`parlour.shrinewars.svg.observation`), for notebooks."""
        return _draw.observation_html(self)


_OBS_FIELD_NAMES = frozenset(f.name for f in fields(ShrineWarsObservation))
