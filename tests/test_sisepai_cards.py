"""Sì Sè Pái cards, notation and hands."""

from __future__ import annotations

from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour import _backend
from parlour.errors import NotationError
from parlour.sisepai import (
    CARDS,
    KINDS,
    Group,
    Grouping,
    Hand,
    card_kind,
    card_text,
    format_kinds,
    group_type,
    kind_from_text,
    kind_text,
    parse_kinds,
)


def test_ids_and_kinds() -> None:
    assert CARDS == 117 and KINDS == 33
    # kind = colour * 7 + character; id = kind * 4 + copy; flowers 112..116
    assert [card_kind(i) for i in (0, 3, 4, 27, 108, 111)] == [0, 0, 1, 6, 27, 27]
    assert [card_kind(i) for i in range(112, 117)] == [28, 29, 30, 31, 32]
    assert card_text(0) == "Gr" and card_text(24) == "Sr" and card_text(28) == "Gy"
    assert card_text(56) == "Gg" and card_text(84) == "Gw" and card_text(116) == "5f"
    assert [kind_text(k) for k in range(7)] == ["Gr", "Ar", "Er", "Rr", "Hr", "Cr", "Sr"]
    with pytest.raises(NotationError):
        card_kind(117)
    with pytest.raises(NotationError):
        card_kind(-1)
    with pytest.raises(NotationError):
        kind_text(33)


def test_every_kind_round_trips() -> None:
    for k in range(KINDS):
        assert kind_from_text(kind_text(k)) == k


@pytest.mark.parametrize(
    "bad", ["Gx", "gr", "Xr", "6f", "0f", "f", "G", "GAE", "Gr,", "[Gr", "Gr]", "Gr Ar", ""]
)
def test_bad_card_text(bad: str) -> None:
    with pytest.raises(NotationError):
        kind_from_text(bad)


def test_parse_and_format() -> None:
    assert parse_kinds("GAEr SSSg RHCw 3f") == (0, 1, 2, 20, 20, 20, 24, 25, 26, 30)
    assert format_kinds(parse_kinds("GAEr SSSg RHCw 3f")) == "GAEr SSSg RHCw 3f"
    assert format_kinds(parse_kinds("3f Sg Gr Ar")) == "GAr Sg 3f"
    assert parse_kinds("  ") == ()


@pytest.mark.parametrize(
    "bad",
    [
        "GAEq",  # unknown colour
        "GXEr",  # unknown character
        "SSSSSr",  # a fifth copy
        "SSSr [SSr]",  # a fifth copy counting the exposed group
        "11f",  # a flower twice
        "12345f 1f",  # a sixth flower
        "[GGr]",  # Generals make no pair
        "[Sr Sr Sy]",  # soldier groups need different colours
        "[Sr Sy]",  # two soldiers are no group
        "[GAEy Sr]",
        "[Ar]",  # a single card that is not a General
        "[RHCr Sr]",
        "[Gr",
        "Gr]",
        "[[Gr]]",
        "GAE r",
    ],
)
def test_bad_hand_text(bad: str) -> None:
    with pytest.raises(NotationError):
        Hand.parse(bad)


def test_hand_round_trip_and_value() -> None:
    h = Hand.parse("GAEr SSSg RHCw 3f [Sr Sy Sw] [HHHHy]")
    assert str(h) == "[Sr Sy Sw] [HHHHy] GAEr SSSg RHCw 3f"
    assert eval(repr(h)) == h
    assert Hand.parse(str(h)) == h
    assert hash(h) == hash(Hand.parse(str(h)))
    assert len(h) == 10 + 3 + 4
    assert h.concealed == (0, 1, 2, 20, 20, 20, 24, 25, 26, 30)
    assert [g.type for g in h.exposed] == ["soldiers3", "quad"]
    assert h.add(6).counts[6] == 1
    with pytest.raises(NotationError):
        h.add(11)  # a fifth Hy
    with pytest.raises(NotationError):
        Hand.parse(123)  # type: ignore[arg-type]


def test_groups() -> None:
    cases = {
        "Gr": "general",
        "3f": "flower",
        "AAy": "pair",
        "SSSg": "triple",
        "HHHHw": "quad",
        "GAEr": "command",
        "RHCw": "field",
        "Sr Sy Sg": "soldiers3",
        "Sr Sy Sg Sw": "soldiers4",
    }
    for text, kind in cases.items():
        g = Group.parse(text)
        assert g.type == kind
        assert Group.parse(str(g)) == g
        assert eval(repr(g)) == g
        assert Group.parse(f"[{text}]") == g
    assert Group.parse("EAGr") == Group.parse("GAEr")
    assert [Group.parse(t).points() for t in cases] == [1, 3, 0, 1, 2, 1, 1, 1, 2]
    for bad in ["GGr", "GGGr", "Gr Ar", "GAr", "AEHr", "Rr Hr Cy", "Sr Sy Sy", "1f 2f", "Sr"]:
        assert group_type(parse_kinds(bad)) is None
        with pytest.raises(NotationError):
            Group.parse(bad)
    with pytest.raises(NotationError):
        Group((0, 99))


def test_grouping_repr_round_trips() -> None:
    g = Grouping(3, (Group.parse("GAEr"), Group.parse("Sr Sy Sg")))
    assert eval(repr(g)) == g
    assert str(g) == "GAEr [Sr Sy Sg]"


@given(st.lists(st.integers(0, 32), max_size=21))
def test_format_parse_round_trip(kinds: list[int]) -> None:
    counts = [kinds.count(k) for k in range(33)]
    if any(counts[k] > (4 if k < 28 else 1) for k in range(33)):
        with pytest.raises(NotationError):
            Hand.of(kinds)
        return
    h = Hand.of(kinds)
    assert parse_kinds(format_kinds(kinds)) == tuple(sorted(kinds))
    assert Hand.parse(str(h)) == h


# -- parse errors point at the bad token -------------------------------------


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        # The case: the bad token follows an exposed group.
        ("[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 9f GGw", "9f", 36),
        ("GAEr Xq", "Xq", 5),
        ("GAEr   GA", "GA", 7),
        ("GAErX SSg", "X", 4),
        ("GAE r", "GAE", 0),
        ("  0f", "0f", 2),
        # Inside brackets the position is still the whole text's.
        ("GAEr [Sr Qy Sg]", "Qy", 9),
        ("[Sr Sy Sg] GAEr [RRRr] [Hx]", "Hx", 24),
    ],
)
def test_bad_hand_text_names_the_token_and_its_position(
    text: str, token: str, position: int
) -> None:
    assert text[position:].startswith(token)
    with pytest.raises(NotationError) as info:
        Hand.parse(text)
    message = str(info.value)
    assert message.startswith(f"bad card {token!r} at position {position} in {text!r}: "), message
    # The message quotes the token and the text once each, not the rest of the text again.
    assert message.count(text) == 1


def test_bad_card_text_names_the_token_and_its_position() -> None:
    with pytest.raises(NotationError, match=r"^bad card 'Xq' at position 5 in 'GAEr Xq SSg': "):
        parse_kinds("GAEr Xq SSg")
    with pytest.raises(NotationError, match=r"^bad card 'Sx' at position 1 in '\[Sx\]': "):
        Group.parse("[Sx]")
    with pytest.raises(NotationError, match=r"^unbalanced '\]' at position 7 in 'GAEr Sr\] Sy'"):
        Hand.parse("GAEr Sr] Sy")
    with pytest.raises(NotationError, match=r"^unbalanced '\[' at position 5 in 'GAEr \[Sr Sy'"):
        Hand.parse("GAEr [Sr Sy")


# -- the public batch module ---------------------------------------------------


def test_public_batch_module(backend: ModuleType) -> None:
    import numpy as np

    import parlour.sisepai as sp
    from parlour.sisepai import batch

    assert sp.batch is batch and "batch" in sp.__all__
    # The module's functions run on the live backend, like parlour.sichuan.batch.
    assert _backend.impl is backend
    won = Hand.parse("[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f GGw")
    ready = Hand.parse("[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f Gw")
    hands = [won, won.add(32), Hand.parse("GGGGr"), ready]
    rows = np.array([h.counts for h in hands], dtype=np.uint8)
    exposed = np.array([len(h) - sum(h.counts) for h in hands], dtype=np.uint8)
    assert batch.is_complete(rows, exposed).tolist() == [True, False, False, False]
    assert batch.counts_complete(won.counts, 3) is True
    mask = batch.counts_winning(ready.counts, None, 3)
    assert batch.mask_kinds(mask) == sp.winning_cards(ready)
    with pytest.raises(ValueError, match="count"):
        batch.is_complete(np.full((1, 33), 5, dtype=np.uint8))
