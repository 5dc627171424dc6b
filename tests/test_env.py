"""parlour.env: the PettingZoo and Gymnasium adapters over the learning interface.

They are tested on Whisper, a toy game defined here that has what the
adapters must handle in the real games: three seats, hidden cards, windows
of simultaneous choices, rewards paid during play and a fixed action space
of which only part is legal at times.
"""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import parlour
import parlour.env
from parlour import registry
from parlour.errors import IllegalActionError, NotationError
from parlour.protocol import Action, Observation, Result
from parlour.protocol import Game as BaseGame
from parlour.protocol import Rules as BaseRules

# -- Whisper -------------------------------------------------------------------------
#
# Each of three seats is dealt two secret cards of 0..9. Then come `rounds`
# windows in which every seat stakes 0..3 at once: the one highest stake (if
# one is highest) takes the others' stakes. Last, in seat order, each seat says
# a number 0..3 that no seat has said yet; one that says how many of its cards
# are 5 or more gains 2. The action "say n" (id n) is the stake in a window and
# the number in the last phase, so every id is legal in the windows and some
# are not afterwards.
#
# The game shows the stakes placed so far in a window (`pot`), as chips on a
# table would: applying one seat's stake before the next seat chose would tell
# that seat the first seat's answer, which the envs must not let happen.

NUM_IDS = 4
SEATS = 3


@dataclass(frozen=True)
class WhisperRules(BaseRules):
    rounds: int = 2
    #: A stake of 3 settles the window at once, the seats yet to stake staking 0.
    sudden: bool = False


@dataclass(frozen=True)
class Say(Action):
    n: int

    def __str__(self) -> str:
        return f"say {self.n}"


@dataclass(frozen=True)
class WhisperObservation(Observation):
    seat: int
    hand: tuple[int, int]
    phase: str
    round: int
    pot: int
    scores: tuple[int, ...]
    last_stakes: tuple[int, ...]
    said: tuple[int, ...]

    def to_array(self) -> np.ndarray:
        turn = [(self.seat + k) % SEATS for k in range(SEATS)]
        out = np.zeros(16, dtype=np.float32)
        # Scaled into [0, 1], as the envs' Box(0, 1) wants: cards 0..9,
        # rounds and stakes 0..3, scores within -30..30 in any game here.
        out[0:2] = [c / 9 for c in self.hand]
        out[2] = self.phase == "stake"
        out[3] = self.round / 3
        out[4] = self.pot / 9
        out[5:8] = [(self.scores[s] + 30) / 60 for s in turn]
        out[8:11] = [self.last_stakes[s] / 3 for s in turn]
        for n in self.said:
            out[11 + n] = 1
        out[15] = 1  # so that no observation is all zeros
        return out


class WhisperGame(BaseGame):
    name: ClassVar[str] = "whisper"
    rules_class: ClassVar[type[BaseRules]] = WhisperRules
    num_action_ids: ClassVar[int] = NUM_IDS

    def __init__(
        self, rules: WhisperRules | None = None, *, seed: int | None = None, deck: Any = None
    ) -> None:
        super().__init__()
        self.rules = rules or WhisperRules()
        self.num_players = SEATS
        if deck is None:
            deck = list(range(10))
            random.Random(seed).shuffle(deck)
        self._deck = [int(c) for c in deck]
        self._hands = [tuple(self._deck[2 * s : 2 * s + 2]) for s in range(SEATS)]
        self._phase = "stake" if self.rules.rounds else "say"
        self._round = 0
        self._stakes: dict[int, int] = {}
        self._last = (0,) * SEATS
        self._said: list[tuple[int, int]] = []
        self._scores = [0] * SEATS

    # the learning interface: the protocol's defaults over two hooks
    def _action_id(self, action: Action) -> int:
        assert isinstance(action, Say)
        return action.n

    def _running_scores(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self._scores)

    def oracle_array(self, seat: int) -> np.ndarray:
        others = [c / 9 for s in range(SEATS) for c in self._hands[(seat + s) % SEATS]]
        return np.concatenate([self.observation(seat).to_array(), np.float32(others)])

    # the common protocol
    def _to_act(self) -> tuple[int, ...]:
        if self._phase == "stake":
            return tuple(s for s in range(SEATS) if s not in self._stakes)
        return (len(self._said),)

    def _is_over(self) -> bool:
        return self._phase == "over"

    def _legal_actions(self, seat: int) -> list[Action]:
        taken = {n for _, n in self._said}
        return [Say(n) for n in range(NUM_IDS) if n not in taken]

    def parse_action(self, text: str) -> Action:
        word, _, n = text.partition(" ")
        if word != "say" or n not in {"0", "1", "2", "3"}:
            raise NotationError(f"not a Whisper action: {text!r}")
        return Say(int(n))

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Say)
        if self._phase == "stake":
            self._stakes[seat] = action.n
            if action.n == 3 and self.rules.sudden:
                for s in range(SEATS):
                    self._stakes.setdefault(s, 0)
            if len(self._stakes) == SEATS:
                self._settle_stakes()
            return
        self._said.append((seat, action.n))
        if len(self._said) == SEATS:
            for s, n in self._said:
                if n == sum(c >= 5 for c in self._hands[s]):
                    self._scores[s] += 2
            self._phase = "over"

    def _settle_stakes(self) -> None:
        stakes = [self._stakes[s] for s in range(SEATS)]
        top = max(stakes)
        if stakes.count(top) == 1:
            for s, stake in enumerate(stakes):
                self._scores[s] += sum(stakes) - top if stake == top else -stake
        self._last = tuple(stakes)
        self._stakes = {}
        self._round += 1
        if self._round == self.rules.rounds:
            self._phase = "say"

    def _observation(self, seat: int) -> Observation:
        return WhisperObservation(
            seat,
            self._hands[seat],
            self._phase,
            self._round,
            sum(self._stakes.values()),
            tuple(self._scores),
            self._last,
            tuple(n for _, n in self._said),
        )

    def _result(self) -> Result:
        top = max(self._scores)
        return Result(
            tuple(float(x) for x in self._scores),
            tuple(s for s in range(SEATS) if self._scores[s] == top),
        )

    def _deal_record(self) -> Any:
        return list(self._deck)

    @classmethod
    def _from_deal(cls, rules: Any, deal: Any) -> WhisperGame:
        return cls(rules, deck=deal)

    def render(self, seat: int | None = None) -> str:
        seats = range(SEATS) if seat is None else (seat,)
        hands = ", ".join(f"seat {s} holds {self._hands[s]}" for s in seats)
        return f"Whisper - phase {self._phase} - scores {self._scores} - {hands}"


class RandomBot:
    def act(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal_actions))


class CautiousBot:
    """Stakes nothing; says the first number left."""

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return legal_actions[0]


class FixedBot:
    """Always gives the same answer where it may (to vary one seat's answer)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def act(self, observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return Say(self.n) if Say(self.n) in legal_actions else legal_actions[0]


SPEC = registry.GameSpec(
    name="whisper",
    title="Whisper",
    game=WhisperGame,
    rules=WhisperRules,
    bots={"random": RandomBot, "heuristic": CautiousBot},
)


@pytest.fixture(autouse=True, scope="module")
def whisper() -> Iterator[None]:
    parlour.register("whisper", SPEC)
    yield
    # The registry has no way to unregister; other modules in this worker
    # iterate over every registered game and must not meet Whisper.
    registry._REGISTERED.pop("whisper", None)


# -- helpers -------------------------------------------------------------------------


def masked_choice(mask: np.ndarray, rng: random.Random) -> int:
    return rng.choice(np.flatnonzero(mask).tolist())


def run_aec(env: parlour.env.AECEnv, seed: int, policy_seed: int = 0) -> dict[str, Any]:
    """Play one episode with random masked actions; what was seen."""
    rng = random.Random(policy_seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    seen = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        seen.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), reward))
        env.step(None if terminated or truncated else masked_choice(obs["action_mask"], rng))
    return {"totals": totals, "seen": seen}


# -- import and checkers -------------------------------------------------------------


def test_import_parlour_imports_no_env() -> None:
    code = (
        "import sys, parlour; parlour.simulate; "
        "bad = [m for m in ('parlour.env', 'pettingzoo', 'gymnasium') if m in sys.modules]; "
        "print(bad)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_pettingzoo_api_test_passes() -> None:
    api_test(parlour.env.aec("whisper", render_mode="ansi"), num_cycles=200)


def test_pettingzoo_parallel_api_test_passes() -> None:
    parallel_api_test(parlour.env.parallel("whisper"), num_cycles=200)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_gymnasium_check_env_passes(seat: int) -> None:
    # check_env steps with actions sampled without the mask: Whisper's
    # first two decisions are windows in which every id is legal.
    check_env(parlour.env.gym("whisper", seat=seat, opponents="random", render_mode="ansi"))


def test_spaces() -> None:
    env = parlour.env.aec("whisper")
    space = env.observation_space("player_2")
    assert space["observation"].shape == (16,) and space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (NUM_IDS,) and space["action_mask"].dtype == np.int8
    assert env.action_space("player_2").n == NUM_IDS
    assert env.possible_agents == ["player_0", "player_1", "player_2"]


# -- seeds and records ----------------------------------------------------------------


def test_seeded_reset_reproduces_the_deal_and_the_episode() -> None:
    env = parlour.env.aec("whisper")
    first = run_aec(env, seed=11)
    record = env.game.record()
    run_aec(env, seed=12)
    assert env.game.record()["deal"] != record["deal"]
    assert run_aec(env, seed=11) == first
    assert env.game.record() == record
    # The deal is the one parlour.make deals with that seed.
    assert record["deal"] == parlour.make("whisper", seed=11).record()["deal"]


def test_env_seed_seeds_the_resets_without_a_seed() -> None:
    def deals(env: Any) -> list[Any]:
        out = []
        for _ in range(3):
            env.reset()
            out.append(env.game.record()["deal"])
        return out

    a = deals(parlour.env.aec("whisper", seed=5))
    assert a == deals(parlour.env.aec("whisper", seed=5))
    assert a == deals(parlour.env.parallel("whisper", seed=5))
    assert a[0] == parlour.make("whisper", seed=5).record()["deal"]
    assert len({tuple(d) for d in a}) == 3


def test_a_seeded_reset_reseeds_the_resets_after_it() -> None:
    def after(env: Any, seed: int) -> list[Any]:
        env.reset(seed=seed)
        out = []
        for _ in range(2):
            env.reset()
            out.append(env.game.record()["deal"])
        return out

    used = parlour.env.aec("whisper")
    used.reset()
    used.reset(seed=77)
    expected = after(parlour.env.aec("whisper", seed=123), 5)
    assert after(used, 5) == after(parlour.env.parallel("whisper"), 5) == expected
    assert expected[0] != expected[1]


def test_gym_seeded_reset_reproduces() -> None:
    def episode(env: Any) -> list[Any]:
        rng = random.Random(3)
        obs, _ = env.reset(seed=21)
        out = [obs["observation"].tolist()]
        done = False
        while not done:
            obs, reward, done, _, _ = env.step(masked_choice(obs["action_mask"], rng))
            out.append((obs["observation"].tolist(), reward))
        return [*out, env.game.record()]

    env = parlour.env.gym("whisper", seat=1, opponents="random")
    assert episode(env) == episode(env)


def test_a_finished_episode_replays_from_its_record() -> None:
    env = parlour.env.aec("whisper")
    run_aec(env, seed=3)
    game = env.game
    assert game.is_over
    replayed = WhisperGame.from_record(game.record())
    assert replayed.history == game.history
    assert replayed.result == game.result


# -- simultaneous choices ----------------------------------------------------------


def test_aec_window_answers_do_not_reach_later_seats() -> None:
    seen = []
    for answer in range(NUM_IDS):
        env = parlour.env.aec("whisper")
        env.reset(seed=8)
        assert env.agent_selection == "player_0" and env.game.to_act == (0, 1, 2)
        env.step(answer)
        assert env.agent_selection == "player_1"
        obs = env.observe("player_1")
        env.step(2)
        seen.append((obs["observation"].tolist(), obs["action_mask"].tolist()))
        seen.append(env.observe("player_2")["observation"].tolist())
        # The answers wait in the env until the window is complete.
        assert env.game.history == ()
        assert env.observe("player_0")["action_mask"].tolist() == [0] * NUM_IDS
    assert all(s == seen[0] for s in seen[0::2])
    assert all(s == seen[1] for s in seen[1::2])
    # Once all are in, they are applied in seat order.
    env.step(1)
    assert [(s, str(a)) for s, a in env.game.history] == [(0, "say 3"), (1, "say 2"), (2, "say 1")]


def test_answers_after_one_that_closes_the_window_are_dropped() -> None:
    env = parlour.env.aec("whisper", {"sudden": True})
    env.reset(seed=8)
    for answer in (1, 3, 2):  # seat 1's 3 settles the window; seat 2's 2 is moot
        env.step(answer)
    game = env.game
    assert [(s, str(a)) for s, a in game.history] == [(0, "say 1"), (1, "say 3")]
    # The next window asks every seat afresh; seat 2's answer was not applied to it.
    assert game.to_act == (0, 1, 2) and env.agent_selection == "player_0"
    assert game.observation(0).last_stakes == (1, 3, 0)
    run = run_aec(env, seed=8)
    assert tuple(run["totals"].values()) == env.game.result.scores
    assert WhisperGame.from_record(env.game.record()).history == env.game.history


def test_gym_window_answers_do_not_reach_the_learner() -> None:
    seen = set()
    for n in range(NUM_IDS):
        env = parlour.env.gym("whisper", seat=2, opponents=[FixedBot(n), FixedBot(0)])
        obs, _ = env.reset(seed=4)
        seen.add(tuple(obs["observation"].tolist()))
        assert env.game.history == ()
    assert len(seen) == 1


def test_gym_later_bots_answer_after_the_learner_without_asking_it_again() -> None:
    # The learner answers first; the bots after it in seat order answer in the
    # same window. Their answers join the learner's held one: the window is
    # applied once, in seat order, and the learner's next question is a new one.
    env = parlour.env.gym("whisper", seat=0, opponents=[FixedBot(1), FixedBot(2)])
    env.reset(seed=2)
    assert env.game.history == ()
    env.step(3)
    assert [(s, str(a)) for s, a in env.game.history] == [(0, "say 3"), (1, "say 1"), (2, "say 2")]


def test_without_buffering_the_toy_would_leak() -> None:
    # The check above could not fail if Whisper showed nothing of a stake.
    a, b = WhisperGame(seed=8), WhisperGame(seed=8)
    a.apply(0, "say 0")
    b.apply(0, "say 3")
    assert a.observation(1).to_array().tolist() != b.observation(1).to_array().tolist()


def test_parallel_applies_a_window_in_one_step() -> None:
    env = parlour.env.parallel("whisper")
    obs, infos = env.reset(seed=2)
    assert set(obs) == set(infos) == set(env.agents)
    assert all(o["action_mask"].tolist() == [1] * NUM_IDS for o in obs.values())
    obs, rewards, terms, truncs, _ = env.step({"player_0": 3, "player_1": 1, "player_2": 0})
    assert rewards == {"player_0": 1.0, "player_1": -1.0, "player_2": -0.0}
    assert [str(a) for _, a in env.game.history] == ["say 3", "say 1", "say 0"]
    assert not any(terms.values()) and not any(truncs.values())


def test_parallel_ignores_agents_not_asked() -> None:
    env = parlour.env.parallel("whisper", WhisperRules(rounds=0))
    obs, _ = env.reset(seed=2)
    assert [a for a, o in obs.items() if o["action_mask"].any()] == ["player_0"]
    env.step({"player_0": 1, "player_1": 1, "player_2": 2})
    assert [(s, str(a)) for s, a in env.game.history] == [(0, "say 1")]


# -- masks, rewards, illegal ids --------------------------------------------------------


def test_the_mask_is_the_legal_actions_in_every_state() -> None:
    env = parlour.env.aec("whisper")
    rng = random.Random(1)
    for seed in range(20):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            game, seat = env.game, int(agent[7:])
            legal = {game.action_id(a) for a in game.legal_actions(seat)}
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
            env.step(masked_choice(obs["action_mask"], rng))


@pytest.mark.parametrize("seed", range(10))
def test_rewards_sum_to_the_scores(seed: int) -> None:
    env = parlour.env.aec("whisper")
    totals = run_aec(env, seed=seed, policy_seed=seed)["totals"]
    assert tuple(totals.values()) == env.game.result.scores

    par = parlour.env.parallel("whisper")
    obs, _ = par.reset(seed=seed)
    rng = random.Random(seed)
    sums = dict.fromkeys(par.possible_agents, 0.0)
    while par.agents:
        actions = {
            a: masked_choice(o["action_mask"], rng)
            for a, o in obs.items()
            if o["action_mask"].any()
        }
        obs, rewards, _, _, _ = par.step(actions)
        for a, r in rewards.items():
            sums[a] += r
    assert tuple(sums.values()) == par.game.result.scores

    for seat in range(SEATS):
        gym = parlour.env.gym("whisper", seat=seat, opponents="random")
        obs, _ = gym.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            obs, reward, done, truncated, _ = gym.step(masked_choice(obs["action_mask"], rng))
            total += reward
            assert not truncated
        assert total == gym.game.result.scores[seat]


@pytest.mark.parametrize("name", ["whisper", "sichuan"])
def test_each_steps_rewards_are_that_steps_payments(name: str) -> None:
    # env.rewards after a step holds that step's payments only: a dict kept
    # from an earlier paying step would count its payments twice here.
    paying = 0
    for seed in range(12):
        env = parlour.env.aec(name)
        env.reset(seed=seed)
        rng = random.Random(seed)
        sums = dict.fromkeys(env.possible_agents, 0.0)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(masked_choice(obs["action_mask"], rng))
            paying += any(env.rewards.values())
            for a, r in env.rewards.items():
                sums[a] += r
        assert tuple(sums.values()) == env.game.result.scores
    assert paying > 1


def test_agent_iter_and_last_as_pettingzoo_defines_them() -> None:
    env = parlour.env.aec("sichuan")
    env.reset(seed=1)
    assert list(env.agent_iter(0)) == []
    rng = random.Random(1)
    asked = []
    for agent in env.agent_iter(5):
        asked.append(agent)
        assert agent == env.agent_selection
        obs, reward, terminated, truncated, info = env.last()
        assert env.last(observe=False) == (None, reward, terminated, truncated, info)
        assert np.array_equal(obs["observation"], env.observe(agent)["observation"])
        env.step(masked_choice(obs["action_mask"], rng))
    assert len(asked) == 5


def test_rewards_come_during_play() -> None:
    env = parlour.env.parallel("whisper")
    env.reset(seed=0)
    _, rewards, terms, _, _ = env.step({"player_0": 0, "player_1": 2, "player_2": 1})
    assert rewards == {"player_0": 0.0, "player_1": 1.0, "player_2": -1.0}
    assert not any(terms.values())


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (2, "seat 1: action id 2 is not legal now"),
        (7, "seat 1: action id 7 is out of range 0..3"),
        (-1, "seat 1: action id -1 is out of range 0..3"),
        ("say 1", "seat 1: an action id is an int, not str"),
        (1.0, "seat 1: an action id is an int, not float"),
    ],
)
def test_an_illegal_id_is_refused_and_changes_nothing(action: Any, message: str) -> None:
    env = parlour.env.aec("whisper", WhisperRules(rounds=0))
    env.reset(seed=1)
    env.step(2)
    before = (env.game.record(), env.agent_selection, dict(env.rewards), env.observe("player_1"))
    with pytest.raises(IllegalActionError, match=f"^{message}$"):
        env.step(action)
    after = (env.game.record(), env.agent_selection, dict(env.rewards), env.observe("player_1"))
    assert before[:3] == after[:3]
    assert all((before[3][k] == after[3][k]).all() for k in before[3])
    env.step(np.int64(1))  # numpy integers are ids too
    assert [str(a) for _, a in env.game.history] == ["say 2", "say 1"]


def test_a_mask_changed_by_its_user_changes_nothing() -> None:
    env = parlour.env.aec("whisper", WhisperRules(rounds=0))
    env.reset(seed=1)
    env.step(2)
    mask = env.observe("player_1")["action_mask"]
    mask[:] = 1
    with pytest.raises(IllegalActionError, match=r"^seat 1: action id 2 is not legal now$"):
        env.step(2)
    assert env.observe("player_1")["action_mask"].tolist() == [1, 1, 0, 1]


def test_illegal_ids_in_gym_and_parallel() -> None:
    gym = parlour.env.gym("whisper", opponents="random", rules={"rounds": 1})
    obs, _ = gym.reset(seed=1)
    obs, *_ = gym.step(0)
    with pytest.raises(IllegalActionError, match=r"^seat 0: action id 9 is out of range"):
        gym.step(9)
    assert (gym._obs()["observation"] == obs["observation"]).all()
    par = parlour.env.parallel("whisper")
    par.reset(seed=1)
    with pytest.raises(
        IllegalActionError, match=r"^seat 2 must act now: no action for 'player_2'$"
    ):
        par.step({"player_0": 1, "player_1": 1})
    with pytest.raises(IllegalActionError, match=r"^seat 1: action id 4 is out of range"):
        par.step({"player_0": 1, "player_1": 4, "player_2": 0})
    assert par.game.history == ()


def test_gym_illegal_random_plays_a_legal_id_instead() -> None:
    # rounds=0 opens on the say phase, seats saying in order: the learner at
    # seat 2 answers after the two bots have said two numbers.
    env = parlour.env.gym(
        "whisper", seat=2, opponents="heuristic", rules={"rounds": 0}, illegal="random"
    )
    obs, _ = env.reset(seed=3)
    taken = [n for n in range(NUM_IDS) if not obs["action_mask"][n]]
    assert len(taken) == 2  # the cautious bots said 0 and 1
    obs, _, done, _, info = env.step(taken[0])
    assert info == {"illegal": True} and done
    said = env.game.history[-1][1].n
    assert said not in taken
    env.reset(seed=3)
    _, _, _, _, info = env.step(said)
    assert info == {}
    with pytest.raises(ValueError, match="illegal must be 'raise' or 'random', not 'skip'"):
        parlour.env.gym("whisper", illegal="skip")  # type: ignore[arg-type]


def test_gym_illegal_random_is_seeded() -> None:
    def run() -> list[int]:
        env = parlour.env.gym(
            "whisper", seat=2, opponents="heuristic", rules={"rounds": 0}, illegal="random"
        )
        said = []
        for seed in range(5):
            env.reset(seed=seed)
            env.step(0)  # illegal: the first bot said 0
            said.append(env.game.history[-1][1].n)
        return said

    assert run() == run()


# -- rendering and opponents ------------------------------------------------------------


def test_render_ansi() -> None:
    aec = parlour.env.aec("whisper", render_mode="ansi")
    aec.reset(seed=1)
    assert aec.render() == aec.game.render()
    gym = parlour.env.gym("whisper", seat=1, render_mode="ansi")
    gym.reset(seed=1)
    text = gym.render()
    assert text == gym.game.render(1) and "seat 0" not in text
    quiet = parlour.env.aec("whisper")
    quiet.reset(seed=1)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        assert quiet.render() is None
    with pytest.raises(ValueError, match="render_mode must be None or one of ansi"):
        parlour.env.parallel("whisper", render_mode="human")


def test_gym_opponents() -> None:
    env = parlour.env.gym("whisper", seat=1)
    assert [type(b).__name__ if b else None for b in env.bots] == [
        "CautiousBot",
        None,
        "CautiousBot",
    ]
    env = parlour.env.gym("whisper", seat=0, opponents=["random", CautiousBot()])
    names = [type(b).__name__ if b else None for b in env.bots]
    assert names == [None, "RandomBot", "CautiousBot"]
    with pytest.raises(
        ValueError, match="whisper has no bot 'clever'; its bots are heuristic, random"
    ):
        parlour.env.gym("whisper", opponents="clever")
    with pytest.raises(ValueError, match="whisper has 3 seats: give 2 opponents, not 1"):
        parlour.env.gym("whisper", opponents=["random"])
    with pytest.raises(ValueError, match=r"seat must be an int in 0..2, not 3"):
        parlour.env.gym("whisper", seat=3)


def test_gym_step_after_the_end_needs_a_reset() -> None:
    import gymnasium

    env = parlour.env.gym("whisper", opponents="random", rules={"rounds": 0})
    obs, _ = env.reset(seed=0)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(masked_choice(obs["action_mask"], random.Random(0)))
    assert obs["action_mask"].tolist() == [0] * NUM_IDS
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
