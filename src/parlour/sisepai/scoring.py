"""Scoring a win, including the regional concealed-triples variant.

Under the rules of record a group scores the same whether it is exposed or
concealed, and a win scores :func:`~parlour.sisepai.best_groups`. With
``Rules(concealed_triple=N)`` an identical triple formed from concealed cards
scores ``N`` while an exposed one scores ``triple``, and at a win the group
holding the taken card counts as exposed (rules of record, precise point 11).
The winner's copies of a kind are interchangeable, so the taken card is
placed in whichever group containing its kind scores best.

>>> from parlour.sisepai import Hand, Rules
>>> from parlour.sisepai.scoring import win_grouping
>>> hand = Hand.parse("GAEr GAEy GAEg GAEw RRRr RHCy SSg 3f")
>>> win_grouping(hand, None, Rules(concealed_triple=3)).score   # RRRr concealed
11
>>> win_grouping(hand, "Rr", Rules(concealed_triple=3)).score   # RRRr took the card
9
"""

from __future__ import annotations

from dataclasses import replace

from parlour._codes.sisepai import (
    SSP_CHARACTER_CHARIOT,
    SSP_CHARACTER_GENERAL,
    SSP_CHARACTER_SOLDIER,
    SSP_GROUP_TRIPLE,
)
from parlour.sisepai.cards import CHESS_KINDS, COLOURS, KINDS, kind_from_text
from parlour.sisepai.evaluate import best_groups
from parlour.sisepai.hand import Group, Grouping, Hand, group_type
from parlour.sisepai.rules import DEFAULT_RULES, GROUP_TYPES, Rules

__all__ = ["win_grouping"]


def _grouping(hand: Hand, rules: Rules) -> Grouping:
    """Best grouping with concealed triples at ``concealed_triple`` points."""
    if rules.concealed_triple is None:
        return best_groups(hand, rules=rules)
    concealed = replace(rules, triple=rules.concealed_triple, concealed_triple=None)
    found = best_groups(hand, rules=concealed)
    # Exposed triples were counted at the concealed price: correct them.
    triple = GROUP_TYPES[SSP_GROUP_TRIPLE]
    exposed = sum(1 for g in hand.exposed if g.type == triple)
    return Grouping(found.score + exposed * (rules.triple - rules.concealed_triple), found.groups)


def _groups_with(hand: Hand, kind: int) -> list[tuple[int, ...]]:
    """Every legal group holding ``kind`` that the concealed cards can form."""
    counts = hand.counts
    colour, char = divmod(kind, 7)
    found: list[tuple[int, ...]] = [(kind,) * n for n in (1, 2, 3, 4) if counts[kind] >= n]
    chess = kind < CHESS_KINDS
    # A command is General, Advisor, Elephant; a field Chariot, Horse, Cannon.
    for first in (SSP_CHARACTER_GENERAL, SSP_CHARACTER_CHARIOT):
        if chess and first <= char < first + 3:
            found.append(tuple(colour * 7 + first + i for i in range(3)))
    if chess and char == SSP_CHARACTER_SOLDIER:
        soldiers = [c * 7 + char for c in range(len(COLOURS))]
        others = [s for c, s in enumerate(soldiers) if c != colour and counts[s]]
        for a in range(len(others)):
            for b in range(a + 1, len(others)):
                found.append(tuple(sorted((kind, others[a], others[b]))))
                for c in range(b + 1, len(others)):
                    found.append(tuple(sorted((kind, others[a], others[b], others[c]))))
    legal = []
    for g in found:
        need = [g.count(k) for k in range(KINDS)]
        if group_type(g) is not None and all(counts[k] >= need[k] for k in set(g)):
            legal.append(g)
    return legal


def win_grouping(hand: Hand, taken: int | str | None, rules: Rules | None = None) -> Grouping:
    """The scored grouping of a winning 21-card ``hand`` whose ``taken`` card
    (a kind, its text, or ``None``) is among the concealed cards.

    Equal to ``best_groups(hand, rules=rules)`` unless ``rules`` sets
    ``concealed_triple``; ``ValueError`` if the hand is not complete.
    """
    r = rules if rules is not None else DEFAULT_RULES
    if r.concealed_triple is None or taken is None:
        return _grouping(hand, r)
    kind = kind_from_text(taken) if isinstance(taken, str) else taken
    if not isinstance(kind, int) or not 0 <= kind < KINDS or hand.counts[kind] == 0:
        raise ValueError(f"the taken card {taken!r} is not among the concealed cards")
    best: Grouping | None = None
    for g in _groups_with(hand, kind):
        counts = list(hand.counts)
        for k in g:
            counts[k] -= 1
        moved = Hand(tuple(counts), (*hand.exposed, Group(g)))
        try:
            found = _grouping(moved, r)
        except ValueError:
            continue
        key = (-found.score, [x.kinds for x in found.groups])
        if best is None or key < (-best.score, [x.kinds for x in best.groups]):
            best = found
    if best is None:
        raise ValueError(f"the hand {hand} is not complete")
    return best
