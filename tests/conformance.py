"""The one conformance check every parlour game must pass.

``check_conformance(make, seeds=...)`` plays random games from many seeds and
checks the common protocol: ``to_act`` is non-empty until the end, every
legal action applies and its text parses back, illegal actions raise
``IllegalActionError`` and change nothing, records are JSON-ready and replay
to an identical state, clones are independent, observations are JSON-ready,
and the same seed gives the same game even when the global ``random`` module
is reseeded between steps.

tests/test_registry.py runs it on every game in the registry
(``parlour.games()``), a game of another package included; the games' own
test files run it longer and under other rules.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from parlour import Game, IllegalActionError, RecordError, Result, records

#: Where each game's record keeps the order of its deal (the wall, the deck,
#: the domains): what a tampering test cuts, swaps or reverses.
DECK_KEY = {"sichuan": "wall", "sisepai": "deck", "shrinewars": "deck", "ninedomains": "domains"}


def _state(game: Game) -> Any:
    return (
        json.dumps(game.record(), sort_keys=True),
        game.to_act,
        game.is_over,
        [
            json.dumps(game.observation(s).to_dict(), sort_keys=True)
            for s in range(game.num_players)
        ],
    )


def _illegal_probe(game: Game, rng: random.Random) -> None:
    before = _state(game)
    with pytest.raises(IllegalActionError):
        game.apply(0, "\x00 certainly-not-an-action \x00")
    idle = [s for s in range(game.num_players) if s not in game.to_act]
    if idle and game.to_act:
        other = game.legal_actions(game.to_act[0])
        if other:
            with pytest.raises(IllegalActionError):
                game.apply(rng.choice(idle), rng.choice(other))
    with pytest.raises((IllegalActionError, ValueError)):
        game.apply(game.num_players, "pass")
    assert _state(game) == before, "an illegal action changed the game"


def play_random(
    game: Game,
    rng: random.Random,
    *,
    max_steps: int = 100_000,
    probe_every: int = 0,
    clone_every: int = 0,
    reseed_global: bool = False,
) -> list[tuple[int, str]]:
    """Random playout checking the per-step protocol; returns the moves."""
    moves: list[tuple[int, str]] = []
    # Probes draw from their own generator so that a probed playout makes the
    # same moves as an unprobed one from the same seed.
    probe_rng = random.Random(rng.random())
    for step in range(max_steps):
        if game.is_over:
            break
        to_act = game.to_act
        assert to_act, "to_act is empty before the game is over"
        for s in to_act:
            assert game.legal_actions(s), f"seat {s} must act but has no legal action"
        seat = rng.choice(to_act)
        legal = game.legal_actions(seat)
        assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
        action = rng.choice(legal)
        assert game.parse_action(str(action)) == action, f"{action!s} does not parse back"
        hash(action)
        if probe_every and step % probe_every == 0:
            _illegal_probe(game, probe_rng)
        if clone_every and step % clone_every == 0:
            twin = game.clone()
            before = _state(game)
            twin.apply(seat, action)
            assert _state(game) == before, "applying to a clone changed the original"
        if reseed_global:
            random.seed(step * 7919)
        game.apply(seat, action)
        moves.append((seat, str(action)))
    else:
        raise AssertionError(f"the game did not end within {max_steps} steps")
    return moves


def check_conformance(
    make: Callable[[int], Game], seeds: Iterable[int] = range(20), *, max_steps: int = 100_000
) -> None:
    """Run the whole conformance check on games ``make(seed)``."""
    for seed in seeds:
        game = make(seed)
        assert game.num_players >= 1
        rng = random.Random(seed)
        moves = play_random(game, rng, max_steps=max_steps, probe_every=7, clone_every=11)
        assert game.is_over and game.to_act == ()
        result = game.result
        assert isinstance(result, Result)
        assert len(result.scores) == game.num_players
        assert all(0 <= w < game.num_players for w in result.winners)
        json.dumps(result.to_dict())
        for s in range(game.num_players):
            assert game.legal_actions(s) == []
        with pytest.raises(IllegalActionError):
            game.apply(0, moves[-1][1] if moves else "pass")

        record = game.record()
        text = json.dumps(record)
        replay = type(game).from_record(json.loads(text))
        assert _state(replay) == _state(game), "the record does not replay to the same state"
        assert replay.result == game.result

        # The same seed gives the same game, whatever the global random does.
        again = make(seed)
        moves2 = play_random(again, random.Random(seed), max_steps=max_steps, reseed_global=True)
        assert moves2 == moves and _state(again) == _state(game)

        # A record cut short replays to the state at that point.
        half = dict(record, actions=record["actions"][: len(record["actions"]) // 2], outcome=None)
        half["digest"] = records.digest(half)
        partial = type(game).from_record(half)
        assert not partial.is_over or not record["actions"]

        # Wrong versions and games are refused.
        with pytest.raises(RecordError):
            type(game).from_record(dict(record, format=999))
        with pytest.raises(RecordError):
            type(game).from_record(dict(record, game="no-such-game"))
