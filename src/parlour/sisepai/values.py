"""The values of a Sì Sè Pái deal: actions, the observation, the action-id
table and the claim helpers both engines share (:mod:`parlour.sisepai.game`
re-exports the public ones; this module keeps the engines free of the game
class, which builds on them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeAlias, Union

from parlour._codes.sisepai import SSP_GROUP_QUAD, SSP_GROUP_TRIPLE
from parlour.errors import NotationError
from parlour.protocol import Action
from parlour.protocol import Observation as _ObservationBase
from parlour.sisepai import arrays as _arrays
from parlour.sisepai import svg as _draw
from parlour.sisepai.cards import (
    CARDS,
    CHESS_KINDS,
    card_kind,
    is_general,
    kind_from_text,
    kind_text,
)
from parlour.sisepai.hand import Group
from parlour.sisepai.ids import DISCARD_IDS, NUM_ACTION_IDS, PASS_ID, TAKE_IDS, WIN_ID
from parlour.sisepai.rules import GROUP_TYPES

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


# The kinds that may be discarded: chess kinds but the Generals.
_DISCARDABLE = tuple(k for k in range(CHESS_KINDS) if not is_general(k))
# Claims of identical cards rank above the other claims.
_IDENTICAL_TYPES = (GROUP_TYPES[SSP_GROUP_TRIPLE], GROUP_TYPES[SSP_GROUP_QUAD])

__all__ = [
    "Discard",
    "Move",
    "Pass",
    "Phase",
    "SisepaiObservation",
    "Take",
    "Win",
    "parse_action",
]

#: ``draw``: the window on a drawn card (everyone answers); ``second``: the
#: drawn card as the drawer's discard (the others answer); ``discard``: a
#: taker must discard; ``claim``: the window on a discard; ``over``.
Phase = Literal["draw", "second", "discard", "claim", "over"]

# card id -> kind, for the hot paths
_KIND = tuple(card_kind(c) for c in range(CARDS))
_GROUPS: dict[tuple[int, ...], Group] = {}


def _group(kinds: tuple[int, ...]) -> Group:
    g = _GROUPS.get(kinds)
    if g is None:
        g = _GROUPS[kinds] = Group(kinds)
    return g


#: Claim tiers, highest first (smaller number wins).
TIER_DRAWER_WIN, TIER_WIN, TIER_IDENTICAL, TIER_DRAWER, TIER_NEXT = 1, 2, 3, 4, 5


@dataclass(frozen=True)
class Pass(Action):
    """Decline the card in question.

    >>> str(Pass())
    'pass'
    """

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Win(Action):
    """Claim the card in question as a win (no group named).

    >>> str(Win())
    'win'
    """

    def __str__(self) -> str:
        return "win"


@dataclass(frozen=True)
class Take(Action):
    """Take the card in question into ``group`` (the group with that card),
    exposing it. The engine moves the lowest-numbered concealed copies.

    >>> str(Take(Group.parse("Sr Sy Sg")))
    'take Sr Sy Sg'
    """

    group: Group

    def __str__(self) -> str:
        return f"take {self.group}"


@dataclass(frozen=True)
class Discard(Action):
    """Discard one concealed card of ``kind`` (the lowest-numbered copy).

    >>> str(Discard(3))
    'discard Rr'
    """

    kind: int

    def __str__(self) -> str:
        return f"discard {kind_text(self.kind)}"


Move: TypeAlias = Union[Pass, Win, Take, Discard]  # noqa: UP007 (a runtime alias)


def parse_action(text: str) -> Move:
    """Read an action's text.

    >>> parse_action("take GAEr")
    Take(group=Group.parse('GAEr'))
    >>> parse_action("discard Hw")
    Discard(kind=25)
    """
    if not isinstance(text, str):
        raise NotationError(f"action text must be a str, not {type(text).__name__}")
    t = text.strip()
    if t == "pass":
        return Pass()
    if t == "win":
        return Win()
    verb, _, rest = t.partition(" ")
    if verb == "take" and rest:
        return Take(Group.parse(rest))
    if verb == "discard" and rest:
        return Discard(kind_from_text(rest.strip()))
    raise NotationError(
        f"{text!r} is not a Sì Sè Pái action (pass, win, take <group>, discard <card>)"
    )


@dataclass(frozen=True)
class SisepaiObservation(_ObservationBase):
    """What one seat knows. Cards are physical ids (see
    :func:`~parlour.sisepai.cards.card_kind`)."""

    seat: int
    phase: Phase
    dealer: int
    #: This seat's concealed cards, sorted.
    concealed: tuple[int, ...]
    #: Every seat's exposed groups (card ids), in the order exposed.
    exposed: tuple[tuple[tuple[int, ...], ...], ...]
    #: Cards each seat discarded (or drew and let go) that nobody took.
    discards: tuple[tuple[int, ...], ...]
    #: Number of concealed cards of each seat.
    concealed_counts: tuple[int, ...]
    #: The card in question (drawn or discarded), if any.
    card: int | None
    #: Who drew or discarded it.
    source: int | None
    stock_left: int
    to_act: tuple[int, ...]
    #: This seat's answer in the open window (hidden from the others).
    answer: str | None
    winner: int | None
    #: Every seat's concealed cards once the deal is over.
    revealed: tuple[tuple[int, ...], ...] | None

    if not TYPE_CHECKING:
        # An observation of the C engine is made holding its seat, the seats
        # to act and one seat's view of the C state (``_lazy``, a scrubbed
        # copy: parlour.sisepai.engine_c); the first read of any other field
        # builds them all from it, and the view is dropped.
        def __getattr__(self, name):
            d = self.__dict__
            lazy = d.get("_lazy")
            if lazy is not None and name in _OBS_FIELDS:
                d.update(lazy.fields())
                d.pop("_lazy", None)
                return d[name]
            if name in d:  # built meanwhile by another thread
                return d[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

        def __getstate__(self):
            return {f: getattr(self, f) for f in _OBS_FIELD_NAMES}

    def to_array(self) -> NDArray[np.float32]:
        """This observation as a ``float32`` array of
        :data:`~parlour.sisepai.OBS_SHAPE`, seat-relative, every value in
        ``[0, 1]`` (the layout: :mod:`parlour.sisepai.arrays`)."""
        return _arrays.observation_array(self)

    def _repr_html_(self) -> str:
        """The table as this seat sees it, drawn as SVG in a ``<div>``
        (:func:`parlour.sisepai.svg.observation`), for notebooks."""
        return _draw.observation_html(self)


_OBS_FIELD_NAMES = tuple(SisepaiObservation.__dataclass_fields__)
_OBS_FIELDS = frozenset(_OBS_FIELD_NAMES)

_PASS = Pass()
_WIN = Win()


def _action_of_id(i: int) -> Move:
    if i == PASS_ID:
        return _PASS
    if i == WIN_ID:
        return _WIN
    for kinds, j in TAKE_IDS.items():
        if i == j:
            return Take(Group._legal(kinds))
    return Discard(next(k for k, j in DISCARD_IDS.items() if i == j))


# id -> the one action it names, whatever the state.
_ACTIONS: tuple[Move, ...] = tuple(_action_of_id(i) for i in range(NUM_ACTION_IDS))


def _groups_with(k: int, counts: bytearray, *, drawer: bool, next_player: bool) -> list[Group]:
    """Groups a player may form with a new card of kind ``k`` from its
    concealed ``counts`` without winning: identical triples and quads for
    anyone; command, field and soldier groups for the drawer and the next
    player; single General and flower for the drawer. Never a pair."""
    out: list[Group] = []
    if k >= CHESS_KINDS:
        if drawer:
            out.append(_group((k,)))
        return out
    ch, col = k % 7, k // 7
    if ch == 0:
        if drawer:
            out.append(_group((k,)))
    else:
        if counts[k] >= 2:
            out.append(_group((k, k, k)))
        if counts[k] >= 3:
            out.append(_group((k, k, k, k)))
    if not (drawer or next_player):
        return out
    if ch <= 2:
        base = col * 7
        if all(counts[x] or x == k for x in (base, base + 1, base + 2)):
            out.append(_group((base, base + 1, base + 2)))
    elif ch <= 5:
        base = col * 7 + 3
        if all(counts[x] or x == k for x in (base, base + 1, base + 2)):
            out.append(_group((base, base + 1, base + 2)))
    else:
        others = [d * 7 + 6 for d in range(4) if d != col and counts[d * 7 + 6]]
        for i in range(len(others)):
            for j in range(i + 1, len(others)):
                out.append(_group(tuple(sorted((k, others[i], others[j])))))
        if len(others) == 3:
            out.append(_group(tuple(sorted((k, *others)))))
    return out
