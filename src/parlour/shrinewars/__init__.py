"""Shrine Wars: the 36-card bidding game of the Elemental Kings.

Cards, best-partition scoring (C core with a pure-Python twin), the game
engine and bots.

>>> from parlour.shrinewars import Cards, score, best_partition
>>> score("5F 6F 7F 8F 9F 3W")
26
>>> str(best_partition(Cards.parse("3F 3W 3A 4F")))
'3F 3W 3A | 4F'
"""

from __future__ import annotations

from parlour.shrinewars.bots import HeuristicBot, RandomBot
from parlour.shrinewars.cards import (
    CARDS,
    ELEMENT_NAMES,
    ELEMENTS,
    Cards,
    CardsLike,
    Element,
    Partition,
    as_cards,
    card_element,
    card_from_text,
    card_id,
    card_text,
    card_value,
    element_index,
)
from parlour.shrinewars.game import (
    OBS_SHAPE,
    OBS_VERSION,
    ORACLE_SHAPE,
    POT,
    Bid,
    Game,
    LotOutcome,
    Oinks,
    Pass,
    ShrineWarsAction,
    ShrineWarsObservation,
    default_payment,
    parse_action,
)
from parlour.shrinewars.rules import Rules
from parlour.shrinewars.scoring import (
    batch_score,
    best_partition,
    partition_mask,
    score,
    score_mask,
)

__all__ = [
    "CARDS",
    "ELEMENTS",
    "ELEMENT_NAMES",
    "OBS_SHAPE",
    "OBS_VERSION",
    "ORACLE_SHAPE",
    "POT",
    "Bid",
    "Cards",
    "CardsLike",
    "Element",
    "Game",
    "HeuristicBot",
    "LotOutcome",
    "Oinks",
    "Partition",
    "Pass",
    "RandomBot",
    "Rules",
    "ShrineWarsAction",
    "ShrineWarsObservation",
    "as_cards",
    "batch_score",
    "best_partition",
    "card_element",
    "card_from_text",
    "card_id",
    "card_text",
    "card_value",
    "default_payment",
    "element_index",
    "parse_action",
    "partition_mask",
    "score",
    "score_mask",
]
