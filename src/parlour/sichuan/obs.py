"""The observation planes of the learning interface, in plain Python.

:func:`encode` turns a :class:`~parlour.sichuan.SichuanObservation` into the
``float32`` array of shape :data:`OBS_SHAPE` from the observation's own
fields, so it holds nothing the seat may not see; :func:`oracle_planes`
adds the privileged planes of :data:`ORACLE_SHAPE`. The plane numbers come
from the ``PARLOUR_SG_OBS*`` and ``PARLOUR_SG_ORACLE`` rows of
``csrc/sichuan_codes.def``; the C encoder (``csrc/sichuan_obs.c``) writes the
same array from the C engine's seat snapshot, and the tests compare the two
on every state of random deals. ``docs/learning/sichuan.rst`` describes each
plane.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from parlour._codes.sichuan import (
    SG_OBS_DIRECTION,
    SG_OBS_DRAWN,
    SG_OBS_END,
    SG_OBS_GIVEN,
    SG_OBS_HAND,
    SG_OBS_MAY_WIN,
    SG_OBS_MUST_ACT,
    SG_OBS_OFFER,
    SG_OBS_PHASE,
    SG_OBS_RECEIVED,
    SG_OBS_SEAT_CONCEALED_KONG,
    SG_OBS_SEAT_DEALER,
    SG_OBS_SEAT_DISCARDS,
    SG_OBS_SEAT_END,
    SG_OBS_SEAT_HAND_SIZE,
    SG_OBS_SEAT_HIDDEN_KONGS,
    SG_OBS_SEAT_IN_TURN,
    SG_OBS_SEAT_KONG,
    SG_OBS_SEAT_MISSING,
    SG_OBS_SEAT_OFFERING,
    SG_OBS_SEAT_PUBLIC_HAND,
    SG_OBS_SEAT_PUNG,
    SG_OBS_SEAT_RECENT,
    SG_OBS_SEAT_TO_ACT,
    SG_OBS_SEAT_WON,
    SG_OBS_SEATS,
    SG_OBS_SEEN,
    SG_OBS_WALL,
    SG_ORACLE_END,
    SG_ORACLE_HANDS,
    SG_ORACLE_NEXT_DRAW,
    SG_ORACLE_NEXT_REPLACEMENT,
    SG_ORACLE_WALL,
    SG_PHASE_NAMES,
    SG_TAKEN_KONG,
    SG_TAKEN_NAMES,
    SG_TAKEN_PUNG,
)
from parlour.sichuan.tiles import SUITS

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["OBS_SHAPE", "OBS_VERSION", "ORACLE_SHAPE", "encode", "oracle_planes"]

#: Shape of ``observation(seat).to_array()``: planes of the 27 tile kinds.
OBS_SHAPE = (SG_OBS_END, 27)
#: Version of the layout; it changes whenever the layout does.
OBS_VERSION = 1
#: Shape of ``game.oracle_array(seat)``: the observation's planes, then the
#: privileged ones.
ORACLE_SHAPE = (SG_ORACLE_END, 27)

#: The most tiles the wall holds (108 less the 53 dealt).
WALL_MAX = 55
_DIRECTIONS = ("next", "across", "previous")
# Discards whose tile is counted in a meld, not on the table.
_TAKEN_INTO_MELD = (SG_TAKEN_NAMES[SG_TAKEN_PUNG], SG_TAKEN_NAMES[SG_TAKEN_KONG])
_IN_TURN = ("turn", "claim", "rob")


def _thermometer(out: NDArray[np.float32], first: int, counts: Sequence[int]) -> None:
    for k, n in enumerate(counts):
        for i in range(min(n, 4)):
            out[first + i, k] = 1.0


def _kind_counts(tiles: Sequence[int] | set[int]) -> list[int]:
    counts = [0] * 27
    for t in tiles:
        counts[t >> 2] += 1
    return counts


def encode(obs: Any, may_win: bool) -> NDArray[np.float32]:
    """The planes of ``obs``, a :class:`~parlour.sichuan.SichuanObservation`
    (this module sits below :mod:`parlour.sichuan.values`, which calls it),
    from its public content only; ``may_win`` tells whether win is among
    its legal actions."""
    import numpy as np

    out = np.zeros(OBS_SHAPE, dtype=np.float32)
    seat = obs.seat
    phase = obs.phase
    _thermometer(out, SG_OBS_HAND, _kind_counts(obs.hand))
    if obs.drawn >= 0:
        out[SG_OBS_DRAWN, obs.drawn >> 2] = 1.0
    if obs.on_offer >= 0:
        out[SG_OBS_OFFER, obs.on_offer >> 2] = 1.0
    # Every physical tile the seat has seen, once.
    seen = set(obs.hand)
    for melds in obs.melds:
        for m in melds:
            seen.update(m.tiles)
    for d in obs.discards:
        if d.taken not in _TAKEN_INTO_MELD:
            seen.add(d.tile)
    for tiles in obs.public_hands:
        if tiles is not None:
            seen.update(tiles)
    _thermometer(out, SG_OBS_SEEN, _kind_counts(seen))
    # Counts first, then one division, as the C encoder does (exact floats).
    out[SG_OBS_GIVEN] = np.array(_kind_counts(obs.exchange), dtype=np.float32) / np.float32(3)
    out[SG_OBS_RECEIVED] = np.array(_kind_counts(obs.received), dtype=np.float32) / np.float32(3)
    if obs.exchange_direction is not None:
        out[SG_OBS_DIRECTION + _DIRECTIONS.index(obs.exchange_direction)] = 1.0
    out[SG_OBS_PHASE + SG_PHASE_NAMES.index(phase)] = 1.0
    out[SG_OBS_WALL] = np.float32(obs.wall_remaining) / np.float32(WALL_MAX)
    if seat in obs.to_act:
        out[SG_OBS_MUST_ACT] = 1.0
    if may_win:
        out[SG_OBS_MAY_WIN] = 1.0
    recent: list[list[int]] = [[], [], [], []]
    discarded: list[list[int]] = [[0] * 27 for _ in range(4)]
    for d in obs.discards:
        recent[d.seat].append(d.tile >> 2)
        discarded[d.seat][d.tile >> 2] += 1
    for r in range(4):
        s = (seat + r) % 4
        base = SG_OBS_SEATS + r * SG_OBS_SEAT_END
        hidden = 0
        for m in obs.melds[s]:
            if m.kind is None:
                hidden += 1
            elif m.type == "pung":
                out[base + SG_OBS_SEAT_PUNG, m.kind] = 1.0
            elif m.type == "kong":
                out[base + SG_OBS_SEAT_KONG, m.kind] = 1.0
            else:
                out[base + SG_OBS_SEAT_CONCEALED_KONG, m.kind] = 1.0
        out[base + SG_OBS_SEAT_HIDDEN_KONGS] = hidden / 4.0
        _thermometer(out, base + SG_OBS_SEAT_DISCARDS, discarded[s])
        for i, kind in enumerate(reversed(recent[s][-4:])):
            out[base + SG_OBS_SEAT_RECENT + i, kind] = 1.0
        missing = obs.missing[s]
        if missing is not None:
            suit = SUITS.index(missing)
            out[base + SG_OBS_SEAT_MISSING, suit * 9 : suit * 9 + 9] = 1.0
        public = obs.public_hands[s]
        if public is not None:
            for t in public:
                out[base + SG_OBS_SEAT_PUBLIC_HAND, t >> 2] += 0.25
        out[base + SG_OBS_SEAT_WON] = float(obs.won[s])
        out[base + SG_OBS_SEAT_HAND_SIZE] = np.float32(obs.hand_sizes[s]) / np.float32(14)
        out[base + SG_OBS_SEAT_DEALER] = float(s == obs.dealer)
        out[base + SG_OBS_SEAT_IN_TURN] = float(s == obs.current and phase in _IN_TURN)
        out[base + SG_OBS_SEAT_TO_ACT] = float(s in obs.to_act)
        out[base + SG_OBS_SEAT_OFFERING] = float(obs.on_offer >= 0 and s == obs.offer_from)
    return out


def oracle_planes(
    out: NDArray[np.float32],
    seat: int,
    hands: Sequence[Sequence[int]],
    wall: Sequence[int],
) -> None:
    """Fill the privileged planes of ``out`` (an :data:`ORACLE_SHAPE` array
    whose leading planes hold the observation of ``seat``): the other seats'
    concealed tiles (``hands`` by seat), the kinds left in the ``wall`` (the
    undrawn tiles, front first), its next normal draw and next replacement."""
    for r in range(1, 4):
        _thermometer(out, SG_ORACLE_HANDS + 4 * (r - 1), _kind_counts(hands[(seat + r) % 4]))
    _thermometer(out, SG_ORACLE_WALL, _kind_counts(wall))
    if wall:
        out[SG_ORACLE_NEXT_DRAW, wall[0] >> 2] = 1.0
        out[SG_ORACLE_NEXT_REPLACEMENT, wall[-1] >> 2] = 1.0
