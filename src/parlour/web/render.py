"""What the web table draws and says: a seat's table as HTML with SVG, the
names of actions in a locale, the page itself.

Everything here is drawn from what one viewer may know: a seat's
:class:`~parlour.protocol.Observation`, or the public view a spectator's
stream builds (:func:`parlour.wire.public_view`). A game whose package has
drawings (``parlour.<game>.svg``) or names (``parlour.<game>.names``) gets
them; a game without falls back to the terminal's text table and the
action's own notation (:func:`drawing`, :func:`describe` are the only two
places that look).
"""

from __future__ import annotations

import html
import importlib
import json
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from parlour._locale import Locale, check_locale
from parlour.protocol import Observation
from parlour.registry import spec
from parlour.web import public
from parlour.web.public import has_drawing

__all__ = ["UI", "describe", "drawing", "page", "public_drawing"]

#: The page's own words in each locale (the games' names come from their
#: catalogues).
UI: Mapping[Locale, Mapping[str, str]] = {
    "en": {
        "seat": "Seat",
        "you": "you",
        "bank": "the table",
        "your_turn": "Your turn",
        "waiting": "The others are playing…",
        "over": "Game over",
        "undo": "Undo",
        "new": "New game",
        "watch": "Spectator link",
        "spectating": "Spectating",
        "log": "Events",
        "actions": "Your actions",
        "result": "Result",
        "score": "Score",
        "winner": "Winner",
        "payments": "Payments",
        "payer": "Payer",
        "payee": "Payee",
        "amount": "Amount",
        "reason": "Reason",
        "secret": "a hidden choice",
        "no_acting": "a spectator cannot act",
        "not_your_turn": "it is not your turn",
        "no_undo": "undo is not allowed: something was revealed since your last action",
        "connecting": "Connecting…",
        "lost": "Connection lost: reload the page to reconnect",
        "games": "Games",
        "lang": "中文",
    },
    "zh": {
        "seat": "座位",
        "you": "你",
        "bank": "桌面",
        "your_turn": "轮到你了",
        "waiting": "其他玩家行动中…",
        "over": "牌局结束",
        "undo": "悔一步",
        "new": "新牌局",
        "watch": "旁观链接",
        "spectating": "旁观中",
        "log": "事件",
        "actions": "你的选择",
        "result": "结果",
        "score": "得分",
        "winner": "赢家",
        "payments": "支付",
        "payer": "付方",
        "payee": "收方",
        "amount": "数额",
        "reason": "原因",
        "secret": "暗中的选择",
        "no_acting": "旁观者不能行动",
        "not_your_turn": "还没轮到你",
        "no_undo": "不能悔一步：你上一步之后已有信息公开",  # noqa: RUF001 (Chinese punctuation)
        "connecting": "连接中…",
        "lost": "连接已断开：刷新页面即可重连",  # noqa: RUF001 (Chinese punctuation)
        "games": "游戏",
        "lang": "English",
    },
}


def _module(game: str, part: str) -> ModuleType | None:
    # The drawings and names are optional per game: a game package that
    # has none yet is drawn by the fallbacks below.
    try:
        return importlib.import_module(f"parlour.{game}.{part}")
    except ModuleNotFoundError:
        return None


def drawing(game: str, obs: Observation, locale: Locale = "en") -> str:
    """One seat's table as HTML: the game's SVG drawing of ``obs``
    (``parlour.<game>.svg.observation_html``) or, for a game without
    drawings, the terminal's text table of ``obs`` in a ``<pre>``.

    >>> import parlour
    >>> html_ = drawing("shrinewars", parlour.make("shrinewars", seed=1).observation(0))
    >>> html_.startswith('<div class="parlour-table')
    True
    """
    loc = check_locale(locale)
    svg = _module(game, "svg")
    draw = getattr(svg, "observation_html", None)
    if draw is not None:
        return str(draw(obs, locale=loc))
    text = spec(game).terminal.render(obs, loc)
    return f'<div class="parlour-table parlour-text"><pre>{html.escape(text)}</pre></div>'


def public_drawing(view: Mapping[str, Any], game: str | None = None, locale: Locale = "en") -> str:
    """A spectator's table: the public view (what every seat sees alike)
    drawn with the game's tiles and cards (:func:`parlour.web.public.drawing`)
    when ``game`` is named and has drawings, else its fields as a
    definition list.

    >>> public_drawing({"wall": 50})
    '<div class="parlour-table parlour-public"><dl><dt>wall</dt><dd>50</dd></dl></div>'
    >>> "<svg" in public_drawing({"won": ["5F", ""]}, "shrinewars", "zh")
    True
    """
    loc = check_locale(locale)
    if game is not None and has_drawing(game):
        return public.drawing(game, view, loc)
    rows = "".join(
        f"<dt>{html.escape(str(k))}</dt>"
        f"<dd>{html.escape(json.dumps(v, ensure_ascii=False, separators=(',', ':')))}</dd>"
        for k, v in view.items()
    )
    return f'<div class="parlour-table parlour-public"><dl>{rows}</dl></div>'


def describe(game: str, text: str, locale: Locale = "en") -> str:
    """A person's reading of an action's text in ``locale``: the game's
    ``names.describe_action`` where it has one, else the text itself.

    >>> describe("sichuan", "declare p"), describe("sichuan", "win", "zh")
    ('Declare missing suit: Dots', '胡')
    >>> describe("sichuan", "no such action")
    'no such action'
    """
    loc = check_locale(locale)
    names = _module(game, "names")
    say = getattr(names, "describe_action", None)
    if say is None:
        return text
    try:
        return str(say(text, loc))
    except ValueError:
        return text


def page(
    *,
    game: str,
    title: str,
    mode: str,
    socket: str,
    locale: Locale,
    links: Mapping[str, str],
    speed: int,
) -> str:
    """The HTML page of a table: the skeleton the page's script
    (``static/table.js``) fills from the socket at ``socket``; ``mode`` is
    ``"play"`` or ``"watch"``, ``links`` the header's links (key: the
    :data:`UI` word), ``speed`` the milliseconds each event is shown."""
    loc = check_locale(locale)
    words = UI[loc]
    nav = " · ".join(
        f'<a id="link-{html.escape(k)}" href="{html.escape(href)}">{html.escape(words[k])}</a>'
        for k, href in links.items()
    )
    config = json.dumps(
        {"game": game, "mode": mode, "socket": socket, "speed": speed, "ui": words},
        ensure_ascii=False,
    ).replace("</", "<\\/")  # no "</script>" can end the block early
    heading = title if mode == "play" else f"{title} — {words['spectating']}"
    return f"""<!doctype html>
<html lang="{loc}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(heading)} · parlour</title>
<link rel="stylesheet" href="/static/table.css">
</head>
<body data-state="connecting" data-mode="{html.escape(mode)}" data-speed="{int(speed)}">
<header><h1>{html.escape(heading)}</h1><nav>{nav}</nav></header>
<p id="status">{html.escape(words["connecting"])}</p>
<main>
<section id="drawing" aria-label="table"></section>
<section id="side">
<h2>{html.escape(words["actions"])}</h2>
<div id="actions"></div>
<button id="undo" type="button" hidden>{html.escape(words["undo"])}</button>
<div id="result" hidden></div>
<h2>{html.escape(words["log"])}</h2>
<ol id="log"></ol>
</section>
</main>
<script type="application/json" id="config">{config}</script>
<script type="module" src="/static/table.js"></script>
</body>
</html>
"""


def index_page(games: Mapping[str, str], locale: Locale) -> str:
    """The front page: a link to a new table of each game."""
    loc = check_locale(locale)
    items = "".join(
        f'<li><a href="/play/{html.escape(name)}?lang={loc}">{html.escape(title)}</a></li>'
        for name, title in games.items()
    )
    other = "zh" if loc == "en" else "en"
    return f"""<!doctype html>
<html lang="{loc}">
<head><meta charset="utf-8"><title>parlour</title>
<link rel="stylesheet" href="/static/table.css"></head>
<body><header><h1>parlour</h1><nav><a href="/?lang={other}">{UI[loc]["lang"]}</a></nav></header>
<main><h2>{UI[loc]["games"]}</h2><ul id="games">{items}</ul></main></body>
</html>
"""
