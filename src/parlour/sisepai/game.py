"""The Sì Sè Pái engine: the deal, draws, both claim windows, the five-tier
claim priority, takes, discards, the win and the drawn deal.

Seats answer every claim window one at a time in any order (answers stay
hidden until the window resolves); draws happen by themselves.

The deal's state lives in an engine object chosen at construction
(``engine=``): the C state machine (:mod:`parlour.sisepai.engine_c`, the
default when the compiled backend is live) or the pure-Python one
(:mod:`parlour.sisepai.engine_py`), its lock-step twin. Both play the same
deal the same way, so records, observations and results do not depend on it.

>>> Game(seed=7, engine="python").record() == Game(seed=7).record()
True

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
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

from parlour import _backend
from parlour.errors import IllegalActionError, RecordError
from parlour.protocol import Action, Result, checked_rules
from parlour.protocol import EngineGame as _EngineGame
from parlour.sisepai import arrays as _arrays
from parlour.sisepai import resample as _resample
from parlour.sisepai import table as _table
from parlour.sisepai.cards import (
    CARDS,
    is_flower,
    is_general,
    kind_text,
)
from parlour.sisepai.engine import SisepaiEngine
from parlour.sisepai.engine_c import CEngine as _CEngine
from parlour.sisepai.hand import Hand
from parlour.sisepai.ids import DISCARD_IDS, NUM_ACTION_IDS, PASS_ID, TAKE_IDS, WIN_ID
from parlour.sisepai.rules import DEFAULT_RULES, Rules
from parlour.sisepai.values import (
    _ACTIONS,
    _KIND,  # noqa: F401 (read by tests/test_infoset.py)
    Discard,
    Move,
    Pass,
    Phase,
    SisepaiObservation,
    Take,
    Win,
    parse_action,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


__all__ = [
    "Discard",
    "EngineName",
    "Game",
    "Move",
    "Pass",
    "Phase",
    "SisepaiObservation",
    "Take",
    "Win",
    "parse_action",
]


#: The engines a game can run on: the C state machine or the pure-Python one.
EngineName = Literal["c", "python"]


def _engine_class(engine: object) -> Any:
    # The engine class named, or the live backend's (the C engine raises
    # ImportError when made without the compiled module). The pure engine is
    # imported here: it builds this module's values.
    if engine is None:
        engine = _backend.current()
    if engine == "c":
        return _CEngine
    if engine == "python":
        from parlour.sisepai.engine_py import PyEngine

        return PyEngine
    raise ValueError(f"engine must be 'c', 'python' or None, not {engine!r}")


class Game(_EngineGame):
    """One deal of Sì Sè Pái for four players.

    ``deck`` is a deal order (a permutation of 0..116; positions 0..19 to the
    dealer, then 20 to each next seat, 80..116 the stock with 80 on top);
    without one the deck is shuffled by a generator seeded with ``seed``,
    which also picks the dealer unless ``dealer`` is given. ``engine`` is
    ``"c"`` (the C state machine), ``"python"`` (the pure-Python one) or
    ``None``: the live backend's (see :attr:`engine`); copies and pickles
    keep the engine.
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
        engine: EngineName | None = None,
    ) -> None:
        super().__init__()
        kind = _engine_class(engine)
        self.rules = rules = checked_rules(rules, DEFAULT_RULES, "sisepai")
        if dealer is not None and (
            not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < 4
        ):
            raise ValueError(f"dealer must be a seat 0..3, not {dealer!r}")
        # The C engine draws a seeded deal in C, exactly as Python draws it.
        seeded = getattr(kind, "seeded_deal", None) if deck is None else None
        dealt = seeded(seed, dealer) if seeded is not None else None
        if dealt is not None:
            dealer, order = dealt
        elif deck is None:
            rng = random.Random(seed)
            if dealer is None:
                dealer = rng.randrange(4)
            order = list(range(CARDS))
            rng.shuffle(order)
        else:
            if dealer is None:
                dealer = random.Random(seed).randrange(4)
            order = list(deck)
            if sorted(order) != list(range(CARDS)) or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in order
            ):
                raise ValueError("deck must be a permutation of the card ids 0..116")
        self.dealer: int = dealer
        self._deck: tuple[int, ...] = tuple(order)
        self._engine: SisepaiEngine = kind(rules, dealer, self._deck)

    @property
    def engine(self) -> EngineName:
        """The engine the game runs on: ``"c"`` or ``"python"``."""
        return "python" if type(self._engine).__name__ == "PyEngine" else "c"

    # -- public helpers --------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current phase (see :data:`Phase`)."""
        return cast("Phase", self._engine.phase)

    @property
    def deck(self) -> tuple[int, ...]:
        """The deal order."""
        return self._deck

    def hand(self, seat: int) -> Hand:
        """Seat ``seat``'s cards as a :class:`~parlour.sisepai.Hand` (all
        knowledge: use observations for what a seat may see)."""
        self._check_seat(seat)
        return self._engine.hand(seat)

    # The state as the engine-less game kept it, read by the information-set
    # tests (tests/test_infoset.py): all knowledge, never for a player.
    @property
    def _next(self) -> int:
        """The stock's top position in the deal order."""
        return CARDS - len(self._engine.stock())

    @property
    def _concealed(self) -> Any:
        """Every seat's concealed cards, sorted: the pure engine's own lists
        (tests/test_soak_invariants.py forges them), a C engine's copies."""
        live = getattr(self._engine, "_concealed", None)
        return live if live is not None else self._engine.concealed()

    # The public protocol methods are EngineGame's short cuts (one engine
    # call for a valid call), for actions of these classes.
    _action_classes: ClassVar[tuple[type, ...]] = (Pass, Win, Take, Discard)
    # On the C engine its state answers action_from_id and rewards (and
    # legal_mask, below).
    _c_answers = (_CEngine, "state")

    if TYPE_CHECKING:  # the short cut, typed for this game's observations

        def observation(self, seat: int) -> SisepaiObservation:
            """A frozen view of what ``seat`` knows now."""

    # -- protocol hooks ---------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        return self._engine.to_act

    def _is_over(self) -> bool:
        return self._engine.is_over

    def _legal_actions(self, seat: int) -> list[Action]:
        return self._engine.legal(seat)

    def _verify(self, seat: int, action: Action) -> None:
        if action in self._engine.legal(seat):
            return
        # Refused: say why.
        if self._engine.phase == "discard":
            if not isinstance(action, Discard):
                raise IllegalActionError(f"seat {seat} must discard now, not {action}")
            k = action.kind
            if is_flower(k) or is_general(k):
                raise IllegalActionError(f"a General or a flower is never discarded ({action})")
            raise IllegalActionError(f"seat {seat} holds no concealed {kind_text(k)}")
        raise IllegalActionError(f"seat {seat} may not {action} on this card now")

    def _apply(self, seat: int, action: Action) -> None:
        if not self._engine.apply(seat, action):
            # verify_action accepted it: the engines agree on what is legal.
            raise IllegalActionError(f"seat {seat} may not {action} now")

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
        if seat is None:
            return _table.full_view([self.observation(s) for s in range(self.num_players)])
        return _table.seat_view(self.observation(seat))

    def __str__(self) -> str:
        return self.render()

    def parse_action(self, text: str) -> Action:
        """Parse an action's notation (see :func:`parse_action`)."""
        return parse_action(text)

    def _observation(self, seat: int) -> SisepaiObservation:
        return self._engine.observation(seat)

    def _result(self) -> Result:
        return self._engine.result()

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

    # On the C engine the C core answers legal_mask, as it does action_from_id
    # and rewards (EngineGame._c_answers), for this class itself (a
    # subclass's hooks are asked through the Python path);
    # tests/test_env_masks_c.py holds them equal to the pure engine's.
    def legal_mask(self, seat: int) -> NDArray[np.bool_]:
        state = self._c_answering()
        if state is not None:
            # The same mask written from the C core's legal ids.
            got: NDArray[np.bool_] | None = state.legal_mask(seat)
            if got is not None:
                return got
        mask: NDArray[np.bool_] = super().legal_mask(seat)
        return mask

    legal_mask.__doc__ = _EngineGame.legal_mask.__doc__

    def _actions_of_id(self, seat: int, i: int) -> list[Action]:
        # An id names one action in every state: legal or not is all to ask.
        action = _ACTIONS[i]
        return [action] if action in self._engine.legal(seat) else []

    def oracle_array(self, seat: int) -> NDArray[np.float32]:
        """Privileged: ``observation(seat).to_array()`` followed by the other
        seats' concealed cards and the stock (its cards and its top card),
        a ``float32`` array of :data:`~parlour.sisepai.ORACLE_SHAPE`. For
        critics in training, never for a policy that plays."""
        self._check_seat(seat)
        observed = self.observation(seat).to_array()
        concealed = self._engine.concealed()
        return _arrays.oracle_array(observed, seat, concealed, self._engine.stock())

    def _deal_record(self) -> Any:
        return {"dealer": self.dealer, "deck": list(self._deck)}

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any, engine: EngineName | None = None) -> Game:
        if not isinstance(deal, dict) or set(deal) != {"dealer", "deck"}:
            raise RecordError("a Sì Sè Pái deal is an object with 'dealer' and 'deck'")
        if not isinstance(deal["deck"], list):
            raise RecordError("the deal's deck must be a list of card ids")
        dealer = deal["dealer"]
        # A record fixes everything random: a missing dealer would be drawn anew.
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
            raise RecordError(f"the deal's dealer must be a seat 0..3, not {dealer!r}")
        return cls(rules, dealer=dealer, deck=deal["deck"], engine=engine)

    def _resample(self, seat: int, rng: random.Random) -> Game:
        # Other hands, the stock order and unseen answers, drawn uniformly
        # among those consistent with the seat's view (parlour.sisepai.resample).
        twin: Game = _resample.resample(self, seat, rng)
        return twin


def describe(game: Game) -> str:
    """A one-line summary of a game's state, for debugging and docs.

    >>> describe(Game(seed=1, dealer=0)).split(";")[0]
    'phase draw'
    """
    parts = [f"phase {game.phase}"]
    for s in range(4):
        parts.append(f"seat {s}: {game.hand(s)}")
    return "; ".join(parts)
