"""Observations of the compiled Sichuan engine hold only what their seat may
know (issue 14, item 1).

For positions reached by random legal play, every object reachable from an
observation (through ``gc.get_referents`` and ``__dict__``), what its
pickle holds, and what every method and property of any compiled object
among them returns, must show neither the wall order nor another seat's
concealed tiles, exchange picks or undisclosed missing suit; and nothing
reachable may be the game, its C state, its caches or a mutable container
that the game could later change.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import pickle
import random
import struct
import types
from collections.abc import Iterator
from typing import Any

import pytest

from parlour import _backend, protocol
from parlour._codes.sichuan import SG_PHASE_OVER
from parlour.sichuan import Game, Rules
from parlour.sichuan.engine_c import CEngine

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")


def _compiled_game(*args: Any, **kwargs: Any) -> Any:
    # The C engine whichever backend the run selects (PARLOUR_BACKEND).
    return Game(*args, **kwargs, engine="c")


VARIANTS = [
    Rules(),
    Rules(exchange_three=True),
    Rules(self_draw_doubles=True, call_transfer=True),
    Rules(fan_cap=2, exchange_three=True, call_transfer=True),
]

# What an observation may never reach: the engine, its state and caches, and
# mutable containers (a cache the game appends to later).
_FORBIDDEN: tuple[type, ...] = (protocol.Game, CEngine, list, set, bytearray)
_OPAQUE = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
)


def _reachable(root: object) -> Iterator[object]:
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, _OPAQUE):
            continue  # classes and code reach whole modules
        stack.extend(gc.get_referents(obj))
        with contextlib.suppress(TypeError):  # objects without a __dict__
            stack.append(vars(obj))


def _is_compiled(obj: object) -> bool:
    return type(obj).__module__ == "parlour._core"


def _method_outputs(obj: object) -> Iterator[object]:
    """Everything a compiled object's methods and properties give back."""
    names = [n for n in dir(obj) if not n.startswith("__")]
    names += ["__reduce__", "__reduce_ex__", "__getstate__"]
    for name in names:
        try:
            attr = getattr(obj, name)
        except Exception:
            continue
        if not callable(attr):
            yield attr
            continue
        for args in [(), *[(s,) for s in range(4)], (2,), (4,), (0, 0)]:
            try:
                yield attr(*args)
            except Exception:
                continue


def _values(value: object) -> Iterator[object]:
    """``value`` and everything nested in its tuples, lists and dicts."""
    stack = [value]
    while stack:
        v = stack.pop()
        yield v
        if isinstance(v, (tuple, list)):
            stack.extend(v)
            tiles = tuple(getattr(a, "tile", None) for a in v)
            if v and None not in tiles:
                yield tiles  # e.g. the discard actions another seat could take
        elif isinstance(v, dict):
            stack.extend(v.values())


class _Secrets:
    """What ``seat`` may not know now, as values to look for."""

    def __init__(self, game: Any, seat: int) -> None:
        state = game._engine.state
        wall = state.wall()
        self.tuples: list[tuple[str, tuple[int, ...]]] = [("the wall order", wall)]
        self.blobs: list[tuple[str, bytes]] = [("the wall order", bytes(wall))]
        back = _back(state)
        undrawn = bytes(wall[back + 1 - state.wall_remaining : back + 1])
        if len(undrawn) >= 6:
            self.blobs.append(("the undrawn wall", undrawn))
            self.tuples.append(("the undrawn wall", tuple(undrawn)))
        over = state.phase == SG_PHASE_OVER
        missing = state.missing()
        for x in range(4):
            if x == seat:
                continue
            if not over:
                hand = state.tiles(x)
                if len(hand) >= 2:
                    self.tuples.append((f"seat {x}'s concealed tiles", hand))
                bits = sum(1 << t for t in hand)
                if hand:
                    self.blobs.append(
                        (
                            f"seat {x}'s concealed tiles",
                            struct.pack("<QQ", bits & (2**64 - 1), bits >> 64),
                        )
                    )
            if state.phase <= 1:  # before any meld could show the same three tiles
                for what, picks in (
                    ("exchange", state.exchange_of(x)),
                    ("received", state.received_of(x)),
                ):
                    # The tiles a seat passed are the receiver's to know.
                    if picks and picks not in (state.exchange_of(seat), state.received_of(seat)):
                        self.tuples.append((f"seat {x}'s {what} tiles", picks))
        if min(missing) < 0 and any(m >= 0 for s, m in enumerate(missing) if s != seat):
            self.tuples.append(("undisclosed missing suits", missing))

    def find(self, value: object) -> str | None:
        for v in _values(value):
            if isinstance(v, (bytes, bytearray)):
                for what, blob in self.blobs:
                    if blob in v:
                        return what
            elif isinstance(v, tuple):
                for what, secret in self.tuples:
                    if v == secret:
                        return what
        return None


def _back(state: Any) -> int:
    # The last undrawn position: the wall is drawn from the front and
    # replacements from the back; the observation never shows either order.
    blob = state.__reduce__()[1][0]
    return int.from_bytes(blob[24 + 108 + 2 : 24 + 108 + 4], "little", signed=True)


def _audit(game: Any, seat: int, obs: Any) -> None:
    secrets = _Secrets(game, seat)
    where = f"seat {seat}, phase {game.phase}"
    for obj in _reachable(obs):
        assert not isinstance(obj, _FORBIDDEN), f"{where}: reaches a {type(obj).__name__}"
        assert not (_is_compiled(obj) and hasattr(obj, "apply")), f"{where}: reaches the C state"
        found = secrets.find(obj)
        assert found is None, f"{where}: an object it holds shows {found}"
        if _is_compiled(obj):
            for out in _method_outputs(obj):
                found = secrets.find(out)
                assert found is None, f"{where}: a method of {type(obj).__name__} shows {found}"
    blob = pickle.dumps(obs)
    found = secrets.find(blob)
    assert found is None, f"{where}: its pickle shows {found}"
    for obj in _reachable(pickle.loads(blob)):
        assert secrets.find(obj) is None


def _positions(rules: Rules, seed: int, every: int) -> Iterator[Any]:
    game = _compiled_game(rules, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or game.is_over:
            yield game
        if game.is_over:
            return
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_observations_hold_nothing_hidden(variant: int) -> None:
    game = _compiled_game(VARIANTS[variant], seed=0)
    assert isinstance(game._engine, CEngine)
    for seed in range(2):
        for position in _positions(VARIANTS[variant], seed, every=9):
            for seat in range(4):
                obs = position.observation(seat)
                _audit(position, seat, obs)
                obs.to_dict()  # every field built: still nothing hidden
                _audit(position, seat, obs)


def test_the_first_moves_of_each_phase_are_audited() -> None:
    # Exchange picks and missing-suit declarations are secret only briefly:
    # audit every step of the first two phases.
    for position in _positions(Rules(exchange_three=True), 3, every=1):
        if position.phase not in ("exchange", "declare"):
            break
        for seat in range(4):
            obs = position.observation(seat)
            obs.to_dict()
            _audit(position, seat, obs)


def test_an_observation_is_a_frozen_copy() -> None:
    # One observation read at once, one read after the game moved on: equal
    # (nothing it reads later comes from the live game), and using what it
    # holds cannot change the game.
    game = _compiled_game(Rules(call_transfer=True), seed=5)
    rng = random.Random(5)
    for _ in range(60):
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    early, late = game.observation(1), game.observation(1)
    early_dict = early.to_dict()
    record = game.record()
    for obj in list(_reachable(late)):
        if _is_compiled(obj):
            for _ in _method_outputs(obj):
                pass
    assert game.record() == record
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert late.to_dict() == early_dict
    assert late == early and hash(late) == hash(early)
    assert pickle.loads(pickle.dumps(late)) == early
    assert copy.deepcopy(late) == early
    assert copy.copy(late) == early
