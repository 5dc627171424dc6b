"""The regional concealed-triples variant (rules of record, Variants and
precise point 11), worked out by hand."""

from __future__ import annotations

from types import ModuleType

import pytest

from conformance import check_conformance
from parlour.sisepai import Game, Hand, Rules, best_groups
from parlour.sisepai.scoring import win_grouping

HAND = "[RRRr] GAEy GAEg GAEw SSSg HHHy Gr Gr 3f"
# Groups: exposed RRRr; three command groups; concealed SSSg and HHHy; two
# single Generals; a flower. Rules of record: 1 + 3 + 1 + 1 + 2 + 3 = 11.


@pytest.mark.parametrize(
    ("taken", "rules", "score"),
    [
        (None, Rules(), 11),
        ("Sg", Rules(), 11),
        (None, Rules(concealed_triple=3), 15),  # 1 + 3 + 3 + 3 + 2 + 3
        ("Sg", Rules(concealed_triple=3), 13),  # SSSg took the card: exposed, 1
        ("Hy", Rules(concealed_triple=3), 13),
        ("Gr", Rules(concealed_triple=3), 15),  # a single General took it
        ("3f", Rules(concealed_triple=3), 15),
        ("Ay", Rules(concealed_triple=3), 15),
        (None, Rules(concealed_triple=0), 9),  # 1 + 3 + 0 + 0 + 2 + 3
    ],
)
def test_known_scores(backend: ModuleType, taken: str | None, rules: Rules, score: int) -> None:
    assert win_grouping(Hand.parse(HAND), taken, rules).score == score


def test_default_rules_match_best_groups(backend: ModuleType) -> None:
    hand = Hand.parse(HAND)
    for taken in (None, "Sg", "Gr"):
        assert win_grouping(hand, taken) == best_groups(hand)


def test_taken_card_must_be_held(backend: ModuleType) -> None:
    with pytest.raises(ValueError, match="taken card"):
        win_grouping(Hand.parse(HAND), "Cw", Rules(concealed_triple=3))
    with pytest.raises(ValueError):
        Rules(concealed_triple=-1)


def test_games_under_the_variant(backend: ModuleType) -> None:
    rules = Rules(concealed_triple=3)
    check_conformance(lambda seed: Game(rules, seed=seed), seeds=range(300, 303))
