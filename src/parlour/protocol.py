"""The common game protocol every parlour game follows.

A game is a deterministic state machine. Seats ``0 .. num_players - 1`` act
when they appear in :attr:`Game.to_act`; each legal move is a frozen, hashable
:class:`Action` whose ``str`` is readable notation. All randomness comes from
the generator the game owns (seeded at construction) or from an explicit deal
order, so :meth:`Game.record` replays exactly through :meth:`Game.from_record`.

Concrete games subclass :class:`Game` and implement the ``_``-prefixed hooks;
the public methods here add validation, history and records on top.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from parlour import records as _records
from parlour.errors import IllegalActionError, NotationError, RecordError

__all__ = [
    "RECORD_FORMAT",
    "Action",
    "Bot",
    "EngineGame",
    "Game",
    "Observation",
    "Payment",
    "Result",
    "Rules",
    "play",
]

#: Version of the game-record format written by :meth:`Game.record`
#: (:data:`parlour.records.RECORD_FORMAT`).
RECORD_FORMAT = _records.RECORD_FORMAT

GameT = TypeVar("GameT", bound="Game")
RulesT = TypeVar("RulesT", bound="Rules")


class Action:
    """Base class of every game's actions.

    Subclasses are frozen dataclasses; ``str(action)`` is the action's
    notation, which the game's ``parse_action`` reads back.
    """

    __slots__ = ()


class Observation:
    """Base class of every game's per-seat view.

    Subclasses are frozen dataclasses holding only what one seat may know.
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the observation (actions as notation)."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]


def _jsonable(value: Any) -> Any:
    if isinstance(value, Action):
        return str(value)
    if isinstance(value, Observation):
        return value.to_dict()
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_jsonable(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


@dataclass(frozen=True)
class Payment:
    """One ledger entry: ``payer`` pays ``payee`` ``amount`` for ``reason``.

    >>> Payment(1, 0, 4, "win")
    Payment(payer=1, payee=0, amount=4, reason='win')
    """

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores[s]`` is seat ``s``'s final number (net ledger total where the
    game has payments); ``winners`` lists the winning seats; ``ledger`` holds
    every payment in the order made (empty where the game has none).
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ledger: tuple[Payment, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the result."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ledger": [[p.payer, p.payee, p.amount, p.reason] for p in self.ledger],
            "details": _jsonable(self.details),
        }


@dataclass(frozen=True)
class Rules:
    """Base class of every game's rules object (a frozen dataclass).

    Subclasses list their options as fields with defaults; ``to_dict`` and
    ``from_dict`` carry them through game records.
    """

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls: type[RulesT], data: Mapping[str, Any]) -> RulesT:
        """Rebuild the rules from :meth:`to_dict` output.

        Unknown keys raise ``ValueError``; lists become tuples.
        """
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule option(s) for {cls.__name__}: {sorted(unknown)}")
        kwargs = {k: _tupled(v) for k, v in data.items()}
        return cls(**kwargs)


def int_option(value: object, name: str, lo: int, hi: int, *, none: bool = False) -> None:
    """Raise ``ValueError`` unless ``value`` is an ``int`` (not a ``bool``)
    in ``lo..hi`` (or ``None`` when ``none``); the rules classes check every
    integer option with it, so both backends take exactly the same values.

    >>> int_option(2**31, "oinks", 0, 1000)
    Traceback (most recent call last):
    ...
    ValueError: oinks must be an int in 0..1000, not 2147483648
    """
    if none and value is None:
        return
    if type(value) is not int or not lo <= value <= hi:
        shown = (
            f"an int of {value.bit_length()} bits"
            if type(value) is int and value.bit_length() > 64
            else _records.brief(value)
        )
        raise ValueError(
            f"{name} must be an int in {lo}..{hi}{' or None' if none else ''}, not {shown}"
        )


def checked_rules(rules: object, default: RulesT, game: str) -> RulesT:
    """``rules``, or ``default`` when it is ``None``.

    Raises ``TypeError`` unless ``rules`` is of ``default``'s class (the
    rules of ``parlour.<game>``).
    """
    if rules is None:
        return default
    if not isinstance(rules, type(default)):
        raise TypeError(f"rules must be a parlour.{game}.Rules, not {type(rules).__name__}")
    return rules


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action: ``act(observation, legal_actions, rng)``."""

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """Return one of ``legal_actions``."""
        ...


class Game(ABC):
    """Base class of the four games: the common protocol.

    Subclasses implement the hooks ``_legal_actions``, ``_apply``,
    ``_observation``, ``_to_act``, ``_result``, ``_deal_record``,
    ``_from_deal`` and ``parse_action``. The base keeps the history of
    applied actions, validates every action before the hook sees it and
    writes and replays records.
    """

    #: Registry name of the game (``"sichuan"``, ...).
    name: ClassVar[str] = ""
    #: The game's rules class.
    rules_class: ClassVar[type[Rules]] = Rules

    num_players: int
    rules: Rules

    def __init__(self) -> None:
        self._history: list[tuple[int, Action]] = []

    # -- protocol -------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several when choices are simultaneous)."""
        if self._is_over():
            return ()
        return self._to_act()

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._is_over()

    @property
    def result(self) -> Result | None:
        """The :class:`Result` once the game is over, else ``None``."""
        if not self.is_over:
            return None
        return self._result()

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` applied so far, in order."""
        return tuple(self._history)

    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty when it need not act)."""
        if seat.__class__ is not int or not 0 <= seat < self.num_players:
            self._check_seat(seat)  # raises unless seat is a valid int subclass
        if self._is_over() or seat not in self._to_act():
            return []
        return self._legal_actions(seat)

    def verify_action(self, seat: int, action: Action | str) -> Action:
        """Return the parsed action if ``seat`` may take it now.

        Raises :class:`~parlour.errors.IllegalActionError` explaining why not.
        """
        if seat.__class__ is not int or not 0 <= seat < self.num_players:
            self._check_seat(seat, IllegalActionError)
        if self._is_over():
            raise IllegalActionError(f"the game is over; seat {seat} cannot act")
        if isinstance(action, str):
            try:
                action = self.parse_action(action)
            except NotationError as exc:
                raise IllegalActionError(f"seat {seat}: {exc}") from exc
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        to_act = self._to_act()
        if seat not in to_act:
            raise IllegalActionError(f"seat {seat} is not to act now (to act: {list(to_act)})")
        self._verify(seat, action)
        return action

    def can_apply(self, seat: int, action: Action | str) -> bool:
        """True if :meth:`apply` would accept the action now."""
        try:
            self.verify_action(seat, action)
        except IllegalActionError:
            return False
        return True

    def apply(self, seat: int, action: Action | str) -> None:
        """Apply ``action`` (or its text) for ``seat``.

        Raises :class:`~parlour.errors.IllegalActionError`, leaving the game
        unchanged, if the action is not legal now.
        """
        act = self.verify_action(seat, action)
        self._apply(seat, act)
        self._history.append((seat, act))

    def observation(self, seat: int) -> Observation:
        """A frozen view of what ``seat`` knows now."""
        if seat.__class__ is not int or not 0 <= seat < self.num_players:
            self._check_seat(seat)
        return self._observation(seat)

    def record(self, *, key: bytes | str | None = None) -> dict[str, Any]:
        """A JSON-ready record: format, game, rules, deal, every action, the
        outcome (``None`` while the game is not over) and a SHA-256 digest.

        With ``key`` (bytes, or a str taken as UTF-8) the record also
        carries an HMAC-SHA256 ``signature`` that only holders of the key
        can make; see :doc:`/records`.
        """
        result = self.result
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.name,
            "rules": self.rules.to_dict(),
            "deal": self._deal_record(),
            "actions": [[seat, str(action)] for seat, action in self._history],
            "outcome": None
            if result is None
            else _records.outcome_of(result.scores, result.winners),
        }
        data["digest"] = _records.digest(data)
        if key is not None:
            data["signature"] = _records.signature(data, key)
        return data

    @classmethod
    def from_record(
        cls: type[GameT], data: Mapping[str, Any], *, key: bytes | str | None = None
    ) -> GameT:
        """Replay a record written by :meth:`record`.

        Raises :class:`~parlour.errors.RecordError` saying what is wrong if
        the record is malformed or beyond the limits of
        :mod:`parlour.records`, of another format or game, has a field the
        format does not define, has a digest (or, when ``key`` is given, a
        signature) that does not match its contents, does not replay, or
        replays to another outcome than it records. A ``key`` requires a
        signed record. Format 1 records (parlour 0.1.0) carry no digest and
        outcome: they replay unverified. No half-built game is ever returned.
        """
        if not isinstance(data, Mapping):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        data = dict(data)
        _records.check_structure(data)  # before anything below recurses into it
        fmt = _records.check_fields(data, cls.name, key)
        if not isinstance(data["rules"], Mapping):
            raise RecordError("record rules must be an object")
        # A record names every option; a missing one would silently take
        # today's default, which may not be the rule the game was played by.
        absent = sorted({f.name for f in fields(cls.rules_class)} - set(data["rules"]))
        if absent:
            raise RecordError(f"record rules lack {', '.join(absent)}")
        try:
            rules = cls.rules_class.from_dict(data["rules"])
        except (TypeError, ValueError) as exc:
            raise RecordError(f"record rules are invalid: {exc}") from exc
        try:
            game = cls._from_deal(rules, data["deal"])
        except RecordError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, OverflowError) as exc:
            raise RecordError(f"record deal is invalid: {exc}") from exc
        actions = data["actions"]
        if not isinstance(actions, list):
            raise RecordError("record actions must be a list")
        if fmt >= 2:
            # Checked after rules and deal, which get the more precise message
            # when malformed, and before the actions run.
            _records.check_seal(data, key)
        for index, entry in enumerate(actions):
            if (
                not isinstance(entry, (list, tuple))
                or len(entry) != 2
                or not isinstance(entry[0], int)
                or isinstance(entry[0], bool)
                or not isinstance(entry[1], str)
            ):
                raise RecordError(
                    f"action {index} is not a [seat, text] pair: {_records.brief(entry)}"
                )
            seat, text = entry
            try:
                game.apply(seat, text)
            except IllegalActionError as exc:
                raise RecordError(
                    f"action {index} ({seat}, {_records.brief(text)}) does not replay: {exc}"
                ) from exc
        if fmt >= 2:
            result = game.result
            _records.compare_outcome(
                data["outcome"],
                None if result is None else _records.outcome_of(result.scores, result.winners),
            )
        return game

    def clone(self: GameT) -> GameT:
        """An independent copy of the game."""
        return copy.deepcopy(self)

    def resample(self: GameT, seat: int, rng: random.Random) -> GameT:
        """A determinisation: a new game that ``seat`` cannot tell from this one.

        The contract, the same for every game: the result is a new game of
        the same rules whose history has the same actions except those
        ``seat`` never saw, in which everything ``seat`` cannot see (other
        seats' concealed tiles or cards, the order of the unseen wall or
        stock, other seats' unrevealed choices such as the tiles they passed
        in an exchange) is drawn **uniformly** among the assignments
        consistent with everything ``seat`` has seen, using only ``rng``.
        Hence ``resample(seat, rng).observation(seat) ==
        observation(seat)``, ``seat``'s legal actions are the same, the
        new game plays on legally, the distribution of what is drawn depends
        only on ``observation(seat)`` and the history, never on the true
        hidden state, and the new game's :meth:`record` replays to it. What
        exactly "uniform" ranges over is documented by each game's
        resampler. This game is left unchanged; a finished game may be
        resampled too (its unrevealed parts are redrawn the same way).

        Raises ``ValueError`` for a bad seat, ``TypeError`` unless ``rng``
        is a :class:`random.Random`, and ``NotImplementedError`` for a game
        that has no resampler.
        """
        self._check_seat(seat)
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        return self._resample(seat, rng)

    def _resample(self: GameT, seat: int, rng: random.Random) -> GameT:
        raise NotImplementedError(f"{self.name or type(self).__name__} has no resample yet")

    def parse_action(self, text: str) -> Action:
        """Parse an action's notation; :class:`~parlour.errors.NotationError` if bad."""
        raise NotImplementedError

    # -- learning interface ---------------------------------------------
    #: How many action ids the game's rules give: ids run ``0 ..
    #: num_action_ids - 1`` and each names one thing a player can tell
    #: apart, the same in every state (see :meth:`action_id`).
    num_action_ids: int

    def action_id(self, action: Action | str) -> int:
        """The integer id of ``action`` (or its notation) in the game's fixed
        action space; :class:`~parlour.errors.NotationError` for bad text,
        ``ValueError`` for an object that is no action of this game.

        Ids do not depend on the state: one id means the same choice
        wherever it is legal (see :doc:`/learning` for each game's table).
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        return self._action_id(action)

    def action_from_id(self, i: int, seat: int | None = None) -> Action:
        """The legal action of ``seat`` whose id is ``i``, in the current state.

        ``seat`` may be left out when one seat is to act, or when the id
        names the same action for every seat to act. Raises
        :class:`~parlour.errors.IllegalActionError` if no seat asked may take
        the id now, or if it is ambiguous without ``seat``.
        """
        if i.__class__ is not int:
            if not isinstance(i, int) or isinstance(i, bool):
                raise IllegalActionError(f"an action id is an int, not {i!r}")
            i = int(i)
        if not 0 <= i < self.num_action_ids:
            raise IllegalActionError(f"action id {i} is out of range 0..{self.num_action_ids - 1}")
        if seat is None:
            seats = self.to_act
            if not seats:
                raise IllegalActionError(f"action id {i}: nobody is to act now")
        else:
            if seat.__class__ is not int or not 0 <= seat < self.num_players:
                self._check_seat(seat, IllegalActionError)
            # The common case, an env asking for its seat's action, in one call.
            one = self._actions_of_id(seat, i)
            if one:
                return one[0]
            seats = (seat,)
        found = {a for s in seats for a in self._actions_of_id(s, i)}
        if len(found) == 1:
            return found.pop()
        who = f"seat {seat}" if seat is not None else f"seats {list(seats)}"
        if not found:
            raise IllegalActionError(f"{who}: action id {i} is not legal now")
        raise IllegalActionError(f"action id {i} names different actions for {who}; pass the seat")

    def _actions_of_id(self, seat: int, i: int) -> list[Action]:
        # Games whose legal list holds several actions of one id (physical
        # copies of one tile kind) override this to pick one, the same way
        # every time.
        found = [a for a in self.legal_actions(seat) if self._action_id(a) == i]
        return found[:1]

    def legal_mask(self, seat: int) -> Any:
        """A ``numpy`` bool array of length :attr:`num_action_ids`, true at
        the ids ``seat`` may take now (all false when it need not act)."""
        import numpy as np

        mask = np.zeros(self.num_action_ids, dtype=np.bool_)
        for a in self.legal_actions(seat):
            mask[self._action_id(a)] = True
        return mask

    def rewards(self) -> tuple[float, ...]:
        """Per seat, the points gained since the last call (since the deal on
        the first): over a whole game they sum to ``result.scores``."""
        now = self._running_scores()
        before = self.__dict__.get("_rewarded")
        if now == before:  # most steps pay nothing: the envs call this every step
            return (0.0,) * len(now)
        self._rewarded = now
        if before is None:
            return tuple(float(x) for x in now)
        return tuple(float(a) - float(b) for a, b in zip(now, before, strict=True))

    def _running_scores(self) -> tuple[float, ...]:
        # Games that pay during play (Sichuan kongs and wins) override this
        # with the points settled so far; the rest score only at the end.
        result = self.result
        if result is None:
            return (0.0,) * self.num_players
        return tuple(float(x) for x in result.scores)

    def _action_id(self, action: Action) -> int:
        raise NotImplementedError(f"{type(self).__name__} has no action ids")

    # -- hooks ----------------------------------------------------------
    @abstractmethod
    def _to_act(self) -> tuple[int, ...]: ...

    @abstractmethod
    def _is_over(self) -> bool: ...

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]: ...

    def _verify(self, seat: int, action: Action) -> None:
        """Raise IllegalActionError unless ``action`` is legal for ``seat``.

        The default accepts exactly the members of ``_legal_actions``.
        """
        if action not in self._legal_actions(seat):
            raise IllegalActionError(f"seat {seat} may not {action} now")

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None: ...

    @abstractmethod
    def _observation(self, seat: int) -> Observation: ...

    @abstractmethod
    def _result(self) -> Result: ...

    @abstractmethod
    def _deal_record(self) -> Any: ...

    @classmethod
    @abstractmethod
    def _from_deal(cls: type[GameT], rules: Any, deal: Any) -> GameT: ...

    # -- helpers --------------------------------------------------------
    def _check_seat(self, seat: int, error: type[ValueError] = ValueError) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise error(f"seat must be an int in 0..{self.num_players - 1}, not {seat!r}")


class EngineGame(Game):
    """A :class:`Game` whose state lives in an engine object
    (``self._engine``: the C state machine or the pure-Python engine) that
    can ``clone()`` itself: a copy of the game, deep or shallow, clones the
    engine, so every copy is independent and on the same engine.

    The engine answers the hooks' questions directly: ``to_act`` and
    ``is_over`` attributes, ``legal(seat)``, ``observation(seat)`` and
    ``apply(seat, action)`` (``False``, changing nothing, when the action
    is not legal now). A game that lists its action classes in
    ``_action_classes`` gets the public protocol methods short-cut to one
    engine call for the common valid calls; every other call (bad seats,
    text, illegal actions) goes through :class:`Game`, so results and errors
    are the base's. A subclass that overrides a hook gets the base's method
    back for every short cut that would skip it. :func:`play` runs such a
    game's loop on the engine (:meth:`_play_out`).
    """

    _engine: Any
    #: The classes of the action objects ``apply`` may hand straight to the
    #: engine (empty: no short cuts).
    _action_classes: ClassVar[tuple[type, ...] | frozenset[type]] = ()
    # The class whose hooks the short cuts stand for (the one that set
    # _action_classes), and whether play() may run the engine's loop.
    _short_cut_owner: ClassVar[type | None] = None
    _plays_on_engine: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_c_answers" in cls.__dict__:
            cls._c_answers_owner = cls
        if "_action_classes" in cls.__dict__ and cls._action_classes:
            # Opted in: the short cuts stand for this class's hooks (a class
            # that has not opted in keeps Game's methods, so its own
            # overrides' super() calls reach Game's).
            cls._short_cut_owner = cls
            for name, short_cut in _SHORT_CUT_METHODS.items():
                if name not in cls.__dict__:
                    setattr(cls, name, short_cut)
        owner = cls._short_cut_owner
        if owner is None:
            return
        for hook, names in _SHORT_CUTS.items():
            if getattr(cls, hook) is not getattr(owner, hook):
                for name in names:
                    if name not in cls.__dict__ and getattr(cls, name) is _SHORT_CUT_METHODS[name]:
                        setattr(cls, name, getattr(Game, name))
        cls._plays_on_engine = all(
            getattr(cls, name) is short_cut for name, short_cut in _SHORT_CUT_METHODS.items()
        )

    def _play_out(self, bots: Sequence[Bot], rng: random.Random) -> None:
        # play()'s loop on the engine, for a game whose short cuts stand:
        # the same calls in the same order, the bots' actions applied by the
        # engine, any action it refuses handed to apply (which reads text or
        # raises as play() would). An engine may run the loop itself
        # (play_out: it returns the (seat, action) it could not apply, or
        # None once the game is over).
        engine = self._engine
        history = self._history
        run = getattr(engine, "play_out", None)
        if run is not None:
            while (stuck := run(bots, rng, history)) is not None:
                self.apply(*stuck)
            return
        classes = self._action_classes
        legal, observation, apply = engine.legal, engine.observation, engine.apply
        while not engine.is_over:
            seat = engine.to_act[0]
            actions = legal(seat)
            action = bots[seat].act(observation(seat), actions, rng)
            if action.__class__ in classes and apply(seat, action):
                history.append((seat, action))
            else:
                self.apply(seat, action)

    # -- the C engine's own answers to the learning calls -----------------------
    #: ``(engine class, attribute)``: on an engine of that class, the state
    #: held in that attribute answers :meth:`action_from_id` (its
    #: ``action_of_id(seat, i)``: the action, or None for what it does not
    #: answer) and :meth:`rewards` (its ``rewards(game_dict)``: the base's
    #: bookkeeping in C, or None), for the class that sets it and not its
    #: subclasses, whose hooks the base's methods ask. None: not answered.
    _c_answers: ClassVar[tuple[type, str] | None] = None
    _c_answers_owner: ClassVar[type | None] = None

    def _c_answering(self) -> Any:
        # The engine state that answers for this game now, else None.
        spec = self._c_answers
        if spec is None or self.__class__ is not self._c_answers_owner:
            return None
        engine = self._engine
        return getattr(engine, spec[1]) if engine.__class__ is spec[0] else None

    def action_from_id(self, i: int, seat: int | None = None) -> Action:
        if seat is not None:
            state = self._c_answering()
            if state is not None:
                got: Action | None = state.action_of_id(seat, i)
                if got is not None:
                    return got
        return super().action_from_id(i, seat)

    action_from_id.__doc__ = Game.action_from_id.__doc__

    def rewards(self) -> tuple[float, ...]:
        state = self._c_answering()
        if state is not None:
            got: tuple[float, ...] | None = state.rewards(self.__dict__)
            if got is not None:
                return got
        return super().rewards()

    rewards.__doc__ = Game.rewards.__doc__

    def clone(self: GameT) -> GameT:
        """An independent copy of the game (on the same engine)."""
        twin = self.__class__.__new__(self.__class__)
        twin.__dict__.update(self.__dict__)
        twin._history = list(self._history)
        twin._engine = self._engine.clone()  # type: ignore[attr-defined]
        return twin

    def __deepcopy__(self: GameT, memo: dict[int, Any]) -> GameT:
        return self.clone()

    def __copy__(self: GameT) -> GameT:
        # A shallow copy would share the engine.
        return self.clone()


# Each hook and the short cuts that skip it.
_SHORT_CUTS = {
    "_is_over": ("is_over", "to_act", "legal_actions", "apply"),
    "_to_act": ("to_act", "legal_actions", "apply"),
    "_legal_actions": ("legal_actions", "apply"),
    "_verify": ("apply",),
    "_apply": ("apply",),
    "_observation": ("observation",),
}
# -- EngineGame's short cuts ----------------------------------------------------
# Installed on each EngineGame subclass that lists its action classes (see
# EngineGame.__init_subclass__); any call they do not take goes to Game's
# method of the same name, so results and errors are the base's.


def _legal_actions(self: EngineGame, seat: int) -> list[Action]:
    """The actions ``seat`` may take now (empty when it need not act)."""
    if seat.__class__ is int and seat in self._engine.to_act:
        legal: list[Action] = self._engine.legal(seat)
        return legal
    return Game.legal_actions(self, seat)


def _observation(self: EngineGame, seat: int) -> Observation:
    """A frozen view of what ``seat`` knows now."""
    if seat.__class__ is int and 0 <= seat < self.num_players:
        obs: Observation = self._engine.observation(seat)
        return obs
    return Game.observation(self, seat)


def _apply(self: EngineGame, seat: int, action: Action | str) -> None:
    """Apply ``action`` (or its text) for ``seat``.

    Raises :class:`~parlour.errors.IllegalActionError`, leaving the game
    unchanged, if the action is not legal now.
    """
    if (
        action.__class__ in self._action_classes
        and seat.__class__ is int
        and self._engine.apply(seat, action)
    ):
        self._history.append((seat, action))  # type: ignore[arg-type]
        return
    Game.apply(self, seat, action)


_SHORT_CUT_METHODS: dict[str, Any] = {
    # is_over and to_act read the engine's attribute with no Python frame
    # (attrgetter is C): play() asks both at every step.
    "is_over": property(attrgetter("_engine.is_over"), doc="""True once the game has ended."""),
    "to_act": property(
        attrgetter("_engine.to_act"),
        doc="""Seats that must act now (several when choices are simultaneous).""",
    ),
    "legal_actions": _legal_actions,
    "observation": _observation,
    "apply": _apply,
}
for _name, _method in _SHORT_CUT_METHODS.items():
    if not isinstance(_method, property):
        _method.__name__, _method.__qualname__ = _name, f"EngineGame.{_name}"


def play(game: GameT, bots: Sequence[Bot], *, seed: int | None = 0) -> Result:
    """Run ``game`` to its end with one bot per seat and return its result.

    Each bot is called as ``bot.act(observation, legal_actions, rng)`` where
    ``rng`` is a :class:`random.Random` seeded from ``seed`` and owned by this
    call, so a seeded game with seeded bots is reproducible.
    """
    if len(bots) != game.num_players:
        raise ValueError(f"need {game.num_players} bots, got {len(bots)}")
    rng = random.Random(seed)
    if isinstance(game, EngineGame) and game._plays_on_engine:
        # The same calls in the same order, with no protocol frame per step.
        game._play_out(bots, rng)
        result = game.result
        assert result is not None
        return result
    legal_actions = game.legal_actions
    observation = game.observation
    apply = game.apply
    while not game.is_over:
        seat = game.to_act[0]
        legal = legal_actions(seat)
        apply(seat, bots[seat].act(observation(seat), legal, rng))
    result = game.result
    assert result is not None
    return result
