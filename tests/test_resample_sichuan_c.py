"""Sichuan's resample on its C path (csrc/sichuan_resample.c): held in lock
step with the Python path, and the four guarantees on the C path itself.

The C path and the Python path are one algorithm: from the same seed they
make the same draw (the same resampled game, record for record), so every
test of the Python sampler's law also covers the C one; the tests here
check that equality on many reachable states, that the C path really
serves them, and the guarantees again with the C path called directly.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest

from parlour import play
from parlour.sichuan import Game, RandomBot
from parlour.sichuan.resample import Resampler, observations
from test_resample import goodness_of_fit, homogeneity
from test_resample_sichuan import SMALL, enumerate_consistent, placement_of, played, states

pytest.importorskip("parlour._core")


def test_lock_step_with_the_python_path() -> None:
    # The same seed gives the same game on both paths, and the C path
    # serves most states (those with no choice made but not yet revealed
    # in the exchange phase).
    served = total = 0
    for game in states("c", 14):
        for seat in range(4):
            r = Resampler(game, seat, observations(game, seat))
            total += 1
            problem = r._c_problem()
            if problem is None:
                assert game.phase == "exchange"
                continue
            served += 1
            for k in range(2):
                seed = random.Random(k * 97 + seat).getrandbits(64)
                a = r._sample_c(problem, seed)
                b = r._sample_py(seed)
                assert a.record() == b.record()
                assert a.history == b.history
                assert [a.observation(s) for s in range(4)] == [b.observation(s) for s in range(4)]
                assert a._engine.state.wall() == b._engine.state.wall()
                assert a.observation(seat) == game.observation(seat)
    assert served >= total * 3 // 4


def test_c_path_keeps_the_view_replays_and_plays_on() -> None:
    for game in states("c", 7):
        for seat in range(4):
            r = Resampler(game, seat, observations(game, seat))
            problem = r._c_problem()
            if problem is None:
                continue
            r._sample_c(problem, 1)  # the template; later draws are written into copies
            twin = r._sample_c(problem, 12345 + seat)
            assert twin.observation(seat) == game.observation(seat)
            assert twin.legal_actions(seat) == game.legal_actions(seat)
            assert twin.to_act == game.to_act
            again = Game.from_record(twin.record())
            assert [again.observation(s) for s in range(4)] == [
                twin.observation(s) for s in range(4)
            ]
            # The state is one parlour_sg_check accepts (unpickling runs it).
            state = pickle.loads(pickle.dumps(twin._engine.state))
            assert state.to_act == twin.to_act
            play(twin, [RandomBot()] * 4, seed=seat)


def test_sample_state_is_the_sampled_games_state() -> None:
    game = played(4, 120, engine="c")
    r = Resampler(game, 1, observations(game, 1))
    assert r._c_problem() is not None
    state = r.sample_state(random.Random(7))
    twin = r.sample(random.Random(7))
    assert state.wall() == twin._engine.state.wall()
    assert [state.tiles(s) for s in range(4)] == [twin.tiles(s) for s in range(4)]
    assert Resampler(game, 1, observations(game, 1)).sample_state(random.Random(7)).wall() == (
        state.wall()
    )


def test_the_python_engine_takes_the_python_path() -> None:
    game = played(4, 120, engine="python")
    r = Resampler(game, 1, observations(game, 1))
    assert r._c_problem() is None
    assert r.sample_state(random.Random(0)) is None
    assert r.sample(random.Random(0)).engine == "python"


@pytest.mark.parametrize("seed,steps,seat", SMALL)
def test_c_path_uniform_over_the_consistent_placements(seed: int, steps: int, seat: int) -> None:
    # (d) on the C path, called directly: only consistent placements, each
    # as often as the others (chi-square against the enumeration).
    game = played(seed, steps, engine="c")
    consistent, total = enumerate_consistent(game, seat)
    assert 1 < len(consistent) < total
    r = Resampler(game, seat, observations(game, seat))
    problem = r._c_problem()
    assert problem is not None
    rng = random.Random(seed)
    got = Counter(
        placement_of(r._sample_c(problem, rng.getrandbits(64)), r)
        for _ in range(30 * len(consistent))
    )
    assert set(got) <= consistent
    assert goodness_of_fit(got, {p: 1 / len(consistent) for p in consistent}) > 1e-3


def test_c_path_does_not_depend_on_the_truth() -> None:
    # (c): another game with the same view gives the very same draws from
    # the same seeds, and statistically the same law on a small position.
    for steps in (1, 60, 130):
        game = played(21, steps, engine="c")
        seat = steps % 4
        other = game.resample(seat, random.Random(1))
        r1 = Resampler(game, seat, observations(game, seat))
        r2 = Resampler(other, seat, observations(other, seat))
        p1, p2 = r1._c_problem(), r2._c_problem()
        assert p1 is not None and p2 is not None
        for k in range(3):
            assert r1._sample_c(p1, k).record() == r2._sample_c(p2, k).record()
    seed, steps, seat = SMALL[0]
    game = played(seed, steps, engine="c")
    other = game.resample(seat, random.Random(3))
    r1 = Resampler(game, seat, observations(game, seat))
    r2 = Resampler(other, seat, observations(other, seat))
    assert placement_of(game, r1) != placement_of(other, r2)
    p1, p2 = r1._c_problem(), r2._c_problem()
    a = Counter(placement_of(r1._sample_c(p1, 2 * k), r1) for k in range(200))
    b = Counter(placement_of(r2._sample_c(p2, 2 * k + 1), r2) for k in range(200))
    assert homogeneity(a, b) > 1e-3


def test_the_problem_is_validated() -> None:
    game = played(4, 120, engine="c")
    r = Resampler(game, 1, observations(game, 1))
    spec = r._c_spec()
    assert spec is not None
    cls = type(r._c_problem())
    cls(spec)  # the real one is accepted
    bad: list[dict[str, Any]] = [
        {**spec, "seat": 4},
        {**spec, "dealer": -1},
        {**spec, "front": 200},
        {**spec, "dp": [0, 1, 2, 3]},
        {**spec, "regular": [300]},
        {**spec, "steps": [(0, 9, ())]},
        {**spec, "steps": [(0, 0, (200,))]},
        {**spec, "options": []},
        {k: v for k, v in spec.items() if k != "seats"},
    ]
    for b in bad:
        with pytest.raises(ValueError):
            cls(b)
    problem = cls(spec)
    with pytest.raises(ValueError):
        problem.state(-1)
    with pytest.raises(ValueError):
        problem.state(1 << 64)


def test_written_state_equals_the_replayed_one() -> None:
    # parlour_sr_patch writes a draw into a copy of the first draw's state;
    # the result must be the very state a replay of that draw's deal makes,
    # byte for byte, and the engine's own check must accept it.
    patched = 0
    for game in states("c", 14):
        for seat in range(4):
            r = Resampler(game, seat, observations(game, seat))
            problem = r._c_problem()
            if problem is None:
                continue
            problem.state(1)  # the template
            for seed in range(2, 5):
                a, b = problem.state(seed), problem.replayed(seed)
                assert pickle.dumps(a) == pickle.dumps(b)
                assert pickle.loads(pickle.dumps(a)).to_act == a.to_act
            patched += problem.patching
    assert patched > 20
