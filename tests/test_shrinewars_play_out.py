"""Shrine Wars' play_out on the C engine chooses for an exact RandomBot or
HeuristicBot in C (the generator's getrandbits calls as ``rng.choice``
makes them; ``parlour_swg_bot_heuristic``) instead of calling its act: the
same games as the protocol's loop on the pure engine, the same generator
calls (its state after a game is the same), and any bot whose act could
differ (a subclass, an act set on the class, an instance attribute, a
generator that is not exactly ``random.Random``) still asked through its
act."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from parlour import _backend
from parlour.shrinewars import Game, HeuristicBot, RandomBot, Rules
from parlour.shrinewars import bots as bots_module
from play_util import play_out_as_generic

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C engine")


def _both(
    seed: int,
    make_bots: Any,
    rng_class: type[random.Random] = random.Random,
    rules: Rules | None = None,
    players: int = 4,
) -> Game:
    fast = Game(rules, seed=seed, players=players, engine="c")
    slow = Game(rules, seed=seed, players=players, engine="python")
    play_out_as_generic(fast, slow, make_bots, seed, rng_class)
    return fast


@pytest.mark.parametrize("mix", ["RRRR", "HHHH", "RHRH", "HHRR"])
def test_bots_chosen_in_c_play_as_their_act(mix: str) -> None:
    def make() -> list[Any]:
        return [RandomBot() if c == "R" else HeuristicBot() for c in mix]

    for seed in range(6):
        _both(seed, make)


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_other_tables_and_rules(players: int) -> None:
    def make() -> list[Any]:
        return [RandomBot() if s % 2 else HeuristicBot() for s in range(players)]

    _both(players, make, players=players)
    _both(players + 10, make, rules=Rules(open_table=True), players=players)
    _both(players + 20, make, rules=Rules(oinks=3), players=players)


class _Counting(RandomBot):
    calls = 0

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        _Counting.calls += 1
        return super().act(observation, legal_actions, rng)


class _SubRandom(random.Random):
    pass


def _counting_choice(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    # RandomBot.act draws through the module's _choice: counted, so an act
    # not called (the bot played in C) shows.
    calls: list[int] = []
    inner = bots_module._choice

    def choice(rng: random.Random, seq: Sequence[Any]) -> Any:
        calls.append(len(seq))
        return inner(rng, seq)

    monkeypatch.setattr(bots_module, "_choice", choice)
    return calls


def test_a_subclass_is_asked_through_its_act() -> None:
    _Counting.calls = 0
    game = Game(seed=3, engine="c")
    game._play_out([_Counting(), RandomBot(), HeuristicBot(), _Counting()], random.Random(3))
    steps = sum(1 for seat, _ in game.history if seat in (0, 3))
    assert steps > 0
    assert _Counting.calls == steps
    _both(3, lambda: [RandomBot(), RandomBot(), HeuristicBot(), RandomBot()])


def test_exact_bots_are_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    # The classes reach the binding when it is the live backend.
    monkeypatch.setattr(bots_module, "_choice", bots_module._choice)
    with _backend.use("c"):
        _exact_bots_are_not_asked(monkeypatch)


def _exact_bots_are_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_choice(monkeypatch)
    game = Game(seed=4, engine="c")
    game._play_out([RandomBot() for _ in range(4)], random.Random(4))
    assert game.is_over and game.history
    assert calls == []

    codes = {HeuristicBot.act.__code__, RandomBot.act.__code__}
    entered: list[Any] = []

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in codes:
            entered.append(frame.f_code)

    game = Game(seed=5, engine="c")
    players: list[Any] = [HeuristicBot(), RandomBot(), HeuristicBot(), HeuristicBot()]
    sys.setprofile(profile)
    try:
        game._play_out(players, random.Random(5))
    finally:
        sys.setprofile(None)
    assert game.is_over and game.history
    assert entered == []


def test_an_instance_attribute_is_asked_through_act(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(seed=5, engine="c")
    marked = RandomBot()
    marked.note = 1  # type: ignore[attr-defined]
    with _backend.use("c"):
        calls = _counting_choice(monkeypatch)
        game._play_out([marked, RandomBot(), RandomBot(), RandomBot()], random.Random(5))
        monkeypatch.undo()
    assert len(calls) == sum(1 for seat, _ in game.history if seat == 0) > 0

    def make() -> list[Any]:
        bold = HeuristicBot()
        # Unlike the class's: a C choice with the class's knobs would differ.
        bold.boldness = 60.0
        bold.window = 1
        return [bold, HeuristicBot(), bold, RandomBot()]

    for seed in range(4):
        _both(seed, make)


def test_an_act_set_on_the_class_is_called(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def act(self: Any, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        seen.append(observation.seat)
        # Always the last legal action: unlike either bot, so a bot played
        # in C instead would show in the history.
        return legal[-1]

    monkeypatch.setattr(HeuristicBot, "act", act)
    _both(6, lambda: [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()])
    assert seen and set(seen) == {0, 2}
    monkeypatch.undo()
    seen.clear()
    monkeypatch.setattr(RandomBot, "act", act)
    _both(7, lambda: [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()])
    assert seen and set(seen) == {1, 3}


def test_a_generator_subclass_draws_through_act(monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(3):
        _both(seed, lambda: [RandomBot() for _ in range(4)], _SubRandom)
    calls = _counting_choice(monkeypatch)
    game = Game(seed=8, engine="c")
    game._play_out([RandomBot() for _ in range(4)], _SubRandom(8))
    assert len(calls) == len(game.history)
