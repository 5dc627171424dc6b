# ruff: noqa: RUF002 (Chinese text: its full-width punctuation is meant)
"""Display fields: what a ``parlour-wire/1`` message says, read in a
person's language.

A client that names a locale (``Table.messages(viewer, locale="zh")``,
``ProcessBot(..., locale="zh")``) gets its messages with ``display``
fields added, built from the game's names catalogue
(``parlour.<game>.names``):

* ``hello``: ``locale`` and ``display``, the game's name;
* ``event``: ``display``, the reading of its ``action`` (or of its
  ``secret`` when the action is hidden), and a ``display`` in each
  ``revealed`` entry;
* ``request``: a ``display`` in each ``legal`` entry;
* ``end``: ``display``, the reading of each ledger reason
  (``{"discard_win": "点炮", …}``).

Each display field is computed from the message alone (its texts, the
game's name and the locale), never from the game: it tells the viewer
nothing the message did not. A text the catalogue cannot read is shown
as it is.

>>> localise("sichuan", {"type": "event", "action": "pung 7s"}, "zh")
{'type': 'event', 'action': 'pung 7s', 'display': '碰七条'}
>>> action_display("sichuan", "discard 5m#2")
'Discard 5 Characters'
>>> reason_display("shrinewars", "bid for 3F 9E", "zh")
'拍得：火3、土9'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from parlour._locale import Catalogue, Locale, check_locale, colon, join

__all__ = [
    "action_display",
    "localise",
    "reason_display",
    "secret_display",
    "title_display",
]


def _names(game: str) -> ModuleType | None:
    # A game's names are optional: a game package without a catalogue has
    # its texts shown as they are.
    try:
        return importlib.import_module(f"parlour.{game}.names")
    except ModuleNotFoundError:
        return None


def _catalogue(game: str) -> Catalogue | None:
    found = getattr(_names(game), "CATALOGUE", None)
    return found if isinstance(found, Catalogue) else None


def _entry(game: str, section: str, key: str, locale: Locale) -> str | None:
    cat = _catalogue(game)
    if cat is None:
        return None
    try:
        entry = cat.section(section).get(key)
    except KeyError:
        return None
    return None if entry is None else entry.text(locale)


def action_display(game: str, text: str, locale: Locale = "en") -> str:
    """A person's reading of an action's text (the game's
    ``names.describe_action``), or the text itself where there is none.

    >>> action_display("ninedomains", "decline", "zh"), action_display("sichuan", "no such")
    ('放弃', 'no such')
    """
    loc = check_locale(locale)
    describe = getattr(_names(game), "describe_action", None)
    if describe is None:
        return text
    try:
        return str(describe(text, loc))
    except ValueError:
        return text


def secret_display(game: str, text: str, locale: Locale = "en") -> str:
    """What a hidden move is called (the ``secret`` of an event, keyed in
    the catalogue's ``secrets`` section), or the text itself.

    >>> secret_display("sichuan", "declares a concealed kong", "zh")
    '暗杠'
    """
    loc = check_locale(locale)
    return _entry(game, "secrets", text, loc) or text


def reason_display(game: str, reason: str, locale: Locale = "en") -> str:
    """A ledger reason read in ``locale``: a key of the catalogue's
    ``payments`` section, or such a key followed by things the game names
    (``bid for 3F 9E``: the cards of the lot); else the reason itself.

    >>> reason_display("sichuan", "flower_pig", "zh"), reason_display("sichuan", "odd")
    ('花猪', 'odd')
    """
    loc = check_locale(locale)
    cat = _catalogue(game)
    if cat is None:
        return reason
    try:
        payments = cat.section("payments")
    except KeyError:
        return reason
    whole = payments.get(reason)
    if whole is not None:
        return whole.text(loc)
    name = getattr(_names(game), "name", None)
    for key in sorted(payments.keys(), key=len, reverse=True):
        rest = reason[len(key) :].split()
        if not reason.startswith(key + " ") or not rest or name is None:
            continue
        try:
            things = [str(name(word, loc)) for word in rest]
        except ValueError:
            return reason
        head = payments.get(key)
        assert head is not None
        return head.text(loc) + colon(loc) + join(things, loc)
    return reason


def title_display(game: str, title: str, locale: Locale = "en") -> str:
    """The game's name in ``locale`` (its catalogue's ``game`` word), or
    ``title``.

    >>> title_display("sisepai", "Si Se Pai", "zh")
    '四色牌'
    """
    loc = check_locale(locale)
    return _entry(game, "words", "game", loc) or title


def localise(game: str, msg: Mapping[str, Any], locale: Locale) -> dict[str, Any]:
    """``msg`` (a message of ``game``'s stream) with its display fields in
    ``locale`` (see the module's text); other messages come back as they
    are. ``msg`` itself is not changed."""
    loc = check_locale(locale)
    out = dict(msg)
    kind = out.get("type")
    if kind == "hello":
        out["locale"] = loc
        out["display"] = title_display(game, str(out.get("title", game)), loc)
    elif kind == "event":
        if isinstance(out.get("action"), str):
            out["display"] = action_display(game, out["action"], loc)
        elif isinstance(out.get("secret"), str):
            out["display"] = secret_display(game, out["secret"], loc)
        if "revealed" in out:
            out["revealed"] = [
                {**r, "display": action_display(game, r["action"], loc)} for r in out["revealed"]
            ]
    elif kind == "request":
        out["legal"] = [
            {**e, "display": action_display(game, e["text"], loc)} for e in out["legal"]
        ]
    elif kind == "end":
        reasons = {str(p[3]) for p in out["result"].get("ledger", ())}
        out["display"] = {r: reason_display(game, r, loc) for r in sorted(reasons)}
    return out
