"""The Sichuan engine on the C core: :class:`CompiledGame`.

With the compiled backend live, ``parlour.sichuan.Game(...)`` returns a
:class:`CompiledGame`: a subclass of :class:`~parlour.sichuan.Game` with the
same API whose state machine runs in the C core (``csrc/sichuan_game.c``).
The pure-Python :class:`~parlour.sichuan.Game` is its twin: the tests drive
both with the same actions and compare every view after every step.

An observation holds only what its seat may know: the public logs
(discards, melds, payments) as immutable tuples taken when it is made, and
a C copy of the view with everything else the seat may not see scrubbed
(``parlour_sg_observe``: no wall order, no other seat's concealed tiles,
waits, exchange picks, undisclosed missing suit or claim answer), from which
it builds its other fields when first read. It holds no reference to the
game, its state or its caches, so nothing reachable from it changes or
reveals the game. A bot that reads nothing (such as ``RandomBot``) costs
little more than the copy.

>>> from parlour import _backend
>>> from parlour.sichuan import Game
>>> game = Game(seed=7)
>>> isinstance(game, Game)
True
>>> type(game).__name__ == ("CompiledGame" if _backend.current() == "c" else "Game")
True
"""

from __future__ import annotations

from typing import Any

from parlour import _backend, protocol
from parlour.errors import IllegalActionError
from parlour.protocol import Payment, Result
from parlour.sichuan import game as _g
from parlour.sichuan.hand import Hand, Meld, MeldType, make_score
from parlour.sichuan.rules import Rules
from parlour.sichuan.tiles import SUITS

__all__ = ["CompiledGame"]

_PHASES: tuple[_g.Phase, ...] = ("exchange", "declare", "turn", "claim", "rob", "over")
_TURN, _CLAIM, _ROB, _OVER = 2, 3, 4, 5
_MELD_TYPES: tuple[MeldType, ...] = ("pung", "kong", "concealed_kong")
_TAKEN = ("", "pung", "kong", "win", "robbed")
_REASONS = (
    "discard_win",
    "robbed_kong",
    "self_draw",
    "exposed_kong",
    "added_kong",
    "concealed_kong",
    "call_transfer",
    "refund",
    "flower_pig",
    "not_ready",
)
_EVENT_TYPES = (
    "deal",
    "exchange_choose",
    "exchange",
    "declare",
    "reveal",
    "draw",
    "replacement",
    "discard",
    "pung",
    "kong",
    "win",
    "rob_fail",
    "exhaustion",
    "end",
)
#: The action object of each code of the C core (``PARLOUR_SG_A_*``).
_ACTIONS_BY_CODE: tuple[protocol.Action, ...] = (
    *_g._DISCARD,
    _g._WIN,
    _g._PASS,
    *_g._PUNG,
    *_g._KONG,
    *_g._DECLARE,
)
_core_module: Any = None


def _core() -> Any:
    # The compiled module, told once which objects stand for the actions.
    global _core_module
    if _core_module is None:
        core = _backend.load("c")
        core.sichuan_game_register(
            _ACTIONS_BY_CODE,
            _g.Discard,
            _g.Pung,
            _g.Kong,
            _g.Win,
            _g.Pass,
            _g.Declare,
            _g.SichuanObservation,
        )
        core.sichuan_game_register_logs(
            _g.DiscardInfo,
            _g.MeldInfo,
            Payment,
            _TAKEN,
            _MELD_TYPES,
            _REASONS,
            [[_seats_from(seat, by) for by in range(16)] for seat in range(4)],
        )
        _core_module = core
    return _core_module


def _seats_from(first: int, mask: int) -> tuple[int, ...]:
    return tuple(s for s in ((first + 1) % 4, (first + 2) % 4, (first + 3) % 4) if mask >> s & 1)


def _missing_names(view: Any, seat: int) -> tuple[str | None, ...]:
    ms = view.missing()
    if min(ms) >= 0:
        return tuple(SUITS[m] for m in ms)
    return tuple(SUITS[m] if m >= 0 and s == seat else None for s, m in enumerate(ms))


def _legal_of(state: Any, seat: int) -> list[protocol.Action]:
    if state.phase == 0:
        return _g._exchange_choices(state.tiles(seat)) if seat in state.to_act else []
    legal: list[protocol.Action] = state.legal(seat)
    return legal


# Each lazily built observation field from (the seat's view, seat); seat,
# to_act and the public logs (melds, discards, ledger) are set when the
# observation is made.
_FIELDS: dict[str, Any] = {
    "phase": lambda v, s: _PHASES[v.phase],
    "dealer": lambda v, s: v.dealer,
    "current": lambda v, s: v.cur,
    "wall_remaining": lambda v, s: v.wall_remaining,
    "hand": lambda v, s: v.tiles(s),
    "drawn": lambda v, s: v.drawn_tile if s == v.cur and v.phase == _TURN else -1,
    "hand_sizes": lambda v, s: v.hand_sizes(),
    "missing": _missing_names,
    "declared": lambda v, s: v.declared(),
    "won": lambda v, s: v.won(),
    "winners": lambda v, s: v.winners(),
    "public_hands": lambda v, s: tuple(
        v.tiles(x) if v.phase == _OVER else v.win_hand(x) for x in range(4)
    ),
    "on_offer": lambda v, s: v.offer if v.phase in (_CLAIM, _ROB) else -1,
    "offer_from": lambda v, s: v.offer_from if v.phase in (_CLAIM, _ROB) else -1,
    "exchange": lambda v, s: v.exchange_of(s),
    "received": lambda v, s: v.received_of(s),
    "exchange_direction": lambda v, s: (
        _g._DIRECTIONS[v.exchange_step - 1] if v.exchange_done else None
    ),
    "legal_actions": lambda v, s: tuple(_legal_of(v, s)) if s in v.to_act else (),
}


def observation_field(d: dict[str, Any], name: str) -> Any:
    """Build field ``name`` of a lazily made observation whose ``__dict__`` is ``d``."""
    value = _FIELDS[name](d["_lazy"], d["seat"])
    d[name] = value
    return value


_new = object.__new__


class CompiledGame(_g.Game):
    """:class:`~parlour.sichuan.Game` with its state machine in the C core.

    Made by ``Game(...)`` and ``Game.from_record(...)`` whenever the compiled
    backend is live; everything documented for :class:`Game` holds.
    """

    _state: Any
    _event_objs: list[_g.Event]

    def _setup(
        self, rules: Rules, order: list[int], dealer: int, direction: _g.Direction | None
    ) -> None:
        self.rules = rules
        self._dealer = dealer
        self._direction = direction
        step = _g._DIRECTION_STEP[direction] if direction is not None else 0
        self._state = _core().sichuan_game_new(
            order,
            dealer,
            rules.cap_code(),
            rules.self_draw_doubles,
            rules.exchange_three,
            rules.call_transfer,
            rules.flower_pig_penalty,
            step,
        )
        self._event_objs = []

    def _deal_record(self) -> dict[str, Any]:
        return {
            "wall": list(self._state.wall()),
            "dealer": self._dealer,
            "exchange_direction": self._direction,
        }

    def clone(self) -> CompiledGame:
        """An independent copy of the game."""
        return _assemble(
            self.rules,
            self._dealer,
            self._direction,
            self._state.copy(),
            self._history,
            self._event_objs,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> CompiledGame:
        return self.clone()

    def __copy__(self) -> CompiledGame:
        # A shallow copy would share the C state; every copy is independent.
        return self.clone()

    def __reduce__(self) -> Any:
        return (_assemble, (self.rules, self._dealer, self._direction, self._state, self._history))

    # -- protocol fast paths ------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        over: bool = self._state.over
        return over

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several when choices are simultaneous)."""
        to_act: tuple[int, ...] = self._state.to_act
        return to_act

    def legal_actions(self, seat: int) -> list[protocol.Action]:
        """The actions ``seat`` may take now (empty when it need not act)."""
        state = self._state
        if seat.__class__ is int and seat in state.to_act and state.phase:
            legal: list[protocol.Action] = state.legal(seat)
            return legal
        return protocol.Game.legal_actions(self, seat)

    def observation(self, seat: int) -> _g.SichuanObservation:
        """A frozen view of what ``seat`` knows now."""
        if seat.__class__ is int and 0 <= seat < 4:
            obs: _g.SichuanObservation = self._state.observe(seat)
            return obs
        return protocol.Game.observation(self, seat)  # type: ignore[return-value]

    def apply(self, seat: int, action: protocol.Action | str) -> None:
        """Apply ``action`` (or its text) for ``seat``.

        Raises :class:`~parlour.errors.IllegalActionError`, leaving the game
        unchanged, if the action is not legal now.
        """
        if seat.__class__ is int and 0 <= seat < 4 and self._state.apply(seat, action) == 0:
            self._history.append((seat, action))  # type: ignore[arg-type]
            return
        protocol.Game.apply(self, seat, action)

    # -- protocol hooks ----------------------------------------------------
    def _is_over(self) -> bool:
        over: bool = self._state.over
        return over

    def _to_act(self) -> tuple[int, ...]:
        to_act: tuple[int, ...] = self._state.to_act
        return to_act

    def _legal_tuple(self, seat: int) -> tuple[protocol.Action, ...]:
        return tuple(_legal_of(self._state, seat))

    def _legal_actions(self, seat: int) -> list[protocol.Action]:
        return _legal_of(self._state, seat)

    def _verify(self, seat: int, action: protocol.Action) -> None:
        self._refuse_unless_legal(seat, action)

    def _seen(self, seat: int) -> _g._Seen:
        state = self._state
        phase = state.phase
        to_act = state.to_act
        return _g._Seen(
            _PHASES[phase],
            state.tiles(seat),
            state.drawn_tile if phase == _TURN and seat == state.cur else -1,
            state.missing()[seat],
            state.offer,
            state.offer_from,
            state.after_pung,
            state.wall_remaining,
            tuple(kind for kind, type_, _, _, _ in state.melds(seat) if type_ == 0),
            tuple(_legal_of(state, seat)) if seat in to_act else (),
        )

    def _apply(self, seat: int, action: protocol.Action) -> None:
        state = self._state
        if isinstance(action, _g.Exchange):
            status = state.exchange(seat, action.tiles)
        else:
            status = state.apply(seat, action)
        if status != 0:  # pragma: no cover - _verify accepted it, so the core does too
            raise IllegalActionError(f"seat {seat} may not {action} now")

    def _observation(self, seat: int) -> _g.SichuanObservation:
        obs: _g.SichuanObservation = self._state.observe(seat)
        return obs

    def _result(self) -> Result:
        ledger = self.ledger
        state = self._state
        won = state.won()
        details = {
            "exhausted": state.exhausted,
            "wins": list(self._win_dicts()),
            "missing": [SUITS[m] if m >= 0 else None for m in state.missing()],
            "hands": [_hand_text(state.tiles(s), state.melds(s)) for s in range(4)],
            "ready": [bool(state.waits(s)) and not won[s] for s in range(4)],
        }
        return Result(_g._net_scores(ledger), state.winners(), ledger, details)

    # -- views ---------------------------------------------------------------
    def _meld_objs_of(self, seat: int) -> tuple[Meld, ...]:
        return tuple(Meld(kind, _MELD_TYPES[t]) for kind, t, _, _, _ in self._state.melds(seat))

    def _hand(self, seat: int) -> Hand:
        counts = [0] * 27
        for t in self._state.tiles(seat):
            counts[t >> 2] += 1
        return Hand(counts, self._meld_objs_of(seat))

    def _win_dicts(self) -> list[dict[str, Any]]:
        out = []
        for (
            seat,
            how,
            payer,
            tile,
            fan,
            points,
            pattern,
            additions,
            roots,
        ) in self._state.win_rows():
            hand = _hand_text(self._state.win_hand(seat), self._state.melds(seat))
            out.append(
                {
                    "seat": seat,
                    "how": _REASONS[how],
                    "from": payer,
                    "tile": tile,
                    "hand": hand,
                    "fan": fan,
                    "points": points,
                    "patterns": list(make_score(fan, points, pattern, additions, roots).patterns),
                }
            )
        return out

    @property
    def events(self) -> tuple[_g.Event, ...]:
        """The readable event log, in order (see :class:`~parlour.sichuan.game.Event`)."""
        objs = self._event_objs
        for type_, seat, tile, arg in self._state.event_rows(len(objs)):
            objs.append(_g.Event(_EVENT_TYPES[type_], seat, tile, self._detail(type_, arg)))
        return tuple(objs)

    def _detail(self, type_: int, arg: int) -> str:
        name = _EVENT_TYPES[type_]
        if name == "deal":
            return f"dealer {arg}"
        if name == "exchange":
            return f"tiles pass to the {_g._DIRECTIONS[arg - 1]} player"
        if name == "reveal":
            return " ".join(SUITS[m] for m in self._state.missing())
        if name == "pung" or (name == "kong" and arg < 4):
            return f"from seat {arg}"
        if name == "kong":
            return "concealed" if arg == 4 else "added; others may rob it"
        if name == "win":
            if arg < 4:
                return f"on the discard of seat {arg}"
            return f"robbing the kong of seat {arg - 4}" if arg < 8 else "self-drawn"
        if name == "rob_fail":
            return "the kong is robbed and fails"
        return ""

    @property
    def wins(self) -> tuple[dict[str, Any], ...]:
        """Every win so far, in order (see :attr:`Game.wins`)."""
        return tuple(self._win_dicts())

    @property
    def ledger(self) -> tuple[Payment, ...]:
        """Every payment so far, in order."""
        ledger: tuple[Payment, ...] = self._state.ledger_now()
        return ledger

    @property
    def phase(self) -> _g.Phase:
        """``exchange``, ``declare``, ``turn``, ``claim``, ``rob`` or ``over``."""
        phase: int = self._state.phase
        return _PHASES[phase]

    @property
    def wall_remaining(self) -> int:
        """Tiles left in the wall."""
        remaining: int = self._state.wall_remaining
        return remaining

    def tiles(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s concealed physical tiles, sorted (referee's view)."""
        self._check_seat(seat)
        tiles: tuple[int, ...] = self._state.tiles(seat)
        return tiles

    def missing_suit(self, seat: int) -> str | None:
        """The suit ``seat`` declared missing (``None`` before it declares)."""
        self._check_seat(seat)
        m = self._state.missing()[seat]
        return SUITS[m] if m >= 0 else None

    def _wait_kinds(self, seat: int) -> frozenset[int]:
        mask: int = self._state.waits(seat)
        return frozenset(k for k in range(27) if mask >> k & 1)


def _hand_text(tiles: tuple[int, ...], melds: list[tuple[Any, ...]]) -> str:
    # str(Hand(...)) of these concealed tiles (ascending ids) and melds.
    parts = []
    for suit, letter in enumerate(SUITS):
        digits = "".join([_RANK_DIGIT[t] for t in tiles if t // 36 == suit])
        if digits:
            parts.append(digits + letter)
    for kind, mtype, _, _, _ in melds:
        body = _RANK_DIGIT[kind * 4] * (3 if mtype == 0 else 4) + SUITS[kind // 9]
        parts.append(f"({body})" if mtype == 2 else f"[{body}]")
    return " ".join(
        ["".join(parts[: len(parts) - len(melds)]), *parts[len(parts) - len(melds) :]]
    ).strip()


_RANK_DIGIT = tuple(str((t >> 2) % 9 + 1) for t in range(108))


def _assemble(
    rules: Rules,
    dealer: int,
    direction: _g.Direction | None,
    state: Any,
    history: list[tuple[int, protocol.Action]],
    events: list[_g.Event] | None = None,
) -> CompiledGame:
    # A CompiledGame from its parts (clone, and unpickling through __reduce__).
    game: CompiledGame = _new(CompiledGame)
    game._history = list(history)
    game.rules = rules
    game._dealer = dealer
    game._direction = direction
    game._state = state
    game._event_objs = list(events or ())
    return game
