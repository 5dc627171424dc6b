"""The ``parlour`` command: hand, replay, simulate, exit codes and messages.

Known answers below are worked out by hand from the rules of record.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import parlour
from parlour.cli import main
from parlour.sichuan import PATTERN_FAN


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- hand -----------------------------------------------------------------------


def test_hand_sichuan_ready(capsys: pytest.CaptureFixture[str], backend: ModuleType) -> None:
    # 123m 456m 789m + 111p 2p: 2p pairs with 2p (111p set), or 3p makes 11p + 123p.
    code, out, _ = run(capsys, "hand", "sichuan", "123m456m789m111p2p")
    assert code == 0
    assert "complete: no" in out
    assert "shanten: 0 (ready)" in out
    assert "waits: 2p 3p" in out
    assert "on 2p: 0 fan, 1 point (basic)" in out


def test_hand_sichuan_fan_breakdown(
    capsys: pytest.CaptureFixture[str], backend: ModuleType
) -> None:
    # Four declared pungs and a single-tile pair wait: all pungs 1 + golden hook 1 = 2 fan = 4.
    # (Two suits: a Sichuan win lacks one.)
    code, out, _ = run(
        capsys, "hand", "sichuan", "11m", "[222m]", "[333p]", "[444p]", "[555p]", "--win-tile", "1m"
    )
    assert code == 0
    lines = [line.split() for line in out.splitlines()]
    assert ["all_pungs", "1"] in lines and ["golden_hook", "1"] in lines
    assert "total              2 fan = 4 points" in out


def test_hand_sichuan_full_flush_all_pungs(capsys: pytest.CaptureFixture[str]) -> None:
    # 111s 222s 333s 555s 99s: all pungs 1 + full flush 2 = 3 fan = 8 points (beating the
    # 123s x3 split, which is basic + full flush = 2 fan).
    code, out, _ = run(capsys, "hand", "sichuan", "11122233355599s")
    assert code == 0
    assert "full_flush" in out and "all_pungs" in out
    assert "total              3 fan = 8 points" in out


def test_hand_sichuan_fourteen_tiles_not_complete(capsys: pytest.CaptureFixture[str]) -> None:
    # Drop 2p: 123m456m789m111p + 5m waits on 5m; drop 5m: back to the 2p 3p wait.
    code, out, _ = run(capsys, "hand", "sichuan", "123m456m789m111p2p5m")
    assert code == 0
    assert "discard 2p: waits 5m" in out and "discard 5m: waits 2p 3p" in out


def test_fan_table_sums_to_the_score(backend: ModuleType) -> None:
    from parlour.sichuan import score

    for text, flags in [
        ("11m [222m] [333p] [444p] [555s]", {"win_tile": "1m"}),
        ("1199m1199p112233s", {}),
        ("11122233345699s", {"last_tile": True}),
        ("1111m23m456p789p55p", {"kong_replacement": True}),
        ("123m999m111p789p99p", {}),
    ]:
        s = score(text, **flags)  # type: ignore[arg-type]
        assert sum(PATTERN_FAN[p] for p in s.patterns) == s.fan, text


def test_hand_sisepai(capsys: pytest.CaptureFixture[str], backend: ModuleType) -> None:
    # Commands GAE r/y/g 1 each, soldiers 1, triple RRRy 1, two single generals 1+1,
    # field RHCw 1, flower 3: 3 + 1 + 1 + 2 + 1 + 3 = 11.
    code, out, _ = run(capsys, "hand", "sisepai", "[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f GGw")
    assert code == 0
    assert "complete: yes" in out and "score: 11" in out
    code, out, _ = run(capsys, "hand", "sisepai", "[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 3f Gw")
    assert code == 0
    # Any general or flower completes it; Ry makes RRRRy a quad.
    assert "winning cards: Gr Gy Ry Gg Gw 1f 2f 4f 5f" in out


def test_hand_shrinewars(capsys: pytest.CaptureFixture[str], backend: ModuleType) -> None:
    # Run 5F-9F is 25, the pair 3F 3W is 4: 29.
    code, out, _ = run(capsys, "hand", "shrinewars", "5F 6F 7F 8F 9F 3W 3F")
    assert code == 0
    assert "best partition: 5F 6F 7F 8F 9F | 3F 3W" in out and "score: 29" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["hand", "sichuan", "12x"], "unknown suit letter 'x'"),
        (["hand", "sichuan", "123m"], "13 or 14 tiles"),
        (["hand", "sisepai", "GAEr"], "20 or 21 cards"),
        (["hand", "shrinewars", "5Q"], ""),
        (["replay", "/nonexistent/record.json"], "No such file"),
    ],
)
def test_bad_input_exits_1_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert err.startswith("parlour: error: ") and message in err
    assert "Traceback" not in err + out


@pytest.mark.parametrize(
    "argv",
    [
        ["hand", "ninedomains", "1"],
        ["simulate", "chess"],
        ["simulate", "sichuan", "-n", "0"],
        ["simulate", "sichuan", "--workers", "x"],
        ["frobnicate"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 2 and "simulate" in out and "replay" in out


def test_info_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "info")
    assert code == 0 and parlour.__version__ in out
    with pytest.raises(SystemExit):
        main(["--version"])
    assert parlour.__version__ in capsys.readouterr().out


# -- simulate ---------------------------------------------------------------------


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "sichuan", "-n", "6", "--seed", "3")
    assert code == 0
    assert "sichuan: 6 games, seed 3" in out
    assert "fan patterns" in out and "games/s" in out
    assert out.count("heuristic") == 4


def test_simulate_json_and_workers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    argv = ["simulate", "sisepai", "-n", "12", "--seed", "8"]
    code, _, err = run(
        capsys, *argv, "--bots", "heuristic,random,random,heuristic", "--json", str(one)
    )
    assert code == 0, err
    code, _, err = run(
        capsys,
        *argv,
        "--bots",
        "heuristic,random,random,heuristic",
        "--json",
        str(two),
        "--workers",
        "2",
    )
    assert code == 0, err
    a, b = json.loads(one.read_text()), json.loads(two.read_text())
    for data in (a, b):
        data.pop("seconds")
        data.pop("games_per_second")
    assert a == b
    assert a["games"] == 12 and [s["bot"] for s in a["seats"]] == [
        "heuristic",
        "random",
        "random",
        "heuristic",
    ]
    simulated = parlour.simulate("sisepai", 12, seed=8, bots="heuristic,random,random,heuristic")
    assert [s["wins"] for s in a["seats"]] == list(simulated.wins)


def test_simulate_json_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "ninedomains", "-n", "3", "--json", "-")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "ninedomains" and data["games"] == 3


def test_simulate_records_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "records"
    code, out, _ = run(
        capsys, "simulate", "shrinewars", "-n", "3", "--bots", "random", "--records", str(folder)
    )
    assert code == 0 and "3 records written" in out
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"shrinewars-{i:06d}.json" for i in range(3)]
    summary = parlour.simulate("shrinewars", 3, seed=0, bots="random", records=True)
    assert [json.loads(f.read_text()) for f in files] == list(summary.records)


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("clever", "unknown bot 'clever'"),
        ("random,random", "not 2"),
        ("equilibrium", "no equilibrium"),
    ],
)
def test_simulate_bad_bots(capsys: pytest.CaptureFixture[str], bots: str, message: str) -> None:
    code, _, err = run(capsys, "simulate", "sichuan", "-n", "2", "--bots", bots)
    assert code == 1 and message in err and "Traceback" not in err


# -- replay -----------------------------------------------------------------------


def _saved(tmp_path: Path, game: str = "sichuan") -> tuple[Path, dict[str, object]]:
    from parlour.simulation import make_bots

    g = parlour.make(game, seed=21)
    parlour.play(g, make_bots(game, ["random"] * g.num_players), seed=21)
    record = g.record()
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(record))
    return path, record


@pytest.mark.parametrize("game", parlour.games())
def test_replay_list_prints_every_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    path, record = _saved(tmp_path, game)
    code, out, err = run(capsys, "replay", str(path), "--list")
    assert code == 0, err
    actions = record["actions"]
    assert isinstance(actions, list)
    lines = out.splitlines()
    numbered = [line for line in lines if line.split(".")[0].strip().isdigit()]
    assert len(numbered) == len(actions)
    for line, (seat, text) in zip(numbered, actions, strict=True):
        assert line.endswith(f"seat {seat}: {text}")
    result = parlour.game_class(game).from_record(record).result
    assert result is not None
    assert "result:" in out
    for seat, score in enumerate(result.scores):
        assert f"seat {seat}: {score:g}" in out


def test_replay_of_a_tampered_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, record = _saved(tmp_path)
    actions = record["actions"]
    assert isinstance(actions, list)
    actions[5] = [actions[5][0], "discard 9m#9"]
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert "record digest does not match its contents" in err and "Traceback" not in err
    # With the digest recomputed the replay itself finds the bad action.
    from parlour import records

    record["digest"] = records.digest(record)
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert "action 5" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "is not JSON"),
        ("[1, 2]", "a record is a JSON object"),
        ('{"game": "chess"}', "unknown game 'chess'"),
        ('{"game": "sichuan", "format": 1}', "record lacks"),
    ],
)
def test_replay_of_a_bad_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and message in err


def _replayed(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> tuple[int, str]:
    """Replay a file that must be refused: exit 1, nothing on stdout, ONE line on stderr."""
    code, out, err = run(capsys, "replay", str(path), *extra)
    assert code == 1, (path, out, err)
    assert out == ""
    assert err.startswith("parlour: error: ") and err.endswith("\n"), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return code, err


def _nested_text(depth: int) -> str:
    return "[" * depth + "0" + "]" * depth


def _hostile_files(tmp_path: Path) -> dict[str, Path]:
    from parlour import records

    _, record = _saved(tmp_path)
    good = json.dumps(record)
    rules = record["rules"]
    assert isinstance(rules, dict)
    swapped = json.loads(good)
    swapped["deal"]["wall"][0:2] = swapped["deal"]["wall"][1::-1]
    contents: dict[str, bytes] = {
        "not-json": b"not json",
        "empty": b"",
        "brackets": b"[" * 100_000,
        "braces": b'{"a":' * 100_000,
        "deep-rules": good.replace('"fan_cap": 5', '"fan_cap": ' + _nested_text(600)).encode(),
        "long-number": b"1" * 10_000,
        "huge-penalty": good.replace(
            '"flower_pig_penalty": 32', '"flower_pig_penalty": 2147483648'
        ).encode(),
        "huge-digits": good.replace('"dealer": ', f'"dealer": 1{"0" * 5000}, "x": ').encode(),
        "infinite": good.replace('"fan_cap": 5', '"fan_cap": 1e999').encode(),
        "nan": b'{"format": NaN}',
        "wrong-types": b'{"format": "2", "game": ["sichuan"]}',
        "game-object": b'{"game": {"a": 1}}',
        "game-newline": b'{"game": "a\\nb\\r\\nc"}',
        "binary": bytes(range(256)) * 40,
        "latin-1": '{"game": "sichuan", "note": "caf\u00e9"}'.encode("latin-1"),
        "giant": b" " * (records.MAX_BYTES + 1),
        "array": b"[1, 2]",
        "number": b"3",
        "duplicate-keys": good.replace('"format": 2', '"format": 2, "format": 2').encode(),
        "extra-key": good.replace('"format": 2', '"format": 2, "comment": "hi"').encode(),
        "swapped-deal": json.dumps(swapped).encode(),
    }
    files = {}
    for name, data in contents.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(data)
        files[name] = path
    files["directory"] = tmp_path / "a-directory"
    files["directory"].mkdir()
    files["missing"] = tmp_path / "no-such-record.json"
    return files


def test_replay_of_hostile_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, backend: ModuleType
) -> None:
    """Any hostile file: one line of error, exit 1, never a traceback (issue 14)."""
    files = _hostile_files(tmp_path)
    expected = {
        "not-json": "not JSON",
        "brackets": "deep",
        "deep-rules": "deep",
        "long-number": "number",
        "huge-penalty": "flower_pig_penalty",
        "huge-digits": "number",
        "latin-1": "UTF-8",
        "binary": "UTF-8",
        "giant": "bytes",
        "directory": "directory",
        "missing": "No such file",
        "duplicate-keys": "format",
        "extra-key": "comment",
        "swapped-deal": "record digest does not match its contents",
    }
    for name, path in files.items():
        _, err = _replayed(capsys, path)
        assert str(path) in err or name in ("directory", "missing"), err
        assert expected.get(name, "") in err, (name, err)


def test_replay_says_whether_the_record_was_verified(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, record = _saved(tmp_path, "ninedomains")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "verified: digest and outcome match (not signed)" in out
    old = {k: record[k] for k in ("game", "rules", "deal", "actions")}
    old["format"] = 1
    path.write_text(json.dumps(old))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "unverified: a format 1 record carries no digest" in out
    key = tmp_path / "key"
    key.write_bytes(b"secret\n")
    _replayed(capsys, path, "--key-file", str(key))  # format 1 cannot be signed
    game = parlour.game_class("ninedomains").from_record(record)
    path.write_text(json.dumps(game.record(key=b"secret")))
    code, out, err = run(capsys, "replay", str(path), "--key-file", str(key))
    assert code == 0, err
    assert "verified: signature, digest and outcome match" in out
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "signature not checked" in out
    key.write_bytes(b"another secret")
    _, err = _replayed(capsys, path, "--key-file", str(key))
    assert "signature" in err
    _, err = _replayed(capsys, path, "--key-file", str(tmp_path / "no-key"))
    assert "key" in err


def test_the_installed_command_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "simulate", "sisepai", "-n", "2", "--bots", "random"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "sisepai: 2 games" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "parlour", "hand", "sichuan", "99z"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("parlour: error: ")


# -- hand: notation errors, options of other games, the missing suit -------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["hand", "sisepai", "[Sr Sy Sg] GAEr GAEy GAEg RHCw RRRy 9f GGw"],
            "bad card '9f' at position 36 in ",
        ),
        (["hand", "sisepai", "GAEr GAEy [Sr Qy Sg]"], "bad card 'Qy' at position 14 in "),
        (["hand", "shrinewars", "5F 6F 10F 3W"], "not a card: '10F' at position 6 in "),
        (["hand", "shrinewars", "5F 6F X"], "not a card: 'X' at position 6 in "),
        (["hand", "sichuan", "123m456m789p 11s 22x"], "'22x' at position 17 in "),
    ],
)
def test_hand_notation_error_points_at_the_token(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert err.startswith("parlour: error: ") and message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("game", "text", "option"),
    [
        ("shrinewars", "5F 6F 7F", ["--self-draw"]),
        ("shrinewars", "5F 6F 7F", ["--missing-suit", "m"]),
        ("sisepai", "GAEr", ["--win-tile", "5m"]),
        ("sisepai", "GAEr", ["--last-tile"]),
        ("sisepai", "GAEr", ["--kong-replacement"]),
        ("shrinewars", "5F", ["--robbed-kong"]),
    ],
)
def test_hand_refuses_options_of_another_game(
    capsys: pytest.CaptureFixture[str], game: str, text: str, option: list[str]
) -> None:
    code, out, err = run(capsys, "hand", game, text, *option)
    assert code == 2 and out == ""
    assert err == f"parlour: error: {option[0]} applies to sichuan hands only, not {game}\n"


def test_hand_sichuan_all_three_suits_is_no_win(capsys: pytest.CaptureFixture[str]) -> None:
    # Four sets and a pair, but holding m, p and s: no Sichuan win, and no score.
    code, out, _ = run(capsys, "hand", "sichuan", "123m456m789p111s22s")
    assert code == 0
    assert "complete: yes" not in out and "point" not in out
    assert "complete: no: four sets and a pair, but a Sichuan win needs a missing suit" in out
    assert "must lack one suit entirely" in out
    # Dropping the three p tiles for one more set: three draws away.
    assert "shanten: 2 (to a win lacking the nearest suit to drop)" in out
    assert "discard 7p" in out and "discard 1m" not in out
    # Declared missing suit held: the message says which.
    code, out, _ = run(capsys, "hand", "sichuan", "123m456m789p111s22s", "--missing-suit", "m")
    assert "complete: no: four sets and a pair, but it holds m tiles, the missing suit" in out
    # Thirteen tiles of three suits wait on nothing.
    code, out, _ = run(capsys, "hand", "sichuan", "123m456m789p111s2s")
    assert "waits: none (the hand holds all three suits; a win must lack one)" in out
    # A two-suit hand is unchanged: a win, scored.
    code, out, _ = run(capsys, "hand", "sichuan", "123m456m789m111p22p")
    assert "complete: yes" in out and "total" in out


# -- replay: the table as play goes (issue 21, point 6) ----------------------------


def _indented(table: str) -> str:
    return "\n".join(line.strip() for line in table.splitlines())


def _unindented(out: str) -> str:
    return "\n".join(line.strip() for line in out.splitlines())


@pytest.mark.parametrize("game", parlour.games())
def test_replay_shows_the_table_as_play_goes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    path, record = _saved(tmp_path, game)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    actions = record["actions"]
    assert isinstance(actions, list)
    cls = parlour.game_class(game)
    start = cls(**{"seed": 21})  # type: ignore[call-arg]
    end = cls.from_record(record)
    flat = _unindented(out)
    assert f"as dealt:\n{_indented(str(start))}\n" in flat
    assert f"at the end:\n{_indented(str(end))}\n" in flat
    # Every move is listed once, in order: alone, or in a run of passes.
    covered: list[int] = []
    for line in flat.splitlines():
        m = re.fullmatch(r"(\d+)\. seat (\d+): (.*)", line)
        if m:
            i = int(m.group(1))
            assert actions[i - 1] == [int(m.group(2)), m.group(3)]
            covered.append(i)
        m = re.fullmatch(r"(\d+)-(\d+)\. pass: seats ([\d, ]+)", line)
        if m:
            first, last = int(m.group(1)), int(m.group(2))
            seats = [int(x) for x in m.group(3).split(", ")]
            assert actions[first - 1 : last] == [[seat, "pass"] for seat in seats]
            covered += range(first, last + 1)
    assert covered == list(range(1, len(actions) + 1))
    assert "result:" in out


def test_replay_folds_passes_and_shows_what_changed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, record = _saved(tmp_path, "sichuan")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    actions = record["actions"]
    assert isinstance(actions, list)
    passes = sum(text == "pass" for _, text in actions)
    assert passes > 20 and out.count(": pass") + out.count(". pass:") < passes / 2
    # After a discard: the header, the discarder's hand and river, the tile
    # on offer; not the other seats' unchanged lines.
    lines = out.splitlines()
    at = next(
        i for i, line in enumerate(lines) if re.fullmatch(r" *\d+\. seat 0: discard .*", line)
    )
    shown = []
    for line in lines[at + 1 :]:
        if re.match(r" *\d+[.-]", line):
            break
        shown.append(line.strip())
    assert shown[0].startswith("Sichuan - dealer seat")
    assert any(x.startswith("seat 0 discards:") for x in shown)
    assert any(x.startswith("on offer:") for x in shown)
    assert not any(x.startswith(("seat 1:", "seat 2:", "seat 3:")) for x in shown)


def test_replay_at_a_move(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, record = _saved(tmp_path, "sichuan")
    actions = record["actions"]
    assert isinstance(actions, list)
    game = parlour.make("sichuan", seed=21)
    for seat, text in actions[:30]:
        game.apply(seat, text)
    code, out, err = run(capsys, "replay", str(path), "--at", "30")
    assert code == 0, err
    assert f"after move 30 of {len(actions)}:\n{_indented(str(game))}" in _unindented(out)
    assert out.rstrip().endswith(str(game).splitlines()[-1])  # stops there
    assert "result:" not in out
    code, out, err = run(capsys, "replay", str(path), "--at", str(len(actions) + 1))
    assert code == 1 and out == ""
    assert (
        err
        == f"parlour: error: --at {len(actions) + 1}: the record has only {len(actions)} moves\n"
    )
    with pytest.raises(SystemExit):
        main(["replay", str(path), "--at", "-1"])
    assert "must be 0 or more" in capsys.readouterr().err


def test_replay_of_an_unfinished_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = parlour.make("shrinewars", seed=2)
    for _ in range(5):
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(game.record()))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert f"at the end:\n{_indented(str(game))}" in _unindented(out)
    assert out.rstrip().endswith("the game is not over")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": 2}', "the record has no 'game' field"),
        ("{}", "the record has no 'game' field"),
        ('{"game": null}', "unknown game None"),
    ],
)
def test_replay_says_what_is_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "no-game.json"
    path.write_text(content)
    _, err = _replayed(capsys, path)
    assert err == f"parlour: error: {path}: {message}\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "RECORD"],
        ["replay", "RECORD", "--list"],
        ["simulate", "sisepai", "-n", "3", "--bots", "random", "--json", "-"],
    ],
)
def test_a_closed_pipe_ends_quietly(tmp_path: Path, argv: list[str]) -> None:
    """``parlour replay FILE | head``: no "[Errno 32] Broken pipe", no traceback."""
    path, _ = _saved(tmp_path, "sichuan")
    argv = [str(path) if a == "RECORD" else a for a in argv]
    child = subprocess.Popen(
        [sys.executable, "-m", "parlour", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # the reader goes away before the first line
    err = child.stderr.read().decode()
    code = child.wait(timeout=60)
    assert err == "" and code in (0, 141), (code, err)


def test_the_progress_estimate_and_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from parlour import cli

    clock = [100.0]
    monkeypatch.setattr(cli.time, "perf_counter", lambda: clock[0])
    out = io.StringIO()
    progress = cli._Progress(1000, out, bar=True)
    for done in range(1, 6):
        clock[0] += 0.25  # a quarter of a second a game
        progress(done, 1000)
    text = out.getvalue()
    assert "1000 games: expect about 4 min 10 s (0.25 s a game over the first 5)\n" in text
    assert text.count("expect about") == 1
    assert text.endswith("5/1000 games 4.0/s, 4 min 09 s left\x1b[K")
    # Off a terminal: the estimate only, no bar.
    quiet = io.StringIO()
    progress = cli._Progress(1000, quiet, bar=False)
    # Slow games are timed for two seconds, not five games.
    for done in range(1, 1001):
        clock[0] += 1.0
        progress(done, 1000)
    assert (
        quiet.getvalue()
        == "1000 games: expect about 16 min 40 s (1.00 s a game over the first 2)\n"
    )
    # A short run says nothing before it starts.
    short = io.StringIO()
    progress = cli._Progress(8, short, bar=False)
    for done in range(1, 9):
        clock[0] += 0.01
        progress(done, 8)
    assert short.getvalue() == ""


STEP_PROMPT = r"\[Enter\] next move, q quit> "


def _spawn(*args: str) -> Any:
    pexpect = pytest.importorskip("pexpect")
    if not hasattr(pexpect, "spawn"):
        pytest.skip("pexpect.spawn needs a POSIX pseudo-terminal")
    return pexpect.spawn(
        sys.executable, ["-m", "parlour", *args], encoding="utf-8", timeout=30, dimensions=(60, 200)
    )


def test_replay_step_through_at_a_terminal(tmp_path: Path) -> None:
    path, record = _saved(tmp_path, "sichuan")
    actions = record["actions"]
    assert isinstance(actions, list)
    child = _spawn("replay", str(path), "--step")
    child.expect("as dealt:")
    child.expect(STEP_PROMPT)
    assert "seat 3: 13 tiles" in child.before  # the whole table before the first move
    child.sendline("")  # Enter: the first move and the whole table after it
    child.expect(STEP_PROMPT)
    step = child.before.replace("\r", "")
    assert f"1. seat {actions[0][0]}: {actions[0][1]}" in step
    assert "seat 0: 14 tiles" in step and "seat 3 discards:" in step
    child.sendline("")
    child.expect(STEP_PROMPT)
    assert f"2. seat {actions[1][0]}: {actions[1][1]}" in child.before
    child.sendline("q")
    child.expect(f"stopped after move 2 of {len(actions)}")
    child.expect(pexpect_eof())
    child.close()
    assert child.exitstatus == 0


def test_replay_step_from_a_move_to_the_end(tmp_path: Path) -> None:
    path, record = _saved(tmp_path, "ninedomains")
    actions = record["actions"]
    assert isinstance(actions, list) and len(actions) > 2
    child = _spawn("replay", str(path), "--step", "--at", str(len(actions) - 2))
    child.expect(f"after move {len(actions) - 2} of {len(actions)}:")
    for i in range(len(actions) - 1, len(actions) + 1):
        child.expect(STEP_PROMPT)
        child.sendline("")
        child.expect(f"{i}. seat {actions[i - 1][0]}: ")
    child.expect("result:")
    child.expect(pexpect_eof())
    child.close()
    assert child.exitstatus == 0


def test_replay_step_ends_at_the_end_of_input(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path, "shrinewars")
    child = _spawn("replay", str(path), "--step")
    child.expect(STEP_PROMPT)
    child.sendeof()
    child.expect("stopped after move 0 of")
    child.expect(pexpect_eof())
    child.close()
    assert child.exitstatus == 0


def test_simulate_progress_bar_at_a_terminal() -> None:
    child = _spawn("simulate", "sisepai", "-n", "40", "--bots", "random")
    child.expect(r"40/40 games [\d.]+/s, took \d+ s")
    child.expect("sisepai: 40 games, seed 0")
    child.expect(pexpect_eof())
    child.close()
    assert child.exitstatus == 0


def pexpect_eof() -> Any:
    import pexpect

    return pexpect.EOF


def test_the_command_refuses_another_games_option_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "hand", "shrinewars", "5F 6F 7F", "--self-draw"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "parlour: error: --self-draw applies to sichuan hands only, not shrinewars\n"
    )


# -- rules: --rule KEY=VALUE and --rules FILE ---------------------------------------


def test_simulate_with_a_rule_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # The example; 200 games take about a second on the C engine but
    # a minute on the pure one, which plays 4 instead.
    n = "200" if parlour.backend == "c" else "4"
    code, out, err = run(
        capsys, "simulate", "sichuan", "--rule", "exchange_three=true", "-n", n, "--quiet"
    )
    assert code == 0, err
    assert out.splitlines()[0] == f"sichuan: {n} games, seed 0, rules: exchange_three=true"
    code, out, _ = run(capsys, "simulate", "sichuan", "-n", "2", "--quiet")
    assert out.splitlines()[0] == "sichuan: 2 games, seed 0, default rules"


def test_rule_values_are_json_scalars_or_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "simulate", "sichuan", "-n", "2", "--json", "-", "--quiet",
        "--rule", "fan_cap=null", "--rule", "self_draw_doubles=true",
        "--rule", "flower_pig_penalty=8",
    )  # fmt: skip
    assert code == 0, err
    assert json.loads(out)["rules"] == {
        "fan_cap": None,
        "self_draw_doubles": True,
        "exchange_three": False,
        "call_transfer": False,
        "flower_pig_penalty": 8,
    }
    # A bare word is a string, as is a quoted one.
    for value in ("domains", '"domains"'):
        code, out, err = run(
            capsys, "simulate", "ninedomains", "-n", "1", "--bots", "random", "--quiet",
            "--json", "-", "--rule", f"tie_break={value}",
        )  # fmt: skip
        assert code == 0, err
        assert json.loads(out)["rules"]["tie_break"] == "domains"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["simulate", "sichuan", "--rule", "oinks=3"],
            "oinks is not a sichuan rule option (it is one of shrinewars); the sichuan options "
            "are fan_cap, self_draw_doubles, exchange_three, call_transfer, flower_pig_penalty",
        ),
        (
            ["simulate", "sichuan", "--rule", "exchange=true"],
            "exchange is not a sichuan rule option; the sichuan options are fan_cap,",
        ),
        (
            ["simulate", "sichuan", "--rule", "exchange_three=yes"],
            'bad sichuan rule exchange_three="yes": exchange_three must be a bool',
        ),
        (
            ["simulate", "sichuan", "--rule", "fan_cap=3.5"],
            "bad sichuan rule fan_cap=3.5: fan_cap must be an int in 0..30 or None, not 3.5",
        ),
        (
            ["simulate", "sichuan", "--rule", "fan_cap=31"],
            "bad sichuan rule fan_cap=31: fan_cap must be an int in 0..30 or None, not 31",
        ),
        (
            ["simulate", "shrinewars", "--rule", "oinks=-1"],
            "bad shrinewars rule oinks=-1: oinks must be an int in 0..1000, not -1",
        ),
        (
            ["play", "sisepai", "--rule", "flower=101"],
            "bad sisepai rule flower=101: flower must be an int in 0..100, not 101",
        ),
        (
            ["hand", "sichuan", "123m456m789m111p2p", "--rule", "fan_cap=x"],
            'bad sichuan rule fan_cap="x": fan_cap must be an int',
        ),
    ],
)
def test_bad_rules_exit_1_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert out == ""
    assert err.startswith("parlour: error: " + message)
    assert err.count("\n") == 1


@pytest.mark.parametrize("rule", ["exchange_three", "=true", "", "fan_cap=" + "[" * 40])
def test_a_malformed_rule_is_a_usage_error_in_one_line(
    capsys: pytest.CaptureFixture[str], rule: str
) -> None:
    code, out, err = run(capsys, "simulate", "sichuan", "-n", "1", "--rule", rule)
    assert code == 2
    assert out == ""
    assert err.startswith(f"parlour: error: --rule {rule}: ") and err.count("\n") == 1


def test_rules_file_with_rule_overrides(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"fan_cap": 3, "exchange_three": True, "call_transfer": True}))
    code, out, err = run(
        capsys, "simulate", "sichuan", "-n", "2", "--quiet", "--json", "-",
        "--rules", str(path), "--rule", "fan_cap=null", "--rule", "call_transfer=false",
    )  # fmt: skip
    assert code == 0, err
    rules = json.loads(out)["rules"]
    assert (rules["fan_cap"], rules["exchange_three"], rules["call_transfer"]) == (
        None,
        True,
        False,
    )
    code, out, err = run(capsys, "simulate", "sichuan", "-n", "2", "--rules", str(path))
    assert out.splitlines()[0].endswith("rules: fan_cap=3, exchange_three=true, call_transfer=true")


def _bad_rules_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    files: dict[str, tuple[Path, str]] = {}

    def put(name: str, data: bytes, message: str) -> None:
        path = tmp_path / name
        path.write_bytes(data)
        files[name] = (path, message)

    put("not-json.json", b"fan_cap: 3", "the rules file is not JSON")
    put("list.json", b"[1, 2]", "a rules file holds a JSON object of option to value, not list")
    put("null.json", b"null", "not null")
    put("binary.json", b"\xff\xfe{}", "the rules file is not UTF-8 text")
    put("nested.json", b'{"fan_cap": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nests deeper")
    put("huge.json", b'{"fan_cap": 3' + b" " * (1 << 17) + b"}", "larger than 65536 bytes")
    put("twice.json", b'{"fan_cap": 3, "fan_cap": 4}', "fan_cap")
    put("other-game.json", b'{"oinks": 3}', "oinks is not a sichuan rule option")
    put("bad-value.json", b'{"fan_cap": "3"}', 'bad sichuan rule fan_cap="3"')
    files["missing"] = (tmp_path / "missing.json", "cannot read the rules file")
    files["folder"] = (tmp_path, "is a directory, not a rules file")
    return files


def test_bad_rules_files_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name, (path, message) in _bad_rules_files(tmp_path).items():
        code, out, err = run(capsys, "simulate", "sichuan", "-n", "1", "--rules", str(path))
        assert code == 1, name
        assert out == "", name
        assert err.startswith(f"parlour: error: {path}: "), (name, err)
        assert message in err and err.count("\n") == 1, (name, err)


def test_hand_sichuan_with_rules(capsys: pytest.CaptureFixture[str], backend: ModuleType) -> None:
    hand = "11122233344455m"  # all pungs 1 + full flush 2 = 3 fan
    code, out, _ = run(capsys, "hand", "sichuan", hand, "--self-draw")
    assert code == 0
    assert re.search(r"total +3 fan = 8 points", out) and "rules:" not in out
    code, out, _ = run(
        capsys, "hand", "sichuan", hand, "--self-draw",
        "--rule", "self_draw_doubles=true", "--rule", "fan_cap=2",
    )  # fmt: skip
    assert code == 0
    assert out.splitlines()[0] == "rules: fan_cap=2, self_draw_doubles=true"
    assert "  self_draw          1" in out
    assert re.search(r"total +4 fan = 4 points", out)  # 2 ** min(4, 2)
    # The waits of a ready hand are scored under the rules too.
    code, out, _ = run(capsys, "hand", "sichuan", "1112223334445m", "--rule", "fan_cap=0")
    assert "on 5m: 3 fan, 1 point" in out


def test_hand_sisepai_with_rules(capsys: pytest.CaptureFixture[str], backend: ModuleType) -> None:
    hand = "GAEr GAEy GAEg GAEw RRRr RHCy SSg 3f"
    code, out, _ = run(capsys, "hand", "sisepai", hand, "--rule", "command=5")
    assert code == 0
    assert "score: 25" in out  # three commands at 5 instead of 1
    code, out, _ = run(capsys, "hand", "sisepai", hand, "--rule", "min_score=10")
    assert "score: 9 (below min_score 10: not a win)" in out
    twenty = "GAEr GAEy GAEg GAEw RRRr RHCy SSg"
    code, out, _ = run(capsys, "hand", "sisepai", twenty)
    assert "winning cards: Gr Rr Gy Gg Sg Gw 1f 2f 3f 4f 5f" in out
    code, out, _ = run(capsys, "hand", "sisepai", twenty, "--rule", "min_score=10")
    assert "winning cards: " in out and "winning cards: Gr Rr Gy Gg Sg Gw 1f" not in out


@pytest.mark.parametrize("option", [["--rule", "oinks=3"], ["--rules", "rules.json"]])
def test_hand_refuses_rules_for_shrinewars(
    capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    code, out, err = run(capsys, "hand", "shrinewars", "5F 6F", *option)
    assert code == 2
    assert out == ""
    assert err == (
        f"parlour: error: {option[0]}: a shrinewars hand is scored without rule options "
        "(rules apply to sichuan and sisepai hands)\n"
    )


# -- play --locale --------------------------------------------------------------------

_ZH_RANKS = "一二三四五六七八九"
_ZH_SUITS = {"m": "万", "p": "筒", "s": "条"}


def _play_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answers: str, *argv: str
) -> tuple[int, str]:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(["play", *argv])
    return code, capsys.readouterr().out


def test_play_in_chinese_names_tiles_and_actions_from_the_catalogue(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = parlour.make("sichuan", seed=3)
    hand = sorted(game.tiles(0))
    code, out = _play_lines(
        capsys, monkeypatch, "1\n1\nquit\n", "sichuan", "--seed", "3", "--locale", "zh"
    )
    assert code == 1 and "牌局已放弃" in out
    # The missing-suit choices: the notation to type and the Chinese reading.
    for suit, zh in _ZH_SUITS.items():
        assert re.search(rf"\d\. declare {suit}  定缺：{zh}\n", out)  # noqa: RUF001
    # The hand as dealt, each tile by its Chinese name (rank numeral, suit).
    kinds = [parlour.sichuan.kind_text(t // 4) for t in hand]
    names = " ".join(_ZH_RANKS[int(k[0]) - 1] + _ZH_SUITS[k[1]] for k in kinds)
    assert f"你的手牌：{names}" in out  # noqa: RUF001
    # The other seats' declarations, read in Chinese.
    assert re.search(r"座位 [123]：定缺：[万筒条]", out)  # noqa: RUF001
    # The same game in English is unchanged: notation only.
    code, en = _play_lines(capsys, monkeypatch, "1\n1\nquit\n", "sichuan", "--seed", "3")
    assert code == 1 and "  1. declare m\n" in en and "定缺" not in en
    assert f"your hand: {' '.join(kinds)}" in en


def test_play_with_a_bad_locale_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "sichuan", "--locale", "fr"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "--locale" in err and "'fr'" in err


def test_result_in_chinese_reads_the_ledger_reasons() -> None:
    from parlour.protocol import Payment, Result
    from parlour.terminal import format_result

    result = Result(
        scores=(4.0, -2.0, -2.0, 0.0),
        winners=(0,),
        ledger=(Payment(1, 0, 2, "discard_win"), Payment(2, 0, 2, "flower_pig")),
    )
    text = format_result(result, 4, me=0, locale="zh", game="sichuan")
    assert "座位 1付给你 2（点炮）" in text and "座位 2付给你 2（花猪）" in text  # noqa: RUF001
    assert "赢家" in text
    plain = format_result(result, 4, me=0)
    assert "seat 1 pays you 2 (discard_win)" in plain


def test_hand_in_chinese_names_the_fan_patterns(capsys: pytest.CaptureFixture[str]) -> None:
    # Seven pairs, all Characters: seven pairs (七对) and a full flush (清一色).
    code, out, _ = run(capsys, "hand", "sichuan", "11223344556677m", "--locale", "zh")
    assert code == 0
    assert re.search(r"^  七对 +2$", out, re.MULTILINE)
    assert re.search(r"^  清一色 +2$", out, re.MULTILINE)
    assert "seven_pairs" not in out and "full_flush" not in out
    # The columns stay aligned: each fan count ends where the English one does.
    _, en, _ = run(capsys, "hand", "sichuan", "11223344556677m")
    width = {line.rstrip().split()[-1]: len(line) for line in en.splitlines() if "flush" in line}
    zh_line = next(line for line in out.splitlines() if "清一色" in line)
    wide = sum(2 if ord(c) > 0x2E80 else 1 for c in zh_line)
    assert wide == width["2"]


def _english_words(game: str) -> set[str]:
    # The English vocabulary of the play loop: every word of the game's
    # table entries and of the terminal's own words (but its help, which
    # names the keys the player presses, Tab and Up and Down).
    from parlour.terminal import _UI

    names = importlib.import_module(f"parlour.{game}.names")
    texts = [e.en for e in names.CATALOGUE.section("table").entries]
    texts += [text for key, text in _UI["en"].items() if key != "help"]
    return {w.lower() for text in texts for w in re.findall(r"[A-Za-z]{2,}", text)}


@pytest.mark.parametrize("game", ["sichuan", "sisepai", "ninedomains", "shrinewars"])
def test_play_in_chinese_has_no_english_table_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    from parlour.terminal import _UI

    names = importlib.import_module(f"parlour.{game}.names")
    script = "help\n9999\nlist\n1\n1\n1\nquit\n"
    code, out = _play_lines(capsys, monkeypatch, script, game, "--seed", "2", "--locale", "zh")
    zh = _UI["zh"]
    # Three moves end a Nine Domains game; the others are left unfinished.
    if game == "ninedomains":
        assert code == 0 and zh["over"] in out and zh["result"] in out
    else:
        assert code == 1 and zh["abandoned"] in out
    table = names.CATALOGUE.words("table", "zh")
    # Known Chinese words: the table's, the prompt, the help, the refusal.
    assert table["you are"].format(0) in out
    assert table["you"] in out and table["seat"].format(1) in out
    assert zh["prompt"] in out and zh["type help"] in out
    assert names.NOTATION_ZH in out and zh["help"] in out
    assert re.search(r"没有第 9999 个动作：请选 1 到 \d+", out)  # noqa: RUF001
    assert names.CATALOGUE.lookup("words", "game", "zh") in out
    # What is left once the notation the player types is taken out (menu
    # entries, the examples of the help, quoted words and options), and the
    # reasons an engine gives for a refusal (in English: the engines'
    # messages are not translated), holds no English word of the table or
    # the terminal.
    rest = out.replace(names.NOTATION_ZH, "")
    rest = re.sub(r"不能\S*?：.*$", "", rest, flags=re.MULTILINE)  # noqa: RUF001
    rest = re.sub(r"^ *\d+\. \S.*$", "", rest, flags=re.MULTILINE)
    rest = re.sub(r"'[^']*'|--\w+", "", rest)
    words = _english_words(game)
    assert len(words) > 20
    found = {w for w in re.findall(r"[A-Za-z]{2,}", rest) if w.lower() in words}
    assert not found, (found, rest)


def test_replay_in_chinese_reads_the_moves_and_the_tables(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import random

    from parlour.cli import _REPLAY_WORDS
    from parlour.sichuan import names as sc_names
    from parlour.sichuan.table import full_view

    game = parlour.make("sichuan", seed=5)
    rng = random.Random(5)
    for _ in range(12):
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path), "--locale", "zh")
    assert code == 0
    # The table as dealt, every seat's hand named in Chinese, and each move
    # read by the catalogue: the first is seat 0's declaration.
    dealt = parlour.make("sichuan", seed=5)
    first = full_view([dealt.observation(s) for s in range(4)], "zh").splitlines()[0]
    assert first in out and first.startswith("四川麻将 - 庄家 座位 0")
    first_move = game.history[0]
    reading = sc_names.describe_action(str(first_move[1]), "zh")
    assert f" 1. 座位 {first_move[0]}：{reading}" in out  # noqa: RUF001
    assert "牌局尚未结束" in out and "发牌时" in out and "终局" in out
    # No English word of the table, the terminal or the replay is left.
    replay = " ".join(_REPLAY_WORDS["en"].values())
    words = _english_words("sichuan") | {w.lower() for w in re.findall(r"[A-Za-z]{2,}", replay)}
    rest = re.sub(r"--[\w-]+|\{.*\}", "", out)  # the rules line is JSON
    assert not {w for w in re.findall(r"[A-Za-z]{2,}", rest) if w.lower() in words}
    # English stays as it was: the notation and the English table.
    code, en, _ = run(capsys, "replay", str(path))
    assert code == 0 and "as dealt:" in en and "the game is not over" in en
    assert str(dealt).splitlines()[0] in en and "四川" not in en
