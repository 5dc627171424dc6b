"""Sichuan tiles and hand notation."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour import NotationError
from parlour.sichuan import Hand, Meld, kind_from_text, kind_text, tile_kind, tile_text


def test_kind_numbering() -> None:
    assert kind_from_text("1m") == 0
    assert kind_from_text("9m") == 8
    assert kind_from_text("1p") == 9
    assert kind_from_text("9s") == 26
    assert [kind_text(k) for k in (0, 13, 26)] == ["1m", "5p", "9s"]
    assert tile_kind(0) == 0 and tile_kind(3) == 0 and tile_kind(4) == 1 and tile_kind(107) == 26
    assert tile_text(53) == "5p"
    for bad in (-1, 108, 1.0, True):
        with pytest.raises(ValueError):
            tile_kind(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("123m456p789s11m", "11123m456p789s"),
        ("  19m 19p  19s ", "19m19p19s"),
        ("[555p] 11m", "11m [555p]"),
        ("(9999m) [7777s] 1m2m", "12m (9999m) [7777s]"),
        ("[111m] [222m] [333m] [444m]", "[111m] [222m] [333m] [444m]"),
        ("", ""),
    ],
)
def test_parse_and_format(text: str, normal: str) -> None:
    hand = Hand.parse(text)
    assert str(hand) == normal
    assert Hand.parse(str(hand)) == hand
    assert eval(repr(hand)) == hand


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("123x", "'x'"),
        ("103m", "rank 0"),
        ("11111m", "5 copies of 1m"),
        ("1m [111m] 1m", "5 copies of 1m"),
        ("[123m]", "not a pung or kong"),
        ("[55p", "unclosed meld '[55p'"),
        ("(555p)", "only a kong can be concealed"),
        ("[55555p]", "not a pung or kong"),
        ("123", "digits '123'"),
        ("12m3", "digits '3'"),
        ("m", "unexpected 'm'"),
        ("11223344556677m1p", "at most 14 tiles"),
        ("[111m] [222m] [333m] [444m] [555m]", "at most 4 melds"),
        ("[5555x]", "unknown suit"),
        ("[5555p)", "mismatched"),
    ],
)
def test_bad_notation_names_the_part(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        Hand.parse(text)
    assert fragment in str(info.value)


def test_hand_value_semantics() -> None:
    a = Hand.parse("123m [555p]")
    b = Hand.parse("[555p] 321m")
    assert a == b and hash(a) == hash(b)
    assert a != Hand.parse("123m [5555p]")
    with pytest.raises(AttributeError):
        a._counts = ()  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.size == 6 and len(a) == 6
    assert a.total_count(13) == 3 and a.total_count(0) == 1
    assert a.add("4m") == Hand.parse("1234m [555p]")
    assert a.remove(0) == Hand.parse("23m [555p]")
    with pytest.raises(ValueError):
        a.remove("9s")
    assert a.suits() == frozenset("mp")
    assert Meld.parse("(9999m)") == Meld(8, "concealed_kong")
    assert repr(Meld(8, "kong")) == "Meld(kind=8, type='kong')"


hands = st.lists(st.integers(0, 26), max_size=14).filter(
    lambda ks: all(ks.count(k) <= 4 for k in ks)
)


@given(hands)
def test_round_trip_property(kinds: list[int]) -> None:
    hand = Hand.from_kinds(kinds)
    assert Hand.parse(str(hand)) == hand
    assert sorted(kinds) == list(hand.concealed_kinds)
