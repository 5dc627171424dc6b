"""Sì Sè Pái observation and oracle arrays for the learning interface.

An observation array is a flat ``float32`` vector of :data:`OBS_SHAPE`,
seat-relative (the observing seat first, then the others in turn order),
every value in ``[0, 1]``. It begins with 13 *kind planes* of 33 values,
one per card kind (``colour * 7 + character``, then the flowers 1f..5f):
a count of cards of a kind is divided by the copies of that kind (4 for a
chess kind, 1 for a flower). Scalar fields follow. The oracle array
(:data:`ORACLE_SHAPE`) is the observation array followed by 5 more kind
planes of what the seat cannot see. ``docs/learning/sisepai.rst`` gives the
layout field by field; the offsets below name it.

>>> from parlour.sisepai import Game
>>> a = Game(seed=3, dealer=0).observation(0).to_array()
>>> a.shape == OBS_SHAPE, float(a[OWN:OWN + PLANE].sum() * 4) >= 17
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from parlour._codes.sisepai import (
    SSP_CHARACTER_GENERAL,
    SSP_CHARACTER_SOLDIER,
    SSP_GROUP,
    SSP_GROUP_COMMAND,
    SSP_GROUP_FIELD,
    SSP_GROUP_FLOWER,
    SSP_GROUP_GENERAL,
    SSP_GROUP_PAIR,
    SSP_GROUP_QUAD,
    SSP_GROUP_SOLDIERS3,
    SSP_GROUP_SOLDIERS4,
    SSP_GROUP_TRIPLE,
)
from parlour.sisepai.cards import CARDS, CHESS_KINDS, KINDS, card_kind

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "ANSWER",
    "CARD",
    "CONCEALED_COUNTS",
    "DEALER",
    "DISCARDS",
    "EXPOSED",
    "GROUP_MAX",
    "GROUPS",
    "HIDDEN",
    "NEXT_DRAW",
    "OBS_SHAPE",
    "OBS_VERSION",
    "ORACLE_SHAPE",
    "OWN",
    "PHASE",
    "PHASES",
    "PLANE",
    "REVEALED",
    "SOURCE",
    "STOCK",
    "STOCK_KINDS",
    "ObservationLike",
    "TO_ACT",
    "WINNER",
    "observation_array",
    "oracle_array",
]

#: Bumped whenever the layout changes.
OBS_VERSION = 1
#: Values in one kind plane: one per card kind.
PLANE = KINDS
_SEATS = 4
#: The most concealed cards a seat holds (at a win); the full stock.
_MAX_CONCEALED, _MAX_STOCK = 21, CARDS - 80

# Kind planes.
#: Own concealed cards.
OWN = 0
#: Exposed cards of each seat (relative 0..3), one plane each.
EXPOSED = OWN + PLANE
#: Discards nobody took, of each seat (relative 0..3), one plane each.
DISCARDS = EXPOSED + _SEATS * PLANE
#: The card in question (drawn or discarded), one-hot; zeros when none.
CARD = DISCARDS + _SEATS * PLANE
#: The other seats' concealed cards (relative 1..3) once the deal is over.
REVEALED = CARD + PLANE
# Scalars.
#: Who drew or discarded the card in question, relative seat one-hot.
SOURCE = REVEALED + (_SEATS - 1) * PLANE
#: Exposed groups of each seat (relative 0..3) by group type code, each
#: count divided by :data:`GROUP_MAX` of its type.
GROUPS = SOURCE + _SEATS
#: Concealed card count of each seat (relative 0..3), divided by 21.
CONCEALED_COUNTS = GROUPS + _SEATS * len(SSP_GROUP)
#: Cards left in the stock, divided by 37.
STOCK = CONCEALED_COUNTS + _SEATS
#: The phase, one-hot in :data:`PHASES` order.
PHASE = STOCK + 1
#: Phases in the order of the phase field.
PHASES = ("draw", "second", "discard", "claim", "over")
#: Seats to act now, relative 0..3.
TO_ACT = PHASE + len(PHASES)
#: This seat's own answer in the open window: pass, win, take (one-hot;
#: zeros before it answers).
ANSWER = TO_ACT + _SEATS
#: The dealer, relative seat one-hot.
DEALER = ANSWER + 3
#: The winner, relative seat one-hot (zeros before the end and on a draw).
WINNER = DEALER + _SEATS
_OBS_SIZE = WINNER + _SEATS
#: The observation array's shape.
OBS_SHAPE = (_OBS_SIZE,)

# The oracle's privileged planes, after the observation.
#: The other seats' concealed cards (relative 1..3), one plane each.
HIDDEN = _OBS_SIZE
#: The stock's cards.
STOCK_KINDS = HIDDEN + (_SEATS - 1) * PLANE
#: The stock's top card (the next draw), one-hot; zeros when empty.
NEXT_DRAW = STOCK_KINDS + PLANE
#: The oracle array's shape.
ORACLE_SHAPE = (NEXT_DRAW + PLANE,)

#: Most exposed groups of each type one seat can hold, by group type code:
#: 4 Generals, 5 flowers, 7 triples in 21 cards, 5 quads, one command or
#: field group per colour, 5 and 4 soldier groups of the 16 Soldiers. No
#: group exposed is a pair (its slot stays 0; its bound is 1).
GROUP_MAX = (4, 5, 1, 7, 5, 4, 4, 5, 4)


class ObservationLike(Protocol):
    """What the array is made of: the fields of a
    :class:`~parlour.sisepai.SisepaiObservation` it reads (named here so that
    this module need not import the engine that imports it)."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def dealer(self) -> int: ...
    @property
    def concealed(self) -> tuple[int, ...]: ...
    @property
    def exposed(self) -> tuple[tuple[tuple[int, ...], ...], ...]: ...
    @property
    def discards(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def concealed_counts(self) -> tuple[int, ...]: ...
    @property
    def card(self) -> int | None: ...
    @property
    def source(self) -> int | None: ...
    @property
    def stock_left(self) -> int: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def answer(self) -> str | None: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def revealed(self) -> tuple[tuple[int, ...], ...] | None: ...


_KIND = tuple(card_kind(c) for c in range(CARDS))
# A card's share of its kind's plane slot: one of its kind's copies.
_SHARE = tuple(1.0 if k >= CHESS_KINDS else 0.25 for k in _KIND)
_GROUP_SHARE = tuple(1.0 / m for m in GROUP_MAX)
_ANSWERS = {"pass": 0, "win": 1, "take": 2}
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_GROUP_CODES: dict[tuple[int, ...], int] = {}


def _group_code(kinds: tuple[int, ...]) -> int:
    """The group type code of a legal group (sorted kinds)."""
    n = len(kinds)
    if n == 1:
        return SSP_GROUP_FLOWER if kinds[0] >= CHESS_KINDS else SSP_GROUP_GENERAL
    if kinds[0] == kinds[-1]:
        return (SSP_GROUP_PAIR, SSP_GROUP_TRIPLE, SSP_GROUP_QUAD)[n - 2]
    if n == 4:
        return SSP_GROUP_SOLDIERS4
    character = kinds[0] % 7
    if character == SSP_CHARACTER_SOLDIER:
        return SSP_GROUP_SOLDIERS3
    return SSP_GROUP_COMMAND if character == SSP_CHARACTER_GENERAL else SSP_GROUP_FIELD


def _add_cards(out: Any, offset: int, cards: Iterable[int]) -> None:
    kind, share = _KIND, _SHARE
    for c in cards:
        out[offset + kind[c]] += share[c]


def observation_array(obs: ObservationLike) -> NDArray[np.float32]:
    """The array of one observation (see the module's layout)."""
    import numpy as np

    out = np.zeros(OBS_SHAPE, dtype=np.float32)
    seat = obs.seat
    _add_cards(out, OWN, obs.concealed)
    for r in range(_SEATS):
        s = (seat + r) % _SEATS
        groups = GROUPS + r * len(SSP_GROUP)
        for g in obs.exposed[s]:
            _add_cards(out, EXPOSED + r * PLANE, g)
            kinds = tuple(sorted(_KIND[c] for c in g))
            code = _GROUP_CODES.get(kinds)
            if code is None:
                code = _GROUP_CODES[kinds] = _group_code(kinds)
            out[groups + code] += _GROUP_SHARE[code]
        _add_cards(out, DISCARDS + r * PLANE, obs.discards[s])
        out[CONCEALED_COUNTS + r] = obs.concealed_counts[s] / _MAX_CONCEALED
        if r and obs.revealed is not None:
            _add_cards(out, REVEALED + (r - 1) * PLANE, obs.revealed[s])
    if obs.card is not None:
        out[CARD + _KIND[obs.card]] = 1.0
    if obs.source is not None:
        out[SOURCE + (obs.source - seat) % _SEATS] = 1.0
    out[STOCK] = obs.stock_left / _MAX_STOCK
    out[PHASE + _PHASE_INDEX[obs.phase]] = 1.0
    for s in obs.to_act:
        out[TO_ACT + (s - seat) % _SEATS] = 1.0
    if obs.answer is not None:
        out[ANSWER + _ANSWERS[obs.answer.partition(" ")[0]]] = 1.0
    out[DEALER + (obs.dealer - seat) % _SEATS] = 1.0
    if obs.winner is not None:
        out[WINNER + (obs.winner - seat) % _SEATS] = 1.0
    return out


def oracle_array(
    observed: NDArray[np.float32],
    seat: int,
    concealed: Sequence[Sequence[int]],
    stock: Sequence[int],
) -> NDArray[np.float32]:
    """``observed`` (seat ``seat``'s observation array) followed by the
    privileged planes: the other seats' ``concealed`` cards (indexed by
    absolute seat) and the ``stock``, top card first."""
    import numpy as np

    out = np.zeros(ORACLE_SHAPE, dtype=np.float32)
    out[:_OBS_SIZE] = observed
    for r in range(1, _SEATS):
        _add_cards(out, HIDDEN + (r - 1) * PLANE, concealed[(seat + r) % _SEATS])
    _add_cards(out, STOCK_KINDS, stock)
    if stock:
        out[NEXT_DRAW + _KIND[stock[0]]] = 1.0
    return out
