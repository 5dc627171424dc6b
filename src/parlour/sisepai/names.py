"""Names of Sì Sè Pái cards, colours, groups and actions in English and
Chinese (``locale="en"`` or ``"zh"``), for people: the CLI, front ends and
the wire protocol's display fields.

The keys are the texts of the game's codes (``csrc/sisepai_codes.def``):
card kinds ``Gr`` .. ``Sw`` and ``1f`` .. ``5f``, colour letters, character
letters, group types, action texts, phases and claim tiers.

The rules of record give each character in both its forms (General 將/帥,
Advisor 士/仕, …) without saying which colour prints which. **Decision**
of this catalogue: red and yellow cards print the red side's forms of
Chinese chess (帥 仕 相 俥 傌 炮 兵), green and white cards the black side's
(將 士 象 車 馬 包 卒). The flowers are 公 侯 伯 子 男 as in the rules.

>>> name("Gr"), name("Gr", "zh"), name("Sw", "zh")
('Red General', '红帥', '白卒')
>>> name("3f"), name("3f", "zh"), name("command", "zh")
('Earl', '伯', '将士象')
>>> describe_action("take Sr Sy Sg")
'Take Red Soldier, Yellow Soldier, Green Soldier (Three soldiers)'
>>> describe_action("discard Hw", "zh")
'打出白馬'
"""

# ruff: noqa: RUF001, RUF002 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

from parlour._codes import sisepai as _codes
from parlour._locale import Catalogue, Entry, Locale, Section, check_locale, join
from parlour.errors import NotationError
from parlour.sisepai.cards import CHESS_KINDS, KINDS, kind_text, parse_kinds

__all__ = ["CATALOGUE", "NOTATION_ZH", "describe_action", "glyph", "kind_name", "name"]

_COLOURS = (
    Entry("r", "Red", "红"),
    Entry("y", "Yellow", "黄"),
    Entry("g", "Green", "绿"),
    Entry("w", "White", "白"),
)
_CHARACTERS = (
    Entry("G", "General", "将"),
    Entry("A", "Advisor", "士"),
    Entry("E", "Elephant", "象"),
    Entry("R", "Chariot", "车"),
    Entry("H", "Horse", "马"),
    Entry("C", "Cannon", "炮"),
    Entry("S", "Soldier", "卒"),
)
#: The printed character of each character letter: the red side's forms
#: (red and yellow cards) and the black side's (green and white).
_RED_SIDE = "帥仕相俥傌炮兵"
_BLACK_SIDE = "將士象車馬包卒"
_FLOWERS_EN = ("Duke", "Marquis", "Earl", "Viscount", "Baron")


def glyph(kind: int) -> str:
    """The character printed on a card kind (0..32).

    >>> glyph(0), glyph(20), glyph(28)
    ('帥', '卒', '公')
    """
    if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < KINDS:
        raise ValueError(f"a card kind is an int in 0..32, not {kind!r}")
    if kind >= CHESS_KINDS:
        return str(_codes.SSP_FLOWER[kind - CHESS_KINDS][3])
    side = _RED_SIDE if kind // 7 < 2 else _BLACK_SIDE
    return side[kind % 7]


def _cards() -> tuple[Entry, ...]:
    out = []
    for k in range(KINDS):
        if k < CHESS_KINDS:
            colour, character = _COLOURS[k // 7], _CHARACTERS[k % 7]
            out.append(Entry(kind_text(k), f"{colour.en} {character.en}", colour.zh + glyph(k)))
        else:
            out.append(Entry(kind_text(k), _FLOWERS_EN[k - CHESS_KINDS], glyph(k)))
    return tuple(out)


_GROUPS = (
    Entry("general", "Single General", "单将"),
    Entry("flower", "Flower", "花"),
    Entry("pair", "Pair", "对子"),
    Entry("triple", "Identical triple", "三张"),
    Entry("quad", "Identical quad", "四张"),
    Entry("command", "Command group", "将士象"),
    Entry("field", "Field group", "车马炮"),
    Entry("soldiers3", "Three soldiers", "三色卒"),
    Entry("soldiers4", "Four soldiers", "四色卒"),
)
_ACTIONS = (
    Entry("pass", "Pass", "过"),
    Entry("win", "Win", "胡"),
    Entry("take", "Take", "吃"),
    Entry("take general", "Take a General", "吃单将"),
    Entry("take flower", "Take a flower", "吃花"),
    Entry("take triple", "Take into a triple", "吃成三张"),
    Entry("take quad", "Take into a quad", "吃成四张"),
    Entry("take command", "Take into a command group", "吃成将士象"),
    Entry("take field", "Take into a field group", "吃成车马炮"),
    Entry("take soldiers3", "Take into three soldiers", "吃成三色卒"),
    Entry("take soldiers4", "Take into four soldiers", "吃成四色卒"),
    Entry("discard", "Discard", "打出"),
)
_PHASES = (
    Entry("draw", "Claims on the drawn card", "摸牌响应"),
    Entry("second", "Claims on the drawer's discard", "二次响应"),
    Entry("discard", "Discard", "打牌"),
    Entry("claim", "Claims on a discard", "响应"),
    Entry("over", "Game over", "结束"),
)
_TIERS = (
    Entry("drawer's win", "Drawer's win", "摸牌者胡"),
    Entry("win", "Win", "胡"),
    Entry("identical triple or quad", "Identical triple or quad", "三张或四张"),
    Entry("drawer's group", "Drawer's group", "摸牌者组牌"),
    Entry("next player's group", "Next player's group", "下家组牌"),
)
_WORDS = (
    Entry("game", "Sì Sè Pái", "四色牌"),
    Entry("seat", "Seat", "座位"),
    Entry("dealer", "Dealer", "庄家"),
    Entry("stock", "Stock", "牌堆"),
    Entry("exposed", "Exposed", "亮出"),
    Entry("discards", "Discards", "弃牌"),
    Entry("card", "Card in question", "当前牌"),
    Entry("from", "from", "来自"),
    Entry("winner", "Winner", "赢家"),
    Entry("to_act", "To act", "待行动"),
    Entry("you", "You", "你"),
    Entry("hidden", "Face-down card", "暗牌"),
    Entry("points", "Points", "分"),
)

#: How the game's actions are written, in Chinese: ``parlour play --locale zh``
#: shows it for ``help`` (the English is the spec's ``notation``; the
#: examples to type are the same).
NOTATION_ZH = """\
四色牌的动作（一张牌：G A E R H C S = 将 士 象 车 马 炮 卒，后接颜色 r 红、
y 黄、g 绿、w 白；花牌 1f-5f）：
  take GAEr          吃当前牌组成这一组（将、士、象，全为红色）
  take Sr Sy Sw      不同颜色的卒也能成组
  discard Hw         打出一张白马
  win                用当前牌胡牌
  pass               过，不要当前牌"""

# The words of the terminal's table (parlour.sisepai.table), as templates
# filled by str.format: the English ones are the table's text exactly.
_TABLE = (
    Entry(
        "head",
        "Si Se Pai{you} - dealer {dealer} - stock {stock} - phase {phase}",
        "四色牌{you} - 庄家 {dealer} - 牌堆 {stock} 张 - 阶段 {phase}",
    ),
    Entry("you are", "you are seat {}", "你是座位 {}"),
    Entry("to act", "to act: {}", "待行动：{}"),
    Entry("you", "you", "你"),
    Entry("seat", "seat {}", "座位 {}"),
    Entry("seats", "seats {}", "{}号座位"),
    Entry("your hand", "your hand: {}", "你的手牌：{}"),
    Entry(
        "row",
        "{seat}: {count:>2} concealed  exposed {groups}",
        "{seat}：暗牌 {count:>2} 张  亮出 {groups}",
    ),
    Entry("hand", "hand {}", "手牌 {}"),
    Entry("answered", "answered {}", "已答：{}"),
    Entry("discards", "{seat} discards: {cards}", "{seat} 弃牌：{cards}"),
    Entry("card in play", "card in play: {card} from {seat}", "当前牌：{seat}的{card}"),
    Entry("won by", "won by {}", "{}胡牌"),
)

#: Every name of the game, by section.
CATALOGUE = Catalogue(
    "sisepai",
    (
        Section("cards", "Cards", _cards()),
        Section("colours", "Colours", _COLOURS),
        Section("characters", "Characters", _CHARACTERS),
        Section("groups", "Groups", _GROUPS),
        Section("actions", "Actions", _ACTIONS),
        Section("phases", "Phases", _PHASES),
        Section("tiers", "Claim tiers", _TIERS),
        Section("words", "Table words", _WORDS),
        Section("table", "The terminal's table", _TABLE),
    ),
    "Card names give the colour and the printed character; red and yellow "
    "cards print the red side's forms (帥仕相俥傌炮兵), green and white the "
    "black side's (將士象車馬包卒); flowers 公侯伯子男.",
)

_CARDS = CATALOGUE.section("cards")


def kind_name(kind: int | str, locale: Locale = "en") -> str:
    """The name of a card kind (0..32, or its text ``Rr`` / ``3f``).

    >>> kind_name(0), kind_name("Rw", "zh")
    ('Red General', '白車')
    """
    loc = check_locale(locale)
    if isinstance(kind, int) and not isinstance(kind, bool):
        if not 0 <= kind < KINDS:
            raise ValueError(f"a card kind is an int in 0..32, not {kind!r}")
        kind = kind_text(kind)
    if not isinstance(kind, str):
        raise ValueError(f"a card kind is an int or a text like 'Rr', not {kind!r}")
    return _CARDS.name_of(kind, loc, f"{kind!r} is not a Sì Sè Pái card")


def name(thing: int | str, locale: Locale = "en") -> str:
    """The name of ``thing``: a card kind (int 0..32 or its text) or any
    key of :data:`CATALOGUE` (colour, character, group type, action,
    phase, claim tier; the first section holding it wins).

    >>> name("y", "zh"), name("soldiers4"), name("take field", "zh")
    ('黄', 'Four soldiers', '吃成车马炮')
    """
    loc = check_locale(locale)
    if isinstance(thing, int) and not isinstance(thing, bool):
        return kind_name(thing, loc)
    if not isinstance(thing, str):
        raise ValueError(f"no Sì Sè Pái name for {thing!r}")
    return CATALOGUE.find(thing, loc)


def _group_type(kinds: tuple[int, ...]) -> str | None:
    # The group type by the rules of record's table (the names only; the
    # engine checks legality).
    n = len(kinds)
    if n == 1:
        return "flower" if kinds[0] >= CHESS_KINDS else "general"
    if len(set(kinds)) == 1:
        return {2: "pair", 3: "triple", 4: "quad"}.get(n)
    chars = sorted(k % 7 for k in kinds)
    if chars == [0, 1, 2]:
        return "command"
    if chars == [3, 4, 5]:
        return "field"
    if set(chars) == {6}:
        return "soldiers3" if n == 3 else "soldiers4"
    return None


def describe_action(action: object, locale: Locale = "en") -> str:
    """A person's reading of an action (an action object or its text).

    >>> describe_action("take GAEr", "zh"), describe_action("win")
    ('吃：红帥、红仕、红相（将士象）', 'Win')
    """
    loc = check_locale(locale)
    text = str(action).strip()
    verb, _, rest = text.partition(" ")
    if verb in ("pass", "win") and not rest:
        return CATALOGUE.lookup("actions", verb, loc)
    if verb not in ("take", "discard") or not rest:
        raise NotationError(f"{text!r} is not a Sì Sè Pái action")
    kinds = parse_kinds(rest)
    head = CATALOGUE.lookup("actions", verb, loc)
    cards = join((kind_name(k, loc) for k in kinds), loc)
    if verb == "discard":
        return f"{head}{cards}" if loc == "zh" else f"{head} {cards}"
    kind = _group_type(tuple(sorted(kinds)))
    group = f" ({CATALOGUE.lookup('groups', kind, loc)})" if kind else ""
    if loc == "zh":
        return f"{head}：{cards}{group.strip().replace('(', '（').replace(')', '）')}"
    return f"{head} {cards}{group}"
