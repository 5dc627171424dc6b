"""The Sì Sè Pái engine: the deal, draws, both claim windows, the five-tier
claim priority, takes, discards, the win and the drawn deal.

Seats answer every claim window one at a time in any order (answers stay
hidden until the window resolves); draws happen by themselves.

>>> g = Game(seed=7, dealer=0)
>>> g.to_act
(0, 1, 2, 3)
>>> g.phase, g.num_players
('draw', 4)
>>> [str(a) for a in g.legal_actions(g.to_act[0])][:1]
['pass']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias, Union, cast

from parlour import _backend
from parlour._codes.sisepai import SSP_GROUP_QUAD, SSP_GROUP_TRIPLE
from parlour.errors import IllegalActionError, NotationError, RecordError
from parlour.protocol import Action, Result, checked_rules
from parlour.protocol import Game as _BaseGame
from parlour.protocol import Observation as _ObservationBase
from parlour.sisepai import arrays as _arrays
from parlour.sisepai import table as _table
from parlour.sisepai.cards import (
    CARDS,
    CHESS_KINDS,
    KINDS,
    card_kind,
    is_flower,
    is_general,
    kind_from_text,
    kind_text,
)
from parlour.sisepai.hand import Group, Grouping, Hand
from parlour.sisepai.ids import DISCARD_IDS, NUM_ACTION_IDS, PASS_ID, TAKE_IDS, WIN_ID
from parlour.sisepai.rules import DEFAULT_RULES, GROUP_TYPES, Rules
from parlour.sisepai.scoring import win_grouping

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

# The kinds that may be discarded: chess kinds but the Generals.
_DISCARDABLE = tuple(k for k in range(CHESS_KINDS) if not is_general(k))
# Claims of identical cards rank above the other claims.
_IDENTICAL_TYPES = (GROUP_TYPES[SSP_GROUP_TRIPLE], GROUP_TYPES[SSP_GROUP_QUAD])

__all__ = [
    "Discard",
    "Game",
    "Move",
    "Pass",
    "Phase",
    "SisepaiObservation",
    "Take",
    "Win",
    "parse_action",
]

#: ``draw``: the window on a drawn card (everyone answers); ``second``: the
#: drawn card as the drawer's discard (the others answer); ``discard``: a
#: taker must discard; ``claim``: the window on a discard; ``over``.
Phase = Literal["draw", "second", "discard", "claim", "over"]

# card id -> kind, for the hot paths
_KIND = tuple(card_kind(c) for c in range(CARDS))
_GROUPS: dict[tuple[int, ...], Group] = {}


def _group(kinds: tuple[int, ...]) -> Group:
    g = _GROUPS.get(kinds)
    if g is None:
        g = _GROUPS[kinds] = Group(kinds)
    return g


#: Claim tiers, highest first (smaller number wins).
TIER_DRAWER_WIN, TIER_WIN, TIER_IDENTICAL, TIER_DRAWER, TIER_NEXT = 1, 2, 3, 4, 5


@dataclass(frozen=True)
class Pass(Action):
    """Decline the card in question.

    >>> str(Pass())
    'pass'
    """

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Win(Action):
    """Claim the card in question as a win (no group named).

    >>> str(Win())
    'win'
    """

    def __str__(self) -> str:
        return "win"


@dataclass(frozen=True)
class Take(Action):
    """Take the card in question into ``group`` (the group with that card),
    exposing it. The engine moves the lowest-numbered concealed copies.

    >>> str(Take(Group.parse("Sr Sy Sg")))
    'take Sr Sy Sg'
    """

    group: Group

    def __str__(self) -> str:
        return f"take {self.group}"


@dataclass(frozen=True)
class Discard(Action):
    """Discard one concealed card of ``kind`` (the lowest-numbered copy).

    >>> str(Discard(3))
    'discard Rr'
    """

    kind: int

    def __str__(self) -> str:
        return f"discard {kind_text(self.kind)}"


Move: TypeAlias = Union[Pass, Win, Take, Discard]  # noqa: UP007 (a runtime alias)


def parse_action(text: str) -> Move:
    """Read an action's text.

    >>> parse_action("take GAEr")
    Take(group=Group.parse('GAEr'))
    >>> parse_action("discard Hw")
    Discard(kind=25)
    """
    if not isinstance(text, str):
        raise NotationError(f"action text must be a str, not {type(text).__name__}")
    t = text.strip()
    if t == "pass":
        return Pass()
    if t == "win":
        return Win()
    verb, _, rest = t.partition(" ")
    if verb == "take" and rest:
        return Take(Group.parse(rest))
    if verb == "discard" and rest:
        return Discard(kind_from_text(rest.strip()))
    raise NotationError(
        f"{text!r} is not a Sì Sè Pái action (pass, win, take <group>, discard <card>)"
    )


@dataclass(frozen=True)
class SisepaiObservation(_ObservationBase):
    """What one seat knows. Cards are physical ids (see
    :func:`~parlour.sisepai.cards.card_kind`)."""

    seat: int
    phase: Phase
    dealer: int
    #: This seat's concealed cards, sorted.
    concealed: tuple[int, ...]
    #: Every seat's exposed groups (card ids), in the order exposed.
    exposed: tuple[tuple[tuple[int, ...], ...], ...]
    #: Cards each seat discarded (or drew and let go) that nobody took.
    discards: tuple[tuple[int, ...], ...]
    #: Number of concealed cards of each seat.
    concealed_counts: tuple[int, ...]
    #: The card in question (drawn or discarded), if any.
    card: int | None
    #: Who drew or discarded it.
    source: int | None
    stock_left: int
    to_act: tuple[int, ...]
    #: This seat's answer in the open window (hidden from the others).
    answer: str | None
    winner: int | None
    #: Every seat's concealed cards once the deal is over.
    revealed: tuple[tuple[int, ...], ...] | None

    def to_array(self) -> NDArray[np.float32]:
        """This observation as a ``float32`` array of
        :data:`~parlour.sisepai.OBS_SHAPE`, seat-relative, every value in
        ``[0, 1]`` (the layout: :mod:`parlour.sisepai.arrays`)."""
        return _arrays.observation_array(self)


_PASS = Pass()
_WIN = Win()


def _action_of_id(i: int) -> Move:
    if i == PASS_ID:
        return _PASS
    if i == WIN_ID:
        return _WIN
    for kinds, j in TAKE_IDS.items():
        if i == j:
            return Take(Group._legal(kinds))
    return Discard(next(k for k, j in DISCARD_IDS.items() if i == j))


# id -> the one action it names, whatever the state.
_ACTIONS: tuple[Move, ...] = tuple(_action_of_id(i) for i in range(NUM_ACTION_IDS))


class Game(_BaseGame):
    """One deal of Sì Sè Pái for four players.

    ``deck`` is a deal order (a permutation of 0..116; positions 0..19 to the
    dealer, then 20 to each next seat, 80..116 the stock with 80 on top);
    without one the deck is shuffled by a generator seeded with ``seed``,
    which also picks the dealer unless ``dealer`` is given.
    """

    name: ClassVar[str] = "sisepai"
    rules_class: ClassVar[type[Rules]] = Rules
    num_players = 4
    #: Pass, win, 70 takes and 24 discards (see :mod:`parlour.sisepai.ids`).
    num_action_ids = NUM_ACTION_IDS
    rules: Rules

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[int] | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules = checked_rules(rules, DEFAULT_RULES, "sisepai")
        rng = random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(4)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < 4:
            raise ValueError(f"dealer must be a seat 0..3, not {dealer!r}")
        if deck is None:
            order = list(range(CARDS))
            rng.shuffle(order)
        else:
            order = list(deck)
            if sorted(order) != list(range(CARDS)) or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in order
            ):
                raise ValueError("deck must be a permutation of the card ids 0..116")
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

    # -- public helpers --------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current phase (see :data:`Phase`)."""
        return self._phase

    @property
    def deck(self) -> tuple[int, ...]:
        """The deal order."""
        return self._deck

    def hand(self, seat: int) -> Hand:
        """Seat ``seat``'s cards as a :class:`~parlour.sisepai.Hand` (all
        knowledge: use observations for what a seat may see)."""
        self._check_seat(seat)
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

    # -- protocol hooks ---------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        return self._pending

    def _is_over(self) -> bool:
        return self._phase == "over"

    def _discard_options(self, seat: int) -> list[Move]:
        counts = self._counts[seat]
        return [Discard(x) for x in _DISCARDABLE if counts[x]]

    def _legal_actions(self, seat: int) -> list[Action]:
        if self._phase == "discard":
            return list(self._discard_options(seat)) if seat == self._active else []
        if seat in self._answers:
            return []
        return list(self._options.get(seat, ()))

    def _verify(self, seat: int, action: Action) -> None:
        if self._phase == "discard":
            if not isinstance(action, Discard):
                raise IllegalActionError(f"seat {seat} must discard now, not {action}")
            k = action.kind
            if is_flower(k) or is_general(k):
                raise IllegalActionError(f"a General or a flower is never discarded ({action})")
            if not self._counts[seat][k]:
                raise IllegalActionError(f"seat {seat} holds no concealed {kind_text(k)}")
            return
        if action not in self._options.get(seat, ()):
            raise IllegalActionError(f"seat {seat} may not {action} on this card now")

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

    def render(self, seat: int | None = None) -> str:
        """The table as text. ``seat=None`` shows everything, as a referee or
        a spectator after the fact sees it; ``seat=s`` only what seat ``s``
        may see: the text is made from :meth:`observation` alone, so it
        cannot show more. ``str(game)`` is ``game.render()``.

        >>> game = Game(seed=2)
        >>> print(game.render(0).splitlines()[0])
        Si Se Pai - you are seat 0 - dealer seat 0 - stock 36 - phase draw
        >>> print(str(game).splitlines()[0])
        Si Se Pai - dealer seat 0 - stock 36 - phase draw - to act: seats 0, 1, 2, 3
        """
        # observation() is typed by the protocol; this game's are SisepaiObservations.
        if seat is None:
            views = [self.observation(s) for s in range(self.num_players)]
            return _table.full_view(cast("list[SisepaiObservation]", views))
        return _table.seat_view(cast("SisepaiObservation", self.observation(seat)))

    def __str__(self) -> str:
        return self.render()

    def parse_action(self, text: str) -> Action:
        """Parse an action's notation (see :func:`parse_action`)."""
        return parse_action(text)

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
            to_act=self._to_act(),
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

    # -- learning interface -----------------------------------------------
    def _action_id(self, action: Action) -> int:
        cls = action.__class__
        if cls is Take:
            i = TAKE_IDS.get(cast("Take", action).group.kinds)
            if i is None:
                raise ValueError(f"{action} has no action id: a take never forms a pair")
            return i
        if cls is Discard:
            i = DISCARD_IDS.get(cast("Discard", action).kind)
            if i is None:
                raise ValueError(
                    f"{action!r} has no action id: only chess cards but Generals are discarded"
                )
            return i
        if cls is Pass:
            return PASS_ID
        if cls is Win:
            return WIN_ID
        raise ValueError(f"{action!r} is not a Sì Sè Pái action")

    def _actions_of_id(self, seat: int, i: int) -> list[Action]:
        # An id names one action in every state: legal or not is all to ask.
        action = _ACTIONS[i]
        return [action] if action in self._legal_actions(seat) else []

    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        """Privileged: ``observation(seat).to_array()`` followed by the other
        seats' concealed cards and the stock (its cards and its top card),
        a ``float32`` array of :data:`~parlour.sisepai.ORACLE_SHAPE`. For
        critics in training, never for a policy that plays."""
        self._check_seat(seat)
        observed = cast("SisepaiObservation", self.observation(seat)).to_array()
        return _arrays.oracle_array(observed, seat, self._concealed, self._deck[self._next :])

    def _deal_record(self) -> Any:
        return {"dealer": self.dealer, "deck": list(self._deck)}

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any) -> Game:
        if not isinstance(deal, dict) or set(deal) != {"dealer", "deck"}:
            raise RecordError("a Sì Sè Pái deal is an object with 'dealer' and 'deck'")
        if not isinstance(deal["deck"], list):
            raise RecordError("the deal's deck must be a list of card ids")
        dealer = deal["dealer"]
        # A record fixes everything random: a missing dealer would be drawn anew.
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
            raise RecordError(f"the deal's dealer must be a seat 0..3, not {dealer!r}")
        return cls(rules, dealer=dealer, deck=deal["deck"])


def _groups_with(k: int, counts: bytearray, *, drawer: bool, next_player: bool) -> list[Group]:
    """Groups a player may form with a new card of kind ``k`` from its
    concealed ``counts`` without winning: identical triples and quads for
    anyone; command, field and soldier groups for the drawer and the next
    player; single General and flower for the drawer. Never a pair."""
    out: list[Group] = []
    if k >= CHESS_KINDS:
        if drawer:
            out.append(_group((k,)))
        return out
    ch, col = k % 7, k // 7
    if ch == 0:
        if drawer:
            out.append(_group((k,)))
    else:
        if counts[k] >= 2:
            out.append(_group((k, k, k)))
        if counts[k] >= 3:
            out.append(_group((k, k, k, k)))
    if not (drawer or next_player):
        return out
    if ch <= 2:
        base = col * 7
        if all(counts[x] or x == k for x in (base, base + 1, base + 2)):
            out.append(_group((base, base + 1, base + 2)))
    elif ch <= 5:
        base = col * 7 + 3
        if all(counts[x] or x == k for x in (base, base + 1, base + 2)):
            out.append(_group((base, base + 1, base + 2)))
    else:
        others = [d * 7 + 6 for d in range(4) if d != col and counts[d * 7 + 6]]
        for i in range(len(others)):
            for j in range(i + 1, len(others)):
                out.append(_group(tuple(sorted((k, others[i], others[j])))))
        if len(others) == 3:
            out.append(_group(tuple(sorted((k, *others)))))
    return out


def describe(game: Game) -> str:
    """A one-line summary of a game's state, for debugging and docs.

    >>> describe(Game(seed=1, dealer=0)).split(";")[0]
    'phase draw'
    """
    parts = [f"phase {game.phase}"]
    for s in range(4):
        parts.append(f"seat {s}: {game.hand(s)}")
    return "; ".join(parts)
