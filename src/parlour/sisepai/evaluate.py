"""Sì Sè Pái hand evaluation: the stable API, bound to the live backend.

Every function takes a :class:`~parlour.sisepai.Hand` or hand text.

>>> from parlour.sisepai import is_complete, best_groups, winning_cards
>>> is_complete("GAEr GAEy GAEg GAEw RRRr RHCy SSg 3f")
True
>>> best_groups("GAEr GAEy GAEg GAEw RRRr RHCy SSg 3f").score
9
>>> winning_cards("GAEr GAEy GAEg GAEw RRRr RHCy SSg")
('Gr', 'Rr', 'Gy', 'Gg', 'Sg', 'Gw', '1f', '2f', '3f', '4f', '5f')
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from parlour import _backend

__all__ = ["best_groups", "is_complete", "winning_cards"]

if TYPE_CHECKING:
    from parlour._pure.sisepai import sisepai_best_groups as best_groups
    from parlour._pure.sisepai import sisepai_is_complete as is_complete
    from parlour._pure.sisepai import sisepai_winning_cards as winning_cards


def _rebind(impl: ModuleType) -> None:
    g = globals()
    for name in __all__:
        g[name] = getattr(impl, "sisepai_" + name)


_backend.bind(_rebind)
