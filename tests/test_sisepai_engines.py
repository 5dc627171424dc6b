"""The C Sì Sè Pái engine against the pure-Python game, in lock step.

Both get the same deal and the same actions; after every step every public
view must agree: who is to act, each seat's legal actions (in order) and
observation, the phase, and at the end the result (scores, winners,
details: the reported groups and every hand). Actions are chosen from the
pure game's view by random players (leaning to takes and wins, so that
deals end in wins often) and by heuristic players, under every rule
variant; illegal tries must leave every byte of the C state as it was.
``check`` must refuse damaged states.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
import struct
from typing import Any

import pytest

from parlour import _backend, play
from parlour.errors import IllegalActionError
from parlour.sisepai import Game, HeuristicBot, RandomBot, Rules, SisepaiObservation
from parlour.sisepai.game import _ACTIONS, Discard, Pass, Take, Win
from parlour.sisepai.hand import Group

pytestmark = pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")

VARIANTS = [
    Rules(),
    Rules(min_score=9),
    Rules(min_score=5),
    Rules(concealed_triple=3),
    Rules(command=2, soldiers4=4, concealed_triple=3),
    Rules(min_score=8, concealed_triple=0, triple=2),
    Rules(general=0, flower=0, pair=1, quad=5, field=3, soldiers3=2),
]


def _engine(game: Game) -> Any:
    from parlour.sisepai.engine_c import CEngine

    return CEngine(game.rules, game.dealer, game.deck)


def _illegal_tries(game: Game, fast: Any, rng: random.Random) -> None:
    # Actions the pure game refuses are refused by C with no byte changed.
    before = fast.state.state_bytes()
    tries: list[Any] = [_ACTIONS[rng.randrange(len(_ACTIONS))] for _ in range(6)]
    tries += [Pass(), Win(), Discard(0), Take(Group.parse("RRr"))]
    for seat in range(4):
        for action in tries:
            try:
                game.verify_action(seat, action)
            except IllegalActionError:
                assert not fast.apply(seat, action), (seat, action)
                assert fast.state.state_bytes() == before
    assert fast.state.apply(4, 0) != 0
    assert fast.state.apply(-1, 0) != 0
    assert fast.state.apply(0, 96) != 0
    assert fast.state.apply(0, -1) != 0
    assert fast.state.state_bytes() == before


def _choose(legal: list[Any], rng: random.Random) -> Any:
    # Lean to wins and takes so that many deals end in a win.
    wins = [a for a in legal if isinstance(a, Win)]
    if wins and rng.random() < 0.9:
        return wins[0]
    takes = [a for a in legal if isinstance(a, Take)]
    if takes and rng.random() < 0.6:
        return rng.choice(takes)
    return rng.choice(legal)


def _lock_step(rules: Rules, seed: int, heuristic: bool = False, tries: bool = True) -> Game:
    pure = Game(rules, seed=seed, engine="python")
    fast = _engine(pure)
    rng = random.Random(seed)
    bot = HeuristicBot()
    steps = 0
    while True:
        assert pure.to_act == fast.to_act, (seed, steps)
        assert pure.is_over == fast.is_over
        assert pure.phase == fast.phase
        for s in range(4):
            assert pure.legal_actions(s) == fast.legal(s), (seed, steps, s)
            assert pure.observation(s) == fast.observation(s), (seed, steps, s)
        assert fast.state.check() == 0
        if pure.is_over:
            break
        if tries and steps % 3 == 0:
            _illegal_tries(pure, fast, rng)
        seat = pure.to_act[rng.randrange(len(pure.to_act))]
        legal = pure.legal_actions(seat)
        action = bot.act(pure.observation(seat), legal, rng) if heuristic else _choose(legal, rng)
        pure.apply(seat, action)
        assert fast.apply(seat, action), (seed, steps, seat, action)
        steps += 1
    assert pure.result == fast.result(), seed
    for s in range(4):
        assert str(pure.hand(s)) == str(fast.hand(s))
    return pure


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_lock_step_random(rules: Rules) -> None:
    wins = 0
    for seed in range(6):
        wins += _lock_step(rules, seed).result.winners != ()  # type: ignore[union-attr]
    if rules.min_score == 0:
        assert wins  # the deals reach the win, not only the empty stock


@pytest.mark.parametrize("rules", VARIANTS[:4], ids=repr)
def test_lock_step_heuristic(rules: Rules) -> None:
    for seed in range(3):
        _lock_step(rules, 50 + seed, heuristic=True, tries=False)


@pytest.mark.slow
def test_lock_step_many() -> None:
    for seed in range(300):
        rules = VARIANTS[seed % len(VARIANTS)]
        _lock_step(rules, 1000 + seed, heuristic=seed % 3 == 0, tries=seed % 5 == 0)


def test_copy_and_pickle_are_independent() -> None:
    pure = Game(seed=4, engine="python")
    fast = _engine(pure)
    twin = fast.clone()
    seat = fast.to_act[0]
    assert fast.apply(seat, fast.legal(seat)[-1])
    assert twin.state.state_bytes() != fast.state.state_bytes()
    again = pickle.loads(pickle.dumps(fast.state))
    assert again.state_bytes() == fast.state.state_bytes()
    assert again.to_act == fast.state.to_act


def test_bad_setups_are_refused() -> None:
    new = _backend.load("c")._SisepaiState.new
    deck = list(range(117))
    points = Rules().points()
    for args in [
        (points, 0, None, deck, 4),
        (points, 0, None, deck, -1),
        (points, 0, None, deck[:-1], 0),
        (points, 0, None, [0, *deck[1:-1], 0], 0),
        (points, 0, None, [*deck[:-1], 117], 0),
        (points[:-1], 0, None, deck, 0),
        ((101, *points[1:]), 0, None, deck, 0),
        (points, -1, None, deck, 0),
        (points, 2101, None, deck, 0),
        (points, 0, 101, deck, 0),
        (points, 0, -2, deck, 0),
    ]:
        with pytest.raises(ValueError):
            new(*args)


# Offsets in parlour_ssg_game (csrc/parlour_sisepai_game.h).
_RULES = 4 * 11
_DECK = _RULES
_NEXT = _DECK + 117
_DEALER, _PHASE, _CARD, _SOURCE, _ACTIVE, _WINNER, _PENDING, _FIRST = range(_NEXT + 1, _NEXT + 9)
_NOPT = _FIRST + 1
_OPT = _NOPT + 4
_TIER = _OPT + 40
_ANSWER = _TIER + 40
_OWNER = _ANSWER + 4
_COUNTS = _OWNER + 117
# counts, nconcealed, nexposed, ecards, exposed, ndiscards, two discard logs
_PAD = _COUNTS + 4 * 33 + 4 + 4 + 4 + 4 * 21 * 5 + 1 + 117 + 117


def _damaged(data: bytes, offset: int, value: int) -> bytes:
    b = bytearray(data)
    b[offset] = value & 0xFF
    return bytes(b)


def test_check_refuses_damaged_states() -> None:
    pure = Game(seed=11, engine="python")
    fast = _engine(pure)
    # play into a discard phase and a claim window
    rng = random.Random(3)
    states = [fast.state.state_bytes()]
    while not fast.is_over and len(states) < 60:
        seat = fast.to_act[0]
        legal = fast.legal(seat)
        takes = [a for a in legal if isinstance(a, Take)]
        assert fast.apply(seat, takes[0] if takes else rng.choice(legal))
        states.append(fast.state.state_bytes())
    probe = fast.state.copy()
    for data in states:
        probe.set_bytes(data)
        assert probe.check() == 0
        first = struct.unpack_from("<i", data, 0)[0]
        b = bytearray(data)
        struct.pack_into("<i", b, 0, first + 101)  # the General's points out of range
        cases = [
            _damaged(data, _NEXT, 79),  # the stock reaches into the hands
            _damaged(data, _NEXT, 118),
            _damaged(data, _PHASE, 7),
            _damaged(data, _CARD, 117),
            _damaged(data, _SOURCE, 4),
            _damaged(data, _DEALER, 5),
            _damaged(data, _PENDING, 0x1F),
            _damaged(data, _NOPT, 11),
            _damaged(data, _ANSWER, 12),
            _damaged(data, _DECK + 3, data[_DECK + 4]),  # a card twice in the deck
            _damaged(data, _COUNTS + 5, data[_COUNTS + 5] + 1),  # counts off the cards
            _damaged(data, _OWNER + 100, 5),
            _damaged(data, _PAD, 1),  # the explicit padding is zero
            bytes(b),
        ]
        # a concealed card moved to another seat: hand sizes go wrong
        for c in range(117):
            if data[_OWNER + c]:
                cases.append(_damaged(data, _OWNER + c, data[_OWNER + c] % 4 + 1))
                break
        for bad in cases:
            probe.set_bytes(bad)
            assert probe.check() != 0
            # A state that fails check is never observed (the binding skips
            # the check only for states init and apply made).
            with pytest.raises(ValueError):
                probe.observe(0)
            # apply reads a damaged state within bounds (the sanitizer runs
            # check that); it may refuse it or play on it.
            for seat in range(4):
                for i in (0, 1, 72):
                    probe.apply(seat, i)


def test_lazy_observations_are_whole_values() -> None:
    # The C engine's observations build their fields on first read; copies,
    # pickles, dicts, hashes and arrays of them are those of the pure
    # engine's, and what is pickled holds no C view.
    fast, pure = Game(seed=1, engine="c"), Game(seed=1, engine="python")
    rng = random.Random(1)
    step = 0
    while not pure.is_over:
        step += 1
        for s in range(4) if step % 9 == 0 else ():
            want = pure.observation(s)
            assert pickle.loads(pickle.dumps(fast.observation(s))) == want
            assert copy.deepcopy(fast.observation(s)) == want
            assert dataclasses.asdict(fast.observation(s)) == dataclasses.asdict(want)
            assert hash(fast.observation(s)) == hash(want)
            assert repr(fast.observation(s)) == repr(want)
            assert fast.observation(s).to_dict() == want.to_dict()
            got = fast.observation(s)
            assert (got.to_array() == want.to_array()).all()
            assert "_lazy" not in vars(pickle.loads(pickle.dumps(fast.observation(s))))
            # built once, then a plain value with nothing of the C state
            assert "_lazy" not in vars(got) and vars(got) == vars(want)
        seat = pure.to_act[0]
        action = rng.choice(pure.legal_actions(seat))
        pure.apply(seat, action)
        fast.apply(seat, action)
    assert isinstance(fast.observation(0), SisepaiObservation)
    assert fast.observation(0) == pure.observation(0)
    with pytest.raises(TypeError):
        pickle.dumps(vars(fast.observation(0))["_lazy"])
    with pytest.raises(AttributeError):
        fast.observation(0).nonsense  # noqa: B018


class _MyPass(Pass):
    """A Pass subclass: not one of the objects the C binding knows by identity."""


def _outcome(game: Game, seat: Any, action: Any) -> Any:
    try:
        game.apply(seat, action)
    except (IllegalActionError, ValueError) as exc:
        return type(exc), str(exc)
    return None


def test_protocol_fast_paths_match_the_base_class() -> None:
    # Game's short cuts (is_over, to_act, legal_actions, observation, apply)
    # give what the base class gives on both engines, bad calls included.
    fast, pure = Game(seed=5, engine="c"), Game(seed=5, engine="python")
    rng = random.Random(5)
    for step in range(400):
        assert fast.to_act == pure.to_act and fast.is_over == pure.is_over
        for seat in (0, 1, 2, 3, 4, -1, True, 2**70):
            for game in (fast, pure):
                try:
                    got: Any = game.legal_actions(seat)  # type: ignore[arg-type]
                except ValueError as exc:
                    got = str(exc)
                try:
                    seen: Any = game.observation(seat)  # type: ignore[arg-type]
                except ValueError as exc:
                    seen = str(exc)
                if game is fast:
                    first = (got, seen)
            assert first == (got, seen), (step, seat)
        if pure.is_over:
            break
        seat = pure.to_act[0]
        tries: list[Any] = ["pass", "nonsense", _MyPass(), Discard(99), 3, None]
        tries += [rng.choice(_ACTIONS), Take(Group.parse("RRr"))]
        for s in (0, 1, 2, 3, 4, -1, True, 2**70):
            for action in tries:
                before = (len(pure.history), len(fast.history))
                assert _outcome(fast, s, action) == _outcome(pure, s, action), (s, action)
                assert len(fast.history) - before[1] == len(pure.history) - before[0]
        if pure.is_over:
            break
        # a legal action as text or as a fresh object equal to the listed one
        seat = pure.to_act[0]
        text = str(rng.choice(pure.legal_actions(seat)))
        action = text if step % 2 else pure.parse_action(text)
        assert _outcome(fast, seat, action) is None and _outcome(pure, seat, action) is None
    assert fast.record() == pure.record()
    assert fast.result == pure.result


def test_random_bots_play_the_same_deal_on_both_engines() -> None:
    # RandomBot draws from the rng it is given the same way on both engines,
    # so play() with the same seeds gives the same record.
    for seed in range(3):
        games = [Game(seed=seed, engine=e) for e in ("c", "python")]  # type: ignore[arg-type]
        results = [play(g, [RandomBot() for _ in range(4)], seed=seed) for g in games]
        assert results[0] == results[1]
        assert games[0].record() == games[1].record()


def test_seeded_deals_are_pythons() -> None:
    # The C engine draws a seeded deal in C (parlour_ssg_deal); it must be
    # random.Random(seed)'s: the dealer by randrange(4) unless given, then
    # the shuffled deck. Seeds of every word count, and the ones C leaves
    # to Python (negative, too large, not an int).
    seeds: list[Any] = [*range(40), 2**32 - 1, 2**32, 2**63 + 7, 2**96 + 1, 2**128 - 1]
    seeds += [-3, 2**128, "seven", 2.5, None, True]
    for seed in seeds:
        for dealer in (None, 0, 3):
            fast = Game(seed=seed, dealer=dealer, engine="c")
            if seed is None:
                assert dealer is None or fast.dealer == dealer
                continue
            rng = random.Random(seed)
            want = rng.randrange(4) if dealer is None else dealer
            deck = list(range(117))
            rng.shuffle(deck)
            assert (fast.dealer, fast.deck) == (want, tuple(deck)), (seed, dealer)
            pure = Game(seed=seed, dealer=dealer, engine="python")
            assert fast.record() == pure.record()
    core = _backend.load("c")
    for bad in (-1, 2**128, 1.0, True):
        with pytest.raises(ValueError):
            core._sisepai_deal(bad, -1)
    for dealer in (-2, 4):
        with pytest.raises(ValueError):
            core._sisepai_deal(1, dealer)
    with pytest.raises(ValueError):
        Game(seed=1, dealer=4, engine="c")


def test_subclasses_overriding_hooks_keep_them() -> None:
    # Game's short cuts skip the hooks; a subclass that overrides one gets
    # the base class's method back, so its hook runs.
    calls: list[str] = []

    class Watched(Game):
        def _legal_actions(self, seat: int) -> list[Any]:
            calls.append("legal")
            return super()._legal_actions(seat)

        def _apply(self, seat: int, action: Any) -> None:
            calls.append("apply")
            super()._apply(seat, action)

        def _observation(self, seat: int) -> Any:
            calls.append("observation")
            return super()._observation(seat)

    for engine in ("c", "python"):
        calls.clear()
        game = Watched(seed=1, engine=engine)  # type: ignore[arg-type]
        seat = game.to_act[0]
        game.observation(seat)
        game.apply(seat, game.legal_actions(seat)[0])
        assert calls[0] == "observation" and calls.count("apply") == 1
        assert "legal" in calls
        assert Game.apply is not Watched.apply and Game.observation is not Watched.observation
    assert Game(seed=1).observation(0) == Watched(seed=1).observation(0)
