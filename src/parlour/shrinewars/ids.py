"""Shrine Wars action ids: one id for pass and one per bid payment.

A bid's id names its amount and how it is paid per element, so one id is one
choice in every state. A lot has at most two cards, so a bid is paid in one
or two elements, and no part can exceed ``E = players * oinks``, every Oink
of that element in the game. The ids are three blocks, in the order of the
``SW_AID`` rows of ``csrc/shrinewars_codes.def``:

- ``PASS``: id 0;
- ``ONE``: for each element ``e`` (Fire, Water, Air, Earth), the ``E``
  amounts ``1 .. E`` paid all in ``e``: id ``1 + e * E + amount - 1``;
- ``TWO``: for each pair of elements ``e < f`` in the order FW, FA, FE, WA,
  WE, AE, the ``E * E`` payments of ``x`` of ``e`` and ``y`` of ``f`` (both at
  least 1): id ``1 + 4 * E + pair * E * E + (x - 1) * E + (y - 1)``.

The module works on payments (four Oink counts, as ``Bid.paid``); the game
turns them into actions. For four players with 10 Oinks each (``E = 40``),
``7F + 5A`` is pair FA (pair 1): ``1 + 160 + 1600 + 6 * 40 + 4``.

>>> ids = ActionIds(40)
>>> ids.num_action_ids
9761
>>> ids.of_payment((7, 0, 5, 0))
2005
>>> ids.payment(2005), ids.payment(0)
((7, 0, 5, 0), None)
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour._codes.shrinewars import SW_AID, SW_AID_END, SW_AID_ONE, SW_AID_PASS, SW_AID_TWO
from parlour.shrinewars.cards import ELEMENTS

__all__ = ["PAIRS", "ActionIds", "Oinks"]

#: Oinks per element, in element order (Fire, Water, Air, Earth).
Oinks = tuple[int, int, int, int]

#: The pairs of elements a two-element payment may use, in id order.
PAIRS: tuple[tuple[int, int], ...] = tuple((e, f) for e in range(4) for f in range(e + 1, 4))
_PAIR_INDEX = {pair: k for k, pair in enumerate(PAIRS)}


class ActionIds:
    """The action-id layout of a game in which each element has ``most``
    Oinks in all (``players * oinks``): the blocks' first ids, the size, and
    the way between ids and payments.

    >>> ActionIds(0).num_action_ids  # no Oinks: pass is the only action
    1
    """

    __slots__ = ("first", "most", "num_action_ids")

    #: The most Oinks of one element in the game, ``E``.
    most: int
    #: The first id of each ``SW_AID`` block, by code (``first[SW_AID_END]``
    #: is the total).
    first: tuple[int, ...]
    #: How many ids there are.
    num_action_ids: int

    def __init__(self, most: int) -> None:
        if not isinstance(most, int) or isinstance(most, bool) or most < 0:
            raise ValueError(f"the Oinks of one element in a game are an int >= 0, not {most!r}")
        self.most = most
        first = [0]
        for row in SW_AID:
            count, power = row[3], row[4]
            assert isinstance(count, int) and isinstance(power, int)
            first.append(first[-1] + count * most**power)
        self.first = tuple(first[:-1])
        self.num_action_ids = self.first[SW_AID_END]

    @property
    def pass_id(self) -> int:
        """The id of passing."""
        return self.first[SW_AID_PASS]

    def of_payment(self, paid: Sequence[int]) -> int:
        """The id of the bid paying ``paid[e]`` of each element ``e``;
        ``ValueError`` if it has none (paid in three or four elements, or a
        part above ``E``)."""
        parts = [(e, n) for e, n in enumerate(paid) if n]
        most = self.most
        for e, n in parts:
            if n > most:
                raise ValueError(
                    f"a bid paying {n}{ELEMENTS[e]} has no action id: the game holds "
                    f"only {most} Oinks of each element"
                )
        if len(parts) == 1:
            e, n = parts[0]
            return self.first[SW_AID_ONE] + e * most + n - 1
        if len(parts) == 2:
            (e, x), (f, y) = parts
            pair = _PAIR_INDEX[e, f]
            return self.first[SW_AID_TWO] + (pair * most + x - 1) * most + y - 1
        raise ValueError(
            f"a bid paid in {len(parts)} elements has no action id: a lot has at most "
            "two cards, so a bid is paid in one or two elements"
        )

    def payment(self, i: int) -> Oinks | None:
        """The payment of the bid whose id is ``i``, or ``None`` for pass;
        ``ValueError`` if ``i`` is out of range."""
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < self.num_action_ids:
            raise ValueError(f"action id must be an int in 0..{self.num_action_ids - 1}, not {i!r}")
        most = self.most
        paid = [0, 0, 0, 0]
        if i >= self.first[SW_AID_TWO]:
            pair, rest = divmod(i - self.first[SW_AID_TWO], most * most)
            x, y = divmod(rest, most)
            e, f = PAIRS[pair]
            paid[e] = x + 1
            paid[f] = y + 1
        elif i >= self.first[SW_AID_ONE]:
            e, n = divmod(i - self.first[SW_AID_ONE], most)
            paid[e] = n + 1
        else:
            return None
        return (paid[0], paid[1], paid[2], paid[3])
