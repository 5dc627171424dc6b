"""The Shrine Wars engine: an opening draw, then one auction per lot.

The deck (shuffled from the seed, or given top card first) decides the
starting player by the opening draw; then each lot, the top card or a set of
two after a winning bid ending in 0, is auctioned: turns go clockwise from
the lot's opener, each player either makes a :class:`Bid` that states how it
is paid per element or makes a :class:`Pass`, final for the lot. The high bid
wins the lot once everyone else has passed; its Oinks, with the pool, go to
the receivers fixed by the bid's unit digit. When the deck is empty every
player's won cards are scored by their best partition.

>>> g = Game(players=2, deck="9F 2W 5A 7E", rules=Rules(oinks=3))
>>> g.starter, g.to_act, str(g.lot)
(0, (0,), '5A')
>>> [str(a) for a in g.legal_actions(0)]
['pass', 'bid 1: 1A', 'bid 2: 2A', 'bid 3: 3A']
>>> g.apply(0, "bid 2: 2A")
>>> g.apply(1, "pass")
>>> str(g.won[0]), g.oinks[0], g.oinks[1], str(g.lot), g.to_act
('5A', (3, 3, 1, 3), (3, 3, 5, 3), '7E', (1,))

The game's state lives in an engine object chosen at construction
(``engine=``): the C state machine (:mod:`parlour.shrinewars.engine_c`) or
the plain pure-Python one (:mod:`parlour.shrinewars.engine_py`), which is
its reference and lock-step twin. By default it follows the live backend
(:data:`parlour.backend`, ``PARLOUR_BACKEND``); either gives the same game.

>>> Game(seed=7, engine="python").record() == Game(seed=7, engine="c").record()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

from parlour import _backend
from parlour._codes.shrinewars import SW_AID_ONE, SW_AID_TWO
from parlour.errors import IllegalActionError, NotationError
from parlour.protocol import Action, Observation, Result
from parlour.protocol import EngineGame as _EngineGame
from parlour.shrinewars import arrays
from parlour.shrinewars import resample as _resample
from parlour.shrinewars import table as _table
from parlour.shrinewars.cards import ELEMENTS, Cards, card_from_text, card_text
from parlour.shrinewars.engine_c import CEngine
from parlour.shrinewars.engine_c import core as _c_core
from parlour.shrinewars.engine_py import PyEngine
from parlour.shrinewars.ids import PAIRS, ActionIds
from parlour.shrinewars.rules import Rules
from parlour.shrinewars.values import (
    OBS_SHAPE,
    OBS_VERSION,
    ORACLE_SHAPE,
    POT,
    Bid,
    LotOutcome,
    Oinks,
    Pass,
    ShrineWarsAction,
    ShrineWarsObservation,
    _payments,
    _read_action,
    default_payment,
    parse_action,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    from parlour._lazy import numpy as np

__all__ = [
    "OBS_SHAPE",
    "OBS_VERSION",
    "ORACLE_SHAPE",
    "POT",
    "Bid",
    "EngineName",
    "Game",
    "LotOutcome",
    "Oinks",
    "Pass",
    "ShrineWarsAction",
    "ShrineWarsObservation",
    "default_payment",
    "parse_action",
]

#: The engines a game can run on: the C state machine or the pure-Python one.
EngineName = Literal["c", "python"]
_ENGINES: dict[str, type[CEngine] | type[PyEngine]] = {"c": CEngine, "python": PyEngine}


# The action-id layout of each number of Oinks per element in a game: the
# layouts are read-only, so games of one size share one.
_ACTION_IDS: dict[int, ActionIds] = {}


def _engine_class(engine: object) -> type[CEngine] | type[PyEngine]:
    # The engine class named, or the live backend's; ImportError if the C
    # engine is asked for without the compiled module.
    if engine is None:
        engine = _backend.current()
    if engine == "c":
        _c_core()  # loads the compiled module once (ImportError without it)
    if not isinstance(engine, str) or engine not in _ENGINES:
        raise ValueError(f"engine must be 'c', 'python' or None, not {engine!r}")
    return _ENGINES[engine]


def _deck_order(deck: Iterable[int] | str) -> tuple[int, ...]:
    if isinstance(deck, Cards):
        raise ValueError("a deck has an order: give ids or card text, not Cards")
    if isinstance(deck, str):
        ids = [card_from_text(t) for t in deck.split()]
    else:
        ids = list(deck)
        for c in ids:
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 36:
                raise ValueError(f"a deck holds card ids 0..35, not {c!r}")
    if not ids:
        raise ValueError("the deck must hold at least one card")
    seen: set[int] = set()
    for c in ids:
        if c in seen:
            raise ValueError(f"card {card_text(c)} is twice in the deck")
        seen.add(c)
    return tuple(ids)


class Game(_EngineGame):
    """A game of Shrine Wars for 2 to 6 players.

    ``deck`` is the order of the cards before the opening draw, top card
    first (ids or text); normally all 36 cards, but any non-empty sequence of
    different cards plays a shortened game (handy for scripted scenarios).
    Without it the 36 cards are shuffled by a generator seeded with ``seed``.
    """

    name: ClassVar[str] = "shrinewars"
    rules_class: ClassVar[type[Rules]] = Rules

    rules: Rules

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        players: int = 4,
        deck: Iterable[int] | str | None = None,
        engine: EngineName | None = None,
    ) -> None:
        super().__init__()
        kind = _engine_class(engine)
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a shrinewars Rules, not {type(rules).__name__}")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
            raise ValueError(f"Shrine Wars is for 2 to 6 players, not {players!r}")
        if deck is None and kind is CEngine and isinstance(seed, int) and 0 <= seed < 1 << 64:
            # The same shuffle in C (random.Random's generator, bit for bit).
            deck0 = _c_core()._shrinewars_shuffled(seed)
        elif deck is None:
            order = list(range(36))
            random.Random(seed).shuffle(order)
            deck0 = tuple(order)
        else:
            deck0 = _deck_order(deck)
        self._setup(kind, rules, players, deck0)

    def _setup(
        self,
        kind: type[CEngine] | type[PyEngine],
        rules: Rules,
        players: int,
        deck0: tuple[int, ...],
    ) -> None:
        self.rules = rules
        self.num_players = players
        self._deck0 = deck0
        most = players * rules.oinks
        ids = _ACTION_IDS.get(most)
        if ids is None:
            ids = _ACTION_IDS.setdefault(most, ActionIds(most))
        self._ids = ids
        #: The size of the action space: ``1 + 4 E + 6 E * E`` ids with
        #: ``E = players * oinks`` (see :mod:`parlour.shrinewars.ids`).
        self.num_action_ids = self._ids.num_action_ids
        self._engine: CEngine | PyEngine = kind(rules, players, deck0)

    @property
    def engine(self) -> EngineName:
        """The engine the game runs on: ``"c"`` or ``"python"``."""
        return "c" if isinstance(self._engine, CEngine) else "python"

    # The names the information-set test (tests/infoset.py) reads, from
    # when the game kept its own state.
    @property
    def _draws(self) -> tuple[tuple[int, int], ...]:
        return self._engine.draws

    @property
    def _deck(self) -> tuple[int, ...]:
        return self._engine.deck

    @property
    def _oinks(self) -> list[list[int]]:
        # tests/test_soak_invariants.py forges a holding through this: the
        # pure engine's own rows (a copy on the C engine, whose state refuses
        # forged holdings in parlour_swg_check).
        if isinstance(self._engine, PyEngine):
            return self._engine._oinks
        return [list(o) for o in self._engine.oinks]

    @property
    def starter(self) -> int:
        """The seat the opening draw chose to open the first lot."""
        return self._engine.starter

    # -- public state ---------------------------------------------------
    @property
    def lot(self) -> Cards:
        """The cards being bid for now (empty once the game is over)."""
        return Cards(self._engine.lot)

    @property
    def lot_elements(self) -> tuple[int, ...]:
        """The element indices a bid on the current lot may be paid in."""
        return self._engine.lot_elements

    @property
    def oinks(self) -> tuple[Oinks, ...]:
        """Every seat's Oinks per element (the whole truth, for hosts)."""
        return self._engine.oinks

    @property
    def pool(self) -> Oinks:
        """The Oinks waiting in the pool for the next payment."""
        return self._engine.pool

    @property
    def won(self) -> tuple[Cards, ...]:
        """The cards each seat has won."""
        return tuple(Cards.from_mask(m) for m in self._engine.won)

    @property
    def set_aside(self) -> Cards:
        """The cards of lots nobody bid on."""
        return Cards.from_mask(self._engine.set_aside)

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards still to come, top first (hidden from the players)."""
        return self._engine.deck

    @property
    def lots(self) -> tuple[LotOutcome, ...]:
        """The outcome of every finished lot."""
        return self._engine.lots

    @property
    def opening_draw(self) -> tuple[tuple[int, int], ...]:
        """The ``(seat, card)`` draws of the opening draw, in order."""
        return self._engine.draws

    def forbidden_digits(self, seat: int) -> tuple[int, ...]:
        """The unit digits ``seat`` may not bid: face values of its won cards."""
        self._check_seat(seat)
        m = self._engine.values[seat]
        return tuple(v for v in range(1, 10) if m >> (v - 1) & 1)

    def bid_amounts(self, seat: int) -> list[int]:
        """The amounts ``seat`` may bid now (empty when it may only pass)."""
        self._check_seat(seat)
        e = self._engine
        if e.is_over or seat != e.turn:
            return []
        high = e.high
        lo = high[1].amount + 1 if high else 1
        held = e.oinks[seat]
        hi = sum(held[x] for x in e.lot_elements)
        bad = e.values[seat] << 1  # bit d set when unit digit d is forbidden
        return [a for a in range(lo, hi + 1) if not bad >> (a % 10) & 1]

    def bid_for(self, seat: int, amount: int) -> Bid:
        """The :class:`Bid` of ``amount`` with the default payment for ``seat``.

        Raises :class:`IllegalActionError` if ``seat`` may not bid ``amount`` now.
        """
        if amount not in self.bid_amounts(seat):
            raise IllegalActionError(f"seat {seat} may not bid {amount!r} now")
        paid = default_payment(amount, self._engine.oinks[seat], self.lot_elements)
        assert paid is not None
        return Bid(amount, paid)

    # -- protocol hooks -------------------------------------------------
    def render(self, seat: int | None = None) -> str:
        """The table as text. ``seat=None`` shows everything, as a referee or
        a spectator after the fact sees it; ``seat=s`` only what seat ``s``
        may see: the text is made from :meth:`observation` alone, so it
        cannot show more. ``str(game)`` is ``game.render()``.

        >>> game = Game(seed=3)
        >>> print(game.render(0).splitlines()[0])
        Shrine Wars - you are seat 0 - 35 cards left
        >>> print(str(game).splitlines()[0])
        Shrine Wars - 35 cards left - to act: seat 2
        """
        # observation() is typed by the protocol; this game's are ShrineWarsObservations.
        if seat is None:
            views = [self.observation(s) for s in range(self.num_players)]
            return _table.full_view(cast("list[ShrineWarsObservation]", views))
        return _table.seat_view(cast("ShrineWarsObservation", self.observation(seat)))

    def __str__(self) -> str:
        return self.render()

    def parse_action(self, text: str) -> Action:
        """Read ``pass``, ``bid N: ...`` or ``bid 7F + 5A`` (see
        :func:`parse_action`), or ``bid N`` alone when the seat to act can
        pay ``N`` only one way from its Oinks of the lot's elements.

        Otherwise :class:`NotationError` lists the ways it could pay, or
        says what it holds when it cannot pay ``N`` at all.

        >>> g = Game(players=2, deck="9F 2W 5A 7E", rules=Rules(oinks=3))
        >>> g.parse_action("bid 2")
        Bid(amount=2, paid=(0, 0, 2, 0))
        >>> g.parse_action("bid 4")
        Traceback (most recent call last):
        ...
        parlour.errors.NotationError: bid 4 cannot be paid: seat 0 holds 3A in the lot's element A
        """
        read = _read_action(text)
        if not isinstance(read, int):
            return read
        return self._bid_of_amount(read)

    def _bid_of_amount(self, amount: int) -> Bid:
        # ``bid N`` for the seat to act: its one way to pay N, if only one.
        seat = self._engine.turn
        elements = self._engine.lot_elements
        oinks = self._engine.oinks[seat]
        ways = _payments(amount, oinks, elements)
        if len(ways) == 1 or (ways and amount not in self.bid_amounts(seat)):
            # A bid refused anyway needs no payment chosen: the check says why.
            return Bid(amount, ways[0])
        names = " ".join(ELEMENTS[e] for e in sorted(elements))
        element_word = "element" if len(elements) == 1 else "elements"
        if not ways:
            held = " + ".join(f"{oinks[e]}{ELEMENTS[e]}" for e in sorted(elements))
            raise NotationError(
                f"bid {amount} cannot be paid: seat {seat} holds {held} "
                f"in the lot's {element_word} {names}"
            )
        shown = ", ".join(f"'{Bid(amount, w)}'" for w in ways[:4])
        more = f" and {len(ways) - 4} more" if len(ways) > 4 else ""
        raise NotationError(
            f"bid {amount} can be paid {len(ways)} ways in {names}: {shown}{more}; "
            "write the one you mean"
        )

    # The public protocol methods are EngineGame's short cuts (one engine
    # call for a valid call), for actions of these classes.
    _action_classes: ClassVar[tuple[type, ...]] = (Bid, Pass)
    # On the C engine its state answers action_from_id and rewards (and
    # legal_mask, below): parlour_swv_id_action and the base's bookkeeping.
    _c_answers = (CEngine, "state")

    def _to_act(self) -> tuple[int, ...]:
        return self._engine.to_act

    def _is_over(self) -> bool:
        return self._engine.is_over

    def _legal_actions(self, seat: int) -> list[Action]:
        return list(self._engine.legal(seat))

    def _verify(self, seat: int, action: Action) -> None:
        if isinstance(action, Pass):
            return
        if not isinstance(action, Bid):
            raise IllegalActionError(f"not a Shrine Wars action: {action!r}")
        e = self._engine
        high = e.high
        if high is not None and action.amount <= high[1].amount:
            raise IllegalActionError(
                f"seat {seat} must bid more than the high bid {high[1].amount}"
            )
        if action.digit and e.values[seat] >> (action.digit - 1) & 1:
            raise IllegalActionError(
                f"seat {seat} holds a {action.digit} and may not bid an amount ending in it"
            )
        allowed = set(e.lot_elements)
        held = e.oinks[seat]
        for x, n in enumerate(action.paid):
            if n and x not in allowed:
                raise IllegalActionError(
                    f"the lot {self.lot} is paid in "
                    f"{' '.join(ELEMENTS[y] for y in sorted(allowed))} only, not {ELEMENTS[x]}"
                )
            if n > held[x]:
                raise IllegalActionError(
                    f"seat {seat} holds only {held[x]}{ELEMENTS[x]}, not {n}{ELEMENTS[x]}"
                )

    def _apply(self, seat: int, action: Action) -> None:
        applied = self._engine.apply(seat, action)
        assert applied, "_verify accepted an action the engine refused"

    def _observation(self, seat: int) -> Observation:
        return self._engine.observation(seat)

    def points(self) -> tuple[int, ...]:
        """Each seat's best-partition score of its won cards now."""
        return self._engine.points()

    def _result(self) -> Result:
        return self._engine.result()

    def _deal_record(self) -> Any:
        return {"players": self.num_players, "deck": list(self._deck0)}

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any, engine: EngineName | None = None) -> Game:
        if not isinstance(deal, dict) or set(deal) != {"players", "deck"}:
            raise ValueError("a Shrine Wars deal is an object with 'players' and 'deck'")
        if not isinstance(deal["deck"], list):
            raise ValueError("the deal's deck must be a list of card ids")
        return cls(rules, players=deal["players"], deck=deal["deck"], engine=engine)

    def _resample(self, seat: int, rng: random.Random) -> Game:
        # The unseen cards of the deck, shuffled (parlour.shrinewars.resample).
        twin: Game = _resample.resample(self, seat, rng)
        return twin

    # -- learning interface ---------------------------------------------
    def _action_id(self, action: Action) -> int:
        if isinstance(action, Pass):
            return self._ids.pass_id
        if not isinstance(action, Bid):
            raise ValueError(f"not a Shrine Wars action: {action!r}")
        return self._ids.of_payment(action.paid)

    def _actions_of_id(self, seat: int, i: int) -> list[Action]:
        # Straight from the id: a bid of any payment apply accepts, not only
        # the default payment legal_actions lists.
        if self._engine.is_over or seat != self._engine.turn:
            return []
        paid = self._ids.payment(i)
        if paid is None:
            return [Pass()]
        bid = Bid(sum(paid), paid)
        try:
            self._verify(seat, bid)
        except IllegalActionError:
            return []
        return [bid]

    def legal_mask(self, seat: int) -> NDArray[np.bool_]:
        """A ``numpy`` bool array of length :attr:`num_action_ids`, true at
        the ids of :meth:`legal_actions`: pass and, for each amount ``seat``
        may bid, the bid with its default payment (all false when it need
        not act). Other payments of those amounts are legal too (``apply``
        and :meth:`action_from_id` take them) but not marked.
        """
        state = self._c_answering()
        if state is not None:
            # The same mask written by the C core (parlour_swv_legal_mask);
            # None for what it does not serve (a bad seat raises below).
            got: NDArray[np.bool_] | None = state.legal_mask(seat, self.num_action_ids)
            if got is not None:
                return got
        self._check_seat(seat)
        mask = np.zeros(self.num_action_ids, dtype=np.bool_)
        eng = self._engine
        if eng.is_over or seat != eng.turn:
            return mask
        ids = self._ids
        mask[ids.pass_id] = True
        held = eng.oinks[seat]
        els = eng.lot_elements
        top = eng.high
        lo = top[1].amount + 1 if top else 1
        amounts = np.arange(lo, sum(held[e] for e in els) + 1)
        if not len(amounts):
            return mask
        bad = eng.values[seat] << 1  # bit d set when unit digit d is forbidden
        allowed = np.array([not bad >> d & 1 for d in range(10)])
        amounts = amounts[allowed[amounts % 10]]
        most = ids.most
        one = ids.first[SW_AID_ONE]
        # The default payment takes all it can from the lower element first.
        low = els[0]
        spill = amounts > held[low]
        mask[one + low * most + amounts[~spill] - 1] = True
        if spill.any():
            high = els[1]
            rest = amounts[spill] - held[low]
            if held[low] == 0:
                mask[one + high * most + rest - 1] = True
            else:
                pair = PAIRS.index((low, high))
                base = ids.first[SW_AID_TWO] + (pair * most + held[low] - 1) * most
                mask[base + rest - 1] = True
        return mask

    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        """Privileged: ``observation(seat).to_array()`` followed by what the
        seat cannot see, every seat's Oinks (relative to ``seat``) and the
        cards still to come with their order, of shape :data:`ORACLE_SHAPE`
        in ``[0, 1]``. For critics in training, never for a policy that plays.
        """
        self._check_seat(seat)
        extra = arrays.oracle_extra(
            seat, self._engine.oinks, self.num_players * self.rules.oinks, self._engine.deck
        )
        obs = self._observation(seat)
        assert isinstance(obs, ShrineWarsObservation)
        return np.concatenate((obs.to_array(), extra))

    def _running_scores(self) -> tuple[float, ...]:
        # Won cards stay won and their points only grow, so each lot's
        # points are paid when it is won; at the end they are result.scores.
        return tuple(float(p) for p in self.points())
