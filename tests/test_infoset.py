"""The information-set test (tests/infoset.py) for every registered game, every backend.

Each game says here which places of its deal a seat cannot know, read from
the pure-Python engine's own state; a registered game that does not is a
failure, not a game left unchecked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import pytest

import parlour
from infoset import HiddenDeal, check_information_sets, reachable
from parlour import _backend, ninedomains, shrinewars, sichuan, sisepai
from parlour.sichuan.tiles import tile_text
from parlour.sisepai import game as sisepai_game


def _sichuan_places(
    game: Any, seat: int, moves: Sequence[tuple[int, str]]
) -> list[tuple[str, list[int]]]:
    # A tile is hidden from ``seat`` while it is in the wall or in a
    # concealed hand of another seat still playing, unless an action's text
    # named it (exchanged tiles are known to the seat that passed them).
    named = {word for _, text in moves for word in text.split()}
    engine = game._engine  # a PyEngine
    hidden = {t for t in engine._wall[engine._front : engine._back + 1]}
    for other in range(4):
        if other != seat and not engine._won[other]:
            hidden |= engine._held[other]
    hidden = {t for t in hidden if f"{tile_text(t)}#{t % 4}" not in named}
    hidden = _whole_kinds(hidden, 108, lambda t: t // 4)
    return [("wall", [i for i, t in enumerate(engine._wall) if t in hidden])]


def _whole_kinds(hidden: set[int], total: int, kind: Any) -> set[int]:
    # Copies of one kind are told apart only by the engine's labels, and the
    # engine shows the labels of what a seat reveals: keep a kind hidden only
    # while no copy of it was ever seen, so that no twin merely relabels.
    seen = {kind(t) for t in range(total) if t not in hidden}
    return {t for t in hidden if kind(t) not in seen}


def _sisepai_places(
    game: Any, seat: int, moves: Sequence[tuple[int, str]]
) -> list[tuple[str, list[int]]]:
    if game.phase == "over":
        hidden = set(game._deck[game._next :])
    else:
        hidden = set(game._deck[game._next :])
        for other in range(4):
            if other != seat:
                hidden |= set(game._concealed[other])
    hidden = _whole_kinds(hidden, len(game._deck), sisepai_game._KIND.__getitem__)
    return [("deck", [i for i, c in enumerate(game._deck) if c in hidden])]


def _shrinewars_places(
    game: Any, seat: int, moves: Sequence[tuple[int, str]]
) -> list[tuple[str, list[int]]]:
    # Cards of the opening draw went face up to the bottom: they are known.
    shown = {c for _, c in game._draws}
    hidden = {c for c in game._deck if c not in shown}
    return [("deck", [i for i, c in enumerate(game._deck0) if c in hidden])]


def _ninedomains_places(
    game: Any, seat: int, moves: Sequence[tuple[int, str]]
) -> list[tuple[str, list[int]]]:
    # Three domains and three specials are turned up each round.
    start = 3 * (game._round + 1)
    return [("domains", list(range(start, 9))), ("specials", list(range(start, 9)))]


def _pure(cls: Any) -> Any:
    return lambda rules, deal: cls._from_deal(rules, deal)


#: By registered name: the hidden places of a deal and the rules to play under.
GAMES: dict[str, tuple[HiddenDeal, list[Any]]] = {
    "sichuan": (
        HiddenDeal(
            _sichuan_places,
            lambda rules, deal: sichuan.Game._from_deal(rules, deal, engine="python"),
        ),
        [sichuan.Rules(), sichuan.Rules(exchange_three=True)],
    ),
    "sisepai": (HiddenDeal(_sisepai_places, _pure(sisepai.Game)), [sisepai.Rules()]),
    "shrinewars": (
        HiddenDeal(_shrinewars_places, _pure(shrinewars.Game)),
        [shrinewars.Rules(), shrinewars.Rules(open_table=True)],
    ),
    "ninedomains": (
        HiddenDeal(_ninedomains_places, _pure(ninedomains.Game)),
        [ninedomains.Rules()],
    ),
}


# Two deals a variant in the README's run, eight more in the slow profile.
@pytest.mark.parametrize(
    "deals", [range(2), pytest.param(range(2, 10), marks=pytest.mark.slow)], ids=["few", "more"]
)
@pytest.mark.parametrize("name", parlour.games())
def test_information_sets(name: str, backend: ModuleType, deals: range) -> None:
    assert name in GAMES, f"{name} is registered: say here what a seat cannot know of its deal"
    hidden, variants = GAMES[name]
    game = parlour.spec(name).game
    for v, rules in enumerate(variants):
        seeds = range(10 * v + deals.start, 10 * v + deals.stop)
        compared = check_information_sets(
            lambda seed, rules=rules: game(rules, seed=seed),  # type: ignore[call-arg]
            hidden,
            seeds,
        )
        assert compared > 0


def test_the_walk_sees_a_reference_to_the_game() -> None:
    # The check itself must be able to fail: an observation-like value that
    # holds its game is refused.
    game = sisepai.Game(seed=1)

    class Leaky:
        def __init__(self) -> None:
            self.game = game

    with pytest.raises(AssertionError, match="reaches a game"):
        reachable(Leaky())


class _LeakyHands(sisepai.Game):
    """Shows the next seat's concealed cards as if they were one's own."""

    def _observation(self, seat: int) -> Any:
        obs = super()._observation(seat)
        return dataclasses.replace(obs, concealed=tuple(self._concealed[(seat + 1) % 4]))


class _LeakyPlacement(ninedomains.Game):
    """Shows the opponent's placement before both have placed."""

    def _observation(self, seat: int) -> Any:
        obs = super()._observation(seat)
        theirs = self._placements[1 - seat]
        return dataclasses.replace(obs, previous=(None if theirs is None else tuple(theirs), None))


@pytest.mark.parametrize(
    ("cls", "hidden"),
    [
        (_LeakyHands, GAMES["sisepai"][0]),
        (_LeakyPlacement, GAMES["ninedomains"][0]),
    ],
    ids=["other-hand", "unrevealed-choice"],
)
def test_the_check_catches_a_leak(cls: Any, hidden: HiddenDeal) -> None:
    with pytest.raises(AssertionError, match="depends on hidden state"):
        check_information_sets(lambda seed: cls(seed=seed), hidden, range(2))


def test_the_walk_refuses_the_compiled_state(c_backend: ModuleType) -> None:
    with _backend.use("c"):
        game = sichuan.Game(seed=1)
    assert game.engine == "c"

    class Leaky:
        def __init__(self) -> None:
            self.state = game._engine.state

    with pytest.raises(AssertionError, match="compiled game state"):
        reachable(Leaky())
