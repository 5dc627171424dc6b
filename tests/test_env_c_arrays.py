"""The learning envs' observation arrays for Sì Sè Pái, Shrine Wars and The
Nine Domains on the C engine: written by the C encoders from the engine's
state (parlour.env._table.Table.observation), the same floats as the Python
encoders make from an observation object, at every step of seeded episodes,
for every seat (asked or not), in the AEC and Gymnasium envs alike.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import parlour.env
from parlour import _backend, ninedomains, shrinewars, sisepai
from parlour.env import _table

pytestmark = pytest.mark.skipif(
    "c" not in _backend.available(), reason="the C encoders serve the C engines"
)

CASES = [
    ("sisepai", sisepai.Rules()),
    ("shrinewars", shrinewars.Rules()),
    ("shrinewars", shrinewars.Rules(open_table=True)),
    ("ninedomains", ninedomains.Rules()),
]
IDS = ["sisepai", "shrinewars", "shrinewars-open", "ninedomains"]


def _env_obs_array(state: Any, seat: int) -> Any:
    return _backend.load("c")._env_obs_array(state, seat)


@pytest.fixture(autouse=True)
def _c_engine() -> Iterator[None]:
    with _backend.use("c"):
        yield


@pytest.mark.parametrize(("name", "rules"), CASES, ids=IDS)
def test_aec_arrays_are_the_python_encoders(name: str, rules: Any) -> None:
    checked = 0
    for seed in range(3):
        env = parlour.env.aec(name, rules)
        env.reset(seed=seed)
        assert env.table._array is not None
        rng = random.Random(seed)
        for agent in env.agent_iter():
            game = env.game
            state = getattr(game._engine, type(game)._c_answers[1])
            for seat in range(game.num_players):
                direct = _env_obs_array(state, seat)  # the C encoder, no fallback
                fast = env.table.observation(seat)
                slow = game.observation(seat).to_array()
                assert direct is not None and np.array_equal(direct, slow)
                assert fast.dtype == slow.dtype == np.float32
                assert fast.shape == slow.shape and np.array_equal(fast, slow)
                checked += 1
            obs, _r, terminated, truncated, _i = env.last()
            assert np.array_equal(obs["observation"], env.table.observation(env._seat[agent]))
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
    assert checked > 40


@pytest.mark.parametrize(("name", "rules"), CASES, ids=IDS)
def test_gym_episodes_are_the_same_without_them(
    name: str, rules: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def episode() -> tuple[list[Any], dict[str, Any]]:
        env = parlour.env.gym(name, seat=1, opponents="heuristic", rules=rules)
        obs, _ = env.reset(seed=5)
        rng = random.Random(5)
        trace = [obs["observation"].copy()]
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, done, _t, _i = env.step(int(legal[rng.randrange(len(legal))]))
            trace.append((obs["observation"].copy(), reward))
        return trace, env.game.record()

    fast, fast_record = episode()
    serve = _table.Table._serve

    def without_c_arrays(table: _table.Table) -> None:
        serve(table)
        table._array = None

    monkeypatch.setattr(_table.Table, "_serve", without_c_arrays)
    slow, slow_record = episode()
    assert fast_record == slow_record and len(fast) == len(slow)
    for x, y in zip(fast[1:], slow[1:], strict=True):
        assert np.array_equal(x[0], y[0]) and x[1] == y[1]
    assert np.array_equal(fast[0], slow[0])


def test_a_state_it_does_not_serve_falls_back() -> None:
    game = parlour.make("sisepai", seed=1)
    state = game._engine.state  # type: ignore[attr-defined]
    assert _env_obs_array(state, 4) is None  # no such seat: the Python path raises
    assert _env_obs_array(object(), 0) is None
    env = parlour.env.aec("sisepai")
    env.reset(seed=1)
    with pytest.raises((ValueError, IndexError)):
        env.table.observation(4)
