"""The Sichuan "Bloody Battle" game engine: one deal from shuffle to settlement.

A :class:`Game` is a deterministic state machine following the common
protocol of :mod:`parlour.protocol`. Seats 0..3 act when they appear in
:attr:`Game.to_act`; the actions are the frozen dataclasses below, written
and read in this notation:

=============================  ===========================================================
``exchange 1m#0 4m#2 9m#1``    exchange-three variant: three physical tiles of one suit
``declare p``                  choose the missing suit (``m``, ``p`` or ``s``)
``discard 5m#2``               discard the physical tile ``5m`` copy 2 (id 18)
``win``                        self-drawn win, or win on the tile on offer
``kong 5m``                    concealed, added or exposed kong of ``5m``
``pung 5m``                    pung the discarded ``5m``
``pass``                       decline the discard or added kong on offer
=============================  ===========================================================

A physical tile is written ``<kind>#<copy>``: ``5m#2`` is id
``kind * 4 + copy = 4 * 4 + 2 = 18``. ``str(action)`` and records always
name physical tiles; text may name kinds instead (``discard 5m``,
``exchange 1m 4m 9m``, a bare ``pung`` or ``kong``), and
:meth:`Game.parse_action` says which copy a kind stands for.

>>> from parlour.sichuan import Game, HeuristicBot
>>> import parlour
>>> game = Game(seed=7)
>>> game.to_act
(0, 1, 2, 3)
>>> result = parlour.play(game, [HeuristicBot() for _ in range(4)], seed=7)
>>> sum(result.scores)
0
"""

from __future__ import annotations

import random
from abc import ABCMeta
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from parlour import _backend, protocol
from parlour.errors import IllegalActionError, NotationError, RecordError
from parlour.protocol import Payment, Result
from parlour.sichuan import evaluate as _ev
from parlour.sichuan import table as _table
from parlour.sichuan.hand import PACK_DELTA, Hand, Meld, MeldType, trusted_hand
from parlour.sichuan.rules import DEFAULT_RULES, Rules
from parlour.sichuan.tiles import KINDS, SUITS, TILES, kind_text

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "ACTION_TYPES",
    "Declare",
    "Discard",
    "Event",
    "Exchange",
    "Game",
    "Kong",
    "MeldInfo",
    "DiscardInfo",
    "Pass",
    "Pung",
    "SichuanObservation",
    "Win",
    "parse_tile",
    "tile_name",
]

Phase = Literal["exchange", "declare", "turn", "claim", "rob", "over"]
Direction = Literal["next", "across", "previous"]
_DIRECTION_STEP: dict[str, int] = {"next": 1, "across": 2, "previous": 3}
_DIRECTIONS: tuple[Direction, ...] = ("next", "across", "previous")

#: Tiles dealt before the wall: 14 to the dealer and 13 to each other seat.
_DEALT = 53


# -- tile names -------------------------------------------------------------

_TILE_NAMES = tuple(f"{kind_text(t // 4)}#{t % 4}" for t in range(TILES))
_TILE_IDS = {name: t for t, name in enumerate(_TILE_NAMES)}


def tile_name(tile: int) -> str:
    """The notation of a physical tile: kind then ``#copy``.

    >>> tile_name(18)
    '5m#2'
    """
    if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < TILES:
        raise ValueError(f"a physical tile is an int in 0..107, not {tile!r}")
    return _TILE_NAMES[tile]


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
        return _TILE_IDS[text]
    except (KeyError, TypeError):
        raise NotationError(
            f"{text!r} is not a physical tile: write kind#copy, e.g. 5m#2"
        ) from None


def _kind_of(text: str) -> int:
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
        return "exchange " + " ".join(_TILE_NAMES[t] for t in self.tiles)


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
        return f"discard {_TILE_NAMES[self.tile]}"


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

_ACTION_CLASSES = frozenset(ACTION_TYPES)
# The other seats in turn order after each seat.
_OTHERS = tuple(tuple((seat + i) % 4 for i in range(1, 4)) for seat in range(4))

# Interned actions: the engine hands out these objects, so membership tests
# mostly hit the identity shortcut.
_WIN = Win()
_PASS = Pass()
_DISCARD = tuple(Discard(t) for t in range(TILES))
_PUNG = tuple(Pung(k) for k in range(KINDS))
_KONG = tuple(Kong(k) for k in range(KINDS))
_DECLARE = (Declare("m"), Declare("p"), Declare("s"))
_PASS_ONLY: tuple[protocol.Action, ...] = (_PASS,)
_PASS_WIN: tuple[protocol.Action, ...] = (_PASS, _WIN)


@dataclass(frozen=True)
class _KindText:
    # Text that names tiles by kind where the engine needs physical tiles:
    # ``discard 5m``, ``exchange 1m 1m 4m#2``, a bare ``pung`` or ``kong``.
    # The seat's tiles decide which copies it means (Game._resolve_text).
    verb: str
    kinds: tuple[int, ...]  # the kinds named without a copy, in the order written
    tiles: tuple[int, ...]  # the physical tiles named (exchange only)
    text: str  # the text, tidied, for messages


def _tile_or_kind(text: str) -> tuple[int, int]:
    # (physical id, -1) for ``5m#2``, (-1, kind) for ``5m``.
    tile = _TILE_IDS.get(text)
    if tile is not None:
        return tile, -1
    if "#" in text:
        raise NotationError(
            f"{text!r} is not a physical tile: write kind#copy with copy 0-3, e.g. 5m#2"
        )
    return -1, _kind_of(text)


def _parse_action(text: str) -> protocol.Action | _KindText:
    # Physical or kind-level text; see Game.parse_action for what it accepts.
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise NotationError("empty action text")
    verb, args = parts[0].lower(), parts[1:]
    if verb == "win" and not args:
        return _WIN
    if verb == "pass" and not args:
        return _PASS
    if verb in ("pung", "kong") and not args:
        return _KindText(verb, (), (), verb)
    if verb in ("discard", "pung", "kong") and len(args) == 1:
        tile, kind = _tile_or_kind(args[0])
        if verb == "discard":
            if tile >= 0:
                return _DISCARD[tile]
            return _KindText(verb, (kind,), (), f"discard {kind_text(kind)}")
        kind = tile >> 2 if tile >= 0 else kind  # a claim names only the kind
        return _PUNG[kind] if verb == "pung" else _KONG[kind]
    if verb == "declare" and len(args) == 1 and args[0] in ("m", "p", "s"):
        return _DECLARE[SUITS.index(args[0])]
    if verb == "exchange" and len(args) == 3:
        named = [_tile_or_kind(a) for a in args]
        tiles = tuple(t for t, _ in named if t >= 0)
        if len(set(tiles)) != len(tiles):
            raise NotationError(f"exchange names the tile {_dup(tiles)} twice: {text!r}")
        if len(tiles) == 3:
            # Three physical tiles are the canonical form, which is written
            # in id order (records compare as text).
            if tuple(sorted(tiles)) != tiles:
                raise NotationError(
                    f"exchange tiles must be three different tiles in id order: {text!r}"
                )
            return Exchange((tiles[0], tiles[1], tiles[2]))
        tiles = tuple(sorted(tiles))
        kinds = tuple(k for _, k in named if k >= 0)
        return _KindText(verb, kinds, tiles, "exchange " + " ".join(args))
    raise NotationError(
        f"cannot read action {text!r}: expected 'exchange 1m 4m 9m', 'declare m|p|s', "
        "'discard 5m', 'win', 'pung', 'kong 5m' or 'pass'"
    )


def _dup(tiles: tuple[int, ...]) -> str:
    return next(_TILE_NAMES[t] for t in tiles if tiles.count(t) > 1)


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
        tile = f" {_TILE_NAMES[self.tile]}" if self.tile >= 0 else ""
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

    #: Length of :meth:`to_array`.
    ARRAY_SIZE: ClassVar[int] = 27 * 3 + 4 * (27 * 2 + 8) + 6 + 3

    if not TYPE_CHECKING:
        # Observations of the compiled engine hold a copy of the C state and
        # build each field on first read (parlour.sichuan.compiled).
        def __getattr__(self, name):
            d = self.__dict__
            if "_lazy" in d and name in _OBS_FIELD_NAMES:
                from parlour.sichuan.compiled import observation_field

                return observation_field(d, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

        def __getstate__(self):
            return {f: getattr(self, f) for f in _OBS_FIELD_NAMES}

    def to_array(self) -> NDArray[np.float32]:
        """A flat ``float32`` vector of this view for learning agents.

        Seats are relative: block ``r`` describes seat ``(seat + r) % 4``.
        Layout (length :attr:`ARRAY_SIZE` = 338):

        - ``[0:27]`` own concealed counts per kind;
        - ``[27:54]`` one-hot kind of the tile on offer (discard or added kong);
        - ``[54:81]`` counts of tiles visible to this seat per kind (own hand,
          every known meld tile, every discard not taken);
        - for ``r`` in 0..3, 62 numbers at ``81 + 62 * r``: 27 meld counts
          per kind, 27 discard counts per kind (discards it made), missing
          suit one-hot (3, zeros until revealed), won flag, concealed tile
          count / 14, hidden-kong count, is dealer, is current;
        - ``[329:335]`` phase one-hot (exchange, declare, turn, claim, rob, over);
        - ``[335]`` wall remaining / 55, ``[336]`` 1 if this seat must act,
          ``[337]`` 1 if this seat may win now.

        >>> from parlour.sichuan import Game
        >>> Game(seed=1).observation(0).to_array().shape
        (338,)
        """
        import numpy as np

        out = np.zeros(self.ARRAY_SIZE, dtype=np.float32)
        for t in self.hand:
            out[t >> 2] += 1
        if self.on_offer >= 0:
            out[27 + (self.on_offer >> 2)] = 1
        visible = out[54:81]
        visible += out[0:27]
        for r in range(4):
            s = (self.seat + r) % 4
            base = 81 + 62 * r
            hidden = 0
            for m in self.melds[s]:
                if m.kind is None:
                    hidden += 1
                    continue
                n = 3 if m.type == "pung" else 4
                out[base + m.kind] += n
                if s != self.seat:
                    visible[m.kind] += n
            miss = self.missing[s]
            if miss is not None and (s == self.seat or all(self.declared)):
                out[base + 54 + SUITS.index(miss)] = 1
            out[base + 57] = float(self.won[s])
            out[base + 58] = self.hand_sizes[s] / 14.0
            out[base + 59] = hidden
            out[base + 60] = float(s == self.dealer)
            out[base + 61] = float(s == self.current)
        for d in self.discards:
            r = (d.seat - self.seat) % 4
            out[81 + 62 * r + 27 + (d.tile >> 2)] += 1
            if d.taken in ("", "win", "robbed"):
                visible[d.tile >> 2] += 1
        phases = ("exchange", "declare", "turn", "claim", "rob", "over")
        out[329 + phases.index(self.phase)] = 1
        out[335] = self.wall_remaining / 55.0
        out[336] = float(self.seat in self.to_act)
        out[337] = float(any(a is _WIN or isinstance(a, Win) for a in self.legal_actions))
        return out


# -- the game ---------------------------------------------------------------


class _EngineChoice(ABCMeta):
    # Game(...) builds the compiled engine whenever the compiled backend is
    # live; copy and pickle make instances without calling the class, so
    # they keep the engine they copy.
    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return super(_EngineChoice, _engine_class(cls)).__call__(*args, **kwargs)


def _engine_class(cls: Any) -> Any:
    # Game itself means "the live backend's engine"; subclasses are themselves.
    if cls is Game and _backend.current() == "c":
        from parlour.sichuan.compiled import CompiledGame

        return CompiledGame
    return cls


class Game(protocol.Game, metaclass=_EngineChoice):
    """One deal of Sichuan "Bloody Battle" mahjong.

    ``Game(rules=None, *, seed=None, dealer=0, wall=None)``: ``wall`` is an
    explicit deal order (a permutation of the 108 physical ids: the dealer
    takes the first 14, each following seat the next 13, draws continue from
    position 53, kong replacements come from position 107 backwards);
    without it the tiles are shuffled by the game's own generator seeded by
    ``seed``. ``dealer`` is a seat or ``"random"`` (drawn from the seed).
    """

    name: ClassVar[str] = "sichuan"
    rules_class: ClassVar[type[protocol.Rules]] = Rules
    num_players = 4
    rules: Rules

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dealer: int | Literal["random"] = 0,
        wall: Any = None,
    ) -> None:
        super().__init__()
        rules = protocol.checked_rules(rules, DEFAULT_RULES, "sichuan")
        rng = random.Random(seed)
        if wall is None:
            order = list(range(TILES))
            rng.shuffle(order)
        else:
            order = _check_wall(wall)
        if dealer == "random":
            dealer_seat = rng.randrange(4)
        elif isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < 4:
            dealer_seat = dealer
        else:
            raise ValueError(f"dealer must be a seat 0..3 or 'random', not {dealer!r}")
        direction: Direction | None = None
        if rules.exchange_three:
            direction = _DIRECTIONS[rng.randrange(3)]
        self._setup(rules, order, dealer_seat, direction)

    # -- construction ------------------------------------------------------
    def _setup(
        self, rules: Rules, order: list[int], dealer: int, direction: Direction | None
    ) -> None:
        self.rules = rules
        self._wall_order = tuple(order)
        self._dealer = dealer
        self._direction = direction
        self._tiles: list[set[int]] = [set() for _ in range(4)]
        self._counts: list[list[int]] = [[0] * KINDS for _ in range(4)]
        # Kept in step with _tiles by _add_tile/_remove_tile: tiles per suit,
        # the packed suit keys of Hand, the sorted tuple and the Hand itself
        # (None: rebuild on next use).
        self._suit_n: list[list[int]] = [[0, 0, 0] for _ in range(4)]
        self._packed: list[int] = [0, 0, 0, 0]
        self._hand_t: list[tuple[int, ...] | None] = [None] * 4
        self._hand_obj: list[Hand | None] = [None] * 4
        self._meld_bytes: list[bytes | None] = [None] * 4
        self._meld_suit_bits = [0, 0, 0, 0]
        # each meld: [kind, type, tiles, source seat, added]
        self._melds: list[list[list[Any]]] = [[] for _ in range(4)]
        self._meld_objs: list[tuple[Meld, ...]] = [() for _ in range(4)]
        self._missing = [-1, -1, -1, -1]
        self._won = [False] * 4
        self._winners: list[int] = []
        self._wins: list[dict[str, Any]] = []
        self._win_hands: list[tuple[int, ...] | None] = [None] * 4
        self._waits: list[frozenset[int]] = [frozenset()] * 4
        self._discards: list[DiscardInfo] = []
        self._ledger: list[Payment] = []
        self._kong_income: list[list[int]] = []  # [payer, payee, amount, refundable]
        self._turn_kongs: list[list[int]] = []  # income-entry indices per kong this turn
        self._events: list[tuple[str, int, int, str]] = []
        self._exchange_choice: list[tuple[int, ...]] = [(), (), (), ()]
        self._received: list[tuple[int, ...]] = [(), (), (), ()]
        self._exchange_done = False
        self._cur = dealer
        self._phase: Phase = "declare"
        self._after_pung = False
        self._drawn = -1  # kind of the tile drawn this turn (-1: none)
        self._drawn_tile = -1
        self._replacement = False
        self._drew_last = False
        self._last_drawer = -1
        self._offer = -1
        self._offer_from = -1
        self._offer_last = False
        self._answers: dict[int, protocol.Action] = {}
        self._responders: tuple[int, ...] = ()
        self._window_legal: dict[int, tuple[protocol.Action, ...]] = {}
        self._legal_cache: dict[int, tuple[protocol.Action, ...]] = {}
        self._exhausted = False
        # Seat-independent observation fields for the current state (None: rebuild).
        self._obs_base: dict[str, Any] | None = None
        self._melds_view: list[tuple[tuple[MeldInfo, ...], ...] | None] = [None] * 4
        # Cached immutable views for observations; None means "rebuild".
        self._disc_t: tuple[DiscardInfo, ...] | None = None
        self._ledger_t: tuple[Payment, ...] | None = None
        self._meld_t: list[tuple[tuple[MeldInfo, ...], tuple[MeldInfo, ...]] | None] = [None] * 4
        self._to_act_t: tuple[int, ...] = ()
        self._front = _DEALT
        self._back = TILES - 1
        pos = 0
        for i in range(4):
            s = (dealer + i) % 4
            n = 14 if i == 0 else 13
            for t in order[pos : pos + n]:
                self._add_tile(s, t)
            pos += n
        self._event("deal", -1, detail=f"dealer {dealer}")
        if rules.exchange_three:
            self._phase = "exchange"
        self._to_act_t = self._compute_to_act()

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any) -> Game:
        if not isinstance(deal, dict):
            raise RecordError("the deal must be an object with wall, dealer, exchange_direction")
        # Every record parlour wrote names all three; a missing key would
        # read as its default and the record would no longer be what it says.
        if set(deal) != {"wall", "dealer", "exchange_direction"}:
            raise RecordError(
                f"the deal must hold wall, dealer and exchange_direction; got {sorted(deal)}"
            )
        order = _check_wall(deal["wall"])
        dealer = deal["dealer"]
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < 4:
            raise RecordError(f"the deal's dealer must be a seat 0..3, not {dealer!r}")
        direction = deal["exchange_direction"]
        if rules.exchange_three:
            if direction not in _DIRECTIONS:
                raise RecordError(
                    f"exchange_direction must be one of {list(_DIRECTIONS)}, not {direction!r}"
                )
        elif direction is not None:
            raise RecordError("exchange_direction is set but the exchange-three rule is off")
        target: type[Game] = _engine_class(cls)
        game = target.__new__(target)
        protocol.Game.__init__(game)
        game._setup(rules, order, dealer, direction)
        return game

    def _deal_record(self) -> dict[str, Any]:
        return {
            "wall": list(self._wall_order),
            "dealer": self._dealer,
            "exchange_direction": self._direction,
        }

    # -- protocol fast paths ------------------------------------------------
    # The public protocol methods, short-cut for the common valid calls; every
    # other call goes through the base class, so results and errors are the
    # base's. ``_to_act_t`` is kept up to date by _apply and is () once over.
    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._phase == "over"

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several when choices are simultaneous)."""
        return self._to_act_t

    def legal_actions(self, seat: int) -> list[protocol.Action]:
        """The actions ``seat`` may take now (empty when it need not act)."""
        if seat.__class__ is int and seat in self._to_act_t:
            cached = self._legal_cache.get(seat)
            return list(self._legal_tuple(seat) if cached is None else cached)
        return super().legal_actions(seat)

    def observation(self, seat: int) -> SichuanObservation:
        """A frozen view of what ``seat`` knows now."""
        if seat.__class__ is int and 0 <= seat < 4:
            return self._observation(seat)
        return super().observation(seat)  # type: ignore[return-value]

    def apply(self, seat: int, action: protocol.Action | str) -> None:
        """Apply ``action`` (or its text) for ``seat``.

        Raises :class:`~parlour.errors.IllegalActionError`, leaving the game
        unchanged, if the action is not legal now.
        """
        if action.__class__ in _ACTION_CLASSES and seat.__class__ is int and seat in self._to_act_t:
            self._verify(seat, action)  # type: ignore[arg-type]
            self._apply(seat, action)  # type: ignore[arg-type]
            self._history.append((seat, action))  # type: ignore[arg-type]
            return
        super().apply(seat, action)

    # -- protocol hooks ----------------------------------------------------
    def parse_action(self, text: str, *, seat: int | None = None) -> protocol.Action:
        """Read action text: the notation of the module docs, with kinds
        accepted wherever it names a physical tile.

        A kind stands for one of ``seat``'s copies, chosen by one rule (the
        same on both engines, so a game played by text replays exactly from
        its record, which names physical tiles):

        - ``discard 5m``: the tile the seat drew this turn if it is a
          ``5m``, else the ``5m`` it holds with the highest copy number;
        - ``exchange 1m 1m 4m``: for each kind, the highest copy it holds
          that the text has not named already; kinds and physical tiles
          mix (``exchange 1m#0 1m 4m``) in any order (three physical
          tiles alone are written in id order, as records write them);
        - ``pung`` or ``kong`` alone: the kind on offer; on the seat's turn
          ``kong`` alone is the one kong it may declare, if only one;
        - ``pung 5m#2`` and ``kong 5m#2`` read as ``pung 5m`` and ``kong 5m``.

        ``seat`` defaults to the seat whose turn it is (the only one that
        may discard). Raises :class:`~parlour.errors.NotationError` for
        unreadable text and :class:`~parlour.errors.IllegalActionError`
        when the seat holds no tile the text can mean.

        >>> game = Game(seed=7)
        >>> for s in range(4):
        ...     game.apply(s, "declare p")
        >>> [tile_name(t) for t in game.tiles(0) if t // 36 == 1]
        ['2p#2', '6p#1', '6p#3', '8p#3']
        >>> game.parse_action("discard 6p")
        Discard(tile=59)
        >>> game.parse_action("discard 6p#1")
        Discard(tile=57)
        >>> game.apply(0, "discard 9s")
        Traceback (most recent call last):
        ...
        parlour.errors.IllegalActionError: seat 0 may not discard 9s now: it holds no 9s
        >>> game.apply(0, "discard 5s")
        Traceback (most recent call last):
        ...
        parlour.errors.IllegalActionError: seat 0 may not discard 5s now:
        a tile of its missing suit p must be discarded first (it holds 2p 6p 6p 8p)
        """
        read = _parse_action(text)
        if not isinstance(read, _KindText):
            return read
        if seat is None:
            seat = self._text_seat()
        elif seat.__class__ is not int or not 0 <= seat < 4:
            self._check_seat(seat)
        return self._resolve_text(seat, read)

    def verify_action(self, seat: int, action: protocol.Action | str) -> protocol.Action:
        """Return the action (text read by :meth:`parse_action` for ``seat``)
        if ``seat`` may take it now.

        Raises :class:`~parlour.errors.IllegalActionError` explaining why not.
        """
        if not isinstance(action, str):
            return super().verify_action(seat, action)
        # The base class's checks in its order, but the text is read for
        # ``seat``: a kind means one of that seat's tiles.
        if seat.__class__ is not int or not 0 <= seat < 4:
            self._check_seat(seat, IllegalActionError)
        if self.is_over:
            raise IllegalActionError(f"the game is over; seat {seat} cannot act")
        try:
            read = _parse_action(action)
        except NotationError as exc:
            raise IllegalActionError(f"seat {seat}: {exc}") from exc
        to_act = self.to_act
        if seat not in to_act:
            raise IllegalActionError(f"seat {seat} is not to act now (to act: {list(to_act)})")
        if not isinstance(read, _KindText):
            self._verify(seat, read)
            return read
        act = self._resolve_text(seat, read)
        said = read.text if read.verb in ("discard", "exchange") else str(act)
        self._refuse_unless_legal(seat, act, said)
        return act

    def _text_seat(self) -> int:
        # The seat kind-level text means when the caller names none.
        if self.phase == "turn":
            return self.to_act[0]
        raise NotationError(
            "text that names a tile by kind needs the seat whose tile it is: "
            "pass seat=..., or name the copy (5m#2)"
        )

    def _resolve_text(self, seat: int, read: _KindText) -> protocol.Action:
        return _resolve(seat, read, self._seen(seat))

    def _seen(self, seat: int) -> _Seen:
        turn = self._phase == "turn" and seat == self._cur
        return _Seen(
            self._phase,
            self._sorted_tiles(seat),
            self._drawn_tile if turn else -1,
            self._missing[seat],
            self._offer,
            self._offer_from,
            self._after_pung,
            self._remaining(),
            tuple(m[0] for m in self._melds[seat] if m[1] == "pung"),
            self._legal_tuple(seat) if seat in self._to_act_t else (),
        )

    def render(self, seat: int | None = None) -> str:
        """The table as text. ``seat=None`` shows everything, as a referee or
        a spectator after the fact sees it; ``seat=s`` only what seat ``s``
        may see: the text is made from :meth:`observation` alone, so it
        cannot show more. ``str(game)`` is ``game.render()``.

        >>> game = Game(seed=4)
        >>> print(game.render(0).splitlines()[0])
        Sichuan - you are seat 0 - dealer seat 0 - wall 55 - phase declare
        >>> print(str(game).splitlines()[0])
        Sichuan - dealer seat 0 - wall 55 - phase declare - to act: seats 0, 1, 2, 3
        """
        if seat is None:
            return _table.full_view([self.observation(s) for s in range(self.num_players)])
        return _table.seat_view(self.observation(seat))

    def __str__(self) -> str:
        return self.render()

    def _is_over(self) -> bool:
        return self._phase == "over"

    def _to_act(self) -> tuple[int, ...]:
        return self._to_act_t

    def _compute_to_act(self) -> tuple[int, ...]:
        phase = self._phase
        if phase == "turn":
            return (self._cur,)
        if phase == "claim" or phase == "rob":
            answers = self._answers
            return tuple([s for s in self._responders if s not in answers])
        if phase == "declare":
            return tuple(s for s in range(4) if self._missing[s] < 0)
        if phase == "exchange":
            return tuple(s for s in range(4) if not self._exchange_choice[s])
        return ()

    def _legal_tuple(self, seat: int) -> tuple[protocol.Action, ...]:
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = tuple(self._compute_legal(seat))
            self._legal_cache[seat] = cached
        return cached

    def _legal_actions(self, seat: int) -> list[protocol.Action]:
        return list(self._legal_tuple(seat))

    def _verify(self, seat: int, action: protocol.Action) -> None:
        # Fast exact checks for the two common cases; anything else is looked
        # up in the legal actions (which also gives the error message).
        phase = self._phase
        if phase == "claim" or phase == "rob":
            if action in self._window_legal[seat]:
                return
        elif phase == "turn" and action.__class__ is Discard:
            tile = action.tile
            if tile.__class__ is int and tile in self._tiles[seat]:
                m = self._missing[seat]
                if m < 0 or not self._suit_n[seat][m] or tile // 36 == m:
                    return
        self._refuse_unless_legal(seat, action)

    def _refuse_unless_legal(
        self, seat: int, action: protocol.Action, said: str | None = None
    ) -> None:
        if action not in self._legal_tuple(seat):
            text = str(action) if said is None else said
            why = _why_not(self._seen(seat), action, by_kind=said is not None)
            raise IllegalActionError(f"seat {seat} may not {text} now: {why}")

    def _compute_legal(self, seat: int) -> Sequence[protocol.Action]:
        phase = self._phase
        if phase == "turn":
            return self._turn_legal(seat)
        if phase == "claim" or phase == "rob":
            return self._window_legal[seat]
        if phase == "declare":
            return list(_DECLARE)
        if phase == "exchange":
            return self._exchange_legal(seat)
        return []

    def _apply(self, seat: int, action: protocol.Action) -> None:
        phase = self._phase
        if phase == "claim" or phase == "rob":
            answers = self._answers
            answers[seat] = action
            if len(answers) < len(self._responders):
                # An answer that leaves others to answer changes nothing else:
                # the other seats' legal actions and the seat-independent
                # part of the observations stay as they are.
                self._to_act_t = tuple([s for s in self._to_act_t if s != seat])
                return
        self._legal_cache = {}
        self._obs_base = None
        if phase == "turn":
            if isinstance(action, Discard):
                self._do_discard(seat, action.tile)
            elif isinstance(action, Kong):
                self._do_turn_kong(seat, action.kind)
            else:
                self._do_self_draw_win(seat)
        elif phase == "claim":
            self._resolve_claims()
        elif phase == "rob":
            self._resolve_rob()
        elif phase == "declare":
            assert isinstance(action, Declare)
            self._missing[seat] = SUITS.index(action.suit)
            self._event("declare", seat)
            if all(m >= 0 for m in self._missing):
                self._event("reveal", -1, detail=" ".join(SUITS[m] for m in self._missing))
                for s in range(4):
                    if s != self._dealer:
                        self._refresh_waits(s)
                self._phase = "turn"
                self._start_turn(self._dealer, draw=False)
        else:
            assert isinstance(action, Exchange)
            self._exchange_choice[seat] = action.tiles
            self._event("exchange_choose", seat)
            if all(self._exchange_choice):
                self._resolve_exchange()
        self._to_act_t = self._compute_to_act()

    # -- helpers -----------------------------------------------------------
    def _event(self, type_: str, seat: int, tile: int = -1, detail: str = "") -> None:
        self._events.append((type_, seat, tile, detail))

    def _pay(self, payer: int, payee: int, amount: int, reason: str) -> int:
        self._ledger.append(Payment(payer, payee, amount, reason))
        self._ledger_t = None
        return len(self._ledger) - 1

    def _holds_missing(self, seat: int) -> bool:
        m = self._missing[seat]
        return m >= 0 and self._suit_n[seat][m] > 0

    def _hand(self, seat: int) -> Hand:
        # The engine's state is always a valid hand, so build it without
        # Hand.__init__'s checks, from the incrementally kept packed key.
        h = self._hand_obj[seat]
        if h is None:
            h = _fast_hand(
                tuple(self._counts[seat]),
                self._meld_objs[seat],
                self._packed[seat],
                self._meld_bytes[seat],
                self._meld_suit_bits[seat],
                len(self._tiles[seat]) + 3 * len(self._meld_objs[seat]),
            )
            self._hand_obj[seat] = h
        return h

    def _sorted_tiles(self, seat: int) -> tuple[int, ...]:
        t = self._hand_t[seat]
        if t is None:
            t = tuple(sorted(self._tiles[seat]))
            self._hand_t[seat] = t
        return t

    def _remaining(self) -> int:
        return self._back - self._front + 1

    def _active(self) -> list[int]:
        return [s for s in range(4) if not self._won[s]]

    def _next_active(self, seat: int) -> int:
        for i in range(1, 5):
            s = (seat + i) % 4
            if not self._won[s]:
                return s
        return seat

    def _add_tile(self, seat: int, tile: int) -> None:
        self._tiles[seat].add(tile)
        kind = tile >> 2
        self._counts[seat][kind] += 1
        self._suit_n[seat][kind // 9] += 1
        self._packed[seat] += _PACK_DELTA[kind]
        self._hand_t[seat] = None
        self._hand_obj[seat] = None

    def _remove_tile(self, seat: int, tile: int) -> None:
        self._tiles[seat].remove(tile)
        kind = tile >> 2
        self._counts[seat][kind] -= 1
        self._suit_n[seat][kind // 9] -= 1
        self._packed[seat] -= _PACK_DELTA[kind]
        self._hand_t[seat] = None
        self._hand_obj[seat] = None

    def _lowest(self, seat: int, kind: int, n: int) -> list[int]:
        held = self._tiles[seat]
        return [t for t in range(kind * 4, kind * 4 + 4) if t in held][:n]

    def _refresh_waits(self, seat: int) -> None:
        # Called whenever the seat holds 13 tiles (kongs counting 3).
        m = self._missing[seat]
        if m >= 0 and self._suit_n[seat][m]:
            self._waits[seat] = _NO_WAITS
            return
        ws = _ev.waits(self._hand(seat), missing_suit=SUITS[m] if m >= 0 else None)
        found = _WAIT_SETS.get(ws)
        if found is None:
            found = frozenset(_KIND_INDEX[w] for w in ws)
            _WAIT_SETS[ws] = found
        self._waits[seat] = found

    def _set_meld_objs(self, seat: int) -> None:
        melds = tuple(Meld(m[0], m[1]) for m in self._melds[seat])
        self._meld_objs[seat] = melds
        self._meld_t[seat] = None
        self._melds_view = [None] * 4
        self._hand_obj[seat] = None
        if melds:
            mc = [0] * KINDS
            for m in melds:
                mc[m.kind] += m.size
            self._meld_bytes[seat] = bytes(mc)
        else:
            self._meld_bytes[seat] = None
        self._meld_suit_bits[seat] = sum({1 << (m.kind // 9) for m in melds})

    # -- exchange and declaration -----------------------------------------
    def _exchange_legal(self, seat: int) -> list[protocol.Action]:
        return _exchange_choices(sorted(self._tiles[seat]))

    def _resolve_exchange(self) -> None:
        assert self._direction is not None
        step = _DIRECTION_STEP[self._direction]
        for s in range(4):
            for t in self._exchange_choice[s]:
                self._remove_tile(s, t)
        for s in range(4):
            to = (s + step) % 4
            self._received[to] = self._exchange_choice[s]
            for t in self._exchange_choice[s]:
                self._add_tile(to, t)
        self._exchange_done = True
        self._event("exchange", -1, detail=f"tiles pass to the {self._direction} player")
        self._phase = "declare"

    # -- turns --------------------------------------------------------------
    def _start_turn(self, seat: int, *, draw: bool) -> None:
        self._cur = seat
        self._phase = "turn"
        self._after_pung = False
        self._replacement = False
        self._drew_last = False
        self._drawn = -1
        self._drawn_tile = -1
        self._turn_kongs = []
        if draw:
            if self._front > self._back:
                self._exhaust()
                return
            tile = self._wall_order[self._front]
            self._front += 1
            self._take_drawn(seat, tile)
            self._events.append(("draw", seat, tile, ""))

    def _take_drawn(self, seat: int, tile: int) -> None:
        self._add_tile(seat, tile)
        self._drawn = tile >> 2
        self._drawn_tile = tile
        if self._front > self._back:
            self._drew_last = True
            self._last_drawer = seat

    def _replacement_draw(self, seat: int) -> None:
        tile = self._wall_order[self._back]
        self._back -= 1
        self._take_drawn(seat, tile)
        self._replacement = True
        self._event("replacement", seat, tile)

    def _turn_legal(self, seat: int) -> list[protocol.Action]:
        counts = self._counts[seat]
        m = self._missing[seat]
        if m >= 0 and self._suit_n[seat][m]:
            return [_DISCARD[t] for t in self._sorted_tiles(seat) if t // 36 == m]
        out: list[protocol.Action] = []
        if not self._after_pung:
            if self._drawn >= 0:
                if self._drawn in self._waits[seat]:
                    out.append(_WIN)
            elif _ev.is_complete(self._hand(seat), missing_suit=m):
                out.append(_WIN)
            if self._front <= self._back:
                if 4 in counts:
                    for k in range(KINDS):
                        if counts[k] == 4 and k // 9 != m:
                            out.append(_KONG[k])
                for meld in self._melds[seat]:
                    if meld[1] == "pung" and counts[meld[0]]:
                        out.append(_KONG[meld[0]])
        out.extend([_DISCARD[t] for t in self._sorted_tiles(seat)])
        return out

    def _do_discard(self, seat: int, tile: int) -> None:
        self._remove_tile(seat, tile)
        self._refresh_waits(seat)
        info: DiscardInfo = _new_obs(DiscardInfo)
        _set_obs_dict(info, "__dict__", {"seat": seat, "tile": tile, "taken": "", "by": ()})
        self._discards.append(info)  # DiscardInfo(seat, tile), built without __init__
        self._disc_t = None
        self._event("discard", seat, tile)
        last = self._last_drawer == seat
        if last:
            self._last_drawer = -1
        self._open_window("claim", seat, tile, last)

    def _open_window(self, phase: Phase, seat: int, tile: int, last: bool) -> None:
        self._phase = phase
        self._offer = tile
        self._offer_from = seat
        self._offer_last = last
        self._answers = {}
        kind = tile >> 2
        suit = kind // 9
        responders = []
        legal: dict[int, tuple[protocol.Action, ...]] = {}
        can_kong = self._front <= self._back
        won = self._won
        for s in _OTHERS[seat]:
            if won[s]:
                continue
            responders.append(s)
            win = kind in self._waits[s]
            ms = self._missing[s]
            c = self._counts[s][kind]
            if c >= 2 and phase == "claim" and ms != suit and not (ms >= 0 and self._suit_n[s][ms]):
                acts: list[protocol.Action] = [_PASS, _WIN] if win else [_PASS]
                acts.append(_PUNG[kind])
                if c >= 3 and can_kong:
                    acts.append(_KONG[kind])
                legal[s] = tuple(acts)
            else:
                legal[s] = _PASS_WIN if win else _PASS_ONLY
        self._responders = tuple(responders)
        self._window_legal = legal

    def _winners_of_window(self) -> list[int]:
        return [
            s
            for s in self._responders
            if self._answers[s] is _WIN or isinstance(self._answers[s], Win)
        ]

    def _resolve_claims(self) -> None:
        seat, tile = self._offer_from, self._offer
        answers = list(self._answers.values())
        if answers.count(_PASS) == len(answers):
            # Everyone passed: the discard stays and the next seat draws.
            self._disc_t = None
            self._next_turn(self._next_active(seat))
            return
        kind = tile >> 2
        winners = self._winners_of_window()
        index = len(self._discards) - 1
        self._disc_t = None
        if winners:
            self._discards[index] = DiscardInfo(seat, tile, "win", tuple(winners))
            for w in winners:
                self._event("win", w, tile, f"on the discard of seat {seat}")
                self._settle_win(
                    w, tile, self_draw=False, payer=seat, robbed=False, last=self._offer_last
                )
            if self.rules.call_transfer and self._turn_kongs:
                self._call_transfer(seat, winners[0])
            self._after_wins(winners[-1])
            return
        for s in self._responders:
            a = self._answers[s]
            if isinstance(a, (Pung, Kong)):
                self._event("pung" if isinstance(a, Pung) else "kong", s, tile, f"from seat {seat}")
                self._discards[index] = DiscardInfo(
                    seat, tile, "pung" if isinstance(a, Pung) else "kong", (s,)
                )
                size = 2 if isinstance(a, Pung) else 3
                own = self._lowest(s, kind, size)
                for t in own:
                    self._remove_tile(s, t)
                tiles = tuple(sorted([tile, *own]))
                if isinstance(a, Pung):
                    self._melds[s].append([kind, "pung", tiles, seat, False])
                    self._set_meld_objs(s)
                    self._start_turn(s, draw=False)
                    self._after_pung = True
                else:
                    self._melds[s].append([kind, "kong", tiles, seat, False])
                    self._set_meld_objs(s)
                    self._start_turn(s, draw=False)
                    entry = self._kong_pay([seat], s, 2, "exposed_kong")
                    self._turn_kongs.append(entry)
                    self._refresh_waits(s)
                    self._replacement_draw(s)
                return
        self._next_turn(self._next_active(seat))

    def _next_turn(self, seat: int) -> None:
        self._offer = -1
        self._offer_from = -1
        self._start_turn(seat, draw=True)

    def _after_wins(self, last_winner: int) -> None:
        self._offer = -1
        self._offer_from = -1
        if len(self._winners) >= 3:
            self._finish()
            return
        self._start_turn(self._next_active(last_winner), draw=True)

    def _kong_pay(self, payers: list[int], konger: int, amount: int, reason: str) -> list[int]:
        entries = []
        for p in payers:
            self._pay(p, konger, amount, reason)
            self._kong_income.append([p, konger, amount, 1])
            entries.append(len(self._kong_income) - 1)
        return entries

    def _call_transfer(self, konger: int, winner: int) -> None:
        for entries in self._turn_kongs:
            total = 0
            for e in entries:
                rec = self._kong_income[e]
                if rec[3]:
                    total += rec[2]
                    rec[3] = 0
            if total:
                self._pay(konger, winner, total, "call_transfer")
        self._turn_kongs = []

    def _do_turn_kong(self, seat: int, kind: int) -> None:
        counts = self._counts[seat]
        others = [s for s in range(4) if s != seat and not self._won[s]]
        if counts[kind] == 4:
            tiles = tuple(self._lowest(seat, kind, 4))
            for t in tiles:
                self._remove_tile(seat, t)
            self._melds[seat].append([kind, "concealed_kong", tiles, None, False])
            self._set_meld_objs(seat)
            self._event("kong", seat, -1, "concealed")
            self._turn_kongs.append(self._kong_pay(others, seat, 2, "concealed_kong"))
            self._refresh_waits(seat)
            self._replacement_draw(seat)
            return
        # Added kong: open the robbing window first.
        tile = self._lowest(seat, kind, 1)[0]
        self._event("kong", seat, tile, "added; others may rob it")
        self._open_window("rob", seat, tile, False)
        if not self._responders:  # pragma: no cover - three winners end the game first
            self._resolve_rob()

    def _resolve_rob(self) -> None:
        seat, tile = self._offer_from, self._offer
        kind = tile >> 2
        robbers = self._winners_of_window()
        if robbers:
            self._remove_tile(seat, tile)
            self._refresh_waits(seat)
            self._discards.append(DiscardInfo(seat, tile, "robbed", tuple(robbers)))
            self._disc_t = None
            self._event("rob_fail", seat, tile, "the kong is robbed and fails")
            for w in robbers:
                self._event("win", w, tile, f"robbing the kong of seat {seat}")
                self._settle_win(w, tile, self_draw=False, payer=seat, robbed=True, last=False)
            if self.rules.call_transfer and self._turn_kongs:
                self._call_transfer(seat, robbers[0])
            self._after_wins(robbers[-1])
            return
        self._remove_tile(seat, tile)
        for meld in self._melds[seat]:
            if meld[0] == kind and meld[1] == "pung":
                meld[1] = "kong"
                meld[2] = tuple(sorted([*meld[2], tile]))
                meld[4] = True
                break
        self._set_meld_objs(seat)
        self._offer = -1
        self._offer_from = -1
        self._phase = "turn"
        self._legal_cache = {}
        others = [s for s in range(4) if s != seat and not self._won[s]]
        self._turn_kongs.append(self._kong_pay(others, seat, 1, "added_kong"))
        self._refresh_waits(seat)
        self._replacement_draw(seat)

    def _do_self_draw_win(self, seat: int) -> None:
        self._event("win", seat, -1, "self-drawn")
        self._settle_win(seat, -1, self_draw=True, payer=-1, robbed=False, last=self._drew_last)
        if self._drew_last:
            self._last_drawer = -1
        self._after_wins(seat)

    # -- settlement ----------------------------------------------------------
    def _settle_win(
        self, seat: int, tile: int, *, self_draw: bool, payer: int, robbed: bool, last: bool
    ) -> None:
        if self_draw:
            hand = self._hand(seat)
            win_kind = self._drawn if self._drawn >= 0 else None
        else:
            counts = list(self._counts[seat])
            counts[tile >> 2] += 1
            hand = Hand(counts, self._meld_objs[seat])
            win_kind = tile >> 2
        doubles = self.rules.self_draw_doubles
        sc = _ev.score(
            hand,
            self_draw=self_draw and doubles,
            kong_replacement=self_draw and self._replacement,
            robbed_kong=robbed,
            last_tile=last,
            win_tile=win_kind,
            rules=self.rules,
        )
        self._won[seat] = True
        self._winners.append(seat)
        concealed = tuple(sorted(self._tiles[seat]))
        self._win_hands[seat] = concealed if self_draw else tuple(sorted([*concealed, tile]))
        if self_draw:
            payers = [s for s in range(4) if s != seat and not self._won[s]]
            amount = sc.points + (0 if doubles else 1)
            reason = "self_draw"
        else:
            payers = [payer]
            amount = sc.points
            reason = "robbed_kong" if robbed else "discard_win"
        for p in payers:
            self._pay(p, seat, amount, reason)
        self._wins.append(
            {
                "seat": seat,
                "how": reason,
                "from": payer,
                "tile": tile,
                "hand": str(hand),
                "fan": sc.fan,
                "points": sc.points,
                "patterns": list(sc.patterns),
            }
        )

    def _exhaust(self) -> None:
        self._exhausted = True
        self._event("exhaustion", -1)
        active = self._active()
        ready = {s: bool(self._waits[s]) and not self._holds_missing(s) for s in active}
        # 1. Refund: every active player that is not ready pays back its kong income.
        for s in active:
            if ready[s]:
                continue
            for rec in self._kong_income:
                if rec[1] == s and rec[3]:
                    self._pay(s, rec[0], rec[2], "refund")
                    rec[3] = 0
        # 2. Flower pigs pay every player that is not a flower pig.
        pigs = [s for s in active if self._holds_missing(s)]
        for p in pigs:
            for s in range(4):
                if s != p and s not in pigs and self.rules.flower_pig_penalty:
                    self._pay(p, s, self.rules.flower_pig_penalty, "flower_pig")
        # 3. Not ready: each active non-ready, non-pig player pays each ready player.
        ready_seats = [s for s in active if ready[s]]
        payers = [s for s in active if not ready[s] and s not in pigs]
        if ready_seats and payers:
            best = {}
            for r in ready_seats:
                m = self._missing[r]
                best[r] = _ev.best_win(
                    self._hand(r), missing_suit=m if m >= 0 else None, rules=self.rules
                )
            for p in payers:
                for r in ready_seats:
                    if best[r]:
                        self._pay(p, r, best[r], "not_ready")
        self._finish()

    def _finish(self) -> None:
        self._phase = "over"
        self._offer = -1
        self._offer_from = -1
        self._legal_cache = {}
        self._meld_t = [None] * 4
        self._melds_view = [None] * 4
        self._event("end", -1)

    # -- views ---------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """The readable event log, in order (see :class:`Event`)."""
        return tuple(Event(*e) for e in self._events)

    @property
    def wins(self) -> tuple[dict[str, Any], ...]:
        """Every win so far, in order: seat, how (``discard_win``, ``robbed_kong``,
        ``self_draw``), from (payer seat or -1), tile (-1 for a self-draw),
        hand, fan, points and patterns."""
        return tuple(dict(w) for w in self._wins)

    @property
    def ledger(self) -> tuple[Payment, ...]:
        """Every payment so far, in order."""
        return tuple(self._ledger)

    @property
    def phase(self) -> Phase:
        """``exchange``, ``declare``, ``turn``, ``claim``, ``rob`` or ``over``."""
        return self._phase

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def wall_remaining(self) -> int:
        """Tiles left in the wall."""
        return self._remaining()

    def hand(self, seat: int) -> Hand:
        """Seat ``seat``'s hand (concealed tiles and melds) as a :class:`Hand`.

        This is the referee's view; bots should use :meth:`observation`.
        """
        self._check_seat(seat)
        return self._hand(seat)

    def tiles(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s concealed physical tiles, sorted (referee's view)."""
        self._check_seat(seat)
        return tuple(sorted(self._tiles[seat]))

    def missing_suit(self, seat: int) -> str | None:
        """The suit ``seat`` declared missing (``None`` before it declares)."""
        self._check_seat(seat)
        m = self._missing[seat]
        return SUITS[m] if m >= 0 else None

    def _wait_kinds(self, seat: int) -> frozenset[int]:
        # The kinds the engine counts as seat's waits (for the tests).
        return self._waits[seat]

    def _meld_views(self, seat: int, viewer: int) -> tuple[MeldInfo, ...]:
        cached = self._meld_t[seat]
        if cached is None:
            over = self._phase == "over"
            own: list[MeldInfo] = []
            seen: list[MeldInfo] = []
            for kind, mtype, tiles, src, added in self._melds[seat]:
                info = MeldInfo(mtype, kind, tiles, src, added)
                own.append(info)
                hidden = mtype == "concealed_kong" and not over
                seen.append(MeldInfo(mtype, None, (), None) if hidden else info)
            cached = (tuple(own), tuple(seen))
            self._meld_t[seat] = cached
        return cached[0] if viewer == seat else cached[1]

    def _observation(self, seat: int) -> SichuanObservation:
        base = self._obs_base
        if base is None:
            base = self._observation_base()
            self._obs_base = base
        # The base holds every field in the dataclass's order, with the
        # seat-dependent ones at their "nothing" values; overwriting keys of a
        # copy keeps that order, so the result is what __init__ would build.
        d = base.copy()
        d["seat"] = seat
        to_act = self._to_act_t
        d["to_act"] = to_act
        hand = self._hand_t[seat]
        d["hand"] = self._sorted_tiles(seat) if hand is None else hand
        if seat == self._cur and base["phase"] == "turn":
            d["drawn"] = self._drawn_tile
        melds = self._melds_view[seat]
        if melds is None:
            melds = (
                self._meld_views(0, seat),
                self._meld_views(1, seat),
                self._meld_views(2, seat),
                self._meld_views(3, seat),
            )
            self._melds_view[seat] = melds
        d["melds"] = melds
        if base["missing"] is None:
            d["missing"] = tuple(
                SUITS[m] if m >= 0 and s == seat else None for s, m in enumerate(self._missing)
            )
        if self._exchange_choice[seat]:
            d["exchange"] = self._exchange_choice[seat]
        if self._received[seat]:
            d["received"] = self._received[seat]
        if seat in to_act:
            d["legal_actions"] = self._legal_tuple(seat)
        obs: SichuanObservation = _new_obs(SichuanObservation)
        _set_obs_dict(obs, "__dict__", d)
        return obs

    def _observation_base(self) -> dict[str, Any]:
        phase = self._phase
        ms = self._missing
        missing: tuple[str | None, ...] | None = None
        if ms[0] >= 0 and ms[1] >= 0 and ms[2] >= 0 and ms[3] >= 0:
            missing = (SUITS[ms[0]], SUITS[ms[1]], SUITS[ms[2]], SUITS[ms[3]])
        public: tuple[tuple[int, ...] | None, ...] = (
            tuple(self._sorted_tiles(s) for s in range(4))
            if phase == "over"
            else tuple(self._win_hands)
        )
        if self._disc_t is None:
            self._disc_t = tuple(self._discards)
        if self._ledger_t is None:
            self._ledger_t = tuple(self._ledger)
        offering = phase == "claim" or phase == "rob"
        tiles = self._tiles
        return {
            "seat": -1,
            "phase": phase,
            "dealer": self._dealer,
            "current": self._cur,
            "to_act": (),
            "wall_remaining": self._back - self._front + 1,
            "hand": (),
            "drawn": -1,
            "hand_sizes": (len(tiles[0]), len(tiles[1]), len(tiles[2]), len(tiles[3])),
            "melds": (),
            "discards": self._disc_t,
            "missing": missing,
            "declared": (ms[0] >= 0, ms[1] >= 0, ms[2] >= 0, ms[3] >= 0),
            "won": tuple(self._won),
            "winners": tuple(self._winners),
            "public_hands": public,
            "on_offer": self._offer if offering else -1,
            "offer_from": self._offer_from if offering else -1,
            "ledger": self._ledger_t,
            "exchange": (),
            "received": (),
            "exchange_direction": self._direction if self._exchange_done else None,
            "legal_actions": (),
        }

    def _result(self) -> Result:
        details = {
            "exhausted": self._exhausted,
            "wins": list(self._wins),
            "missing": [SUITS[m] if m >= 0 else None for m in self._missing],
            "hands": [str(self._hand(s)) for s in range(4)],
            "ready": [bool(self._waits[s]) and not self._won[s] for s in range(4)],
        }
        return Result(_net_scores(self._ledger), tuple(self._winners), tuple(self._ledger), details)


_KIND_INDEX = {kind_text(k): k for k in range(KINDS)}
_NO_WAITS: frozenset[int] = frozenset()
# Wait tuples (kind texts) as kind sets; there are few distinct ones.
_WAIT_SETS: dict[tuple[str, ...], frozenset[int]] = {(): _NO_WAITS}
# What one tile of a kind adds to Hand's packed suit keys (5 ** rank in the suit's 21 bits).
_PACK_DELTA = PACK_DELTA

_OBS_FIELD_NAMES = frozenset(SichuanObservation.__dataclass_fields__)
_new_obs = object.__new__
_set_obs_dict = object.__setattr__
_fast_hand = trusted_hand


@dataclass(frozen=True)
class _Seen:
    # What the text reader and the refusal messages need to know of one
    # seat; each engine builds it from its own state (Game._seen), so both
    # read text and explain refusals with the same code.
    phase: Phase
    held: tuple[int, ...]  # concealed physical tiles, ascending
    drawn: int  # the tile it drew this turn, or -1
    missing: int  # its missing suit's index, or -1
    offer: int  # the tile on offer in a claim or rob window
    offer_from: int
    after_pung: bool
    wall: int  # tiles left in the wall
    pungs: tuple[int, ...]  # kinds of its exposed pungs
    legal: tuple[protocol.Action, ...]


def _copies(seen: _Seen, kind: int) -> list[int]:
    return [t for t in seen.held if t >> 2 == kind]


def _resolve(seat: int, read: _KindText, seen: _Seen) -> protocol.Action:
    # The physical action kind-level text means for this seat now (the rule
    # is documented in Game.parse_action); IllegalActionError if none.
    def refuse(why: str) -> IllegalActionError:
        return IllegalActionError(f"seat {seat} may not {read.text} now: {why}")

    if read.verb == "discard":
        kind = read.kinds[0]
        copies = _copies(seen, kind)
        if seen.drawn >= 0 and seen.drawn >> 2 == kind:
            return _DISCARD[seen.drawn]
        # With no copy held, any copy gets the refusal that explains the phase.
        return _DISCARD[copies[-1] if copies else kind * 4]
    if read.verb == "exchange":
        if seen.phase != "exchange":
            raise refuse(_why_not(seen, Exchange((0, 1, 2))))
        chosen = list(read.tiles)
        for kind in read.kinds:
            free = [t for t in _copies(seen, kind) if t not in chosen]
            if not free:
                held = len(_copies(seen, kind))
                named = read.kinds.count(kind) + sum(t >> 2 == kind for t in read.tiles)
                name = kind_text(kind)
                if not held:
                    raise refuse(f"it holds no {name}")
                raise refuse(f"the text names {named} {name}, and it holds only {held}")
            chosen.append(free[-1])
        tiles = sorted(chosen)
        return Exchange((tiles[0], tiles[1], tiles[2]))
    # A bare pung or kong.
    if seen.phase in ("claim", "rob"):
        kind = seen.offer >> 2
        return _PUNG[kind] if read.verb == "pung" else _KONG[kind]
    if read.verb == "kong" and seen.phase == "turn":
        kongs = [a for a in seen.legal if a.__class__ is Kong]
        if len(kongs) == 1:
            return kongs[0]
        if kongs:
            raise refuse("say which: " + " or ".join(str(a) for a in kongs))
        raise refuse(_no_kong(seen))
    if seen.phase == "turn":
        raise refuse("nothing is on offer: pung answers another seat's discard")
    raise refuse(_why_not(seen, _PUNG[0]))


def _no_kong(seen: _Seen) -> str:
    # Why a seat on its turn may declare no kong at all.
    if seen.missing >= 0 and any(t // 36 == seen.missing for t in seen.held):
        return _missing_first(seen, "kong")
    if seen.after_pung:
        return "after a pung it must discard"
    if seen.wall == 0:
        return "the wall is empty, and a kong needs a replacement tile from it"
    return "it holds no four of a kind, nor the fourth tile of a pung it has exposed"


def _missing_first(seen: _Seen, verb: str) -> str:
    held = " ".join(kind_text(t >> 2) for t in seen.held if t // 36 == seen.missing)
    return (
        f"it still holds tiles of its missing suit {SUITS[seen.missing]} ({held}): "
        f"it may not {verb} before it has discarded them"
    )


def _why_not(seen: _Seen, action: protocol.Action, *, by_kind: bool = False) -> str:
    # Why a seat that is to act may not take ``action``, which is not among
    # its legal actions, in words a newcomer can act on.
    phase = seen.phase
    cls = action.__class__
    if phase == "exchange":
        example = seen.legal[0] if seen.legal else None
        if cls is not Exchange:
            hint = f" (e.g. {_kind_words(example)})" if example is not None else ""
            return f"each seat first chooses three tiles of one suit to pass on{hint}"
        assert isinstance(action, Exchange)
        absent = [_TILE_NAMES[t] for t in action.tiles if t not in seen.held]
        if absent:
            return f"{' '.join(absent)} {'is' if len(absent) == 1 else 'are'} not in its hand"
        return "the three tiles must be of one suit"
    if cls is Exchange:
        return "tiles are exchanged only at the start of a game with the exchange-three rule"
    if phase == "declare":
        return "each seat first declares its missing suit: declare m, declare p or declare s"
    if cls is Declare:
        return "its missing suit is declared already"
    holds_missing = seen.missing >= 0 and any(t // 36 == seen.missing for t in seen.held)
    if phase == "turn":
        if cls is Discard:
            assert isinstance(action, Discard)
            tile, kind = action.tile, action.tile >> 2
            if tile not in seen.held:
                copies = _copies(seen, kind)
                if by_kind or not copies:
                    return f"it holds no {kind_text(kind)}"
                names = " ".join(_TILE_NAMES[t] for t in copies)
                return (
                    f"{_TILE_NAMES[tile]} is not in its hand; it holds {names} "
                    f"(or write discard {kind_text(kind)})"
                )
            held = " ".join(kind_text(t >> 2) for t in seen.held if t // 36 == seen.missing)
            return (
                f"a tile of its missing suit {SUITS[seen.missing]} must be discarded "
                f"first (it holds {held})"
            )
        if cls is Win or cls is Kong:
            if holds_missing:
                return _missing_first(seen, "win" if cls is Win else "kong")
            if seen.after_pung:
                return "after a pung it must discard"
            if isinstance(action, Kong):
                return _why_no_kong_of(seen, action.kind)
            if seen.drawn >= 0:
                return f"its hand with the {kind_text(seen.drawn >> 2)} it drew is not complete"
            return "its hand is not complete"
        return "pung and pass answer another seat's discard; on its turn it may win, kong, discard"
    if phase in ("claim", "rob"):
        kind = seen.offer >> 2
        offered = kind_text(kind)
        what = "discarded" if phase == "claim" else "added to a pung"
        answers = ", ".join(str(a) for a in seen.legal)
        if isinstance(action, (Pung, Kong)) and action.kind != kind:
            return f"the tile on offer is {offered}, not {kind_text(action.kind)}"
        if phase == "rob" and cls in (Pung, Kong):
            return "a kong being added can only be robbed (win) or let be (pass)"
        if cls in (Pung, Kong, Win):
            if holds_missing:
                return _missing_first(seen, str(action).split()[0])
            if cls is Win:
                return f"{offered} does not complete its hand"
            if kind // 9 == seen.missing:
                return f"{offered} is of its missing suit {SUITS[seen.missing]}"
            n = len(_copies(seen, kind))
            if cls is Pung:
                return f"a pung needs two {offered} in its hand, and it holds {n}"
            if n >= 3:
                return "the wall is empty, and a kong needs a replacement tile from it"
            return f"a kong of a discard needs three {offered} in its hand, and it holds {n}"
        return f"seat {seen.offer_from} has {what} {offered}; it may only answer: {answers}"
    return f"the {phase} phase is on"


def _why_no_kong_of(seat_seen: _Seen, kind: int) -> str:
    if seat_seen.wall == 0:
        return "the wall is empty, and a kong needs a replacement tile from it"
    n = len(_copies(seat_seen, kind))
    name = kind_text(kind)
    if kind in seat_seen.pungs:
        return f"an added kong needs the fourth {name} in its hand to add to its pung"
    return f"a concealed kong needs all four {name} in its hand, and it holds {n}"


def _kind_words(action: protocol.Action) -> str:
    # An action as a player writes it: kinds, without copy numbers.
    return " ".join(part.split("#")[0] for part in str(action).split())


def _net_scores(ledger: Sequence[Payment]) -> tuple[int, ...]:
    scores = [0, 0, 0, 0]
    for p in ledger:
        scores[p.payer] -= p.amount
        scores[p.payee] += p.amount
    return tuple(scores)


def _exchange_choices(held: Sequence[int]) -> list[protocol.Action]:
    # Every three of the ascending tiles ``held`` of one suit, in the order
    # legal_actions lists them.
    out: list[protocol.Action] = []
    for suit in range(3):
        ts = [t for t in held if t // 36 == suit]
        n = len(ts)
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    out.append(Exchange((ts[i], ts[j], ts[k])))
    return out


def _check_wall(wall: Any) -> list[int]:
    try:
        order = list(wall)
    except TypeError:
        raise ValueError(f"the wall must be a sequence of 108 tile ids, not {wall!r}") from None
    if len(order) != TILES:
        raise ValueError(f"the wall must hold all 108 tiles, not {len(order)}")
    for t in order:
        if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < TILES:
            raise ValueError(f"the wall holds {t!r}, which is not a tile id 0..107")
    if len(set(order)) != TILES:
        raise ValueError("the wall is not a permutation of 0..107 (a tile repeats)")
    return order
