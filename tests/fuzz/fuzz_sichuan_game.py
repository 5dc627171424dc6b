"""atheris harness for the Sichuan deal state machine (csrc/sichuan_game.c).

The first bytes pick the rules, the dealer and the shuffle; every following
byte picks an action for the seat to act, usually a legal one and sometimes
an arbitrary code or text. The compiled engine and its pure-Python twin get
the same actions and must agree on every view (or refuse together); the
input is also read as a saved C state, which must be refused, or accepted
and then stay accepted through random legal play to the end, never crash.
Run for a fixed time:

    python tests/fuzz/fuzz_sichuan_game.py tests/fuzz/corpus/sichuan_game -max_total_time=60
"""

from __future__ import annotations

import random
import sys

import atheris

with atheris.instrument_imports():
    from parlour import IllegalActionError, _backend
    from parlour.sichuan import Game, Rules
    from parlour.sichuan.values import exchange_choices

C = _backend.load("c")
_SIZE = len(
    C.sichuan_game_new(list(range(108)), 0, 5, False, False, False, 32, 0).__reduce__()[1][0]
)
_TEXTS = (
    "pass",
    "win",
    "kong 1m",
    "pung 9s",
    "declare p",
    "discard 1m#0",
    "exchange 1m#0 1m#1 1m#2",
)


def _pair(data: bytes) -> tuple[Game, Game]:
    flags = data[0]
    rules = Rules(
        exchange_three=bool(flags & 1),
        call_transfer=bool(flags & 2),
        self_draw_doubles=bool(flags & 4),
        fan_cap=None if flags & 8 else 5,
    )
    seed = int.from_bytes(data[1:3], "little")
    pure = Game(rules, seed=seed, dealer=flags >> 6, engine="python")
    fast = Game(rules, seed=seed, dealer=flags >> 6, engine="c")
    return pure, fast


def _outcome(game: Game, seat: int, action: object) -> str:
    try:
        game.apply(seat, action)  # type: ignore[arg-type]
    except IllegalActionError as exc:
        return str(exc)
    return "ok"


def one_input(data: bytes) -> None:
    if len(data) < 3:
        return
    pure, fast = _pair(data)
    rng = random.Random(data)
    for byte in data[3:]:
        if pure.is_over:
            break
        seat = pure.to_act[0] if byte & 0x80 == 0 else byte % 5
        legal = pure.legal_actions(seat) if 0 <= seat < 4 else []
        if legal and byte % 8:
            action: object = legal[byte % len(legal)]
        else:
            action = _TEXTS[byte % len(_TEXTS)] if byte & 1 else rng.choice(legal or ["pass"])
        assert _outcome(pure, seat, action) == _outcome(fast, seat, action)
        assert pure.to_act == fast.to_act
        assert pure.observation(seat % 4).to_dict() == fast.observation(seat % 4).to_dict()
    assert pure.record() == fast.record() and pure.events == fast.events
    blob = (data * (_SIZE // len(data) + 1))[:_SIZE]
    try:
        state = C._sichuan_state_from_bytes(blob)
    except ValueError:
        return
    # An accepted state is safe to play on: random legal play to the end,
    # every state on the way accepted again.
    steps = 0
    while not state.over and steps < 600:
        seat = state.to_act[0]
        if state.phase == 0:
            move = rng.choice(exchange_choices(state.tiles(seat)))
            assert state.exchange(seat, move.tiles) == 0
        else:
            assert state.apply(seat, rng.choice(state.legal(seat))) == 0
        C._sichuan_state_from_bytes(state.__reduce__()[1][0])
        steps += 1
    assert state.over


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
