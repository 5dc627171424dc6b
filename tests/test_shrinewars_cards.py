"""Shrine Wars cards and notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.errors import NotationError
from parlour.shrinewars import (
    CARDS,
    Cards,
    Partition,
    as_cards,
    card_element,
    card_from_text,
    card_id,
    card_text,
    card_value,
    element_index,
)


def test_ids_follow_element_times_nine_plus_value() -> None:
    # id = element * 9 + value - 1, elements F W A E
    assert card_from_text("1F") == 0
    assert card_from_text("9F") == 8
    assert card_from_text("1W") == 9
    assert card_from_text("3W") == 11
    assert card_from_text("5A") == 22
    assert card_from_text("9E") == 35
    assert [card_text(c) for c in (0, 8, 9, 11, 22, 35)] == ["1F", "9F", "1W", "3W", "5A", "9E"]


def test_every_card_round_trips() -> None:
    texts = {card_text(c) for c in CARDS}
    assert len(texts) == 36
    for c in CARDS:
        assert card_from_text(card_text(c)) == c
        assert card_id(card_value(c), card_element(c)) == c
        assert card_id(card_value(c), "FWAE"[card_element(c)]) == c


def test_elements_by_letter_and_name() -> None:
    assert [element_index(x) for x in ("F", "W", "A", "E")] == [0, 1, 2, 3]
    assert [element_index(x) for x in ("Fire", "water", "AIR", "Earth")] == [0, 1, 2, 3]
    with pytest.raises(NotationError):
        element_index("X")


@pytest.mark.parametrize(
    "bad", ["", "0F", "10F", "5X", "5f", "F5", "55", "5FF", " 5 F", "⑤F", "5F 6"]
)
def test_bad_card_text(bad: str) -> None:
    with pytest.raises(NotationError):
        card_from_text(bad)


@pytest.mark.parametrize("bad", [-1, 36, 1.0, True, "4"])
def test_bad_card_ids(bad: object) -> None:
    with pytest.raises(NotationError):
        card_text(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Cards([bad])  # type: ignore[list-item]


def test_cards_notation() -> None:
    c = Cards.parse("9F 5F 3W 6F")
    assert str(c) == "5F 6F 9F 3W"
    assert repr(c) == "Cards('5F 6F 9F 3W')"
    assert eval(repr(c)) == c
    assert list(c) == [4, 5, 8, 11]
    assert len(c) == 4 and 11 in c and 12 not in c and "5F" not in c
    assert c.mask == (1 << 4) | (1 << 5) | (1 << 8) | (1 << 11)
    assert Cards.from_mask(c.mask) == c
    assert Cards.parse("5F6F9F3W") == c
    assert Cards.parse("  5F   6F\t9F\n3W ") == c
    assert Cards.parse("") == Cards() and str(Cards()) == ""
    assert as_cards("5F") == as_cards([4]) == as_cards(Cards([4]))
    assert c.values == (5, 6, 9, 3)
    assert Cards.parse("3F 3A 4W").count_value(3) == 2
    assert (Cards.parse("1F") | Cards.parse("2F")) == Cards.parse("1F 2F")
    assert hash(Cards.parse("1F 2F")) == hash(Cards([1, 0]))


@pytest.mark.parametrize("bad", ["5F 5F", "5F x", "5F,6F", "5", "5F 6", "5F 0W"])
def test_bad_cards_notation(bad: str) -> None:
    with pytest.raises(NotationError):
        Cards.parse(bad)


def test_bad_masks_and_types() -> None:
    with pytest.raises(NotationError):
        Cards.from_mask(1 << 36)
    with pytest.raises(NotationError):
        Cards.from_mask(-1)
    with pytest.raises(NotationError):
        Cards.parse(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Cards([4, 4])


def test_partition_repr_round_trips() -> None:
    p = Partition(26, (Cards.parse("5F 6F 7F 8F 9F"), Cards.parse("3W")))
    assert eval(repr(p)) == p
    assert str(p) == "5F 6F 7F 8F 9F | 3W"


@given(st.sets(st.integers(0, 35)))
def test_cards_round_trip_property(ids: set[int]) -> None:
    c = Cards(ids)
    assert Cards.parse(str(c)) == c
    assert eval(repr(c)) == c
    assert set(c) == ids and len(c) == len(ids)
    assert Cards.from_mask(c.mask) == c
