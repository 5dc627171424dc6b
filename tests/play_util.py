"""What the tests of parlour.play on an engine share: the generic protocol
loop they compare the engines' play_out loops with."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour.protocol import Game


def generic_play(game: Game, bots: Sequence[Any], rng: random.Random) -> None:
    """parlour.play's loop through Game's own methods: validation, hooks and
    history, none of the short cuts."""
    while not Game.is_over.fget(game):  # type: ignore[attr-defined]
        seat = Game.to_act.fget(game)[0]  # type: ignore[attr-defined]
        legal = Game.legal_actions(game, seat)
        Game.apply(game, seat, bots[seat].act(Game.observation(game, seat), legal, rng))


def play_out_as_generic(
    fast: Any,
    slow: Game,
    make_bots: Callable[[], Sequence[Any]],
    seed: int,
    rng_class: type[random.Random] = random.Random,
) -> None:
    """``fast._play_out`` and :func:`generic_play` on ``slow`` (the same deal),
    each with its own bots and a generator seeded ``seed + 100``, give the
    same history, record, result and generator state."""
    fast_rng, slow_rng = rng_class(seed + 100), rng_class(seed + 100)
    fast._play_out(make_bots(), fast_rng)
    generic_play(slow, make_bots(), slow_rng)
    assert fast.is_over
    assert fast.history == slow.history
    assert fast.record() == slow.record()
    assert fast.result == slow.result
    assert fast_rng.getstate() == slow_rng.getstate()
