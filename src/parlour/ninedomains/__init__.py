"""The Nine Domains: a two-player game of simultaneous battles for nine domain cards.

>>> from parlour.ninedomains import battle
>>> battle("0", "5"), battle("*", "*"), battle("2", "3", bonus_a=1)
(1, 0, 1)
"""

from __future__ import annotations

from typing import Any

from parlour.ninedomains.arrays import OBS_SHAPE, OBS_VERSION, ORACLE_SHAPE
from parlour.ninedomains.battle import (
    THREE_PLUS_POINTS,
    adjacency_bonuses,
    battle,
    battle_batch,
    carry,
    decide,
    round_bonuses,
    three_plus_points,
)
from parlour.ninedomains.cards import (
    BASIC,
    CARD_TEXTS,
    CARDS,
    SPECIALS,
    Card,
    CardLike,
    NotationError,
    card,
    card_index,
    cards_text,
    parse_cards,
)
from parlour.ninedomains.game import (
    BattleOutcome,
    Decline,
    Effect,
    Game,
    NineDomainsAction,
    NineDomainsObservation,
    Place,
    Recover,
    Swap,
)
from parlour.ninedomains.rules import DOMAINS, ELEMENTS, Rules

_BOTS = ("EquilibriumBot", "HeuristicBot", "RandomBot")


def __getattr__(name: str) -> Any:
    # The bots need numpy; import them on first use so that importing the
    # package stays cheap.
    if name in _BOTS:
        from parlour.ninedomains import bots

        return getattr(bots, name)
    raise AttributeError(f"module 'parlour.ninedomains' has no attribute {name!r}")


__all__ = [
    "EquilibriumBot",
    "HeuristicBot",
    "RandomBot",
    "BASIC",
    "CARDS",
    "CARD_TEXTS",
    "DOMAINS",
    "ELEMENTS",
    "OBS_SHAPE",
    "OBS_VERSION",
    "ORACLE_SHAPE",
    "SPECIALS",
    "THREE_PLUS_POINTS",
    "BattleOutcome",
    "Card",
    "CardLike",
    "Decline",
    "Effect",
    "Game",
    "NineDomainsAction",
    "NineDomainsObservation",
    "NotationError",
    "Place",
    "Recover",
    "Rules",
    "Swap",
    "adjacency_bonuses",
    "battle",
    "battle_batch",
    "card",
    "card_index",
    "cards_text",
    "carry",
    "decide",
    "parse_cards",
    "round_bonuses",
    "three_plus_points",
]
