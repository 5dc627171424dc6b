"""Sichuan hands: concealed tile counts plus declared melds, in MPSZ text.

>>> h = Hand.parse("123m456p789s11m [555p]")
>>> str(h)
'11123m456p789s [555p]'
>>> h
Hand.parse('11123m456p789s [555p]')
>>> Hand.parse("12m (9999m)").melds
(Meld(kind=8, type='concealed_kong'),)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour._codes import sichuan as _codes
from parlour.errors import NotationError
from parlour.sichuan import svg as _draw
from parlour.sichuan.tiles import KINDS, SUITS, kind_from_text, kind_text

__all__ = [
    "PATTERNS",
    "PATTERN_FAN",
    "Form",
    "Hand",
    "HandLike",
    "Meld",
    "MeldType",
    "Score",
    "as_hand",
    "form_index",
    "make_score",
    "meld_bytes",
    "packed_keys",
    "valid_hand",
]

MeldType = _codes.SC_MELD_LITERAL
Form = _codes.SC_FORM_LITERAL

# The codes and the fan table are the rows of csrc/sichuan_codes.def.
_MELD_CODES: dict[str, int] = {text: code for _id, code, text, _size in _codes.SC_MELD}
#: Tiles in a meld of each type.
MELD_SIZES: dict[str, int] = {text: size for _id, _code, text, size in _codes.SC_MELD}
#: The meld types' names.
PUNG, KONG, CONCEALED_KONG = (
    _codes.SC_MELD_NAMES[code]
    for code in (_codes.SC_MELD_PUNG, _codes.SC_MELD_KONG, _codes.SC_MELD_CONCEALED_KONG)
)
_FORMS: dict[str, int] = {text: code for _id, code, text in _codes.SC_FORM}

#: Pattern and addition names in the order of the rules' tables.
PATTERNS: tuple[str, ...] = _codes.SC_FAN_NAMES
#: Fan of each pattern and addition name (``root`` per root).
PATTERN_FAN: dict[str, int] = {text: fan for _id, _code, text, fan in _codes.SC_FAN}
# After the pattern, a score names each addition in table order: (name, the
# C core's additions bit), the bit 0 for root, which is named once per root.
_FLAG_BITS = {ident: bit for ident, bit, _text in _codes.SC_FLAG}
_ADDITIONS = tuple(
    (text, _FLAG_BITS.get(ident, 0))
    for ident, code, text, _fan in _codes.SC_FAN
    if ident in _FLAG_BITS or code == _codes.SC_FAN_ROOT
)


@dataclass(frozen=True)
class Meld:
    """A declared set: an exposed ``pung``, an exposed or added ``kong``, or a
    ``concealed_kong``.

    >>> Meld.parse("[7777s]")
    Meld(kind=24, type='kong')
    >>> str(Meld(8, "concealed_kong"))
    '(9999m)'
    """

    kind: int
    type: MeldType

    def __post_init__(self) -> None:
        if not isinstance(self.kind, int) or not 0 <= self.kind < KINDS:
            raise NotationError(f"a meld's kind is an int in 0..26, not {self.kind!r}")
        if self.type not in _MELD_CODES:
            raise NotationError(f"a meld is a pung, kong or concealed_kong, not {self.type!r}")

    @property
    def size(self) -> int:
        """Tiles in the meld (3 or 4)."""
        return MELD_SIZES[self.type]

    @property
    def is_kong(self) -> bool:
        return self.type != PUNG

    def __str__(self) -> str:
        body = kind_text(self.kind)[0] * self.size + SUITS[self.kind // 9]
        return f"({body})" if self.type == CONCEALED_KONG else f"[{body}]"

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse ``[555p]``, ``[7777s]`` or ``(9999m)``."""
        m = re.fullmatch(r"\s*([\[(])([0-9]+)([a-z])([\])])\s*", text)
        if not m:
            raise NotationError(f"{text!r} is not a meld: write [555p], [7777s] or (9999m)")
        opener, digits, suit, closer = m.groups()
        if (opener, closer) not in (("[", "]"), ("(", ")")):
            raise NotationError(f"meld {text!r} has mismatched brackets")
        if suit not in SUITS:
            raise NotationError(f"meld {text!r}: unknown suit {suit!r} (use m, p or s)")
        if "0" in digits:
            raise NotationError(f"meld {text!r}: rank 0 does not exist (ranks are 1-9)")
        if len(set(digits)) != 1 or len(digits) not in (3, 4):
            raise NotationError(f"meld {text!r} is not a pung or kong of one kind")
        if opener == "(" and len(digits) != 4:
            raise NotationError(f"meld {text!r}: only a kong can be concealed, as (9999m)")
        kind = SUITS.index(suit) * 9 + int(digits[0]) - 1
        mtype = PUNG if len(digits) == 3 else (KONG if opener == "[" else CONCEALED_KONG)
        return cls(kind, mtype)


@dataclass(frozen=True)
class Score:
    """The fan and points of a complete hand.

    ``fan`` is uncapped; ``points`` is ``2 ** min(fan, cap)``; ``patterns``
    names the pattern, then each addition (``root`` once per root).
    """

    fan: int
    points: int
    patterns: tuple[str, ...]


_GROUP = re.compile(r"([0-9]+)([a-zA-Z])")


class Hand:
    """An immutable Sichuan hand: 27 concealed counts and a tuple of melds.

    Build it from text with :meth:`parse`, or from counts and melds. Every
    kind appears at most four times, melds included; the hand holds at most
    14 tiles counting each kong as three.
    """

    __slots__ = ("_counts", "_meld_counts", "_meld_suits", "_melds", "_nmelds", "_packed", "_size")

    _counts: tuple[int, ...]
    _melds: tuple[Meld, ...]
    _packed: int
    _nmelds: int
    _meld_counts: bytes | None
    _meld_suits: int
    _size: int

    def __init__(self, counts: Sequence[int], melds: Iterable[Meld] = ()) -> None:
        cs = tuple(counts)
        if len(cs) != KINDS:
            raise NotationError(f"a hand has 27 counts, not {len(cs)}")
        ms = tuple(melds)
        for m in ms:
            if not isinstance(m, Meld):
                raise NotationError(f"not a meld: {m!r}")
        if len(ms) > 4:
            raise NotationError(f"a hand has at most 4 melds, not {len(ms)}")
        total = list(cs)
        for c in cs:
            if not isinstance(c, int) or isinstance(c, bool) or c < 0:
                raise NotationError(f"tile counts are non-negative ints, not {c!r}")
        for m in ms:
            total[m.kind] += m.size
        for k, c in enumerate(total):
            if c > 4:
                raise NotationError(f"{c} copies of {kind_text(k)}: there are only four")
        size = sum(cs) + 3 * len(ms)
        if size > 14:
            raise NotationError(f"a hand holds at most 14 tiles (kongs count 3), not {size}")
        _fill(self, cs, ms, size)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[type[Hand], tuple[tuple[int, ...], tuple[Meld, ...]]]:
        return (Hand, (self._counts, self._melds))

    # -- construction ---------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse MPSZ text with optional melds ``[555p]``, ``[7777s]``, ``(9999m)``.

        Raises :class:`~parlour.errors.NotationError` naming the bad part.
        """
        if not isinstance(text, str):
            raise NotationError(f"hand text must be a str, not {type(text).__name__}")
        counts = [0] * KINDS
        melds: list[Meld] = []
        pos = 0
        token = re.compile(r"\s+|[\[(][^\])]*[\])]?|[0-9]+[a-zA-Z]?|[^\s]")
        for m in token.finditer(text):
            part = m.group(0)
            if m.start() != pos:
                raise NotationError(f"cannot read {text[pos : m.start()]!r} in {text!r}")
            pos = m.end()
            if part.isspace():
                continue
            if part[0] in "[(":
                if part[-1] not in "])":
                    raise NotationError(
                        f"unclosed meld {part!r} at position {m.start()} in {text!r}"
                    )
                melds.append(Meld.parse(part))
                continue
            g = _GROUP.fullmatch(part)
            if part.isdigit():
                raise NotationError(
                    f"digits {part!r} at position {m.start()} in {text!r} "
                    "need a suit letter m, p or s"
                )
            if g is None:
                raise NotationError(
                    f"unexpected {part!r} at position {m.start()} in {text!r}: "
                    "write digits then a suit (123m456p)"
                )
            digits, suit = g.groups()
            if suit not in SUITS:
                raise NotationError(
                    f"unknown suit letter {suit!r} in {part!r} at position {m.start()} "
                    f"in {text!r} (use m, p or s)"
                )
            if "0" in digits:
                raise NotationError(
                    f"rank 0 in {part!r} at position {m.start()} in {text!r}: ranks are 1-9"
                )
            base = SUITS.index(suit) * 9
            for d in digits:
                counts[base + int(d) - 1] += 1
        if pos != len(text):
            raise NotationError(f"cannot read {text[pos:]!r} in {text!r}")
        return cls(counts, melds)

    @classmethod
    def from_kinds(cls, kinds: Iterable[int], melds: Iterable[Meld] = ()) -> Hand:
        """A hand from concealed tile kinds (0..26) and melds."""
        counts = [0] * KINDS
        for k in kinds:
            if not isinstance(k, int) or not 0 <= k < KINDS:
                raise NotationError(f"a kind is an int in 0..26, not {k!r}")
            counts[k] += 1
        return cls(counts, melds)

    # -- views ----------------------------------------------------------
    @property
    def counts(self) -> tuple[int, ...]:
        """The 27 concealed counts."""
        return self._counts

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The declared melds in the order given."""
        return self._melds

    @property
    def concealed_kinds(self) -> tuple[int, ...]:
        """The concealed tiles' kinds, sorted."""
        return tuple(k for k in range(KINDS) for _ in range(self._counts[k]))

    @property
    def size(self) -> int:
        """Tiles in the hand, each kong counting three (14 for a whole hand)."""
        return self._size

    def total_count(self, kind: int) -> int:
        """Copies of ``kind`` in the hand, melds included."""
        extra = self._meld_counts[kind] if self._meld_counts else 0
        return self._counts[kind] + extra

    def suits(self) -> frozenset[str]:
        """Suit letters present, melds included."""
        present = {SUITS[k // 9] for k in range(KINDS) if self._counts[k]}
        present.update(SUITS[m.kind // 9] for m in self._melds)
        return frozenset(present)

    def add(self, kind: int | str) -> Hand:
        """A new hand with one more concealed tile of ``kind``."""
        k = _kind_arg(kind)
        counts = list(self._counts)
        counts[k] += 1
        return Hand(counts, self._melds)

    def remove(self, kind: int | str) -> Hand:
        """A new hand with one concealed tile of ``kind`` less."""
        k = _kind_arg(kind)
        if self._counts[k] == 0:
            raise ValueError(f"the hand holds no concealed {kind_text(k)}")
        counts = list(self._counts)
        counts[k] -= 1
        return Hand(counts, self._melds)

    def __str__(self) -> str:
        concealed = counts_text(self._counts)
        return " ".join(
            [concealed, *map(str, self._melds)] if concealed else [str(m) for m in self._melds]
        )

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The hand drawn as SVG (:func:`parlour.sichuan.svg.hand`), for notebooks."""
        return _draw.hand(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._counts == other._counts and sorted(self._melds, key=_meld_key) == sorted(
            other._melds, key=_meld_key
        )

    def __hash__(self) -> int:
        return hash((self._counts, tuple(sorted(self._melds, key=_meld_key))))

    def __len__(self) -> int:
        return self._size


HandLike = Hand | str

#: What one tile of kind ``k`` adds to a hand's packed suit keys: each suit's
#: counts read as a base-5 key (rank 1 lowest) in 21 bits, suit m lowest.
PACK_DELTA: tuple[int, ...] = tuple(5 ** (k % 9) << (21 * (k // 9)) for k in range(KINDS))


def packed_keys(counts: Sequence[int]) -> int:
    """The packed suit keys of 27 counts, as the C core's ``*_keys`` calls take them."""
    return sum(d * c for d, c in zip(PACK_DELTA, counts, strict=True))


def counts_text(counts: Sequence[int]) -> str:
    """MPSZ text of 27 concealed counts, e.g. ``'11123m456p'``."""
    parts = []
    for s, letter in enumerate(SUITS):
        digits = "".join(str(r + 1) * counts[s * 9 + r] for r in range(9))
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def _fill(h: Hand, counts: tuple[int, ...], melds: tuple[Meld, ...], size: int) -> None:
    # The fields a hand derives from its counts and melds, for Hand() and valid_hand().
    put = SLOT_SETTERS
    put["_counts"](h, counts)
    put["_melds"](h, melds)
    put["_packed"](h, packed_keys(counts))
    put["_nmelds"](h, len(melds))
    if melds:
        mc = [0] * KINDS
        for m in melds:
            mc[m.kind] += m.size
        put["_meld_counts"](h, bytes(mc))
    else:
        put["_meld_counts"](h, None)
    put["_size"](h, size)
    # Bit s set when a meld is of suit s: such a hand never completes with s
    # as its missing suit.
    put["_meld_suits"](h, sum({1 << (m.kind // 9) for m in melds}))


# Setters of Hand's slots. Hands are immutable to their users; the engine and
# the bots use these only on hands they build from states they know are valid.
SLOT_SETTERS: dict[str, Any] = {name: Hand.__dict__[name].__set__ for name in Hand.__slots__}


def trusted_hand(
    counts: tuple[int, ...],
    melds: tuple[Meld, ...],
    packed: int,
    meld_counts: bytes | None,
    meld_suits: int,
    size: int,
) -> Hand:
    """The :class:`Hand` that ``Hand(counts, melds)`` would build, without its
    checks, for a state the caller knows is valid, with the derived fields given."""
    h: Hand = object.__new__(Hand)
    put = SLOT_SETTERS
    put["_counts"](h, counts)
    put["_melds"](h, melds)
    put["_packed"](h, packed)
    put["_nmelds"](h, len(melds))
    put["_meld_counts"](h, meld_counts)
    put["_meld_suits"](h, meld_suits)
    put["_size"](h, size)
    return h


def valid_hand(counts: Sequence[int], melds: Sequence[Meld]) -> Hand:
    """``Hand(counts, melds)``, without the constructor's checks when the
    hand is valid; anything out of range goes to the constructor, which says
    what is wrong. For hands built from states known to be valid (bots)."""
    total = list(counts)
    for m in melds:
        total[m.kind] += m.size
    size = sum(counts) + 3 * len(melds)
    if len(melds) > 4 or min(counts) < 0 or max(total) > 4 or size > 14:
        return Hand(counts, melds)
    h: Hand = object.__new__(Hand)
    _fill(h, tuple(counts), tuple(melds), size)
    return h


def meld_bytes(hand: Hand) -> bytes:
    """The hand's melds as the C core's ``*_keys`` scorers take them: two
    bytes a meld, its kind and its ``PARLOUR_SC_MELD_*`` type."""
    return bytes([x for m in hand._melds for x in (m.kind, _MELD_CODES[m.type])])


def _meld_key(m: Meld) -> tuple[int, int]:
    return (m.kind, _MELD_CODES[m.type])


def _kind_arg(kind: int | str) -> int:
    if isinstance(kind, str):
        return kind_from_text(kind)
    if isinstance(kind, int) and not isinstance(kind, bool) and 0 <= kind < KINDS:
        return kind
    raise ValueError(f"a kind is an int in 0..26 or text like '5p', not {kind!r}")


def as_hand(hand: object) -> Hand:
    """``hand`` itself if it is a :class:`Hand`, else ``Hand.parse(hand)``."""
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, str):
        return Hand.parse(hand)
    raise TypeError(f"expected a Hand or hand text, not {type(hand).__name__}")


def form_index(form: str) -> int:
    """The C core's code for a shanten form name."""
    try:
        return _FORMS[form]
    except (KeyError, TypeError):
        raise ValueError(f"form must be 'any', 'standard' or 'seven_pairs', not {form!r}") from None


def make_score(fan: int, points: int, pattern: int, additions: int, roots: int) -> Score:
    """Build a :class:`Score` from the backend's numbers."""
    names = [PATTERNS[pattern]]
    for name, bit in _ADDITIONS:
        if bit:
            if additions & bit:
                names.append(name)
        else:
            names += [name] * roots
    return Score(fan, points, tuple(names))
