"""Sì Sè Pái's play_out on the C engine chooses for an exact RandomBot or
HeuristicBot in C (csrc/sisepai_bots.c) instead of calling its act: the
same games, the same generator calls (the generator's state after a game is
the same), and any bot whose act could differ (a subclass, an act set on
the class or the instance, a generator that is not exactly
``random.Random``) still asked through its act."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from parlour import _backend
from parlour.sisepai import Game, HeuristicBot, RandomBot
from play_util import play_out_as_generic

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C engine")


def _both(seed: int, make_bots: Any, rng_class: type[random.Random] = random.Random) -> None:
    fast, slow = Game(seed=seed, engine="c"), Game(seed=seed, engine="python")
    play_out_as_generic(fast, slow, make_bots, seed, rng_class)


@pytest.mark.parametrize(
    "mix",
    ["RRRR", "HHHH", "RHRH", "HHRR"],
)
def test_bots_chosen_in_c_play_as_their_act(mix: str) -> None:
    def make() -> list[Any]:
        return [RandomBot() if c == "R" else HeuristicBot() for c in mix]

    for seed in range(12):
        _both(seed, make)


class _Counting(RandomBot):
    calls = 0

    def act(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        _Counting.calls += 1
        assert observation.seat in observation.to_act
        return super().act(observation, legal_actions, rng)


class _SubRandom(random.Random):
    pass


def test_a_subclass_is_asked_through_its_act() -> None:
    _Counting.calls = 0
    game = Game(seed=3)
    game._play_out([_Counting(), RandomBot(), HeuristicBot(), _Counting()], random.Random(3))
    steps = sum(1 for seat, _ in game.history if seat in (0, 3))
    assert steps > 0
    assert _Counting.calls == steps
    _both(3, lambda: [_Counting(), RandomBot(), HeuristicBot(), _Counting()])


def test_an_act_set_on_the_instance_or_the_class_is_called() -> None:
    calls: list[int] = []

    def make() -> list[Any]:
        bot = RandomBot()
        inner = bot.act

        def act(observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
            calls.append(observation.seat)
            # Always the last legal action: unlike RandomBot, so a bot
            # played in C instead would show in the history.
            return legal[-1]

        bot.act = act  # type: ignore[method-assign]
        assert inner is not None
        return [bot, RandomBot(), RandomBot(), HeuristicBot()]

    _both(5, make)
    assert calls and set(calls) == {0}

    original = HeuristicBot._discard
    seen: list[int] = []

    def discard(self: HeuristicBot, obs: Any, discards: list[Any]) -> Any:
        seen.append(obs.seat)
        return discards[-1]

    HeuristicBot._discard = discard  # type: ignore[method-assign]
    try:
        game = Game(seed=6)
        game._play_out([HeuristicBot() for _ in range(4)], random.Random(6))
        assert seen
        _both(6, lambda: [HeuristicBot() for _ in range(4)])
    finally:
        HeuristicBot._discard = original  # type: ignore[method-assign]


def test_a_generator_subclass_draws_through_act() -> None:
    for seed in range(3):
        _both(seed, lambda: [RandomBot() for _ in range(4)], _SubRandom)
