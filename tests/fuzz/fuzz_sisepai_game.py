"""atheris harness for the Sì Sè Pái deal state machine (csrc/sisepai_game.c).

The first bytes pick the rules (points, a minimum score, concealed triples
priced apart), the dealer and the shuffle; every following byte picks a
step: a legal action of a seat to act, an action id (in or out of range,
for any seat) or an action text. The compiled engine and its pure-Python
twin get the same steps and must take or refuse them alike, with equal
seats to act and observations after each; a raw action id is also applied
to a copy of the C state, which must take exactly the ids the pure game
allows and change no byte when it refuses. At the end the record must
replay, a damaged record must replay or raise ``RecordError``, and the
input read as a saved C state (and the game's state with bytes damaged)
must be refused with ``ValueError`` or be safe to play on to the end. Any
other exception is a finding. Run for a fixed time:

    python tests/fuzz/fuzz_sisepai_game.py tests/fuzz/corpus/sisepai_game -max_total_time=60
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import atheris

# The C structs' layout, read from the headers by the tests' helper (cffi):
# the harness edits saved states field by field.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _engine_harness import check_record, check_saved_states, outcome

from cbuild import ffi as _cffi

with atheris.instrument_imports():
    from parlour import _backend
    from parlour.sisepai import Game, Rules

C = _backend.load("c")
_FFI = _cffi()
_SIZE = len(C._SisepaiState.new((1,) * 9, 0, None, list(range(117)), 0).state_bytes())
assert _FFI.sizeof("parlour_ssg_game") == _SIZE  # the headers match the extension
_POINTS = ("general", "flower", "pair", "triple", "quad", "command", "field")
_TEXTS = ("pass", "win", "take RRr", "take GAEg", "take SrSySg", "discard Rr", "discard Gw", "x")
_JUNK: tuple[Any, ...] = (None, -1, 0, 1, 116, 117, 2**70, "", "x", "pass", [], {}, True, 1.5)


def _rules(fdp: atheris.FuzzedDataProvider) -> Rules:
    flags = fdp.ConsumeIntInRange(0, 7)
    kw: dict[str, Any] = {}
    if flags & 1:
        for name in (*_POINTS, "soldiers3", "soldiers4"):
            kw[name] = fdp.ConsumeIntInRange(0, 6)
    if flags & 2:
        kw["min_score"] = fdp.ConsumeIntInRange(0, 14)
    if flags & 4:
        kw["concealed_triple"] = fdp.ConsumeIntInRange(0, 5)
    return Rules(**kw)


def _raw_id(pure: Game, fast: Game, seat: int, raw: int) -> None:
    # The C state takes exactly the ids the pure game allows, and a refused
    # id changes no byte.
    state = fast._engine.state.copy()  # type: ignore[attr-defined]
    before = state.state_bytes()
    status = state.apply(seat, raw)
    allowed = 0 <= seat < 4 and 0 <= raw < 96 and bool(pure.legal_mask(seat)[raw])
    assert (status == 0) == allowed, (seat, raw, status)
    if status:
        assert state.state_bytes() == before
        assert status in (-4, -10), status


def _play_out(state: Any, rng: random.Random) -> None:
    # An accepted state is safe to play on: random legal play ends the deal,
    # every state on the way accepted again.
    for _ in range(1000):
        if state.over:
            return
        seat = state.to_act[0]
        legal = state.legal(seat)
        assert legal, seat
        assert state.apply(seat, rng.choice(legal)) == 0
        assert state.check() == 0
        for s in range(4):
            state.view(s)
    raise AssertionError("a deal did not end")


def _edited(raw: bytes, rng: random.Random) -> bytes:
    # A state that is as valid as the one it comes from: the stock's hidden
    # order changed, and other rules (any in range; the tables follow the
    # rules the bytes carry).
    buf = bytearray(raw)
    g = _FFI.from_buffer("parlour_ssg_game *", buf)
    if g.next < 116:
        i, j = rng.sample(range(g.next, 117), 2)
        g.deck[i], g.deck[j] = g.deck[j], g.deck[i]
    if rng.random() < 0.5:
        g.rules.points[rng.randrange(9)] = rng.randrange(0, 7)
    if rng.random() < 0.3:
        g.rules.min_score = rng.randrange(0, 15)
    if rng.random() < 0.3:
        g.rules.concealed_triple = rng.randrange(-1, 6)
    return bytes(buf)


def one_input(data: bytes) -> None:
    if len(data) < 4:
        return
    fdp = atheris.FuzzedDataProvider(data)
    rules = _rules(fdp)
    seed = fdp.ConsumeIntInRange(0, 65535)
    dealer = fdp.ConsumeIntInRange(0, 3)
    pure = Game(rules, seed=seed, dealer=dealer, engine="python")
    fast = Game(rules, seed=seed, dealer=dealer, engine="c")
    rng = random.Random(data)
    steps = fdp.ConsumeBytes(fdp.remaining_bytes() // 2)
    for i in range(0, len(steps) - 1, 2):
        if pure.is_over:
            break
        kind, arg = steps[i], steps[i + 1]
        to_act = pure.to_act
        seat = to_act[kind % len(to_act)] if kind & 0x80 == 0 else kind % 6 - 1
        _raw_id(pure, fast, seat, arg - 10)
        if kind & 3 == 3:
            text = _TEXTS[arg % len(_TEXTS)]
            how, what = "text", text
        elif kind & 3 == 2:
            how, what = "id", arg - 10
        else:
            legal = pure.legal_actions(seat) if 0 <= seat < 4 else []
            pick = legal[arg % len(legal)] if legal else "pass"
            how, what = "action", pick
        assert outcome(pure, seat, how, what) == outcome(fast, seat, how, what)
        assert pure.to_act == fast.to_act
        for s in {seat % 4, arg % 4}:
            assert pure.observation(s) == fast.observation(s)
            assert (pure.legal_mask(s) == fast.legal_mask(s)).all()
    assert pure.record() == fast.record()
    if pure.is_over:
        assert pure.result == fast.result
    record = fast.record()
    check_record(Game, record, rng, _JUNK)
    check_saved_states(
        data,
        fast._engine.state.state_bytes(),  # type: ignore[attr-defined]
        rng=rng,
        from_bytes=C._ssg_from_bytes,
        edited=_edited,
        play_out=_play_out,
        flips=8,
        recheck=True,
    )


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
