"""parlour.vector.VectorGame("shrinewars", ...): lock step with plain
parlour.shrinewars.Game objects driven by the same actions (observations,
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
from parlour.ninedomains import Rules as NineDomainsRules
from parlour.shrinewars import Bid, Game, HeuristicBot, Pass, RandomBot, Rules
from parlour.shrinewars.ids import ActionIds
from parlour.vector import VectorGame, deal_seeds
from vector_util import Reference, compare

VARIANTS = [
    Rules(),
    # Few Oinks, shown to all: many passes and set-aside lots, short lots.
    Rules(oinks=3, open_table=True),
    # No Oinks at all: pass is the only action, every lot is set aside.
    Rules(oinks=0),
    # Many Oinks: long bid lists (the random bot picks among 100s of amounts).
    Rules(oinks=25),
]
IDS = ["record", "open3", "none", "rich"]

needs_c = pytest.mark.skipif(_backend.current() != "c", reason="the C backend is not in use")


def make_reference(
    num_tables: int,
    seed: int,
    learners: tuple[int, ...],
    opponents: str,
    rules: Rules,
    engine: Any = None,
) -> Reference:
    """The environment's semantics over plain Game objects (vector_util)."""
    bot: Any = HeuristicBot() if opponents == "heuristic" else RandomBot()
    return Reference(
        lambda s: Game(rules, seed=s, engine=engine), 4, bot, num_tables, seed, learners
    )


def lock_step(
    *,
    tables: int,
    seed: int,
    learners: tuple[int, ...],
    opponents: str,
    rules: Rules,
    steps: int,
    threads: int = 1,
    engine: Any = None,
) -> tuple[int, int, int]:
    """Steps both with random masked ids; (deals finished, bot moves,
    learner bids)."""
    env = VectorGame(
        "shrinewars",
        tables,
        seed=seed,
        learners=learners,
        opponents=opponents,  # type: ignore[arg-type]
        rules=rules,
        threads=threads,
    )
    ref = make_reference(tables, seed, learners, opponents, rules, engine)
    out: tuple[Any, ...] = env.reset()
    ref.reset()
    compare(env, ref, out)
    rng = np.random.default_rng(seed)
    finished = bids = 0
    for _ in range(steps):
        mask, to_act = out[1], out[2]
        choice = (rng.random(mask.shape) * mask).argmax(axis=2)
        # Pass (always legal for the seat asked) often enough that lots end:
        # a uniform pick among the ids is nearly always a bid.
        pick = np.where(rng.random(choice.shape) < 0.4, 0, choice)
        actions = np.where(to_act, pick, -1).astype(np.int32)
        bids += int((actions > 0).sum())
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
    return finished, ref.bot_moves, bids


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_lock_step_with_game_every_seat(rules: Rules) -> None:
    steps = 250 if rules.oinks > 10 else 400
    finished, _, bids = lock_step(
        tables=2, seed=11, learners=(0, 1, 2, 3), opponents="random", rules=rules, steps=steps
    )
    assert finished >= 2
    assert bids >= (100 if rules.oinks else 0)


@pytest.mark.parametrize(
    ("learners", "opponents"),
    [((0,), "random"), ((3,), "heuristic"), ((1, 2), "heuristic")],
)
def test_lock_step_with_game_some_seats(learners: tuple[int, ...], opponents: str) -> None:
    finished, moves, _ = lock_step(
        tables=3, seed=3, learners=learners, opponents=opponents, rules=Rules(), steps=120
    )
    assert finished >= 3
    assert moves >= 400


def test_lock_step_with_the_pure_engine() -> None:
    # The reference on the pure-Python engine and bots: the C tables match
    # the definition, not only the C engine behind Game.
    finished, moves, _ = lock_step(
        tables=2,
        seed=7,
        learners=(2,),
        opponents="heuristic",
        rules=Rules(oinks=5, open_table=True),
        steps=80,
        engine="python",
    )
    assert finished >= 2 and moves >= 300


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
@pytest.mark.parametrize("learners", [(0,), (2,), (0, 1, 2, 3)])
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_lock_step_many_deals(rules: Rules, learners: tuple[int, ...], opponents: str) -> None:
    finished, moves, _ = lock_step(
        tables=12, seed=99, learners=learners, opponents=opponents, rules=rules, steps=300
    )
    assert finished >= (12 if len(learners) == 4 else 50)
    assert moves >= (2000 if len(learners) == 1 else 0)


@pytest.mark.parametrize("rules", [VARIANTS[0], VARIANTS[3]], ids=["record", "rich"])
def test_random_policy_is_play_with_random_bots(rules: Rules) -> None:
    # step_random with every seat a learner: each deal is parlour.play with
    # four RandomBots seeded by the deal's seed.
    env = VectorGame("shrinewars", 2, seed=21, rules=rules)
    env.reset()
    checked = 0
    while checked < 4:
        done = env.step_random()[4]
        for i in np.flatnonzero(done):
            n = env.deals_finished(int(i))
            seed = deal_seeds(21, int(i), n)[-1]
            game = Game(rules, seed=seed)
            parlour.play(game, [RandomBot() for _ in range(4)], seed=seed)
            assert env.record(int(i)) == game.record()
            checked += 1


def test_step_random_against_heuristic_is_play() -> None:
    # One learner played by the random policy, the others by the C
    # heuristic bot: parlour.play with three HeuristicBots and a RandomBot.
    env = VectorGame("shrinewars", 2, seed=5, learners=[1], opponents="heuristic")
    env.reset()
    checked = 0
    while checked < 4:
        done = env.step_random()[4]
        for i in np.flatnonzero(done):
            seed = deal_seeds(5, int(i), env.deals_finished(int(i)))[-1]
            game = Game(seed=seed)
            bots: list[Any] = [HeuristicBot(), RandomBot(), HeuristicBot(), HeuristicBot()]
            parlour.play(game, bots, seed=seed)
            assert env.record(int(i)) == game.record()
            checked += 1


@needs_c
def test_threads_give_the_same_arrays() -> None:
    envs = [
        VectorGame("shrinewars", 7, seed=4, learners=[1], opponents="heuristic", threads=t)
        for t in (1, 2, 3)
    ]
    outs = [e.reset() for e in envs]
    rng = np.random.default_rng(0)
    for step in range(120):
        mask, to_act = outs[0][1], outs[0][2]
        choice = (rng.random(mask.shape) * mask).argmax(axis=2)
        actions = np.where(to_act, choice, -1).astype(np.int32)
        by_c = step % 3 == 0
        outs = [e.step_random() if by_c else e.step(actions) for e in envs]
        for other in outs[1:]:
            for a, b in zip(outs[0], other, strict=True):
                assert np.array_equal(a, b)
    assert envs[0].deals_finished(0) >= 1
    assert [e.record(0) for e in envs[1:]] == [envs[0].record(0)] * 2


def test_bad_actions_change_nothing() -> None:
    env = VectorGame("shrinewars", 3, seed=8, learners=[0, 2])
    twin = VectorGame("shrinewars", 3, seed=8, learners=[0, 2])
    out, want = env.reset(), twin.reset()
    rng = np.random.default_rng(1)
    shape = (3, 2)
    for bad in (
        np.zeros((3,), np.int32),
        np.zeros((2, 3), np.int32),
        np.zeros((3, 2, 1), np.int32),
        np.zeros(shape, np.float32),
        np.zeros(shape, np.bool_),
        [[0.5, 1]] * 3,
        "actions",
        np.full(shape, 2**40, np.int64),
    ):
        with pytest.raises(ValueError):
            env.step(bad)
    n = env.num_action_ids
    refused = 0
    for _ in range(60):
        mask, to_act = out[1], out[2]
        good = np.where(to_act, (rng.random(mask.shape) * mask).argmax(axis=2), -1)
        good = good.astype(np.int32)
        bad = good.copy()
        i, k = int(rng.integers(3)), int(rng.integers(2))
        seat = env.learners[k]
        bad[i, k] = int(rng.choice([rng.integers(-5, n + 5), -1, n, 2**31 - 1, -(2**31)]))
        legal = bool(to_act[i, k]) and 0 <= bad[i, k] < n and bool(mask[i, k, bad[i, k]])
        if not legal and not (not to_act[i, k] and bad[i, k] == -1):
            with pytest.raises(IllegalActionError, match=f"table {i}, seat {seat} "):
                env.step(bad)
            refused += 1
        snapshot = [x.copy() for x in out]
        for a, b in zip(snapshot, want, strict=True):
            assert np.array_equal(a, b)
        out, want = env.step(good), twin.step(good)
    assert refused >= 20
    for i in range(3):
        assert env.deal_seed(i) == twin.deal_seed(i)


def test_illegal_messages_name_table_and_seat() -> None:
    # Rules(oinks=3): E = 12. Deal seed of table 0 from deal_seeds; find the
    # seat asked and give it ids the mask leaves out.
    rules = Rules(oinks=3)
    env = VectorGame("shrinewars", 2, seed=1, rules=rules)
    ids = ActionIds(12)
    assert env.num_action_ids == ids.num_action_ids == 1 + 48 + 864
    _, mask, to_act = env.reset()
    game = Game(rules, seed=deal_seeds(1, 0, 1)[0])
    seat = game.to_act[0]
    assert to_act[0].tolist() == [s == seat for s in range(4)]
    legal = np.where(to_act, 0, -1).astype(np.int32)  # everyone asked passes
    # A bid of 4 cannot be paid from 3 Oinks of the lot's element.
    e = game.lot_elements[0]
    over = ids.of_payment(tuple(4 if x == e else 0 for x in range(4)))
    assert not mask[0, seat, over]
    bad = legal.copy()
    bad[0, seat] = over
    with pytest.raises(IllegalActionError, match=f"table 0, seat {seat} may not take action id"):
        env.step(bad)
    # A legal amount paid another way than the default is not in the mask.
    other = (e + 1) % 4
    paid = tuple(1 if x in (e, other) else 0 for x in range(4))
    bad[0, seat] = ids.of_payment(paid)
    with pytest.raises(IllegalActionError, match=f"table 0, seat {seat} may not take"):
        env.step(bad)
    early = legal.copy()
    early[0, (seat + 1) % 4] = 0
    with pytest.raises(IllegalActionError, match=f"table 0, seat {(seat + 1) % 4} is not to act"):
        env.step(early)
    missing = legal.copy()
    missing[0, seat] = -1
    with pytest.raises(IllegalActionError, match=f"table 0, seat {seat} is to act now"):
        env.step(missing)
    bid = legal.copy()
    bid[0, seat] = ids.of_payment(tuple(2 if x == e else 0 for x in range(4)))
    obs, mask, to_act, rewards, done = env.step(bid)
    game.apply(seat, Bid(2, tuple(2 if x == e else 0 for x in range(4))))  # type: ignore[arg-type]
    nxt = game.to_act[0]
    assert to_act[0].tolist() == [s == nxt for s in range(4)]
    assert np.array_equal(obs[0, nxt], game.observation(nxt).to_array())
    assert np.array_equal(mask[0, nxt], game.legal_mask(nxt))
    assert rewards[0].tolist() == [0.0] * 4 and not done.any()


def test_construction() -> None:
    env = VectorGame("shrinewars", 2)
    assert env.num_action_ids == 9761
    assert env.obs_shape == (374,)
    assert env.learners == (0, 1, 2, 3)
    assert env.num_players == 4
    for kwargs in (
        {"learners": []},
        {"learners": [4]},
        {"learners": [1, 0]},
        {"learners": [0, 0]},
        {"opponents": "search"},
        {"threads": 0},
        {"seed": -1},
        {"rules": NineDomainsRules()},
    ):
        with pytest.raises(ValueError):
            VectorGame("shrinewars", 2, **kwargs)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.full((2, 4), -1, np.int32))
    env.reset()
    with pytest.raises(ValueError, match="no deal"):
        env.record(0)
    with pytest.raises(IndexError):
        env.deal_seed(2)


def random_lock_step(rules: Rules, games: int, seed: int) -> int:
    """At every decision of games played by random actions, the C random
    bot's choice against RandomBot's from the same generator (a fresh
    random.Random per decision); the number of bids chosen."""
    core = _backend.load("c")
    choose = core._ShrineWarsVector.random_choice
    rand = RandomBot()
    play = random.Random(seed)
    chosen_bids = 0
    for g in range(games):
        game = Game(rules, seed=seed * 10_000 + g, engine="c")
        while not game.is_over:
            seat = game.to_act[0]
            state = game._engine.state.state_bytes()  # type: ignore[union-attr]
            legal = game.legal_actions(seat)
            k = play.getrandbits(40)
            want = rand.act(None, legal, random.Random(k))
            amount, paid = choose(state, seat, k)
            if isinstance(want, Pass):
                assert amount == 0 and paid == (0, 0, 0, 0)
            else:
                assert isinstance(want, Bid)
                assert (amount, paid) == (want.amount, want.paid), (g, seat, str(want))
                chosen_bids += 1
            game.apply(seat, legal[play.randrange(len(legal))])
    return chosen_bids


@needs_c
@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_c_random_bot_chooses_what_random_bot_chooses(rules: Rules) -> None:
    bids = random_lock_step(rules, 3, 1)
    assert bids >= (100 if rules.oinks else 0)


@needs_c
@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize(("oinks", "open_table"), [(5, False), (2, True), (0, False), (25, True)])
@pytest.mark.parametrize(("learners", "opponents"), [("all", 0), ("ends", 0), ("second", 1)])
def test_incremental_rows_equal_the_whole_encoder(
    players: int, oinks: int, open_table: bool, learners: str, opponents: int
) -> None:
    # The tables write an observation row only where it changed since that
    # row was last written; with _verify_rows on, every row written is also
    # encoded whole from the state (points and Oink changes worked out
    # afresh) and a difference fails the call. Many random games, every
    # table size, learner sets and opponents.
    core = _backend.load("c")
    mask = {"all": (1 << players) - 1, "ends": 1 | 1 << (players - 1), "second": 2}[learners]
    tables = core._ShrineWarsVector(16, (players, oinks, open_table), 8, mask, opponents)
    tables._verify_rows(True)
    tables.reset()
    for _ in range(300 if oinks < 25 else 800):
        tables.step_random()
    finished = sum(tables.finished(i)[0] for i in range(16))
    assert finished >= 16


@needs_c
def test_incremental_rows_check_notices_a_written_row() -> None:
    # The check above can fail: rows scribbled on by the caller (which the
    # tables rely on not happening) differ from the whole encoding once a
    # card flag left alone by the incremental write is compared.
    core = _backend.load("c")
    tables = core._ShrineWarsVector(8, (4, 5, False), 3, 0b1111, 0)
    tables._verify_rows(True)
    tables.reset()
    for _ in range(20):
        tables.step_random()
    tables.obs[...] = 0.5
    with pytest.raises(RuntimeError):
        for _ in range(20):
            tables.step_random()
