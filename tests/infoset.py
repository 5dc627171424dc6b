"""The information-set test every parlour game must pass.

An observation holds only what its seat may know. The test plays random
games and, at many reachable states, builds other games that differ from the
real one only in what ``seat`` cannot see:

* the deal: the tiles or cards that ``seat`` has not seen (other seats'
  concealed tiles, the unseen wall or stock, unrevealed domains) are shuffled
  among their places in the deal, and the same actions are replayed;
* simultaneous choices: the other seats' choices in a window that ``seat``
  has not yet answered (exchange picks, declarations, claims, placements) are
  replaced by other legal choices.

For each such twin it asserts that ``observation(seat)`` is equal, that its
``to_dict()``, its pickle, its ``to_array()`` and the seat's ``legal_mask``
are equal, and that everything reachable from the
observation through ``gc.get_referents`` holds the same values and no game,
engine or compiled state. If anything the seat may not know reached the
observation, some twin would show a difference.

Which places of a deal a seat has not seen is worked out by each game's
``hidden_places`` function from the pure-Python engine's own state, not from
the observation under test.
"""

from __future__ import annotations

import enum
import gc
import pickle
import random
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour import Game, IllegalActionError, RecordError


@dataclass(frozen=True)
class HiddenDeal:
    """How a game's deal hides things.

    ``places(pure_game, seat, moves)`` returns ``(key, positions)`` pairs: the
    positions of ``deal[key]`` whose contents ``seat`` cannot know in
    ``pure_game`` (a pure-Python engine in the state reached by ``moves``).
    ``pure(rules, deal)`` builds that pure-Python engine from a deal.
    """

    places: Callable[[Any, int, Sequence[tuple[int, str]]], list[tuple[str, list[int]]]]
    pure: Callable[[Any, dict[str, Any]], Any]


_ATOMS = (int, float, complex, str, bytes, bool, type(None), enum.Enum)
_SKIP = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def reachable(root: object) -> list[tuple[str, Any]]:
    """Everything reachable from ``root``: one ``(type name, value)`` per object.

    Values are given for atoms only; classes, modules and functions are not
    followed (they reach the whole interpreter, not the observation's data).
    Raises ``AssertionError`` on reaching a game, or an object of the compiled
    core that could hold state the walk cannot see into.
    """
    out: list[tuple[str, Any]] = []
    # Walked as a tree, not a graph: whether two fields share one object is
    # an accident of caching, not information. Ancestors stop cycles.
    todo: list[tuple[object, frozenset[int]]] = [(root, frozenset())]
    while todo:
        obj, above = todo.pop()
        if id(obj) in above or isinstance(obj, _SKIP):
            continue
        kind = type(obj)
        assert not isinstance(obj, Game), f"an observation reaches a game: {kind.__name__}"
        assert not kind.__name__.startswith("_Views"), "an observation reaches an engine cache"
        out.append((kind.__qualname__, obj if isinstance(obj, _ATOMS) else None))
        if isinstance(obj, _ATOMS):
            continue
        below = above | {id(obj)}
        if kind.__module__ == "parlour._core":
            # A compiled object keeps its data out of gc's sight: read all
            # that Python can read of it instead.
            assert not hasattr(obj, "apply"), (
                f"an observation reaches a compiled game state ({kind.__name__})"
            )
            todo.append((_surface(obj), below))
            continue
        # CPython makes an instance's __dict__ only when it is first asked
        # for; ask, so that every instance is walked the same way.
        getattr(obj, "__dict__", None)
        todo.extend((child, below) for child in reversed(gc.get_referents(obj)))
    return out


def _surface(obj: object) -> list[tuple[str, Any]]:
    """Every value a compiled object gives to Python: its attributes, and its
    methods called with no argument or with each seat number."""
    out: list[tuple[str, Any]] = []
    for name in sorted(dir(obj)):
        if name.startswith("_"):
            continue
        value = getattr(obj, name)
        if not callable(value):
            out.append((name, value))
            continue
        try:
            out.append((name, value()))
        except TypeError:
            for seat in range(4):
                try:
                    out.append((f"{name}({seat})", value(seat)))
                except (TypeError, ValueError, IndexError) as exc:
                    out.append((f"{name}({seat})", type(exc).__name__))
    return out


def _view(game: Game, seat: int) -> tuple[Any, ...]:
    obs = game.observation(seat)
    walked = reachable(obs)
    # The learning interface's views of the seat: its array and its mask.
    array = obs.to_array().tobytes() if hasattr(obs, "to_array") else b""
    mask = game.legal_mask(seat).tobytes() if hasattr(game, "num_action_ids") else b""
    # Pickles are compared by what they load back as: their bytes also record
    # which fields happen to share one object.
    return (
        obs,
        obs.to_dict(),
        reachable(pickle.loads(pickle.dumps(obs))),
        walked,
        reachable(obs),
        array,
        mask,
    )


def _replay(cls: Any, rules: Any, deal: dict[str, Any], moves: Sequence[tuple[int, str]]) -> Any:
    game = cls._from_deal(rules, deal)
    for seat, text in moves:
        game.apply(seat, text)
    return game


def _shuffled_deal(
    deal: dict[str, Any], places: list[tuple[str, list[int]]], rng: random.Random
) -> dict[str, Any] | None:
    out = dict(deal)
    changed = False
    for key, positions in places:
        items = list(deal[key])
        values = [items[i] for i in positions]
        rng.shuffle(values)
        for i, v in zip(positions, values, strict=True):
            changed |= items[i] != v
            items[i] = v
        out[key] = items
    return out if changed else None


def _choice_twin(
    cls: Any,
    rules: Any,
    deal: dict[str, Any],
    moves: Sequence[tuple[int, str]],
    windows: Sequence[bool],
    seat: int,
    rng: random.Random,
) -> Any | None:
    """Replace the other seats' choices that ``seat`` has not yet seen resolved.

    ``windows[i]`` says that ``seat`` was among the seats to act when move
    ``i`` was made; the trailing moves of other seats with ``seat`` still to
    act are choices made at the same time as its own, not yet revealed.
    """
    start = len(moves)
    while start and windows[start - 1] and moves[start - 1][0] != seat:
        start -= 1
    if start == len(moves):
        return None
    game = _replay(cls, rules, deal, moves[:start])
    changed = False
    for who, text in moves[start:]:
        others = [a for a in game.legal_actions(who) if str(a) != text]
        if others:
            trial = game.clone()
            alt = rng.choice(others)
            trial.apply(who, alt)
            probe = game.clone()
            probe.apply(who, text)
            # A different choice that ends the window early changes who is to
            # act, which every seat sees; such a choice is not hidden.
            if trial.to_act == probe.to_act and not trial.is_over:
                game, changed = trial, True
                continue
        game.apply(who, text)
    return game if changed else None


def check_information_sets(
    make: Callable[[int], Game],
    hidden: HiddenDeal,
    seeds: Iterable[int] = range(4),
    *,
    checkpoints: int = 6,
    twins: int = 3,
    min_twins: int = 20,
) -> int:
    """Run the information-set test on games ``make(seed)``.

    Returns how many twins were compared; fails if fewer than ``min_twins``
    differed in hidden state from the real game (the test would be vacuous).
    """
    compared = 0
    for seed in seeds:
        game = make(seed)
        cls, rules = type(game), game.rules
        deal = game.record()["deal"]
        rng = random.Random(seed)
        moves: list[tuple[int, str]] = []
        windows: list[list[bool]] = []
        while not game.is_over:
            who = rng.choice(game.to_act)
            action = rng.choice(game.legal_actions(who))
            windows.append([s in game.to_act for s in range(game.num_players)])
            game.apply(who, action)
            moves.append((who, str(action)))
        # The final state too: what an ended game reveals is the game's rule,
        # but what it hides must still be hidden.
        steps = sorted(rng.sample(range(len(moves) + 1), min(checkpoints, len(moves) + 1)))
        for k in steps:
            prefix = moves[:k]
            base = _replay(cls, rules, deal, prefix)
            pure = _replay_pure(hidden, rules, deal, prefix)
            for seat in range(base.num_players):
                want = _view(base, seat)
                candidates: list[Any] = []
                places = hidden.places(pure, seat, prefix)
                for _ in range(twins):
                    other = _shuffled_deal(deal, places, rng)
                    if other is None:
                        continue
                    try:
                        candidates.append(_replay(cls, rules, other, prefix))
                    except (IllegalActionError, RecordError):
                        # The shuffle gave another seat a hand in which one of
                        # its past actions is illegal: not a reachable twin.
                        continue
                win = [w[seat] for w in windows[:k]]
                twin = _choice_twin(cls, rules, deal, prefix, win, seat, rng)
                if twin is not None:
                    candidates.append(twin)
                for twin in candidates:
                    got = _view(twin, seat)
                    where = f"seed {seed}, step {k}, seat {seat}"
                    assert got[0] == want[0], (
                        f"{where}: the observation depends on hidden state: "
                        f"{_field_difference(got[1], want[1])}"
                    )
                    assert got[1] == want[1], f"{where}: to_dict() depends on hidden state"
                    assert got[2] == want[2], f"{where}: the pickle holds hidden state"
                    assert got[3] == want[3], (
                        f"{where}: objects reachable from the observation differ: "
                        f"{_first_difference(got[3], want[3])}"
                    )
                    assert got[4] == want[4], f"{where}: reading the observation changed it"
                    assert got[5] == want[5], f"{where}: to_array() depends on hidden state"
                    assert got[6] == want[6], f"{where}: legal_mask() depends on hidden state"
                    compared += 1
    assert compared >= min_twins, f"only {compared} twins differed in hidden state"
    return compared


def _replay_pure(
    hidden: HiddenDeal, rules: Any, deal: dict[str, Any], moves: Sequence[tuple[int, str]]
) -> Any:
    game = hidden.pure(rules, deal)
    for seat, text in moves:
        game.apply(seat, text)
    return game


def _first_difference(a: list[Any], b: list[Any]) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"object {i}: {x!r} here, {y!r} in the real game"
    return f"{len(a)} objects here, {len(b)} in the real game"


def _field_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    names = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return ", ".join(f"{k}: {a.get(k)!r} here, {b.get(k)!r} in the real game" for k in names)
