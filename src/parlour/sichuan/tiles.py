"""Sichuan tiles: kinds 0..26, physical ids 0..107, MPSZ text.

``kind = suit * 9 + (rank - 1)`` with suits ``m`` (characters), ``p`` (dots)
and ``s`` (bamboo); ``tile = kind * 4 + copy``.

>>> kind_from_text("5p")
13
>>> kind_text(13)
'5p'
>>> tile_kind(53)
13
"""

from __future__ import annotations

from parlour._codes import sichuan as _codes
from parlour.errors import NotationError

__all__ = [
    "KINDS",
    "KIND_NAMES",
    "SUITS",
    "TILES",
    "Suit",
    "kind_from_text",
    "kind_text",
    "mask_kinds",
    "suit_index",
    "tile_kind",
    "tile_text",
]

#: Suit letters in suit order (the rows of csrc/sichuan_codes.def).
SUITS = "".join(_codes.SC_SUIT_NAMES)
#: Number of tile kinds (0..26: 1m..9m, 1p..9p, 1s..9s).
KINDS = 27
#: Number of physical tiles (ids 0..107, four copies of each kind).
TILES = 108

#: The text of each kind, by kind.
KIND_NAMES: tuple[str, ...] = tuple(f"{r + 1}{s}" for s in SUITS for r in range(9))

Suit = _codes.SC_SUIT_LITERAL

# Kind texts by wait mask: a game meets few distinct masks, so they are kept
# (up to a bound, against a caller trying every mask).
_MASK_KINDS: dict[int, tuple[str, ...]] = {0: ()}


def kind_text(kind: int) -> str:
    """The MPSZ text of one kind, e.g. ``'5p'``."""
    if not isinstance(kind, int) or not 0 <= kind < KINDS:
        raise ValueError(f"a kind is an int in 0..26, not {kind!r}")
    return KIND_NAMES[kind]


def mask_kinds(mask: int) -> tuple[str, ...]:
    """The texts of the kinds in a 27-bit mask (bit ``k`` for kind ``k``), in kind order."""
    names = _MASK_KINDS.get(mask)
    if names is None:
        names = tuple(KIND_NAMES[k] for k in range(KINDS) if mask >> k & 1)
        if len(_MASK_KINDS) < 1 << 16:
            _MASK_KINDS[mask] = names
    return names


def kind_from_text(text: str) -> int:
    """The kind of a one-tile text such as ``'5p'``."""
    text = text.strip()
    if len(text) != 2 or text[0] not in "123456789" or text[1] not in SUITS:
        raise NotationError(f"{text!r} is not a tile: write a rank 1-9 and a suit m, p or s")
    return SUITS.index(text[1]) * 9 + int(text[0]) - 1


def tile_kind(tile: int) -> int:
    """The kind of a physical tile id (0..107)."""
    if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < TILES:
        raise ValueError(f"a physical tile is an int in 0..107, not {tile!r}")
    return tile // 4


def tile_text(tile: int) -> str:
    """The MPSZ text of a physical tile's kind."""
    return kind_text(tile_kind(tile))


def suit_index(suit: str | int | None) -> int:
    """0, 1 or 2 for ``'m'``, ``'p'``, ``'s'`` (or the index itself); -1 for None."""
    if suit is None:
        return -1
    if isinstance(suit, str) and len(suit) == 1 and suit in SUITS:
        return SUITS.index(suit)
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit <= 2:
        return suit
    raise ValueError(f"a suit is 'm', 'p' or 's', not {suit!r}")
