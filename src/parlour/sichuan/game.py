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

The game's state lives in an engine object chosen at construction
(``engine=``): the C state machine (:mod:`parlour.sichuan.engine_c`) or the
plain pure-Python one (:mod:`parlour.sichuan.engine_py`), which is its
reference and lock-step twin. By default it follows the live backend
(:data:`parlour.backend`, ``PARLOUR_BACKEND``); either gives the same game.

>>> Game(seed=7, engine="python").record() == Game(seed=7).record()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from parlour import _backend, protocol
from parlour._codes.sichuan import SG_AID_DISCARD, SG_AID_EXCHANGE, SG_AID_WIN, SG_PHASE_NAMES
from parlour.errors import IllegalActionError, NotationError, RecordError
from parlour.protocol import Payment, Result
from parlour.sichuan import table as _table
from parlour.sichuan.engine import SichuanEngine
from parlour.sichuan.engine_c import CEngine
from parlour.sichuan.engine_py import PyEngine
from parlour.sichuan.hand import Hand
from parlour.sichuan.ids import (
    EXCHANGE_KINDS,
    NUM_ACTION_IDS,
    action_id,
    choose_discard,
    choose_exchange,
)
from parlour.sichuan.rules import DEFAULT_RULES, Rules
from parlour.sichuan.text import KindText, Seen, read_action, resolve, seen_of, why_not
from parlour.sichuan.tiles import SUITS, TILES
from parlour.sichuan.values import (
    ACTION_CLASSES,
    ACTION_TYPES,
    DIRECTIONS,
    Declare,
    Direction,
    Discard,
    DiscardInfo,
    Event,
    Exchange,
    Kong,
    MeldInfo,
    Pass,
    Phase,
    Pung,
    SichuanObservation,
    Win,
    parse_tile,
    tile_name,
)

__all__ = [
    "ACTION_TYPES",
    "Declare",
    "Discard",
    "DiscardInfo",
    "Event",
    "EngineName",
    "Exchange",
    "Game",
    "Kong",
    "MeldInfo",
    "Pass",
    "Pung",
    "SichuanObservation",
    "Win",
    "parse_tile",
    "tile_name",
]

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

#: The engines a game can run on: the C state machine or the pure-Python one.
EngineName = Literal["c", "python"]
_ENGINES: dict[str, type[CEngine] | type[PyEngine]] = {"c": CEngine, "python": PyEngine}


class Game(protocol.EngineGame):
    """One deal of Sichuan "Bloody Battle" mahjong.

    ``Game(rules=None, *, seed=None, dealer=0, wall=None, engine=None)``:
    ``wall`` is an explicit deal order (a permutation of the 108 physical
    ids: the dealer takes the first 14, each following seat the next 13,
    draws continue from position 53, kong replacements come from position
    107 backwards); without it the tiles are shuffled by the game's own
    generator seeded by ``seed``. ``dealer`` is a seat or ``"random"``
    (drawn from the seed). ``engine`` is ``"c"`` (the C state machine;
    ``ImportError`` without the compiled module) or ``"python"`` (the plain
    pure-Python one); ``None`` takes the live backend's. Copies, clones,
    pickles and replays of :meth:`from_record` keep the engine; everything
    else is the same on both.
    """

    name: ClassVar[str] = "sichuan"
    rules_class: ClassVar[type[protocol.Rules]] = Rules
    num_players = 4
    rules: Rules
    #: The size of the action-id space (:mod:`parlour.sichuan.ids`), the same
    #: for every rules variant: the exchange ids exist even without the
    #: exchange-three rule (they are never legal then).
    num_action_ids = NUM_ACTION_IDS

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dealer: int | Literal["random"] = 0,
        wall: Any = None,
        engine: EngineName | None = None,
    ) -> None:
        super().__init__()
        rules = protocol.checked_rules(rules, DEFAULT_RULES, "sichuan")
        kind = _engine_class(engine)
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
            direction = DIRECTIONS[rng.randrange(3)]
        self._setup(kind, rules, order, dealer_seat, direction)

    def _setup(
        self,
        kind: type[CEngine] | type[PyEngine],
        rules: Rules,
        order: list[int],
        dealer: int,
        direction: Direction | None,
    ) -> None:
        self.rules = rules
        self._wall = tuple(order)
        self._dealer = dealer
        self._direction = direction
        step = DIRECTIONS.index(direction) + 1 if direction is not None else 0
        self._engine: SichuanEngine = kind(rules, order, dealer, step)

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any, engine: EngineName | None = None) -> Game:
        kind = _engine_class(engine)
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
            if direction not in DIRECTIONS:
                raise RecordError(
                    f"exchange_direction must be one of {list(DIRECTIONS)}, not {direction!r}"
                )
        elif direction is not None:
            raise RecordError("exchange_direction is set but the exchange-three rule is off")
        game = cls.__new__(cls)
        protocol.Game.__init__(game)
        game._setup(kind, rules, order, dealer, direction)
        return game

    def _deal_record(self) -> dict[str, Any]:
        return {
            "wall": list(self._wall),
            "dealer": self._dealer,
            "exchange_direction": self._direction,
        }

    @property
    def engine(self) -> EngineName:
        """The engine the game runs on: ``"c"`` or ``"python"``."""
        return "c" if isinstance(self._engine, CEngine) else "python"

    # The public protocol methods are EngineGame's short cuts (one engine
    # call for a valid call), for actions of these classes.
    _action_classes: ClassVar[frozenset[type]] = ACTION_CLASSES

    if TYPE_CHECKING:  # the short cut, typed for this game's observations

        def observation(self, seat: int) -> SichuanObservation:
            """A frozen view of what ``seat`` knows now."""

    # -- the learning interface ----------------------------------------------
    def legal_mask(self, seat: int) -> NDArray[np.bool_]:
        """A new ``numpy`` bool array of length :attr:`num_action_ids`, true
        at the ids ``seat`` may take now (see :doc:`/learning/sichuan`)."""
        if seat.__class__ is int and 0 <= seat < 4:
            return self._engine.legal_mask(seat)
        self._check_seat(seat)
        raise AssertionError("unreachable")  # pragma: no cover

    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        """Privileged, for centralised critics only: a new ``float32`` array
        of shape :data:`parlour.sichuan.ORACLE_SHAPE` whose leading planes are
        ``observation(seat).to_array()``, followed by what ``seat`` cannot
        see (the other concealed hands, the undrawn wall, the next draws)."""
        if seat.__class__ is int and 0 <= seat < 4:
            return self._engine.oracle_array(seat)
        self._check_seat(seat)
        raise AssertionError("unreachable")  # pragma: no cover

    def _action_id(self, action: protocol.Action) -> int:
        return action_id(action)

    def _actions_of_id(self, seat: int, i: int) -> list[protocol.Action]:
        # Discard and exchange ids name kinds; the copy is the one text
        # naming kinds reads (parse_action): the tile just drawn, else the
        # highest-numbered copies held.
        legal = self._engine.legal(seat)
        chosen: protocol.Action | None
        if SG_AID_DISCARD <= i < SG_AID_WIN:
            chosen = choose_discard(legal, i - SG_AID_DISCARD, self._engine.drawn)
        elif i >= SG_AID_EXCHANGE:
            chosen = choose_exchange(legal, EXCHANGE_KINDS[i - SG_AID_EXCHANGE])
        else:
            chosen = next((a for a in legal if action_id(a) == i), None)
        return [] if chosen is None else [chosen]

    def _running_scores(self) -> tuple[float, ...]:
        # Sichuan pays as it goes: kongs, each win, the settlement at
        # exhaustion; the ledger's net totals are result.scores at the end.
        # The engine's ints as they are: rewards() compares them with the
        # last call's before it makes floats of anything.
        return self._engine.scores()

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
        read = read_action(text)
        if not isinstance(read, KindText):
            return read
        if seat is None:
            seat = self._text_seat()
        elif seat.__class__ is not int or not 0 <= seat < 4:
            self._check_seat(seat)
        return resolve(seat, read, self._seen(seat))

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
            read = read_action(action)
        except NotationError as exc:
            raise IllegalActionError(f"seat {seat}: {exc}") from exc
        to_act = self.to_act
        if seat not in to_act:
            raise IllegalActionError(f"seat {seat} is not to act now (to act: {list(to_act)})")
        if not isinstance(read, KindText):
            self._verify(seat, read)
            return read
        act = resolve(seat, read, self._seen(seat))
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

    def _seen(self, seat: int) -> Seen:
        # What the seat knows, for reading its text and explaining refusals.
        return seen_of(self._engine.observation(seat), self._engine.after_pung)

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
        return self._engine.is_over

    def _to_act(self) -> tuple[int, ...]:
        return self._engine.to_act

    def _legal_actions(self, seat: int) -> list[protocol.Action]:
        return self._engine.legal(seat)

    def _verify(self, seat: int, action: protocol.Action) -> None:
        self._refuse_unless_legal(seat, action)

    def _refuse_unless_legal(
        self, seat: int, action: protocol.Action, said: str | None = None
    ) -> None:
        if action not in self._engine.legal(seat):
            text = str(action) if said is None else said
            why = why_not(self._seen(seat), action, by_kind=said is not None)
            raise IllegalActionError(f"seat {seat} may not {text} now: {why}")

    def _apply(self, seat: int, action: protocol.Action) -> None:
        if not self._engine.apply(seat, action):  # pragma: no cover - _verify accepted it
            raise IllegalActionError(f"seat {seat} may not {action} now")

    def _observation(self, seat: int) -> SichuanObservation:
        return self._engine.observation(seat)

    def _resample(self, seat: int, rng: random.Random) -> Game:
        # Uniform over the placements of the unseen tiles that some history
        # fits: see parlour.sichuan.resample.
        from parlour.sichuan.resample import resample

        twin: Game = resample(self, seat, rng)
        return twin

    def _result(self) -> Result:
        return self._engine.result()

    # -- views ---------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """The readable event log, in order (see :class:`Event`)."""
        return self._engine.events()

    @property
    def wins(self) -> tuple[dict[str, Any], ...]:
        """Every win so far, in order: seat, how (``discard_win``, ``robbed_kong``,
        ``self_draw``), from (payer seat or -1), tile (-1 for a self-draw),
        hand, fan, points and patterns."""
        return self._engine.wins()

    @property
    def ledger(self) -> tuple[Payment, ...]:
        """Every payment so far, in order."""
        return self._engine.ledger()

    @property
    def phase(self) -> Phase:
        """``exchange``, ``declare``, ``turn``, ``claim``, ``rob`` or ``over``."""
        return SG_PHASE_NAMES[self._engine.phase]

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def wall_remaining(self) -> int:
        """Tiles left in the wall."""
        return self._engine.wall_remaining

    def hand(self, seat: int) -> Hand:
        """Seat ``seat``'s hand (concealed tiles and melds) as a :class:`Hand`.

        This is the referee's view; bots should use :meth:`observation`.
        """
        self._check_seat(seat)
        return self._engine.hand(seat)

    def tiles(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s concealed physical tiles, sorted (referee's view)."""
        self._check_seat(seat)
        return self._engine.tiles(seat)

    def missing_suit(self, seat: int) -> str | None:
        """The suit ``seat`` declared missing (``None`` before it declares)."""
        self._check_seat(seat)
        m = self._engine.missing(seat)
        return SUITS[m] if m >= 0 else None

    def _wait_kinds(self, seat: int) -> frozenset[int]:
        # The kinds the engine counts as seat's waits (for the tests).
        return self._engine.waits(seat)


def _engine_class(engine: object) -> type[CEngine] | type[PyEngine]:
    # The engine class named, or the live backend's; ImportError if the C
    # engine is asked for without the compiled module.
    if engine is None:
        engine = _backend.current()
    if engine == "c":
        _backend.load("c")
    if not isinstance(engine, str) or engine not in _ENGINES:
        raise ValueError(f"engine must be 'c', 'python' or None, not {engine!r}")
    return _ENGINES[engine]


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
