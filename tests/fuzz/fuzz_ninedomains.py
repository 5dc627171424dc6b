"""atheris harness for the Nine Domains C entry points (parlour._core).

The input is read as rows of four bytes (card a, card b, bonus a, bonus b;
cards up to 255 so bad indices occur); every entry point must answer or
raise ValueError/TypeError/NotationError, never crash, and the compiled
answers must equal the pure-Python twin's. Run for a fixed time:

    python tests/fuzz/fuzz_ninedomains.py tests/fuzz/corpus/ninedomains -max_total_time=60
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import numpy as np

    from parlour import _backend
    from parlour import ninedomains as nd

C = _backend.load("c")
PY = _backend.load("python")
TEXTS = ("0", "1", "2", "3", "4", "5", "1-", "1+", "2-", "2+", "3-", "3+", "4-", "4+", "*")


def _call(mod: object, name: str, *args: object, **kw: object) -> object:
    try:
        out = getattr(mod, name)(*args, **kw)
    except (ValueError, TypeError) as exc:
        return type(exc).__name__
    return out.tolist() if isinstance(out, np.ndarray) else out


def one_input(data: bytes) -> None:
    n = len(data) // 4
    rows = np.frombuffer(data[: 4 * n], dtype=np.uint8).reshape(n, 4)
    a, b = rows[:, 0].copy(), rows[:, 1].copy()
    ba, bb = rows[:, 2].view(np.int8).copy(), rows[:, 3].view(np.int8).copy()
    for args in ((a, b, ba, bb), (a % 15, b % 15, ba, bb), (a % 15, b % 15), (a, b[:-1])):
        assert _call(C, "ninedomains_battle_batch", *args) == _call(
            PY, "ninedomains_battle_batch", *args
        )
    for x, y, p, q in rows[:4].tolist():
        args = (x % 20 - 2, y % 15, p * 5 - 600, q - 128)
        assert _call(C, "ninedomains_decide", *args) == _call(PY, "ninedomains_decide", *args)
        # The public decide on each backend (it reads the card text).
        ca = TEXTS[x % 15] if x < 240 else chr(x)
        kw = {"bonus_a": p * 5 - 600, "bonus_b": q - 128}
        outs = []
        for name in ("python", "c"):
            with _backend.use(name):
                outs.append(_call(nd, "decide", ca, TEXTS[y % 15], **kw))
        assert outs[0] == outs[1]


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
