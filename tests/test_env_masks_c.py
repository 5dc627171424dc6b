"""The learning interface of Sì Sè Pái, Shrine Wars and The Nine Domains on
the C engine: ``legal_mask``, ``action_from_id`` and ``rewards`` answered by
the C core from the engine's state (the binding's ``legal_mask``,
``action_of_id`` and ``rewards`` of each game's state), equal to the pure
engine's answers (the reference) at every step of seeded episodes, for
every seat (seats not to act included: their masks are all false), under
the games' main rule variants; bad seats and ids raise the same errors.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from parlour import _backend, ninedomains, shrinewars, sisepai
from parlour.errors import IllegalActionError

pytestmark = pytest.mark.skipif(
    "c" not in _backend.available(), reason="the C core answers for the C engines"
)

NINE_BOTH = ("red", "green", "blue", "purple", "red", "green", "blue", "purple", "half-purple")
NINE_HALVES = ("half-purple",) * 6 + ("red", "green", "blue")

# (name, make(rules, seed, engine), rules, seeds)
Make = Callable[[Any, int, str], Any]


def _sw(players: int) -> Make:
    def make(rules: Any, seed: int, engine: str) -> Any:
        return shrinewars.Game(rules, seed=seed, players=players, engine=engine)

    return make


def _ssp(rules: Any, seed: int, engine: str) -> Any:
    return sisepai.Game(rules, seed=seed, engine=engine)


def _nd(rules: Any, seed: int, engine: str) -> Any:
    return ninedomains.Game(rules, seed=seed, engine=engine)


CASES: list[tuple[str, Make, Any, range]] = [
    ("shrinewars-4", _sw(4), shrinewars.Rules(), range(3)),
    ("shrinewars-2-open", _sw(2), shrinewars.Rules(open_table=True), range(2)),
    ("shrinewars-3-oinks3", _sw(3), shrinewars.Rules(oinks=3), range(3)),
    ("shrinewars-6-oinks1", _sw(6), shrinewars.Rules(oinks=1, open_table=True), range(3)),
    ("shrinewars-5-oinks0", _sw(5), shrinewars.Rules(oinks=0), range(2)),
    ("sisepai", _ssp, sisepai.Rules(), range(4)),
    ("sisepai-min9", _ssp, sisepai.Rules(min_score=9), range(3)),
    ("sisepai-concealed", _ssp, sisepai.Rules(concealed_triple=3), range(3)),
    (
        "sisepai-points",
        _ssp,
        sisepai.Rules(general=0, flower=0, pair=1, quad=5, field=3, soldiers3=2),
        range(3),
    ),
    ("ninedomains", _nd, ninedomains.Rules(), range(6)),
    ("ninedomains-domains", _nd, ninedomains.Rules(tie_break="domains"), range(4)),
    ("ninedomains-both", _nd, ninedomains.Rules(elements=NINE_BOTH), range(4)),
    ("ninedomains-halves", _nd, ninedomains.Rules(elements=NINE_HALVES), range(4)),
]
IDS = [c[0] for c in CASES]


def _answer(call: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    # What call(*args) returns, or the type and text of what it raises.
    try:
        got = call(*args)
    except Exception as e:
        return ("raised", (type(e), str(e)))
    return ("returned", got)


def _same_mask(fast: Any, pure: Any, where: str) -> None:
    assert isinstance(fast, np.ndarray), where
    assert fast.dtype == pure.dtype == np.bool_, where
    assert fast.shape == pure.shape, where
    assert fast.flags.writeable and fast.flags.c_contiguous and fast.flags.owndata, where
    assert (fast == pure).all(), f"{where}: ids {np.flatnonzero(fast != pure)[:8]}"


def _payment_ids(game: Any, seat: int) -> list[int]:
    # Shrine Wars: every split of a few amounts over the lot's elements (any
    # payment apply takes is legal by its id, not only the default one the
    # mask marks), and splits beyond what the seat holds.
    ids = game._ids
    els = game.lot_elements
    out = []
    for amount in [*game.bid_amounts(seat)[:6], 1, 2, 9, 10, 11]:
        for x in range(amount + 1):
            paid = [0, 0, 0, 0]
            if len(els) == 1:
                paid[els[0]] = amount
            elif len(els) == 2:
                paid[els[0]], paid[els[1]] = x, amount - x
            else:
                continue
            if max(paid) <= ids.most and sum(1 for p in paid if p) in (1, 2):
                out.append(ids.of_payment(paid))
    return out


def _ids_to_try(name: str, pure: Any, seat: int, rng: random.Random) -> list[int]:
    n = pure.num_action_ids
    legal = [int(i) for i in np.flatnonzero(pure.legal_mask(seat))]
    some = [rng.randrange(n) for _ in range(6)] + [0, n - 1]
    if name.startswith("shrinewars") and seat in pure.to_act:
        some += _payment_ids(pure, seat)
    return legal + some


def _episode(name: str, make: Make, rules: Any, seed: int) -> Iterator[tuple[Any, Any, str]]:
    # Both engines through one seeded game, yielded before every action
    # and once over; the actions drawn from the pure engine's legal lists,
    # a heuristic bot playing every other seed (longer games, scores).
    fast, pure = make(rules, seed, "c"), make(rules, seed, "python")
    assert fast.engine == "c" and pure.engine == "python"
    module = {"shrinewars": shrinewars, "sisepai": sisepai, "ninedomains": ninedomains}[
        name.split("-")[0]
    ]
    bot = module.HeuristicBot() if seed % 2 else module.RandomBot()
    rng = random.Random(seed)
    step = 0
    while True:
        yield fast, pure, f"{name} seed {seed} step {step}"
        if pure.is_over:
            return
        seat = sorted(pure.to_act)[0]
        action = bot.act(pure.observation(seat), pure.legal_actions(seat), rng)
        fast.apply(seat, action)
        pure.apply(seat, action)
        step += 1


@pytest.mark.parametrize(("name", "make", "rules", "seeds"), CASES, ids=IDS)
def test_masks_ids_and_rewards_match_the_pure_engine(
    name: str, make: Make, rules: Any, seeds: range
) -> None:
    for seed in seeds:
        rng = random.Random(1000 + seed)
        paid_fast = [0.0] * 6
        paid_pure = [0.0] * 6
        for fast, pure, where in _episode(name, make, rules, seed):
            for seat in range(pure.num_players):
                here = f"{where} seat {seat}"
                _same_mask(fast.legal_mask(seat), pure.legal_mask(seat), here)
                if seat not in pure.to_act:
                    assert not fast.legal_mask(seat).any(), here
                for i in _ids_to_try(name, pure, seat, rng):
                    got = _answer(fast.action_from_id, i, seat)
                    want = _answer(pure.action_from_id, i, seat)
                    assert got == want, f"{here} id {i}: {got} != {want}"
                    if got[0] == "returned":
                        assert type(got[1]) is type(want[1]), here
                        assert fast.action_id(got[1]) == i == pure.action_id(want[1]), here
            got_r, want_r = fast.rewards(), pure.rewards()
            assert got_r == want_r, f"{where}: rewards {got_r} != {want_r}"
            assert all(type(x) is float for x in got_r), where
            assert fast.__dict__.get("_rewarded") == pure.__dict__.get("_rewarded"), where
            for s, r in enumerate(got_r):
                paid_fast[s] += r
            for s, r in enumerate(want_r):
                paid_pure[s] += r
        # Asked again with nothing new: zeros.
        assert fast.rewards() == pure.rewards() == (0.0,) * pure.num_players
        assert paid_fast == paid_pure
        scores = pure.result.scores
        assert paid_fast[: len(scores)] == pytest.approx([float(x) for x in scores])


BAD_SEATS: list[Any] = [-1, 99, 1.5, "0", True, None, np.int64(0)]


BAD_CASES = [
    c for c in CASES if c[0] in ("shrinewars-4", "shrinewars-5-oinks0", "sisepai", "ninedomains")
]


@pytest.mark.parametrize(
    ("name", "make", "rules", "seeds"), BAD_CASES, ids=[c[0] for c in BAD_CASES]
)
def test_bad_seats_and_ids_raise_the_same_errors(
    name: str, make: Make, rules: Any, seeds: range
) -> None:
    fast, pure = make(rules, 1, "c"), make(rules, 1, "python")
    seat = sorted(pure.to_act)[0]
    legal = int(np.flatnonzero(pure.legal_mask(seat))[0])
    n = pure.num_action_ids
    for bad in [*BAD_SEATS, pure.num_players]:
        got = _answer(fast.legal_mask, bad)
        want = _answer(pure.legal_mask, bad)
        if want[0] == "returned":  # a seat numpy's int stands for
            assert got[0] == "returned", bad
            _same_mask(got[1], want[1], repr(bad))
        else:
            assert got == want, bad
        assert _answer(fast.action_from_id, legal, bad) == _answer(
            pure.action_from_id, legal, bad
        ), bad
    for i in [-1, n, n + 10**12, 1.5, "0", True, None, np.int64(legal), np.int8(-1), 2**70]:
        assert _answer(fast.action_from_id, i, seat) == _answer(pure.action_from_id, i, seat), i
        assert _answer(fast.action_from_id, i) == _answer(pure.action_from_id, i), i
    assert _answer(fast.action_from_id, legal) == _answer(pure.action_from_id, legal)


# The binding's calls answer None (the Python path then answers or raises)
# for what they do not serve, and never write out of bounds.


def test_the_shrine_wars_state_refuses_bad_arguments() -> None:
    sw = shrinewars.Game(seed=2, engine="c")
    state = sw._engine.state
    seat = sw.to_act[0]
    n = sw.num_action_ids
    assert state.legal_mask(seat, n) is not None
    for bad_n in (0, 1, n - 1, n + 1, 10**6, -5):
        assert state.legal_mask(seat, bad_n) is None
    for bad_seat in (-1, 4, 6, 2**40, True, 0.0):
        assert state.legal_mask(bad_seat, n) is None
        assert state.action_of_id(bad_seat, 0) is None
    for bad_id in (-1, n, 2**40, 2**80, True, 0.0):
        assert state.action_of_id(seat, bad_id) is None


def test_the_sisepai_state_refuses_bad_arguments() -> None:
    state = sisepai.Game(seed=2, engine="c")._engine.state
    for bad_seat in (-1, 4, True, 2**70):
        assert state.legal_mask(bad_seat) is None
        assert state.action_of_id(bad_seat, 0) is None
    for bad_id in (-1, 96, 2**70, True):
        assert state.action_of_id(0, bad_id) is None


def test_the_nine_domains_state_refuses_bad_arguments() -> None:
    nd = ninedomains.Game(seed=2, engine="c")
    for bad_seat in (-1, 2, True, 2**70):
        assert nd._engine._s.action_of_id(bad_seat, 0) is None
    for bad_id in (-1, nd.num_action_ids, 2**70, True):
        assert nd._engine._s.action_of_id(0, bad_id) is None
    with pytest.raises(ValueError):
        nd._engine._s.legal_mask(2)


def test_a_shrine_wars_state_not_known_good_is_answered_in_python() -> None:
    # After set_bytes of a state the check refuses, the C answers step
    # aside: the Python path answers from the engine's views as before.
    game = shrinewars.Game(seed=4, engine="c")
    state = game._engine.state
    data = bytearray(state.state_bytes())
    data[0:4] = (99).to_bytes(4, "little")  # players: no game has 99
    state.set_bytes(bytes(data))
    assert state.check() != 0
    assert state.legal_mask(0, game.num_action_ids) is None
    assert state.action_of_id(0, 0) is None
    assert state.rewards({}) is None


@pytest.mark.parametrize(
    ("name", "make", "rules", "seeds"),
    [c for c in CASES if c[0].startswith("sisepai")],
    ids=[c[0] for c in CASES if c[0].startswith("sisepai")],
)
def test_the_sisepai_heuristic_bot_chooses_in_c_as_in_python(
    name: str, make: Make, rules: Any, seeds: range
) -> None:
    # On a C-engine observation of the state as it is, with its legal list,
    # HeuristicBot chooses in C (parlour_ssb_heuristic): the Python code's
    # choice, on both engines, at every decision of seeded episodes.
    bot = sisepai.HeuristicBot()
    asked = 0
    for seed in seeds:
        for fast, pure, where in _episode(name, make, rules, seed):
            for seat in pure.to_act:
                legal = fast.legal_actions(seat)
                got = bot.act(fast.observation(seat), legal, random.Random(0))
                want = bot._act_python(pure.observation(seat), pure.legal_actions(seat))
                assert got == want, f"{where} seat {seat}"
                assert got is legal[legal.index(got)], where
                assert got == bot._act_python(fast.observation(seat), legal), where
                asked += 1
    assert asked > 100


def test_a_subclass_hooks_are_asked() -> None:
    # The C core answers for the games' own classes only: a subclass's
    # _running_scores, _actions_of_id and _legal_actions rule its answers.
    class Scored(shrinewars.Game):
        def _running_scores(self) -> tuple[float, ...]:
            return (7.0,) * self.num_players

        def _actions_of_id(self, seat: int, i: int) -> list[Any]:
            return []

    game = Scored(seed=1, engine="c")
    assert game.rewards() == (7.0,) * 4
    with pytest.raises(IllegalActionError):
        game.action_from_id(0, game.to_act[0])

    class Passing(sisepai.Game):
        def _legal_actions(self, seat: int) -> list[Any]:
            return [sisepai.Pass()]

    ssp = Passing(seed=1, engine="c")
    seat = ssp.to_act[0]
    assert list(np.flatnonzero(ssp.legal_mask(seat))) == [ssp.action_id(sisepai.Pass())]

    class Domains(ninedomains.Game):
        def _running_scores(self) -> tuple[float, ...]:
            return (1.0, 2.0)

    assert Domains(seed=1, engine="c").rewards() == (1.0, 2.0)
