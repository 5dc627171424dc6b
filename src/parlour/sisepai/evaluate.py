"""Sì Sè Pái hand evaluation: the stable API, on the live backend.

Every function takes a :class:`~parlour.sisepai.Hand` or hand text; the
backend (the C core or its pure-Python twin) works on the hand's counts.

>>> from parlour.sisepai import is_complete, best_groups, winning_cards
>>> is_complete("GAEr GAEy GAEg GAEw RRRr RHCy SSg 3f")
True
>>> best_groups("GAEr GAEy GAEg GAEw RRRr RHCy SSg 3f").score
9
>>> winning_cards("GAEr GAEy GAEg GAEw RRRr RHCy SSg")
('Gr', 'Rr', 'Gy', 'Gg', 'Sg', 'Gw', '1f', '2f', '3f', '4f', '5f')
"""

from __future__ import annotations

from typing import Any

from parlour import _backend
from parlour.protocol import checked_rules
from parlour.sisepai.batch import mask_kinds
from parlour.sisepai.hand import Group, Grouping, Hand, HandLike, as_hand
from parlour.sisepai.rules import DEFAULT_RULES, Rules

__all__ = ["best_groups", "is_complete", "winning_cards"]

_HAND = 21
_DEFAULT_POINTS = DEFAULT_RULES.points()


def is_complete(hand: HandLike) -> bool:
    """True if the 21-card hand partitions into legal groups (exposed groups fixed)."""
    h: Any = hand if type(hand) is Hand else as_hand(hand)
    if h._size != _HAND:
        raise ValueError(f"is_complete needs a 21-card hand, not {h._size} cards")
    return _backend.impl.sisepai_counts_complete(h._cbytes, h._ecards)  # type: ignore[no-any-return]


def winning_cards(hand: HandLike) -> tuple[str, ...]:
    """Kinds that complete a 20-card hand: chess kinds in kind order, then
    the flowers not held (``1f`` .. ``5f``)."""
    h: Any = hand if type(hand) is Hand else as_hand(hand)
    if h._size != _HAND - 1:
        raise ValueError(f"winning_cards needs a 20-card hand, not {h._size} cards")
    return mask_kinds(_backend.impl.sisepai_counts_winning(h._cbytes, h._ebytes, h._ecards))


def best_groups(hand: HandLike, *, rules: Rules | None = None) -> Grouping:
    """The best-scoring partition of a complete 21-card hand (``ValueError``
    if it is not complete); ties go to the smallest sorted list of groups."""
    h: Any = hand if type(hand) is Hand else as_hand(hand)
    points = _DEFAULT_POINTS if rules is None else _points(rules)
    if h._size != _HAND:
        raise ValueError(f"best_groups needs a 21-card hand, not {h._size} cards")
    exposed = tuple(g.kinds for g in h.exposed)
    found = _backend.impl.sisepai_counts_best_groups(h._cbytes, exposed, points)
    if found is None:
        raise ValueError(f"the hand {h} is not complete")
    score, groups = found
    return Grouping(score, tuple(Group._legal(g) for g in groups))


def _points(rules: Rules) -> tuple[int, ...]:
    return checked_rules(rules, DEFAULT_RULES, "sisepai").points()
