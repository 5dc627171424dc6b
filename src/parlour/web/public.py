"""The spectator's table: what every seat sees alike, drawn.

A spectator's stream carries the public view (:func:`parlour.wire.public_view`:
the fields of the seats' observations that all of them share). This module
draws that view and nothing else, with the game's drawings
(``parlour.<game>.svg``): for each seat its exposed melds or groups, its
discards, the cards it has won or shown, how many tiles or cards it keeps
concealed and its points (Sichuan's from the public ledger), and the
table's shared state (the wall or stock, the card in play, the lot, the
domains on offer). A field missing from the
view (one that some seat sees differently) is simply not drawn.

>>> html_ = drawing("shrinewars", {"won": ["5F", ""], "pool": [0, 1], "cards_left": 30})
>>> html_.count("<svg"), "30" in html_
(1, True)
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from parlour._locale import Locale, check_locale

__all__ = ["WORDS", "drawing", "has_drawing"]

#: The spectator table's words in each locale.
WORDS: Mapping[Locale, Mapping[str, str]] = {
    "en": {
        "seat": "Seat",
        "concealed": "concealed",
        "melds": "Melds",
        "discards": "Discards",
        "shown": "Hand shown",
        "missing": "Missing suit",
        "won": "Won",
        "wall": "Tiles in the wall",
        "stock": "Cards in the stock",
        "in_play": "Card in play",
        "cards_left": "Cards left",
        "lot": "Lot",
        "high_bid": "High bid",
        "pool": "Pool",
        "won_cards": "Cards won",
        "round": "Round",
        "offer": "Domains on offer",
        "points": "Points",
        "held": "Domains held",
        "hand": "Hand",
        "used": "Played",
        "none": "none",
        "winner": "winner",
    },
    "zh": {
        "seat": "座位",
        "concealed": "张暗牌",
        "melds": "副露",
        "discards": "弃牌",
        "shown": "亮出的手牌",
        "missing": "缺门",
        "won": "已胡",
        "wall": "牌墙剩余",
        "stock": "牌堆剩余",
        "in_play": "场上的牌",
        "cards_left": "剩余牌数",
        "lot": "拍品",
        "high_bid": "最高出价",
        "pool": "奖池",
        "won_cards": "赢得的牌",
        "round": "回合",
        "offer": "待争夺的领地",
        "points": "分数",
        "held": "持有领地",
        "hand": "手牌",
        "used": "已出",
        "none": "无",
        "winner": "赢家",
    },
}


def _svg(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"parlour.{game}.svg")
    except ModuleNotFoundError:
        return None


def _esc(text: object) -> str:
    return html.escape(str(text))


class _Page:
    """The pieces of one spectator table, in a locale."""

    def __init__(self, locale: Locale) -> None:
        self.loc = locale
        self.words = WORDS[locale]
        self.parts: list[str] = []

    def fact(self, key: str, value: object) -> None:
        self.parts.append(
            f'<p class="fact"><span>{_esc(self.words[key])}</span> <b>{_esc(value)}</b></p>'
        )

    def row(self, key: str, drawings: Sequence[str], note: str = "") -> str:
        body = "".join(drawings) if drawings else f"<i>{_esc(self.words['none'])}</i>"
        extra = f" <span>{_esc(note)}</span>" if note else ""
        label = f'<span class="label">{_esc(self.words[key])}</span>'
        return f'<div class="row">{label}{body}{extra}</div>'

    def seat(self, s: int, facts: Sequence[str], rows: Sequence[str]) -> None:
        head = " · ".join([f"{_esc(self.words['seat'])} {s}", *map(_esc, facts)])
        self.parts.append(
            f'<section class="seat" data-seat="{s}"><h3>{head}</h3>{"".join(rows)}</section>'
        )

    def html(self, game: str) -> str:
        return (
            f'<div class="parlour-table parlour-public parlour-spectator" data-game="{_esc(game)}">'
            + "".join(self.parts)
            + "</div>"
        )


def _seats(view: Mapping[str, Any], *keys: str) -> int:
    # The number of seats, from the first per-seat list the view holds.
    for key in keys:
        value = view.get(key)
        if isinstance(value, list) and value:
            return len(value)
    n = view.get("num_players")
    return n if isinstance(n, int) else 0


def _sichuan(view: Mapping[str, Any], page: _Page, svg: ModuleType) -> None:
    loc, words = page.loc, page.words
    from parlour.sichuan.names import suit_name

    if isinstance(view.get("wall_remaining"), int):
        page.fact("wall", view["wall_remaining"])
    discards = view.get("discards")
    melds, sizes = view.get("melds"), view.get("hand_sizes")
    missing, won, shown = view.get("missing"), view.get("won"), view.get("public_hands")
    n = _seats(view, "hand_sizes", "melds", "missing", "won")
    # Each seat's points so far: the payments of the public ledger.
    points = [0] * n
    ledger = view.get("ledger")
    for p in ledger if isinstance(ledger, list) else ():
        if isinstance(p, Mapping):
            if 0 <= p.get("payer", -1) < n:
                points[p["payer"]] -= p.get("amount", 0)
            if 0 <= p.get("payee", -1) < n:
                points[p["payee"]] += p.get("amount", 0)
    for s in range(n):
        facts = []
        if isinstance(ledger, list):
            facts.append(f"{words['points']} {points[s]}")
        if isinstance(sizes, list):
            facts.append(f"{sizes[s]} {words['concealed']}")
        if isinstance(missing, list) and missing[s]:
            facts.append(f"{words['missing']} {suit_name(missing[s], loc)}")
        if isinstance(won, list) and won[s]:
            facts.append(words["won"])
        rows = []
        if isinstance(melds, list):
            groups = []
            for m in melds[s]:
                tiles = m.get("tiles") or []
                if m.get("type") == "concealed_kong" and m.get("kind") is None:
                    groups.append("".join(svg.back(locale=loc) for _ in range(4)))
                elif tiles:
                    groups.append(svg.tiles(tiles, locale=loc))
            rows.append(page.row("melds", groups))
        if isinstance(discards, list):
            mine = [d["tile"] for d in discards if d.get("seat") == s and not d.get("taken")]
            rows.append(page.row("discards", [svg.tiles(mine, locale=loc)] if mine else []))
        if isinstance(shown, list) and shown[s]:
            rows.append(page.row("shown", [svg.tiles(shown[s], locale=loc)]))
        page.seat(s, facts, rows)


def _sisepai(view: Mapping[str, Any], page: _Page, svg: ModuleType) -> None:
    loc, words = page.loc, page.words
    if isinstance(view.get("stock_left"), int):
        page.fact("stock", view["stock_left"])
    card, source = view.get("card"), view.get("source")
    exposed, discards = view.get("exposed"), view.get("discards")
    counts, shown, winner = view.get("concealed_counts"), view.get("revealed"), view.get("winner")
    if isinstance(card, int) and card >= 0 and view.get("phase") != "over":
        note = f"{words['seat']} {source}" if isinstance(source, int) else ""
        page.parts.append(page.row("in_play", [svg.cards([card], locale=loc)], note))
    for s in range(_seats(view, "concealed_counts", "exposed", "discards")):
        facts = []
        if isinstance(counts, list):
            facts.append(f"{counts[s]} {words['concealed']}")
        if winner == s:
            facts.append(words["winner"])
        rows = []
        if isinstance(exposed, list):
            rows.append(page.row("melds", [svg.cards(g, locale=loc) for g in exposed[s]]))
        if isinstance(discards, list):
            mine = discards[s]
            rows.append(page.row("discards", [svg.cards(mine, locale=loc)] if mine else []))
        if isinstance(shown, list) and shown[s]:
            rows.append(page.row("shown", [svg.cards(shown[s], locale=loc)]))
        page.seat(s, facts, rows)


def _shrinewars(view: Mapping[str, Any], page: _Page, svg: ModuleType) -> None:
    loc = page.loc
    from parlour.wire.display import action_display

    if isinstance(view.get("cards_left"), int):
        page.fact("cards_left", view["cards_left"])
    lot = view.get("lot")
    if isinstance(lot, str) and lot.strip():
        page.parts.append(page.row("lot", [svg.cards(lot.split(), locale=loc)]))
    high = view.get("high_bid")
    if isinstance(high, str) and high:
        bidder = view.get("high_bidder")
        who = f" ({page.words['seat']} {bidder})" if isinstance(bidder, int) else ""
        page.fact("high_bid", action_display("shrinewars", high, loc) + who)
    won, pool = view.get("won"), view.get("pool")
    for s in range(_seats(view, "won", "pool")):
        facts = []
        if isinstance(pool, list):
            facts.append(f"{page.words['pool']} {pool[s]}")
        rows = []
        if isinstance(won, list):
            cards = won[s].split() if isinstance(won[s], str) else []
            rows.append(page.row("won_cards", [svg.cards(cards, locale=loc)] if cards else []))
        page.seat(s, facts, rows)


def _ninedomains(view: Mapping[str, Any], page: _Page, svg: ModuleType) -> None:
    loc = page.loc
    from parlour.ninedomains import Rules

    rules = None
    if isinstance(view.get("rules"), Mapping):
        try:
            rules = Rules.from_dict(dict(view["rules"]))
        except (ValueError, TypeError, AttributeError):
            rules = None
    if isinstance(view.get("round"), int):
        page.fact("round", view["round"] + 1)
    offer = view.get("revealed")
    if isinstance(offer, list):
        domains = [svg.domain(v, rules=rules, locale=loc) for v in offer]
        page.parts.append(page.row("offer", domains))
    points, held = view.get("points"), view.get("held")
    hands, used = view.get("hands"), view.get("used")

    def texts(cards: Sequence[Any]) -> list[str]:
        return [c["text"] if isinstance(c, Mapping) else str(c) for c in cards]

    for s in range(_seats(view, "points", "held", "hands")):
        facts = []
        if isinstance(points, list):
            facts.append(f"{page.words['points']} {points[s]}")
        rows = []
        if isinstance(held, list):
            rows.append(page.row("held", [svg.domain(v, rules=rules, locale=loc) for v in held[s]]))
        if isinstance(hands, list) and hands[s]:
            rows.append(page.row("hand", [svg.cards(texts(hands[s]), locale=loc)]))
        if isinstance(used, list) and used[s]:
            rows.append(page.row("used", [svg.cards(texts(used[s]), locale=loc)]))
        page.seat(s, facts, rows)


_DRAWERS: dict[str, Callable[[Mapping[str, Any], _Page, ModuleType], None]] = {
    "sichuan": _sichuan,
    "sisepai": _sisepai,
    "shrinewars": _shrinewars,
    "ninedomains": _ninedomains,
}


def has_drawing(game: str) -> bool:
    """Whether :func:`drawing` draws ``game`` (else the view is listed)."""
    return game in _DRAWERS and _svg(game) is not None


def drawing(game: str, view: Mapping[str, Any], locale: Locale = "en") -> str:
    """The spectator's table of ``game``: the public ``view`` drawn as HTML
    with the game's SVG tiles and cards, in ``locale``. ``ValueError`` for a
    game it has no drawing of (see :func:`has_drawing`)."""
    loc = check_locale(locale)
    svg = _svg(game)
    if game not in _DRAWERS or svg is None:
        raise ValueError(f"no spectator drawing of {game!r}")
    page = _Page(loc)
    _DRAWERS[game](view, page, svg)
    return page.html(game)
