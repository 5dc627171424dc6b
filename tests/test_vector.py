"""parlour.vector.VectorGame: lock step with plain parlour.sichuan.Game
objects driven by the same actions, the C twin of random.Random, the C
random bot against RandomBot, threads, and clean refusals of bad actions."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import _backend
from parlour.errors import IllegalActionError
from parlour.sichuan import Game, HeuristicBot, RandomBot, Rules
from parlour.vector import VectorGame, deal_seeds
from vector_util import Reference, compare

VARIANTS = [
    Rules(),
    Rules(exchange_three=True),
    Rules(call_transfer=True),
    Rules(self_draw_doubles=True),
    Rules(exchange_three=True, call_transfer=True, self_draw_doubles=True, fan_cap=None),
]

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
) -> int:
    env = VectorGame(
        "sichuan",
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
            assert Game.from_record(record).record() == record
    return finished


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(r.to_dict()))
def test_lock_step_with_game_random_opponents(rules: Rules) -> None:
    finished = lock_step(
        tables=4, seed=11, learners=(0, 2), opponents="random", rules=rules, steps=160
    )
    assert finished >= 2


def test_lock_step_all_seats_and_one_seat() -> None:
    assert lock_step(tables=3, seed=2, learners=(0, 1, 2, 3), opponents="random",
                     rules=Rules(exchange_three=True), steps=250) >= 2  # fmt: skip
    assert lock_step(tables=4, seed=3, learners=(3,), opponents="random",
                     rules=Rules(), steps=60) >= 2  # fmt: skip


def _c_heuristic_ready() -> bool:
    env = VectorGame("sichuan", 1, learners=[0], opponents="heuristic")
    try:
        env.reset()
    except RuntimeError:
        return False
    return True


def test_lock_step_heuristic_opponents() -> None:
    if _backend.current() == "c" and not _c_heuristic_ready():
        pytest.skip("the C heuristic bot (csrc/sichuan_bots.c) is not written yet")
    assert lock_step(tables=3, seed=5, learners=(1,), opponents="heuristic",
                     rules=Rules(exchange_three=True), steps=120) >= 2  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(r.to_dict()))
@pytest.mark.parametrize("learners", [(0,), (1, 3), (0, 1, 2, 3)])
def test_lock_step_many_deals(rules: Rules, learners: tuple[int, ...]) -> None:
    assert lock_step(tables=16, seed=99, learners=learners, opponents="random",
                     rules=rules, steps=1500) >= 50  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(r.to_dict()))
def test_lock_step_heuristic_many_deals(rules: Rules) -> None:
    if _backend.current() == "c" and not _c_heuristic_ready():
        pytest.skip("the C heuristic bot (csrc/sichuan_bots.c) is not written yet")
    assert lock_step(tables=8, seed=77, learners=(2,), opponents="heuristic",
                     rules=rules, steps=400) >= 20  # fmt: skip


@needs_c
@pytest.mark.parametrize(
    "rules",
    [*VARIANTS, Rules(flower_pig_penalty=0, fan_cap=3)],
    ids=lambda r: str(r.to_dict()),
)
def test_incremental_rows_equal_the_full_encoder(rules: Rules) -> None:
    # The C tables rewrite a seat's observation row only where it changed
    # since they last wrote it, and clear only the mask ids they set: after
    # every step each asked row must be exactly what the full encoder
    # (parlour_sg_encode of the seat's snapshot) and parlour_sg_legal_ids
    # write, over many deals, learner sets and opponents.
    rng = np.random.default_rng(3)
    cases = [((0, 1, 2, 3), "random", 600), ((1, 2), "random", 300), ((3,), "heuristic", 100)]
    for learners, opponents, steps in cases:
        env = VectorGame("sichuan", 16, seed=5, learners=learners,
                         opponents=opponents, rules=rules)  # type: ignore[arg-type]  # fmt: skip
        tables = env._impl._v  # type: ignore[attr-defined]
        mask, to_act = env.reset()[1:]
        assert tables.verify() == -1
        deals = 0
        for step in range(steps):
            if step % 2:
                out = env.step_random()
            else:
                choice = (rng.random(mask.shape) * mask).argmax(axis=2)
                out = env.step(np.where(to_act, choice, -1).astype(np.int32))
            mask, to_act = out[1], out[2]
            deals += int(out[4].sum())
            assert tables.verify() == -1, (learners, step)
        assert deals >= 16
        # The rows start again from zero after a reset.
        env.reset()
        assert tables.verify() == -1


@needs_c
def test_pyrandom_is_python_random_bit_for_bit() -> None:
    core = _backend.load("c")
    ops: list[tuple[Any, ...]] = [("bits", k) for k in (0, 1, 5, 31, 32, 33, 53, 63, 64)]
    ops += [("below", n) for n in (1, 2, 3, 7, 100, 108, 2**31 + 1, 2**32 - 1)]
    ops += [("random",), ("shuffle", 108), ("shuffle", 0), ("shuffle", 1), ("bits", 63)]
    seeds = [*range(40), 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1, 2**64 + 5, 2**128 - 1]
    seeds += [random.Random(7).getrandbits(bits) for bits in (20, 40, 70, 100, 127)]
    for seed in seeds:
        r = random.Random(seed)
        want: list[Any] = []
        for op in ops:
            if op[0] == "bits":
                want.append(r.getrandbits(op[1]))
            elif op[0] == "below":
                want.append(r._randbelow(op[1]))  # type: ignore[attr-defined]
            elif op[0] == "random":
                want.append(r.random())
            else:
                x = list(range(op[1]))
                r.shuffle(x)
                want.append(x)
        assert core._SichuanVector.pyrandom_draws(seed, ops) == want, seed
    # Past the first block of 624 words too.
    r = random.Random(5)
    assert core._SichuanVector.pyrandom_draws(5, [("below", 1000)] * 3000) == [
        r._randbelow(1000)  # type: ignore[attr-defined]
        for _ in range(3000)
    ]


@pytest.mark.parametrize("rules", [Rules(), Rules(exchange_three=True)], ids=["plain", "exchange"])
def test_random_policy_is_play_with_random_bots(rules: Rules) -> None:
    # step_random with every seat a learner: each deal is parlour.play with
    # four RandomBots seeded by the deal's seed.
    env = VectorGame("sichuan", 3, seed=21, rules=rules)
    env.reset()
    checked = 0
    while checked < 6:
        done = env.step_random()[4]
        for i in np.flatnonzero(done):
            n = env.deals_finished(int(i))
            seed = deal_seeds(21, int(i), n)[-1]
            game = Game(rules, seed=seed)
            parlour.play(game, [RandomBot() for _ in range(4)], seed=seed)
            assert env.record(int(i)) == game.record()
            checked += 1


@needs_c
def test_threads_give_the_same_arrays() -> None:
    envs = [VectorGame("sichuan", 9, seed=4, learners=[0, 3], threads=t) for t in (1, 2, 3)]
    outs = [e.reset() for e in envs]
    rng = np.random.default_rng(0)
    for step in range(300):
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
    env = VectorGame("sichuan", 5, seed=8, learners=[0, 1])
    twin = VectorGame("sichuan", 5, seed=8, learners=[0, 1])
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
    for _ in range(200):
        mask, to_act = out[1], out[2]
        good = np.where(to_act, (rng.random(mask.shape) * mask).argmax(axis=2), -1)
        good = good.astype(np.int32)
        bad = good.copy()
        i, k = int(rng.integers(5)), int(rng.integers(2))
        bad[i, k] = int(rng.choice([rng.integers(-5, 700), -1, 581, 2**31 - 1, -(2**31)]))
        legal = bool(to_act[i, k]) and 0 <= bad[i, k] < 581 and bool(mask[i, k, bad[i, k]])
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


def test_construction_errors() -> None:
    with pytest.raises(ValueError, match="'shrinewars', 'sisepai' only"):
        VectorGame("chess", 2)
    for kwargs in (
        {"learners": []},
        {"learners": [4]},
        {"learners": [1, 0]},
        {"learners": [0, 0]},
        {"opponents": "smart"},
        {"threads": 0},
        {"seed": -1},
        {"seed": 2**64},
        {"rules": {"fan_cap": 5}},
    ):
        with pytest.raises(ValueError):
            VectorGame("sichuan", 2, **kwargs)
    with pytest.raises(ValueError):
        VectorGame("sichuan", 0)
    env = VectorGame("sichuan", 2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.full((2, 4), -1, np.int32))
    env.reset()
    with pytest.raises(ValueError, match="no deal"):
        env.record(0)
    with pytest.raises(IndexError):
        env.deal_seed(2)
    assert env.num_action_ids == 581
    assert env.obs_shape == (104, 27)
    assert env.learners == (0, 1, 2, 3)


@pytest.mark.parametrize("name", ["sichuan", "sisepai", "ninedomains", "shrinewars"])
def test_the_arrays_handed_out_are_the_same_read_only_views(name: str) -> None:
    # The tables rewrite rows only where they changed, so a caller's write
    # would corrupt later observations: it must raise instead.
    v = VectorGame(name, 3, seed=5)
    first = v.reset()
    later = v.step_random()
    assert all(a is b for a, b in zip(first, later[:3], strict=True))
    for array in later:
        assert not array.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            array[...] = 0
    kept = [a.copy() for a in later]
    again = v.step_random()
    assert all(a is b for a, b in zip(later, again, strict=True))
    assert any(not np.array_equal(k, a) for k, a in zip(kept, again, strict=True))
