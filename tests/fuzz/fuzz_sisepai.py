"""atheris harness for the Si Se Pai C entry points (parlour._core).

The input is split into a flags byte (exposed card count), 33 count bytes and
the rest as an optional exposed-counts block or batch rows; every entry point
must answer or raise ValueError, never crash, and the compiled answers must
equal the pure-Python twin's. Run for a fixed time:

    python tests/fuzz/fuzz_sisepai.py tests/fuzz/corpus/sisepai -max_total_time=60
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import numpy as np

    from parlour import _backend

C = _backend.load("c")
PY = _backend.load("python")


def _both(name: str, *args: object) -> None:
    try:
        want = getattr(PY, name)(*args)
    except ValueError:
        try:
            getattr(C, name)(*args)
        except ValueError:
            return
        raise AssertionError(f"{name}{args!r}: C answered where Python refused") from None
    got = getattr(C, name)(*args)
    if isinstance(got, np.ndarray):
        assert got.tolist() == want.tolist(), (name, args)
    else:
        assert got == want, (name, args)


def one_input(data: bytes) -> None:
    if not data:
        return
    exposed, body = data[0] % 32, data[1:]
    counts = body[:33]
    _both("sisepai_counts_complete", counts, exposed)
    ex = body[33:66] if len(body) >= 66 else None
    _both("sisepai_counts_winning", counts, ex, exposed)
    # Small counts give solvable hands more often.
    small = bytes(b % 5 if i < 28 else b % 2 for i, b in enumerate(counts))
    _both("sisepai_counts_complete", small, exposed)
    _both("sisepai_counts_winning", small, None, exposed)
    arr = np.frombuffer(body, dtype=np.uint8)
    rows = arr[: arr.size - arr.size % 33].reshape(-1, 33)
    _both("sisepai_batch_is_complete", rows)
    _both("sisepai_batch_is_complete", rows, np.full(rows.shape[0], exposed, np.uint8))


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
