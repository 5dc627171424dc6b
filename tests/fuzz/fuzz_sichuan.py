"""atheris harness for the Sichuan C entry points (parlour._core).

Each input is split into a flags byte and count bytes; every entry point must
return an answer or raise ValueError/NotationError, never crash, and the
compiled answers must equal the pure-Python twin's. Run for a fixed time:

    python tests/fuzz/fuzz_sichuan.py tests/fuzz/corpus/sichuan -max_total_time=60
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

import atheris

with atheris.instrument_imports():
    import numpy as np

    from parlour import NotationError, _backend
    from parlour.sichuan import SUITS, Hand, batch, is_complete, shanten, waits

C = _backend.load("c")


def _both(call: Any) -> tuple[Any, Any]:
    """``call()`` with the public functions on the compiled backend, then on the twin."""
    with _backend.use("c"):
        c = call()
    with _backend.use("python"):
        p = call()
    return c, p


def one_input(data: bytes) -> None:
    if not data:
        return
    flags, body = data[0], data[1:]
    missing = (None, *SUITS)[flags & 3]
    arr = np.frombuffer(body, dtype=np.uint8)
    rows = arr[: arr.size - arr.size % 27].reshape(-1, 27) if arr.size >= 27 else arr
    miss = -1 if missing is None else SUITS.index(missing)
    with _backend.use("c"):
        for fn in (batch.is_complete, batch.shanten, batch.waits):
            with contextlib.suppress(ValueError):
                fn(rows, missing_suit=missing)
    if rows.ndim == 2:
        # The binding itself, past the public checks: any row width, any values.
        for name in ("sichuan_batch_is_complete", "sichuan_batch_waits"):
            with contextlib.suppress(ValueError):
                getattr(C, name)(rows, None, miss)
        with contextlib.suppress(ValueError):
            C.sichuan_batch_shanten(rows, None, miss, flags >> 2 & 3)
    counts = [b % 5 for b in body[:27]] + [0] * max(0, 27 - len(body))
    try:
        hand = Hand(counts)
    except NotationError:
        return
    if hand.size == 14:
        c, p = _both(lambda: is_complete(hand, missing_suit=missing))
        assert c == p
    if hand.size in (13, 14):
        c, p = _both(lambda: shanten(hand, missing_suit=missing))
        assert c == p
    if hand.size == 13:
        c, p = _both(lambda: waits(hand, missing_suit=missing))
        assert c == p


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
