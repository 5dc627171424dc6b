"""parlour.vector.VectorGame("ninedomains", ...): lock step with plain
parlour.ninedomains.Game objects driven by the same actions (observations,
masks, rewards, done flags, records), the C random and heuristic bots
against RandomBot and HeuristicBot, threads, and clean refusals of bad
actions."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import _backend
from parlour.errors import IllegalActionError
from parlour.ninedomains import Game, HeuristicBot, RandomBot, Rules, arrays
from parlour.ninedomains.ids import NUM_ACTION_IDS
from parlour.sichuan import Rules as SichuanRules
from parlour.vector import VectorGame, deal_seeds
from vector_util import Reference, compare

VARIANTS = [
    Rules(),
    Rules(tie_break="domains"),
    # Elements reached often (four single-element domains among the low ones).
    Rules(elements=("red", "green", "blue", "purple", "", "", "", "", ""), tie_break="domains"),
    # Two halves and no other purple, every element on a low domain.
    Rules(elements=("half-purple", "red", "half-purple", "green", "blue", "", "", "", "")),
    # No element wins at all.
    Rules(elements=("",) * 9),
]
IDS = ["record", "domains", "singles", "halves", "none"]

needs_c = pytest.mark.skipif(_backend.current() != "c", reason="the C backend is not in use")


def make_reference(
    num_tables: int, seed: int, learners: tuple[int, ...], opponents: str, rules: Rules
) -> Reference:
    """The environment's semantics over plain Game objects (vector_util)."""
    bot: Any = HeuristicBot() if opponents == "heuristic" else RandomBot()
    return Reference(lambda s: Game(rules, seed=s), 2, bot, num_tables, seed, learners)


def lock_step(
    *,
    tables: int,
    seed: int,
    learners: tuple[int, ...],
    opponents: str,
    rules: Rules,
    steps: int,
    threads: int = 1,
) -> tuple[int, int]:
    """Steps both with random masked ids; (deals finished, bot moves)."""
    env = VectorGame(
        "ninedomains",
        tables,
        seed=seed,
        learners=learners,
        opponents=opponents,  # type: ignore[arg-type]
        rules=rules,
        threads=threads,
    )
    ref = make_reference(tables, seed, learners, opponents, rules)
    out: tuple[Any, ...] = env.reset()
    ref.reset()
    compare(env, ref, out)
    rng = np.random.default_rng(seed)
    finished = 0
    for _ in range(steps):
        mask, to_act = out[1], out[2]
        choice = (rng.random(mask.shape) * mask).argmax(axis=2)
        actions = np.where(to_act, choice, -1).astype(np.int32)
        # Before the step: it rewrites the arrays in place.
        given = {
            i: int(actions[i, k])
            for i in range(tables)
            for k in range(len(learners))
            if to_act[i, k]
        }
        out = env.step(actions)
        rewards, dones = ref.step(given)
        assert out[3].tolist() == rewards
        assert out[4].tolist() == dones
        compare(env, ref, out)
        for i in np.flatnonzero(out[4]):
            finished += 1
            last = ref.last[i]
            assert last is not None
            record = env.record(int(i))
            assert record == last.record()
            replayed = Game.from_record(record)
            assert replayed.record() == record
            assert replayed.result == last.result
    return finished, ref.bot_moves


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_lock_step_with_game_both_seats(rules: Rules) -> None:
    finished, _ = lock_step(
        tables=4, seed=11, learners=(0, 1), opponents="random", rules=rules, steps=40
    )
    assert finished >= 8


@pytest.mark.parametrize("learners", [(0,), (1,)])
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_lock_step_with_game_one_seat(learners: tuple[int, ...], opponents: str) -> None:
    finished, moves = lock_step(
        tables=4, seed=3, learners=learners, opponents=opponents, rules=VARIANTS[2], steps=30
    )
    assert finished >= 8
    assert moves >= 80


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
@pytest.mark.parametrize("learners", [(0,), (1,), (0, 1)])
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_lock_step_many_deals(rules: Rules, learners: tuple[int, ...], opponents: str) -> None:
    # Thousands of bot decisions per variant with one learner seat.
    finished, moves = lock_step(
        tables=24, seed=99, learners=learners, opponents=opponents, rules=rules, steps=250
    )
    assert finished >= 500
    assert moves >= (2000 if len(learners) == 1 else 0)


@pytest.mark.parametrize("rules", [VARIANTS[0], VARIANTS[2]], ids=["record", "singles"])
def test_random_policy_is_play_with_random_bots(rules: Rules) -> None:
    # step_random with both seats learners: each deal is parlour.play with
    # two RandomBots seeded by the deal's seed.
    env = VectorGame("ninedomains", 3, seed=21, rules=rules)
    env.reset()
    checked = 0
    while checked < 30:
        done = env.step_random()[4]
        for i in np.flatnonzero(done):
            n = env.deals_finished(int(i))
            seed = deal_seeds(21, int(i), n)[-1]
            game = Game(rules, seed=seed)
            parlour.play(game, [RandomBot(), RandomBot()], seed=seed)
            assert env.record(int(i)) == game.record()
            checked += 1


@pytest.mark.parametrize("rules", [VARIANTS[1], VARIANTS[3]], ids=["domains", "halves"])
def test_step_random_against_heuristic_is_play(rules: Rules) -> None:
    # One learner played by the random policy, the other seat by the C
    # heuristic bot: parlour.play with RandomBot and HeuristicBot.
    env = VectorGame("ninedomains", 3, seed=5, rules=rules, learners=[1], opponents="heuristic")
    env.reset()
    checked = 0
    while checked < 30:
        done = env.step_random()[4]
        for i in np.flatnonzero(done):
            seed = deal_seeds(5, int(i), env.deals_finished(int(i)))[-1]
            game = Game(rules, seed=seed)
            parlour.play(game, [HeuristicBot(), RandomBot()], seed=seed)
            assert env.record(int(i)) == game.record()
            checked += 1


def test_reset_mid_deal_rewrites_every_battle_row() -> None:
    # The environment writes an observation's battle rows only when they are
    # new in the deal: after a reset the rows of the deals before must go.
    # A used environment, reset with battles shown, gives what a fresh one
    # gives (the seat asked; the lock-step tests check a fresh one's rows
    # against Game.observation).
    used = VectorGame("ninedomains", 8, seed=13)
    fresh = VectorGame("ninedomains", 8, seed=13)
    used.reset()
    before = used.step_random()
    for _ in range(3):
        before = used.step_random()
    fought = before[0][:, :, arrays.BATTLES + arrays.B_FOUGHT]
    assert (fought * before[2]).any()  # some asked seat saw a battle fought
    outs = used.reset(), fresh.reset()
    for _ in range(40):
        a, b = outs
        for x, y in zip(a[1:], b[1:], strict=True):
            assert np.array_equal(x, y)
        asked = a[2]
        assert np.array_equal(a[0][asked], b[0][asked])
        outs = used.step_random(), fresh.step_random()


@needs_c
def test_threads_give_the_same_arrays() -> None:
    envs = [
        VectorGame("ninedomains", 9, seed=4, learners=[1], opponents="heuristic", threads=t)
        for t in (1, 2, 3)
    ]
    outs = [e.reset() for e in envs]
    rng = np.random.default_rng(0)
    for step in range(60):
        mask, to_act = outs[0][1], outs[0][2]
        choice = (rng.random(mask.shape) * mask).argmax(axis=2)
        actions = np.where(to_act, choice, -1).astype(np.int32)
        by_c = step % 3 == 0
        outs = [e.step_random() if by_c else e.step(actions) for e in envs]
        for other in outs[1:]:
            for a, b in zip(outs[0], other, strict=True):
                assert np.array_equal(a, b)
    assert [e.record(0) for e in envs[1:]] == [envs[0].record(0)] * 2


def test_bad_actions_change_nothing() -> None:
    env = VectorGame("ninedomains", 5, seed=8)
    twin = VectorGame("ninedomains", 5, seed=8)
    out, want = env.reset(), twin.reset()
    rng = np.random.default_rng(1)
    shape = (5, 2)
    for bad in (
        np.zeros((5,), np.int32),
        np.zeros((2, 5), np.int32),
        np.zeros((5, 2, 1), np.int32),
        np.zeros(shape, np.float32),
        np.zeros(shape, np.bool_),
        [[0.5, 1]] * 5,
        "actions",
        np.full(shape, 2**40, np.int64),
    ):
        with pytest.raises(ValueError):
            env.step(bad)
    n = NUM_ACTION_IDS
    for _ in range(60):
        mask, to_act = out[1], out[2]
        good = np.where(to_act, (rng.random(mask.shape) * mask).argmax(axis=2), -1)
        good = good.astype(np.int32)
        bad = good.copy()
        i, k = int(rng.integers(5)), int(rng.integers(2))
        bad[i, k] = int(rng.choice([rng.integers(-5, n + 5), -1, n, 2**31 - 1, -(2**31)]))
        legal = bool(to_act[i, k]) and 0 <= bad[i, k] < n and bool(mask[i, k, bad[i, k]])
        if not legal and not (not to_act[i, k] and bad[i, k] == -1):
            with pytest.raises(IllegalActionError, match=f"table {i}, seat {k} "):
                env.step(bad)
        snapshot = [x.copy() for x in out]
        for a, b in zip(snapshot, want, strict=True):
            assert np.array_equal(a, b)
        out, want = env.step(good), twin.step(good)
    for i in range(5):
        assert env.deal_seed(i) == twin.deal_seed(i)


def test_illegal_messages_name_table_and_seat() -> None:
    env = VectorGame("ninedomains", 2, seed=1)
    _, mask, to_act = env.reset()
    # Both tables ask seat 0 to place first (to_act[0] of a new game).
    assert to_act.tolist() == [[True, False], [True, False]]
    legal = np.where(to_act, mask.argmax(axis=2), -1).astype(np.int32)
    swap = legal.copy()
    swap[1, 0] = 2730  # a swap id: no swap in the place phase
    with pytest.raises(IllegalActionError, match="table 1, seat 0 may not take action id 2730"):
        env.step(swap)
    early = legal.copy()
    early[0, 1] = legal[0, 0]
    with pytest.raises(IllegalActionError, match="table 0, seat 1 is not to act now"):
        env.step(early)
    missing = legal.copy()
    missing[1, 0] = -1
    with pytest.raises(IllegalActionError, match="table 1, seat 0 is to act now"):
        env.step(missing)
    obs, _, to_act, rewards, done = env.step(legal)
    # Seat 1 places next: its view shows that seat 0 has placed, and no
    # placement of its own yet (the opponent's is never in the layout).
    assert to_act.tolist() == [[False, True], [False, True]]
    assert rewards.tolist() == [[0.0, 0.0], [0.0, 0.0]] and not done.any()
    opp = arrays.SIDES + arrays.SIDE_SIZE
    assert obs[:, 1, opp + arrays.S_PLACED].tolist() == [1.0, 1.0]
    assert obs[:, 1, opp + arrays.S_TO_ACT].tolist() == [0.0, 0.0]
    assert not obs[:, 1, arrays.MY_PLACEMENT : arrays.SIDES].any()


def test_construction() -> None:
    env = VectorGame("ninedomains", 2)
    assert env.num_action_ids == NUM_ACTION_IDS == 2985
    assert env.obs_shape == (697,)
    assert env.learners == (0, 1)
    assert env.num_players == 2
    for kwargs in (
        {"learners": []},
        {"learners": [2]},
        {"learners": [1, 0]},
        {"learners": [0, 0]},
        {"opponents": "equilibrium"},
        {"threads": 0},
        {"seed": -1},
        {"rules": SichuanRules()},
    ):
        with pytest.raises(ValueError):
            VectorGame("ninedomains", 2, **kwargs)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.full((2, 2), -1, np.int32))
    env.reset()
    with pytest.raises(ValueError, match="no deal"):
        env.record(0)
    with pytest.raises(IndexError):
        env.deal_seed(2)


def bot_lock_step(rules: Rules, games: int, seed: int) -> dict[str, int]:
    """At every decision of games played by random ids, the C bots' choices
    against RandomBot's and HeuristicBot's from the same generator (a fresh
    random.Random per decision, as if it were a deal's first); counts of the
    decisions compared by kind of the heuristic's choice."""
    core = _backend.load("c")
    choose = core._NineDomainsVector.bot_choice
    heuristic, rand = HeuristicBot(), RandomBot()
    play = random.Random(seed)
    kinds: dict[str, int] = {}
    for g in range(games):
        game = Game(rules, seed=seed * 10_000 + g, engine="c")
        while not game.is_over:
            for seat in game.to_act:
                state = game._engine._s.state_bytes()  # type: ignore[attr-defined]
                obs, legal = game.observation(seat), game.legal_actions(seat)
                k = play.getrandbits(40)
                want = heuristic.act(obs, legal, random.Random(k))
                assert choose(state, seat, 1, k) == game.action_id(want), (g, seat, str(want))
                kinds[type(want).__name__] = kinds.get(type(want).__name__, 0) + 1
                want = rand.act(obs, legal, random.Random(k))
                assert choose(state, seat, 0, k) == game.action_id(want), (g, seat, str(want))
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[play.randrange(len(legal))])
    return kinds


@needs_c
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_c_bots_choose_what_the_python_bots_choose(rules: Rules) -> None:
    kinds = bot_lock_step(rules, 30, 1)
    assert kinds.get("Place", 0) >= 150


@needs_c
@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_c_bots_thousands_of_decisions(rules: Rules) -> None:
    kinds = bot_lock_step(rules, 600, 2)
    # Every kind of choice, thousands in all: the swaps and recoveries of
    # won 2- and 3- as well as placements, and declines where nothing gains.
    assert sum(kinds.values()) >= 4000
    assert kinds.get("Swap", 0) >= 50 and kinds.get("Recover", 0) >= 50
    assert kinds.get("Decline", 0) >= 1
