"""parlour.sichuan.SearchBot: legal, reproducible, blind to what its seat
cannot see, and whole games finish (it needs the compiled core)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.sichuan import Discard, Game, HeuristicBot, Pass, Pung, RandomBot, Rules
from parlour.sichuan.search import SearchBot, _candidates, _choose

pytest.importorskip("parlour._core")


def run(game: Game, bot: SearchBot, seat: int, steps: int, seed: int) -> list[Any]:
    """Play ``steps`` actions: ``bot`` in ``seat`` with its own generator,
    HeuristicBots elsewhere; the bot's choices, in order."""
    mine = random.Random(seed)
    other = random.Random(seed + 1)
    heuristic = HeuristicBot()
    chosen = []
    for _ in range(steps):
        if game.is_over:
            break
        s = game.to_act[0]
        obs, legal = game.observation(s), game.legal_actions(s)
        if s == seat:
            action = bot.act(obs, legal, mine)
            assert action in legal
            chosen.append(action)
        else:
            action = heuristic.act(obs, legal, other)
        game.apply(s, action)
    return chosen


@pytest.mark.parametrize("rules", [Rules(), Rules(exchange_three=True)])
def test_whole_games_finish_with_legal_actions(rules: Rules) -> None:
    bot = SearchBot(playouts=2)
    bot.set_rules(rules)
    game = Game(rules, seed=3, engine="c")
    run(game, bot, 1, 10_000, seed=3)
    assert game.is_over
    # It searched, from a log it could rebuild every time.
    assert bot.searched > 5 and bot.fallbacks == 0


def test_reproducible_from_its_rng() -> None:
    a = run(Game(seed=5, engine="c"), SearchBot(playouts=2), 0, 60, seed=1)
    b = run(Game(seed=5, engine="c"), SearchBot(playouts=2), 0, 60, seed=1)
    assert a == b and len(a) > 3


def test_decides_on_its_view_alone() -> None:
    # Another game with the same view for the seat at every step (a
    # resample of the first, other hidden tiles): the bot, handed that
    # game's observations and the same generator, makes the same choices.
    game = Game(Rules(exchange_three=True), seed=9, engine="c")
    chosen = run(game, SearchBot(playouts=2), 2, 70, seed=4)
    twin = game.resample(2, random.Random(0))
    assert [twin.tiles(s) for s in (0, 1, 3)] != [game.tiles(s) for s in (0, 1, 3)]
    replay = Game._from_deal(twin.rules, twin._deal_record(), engine="c")
    bot = SearchBot(playouts=2)
    mine = random.Random(4)
    again = []
    for s, action in twin.history:
        if s == 2:
            got = bot.act(replay.observation(2), replay.legal_actions(2), mine)
            again.append(got)
            assert got == action
        replay.apply(s, action)
    assert again == chosen


def test_choose_needs_a_clear_gain() -> None:
    base, other = Discard(0), Discard(40)
    # Clearly better on paired determinisations: chosen.
    assert _choose([base, other], [[0, 0, 0, 0], [4, 5, 4, 6]], 1.5) == other
    # Better on average but within the noise: the heuristic's choice stays.
    assert _choose([base, other], [[0, 0, 0, 0], [9, -8, 7, -6]], 1.5) == base
    # One candidate per kind of discard, the heuristic's first.
    legal = [Discard(0), Discard(1), Discard(40), Pass(), Pung(3)]
    assert _candidates(legal, Discard(1)) == [Discard(1), Discard(40), Pass(), Pung(3)]


def test_bad_settings() -> None:
    with pytest.raises(ValueError):
        SearchBot(playouts=0)
    with pytest.raises(ValueError):
        SearchBot(time_per_decision=0)


def test_plays_through_parlour_play_with_random_opponents() -> None:
    game = Game(seed=12, engine="c")
    bot = SearchBot(playouts=1)
    result = parlour.play(game, [bot, RandomBot(), bot, RandomBot()], seed=2)
    # One bot object in two seats keeps a log for each.
    assert sum(result.scores) == 0 and bot.fallbacks == 0 and bot.searched > 5
