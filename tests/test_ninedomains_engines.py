"""The C Nine Domains engine against its pure-Python twin, in lock step.

Both engines get the same deal and the same actions; after every step every
public view must agree: whose turn, the phase and round, each seat's legal
actions (in order), legal mask, observation and oracle array, the points,
and at the end the result and the record. Actions come from random and
heuristic bots choosing on the pure engine's view, under every rule variant
(element tables that let both players complete the elements at once, the
tie-breaks). Illegal actions change no byte of the C state; parlour_ndg_check
accepts every state play reaches and refuses hand-damaged ones.
"""

from __future__ import annotations

import copy
import ctypes
import pickle
import random
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import _backend
from parlour.errors import IllegalActionError
from parlour.ninedomains import Game, HeuristicBot, RandomBot, Rules
from parlour.ninedomains.engine_c import ACTIONS_BY_ID
from parlour.ninedomains.rules import Element

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")

# Element tables: the default; one where both players can complete the
# elements at once (each element on two domains); one with no purple at all;
# and halves everywhere.
BOTH: tuple[Element, ...] = (
    "red",
    "green",
    "blue",
    "purple",
    "red",
    "green",
    "blue",
    "purple",
    "half-purple",
)
NO_PURPLE: tuple[Element, ...] = ("red", "green", "blue", "", "", "red", "", "", "")
HALVES: tuple[Element, ...] = ("half-purple",) * 6 + ("red", "green", "blue")
VARIANTS = [
    Rules(),
    Rules(tie_break="domains"),
    Rules(elements=BOTH),
    Rules(elements=BOTH, tie_break="domains"),
    Rules(elements=NO_PURPLE, tie_break="domains"),
    Rules(elements=HALVES),
]


def _pair(rules: Rules, seed: int) -> tuple[Game, Game]:
    pure = Game(rules, seed=seed, engine="python")
    fast = Game(rules, seed=seed, engine="c")
    assert pure.engine == "python" and fast.engine == "c"
    return pure, fast


def _views(game: Game) -> dict[str, Any]:
    out: dict[str, Any] = {
        "to_act": game.to_act,
        "is_over": game.is_over,
        "phase": game.phase,
        "round": game.round,
        "points": (game.points(0), game.points(1)),
        "rewards": game.rewards(),
    }
    for s in range(2):
        out[f"legal{s}"] = game.legal_actions(s)
        out[f"obs{s}"] = game.observation(s)
        out[f"mask{s}"] = game.legal_mask(s).tobytes()
        out[f"array{s}"] = game.observation(s).to_array().tobytes()
        out[f"oracle{s}"] = game.oracle_array(s).tobytes()
    return out


def _state(game: Game) -> Any:
    return game._engine._s  # type: ignore[attr-defined]


def _bytes(game: Game) -> bytes:
    return _state(game).state_bytes()  # type: ignore[no-any-return]


def _try_illegal(pure: Game, fast: Game, rng: random.Random) -> None:
    # A few ids that are not legal for some seat now: both refuse, nothing changes.
    before = _bytes(fast)
    for _ in range(3):
        seat = rng.randrange(2)
        legal = set(pure.legal_actions(seat))
        action = ACTIONS_BY_ID[rng.randrange(len(ACTIONS_BY_ID))]
        if action in legal:
            continue
        for game in (pure, fast):
            with pytest.raises(IllegalActionError):
                game.apply(seat, action)
        assert not _state(fast).apply_id(seat, ACTIONS_BY_ID.index(action))
        assert _bytes(fast) == before


def _lockstep(rules: Rules, seed: int, bots: list[Any], *, illegal: bool = True) -> Game:
    pure, fast = _pair(rules, seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        assert _views(pure) == _views(fast), f"seed {seed} step {steps}"
        assert _state(fast).check() == 0
        if pure.is_over:
            break
        if illegal:
            _try_illegal(pure, fast, rng)
        seat = pure.to_act[rng.randrange(len(pure.to_act))]
        action = bots[seat].act(pure.observation(seat), pure.legal_actions(seat), rng)
        pure.apply(seat, action)
        fast.apply(seat, action)
        steps += 1
    assert pure.result == fast.result
    assert pure.record() == fast.record()
    return fast


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.tie_break}-{r.elements[0]}")
def test_random_games_in_lock_step(rules: Rules) -> None:
    reasons = set()
    for seed in range(15):
        result = _lockstep(rules, seed, [RandomBot(), RandomBot()]).result
        assert result is not None
        reasons.add(result.details["reason"])
    assert "points" in reasons


@pytest.mark.parametrize("rules", VARIANTS[:3], ids=lambda r: f"{r.tie_break}-{r.elements[0]}")
def test_heuristic_games_in_lock_step(rules: Rules) -> None:
    for seed in range(10):
        _lockstep(rules, seed, [HeuristicBot(), RandomBot()], illegal=False)


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.tie_break}-{r.elements[0]}")
def test_many_games_in_lock_step(rules: Rules) -> None:
    # 150 games a variant keeps the slow profile inside CI's budget; the
    # soak script plays as many as wanted.
    for seed in range(15, 165):
        bots = [HeuristicBot(), RandomBot()] if seed % 4 == 0 else [RandomBot(), RandomBot()]
        _lockstep(rules, seed, bots, illegal=seed % 2 == 0)


def test_every_effect_and_ending_is_reached() -> None:
    # The lock-step runs above mean something only if play reaches the effects
    # (swap, recover, decline), removed domains, element wins and both-at-once.
    seen: set[str] = set()
    for seed in range(300):
        rules = VARIANTS[seed % len(VARIANTS)]
        game = Game(rules, seed=seed, engine="c")
        parlour.play(game, [RandomBot(), RandomBot()], seed=seed)
        for _, action in game.history:
            seen.add(type(action).__name__)
        result = game.result
        assert result is not None
        seen.add(result.details["reason"])
        if result.details["elements_off"]:
            seen.add("elements_off")
        if result.details["removed"]:
            seen.add("removed")
    assert {"Swap", "Recover", "Decline", "elements", "points", "draw"} <= seen
    assert {"domains", "elements_off", "removed"} <= seen


def test_copies_are_independent_and_pickle() -> None:
    game = Game(seed=5, engine="c")
    parlour_rng = random.Random(5)
    for _ in range(2):
        seat = game.to_act[0]
        game.apply(
            seat, RandomBot().act(game.observation(seat), game.legal_actions(seat), parlour_rng)
        )
    twin = copy.deepcopy(game)
    again = pickle.loads(pickle.dumps(game))
    assert twin.engine == again.engine == "c"
    assert _views(twin) == _views(game) == _views(again)
    seat = twin.to_act[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert _views(again) == _views(game) != _views(twin)


def test_from_record_keeps_the_engine_and_replays() -> None:
    game = Game(seed=9, engine="c")
    parlour.play(game, [RandomBot(), RandomBot()], seed=9)
    record = game.record()
    pure = Game._from_deal(game.rules, record["deal"], engine="python")
    for seat, action in game.history:
        pure.apply(seat, action)
    assert pure.result == game.result


# ---- parlour_ndg_check ---------------------------------------------------------


class _Battle(ctypes.Structure):
    _fields_ = [
        ("round", ctypes.c_uint8),
        ("position", ctypes.c_uint8),
        ("domain", ctypes.c_uint8),
        ("cards", ctypes.c_uint8 * 2),
        ("bonuses", ctypes.c_int8 * 2),
        ("winner", ctypes.c_int8),
        ("rule", ctypes.c_uint8),
        ("extra", ctypes.c_uint8),
    ]


class _Effect(ctypes.Structure):
    _fields_ = [("position", ctypes.c_uint8), ("seat", ctypes.c_uint8), ("card", ctypes.c_uint8)]


class _State(ctypes.Structure):
    # parlour_ndg_game (csrc/parlour_ninedomains_game.h), to damage by field.
    _fields_ = [
        ("elements", ctypes.c_uint8 * 9),
        ("tie_break", ctypes.c_uint8),
        ("domains", ctypes.c_uint8 * 9),
        ("specials", ctypes.c_uint8 * 9),
        ("round", ctypes.c_uint8),
        ("phase", ctypes.c_uint8),
        ("elements_off", ctypes.c_uint8),
        ("element_winner", ctypes.c_int8),
        ("hand", ctypes.c_uint16 * 2),
        ("used", (ctypes.c_uint8 * 15) * 2),
        ("nused", ctypes.c_uint8 * 2),
        ("placed", ctypes.c_uint8 * 2),
        ("placement", (ctypes.c_uint8 * 3) * 2),
        ("previous", (ctypes.c_uint8 * 3) * 2),
        ("held", ctypes.c_uint16 * 2),
        ("removed", ctypes.c_uint8 * 9),
        ("nremoved", ctypes.c_uint8),
        ("extra", ctypes.c_uint8 * 2),
        ("npending", ctypes.c_uint8),
        ("pending", _Effect * 3),
        ("nbattles", ctypes.c_uint8),
        ("pad", ctypes.c_uint8),
        ("battles", _Battle * 9),
    ]


def _load(data: bytes) -> Any:
    return _backend.load("c")._ninedomains_state_from_bytes(data)


def _midgame() -> Game:
    # A game in round 2 with battles, held domains and a used pile.
    game = Game(seed=2, engine="c")
    rng = random.Random(2)
    while game.round < 1 or game.phase != "place" or game.to_act != (0, 1):
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = 0
    game.apply(seat, game.legal_actions(seat)[7])
    return game


def _remove_bad_domain(st: Any) -> None:
    st.removed[st.nremoved] = 40
    st.nremoved += 1


def _damaged() -> list[tuple[str, bytes]]:
    good = _bytes(_midgame())
    assert ctypes.sizeof(_State) == len(good)

    def hurt(name: str, change: Any) -> tuple[str, bytes]:
        st = _State.from_buffer_copy(good)
        change(st)
        return name, bytes(st)

    def set_(field: str, value: Any) -> Any:
        return lambda st: setattr(st, field, value)

    held0 = _State.from_buffer_copy(good).held[0]
    return [
        hurt("an element code past the table", lambda st: st.elements.__setitem__(0, 6)),
        hurt("a tie-break code past the table", set_("tie_break", 2)),
        hurt("a domain twice in the order", lambda st: st.domains.__setitem__(0, st.domains[1])),
        hurt("a basic card among the specials", lambda st: st.specials.__setitem__(8, 0)),
        hurt("round 7", set_("round", 7)),
        hurt("phase 9", set_("phase", 9)),
        hurt("over without a reason", set_("phase", 2)),
        hurt("an element winner in play", set_("element_winner", 1)),
        hurt("an element winner seat 5", set_("element_winner", 5)),
        hurt(
            "a card in hand and used",
            lambda st: st.hand.__setitem__(0, st.hand[0] | 1 << st.used[0][0]),
        ),
        hurt("a card lost", lambda st: st.hand.__setitem__(1, st.hand[1] & (st.hand[1] - 1))),
        hurt("a card past 14 in hand", lambda st: st.hand.__setitem__(0, st.hand[0] | 1 << 15)),
        hurt("a used pile past its size", lambda st: st.nused.__setitem__(0, 200)),
        hurt(
            "a placement of a card not in hand",
            lambda st: st.placement[0].__setitem__(0, st.used[0][0]),
        ),
        hurt(
            "a placement of one card twice",
            lambda st: st.placement[0].__setitem__(1, st.placement[0][0]),
        ),
        hurt("a placement without placing", lambda st: st.placed.__setitem__(0, 0)),
        hurt("placed flag 3", lambda st: st.placed.__setitem__(1, 3)),
        hurt("a domain held by both", lambda st: st.held.__setitem__(1, st.held[1] | held0)),
        hurt(
            "a domain held that was never fought",
            lambda st: st.held.__setitem__(0, st.held[0] | 1 << 12),
        ),
        hurt(
            "a battle won by the loser",
            lambda st: setattr(
                st.battles[0],
                "winner",
                1 - st.battles[0].winner if st.battles[0].winner >= 0 else 0,
            ),
        ),
        hurt("a battle with a card past 14", lambda st: st.battles[1].cards.__setitem__(0, 99)),
        hurt("3+ points never won", lambda st: st.extra.__setitem__(0, st.extra[0] + 7)),
        hurt("a pending effect in the place phase", set_("npending", 1)),
        hurt("four pending effects", set_("npending", 4)),
        hurt("battles past nine", set_("nbattles", 200)),
        hurt("a pad byte set", set_("pad", 1)),
        hurt(
            "a removed domain past the table",
            _remove_bad_domain,
        ),
        hurt(
            "a previous placement of one card twice",
            lambda st: st.previous[1].__setitem__(2, st.previous[1][0]),
        ),
    ]


def test_check_accepts_the_states_of_play() -> None:
    game = _midgame()
    data = _bytes(game)
    assert _load(data).state_bytes() == data
    assert pickle.loads(pickle.dumps(_state(game))).state_bytes() == data


@pytest.mark.parametrize(
    ("name", "data"), _damaged(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_check_refuses_damaged_states(name: str, data: bytes) -> None:
    with pytest.raises(ValueError):
        _load(data)


def test_legal_masks_agree_with_the_legal_lists() -> None:
    game = Game(seed=4, engine="c")
    rng = random.Random(4)
    while not game.is_over:
        for s in range(2):
            ids = np.flatnonzero(game.legal_mask(s)).tolist()
            assert sorted(_state(game).legal_ids(s)) == ids
            assert [ACTIONS_BY_ID[i] for i in _state(game).legal_ids(s)] == game.legal_actions(s)
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_the_default_engine_is_the_live_backends() -> None:
    assert Game(seed=1).engine == _backend.current()
    with _backend.use("python"):
        assert Game(seed=1).engine == "python"
    with pytest.raises(ValueError, match="engine must be"):
        Game(seed=1, engine="rust")  # type: ignore[arg-type]


def test_the_hand_lists_are_the_pure_engines_own_and_copies_on_the_c_engine() -> None:
    # test_soak_invariants forges a pure game's lists; a C game's are copies.
    games = [Game(seed=6, engine=e) for e in ("c", "python")]
    rng = random.Random(6)
    for _ in range(3):
        seat = games[0].to_act[0]
        action = rng.choice(games[0].legal_actions(seat))
        for game in games:
            game.apply(seat, action)
    c_game, pure = games
    assert c_game._hands == pure._hands
    c_game._hands[0].pop()
    assert c_game._hands == pure._hands and c_game.engine == "c"
    pure._hands[0].pop()
    assert c_game._hands != pure._hands
