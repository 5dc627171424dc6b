"""The Sichuan learning interface: the action-id table against ids worked
out by hand from docs/learning/sichuan.rst, planes of known states, and
playouts of both engines in lock step checking at every state and for every
seat that the C mask, observation and oracle arrays equal the pure-Python
ones, that masks, ids and actions agree, and that rewards sum to the
scores."""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour.sichuan as sc
from parlour import IllegalActionError, NotationError, _backend, protocol
from parlour._codes.sichuan import (
    SG_OBS_DIRECTION,
    SG_OBS_DRAWN,
    SG_OBS_GIVEN,
    SG_OBS_HAND,
    SG_OBS_MAY_WIN,
    SG_OBS_MUST_ACT,
    SG_OBS_OFFER,
    SG_OBS_PHASE,
    SG_OBS_RECEIVED,
    SG_OBS_SEAT_DEALER,
    SG_OBS_SEAT_DISCARDS,
    SG_OBS_SEAT_END,
    SG_OBS_SEAT_HAND_SIZE,
    SG_OBS_SEAT_MISSING,
    SG_OBS_SEAT_OFFERING,
    SG_OBS_SEAT_PUNG,
    SG_OBS_SEAT_RECENT,
    SG_OBS_SEAT_TO_ACT,
    SG_OBS_SEATS,
    SG_OBS_SEEN,
    SG_OBS_WALL,
    SG_ORACLE_HANDS,
    SG_ORACLE_NEXT_DRAW,
    SG_ORACLE_NEXT_REPLACEMENT,
    SG_ORACLE_WALL,
)
from parlour.sichuan import (
    Declare,
    Discard,
    Exchange,
    Game,
    HeuristicBot,
    Kong,
    Pass,
    Pung,
    Rules,
    Win,
    parse_tile,
)
from parlour.sichuan.obs import encode

needs_c = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")

VARIANTS = [
    Rules(),
    Rules(exchange_three=True),
    Rules(call_transfer=True, self_draw_doubles=True, fan_cap=None),
]

# Ids worked out from the table: discard 0 (by kind), win 27, pass 28,
# pung 29 and kong 56 (by kind), declare 83 (m p s), exchange 86 (165 per
# suit; within a suit the multisets a <= b <= c of ranks 0..8 in
# lexicographic order: (0,0,0) is 0, (0,0,3) is 3, (0,3,3) is 9 + 8 + 7 = 24,
# (0,3,8) is 24 + 5 = 29, a = 0 holds 10 * 9 / 2 = 45, (8,8,8) is 164).
KNOWN: dict[str, int] = {
    "discard 1m#0": 0,
    "discard 5m#2": 4,  # kind 4
    "discard 5m#3": 4,  # the same kind, the same id
    "discard 1p#0": 9,
    "discard 9s#3": 26,
    "win": 27,
    "pass": 28,
    "pung 1m": 29,
    "pung 5m": 33,
    "pung 9s": 55,
    "kong 1m": 56,
    "kong 5m": 60,
    "kong 9s": 82,
    "declare m": 83,
    "declare p": 84,
    "declare s": 85,
    "exchange 1m#0 1m#1 1m#2": 86,
    "exchange 1m#0 1m#1 4m#2": 89,  # kinds (0, 0, 3)
    "exchange 1m#0 4m#1 4m#2": 86 + 24,  # (0, 3, 3)
    "exchange 1m#0 4m#1 9m#2": 86 + 29,  # (0, 3, 8)
    "exchange 9m#0 9m#1 9m#3": 86 + 164,
    "exchange 1p#0 1p#1 1p#2": 86 + 165,
    "exchange 2p#0 2p#1 3p#0": 86 + 165 + 46,  # (1, 1, 2): 45 with a = 0, then 1
    "exchange 9s#0 9s#1 9s#2": 580,
}


@pytest.mark.parametrize(("text", "expected"), KNOWN.items())
def test_known_ids(text: str, expected: int) -> None:
    game = Game(seed=1)
    assert game.action_id(text) == expected
    assert game.action_id(game.parse_action(text)) == expected


def test_the_id_space_is_the_same_for_every_variant() -> None:
    assert {Game(rules, seed=0).num_action_ids for rules in VARIANTS} == {581}
    assert Game(seed=0).legal_mask(0).shape == (581,)


def test_action_objects_and_text_agree() -> None:
    game = Game(seed=3)
    assert game.action_id(Discard(18)) == game.action_id("discard 5m#2") == 4
    assert game.action_id(Exchange((0, 5, 13))) == game.action_id("exchange 1m#0 2m#1 4m#1")
    assert game.action_id(Pung(4)) == game.action_id("pung 5m")
    assert game.action_id(Declare("p")) == 84


@dataclass(frozen=True)
class Foreign(protocol.Action):
    """An action of no Sichuan kind."""


@pytest.mark.parametrize(
    "action",
    [
        Discard(108),
        Discard(-1),
        Pung(27),
        Kong(-1),
        Declare("z"),  # type: ignore[arg-type]
        Exchange((0, 1, 40)),  # two suits
        Exchange((0, 0, 1)),  # a tile twice
        Foreign(),
    ],
)
def test_actions_outside_the_id_space_raise_value_error(action: protocol.Action) -> None:
    with pytest.raises(ValueError, match="not a Sichuan action"):
        Game(seed=0).action_id(action)


def test_bad_text_raises_notation_error() -> None:
    with pytest.raises(NotationError):
        Game(seed=0).action_id("discard 10m")


@pytest.mark.parametrize("engine", ["python", pytest.param("c", marks=needs_c)])
def test_bad_ids_raise_and_change_nothing(engine: str) -> None:
    game = Game(seed=2, engine=engine)  # type: ignore[arg-type]
    before = game.record()
    for bad in (-1, 581, True, 1.0, "28"):
        with pytest.raises(IllegalActionError):
            game.action_from_id(bad, 0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not legal"):
        game.action_from_id(28, 0)  # pass: no discard is on offer
    with pytest.raises(IllegalActionError):
        game.action_from_id(83, 7)
    with pytest.raises(ValueError):
        game.legal_mask(4)
    with pytest.raises(ValueError):
        game.oracle_array(-1)
    assert game.record() == before


@pytest.mark.parametrize("engine", ["python", pytest.param("c", marks=needs_c)])
def test_planes_of_the_opening(engine: str) -> None:
    game = Game(seed=5, engine=engine)  # type: ignore[arg-type]
    game.apply(2, "declare s")
    arr = game.observation(1).to_array()
    hand = game.tiles(1)
    counts = np.bincount([t >> 2 for t in hand], minlength=27)
    for i in range(4):
        assert arr[SG_OBS_HAND + i].tolist() == [float(c > i) for c in counts]
    # nothing is seen but the own hand; no drawn tile, no offer, no exchange
    assert (arr[SG_OBS_SEEN : SG_OBS_SEEN + 4] == arr[SG_OBS_HAND : SG_OBS_HAND + 4]).all()
    assert not arr[[SG_OBS_DRAWN, SG_OBS_OFFER, SG_OBS_GIVEN, SG_OBS_RECEIVED]].any()
    assert not arr[SG_OBS_DIRECTION : SG_OBS_DIRECTION + 3].any()
    assert (arr[SG_OBS_PHASE + 1] == 1).all() and arr[SG_OBS_PHASE : SG_OBS_PHASE + 6].sum() == 27
    assert (arr[SG_OBS_WALL] == 1).all()  # 55 / 55
    assert (arr[SG_OBS_MUST_ACT] == 1).all() and not arr[SG_OBS_MAY_WIN].any()
    for r in range(4):
        base = SG_OBS_SEATS + r * SG_OBS_SEAT_END
        s = (1 + r) % 4
        assert (arr[base + SG_OBS_SEAT_DEALER] == float(s == 0)).all()
        size = np.float32(14 if s == 0 else 13) / np.float32(14)
        assert (arr[base + SG_OBS_SEAT_HAND_SIZE] == size).all()
        # seat 2 has declared: it is no longer to act, and its suit is not public yet
        assert (arr[base + SG_OBS_SEAT_TO_ACT] == float(s != 2)).all()
        assert not arr[base + SG_OBS_SEAT_MISSING].any()
    # the own declaration shows at once, the others' once all are made
    game.apply(1, "declare p")
    arr = game.observation(1).to_array()
    assert arr[SG_OBS_SEATS + SG_OBS_SEAT_MISSING].tolist() == [0.0] * 9 + [1.0] * 9 + [0.0] * 9
    assert not arr[SG_OBS_SEATS + SG_OBS_SEAT_END + SG_OBS_SEAT_MISSING].any()


@pytest.mark.parametrize("engine", ["python", pytest.param("c", marks=needs_c)])
def test_planes_of_a_discard_on_offer(engine: str) -> None:
    game = Game(seed=5, engine=engine)  # type: ignore[arg-type]
    for s in range(4):
        game.apply(s, "declare m")
    tile = [a for a in game.legal_actions(0) if isinstance(a, Discard)][-1].tile
    game.apply(0, Discard(tile))
    arr = game.observation(2).to_array()
    kind = tile >> 2
    assert arr[SG_OBS_OFFER].tolist() == [float(k == kind) for k in range(27)]
    # seat 0 is relative seat 2 of seat 2: it offers, its discard is its newest
    base = SG_OBS_SEATS + 2 * SG_OBS_SEAT_END
    assert (arr[base + SG_OBS_SEAT_OFFERING] == 1).all()
    assert arr[base + SG_OBS_SEAT_RECENT, kind] == 1 and arr[base + SG_OBS_SEAT_RECENT].sum() == 1
    assert arr[base + SG_OBS_SEAT_DISCARDS, kind] == 1
    assert arr[SG_OBS_SEEN, kind] == 1
    assert (arr[SG_OBS_PHASE + 3] == 1).all()  # claim
    assert (arr[SG_OBS_MUST_ACT] == 1).all()
    oracle = game.oracle_array(2)
    assert (oracle[: len(arr)] == arr).all()
    # the privileged planes: seat 3's hand (relative 1) and the untouched wall
    counts = np.bincount([t >> 2 for t in game.tiles(3)], minlength=27)
    assert oracle[SG_ORACLE_HANDS : SG_ORACLE_HANDS + 4].sum(axis=0).tolist() == counts.tolist()
    wall = game._deal_record()["wall"][53:]
    wall_counts = np.bincount([t >> 2 for t in wall], minlength=27)
    assert oracle[SG_ORACLE_WALL : SG_ORACLE_WALL + 4].sum(axis=0).tolist() == wall_counts.tolist()
    assert oracle[SG_ORACLE_NEXT_DRAW].argmax() == wall[0] >> 2
    assert oracle[SG_ORACLE_NEXT_REPLACEMENT].argmax() == wall[-1] >> 2


def test_exchange_planes_and_ids() -> None:
    game = Game(Rules(exchange_three=True), seed=9)
    picks = {}
    for s in range(4):
        legal = game.legal_actions(s)
        mask = game.legal_mask(s)
        assert mask[86:].sum() == len({game.action_id(a) for a in legal})
        picks[s] = legal[0]
        game.apply(s, legal[0])
    obs = game.observation(1)
    arr = obs.to_array()
    given = np.bincount([t >> 2 for t in picks[1].tiles], minlength=27) / np.float32(3)  # type: ignore[attr-defined]
    assert (arr[SG_OBS_GIVEN] == given.astype(np.float32)).all()
    step = ("next", "across", "previous").index(obs.exchange_direction)  # type: ignore[arg-type]
    sender = (1 - step - 1) % 4
    got = np.bincount([t >> 2 for t in picks[sender].tiles], minlength=27) / np.float32(3)  # type: ignore[attr-defined]
    assert (arr[SG_OBS_RECEIVED] == got.astype(np.float32)).all()
    assert (
        arr[SG_OBS_DIRECTION + step].all()
        and arr[SG_OBS_DIRECTION : SG_OBS_DIRECTION + 3].sum() == 27
    )


# -- playouts ------------------------------------------------------------------


class Greedy:
    """Takes wins, kongs and pungs when offered (so that deals reach them),
    else plays like the heuristic bot, now and then at random."""

    def __init__(self) -> None:
        self.bot = HeuristicBot()

    def act(self, obs: Any, legal: list[protocol.Action], rng: random.Random) -> protocol.Action:
        for cls, p in ((Win, 0.9), (Kong, 0.8), (Pung, 0.6)):
            found = [a for a in legal if isinstance(a, cls)]
            if found and rng.random() < p:
                return rng.choice(found)
        if rng.random() < 0.2:
            return rng.choice(legal)
        return self.bot.act(obs, legal, rng)


def chosen_copy(game: Game, seat: int, same_id: list[protocol.Action]) -> protocol.Action:
    """The action the docs say an id of several physical copies stands for."""
    first = same_id[0]
    if isinstance(first, Discard):
        drawn = game.observation(seat).drawn
        tiles = [a.tile for a in same_id]  # type: ignore[attr-defined]
        return Discard(drawn if drawn in tiles else max(tiles))
    if isinstance(first, Exchange):
        held = set(game.tiles(seat))
        picked: list[int] = []
        for t in first.tiles:
            k = t >> 2
            picked.append(max(c for c in range(4 * k, 4 * k + 4) if c in held and c not in picked))
        return Exchange(tuple(sorted(picked)))  # type: ignore[arg-type]
    assert len(same_id) == 1, same_id
    return first


def check_state(game: Game, twin: Game | None) -> None:
    """Everything the interface promises at this state, for every seat; with
    a twin on the other engine, that it gives the same arrays."""
    for seat in range(4):
        legal = game.legal_actions(seat)
        mask = game.legal_mask(seat)
        assert mask.dtype == np.bool_ and mask.shape == (game.num_action_ids,)
        by_id: dict[int, list[protocol.Action]] = {}
        for a in legal:
            by_id.setdefault(game.action_id(a), []).append(a)
        assert set(np.flatnonzero(mask).tolist()) == set(by_id)
        for i, acts in by_id.items():
            # one id: one kind of action, differing at most in physical copy
            assert len({(type(a), tuple(sorted(t >> 2 for t in _tiles(a)))) for a in acts}) == 1
            picked = game.action_from_id(i, seat)
            assert picked in legal and game.action_id(picked) == i
            assert picked == chosen_copy(game, seat, acts)
        obs = game.observation(seat)
        arr = obs.to_array()
        assert arr.shape == sc.OBS_SHAPE and arr.dtype == np.float32
        assert arr.min() >= 0.0 and arr.max() <= 1.0
        oracle = game.oracle_array(seat)
        assert oracle.shape == sc.ORACLE_SHAPE and oracle.dtype == np.float32
        assert oracle.min() >= 0.0 and oracle.max() <= 1.0
        assert (oracle[: sc.OBS_SHAPE[0]] == arr).all()
        # the plain encoder from the observation's fields gives the same array
        assert (encode(obs, Win() in obs.legal_actions) == arr).all()
        if twin is not None:
            assert (twin.legal_mask(seat) == mask).all()
            assert (twin.observation(seat).to_array() == arr).all()
            assert (twin.oracle_array(seat) == oracle).all()
    if game.to_act:
        # every seat asked may act: the pass or a discard of some id
        assert any(game.legal_mask(s).any() for s in game.to_act)


def _tiles(a: protocol.Action) -> tuple[int, ...]:
    if isinstance(a, Exchange):
        return a.tiles
    if isinstance(a, Discard):
        return (a.tile,)
    return ()


def play_in_lock_step(
    rules: Rules, seed: int, *, twin: bool
) -> tuple[Game, list[tuple[float, ...]]]:
    """Play a deal with Greedy bots choosing by id, checking every state;
    returns the game and the rewards of every step."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed, dealer="random", engine="c" if twin else None)
    other = Game(rules, seed=seed, dealer="random", engine="python") if twin else None
    bots = [Greedy() for _ in range(4)]
    rewards = [game.rewards()]
    while not game.is_over:
        check_state(game, other)
        seat = game.to_act[0]
        action = bots[seat].act(game.observation(seat), game.legal_actions(seat), rng)
        # play the id's representative: what an agent choosing ids gets
        played = game.action_from_id(game.action_id(action), seat)
        game.apply(seat, played)
        if other is not None:
            other.apply(seat, played)
        rewards.append(game.rewards())
    check_state(game, other)
    return game, rewards


# (variant, seed, a payment the deal reaches): seeds picked so that the
# deals pass through every kind of kong, robbing, refunds and transfers.
LOCK_STEP = [
    (0, 2, "added_kong"),
    (0, 25, "concealed_kong"),
    (1, 16, "refund"),
    (1, 59, "robbed_kong"),
    (2, 4, "call_transfer"),
    (2, 41, "call_transfer"),
]


@needs_c
@pytest.mark.parametrize(("variant", "seed", "reaches"), LOCK_STEP)
def test_engines_give_the_same_masks_and_arrays(variant: int, seed: int, reaches: str) -> None:
    game, rewards = play_in_lock_step(VARIANTS[variant], seed, twin=True)
    result = game.result
    assert result is not None
    assert reaches in {p.reason for p in result.ledger}
    assert tuple(map(sum, zip(*rewards, strict=True))) == tuple(map(float, result.scores))


def test_live_backend_playout() -> None:
    game, rewards = play_in_lock_step(VARIANTS[1], 47, twin=False)
    result = game.result
    assert result is not None
    assert "flower_pig" in {p.reason for p in result.ledger}
    assert tuple(map(sum, zip(*rewards, strict=True))) == tuple(map(float, result.scores))


@pytest.mark.parametrize("engine", ["python", pytest.param("c", marks=needs_c)])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
def test_rewards_sum_to_the_scores(engine: str, seed: int, variant: Rules) -> None:
    rng = random.Random(seed)
    game = Game(variant, seed=seed, engine=engine)  # type: ignore[arg-type]
    bots = [Greedy() for _ in range(4)]
    total = [0.0] * 4
    ledger_len = 0
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
        step = game.rewards()
        # a reward is paid exactly when the ledger grows
        grew = len(game.ledger) != ledger_len
        ledger_len = len(game.ledger)
        assert any(step) <= grew
        total = [t + r for t, r in zip(total, step, strict=True)]
    assert game.result is not None
    assert tuple(total) == tuple(map(float, game.result.scores))
    assert game.rewards() == (0.0, 0.0, 0.0, 0.0)


def test_only_one_kong_per_kind_is_ever_legal() -> None:
    # Concealed, added and exposed kongs of one kind never compete: four
    # concealed copies leave none for a pung, and exposed kongs are claims.
    for seed in range(3):
        game = Game(seed=seed)
        rng = random.Random(seed)
        bots = [Greedy() for _ in range(4)]
        while not game.is_over:
            for s in game.to_act:
                kongs = [a for a in game.legal_actions(s) if isinstance(a, Kong)]
                assert len(kongs) == len({a.kind for a in kongs})
            seat = game.to_act[0]
            game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))


@needs_c
def test_a_pickled_observation_encodes_the_same() -> None:
    game = Game(seed=4, engine="c")
    for s in range(4):
        game.apply(s, "declare s")
    game.apply(0, game.legal_actions(0)[-1])
    for seat in range(4):
        obs = game.observation(seat)
        again = pickle.loads(pickle.dumps(obs))
        assert "_lazy" not in again.__dict__
        assert (again.to_array() == obs.to_array()).all()


def test_discard_id_prefers_the_drawn_tile() -> None:
    game = Game(seed=11)
    for s in range(4):
        game.apply(s, "declare m")
    # play until a seat holds the drawn tile and another copy of its kind
    rng = random.Random(0)
    for _ in range(400):
        if game.is_over:
            break
        seat = game.to_act[0]
        obs = game.observation(seat)
        if game.phase == "turn" and obs.drawn >= 0:
            kind = obs.drawn >> 2
            copies = [t for t in game.tiles(seat) if t >> 2 == kind]
            legal = game.legal_actions(seat)
            if len(copies) > 1 and Discard(obs.drawn) in legal:
                assert game.action_from_id(kind, seat) == Discard(obs.drawn)
                assert game.parse_action(f"discard {sc.kind_text(kind)}") == Discard(obs.drawn)
                return
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    pytest.fail("no state with a drawn tile and another copy of its kind")


def test_pung_planes_after_a_claim() -> None:
    # Find a pung in a greedy deal and check the planes of every seat at once.
    rng = random.Random(3)
    game = Game(seed=3)
    bots = [Greedy() for _ in range(4)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
        melds = [(s, m) for s in range(4) for m in game.observation(s).melds[s] if m.type == "pung"]
        if melds:
            s, meld = melds[0]
            for viewer in range(4):
                arr = game.observation(viewer).to_array()
                r = (s - viewer) % 4
                plane = arr[SG_OBS_SEATS + r * SG_OBS_SEAT_END + SG_OBS_SEAT_PUNG]
                assert plane.tolist() == [float(k == meld.kind) for k in range(27)]
            return
    pytest.fail("no pung in the deal")


def test_parse_tile_is_the_notation_the_ids_use() -> None:
    assert Game(seed=0).action_id(Discard(parse_tile("7p#1"))) == 9 + 6
    assert isinstance(Pass(), protocol.Action)


# -- the C functions on damaged states -------------------------------------------


@needs_c
def test_c_encoders_refuse_or_survive_damaged_states() -> None:
    # The C functions validate what they index by: on a state with random
    # bytes changed they return a status (0 or an error), never crash, and
    # on the undamaged state they give what the binding gives.
    import ctypes

    from parlour import _core  # type: ignore[attr-defined]

    lib = ctypes.CDLL(_core.__file__)
    lib.parlour_sc_tables_size.restype = ctypes.c_size_t
    lib.parlour_sg_size.restype = ctypes.c_size_t
    size = lib.parlour_sc_tables_size()
    tables = ctypes.create_string_buffer(size)
    assert lib.parlour_sc_tables_init(tables, ctypes.c_size_t(size)) == 0
    mask = (ctypes.c_uint8 * 581)()
    planes = (ctypes.c_float * (122 * 27))()
    assert lib.parlour_sg_legal_ids(None, tables, 0, mask) == -1  # PARLOUR_E_NULL
    assert lib.parlour_sg_oracle(None, tables, 0, planes) == -1
    assert lib.parlour_sg_encode(None, tables, planes) == -1
    rng = random.Random(5)
    game = Game(Rules(exchange_three=True), seed=5, engine="c")
    bots = [Greedy() for _ in range(4)]
    statuses = set()
    while not game.is_over:
        data = game._engine.state.__reduce__()[1][0]  # type: ignore[attr-defined]
        assert len(data) == lib.parlour_sg_size()
        state = ctypes.create_string_buffer(data, len(data))
        for seat in range(4):
            assert lib.parlour_sg_legal_ids(state, tables, seat, mask) >= 0
            assert bytes(mask) == game.legal_mask(seat).tobytes()
            assert lib.parlour_sg_oracle(state, tables, seat, planes) == 0
            assert np.array_equal(
                np.frombuffer(planes, np.float32), game.oracle_array(seat).ravel()
            )
        assert lib.parlour_sg_legal_ids(state, tables, 4, mask) == -4  # PARLOUR_E_ARG
        for _ in range(10):
            damaged = bytearray(data)
            for _ in range(rng.randint(1, 3)):
                damaged[rng.randrange(1600)] = rng.randrange(256)
            buf = ctypes.create_string_buffer(bytes(damaged), len(damaged))
            seat = rng.randrange(4)
            for status in (
                lib.parlour_sg_legal_ids(buf, tables, seat, mask),
                lib.parlour_sg_oracle(buf, tables, seat, planes),
                lib.parlour_sg_encode(buf, tables, planes),
            ):
                statuses.add(status >= 0 or status)
                assert status >= -10
            assert all(0.0 <= x <= 1.0 for x in planes)
        seat = game.to_act[0]
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
    assert True in statuses and -4 in statuses  # damaged states were both read and refused
