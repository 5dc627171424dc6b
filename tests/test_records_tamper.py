"""Records are tamper-evident: each carries its outcome and a digest of its
contents, optionally a keyed signature; ``from_record`` refuses a record whose
digest, outcome or signature does not match, and any unknown field.

Records written by parlour 0.1.0 (format 1, no digest) still load, unverified.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from conformance import DECK_KEY
from parlour import RecordError, _backend, ninedomains, records, shrinewars, sichuan, sisepai
from parlour.ninedomains import bots as nd_bots
from parlour.protocol import Game

GAMES = parlour.games()
CLASSES: dict[str, type[Game]] = {name: parlour.game_class(name) for name in GAMES}
KEY = b"a server's secret"


def _play(name: str, seed: int, steps: int | None = None) -> Game:
    if name == "sichuan":
        g: Game = sichuan.Game(seed=seed)
        bots: list[Any] = [sichuan.HeuristicBot() for _ in range(4)]
    elif name == "sisepai":
        g = sisepai.Game(seed=seed)
        bots = [sisepai.HeuristicBot() for _ in range(4)]
    elif name == "shrinewars":
        g = shrinewars.Game(seed=seed, players=3)
        bots = [shrinewars.RandomBot() for _ in range(3)]
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


_CACHE: dict[tuple[str, int, int | None], dict[str, Any]] = {}


def _record(name: str, seed: int = 1, steps: int | None = None) -> dict[str, Any]:
    key = (name, seed, steps)
    if key not in _CACHE:
        _CACHE[key] = json.loads(json.dumps(_play(name, seed, steps).record()))
    return copy.deepcopy(_CACHE[key])


def _resealed(rec: dict[str, Any]) -> dict[str, Any]:
    """The record with its digest recomputed, as a forger without the key would."""
    rec = dict(rec)
    rec["digest"] = records.digest(rec)
    return rec


def _refused(name: str, data: Any, *words: str, key: bytes | str | None = None) -> str:
    with pytest.raises(RecordError) as info:
        CLASSES[name].from_record(data, key=key)
    message = str(info.value)
    for w in words:
        assert w.lower() in message.lower(), message
    return message


DIGEST_MISMATCH = "record digest does not match its contents"


# -- what a record carries ---------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_record_carries_outcome_and_digest(name: str) -> None:
    g = _play(name, 1)
    rec = g.record()
    assert rec["format"] == records.RECORD_FORMAT == 2
    result = g.result
    assert result is not None
    assert rec["outcome"] == {
        "scores": [int(s) if float(s).is_integer() else s for s in result.scores],
        "winners": list(result.winners),
    }
    # The documented canonical form, computed here independently of parlour.
    body = {k: v for k, v in rec.items() if k not in ("digest", "signature")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert rec["digest"] == hashlib.sha256(text.encode("ascii")).hexdigest()
    assert CLASSES[name].from_record(rec).record() == rec
    unfinished = _play(name, 1, steps=5).record()
    assert unfinished["outcome"] is None
    assert CLASSES[name].from_record(unfinished).record() == unfinished


# -- tampering is refused ----------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_swapped_deal_entries_are_refused(name: str) -> None:
    rng = random.Random(7)
    for seed in (1, 2):
        rec = _record(name, seed)
        deck = rec["deal"][DECK_KEY[name]]
        for _ in range(15):
            i, j = rng.sample(range(len(deck)), 2)
            if deck[i] == deck[j]:
                continue
            bad = copy.deepcopy(rec)
            bad["deal"][DECK_KEY[name]][i], bad["deal"][DECK_KEY[name]][j] = deck[j], deck[i]
            assert _refused(name, bad) == DIGEST_MISMATCH


def test_ninedomains_every_domain_swap_is_refused() -> None:
    """The issue's count: 129 of the 36 x 5 domain swaps used to be accepted."""
    for seed in range(5):
        rec = _record("ninedomains", seed)
        deck = rec["deal"]["domains"]
        for i in range(9):
            for j in range(i + 1, 9):
                bad = copy.deepcopy(rec)
                bad["deal"]["domains"][i], bad["deal"]["domains"][j] = deck[j], deck[i]
                _refused("ninedomains", bad, "digest")


@pytest.mark.parametrize("name", GAMES)
def test_changed_action_rule_or_deal_is_refused(name: str) -> None:
    rec = _record(name)
    g = CLASSES[name].from_record(_v1(rec, actions=0))
    changed_actions = 0
    for i, (seat, text) in enumerate(rec["actions"]):
        others = [str(a) for a in g.legal_actions(seat) if str(a) != text]
        if others:
            # Another action that was legal at this point: only the digest tells.
            bad = copy.deepcopy(rec)
            bad["actions"][i] = [seat, others[0]]
            assert _refused(name, bad) == DIGEST_MISMATCH
            changed_actions += 1
            if changed_actions == 3:
                break
        g.apply(seat, text)
    assert changed_actions == 3
    bad = copy.deepcopy(rec)
    del bad["actions"][-1]
    assert _refused(name, bad) == DIGEST_MISMATCH
    option, value = next(iter(rec["rules"].items()))
    changed = {
        "fan_cap": 4,
        "general": 2,
        "oinks": 9,
        "elements": ["red"] * 9,
    }[option]
    assert changed != value
    bad = copy.deepcopy(rec)
    bad["rules"][option] = changed
    assert _refused(name, bad) == DIGEST_MISMATCH
    bad = copy.deepcopy(rec)
    bad["game"] = "chess"
    _refused(name, bad, "chess")


def _v1(rec: dict[str, Any], actions: int | None = None) -> dict[str, Any]:
    """The record as parlour 0.1.0 wrote it: format 1, no outcome, no digest."""
    old = {k: copy.deepcopy(rec[k]) for k in ("game", "rules", "deal", "actions")}
    old["format"] = 1
    if actions is not None:
        old["actions"] = old["actions"][:actions]
    return old


@pytest.mark.parametrize("name", GAMES)
def test_changed_outcome_is_refused(name: str) -> None:
    rec = _record(name)
    bad = copy.deepcopy(rec)
    bad["outcome"]["scores"][1] += 1
    assert _refused(name, bad) == DIGEST_MISMATCH
    # With the digest recomputed, the replay tells which seat's score differs.
    _refused(name, _resealed(bad), "outcome", "seat 1", "score")
    bad = copy.deepcopy(rec)
    bad["outcome"]["winners"] = [1] if bad["outcome"]["winners"] != [1] else [0]
    assert _refused(name, bad) == DIGEST_MISMATCH
    _refused(name, _resealed(bad), "outcome", "winners")
    bad = copy.deepcopy(rec)
    bad["outcome"] = None
    _refused(name, _resealed(bad), "not over")
    part = _record(name, steps=5)
    part["outcome"] = copy.deepcopy(rec["outcome"])
    _refused(name, _resealed(part), "not over")
    for junk in ([], "won", 3, {"scores": [0]}, {"scores": "1 2", "winners": []},
                 {"scores": [True] * 4, "winners": []}, {"winners": [], "extra": 1}):  # fmt: skip
        bad = copy.deepcopy(rec)
        bad["outcome"] = junk
        _refused(name, _resealed(bad), "outcome")


@pytest.mark.parametrize("name", GAMES)
def test_unknown_and_missing_fields_are_refused(name: str) -> None:
    rec = _record(name)
    bad = copy.deepcopy(rec)
    bad["comment"] = "nice game"
    _refused(name, bad, "comment")
    _refused(name, _resealed(bad), "comment")
    _refused(name, {**_v1(rec), "note": 1}, "note")
    for key in ("outcome", "digest"):
        bad = copy.deepcopy(rec)
        del bad[key]
        _refused(name, bad, "lacks", key)
    for junk in (None, 3, "", "0" * 64, "g" * 64, rec["digest"].upper(), [rec["digest"]]):
        bad = copy.deepcopy(rec)
        bad["digest"] = junk
        _refused(name, bad, "digest")


# -- format 1 records (parlour 0.1.0) ---------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_format_1_records_still_load_unverified(name: str) -> None:
    rec = _record(name)
    old = _v1(rec)
    g = CLASSES[name].from_record(old)
    assert g.record() == rec  # rewritten in today's format, digest and all
    assert records.verification(old) == "unverified"
    assert records.verification(rec) == "digest"
    _refused(name, old, "format 1", "signature", key=KEY)
    for key in ("outcome", "digest"):
        _refused(name, {**old, key: rec[key]}, key)


# -- keyed signatures ----------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_signed_record_round_trip(name: str) -> None:
    g = _play(name, 2)
    signed = json.loads(json.dumps(g.record(key=KEY)))
    assert set(signed) == {*g.record(), "signature"}
    assert {k: v for k, v in signed.items() if k != "signature"} == g.record()
    body = {k: v for k, v in signed.items() if k not in ("digest", "signature")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert signed["signature"] == hmac.new(KEY, text.encode(), "sha256").hexdigest()
    assert CLASSES[name].from_record(signed, key=KEY).record(key=KEY) == signed
    assert records.verification(signed, key=KEY) == "signature"
    # A str key is its UTF-8 bytes.
    text_key = KEY.decode()
    assert CLASSES[name].from_record(signed, key=text_key).record() == g.record()
    # Without a key the signature cannot be checked, but digest and outcome are.
    assert CLASSES[name].from_record(signed).record() == g.record()


@pytest.mark.parametrize("name", GAMES)
def test_signature_refusals(name: str) -> None:
    g = _play(name, 2)
    plain = g.record()
    signed = g.record(key=KEY)
    _refused(name, plain, "signature", key=KEY)  # missing
    _refused(name, signed, "signature", key=b"another key")
    with pytest.raises(ValueError, match="empty"):
        CLASSES[name].from_record(signed, key=b"")
    # A forger who recomputes the digest after tampering still lacks the key.
    bad = copy.deepcopy(signed)
    bad["deal"][DECK_KEY[name]].reverse()
    _refused(name, _resealed(bad), "signature", key=KEY)
    for junk in (None, 3, "", "0" * 64, signed["signature"][:-1], [signed["signature"]]):
        bad = copy.deepcopy(signed)
        bad["signature"] = junk
        _refused(name, bad, "signature", key=KEY)
        if not (isinstance(junk, str) and len(junk) in (63, 64)):
            _refused(name, bad, "signature")  # a malformed field is refused even keyless
    with pytest.raises(TypeError):
        g.record(key=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        g.record(key=b"")


# -- both backends write the same records and read each other's ----------------------


def test_records_cross_backends(c_backend: ModuleType) -> None:
    del c_backend
    rules = sichuan.Rules(flower_pig_penalty=2**31 - 1, fan_cap=30, exchange_three=True)
    written: dict[str, list[dict[str, Any]]] = {}
    for name in ("c", "python"):
        with _backend.use(name):
            written[name] = []
            for seed in range(3):
                g = sichuan.Game(rules, seed=seed)
                rng = random.Random(seed)
                bot = sichuan.RandomBot()
                while not g.is_over:
                    seat = g.to_act[0]
                    g.apply(seat, bot.act(g.observation(seat), g.legal_actions(seat), rng))
                written[name].append(json.loads(json.dumps(g.record(key=KEY))))
            for game_name in GAMES:
                written[name].append(_record_on(game_name))
    assert written["c"] == written["python"]
    for writer, reader in (("c", "python"), ("python", "c")):
        with _backend.use(reader):
            for rec in written[writer]:
                key = KEY if "signature" in rec else None
                assert CLASSES[rec["game"]].from_record(rec, key=key).record(key=key) == rec


def _record_on(name: str) -> dict[str, Any]:
    return json.loads(json.dumps(_play(name, 4).record()))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
@settings(max_examples=40)
def test_any_change_without_a_new_digest_is_refused(name: str, data: st.DataObject) -> None:
    """Replace one part of a record (not its digest) by another value: always refused."""
    rec = _record(name, data.draw(st.integers(1, 2)))
    paths = [p for p in _paths(rec)[1:] if p[0] != "digest"]
    path = data.draw(st.sampled_from(paths))
    parent = rec
    for k in path[:-1]:
        parent = parent[k]
    junk = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=8)))
    if parent[path[-1]] == junk and type(parent[path[-1]]) is type(junk):
        return
    parent[path[-1]] = junk
    with pytest.raises(RecordError):
        CLASSES[name].from_record(rec)
