"""The Sì Sè Pái engine on the C core: :class:`CEngine`.

It wraps the binding's ``_SisepaiState`` (``csrc/sisepai_game.c``), which
works on action ids and card ids, and turns what it reads into the values of
:mod:`parlour.sisepai.game`. The pure-Python game is its twin: the tests
(tests/test_sisepai_engines.py) drive both with the same actions and compare
every view after every step.

An observation is made from the C observation copy (``parlour_ssg_observe``:
no deck order, no other seat's concealed cards, answers on offer or answer
while the deal runs) and holds no reference to the engine.

>>> e = CEngine(Rules(), 0, tuple(range(117)))
>>> e.to_act, [str(a) for a in e.legal(0)]
((0, 1, 2, 3), ['pass'])
"""

from __future__ import annotations

from typing import Any

from parlour import _backend
from parlour._codes.sisepai import SSP_PHASE_NAMES
from parlour.protocol import Result
from parlour.sisepai.cards import KINDS, card_kind
from parlour.sisepai.hand import Group, Hand
from parlour.sisepai.ids import DISCARD_IDS, PASS_ID, TAKE_IDS, WIN_ID
from parlour.sisepai.rules import Rules
from parlour.sisepai.values import _ACTIONS, Discard, Pass, SisepaiObservation, Take, Win

__all__ = ["CEngine", "core"]

_core_module: Any = None
_KIND = tuple(card_kind(c) for c in range(117))


def core() -> Any:
    """The compiled module."""
    global _core_module
    if _core_module is None:
        _core_module = _backend.load("c")
    return _core_module


def action_id(action: object) -> int | None:
    """The action id of a Sì Sè Pái action, ``None`` if it has none."""
    cls = action.__class__
    if cls is Take:
        return TAKE_IDS.get(action.group.kinds)  # type: ignore[attr-defined]
    if cls is Discard:
        return DISCARD_IDS.get(action.kind)  # type: ignore[attr-defined]
    if cls is Pass:
        return PASS_ID
    if cls is Win:
        return WIN_ID
    return None


class CEngine:
    """One deal of Sì Sè Pái in the C core, dealt from ``deck`` (a
    permutation of 0..116) by ``dealer``, after the dealer's first draw."""

    __slots__ = ("dealer", "rules", "state")

    def __init__(self, rules: Rules, dealer: int, deck: tuple[int, ...]) -> None:
        self.rules = rules
        self.dealer = dealer
        self.state: Any = core()._SisepaiState.new(
            rules.points(), rules.min_score, rules.concealed_triple, list(deck), dealer
        )

    def clone(self) -> CEngine:
        twin = CEngine.__new__(CEngine)
        twin.rules, twin.dealer, twin.state = self.rules, self.dealer, self.state.copy()
        return twin

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
    def phase(self) -> str:
        name: str = SSP_PHASE_NAMES[self.state.phase]
        return name

    def legal(self, seat: int) -> list[Any]:
        return [_ACTIONS[i] for i in self.state.legal(seat)]

    def apply(self, seat: int, action: object) -> bool:
        """Apply ``action`` for ``seat``; False (nothing changed) if illegal."""
        i = action_id(action)
        if i is None:
            return False
        return self.state.apply(seat, i) == 0  # type: ignore[no-any-return]

    def observation(self, seat: int) -> SisepaiObservation:
        (phase, dealer, concealed, exposed, discards, counts, card, source, stock, to_act,
         answer, winner, revealed) = self.state.view(seat)  # fmt: skip
        return SisepaiObservation(
            seat=seat,
            phase=SSP_PHASE_NAMES[phase],
            dealer=dealer,
            concealed=concealed,
            exposed=exposed,
            discards=discards,
            concealed_counts=counts,
            card=card,
            source=source,
            stock_left=stock,
            to_act=to_act,
            answer=None if answer is None else str(_ACTIONS[answer]),
            winner=winner,
            revealed=revealed,
        )

    def concealed(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's concealed cards, sorted (all knowledge)."""
        return tuple(h[0] for h in self.state.hands())

    def stock(self) -> tuple[int, ...]:
        """The cards still in the stock, top first (all knowledge)."""
        stock: tuple[int, ...] = self.state.stock()
        return stock

    def hand(self, seat: int) -> Hand:
        """Seat ``seat``'s cards as a :class:`~parlour.sisepai.Hand` (all knowledge)."""
        concealed, exposed = self.state.hands()[seat]
        counts = [0] * KINDS
        for c in concealed:
            counts[_KIND[c]] += 1
        groups = tuple(Group._legal(tuple(sorted(_KIND[c] for c in g))) for g in exposed)
        return Hand(tuple(counts), groups)

    def result(self) -> Result:
        hands = [str(self.hand(s)) for s in range(4)]
        winner, score, groups = self.state.outcome()
        if winner is None:
            return Result(scores=(0, 0, 0, 0), winners=(), details={"winner": None, "hands": hands})
        return Result(
            scores=tuple(score if s == winner else 0 for s in range(4)),
            winners=(winner,),
            details={
                "winner": winner,
                "score": score,
                "groups": [str(Group._legal(g)) for g in groups],
                "hands": hands,
            },
        )
