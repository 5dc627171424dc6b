"""The Sichuan engine passes the generic conformance check and its basic contracts."""

from __future__ import annotations

import json
import random
from types import ModuleType

import numpy as np
import pytest

import parlour
from conformance import check_conformance
from parlour import IllegalActionError, NotationError, RecordError, _backend
from parlour._codes.sichuan import (
    SG_OBS_HAND,
    SG_OBS_PHASE,
    SG_OBS_SEAT_DISCARDS,
    SG_OBS_SEAT_END,
    SG_OBS_SEAT_MISSING,
    SG_OBS_SEAT_WON,
    SG_OBS_SEATS,
    SG_OBS_WALL,
)
from parlour.sichuan import (
    OBS_SHAPE,
    Declare,
    Discard,
    Exchange,
    Game,
    HeuristicBot,
    Kong,
    Pass,
    Pung,
    RandomBot,
    Rules,
    SichuanObservation,
    Win,
    parse_tile,
    tile_name,
)


# A few deals in the README's run; many more in the slow profile.
@pytest.mark.parametrize(
    "seeds", [range(6), pytest.param(range(6, 30), marks=pytest.mark.slow)], ids=["few", "more"]
)
def test_conformance(backend: ModuleType, seeds: range) -> None:
    check_conformance(lambda seed: Game(seed=seed), seeds=seeds)


@pytest.mark.parametrize(
    "seeds", [range(3), pytest.param(range(3, 15), marks=pytest.mark.slow)], ids=["few", "more"]
)
def test_conformance_with_every_variant(backend: ModuleType, seeds: range) -> None:
    rules = Rules(exchange_three=True, self_draw_doubles=True, call_transfer=True, fan_cap=None)
    check_conformance(lambda seed: Game(rules, seed=seed, dealer="random"), seeds=seeds)


def test_registry_makes_the_game() -> None:
    game = parlour.make("sichuan", seed=3)
    assert isinstance(game, Game)
    assert game.to_act == (0, 1, 2, 3)


@pytest.mark.parametrize(
    "action",
    [
        Declare("m"),
        Discard(0),
        Discard(107),
        Win(),
        Pass(),
        Pung(4),
        Kong(26),
        Exchange((0, 1, 35)),
    ],
)
def test_action_notation_round_trips(action: parlour.Action) -> None:
    text = str(action)
    assert Game(seed=0).parse_action(text) == action
    assert eval(repr(action), vars(parlour.sichuan)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "discard",
        "discard 5m",
        "discard 0m#1",
        "discard 5m#4",
        "pung 5",
        "pung 10m",
        "kong 5z",
        "declare z",
        "declare",
        "win now",
        "exchange 1m#0 1m#0 2m#0",
        "exchange 2m#0 1m#0 3m#0",
        "chow 123m",
        "pass 1m",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Game(seed=0).parse_action(text)


def test_tile_names() -> None:
    assert [tile_name(t) for t in (0, 3, 18, 107)] == ["1m#0", "1m#3", "5m#2", "9s#3"]
    assert all(parse_tile(tile_name(t)) == t for t in range(108))
    with pytest.raises(ValueError):
        tile_name(108)


def test_bad_construction_arguments() -> None:
    with pytest.raises(ValueError):
        Game(wall=list(range(107)))
    with pytest.raises(ValueError):
        Game(wall=[0] * 108)
    with pytest.raises(ValueError):
        Game(wall=[*range(107), 200])
    with pytest.raises(ValueError):
        Game(dealer=4)
    with pytest.raises(ValueError):
        Game(dealer=True)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Game(rules="fast")  # type: ignore[arg-type]


def test_seed_gives_the_same_deal_and_random_dealer() -> None:
    a, b = Game(seed=11), Game(seed=11)
    assert a.record() == b.record()
    assert Game(seed=12).record()["deal"] != a.record()["deal"]
    dealers = {Game(seed=s, dealer="random").dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_deal_sizes_follow_the_dealer() -> None:
    wall = list(range(108))
    game = Game(wall=wall, dealer=2)
    assert game.tiles(2) == tuple(range(14))
    assert game.tiles(3) == tuple(range(14, 27))
    assert game.tiles(0) == tuple(range(27, 40))
    assert game.tiles(1) == tuple(range(40, 53))
    assert game.wall_remaining == 55


def test_observation_hides_other_hands_and_the_wall() -> None:
    game = Game(seed=4)
    for s in range(4):
        game.apply(s, "declare m")
    obs = game.observation(1)
    assert isinstance(obs, SichuanObservation)
    text = json.dumps(obs.to_dict())
    assert "wall" not in obs.to_dict() or isinstance(obs.to_dict()["wall_remaining"], int)
    assert obs.hand == game.tiles(1)
    assert obs.public_hands == (None, None, None, None)
    assert "legal_actions" in text
    assert obs.to_array().shape == OBS_SHAPE
    # nothing in the observation names a tile seat 1 cannot see
    own = set(game.tiles(1))
    seen = {int(t) for t in obs.hand} | {d.tile for d in obs.discards}
    assert seen <= own | {d.tile for d in obs.discards}


def test_declarations_stay_hidden_until_all_declared() -> None:
    game = Game(seed=4)
    game.apply(2, "declare s")
    assert game.observation(0).missing == (None, None, None, None)
    assert game.observation(2).missing == (None, None, "s", None)
    assert game.to_act == (0, 1, 3)
    for s in (0, 1, 3):
        game.apply(s, "declare m")
    assert game.observation(0).missing == ("m", "m", "s", "m")


def test_illegal_actions_change_nothing() -> None:
    game = Game(seed=9)
    before = game.record()
    with pytest.raises(IllegalActionError):
        game.apply(0, "discard 1m#0")
    with pytest.raises(IllegalActionError):
        game.apply(0, "banana")
    assert game.record() == before


def test_tampered_record_is_refused() -> None:
    game = Game(seed=2)
    parlour.play(game, [RandomBot() for _ in range(4)], seed=2)
    record = game.record()
    bad_wall = dict(record, deal=dict(record["deal"], wall=record["deal"]["wall"][:-1]))
    with pytest.raises(RecordError):
        Game.from_record(bad_wall)
    with pytest.raises(RecordError):
        Game.from_record(dict(record, deal=dict(record["deal"], dealer=7)))
    with pytest.raises(RecordError):
        Game.from_record(dict(record, deal=dict(record["deal"], exchange_direction="next")))
    swapped = dict(record, actions=[record["actions"][1], *record["actions"][2:]])
    with pytest.raises(RecordError):
        Game.from_record(swapped)


def test_heuristic_game_through_public_api(backend: ModuleType) -> None:
    game = Game(seed=21)
    result = parlour.play(game, [HeuristicBot() for _ in range(4)], seed=21)
    assert sum(result.scores) == 0
    assert result.scores == tuple(
        sum(p.amount for p in result.ledger if p.payee == s)
        - sum(p.amount for p in result.ledger if p.payer == s)
        for s in range(4)
    )
    assert str(game.events[0]).startswith("table: deal")
    replay = Game.from_record(json.loads(json.dumps(game.record())))
    assert replay.result == result


def test_observation_array_layout() -> None:
    game = Game(seed=6)
    parlour.play(game, [HeuristicBot() for _ in range(4)], seed=6)
    for seat in range(4):
        obs = game.observation(seat)
        arr = obs.to_array()
        assert arr.shape == OBS_SHAPE and arr.dtype.name == "float32"
        # a thermometer's planes sum to the count
        assert arr[SG_OBS_HAND : SG_OBS_HAND + 4].sum() == len(obs.hand)
        for r in range(4):
            s = (seat + r) % 4
            base = SG_OBS_SEATS + r * SG_OBS_SEAT_END
            made = sum(1 for d in obs.discards if d.seat == s)
            assert arr[base + SG_OBS_SEAT_DISCARDS : base + SG_OBS_SEAT_DISCARDS + 4].sum() == made
            assert (arr[base + SG_OBS_SEAT_WON] == float(obs.won[s])).all()
            assert arr[base + SG_OBS_SEAT_MISSING].sum() == 9  # missing suits are revealed
        assert (arr[SG_OBS_PHASE + 5] == 1).all()  # phase "over"
        assert (arr[SG_OBS_WALL] == np.float32(obs.wall_remaining) / np.float32(55)).all()


# -- fast paths agree with the plain formulations ----------------------------------------


def _reference_discard(obs: SichuanObservation, discards: list[Discard]) -> Discard:
    """The heuristic bot's discard rule written directly over numpy batches."""
    import numpy as np

    from parlour.sichuan import batch

    if len(discards) == 1:
        return discards[0]
    counts = [0] * 27
    for t in obs.hand:
        counts[t >> 2] += 1
    missing = obs.missing[obs.seat]
    nmelds = len(obs.melds[obs.seat])
    first: dict[int, Discard] = {}
    for d in discards:
        first.setdefault(d.tile >> 2, d)
    kinds = sorted(first)
    if len(kinds) == 1:
        return first[kinds[0]]
    eye = np.eye(27, dtype=np.uint8)
    rows13 = np.ascontiguousarray(np.array(counts, dtype=np.uint8)[None, :] - eye[kinds])
    sh13 = batch.shanten(rows13, np.full(len(kinds), nmelds, np.uint8), missing_suit=missing)
    best = int(sh13.min())
    keep = [i for i in range(len(kinds)) if sh13[i] == best]
    if len(keep) == 1:
        return first[kinds[keep[0]]]
    seen = np.array(counts, dtype=np.int64)
    for melds in obs.melds:
        for m in melds:
            if m.kind is not None:
                seen[m.kind] += 3 if m.type == "pung" else 4
    for d in obs.discards:
        if d.taken in ("", "win", "robbed"):
            seen[d.tile >> 2] += 1
    live = np.clip(4 - seen, 0, 4)
    if missing is not None:
        m = "mps".index(missing)
        live[9 * m : 9 * m + 9] = 0
    rows14 = np.minimum(rows13[keep][:, None, :] + eye[None, :, :], 4).reshape(-1, 27)
    sh14 = batch.shanten(
        np.ascontiguousarray(rows14),
        np.full(rows14.shape[0], nmelds, np.uint8),
        missing_suit=missing,
    ).reshape(len(keep), 27)
    gain = ((sh14 < best) * live[None, :]).sum(axis=1)
    return first[kinds[keep[int(np.argmax(gain))]]]


def test_heuristic_discard_matches_the_batch_formulation(backend: ModuleType) -> None:
    # Every discard of seeded bot games (heuristic and random seats mixed, so
    # that odd hands with melds and missing-suit tiles come up).
    bot = HeuristicBot()
    checked = 0
    games = 2 if backend.__name__.endswith("_pure") else 40
    for seed in range(games):
        game = Game(Rules(exchange_three=seed % 2 == 1), seed=seed)
        bots = [HeuristicBot() if (s + seed) % 3 else RandomBot() for s in range(4)]
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            obs = game.observation(seat)
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards and not any(isinstance(a, Win) for a in legal):
                assert bot._discard(obs, discards) == _reference_discard(obs, discards)
                checked += 1
            game.apply(seat, bots[seat].act(obs, legal, rng))
    assert checked > games * 20


_NO_WAITS_YET = ("exchange", "declare", "over")


@pytest.mark.parametrize("engine", _backend.available())
def test_engine_views_match_the_state(engine: _backend.BackendName) -> None:
    # The hands, waits and observations (built at once by the pure engine,
    # field by field by the C one, whose waits are kept incrementally) equal
    # what a fresh computation gives, at every step of seeded games.
    from dataclasses import fields

    from parlour.sichuan import Hand, waits

    for seed in range(8):
        game = Game(Rules(exchange_three=seed % 2 == 0), seed=seed, engine=engine)
        parlour_rng = random.Random(seed)
        bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
        while not game.is_over:
            for s in range(4):
                hand = game.hand(s)
                plain = Hand(hand.counts, hand.melds)
                for slot in Hand.__slots__:
                    assert getattr(hand, slot) == getattr(plain, slot)
                obs = game.observation(s)
                fresh = SichuanObservation(**{f.name: getattr(obs, f.name) for f in fields(obs)})
                assert obs == fresh
                if engine == "python":
                    assert list(vars(obs)) == list(vars(fresh))
                assert obs.hand == game.tiles(s)
                missing = game.missing_suit(s)
                if missing is not None and plain.size == 13 and game.phase not in _NO_WAITS_YET:
                    held_missing = any(t // 36 == "mps".index(missing) for t in game.tiles(s))
                    expected = () if held_missing else waits(plain, missing_suit=missing)
                    assert tuple(sorted(game._wait_kinds(s))) == tuple(
                        "mps".index(w[1]) * 9 + int(w[0]) - 1 for w in expected
                    )
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            game.apply(seat, bots[seat].act(game.observation(seat), legal, parlour_rng))


def test_bot_hand_builder_matches_the_constructor() -> None:
    from parlour.sichuan import Hand, Meld
    from parlour.sichuan.hand import valid_hand as _hand

    rng = random.Random(5)
    for _ in range(2000):
        tiles = rng.sample(range(108), 14)
        melds: list[Meld] = []
        counts = [0] * 27
        for t in tiles:
            counts[t >> 2] += 1
        for k in range(27):
            if counts[k] >= 3 and rng.random() < 0.5 and len(melds) < 4:
                counts[k] -= 3
                melds.append(Meld(k, rng.choice(["pung", "kong", "concealed_kong"])))
        counts[rng.randrange(27)] += rng.choice([0, 0, 1, 5])  # sometimes invalid
        try:
            plain = Hand(counts, melds)
        except NotationError as exc:
            with pytest.raises(NotationError) as again:
                _hand(counts, melds)
            assert str(again.value) == str(exc)
            continue
        fast = _hand(counts, melds)
        assert type(fast) is Hand
        for slot in Hand.__slots__:
            assert getattr(fast, slot) == getattr(plain, slot)
