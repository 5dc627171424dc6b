"""The pure-Python Sì Sè Pái engine: :class:`PyEngine`, the reference the C
state machine (:mod:`parlour.sisepai.engine_c`) is checked against in lock
step (tests/test_sisepai_engines.py).

It holds one deal's state and plays it: the deal, draws, both claim
windows, the five-tier claim priority, takes, discards, the win and the
drawn deal. :class:`~parlour.sisepai.Game` keeps the history, the record,
text reading and error messages around it.

>>> e = PyEngine(Rules(), 0, tuple(range(117)))
>>> e.to_act, [str(a) for a in e.legal(0)]
((0, 1, 2, 3), ['pass'])
"""

from __future__ import annotations

import copy

from parlour import _backend
from parlour.protocol import Action, Result
from parlour.sisepai.cards import CARDS, KINDS, is_flower, is_general
from parlour.sisepai.hand import Group, Grouping, Hand
from parlour.sisepai.rules import Rules
from parlour.sisepai.scoring import win_grouping
from parlour.sisepai.values import (
    _DISCARDABLE,
    _IDENTICAL_TYPES,
    _KIND,
    _PASS,
    _WIN,
    TIER_DRAWER,
    TIER_DRAWER_WIN,
    TIER_IDENTICAL,
    TIER_NEXT,
    TIER_WIN,
    Discard,
    Move,
    Pass,
    Phase,
    SisepaiObservation,
    Take,
    Win,
    _group,
    _groups_with,
)

__all__ = ["PyEngine"]


class PyEngine:
    """One deal of Sì Sè Pái in Python, dealt from ``deck`` (a permutation of
    0..116) by ``dealer``, after the dealer's first draw."""

    def __init__(self, rules: Rules, dealer: int, deck: tuple[int, ...]) -> None:
        self.rules = rules
        order = deck
        self.dealer: int = dealer
        self._deck: tuple[int, ...] = tuple(order)
        self._concealed: list[list[int]] = [[] for _ in range(4)]
        self._counts: list[bytearray] = [bytearray(KINDS) for _ in range(4)]
        self._exposed: list[list[tuple[int, ...]]] = [[] for _ in range(4)]
        self._ecards = [0, 0, 0, 0]
        self._discards: list[list[int]] = [[] for _ in range(4)]
        for i in range(4):
            seat = (dealer + i) % 4
            for c in order[20 * i : 20 * i + 20]:
                self._concealed[seat].append(c)
                self._counts[seat][_KIND[c]] += 1
            self._concealed[seat].sort()
        self._next = 80
        self._phase: Phase = "draw"
        self._card: int | None = None
        self._source: int | None = None
        self._active: int | None = None
        self._options: dict[int, list[Move]] = {}
        self._tiers: dict[tuple[int, Move], int] = {}
        self._first: dict[int, list[Move]] = {}
        self._answers: dict[int, Move] = {}
        self._pending: tuple[int, ...] = ()
        self._winner: int | None = None
        self._grouping: Grouping | None = None
        self._draw(dealer)

    def clone(self) -> PyEngine:
        return copy.deepcopy(self)

    # -- the engine interface -----------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._pending

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def phase(self) -> Phase:
        return self._phase

    def legal(self, seat: int) -> list[Action]:
        return self._legal_actions(seat)

    def apply(self, seat: int, action: object) -> bool:
        """Apply ``action`` for ``seat``; False (nothing changed) if illegal."""
        if not isinstance(action, (Pass, Win, Take, Discard)) or action not in self.legal(seat):
            return False
        self._apply(seat, action)
        return True

    def observation(self, seat: int) -> SisepaiObservation:
        return self._observation(seat)

    def result(self) -> Result:
        return self._result()

    def stock(self) -> tuple[int, ...]:
        """The cards still in the stock, top first (all knowledge)."""
        return self._deck[self._next :]

    def concealed(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's concealed cards, sorted (all knowledge)."""
        return tuple(tuple(c) for c in self._concealed)

    def hand(self, seat: int) -> Hand:
        """Seat ``seat``'s cards as a :class:`~parlour.sisepai.Hand` (all knowledge)."""
        groups = tuple(_group(tuple(sorted(_KIND[c] for c in g))) for g in self._exposed[seat])
        return Hand(tuple(self._counts[seat]), groups)

    # -- flow ------------------------------------------------------------
    def _draw(self, seat: int) -> None:
        if self._next >= CARDS:
            self._phase = "over"
            self._card = self._source = None
            self._options = {}
            self._pending = ()
            return
        card = self._deck[self._next]
        self._next += 1
        self._card, self._source = card, seat
        self._phase = "draw"
        self._open([(seat + i) % 4 for i in range(4)], drawer=seat)

    def _open(self, seats: list[int], *, drawer: int | None) -> None:
        assert self._card is not None and self._source is not None
        self._answers = {}
        self._tiers = {}
        self._options = {}
        for seat in seats:
            self._options[seat] = self._claims(seat, self._card, self._source, drawer)
        self._pending = tuple(seats)

    def _claims(self, seat: int, card: int, source: int, drawer: int | None) -> list[Move]:
        """The answers ``seat`` may give on ``card``; records each claim's tier."""
        k = _KIND[card]
        counts = self._counts[seat]
        is_drawer = seat == drawer
        is_next = seat == (source + 1) % 4
        counts[k] += 1
        try:
            complete = _backend.impl.sisepai_counts_complete(bytes(counts), self._ecards[seat])
            if complete and self.rules.min_score:
                complete = self._score(seat, k) >= self.rules.min_score
        finally:
            counts[k] -= 1
        must_take = is_drawer and (is_flower(k) or is_general(k))
        if complete:
            self._tiers[(seat, _WIN)] = TIER_DRAWER_WIN if is_drawer else TIER_WIN
            return [_WIN] if must_take else [_PASS, _WIN]
        takes: list[Move] = []
        for group in _groups_with(k, counts, drawer=is_drawer, next_player=is_next):
            if not self._leaves_discard(seat, group, k):
                continue
            take = Take(group)
            if group.type in _IDENTICAL_TYPES:
                tier = TIER_IDENTICAL
            elif is_drawer:
                tier = TIER_DRAWER
            else:
                tier = TIER_NEXT
            self._tiers[(seat, take)] = tier
            takes.append(take)
        if must_take and takes:
            return takes
        return [_PASS, *takes]

    def _leaves_discard(self, seat: int, group: Group, k: int) -> bool:
        rest = list(self._counts[seat])
        rest[k] += 1
        for x in group.kinds:
            rest[x] -= 1
        return any(rest[x] for x in _DISCARDABLE)

    def _score(self, seat: int, taken: int) -> int:
        # Called with the new card (of kind ``taken``) already counted in the seat's counts.
        return win_grouping(self.hand(seat), taken, self.rules).score

    def _resolve(self) -> None:
        """All answers are in: apply the highest claim, or move on."""
        assert self._source is not None and self._card is not None
        source = self._source
        best: tuple[int, int, int, Move] | None = None
        for seat, ans in self._answers.items():
            if isinstance(ans, Pass):
                continue
            key = (self._tiers[(seat, ans)], (seat - source) % 4, seat, ans)
            if best is None or key[:2] < best[:2]:
                best = key
        if best is not None:
            self._take(best[2], best[3])
            return
        card = self._card
        if self._phase == "draw":
            # The drawn card becomes the drawer's discard: the second window.
            self._first = {s: o for s, o in self._options.items() if s != source}
            tiers = {key: t for key, t in self._tiers.items() if key[0] != source}
            self._phase = "second"
            self._answers = {}
            self._options = dict(self._first)
            self._tiers = tiers
            self._pending = tuple((source + i) % 4 for i in range(1, 4))
            return
        self._discards[source].append(card)
        self._draw((source + 1) % 4)

    def _take(self, seat: int, action: Move) -> None:
        card = self._card
        assert card is not None
        k = _KIND[card]
        self._answers = {}
        self._options = {}
        self._tiers = {}
        if isinstance(action, Win):
            self._counts[seat][k] += 1
            self._concealed[seat].append(card)
            self._concealed[seat].sort()
            self._winner = seat
            self._grouping = win_grouping(self.hand(seat), k, self.rules)
            self._phase = "over"
            self._pending = ()
            return
        assert isinstance(action, Take)
        need = list(action.group.kinds)
        need.remove(k)
        moved = [card]
        concealed = self._concealed[seat]
        for x in need:
            c = next(c for c in concealed if _KIND[c] == x)
            concealed.remove(c)
            self._counts[seat][x] -= 1
            moved.append(c)
        self._exposed[seat].append(tuple(sorted(moved)))
        self._ecards[seat] += len(moved)
        self._active = seat
        self._card = self._source = None
        self._phase = "discard"
        self._pending = (seat,)

    def _discard_options(self, seat: int) -> list[Move]:
        counts = self._counts[seat]
        return [Discard(x) for x in _DISCARDABLE if counts[x]]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self._phase == "discard":
            return list(self._discard_options(seat)) if seat == self._active else []
        if seat in self._answers:
            return []
        return list(self._options.get(seat, ()))

    def _apply(self, seat: int, action: Action) -> None:
        if self._phase == "discard":
            assert isinstance(action, Discard)
            concealed = self._concealed[seat]
            c = next(c for c in concealed if _KIND[c] == action.kind)
            concealed.remove(c)
            self._counts[seat][action.kind] -= 1
            self._card, self._source, self._active = c, seat, None
            self._phase = "claim"
            self._open([(seat + i) % 4 for i in range(1, 4)], drawer=None)
            return
        assert isinstance(action, (Pass, Win, Take))
        self._answers[seat] = action
        self._pending = tuple(s for s in self._pending if s != seat)
        if not self._pending:
            self._resolve()

    def _observation(self, seat: int) -> SisepaiObservation:
        over = self._phase == "over"
        ans = self._answers.get(seat)
        return SisepaiObservation(
            seat=seat,
            phase=self._phase,
            dealer=self.dealer,
            concealed=tuple(self._concealed[seat]),
            exposed=tuple(map(tuple, self._exposed)),
            discards=tuple(map(tuple, self._discards)),
            concealed_counts=tuple(len(c) for c in self._concealed),
            card=self._card,
            source=self._source,
            stock_left=CARDS - self._next,
            to_act=self._pending,
            answer=None if ans is None else str(ans),
            winner=self._winner,
            revealed=tuple(tuple(c) for c in self._concealed) if over else None,
        )

    def _result(self) -> Result:
        hands = [str(self.hand(s)) for s in range(4)]
        if self._winner is None:
            return Result(scores=(0, 0, 0, 0), winners=(), details={"winner": None, "hands": hands})
        g = self._grouping
        assert g is not None
        scores = tuple(g.score if s == self._winner else 0 for s in range(4))
        return Result(
            scores=scores,
            winners=(self._winner,),
            details={
                "winner": self._winner,
                "score": g.score,
                "groups": [str(x) for x in g.groups],
                "hands": hands,
            },
        )
