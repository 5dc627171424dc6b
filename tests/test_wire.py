"""parlour-wire/1 (parlour.wire): the schema, the Table's streams, their
redaction and reconnects.

Every message of whole games of all four games is validated against the
shipped schema; each seat's stream is checked against the seat's
observation at every step and, with the information-set test's twins,
shown to depend on nothing the seat may not know.
"""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import jsonschema
import pytest

import parlour
from infoset import _replay, _shuffled_deal
from parlour import ninedomains, shrinewars, sichuan, sisepai, wire
from parlour.errors import IllegalActionError, WireError
from parlour.protocol import Game
from parlour.simulation import make_bots
from parlour.wire import Table, fold, public_view
from test_infoset import GAMES as HIDDEN


def _inlined(node: Any, defs: dict[str, Any]) -> Any:
    # The schema with every "$ref" replaced by what it names: the same
    # constraints, checked about twice as fast by jsonschema.
    if isinstance(node, dict):
        if set(node) == {"$ref"}:
            return _inlined(defs[node["$ref"].removeprefix("#/$defs/")], defs)
        return {k: _inlined(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inlined(v, defs) for v in node]
    return node


SCHEMA = wire.schema()
VALIDATOR = jsonschema.Draft202012Validator(_inlined(SCHEMA, SCHEMA["$defs"]))


def _validate(messages: Sequence[dict[str, Any]]) -> None:
    for msg in messages:
        VALIDATOR.validate(msg)
        # A message is one line of JSON and reads back as itself.
        line = wire.encode(msg)
        assert line.count(b"\n") == 1 and line.endswith(b"\n")
        assert wire.decode(line) == msg


def _without_display(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` with every display field (and the hello's locale) taken out."""
    out = []
    for msg in messages:
        msg = {k: v for k, v in msg.items() if k not in ("display", "locale")}
        for key in ("revealed", "legal"):
            if key in msg:
                msg[key] = [{k: v for k, v in r.items() if k != "display"} for r in msg[key]]
        out.append(msg)
    return out


def _play(table: Table, bots: Sequence[Any], seed: int, check: int) -> list[dict[str, Any]]:
    """Play the table's game to its end; returns every request sent. With
    ``check`` > 0, every viewer's folded stream is compared with its view
    every ``check`` steps and at the end."""
    game = table.game
    rng = random.Random(seed)
    requests = []
    folded: dict[Any, dict[str, Any]] = {v: fold(table.events(v)) for v in table.viewers}
    seen = dict.fromkeys(table.viewers, 1)
    while not game.is_over:
        seat = rng.choice(game.to_act)
        request = table.request(seat)
        assert request is not None
        requests.append(request)
        table.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
        if check and (len(game.history) % check == 0 or game.is_over):
            views = [game.observation(s).to_dict() for s in range(game.num_players)]
            for v in table.viewers:
                new = table.events(v, seen[v])
                assert [e["index"] for e in new] == list(range(seen[v], table.index))
                seen[v] = table.index
                folded[v] = fold(new, folded[v])
                assert folded[v] == (public_view(views) if v is None else views[v])
    return requests


def _game(name: str, seed: int) -> Game:
    rules = {"sichuan": sichuan.Rules(exchange_three=True)}.get(name)
    return parlour.spec(name).game(rules, seed=seed)  # type: ignore[call-arg]


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.Draft202012Validator.check_schema(_inlined(SCHEMA, SCHEMA["$defs"]))
    assert wire.schema()["title"] == wire.PROTOCOL == "parlour-wire/1"


@pytest.mark.parametrize("name", parlour.games())
def test_every_message_of_a_game_follows_the_schema(name: str) -> None:
    # Seat 0 heuristic, the others random; every viewer's stream is checked
    # against its observations at each step.
    game = _game(name, 5)
    table = Table(game)
    kinds = ["heuristic"] + ["random"] * (game.num_players - 1)
    requests = _play(table, make_bots(name, kinds), 5, check=10)
    assert game.is_over and requests
    _validate(requests)
    for viewer in table.viewers:
        stream = table.messages(viewer)
        _validate(stream)
        _validate([table.snapshot(viewer)])
        # The same stream with display fields in each locale (the schema is
        # checked on the Chinese one: the English differs only in its texts),
        # for seat 0 and the spectator here; the slow test below covers every
        # viewer of many games.
        for locale in ("en", "zh") if viewer in (0, None) else ():
            shown = table.messages(viewer, locale=locale)
            if locale == "zh":
                _validate(shown)
            assert _without_display(shown) == stream
        assert [m["type"] for m in stream[:2]] == ["hello", "event"]
        assert stream[-1]["type"] == "end" and stream[-1]["result"] == game.result.to_dict()
        events = [m for m in stream if m["type"] == "event"]
        assert [e["index"] for e in events] == list(range(len(game.history) + 1))


@pytest.mark.slow
@pytest.mark.parametrize("name", parlour.games())
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_every_message_of_many_games_follows_the_schema(name: str, kind: str) -> None:
    for seed in range(4):
        game = _game(name, seed)
        table = Table(game)
        requests = _play(table, make_bots(name, [kind] * game.num_players), seed, check=1)
        _validate(requests)
        for viewer in table.viewers:
            _validate(table.messages(viewer))
            _validate(table.messages(viewer, locale="zh"))


def test_requests_list_each_id_once_with_the_text_a_person_types() -> None:
    # Sichuan discards are by kind: two copies of one kind are one choice,
    # written without the copy number, and the text is accepted back.
    game = sichuan.Game(seed=1)
    table = Table(game)
    while game.phase != "turn":
        seat = game.to_act[0]
        table.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act[0]
    request = table.request(seat)
    assert request is not None
    texts = [e["text"] for e in request["legal"]]
    ids = [e["id"] for e in request["legal"]]
    assert len(set(ids)) == len(ids) and len(set(texts)) == len(texts)
    assert all("#" not in t for t in texts)
    kinds = {sichuan.kind_text(t // 4) for t in game.tiles(seat)}
    discards = {t.split()[1] for t in texts if t.startswith("discard")}
    assert discards and discards <= kinds
    assert {game.action_id(a) for a in game.legal_actions(seat)} == set(ids)
    text = sorted(t for t in texts if t.startswith("discard"))[0]
    act = table.act(seat, {"type": "action", "text": text})
    assert table.events(seat)[-1]["action"] == text == f"discard {str(act).split()[1][:2]}"
    assert table.request(seat) is None


def test_replies_that_are_not_legal_are_refused_and_change_nothing() -> None:
    game = shrinewars.Game(seed=4)
    table = Table(game)
    seat = game.to_act[0]
    other = (seat + 1) % 4
    for bad, why in [
        ({"type": "action", "id": 10**6}, "out of range"),
        ({"type": "action", "id": True}, "integer"),
        ({"type": "action", "text": "bid 999"}, "seat"),
        ({"type": "action"}, "exactly one"),
        ({"type": "action", "id": 0, "text": "pass"}, "exactly one"),
        ({"type": "hello"}, "expected an action"),
    ]:
        with pytest.raises(WireError, match=why):
            table.act(seat, bad)
    with pytest.raises(WireError, match="not to act"):
        table.act(other, {"type": "action", "text": "pass"})
    with pytest.raises(IllegalActionError):
        table.apply(other, "pass")
    assert table.index == 1 and not game.history
    table.act(seat, {"type": "action", "id": game.action_id("pass")})
    assert game.history == ((seat, shrinewars.Pass()),) and table.index == 2


def test_a_snapshot_and_the_events_after_it_are_the_stream_from_the_start() -> None:
    game = sisepai.Game(seed=3)
    table = Table(game)
    bots = make_bots("sisepai", ["random"] * 4)
    rng = random.Random(3)
    snapshots: dict[Any, dict[str, Any]] = {}
    while not game.is_over:
        if len(game.history) == 40:
            snapshots = {v: table.snapshot(v) for v in table.viewers}
        seat = game.to_act[0]
        table.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
    assert snapshots
    for viewer, snap in snapshots.items():
        assert snap["index"] == 41
        since = table.messages(viewer, since=snap["index"])
        assert since[0]["index"] == 41 and since[-1]["type"] == "end"
        events = [m for m in since if m["type"] == "event"]
        whole = table.events(viewer)
        assert events == whole[41:]
        assert fold(events, snap["observation"]) == fold(whole)
        assert fold(whole) == table.snapshot(viewer)["observation"]


def _shown(table: Table, viewer: int) -> list[tuple[int, int, str]]:
    """(event index it was shown at, seat, action) for every other seat's
    action ``viewer`` was shown, by the event or by a later reveal."""
    out = []
    for e in table.events(viewer):
        if e["seat"] is not None and e["seat"] != viewer and e["action"] is not None:
            out.append((e["index"], e["seat"], e["action"]))
        for r in e.get("revealed", ()):
            out.append((e["index"], r["seat"], r["action"]))
    return out


def test_sichuan_exchange_picks_stay_secret_and_declarations_wait() -> None:
    game = sichuan.Game(sichuan.Rules(exchange_three=True), seed=2)
    table = Table(game)
    rng = random.Random(2)
    while game.phase in ("exchange", "declare"):
        seat = rng.choice(game.to_act)
        table.apply(seat, rng.choice(game.legal_actions(seat)))
    history = game.history
    assert [str(a).split()[0] for _, a in history] == ["exchange"] * 4 + ["declare"] * 4
    for viewer in range(4):
        events = table.events(viewer)
        shown = _shown(table, viewer)
        # Nothing of another seat's exchange, ever; its own in full.
        assert not any(text.startswith("exchange") for _, _, text in shown)
        for e in events[1:5]:
            if e["seat"] == viewer:
                assert e["action"].startswith("exchange")
            else:
                assert e["action"] is None and e["secret"] == "chooses three tiles to pass"
        # The declarations of the others come together, with the last one.
        assert sorted(shown) == sorted(
            (8, seat, str(a)) for seat, a in history[4:] if seat != viewer
        )
        # No action shown names a physical copy of a tile.
        assert not any("#" in text for _, _, text in shown)
        assert not any("#" in (e["action"] or "") for e in events)


def test_nine_domains_placements_are_shown_when_both_are_made() -> None:
    game = ninedomains.Game(seed=6)
    table = Table(game)
    rng = random.Random(6)
    first = game.to_act[0]
    table.apply(first, rng.choice(game.legal_actions(first)))
    other = 1 - first
    assert table.events(other)[-1]["action"] is None
    assert table.events(other)[-1].get("revealed") is None
    assert table.events(None)[-1]["action"] is None
    placed = str(game.history[0][1])
    table.apply(other, rng.choice(game.legal_actions(other)))
    (shown,) = table.events(other)[-1]["revealed"]
    assert shown == {"index": 1, "seat": first, "action": placed, "id": game.action_id(placed)}
    # The spectator sees both placements once both are made.
    assert {r["seat"] for r in table.events(None)[-1]["revealed"]} == {0, 1}


def test_public_actions_are_shown_at_once() -> None:
    # Shrine Wars bids are made in turn, in the open.
    game = shrinewars.Game(seed=1)
    table = Table(game)
    seat = game.to_act[0]
    action = game.legal_actions(seat)[-1]
    table.apply(seat, action)
    for viewer in table.viewers:
        event = table.events(viewer)[-1]
        assert event["action"] == str(action) and event["id"] == game.action_id(action)


def test_viewers_and_indices_are_checked() -> None:
    table = Table(ninedomains.Game(seed=1), viewers=[1])
    assert table.viewers == (1,)
    with pytest.raises(ValueError, match="keeps no stream for viewer 0"):
        table.events(0)
    with pytest.raises(ValueError, match=r"seat 0\.\.1 or None, not 2"):
        table.snapshot(2)
    with pytest.raises(ValueError, match="since must be an event index"):
        table.events(1, -1)
    with pytest.raises(ValueError, match="one viewer at least"):
        Table(ninedomains.Game(seed=1), viewers=[])
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError, match=r"seat 0\.\.1 or None, not"):
            Table(ninedomains.Game(seed=1), viewers=[bad])


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (b"not json\n", "not JSON"),
        (b"[1, 2]\n", "JSON object"),
        (b'{"id": 3}\n', "string type"),
        (b'{"type": "action", "text": "\xff"}\n', "not UTF-8"),
        (b" " * (1 << 17), "longer than"),
    ],
)
def test_lines_that_are_no_message_are_refused(line: bytes, why: str) -> None:
    with pytest.raises(WireError, match=why):
        wire.decode(line)


# -- the information-set test, on streams ------------------------------------------


def _stream(cls: Any, rules: Any, deal: Any, moves: Sequence[tuple[int, str]], seat: int) -> Any:
    # The seat's stream bare and with its display fields in Chinese: both
    # must depend on nothing the seat may not know.
    table = Table(cls._from_deal(rules, deal), viewers=[seat])
    for who, text in moves:
        table.apply(who, text)
    return table.messages(seat), table.messages(seat, locale="zh")


def _choice_moves(
    game: Game, moves: Sequence[tuple[int, str]], seat: int, rng: random.Random
) -> list[tuple[int, str]] | None:
    """``moves`` with the other seats' choices of the window still open for
    ``seat`` (it has not answered) replaced by other legal ones that keep
    the same seats to act; ``None`` if there are none."""
    cls, rules, deal = type(game), game.rules, game.record()["deal"]
    start = len(moves)
    replay = _replay(cls, rules, deal, [])
    to_acts = []
    for who, text in moves:
        to_acts.append(replay.to_act)
        replay.apply(who, text)
    while start and seat in to_acts[start - 1] and moves[start - 1][0] != seat:
        if len(to_acts[start - 1]) < 2 and start - 1 > 0 and seat not in to_acts[start - 2]:
            break
        start -= 1
    if start == len(moves):
        return None
    twin = _replay(cls, rules, deal, moves[:start])
    out, changed = list(moves[:start]), False
    for who, text in moves[start:]:
        others = [a for a in twin.legal_actions(who) if str(a) != text]
        if others:
            alt = rng.choice(others)
            trial, probe = twin.clone(), twin.clone()
            trial.apply(who, alt)
            probe.apply(who, text)
            if trial.to_act == probe.to_act and not trial.is_over:
                twin, changed = trial, True
                out.append((who, str(alt)))
                continue
        twin.apply(who, text)
        out.append((who, text))
    return out if changed else None


@pytest.mark.parametrize("name", parlour.games())
def test_streams_depend_on_nothing_the_seat_may_not_know(name: str) -> None:
    hidden, _ = HIDDEN[name]
    game = _game(name, 11)
    cls, rules, deal = type(game), game.rules, game.record()["deal"]
    rng = random.Random(11)
    moves: list[tuple[int, str]] = []
    open_windows = []  # steps after which a window of choices made at once is open
    while not game.is_over and len(moves) < 40:
        who = rng.choice(game.to_act)
        rest = tuple(s for s in game.to_act if s != who)
        legal = game.legal_actions(who)
        action = rng.choice(legal)
        game.apply(who, action)
        moves.append((who, str(action)))
        if rest and game.to_act == rest and len(legal) > 1:
            open_windows.append(len(moves))
    # Steps inside windows (exchange, declarations, claims, placements)
    # just after a seat chose among several actions, which the others may
    # not see yet, and one step anywhere.
    steps = {*open_windows[:4], rng.randrange(1, len(moves) + 1)}
    compared = 0
    for k in sorted(steps):
        prefix = moves[:k]
        pure = hidden.pure(rules, deal)
        for who, text in prefix:
            pure.apply(who, text)
        for seat in range(game.num_players):
            want = _stream(cls, rules, deal, prefix, seat)
            twins = []
            other = _shuffled_deal(deal, hidden.places(pure, seat, prefix), rng)
            if other is not None:
                twins.append((other, prefix))
            changed = _choice_moves(game, prefix, seat, rng)
            if changed is not None:
                twins.append((deal, changed))
            for twin_deal, twin_moves in twins:
                try:
                    got = _stream(cls, rules, twin_deal, twin_moves, seat)
                except (IllegalActionError, parlour.RecordError):
                    continue  # the shuffle made a past action illegal: no twin
                assert got == want, f"{name} step {k} seat {seat}: the stream shows hidden state"
                compared += 1
    assert compared >= 4, f"only {compared} twins compared"


def test_a_reply_names_an_action_by_id_kind_or_copy() -> None:
    # What a ProcessBot accepts, from the legal list alone.
    game = sichuan.Game(seed=1)
    while game.phase != "turn":
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    label = parlour.spec("sichuan").terminal.action_label
    copies = [a for a in legal if str(a).startswith("discard")]
    last = copies[-1]
    kind = label(last)
    same_kind = [a for a in copies if label(a) == kind]

    def read(msg: dict[str, Any], parse: Any = None) -> Any:
        return wire.read_reply(msg, legal, game.action_id, label, parse)

    assert read({"type": "action", "text": str(last)}) == last  # the copy named
    assert read({"type": "action", "text": f"  {kind.replace(' ', '   ')} "}) == same_kind[0]
    assert read({"type": "action", "id": game.action_id(last)}) == same_kind[0]
    with pytest.raises(WireError, match="names no legal action"):
        read({"type": "action", "text": "pung"})
    # With the game's reader, any notation it reads in this state.
    with pytest.raises(WireError, match=r"action text 'pung': seat .* nothing is on offer"):
        read({"type": "action", "text": "pung"}, game.parse_action)
    with pytest.raises(WireError, match="action text 'discard 0m'"):
        read({"type": "action", "text": "discard 0m"}, game.parse_action)


# Where each game's observation holds a seat's concealed tiles or cards
# (a Sichuan seat also knows the tiles it passed in the exchange, which are
# now in another's hand: "exchange" is not among them).
_CONCEALED = {"sichuan": ("hand", "drawn", "received"), "sisepai": ("concealed",)}


def _held(game: Any, seat: int) -> list[int]:
    if isinstance(game, sichuan.Game):
        return sorted(game.tiles(seat))
    return sorted(game._concealed[seat])


@pytest.mark.parametrize("name", ["sichuan", "sisepai"])
def test_no_stream_holds_another_seats_concealed_tiles(name: str) -> None:
    # Directly: in each seat's events the concealed fields hold its own
    # tiles (cards) and nothing of the others'; a spectator's have none.
    game = _game(name, 8)
    table = Table(game)
    rng = random.Random(8)
    fields = _CONCEALED[name]
    checked = 0
    while not game.is_over:
        seat = rng.choice(game.to_act)
        table.apply(seat, rng.choice(game.legal_actions(seat)))
        if game.is_over:
            break  # the end shows the hands: the rules' choice
        held = [_held(game, s) for s in range(game.num_players)]
        for viewer in range(game.num_players):
            changes = table.events(viewer, table.index - 1)[0]["changes"]
            others = {t for s, tiles in enumerate(held) if s != viewer for t in tiles}
            for key in fields:
                if key in changes:
                    value = changes[key]
                    mine = set(value) if isinstance(value, list) else {value}
                    assert not mine & others, f"seat {viewer} sees others' tiles in {key}"
                    checked += 1
            if fields[0] in changes:
                assert sorted(changes[fields[0]]) == held[viewer]
        # A spectator sees these fields only where they hold nothing for
        # every seat (no drawn tile: -1).
        public = table.events(None, table.index - 1)[0]["changes"]
        for key in set(fields) & set(public):
            assert public[key] in ([], -1, None), f"a spectator sees {key}: {public[key]}"
    assert checked > 20


def _kong_game(concealed: bool) -> tuple[Table, int, int]:
    """A Sichuan game played through a Table until a seat declares a kong
    on its turn, concealed or added to its pung; the table, the seat and
    the kong's event index."""
    for seed in range(200):
        game = sichuan.Game(seed=seed)
        rng = random.Random(seed)
        moves: list[tuple[int, Any]] = []
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            obs = game.observation(seat)
            pungs = {m.kind for m in obs.melds[seat] if m.type == "pung"}
            kongs = [
                a
                for a in legal
                if isinstance(a, sichuan.Kong) and (a.kind not in pungs) == concealed
            ]
            if kongs and game.phase == "turn":
                # Found: the same moves again, through a table.
                table = Table(sichuan.Game(seed=seed))
                for who, action in [*moves, (seat, kongs[0])]:
                    table.apply(who, action)
                return table, seat, table.index - 1
            action = rng.choice(legal)
            game.apply(seat, action)
            moves.append((seat, action))
    raise AssertionError("no kong in 200 games")


def test_a_concealed_kong_keeps_its_kind_from_the_others() -> None:
    table, seat, index = _kong_game(concealed=True)
    own = table.events(seat, index)[0]
    assert own["action"].startswith("kong ")
    for viewer in [*range(4), None]:
        if viewer == seat:
            continue
        event = table.events(viewer, index)[0]
        assert event["seat"] == seat and event["action"] is None and event["id"] is None
        assert event["secret"] == "declares a concealed kong"
        assert own["action"][5:] not in str(event)
        # The others' views show a concealed kong of no kind.
        melds = fold(table.events(viewer))["melds"][seat] if viewer is not None else []
        assert all(m["kind"] is None for m in melds if m["type"] == "concealed_kong")


def test_an_added_kong_is_public() -> None:
    table, seat, index = _kong_game(concealed=False)
    action = table.events(seat, index)[0]["action"]
    for viewer in [*range(4), None]:
        assert table.events(viewer, index)[0]["action"] == action


# -- display fields ------------------------------------------------------------------

_ZH_RANKS = "一二三四五六七八九"
_ZH_SUITS = {"m": "万", "p": "筒", "s": "条"}


def _zh_tile(text: str) -> str:
    # A Sichuan tile kind in Chinese, from the rules: rank numeral and suit.
    return _ZH_RANKS[int(text[0]) - 1] + _ZH_SUITS[text[1]]


def test_display_fields_give_the_catalogues_chinese_names() -> None:
    game = sichuan.Game(sichuan.Rules(exchange_three=True), seed=4)
    table = Table(game)
    bots = make_bots("sichuan", ["heuristic"] * 4)
    rng = random.Random(4)
    request = None
    while not game.is_over:
        seat = game.to_act[0]
        if request is None and game.phase == "turn":
            request = table.request(seat, locale="zh")
        table.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
    hello, *rest = table.messages(1, locale="zh")
    assert hello["locale"] == "zh" and hello["display"] == "四川麻将（血战到底）"
    events = [m for m in rest if m["type"] == "event"]
    # The others' exchange picks: the hidden move's Chinese name, nothing more.
    secrets = [e for e in events if "secret" in e]
    assert len(secrets) == 3
    assert {e["display"] for e in secrets} == {"选好了换出的三张牌"}
    discards = [e for e in events if (e["action"] or "").startswith("discard ")]
    assert discards
    for e in discards:
        assert e["display"] == "打出" + _zh_tile(e["action"].split()[1])
    # Revealed declarations read as the suit's Chinese name.
    shown = [r for e in events for r in e.get("revealed", ()) if r["action"].startswith("declare")]
    assert len(shown) == 3
    for r in shown:
        assert r["display"] == "定缺：" + _ZH_SUITS[r["action"].split()[1]]
    assert request is not None
    for entry in request["legal"]:
        if entry["text"].startswith("discard"):
            assert entry["display"] == "打出" + _zh_tile(entry["text"].split()[1])
    end = rest[-1]
    assert end["type"] == "end" and end["result"]["ledger"]
    reasons = sichuan.names.CATALOGUE.section("payments")
    for *_, reason in end["result"]["ledger"]:
        entry = reasons.get(reason)
        assert entry is not None and end["display"][reason] == entry.zh
    # In English, the catalogue's English names.
    en = table.messages(1, locale="en")
    assert en[0]["display"] == "Sichuan mahjong"
    first = next(m for m in en if m["type"] == "event" and m["action"] == discards[0]["action"])
    rank, suit = discards[0]["action"].split()[1]
    names = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
    assert first["display"] == f"Discard {rank} {names[suit]}"
    # Without a locale, no display field at all.
    assert not any("display" in m for m in table.messages(1))


def test_shrine_wars_payments_read_the_lots_cards() -> None:
    game = shrinewars.Game(seed=2)
    table = Table(game)
    bots = make_bots("shrinewars", ["random"] * 4)
    rng = random.Random(2)
    while not game.is_over:
        seat = game.to_act[0]
        table.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat), rng))
    end = table.end(locale="zh")
    assert end is not None
    bids = [p for p in end["result"]["ledger"] if p[3].startswith("bid for ")]
    assert bids
    for *_, reason in bids:
        cards = reason.removeprefix("bid for ").split()
        want = "、".join(shrinewars.names.card_name(c, "zh") for c in cards)
        assert end["display"][reason] == f"拍得：{want}"
    if any(p[3] == "payout" for p in end["result"]["ledger"]):
        assert end["display"]["payout"] == "分得奖金"


def test_a_process_bot_is_sent_display_fields_in_its_locale(tmp_path: Any) -> None:
    import sys
    from pathlib import Path

    from parlour.wire import ProcessBot, play

    log = tmp_path / "lines.jsonl"
    script = Path(__file__).resolve().parent / "wire_bots" / "random_bot.py"
    game = sisepai.Game(seed=5)
    bots: list[Any] = make_bots("sisepai", ["random"] * 4)
    bots[2] = ProcessBot(
        [sys.executable, str(script), "--log", str(log)], game="sisepai", locale="zh"
    )
    play(game, bots, seed=5)
    lines = [wire.decode(line) for line in log.read_bytes().splitlines()]
    _validate(lines)
    assert lines[0]["type"] == "hello" and lines[0]["display"] == "四色牌"
    requests = [m for m in lines if m["type"] == "request"]
    assert requests
    for m in requests:
        for entry in m["legal"]:
            assert entry["display"] == sisepai.names.describe_action(entry["text"], "zh")
    assert any("吃" in e["display"] or "打出" in e["display"] for m in requests for e in m["legal"])
    with pytest.raises(ValueError, match="unknown locale"):
        ProcessBot([sys.executable, str(script)], game="sisepai", locale="fr")  # type: ignore[arg-type]
