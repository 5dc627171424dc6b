"""Names of Shrine Wars cards, elements, combinations and actions in English
and Chinese (``locale="en"`` or ``"zh"``), for people: the CLI, front ends
and the wire protocol's display fields.

The keys are the texts of the game's codes (``csrc/shrinewars_codes.def``):
cards ``1F`` .. ``9E``, element letters ``F W A E``, action texts. Shrine
Wars is an invented game with an English source: the Chinese names here
are this project's translations (elements by meaning, 火 水 风 土; the
Elemental Kings' names transliterated; the Oinks, named for a pig's grunt,
rendered 哼哼币), not names from a Chinese edition.

>>> name("5F"), name("5F", "zh"), name(35, "zh")
('5 of Fire', '火5', '土9')
>>> name("W", "zh"), name("Ashw", "zh")
('水', '阿什')
>>> describe_action("bid 12: 7F + 5A"), describe_action("bid 12: 7F + 5A", "zh")
('Bid 12: 7 Fire + 5 Air', '出价 12：火 7 + 风 5')
"""

# ruff: noqa: RUF001, RUF002 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

import re

from parlour._codes import shrinewars as _codes
from parlour._locale import Catalogue, Entry, Locale, Section, check_locale, colon
from parlour.errors import NotationError

__all__ = ["CATALOGUE", "NOTATION_ZH", "card_name", "describe_action", "name"]

_LETTERS: tuple[str, ...] = tuple(str(row[2]) for row in _codes.SW_ELEMENT)
_ELEMENTS = (
    Entry("F", "Fire", "火"),
    Entry("W", "Water", "水"),
    Entry("A", "Air", "风"),
    Entry("E", "Earth", "土"),
)
_KINGS = (
    Entry("Ashw", "Ashw, King of Fire", "阿什"),
    Entry("Esbner", "Esbner, King of Water", "埃斯布纳"),
    Entry("Ukelele", "Ukelele, King of Air", "尤克里里"),
    Entry("Ohif", "Ohif, King of Earth", "奥希夫"),
)
_ACTIONS = (
    Entry("pass", "Pass", "放弃"),
    Entry("bid", "Bid", "出价"),
    Entry("bid paid in one element", "Bid paid in one element", "以一种元素出价"),
    Entry("bid paid in two elements", "Bid paid in two elements", "以两种元素出价"),
)
_COMBINATIONS = (
    Entry("single", "Single card", "单张"),
    Entry("same2", "Two of one value", "同点两张"),
    Entry("same3", "Three of one value", "同点三张"),
    Entry("same4", "Four of one value", "同点四张"),
    Entry("run", "Run of one element", "同元素顺子"),
)
# Ledger reasons (the engine's texts): the winner's bid paid into the pot
# for the lot's cards, and a receiver's share of the pot.
_PAYMENTS = (
    Entry("bid for", "Bid paid for", "拍得"),
    Entry("payout", "Share of the pot", "分得奖金"),
)
_WORDS = (
    Entry("game", "Shrine Wars", "神殿之战"),
    Entry("kings", "Elemental Kings", "元素之王"),
    Entry("oinks", "Oinks", "哼哼币"),
    Entry("lot", "Lot", "拍品"),
    Entry("set", "Set", "套拍"),
    Entry("pool", "Pool", "奖池"),
    Entry("high_bid", "High bid", "最高出价"),
    Entry("cards_left", "Cards left", "剩余牌数"),
    Entry("won", "Won cards", "赢得的牌"),
    Entry("forbidden", "Forbidden digits", "禁用尾数"),
    Entry("passed", "Passed", "已放弃"),
    Entry("seat", "Seat", "座位"),
    Entry("opener", "Opener", "开叫者"),
    Entry("to_act", "To act", "待行动"),
    Entry("you", "You", "你"),
    Entry("hidden", "Face-down card", "暗牌"),
    Entry("points", "Points", "分"),
    Entry("set_aside", "Set aside", "流拍"),
)


def _cards() -> tuple[Entry, ...]:
    return tuple(
        Entry(f"{v}{e.key}", f"{v} of {e.en}", f"{e.zh}{v}")
        for e in _ELEMENTS
        for v in range(1, 10)
    )


#: How the game's actions are written, in Chinese: ``parlour play --locale zh``
#: shows it for ``help`` (the English is the spec's ``notation``; the
#: examples to type are the same).
NOTATION_ZH = """\
神殿之战的动作（元素 F W A E = 火 水 风 土；出价用拍品所含元素的哼哼币支付）：
  bid 4              出价 4（只有一种付法时）
  bid 4W             出价 4，全部用水支付
  bid 12: 7F + 5A    出价 12，用 7 火和 5 风支付
  pass               放弃这件拍品"""

# The words of the terminal's table (parlour.shrinewars.table), as
# templates filled by str.format: the English ones are the table's text
# exactly.
_TABLE = (
    Entry("head", "Shrine Wars{you} - {left} cards left", "神殿之战{you} - 剩余 {left} 张牌"),
    Entry("you are", "you are seat {}", "你是座位 {}"),
    Entry("to act", "to act: {}", "待行动：{}"),
    Entry("game over", "game over", "牌局结束"),
    Entry("you", "you", "你"),
    Entry("seat", "seat {}", "座位 {}"),
    Entry("seats", "seats {}", "{}号座位"),
    Entry("your oinks", "your oinks: {}", "你的哼哼币：{}"),
    Entry("oinks", "oinks: {}", "哼哼币：{}"),
    Entry("row", "{seat} won: {won}  pool {pool}", "{seat} 赢得：{won}  奖池 {pool}"),
    Entry("lot", "lot: {lot}  opened by {seat}", "拍品：{lot}  开叫者 {seat}"),
    Entry("high bid", "high bid: {bid} by {seat}", "最高出价：{seat} {bid}"),
    Entry("this lot", "this lot: {}", "本轮：{}"),
    Entry(
        "forbidden",
        "{seat} may not bid amounts ending in {digits}",
        "{seat}不得出尾数为 {digits} 的价",
    ),
)

#: Every name of the game, by section.
CATALOGUE = Catalogue(
    "shrinewars",
    (
        Section("cards", "Cards", _cards()),
        Section("elements", "Elements", _ELEMENTS),
        Section("kings", "Elemental Kings", _KINGS),
        Section("actions", "Actions", _ACTIONS),
        Section("combinations", "Combinations", _COMBINATIONS),
        Section("words", "Table words", _WORDS),
        Section("table", "The terminal's table", _TABLE),
        Section("payments", "Payment reasons", _PAYMENTS),
    ),
    "An invented game with an English source: the Chinese names are this "
    "project's translations (the kings' names transliterated).",
)

_CARDS = CATALOGUE.section("cards")


def card_name(card: int | str, locale: Locale = "en") -> str:
    """The name of a card: its id (0..35) or its text (``5F``).

    >>> card_name(0), card_name("9E", "zh")
    ('1 of Fire', '土9')
    """
    loc = check_locale(locale)
    if isinstance(card, int) and not isinstance(card, bool):
        if not 0 <= card < 36:
            raise ValueError(f"a card id is an int in 0..35, not {card!r}")
        card = f"{card % 9 + 1}{_LETTERS[card // 9]}"
    if not isinstance(card, str):
        raise ValueError(f"a card is an int or a text like '5F', not {card!r}")
    return _CARDS.name_of(card, loc, f"{card!r} is not a Shrine Wars card")


def name(thing: int | str, locale: Locale = "en") -> str:
    """The name of ``thing``: a card (id 0..35 or text) or any key of
    :data:`CATALOGUE` (element letter, king, action, combination, table
    word; the first section holding it wins).

    >>> name("E"), name("oinks", "zh"), name("pass", "zh")
    ('Earth', '哼哼币', '放弃')
    """
    loc = check_locale(locale)
    if isinstance(thing, int) and not isinstance(thing, bool):
        return card_name(thing, loc)
    if not isinstance(thing, str):
        raise ValueError(f"no Shrine Wars name for {thing!r}")
    return CATALOGUE.find(thing, loc)


_BID = re.compile(r"\s*bid\s+(\d+)\s*:\s*(.*)$", re.IGNORECASE)
_PART = re.compile(r"\s*(\d+)\s*([A-Za-z])\s*$")


def describe_action(action: object, locale: Locale = "en") -> str:
    """A person's reading of an action (an action object or its text:
    ``pass`` or ``bid 12: 7F + 5A``).

    >>> describe_action("pass"), describe_action("bid 3: 3W", "zh")
    ('Pass', '出价 3：水 3')
    """
    loc = check_locale(locale)
    text = str(action).strip()
    if text.lower() == "pass":
        return CATALOGUE.lookup("actions", "pass", loc)
    m = _BID.match(text)
    if m is None:
        raise NotationError(f"{text!r} is not a Shrine Wars action (pass, bid N: payment)")
    parts = []
    for part in m.group(2).split("+"):
        p = _PART.match(part)
        if p is None or p.group(2).upper() not in _LETTERS:
            raise NotationError(f"{part.strip()!r} in {text!r} is not a payment like 7F")
        element = CATALOGUE.lookup("elements", p.group(2).upper(), loc)
        parts.append(f"{element} {p.group(1)}" if loc == "zh" else f"{p.group(1)} {element}")
    head = CATALOGUE.lookup("actions", "bid", loc)
    return f"{head} {m.group(1)}{colon(loc)}{' + '.join(parts)}"
