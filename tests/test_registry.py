"""The game registry: every registered spec is complete and consistent, and a
game of another package plugs in with one ``parlour.register`` call."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import parlour
from conformance import check_conformance
from parlour import registry
from parlour.cli import main
from parlour.errors import IllegalActionError, NotationError
from parlour.protocol import Action, Game, Observation, Result, Rules
from parlour.registry import GameSpec, HandOption, TerminalSpec
from parlour.simulation import outcome_tags
from parlour.terminal import play_terminal, render

GAMES = parlour.games()


def test_the_four_games_are_registered() -> None:
    assert GAMES == ("ninedomains", "shrinewars", "sichuan", "sisepai")


def test_import_parlour_imports_no_game() -> None:
    import subprocess
    import sys

    code = "import sys, parlour; print(sorted(m for m in sys.modules if m.count('.') == 1))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    for name in GAMES:
        assert f"parlour.{name}" not in loaded


@pytest.mark.parametrize("name", GAMES)
def test_the_spec_names_its_own_classes(name: str) -> None:
    spec = parlour.spec(name)
    assert spec.name == name == spec.game.name
    assert spec.title
    assert spec.rules is spec.game.rules_class
    assert parlour.game_class(name) is spec.game
    assert isinstance(parlour.make(name, seed=1), spec.game)
    assert {"random", "heuristic"} <= set(spec.bots)
    with pytest.raises(TypeError):
        spec.bots["clever"] = spec.bots["random"]  # type: ignore[index]
    if spec.report_hand is None:
        assert not spec.hand_options and not spec.hand_rules
    for option in spec.hand_options:
        assert option.flag.startswith("--") and option.help


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_round_trip(name: str) -> None:
    spec = parlour.spec(name)
    default = spec.rules()
    assert spec.rules.from_dict(json.loads(json.dumps(default.to_dict()))) == default
    game = spec.game(seed=2)  # type: ignore[call-arg]
    assert spec.rules.from_dict(game.record()["rules"]) == game.rules


@pytest.mark.parametrize("name", GAMES)
def test_each_bot_plays_a_game_to_the_end_with_tags_in_order(name: str) -> None:
    spec = parlour.spec(name)
    for bot, make_bot in spec.bots.items():
        game = spec.game(seed=3)  # type: ignore[call-arg]
        result = parlour.play(game, [make_bot() for _ in range(game.num_players)], seed=3)
        assert game.is_over and result == game.result, bot
        tags = spec.outcome_tags(result)
        assert isinstance(tags, tuple) and all(isinstance(t, str) and t for t in tags)
        assert outcome_tags(name, result) == tags
    summary = parlour.simulate(name, 6, seed=4, bots="random")
    assert summary.outcome_label == spec.outcome_label
    labels = [label for label, _ in summary.outcomes]
    ranked = [label for label in labels if label in spec.outcome_order]
    # The spec's order first, in that order; the others after them.
    assert ranked == sorted(ranked, key=spec.outcome_order.index)
    assert labels[: len(ranked)] == ranked


@pytest.mark.parametrize("name", GAMES)
def test_the_terminal_shows_the_spec_table(name: str) -> None:
    spec = parlour.spec(name)
    game = spec.game(seed=5)  # type: ignore[call-arg]
    obs = game.observation(0)
    assert spec.observation is not None and isinstance(obs, spec.observation)
    assert render(obs) == spec.terminal.render(obs) == game.render(0)  # type: ignore[attr-defined]
    assert spec.terminal.notation
    for action in game.legal_actions(game.to_act[0]):
        assert spec.terminal.action_label(action)


@pytest.mark.parametrize("name", GAMES)
def test_every_registered_game_conforms(name: str) -> None:
    spec = parlour.spec(name)
    check_conformance(lambda seed: spec.game(seed=seed), range(3))  # type: ignore[call-arg]


def test_unknown_games_and_bad_targets() -> None:
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        parlour.spec("chess")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        parlour.simulate("chess", 1)
    with pytest.raises(ValueError, match="cannot register the spec of 'toy' as 'other'"):
        parlour.register("other", TOY)
    with pytest.raises(TypeError, match="is not a parlour Game"):
        GameSpec(name="x", title="X", game=int, rules=Rules)  # type: ignore[arg-type]


# -- a game of another package ----------------------------------------------------


@dataclass(frozen=True)
class Add(Action):
    """Add 1 or 2 to the count."""

    n: int

    def __str__(self) -> str:
        return f"add {self.n}"


@dataclass(frozen=True)
class ToyRules(Rules):
    target: int = 7

    def __post_init__(self) -> None:
        if type(self.target) is not int or not 2 <= self.target <= 50:
            raise ValueError(f"target must be an int in 2..50, not {self.target!r}")


@dataclass(frozen=True)
class ToyObservation(Observation):
    count: int
    target: int


class Toy(Game):
    """Two seats count in turn, adding 1 or 2; who reaches the target wins.
    The seed picks who starts."""

    name = "toy"
    rules_class = ToyRules

    def __init__(self, rules: ToyRules | None = None, *, seed: int | None = None) -> None:
        super().__init__()
        self.rules = rules or ToyRules()
        self.num_players = 2
        self.first = random.Random(seed).randrange(2)
        self.count = 0

    def parse_action(self, text: str) -> Action:
        if text not in ("add 1", "add 2"):
            raise NotationError(f"not a toy action: {text!r}")
        return Add(int(text[-1]))

    def _turn(self) -> int:
        return (self.first + len(self._history)) % 2

    def _to_act(self) -> tuple[int, ...]:
        return (self._turn(),)

    def _is_over(self) -> bool:
        return self.count >= self.rules.target  # type: ignore[attr-defined,no-any-return]

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Add(1), Add(2)]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Add)
        self.count += action.n

    def _observation(self, seat: int) -> Observation:
        return ToyObservation(self.count, self.rules.target)  # type: ignore[attr-defined]

    def _result(self) -> Result:
        winner = self._history[-1][0]
        return Result(tuple(1.0 if s == winner else 0.0 for s in range(2)), (winner,))

    def _deal_record(self) -> Any:
        return {"first": self.first}

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any) -> Toy:
        game = cls(rules)
        game.first = deal["first"]
        return game


class FirstBot:
    def act(self, observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        return legal_actions[0]


class RandomToyBot:
    def act(self, observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        return rng.choice(legal_actions)


def _toy_tags(result: Result) -> tuple[str, ...]:
    return (f"seat {result.winners[0]} reached it",)


def _toy_hand(text: str, rules: Rules, options: Any) -> list[str]:
    return [f"{text}: {int(text) * (2 if options.get('double') else 1)}"]


TOY = GameSpec(
    name="toy",
    title="Toy",
    game=Toy,
    rules=ToyRules,
    bots={"random": RandomToyBot, "heuristic": FirstBot},
    outcome_label="who reached the target",
    outcome_tags=_toy_tags,
    outcome_order=("seat 1 reached it", "seat 0 reached it"),
    report_hand=_toy_hand,
    hand_options=(HandOption("--double", "count twice"),),
    observation=ToyObservation,
    terminal=TerminalSpec(notation="Toy actions:\n  add 1\n  add 2"),
)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameSpec]:
    # A copy of the registry, so that the toy is gone after the test.
    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))
    parlour.register("toy", TOY)
    yield TOY


def test_a_registered_game_shows_up_everywhere(toy: GameSpec) -> None:
    assert "toy" in parlour.games()
    assert parlour.spec("toy") is toy
    assert isinstance(parlour.make("toy", seed=1), Toy)
    check_conformance(lambda seed: Toy(seed=seed), range(5))
    summary = parlour.simulate("toy", 20, seed=1, bots="random", rules={"target": 9})
    assert summary.outcome_label == "who reached the target"
    assert [label for label, _ in summary.outcomes] == ["seat 1 reached it", "seat 0 reached it"]
    assert sum(count for _, count in summary.outcomes) == 20
    with pytest.raises(ValueError, match="toy has no equilibrium bot"):
        parlour.simulate("toy", 1, bots="equilibrium")


def test_the_cli_takes_a_registered_game(toy: GameSpec, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "toy", "-n", "12", "--quiet", "--rule", "target=5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("toy: 12 games, seed 0, rules: target=5\n")
    assert "who reached the target:" in out and "seat 1 reached it" in out
    assert main(["hand", "toy", "21", "--double"]) == 0
    assert capsys.readouterr().out == "21: 42\n"
    # Another game's hand option is refused for the toy, and the toy's for Sichuan.
    assert main(["hand", "toy", "21", "--self-draw"]) == 2
    assert "--self-draw applies to sichuan hands only, not toy" in capsys.readouterr().err
    assert main(["hand", "sichuan", "123m456m789m111p2p", "--double"]) == 2
    assert "--double applies to toy hands only, not sichuan" in capsys.readouterr().err
    # pytest refuses to read its standard input: the game starts, shows its
    # first menu and ends there (exit code 1).
    assert main(["play", "toy", "--seed", "2", "--bots", "random"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("toy, seed 2: you are seat 0; seat 1 is a bot (random)\n")
    assert "\ntarget: 7\nlegal actions:\n  1. add 1\n  2. add 2\n" in out


def test_the_terminal_plays_a_registered_game(toy: GameSpec) -> None:
    lines: list[str] = []
    answers = iter(["help", "add 3", "1", "1", "1", "1", "1", "1", "1"])

    class Out:
        def write(self, text: str) -> None:
            lines.append(text)

        def flush(self) -> None:
            pass

    code = play_terminal("toy", seed=2, read=lambda prompt: next(answers), out=Out())  # type: ignore[arg-type]
    text = "".join(lines)
    assert code == 0, text
    assert "Toy actions:\n  add 1\n  add 2" in text
    assert "'add 3' is not a legal action now" in text
    # A game without a table of its own shows every field of the observation.
    assert "\ncount: " in text and "\ntarget: 7\n" in text
    assert "game over" in text


def test_a_game_class_registers_with_a_spec_of_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))
    parlour.register("toy", f"{__name__}:Toy")
    spec = parlour.spec("toy")
    assert spec.game is Toy and spec.rules is ToyRules and spec.report_hand is None
    assert outcome_tags("toy", Result((1.0, 0.0), (0,))) == ("1 winner(s)",)
    game = parlour.make("toy", seed=1)
    with pytest.raises(IllegalActionError):
        game.apply(0 if game.to_act != (0,) else 1, "add 1")
