"""parlour.vector.VectorGame("sisepai", ...): lock step with plain
parlour.sisepai.Game objects driven by the same actions (observations,
masks, rewards, done flags, records) under every rule variant, the C random
and heuristic bots against RandomBot and HeuristicBot, the C observation
encoder against to_array() in every phase, threads, and clean refusals of
bad actions."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import _backend
from parlour.errors import IllegalActionError
from parlour.ninedomains import Rules as NineDomainsRules
from parlour.sisepai import Game, HeuristicBot, RandomBot, Rules, arrays
from parlour.sisepai.ids import NUM_ACTION_IDS, PASS_ID
from parlour.vector import VectorGame, deal_seeds
from vector_util import Reference, compare

VARIANTS = [
    Rules(),
    # A minimum score: complete hands below it are no win.
    Rules(min_score=11),
    # The regional concealed-triples variant, with the win's group exposed.
    Rules(concealed_triple=3),
    # Other points: the scores (rewards) and the best grouping change.
    Rules(general=2, flower=5, pair=1, quad=4, soldiers4=6, command=3),
    # Both variants together.
    Rules(min_score=9, concealed_triple=0, triple=2),
]
IDS = ["record", "min_score", "concealed", "points", "both"]

needs_c = pytest.mark.skipif(_backend.current() != "c", reason="the C backend is not in use")


def reference(
    num_tables: int, seed: int, learners: tuple[int, ...], opponents: str, rules: Rules
) -> Reference:
    """The environment's semantics over plain Game objects (vector_util)."""
    bot: Any = HeuristicBot() if opponents == "heuristic" else RandomBot()
    return Reference(lambda s: Game(rules, seed=s), 4, bot, num_tables, seed, learners)


def lock_step(
    *,
    tables: int,
    seed: int,
    learners: tuple[int, ...],
    opponents: str,
    rules: Rules,
    steps: int,
    threads: int = 1,
) -> tuple[int, int, float]:
    """Steps both with random masked ids (passing less often, so that takes
    and wins happen); (deals finished, bot moves, points paid)."""
    env = VectorGame(
        "sisepai",
        tables,
        seed=seed,
        learners=learners,
        opponents=opponents,  # type: ignore[arg-type]
        rules=rules,
        threads=threads,
    )
    ref = reference(tables, seed, learners, opponents, rules)
    out: tuple[Any, ...] = env.reset()
    ref.reset()
    compare(env, ref, out)
    rng = np.random.default_rng(seed)
    finished, paid = 0, 0.0
    for _ in range(steps):
        mask, to_act = out[1], out[2]
        weights = rng.random(mask.shape) * mask
        weights[:, :, PASS_ID] *= 0.3
        actions = np.where(to_act, weights.argmax(axis=2), -1).astype(np.int32)
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
        paid += float(out[3].sum())
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
    return finished, ref.bot_moves, paid


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_lock_step_with_game_every_seat(rules: Rules) -> None:
    finished, _, paid = lock_step(
        tables=3, seed=11, learners=(0, 1, 2, 3), opponents="random", rules=rules, steps=600
    )
    assert finished >= 3
    assert paid > 0  # every seat is a learner: some deal was won and paid


@pytest.mark.parametrize(
    ("learners", "opponents", "steps"), [((0,), "heuristic", 150), ((1, 3), "random", 250)]
)
def test_lock_step_with_game_some_seats(
    learners: tuple[int, ...], opponents: str, steps: int
) -> None:
    finished, moves, _ = lock_step(
        tables=3, seed=3, learners=learners, opponents=opponents, rules=VARIANTS[0], steps=steps
    )
    assert finished >= 3
    assert moves >= 300


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
@pytest.mark.parametrize("learners", [(0,), (2,), (0, 1, 2, 3)])
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_lock_step_many_deals(rules: Rules, learners: tuple[int, ...], opponents: str) -> None:
    finished, moves, _ = lock_step(
        tables=8, seed=99, learners=learners, opponents=opponents, rules=rules, steps=400
    )
    assert finished >= (20 if len(learners) == 1 else 8)
    assert moves >= (2000 if len(learners) == 1 else 0)


@pytest.mark.parametrize("rules", [VARIANTS[0], VARIANTS[4]], ids=["record", "both"])
def test_random_policy_is_play_with_random_bots(rules: Rules) -> None:
    # step_random with every seat a learner: each deal is parlour.play with
    # four RandomBots seeded by the deal's seed.
    env = VectorGame("sisepai", 2, seed=21, rules=rules)
    env.reset()
    checked = 0
    while checked < 8:
        done = env.step_random()[4]
        for i in np.flatnonzero(done):
            n = env.deals_finished(int(i))
            seed = deal_seeds(21, int(i), n)[-1]
            game = Game(rules, seed=seed)
            parlour.play(game, [RandomBot() for _ in range(4)], seed=seed)
            assert env.record(int(i)) == game.record()
            checked += 1


@pytest.mark.parametrize("rules", [VARIANTS[1], VARIANTS[2]], ids=["min_score", "concealed"])
def test_step_random_against_heuristic_is_play(rules: Rules) -> None:
    # One learner played by the random policy, the others by the C heuristic
    # bot: parlour.play with one RandomBot among HeuristicBots.
    env = VectorGame("sisepai", 2, seed=5, rules=rules, learners=[2], opponents="heuristic")
    env.reset()
    checked = 0
    while checked < 8:
        done = env.step_random()[4]
        for i in np.flatnonzero(done):
            seed = deal_seeds(5, int(i), env.deals_finished(int(i)))[-1]
            game = Game(rules, seed=seed)
            bots = [HeuristicBot(), HeuristicBot(), RandomBot(), HeuristicBot()]
            parlour.play(game, bots, seed=seed)
            assert env.record(int(i)) == game.record()
            checked += 1


@needs_c
def test_threads_give_the_same_arrays() -> None:
    envs = [
        VectorGame("sisepai", 7, seed=4, learners=[1], opponents="heuristic", threads=t)
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
    assert [e.deals_finished(0) for e in envs] == [envs[0].deals_finished(0)] * 3
    assert envs[0].deals_finished(0) >= 1
    assert [e.record(0) for e in envs[1:]] == [envs[0].record(0)] * 2


def test_bad_actions_change_nothing() -> None:
    env = VectorGame("sisepai", 5, seed=8, learners=[0, 2])
    twin = VectorGame("sisepai", 5, seed=8, learners=[0, 2])
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
        bad[i, k] = int(rng.choice([rng.integers(-5, n + 5), -1, n, 255, 2**31 - 1, -(2**31)]))
        legal = bool(to_act[i, k]) and 0 <= bad[i, k] < n and bool(mask[i, k, bad[i, k]])
        if not legal and not (not to_act[i, k] and bad[i, k] == -1):
            seat = env.learners[k]
            with pytest.raises(IllegalActionError, match=f"table {i}, seat {seat} "):
                env.step(bad)
        snapshot = [x.copy() for x in out]
        for a, b in zip(snapshot, want, strict=True):
            assert np.array_equal(a, b)
        out, want = env.step(good), twin.step(good)
    for i in range(5):
        assert env.deal_seed(i) == twin.deal_seed(i)


def test_illegal_messages_name_table_and_seat() -> None:
    env = VectorGame("sisepai", 2, seed=1)
    _, mask, to_act = env.reset()
    # Each table asks one seat: the dealer, on the card it drew.
    games = [Game(seed=s) for s in deal_seeds(1, 0, 1) + deal_seeds(1, 1, 1)]
    dealers = [g.dealer for g in games]
    assert to_act.tolist() == [[s == d for s in range(4)] for d in dealers]
    legal = np.where(to_act, mask.argmax(axis=2), -1).astype(np.int32)
    d1 = dealers[1]
    discard = legal.copy()
    discard[1, d1] = 95  # discarding a white Soldier: no discard in a claim window
    with pytest.raises(IllegalActionError, match=f"table 1, seat {d1} may not take action id 95"):
        env.step(discard)
    early = legal.copy()
    other = (dealers[0] + 1) % 4
    early[0, other] = PASS_ID
    with pytest.raises(IllegalActionError, match=f"table 0, seat {other} is not to act now"):
        env.step(early)
    missing = legal.copy()
    missing[1, d1] = -1
    with pytest.raises(IllegalActionError, match=f"table 1, seat {d1} is to act now"):
        env.step(missing)
    obs, _, to_act, rewards, done = env.step(legal)
    assert rewards.tolist() == [[0.0] * 4] * 2 and not done.any()
    # Every observation written is the asked seat's and says it is to act.
    for i in range(2):
        (k,) = np.flatnonzero(to_act[i])
        assert obs[i, k, arrays.TO_ACT] == 1.0


def test_construction() -> None:
    env = VectorGame("sisepai", 2)
    assert env.num_action_ids == NUM_ACTION_IDS == 96
    assert env.obs_shape == arrays.OBS_SHAPE == (494,)
    assert env.learners == (0, 1, 2, 3)
    assert env.num_players == 4
    for kwargs in (
        {"learners": []},
        {"learners": [4]},
        {"learners": [1, 0]},
        {"learners": [0, 0]},
        {"opponents": "equilibrium"},
        {"threads": 0},
        {"seed": -1},
        {"rules": NineDomainsRules()},
    ):
        with pytest.raises(ValueError):
            VectorGame("sisepai", 2, **kwargs)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.full((2, 4), -1, np.int32))
    env.reset()
    with pytest.raises(ValueError, match="no deal"):
        env.record(0)
    with pytest.raises(IndexError):
        env.deal_seed(2)


def bot_lock_step(rules: Rules, games: int, seed: int) -> dict[str, int]:
    """At every decision of games played by random ids (passing less
    often), the C bots' choices against RandomBot's and HeuristicBot's from
    the same generator (a fresh random.Random per decision), and the C
    encoder against to_array() for every seat, the final state's too;
    counts of the decisions compared by kind of the heuristic's choice."""
    core = _backend.load("c")
    choose = core._SisepaiVector.bot_choice
    encode = core._SisepaiVector.encode
    heuristic, rand = HeuristicBot(), RandomBot()
    play = random.Random(seed)
    kinds: dict[str, int] = {}
    for g in range(games):
        game = Game(rules, seed=seed * 10_000 + g, engine="c")
        while True:
            state = game._engine.state.state_bytes()  # type: ignore[attr-defined]
            for seat in range(4):
                want = game.observation(seat).to_array()
                assert np.array_equal(encode(state, seat), want), (g, seat)
            if game.is_over:
                kinds["over"] = kinds.get("over", 0) + 1
                break
            for seat in game.to_act:
                obs, legal = game.observation(seat), game.legal_actions(seat)
                k = play.getrandbits(40)
                chosen = heuristic.act(obs, legal, random.Random(k))
                assert choose(state, seat, 1, k) == game.action_id(chosen), (g, seat, str(chosen))
                if len(legal) > 1:
                    name = type(chosen).__name__
                    kinds[name] = kinds.get(name, 0) + 1
                chosen = rand.act(obs, legal, random.Random(k))
                assert choose(state, seat, 0, k) == game.action_id(chosen), (g, seat, str(chosen))
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            acting = [a for a in legal if game.action_id(a) != PASS_ID]
            if not acting or play.random() < 0.3:
                acting = legal
            game.apply(seat, acting[play.randrange(len(acting))])
    return kinds


@needs_c
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_c_bots_and_encoder_match_python(rules: Rules) -> None:
    kinds = bot_lock_step(rules, 3, 1)
    assert kinds.get("Discard", 0) >= 50 and kinds.get("Take", 0) >= 50
    assert kinds["over"] == 3


@needs_c
@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_c_bots_thousands_of_decisions(rules: Rules) -> None:
    kinds = bot_lock_step(rules, 60, 2)
    # Thousands of choices among several actions, of every kind the bot
    # makes among several: discards, takes and wins (it passes only when
    # nothing else is legal).
    assert sum(kinds.values()) >= 3000
    assert kinds.get("Discard", 0) >= 1000 and kinds.get("Take", 0) >= 1000
    assert kinds.get("Win", 0) >= 30 and kinds["over"] == 60


@needs_c
def test_private_calls_refuse_bad_input() -> None:
    # The binding's test hooks and constructor, fed damaged states and
    # arguments: a clean ValueError (or, for a state that still passes the
    # engine's check, an answer), never a crash.
    core = _backend.load("c")
    vec = core._SisepaiVector
    game = Game(seed=5, engine="c")
    good = game._engine.state.state_bytes()  # type: ignore[attr-defined]
    assert vec.encode(good, 0).shape == arrays.OBS_SHAPE
    rng = random.Random(0)
    refused = 0
    for _ in range(300):
        raw = bytearray(good)
        for _ in range(rng.randrange(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        for call in (
            lambda b: vec.encode(b, 1),
            lambda b: vec.bot_choice(b, game.to_act[0], 1, 7),
            lambda b: vec.bot_choice(b, game.to_act[0], 0, 7),
        ):
            try:
                call(bytes(raw))
            except ValueError:
                refused += 1
    assert refused >= 300
    for bad in (good[:-1], good + b"\0"):
        with pytest.raises(ValueError, match="state"):
            vec.encode(bad, 0)
    with pytest.raises(ValueError):
        vec.encode(good, 4)
    with pytest.raises(ValueError):
        vec.bot_choice(good, 0, 2, 7)
    points = Rules().points()
    for rules in (
        (points[:8], 0, -1),
        ((*points[:8], 101), 0, -1),
        (points, -1, -1),
        (points, 2101, -1),
        (points, 0, -2),
        (points, 0, 101),
    ):
        with pytest.raises(ValueError):
            vec(2, rules, 0, 1, 0)
    for mask, opponents in ((0, 0), (16, 0), (1, 2)):
        with pytest.raises(ValueError):
            vec(2, (points, 0, -1), 0, mask, opponents)
