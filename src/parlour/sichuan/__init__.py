"""Sichuan "Bloody Battle" mahjong (血战到底): tiles, hands and evaluation.

>>> from parlour.sichuan import Hand, is_complete
>>> is_complete(Hand.parse("11m [222m] [333p] [444p] [555s]"))
True
"""

from __future__ import annotations

from parlour.sichuan import batch
from parlour.sichuan.bots import HeuristicBot, RandomBot
from parlour.sichuan.evaluate import best_win, is_complete, score, shanten, waits
from parlour.sichuan.game import (
    Declare,
    Discard,
    DiscardInfo,
    Event,
    Exchange,
    Game,
    Kong,
    MeldInfo,
    Pass,
    Pung,
    SichuanObservation,
    Win,
    parse_tile,
    tile_name,
)
from parlour.sichuan.hand import PATTERN_FAN, PATTERNS, Form, Hand, HandLike, Meld, MeldType, Score
from parlour.sichuan.obs import OBS_SHAPE, OBS_VERSION, ORACLE_SHAPE
from parlour.sichuan.rules import Rules
from parlour.sichuan.search import SearchBot
from parlour.sichuan.tiles import (
    KINDS,
    SUITS,
    TILES,
    Suit,
    kind_from_text,
    kind_text,
    tile_kind,
    tile_text,
)

__all__ = [
    "OBS_SHAPE",
    "OBS_VERSION",
    "ORACLE_SHAPE",
    "PATTERNS",
    "PATTERN_FAN",
    "KINDS",
    "SUITS",
    "TILES",
    "Declare",
    "Discard",
    "DiscardInfo",
    "Event",
    "Exchange",
    "Form",
    "Game",
    "Hand",
    "HandLike",
    "HeuristicBot",
    "Kong",
    "Meld",
    "MeldInfo",
    "MeldType",
    "Pass",
    "Pung",
    "RandomBot",
    "Rules",
    "Score",
    "SearchBot",
    "SichuanObservation",
    "Suit",
    "Win",
    "batch",
    "best_win",
    "is_complete",
    "kind_from_text",
    "kind_text",
    "parse_tile",
    "score",
    "shanten",
    "tile_kind",
    "tile_name",
    "tile_text",
    "waits",
]
