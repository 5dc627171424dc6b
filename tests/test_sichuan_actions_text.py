"""Sichuan action text that names tiles by kind, and the refusal messages.

``game.apply(seat, "discard 5m")`` picks one physical copy by the rule of
``Game.parse_action``: the tile drawn this turn if it is of that kind, else
the highest copy held. Both engines must read text the same way and refuse
with the same words, so each test runs on every backend and one plays the
two engines in lock step by text alone.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import pytest

import parlour
from parlour import IllegalActionError, NotationError, _backend
from parlour.sichuan import Discard, Exchange, Game, HeuristicBot, Kong, Pung, RandomBot, Rules
from parlour.sichuan.game import parse_tile

# Seats declare ``s`` missing; seat 2 alone keeps an ``s`` tile (1s).
HANDS = (
    "1m#0 1m#1 5m#0 5m#1 9m#0 3p#0 6p#0 9p#0 2p#0 7p#0 8m#0 4m#0 1p#0 5p#0",
    "5m#3 2m#0 7m#0 3m#0 1p#1 4p#0 8p#0 2p#1 6m#0 9m#1 3p#1 7p#1 6p#1",
    "1s#0 2m#1 7m#1 3m#1 4p#1 8p#1 2p#2 6m#1 9m#2 3p#2 7p#2 6p#2 5p#1",
    "2m#2 7m#2 3m#2 4p#2 8p#2 2p#3 6m#2 9m#3 3p#3 7p#3 6p#3 5p#2 1p#2",
)
# Seat 1's first draw is the 5m copy 2: lower than the 5m it holds (copy 3).
DRAWS = ("5m#2",)


def scripted_wall(hands: Sequence[str] = HANDS, draws: Sequence[str] = DRAWS) -> list[int]:
    """The deal order for these hands (dealer seat 0 first) and draws; the
    rest of the wall is every other tile in id order."""
    named = [parse_tile(t) for hand in hands for t in hand.split()]
    named += [parse_tile(t) for t in draws]
    rest = [t for t in range(108) if t not in set(named)]
    wall = named + rest
    assert sorted(wall) == list(range(108))
    return wall


def declared_game(rules: Rules | None = None) -> Game:
    game = Game(rules, wall=scripted_wall())
    for seat in range(4):
        game.apply(seat, "declare s")
    return game


def refusal(game: Game, seat: int, text: str) -> str:
    """The message of a refused text; the game must not change."""
    before = game.record()
    assert not game.can_apply(seat, text)
    with pytest.raises(IllegalActionError) as info:
        game.apply(seat, text)
    assert game.record() == before
    return str(info.value)


def test_a_kind_means_the_drawn_tile_else_the_highest_copy(backend: ModuleType) -> None:
    game = declared_game()
    # Seat 0 drew nothing (the dealer starts with 14): the highest 5m it holds.
    assert game.parse_action("discard 5m") == Discard(parse_tile("5m#1"))
    assert game.verify_action(0, "discard 5m") == Discard(parse_tile("5m#1"))
    game.apply(0, "discard 5m")
    for seat in (1, 2, 3):
        game.apply(seat, "pass")
    # Seat 1 drew 5m#2 and holds 5m#3: the drawn copy goes.
    assert game.observation(1).drawn == parse_tile("5m#2")
    game.apply(1, "discard 5m")
    assert [str(a) for _, a in game.history[-5:]] == [
        "discard 5m#1",
        "pass",
        "pass",
        "pass",
        "discard 5m#2",
    ]
    # Copy ids still work, and the record names physical tiles.
    for seat in (0, 2, 3):
        game.apply(seat, "pass")
    game.apply(2, "discard 1s#0")
    assert game.record()["actions"][-1] == [2, "discard 1s#0"]
    assert Game.from_record(game.record()).record() == game.record()


def _to_seat_2_with_its_1s() -> Game:
    # Seat 0 discards 9p, seat 1 its drawn 5m; seat 2 then draws 1m#2 and
    # still holds the 1s of its missing suit.
    game = declared_game()
    game.apply(0, "discard 9p")
    for seat in (1, 2, 3):
        game.apply(seat, "pass")
    game.apply(1, "discard 5m")
    for seat in (0, 2, 3):
        game.apply(seat, "pass")
    assert game.to_act == (2,) and game.observation(2).drawn == parse_tile("1m#2")
    return game


def test_the_missing_suit_refusal_says_so(backend: ModuleType) -> None:
    game = _to_seat_2_with_its_1s()
    assert refusal(game, 2, "discard 5p") == (
        "seat 2 may not discard 5p now: a tile of its missing suit s must be discarded first"
        " (it holds 1s)"
    )
    assert "must be discarded first (it holds 1s)" in refusal(game, 2, "discard 5p#1")
    assert refusal(game, 2, "win").endswith(
        "it still holds tiles of its missing suit s (1s): it may not win before it has"
        " discarded them"
    )
    assert "missing suit s (1s): it may not kong" in refusal(game, 2, "kong 2m")
    game.apply(2, "discard 1s")
    assert game.history[-1] == (2, Discard(parse_tile("1s#0")))


def test_refusals_name_what_is_wrong(backend: ModuleType) -> None:
    game = declared_game()
    assert refusal(game, 0, "discard 9s") == "seat 0 may not discard 9s now: it holds no 9s"
    assert refusal(game, 0, "discard 5m#3") == (
        "seat 0 may not discard 5m#3 now: 5m#3 is not in its hand; it holds 5m#0 5m#1"
        " (or write discard 5m)"
    )
    assert "nothing is on offer" in refusal(game, 0, "pung")
    assert "a concealed kong needs all four 5m in its hand, and it holds 2" in refusal(
        game, 0, "kong 5m"
    )
    assert "no four of a kind" in refusal(game, 0, "kong")
    assert "its hand is not complete" in refusal(game, 0, "win")
    assert "its missing suit is declared already" in refusal(game, 0, "declare m")
    assert "pung and pass answer another seat's discard" in refusal(game, 0, "pass")
    assert "not to act now (to act: [0])" in refusal(game, 1, "discard 5m")
    game.apply(0, "discard 5m")
    # A pung nobody may make, and why, seat by seat.
    assert refusal(game, 1, "pung") == (
        "seat 1 may not pung 5m now: a pung needs two 5m in its hand, and it holds 1"
    )
    assert "missing suit s (1s): it may not pung" in refusal(game, 2, "pung 5m")
    assert "it holds 0" in refusal(game, 3, "pung")
    assert "needs three 5m in its hand, and it holds 1" in refusal(game, 1, "kong")
    assert "the tile on offer is 5m, not 3p" in refusal(game, 1, "pung 3p")
    assert "5m does not complete its hand" in refusal(game, 1, "win")
    assert refusal(game, 1, "discard 5m") == (
        "seat 1 may not discard 5m now: seat 0 has discarded 5m; it may only answer: pass"
    )


def test_a_pung_and_a_kong_by_kind_alone(backend: ModuleType) -> None:
    # Seat 1 holds two 5m and may pung seat 0's 5m with a bare "pung".
    hands = list(HANDS)
    hands[1] = hands[1].replace("6p#1", "5m#2")
    game = Game(wall=scripted_wall(hands, draws=()))
    for seat in range(4):
        game.apply(seat, "declare s")
    game.apply(0, "discard 5m")
    assert game.verify_action(1, "pung") == Pung(4)
    assert game.verify_action(1, "pung 5m#1") == Pung(4)  # a copy id names its kind
    assert "three 5m in its hand, and it holds 2" in refusal(game, 1, "kong")
    for seat in (1, 2, 3):
        game.apply(seat, "pung" if seat == 1 else "pass")
    assert game.to_act == (1,) and "after a pung it must discard" in refusal(game, 1, "kong")


def test_a_bare_kong_on_ones_turn(backend: ModuleType) -> None:
    hands = list(HANDS)
    hands[0] = "1m#0 1m#1 1m#2 1m#3 5m#0 5m#1 5m#2 5m#3 9m#0 3p#0 6p#0 9p#0 2p#0 7p#0"
    hands[1] = hands[1].replace("5m#3", "8m#0")
    game = Game(wall=scripted_wall(hands, draws=()))
    for seat in range(4):
        game.apply(seat, "declare s")
    assert refusal(game, 0, "kong") == "seat 0 may not kong now: say which: kong 1m or kong 5m"
    game.apply(0, "kong 5m")
    assert game.history[-1] == (0, Kong(4))


def test_exchange_by_kind(backend: ModuleType) -> None:
    game = Game(Rules(exchange_three=True), wall=scripted_wall())
    assert game.verify_action(0, "exchange 5m 1m 1m") == Exchange((0, 1, 17))
    assert game.verify_action(0, "exchange 1m#0 1m 5m") == Exchange((0, 1, 17))
    assert game.parse_action("exchange 9p 6p 3p", seat=0) == Exchange(
        (parse_tile("3p#0"), parse_tile("6p#0"), parse_tile("9p#0"))
    )
    with pytest.raises(NotationError, match="needs the seat"):
        game.parse_action("exchange 1m 1m 5m")  # four seats choose at once
    assert refusal(game, 0, "exchange 1m 1m 1m") == (
        "seat 0 may not exchange 1m 1m 1m now: the text names 3 1m, and it holds only 2"
    )
    assert refusal(game, 0, "exchange 1m 9s 5m").endswith("it holds no 9s")
    assert "must be of one suit" in refusal(game, 0, "exchange 1m 2p 5m")
    assert "three tiles of one suit to pass on (e.g. exchange 1m 1m 4m)" in refusal(
        game, 0, "discard 1m"
    )
    with pytest.raises(NotationError, match="1m#0 twice"):
        game.parse_action("exchange 1m#0 1m#0 2m", seat=0)
    game.apply(0, "exchange 9m 5m 5m")
    assert game.history[-1] == (0, Exchange((16, 17, 32)))
    assert game.record()["actions"] == [[0, "exchange 5m#0 5m#1 9m#0"]]


@pytest.mark.parametrize(
    "text",
    ["discard 5m#4", "discard 5", "discard 0m", "pung 5m#9", "exchange 1m 2m", "pung 5m 6m"],
)
def test_bad_text_is_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        declared_game().parse_action(text)


def _kind_text(action: Any) -> str:
    # What a newcomer types: the action's text without copy numbers.
    return re.sub(r"#\d", "", str(action))


PROBES = (
    "discard 5m",
    "discard 1p",
    "discard 9s",
    "discard 3s#2",
    "pung",
    "kong",
    "win",
    "pass",
    "pung 5m",
    "exchange 1m 1m 2m",
    "declare p",
)


def _outcome(game: Game, seat: int, text: str) -> str:
    try:
        return str(game.verify_action(seat, text))
    except (IllegalActionError, NotationError) as exc:
        return f"{type(exc).__name__}: {exc}"


@pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")
@pytest.mark.parametrize("variant", [Rules(), Rules(exchange_three=True)])
def test_engines_read_text_alike_in_lock_step(variant: Rules) -> None:
    for seed in (1, 2):
        with _backend.use("python"):
            pure = Game(variant, seed=seed)
        with _backend.use("c"):
            fast = Game(variant, seed=seed)
        bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
        rng = random.Random(seed)
        while not pure.is_over:
            for seat in pure.to_act:
                for probe in PROBES:
                    assert _outcome(pure, seat, probe) == _outcome(fast, seat, probe), probe
            seat = pure.to_act[0]
            obs = pure.observation(seat)
            chosen = bots[seat].act(obs, pure.legal_actions(seat), rng)
            text = _kind_text(chosen)
            read = pure.verify_action(seat, text)
            if isinstance(chosen, Discard):
                # The rule: the drawn tile if of that kind, else the highest copy.
                kind = chosen.tile >> 2
                copies = [t for t in obs.hand if t >> 2 == kind]
                want = obs.drawn if obs.drawn >> 2 == kind else max(copies)
                assert read == Discard(want)
            pure.apply(seat, text)
            fast.apply(seat, text)
            assert pure.history[-1] == fast.history[-1] == (seat, read)
        assert pure.record() == fast.record()
        assert pure.result == fast.result
        again = Game.from_record(pure.record())
        assert again.record() == pure.record()


def test_a_game_played_by_kind_text_replays(backend: ModuleType) -> None:
    game = Game(seed=5)
    bots = [RandomBot() for _ in range(4)]
    rng = random.Random(5)
    while not game.is_over:
        seat = game.to_act[0]
        chosen = bots[seat].act(game.observation(seat), game.legal_actions(seat), rng)
        game.apply(seat, _kind_text(chosen))
    record = game.record()
    assert all("#" in text for _, text in record["actions"] if text.startswith("discard"))
    assert parlour.game_class("sichuan").from_record(record).result == game.result
