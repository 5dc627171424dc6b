"""The Nine Domains engine on the C core: :class:`CEngine`.

It wraps the binding's state (``csrc/ninedomains_game.c``), which works on
action ids and card indices, and turns them into the values of
:mod:`parlour.ninedomains.game`. The pure-Python
:class:`~parlour.ninedomains.engine_py.PyEngine` is its twin: the tests drive
both with the same actions and compare every view after every step.

An observation is made from the C core's per-seat copy of the state alone
(``parlour_ndg_observe``: the undealt specials, the domains still face down
and the opponent's secret placement scrubbed); it holds no reference to the
game or its state.

>>> from parlour.ninedomains import Game
>>> Game(seed=1, engine="c").observation(0).phase
'place'
"""

from __future__ import annotations

from typing import Any

from parlour import _backend
from parlour._codes.ninedomains import (
    ND_AID_END,
    ND_CARD_THREE_MINUS,
    ND_CARD_TWO_MINUS,
    ND_ELEMENT_NAMES,
    ND_PHASE_NAMES,
    ND_REASON_NAMES,
    ND_TIE_NAMES,
)
from parlour.ninedomains import ids as _ids
from parlour.ninedomains.cards import CARD_TEXTS, CARDS, Card
from parlour.ninedomains.rules import Rules
from parlour.ninedomains.values import (
    PLACES,
    BattleOutcome,
    Decline,
    Effect,
    NineDomainsObservation,
    Phase,
    Recover,
    Swap,
)
from parlour.protocol import Action, Result

__all__ = ["CEngine", "core"]

_core_module: Any = None


def _action_of_id(i: int) -> Action:
    block, fields = _ids.decode(i)
    if block == "place":
        a, b, c = fields
        place = PLACES[225 * a + 15 * b + c]
        assert place is not None
        return place
    if block == "swap":
        return Swap(fields[0], fields[1])
    if block == "recover":
        return Recover(CARDS[fields[0]], CARDS[fields[1]])
    return Decline()


#: The action object of every action id, and the id of every such object.
ACTIONS_BY_ID: tuple[Action, ...] = tuple(_action_of_id(i) for i in range(ND_AID_END))
_ID_OF: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS_BY_ID)}
_ID_OF_SHARED: dict[int, int] = {id(a): i for i, a in enumerate(ACTIONS_BY_ID)}


def core() -> Any:
    """The compiled module, told once which objects stand for the codes."""
    global _core_module
    if _core_module is None:
        module = _backend.load("c")
        module._ninedomains_game_register(
            ACTIONS_BY_ID,
            CARDS,
            NineDomainsObservation,
            Effect,
            BattleOutcome,
            ND_PHASE_NAMES,
            {
                ND_CARD_TWO_MINUS: CARD_TEXTS[ND_CARD_TWO_MINUS],
                ND_CARD_THREE_MINUS: CARD_TEXTS[ND_CARD_THREE_MINUS],
            },
        )
        _core_module = module
    return _core_module


class CEngine:
    """A Nine Domains game in the C core (``ImportError`` without it)."""

    def __init__(self, rules: Rules, domains: tuple[int, ...], specials: tuple[Card, ...]) -> None:
        self.rules = rules
        self._s = core()._ninedomains_game_new(
            list(domains),
            [c.index for c in specials],
            [ND_ELEMENT_NAMES.index(e) for e in rules.elements],
            ND_TIE_NAMES.index(rules.tie_break),
        )

    def clone(self) -> CEngine:
        """An independent copy."""
        twin = CEngine.__new__(CEngine)
        twin.rules = self.rules
        twin._s = self._s.copy()
        return twin

    @property
    def round(self) -> int:
        """The round index 0, 1, 2 (3 once the last round is over)."""
        return self._s.round  # type: ignore[no-any-return]

    @property
    def phase(self) -> Phase:
        """``"place"``, ``"effect"`` or ``"over"``."""
        phase: Phase = ND_PHASE_NAMES[self._s.phase]
        return phase

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._s.over  # type: ignore[no-any-return]

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now."""
        return self._s.to_act  # type: ignore[no-any-return]

    def points(self, seat: int) -> int:
        """Domain values held plus ``3+`` points."""
        return self._s.points(seat)  # type: ignore[no-any-return]

    def placement(self, seat: int) -> tuple[Card, ...] | None:
        """Privileged: ``seat``'s placement this round, or ``None``."""
        return self._s.placement(seat)  # type: ignore[no-any-return]

    def hand_indices(self, seat: int) -> tuple[int, ...]:
        """The card indices of ``seat``'s hand, ascending."""
        return self._s.hand_indices(seat)  # type: ignore[no-any-return]

    def legal(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now, in the pure engine's order."""
        return self._s.legal(seat)  # type: ignore[no-any-return]

    def apply(self, seat: int, action: Action) -> bool:
        """Apply ``action`` for ``seat``: True, or False and no change if illegal now."""
        # The engines' own action objects are found by identity (no hashing
        # of dataclasses); any equal action by value.
        i = _ID_OF_SHARED.get(id(action))
        if i is None or ACTIONS_BY_ID[i] is not action:
            i = _ID_OF.get(action)
            if i is None:
                return False
        return self._s.apply_id(seat, i)  # type: ignore[no-any-return]

    def observation(self, seat: int) -> NineDomainsObservation:
        """What ``seat`` may know now."""
        return self._s.observe(seat, self.rules)  # type: ignore[no-any-return]

    def result(self) -> Result:
        """The outcome of the finished game."""
        s0, s1, winners, reason = self._s.result()
        details: dict[str, Any] = {
            "held": [list(self._s.held(0)), list(self._s.held(1))],
            "removed": list(self.observation(0).removed),
            "extra_points": list(self.observation(0).extra_points),
            "elements_off": self.observation(0).elements_off,
            "reason": ND_REASON_NAMES[reason],
        }
        won = tuple(s for s in (0, 1) if winners >> s & 1)
        return Result((s0, s1), won, details=details)
