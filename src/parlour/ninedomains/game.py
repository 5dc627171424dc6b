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

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from parlour import _backend
from parlour.errors import IllegalActionError, NotationError
from parlour.ninedomains import ids as _ids
from parlour.ninedomains import resample as _resample
from parlour.ninedomains import table as _table
from parlour.ninedomains.cards import CARDS, SPECIALS, Card, CardLike, card
from parlour.ninedomains.engine import NineDomainsEngine
from parlour.ninedomains.engine_c import CEngine, core
from parlour.ninedomains.engine_py import PyEngine
from parlour.ninedomains.rules import DOMAINS, Rules
from parlour.ninedomains.values import (
    _THREE_MINUS,
    _TWO_MINUS,
    BattleOutcome,
    Decline,
    Effect,
    NineDomainsAction,
    NineDomainsObservation,
    Phase,
    Place,
    Recover,
    Swap,
)
from parlour.ninedomains.values import (  # read by parlour.ninedomains.bots from here
    _placements_of as _placements_of,
)
from parlour.protocol import Action, Result, checked_rules
from parlour.protocol import EngineGame as _EngineGame

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


__all__ = [
    "BattleOutcome",
    "EngineName",
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

#: The engines a game can run on: the C state machine or the pure-Python one.
EngineName = Literal["c", "python"]


class Game(_EngineGame):
    """A game of the Nine Domains.

    ``domains`` (nine distinct domain values 2..10) and ``specials`` (the nine
    special cards) fix the orders; otherwise they are shuffled by a generator
    seeded with ``seed``. ``domains[3 * r + p]`` is revealed at position ``p``
    in round ``r``; ``specials[3 * r : 3 * r + 3]`` are dealt to both players
    in round ``r``. ``engine`` is ``"c"`` (the C state machine,
    ``csrc/ninedomains_game.c``; ``ImportError`` without the compiled module)
    or ``"python"`` (the plain pure-Python one); ``None`` takes the live
    backend's. Copies, clones, pickles and replays keep the engine;
    everything else is the same on both.

    >>> Game(seed=3, engine="python").record() == Game(seed=3).record()
    True
    """

    name: ClassVar[str] = "ninedomains"
    rules_class: ClassVar[type[Rules]] = Rules
    # On the C engine its state answers action_from_id (an id among
    # parlour_ndg_legal's) and rewards (and legal_mask, below).
    _c_answers = (CEngine, "_s")
    rules: Rules
    #: The number of action ids (see :mod:`parlour.ninedomains.ids`).
    num_action_ids: int = _ids.NUM_ACTION_IDS

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        domains: Sequence[int] | None = None,
        specials: Sequence[CardLike] | None = None,
        engine: EngineName | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules = checked_rules(rules, Rules(), "ninedomains")
        self.num_players = 2
        kind = _engine_class(engine)
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
        self._engine: NineDomainsEngine = kind(rules, self._domains, self._specials)

    @property
    def engine(self) -> EngineName:
        """The engine the game runs on: ``"c"`` or ``"python"``.

        >>> Game(seed=1, engine="python").engine
        'python'
        """
        return "python" if isinstance(self._engine, PyEngine) else "c"

    # -- the engine's state, by the names the pure engine keeps -------------
    # (read by tests that look inside; the pure engine's own lists, copies
    # from the C engine)
    @property
    def _round(self) -> int:
        return self._engine.round

    @property
    def _placements(self) -> list[tuple[Card, ...] | None]:
        return [self._engine.placement(0), self._engine.placement(1)]

    @property
    def _hands(self) -> list[list[Card]]:
        # The pure engine's own lists (tests forge them); a C game's copies.
        if isinstance(self._engine, PyEngine):
            return self._engine._hands
        return [list(h) for h in self._engine.observation(0).hands]

    # -- protocol fast paths ----------------------------------------------
    # The common valid calls go straight to the engine; every other call
    # goes through the base class, so results and errors are the base's.
    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._engine.is_over

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several when choices are simultaneous)."""
        return self._engine.to_act

    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty when it need not act)."""
        if seat.__class__ is int and seat in self._engine.to_act:
            return self._engine.legal(seat)
        return super().legal_actions(seat)

    def apply(self, seat: int, action: Action | str) -> None:
        """Apply ``action`` (or its text) for ``seat``.

        Raises :class:`~parlour.errors.IllegalActionError`, leaving the game
        unchanged, if the action is not legal now.
        """
        if (
            action.__class__ in _ACTION_CLASSES
            and seat.__class__ is int
            and self._engine.apply(seat, action)
        ):
            self._history.append((seat, action))
            return
        super().apply(seat, action)

    # -- queries --------------------------------------------------------
    @property
    def round(self) -> int:
        """The current round index 0, 1, 2 (3 once the last round is over)."""
        return self._engine.round

    @property
    def phase(self) -> Phase:
        """``"place"``, ``"effect"`` (a ``2-``/``3-`` owner must choose) or ``"over"``."""
        return self._engine.phase

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
        return self._engine.points(seat)

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
        opp = self._engine.placement(1 - seat) if self.phase == "place" else None
        # Round r's domains show from its start (the piles stay face up
        # after the end); its specials are dealt only if the round is played.
        rnd = self._engine.round
        shown = 3 * min(rnd + 1, 3)
        dealt = 3 * min(rnd + (0 if self._engine.is_over else 1), 3)
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
        if self._engine.is_over or seat not in self._engine.to_act:
            return []
        block, fields = _ids.decode(i)
        action: Action
        if block == "place":
            a, b, c = fields
            action = Place((CARDS[a], CARDS[b], CARDS[c]))
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
        state = self._c_answering()
        if state is not None:
            # The same mask written by the C core (parlour_ndg_legal_ids).
            written: NDArray[np.bool_] = state.legal_mask(seat)
            return written
        if self._engine.phase != "place" or seat not in self._engine.to_act:
            mask: NDArray[np.bool_] = super().legal_mask(seat)
            return mask
        # The cached mask is shared (read-only): hand out a copy.
        copied: NDArray[np.bool_] = _ids.place_mask(self._engine.hand_indices(seat)).copy()
        return copied

    def _running_scores(self) -> tuple[float, ...]:
        # Points are settled as battles and swaps happen; at the end they are
        # result.scores, so the rewards sum to them.
        return (float(self.points(0)), float(self.points(1)))

    # -- protocol hooks ---------------------------------------------------
    def _is_over(self) -> bool:
        return self._engine.is_over

    def _to_act(self) -> tuple[int, ...]:
        return self._engine.to_act

    def _legal_actions(self, seat: int) -> list[Action]:
        return self._engine.legal(seat)

    def _verify(self, seat: int, action: Action) -> None:
        # Read from the seat's own view, so both engines word it alike.
        obs = self._engine.observation(seat)
        if obs.pending is not None:
            if obs.pending.kind == _TWO_MINUS:
                if not isinstance(action, Swap):
                    raise IllegalActionError(f"seat {seat} must choose a 2- swap, not {action}")
                if action.own not in obs.held[seat]:
                    raise IllegalActionError(f"seat {seat} holds no domain {action.own}")
                if action.theirs not in obs.held[1 - seat]:
                    raise IllegalActionError(f"seat {1 - seat} holds no domain {action.theirs}")
                return
            if isinstance(action, Decline):
                return
            if not isinstance(action, Recover):
                raise IllegalActionError(f"seat {seat} must recover or decline, not {action}")
            if action.take.text == _THREE_MINUS or action.take not in obs.used[seat]:
                raise IllegalActionError(f"seat {seat} may not take {action.take} back")
            if action.give not in obs.hands[seat]:
                raise IllegalActionError(f"seat {seat} has no {action.give} in hand")
            return
        if not isinstance(action, Place):
            raise IllegalActionError(f"seat {seat} must place three cards, not {action}")
        missing = [c for c in action.cards if c not in obs.hands[seat]]
        if missing:
            raise IllegalActionError(
                f"seat {seat} has no {' '.join(map(str, missing))} in hand for {action}"
            )

    def _apply(self, seat: int, action: Action) -> None:
        if not self._engine.apply(seat, action):  # pragma: no cover - _verify accepted it
            raise IllegalActionError(f"seat {seat} may not {action} now")

    def _observation(self, seat: int) -> NineDomainsObservation:
        return self._engine.observation(seat)

    def _result(self) -> Result:
        return self._engine.result()

    def _deal_record(self) -> Any:
        return {"domains": list(self._domains), "specials": [c.text for c in self._specials]}

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any, engine: EngineName | None = None) -> Game:
        if not isinstance(deal, dict) or set(deal) != {"domains", "specials"}:
            raise ValueError("a Nine Domains deal is {'domains': [...], 'specials': [...]}")
        # A record fixes every order: a missing one would be shuffled anew.
        for key in ("domains", "specials"):
            if not isinstance(deal[key], list):
                raise ValueError(f"the deal's {key} must be a list, not {deal[key]!r}")
        return cls(rules, domains=deal["domains"], specials=deal["specials"], engine=engine)

    def _resample(self, seat: int, rng: random.Random) -> Game:
        # The hidden domain and special orders and the opponent's unrevealed
        # placement, drawn uniformly (parlour.ninedomains.resample).
        twin: Game = _resample.resample(self, seat, rng)
        return twin

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


_ACTION_CLASSES = (Place, Swap, Recover, Decline)


def _engine_class(engine: object) -> type[CEngine] | type[PyEngine]:
    # The engine class named, or the live backend's; ImportError if the C
    # engine is asked for without the compiled module.
    if engine is None:
        engine = _backend.current()
    if engine == "c":
        core()  # ImportError now rather than at the first move
        return CEngine
    if engine == "python":
        return PyEngine
    raise ValueError(f"engine must be 'c', 'python' or None, not {engine!r}")


def _check_domains(domains: Sequence[int]) -> tuple[int, ...]:
    if isinstance(domains, str):
        raise ValueError("domains must be a sequence of domain values, not a str")
    order = tuple(domains)
    if any(not isinstance(d, int) or isinstance(d, bool) for d in order) or sorted(order) != list(
        DOMAINS
    ):
        raise ValueError(f"domains must be an order of {list(DOMAINS)}, not {list(order)!r}")
    return order


_SPECIAL_INDICES = [c.index for c in SPECIALS]


def _check_specials(specials: Sequence[CardLike]) -> tuple[Card, ...]:
    if isinstance(specials, str):
        raise ValueError("specials must be a sequence of cards, not a str")
    order = tuple(card(c) for c in specials)
    # Cards sort by index: comparing the indices spares the Card comparisons.
    if sorted([c.index for c in order]) != _SPECIAL_INDICES:
        raise ValueError(
            f"specials must be an order of the nine specials, not {[str(c) for c in order]!r}"
        )
    return order
