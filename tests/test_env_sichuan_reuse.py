"""The AEC env's C core on a Sichuan deal of the C engine: its ``last``
and ``step`` set on the instance, and the observation arrays it writes
again once nobody holds them.

An observation handed out is the caller's while the caller holds it: the
core writes an array again only when its own pool holds the last
reference (the array, and any view of it, let go), and only if the array
is still the writable float32/int8 array of the right shape it made. These
tests let observations go as an agent loop does, keep some, change some in
place before letting them go, and check every observation against the
generic path's (a new array every time), and every kept one against the
copy taken when it was handed out.
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
from parlour.env._aec import AECEnv

pytestmark = pytest.mark.skipif(
    "c" not in _backend.available(), reason="the C core serves the C engine"
)


@pytest.fixture(autouse=True)
def _c_engine() -> Iterator[None]:
    with _backend.use("c"):
        yield


def _generic_views(seed: int, monkeypatch: pytest.MonkeyPatch) -> list[tuple[bytes, bytes]]:
    # The generic path's observation of the agent asked, at every step of
    # the episode the loops below play (the same seeded choices).
    with monkeypatch.context() as m:
        m.setattr(_sichuan, "applies", lambda name, game: False)
        env = parlour.env.aec("sichuan")
        env.reset(seed=seed)
        assert not env.table.fast and "step" not in env.__dict__
        rng = random.Random(seed)
        out = []
        for _agent in env.agent_iter():
            obs, _r, terminated, truncated, _i = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            out.append((obs["observation"].tobytes(), obs["action_mask"].tobytes()))
            legal = np.flatnonzero(obs["action_mask"])
            env.step(legal[rng.randrange(len(legal))])
        return out


def _vandalise(obs: dict[str, Any], k: int) -> None:
    # What a caller may do to arrays it was given before letting them go.
    o, m = obs["observation"], obs["action_mask"]
    match k % 9:
        case 0:
            o[...] = 7.0
            m[...] = 3
        case 1:
            o.shape = (o.size,)
        case 2:
            o.flags.writeable = False
            m.flags.writeable = False
        case 3:
            o.dtype = np.int32
            m.dtype = np.uint8
        case 4:
            obs["observation"] = np.zeros(3)
        case 5:  # the same number of dimensions, other lengths
            o.shape = (27, 104)
            m.shape = (1, 581)
        case 6:  # the dict itself
            obs["extra"] = o
        case 7:
            del obs["action_mask"]
        case _:
            pass


@pytest.mark.parametrize("mode", ["drop", "keep_some", "vandalise"])
def test_observations_reused_only_when_let_go(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seed = 11
    expected = _generic_views(seed, monkeypatch)
    env = parlour.env.aec("sichuan")
    env.reset(seed=seed)
    assert env.table.fast
    assert env.__dict__["last"].__self__ is env.__dict__["step"].__self__  # the C core's
    rng = random.Random(seed)
    kept: list[tuple[dict[str, Any], bytes, bytes]] = []
    seen_ids: list[int] = []
    i = 0
    for _agent in env.agent_iter():
        obs, _r, terminated, truncated, _i = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        o, m = obs["observation"], obs["action_mask"]
        assert o.dtype == np.float32 and o.shape == (104, 27) and o.flags.writeable
        assert m.dtype == np.int8 and m.shape == (581,) and m.flags.writeable
        assert (o.tobytes(), m.tobytes()) == expected[i]
        seen_ids.append(id(o))
        legal = np.flatnonzero(m)
        env.step(legal[rng.randrange(len(legal))])
        if mode == "keep_some" and i % 3 == 0:
            kept.append((obs, o.tobytes(), m.tobytes()))
        elif mode == "vandalise":
            _vandalise(obs, i)
        i += 1
        del obs, o, m, legal
    assert i == len(expected)
    if mode == "drop":  # an agent loop lets each go: the pool's few arrays serve
        assert len(set(seen_ids)) <= 4 < len(seen_ids)
    # Never an array somebody kept.
    for obs, o_bytes, m_bytes in kept:
        assert obs["observation"].tobytes() == o_bytes
        assert obs["action_mask"].tobytes() == m_bytes


@pytest.mark.parametrize("max_iter", [0, 1, 7, 2**63, 10**30, -3])
def test_agent_iter_is_the_generic_one(max_iter: int) -> None:
    # The core's agent_iter yields what AECEnv.agent_iter's generator
    # yields, stepped alike, and stops alike.
    got = []
    for fast in (True, False):
        env = parlour.env.aec("sichuan")
        env.reset(seed=5)
        assert ("agent_iter" in env.__dict__) is True
        it = env.agent_iter(max_iter) if fast else AECEnv.agent_iter(env, max_iter)
        rng = random.Random(5)
        agents = []
        for agent in it:
            agents.append(agent)
            obs, _r, terminated, truncated, _i = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(legal[rng.randrange(len(legal))])
        got.append(agents)
    assert got[0] == got[1]
    assert len(got[0]) == (max(max_iter, 0) if max_iter < 100 else len(got[0]))
    if max_iter >= 100:
        assert len(got[0]) > 100 and not env.agents  # played to the end


def test_the_binding_refuses_no_state() -> None:
    # A typed argument of the binding's calls: None is refused, not read.
    core = _backend.load("c")
    with pytest.raises(TypeError):
        core._sichuan_env_observe(None, 0, True)
    with pytest.raises(TypeError):
        core._sichuan_env_rewards(None, {})


def test_a_view_keeps_its_array() -> None:
    env = parlour.env.aec("sichuan")
    env.reset(seed=3)
    first = env.last()[0]
    view = first["observation"][0]  # a view holds its base
    before = view.copy()
    del first
    for _ in range(8):
        env.last()
    assert np.array_equal(view, before)


def test_a_subclass_override_is_honoured() -> None:
    calls = []

    class Logged(AECEnv):
        def step(self, action: Any) -> None:
            calls.append(action)
            super().step(action)

    env = Logged("sichuan")
    env.reset(seed=1)
    assert "step" not in env.__dict__ and "last" not in env.__dict__
    obs = env.last()[0]
    action = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(action)
    assert calls == [action]
    assert len(env.game.history) + len(env.table._answers) >= 1

    class Counted(AECEnv):
        def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
            for agent in super().agent_iter(max_iter):
                calls.append(agent)
                yield agent

    env = Counted("sichuan")
    env.reset(seed=1)
    assert "agent_iter" not in env.__dict__ and "step" in env.__dict__
    del calls[:]
    assert next(iter(env.agent_iter())) == env.agent_selection and calls


def _play_on(env: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        obs, _r, terminated, truncated, _i = env.last()
        if terminated or truncated:
            return
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_aec_env_plays_on_alone(how: str) -> None:
    # A copy made mid-deal (claim windows with held answers included) takes
    # its own C core and the fast calls' handles from its own game: it plays
    # on as the original would, and neither moves the other.
    import copy
    import pickle

    env = parlour.env.aec("sichuan")
    env.reset(seed=4)
    _play_on(env, random.Random(0), 9)
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert twin.__dict__["step"].__self__ is not env.__dict__["step"].__self__
    before = env.game.history
    a, b = random.Random(1), random.Random(1)
    while not (env.terminations[env.agent_selection] and twin.terminations[twin.agent_selection]):
        _play_on(twin, b, 5)
        _play_on(env, a, 5)
    assert len(env.game.history) > len(before)
    assert twin.game.history == env.game.history
    assert twin.game.record() == env.game.record()
    assert twin.game.history[: len(before)] == before


def test_a_copied_gym_env_plays_on_alone() -> None:
    import copy

    env = parlour.env.gym("sichuan", seat=2, opponents="heuristic")
    obs, _ = env.reset(seed=6)
    rng = random.Random(0)
    for _ in range(5):
        legal = np.flatnonzero(obs["action_mask"])
        obs, *_ = env.step(int(legal[rng.randrange(len(legal))]))
    twin = copy.deepcopy(env)
    results = []
    for e in (env, twin):
        o, done, r = obs, False, random.Random(2)
        while not done:
            legal = np.flatnonzero(o["action_mask"])
            o, _rew, done, _t, _i = e.step(int(legal[r.randrange(len(legal))]))
        results.append(e.game.record())
    assert results[0] == results[1]
