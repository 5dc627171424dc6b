"""The envs' Sichuan fast paths (parlour.env._sichuan and the binding's
_sichuan_env.pxi) against the generic path they short-cut.

Over seeded episodes of both rule variants (with and without the
exchange three), an AEC env and a Gymnasium env on the fast path give
exactly what the same envs give with the fast path turned off: every
agent's observation and mask at every step, rewards, terminations, the
agent asked, and the finished game's history and record, which replays
through ``from_record``. Bad ids raise IllegalActionError with the generic
path's message and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import parlour.env
from parlour import _backend
from parlour.env import _sichuan
from parlour.errors import IllegalActionError
from parlour.sichuan import Game, Rules

pytestmark = pytest.mark.skipif(
    "c" not in _backend.available(), reason="the fast paths serve the C engine"
)

VARIANTS = [Rules(exchange_three=False), Rules(exchange_three=True)]
SEEDS = range(6)


@pytest.fixture(autouse=True)
def _c_engine() -> Iterator[None]:
    # Both paths on the C engine, whatever PARLOUR_BACKEND says: the fast
    # path exists only there, and the generic one is compared on the same
    # engine so that their games are the same objects step for step.
    with _backend.use("c"):
        yield


@pytest.fixture
def generic(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A context in which every env takes the generic path."""

    class Generic:
        def __enter__(self) -> None:
            monkeypatch.setattr(_sichuan, "applies", lambda name, game: False)

        def __exit__(self, *exc: object) -> None:
            monkeypatch.undo()

    return Generic()


def _aec_episode(rules: Rules, seed: int) -> tuple[list[Any], dict[str, Any], bool]:
    env = parlour.env.aec("sichuan", rules)
    env.reset(seed=seed)
    fast = env.table.fast
    rng = random.Random(seed)
    trace: list[Any] = []
    for agent in env.agent_iter():
        views = [env.observe(a) for a in env.possible_agents]
        obs, reward, terminated, truncated, _info = env.last()
        trace.append(
            (
                agent,
                [(v["observation"], v["action_mask"]) for v in views],
                reward,
                dict(env.rewards),
                dict(env.terminations),
            )
        )
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(legal[rng.randrange(len(legal))])
    return trace, env.game.record(), fast


def _same(a: list[Any], b: list[Any]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert x[0] == y[0]
        for (ox, mx), (oy, my) in zip(x[1], y[1], strict=True):
            assert ox.dtype == oy.dtype == np.float32 and np.array_equal(ox, oy)
            assert mx.dtype == my.dtype == np.int8 and np.array_equal(mx, my)
        assert x[2:] == y[2:]


@pytest.mark.parametrize("rules", VARIANTS, ids=["plain", "exchange"])
def test_aec_fast_path_is_the_generic_path(rules: Rules, generic: Any) -> None:
    for seed in SEEDS:
        with generic:
            slow, slow_record, slow_fast = _aec_episode(rules, seed)
        fast, fast_record, fast_fast = _aec_episode(rules, seed)
        assert not slow_fast and fast_fast
        _same(fast, slow)
        assert fast_record == slow_record
        replay = Game.from_record(fast_record)
        assert replay.is_over and replay.record() == fast_record


def _gym_episode(rules: Rules, seed: int, opponents: Any) -> tuple[list[Any], dict[str, Any]]:
    env = parlour.env.gym("sichuan", seat=seed % 4, opponents=opponents, rules=rules)
    obs, _ = env.reset(seed=seed)
    rng = random.Random(seed)
    trace: list[Any] = [(obs["observation"], obs["action_mask"])]
    done = False
    total = 0.0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
        total += reward
        trace.append((obs["observation"], obs["action_mask"], reward, done, truncated))
    result = env.game.result
    assert total == result.scores[env.seat]
    return trace, env.game.record()


@pytest.mark.parametrize("rules", VARIANTS, ids=["plain", "exchange"])
@pytest.mark.parametrize(
    "opponents", ["heuristic", ["heuristic", "random", "heuristic"]], ids=["heuristic", "mixed"]
)
def test_gym_fast_path_is_the_generic_path(rules: Rules, opponents: Any, generic: Any) -> None:
    for seed in SEEDS:
        with generic:
            slow, slow_record = _gym_episode(rules, seed, opponents)
        fast, fast_record = _gym_episode(rules, seed, opponents)
        assert len(fast) == len(slow)
        for x, y in zip(fast, slow, strict=True):
            assert np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1])
            assert x[2:] == y[2:]
        assert fast_record == slow_record


def _snapshot(env: Any) -> tuple[Any, ...]:
    view = env.observe(env.agent_selection)
    return (
        env.agent_selection,
        env.game.history,
        env.table.waiting,
        list(env.table._answers),
        view["observation"].tobytes(),
        view["action_mask"].tobytes(),
        dict(env.rewards),
        dict(env._cumulative_rewards),
    )


def _errors(env: Any, bad: list[Any]) -> list[str]:
    seat = env.table.waiting[0]
    out = []
    for action in bad:
        before = _snapshot(env)
        with pytest.raises(IllegalActionError) as err:
            env.step(action)
        out.append(str(err.value))
        assert _snapshot(env) == before
    assert all(f"seat {seat}" in e for e in out)
    return out


def test_bad_ids_raise_and_change_nothing(generic: Any) -> None:
    # At every step of a deal, in single-seat steps and in windows with
    # answers held: an illegal id, an out-of-range id and a non-int raise
    # the generic path's errors and leave the env as it was.
    checked = {"single": 0, "held": 0}
    seed = 2
    envs = [parlour.env.aec("sichuan"), parlour.env.aec("sichuan")]
    with generic:
        envs[1].reset(seed=seed)
    envs[0].reset(seed=seed)
    assert envs[0].table.fast and not envs[1].table.fast
    rng = random.Random(seed)
    while not envs[0].terminations[envs[0].agent_selection]:
        mask = envs[0].observe(envs[0].agent_selection)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[0])
        bad = [illegal, np.int64(illegal), -1, 581, "3", None]
        checked["held" if envs[0].table._answers else "single"] += 1
        with generic:
            expected = _errors(envs[1], bad)
        assert _errors(envs[0], bad) == expected
        legal = np.flatnonzero(mask)
        action = legal[rng.randrange(len(legal))]
        for env in envs:
            env.step(action)
        assert envs[0].game.history == envs[1].game.history
    assert envs[0].game.record() == envs[1].game.record()
    assert checked["single"] > 50 and checked["held"] > 20


def test_illegal_gym_step_changes_nothing() -> None:
    env = parlour.env.gym("sichuan", seat=1, opponents="heuristic")
    obs, _ = env.reset(seed=4)
    assert env.table.fast
    record = env.game.record()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=f"action id {illegal} is not legal now"):
        env.step(illegal)
    assert env.game.record() == record
    again = env.table.observe(1)
    assert np.array_equal(again["observation"], obs["observation"])
    assert np.array_equal(again["action_mask"], obs["action_mask"])
