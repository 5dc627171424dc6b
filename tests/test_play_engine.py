"""parlour.play on a game's engine (EngineGame._play_out, the C engines'
play_out loops) gives the games the generic protocol loop gives, with the same
errors; the shared short cuts step aside for a subclass that overrides a hook;
an observation of a C engine read after the game moved on shows the game as
it was observed; the binding's copy of ``random.Random.choice`` draws as it
does."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour import _backend, protocol, registry
from parlour.errors import IllegalActionError
from parlour.protocol import Action, Game
from play_util import generic_play

ENGINES = ["c", "python"] if "c" in _backend.available() else ["python"]
OPTED_IN = ["sisepai", "shrinewars"]


def _generic_play(game: Game, bots: Sequence[Any], seed: int) -> None:
    generic_play(game, bots, random.Random(seed))


def _make(name: str, seed: int, engine: str) -> Any:
    return registry.game_class(name)(seed=seed, engine=engine)  # type: ignore[call-arg]


def _bots(name: str, kind: str, n: int) -> list[Any]:
    return [parlour.spec(name).bots[kind]() for _ in range(n)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("name", OPTED_IN)
def test_play_on_the_engine_is_the_generic_loop(name: str, kind: str, engine: str) -> None:
    assert type(_make(name, 0, engine))._plays_on_engine
    for seed in range(6):
        fast, slow = _make(name, seed, engine), _make(name, seed, engine)
        n = fast.num_players
        result = parlour.play(fast, _bots(name, kind, n), seed=seed)
        _generic_play(slow, _bots(name, kind, n), seed)
        assert fast.record() == slow.record()
        assert result == slow.result
        assert fast.history == slow.history


# The records of eight seeded games per game and bot kind, played through
# parlour.play (deal seeds 0-7, bot seeds 1000-1007), hashed before the play
# loop moved onto the engines: the loop must not change a game.
DIGESTS = {
    ("sichuan", "random"): "c616c6b755a0592d",
    ("sichuan", "heuristic"): "85a54cc374aa7f64",
    ("sisepai", "random"): "d383093ab2ac67a7",
    ("sisepai", "heuristic"): "79695dcc862decd7",
    ("shrinewars", "random"): "dfec9203354a010d",
    ("shrinewars", "heuristic"): "e34826a184835568",
    ("ninedomains", "random"): "3a4ac5ad806fb83b",
    ("ninedomains", "heuristic"): "ebee0340cd8fd7d1",
}


@pytest.mark.parametrize(("name", "kind"), sorted(DIGESTS))
def test_records_are_those_of_before(name: str, kind: str) -> None:
    h = hashlib.sha256()
    n = parlour.make(name, seed=0).num_players
    for seed in range(8):
        game = parlour.make(name, seed=seed)
        parlour.play(game, _bots(name, kind, n), seed=seed + 1000)
        h.update(json.dumps(game.record(), sort_keys=True).encode())
    assert h.hexdigest()[:16] == DIGESTS[name, kind]


class _TextBot:
    """Answers with notation, which only Game.apply reads."""

    def act(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Any:
        return str(rng.choice(list(legal)))


class _NoAction:
    def __repr__(self) -> str:
        return "<no action>"


class _ForeignBot:
    """Plays its first legal action, then an object that is no action."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Any:
        self.calls += 1
        return legal[0] if self.calls < 5 else _NoAction()


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", OPTED_IN)
def test_actions_the_engine_cannot_take_go_through_apply(name: str, engine: str) -> None:
    fast, slow = _make(name, 3, engine), _make(name, 3, engine)
    n = fast.num_players
    parlour.play(fast, [_TextBot() for _ in range(n)], seed=3)
    _generic_play(slow, [_TextBot() for _ in range(n)], 3)
    assert fast.record() == slow.record()

    fast, slow = _make(name, 4, engine), _make(name, 4, engine)
    with pytest.raises(IllegalActionError) as on_engine:
        parlour.play(fast, [_ForeignBot()] * n, seed=4)
    with pytest.raises(IllegalActionError) as generic:
        _generic_play(slow, [_ForeignBot()] * n, 4)
    assert str(on_engine.value) == str(generic.value) == "not an action: <no action>"
    assert fast.history == slow.history and len(fast.history) == 4


def test_a_subclass_overriding_a_hook_is_played_through_it() -> None:
    from parlour import sisepai

    seen: list[int] = []

    class Watched(sisepai.Game):
        def _observation(self, seat: int) -> Any:
            seen.append(seat)
            return super()._observation(seat)

    assert not Watched._plays_on_engine
    assert Watched.observation is Game.observation
    assert Watched.legal_actions is sisepai.Game.legal_actions  # skips no overridden hook
    game = Watched(seed=2)
    parlour.play(game, [sisepai.RandomBot()] * 4, seed=2)
    assert len(seen) == len(game.history) > 0


def test_a_game_that_lists_no_action_classes_keeps_games_methods() -> None:
    from parlour import ninedomains

    assert not ninedomains.Game._plays_on_engine
    assert protocol.EngineGame.__dict__.get("apply") is None
    # Its own methods' super() calls reach Game's, hooks and all.
    assert ninedomains.Game.__mro__[1] is protocol.EngineGame


@pytest.mark.skipif("c" not in ENGINES, reason="the C engine is not built here")
@pytest.mark.parametrize("name", OPTED_IN)
def test_an_observation_shows_the_game_as_observed(name: str) -> None:
    # A C engine's observation reads the state until the state changes,
    # then keeps its own copy: read after several applies (and after the
    # game is copied and dropped), it equals the pure engine's at the time.
    c_game, py_game = _make(name, 11, "c"), _make(name, 11, "python")
    rng = random.Random(5)
    kept: list[tuple[Any, dict[str, Any]]] = []
    for step in range(120):
        if c_game.is_over:
            break
        seat = c_game.to_act[0]
        if step % 3 == 0:
            for s in range(c_game.num_players):
                kept.append((c_game.observation(s), py_game.observation(s).to_dict()))
        action = rng.choice(c_game.legal_actions(seat))
        c_game.apply(seat, action)
        py_game.apply(seat, action)
    twin = c_game.clone()
    del c_game
    assert twin.history
    assert len(kept) >= 40
    for obs, expected in kept:
        assert obs.to_dict() == expected


class _Sub(random.Random):
    pass


@pytest.mark.skipif("c" not in ENGINES, reason="the C engine is not built here")
def test_the_bindings_choice_draws_as_random_choice() -> None:
    choice = _backend.load("c")._random_choice
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (*range(1, 40), 64, 65, 200, 1 << 20):
            seq = list(range(n))
            assert choice(ours, seq) == theirs.choice(seq)
        assert ours.getstate() == theirs.getstate()
    sub = _Sub(3)
    assert choice(sub, "abc") == _Sub(3).choice("abc")
    with pytest.raises(IndexError) as ours_error:
        choice(random.Random(1), [])
    with pytest.raises(IndexError) as theirs_error:
        random.Random(1).choice([])
    assert str(ours_error.value) == str(theirs_error.value)
