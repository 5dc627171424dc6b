"""atheris harness for The Nine Domains state machine (csrc/ninedomains_game.c).

The first bytes pick the rules (an element for each domain, the
tie-break) and the deal (a seeded order of the domains and specials); every
following group of bytes picks a step: a legal action of a seat to act, an
action id (in or out of range, for any seat) or an action text. The
compiled engine and its pure-Python twin get the same steps and must take
or refuse them alike, with equal seats to act, observations and legal masks
after each; a raw action id is also applied to a copy of the C state, which
must take exactly the ids the pure game allows and change no byte when it
refuses. At the end the record must replay, a damaged record must replay
or raise ``RecordError``, and the input read as a saved C state (and the
game's state with bytes damaged) must be refused with ``ValueError`` or be
safe to play on to the end. Any other exception is a finding. Run for a
fixed time:

    python tests/fuzz/fuzz_ninedomains_game.py tests/fuzz/corpus/ninedomains_game -max_total_time=60
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
    from parlour.ninedomains import Game, Rules

C = _backend.load("c")
_FFI = _cffi()
_SIZE = len(Game(seed=0, engine="c")._engine._s.state_bytes())  # type: ignore[attr-defined]
assert _FFI.sizeof("parlour_ndg_game") == _SIZE  # the headers match the extension
_ELEMENTS = ("", "red", "green", "blue", "purple", "half-purple")
_TEXTS = ("place 0 1 2", "place 5 5 5", "place 14 0 1", "decline", "swap 2 10", "recover 3 4")
_TEXTS += ("place", "x", "place 0 1 2 3")
_JUNK: tuple[Any, ...] = (None, -1, 0, 1, 2, 10, 15, 2**70, "", "x", "*", "2-", [], {}, True, 1.5)
_NUM_IDS = Game(seed=0, engine="c").num_action_ids


def _game(fdp: atheris.FuzzedDataProvider, engine: str) -> Game:
    flags = fdp.ConsumeIntInRange(0, 255)
    if flags & 1:
        elements = tuple(_ELEMENTS[fdp.ConsumeIntInRange(0, 5)] for _ in range(9))
        rules = Rules(elements=elements, tie_break="domains" if flags & 2 else "draw")
    else:
        rules = Rules(tie_break="domains" if flags & 2 else "draw")
    return Game(rules, seed=fdp.ConsumeIntInRange(0, 65535), engine=engine)


def _raw_id(pure: Game, fast: Game, seat: int, raw: int) -> None:
    # The C state takes exactly the ids the pure game allows, and a refused
    # id changes no byte.
    state = fast._engine._s.copy()  # type: ignore[attr-defined]
    before = state.state_bytes()
    applied = state.apply_id(seat, raw)
    allowed = 0 <= seat < 2 and 0 <= raw < _NUM_IDS and bool(pure.legal_mask(seat)[raw])
    assert applied == allowed, (seat, raw)
    if not applied:
        assert state.state_bytes() == before


def _play_out(state: Any, rng: random.Random) -> None:
    # An accepted state is safe to play on: random legal play ends the game,
    # every state on the way accepted again.
    for _ in range(100):
        if state.over:
            state.result()
            return
        seat = rng.choice(state.to_act)
        ids = state.legal_ids(seat)
        assert ids and int(state.legal_mask(seat).sum()) == len(ids)
        assert state.apply_id(seat, rng.choice(ids))
        assert state.check() == 0
        state.points(rng.randrange(2))
    raise AssertionError("a game did not end")


def _edited(raw: bytes, rng: random.Random) -> bytes:
    # A state that is as valid as the one it comes from: the order of the
    # domains not yet revealed and of the specials not yet dealt changed, and
    # other rules (elements, tie-break).
    buf = bytearray(raw)
    g = _FFI.from_buffer("parlour_ndg_game *", buf)
    first = 3 * min(g.round + 1, 3) if g.phase != 2 else 9
    if first < 8:
        i, j = rng.sample(range(first, 9), 2)
        g.domains[i], g.domains[j] = g.domains[j], g.domains[i]
        g.specials[i], g.specials[j] = g.specials[j], g.specials[i]
    if rng.random() < 0.5:
        g.rules.elements[rng.randrange(9)] = rng.randrange(6)
        g.rules.tie_break = rng.randrange(2)
    return bytes(buf)


def one_input(data: bytes) -> None:
    if len(data) < 4:
        return
    pure = _game(atheris.FuzzedDataProvider(data), "python")
    fdp = atheris.FuzzedDataProvider(data)
    fast = _game(fdp, "c")
    assert pure.record() == fast.record()
    rng = random.Random(data)
    steps = fdp.ConsumeBytes(fdp.remaining_bytes() // 2)
    for i in range(0, len(steps) - 2, 3):
        if pure.is_over:
            break
        kind, arg, more = steps[i], steps[i + 1], steps[i + 2]
        to_act = pure.to_act
        seat = to_act[kind % len(to_act)] if kind & 0x80 == 0 else kind % 4 - 1
        number = arg * 256 + more
        _raw_id(pure, fast, seat, number % (_NUM_IDS + 20) - 10)
        if kind & 3 == 3:
            text = _TEXTS[arg % len(_TEXTS)]
            how, what = "text", text
        elif kind & 3 == 2:
            how, what = "id", number % (_NUM_IDS + 20) - 10
        else:
            legal = pure.legal_actions(seat) if 0 <= seat < 2 else []
            pick = legal[number % len(legal)] if legal else "decline"
            how, what = "action", pick
        assert outcome(pure, seat, how, what) == outcome(fast, seat, how, what)
        assert pure.to_act == fast.to_act
        for s in (0, 1):
            assert pure.observation(s) == fast.observation(s)
            assert (pure.legal_mask(s) == fast.legal_mask(s)).all()
    assert pure.record() == fast.record()
    if pure.is_over:
        assert pure.result == fast.result
    record = fast.record()
    check_record(Game, record, rng, _JUNK)
    check_saved_states(
        data,
        fast._engine._s.state_bytes(),  # type: ignore[attr-defined]
        rng=rng,
        from_bytes=C._ninedomains_state_from_bytes,
        edited=_edited,
        play_out=_play_out,
        flips=4,
        recheck=False,
    )


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
