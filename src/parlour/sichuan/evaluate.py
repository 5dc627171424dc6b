"""Sichuan hand evaluation: the stable API, on the live backend.

Every function takes a :class:`~parlour.sichuan.Hand` or hand text, turns it
into the plain data the backend takes (packed suit keys, meld counts, suit
and form codes) and its plain answer into names and :class:`Score` values.

>>> from parlour.sichuan import is_complete, waits, shanten, score
>>> is_complete("123m456m789m111p22p")
True
>>> waits("123m456m789m111p2p")
('2p', '3p')
>>> shanten("123m456m789m111p2p")
0
>>> score("11122233344455m").patterns
('all_pungs', 'full_flush')
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from parlour import _backend
from parlour._codes import sichuan as _codes
from parlour.protocol import checked_rules
from parlour.sichuan.hand import (
    Form,
    Hand,
    HandLike,
    Score,
    _kind_arg,
    as_hand,
    form_index,
    make_score,
    meld_bytes,
)
from parlour.sichuan.rules import DEFAULT_RULES, Rules
from parlour.sichuan.tiles import mask_kinds, suit_index

__all__ = ["best_win", "is_complete", "score", "shanten", "waits"]

# The live backend's functions, rebound by parlour._backend.use().
_complete_keys: Any = None
_waits_keys: Any = None
_shanten_keys: Any = None
_score_keys: Any = None
_best_win_keys: Any = None

_SELF_DRAW = _codes.SC_FLAG_SELF_DRAW
_KONG_REPLACEMENT = _codes.SC_FLAG_KONG_REPLACEMENT
_ROBBED_KONG = _codes.SC_FLAG_ROBBED_KONG
_LAST_TILE = _codes.SC_FLAG_LAST_TILE
_SELF_DRAW_DOUBLES = _codes.SC_RULE_SELF_DRAW_DOUBLES
_ANY = _codes.SC_FORM_ANY
_ANY_NAME = _codes.SC_FORM_NAMES[_ANY]


def _rebind(impl: ModuleType) -> None:
    global _complete_keys, _waits_keys, _shanten_keys, _score_keys, _best_win_keys
    _complete_keys = impl.sichuan_is_complete_keys
    _waits_keys = impl.sichuan_waits_keys
    _shanten_keys = impl.sichuan_shanten_keys
    _score_keys = impl.sichuan_score_keys
    _best_win_keys = impl.sichuan_best_win_keys


_backend.bind(_rebind)


def is_complete(hand: HandLike, *, missing_suit: Any = None) -> bool:
    """True if the 14-tile hand is complete (standard form or seven pairs).

    A hand that holds tiles of ``missing_suit``, melds included, is not.
    """
    h = hand if hand.__class__ is Hand else as_hand(hand)
    miss = -1
    if missing_suit is not None:
        miss = suit_index(missing_suit)
        if h._meld_suits >> miss & 1:
            return False
    return _complete_keys(h._packed, h._nmelds, miss)  # type: ignore[no-any-return]


def _waits_size(h: Hand) -> None:
    if h._size != 13:
        raise ValueError(f"waits needs a 13-tile hand (kongs count 3), not {h._size} tiles")


def waits(hand: HandLike, *, missing_suit: Any = None) -> tuple[str, ...]:
    """Kinds that complete a 13-tile hand, in kind order (kinds the hand
    holds all four of excluded)."""
    h = hand if hand.__class__ is Hand else as_hand(hand)
    _waits_size(h)
    miss = -1
    if missing_suit is not None:
        miss = suit_index(missing_suit)
        if h._meld_suits >> miss & 1:
            return ()
    return mask_kinds(_waits_keys(h._packed, h._nmelds, h._meld_counts, miss))


def shanten(hand: HandLike, *, missing_suit: Any = None, form: Form = "any") -> int:
    """Exact shanten of a 13- or 14-tile hand; -1 when complete.

    ``99`` for the seven-pairs form of a hand with melds (impossible).
    """
    h = hand if hand.__class__ is Hand else as_hand(hand)
    # Only a str is compared: == on an array would not give a bool.
    f = _ANY if form.__class__ is str and form == _ANY_NAME else form_index(form)
    miss = -1 if missing_suit is None else suit_index(missing_suit)
    if h._size != 13 and h._size != 14:
        raise ValueError(f"shanten needs 13 or 14 tiles (kongs count 3), not {h._size}")
    return _shanten_keys(h._packed, h._nmelds, h._meld_counts, miss, f)  # type: ignore[no-any-return]


def _rules(rules: Rules | None) -> Rules:
    return checked_rules(rules, DEFAULT_RULES, "sichuan")


def check_win_tile(h: Hand, win_tile: Any) -> None:
    """Raise ValueError unless ``win_tile`` (kind, text or None) is a concealed tile."""
    if win_tile is None:
        return
    if h.counts[_kind_arg(win_tile)] == 0:
        raise ValueError(f"the winning tile {win_tile!r} is not among the concealed tiles")


# Score values are immutable, so equal results share one object.
_SCORES: dict[tuple[int, int, int, int, int], Score] = {}


def score(
    hand: HandLike,
    *,
    self_draw: bool = False,
    kong_replacement: bool = False,
    robbed_kong: bool = False,
    last_tile: bool = False,
    win_tile: Any = None,
    rules: Rules | None = None,
) -> Score:
    """Fan and points of a complete hand (``ValueError`` if it is not complete)."""
    h = hand if hand.__class__ is Hand else as_hand(hand)
    r = DEFAULT_RULES if rules is None else _rules(rules)
    if win_tile is not None:
        check_win_tile(h, win_tile)
    flags = _SELF_DRAW_DOUBLES if r.self_draw_doubles else 0
    if self_draw:
        flags |= _SELF_DRAW
    if kong_replacement:
        flags |= _KONG_REPLACEMENT
    if robbed_kong:
        flags |= _ROBBED_KONG
    if last_tile:
        flags |= _LAST_TILE
    melds = meld_bytes(h) if h._nmelds else b""
    nums = _score_keys(h._packed, melds, flags, r.cap_code())
    if nums is None:
        raise ValueError(f"the hand {h} is not complete")
    found = _SCORES.get(nums)
    if found is None:
        found = _SCORES[nums] = make_score(*nums)
    return found


def best_win(hand: HandLike, *, missing_suit: Any = None, rules: Rules | None = None) -> int:
    """Highest points over the waits of a 13-tile hand, no event additions; 0 if not ready."""
    h = as_hand(hand)
    r = _rules(rules)
    _waits_size(h)
    miss = suit_index(missing_suit)
    return _best_win_keys(h._packed, meld_bytes(h), miss, r.cap_code())  # type: ignore[no-any-return]
