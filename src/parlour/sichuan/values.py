"""The values of a Sichuan deal: tile names, actions, public views.

Both engines (:mod:`parlour.sichuan.engine_py` and
:mod:`parlour.sichuan.engine_c`) hand out these objects, and
:class:`~parlour.sichuan.Game` re-exports them; see
:mod:`parlour.sichuan.game` for the notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from parlour import protocol
from parlour._codes.sichuan import (
    SG_A,
    SG_EV_DEAL,
    SG_EV_EXCHANGE,
    SG_EV_KONG,
    SG_EV_PUNG,
    SG_EV_REVEAL,
    SG_EV_ROB_FAIL,
    SG_EV_WIN,
    SG_PHASE_LITERAL,
)
from parlour.errors import NotationError
from parlour.protocol import Payment
from parlour.sichuan import svg as _draw
from parlour.sichuan.hand import Meld, MeldType
from parlour.sichuan.obs import encode
from parlour.sichuan.tiles import KINDS, SUITS, TILES, kind_text

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

Phase = SG_PHASE_LITERAL
Direction = Literal["next", "across", "previous"]
DIRECTIONS: tuple[Direction, ...] = ("next", "across", "previous")

# -- tile names -------------------------------------------------------------

TILE_NAMES = tuple(f"{kind_text(t // 4)}#{t % 4}" for t in range(TILES))
TILE_IDS = {name: t for t, name in enumerate(TILE_NAMES)}


def tile_name(tile: int) -> str:
    """The notation of a physical tile: kind then ``#copy``.

    >>> tile_name(18)
    '5m#2'
    """
    if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < TILES:
        raise ValueError(f"a physical tile is an int in 0..107, not {tile!r}")
    return TILE_NAMES[tile]


def parse_tile(text: str) -> int:
    """The physical id of a tile written like ``5m#2``.

    >>> parse_tile("5m#2")
    18
    >>> parse_tile("5m")
    Traceback (most recent call last):
    ...
    parlour.errors.NotationError: '5m' is not a physical tile: write kind#copy, e.g. 5m#2
    """
    try:
        return TILE_IDS[text]
    except (KeyError, TypeError):
        raise NotationError(
            f"{text!r} is not a physical tile: write kind#copy, e.g. 5m#2"
        ) from None


def kind_of(text: str) -> int:
    if len(text) == 2 and text[0] in "123456789" and text[1] in SUITS:
        return SUITS.index(text[1]) * 9 + int(text[0]) - 1
    raise NotationError(f"{text!r} is not a tile kind: write a rank 1-9 and a suit m, p or s")


# -- actions ----------------------------------------------------------------


@dataclass(frozen=True)
class Exchange(protocol.Action):
    """Exchange-three variant: the three physical tiles (one suit) to pass on.

    >>> str(Exchange((0, 5, 9)))
    'exchange 1m#0 2m#1 3m#1'
    """

    tiles: tuple[int, int, int]

    def __str__(self) -> str:
        return "exchange " + " ".join(TILE_NAMES[t] for t in self.tiles)


@dataclass(frozen=True)
class Declare(protocol.Action):
    """Declare the missing suit.

    >>> str(Declare("p"))
    'declare p'
    """

    suit: Literal["m", "p", "s"]

    def __str__(self) -> str:
        return f"declare {self.suit}"


@dataclass(frozen=True)
class Discard(protocol.Action):
    """Discard one physical tile (id 0..107).

    >>> str(Discard(18))
    'discard 5m#2'
    """

    tile: int

    def __str__(self) -> str:
        return f"discard {TILE_NAMES[self.tile]}"


@dataclass(frozen=True)
class Win(protocol.Action):
    """Win: by self-draw on one's turn, or on the discard or added kong on offer."""

    def __str__(self) -> str:
        return "win"


@dataclass(frozen=True)
class Pung(protocol.Action):
    """Pung the discarded tile of ``kind``.

    >>> str(Pung(4))
    'pung 5m'
    """

    kind: int

    def __str__(self) -> str:
        return f"pung {kind_text(self.kind)}"


@dataclass(frozen=True)
class Kong(protocol.Action):
    """Kong of ``kind``: exposed (on a discard), concealed or added (on one's turn).

    >>> str(Kong(26))
    'kong 9s'
    """

    kind: int

    def __str__(self) -> str:
        return f"kong {kind_text(self.kind)}"


@dataclass(frozen=True)
class Pass(protocol.Action):
    """Decline the discard or added kong on offer."""

    def __str__(self) -> str:
        return "pass"


#: Every action class of the game.
ACTION_TYPES = (Exchange, Declare, Discard, Win, Pung, Kong, Pass)

ACTION_CLASSES = frozenset(ACTION_TYPES)

# Interned actions: the engines hand out these objects, so membership tests
# mostly hit the identity shortcut.
WIN = Win()
PASS = Pass()
DISCARD = tuple(Discard(t) for t in range(TILES))
PUNG = tuple(Pung(k) for k in range(KINDS))
KONG = tuple(Kong(k) for k in range(KINDS))
DECLARE = tuple(Declare(suit) for suit in SUITS)  # type: ignore[arg-type]
_BLOCKS: dict[str, tuple[protocol.Action, ...]] = {
    "DISCARD": DISCARD,
    "WIN": (WIN,),
    "PASS": (PASS,),
    "PUNG": PUNG,
    "KONG": KONG,
    "DECLARE": DECLARE,
    "END": (),
}


def _by_code() -> tuple[protocol.Action, ...]:
    # Each block of the table's action codes, where the table puts it.
    out: list[protocol.Action] = []
    for name, code, _, count in SG_A:
        block = _BLOCKS[str(name)]
        if code != len(out) or count != len(block):
            raise ImportError(
                f"csrc/sichuan_codes.def: action block {name} is not {len(block)} codes"
            )
        out.extend(block)
    return tuple(out)


#: The action of each code of the engine (``PARLOUR_SG_A_*``), by code.
ACTIONS_BY_CODE = _by_code()


# -- public views -------------------------------------------------------------


@dataclass(frozen=True)
class MeldInfo:
    """A declared set as others see it.

    ``type`` is ``pung``, ``kong`` (exposed or added) or ``concealed_kong``;
    ``kind`` is ``None`` for another seat's concealed kong until the game
    ends; ``tiles`` are its physical ids (empty when hidden); ``source`` is
    the seat whose discard it claimed (``None`` for concealed kongs);
    ``added`` tells an added kong.
    """

    type: MeldType
    kind: int | None
    tiles: tuple[int, ...]
    source: int | None
    added: bool = False

    def __str__(self) -> str:
        if self.kind is None:
            return "(kong)"
        return str(Meld(self.kind, self.type))


@dataclass(frozen=True)
class DiscardInfo:
    """One discard: who made it, the tile, and what became of it.

    ``taken`` is ``""`` (still on the table), ``"pung"``, ``"kong"``,
    ``"win"`` (won on), or ``"robbed"`` (the added-kong tile robbed);
    ``by`` lists the seats that took or won on it.
    """

    seat: int
    tile: int
    taken: str = ""
    by: tuple[int, ...] = ()


@dataclass(frozen=True)
class Event:
    """One entry of :attr:`Game.events`, for a front end to animate.

    ``type`` is one of ``deal exchange_choose exchange declare reveal draw
    replacement discard pung kong win pass rob_fail payment exhaustion end``;
    ``seat`` the acting seat (``-1`` for the table); ``tile`` a physical id or
    ``-1``; ``detail`` a short readable addition.
    """

    type: str
    seat: int
    tile: int = -1
    detail: str = ""

    def __str__(self) -> str:
        who = "table" if self.seat < 0 else f"seat {self.seat}"
        tile = f" {TILE_NAMES[self.tile]}" if self.tile >= 0 else ""
        extra = f" ({self.detail})" if self.detail else ""
        return f"{who}: {self.type}{tile}{extra}"


@dataclass(frozen=True)
class SichuanObservation(protocol.Observation):
    """What one seat knows now (see the module docs for :meth:`to_array`).

    ``hand`` holds this seat's concealed physical tiles and ``drawn`` the
    tile it drew this turn (-1 when none). Other seats' concealed tiles and
    the wall order are never included,
    except that a winner's hand becomes public when it wins and every hand
    is public once the game is over.
    """

    seat: int
    phase: Phase
    dealer: int
    current: int
    to_act: tuple[int, ...]
    wall_remaining: int
    hand: tuple[int, ...]
    drawn: int
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[MeldInfo, ...], ...]
    discards: tuple[DiscardInfo, ...]
    missing: tuple[str | None, ...]
    declared: tuple[bool, ...]
    won: tuple[bool, ...]
    winners: tuple[int, ...]
    public_hands: tuple[tuple[int, ...] | None, ...]
    on_offer: int
    offer_from: int
    ledger: tuple[Payment, ...]
    exchange: tuple[int, ...]
    received: tuple[int, ...]
    exchange_direction: str | None
    legal_actions: tuple[protocol.Action, ...]

    if not TYPE_CHECKING:
        # Observations of the C engine hold a copy of one seat's view of the
        # C state (``_lazy``) and the function that builds each field from
        # it on first read (``_build``, set by parlour.sichuan.engine_c).
        def __getattr__(self, name):
            d = self.__dict__
            if "_lazy" in d and name in _OBS_FIELD_NAMES:
                return d["_build"](d, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

        def __getstate__(self):
            return {f: getattr(self, f) for f in _OBS_FIELD_NAMES}

    def to_array(self) -> NDArray[np.float32]:
        """A new ``float32`` array of this view's planes for learning agents,
        of shape :data:`parlour.sichuan.OBS_SHAPE` (one row of 27 tile kinds
        per plane, every value in [0, 1], seats relative to this one); the
        layout is in :doc:`/learning/sichuan`. Made from what this seat may
        see only.

        >>> from parlour.sichuan import Game, OBS_SHAPE
        >>> Game(seed=1).observation(0).to_array().shape == OBS_SHAPE
        True
        """
        lazy = self.__dict__.get("_lazy")
        if lazy is not None:
            # The C engine's snapshot of this seat's view, encoded in C.
            array: NDArray[np.float32] = lazy.encode()
            return array
        return encode(self, any(a.__class__ is Win for a in self.legal_actions))

    def _repr_html_(self) -> str:
        """The table as this seat sees it, drawn as SVG in a ``<div>``
        (:func:`parlour.sichuan.svg.observation`), for notebooks."""
        return _draw.observation_html(self)


_OBS_FIELD_NAMES = frozenset(SichuanObservation.__dataclass_fields__)


def event_detail(type_: int, arg: int, missing: Sequence[int]) -> str:
    """The readable detail of an event of code ``type_`` (``PARLOUR_SG_EV_*``)
    whose argument is ``arg`` (see csrc/sichuan_codes.def); ``missing`` holds
    each seat's missing suit index."""
    if type_ == SG_EV_DEAL:
        return f"dealer {arg}"
    if type_ == SG_EV_EXCHANGE:
        return f"tiles pass to the {DIRECTIONS[arg - 1]} player"
    if type_ == SG_EV_REVEAL:
        return " ".join(SUITS[m] for m in missing)
    if type_ == SG_EV_PUNG or (type_ == SG_EV_KONG and arg < 4):
        return f"from seat {arg}"
    if type_ == SG_EV_KONG:
        return "concealed" if arg == 4 else "added; others may rob it"
    if type_ == SG_EV_WIN:
        if arg < 4:
            return f"on the discard of seat {arg}"
        return f"robbing the kong of seat {arg - 4}" if arg < 8 else "self-drawn"
    if type_ == SG_EV_ROB_FAIL:
        return "the kong is robbed and fails"
    return ""


def net_scores(ledger: Sequence[Payment]) -> tuple[int, ...]:
    """Each seat's net total over the payments of ``ledger``."""
    scores = [0, 0, 0, 0]
    for p in ledger:
        scores[p.payer] -= p.amount
        scores[p.payee] += p.amount
    return tuple(scores)


def exchange_choices(held: Sequence[int]) -> list[protocol.Action]:
    """Every three of the ascending tiles ``held`` of one suit, in the order
    the legal actions list them."""
    out: list[protocol.Action] = []
    for suit in range(3):
        ts = [t for t in held if t // 36 == suit]
        n = len(ts)
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    out.append(Exchange((ts[i], ts[j], ts[k])))
    return out
