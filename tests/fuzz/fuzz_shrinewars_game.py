"""atheris harness for the Shrine Wars state machine (csrc/shrinewars_game.c).

The first bytes pick the rules (Oinks, open or hidden table), the number of
players and the deck (a seeded shuffle of all 36 cards or of a short deck);
every following pair of bytes picks a step: a legal action of the seat to
act, an action id (in or out of range, for any seat) or an action text. The
compiled engine and its pure-Python twin get the same steps and must take
or refuse them alike, with equal seats to act, observations and legal masks
after each; a raw bid (amount and payment, adding up or not) is also
applied to a copy of the C state, which must take exactly the bids the pure
game allows and change no byte when it refuses. At the end the record must
replay, a damaged record must replay or raise ``RecordError``, and the
input read as a saved C state (and the game's state with bytes damaged)
must be refused with ``ValueError`` or be safe to play on to the end. Any
other exception is a finding. Run for a fixed time:

    python tests/fuzz/fuzz_shrinewars_game.py tests/fuzz/corpus/shrinewars_game -max_total_time=60
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
    from parlour.shrinewars import Game, Rules
    from parlour.shrinewars.values import Bid, Pass

C = _backend.load("c")
_FFI = _cffi()
_SIZE = len(C._ShrineWarsState.new(4, 10, False, list(range(36))).state_bytes())
assert _FFI.sizeof("parlour_swg_game") == _SIZE  # the headers match the extension
_TEXTS = ("pass", "bid 1", "bid 5", "bid 12: 7F + 5A", "bid 3: 3W", "bid 0", "bid", "x")
_JUNK: tuple[Any, ...] = (None, -1, 0, 1, 6, 36, 2**70, "", "x", "pass", [], {}, True, 1.5)


def _game(fdp: atheris.FuzzedDataProvider, engine: str) -> Game:
    flags = fdp.ConsumeIntInRange(0, 255)
    rules = Rules(oinks=flags % 13 * 3 % 31, open_table=bool(flags & 0x80))
    players = 2 + fdp.ConsumeIntInRange(0, 4)
    order = list(range(36))
    random.Random(fdp.ConsumeIntInRange(0, 65535)).shuffle(order)
    n = fdp.ConsumeIntInRange(1, 36) if flags & 0x40 else 36
    return Game(rules, players=players, deck=order[:n], engine=engine)


def _raw_bid(pure: Game, fast: Game, seat: int, paid: tuple[int, ...], extra: int) -> None:
    # The C state takes exactly the bids the pure game allows (amount 0 is a
    # pass), refuses a payment that does not add up, and a refused bid
    # changes no byte.
    state = fast._engine.state.copy()  # type: ignore[attr-defined]
    before = state.state_bytes()
    amount = sum(paid) + extra
    status = state.apply(seat, amount, paid)
    if not 0 <= seat < pure.num_players or extra:
        allowed = False
    elif amount == 0:
        allowed = pure.can_apply(seat, Pass())
    else:
        allowed = pure.can_apply(seat, Bid(amount, paid))
    assert (status == 0) == allowed, (seat, amount, paid, status)
    if status:
        assert state.state_bytes() == before
        assert status in (-4, -10), status


def _play_out(state: Any, rng: random.Random) -> None:
    # An accepted state is safe to play on: random play (passes and the
    # lowest bids) ends the game, every state on the way accepted again.
    players = state.table()[0]
    for _ in range(5000):
        if state.over:
            state.result()
            return
        seat = state.to_act[0]
        lo, hi, _bad = state.bid_range(seat)
        legal = state.legal(seat) if hi - lo < 200 else []
        action = rng.choice(legal[:4]) if legal and rng.random() < 0.4 else Pass()
        assert state.apply_action(seat, action) >= 0
        assert state.check() == 0
        state.observe(rng.randrange(players))
    raise AssertionError("a game did not end")


def _edited(raw: bytes, rng: random.Random) -> bytes:
    # A state that is as valid as the one it comes from: the order of the
    # cards still to come changed, the table open or hidden.
    buf = bytearray(raw)
    g = _FFI.from_buffer("parlour_swg_game *", buf)
    if g.deck_len - g.deck_top >= 2:
        i, j = rng.sample(range(g.deck_top, g.deck_len), 2)
        g.deck[i], g.deck[j] = g.deck[j], g.deck[i]
    if rng.random() < 0.5:
        g.open_table = 1 - g.open_table
    return bytes(buf)


def one_input(data: bytes) -> None:
    if len(data) < 5:
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
        seat = pure.to_act[0] if kind & 0x80 == 0 else kind % 8 - 1
        _raw_bid(pure, fast, seat, (arg % 4, arg // 4 % 4, more % 8, more // 8 % 4), kind >> 6 & 1)
        if kind & 3 == 3:
            text = _TEXTS[arg % len(_TEXTS)]
            how, what = "text", text
        elif kind & 3 == 2:
            how, what = "id", arg * 256 + more - 8
        else:
            legal = pure.legal_actions(seat) if 0 <= seat < pure.num_players else []
            pick = legal[(arg * 256 + more) % len(legal)] if legal else "pass"
            how, what = "action", pick
        assert outcome(pure, seat, how, what) == outcome(fast, seat, how, what)
        assert pure.to_act == fast.to_act
        s = arg % pure.num_players
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
        from_bytes=C._swg_from_bytes,
        edited=_edited,
        play_out=_play_out,
        flips=8,
        recheck=False,
    )


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
