"""Sì Sè Pái action ids: the fixed action space of the learning interface.

The blocks are the ``SSP_AID`` rows of ``csrc/sisepai_codes.def``. A take's
id names the group it makes, by type and colour(s), never the physical
cards; a discard's id names the card kind. Ids exist exactly for the
actions some state can offer: no take forms a pair, and Generals and
flowers are never discarded.

The game's ``action_id`` and ``action_from_id`` read these tables.

>>> TAKE_IDS[(6, 13, 20)]  # soldiers red, yellow, green: white lacking
70
>>> DISCARD_IDS[1], DISCARD_IDS[27]  # Advisor red, Soldier white
(72, 95)
"""

from __future__ import annotations

from parlour._codes.sisepai import (
    SSP_AID_COMMAND,
    SSP_AID_DISCARD,
    SSP_AID_END,
    SSP_AID_FIELD,
    SSP_AID_FLOWER,
    SSP_AID_GENERAL,
    SSP_AID_PASS,
    SSP_AID_QUAD,
    SSP_AID_SOLDIERS3,
    SSP_AID_SOLDIERS4,
    SSP_AID_TRIPLE,
    SSP_AID_WIN,
    SSP_CHARACTER_CHARIOT,
    SSP_CHARACTER_GENERAL,
    SSP_CHARACTER_SOLDIER,
)
from parlour.sisepai.cards import CHESS_KINDS, KINDS

__all__ = ["DISCARD_IDS", "NUM_ACTION_IDS", "PASS_ID", "TAKE_IDS", "WIN_ID"]

#: Number of action ids (0 .. NUM_ACTION_IDS - 1).
NUM_ACTION_IDS = SSP_AID_END
#: The id of ``pass``.
PASS_ID = SSP_AID_PASS
#: The id of ``win``.
WIN_ID = SSP_AID_WIN

_COLOURS = CHESS_KINDS // 7
# The kinds a discard, triple or quad can name, in kind order: the chess
# kinds but the Generals (their index is colour * 6 + character - 1).
_DISCARDABLE = tuple(k for k in range(CHESS_KINDS) if k % 7 != SSP_CHARACTER_GENERAL)
_SOLDIERS = tuple(c * 7 + SSP_CHARACTER_SOLDIER for c in range(_COLOURS))


def _take_groups() -> dict[tuple[int, ...], int]:
    """Every group a take can form (its sorted kinds) -> its id."""
    ids: dict[tuple[int, ...], int] = {}
    for c in range(_COLOURS):
        base = c * 7
        ids[(base + SSP_CHARACTER_GENERAL,)] = SSP_AID_GENERAL + c
        ids[tuple(base + SSP_CHARACTER_GENERAL + i for i in range(3))] = SSP_AID_COMMAND + c
        ids[tuple(base + SSP_CHARACTER_CHARIOT + i for i in range(3))] = SSP_AID_FIELD + c
        lacking = tuple(s for s in _SOLDIERS if s != _SOLDIERS[c])
        ids[lacking] = SSP_AID_SOLDIERS3 + c
    for f in range(KINDS - CHESS_KINDS):
        ids[(CHESS_KINDS + f,)] = SSP_AID_FLOWER + f
    for i, k in enumerate(_DISCARDABLE):
        ids[(k, k, k)] = SSP_AID_TRIPLE + i
        ids[(k, k, k, k)] = SSP_AID_QUAD + i
    ids[_SOLDIERS] = SSP_AID_SOLDIERS4
    return ids


#: A take's group (its sorted kinds) -> the take's id.
TAKE_IDS = _take_groups()
#: A discardable kind -> the discard's id.
DISCARD_IDS = {k: SSP_AID_DISCARD + i for i, k in enumerate(_DISCARDABLE)}
assert len(TAKE_IDS) == SSP_AID_DISCARD - SSP_AID_GENERAL
assert len(DISCARD_IDS) == SSP_AID_END - SSP_AID_DISCARD
