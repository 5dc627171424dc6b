"""parlour.env.gym_vector: a Gymnasium VectorEnv over parlour.vector.VectorGame."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import parlour.env
from parlour import IllegalActionError
from parlour.sichuan import Game


def masked_random(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    """One legal id per sub-environment, uniformly among its mask."""
    masks = obs["action_mask"].astype(bool)
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def test_spaces_and_metadata() -> None:
    env = parlour.env.gym_vector("sichuan", 3, seat=2, opponents="random", seed=1)
    assert isinstance(env, VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert env.single_action_space.n == 581
    assert env.action_space.shape == (3,)
    assert env.observation_space["observation"].shape == (3, 104, 27)
    assert env.observation_space["action_mask"].shape == (3, 581)
    obs, info = env.reset()
    assert env.observation_space.contains(obs) and info == {}
    rng = np.random.default_rng(0)
    for _ in range(50):
        obs, reward, terminated, truncated, _ = env.step(masked_random(obs, rng))
        assert env.observation_space.contains(obs)
        assert reward.shape == (3,) and terminated.dtype == np.bool_
        assert not truncated.any()


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_episode_rewards_are_the_learners_scores(opponents: str) -> None:
    seat = 1
    env = parlour.env.gym_vector("sichuan", 4, seat=seat, opponents=opponents, seed=5)  # type: ignore[arg-type]
    obs, _ = env.reset()
    rng = np.random.default_rng(1)
    totals = np.zeros(4)
    finished = 0
    while finished < 6:
        obs, reward, terminated, _, _ = env.step(masked_random(obs, rng))
        totals += reward
        for i in np.flatnonzero(terminated):
            replay = Game.from_record(env.game.record(i))
            assert replay.result is not None
            assert totals[i] == pytest.approx(replay.result.scores[seat])
            totals[i] = 0.0
            finished += 1


def test_reset_seed_reproduces_the_run() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = parlour.env.gym_vector("sichuan", 2, opponents="heuristic")
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(3)
        out = [obs["observation"]]
        for _ in range(30):
            obs, reward, *_ = env.step(masked_random(obs, rng))
            out += [obs["observation"], reward]
        return out

    a, b, c = run(4), run(4), run(5)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_copies_unless_asked_not_to() -> None:
    env = parlour.env.gym_vector("sichuan", 2, seed=1)
    first, _ = env.reset()
    kept = first["observation"].copy()
    rng = np.random.default_rng(0)
    env.step(masked_random(first, rng))
    assert np.array_equal(first["observation"], kept)  # a copy: not rewritten
    raw = parlour.env.gym_vector("sichuan", 2, seed=1, copy=False)
    obs, _ = raw.reset()
    again, *_ = raw.step(masked_random(obs, rng))
    assert again["observation"] is not None
    assert np.shares_memory(obs["observation"], again["observation"])


def test_an_illegal_id_names_the_table_and_changes_nothing() -> None:
    env = parlour.env.gym_vector("sichuan", 3, opponents="random", seed=2)
    obs, _ = env.reset()
    legal = masked_random(obs, np.random.default_rng(0))
    bad = legal.copy()
    bad[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalActionError, match=r"^table 1, seat 0 may not take action id"):
        env.step(bad)
    with pytest.raises(ValueError, match="actions must have shape"):
        env.step(legal[:2])
    with pytest.raises(ValueError, match="integer"):
        env.step(legal.astype(np.float64))
    after, *_ = env.step(legal)  # the game was unchanged: the legal ids still apply
    assert env.observation_space.contains(after)


def test_gymnasium_vector_wrappers_run_on_it() -> None:
    env = RecordEpisodeStatistics(parlour.env.gym_vector("sichuan", 2, opponents="random", seed=3))
    obs, _ = env.reset()
    rng = np.random.default_rng(2)
    episodes = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(2000):
            obs, _r, terminated, _t, info = env.step(masked_random(obs, rng))
            if terminated.any():
                episodes += int(terminated.sum())
                assert "episode" in info
            if episodes >= 2:
                break
    assert episodes >= 2


def test_only_sichuan_for_now() -> None:
    with pytest.raises(ValueError, match="only for now"):
        parlour.env.gym_vector("sisepai", 2)
