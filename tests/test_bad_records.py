"""Bad game records, for every game: ``from_record`` raises a ``RecordError``
saying what is wrong, or (where the change happens to leave a genuine record
of another game) replays it faithfully; it never raises anything else and
never returns a half-built game.

The records come from seeded bot games, finished and unfinished. They are
truncated (missing keys, cut lists, cut action entries), reordered, tampered
(a changed or repeated card or tile in the deal, an action that was never
legal, another deal with the same actions, bad rules) and of the wrong
version or game. The tampered records get their digest recomputed (as a
forger without a signing key could) so that the checks behind the digest are
exercised; tests/test_records_tamper.py covers the digest itself.

Hostile structure (deep nesting, huge numbers, hostile JSON text) raises
``RecordError`` and nothing else, on both backends.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from conformance import DECK_KEY
from parlour import RecordError, ninedomains, records, shrinewars, sichuan, sisepai
from parlour.ninedomains import bots as nd_bots
from parlour.protocol import Game

GAMES = parlour.games()
CLASSES: dict[str, type[Game]] = {name: parlour.game_class(name) for name in GAMES}
# The deal list that holds the cards or tiles, per game.


def _play(name: str, seed: int, steps: int | None = None) -> Game:
    if name == "sichuan":
        g: Game = sichuan.Game(sichuan.Rules(exchange_three=seed % 2 == 0), seed=seed)
        bots: list[Any] = [sichuan.HeuristicBot() for _ in range(4)]
    elif name == "sisepai":
        g = sisepai.Game(seed=seed)
        bots = [sisepai.HeuristicBot() for _ in range(4)]
    elif name == "shrinewars":
        g = shrinewars.Game(seed=seed, players=2 + seed % 5)
        bots = [shrinewars.RandomBot() for _ in range(g.num_players)]
    elif name == "ninedomains":
        g = ninedomains.Game(seed=seed)
        bots = [nd_bots.HeuristicBot() for _ in range(2)]
    else:
        # Any other registered game, as its spec makes it.
        g = parlour.make(name, seed=seed)
        bots = [parlour.spec(name).bots["heuristic"]() for _ in range(g.num_players)]
    rng = random.Random(seed)
    n = 0
    while not g.is_over and (steps is None or n < steps):
        seat = g.to_act[rng.randrange(len(g.to_act))]
        g.apply(seat, bots[seat].act(g.observation(seat), g.legal_actions(seat), rng))
        n += 1
    return g


_RECORDS: dict[tuple[str, int], dict[str, Any]] = {}


def _record(name: str, seed: int = 3) -> dict[str, Any]:
    key = (name, seed)
    if key not in _RECORDS:
        _RECORDS[key] = json.loads(json.dumps(_play(name, seed).record()))
    return copy.deepcopy(_RECORDS[key])


def _resealed(data: Any) -> Any:
    """``data`` with its digest recomputed, where it has one and can have one."""
    if not isinstance(data, dict) or not isinstance(data.get("digest"), str):
        return data
    try:
        return {**data, "digest": records.digest(data)}
    except (RecordError, TypeError, ValueError, RecursionError):
        return data  # not canonically encodable: from_record must refuse it anyway


def _rejected(name: str, data: Any, *words: str) -> str:
    """``from_record`` must raise RecordError (mentioning every word)."""
    with pytest.raises(RecordError) as info:
        CLASSES[name].from_record(_resealed(data))
    message = str(info.value)
    for w in words:
        assert w.lower() in message.lower(), message
    return message


def _rejected_or_faithful(name: str, data: Any) -> bool:
    """RecordError, or a game whose record is exactly ``data``; True if rejected."""
    data = _resealed(data)
    try:
        g = CLASSES[name].from_record(data)
    except RecordError as exc:
        assert str(exc)
        return True
    assert json.loads(json.dumps(g.record())) == data
    return False


# -- the genuine record replays ------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_genuine_records_replay(name: str) -> None:
    for seed in range(3):
        rec = _record(name, seed)
        assert CLASSES[name].from_record(rec).record() == rec
        part = _play(name, seed, steps=7).record()
        assert CLASSES[name].from_record(part).record() == part


# -- truncated -----------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_missing_keys(name: str) -> None:
    for key in ("format", "game", "rules", "deal", "actions", "outcome", "digest"):
        rec = _record(name)
        del rec[key]
        _rejected(name, rec, "lacks", key)
    for seed in (0, 3):
        for key in _record(name, seed)["deal"]:
            # Every key, even one whose value is null (Sichuan's
            # exchange_direction without the exchange-three rule): a record
            # missing it would not be the record the game writes.
            rec = _record(name, seed)
            del rec["deal"][key]
            _rejected(name, rec, key)


@pytest.mark.parametrize("name", GAMES)
def test_cut_structures(name: str) -> None:
    rec = _record(name)
    deck = rec["deal"][DECK_KEY[name]]
    for cut in (0, 1, len(deck) // 2, len(deck) - 1):
        bad = _record(name)
        bad["deal"][DECK_KEY[name]] = deck[:cut]
        if name == "shrinewars" and cut:
            # A shortened deck is a legal scripted deal; its actions must then fail or fit.
            _rejected_or_faithful(name, bad)
        else:
            _rejected(name, bad)
    for i in (0, len(rec["actions"]) // 2, len(rec["actions"]) - 1):
        bad = _record(name)
        bad["actions"][i] = bad["actions"][i][:1]
        _rejected(name, bad, f"action {i}")
        bad["actions"][i] = []
        _rejected(name, bad, f"action {i}")
    for broken in ([], "x", None, 3, {"wall": None}):
        bad = _record(name)
        bad["deal"] = broken
        _rejected(name, bad, "deal")
    for broken_actions in (None, "pass", {"0": "pass"}):
        bad = _record(name)
        bad["actions"] = broken_actions
        _rejected(name, bad, "actions")
    for not_a_record in (None, [], "record", 3):
        _rejected(name, not_a_record, "record")


def test_cut_json_text() -> None:
    """Cut JSON text does not parse; the JSON error comes before parlour sees it."""
    text = json.dumps(_record("ninedomains"))
    for cut in range(1, len(text), max(1, len(text) // 20)):
        with pytest.raises(json.JSONDecodeError):
            json.loads(text[:cut])


# -- reordered -----------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_reversed_actions(name: str) -> None:
    rec = _record(name)
    rec["actions"].reverse()
    _rejected(name, rec, "action", "does not replay")


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
@settings(max_examples=25)
def test_swapped_actions(name: str, data: st.DataObject) -> None:
    rec = _record(name, data.draw(st.integers(0, 2)))
    n = len(rec["actions"])
    i = data.draw(st.integers(0, n - 2))
    j = data.draw(st.integers(i + 1, n - 1))
    if rec["actions"][i] == rec["actions"][j]:
        return
    rec["actions"][i], rec["actions"][j] = rec["actions"][j], rec["actions"][i]
    _rejected_or_faithful(name, rec)


# -- tampered ------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_changed_card_in_deal(name: str) -> None:
    key = DECK_KEY[name]
    rec = _record(name)
    deck = rec["deal"][key]
    bad = _record(name)
    bad["deal"][key][1] = deck[0]  # a card or tile twice, another missing
    _rejected(name, bad)
    for wrong in (-1, 10**6, "x", None, 1.5, True, [1]):
        bad = _record(name)
        bad["deal"][key][2] = wrong
        _rejected(name, bad)
    bad = _record(name)
    bad["deal"][key].append(deck[0])
    _rejected(name, bad)


def test_changed_specials_in_ninedomains_deal() -> None:
    rec = _record("ninedomains")
    bad = copy.deepcopy(rec)
    bad["deal"]["specials"][0] = rec["deal"]["specials"][1]
    _rejected("ninedomains", bad)
    for wrong in ("9+", "", None, 3, "0"):
        bad = copy.deepcopy(rec)
        bad["deal"]["specials"][0] = wrong
        _rejected("ninedomains", bad)
    bad = copy.deepcopy(rec)
    bad["deal"]["specials"] = " ".join(rec["deal"]["specials"])
    _rejected("ninedomains", bad)


@pytest.mark.parametrize("name", GAMES)
def test_bad_dealer_or_table(name: str) -> None:
    rec = _record(name)
    field = {"sichuan": "dealer", "sisepai": "dealer", "shrinewars": "players"}.get(name)
    if field is None:
        return
    wrongs: list[Any] = [-1, 4 if field == "dealer" else 7, 1 if field == "players" else 9, "0"]
    wrongs += [True, 1.0, None]
    for wrong in wrongs:
        bad = copy.deepcopy(rec)
        bad["deal"][field] = wrong
        _rejected(name, bad)


@pytest.mark.parametrize("name", GAMES)
def test_never_legal_action(name: str) -> None:
    """At step i, put an action that is well-formed but not legal there."""
    rec = _record(name)
    g = CLASSES[name].from_record(_resealed({**rec, "actions": [], "outcome": None}))
    texts = sorted({t for _, t in rec["actions"]})
    found = 0
    for i, (seat, text) in enumerate(rec["actions"]):
        legal = {str(a) for a in g.legal_actions(seat)}
        for other in texts:
            if other not in legal:
                bad = copy.deepcopy(rec)
                bad["actions"][i] = [seat, other]
                _rejected(name, bad, f"action {i}", "does not replay")
                found += 1
                break
        if found >= 5:
            break
        g.apply(seat, text)
    assert found
    for junk in ("", "win win", "discard 99z", "bid -3", "place 9 9 9", "\x00"):
        bad = copy.deepcopy(rec)
        bad["actions"][0] = [rec["actions"][0][0], junk]
        _rejected(name, bad, "action 0")
    for seat in (-1, 9, True, "0", None):
        bad = copy.deepcopy(rec)
        bad["actions"][0] = [seat, rec["actions"][0][1]]
        _rejected(name, bad, "action 0")


@pytest.mark.parametrize("name", GAMES)
def test_actions_after_the_end(name: str) -> None:
    rec = _record(name)
    bad = copy.deepcopy(rec)
    bad["actions"].append(rec["actions"][-1])
    _rejected(name, bad, "over")


@pytest.mark.parametrize("name", GAMES)
def test_other_deal_same_actions(name: str) -> None:
    """Another deal with the same actions: over several swaps of two cards of
    the deal, each is rejected or a faithful game; most must be rejected."""
    key = DECK_KEY[name]
    rejected = tried = 0
    rng = random.Random(5)
    for seed in range(3):
        rec = _record(name, seed)
        deck = rec["deal"][key]
        for _ in range(10):
            i, j = rng.sample(range(len(deck)), 2)
            bad = copy.deepcopy(rec)
            bad["deal"][key][i], bad["deal"][key][j] = deck[j], deck[i]
            rejected += _rejected_or_faithful(name, bad)
            tried += 1
        other = copy.deepcopy(rec)
        other["deal"] = _record(name, seed + 10)["deal"]
        rejected += _rejected_or_faithful(name, other)
        tried += 1
    if name != "ninedomains":  # its actions do not name domains, so many deals fit them
        assert rejected >= tried // 2, (rejected, tried)


@pytest.mark.parametrize("name", GAMES)
def test_bad_rules(name: str) -> None:
    rec = _record(name)
    bad = copy.deepcopy(rec)
    bad["rules"]["no_such_option"] = 1
    _rejected(name, bad, "rules")
    for broken in (None, [], "default", 3):
        bad = copy.deepcopy(rec)
        bad["rules"] = broken
        _rejected(name, bad, "rules")


@pytest.mark.parametrize("name", GAMES)
def test_rule_values_of_the_wrong_type(name: str) -> None:
    """Every rule option set to values of other types: RecordError, or a faithful game."""
    rec = _record(name)
    for option in rec["rules"]:
        for wrong in (None, "x", -1, 10**9, 1.5, [], {}, True):
            bad = copy.deepcopy(rec)
            bad["rules"][option] = wrong
            _rejected_or_faithful(name, bad)


@pytest.mark.parametrize("name", GAMES)
def test_missing_rule_option_is_rejected(name: str) -> None:
    rec = _record(name)
    for option in rec["rules"]:
        bad = copy.deepcopy(rec)
        del bad["rules"][option]
        _rejected(name, bad, option)


# -- a missing deal order must not be dealt at random on replay -----------------


def test_sisepai_null_dealer_is_rejected() -> None:
    rec = _record("sisepai")
    rec["deal"]["dealer"] = None
    _rejected("sisepai", rec, "dealer")


@pytest.mark.parametrize("key", ["domains", "specials"])
def test_ninedomains_null_deal_order_is_rejected(key: str) -> None:
    rec = _record("ninedomains")
    rec["deal"][key] = None
    _rejected("ninedomains", rec, key)


# -- wrong version or game -------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_wrong_version_or_game(name: str) -> None:
    for version in (0, 3, -1, 2**70, "1", "2", None, True, [2], 2.0):
        bad = _record(name)
        bad["format"] = version
        _rejected(name, bad, "format")
    for other in GAMES:
        if other != name:
            _rejected(other, _record(name), "game", name)
    bad = _record(name)
    bad["game"] = name.upper()
    _rejected(name, bad, "game")


# -- random corruption -------------------------------------------------------------


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.lists(st.integers(-3, 200), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
@settings(max_examples=60)
def test_random_corruption(name: str, data: st.DataObject) -> None:
    """Replace or delete one random part of a record: RecordError or a faithful game."""
    rec = _record(name, data.draw(st.integers(0, 1)))
    paths = _paths(rec)[1:]
    path = data.draw(st.sampled_from(paths))
    parent = rec
    for k in path[:-1]:
        parent = parent[k]
    if data.draw(st.booleans()):
        parent[path[-1]] = data.draw(_JUNK)
    elif isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent.pop(path[-1])
    _rejected_or_faithful(name, rec)


# -- hostile structure: depth, size and numbers, on both backends ---------------------


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _set(rec: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(rec)
    parent = bad
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value
    return bad


@pytest.mark.parametrize("name", GAMES)
def test_deep_nesting_is_a_record_error(name: str, backend: Any) -> None:
    """The issue's reproductions: rules 600 lists deep (RecursionError in 0.1.0)."""
    rec = _record(name)
    option = next(iter(rec["rules"]))
    places = [("rules", option), ("deal", DECK_KEY[name]), ("actions",), ("outcome",), ("x",)]
    for depth in (600, 100_000):
        for path in places:
            _rejected(name, _set(rec, path, _nested(depth)), "deep")
    deep_dicts: Any = {}
    for _ in range(1000):
        deep_dicts = {"a": deep_dicts}
    _rejected(name, _set(rec, ("rules",), deep_dicts), "deep")
    # The limit itself: a rule value nested to exactly the limit is not a depth error.
    shallow = _set(rec, ("rules", option), _nested(records.MAX_DEPTH - 2))
    assert "deep" not in _rejected(name, shallow, "rules")


@pytest.mark.parametrize("name", GAMES)
def test_oversized_records_are_refused(name: str) -> None:
    rec = _record(name)
    _rejected(name, _set(rec, ("actions",), [[0, "pass"]] * records.MAX_ITEMS), "items")
    _rejected(name, _set(rec, ("game",), "x" * (records.MAX_STRING + 1)), "characters")
    _rejected(name, _set(rec, ("rules", "y" * 10**6), 1), "characters")
    for not_json in ({1: 2}, {"a"}, b"bytes", object(), float("nan"), float("inf")):
        _rejected(name, _set(rec, ("deal", "x"), not_json), "deal")


HUGE = (2**31, -(2**31) - 1, 2**53, 2**63, -(2**64), 10**5000)


@pytest.mark.parametrize("name", GAMES)
def test_huge_numbers_are_a_record_error(name: str, backend: Any) -> None:
    """The issue's reproduction: flower_pig_penalty >= 2**31 raised OverflowError
    from the C backend and was accepted by the pure one."""
    rec = _record(name)
    ints = [k for k, v in rec["rules"].items() if type(v) is int]
    assert ints or name == "ninedomains"
    for option in ints:
        for huge in HUGE:
            _rejected(name, _set(rec, ("rules", option), huge), option)
    for huge in HUGE:
        _rejected(name, _set(rec, ("deal", DECK_KEY[name], 0), huge))
        _rejected(name, _set(rec, ("actions", 0, 0), huge), "action")
        _rejected(name, _set(rec, ("format",), huge), "format")
        _rejected(name, _set(rec, ("outcome", "scores", 0), huge))
    if name != "ninedomains":
        field = "players" if name == "shrinewars" else "dealer"
        for huge in HUGE:
            _rejected(name, _set(rec, ("deal", field), huge), field)


RULE_LIMITS: list[tuple[Any, str, int, int]] = [
    (sichuan.Rules, "flower_pig_penalty", 0, 2**31 - 1),
    (sichuan.Rules, "fan_cap", 0, 30),
    (shrinewars.Rules, "oinks", 0, 1000),
    (sisepai.Rules, "general", 0, 100),
    (sisepai.Rules, "min_score", 0, 2100),
    (sisepai.Rules, "concealed_triple", 0, 100),
]


@pytest.mark.parametrize(("rules", "option", "lo", "hi"), RULE_LIMITS)
def test_rule_ranges_are_the_same_on_both_backends(
    rules: Any, option: str, lo: int, hi: int, backend: Any
) -> None:
    for value in (lo, hi):
        assert getattr(rules(**{option: value}), option) == value
    messages = set()
    for value in (lo - 1, hi + 1, 2**31, 2**63, 10**5000, True, 1.0, "3"):
        with pytest.raises(ValueError) as info:
            rules(**{option: value})
        message = str(info.value)
        assert option in message and f"{lo}..{hi}" in message, message
        messages.add(message.split(", not")[0])
    assert len(messages) == 1


def test_sichuan_extreme_rules_play_alike_on_both_backends(c_backend: Any) -> None:
    del c_backend
    from parlour import _backend

    rules = sichuan.Rules(flower_pig_penalty=2**31 - 1)
    out = []
    for name in ("c", "python"):
        with _backend.use(name):
            g = sichuan.Game(rules, seed=4)
            bots = [sichuan.HeuristicBot() for _ in range(4)]
            rng = random.Random(4)
            while not g.is_over:
                seat = g.to_act[0]
                g.apply(seat, bots[seat].act(g.observation(seat), g.legal_actions(seat), rng))
            out.append(g.record())
    assert out[0] == out[1]
    with _backend.use("python"):
        assert sichuan.Game.from_record(out[0]).record() == out[0]


HOSTILE_TEXTS: list[tuple[str | bytes, str]] = [
    ("", "not JSON"),
    ("not json", "not JSON"),
    ("[" * 100_000, "deep"),
    ('{"a":' * 100_000, "deep"),
    ("[" * 100_000 + "]" * 100_000, "deep"),
    ('["' + "[" * 100_000 + '"]', "characters"),
    ("1" * 5000, "number"),
    ("-" + "9" * 30, "number"),
    ('{"format": 1e999}', "number"),
    ("NaN", "NaN"),
    ('{"x": -Infinity}', "Infinity"),
    ('{"format": 2, "format": 1}', "format"),
    (b"\xff\xfe\x00\x01junk", "UTF-8"),
    (b'{"game": "\xe9"}', "UTF-8"),
    ("\ufeff{}", "not JSON"),
    (" " * (records.MAX_BYTES + 1), "bytes"),
]


@pytest.mark.parametrize(("text", "word"), HOSTILE_TEXTS)
def test_loads_refuses_hostile_text(text: str | bytes, word: str) -> None:
    with pytest.raises(RecordError) as info:
        records.loads(text)
    assert word.lower() in str(info.value).lower(), str(info.value)


def test_loads_reads_a_record() -> None:
    rec = _record("sisepai")
    text = json.dumps(rec)
    assert records.loads(text) == rec
    assert records.loads(text.encode()) == rec
