"""The options of the Nine Domains: the domain/element table and the tie-break.

>>> r = Rules()
>>> r.element_of(7), r.element_of(2), r.element_of(9)
('purple', 'half-purple', '')
>>> r.has_all_elements([4, 5, 6, 7])
True
>>> r.has_all_elements([2, 4, 5, 6])
False
>>> r.has_all_elements([2, 3, 4, 5, 6])
True
>>> Rules.from_dict(Rules(tie_break="domains").to_dict()).tie_break
'domains'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from parlour.protocol import Rules as _BaseRules

__all__ = ["DOMAINS", "ELEMENTS", "Element", "Rules", "TieBreak"]

#: The nine domain cards, named by their value (which is also their points).
DOMAINS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10)
#: The four elements a player must show to win at once.
ELEMENTS: tuple[str, ...] = ("red", "green", "blue", "purple")

Element = Literal["", "red", "green", "blue", "purple", "half-purple"]
TieBreak = Literal["draw", "domains"]
_ELEMENT_NAMES = ("", "red", "green", "blue", "purple", "half-purple")


@dataclass(frozen=True)
class Rules(_BaseRules):
    """Options of the Nine Domains.

    ``elements[i]`` is the element of domain ``DOMAINS[i]`` (``""`` for none,
    ``"half-purple"`` for half a purple element: two halves make purple).
    ``tie_break`` settles equal points: ``"draw"`` (the default) or
    ``"domains"`` (more domain cards held wins, still a draw if equal).

    >>> Rules(elements=("red",) * 8)
    Traceback (most recent call last):
    ...
    ValueError: elements must give one element to each of the 9 domains, got 8
    """

    elements: tuple[Element, ...] = (
        "half-purple", "half-purple", "red", "green", "blue", "purple", "", "", "",
    )  # fmt: skip
    tie_break: TieBreak = "draw"

    def __post_init__(self) -> None:
        if not isinstance(self.elements, tuple) or len(self.elements) != len(DOMAINS):
            n = len(self.elements) if isinstance(self.elements, (tuple, list)) else "?"
            raise ValueError(
                f"elements must give one element to each of the {len(DOMAINS)} domains, got {n}"
            )
        for e in self.elements:
            if e not in _ELEMENT_NAMES:
                raise ValueError(f"unknown element {e!r}; use one of {_ELEMENT_NAMES}")
        if self.tie_break not in ("draw", "domains"):
            raise ValueError(f"tie_break must be 'draw' or 'domains', not {self.tie_break!r}")

    def element_of(self, domain: int) -> str:
        """The element printed on ``domain`` (``""`` for none)."""
        return self.elements[DOMAINS.index(domain)]

    def element_count(self, domains: Iterable[int]) -> int:
        """How many of the four elements ``domains`` show (two halves make purple)."""
        shown = set()
        halves = 0
        for d in domains:
            e = self.element_of(d)
            if e == "half-purple":
                halves += 1
            elif e:
                shown.add(e)
        if halves >= 2:
            shown.add("purple")
        return len(shown)

    def has_all_elements(self, domains: Iterable[int]) -> bool:
        """True if ``domains`` show all four elements."""
        return self.element_count(domains) == len(ELEMENTS)
