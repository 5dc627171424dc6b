"""Scripted Sichuan deals from explicit walls, with hand-worked payments.

Every deal is built by :func:`build_wall` from chosen hands and draws. All
expected fans and payments below were worked out by hand from the rules of
record (``rules/sichuan.md``); the comments show the working.

The usual trick: seats declare ``s`` missing and hold no ``s`` tiles, and
the wall's filler is ``s`` tiles first, so a filler draw is discarded at
once and nobody can claim it; :func:`auto` plays such turns (discard the
tile just drawn, pass every claim) so each player keeps its dealt hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

import pytest

from parlour import IllegalActionError, Payment
from parlour.sichuan import (
    Discard,
    Game,
    Hand,
    Kong,
    Pass,
    Pung,
    Rules,
    Win,
    kind_from_text,
    waits,
)

# -- helpers -----------------------------------------------------------------


def build_wall(
    hands: Sequence[str],
    front: Sequence[str | None] = (),
    back: Sequence[str] = (),
    dealer: int = 0,
) -> list[int]:
    """A deal order giving seat ``s`` the tiles of ``hands[s]`` (14 for the
    dealer), the normal draws ``front`` (``None`` = filler) from position 53
    on, and the kong replacements ``back`` from position 107 backwards.

    Physical copies are handed out lowest first; filler is every unused tile,
    ``s`` tiles first, then in id order.
    """
    pool = {k: [k * 4 + c for c in range(4)] for k in range(27)}

    def take(kind: int) -> int:
        if not pool[kind]:
            raise AssertionError(f"the script uses a fifth copy of kind {kind}")
        return pool[kind].pop(0)

    order: list[int | None] = [None] * 108
    pos = 0
    for i in range(4):
        seat = (dealer + i) % 4
        kinds = Hand.parse(hands[seat]).concealed_kinds
        assert len(kinds) == (14 if i == 0 else 13), f"seat {seat} has {len(kinds)} tiles"
        for k in kinds:
            order[pos] = take(k)
            pos += 1
    for i, text in enumerate(front):
        if text is not None:
            order[53 + i] = take(kind_from_text(text))
    for i, text in enumerate(back):
        assert order[107 - i] is None, "front and back overlap"
        order[107 - i] = take(kind_from_text(text))
    rest = sorted((t for ts in pool.values() for t in ts), key=lambda t: (t < 72, t))
    it = iter(rest)
    wall = [t if t is not None else next(it) for t in order]
    assert sorted(wall) == list(range(108))
    return wall


def declare(game: Game, suits: str) -> None:
    for seat, suit in enumerate(suits):
        game.apply(seat, f"declare {suit}")


def tile_of(game: Game, seat: int, kind: str) -> int:
    k = kind_from_text(kind)
    return min(t for t in game.tiles(seat) if t // 4 == k)


def discard(game: Game, seat: int, kind: str) -> None:
    game.apply(seat, Discard(tile_of(game, seat, kind)))


def answer(game: Game, answers: dict[int, str] | None = None) -> None:
    """Everyone in the claim window answers: the given text, else pass."""
    answers = answers or {}
    for seat in game.to_act:
        game.apply(seat, answers.get(seat, "pass"))


def auto(game: Game, stop: Callable[[Game], bool] = lambda g: False, max_steps: int = 2000) -> None:
    """Discard the drawn tile (or a missing-suit tile) and pass every claim."""
    for _ in range(max_steps):
        if game.is_over or stop(game):
            return
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        if game.phase in ("claim", "rob"):
            game.apply(seat, Pass())
            continue
        obs = game.observation(seat)
        discards = [a for a in legal if isinstance(a, Discard)]
        pick = next((a for a in discards if a.tile == obs.drawn), discards[-1])
        game.apply(seat, pick)
    raise AssertionError("auto did not stop")


def pays(*entries: tuple[int, int, int, str]) -> list[Payment]:
    return [Payment(*e) for e in entries]


def not_ready(game: Game, seat: int) -> bool:
    return not waits(game.hand(seat), missing_suit=game.missing_suit(seat))


# -- several winners on one discard, and the turn order after wins ------------

# Dealer 0 discards 5p. Seat 1 (123456789m 11p 55p) waits on 1p/5p: with 5p it
# is 123m 456m 789m 555p 11p, basic, 0 fan, 1 point. Seat 3 (112233m 44p 66p
# 77p 5p) waits on 5p for seven pairs, 2 fan, 4 points. Seat 2 holds bamboo
# only and declares m, so it can only pass.
MULTI = ["46788m12337999p5p", "123456789m1155p", "1357913579s246s", "112233m446677p5p"]


@pytest.mark.parametrize(
    ("winners", "order", "next_seat"),
    [
        ((1, 3), (1, 2, 3), 0),
        ((1, 3), (3, 2, 1), 0),  # answering first gives no priority
        ((1,), (1, 2, 3), 2),
        ((3,), (2, 3, 1), 0),
    ],
)
def test_several_winners_on_one_discard(
    backend: ModuleType, winners: tuple[int, ...], order: tuple[int, ...], next_seat: int
) -> None:
    game = Game(wall=build_wall(MULTI))
    declare(game, "ssms")
    discard(game, 0, "5p")
    assert game.to_act == (1, 2, 3)
    assert set(game.legal_actions(1)) == {Pass(), Win(), Pung(13)}
    assert game.legal_actions(2) == [Pass()]
    assert set(game.legal_actions(3)) == {Pass(), Win()}
    for seat in order:
        game.apply(seat, "win" if seat in winners else "pass")
    points = {1: 1, 3: 4}
    assert list(game.ledger) == pays(*[(0, w, points[w], "discard_win") for w in winners])
    assert game.observation(0).winners == winners
    assert game.to_act == (next_seat,) and game.phase == "turn"
    assert game.wall_remaining == 54  # the next player drew
    obs = game.observation(0)
    for w in winners:
        assert obs.public_hands[w] is not None and len(obs.public_hands[w] or ()) == 14
    # winners leave the table: they never act again
    auto(game)
    acted_after = [s for s, _ in game.history[8:] if s in winners]
    assert acted_after == []
    result = game.result
    assert result is not None and sum(result.scores) == 0
    assert result.winners == winners


def test_a_pass_on_a_win_puts_no_restriction_later() -> None:
    game = Game(wall=build_wall(MULTI, front=[None, None, None, None, "1p"]))
    declare(game, "ssms")
    discard(game, 0, "5p")
    answer(game)  # everyone passes, seat 1 too
    auto(game, stop=lambda g: g.to_act == (1,) and g.phase == "turn" and g.wall_remaining == 50)
    # seat 1 drew 1p (position 57): the self-drawn win is open to it
    assert Win() in game.legal_actions(1)


# -- robbing an added kong ------------------------------------------------------

# Seat 1 discards 5p, seat 2 pungs it and must discard (its 3m). Seat 2 later
# draws the fourth 5p and adds it to the pung; seat 3 (123456789m 46p 99p)
# waits on 5p: basic 0 + robbing a kong 1 = 1 fan = 2 points, paid by seat 2.
ROB = ["1s445566m7m9m2p7899p", "5p1133p8899m123m4p", "55p2233p6677p88p3m", "123456789m46p99p"]


def _rob_setup(rules: Rules | None = None) -> Game:
    game = Game(rules, wall=build_wall(ROB, front=["2m", "3s", "4s", "6s", "5p"], back=["9s"]))
    declare(game, "ssss")
    discard(game, 0, "1s")
    answer(game)
    assert game.to_act == (1,)
    discard(game, 1, "5p")
    assert Pung(13) in game.legal_actions(2)
    answer(game, {2: "pung 5p"})
    assert game.to_act == (2,)
    # after a pung only discards
    assert game.legal_actions(2) == [Discard(t) for t in game.tiles(2)]
    discard(game, 2, "3m")
    answer(game)
    auto(game, stop=lambda g: g.to_act == (2,) and g.phase == "turn")
    assert Kong(13) in game.legal_actions(2)
    game.apply(2, "kong 5p")
    assert game.phase == "rob" and game.to_act == (3, 0, 1)  # turn order from the konger
    assert game.legal_actions(0) == [Pass()] and game.legal_actions(1) == [Pass()]
    assert set(game.legal_actions(3)) == {Pass(), Win()}
    return game


def test_robbing_an_added_kong(backend: ModuleType) -> None:
    game = _rob_setup()
    answer(game, {3: "win"})
    assert list(game.ledger) == pays((2, 3, 2, "robbed_kong"))
    assert [m.type for m in game.observation(2).melds[2]] == ["pung"]
    last = game.observation(0).discards[-1]
    assert (last.seat, last.taken, last.by) == (2, "robbed", (3,))
    assert game.to_act == (0,) and game.phase == "turn"  # after the robber, seat 3
    result_patterns = game.wins[-1]["patterns"]
    assert result_patterns == ["basic", "robbed_kong"]


def test_an_unrobbed_added_kong_stands_and_charges_one(backend: ModuleType) -> None:
    game = _rob_setup()
    answer(game)
    assert list(game.ledger) == pays(
        (0, 2, 1, "added_kong"), (1, 2, 1, "added_kong"), (3, 2, 1, "added_kong")
    )
    assert [str(m) for m in game.observation(0).melds[2]] == ["[5555p]"]
    assert game.to_act == (2,) and game.observation(2).drawn == 104  # 9s#0 from the back


def test_a_concealed_kong_cannot_be_robbed() -> None:
    # Seat 1 holds four 5p; seat 3 waits on 5p but is never asked.
    hands = [ROB[0], "5555p1133p889m12m", "1s2233p6677p88p1m3m", "123456789m46p99p"]
    game = Game(wall=build_wall(hands, front=["2m"], back=["3s"]))
    declare(game, "ssss")
    discard(game, 0, "1s")
    answer(game)
    game.apply(1, "kong 5p")
    assert game.phase == "turn" and game.to_act == (1,)
    assert list(game.ledger) == pays(
        (0, 1, 2, "concealed_kong"), (2, 1, 2, "concealed_kong"), (3, 1, 2, "concealed_kong")
    )
    assert game.observation(0).melds[1][0].kind is None  # others do not see its kind
    assert game.observation(1).melds[1][0].kind == 13


# -- kong refund, flower pig, not-ready penalty --------------------------------

# Seat 1 draws 8p, declares a concealed kong of 7m (2 from each of 0, 2, 3),
# takes 1s from the back and discards it; then everybody discards what it
# draws until the wall is empty. Nobody is ready, so seat 1 refunds the 6 and
# nobody pays a not-ready penalty.
REFUND = ["149m258m369p147p25p", "7777m147p258p369m", "1345689m235689p", "235689m1346789p"]


def test_kong_refund_at_exhaustion(backend: ModuleType) -> None:
    game = Game(wall=build_wall(REFUND, front=["8p"], back=["1s"]))
    declare(game, "ssss")
    discard(game, 0, "5p")
    answer(game)
    assert game.observation(1).drawn // 4 == kind_from_text("8p")
    game.apply(1, "kong 7m")
    assert game.observation(1).drawn == 72  # 1s#0, from the back of the wall
    auto(game)
    for s in range(4):
        assert not_ready(game, s)
    assert list(game.ledger) == pays(
        (0, 1, 2, "concealed_kong"),
        (2, 1, 2, "concealed_kong"),
        (3, 1, 2, "concealed_kong"),
        (1, 0, 2, "refund"),
        (1, 2, 2, "refund"),
        (1, 3, 2, "refund"),
    )
    result = game.result
    assert result is not None and result.scores == (0, 0, 0, 0)
    assert result.details["exhausted"] is True


# Seat 2 declares m while holding thirteen m and draws only m: it is a flower
# pig at the end and pays 32 to each other seat. Seat 1 holds 123456789p 55p
# 99p and is ready on 5p and 9p; either win is full flush (2) + root (1, four
# 5p or four 9p) = 3 fan = 8 points, so seats 0 and 3, not ready, pay it 8 each.
PIG = ["2468m1133446677p", "123456789p5599p", "1122334455667m", "13579m12236788p"]
PIG_DRAWS = ["6m", "7m", "8m", "9m", "8m", "9m", "1m", "2m", "3m", "4m", "5m", "9m", "7m", "8m"]


def _pig_front() -> list[str | None]:
    # seat 2 makes draws 1, 5, 9, ... (draw i goes to seat (1 + i) % 4)
    front: list[str | None] = [None] * 55
    for i, kind in zip(range(1, 55, 4), PIG_DRAWS, strict=True):
        front[i] = kind
    return front


def test_flower_pig_and_not_ready_penalty(backend: ModuleType) -> None:
    game = Game(wall=build_wall(PIG, front=_pig_front()))
    declare(game, "ssms")
    discard(game, 0, "1p")
    answer(game)
    auto(game)
    assert game.is_over
    assert [not_ready(game, s) for s in (0, 3)] == [True, True]
    # seat 1 waits on 1p 3p 4p 6p 7p ... too (a nine-gates shape); only 5p and
    # 9p make a root, so they give the best win
    assert {"5p", "9p"} <= set(waits(game.hand(1), missing_suit="s"))
    assert game.tiles(2) and all(t < 36 for t in game.tiles(2))
    assert list(game.ledger) == pays(
        (2, 0, 32, "flower_pig"),
        (2, 1, 32, "flower_pig"),
        (2, 3, 32, "flower_pig"),
        (0, 1, 8, "not_ready"),
        (3, 1, 8, "not_ready"),
    )
    result = game.result
    assert result is not None and result.scores == (24, 48, -96, 24)


def test_flower_pig_penalty_is_a_setting() -> None:
    game = Game(Rules(flower_pig_penalty=5, fan_cap=2), wall=build_wall(PIG, front=_pig_front()))
    declare(game, "ssms")
    discard(game, 0, "1p")
    answer(game)
    auto(game)
    # cap 2: the not-ready penalty is 2**2 = 4
    assert list(game.ledger) == pays(
        (2, 0, 5, "flower_pig"),
        (2, 1, 5, "flower_pig"),
        (2, 3, 5, "flower_pig"),
        (0, 1, 4, "not_ready"),
        (3, 1, 4, "not_ready"),
    )


# -- the last tile, and kongs refused with an empty wall ------------------------

# With no claims, draw i (position 53 + i) goes to seat (1 + i) % 4, so seat 3
# draws the last tile (position 107).
LAST = ["1s123456789m46p11p", "555p1133p88m99m12m", "1357913579s246s", "999p5p12367m7p8p2p3p"]
# Seat 3 holds three 9p and draws the fourth as the last tile: no kong. It
# discards 5p; seat 0 (123456789m 46p 11p) wins on it: basic + last tile = 1
# fan = 2 points. Seat 1 (555p) may pung it but not kong it.


def _to_last_tile(front_last: str) -> Game:
    front: list[str | None] = [None] * 55
    front[54] = front_last
    game = Game(wall=build_wall(LAST, front=front))
    declare(game, "ssms")
    discard(game, 0, "1s")
    answer(game)
    auto(game, stop=lambda g: g.wall_remaining == 0 and g.phase == "turn")
    assert game.to_act == (3,)
    return game


def test_last_tile_discard_win_and_refused_kongs(backend: ModuleType) -> None:
    game = _to_last_tile("9p")
    legal = game.legal_actions(3)
    assert not any(isinstance(a, Kong) for a in legal)
    with pytest.raises(IllegalActionError):
        game.apply(3, "kong 9p")
    discard(game, 3, "5p")
    assert set(game.legal_actions(1)) == {Pass(), Pung(13)}  # no exposed kong
    assert set(game.legal_actions(0)) == {Pass(), Win()}
    answer(game, {0: "win"})
    assert list(game.ledger) == pays((3, 0, 2, "discard_win"))
    assert game.wins[0]["patterns"] == ["basic", "last_tile"]
    assert game.is_over  # seat 1 had to draw from an empty wall
    assert game.result is not None and game.result.details["exhausted"]


def test_pung_of_the_last_discard_then_exhaustion() -> None:
    game = _to_last_tile("9p")
    discard(game, 3, "5p")
    answer(game, {1: "pung 5p"})
    assert game.to_act == (1,) and game.phase == "turn"
    assert all(isinstance(a, Discard) for a in game.legal_actions(1))
    discard(game, 1, "1p")
    assert Win() not in game.legal_actions(0)  # seat 0 waits on 5p only
    answer(game)
    assert game.is_over  # seat 2 had to draw from an empty wall
    # Seat 0 (123456789m 46p 11p) is the only ready player: its best win is
    # basic, 1 point, paid by each of the three others, none a flower pig.
    assert list(game.ledger) == pays(
        (1, 0, 1, "not_ready"), (2, 0, 1, "not_ready"), (3, 0, 1, "not_ready")
    )


def test_last_tile_self_draw() -> None:
    hands = list(LAST)
    hands[1] = "1133p88m99m12m6p7p8p"
    hands[3] = "123456789m55p99p"
    front: list[str | None] = [None] * 55
    front[54] = "5p"
    game = Game(wall=build_wall(hands, front=front))
    declare(game, "ssms")
    discard(game, 0, "1s")
    answer(game)
    auto(game, stop=lambda g: g.wall_remaining == 0 and g.phase == "turn")
    assert game.to_act == (3,)
    game.apply(3, "win")
    # 123m 456m 789m 555p 99p: basic 0 + last tile 1 = 1 fan = 2 points, +1 each;
    # then seat 0 must draw: exhaustion, and seat 0 (waiting on 5p, basic, 1
    # point) is paid by seats 1 and 2, who are not ready.
    assert list(game.ledger) == pays(
        (0, 3, 3, "self_draw"),
        (1, 3, 3, "self_draw"),
        (2, 3, 3, "self_draw"),
        (1, 0, 1, "not_ready"),
        (2, 0, 1, "not_ready"),
    )
    assert game.wins[0]["patterns"] == ["basic", "last_tile"]
    assert game.is_over  # seat 0 must draw from the empty wall


# -- dealer's opening hand, exposed kong and replacement win, variants ----------

OPENING = ["123m456m789m11p234p", "1357913579s246s", "224466888s1359m", "135679m1356789p"]


def test_dealers_opening_hand_is_a_self_draw(backend: ModuleType) -> None:
    game = Game(wall=build_wall(OPENING))
    declare(game, "smps")
    assert Win() in game.legal_actions(0)
    game.apply(0, "win")
    # basic, 0 fan, 1 point, +1 from each of three payers
    assert list(game.ledger) == pays(
        (1, 0, 2, "self_draw"), (2, 0, 2, "self_draw"), (3, 0, 2, "self_draw")
    )
    assert game.to_act == (1,) and game.wall_remaining == 54


# Dealer discards 9p; seat 1 holds 999p and kongs it (dealer pays 2), takes the
# replacement 1p from the back and wins: [9999p] 123m 456m 789m 11p = basic 0
# + root 1 + kong replacement 1 = 2 fan = 4 points, a self-draw: 4 + 1 from
# each of 0, 2, 3.
KONG = ["1s9p7p2468m2468p135m", "999p123456789m1p", "1357913579s246s", "13779m1335p5p24p6p"]


@pytest.mark.parametrize(
    ("rules", "amount"),
    [
        (Rules(), 5),
        (Rules(self_draw_doubles=True), 8),  # 3 fan, 8 points, no +1
        (Rules(fan_cap=1), 3),  # 2**1 + 1
        (Rules(fan_cap=0), 2),  # 2**0 + 1
    ],
)
def test_exposed_kong_then_replacement_win(backend: ModuleType, rules: Rules, amount: int) -> None:
    game = Game(rules, wall=build_wall(KONG, front=[None, None, None, "5m"], back=["1p"]))
    declare(game, "ssms")
    discard(game, 0, "1s")
    answer(game)
    # seats 1-3 draw filler s tiles and discard them; seat 0 draws 5m
    auto(game, stop=lambda g: g.to_act == (0,) and g.phase == "turn")
    discard(game, 0, "9p")
    assert set(game.legal_actions(1)) == {Pass(), Pung(17), Kong(17)}
    answer(game, {1: "kong 9p"})
    assert game.observation(1).drawn // 4 == kind_from_text("1p")
    assert Win() in game.legal_actions(1)
    game.apply(1, "win")
    assert list(game.ledger) == pays(
        (0, 1, 2, "exposed_kong"),
        (0, 1, amount, "self_draw"),
        (2, 1, amount, "self_draw"),
        (3, 1, amount, "self_draw"),
    )
    assert game.to_act == (2,)


# Call transfer: seat 1 draws 8p, declares a concealed kong of 7m (2 from each
# of 0, 2, 3), draws 5p from the back and discards it; seat 2 (123m 456m 999m
# 46p 11p) wins on it: basic, 1 point. With call transfer the kong's 6 pass to
# seat 2 and are no longer refundable; without it seat 1, not ready at the
# end, refunds them.
TRANSFER = ["149m258m369p147p23m", "7777m5m1234p6789p", "123m456m999m46p11p", "1357913579s246s"]


@pytest.mark.parametrize("transfer", [False, True])
def test_call_transfer(backend: ModuleType, transfer: bool) -> None:
    game = Game(Rules(call_transfer=transfer), wall=build_wall(TRANSFER, front=["8p"], back=["5p"]))
    declare(game, "sssm")
    discard(game, 0, "2m")
    answer(game)
    game.apply(1, "kong 7m")
    discard(game, 1, "5p")
    answer(game, {2: "win"})
    expected = [
        (0, 1, 2, "concealed_kong"),
        (2, 1, 2, "concealed_kong"),
        (3, 1, 2, "concealed_kong"),
        (1, 2, 1, "discard_win"),
    ]
    if transfer:
        expected.append((1, 2, 6, "call_transfer"))
    assert list(game.ledger) == pays(*expected)
    auto(game)
    assert not_ready(game, 1)
    refunds = [p for p in game.ledger if p.reason == "refund"]
    if transfer:
        assert refunds == []
    else:
        assert refunds == pays((1, 0, 2, "refund"), (1, 2, 2, "refund"), (1, 3, 2, "refund"))
    result = game.result
    assert result is not None and sum(result.scores) == 0


def test_exchange_three(backend: ModuleType) -> None:
    wall = build_wall(MULTI)
    for seed in range(12):
        game = Game(Rules(exchange_three=True), wall=wall, seed=seed)
        direction = game.record()["deal"]["exchange_direction"]
        step = {"next": 1, "across": 2, "previous": 3}[direction]
        assert game.phase == "exchange" and game.to_act == (0, 1, 2, 3)
        with pytest.raises(IllegalActionError):
            game.apply(0, "declare s")
        before = [game.tiles(s) for s in range(4)]
        chosen = {}
        for s in (3, 1, 0, 2):
            pick = game.legal_actions(s)[0]
            chosen[s] = pick.tiles  # type: ignore[attr-defined]
            assert len({t // 36 for t in chosen[s]}) == 1
            game.apply(s, pick)
            if s != 2:
                assert game.observation(s).exchange_direction is None
        assert game.phase == "declare"
        for s in range(4):
            giver = (s - step) % 4
            expected = sorted((set(before[s]) - set(chosen[s])) | set(chosen[giver]))
            assert list(game.tiles(s)) == expected
            assert game.observation(s).received == chosen[giver]
            assert game.observation(s).exchange_direction == direction
    directions = {
        Game(Rules(exchange_three=True), seed=s).record()["deal"]["exchange_direction"]
        for s in range(30)
    }
    assert directions == {"next", "across", "previous"}


def test_missing_suit_tiles_must_go_first_and_block_claims() -> None:
    game = Game(wall=build_wall(MULTI))
    declare(game, "msms")  # seat 0 holds m tiles and declared m
    legal = game.legal_actions(0)
    assert legal and all(isinstance(a, Discard) and a.tile < 36 for a in legal)
    with pytest.raises(IllegalActionError):
        discard(game, 0, "5p")
    discard(game, 0, "4m")
    # seat 1 declared s and holds no s: fine; seat 3 declared s: fine
    answer(game)
    assert game.to_act == (1,)
