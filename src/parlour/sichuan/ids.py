"""Action ids of the learning interface: one fixed integer per thing a
player can tell apart (see ``docs/learning/sichuan.rst`` for the table).

The blocks come from the ``PARLOUR_SG_AID`` rows of
``csrc/sichuan_codes.def``, which the C mask encoder reads too. A discard's
id names its tile kind, an exchange's the multiset of its three kinds; the
physical copy an id stands for in a state is chosen by
:func:`choose_discard` and :func:`choose_exchange`, the rule
:meth:`parlour.sichuan.Game.parse_action` uses for text naming kinds.

>>> action_id(Discard(18))
4
>>> action_id(Exchange((0, 1, 13)))
89
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from parlour import protocol
from parlour._codes.sichuan import (
    SG_AID_DECLARE,
    SG_AID_DISCARD,
    SG_AID_END,
    SG_AID_EXCHANGE,
    SG_AID_KONG,
    SG_AID_PASS,
    SG_AID_PUNG,
    SG_AID_WIN,
)
from parlour.sichuan.tiles import SUITS
from parlour.sichuan.values import Declare, Discard, Exchange, Kong, Pass, Pung, Win

__all__ = [
    "EXCHANGE_KINDS",
    "NUM_ACTION_IDS",
    "action_id",
    "choose_discard",
    "choose_exchange",
    "exchange_id",
]

#: How many ids there are: the same for every rules variant (the exchange
#: block is there even when the exchange-three rule is off).
NUM_ACTION_IDS = SG_AID_END

#: The three kinds (ascending) of each exchange id, by ``id - SG_AID_EXCHANGE``.
EXCHANGE_KINDS: tuple[tuple[int, int, int], ...] = tuple(
    (suit * 9 + a, suit * 9 + b, suit * 9 + c)
    for suit in range(3)
    for a, b, c in combinations_with_replacement(range(9), 3)
)
_EXCHANGE_INDEX: dict[tuple[int, ...], int] = {kinds: i for i, kinds in enumerate(EXCHANGE_KINDS)}
if len(EXCHANGE_KINDS) != SG_AID_END - SG_AID_EXCHANGE:  # pragma: no cover - table check
    raise ImportError("csrc/sichuan_codes.def: the exchange block is not 3 * C(11, 3) ids")


def exchange_id(kinds: Sequence[int]) -> int:
    """The id of exchanging three tiles of these kinds (one suit, any order).

    >>> exchange_id([0, 0, 0]), exchange_id([26, 26, 26])
    (86, 580)
    """
    key = tuple(sorted(kinds))
    i = _EXCHANGE_INDEX.get(key)
    if i is None:
        raise ValueError(f"{list(kinds)} are not three tile kinds of one suit")
    return SG_AID_EXCHANGE + i


def action_id(action: protocol.Action) -> int:
    """The id of a Sichuan action; ``ValueError`` for anything else."""
    cls = action.__class__
    if cls is Discard:
        tile = action.tile  # type: ignore[attr-defined]
        if isinstance(tile, int) and not isinstance(tile, bool) and 0 <= tile < 108:
            return SG_AID_DISCARD + (tile >> 2)
    elif cls is Win:
        return SG_AID_WIN
    elif cls is Pass:
        return SG_AID_PASS
    elif cls is Pung or cls is Kong:
        kind = action.kind  # type: ignore[attr-defined]
        if isinstance(kind, int) and not isinstance(kind, bool) and 0 <= kind < 27:
            return (SG_AID_PUNG if cls is Pung else SG_AID_KONG) + kind
    elif cls is Declare:
        suit = action.suit  # type: ignore[attr-defined]
        if suit in SUITS:
            return SG_AID_DECLARE + SUITS.index(suit)
    elif cls is Exchange:
        tiles = action.tiles  # type: ignore[attr-defined]
        if (
            isinstance(tiles, tuple)
            and len(tiles) == 3
            and all(isinstance(t, int) and not isinstance(t, bool) and 0 <= t < 108 for t in tiles)
            and len(set(tiles)) == 3
        ):
            key = tuple(sorted(t >> 2 for t in tiles))
            i = _EXCHANGE_INDEX.get(key)
            if i is not None:
                return SG_AID_EXCHANGE + i
    raise ValueError(f"{action!r} is not a Sichuan action with an action id")


def choose_discard(legal: Sequence[protocol.Action], kind: int, drawn: int) -> Discard | None:
    """The discard of ``kind`` an id stands for among ``legal``: the tile
    drawn this turn (``drawn``, -1 for none) if it is of that kind, else the
    highest-numbered copy held; ``None`` when none is legal."""
    best: Discard | None = None
    for a in legal:
        if a.__class__ is Discard and a.tile >> 2 == kind:
            if a.tile == drawn:
                return a
            if best is None or a.tile > best.tile:
                best = a
    return best


def choose_exchange(
    legal: Sequence[protocol.Action], kinds: tuple[int, int, int]
) -> Exchange | None:
    """The exchange of these kinds an id stands for among ``legal``: for each
    kind the highest-numbered copies held; ``None`` when none is legal."""
    held: set[int] = set()
    for a in legal:
        if a.__class__ is Exchange:
            held.update(a.tiles)
    picked: list[int] = []
    for k in kinds:
        copies = [t for t in range(k * 4 + 3, k * 4 - 1, -1) if t in held and t not in picked]
        if not copies:
            return None
        picked.append(copies[0])
    want = Exchange(tuple(sorted(picked)))  # type: ignore[arg-type]
    for a in legal:
        if a == want:
            return a
    return None
