"""The learning interface of every registered game, and the envs over the real games.

For each game and its main rule variants, random playouts choose from the
legal mask (as an agent would) and check at every visited state, for every
seat: the mask is exactly the ids of the legal actions; an id names one
action (or, where physical copies share an id, actions alike but for the
copy); ``action_from_id`` inverts ``action_id``; text and objects get the
same id; observation and oracle arrays have the declared shape and lie in
``[0, 1]``, the oracle beginning with the observation; and rewards summed
over the game equal ``result.scores``. Then PettingZoo's ``api_test`` and
``parallel_api_test`` and Gymnasium's ``check_env`` run on every game.

Each game's own file (``tests/test_learning_<game>.py``) checks its id
table and layout against known answers.
"""

from __future__ import annotations

import importlib
import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import parlour
import parlour.env
from parlour import IllegalActionError
from parlour.simulation import resolve_rules

GAMES = ("sichuan", "sisepai", "ninedomains", "shrinewars")

#: The main rule variants of each game (the defaults first).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "sichuan": [{}, {"exchange_three": True}, {"call_transfer": True, "self_draw_doubles": True}],
    "sisepai": [{}, {"min_score": 4, "concealed_triple": 2}],
    "ninedomains": [{}, {"elements": ("",) * 9}],
    "shrinewars": [{}, {"open_table": True}],
}

CASES = [(name, rules) for name in GAMES for rules in VARIANTS[name]]


def _ids(case: tuple[str, dict[str, Any]]) -> str:
    name, rules = case
    return name + "".join(f"-{k}" for k in rules)


def package(name: str) -> Any:
    """``parlour.<name>``, the package holding OBS_SHAPE and friends."""
    return importlib.import_module(f"parlour.{name}")


def check_state(game: Any, pkg: Any) -> None:
    """Every check of one state, for every seat."""
    n = game.num_action_ids
    for seat in range(game.num_players):
        legal = game.legal_actions(seat)
        mask = game.legal_mask(seat)
        assert mask.dtype == np.bool_ and mask.shape == (n,)
        ids = [game.action_id(a) for a in legal]
        assert all(0 <= i < n for i in ids)
        assert set(np.flatnonzero(mask).tolist()) == set(ids), (seat, legal)
        unique = len(set(ids)) == len(ids)
        for a, i in zip(legal, ids, strict=True):
            back = game.action_from_id(i, seat)
            assert back in legal and game.action_id(back) == i
            if unique:
                assert back == a
            assert game.action_id(str(a)) == i
        for i in np.flatnonzero(~mask)[:3].tolist():
            with pytest.raises(IllegalActionError):
                game.action_from_id(i, seat)
        obs = game.observation(seat).to_array()
        assert obs.dtype == np.float32 and obs.shape == tuple(pkg.OBS_SHAPE)
        assert np.isfinite(obs).all() and obs.min() >= 0.0 and obs.max() <= 1.0
        oracle = game.oracle_array(seat)
        assert oracle.dtype == np.float32 and oracle.shape == tuple(pkg.ORACLE_SHAPE)
        assert np.array_equal(oracle[: obs.shape[0]], obs)
        assert np.isfinite(oracle).all() and oracle.min() >= 0.0 and oracle.max() <= 1.0


def playout(name: str, rules: dict[str, Any], seed: int, *, check: bool) -> None:
    game = parlour.make(name, rules=resolve_rules(name, rules), seed=seed)
    pkg = package(name)
    rng = random.Random(seed)
    total = np.zeros(game.num_players)
    total += game.rewards()
    while not game.is_over:
        if check:
            check_state(game, pkg)
        seat = rng.choice(game.to_act)
        i = rng.choice(np.flatnonzero(game.legal_mask(seat)).tolist())
        game.apply(seat, game.action_from_id(i, seat))
        total += game.rewards()
        assert game.rewards() == (0.0,) * game.num_players  # nothing new since
    if check:
        check_state(game, pkg)
    assert np.allclose(total, game.result.scores), (total, game.result.scores)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_learning_interface_in_every_state(case: tuple[str, dict[str, Any]]) -> None:
    name, rules = case
    pkg = package(name)
    assert isinstance(pkg.OBS_VERSION, int) and pkg.OBS_VERSION >= 1
    playout(name, rules, 1, check=True)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_rewards_sum_to_the_scores(case: tuple[str, dict[str, Any]]) -> None:
    name, rules = case
    for seed in range(2, 8):
        playout(name, rules, seed, check=False)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_learning_interface_long(case: tuple[str, dict[str, Any]]) -> None:
    name, rules = case
    for seed in range(100, 110):
        playout(name, rules, seed, check=True)


@pytest.mark.parametrize("name", GAMES)
def test_num_action_ids_depends_only_on_the_rules(name: str) -> None:
    for rules in VARIANTS[name]:
        made = resolve_rules(name, rules)
        counts = {parlour.make(name, rules=made, seed=s).num_action_ids for s in range(3)}
        assert len(counts) == 1


@pytest.mark.parametrize("name", GAMES)
def test_bad_ids_and_actions_are_refused(name: str) -> None:
    game = parlour.make(name, seed=1)
    before = game.record()
    seat = game.to_act[0]
    for bad, message in [
        (-1, "out of range"),
        (game.num_action_ids, "out of range"),
        ("3", "an action id is an int"),
        (True, "an action id is an int"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            game.action_from_id(bad, seat)
    with pytest.raises(ValueError):
        game.action_id(object())
    with pytest.raises(parlour.NotationError):
        game.action_id("\x00 not an action")
    assert game.record() == before


# -- the checkers on the real games ----------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_pettingzoo_api_test(case: tuple[str, dict[str, Any]]) -> None:
    name, rules = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(parlour.env.aec(name, rules, seed=1, render_mode="ansi"), num_cycles=300)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_pettingzoo_parallel_api_test(case: tuple[str, dict[str, Any]]) -> None:
    name, rules = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parlour.env.parallel(name, rules, seed=1), num_cycles=300)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_gymnasium_check_env(case: tuple[str, dict[str, Any]]) -> None:
    name, rules = case
    env = parlour.env.gym(name, rules=rules, opponents="random", illegal="random")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    check_env(parlour.env.gym(name, rules=rules, illegal="random", render_mode="ansi"))


@pytest.mark.parametrize("name", GAMES)
def test_gym_episode_rewards_sum_to_the_learners_score(name: str) -> None:
    env = parlour.env.gym(name, seat=1, opponents="heuristic")
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        total, done = 0.0, False
        rng = np.random.default_rng(seed)
        while not done:
            assert env.observation_space.contains(obs)
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, done, truncated, _ = env.step(action)
            assert not truncated
            total += reward
        assert total == pytest.approx(env.game.result.scores[1])
        replay = type(env.game).from_record(env.game.record())
        assert replay.result == env.game.result
