"""The C Sichuan engine against its pure-Python twin, in lock step.

Both engines get the same deal and the same actions; after every step every
public view must agree: whose turn, each seat's legal actions and
observation, the event log, the ledger, the wins, and at the end the result
and the record. Bots choose from the pure engine's view, so the games go
wherever the rules lead (kongs, robbing, several winners, exhaustion).
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import parlour
from parlour import _backend
from parlour.sichuan import Game, HeuristicBot, RandomBot, Rules
from parlour.sichuan.game import Discard, Pung

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")

VARIANTS = [
    Rules(),
    Rules(exchange_three=True),
    Rules(self_draw_doubles=True, call_transfer=True),
    Rules(fan_cap=None, flower_pig_penalty=0),
    Rules(fan_cap=2, exchange_three=True, call_transfer=True),
]


def _pair(rules: Rules, seed: int, dealer: Any = 0) -> tuple[Game, Game]:
    pure = Game(rules, seed=seed, dealer=dealer, engine="python")
    fast = Game(rules, seed=seed, dealer=dealer, engine="c")
    assert pure.engine == "python" and fast.engine == "c"
    return pure, fast


def _views(game: Game) -> dict[str, Any]:
    out: dict[str, Any] = {
        "to_act": game.to_act,
        "is_over": game.is_over,
        "phase": game.phase,
        "wall_remaining": game.wall_remaining,
        "events": game.events,
        "ledger": game.ledger,
        "wins": game.wins,
    }
    for s in range(4):
        out[f"legal{s}"] = game.legal_actions(s)
        out[f"obs{s}"] = game.observation(s).to_dict()
        out[f"tiles{s}"] = game.tiles(s)
        out[f"hand{s}"] = game.hand(s)
        out[f"missing{s}"] = game.missing_suit(s)
    return out


def _lockstep(rules: Rules, seed: int, bots: list[Any], dealer: Any = 0) -> tuple[Game, Game]:
    pure, fast = _pair(rules, seed, dealer)
    rng = random.Random(seed)
    while True:
        assert _views(pure) == _views(fast)
        if pure.is_over:
            break
        seat = pure.to_act[0]
        legal = pure.legal_actions(seat)
        action = bots[seat].act(pure.observation(seat), legal, rng)
        pure.apply(seat, action)
        fast.apply(seat, action)
    assert pure.result == fast.result
    assert pure.record() == fast.record()
    return pure, fast


# Every variant in the README's run; twelve deals each in the slow profile.
_DEALS = [(v, 2) for v in range(len(VARIANTS))] + [
    pytest.param(v, 12, marks=pytest.mark.slow) for v in range(len(VARIANTS))
]


@pytest.mark.parametrize(("variant", "deals"), _DEALS)
def test_engines_agree_on_random_games(variant: int, deals: int) -> None:
    for seed in range(deals):
        _lockstep(VARIANTS[variant], seed, [RandomBot() for _ in range(4)], dealer=seed % 4)


@pytest.mark.parametrize(("variant", "deals"), _DEALS)
def test_engines_agree_on_heuristic_games(variant: int, deals: int) -> None:
    bots = [HeuristicBot(), HeuristicBot(), RandomBot(), HeuristicBot()]
    for seed in range(deals):
        _lockstep(VARIANTS[variant], 100 + seed, bots, dealer="random")


@pytest.mark.parametrize(
    "seeds", [range(60), pytest.param(range(60, 400), marks=pytest.mark.slow)], ids=["few", "more"]
)
def test_engines_agree_on_many_quick_games(seeds: range) -> None:
    # Only the result, record and final views, over many more deals.
    bots = [HeuristicBot(), RandomBot(), HeuristicBot(), HeuristicBot()]
    for seed in seeds:
        rules = VARIANTS[seed % len(VARIANTS)]
        pure, fast = _pair(rules, 1000 + seed)
        assert parlour.play(pure, bots, seed=seed) == parlour.play(fast, bots, seed=seed)
        assert pure.record() == fast.record()
        assert _views(pure) == _views(fast)


def test_engines_refuse_the_same_actions() -> None:
    rng = random.Random(3)
    pure, fast = _pair(Rules(), 11)
    bots = [RandomBot() for _ in range(4)]
    probes: list[Any] = [Discard(t) for t in range(0, 108, 7)] + [Pung(k) for k in range(0, 27, 5)]
    probes += ["win", "pass", "kong 5m", "declare m", "exchange 1m#0 2m#0 3m#0", "nonsense"]
    while not pure.is_over:
        for seat in range(4):
            for probe in probes:
                outcomes = []
                for game in (pure, fast):
                    try:
                        game.verify_action(seat, probe)
                        outcomes.append("ok")
                    except parlour.IllegalActionError as exc:
                        outcomes.append(str(exc))
                assert outcomes[0] == outcomes[1], (seat, probe)
        seat = pure.to_act[0]
        action = bots[seat].act(None, pure.legal_actions(seat), rng)
        pure.apply(seat, action)
        fast.apply(seat, action)
    assert pure.record() == fast.record()


def test_compiled_observations_are_frozen_snapshots() -> None:
    game = Game(seed=4, engine="c")
    early = game.observation(0)
    parlour.play(game, [RandomBot() for _ in range(4)], seed=4)
    assert early.phase == "declare" and early.ledger == () and len(early.hand) == 14
    assert early == pickle.loads(pickle.dumps(early))
    assert copy.deepcopy(early) == early


@pytest.mark.parametrize("engine", ["c", "python"])
def test_game_copies_and_pickles(engine: Any) -> None:
    game = Game(Rules(exchange_three=True), seed=8, engine=engine)
    rng = random.Random(8)
    bots = [RandomBot() for _ in range(4)]
    for _ in range(60):
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(None, game.legal_actions(seat), rng))
    for twin in (
        game.clone(),
        copy.copy(game),
        copy.deepcopy(game),
        pickle.loads(pickle.dumps(game)),
    ):
        assert twin.engine == engine
        assert _views(twin) == _views(game)
        parlour.play(twin, bots, seed=1)
        assert twin.is_over and not game.is_over
        assert Game.from_record(twin.record()).record() == twin.record()


def test_the_engine_is_chosen_at_construction() -> None:
    # None follows the live backend; a name forces one; replays follow the backend.
    for backend in ("c", "python"):
        with _backend.use(backend):
            assert Game(seed=1).engine == backend
            assert Game(seed=1, engine="python").engine == "python"
            assert Game(seed=1, engine="c").engine == "c"
            assert Game.from_record(Game(seed=1, engine="c").record()).engine == backend
    for wrong in ("C", "pure", 1, True):
        with pytest.raises(ValueError, match="engine must be 'c', 'python' or None"):
            Game(seed=1, engine=wrong)


def test_the_value_types_name_the_codes_of_the_table() -> None:
    # The Python names the engines hand out are the texts of
    # csrc/sichuan_codes.def, in code order.
    from typing import get_args

    from parlour._codes import sichuan as codes
    from parlour.sichuan import values

    assert get_args(values.Phase) == codes.SG_PHASE_NAMES
    assert len(values.ACTIONS_BY_CODE) == codes.SG_A_END
    for _, code, text, count in codes.SG_A:
        block = values.ACTIONS_BY_CODE[code : code + count]
        assert len(block) == count
        assert all(str(a).split()[0] == text for a in block)
