"""The Nine Domains engine: three rounds of simultaneous placements and battles.

Both players act at once in a round: each applies one :class:`Place` action
putting three hand cards on positions 0, 1, 2 (the opponent only learns that
it has placed). When both have placed, the cards are revealed, the three
battles resolved in position order, and the winners' effects wait for their
owners: a winning ``2-`` asks for a :class:`Swap`, a winning ``3-`` for a
:class:`Recover` or :class:`Decline`. Then the elements are checked.

>>> g = Game(domains=[4, 5, 6, 7, 2, 3, 8, 9, 10],
...          specials=["1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*"])
>>> g.to_act
(0, 1)
>>> g.apply(0, "place 5 4 3")
>>> g.to_act
(1,)
>>> g.apply(1, "place 0 1- 2")
>>> g.observation(0).held
((5,), (4, 6))
>>> g.to_act, g.observation(0).round
((0, 1), 1)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from parlour._codes.ninedomains import ND_CARD_THREE_MINUS, ND_CARD_TWO_MINUS
from parlour.errors import IllegalActionError, NotationError
from parlour.ninedomains import ids as _ids
from parlour.ninedomains import table as _table
from parlour.ninedomains.battle import decide, round_bonuses, three_plus_points
from parlour.ninedomains.cards import BASIC, CARD_TEXTS, CARDS, SPECIALS, Card, CardLike, card
from parlour.ninedomains.rules import DOMAINS, Rules
from parlour.protocol import Action, Observation, Result, checked_rules
from parlour.protocol import Game as _BaseGame

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "BattleOutcome",
    "Decline",
    "Effect",
    "Game",
    "NineDomainsAction",
    "NineDomainsObservation",
    "Phase",
    "Place",
    "Recover",
    "Swap",
]

Phase = Literal["place", "effect", "over"]
EffectKind = Literal["2-", "3-"]
# The texts of the cards whose wins have effects (and of the card a 3- cannot recover).
_TWO_MINUS: EffectKind = CARD_TEXTS[ND_CARD_TWO_MINUS]  # type: ignore[assignment]
_THREE_MINUS: EffectKind = CARD_TEXTS[ND_CARD_THREE_MINUS]  # type: ignore[assignment]


@dataclass(frozen=True)
class Place(Action):
    """Place three hand cards, one per position 0, 1, 2.

    >>> a = Place.parse("place 5 1- *")
    >>> a
    Place(cards=(Card('5'), Card('1-'), Card('*')))
    >>> str(a)
    'place 5 1- *'
    """

    cards: tuple[Card, Card, Card]

    def __post_init__(self) -> None:
        if (
            not isinstance(self.cards, tuple)
            or len(self.cards) != 3
            or not all(isinstance(c, Card) for c in self.cards)
        ):
            raise NotationError(f"a placement is a tuple of three Cards, not {self.cards!r}")
        if len(set(self.cards)) != 3:
            raise NotationError(f"a placement uses three different cards, not {self}")

    @classmethod
    def of(cls, cards: Sequence[CardLike]) -> Place:
        """A placement from three cards or card texts."""
        if isinstance(cards, str) or len(cards) != 3:
            raise NotationError(f"a placement is three cards, not {cards!r}")
        a, b, c = (card(x) for x in cards)
        return cls((a, b, c))

    @classmethod
    def parse(cls, text: str) -> Place:
        """Read ``"place A B C"``."""
        words = text.split()
        if len(words) != 4 or words[0] != "place":
            raise NotationError(f"expected 'place A B C', got {text!r}")
        return cls.of(words[1:])

    def __str__(self) -> str:
        return "place " + " ".join(c.text for c in self.cards)


@dataclass(frozen=True)
class Swap(Action):
    """A winning ``2-``'s swap: the owner gives domain ``own`` and takes ``theirs``.

    >>> str(Swap(4, 9)), Swap.parse("swap 4 9")
    ('swap 4 9', Swap(own=4, theirs=9))
    """

    own: int
    theirs: int

    @classmethod
    def parse(cls, text: str) -> Swap:
        """Read ``"swap OWN THEIRS"`` (domain values)."""
        words = text.split()
        if len(words) != 3 or words[0] != "swap" or not all(w.isdigit() for w in words[1:]):
            raise NotationError(f"expected 'swap OWN THEIRS', got {text!r}")
        return cls(int(words[1]), int(words[2]))

    def __str__(self) -> str:
        return f"swap {self.own} {self.theirs}"


@dataclass(frozen=True)
class Recover(Action):
    """A winning ``3-``'s exchange: take ``take`` from the used pile, put ``give`` there.

    >>> Recover.parse("recover 1+ give 0")
    Recover(take=Card('1+'), give=Card('0'))
    """

    take: Card
    give: Card

    @classmethod
    def parse(cls, text: str) -> Recover:
        """Read ``"recover TAKE give GIVE"``."""
        words = text.split()
        if len(words) != 4 or words[0] != "recover" or words[2] != "give":
            raise NotationError(f"expected 'recover TAKE give GIVE', got {text!r}")
        return cls(Card.parse(words[1]), Card.parse(words[3]))

    def __str__(self) -> str:
        return f"recover {self.take} give {self.give}"


@dataclass(frozen=True)
class Decline(Action):
    """Decline the optional ``3-`` exchange.

    >>> str(Decline()), Decline.parse("decline")
    ('decline', Decline())
    """

    @classmethod
    def parse(cls, text: str) -> Decline:
        """Read ``"decline"``."""
        if text.strip() != "decline":
            raise NotationError(f"expected 'decline', got {text!r}")
        return cls()

    def __str__(self) -> str:
        return "decline"


NineDomainsAction = Place | Swap | Recover | Decline


@dataclass(frozen=True)
class BattleOutcome:
    """One revealed battle: ``winner`` is the seat or ``None`` (domain removed)."""

    round: int
    position: int
    domain: int
    cards: tuple[Card, Card]
    bonuses: tuple[int, int]
    winner: int | None
    rule: int
    extra_points: int


@dataclass(frozen=True)
class Effect:
    """A winning special's effect: ``kind`` is ``"2-"`` or ``"3-"``."""

    position: int
    seat: int
    kind: EffectKind


@dataclass(frozen=True)
class NineDomainsObservation(Observation):
    """What one seat knows: everything but the opponent's unrevealed placement
    and the order of the undealt cards."""

    seat: int
    rules: Rules
    round: int
    phase: Phase
    revealed: tuple[int, ...]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    used: tuple[tuple[Card, ...], tuple[Card, ...]]
    held: tuple[tuple[int, ...], tuple[int, ...]]
    removed: tuple[int, ...]
    extra_points: tuple[int, int]
    points: tuple[int, int]
    placed: tuple[bool, bool]
    my_placement: tuple[Card, ...] | None
    previous: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    pending: Effect | None
    elements_off: bool
    battles: tuple[BattleOutcome, ...]

    def to_array(self) -> NDArray[np.float32]:
        """A new ``float32`` array of shape :data:`~parlour.ninedomains.OBS_SHAPE`
        made from this view alone, seat-relative, every value in [0, 1]; the
        layout is in :mod:`parlour.ninedomains.arrays` and
        :doc:`/learning/ninedomains`.

        >>> Game(seed=1).observation(0).to_array().shape
        (697,)
        """
        from parlour.ninedomains.arrays import observation_array

        return observation_array(self)


class Game(_BaseGame):
    """A game of the Nine Domains.

    ``domains`` (nine distinct domain values 2..10) and ``specials`` (the nine
    special cards) fix the orders; otherwise they are shuffled by a generator
    seeded with ``seed``. ``domains[3 * r + p]`` is revealed at position ``p``
    in round ``r``; ``specials[3 * r : 3 * r + 3]`` are dealt to both players
    in round ``r``.
    """

    name: ClassVar[str] = "ninedomains"
    rules_class: ClassVar[type[Rules]] = Rules
    rules: Rules

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        domains: Sequence[int] | None = None,
        specials: Sequence[CardLike] | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules = checked_rules(rules, Rules(), "ninedomains")
        self.num_players = 2
        rng = random.Random(seed)
        if domains is None:
            order = list(DOMAINS)
            rng.shuffle(order)
            domains = order
        if specials is None:
            deck = list(SPECIALS)
            rng.shuffle(deck)
            specials = deck
        self._domains = _check_domains(domains)
        self._specials = _check_specials(specials)
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
        #: The number of action ids (see :mod:`parlour.ninedomains.ids`).
        self.num_action_ids: int = _ids.NUM_ACTION_IDS
        self._deal_specials()

    # -- setup ----------------------------------------------------------
    def _deal_specials(self) -> None:
        dealt = self._specials[3 * self._round : 3 * self._round + 3]
        for s in (0, 1):
            self._hands[s] = sorted(self._hands[s] + list(dealt))

    # -- queries --------------------------------------------------------
    @property
    def round(self) -> int:
        """The current round index 0, 1, 2 (3 once the last round is over)."""
        return self._round

    @property
    def phase(self) -> Phase:
        """``"place"``, ``"effect"`` (a ``2-``/``3-`` owner must choose) or ``"over"``."""
        if self._over:
            return "over"
        return "effect" if self._pending else "place"

    def observation(self, seat: int) -> NineDomainsObservation:
        """A frozen view of what ``seat`` knows now."""
        obs = super().observation(seat)
        assert isinstance(obs, NineDomainsObservation)
        return obs

    def render(self, seat: int | None = None) -> str:
        """The table as text. ``seat=None`` shows everything, as a referee or
        a spectator after the fact sees it; ``seat=s`` only what seat ``s``
        may see: the text is made from :meth:`observation` alone, so it
        cannot show more. ``str(game)`` is ``game.render()``.

        >>> game = Game(seed=1)
        >>> print(game.render(0).splitlines()[0])
        The Nine Domains - you are seat 0 - round 1 - phase place
        >>> print(str(game).splitlines()[0])
        The Nine Domains - round 1 - phase place - to act: seats 0, 1
        """
        if seat is None:
            return _table.full_view([self.observation(s) for s in range(self.num_players)])
        return _table.seat_view(self.observation(seat))

    def __str__(self) -> str:
        return self.render()

    def points(self, seat: int) -> int:
        """Domain values held plus ``3+`` points."""
        return sum(self._held[seat]) + self._extra[seat]

    # -- learning interface ---------------------------------------------
    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        """Privileged: ``observation(seat).to_array()`` followed by what
        ``seat`` cannot see (the opponent's unrevealed placement, the domains
        and specials still to come, in order); shape
        :data:`~parlour.ninedomains.ORACLE_SHAPE`. For critics, never for a
        policy that plays.

        >>> Game(seed=1).oracle_array(0).shape
        (904,)
        """
        from parlour.ninedomains import arrays

        obs = self.observation(seat)
        out = arrays.observation_array(obs, arrays.ORACLE_SIZE)
        opp = self._placements[1 - seat] if self.phase == "place" else None
        # Round r's domains show from its start (the piles stay face up
        # after the end); its specials are dealt only if the round is played.
        shown = 3 * min(self._round + 1, 3)
        dealt = 3 * min(self._round + (0 if self._over else 1), 3)
        arrays.oracle_part(
            out,
            opp,
            [(slot, self._domains[slot]) for slot in range(shown, 9)],
            [(slot, self._specials[slot]) for slot in range(dealt, 9)],
        )
        return out

    def _action_id(self, action: Action) -> int:
        if isinstance(action, Place):
            a, b, c = action.cards
            return _ids.place_id((a.index, b.index, c.index))
        if isinstance(action, Decline):
            return _ids.DECLINE
        if isinstance(action, Swap):
            own, theirs = action.own, action.theirs
            if (
                own.__class__ is not int
                or theirs.__class__ is not int
                or own not in DOMAINS
                or theirs not in DOMAINS
                or own == theirs
            ):
                raise ValueError(f"{action!r} has no action id: a swap names two different domains")
            return _ids.swap_id(own, theirs)
        if isinstance(action, Recover):
            take, give = action.take, action.give
            if _THREE_MINUS in (take.text, give.text) or take == give:
                raise ValueError(
                    f"{action!r} has no action id: a recover names two different cards, neither "
                    f"{_THREE_MINUS}"
                )
            return _ids.recover_id(take.index, give.index)
        raise ValueError(f"{action!r} is not a Nine Domains action")

    def _actions_of_id(self, seat: int, i: int) -> list[Action]:
        # Each id names one action (a hand holds one card of a kind): build
        # it and check it, instead of searching up to 504 placements.
        if self._over or seat not in self._to_act():
            return []
        block, fields = _ids.decode(i)
        action: Action
        if block == "place":
            a, b, c = fields
            place = _PLACES[225 * a + 15 * b + c]
            assert place is not None
            action = place
        elif block == "swap":
            action = Swap(fields[0], fields[1])
        elif block == "recover":
            action = Recover(CARDS[fields[0]], CARDS[fields[1]])
        else:
            action = Decline()
        try:
            self._verify(seat, action)
        except IllegalActionError:
            return []
        return [action]

    def legal_mask(self, seat: int) -> NDArray[np.bool_]:
        """A ``numpy`` bool array of length :attr:`num_action_ids`, true at
        the ids ``seat`` may take now (all false when it need not act)."""
        if seat.__class__ is not int or not 0 <= seat < self.num_players:
            self._check_seat(seat)
        if self._over or self._pending or seat not in self._to_act():
            mask: NDArray[np.bool_] = super().legal_mask(seat)
            return mask
        # The cached mask is shared (read-only): hand out a copy.
        copied: NDArray[np.bool_] = _ids.place_mask(
            tuple(c.index for c in self._hands[seat])
        ).copy()
        return copied

    def _running_scores(self) -> tuple[float, ...]:
        # Points are settled as battles and swaps happen; at the end they are
        # result.scores, so the rewards sum to them.
        return (float(self.points(0)), float(self.points(1)))

    def _revealed(self) -> tuple[int, ...]:
        if self._round >= 3:
            return ()
        return self._domains[3 * self._round : 3 * self._round + 3]

    # -- protocol hooks ---------------------------------------------------
    def _is_over(self) -> bool:
        return self._over

    def _to_act(self) -> tuple[int, ...]:
        if self._over:
            return ()
        if self._pending:
            return (self._pending[0].seat,)
        return tuple(s for s in (0, 1) if self._placements[s] is None)

    def _legal_actions(self, seat: int) -> list[Action]:
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

    def _verify(self, seat: int, action: Action) -> None:
        if self._pending:
            eff = self._pending[0]
            if eff.kind == _TWO_MINUS:
                if not isinstance(action, Swap):
                    raise IllegalActionError(f"seat {seat} must choose a 2- swap, not {action}")
                if action.own not in self._held[seat]:
                    raise IllegalActionError(f"seat {seat} holds no domain {action.own}")
                if action.theirs not in self._held[1 - seat]:
                    raise IllegalActionError(f"seat {1 - seat} holds no domain {action.theirs}")
                return
            if isinstance(action, Decline):
                return
            if not isinstance(action, Recover):
                raise IllegalActionError(f"seat {seat} must recover or decline, not {action}")
            if action.take.text == _THREE_MINUS or action.take not in self._used[seat]:
                raise IllegalActionError(f"seat {seat} may not take {action.take} back")
            if action.give not in self._hands[seat]:
                raise IllegalActionError(f"seat {seat} has no {action.give} in hand")
            return
        if not isinstance(action, Place):
            raise IllegalActionError(f"seat {seat} must place three cards, not {action}")
        missing = [c for c in action.cards if c not in self._hands[seat]]
        if missing:
            raise IllegalActionError(
                f"seat {seat} has no {' '.join(map(str, missing))} in hand for {action}"
            )

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Place):
            self._placements[seat] = action.cards
            if all(p is not None for p in self._placements):
                self._resolve()
            return
        self._pending.pop(0)  # the effect this action answers (checked by _verify)
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

    def _observation(self, seat: int) -> NineDomainsObservation:
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

    def _result(self) -> Result:
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

    def _deal_record(self) -> Any:
        return {"domains": list(self._domains), "specials": [c.text for c in self._specials]}

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any) -> Game:
        if not isinstance(deal, dict) or set(deal) != {"domains", "specials"}:
            raise ValueError("a Nine Domains deal is {'domains': [...], 'specials': [...]}")
        # A record fixes every order: a missing one would be shuffled anew.
        for key in ("domains", "specials"):
            if not isinstance(deal[key], list):
                raise ValueError(f"the deal's {key} must be a list, not {deal[key]!r}")
        return cls(rules, domains=deal["domains"], specials=deal["specials"])

    def parse_action(self, text: str) -> Action:
        """Read an action's notation: ``place A B C``, ``swap OWN THEIRS``,
        ``recover TAKE give GIVE`` or ``decline``."""
        if not isinstance(text, str):
            raise NotationError(f"action text must be a str, not {type(text).__name__}")
        head = text.split()[0] if text.split() else ""
        parsers: dict[str, Any] = {
            "place": Place.parse,
            "swap": Swap.parse,
            "recover": Recover.parse,
            "decline": Decline.parse,
        }
        if head not in parsers:
            raise NotationError(f"unknown Nine Domains action {text!r}")
        action: Action = parsers[head](text)
        return action


def _all_placements() -> list[Place | None]:
    # Every placement of three different cards, indexed by 225 a + 15 b + c (built once).
    table: list[Place | None] = [None] * (15**3)
    for a, b, c in itertools.permutations(CARDS, 3):
        table[225 * a.index + 15 * b.index + c.index] = Place((a, b, c))
    return table


_PLACES = _all_placements()


@lru_cache(maxsize=4096)
def _placements_of(hand: tuple[Card, ...]) -> tuple[Place, ...]:
    # Every placement of a hand of distinct cards, in a fixed order (shared immutable actions).
    idx = [c.index for c in hand]
    out = []
    for a, b, c in itertools.permutations(idx, 3):
        place = _PLACES[225 * a + 15 * b + c]
        assert place is not None
        out.append(place)
    return tuple(out)


def _check_domains(domains: Sequence[int]) -> tuple[int, ...]:
    if isinstance(domains, str):
        raise ValueError("domains must be a sequence of domain values, not a str")
    order = tuple(domains)
    if any(not isinstance(d, int) or isinstance(d, bool) for d in order) or sorted(order) != list(
        DOMAINS
    ):
        raise ValueError(f"domains must be an order of {list(DOMAINS)}, not {list(order)!r}")
    return order


def _check_specials(specials: Sequence[CardLike]) -> tuple[Card, ...]:
    if isinstance(specials, str):
        raise ValueError("specials must be a sequence of cards, not a str")
    order = tuple(card(c) for c in specials)
    if sorted(order) != list(SPECIALS):
        raise ValueError(
            f"specials must be an order of the nine specials, not {[str(c) for c in order]!r}"
        )
    return order
