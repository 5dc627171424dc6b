"""Sichuan hand evaluation: the stable API, bound to the live backend.

Every function takes a :class:`~parlour.sichuan.Hand` or hand text.

>>> from parlour.sichuan import is_complete, waits, shanten, score
>>> is_complete("123m456m789m111p22p")
True
>>> waits("123m456m789m111p2p")
('2p', '3p')
>>> shanten("123m456m789m111p2p")
0
>>> score("11122233344455m").patterns
('all_pungs', 'full_flush')
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from parlour import _backend

__all__ = ["best_win", "is_complete", "score", "shanten", "waits"]

if TYPE_CHECKING:
    from parlour._pure.sichuan import sichuan_best_win as best_win
    from parlour._pure.sichuan import sichuan_is_complete as is_complete
    from parlour._pure.sichuan import sichuan_score as score
    from parlour._pure.sichuan import sichuan_shanten as shanten
    from parlour._pure.sichuan import sichuan_waits as waits


def _rebind(impl: ModuleType) -> None:
    g = globals()
    for name in __all__:
        g[name] = getattr(impl, "sichuan_" + name)


_backend.bind(_rebind)
