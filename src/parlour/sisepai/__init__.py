"""Sì Sè Pái (四色牌, Four Colour Cards), flower variant: cards, hands, the
grouping solver, the game engine and bots.

>>> from parlour.sisepai import Hand, is_complete
>>> is_complete(Hand.parse("[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f GGw"))
True

Calls over many hands at once, on bare count arrays, are in
:mod:`parlour.sisepai.batch`.
"""

from __future__ import annotations

from parlour.sisepai import batch
from parlour.sisepai.arrays import OBS_SHAPE, OBS_VERSION, ORACLE_SHAPE
from parlour.sisepai.bots import HeuristicBot, RandomBot
from parlour.sisepai.cards import (
    CARDS,
    CHARACTERS,
    COLOURS,
    KINDS,
    Colour,
    card_kind,
    card_text,
    format_kinds,
    kind_from_text,
    kind_text,
    parse_kinds,
)
from parlour.sisepai.evaluate import best_groups, is_complete, winning_cards
from parlour.sisepai.game import (
    Discard,
    Game,
    Move,
    Pass,
    Phase,
    SisepaiObservation,
    Take,
    Win,
    parse_action,
)
from parlour.sisepai.hand import Group, Grouping, Hand, HandLike, group_type
from parlour.sisepai.rules import GROUP_TYPES, GroupType, Rules

__all__ = [
    "CARDS",
    "CHARACTERS",
    "COLOURS",
    "GROUP_TYPES",
    "KINDS",
    "OBS_SHAPE",
    "OBS_VERSION",
    "ORACLE_SHAPE",
    "Colour",
    "Discard",
    "Game",
    "HeuristicBot",
    "Move",
    "Pass",
    "Phase",
    "RandomBot",
    "SisepaiObservation",
    "Take",
    "Win",
    "batch",
    "parse_action",
    "Group",
    "GroupType",
    "Grouping",
    "Hand",
    "HandLike",
    "Rules",
    "best_groups",
    "card_kind",
    "card_text",
    "format_kinds",
    "group_type",
    "is_complete",
    "kind_from_text",
    "kind_text",
    "parse_kinds",
    "winning_cards",
]
