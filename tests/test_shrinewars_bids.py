"""Shrine Wars bids written short: ``bid 4`` and ``bid 4W`` beside ``bid 4: 4W``."""

from __future__ import annotations

import pytest

from parlour import IllegalActionError, NotationError
from parlour.shrinewars import Bid, Game, Rules, parse_action


def set_lot_game() -> Game:
    # Seat 0 wins 3A with a bid of 10, so the next lot is the set 5W 4E,
    # payable in Water and Earth; seat 1 holds 10 of each.
    g = Game(players=2, deck="9F 1W 3A 4E 5W 6F 7A")
    g.apply(0, "bid 10: 10A")
    g.apply(1, "pass")
    assert str(g.lot) == "5W 4E" and g.to_act == (1,)
    assert g.oinks[1] == (10, 10, 20, 10)
    return g


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("bid 4W", Bid(4, (0, 4, 0, 0))),
        ("bid 4 Water", Bid(4, (0, 4, 0, 0))),
        ("BID 7F + 5A", Bid(12, (7, 0, 5, 0))),
        ("bid 2E + 1W", Bid(3, (0, 1, 0, 2))),
        ("bid 12: 7F + 5A", Bid(12, (7, 0, 5, 0))),
    ],
)
def test_a_payment_alone_gives_the_amount(text: str, action: Bid) -> None:
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


def test_an_amount_alone_needs_a_game() -> None:
    with pytest.raises(NotationError, match="bid 4 does not say how it is paid"):
        parse_action("bid 4")


def test_one_element_makes_an_amount_alone_unambiguous() -> None:
    g = Game(players=2, deck="9F 2W 5A 7E", rules=Rules(oinks=3))
    assert g.lot_elements == (2,)
    assert g.parse_action("bid 2") == Bid(2, (0, 0, 2, 0))
    assert g.verify_action(0, "bid 2A") == Bid(2, (0, 0, 2, 0))
    before = g.record()
    with pytest.raises(IllegalActionError) as info:
        g.apply(0, "bid 4")
    assert str(info.value) == (
        "seat 0: bid 4 cannot be paid: seat 0 holds 3A in the lot's element A"
    )
    with pytest.raises(IllegalActionError, match="paid in A only, not W"):
        g.apply(0, "bid 2W")
    assert g.record() == before
    g.apply(0, "bid 2")
    assert g.record()["actions"] == [[0, "bid 2: 2A"]]
    assert Game.from_record(g.record()).record() == g.record()


def test_two_elements_need_the_payment_unless_only_one_way_is_left() -> None:
    g = set_lot_game()
    with pytest.raises(IllegalActionError) as info:
        g.apply(1, "bid 3")
    assert str(info.value) == (
        "seat 1: bid 3 can be paid 4 ways in W E: 'bid 3: 3W', 'bid 3: 2W + 1E',"
        " 'bid 3: 1W + 2E', 'bid 3: 3E'; write the one you mean"
    )
    assert g.verify_action(1, "bid 3W") == Bid(3, (0, 3, 0, 0))
    assert g.verify_action(1, "bid 1E + 2W") == Bid(3, (0, 2, 0, 1))
    with pytest.raises(
        IllegalActionError,
        match=r"can be paid 10 ways in W E: .* and 6 more; write the one you mean",
    ):
        g.apply(1, "bid 11")
    with pytest.raises(IllegalActionError, match="bid 21 cannot be paid: seat 1 holds 10W"):
        g.apply(1, "bid 21")
    # All it holds of both elements: one way only.
    assert g.verify_action(1, "bid 20") == Bid(20, (0, 10, 0, 10))
    g.apply(1, "bid 4W")
    # Seat 0 holds the 3A it won: 13 is refused for that, not for its payment.
    with pytest.raises(IllegalActionError, match="holds a 3 and may not bid an amount ending"):
        g.apply(0, "bid 13")
    with pytest.raises(IllegalActionError, match="more than the high bid 4"):
        g.apply(0, "bid 2")
