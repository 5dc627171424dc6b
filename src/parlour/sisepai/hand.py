"""Sì Sè Pái hands: concealed cards plus exposed groups, and groupings.

>>> h = Hand.parse("GAEr SSSg RHCw 3f [Sr Sy Sg]")
>>> str(h)
'[Sr Sy Sg] GAEr SSSg RHCw 3f'
>>> h
Hand.parse('[Sr Sy Sg] GAEr SSSg RHCw 3f')
>>> len(h)
13
>>> Group.parse("GAEr").type
'command'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias, Union

from parlour import _backend
from parlour._codes.sisepai import SSP_GROUP_SOLDIERS3, SSP_GROUP_SOLDIERS4
from parlour.errors import NotationError
from parlour.sisepai import svg as _draw
from parlour.sisepai.cards import (
    CHESS_KINDS,
    KINDS,
    _scan_kinds,
    format_kinds,
    kind_text,
)
from parlour.sisepai.rules import GROUP_TYPES, GroupType, Rules

__all__ = ["Group", "Grouping", "Hand", "HandLike", "as_hand", "group_type"]

_BRACKET = re.compile(r"\[([^\[\]]*)\]")
_DEFAULT_RULES = Rules()
# Soldier groups span colours: their text names each card.
_SOLDIER_TYPES = (GROUP_TYPES[SSP_GROUP_SOLDIERS3], GROUP_TYPES[SSP_GROUP_SOLDIERS4])


def group_type(kinds: tuple[int, ...]) -> GroupType | None:
    """The type of the group made of ``kinds`` (sorted), or ``None`` if it
    is not a legal group.

    >>> group_type((6, 13, 20)), group_type((0,)), group_type((0, 0))
    ('soldiers3', 'general', None)
    """
    n = len(kinds)
    if not 1 <= n <= 4 or any(not (isinstance(k, int) and 0 <= k < KINDS) for k in kinds):
        return None
    code: int = _backend.impl.sisepai_group_type(bytes(kinds))
    return GROUP_TYPES[code] if code >= 0 else None


@dataclass(frozen=True)
class Group:
    """A legal group: its kinds in non-decreasing order; ``.type`` is one of
    the group types of :data:`~parlour.sisepai.rules.GROUP_TYPES`.

    >>> Group.parse("Sr Sy Sg Sw")
    Group.parse('Sr Sy Sg Sw')
    >>> str(Group.parse("SSSg")), Group.parse("SSSg").type
    ('SSSg', 'triple')
    >>> Group.parse("GAEr").points(Rules(command=2))
    2
    """

    kinds: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.kinds, tuple) or not all(
            isinstance(k, int) and not isinstance(k, bool) for k in self.kinds
        ):
            raise NotationError(f"a group's kinds are a tuple of ints, not {self.kinds!r}")
        kinds = tuple(sorted(self.kinds))
        if group_type(kinds) is None:
            raise NotationError(f"{format_kinds(kinds) or 'nothing'} is not a legal group")
        object.__setattr__(self, "kinds", kinds)

    @classmethod
    def _legal(cls, kinds: tuple[int, ...]) -> Group:
        # Groups a backend made: sorted and legal by construction, so the
        # checks of __post_init__ are skipped on this hot path.
        group = object.__new__(cls)
        object.__setattr__(group, "kinds", kinds)
        return group

    @classmethod
    def parse(cls, text: str) -> Group:
        """Read a group's text (with or without brackets)."""
        if not isinstance(text, str):
            raise NotationError(f"group text must be a str, not {type(text).__name__}")
        # Read the cards in place (not a stripped copy) so that an error's
        # position is the position in the text the caller gave.
        start, end = 0, len(text)
        t = text.strip()
        if t.startswith("[") and t.endswith("]"):
            start = text.index("[") + 1
            end = text.rindex("]")
        return cls(tuple(_scan_kinds(text, start, end)))

    @property
    def type(self) -> GroupType:
        """One of the :data:`~parlour.sisepai.rules.GROUP_TYPES`."""
        gt = group_type(self.kinds)
        assert gt is not None
        return gt

    def points(self, rules: Rules | None = None) -> int:
        """The group's points under ``rules`` (default: the rules of record)."""
        r = rules if rules is not None else _DEFAULT_RULES
        return r.points()[GROUP_TYPES.index(self.type)]

    def __len__(self) -> int:
        return len(self.kinds)

    def __str__(self) -> str:
        if self.type in _SOLDIER_TYPES:
            return " ".join(kind_text(k) for k in self.kinds)
        return format_kinds(self.kinds)

    def __repr__(self) -> str:
        return f"Group.parse({str(self)!r})"


@dataclass(frozen=True)
class Grouping:
    """A partition of a complete hand into groups, with its score.

    ``groups`` lists every group (exposed ones included), sorted by their
    kinds.

    >>> from parlour.sisepai import best_groups
    >>> g = best_groups("GAEr GAEy GAEg GAEw RRRr RHCy SSg 3f")
    >>> g.score, len(g.groups)
    (9, 8)
    >>> str(g)
    'GAEr RRRr GAEy RHCy GAEg SSg GAEw 3f'
    """

    score: int
    groups: tuple[Group, ...]

    def __str__(self) -> str:
        return " ".join(f"[{g}]" if g.type in _SOLDIER_TYPES else str(g) for g in self.groups)


@dataclass(frozen=True, eq=True)
class Hand:
    """A player's cards: concealed counts of the 33 kinds plus exposed groups.

    Build it from text with :meth:`parse` or from kinds with :meth:`of`.
    A chess kind appears at most four times and a flower once, counting the
    exposed groups; a bad hand raises :class:`~parlour.errors.NotationError`.

    >>> Hand.of([0, 1, 2], [Group.parse("SSSg")])
    Hand.parse('[SSSg] GAEr')
    >>> Hand.parse("SSSSSr")
    Traceback (most recent call last):
    ...
    parlour.errors.NotationError: a fifth copy of Sr in 'SSSSSr'
    """

    counts: tuple[int, ...]
    exposed: tuple[Group, ...] = ()

    def __post_init__(self) -> None:
        if (
            not isinstance(self.counts, tuple)
            or len(self.counts) != KINDS
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in self.counts)
        ):
            raise NotationError("a hand's counts are a tuple of 33 ints")
        if not isinstance(self.exposed, tuple) or not all(
            isinstance(g, Group) for g in self.exposed
        ):
            raise NotationError("a hand's exposed groups are a tuple of Group")
        total = list(self.counts)
        for g in self.exposed:
            for k in g.kinds:
                total[k] += 1
        for k, n in enumerate(total):
            if self.counts[k] < 0:
                raise NotationError(f"negative count of {kind_text(k)}")
            if n > (4 if k < CHESS_KINDS else 1):
                what = "a fifth copy" if k < CHESS_KINDS else "a second copy"
                raise NotationError(f"{what} of {kind_text(k)} in {self._text()!r}")
        exposed = tuple(sorted(self.exposed, key=lambda g: g.kinds))
        object.__setattr__(self, "exposed", exposed)
        ecards = sum(len(g) for g in exposed)
        object.__setattr__(self, "_cbytes", bytes(self.counts))
        object.__setattr__(self, "_ebytes", bytes(total[k] - self.counts[k] for k in range(KINDS)))
        object.__setattr__(self, "_ecards", ecards)
        object.__setattr__(self, "_size", sum(self.counts) + ecards)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read hand text: card text with exposed groups in brackets."""
        if isinstance(text, Hand):
            return text
        if not isinstance(text, str):
            raise NotationError(f"hand text must be a str, not {type(text).__name__}")
        groups: list[Group] = []
        kinds: list[int] = []
        pos = 0
        # The cards between groups and inside them are read in place, so
        # every error names a position in ``text`` itself.
        for m in _BRACKET.finditer(text):
            kinds += _concealed(text, pos, m.start())
            groups.append(Group(tuple(_scan_kinds(text, m.start(1), m.end(1)))))
            pos = m.end()
        kinds += _concealed(text, pos, len(text))
        counts = [0] * KINDS
        for k in kinds:
            counts[k] += 1
        return cls(tuple(counts), tuple(groups))

    @classmethod
    def of(cls, kinds: Iterable[int], exposed: Iterable[Group] = ()) -> Hand:
        """A hand from concealed kinds and exposed groups."""
        counts = [0] * KINDS
        for k in kinds:
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < KINDS:
                raise NotationError(f"a card kind is an int in 0..32, not {k!r}")
            counts[k] += 1
        return cls(tuple(counts), tuple(exposed))

    @staticmethod
    def _fmt(counts: Iterable[int], exposed: Iterable[Group]) -> str:
        kinds = [k for k, n in enumerate(counts) for _ in range(max(n, 0))]
        parts = [f"[{g}]" for g in sorted(exposed, key=lambda g: g.kinds)]
        concealed = format_kinds(kinds)
        if concealed:
            parts.append(concealed)
        return " ".join(parts)

    def _text(self) -> str:
        return self._fmt(self.counts, self.exposed)

    @property
    def concealed(self) -> tuple[int, ...]:
        """The concealed kinds, sorted."""
        return tuple(k for k, n in enumerate(self.counts) for _ in range(n))

    def __len__(self) -> int:
        return int(self._size)  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return self._text()

    def __repr__(self) -> str:
        return f"Hand.parse({self._text()!r})"

    def _repr_svg_(self) -> str:
        """The hand drawn as SVG (:func:`parlour.sisepai.svg.hand`), for notebooks."""
        return _draw.hand(self)

    def add(self, kind: int) -> Hand:
        """The hand with one more concealed card of ``kind``."""
        return Hand.of([*self.concealed, kind], self.exposed)


def _concealed(text: str, start: int, end: int) -> list[int]:
    """The kinds in ``text[start:end]``, a stretch outside any group."""
    for i in range(start, end):
        if text[i] in "[]":
            raise NotationError(f"unbalanced {text[i]!r} at position {i} in {text!r}")
    return _scan_kinds(text, start, end)


HandLike: TypeAlias = Union[Hand, str]  # noqa: UP007 (a runtime alias)


def as_hand(hand: HandLike) -> Hand:
    """``hand`` itself, or the hand its text describes."""
    if isinstance(hand, Hand):
        return hand
    return Hand.parse(hand)
