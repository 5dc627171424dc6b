"""The games' text tables: ``str(game)``, ``game.render(seat)`` (issue 21, point 7).

A seat's table is made from its observation alone; the full table puts
every seat's observation together; the compiled Sichuan engine prints what
the pure one prints; the terminal shows the games' own tables.
"""

from __future__ import annotations

import random
import re

import pytest

import parlour
from parlour import _backend
from parlour.protocol import Game
from parlour.simulation import make_bots
from parlour.terminal import render

GAMES = parlour.games()


def _steps(game: Game, seed: int, limit: int = 400) -> list[Game]:
    """Snapshots of ``game`` after every action of a game between random bots."""
    bots = make_bots(game.name, ["random"] * game.num_players)
    rng = random.Random(seed)
    snapshots = [game.clone()]
    while not game.is_over and len(snapshots) < limit:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
        snapshots.append(game.clone())
    return snapshots


@pytest.mark.parametrize("name", GAMES)
def test_str_is_the_full_table_and_seats_see_their_observation(name: str) -> None:
    game = parlour.make(name, seed=5)
    assert "object at 0x" not in str(game)
    for g in _steps(game, 5)[::7]:
        assert str(g) == g.render() == g.render(None)
        assert "you are seat" not in str(g)
        for seat in range(g.num_players):
            text = g.render(seat)
            assert text == render(g.observation(seat))
            assert text.splitlines()[0].split(" - ")[1] == f"you are seat {seat}"


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_renders(name: str) -> None:
    game = parlour.make(name, seed=9)
    parlour.play(game, make_bots(name, ["heuristic"] * game.num_players), seed=9)
    assert game.is_over
    text = str(game)
    assert text and all(line.strip() for line in text.splitlines())
    for seat in range(game.num_players):
        assert game.render(seat)


def test_bad_seats_are_refused() -> None:
    game = parlour.make("shrinewars", seed=1)
    for seat in (-1, 4, "0"):
        with pytest.raises((ValueError, TypeError)):
            game.render(seat)  # type: ignore[arg-type]


def _own_hand(text: str, seat: int) -> str:
    line = next(x for x in text.splitlines() if x.strip().startswith(f"seat {seat}:"))
    return line.split("hand ")[1].split("   drawn")[0]


def test_sichuan_full_table_shows_every_hand_and_seats_only_their_own(backend: object) -> None:
    del backend
    game = parlour.make("sichuan", seed=4)
    full = str(game)
    for seat in range(4):
        view = game.render(seat)
        mine = re.search(r"your hand: (.*?)(   drawn|$)", view, re.M)
        assert mine is not None
        assert _own_hand(full, seat) == mine.group(1)
        # Nothing but the seat's own concealed tiles is written as a hand
        # before anyone has won.
        assert view.count("hand") == 1
    assert "to act: seats 0, 1, 2, 3" in full


def test_sichuan_compiled_and_pure_engines_print_the_same_tables() -> None:
    if "c" not in _backend.available():
        pytest.skip("needs the C backend")
    pure = parlour.sichuan.Game(seed=12, engine="python")
    fast = parlour.sichuan.Game(seed=12, engine="c")
    assert (pure.engine, fast.engine) == ("python", "c")
    bots = make_bots("sichuan", ["heuristic"] * 4)
    rng = random.Random(12)
    steps = 0
    while True:
        assert str(fast) == str(pure)
        for seat in range(4):
            assert fast.render(seat) == pure.render(seat)
        if pure.is_over:
            break
        seat = pure.to_act[0]
        action = bots[seat].act(pure.observation(seat), pure.legal_actions(seat), rng)
        pure.apply(seat, action)
        fast.apply(seat, str(action))
        steps += 1
    assert steps > 20 and "phase over" in str(fast)


def test_sichuan_concealed_kongs_are_hidden_from_the_others() -> None:
    from parlour.sichuan.game import MeldInfo
    from parlour.sichuan.table import meld_text

    assert meld_text(MeldInfo("concealed_kong", 3, (12, 13, 14, 15), None)) == "(4444m)"
    assert meld_text(MeldInfo("concealed_kong", None, (), None)) == "(kong)"
    assert meld_text(MeldInfo("pung", 3, (12, 13, 14), 1)) == "[444m]"


def test_nine_domains_placements_stay_secret_until_revealed() -> None:
    game = parlour.make("ninedomains", seed=3)
    placement = game.legal_actions(1)[0]
    game.apply(1, placement)
    assert "seat 1's placement" in str(game)
    assert "placement" not in game.render(0)
    assert "your placement" in game.render(1)


def test_shrine_wars_oinks_of_others_only_on_an_open_table() -> None:
    closed = parlour.shrinewars.Game(parlour.shrinewars.Rules(open_table=False), seed=3)
    assert "\noinks:" not in closed.render(0) and "\noinks:" in str(closed)
    opened = parlour.shrinewars.Game(parlour.shrinewars.Rules(open_table=True), seed=3)
    assert "\noinks:" in opened.render(0)


def test_sisepai_hands_are_shown_to_all_once_the_deal_is_over() -> None:
    game = parlour.make("sisepai", seed=6)
    assert "hand " not in game.render(2)
    parlour.play(game, make_bots("sisepai", ["heuristic"] * 4), seed=6)
    assert game.render(2).count("hand ") == 3  # the three other seats


def test_another_seats_concealed_kong_renders_as_hidden(backend: object) -> None:
    """The terminal's old Sichuan view indexed the tiles of every meld and
    raised IndexError on another seat's concealed kong (its tiles hidden)."""
    del backend
    game = parlour.make("sichuan", seed=2)
    bots = make_bots("sichuan", ["heuristic"] * 4)
    rng = random.Random(2)
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
        kongs = [
            (owner, viewer)
            for viewer in range(4)
            for owner, melds in enumerate(game.observation(viewer).melds)
            if any(m.type == "concealed_kong" and not m.tiles for m in melds)
        ]
        if kongs:
            owner, viewer = kongs[0]
            assert "(kong)" in game.render(viewer)
            assert re.search(r"\((\d)\1\1\1[mps]\)", game.render(owner))
            assert re.search(r"\((\d)\1\1\1[mps]\)", str(game))
            return
    pytest.fail("the seed no longer gives a concealed kong")
