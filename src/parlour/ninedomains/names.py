"""Names of the Nine Domains' cards, domains, elements and actions in
English and Chinese (``locale="en"`` or ``"zh"``), for people: the CLI,
front ends and the wire protocol's display fields.

The keys are the texts of the game's codes (``csrc/ninedomains_codes.def``):
cards ``0`` .. ``5``, ``1-`` .. ``4+`` and ``*``, elements, action verbs,
phases, battle rules, tie-breaks and end reasons; domains are keyed
``domain 2`` .. ``domain 10``. The Nine Domains is known to this project
from a Korean help text: the English and Chinese names here are this
project's translations (九域 for the title, 领地 for a domain), not names
from a Chinese edition.

>>> name("3"), name("3", "zh"), name("2-"), name("2-", "zh"), name("*", "zh")
('Basic 3', '基本牌 3', '2 minus', '特殊牌 2−', '星牌')
>>> name("domain 7", "zh"), name("half-purple", "zh")
('领地 7', '半紫')
>>> describe_action("place 5 1- *")
'Place: Basic 5, 1 minus, Star'
"""

# ruff: noqa: RUF001, RUF002 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

from parlour._codes import ninedomains as _codes
from parlour._locale import Catalogue, Entry, Locale, Section, check_locale, colon, join
from parlour.errors import NotationError
from parlour.ninedomains.cards import CARD_TEXTS, card_index
from parlour.ninedomains.rules import DOMAINS

__all__ = [
    "CATALOGUE",
    "NOTATION_ZH",
    "card_name",
    "describe_action",
    "domain_name",
    "name",
    "rule_name",
]


def _card(text: str) -> Entry:
    if text == "*":
        return Entry(text, "Star", "星牌")
    if len(text) == 1:
        return Entry(text, f"Basic {text}", f"基本牌 {text}")
    sign_en = "minus" if text[1] == "-" else "plus"
    sign_zh = "−" if text[1] == "-" else "+"
    return Entry(text, f"{text[0]} {sign_en}", f"特殊牌 {text[0]}{sign_zh}")


_ELEMENTS = (
    Entry("red", "Red", "红"),
    Entry("green", "Green", "绿"),
    Entry("blue", "Blue", "蓝"),
    Entry("purple", "Purple", "紫"),
    Entry("half-purple", "Half purple", "半紫"),
)
_ACTIONS = (
    Entry("place", "Place", "布阵"),
    Entry("swap", "Swap domains", "交换领地"),
    Entry("recover", "Recover a card", "取回"),
    Entry("decline", "Decline", "放弃"),
)
_PHASES = (
    Entry("place", "Placing cards", "布阵"),
    Entry("effect", "Special effects", "特效"),
    Entry("over", "Game over", "结束"),
)
_RULES = (
    Entry("override", "Override", "克制"),
    Entry("strength", "Greater strength", "强度较高"),
    Entry("bonus", "Greater bonus", "加成较高"),
    Entry("identical", "Identical cards", "相同牌"),
    Entry("sign", "By sign", "按符号"),
)
_SIGNS = (
    Entry("-", "Minus", "减"),
    Entry("+", "Plus", "加"),
    Entry("*", "Star", "星"),
)
_TIES = (
    Entry("draw", "Draw", "平局"),
    Entry("domains", "More domains wins", "领地多者胜"),
)
_REASONS = (
    Entry("elements", "All four elements", "四元素齐全"),
    Entry("points", "More points", "分数较高"),
    Entry("domains", "More domains", "领地较多"),
    Entry("draw", "Draw", "平局"),
)
_WORDS = (
    Entry("game", "The Nine Domains", "九域"),
    Entry("round", "Round", "回合"),
    Entry("position", "Position", "位置"),
    Entry("seat", "Seat", "座位"),
    Entry("hand", "Hand", "手牌"),
    Entry("used", "Used", "已用"),
    Entry("held", "Domains held", "已得领地"),
    Entry("removed", "Removed", "移除"),
    Entry("points", "Points", "分"),
    Entry("placed", "Placed", "已布阵"),
    Entry("you", "You", "你"),
    Entry("opponent", "Opponent", "对手"),
    Entry("hidden", "Face-down card", "暗牌"),
    Entry("winner", "Winner", "胜者"),
    Entry("nobody", "Nobody", "无人"),
)

#: How the game's actions are written, in Chinese: ``parlour play --locale zh``
#: shows it for ``help`` (the English is the spec's ``notation``; the
#: examples to type are the same).
NOTATION_ZH = """\
九域的动作（你的牌：0-5，以及特殊牌 1- 1+ 2- 2+ 3- 3+ 4- 4+ *）：
  place 0 1 2        把牌 0 放在位置 0、牌 1 放在位置 1、牌 2 放在位置 2：
                     每张牌争夺该位置上的领地（数字是牌，不是位置）
  place 5 1- *       同上，用牌 5、1- 和 *
  swap 4 9           （赢下的 2-）交出你的领地 4，换取对方的领地 9
  recover 1+ give 0  （赢下的 3-）从已用牌堆取回 1+，把 0 放进去
  decline            不使用 3-"""

# The words of the terminal's table (parlour.ninedomains.table), as
# templates filled by str.format: the English ones are the table's text
# exactly. Cards stay in their notation (``4+``), short enough for a row.
_TABLE = (
    Entry(
        "head",
        "The Nine Domains{you} - round {round} - phase {phase}",
        "九域{you} - 第 {round} 回合 - 阶段 {phase}",
    ),
    Entry("you are", "you are seat {}", "你是座位 {}"),
    Entry("to act", "to act: {}", "待行动：{}"),
    Entry("you", "you", "你"),
    Entry("seat", "seat {}", "座位 {}"),
    Entry("seats", "seats {}", "{}号座位"),
    Entry("offer", "domains on offer (positions 0 1 2): {}", "待争领地（位置 0 1 2）：{}"),
    Entry(
        "row",
        "{seat}: points {points:>3}  held {held}  hand {hand}",
        "{seat}：得分 {points:>3}  已得 {held}  手牌 {hand}",
    ),
    Entry("your placement", "your placement: {}", "你的布阵：{}"),
    Entry("placement of", "seat {}'s placement: {}", "座位 {}的布阵：{}"),
    Entry(
        "battle",
        "battle for {domain}: {first} vs {second} - {outcome}",
        "争夺 {domain}：{first} 对 {second} - {outcome}",
    ),
    Entry("removed", "removed", "移除"),
    Entry("won by", "won by {}", "{}获胜"),
    Entry("pending", "pending effect: {kind} of {seat}", "待生效：{seat}的 {kind}"),
)

#: Every name of the game, by section.
CATALOGUE = Catalogue(
    "ninedomains",
    (
        Section("cards", "Number cards", tuple(_card(t) for t in CARD_TEXTS)),
        Section(
            "domains",
            "Domain cards",
            tuple(Entry(f"domain {d}", f"Domain {d}", f"领地 {d}") for d in DOMAINS),
        ),
        Section("elements", "Elements", _ELEMENTS),
        Section("actions", "Actions", _ACTIONS),
        Section("phases", "Phases", _PHASES),
        Section("rules", "Battle rules", _RULES),
        Section("signs", "Signs", _SIGNS),
        Section("ties", "Tie-breaks", _TIES),
        Section("reasons", "How the game was won", _REASONS),
        Section("words", "Table words", _WORDS),
        Section("table", "The terminal's table", _TABLE),
    ),
    "An invented game known from a Korean help text: the English and Chinese "
    "names are this project's translations.",
)

# The battle rule of each rule code (``BattleOutcome.rule``).
_RULE_KEYS = {int(row[1]): str(row[2]) for row in _codes.ND_RULE}


def card_name(card: object, locale: Locale = "en") -> str:
    """The name of a number card (a :class:`~parlour.ninedomains.Card`, its
    text or its index 0..14).

    >>> card_name("4+"), card_name(0, "zh")
    ('4 plus', '基本牌 0')
    """
    loc = check_locale(locale)
    if isinstance(card, int) and not isinstance(card, bool):
        if not 0 <= card < len(CARD_TEXTS):
            raise ValueError(f"a card index is an int in 0..14, not {card!r}")
        text = CARD_TEXTS[card]
    else:
        text = CARD_TEXTS[card_index(card)]
    return CATALOGUE.lookup("cards", text, loc)


def domain_name(domain: int, locale: Locale = "en") -> str:
    """The name of a domain card (its value 2..10).

    >>> domain_name(10), domain_name(2, "zh")
    ('Domain 10', '领地 2')
    """
    if isinstance(domain, bool) or domain not in DOMAINS:
        raise ValueError(f"a domain is its value 2..10, not {domain!r}")
    return CATALOGUE.lookup("domains", f"domain {domain}", locale)


def rule_name(rule: int, locale: Locale = "en") -> str:
    """The name of the battle rule that decided a battle (its code 1..5).

    >>> rule_name(1), rule_name(2, "zh")
    ('Override', '强度较高')
    """
    if rule not in _RULE_KEYS:
        raise ValueError(f"a battle rule is a code 1..5, not {rule!r}")
    return CATALOGUE.lookup("rules", _RULE_KEYS[rule], locale)


def name(thing: object, locale: Locale = "en") -> str:
    """The name of ``thing``: a card (:class:`~parlour.ninedomains.Card` or
    its text) or any key of :data:`CATALOGUE` (``domain 7``, element,
    action, phase, battle rule, sign, tie-break, end reason; the first
    section holding it wins).

    >>> name("purple"), name("swap", "zh")
    ('Purple', '交换领地')
    """
    loc = check_locale(locale)
    if hasattr(thing, "text") and not isinstance(thing, str):
        return card_name(thing, loc)
    if not isinstance(thing, str):
        raise ValueError(f"no Nine Domains name for {thing!r}")
    return CATALOGUE.find(thing, loc)


def describe_action(action: object, locale: Locale = "en") -> str:
    """A person's reading of an action (an action object or its text).

    >>> describe_action("swap 4 9"), describe_action("recover 1+ give 0", "zh")
    ('Swap domains: give Domain 4, take Domain 9', '取回：拿回特殊牌 1+，放下基本牌 0')
    >>> describe_action("place 5 1- *", "zh")
    '布阵：基本牌 5、特殊牌 1−、星牌'
    """
    loc = check_locale(locale)
    text = str(action).strip()
    words = text.split()
    verb = words[0] if words else ""
    sep = colon(loc)
    try:
        if verb == "decline" and len(words) == 1:
            return CATALOGUE.lookup("actions", "decline", loc)
        head = (
            CATALOGUE.lookup("actions", verb, loc) if verb in ("place", "swap", "recover") else ""
        )
        if verb == "place" and len(words) == 4:
            return head + sep + join((card_name(w, loc) for w in words[1:]), loc)
        if verb == "swap" and len(words) == 3:
            own, theirs = (domain_name(int(w), loc) for w in words[1:])
            if loc == "zh":
                return f"{head}{sep}交出{own}，换取{theirs}"
            return f"{head}{sep}give {own}, take {theirs}"
        if verb == "recover" and len(words) == 4 and words[2] == "give":
            take, give = card_name(words[1], loc), card_name(words[3], loc)
            if loc == "zh":
                return f"{head}{sep}拿回{take}，放下{give}"
            return f"{head}{sep}take back {take}, put down {give}"
    except ValueError:
        pass
    raise NotationError(f"{text!r} is not a Nine Domains action")
