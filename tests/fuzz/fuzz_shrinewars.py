"""atheris harness for the Shrine Wars C entry points (parlour._core).

Each 8 bytes of input are a 64-bit mask (bits above 35 included on purpose);
every entry point must answer or raise ValueError, never crash, and the
compiled answers must equal the pure-Python twin's. Run for a fixed time:

    python tests/fuzz/fuzz_shrinewars.py tests/fuzz/corpus/shrinewars -max_total_time=60
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import numpy as np

    from parlour import _backend, shrinewars

C = _backend.load("c")
PY = _backend.load("python")


def one_input(data: bytes) -> None:
    n = len(data) // 8
    masks = np.frombuffer(data[: 8 * n], dtype="<u8").astype(np.uint64)
    for m in masks.tolist()[:4]:
        for name in ("shrinewars_score_mask", "shrinewars_partition_mask"):
            try:
                want = getattr(PY, name)(m)
            except ValueError:
                try:
                    getattr(C, name)(m)
                except ValueError:
                    continue
                raise AssertionError(f"{name}({m}): C answered where Python refused") from None
            assert getattr(C, name)(m) == want, (name, m)
        ids = [b % 40 for b in data[:12]]
        # The public score on each backend (it reads the ids, then calls the backend).
        scores = []
        for name in ("python", "c"):
            with _backend.use(name):
                try:
                    scores.append(shrinewars.score(ids))
                except ValueError:
                    scores.append(None)
        assert scores[0] == scores[1], ids
    try:
        want_b = PY.shrinewars_batch_score(masks)
    except ValueError:
        try:
            C.shrinewars_batch_score(masks)
        except ValueError:
            return
        raise AssertionError("batch: C answered where Python refused") from None
    assert C.shrinewars_batch_score(masks).tolist() == want_b.tolist()
    low = masks & np.uint64((1 << 36) - 1)
    assert (
        C.shrinewars_batch_score(low[::2]).tolist() == PY.shrinewars_batch_score(low[::2]).tolist()
    )


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
