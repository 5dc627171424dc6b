"""atheris harness for the Sichuan C entry points (parlour._core).

Each input is split into a flags byte and count bytes; every entry point must
return an answer or raise ValueError/NotationError, never crash, and the
compiled answers must equal the pure-Python twin's. Run for a fixed time:

    python tests/fuzz/fuzz_sichuan.py tests/fuzz/corpus/sichuan -max_total_time=60
"""

from __future__ import annotations

import contextlib
import sys

import atheris

with atheris.instrument_imports():
    import numpy as np

    from parlour import NotationError, _backend
    from parlour.sichuan import Hand

C = _backend.load("c")
PY = _backend.load("python")


def one_input(data: bytes) -> None:
    if not data:
        return
    flags, body = data[0], data[1:]
    missing = (None, "m", "p", "s")[flags & 3]
    arr = np.frombuffer(body, dtype=np.uint8)
    rows = arr[: arr.size - arr.size % 27].reshape(-1, 27) if arr.size >= 27 else arr
    for fn in (C.sichuan_batch_is_complete, C.sichuan_batch_shanten, C.sichuan_batch_waits):
        with contextlib.suppress(ValueError):
            fn(rows, missing_suit=missing)
    counts = [b % 5 for b in body[:27]] + [0] * max(0, 27 - len(body))
    try:
        hand = Hand(counts)
    except NotationError:
        return
    if hand.size == 14:
        assert C.sichuan_is_complete(hand, missing_suit=missing) == PY.sichuan_is_complete(
            hand, missing_suit=missing
        )
    if hand.size in (13, 14):
        assert C.sichuan_shanten(hand, missing_suit=missing) == PY.sichuan_shanten(
            hand, missing_suit=missing
        )
    if hand.size == 13:
        assert C.sichuan_waits(hand, missing_suit=missing) == PY.sichuan_waits(
            hand, missing_suit=missing
        )


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
