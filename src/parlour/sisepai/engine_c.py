"""The Sì Sè Pái engine on the C core: :class:`CEngine`.

It wraps the binding's ``_SisepaiState`` (``csrc/sisepai_game.c``), which
works on action ids and card ids, and turns what it reads into the values of
:mod:`parlour.sisepai.game`. The pure-Python game is its twin: the tests
(tests/test_sisepai_engines.py) drive both with the same actions and compare
every view after every step.

The hot path stays in the binding: :meth:`CEngine.legal` lists action
objects made once (``_ACTIONS``, one per action id), :meth:`CEngine.apply`
maps such an object to its id by identity and makes one C call, and
``to_act`` and ``is_over`` are read from attributes the state sets after
each apply; :func:`parlour.play` runs its whole loop in the binding
(``play_out``). An
observation holds its seat, the seats to act and the C observation copy
(``parlour_ssg_observe``: no deck order, no other seat's concealed cards,
answers on offer or answer while the deal runs), from which it builds its
other fields when one is first read; it holds no reference to the engine.

>>> e = CEngine(Rules(), 0, tuple(range(117)))
>>> e.to_act, [str(a) for a in e.legal(0)]
((0, 1, 2, 3), ['pass'])
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from parlour import _backend
from parlour._codes.sisepai import SSP_PHASE_NAMES
from parlour.protocol import Result
from parlour.sisepai.cards import CHARACTERS, CHESS_KINDS, COLOURS, KINDS, card_kind
from parlour.sisepai.hand import Group, Hand
from parlour.sisepai.ids import DISCARD_IDS, PASS_ID, TAKE_IDS, WIN_ID
from parlour.sisepai.rules import Rules
from parlour.sisepai.values import _ACTIONS, Discard, Pass, SisepaiObservation, Take, Win

__all__ = ["CEngine", "core"]

_core_module: Any = None
_KIND = tuple(card_kind(c) for c in range(117))


def core() -> Any:
    """The compiled module, told once which objects stand for the action ids."""
    global _core_module
    if _core_module is None:
        module = _backend.load("c")
        module._sisepai_game_register(_ACTIONS, action_id, SisepaiObservation, SSP_PHASE_NAMES)
        _core_module = module
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

    __slots__ = ("apply", "dealer", "legal", "observation", "play_out", "rules", "state")

    #: Seats that must act now, in turn order; ``()`` once over.
    to_act: tuple[int, ...] = property(attrgetter("state.to_act"))  # type: ignore[assignment]
    #: True once the deal has a winner or the stock ran out.
    is_over: bool = property(attrgetter("state.over"))  # type: ignore[assignment]
    #: The legal actions of a seat now, in order (the state's bound method).
    legal: Callable[[int], list[Any]]
    #: What a seat may know now (the state's bound method).
    observation: Callable[[int], SisepaiObservation]
    #: Apply an action for a seat: ``True``, or ``False`` and no change if
    #: it is not legal now (the state's bound method).
    apply: Callable[[int, object], bool]
    #: :func:`parlour.play`'s loop on the state (see ``EngineGame._play_out``).
    play_out: Callable[[Any, Any, list[Any]], Any]

    def __init__(self, rules: Rules, dealer: int, deck: tuple[int, ...]) -> None:
        self.rules = rules
        self.dealer = dealer
        self._bind(
            core()._SisepaiState.new(
                rules.points(), rules.min_score, rules.concealed_triple, list(deck), dealer
            )
        )

    def _bind(self, state: Any) -> None:
        # The hot calls go straight to the state, with no Python frame here.
        self.state = state
        self.legal = state.legal_actions
        self.observation = state.observe
        self.apply = state.apply_action
        self.play_out = state.play_out

    def clone(self) -> CEngine:
        twin = CEngine.__new__(CEngine)
        twin.rules, twin.dealer = self.rules, self.dealer
        twin._bind(self.state.copy())
        return twin

    def __getstate__(self) -> tuple[Rules, int, Any]:
        return (self.rules, self.dealer, self.state)

    def __setstate__(self, state: tuple[Rules, int, Any]) -> None:
        self.rules, self.dealer, live = state
        self._bind(live)

    @staticmethod
    def seeded_deal(seed: object, dealer: int | None) -> tuple[int, tuple[int, ...]] | None:
        """``(dealer, deck)`` as ``random.Random(seed)`` deals them for
        :class:`~parlour.sisepai.Game` (the dealer drawn unless given, then
        the deck shuffled), drawn in C bit for bit; ``None`` for a seed the
        C generator does not take (then Python's draws)."""
        if not isinstance(seed, int) or seed.__class__ is not int or not 0 <= seed < 1 << 128:
            return None
        dealt: tuple[int, tuple[int, ...]] = core()._sisepai_deal(
            seed, -1 if dealer is None else dealer
        )
        return dealt

    # -- the engine interface -----------------------------------------------
    @property
    def phase(self) -> str:
        name: str = SSP_PHASE_NAMES[self.state.phase]
        return name

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
        hands = self.state.hand_texts(_CARD_TEXT, _CARD_TOKEN_INDEX, _SUFFIX, _exposed_text)
        winner, score, groups = self.state.outcome()
        if winner is None:
            return Result(scores=(0, 0, 0, 0), winners=(), details={"winner": None, "hands": hands})
        return Result(
            scores=tuple(score if s == winner else 0 for s in range(4)),
            winners=(winner,),
            details={
                "winner": winner,
                "score": score,
                "groups": [_group_text(g) for g in groups],
                "hands": hands,
            },
        )


# Kind -> (its token: a colour 0..3 or 4 for the flowers, its text in it).
_TOKEN = tuple(
    (k // 7, CHARACTERS[k % 7]) if k < CHESS_KINDS else (4, str(k - CHESS_KINDS + 1))
    for k in range(KINDS)
)
_SUFFIX = (*COLOURS, "f")
_GROUP_TEXT: dict[tuple[int, ...], str] = {}


def _group_text(kinds: tuple[int, ...]) -> str:
    # str(Group) of legal sorted kinds, made once per group.
    text = _GROUP_TEXT.get(kinds)
    if text is None:
        text = _GROUP_TEXT[kinds] = str(Group._legal(kinds))
    return text


# Exposed group (its card ids) -> (its kinds, its text in a hand): groups
# recur from deal to deal, and each is written once.
_EXPOSED: dict[tuple[int, ...], tuple[tuple[int, ...], str]] = {}
_MAX_EXPOSED = 1 << 16
# Card id -> its token, as _TOKEN gives its kind's; its token's index and
# its text in it apart (for the binding's hand_texts).
_CARD_TOKEN = tuple(_TOKEN[_KIND[c]] for c in range(117))
_CARD_TOKEN_INDEX = tuple(t[0] for t in _CARD_TOKEN)
_CARD_TEXT = tuple(t[1] for t in _CARD_TOKEN)


def _exposed_text(cards: tuple[int, ...]) -> tuple[tuple[int, ...], str]:
    # An exposed group's (kinds, text in a hand), made once per group.
    made = _EXPOSED.get(cards)
    return made if made is not None else _exposed(cards)


def _exposed(cards: tuple[int, ...]) -> tuple[tuple[int, ...], str]:
    # Card ids ascend with their kinds, so the kinds come sorted.
    kinds = tuple(_KIND[c] for c in cards)
    if len(_EXPOSED) >= _MAX_EXPOSED:
        _EXPOSED.clear()
    made = _EXPOSED[cards] = (kinds, f"[{_group_text(kinds)}]")
    return made
