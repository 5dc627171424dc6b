"""The Sì Sè Pái rules object: group points and the minimum-score variant."""

from __future__ import annotations

from dataclasses import dataclass, fields

from parlour._codes.sisepai import (
    SSP_GROUP,
    SSP_GROUP_COMMAND,
    SSP_GROUP_FIELD,
    SSP_GROUP_FLOWER,
    SSP_GROUP_GENERAL,
    SSP_GROUP_LITERAL,
    SSP_GROUP_NAMES,
    SSP_GROUP_PAIR,
    SSP_GROUP_QUAD,
    SSP_GROUP_SOLDIERS3,
    SSP_GROUP_SOLDIERS4,
    SSP_GROUP_TRIPLE,
)
from parlour.protocol import Rules as _RulesBase
from parlour.protocol import int_option

__all__ = ["GROUP_TYPES", "DEFAULT_RULES", "GroupType", "Rules"]

GroupType = SSP_GROUP_LITERAL
#: Group types in the order of the C core's points array.
GROUP_TYPES: tuple[GroupType, ...] = SSP_GROUP_NAMES
# Points of each group type under the rules of record, by group type code.
_POINTS = tuple(row[3] for row in SSP_GROUP)
_MAX_POINTS = 100


@dataclass(frozen=True)
class Rules(_RulesBase):
    """Options of a Sì Sè Pái game; the defaults are the rules of record.

    Each ``*`` field is the points of one group type (0..100).

    >>> Rules().points()
    (1, 3, 0, 1, 2, 1, 1, 1, 2)
    >>> Rules(command=2, soldiers4=4).points()[5]
    2
    >>> Rules(min_score=9).min_score
    9
    """

    #: A single General.
    general: int = _POINTS[SSP_GROUP_GENERAL]
    #: A flower.
    flower: int = _POINTS[SSP_GROUP_FLOWER]
    #: Two identical cards (not Generals).
    pair: int = _POINTS[SSP_GROUP_PAIR]
    #: Three identical cards.
    triple: int = _POINTS[SSP_GROUP_TRIPLE]
    #: Four identical cards.
    quad: int = _POINTS[SSP_GROUP_QUAD]
    #: General, Advisor and Elephant of one colour.
    command: int = _POINTS[SSP_GROUP_COMMAND]
    #: Chariot, Horse and Cannon of one colour.
    field: int = _POINTS[SSP_GROUP_FIELD]
    #: Soldiers of three different colours.
    soldiers3: int = _POINTS[SSP_GROUP_SOLDIERS3]
    #: Soldiers of four different colours.
    soldiers4: int = _POINTS[SSP_GROUP_SOLDIERS4]
    #: Variant: the least score a complete hand needs to win (0: none).
    min_score: int = 0
    #: Regional variant: points of an identical triple formed from concealed
    #: cards (``None``: the same as ``triple``). Exposed triples, and the
    #: group holding the taken card at a win, score ``triple``.
    concealed_triple: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            top = 21 * _MAX_POINTS if f.name == "min_score" else _MAX_POINTS
            int_option(getattr(self, f.name), f.name, 0, top, none=f.name == "concealed_triple")

    def points(self) -> tuple[int, ...]:
        """Points of every group type, in :data:`GROUP_TYPES` order."""
        return tuple(getattr(self, name) for name in GROUP_TYPES)


DEFAULT_RULES = Rules()
