"""The Nine Domains engine in plain Python: :class:`PyEngine`.

The reference the C state machine (:mod:`parlour.ninedomains.engine_c`)
follows: the tests drive both with the same actions and compare every view
after every step. It holds the whole state in lists and answers the
:class:`~parlour.ninedomains.engine.NineDomainsEngine` calls.

>>> from parlour.ninedomains import Game
>>> Game(seed=1, engine="python").engine
'python'
"""

from __future__ import annotations

import copy
from typing import Any

from parlour._codes.ninedomains import ND_CARD_THREE_MINUS, ND_CARD_TWO_MINUS
from parlour.ninedomains.battle import decide, round_bonuses, three_plus_points
from parlour.ninedomains.cards import BASIC, CARD_TEXTS, Card
from parlour.ninedomains.rules import Rules
from parlour.ninedomains.values import (
    BattleOutcome,
    Decline,
    Effect,
    EffectKind,
    NineDomainsObservation,
    Phase,
    Place,
    Recover,
    Swap,
    _placements_of,
)
from parlour.protocol import Action, Result

__all__ = ["PyEngine"]

# The texts of the cards whose wins have effects (and of the card a 3- cannot recover).
_TWO_MINUS: EffectKind = CARD_TEXTS[ND_CARD_TWO_MINUS]  # type: ignore[assignment]
_THREE_MINUS: EffectKind = CARD_TEXTS[ND_CARD_THREE_MINUS]  # type: ignore[assignment]


class PyEngine:
    """A Nine Domains game in plain Python, from the deal to the result."""

    def __init__(self, rules: Rules, domains: tuple[int, ...], specials: tuple[Card, ...]) -> None:
        self.rules = rules
        self._domains = domains
        self._specials = specials
        self._round = 0
        self._hands: list[list[Card]] = [list(BASIC), list(BASIC)]
        self._used: list[list[Card]] = [[], []]
        self._placements: list[tuple[Card, Card, Card] | None] = [None, None]
        self._previous: list[tuple[Card, Card, Card] | None] = [None, None]
        self._held: list[list[int]] = [[], []]
        self._removed: list[int] = []
        self._extra = [0, 0]
        self._elements_off = False
        self._element_winner: int | None = None
        self._pending: list[Effect] = []
        self._battles: list[BattleOutcome] = []
        self._over = False
        self._deal_specials()

    def clone(self) -> PyEngine:
        """An independent copy."""
        twin = copy.copy(self)
        twin._hands = [list(h) for h in self._hands]
        twin._used = [list(u) for u in self._used]
        twin._placements = list(self._placements)
        twin._previous = list(self._previous)
        twin._held = [list(h) for h in self._held]
        twin._removed = list(self._removed)
        twin._extra = list(self._extra)
        twin._pending = list(self._pending)
        twin._battles = list(self._battles)
        return twin

    # -- queries ----------------------------------------------------------------
    @property
    def round(self) -> int:
        """The round index 0, 1, 2 (3 once the last round is over)."""
        return self._round

    @property
    def phase(self) -> Phase:
        """``"place"``, ``"effect"`` or ``"over"``."""
        if self._over:
            return "over"
        return "effect" if self._pending else "place"

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._over

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now."""
        if self._over:
            return ()
        if self._pending:
            return (self._pending[0].seat,)
        return tuple(s for s in (0, 1) if self._placements[s] is None)

    def points(self, seat: int) -> int:
        """Domain values held plus ``3+`` points."""
        return sum(self._held[seat]) + self._extra[seat]

    def placement(self, seat: int) -> tuple[Card, ...] | None:
        """Privileged: ``seat``'s placement this round, or ``None``."""
        placed = self._placements[seat]
        return None if placed is None else tuple(placed)

    def hand_indices(self, seat: int) -> tuple[int, ...]:
        """The card indices of ``seat``'s hand, ascending."""
        return tuple(c.index for c in self._hands[seat])

    def legal(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now, in a fixed order."""
        if self._over or seat not in self.to_act:
            return []
        if self._pending:
            eff = self._pending[0]
            if eff.kind == _TWO_MINUS:
                return [
                    Swap(own, theirs)
                    for own in sorted(self._held[seat])
                    for theirs in sorted(self._held[1 - seat])
                ]
            out: list[Action] = [Decline()]
            out += [
                Recover(take, give)
                for take in sorted(self._used[seat])
                if take.text != _THREE_MINUS
                for give in self._hands[seat]
            ]
            return out
        return list(_placements_of(tuple(self._hands[seat])))

    def _legal_now(self, seat: int, action: Action) -> bool:
        # The rule of each phase, without the messages (Game._verify words them).
        if self._pending:
            eff = self._pending[0]
            if eff.kind == _TWO_MINUS:
                return (
                    isinstance(action, Swap)
                    and action.own in self._held[seat]
                    and action.theirs in self._held[1 - seat]
                )
            if isinstance(action, Decline):
                return True
            return (
                isinstance(action, Recover)
                and action.take.text != _THREE_MINUS
                and action.take in self._used[seat]
                and action.give in self._hands[seat]
            )
        return isinstance(action, Place) and all(c in self._hands[seat] for c in action.cards)

    # -- changing the state --------------------------------------------------------
    def apply(self, seat: int, action: Action) -> bool:
        """Apply ``action`` for ``seat``: True, or False and no change if illegal now."""
        if self._over or seat not in self.to_act or not self._legal_now(seat, action):
            return False
        if isinstance(action, Place):
            self._placements[seat] = action.cards
            if all(p is not None for p in self._placements):
                self._resolve()
            return True
        self._pending.pop(0)  # the effect this action answers
        if isinstance(action, Swap):
            self._held[seat].remove(action.own)
            self._held[1 - seat].remove(action.theirs)
            self._held[seat].append(action.theirs)
            self._held[1 - seat].append(action.own)
        elif isinstance(action, Recover):
            self._used[seat].remove(action.take)
            self._hands[seat].remove(action.give)
            self._used[seat].append(action.give)
            self._hands[seat] = sorted(self._hands[seat] + [action.take])
        self._advance()
        return True

    def _deal_specials(self) -> None:
        dealt = self._specials[3 * self._round : 3 * self._round + 3]
        for s in (0, 1):
            self._hands[s] = sorted(self._hands[s] + list(dealt))

    def _resolve(self) -> None:
        r = self._round
        p0, p1 = self._placements
        assert p0 is not None and p1 is not None
        placed = (p0, p1)
        bonuses = [round_bonuses(placed[s], self._previous[s], r) for s in (0, 1)]
        for s in (0, 1):
            for c in placed[s]:
                self._hands[s].remove(c)
                self._used[s].append(c)
        for p in range(3):
            domain = self._domains[3 * r + p]
            a, b = placed[0][p], placed[1][p]
            ba, bb = bonuses[0][p], bonuses[1][p]
            outcome, rule = decide(a, b, bonus_a=ba, bonus_b=bb)
            extra = 0
            winner: int | None = None
            if outcome == 0:
                self._removed.append(domain)
            else:
                winner = 0 if outcome == 1 else 1
                self._held[winner].append(domain)
                if winner == 0:
                    extra = three_plus_points(a, b, bonus_a=ba, bonus_b=bb)
                else:
                    extra = three_plus_points(b, a, bonus_a=bb, bonus_b=ba)
                self._extra[winner] += extra
                won_with = placed[winner][p].text
                if won_with in (_TWO_MINUS, _THREE_MINUS):
                    kind: EffectKind = _TWO_MINUS if won_with == _TWO_MINUS else _THREE_MINUS
                    self._pending.append(Effect(p, winner, kind))
            self._battles.append(BattleOutcome(r, p, domain, (a, b), (ba, bb), winner, rule, extra))
        self._advance()

    def _advance(self) -> None:
        # Skip effects that cannot or need not ask; stop at the first that asks.
        while self._pending:
            eff = self._pending[0]
            if eff.kind == _TWO_MINUS and (not self._held[0] or not self._held[1]):
                self._pending.pop(0)
                continue
            if eff.kind == _THREE_MINUS and self._round == 2:
                self._pending.pop(0)
                continue
            return
        self._end_round()

    def _end_round(self) -> None:
        if not self._elements_off:
            complete = [self.rules.has_all_elements(self._held[s]) for s in (0, 1)]
            if complete[0] and complete[1]:
                self._elements_off = True
            elif complete[0] or complete[1]:
                self._element_winner = 0 if complete[0] else 1
        self._previous = [self._placements[0], self._placements[1]]
        self._placements = [None, None]
        self._round += 1
        if self._element_winner is not None or self._round == 3:
            self._over = True
            return
        self._deal_specials()

    # -- views ---------------------------------------------------------------------
    def _revealed(self) -> tuple[int, ...]:
        if self._round >= 3:
            return ()
        return self._domains[3 * self._round : 3 * self._round + 3]

    def observation(self, seat: int) -> NineDomainsObservation:
        """What ``seat`` may know now."""
        mine = self._placements[seat]
        pending = self._pending[0] if self._pending else None
        prev = self._previous
        return NineDomainsObservation(
            seat=seat,
            rules=self.rules,
            round=self._round,
            phase=self.phase,
            revealed=self._revealed(),
            hands=(tuple(self._hands[0]), tuple(self._hands[1])),
            used=(tuple(self._used[0]), tuple(self._used[1])),
            held=(tuple(sorted(self._held[0])), tuple(sorted(self._held[1]))),
            removed=tuple(self._removed),
            extra_points=(self._extra[0], self._extra[1]),
            points=(self.points(0), self.points(1)),
            placed=(self._placements[0] is not None, self._placements[1] is not None),
            my_placement=None if mine is None else tuple(mine),
            previous=(
                None if prev[0] is None else tuple(prev[0]),
                None if prev[1] is None else tuple(prev[1]),
            ),
            pending=pending,
            elements_off=self._elements_off,
            battles=tuple(self._battles),
        )

    def result(self) -> Result:
        """The outcome of the finished game."""
        scores = (self.points(0), self.points(1))
        details: dict[str, Any] = {
            "held": [sorted(self._held[0]), sorted(self._held[1])],
            "removed": list(self._removed),
            "extra_points": list(self._extra),
            "elements_off": self._elements_off,
        }
        if self._element_winner is not None:
            return Result(scores, (self._element_winner,), details=dict(details, reason="elements"))
        if scores[0] != scores[1]:
            return Result(
                scores, (0 if scores[0] > scores[1] else 1,), details=dict(details, reason="points")
            )
        if self.rules.tie_break == "domains":
            n0, n1 = len(self._held[0]), len(self._held[1])
            if n0 != n1:
                return Result(
                    scores, (0 if n0 > n1 else 1,), details=dict(details, reason="domains")
                )
        return Result(scores, (0, 1), details=dict(details, reason="draw"))
