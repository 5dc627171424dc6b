"""Names of Sichuan tiles, suits, fan patterns, actions and the rest, in
English and Chinese (``locale="en"`` or ``"zh"``), for people: the CLI,
front ends and the wire protocol's display fields.

The keys are the texts of the game's codes (``csrc/sichuan_codes.def``):
tile kinds ``1m`` .. ``9s``, suits ``m p s``, pattern names such as
``full_flush``, action verbs, phases, payment reasons and event types. The
Chinese names are the usual names at a Sichuan table (血战到底).

>>> name("5m"), name("5m", "zh"), name(13, "zh")
('5 Characters', '五万', '五筒')
>>> name("full_flush"), name("full_flush", locale="zh")
('Full flush', '清一色')
>>> describe_action("pung 7s", "zh"), describe_action("discard 5m#2")
('碰七条', 'Discard 5 Characters')
>>> name("5m", "fr")
Traceback (most recent call last):
...
ValueError: unknown locale 'fr': use one of en, zh
"""

# ruff: noqa: RUF001, RUF002 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

from parlour._codes import sichuan as _codes
from parlour._locale import Catalogue, Entry, Locale, Section, check_locale, join
from parlour.errors import NotationError
from parlour.sichuan.tiles import KIND_NAMES, KINDS, SUITS

__all__ = ["CATALOGUE", "NOTATION_ZH", "describe_action", "kind_name", "name", "suit_name"]

_NUMERALS_ZH = "一二三四五六七八九"
_SUIT_EN = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
_SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}


def _tiles() -> tuple[Entry, ...]:
    return tuple(
        Entry(
            text,
            f"{text[0]} {_SUIT_EN[text[1]]}",
            _NUMERALS_ZH[int(text[0]) - 1] + _SUIT_ZH[text[1]],
        )
        for text in KIND_NAMES
    )


_PATTERNS = (
    Entry("basic", "Basic hand", "平胡"),
    Entry("all_pungs", "All pungs", "对对胡"),
    Entry("seven_pairs", "Seven pairs", "七对"),
    Entry("outside", "Outside hand", "带幺九"),
    Entry("all_258_pungs", "All 2-5-8 pungs", "将对"),
    Entry("full_flush", "Full flush", "清一色"),
    Entry("golden_hook", "Golden hook", "金钩钓"),
    Entry("root", "Root", "根"),
    Entry("kong_replacement", "Win on a kong replacement", "杠上开花"),
    Entry("robbed_kong", "Robbing a kong", "抢杠胡"),
    Entry("last_tile", "Last tile", "海底"),
    Entry("self_draw", "Self-draw", "自摸"),
)

_ACTIONS = (
    Entry("discard", "Discard", "打出"),
    Entry("win", "Win", "胡"),
    Entry("pass", "Pass", "过"),
    Entry("pung", "Pung", "碰"),
    Entry("kong", "Kong", "杠"),
    Entry("declare", "Declare missing suit", "定缺"),
    Entry("exchange", "Exchange three", "换三张"),
)

_MELDS = (
    Entry("pung", "Pung", "碰"),
    Entry("kong", "Exposed kong", "明杠"),
    Entry("concealed_kong", "Concealed kong", "暗杠"),
)

_FORMS = (
    Entry("any", "Any form", "任意牌型"),
    Entry("standard", "Four sets and a pair", "四组一对"),
    Entry("seven_pairs", "Seven pairs", "七对"),
)

_PHASES = (
    Entry("exchange", "Exchange three", "换三张"),
    Entry("declare", "Declaring the missing suit", "定缺"),
    Entry("turn", "Turn", "出牌"),
    Entry("claim", "Claims on a discard", "响应"),
    Entry("rob", "Robbing a kong", "抢杠"),
    Entry("over", "Game over", "结束"),
)

_PAYMENTS = (
    Entry("discard_win", "Win on a discard", "点炮"),
    Entry("robbed_kong", "Robbed kong", "抢杠胡"),
    Entry("self_draw", "Self-draw", "自摸"),
    Entry("exposed_kong", "Exposed kong", "明杠"),
    Entry("added_kong", "Added kong", "加杠"),
    Entry("concealed_kong", "Concealed kong", "暗杠"),
    Entry("call_transfer", "Call transfer", "呼叫转移"),
    Entry("refund", "Refund", "退税"),
    Entry("flower_pig", "Flower pig", "花猪"),
    Entry("not_ready", "Not ready", "查大叫"),
)

_EVENTS = (
    Entry("deal", "Deal", "发牌"),
    Entry("exchange_choose", "Tiles chosen to exchange", "选牌换三张"),
    Entry("exchange", "Exchange three", "换三张"),
    Entry("declare", "Missing suit chosen", "定缺"),
    Entry("reveal", "Missing suits revealed", "亮缺"),
    Entry("draw", "Draw", "摸牌"),
    Entry("replacement", "Kong replacement", "杠后补牌"),
    Entry("discard", "Discard", "打出"),
    Entry("pung", "Pung", "碰"),
    Entry("kong", "Kong", "杠"),
    Entry("win", "Win", "胡"),
    Entry("pass", "Pass", "过"),
    Entry("rob_fail", "Kong not robbed", "抢杠未成"),
    Entry("payment", "Payment", "结算"),
    Entry("exhaustion", "Wall exhausted", "流局"),
    Entry("end", "Game over", "结束"),
)

_TAKEN = (
    Entry("pung", "Punged", "被碰"),
    Entry("kong", "Konged", "被杠"),
    Entry("win", "Won on", "被胡"),
    Entry("robbed", "Robbed", "被抢杠"),
)

_DIRECTIONS = (
    Entry("next", "To the next player", "换给下家"),
    Entry("across", "To the player across", "换给对家"),
    Entry("previous", "To the previous player", "换给上家"),
)

# What the other seats are told of a secret move (the spec's secret_move
# texts, which the wire protocol's events carry as ``secret``).
_SECRETS = (
    Entry("chooses three tiles to pass", "chooses three tiles to pass", "选好了换出的三张牌"),
    Entry("declares a concealed kong", "declares a concealed kong", "暗杠"),
)

_WORDS = (
    Entry("game", "Sichuan mahjong", "四川麻将（血战到底）"),
    Entry("seat", "Seat", "座位"),
    Entry("dealer", "Dealer", "庄家"),
    Entry("wall", "Wall", "牌墙"),
    Entry("hand", "Hand", "手牌"),
    Entry("drawn", "Drawn", "摸到"),
    Entry("melds", "Melds", "副露"),
    Entry("discards", "Discards", "弃牌"),
    Entry("missing", "Missing", "缺"),
    Entry("won", "Won", "已胡"),
    Entry("to_act", "To act", "待行动"),
    Entry("on_offer", "On offer", "待响应"),
    Entry("fan", "Fan", "番"),
    Entry("points", "Points", "分"),
    Entry("you", "You", "你"),
    Entry("hidden", "Face-down tile", "暗牌"),
)

#: How the game's actions are written, in Chinese: ``parlour play --locale zh``
#: shows it for ``help`` (the English is the spec's ``notation``; the
#: examples to type are the same).
NOTATION_ZH = """\
四川麻将的动作（一张牌写作点数 1-9 加花色：m 万、p 筒、s 条）：
  declare p          定缺 p：这门花色的牌必须先打完
  discard 5m         打出一张 5m（刚摸到的若是 5m，打出那一张）
  pung               碰待响应的牌（需持有两张）
  kong               杠待响应的牌（需持有三张）；轮到你时 'kong 5m'：
                     四张 5m 暗杠，或用第四张 5m 补杠已碰的 5m
  win                胡待响应的牌，或自摸
  pass               过，不要待响应的牌
  exchange 1m 4m 9m  （换三张玩法）换出同一花色的三张牌"""

# The words of the terminal's table (parlour.sichuan.table), as templates
# filled by str.format: the English ones are the table's text exactly.
_TABLE = (
    Entry(
        "head",
        "Sichuan{you} - dealer {dealer} - wall {wall} - phase {phase}",
        "四川麻将{you} - 庄家 {dealer} - 牌墙 {wall} 张 - 阶段 {phase}",
    ),
    Entry("you are", "you are seat {}", "你是座位 {}"),
    Entry("to act", "to act: {}", "待行动：{}"),
    Entry("you", "you", "你"),
    Entry("seat", "seat {}", "座位 {}"),
    Entry("seats", "seats {}", "{}号座位"),
    Entry("missing", "missing suits: {}", "缺门：{}"),
    Entry("your hand", "your hand: {}", "你的手牌：{}"),
    Entry("drawn", "drawn: {}", "摸到：{}"),
    Entry("row", "{seat}: {count:>2} tiles  melds {melds}", "{seat}：{count:>2} 张  副露 {melds}"),
    Entry("won", "WON", "已胡"),
    Entry("hand", "hand {}", "手牌 {}"),
    Entry("discards", "{seat} discards: {tiles}", "{seat} 弃牌：{tiles}"),
    Entry("on offer", "on offer: {tile} from {seat}", "待响应：{seat}打出的{tile}"),
    Entry("scores", "scores so far: {}", "目前得分：{}"),
    Entry("kong", "(kong)", "（暗杠）"),
)

#: Every name of the game, by section.
CATALOGUE = Catalogue(
    "sichuan",
    (
        Section("tiles", "Tiles", _tiles()),
        Section("suits", "Suits", tuple(Entry(s, _SUIT_EN[s], _SUIT_ZH[s]) for s in SUITS)),
        Section("patterns", "Fan patterns and additions", _PATTERNS),
        Section("actions", "Actions", _ACTIONS),
        Section("melds", "Melds", _MELDS),
        Section("forms", "Hand forms", _FORMS),
        Section("phases", "Phases", _PHASES),
        Section("payments", "Payment reasons", _PAYMENTS),
        Section("events", "Events", _EVENTS),
        Section("taken", "What became of a discard", _TAKEN),
        Section("directions", "Exchange directions", _DIRECTIONS),
        Section("words", "Table words", _WORDS),
        Section("secrets", "Secret moves as the others are told", _SECRETS),
        Section("table", "The terminal's table", _TABLE),
    ),
    "Chinese names as used at Sichuan tables; 万 筒 条 for the suits.",
)

_TILES = CATALOGUE.section("tiles")


def kind_name(kind: int | str, locale: Locale = "en") -> str:
    """The name of a tile kind (0..26, or its text ``5m``; a physical tile's
    text ``5m#2`` names its kind).

    >>> kind_name(0), kind_name("9s", "zh")
    ('1 Characters', '九条')
    """
    loc = check_locale(locale)
    if isinstance(kind, int) and not isinstance(kind, bool):
        if not 0 <= kind < KINDS:
            raise ValueError(f"a kind is an int in 0..26, not {kind!r}")
        kind = KIND_NAMES[kind]
    if not isinstance(kind, str):
        raise ValueError(f"a tile kind is an int or a text like '5m', not {kind!r}")
    return _TILES.name_of(
        kind.split("#")[0].strip(),
        loc,
        f"{kind!r} is not a tile: write a rank 1-9 and a suit m, p or s",
    )


def suit_name(suit: str, locale: Locale = "en") -> str:
    """The name of a suit letter ``m``, ``p`` or ``s``.

    >>> suit_name("p"), suit_name("p", "zh")
    ('Dots', '筒')
    """
    return CATALOGUE.lookup("suits", suit, locale)


def name(thing: int | str, locale: Locale = "en") -> str:
    """The name of ``thing``: a tile kind (int 0..26, ``5m`` or ``5m#2``), a
    suit letter, or any key of :data:`CATALOGUE` (pattern, action, meld,
    phase, payment reason, event, …; the first section holding it wins).

    >>> name("m"), name("root", "zh"), name("flower_pig", "zh")
    ('Characters', '根', '花猪')
    """
    loc = check_locale(locale)
    if isinstance(thing, int) and not isinstance(thing, bool):
        return kind_name(thing, loc)
    if not isinstance(thing, str):
        raise ValueError(f"no Sichuan name for {thing!r}")
    if "#" in thing:
        return kind_name(thing, loc)
    return CATALOGUE.find(thing, loc)


# Codes of the tables that name the actions (the action id blocks).
_VERBS = frozenset(str(row[2]) for row in _codes.SG_AID if row[2])


def describe_action(action: object, locale: Locale = "en") -> str:
    """A person's reading of an action (an action object or its text).

    >>> describe_action("declare p"), describe_action("declare p", "zh")
    ('Declare missing suit: Dots', '定缺：筒')
    >>> describe_action("exchange 1m#0 2m#1 3m#1", "zh")
    '换三张：一万、二万、三万'
    >>> describe_action("win", "zh"), describe_action("pass")
    ('胡', 'Pass')
    """
    loc = check_locale(locale)
    text = str(action).strip()
    verb, _, rest = text.partition(" ")
    if verb not in _VERBS or (verb in ("win", "pass")) != (rest == ""):
        raise NotationError(f"{text!r} is not a Sichuan action")
    head = CATALOGUE.lookup("actions", verb, loc)
    if verb in ("win", "pass"):
        return head
    if verb == "declare":
        what = suit_name(rest.strip(), loc)
    else:
        what = join((kind_name(t, loc) for t in rest.split()), loc)
    if verb == "exchange" or verb == "declare":
        return f"{head}：{what}" if loc == "zh" else f"{head}: {what}"
    return f"{head}{what}" if loc == "zh" else f"{head} {what}"
