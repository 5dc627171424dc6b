"""Property tests over many seeded bot games of Sichuan.

Every step of every game is checked against invariants that hold whatever
the players do: all 108 tiles accounted for exactly once, nobody acting
after winning, the missing-suit rules, complete winning hands, and a ledger
that sums to zero. The number of games scales with ``HYPOTHESIS_PROFILE``
(``dev``: 500 random-bot and 100 heuristic games on the compiled
backend; the pure-Python backend runs the same engine with the slower
evaluator twin, so it plays an eighth of the random games, a quarter of
the variant games and a twentieth of the heuristic ones; ``ci``/``thorough`` multiply every count).
"""

from __future__ import annotations

import os
import random
from types import ModuleType

import pytest

from parlour import Action
from parlour.sichuan import (
    Discard,
    Game,
    HeuristicBot,
    Kong,
    Pung,
    RandomBot,
    Rules,
    Win,
    is_complete,
)

_SCALE = {"dev": 1, "ci": 2, "thorough": 10}.get(os.environ.get("HYPOTHESIS_PROFILE", "dev"), 1)


def _games(backend: ModuleType, games: int, pure_divisor: int = 4) -> int:
    compiled = backend.__name__.endswith("_core")
    return games * _SCALE // (1 if compiled else pure_divisor)


def _suit_tiles(game: Game, seat: int, suit: str) -> list[int]:
    index = "mps".index(suit)
    return [t for t in game.tiles(seat) if t // 36 == index]


def check_step(game: Game, seat: int, action: Action) -> None:
    """Invariants before ``seat`` applies ``action``."""
    obs = game.observation(seat)
    assert not obs.won[seat], f"seat {seat} acts after winning"
    missing = game.missing_suit(seat)
    if missing is not None and game.phase in ("turn", "claim", "rob"):
        held = _suit_tiles(game, seat, missing)
        if held:
            assert not isinstance(action, (Pung, Kong, Win)), "claim while holding missing tiles"
            if game.phase == "turn":
                assert isinstance(action, Discard) and action.tile in held
        if isinstance(action, (Pung, Kong)):
            assert action.kind // 9 != "mps".index(missing), "pung/kong of the missing suit"


def check_state(game: Game) -> None:
    """Whole-table invariants after every step."""
    seen: list[int] = []
    for s in range(4):
        seen.extend(game.tiles(s))
        for m in game.observation(s).melds[s]:
            assert m.kind is not None
            seen.extend(m.tiles)
            missing = game.missing_suit(s)
            assert missing is None or m.kind // 9 != "mps".index(missing)
    obs = game.observation(0)
    seen.extend(d.tile for d in obs.discards if d.taken in ("", "win", "robbed"))
    assert len(seen) == len(set(seen)), "a tile is in two places"
    assert len(seen) + game.wall_remaining == 108
    assert sum(p.amount for p in game.ledger if p.amount <= 0) == 0
    assert all(p.payer != p.payee for p in game.ledger)


def run_game(game: Game, bots: list[object], seed: int, *, every_step: bool) -> None:
    rng = random.Random(seed)
    acted: list[int] = []
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        action = bots[seat].act(game.observation(seat), legal, rng)  # type: ignore[attr-defined]
        if every_step:
            check_step(game, seat, action)
        game.apply(seat, action)
        acted.append(seat)
        if every_step:
            check_state(game)
    check_state(game)
    result = game.result
    assert result is not None
    assert sum(result.scores) == 0
    totals = [0, 0, 0, 0]
    for p in result.ledger:
        totals[p.payer] -= p.amount
        totals[p.payee] += p.amount
    assert tuple(totals) == result.scores
    assert len(result.winners) == len(set(result.winners)) <= 3
    assert result.details["exhausted"] or len(result.winners) == 3
    # no seat acts after its win; each win's hand is complete and has no missing suit
    for win in game.wins:
        assert is_complete(win["hand"], missing_suit=game.missing_suit(win["seat"]))
    won_at = {w: i for i, w in enumerate(result.winners)}
    assert set(won_at) == {w["seat"] for w in game.wins}
    last_action = {}
    for i, (seat, _) in enumerate(game.history):
        last_action[seat] = i
    for w in result.winners:
        index = max(i for i, (s, a) in enumerate(game.history) if s == w and isinstance(a, Win))
        assert last_action[w] == index, f"seat {w} acted after winning"


def test_random_bot_games(backend: ModuleType) -> None:
    n = _games(backend, 500, pure_divisor=8)
    bots: list[object] = [RandomBot() for _ in range(4)]
    for seed in range(n):
        run_game(Game(seed=seed, dealer=seed % 4), bots, seed, every_step=seed < n // 10)


def test_random_bot_games_with_variants(backend: ModuleType) -> None:
    n = _games(backend, 60)
    bots: list[object] = [RandomBot() for _ in range(4)]
    for seed in range(n):
        rules = Rules(
            exchange_three=bool(seed & 1),
            self_draw_doubles=bool(seed & 2),
            call_transfer=bool(seed & 4),
            fan_cap=(None, 3, 4, 6)[seed % 4],
        )
        run_game(Game(rules, seed=seed, dealer="random"), bots, seed, every_step=True)


def test_heuristic_bot_games(backend: ModuleType) -> None:
    n = _games(backend, 100, pure_divisor=20)
    bots: list[object] = [HeuristicBot() for _ in range(4)]
    wins = 0
    for seed in range(n):
        game = Game(seed=seed)
        run_game(game, bots, seed, every_step=seed < n // 10)
        wins += len(game.wins)
    # the heuristic bots do win: on average more than one win a game
    assert wins > n


def test_heuristic_beats_random() -> None:
    scores = [0, 0, 0, 0]
    for seed in range(40):
        game = Game(seed=seed)
        bots: list[object] = [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()]
        run_game(game, bots, seed, every_step=False)
        result = game.result
        assert result is not None
        for s in range(4):
            scores[s] += int(result.scores[s])
    assert scores[0] > max(scores[1:])


@pytest.mark.parametrize("seed", range(5))
def test_records_of_bot_games_replay(seed: int) -> None:
    game = Game(Rules(exchange_three=True, call_transfer=True), seed=seed)
    run_game(
        game, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], seed, every_step=False
    )
    replay = Game.from_record(game.record())
    assert replay.result == game.result
    assert replay.events == game.events
