"""``parlour_sg_check`` accepts only states that are safe to play on (issue 14,
items 2 and 3).

States from random legal play are corrupted (random bytes, bits and whole
fields); every corrupt state the check accepts is played to its end by
random legal actions through the binding, and the check must accept it
after every step (under the sanitizer build, any read or write out of
bounds on the way fails the run). The two reported corruptions and the
stored corpus (tests/fuzz/corpus/sichuan_state) are replayed explicitly.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cbuild
from parlour import _backend
from parlour.sichuan import Game, Rules
from parlour.sichuan import values as _v

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")


def _compiled_game(*args: Any, **kwargs: Any) -> Any:
    # The C engine whichever backend the run selects (PARLOUR_BACKEND).
    return Game(*args, **kwargs, engine="c")


CORPUS = Path(__file__).parent / "fuzz" / "corpus" / "sichuan_state"


# The state's layout comes from csrc/parlour_sichuan_game.h through cffi (no
# copy of the struct here); test_layout_matches_the_build checks it against
# the built extension.
FFI = cbuild.ffi()
GAME = FFI.typeof("parlour_sg_game")

Path_ = tuple[Any, ...]


def _leaves(ctype: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every scalar field of a cffi type, as (path, ctype)."""
    if ctype.kind == "struct":
        for name, field in ctype.fields:
            yield from _leaves(field.type, (*path, name))
    elif ctype.kind == "array":
        # Long arrays: a few indices stand for the rest (the first, the last).
        n = ctype.length
        for i in sorted({0, 1, 2, 3, n - 1} & set(range(n))):
            yield from _leaves(ctype.item, (*path, i))
    else:
        yield path, ctype


LEAVES = list(_leaves(GAME))


def _get(s: Any, path: Path_) -> int:
    obj: Any = s
    for p in path:
        obj = obj[p] if isinstance(p, int) else getattr(obj, p)
    return int(obj)


def _set(s: Any, path: Path_, value: int) -> None:
    obj: Any = s
    for p in path[:-1]:
        obj = obj[p] if isinstance(p, int) else getattr(obj, p)
    last = path[-1]
    if isinstance(last, int):
        obj[last] = value
    else:
        setattr(obj, last, value)


def _core() -> Any:
    return _backend.load("c")


def _blob(state: Any) -> bytes:
    data: bytes = state.__reduce__()[1][0]
    return data


def _struct(blob: bytes) -> Any:
    """A parlour_sg_game over a copy of ``blob``, to edit by field name."""
    return FFI.from_buffer("parlour_sg_game *", bytearray(blob))


def _bytes(s: Any) -> bytes:
    return bytes(FFI.buffer(s))


def _load(blob: bytes) -> Any | None:
    """The state the check accepts, or None."""
    try:
        return _core()._sichuan_state_from_bytes(bytes(blob))
    except ValueError as exc:
        assert "not a valid Sichuan game state" in str(exc)
        return None


VARIANTS = [
    Rules(),
    Rules(exchange_three=True),
    Rules(self_draw_doubles=True, call_transfer=True),
    Rules(fan_cap=None, flower_pig_penalty=0, exchange_three=True),
    Rules(fan_cap=2, call_transfer=True),
]


def _position(variant: int, seed: int, steps: int) -> Game:
    """A game after up to ``steps`` random legal actions (wins and claims
    preferred, to reach the rarer states)."""
    game = _compiled_game(VARIANTS[variant % len(VARIANTS)], seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        keen = [a for a in legal if isinstance(a, (_v.Win, _v.Pung, _v.Kong))]
        game.apply(seat, rng.choice(keen if keen and rng.random() < 0.6 else legal))
    return game


def _legal_moves(state: Any, seat: int) -> list[Any]:
    if state.phase == 0:
        return list(_v.exchange_choices(state.tiles(seat)))
    moves: list[Any] = state.legal(seat)
    return moves


def _play_out(state: Any, rng: random.Random, limit: int = 600) -> int:
    """Random legal play through the binding to the end; the check must accept
    every state on the way. Returns the number of steps."""
    steps = 0
    while not state.over and steps < limit:
        seat = state.to_act[0]
        moves = _legal_moves(state, seat)
        assert moves, f"seat {seat} must act in phase {state.phase} but has no legal action"
        move = rng.choice(moves)
        if isinstance(move, _v.Exchange):
            assert state.exchange(seat, move.tiles) == 0
        else:
            assert state.apply(seat, move) == 0
        assert _load(_blob(state)) is not None, f"refused after {steps + 1} legal steps"
        steps += 1
    assert state.over, "a deal that does not end"
    return steps


def test_layout_matches_the_build() -> None:
    state = _core().sichuan_game_new(list(range(108)), 1, 5, False, True, False, 32, 2)
    blob = _blob(state)
    assert FFI.sizeof("parlour_sg_game") == len(blob)
    s = _struct(blob)
    assert (s.v.front, s.v.back, s.v.dealer, s.v.cur) == (53, 107, 1, 1)
    assert (s.v.rules.exchange_three, s.v.rules.exchange_step, s.v.rules.flower_pig_penalty) == (
        1,
        2,
        32,
    )
    assert list(s.v.missing) == [-1] * 4 and list(s.v.answers) == [255] * 4
    assert s.nevents == 1 and s.events[0].arg == 1


def test_reachable_states_are_accepted() -> None:
    for variant in range(len(VARIANTS)):
        for seed in range(6):
            game = _compiled_game(VARIANTS[variant], seed=seed, dealer=seed % 4)
            assert _play_out(_load(_blob(game._engine.state)), random.Random(seed)) > 50


def _with_win(how: str) -> Game:
    for seed in range(200):
        game = _position(seed % len(VARIANTS), seed, 400)
        if any(w["how"] == how for w in game.wins):
            return game
    raise AssertionError(f"no {how} win found")


def test_a_recorded_win_with_absurd_roots_is_refused() -> None:
    # Reported: roots flipped to 2**30 loaded, and reading game.wins then
    # built a list of 2**30 "root" patterns until the process was killed.
    game = _with_win("discard_win")
    s = _struct(_blob(game._engine.state))
    s.v.wins[0].score.roots = 2**30
    with pytest.raises(ValueError, match="not a valid Sichuan game state"):
        _core()._sichuan_state_from_bytes(_bytes(s))
    data = pickle.dumps(game)
    good = _blob(game._engine.state)
    assert good in data
    with pytest.raises(ValueError, match="not a valid Sichuan game state"):
        pickle.loads(data.replace(good, _bytes(s)))
    for field, value in [("fan", 99), ("points", 3), ("pattern", 7), ("additions", 1 << 9)]:
        s = _struct(good)
        setattr(s.v.wins[0].score, field, value)
        assert _load(_bytes(s)) is None, field


def _claim_position() -> tuple[Game, int]:
    """A claim window and a seat that still has to answer it."""
    for seed in range(50):
        game = _position(0, seed, 30)
        while not game.is_over and game.phase != "claim":
            seat = game.to_act[0]
            game.apply(seat, game.legal_actions(seat)[-1])
        if game.phase == "claim":
            return game, game.to_act[0]
    raise AssertionError("no claim window found")


def test_a_fifth_meld_is_refused() -> None:
    # Reported: a seat with 4 melds and 2 concealed tiles answering a
    # discard was accepted; the pung offered then wrote a fifth meld into
    # the 4-slot array, over other seats' data.
    game, seat = _claim_position()
    s = _struct(_blob(game._engine.state))
    kind = s.v.offer >> 2
    others = [k for k in range(27) if k != kind and k // 9 != s.v.missing[seat]][:4]
    s.v.held[seat][0] = s.v.held[seat][1] = 0
    s.v.counts[seat] = [0] * 27
    s.v.suit_n[seat] = [0] * 3
    s.v.meld_counts[seat] = [0] * 27
    for t in (kind * 4 + 1, kind * 4 + 2):
        s.v.held[seat][t >> 6] |= 1 << (t & 63)
        s.v.counts[seat][kind] += 1
        s.v.suit_n[seat][kind // 9] += 1
    for i, k in enumerate(others):
        m = s.v.melds[seat][i]
        m.kind, m.type, m.source, m.added = k, 0, (seat + 1) % 4, 0
        m.tiles[0], m.tiles[1], m.tiles[2], m.tiles[3] = k * 4, k * 4 + 1, k * 4 + 2, 0
        s.v.meld_counts[seat][k] = 3
    s.v.nmelds[seat] = 4
    s.v.waits[seat] = 0
    assert _load(_bytes(s)) is None


def test_the_check_refuses_what_the_old_check_let_through() -> None:
    game, seat = _claim_position()
    good = _blob(game._engine.state)
    assert _load(good) is not None
    edits: list[tuple[Path_, int]] = [
        (("v", "answers", seat), 110 + 26),  # a pung of a kind not on offer
        (("v", "responders"), 0),  # nobody may answer, yet the window is open
        (("v", "drawn_kind"), 3),  # a drawn kind with no drawn tile
        (("v", "waits", seat), 0x7FFFFFF),  # waits the hand does not have
        (("v", "wall", 0), _struct(good).v.wall[107]),  # a tile twice in the wall
        (("v", "rules", "call_transfer"), 2),
        (("v", "offer_last"), 9),
        (("nevents",), 0),
        (("events", 0, "arg"), 9),  # a deal event naming dealer 9
    ]
    for path, value in edits:
        s = _struct(good)
        _set(s, path, value)
        assert _load(_bytes(s)) is None, path


_MUTATION = st.one_of(
    st.tuples(st.just("byte"), st.integers(0, 10**6), st.integers(0, 255)),
    st.tuples(st.just("bit"), st.integers(0, 10**6), st.integers(0, 7)),
    st.tuples(st.just("field"), st.integers(0, len(LEAVES) - 1), st.integers(-3, 3)),
    st.tuples(st.just("value"), st.integers(0, len(LEAVES) - 1), st.integers(-(2**31), 2**31 - 1)),
)


def _mutate(blob: bytes, mutations: list[tuple[str, int, int]]) -> bytes:
    data = bytearray(blob)
    view_size = FFI.sizeof("parlour_sg_view")
    for kind, at, value in mutations:
        if kind in ("byte", "bit"):
            # Mostly the view, where nearly everything lives; sometimes the logs.
            where = at % view_size if at % 4 else at % len(data)
            data[where] = value if kind == "byte" else data[where] ^ (1 << value)
            continue
        s = FFI.from_buffer("parlour_sg_game *", data)
        path, ctype = LEAVES[at]
        bits = FFI.sizeof(ctype) * 8
        new = _get(s, path) + value if kind == "field" else value
        signed = int(FFI.cast(ctype, -1)) < 0
        new &= (1 << bits) - 1
        if signed and new >= 1 << (bits - 1):
            new -= 1 << bits
        _set(s, path, new)
        del s
    return bytes(data)


@settings(max_examples=300, deadline=None)
@given(
    variant=st.integers(0, len(VARIANTS) - 1),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 260),
    mutations=st.lists(_MUTATION, min_size=1, max_size=3),
)
def test_every_accepted_corruption_plays_safely_to_the_end(
    variant: int, seed: int, steps: int, mutations: list[tuple[str, int, int]]
) -> None:
    game = _position(variant, seed, steps)
    blob = _mutate(_blob(game._engine.state), mutations)
    state = _load(blob)
    if state is None:
        return
    _play_out(state, random.Random(seed))


def test_the_corpus_replays() -> None:
    # Each corpus entry is a position (rules variant, seed, steps) and field
    # edits; "refused" entries must be refused, the others accepted and
    # playable to the end.
    entries = sorted(CORPUS.glob("*.json"))
    assert entries
    for path in entries:
        entry = json.loads(path.read_text())
        game = _position(entry["variant"], entry["seed"], entry["steps"])
        s = _struct(_blob(game._engine.state))
        for field, value in entry["edits"]:
            _set(s, tuple(field), value)
        state = _load(_bytes(s))
        if entry["refused"]:
            assert state is None, path.name
        else:
            assert state is not None, path.name
            _play_out(state, random.Random(entry["seed"]))


def test_states_and_views_cannot_be_made_directly() -> None:
    # SichuanState() used to leave its malloc'd memory uninitialised (a junk
    # phase, junk events, reads out of bounds); no cdef class of the binding
    # may be made except by the engine.
    core = _core()
    names = ["SichuanState", "SichuanSeatView", "_SichuanView"]
    for cls in [getattr(core, name) for name in names if hasattr(core, name)]:
        with pytest.raises(TypeError, match="cannot be constructed directly"):
            cls()
        with pytest.raises(TypeError, match="cannot be constructed directly"):
            cls.__new__(cls)
        with pytest.raises(TypeError, match="cannot be constructed directly"):
            cls.__new__(cls, object())
