"""parlour.simulate: seeds per game, executors, summaries checked by hand."""

from __future__ import annotations

import json
import math
import statistics
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import parlour
from parlour.simulation import game_seed, make_bots, outcome_tags, parse_bots, simulate


def _by_hand(game: str, n: int, seed: int, bots: list[str]) -> tuple[list[int], list[float]]:
    """Wins (draws left out) and mean scores from playing the games directly."""
    cls = parlour.game_class(game)
    wins = [0] * len(bots)
    totals = [0.0] * len(bots)
    for i in range(n):
        s = game_seed(seed, i)
        result = parlour.play(cls(seed=s), make_bots(game, bots), seed=s)  # type: ignore[call-arg]
        if len(result.winners) < len(bots):
            for w in result.winners:
                wins[w] += 1
        for seat, score in enumerate(result.scores):
            totals[seat] += score
    return wins, [t / n for t in totals]


@pytest.mark.parametrize("game", parlour.games())
def test_summary_matches_games_played_directly(game: str) -> None:
    n = 6
    seats = parlour.make(game, seed=0).num_players
    bots = ["heuristic"] + ["random"] * (seats - 1)
    summary = simulate(game, n, seed=11, bots=bots)
    wins, means = _by_hand(game, n, 11, bots)
    assert summary.wins == tuple(wins)
    assert summary.mean_scores == pytest.approx(means)
    assert summary.n == n and summary.bots == tuple(bots)
    assert all(a <= b for a, b in zip(summary.sole_wins, summary.wins, strict=True))


def test_confidence_interval_is_the_normal_one() -> None:
    summary = simulate("sisepai", 8, seed=3, bots="random", records=True)
    for seat in range(4):
        scores = [
            parlour.game_class("sisepai").from_record(r).result.scores[seat]  # type: ignore[union-attr]
            for r in summary.records
        ]
        half = 1.959963984540054 * statistics.stdev(scores) / math.sqrt(len(scores))
        assert summary.ci95[seat] == pytest.approx(half)
        assert summary.mean_scores[seat] == pytest.approx(statistics.mean(scores))


def test_one_game_has_a_zero_width_interval() -> None:
    assert simulate("sisepai", 1, seed=3, bots="random").ci95 == (0.0,) * 4


def test_seed_is_per_game_not_per_chunk() -> None:
    a = simulate("sichuan", 12, seed=5, bots="random", chunk_size=1)
    b = simulate("sichuan", 12, seed=5, bots="random", chunk_size=5)
    assert a == b
    # The first games of a longer run are the games of a shorter one.
    short = simulate("sichuan", 4, seed=5, bots="random", records=True)
    long = simulate("sichuan", 12, seed=5, bots="random", records=True)
    assert long.records[:4] == short.records


def test_different_seeds_give_different_games() -> None:
    a = simulate("shrinewars", 4, seed=1, bots="random", records=True)
    b = simulate("shrinewars", 4, seed=2, bots="random", records=True)
    assert a.records != b.records


def test_thread_and_process_pools_give_the_serial_summary() -> None:
    serial = simulate("sichuan", 8, seed=9, bots="heuristic,random,heuristic,random")
    with ThreadPoolExecutor(3) as pool:
        threads = simulate(
            "sichuan", 8, seed=9, bots="heuristic,random,heuristic,random", executor=pool
        )
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(
            "sichuan",
            8,
            seed=9,
            bots="heuristic,random,heuristic,random",
            executor=pool,
            chunk_size=3,
        )
    assert threads == serial
    assert processes == serial
    assert processes.to_dict()["seats"] == serial.to_dict()["seats"]


def test_records_replay_to_the_counted_results() -> None:
    summary = simulate("shrinewars", 5, seed=4, bots="random", records=True)
    assert len(summary.records) == 5
    cls = parlour.game_class("shrinewars")
    wins = [0] * 4
    for record in summary.records:
        result = cls.from_record(json.loads(json.dumps(record))).result
        assert result is not None
        if len(result.winners) < 4:
            for w in result.winners:
                wins[w] += 1
    assert tuple(wins) == summary.wins


def test_sichuan_outcomes_count_every_pattern_of_every_win() -> None:
    summary = simulate("sichuan", 6, seed=2, bots="heuristic", records=True)
    expected: dict[str, int] = {}
    for record in summary.records:
        result = parlour.game_class("sichuan").from_record(record).result
        assert result is not None
        wins = result.details["wins"]
        if not wins:
            expected["no win"] = expected.get("no win", 0) + 1
        for win in wins:
            for name in set(win["patterns"]):
                expected[name] = expected.get(name, 0) + 1
    assert dict(summary.outcomes) == expected


def test_outcome_tags_of_each_game() -> None:
    from parlour.protocol import Result

    assert outcome_tags("ninedomains", Result((5, 3), (0,), details={"reason": "elements"})) == (
        "won on elements",
    )
    assert outcome_tags("ninedomains", Result((3, 3), (0, 1), details={"reason": "draw"})) == (
        "draw",
    )
    shrine = Result((30, 1), (0,), details={"partitions": ["5F 6F 7F 8F 9F | 3F 3W | 2A", "1F"]})
    assert outcome_tags("shrinewars", shrine) == ("run of 5", "2 of a value", "single")
    sisepai = Result(
        (4, 0, 0, 0), (0,), details={"winner": 0, "groups": ["GAEr", "Sr Sy Sg", "SSSw", "3f"]}
    )
    assert outcome_tags("sisepai", sisepai) == ("command", "soldiers3", "triple", "flower")


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate("sisepai", 5, seed=1, bots="random", progress=lambda d, t: seen.append((d, t)))
    assert seen == [(k, 5) for k in range(1, 6)]
    seen.clear()
    with ThreadPoolExecutor(2) as pool:
        simulate(
            "sisepai",
            5,
            seed=1,
            bots="random",
            executor=pool,
            chunk_size=2,
            progress=lambda d, t: seen.append((d, t)),
        )
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1] == (5, 5)


def test_equilibrium_bot_for_the_nine_domains() -> None:
    summary = simulate("ninedomains", 1, seed=0, bots="equilibrium,random")
    assert summary.bots == ("equilibrium", "random")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"n": 0}, "positive int"),
        ({"n": True}, "positive int"),
        ({"seed": "x"}, "seed must be an int"),
        ({"bots": "clever"}, "unknown bot 'clever'"),
        ({"bots": "random,random"}, "give one bot name for all or 4 names, not 2"),
        ({"bots": "equilibrium"}, "sichuan has no equilibrium bot"),
        ({"chunk_size": 0}, "chunk_size"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"game": "sichuan", "n": 2, "seed": 0, "bots": "random"}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        simulate(**args)  # type: ignore[arg-type]


def test_parse_bots_accepts_a_sequence() -> None:
    assert parse_bots("ninedomains", ["random", "heuristic"], 2) == ("random", "heuristic")


def test_simulate_is_a_lazy_export() -> None:
    assert parlour.simulate is simulate
    assert "simulate" in parlour.__all__


def test_summary_json_and_table() -> None:
    summary = simulate("ninedomains", 3, seed=1, bots="heuristic,random")
    data = json.loads(json.dumps(summary.to_dict()))
    assert data["games"] == 3 and [s["bot"] for s in data["seats"]] == ["heuristic", "random"]
    assert sum(data["outcomes"].values()) == 3  # one "how" per Nine Domains game
    table = summary.table()
    assert "heuristic" in table and "games/s" in table


def test_dask_local_cluster_gives_the_serial_summary() -> None:
    distributed = pytest.importorskip("dask.distributed")
    serial = simulate("sisepai", 8, seed=13, bots="heuristic")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(
            "sisepai", 8, seed=13, bots="heuristic", executor=client.get_executor(), chunk_size=3
        )
    assert on_dask == serial


def test_draws_are_counted_apart_from_wins() -> None:
    """Issue 21: a Nine Domains draw reports both seats as winners; it was
    counted as a win for each, so both seats showed the draws as wins."""
    summary = simulate("ninedomains", 40, seed=0, bots="heuristic")
    seeds = [game_seed(0, i) for i in range(40)]
    results = [
        parlour.play(
            parlour.make("ninedomains", seed=s), make_bots("ninedomains", ["heuristic"] * 2), seed=s
        )
        for s in seeds
    ]
    draws = sum(r.details["reason"] == "draw" for r in results)
    assert 0 < draws < 40  # the seed gives both kinds of game
    assert summary.wins == tuple(sum(r.winners == (s,) for r in results) for s in (0, 1))
    assert summary.draws == draws
    assert sum(summary.wins) + summary.draws == 40
    assert summary.no_winner == 0
    data = summary.to_dict()
    assert data["draws"] == draws and [s["wins"] for s in data["seats"]] == list(summary.wins)
    table = summary.table()
    assert f"draws: {draws} ({100 * draws / 40:.1f} %)" in table


def test_shared_wins_count_for_each_winner_and_no_winner_apart() -> None:
    from parlour.simulation import GameOutcome, summarise

    def outcome(i: int, winners: tuple[int, ...]) -> GameOutcome:
        return GameOutcome(i, i, (0.0, 0.0, 0.0, 0.0), winners, ())

    games = [outcome(0, (0, 2)), outcome(1, (1,)), outcome(2, ()), outcome(3, (0, 1, 2, 3))]
    summary = summarise("sichuan", 0, ("random",) * 4, games, 1.0)
    assert summary.wins == (1, 1, 1, 0)
    assert summary.sole_wins == (0, 1, 0, 0)
    assert (summary.draws, summary.no_winner) == (1, 1)
    assert "no winner: 1 (25.0 %)" in summary.table()


# -- rules ----------------------------------------------------------------------


def test_rules_reach_every_game_of_the_run() -> None:
    from parlour.sichuan import Rules

    summary = simulate("sichuan", 3, bots="random", rules={"exchange_three": True}, records=True)
    assert summary.rules == Rules(exchange_three=True)
    for record in summary.records:
        assert record["rules"]["exchange_three"] is True
        # The exchange comes before the declarations: the option was played.
        assert [text.split()[0] for _, text in record["actions"][:4]] == ["exchange"] * 4
    # The same games as played directly under those rules.
    for i, record in enumerate(summary.records):
        s = game_seed(0, i)
        game = parlour.make("sichuan", seed=s, rules=Rules(exchange_three=True))
        parlour.play(game, make_bots("sichuan", ["random"] * 4), seed=s)
        assert game.record()["actions"] == record["actions"]


def test_rules_object_and_mapping_give_the_same_run() -> None:
    from parlour.shrinewars import Rules

    by_object = simulate("shrinewars", 4, bots="random", rules=Rules(oinks=3))
    by_mapping = simulate("shrinewars", 4, bots="random", rules={"oinks": 3})
    assert by_object == by_mapping
    assert by_object != simulate("shrinewars", 4, bots="random")


@pytest.mark.parametrize(
    ("game", "rules", "message"),
    [
        (
            "sichuan",
            {"oinks": 3},
            "oinks is not a sichuan rule option (it is one of shrinewars); the sichuan "
            "options are fan_cap, self_draw_doubles, exchange_three, call_transfer, "
            "flower_pig_penalty",
        ),
        (
            "shrinewars",
            {"open_tabel": True},
            "open_tabel is not a shrinewars rule option; the shrinewars options are "
            "oinks, open_table",
        ),
        (
            "sichuan",
            {"exchange_three": "yes"},
            'bad sichuan rule exchange_three="yes": exchange_three must be a bool',
        ),
        ("sichuan", {"fan_cap": 1.5}, "bad sichuan rule fan_cap=1.5: fan_cap must be an int"),
        (
            "sichuan",
            {"fan_cap": 31},
            "bad sichuan rule fan_cap=31: fan_cap must be an int in 0..30",
        ),
        ("sisepai", {"min_score": -1}, "bad sisepai rule min_score=-1: min_score must be an int"),
        ("ninedomains", {"tie_break": "coin"}, 'bad ninedomains rule tie_break="coin"'),
        ("sichuan", [("fan_cap", 3)], "rules must be a sichuan Rules object or a mapping"),
    ],
)
def test_bad_rules_are_refused_before_any_game(
    game: str, rules: object, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour import simulation

    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(simulation, "play_one", no_game)
    with pytest.raises(parlour.errors.ParlourError) as info:
        simulate(game, 2, rules=rules)  # type: ignore[arg-type]
    assert str(info.value).startswith(message)


def test_rules_of_another_game_are_refused() -> None:
    from parlour.shrinewars import Rules

    with pytest.raises(ValueError, match=r"rules must be sichuan's Rules \(parlour.sichuan"):
        simulate("sichuan", 1, rules=Rules())


def test_rules_go_through_a_process_pool_unchanged() -> None:
    rules = {"fan_cap": None, "self_draw_doubles": True, "flower_pig_penalty": 7}
    serial = simulate("sichuan", 8, seed=4, bots="random", rules=rules, records=True)
    with ProcessPoolExecutor(2) as pool:
        pooled = simulate(
            "sichuan",
            8,
            seed=4,
            bots="random",
            rules=rules,
            executor=pool,
            chunk_size=3,
            records=True,
        )
    assert pooled == serial
    assert pooled.rules is not None and pooled.rules.to_dict()["flower_pig_penalty"] == 7
    assert [r["actions"] for r in pooled.records] == [r["actions"] for r in serial.records]
    assert all(r["rules"] == serial.rules.to_dict() for r in pooled.records)  # type: ignore[union-attr]


def test_the_summary_names_the_rules() -> None:
    changed = simulate("sichuan", 2, bots="random", rules={"exchange_three": True, "fan_cap": None})
    assert changed.table().splitlines()[0] == (
        "sichuan: 2 games, seed 0, rules: fan_cap=null, exchange_three=true"
    )
    assert changed.to_dict()["rules"] == {
        "fan_cap": None,
        "self_draw_doubles": False,
        "exchange_three": True,
        "call_transfer": False,
        "flower_pig_penalty": 32,
    }
    json.dumps(changed.to_dict())  # JSON-ready
    plain = simulate("ninedomains", 1, bots="random")
    assert plain.table().splitlines()[0] == "ninedomains: 1 games, seed 0, default rules"
    assert plain.to_dict()["rules"]["tie_break"] == "draw"
    # Options set to their default values are the default rules.
    same = simulate("sisepai", 1, bots="random", rules={"flower": 3})
    assert same.table().splitlines()[0].endswith("default rules")
