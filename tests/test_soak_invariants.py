"""The soak invariants of ``benchmarks/soak.py`` on bot games of every game.

The README's test run plays 250 seeded bot games per game type (50 under
``PARLOUR_BACKEND=python``, where the evaluators are slower); the ``slow``
profile (``pytest -m slow``, ``.ci/heavy``) plays 2,000 (200).
``PARLOUR_SOAK_GAMES`` overrides both. Every game gets the per-step checks
(the acting seat is to act, its action is legal, the history grows by one)
and the state, result and ledger checks at its start and end. To keep the
suite fast, the full state checks after *every* step and the JSON record
replay run on two games in every ``SAMPLE`` (one with heuristic bots, one
with random bots; the other games use random bots, which are faster).
Measured on the 2-core machine, under load: 2,000 Sichuan games with every
check on every step take about 50 s, sampled about 22 s. The full run is
``python benchmarks/soak.py --games 100000``.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour import _backend

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import soak

_COMPILED = _backend.current() == "c"
_OVERRIDE = os.environ.get("PARLOUR_SOAK_GAMES")
QUICK = int(_OVERRIDE or (250 if _COMPILED else 50))
LONG = int(_OVERRIDE or (2000 if _COMPILED else 200))
SAMPLE = 25


@pytest.mark.parametrize(
    ("name", "games"),
    [(name, QUICK) for name in soak.GAMES]
    + [pytest.param(name, LONG, marks=pytest.mark.slow) for name in soak.GAMES],
)
def test_soak_invariants(name: str, games: int) -> None:
    violations: list[str] = []
    steps = 0
    for seed in range(games):
        full = seed % SAMPLE in (0, 1)  # a heuristic-bot and a random-bot game
        out = soak.play_checked(
            name, seed, check_every=1 if full else 10**9, replay=full, random_bots=not full
        )
        steps += out.steps
        violations += out.violations
    assert violations == []
    assert steps > games  # the games were really played


class _ExtraWallTile:
    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def observation(self, seat: int) -> Any:
        obs = self._game.observation(seat)
        return dataclasses.replace(obs, wall_remaining=obs.wall_remaining + 1)


def _corrupted(name: str) -> Any:
    from parlour import _backend

    # The pure engines keep their state in lists this test can forge; a C
    # engine's state is out of Python's reach (and refused when damaged).
    with _backend.use("python"):
        g, _ = soak.make_game(name, 3)
    deal = g.record()["deal"]
    return g, deal


@pytest.mark.parametrize("name", soak.GAMES)
def test_state_checks_can_fail(name: str) -> None:
    """The checks see a corrupted game (so a clean soak means something)."""
    g, deal = _corrupted(name)
    check = soak.STATE_CHECKS[name]
    assert check(g, deal) == []
    if name == "sichuan":
        g = _ExtraWallTile(g)  # a tile counted in the wall and in a hand
    elif name == "sisepai":
        g._concealed[0].append(g._concealed[1][0])
    elif name == "shrinewars":
        g._oinks[0][0] += 1
    else:
        g._hands[0].pop()
    assert check(g, deal) != []


def test_result_checks_can_fail() -> None:
    import parlour
    from parlour import _backend

    # The pure engine (PyEngine) keeps its ledger in a list this test can forge.
    with _backend.use("python"):
        g, bots = soak.make_game("sichuan", 1)

    parlour.play(g, bots, seed=1)
    assert soak.check_result("sichuan", g) == []
    assert soak.check_replay(g) == []
    g._engine._ledger.append(parlour.Payment(2, 2, -5, "forged"))
    assert soak.check_result("sichuan", g) != []
