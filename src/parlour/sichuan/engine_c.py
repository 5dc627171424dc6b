"""The Sichuan engine on the C core: :class:`CEngine`.

It wraps the binding's ``SichuanState`` (``csrc/sichuan_game.c``), which
works on codes, and turns them into the values of
:mod:`parlour.sichuan.values`. The pure-Python
:class:`~parlour.sichuan.engine_py.PyEngine` is its twin: the tests drive
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

>>> from parlour.sichuan import Game
>>> game = Game(seed=7, engine="c")
>>> game.observation(0).phase
'declare'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlour import _backend, protocol
from parlour._codes.sichuan import (
    SC_MELD_NAMES,
    SG_EV_NAMES,
    SG_PAY_NAMES,
    SG_PHASE_CLAIM,
    SG_PHASE_EXCHANGE,
    SG_PHASE_NAMES,
    SG_PHASE_OVER,
    SG_PHASE_ROB,
    SG_PHASE_TURN,
    SG_TAKEN_NAMES,
)
from parlour.protocol import Payment, Result
from parlour.sichuan import rules as _rules
from parlour.sichuan.hand import Hand, Meld, MeldType, make_score, valid_hand
from parlour.sichuan.tiles import SUITS
from parlour.sichuan.values import (
    ACTIONS_BY_CODE,
    DIRECTIONS,
    Declare,
    Discard,
    DiscardInfo,
    Event,
    Exchange,
    Kong,
    MeldInfo,
    Pass,
    Pung,
    SichuanObservation,
    Win,
    event_detail,
    exchange_choices,
    net_scores,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["CEngine", "core"]

# The C core's meld types, by code (PARLOUR_SC_MELD_*).
_MELD_TYPES: tuple[MeldType, ...] = SC_MELD_NAMES
_core_module: Any = None


def core() -> Any:
    """The compiled module, told once which objects stand for the codes."""
    global _core_module
    if _core_module is None:
        module = _backend.load("c")
        module.sichuan_game_register(
            ACTIONS_BY_CODE, Discard, Pung, Kong, Win, Pass, Declare, SichuanObservation
        )
        module.sichuan_game_register_logs(
            DiscardInfo,
            MeldInfo,
            Payment,
            SG_TAKEN_NAMES,
            _MELD_TYPES,
            SG_PAY_NAMES,
            [[_seats_from(seat, by) for by in range(16)] for seat in range(4)],
        )
        _core_module = module
    return _core_module


def _seats_from(first: int, mask: int) -> tuple[int, ...]:
    return tuple(s for s in ((first + 1) % 4, (first + 2) % 4, (first + 3) % 4) if mask >> s & 1)


def _missing_names(view: Any, seat: int) -> tuple[str | None, ...]:
    ms = view.missing()
    if min(ms) >= 0:
        return tuple(SUITS[m] for m in ms)
    return tuple(SUITS[m] if m >= 0 and s == seat else None for s, m in enumerate(ms))


def _legal_of(view: Any, seat: int) -> list[protocol.Action]:
    if view.phase == SG_PHASE_EXCHANGE:
        return exchange_choices(view.tiles(seat)) if seat in view.to_act else []
    legal: list[protocol.Action] = view.legal(seat)
    return legal


def _offering(view: Any) -> bool:
    return view.phase in (SG_PHASE_CLAIM, SG_PHASE_ROB)


# Each lazily built observation field from (the seat's view, seat); seat,
# to_act and the public logs (melds, discards, ledger) are set when the
# observation is made.
_FIELDS: dict[str, Callable[[Any, int], Any]] = {
    "phase": lambda v, s: SG_PHASE_NAMES[v.phase],
    "dealer": lambda v, s: v.dealer,
    "current": lambda v, s: v.cur,
    "wall_remaining": lambda v, s: v.wall_remaining,
    "hand": lambda v, s: v.tiles(s),
    "drawn": lambda v, s: v.drawn_tile if s == v.cur and v.phase == SG_PHASE_TURN else -1,
    "hand_sizes": lambda v, s: v.hand_sizes(),
    "missing": _missing_names,
    "declared": lambda v, s: v.declared(),
    "won": lambda v, s: v.won(),
    "winners": lambda v, s: v.winners(),
    "public_hands": lambda v, s: tuple(
        v.tiles(x) if v.phase == SG_PHASE_OVER else v.win_hand(x) for x in range(4)
    ),
    "on_offer": lambda v, s: v.offer if _offering(v) else -1,
    "offer_from": lambda v, s: v.offer_from if _offering(v) else -1,
    "exchange": lambda v, s: v.exchange_of(s),
    "received": lambda v, s: v.received_of(s),
    "exchange_direction": lambda v, s: DIRECTIONS[v.exchange_step - 1] if v.exchange_done else None,
    "legal_actions": lambda v, s: tuple(_legal_of(v, s)) if s in v.to_act else (),
}


def _build_field(d: dict[str, Any], name: str) -> Any:
    # Field ``name`` of a lazily made observation whose ``__dict__`` is ``d``.
    value = _FIELDS[name](d["_lazy"], d["seat"])
    d[name] = value
    return value


class CEngine:
    """A Sichuan deal in the C core (see :class:`~parlour.sichuan.engine.SichuanEngine`).

    ``wall`` is the deal order, ``step`` the exchange-three direction (1
    next, 2 across, 3 previous; 0 without the exchange).
    """

    __slots__ = ("_event_objs", "rules", "state")

    def __init__(self, rules: _rules.Rules, wall: list[int], dealer: int, step: int) -> None:
        self.rules = rules
        self.state: Any = core().sichuan_game_new(
            wall,
            dealer,
            rules.cap_code(),
            rules.self_draw_doubles,
            rules.exchange_three,
            rules.call_transfer,
            rules.flower_pig_penalty,
            step,
        )
        # The event log as objects, extended as the C log grows.
        self._event_objs: list[Event] = []

    def __getstate__(self) -> tuple[_rules.Rules, Any]:
        return (self.rules, self.state)

    def __setstate__(self, state: tuple[_rules.Rules, Any]) -> None:
        self.rules, self.state = state
        self._event_objs = []

    # -- the engine interface -----------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        to_act: tuple[int, ...] = self.state.to_act
        return to_act

    @property
    def is_over(self) -> bool:
        over: bool = self.state.over
        return over

    @property
    def phase(self) -> int:
        phase: int = self.state.phase
        return phase

    @property
    def wall_remaining(self) -> int:
        remaining: int = self.state.wall_remaining
        return remaining

    @property
    def after_pung(self) -> bool:
        after: bool = self.state.after_pung
        return after

    def legal(self, seat: int) -> list[protocol.Action]:
        return _legal_of(self.state, seat)

    def apply(self, seat: int, action: protocol.Action) -> bool:
        state = self.state
        if action.__class__ is Exchange:
            # The C core takes any order; the legal choices are ascending.
            if action not in _legal_of(state, seat):
                return False
            return bool(state.exchange(seat, action.tiles) == 0)
        return bool(state.apply(seat, action) == 0)

    def observation(self, seat: int) -> SichuanObservation:
        obs: SichuanObservation = self.state.observe(seat)
        obs.__dict__["_build"] = _build_field
        return obs

    def result(self) -> Result:
        ledger = self.ledger()
        state = self.state
        won = state.won()
        details = {
            "exhausted": state.exhausted,
            "wins": list(self.wins()),
            "missing": [SUITS[m] if m >= 0 else None for m in state.missing()],
            "hands": [str(self.hand(s)) for s in range(4)],
            "ready": [bool(state.waits(s)) and not won[s] for s in range(4)],
        }
        return Result(net_scores(ledger), state.winners(), ledger, details)

    def clone(self) -> CEngine:
        twin: CEngine = object.__new__(CEngine)
        twin.rules = self.rules
        twin.state = self.state.copy()
        twin._event_objs = list(self._event_objs)
        return twin

    # -- the views -----------------------------------------------------------
    def events(self) -> tuple[Event, ...]:
        objs = self._event_objs
        missing = self.state.missing()
        for type_, seat, tile, arg in self.state.event_rows(len(objs)):
            objs.append(Event(SG_EV_NAMES[type_], seat, tile, event_detail(type_, arg, missing)))
        return tuple(objs)

    def wins(self) -> tuple[dict[str, Any], ...]:
        state = self.state
        out = []
        for seat, how, payer, tile, fan, points, pattern, additions, roots in state.win_rows():
            out.append(
                {
                    "seat": seat,
                    "how": SG_PAY_NAMES[how],
                    "from": payer,
                    "tile": tile,
                    "hand": str(_hand_of(state.win_hand(seat), state.melds(seat))),
                    "fan": fan,
                    "points": points,
                    "patterns": list(make_score(fan, points, pattern, additions, roots).patterns),
                }
            )
        return tuple(out)

    def ledger(self) -> tuple[Payment, ...]:
        ledger: tuple[Payment, ...] = self.state.ledger_now()
        return ledger

    def tiles(self, seat: int) -> tuple[int, ...]:
        tiles: tuple[int, ...] = self.state.tiles(seat)
        return tiles

    def hand(self, seat: int) -> Hand:
        return _hand_of(self.state.tiles(seat), self.state.melds(seat))

    def missing(self, seat: int) -> int:
        m: int = self.state.missing()[seat]
        return m

    def waits(self, seat: int) -> frozenset[int]:
        mask: int = self.state.waits(seat)
        return frozenset(k for k in range(27) if mask >> k & 1)

    # -- the learning interface (csrc/sichuan_obs.c) ---------------------------
    @property
    def drawn(self) -> int:
        state = self.state
        tile: int = state.drawn_tile if state.phase == SG_PHASE_TURN else -1
        return tile

    def legal_mask(self, seat: int) -> NDArray[np.bool_]:
        mask: NDArray[np.bool_] = self.state.legal_mask(seat)
        return mask

    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        array: NDArray[np.float32] = self.state.oracle(seat)
        return array

    def scores(self) -> tuple[int, ...]:
        scores: tuple[int, ...] = self.state.scores()
        return scores


def _hand_of(tiles: tuple[int, ...], melds: list[tuple[Any, ...]]) -> Hand:
    # The hand of these concealed tiles and the state's meld rows.
    counts = [0] * 27
    for t in tiles:
        counts[t >> 2] += 1
    return valid_hand(counts, tuple(Meld(kind, _MELD_TYPES[t]) for kind, t, _, _, _ in melds))
