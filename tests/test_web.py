"""The web table without a browser: its pages, its sockets (Starlette's
TestClient), what each browser is sent (the information-set idea applied
to the WebSocket frames), reconnects, spectators, languages and the undo
rule. The browser itself is tests/test_web_browser.py.
"""

# ruff: noqa: RUF001 (Chinese text: its full-width punctuation is meant)

from __future__ import annotations

import html
import json
import random
import re
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import parlour
from parlour import sichuan, sisepai
from parlour.errors import WireError
from parlour.protocol import Action, Observation

with warnings.catch_warnings():
    # starlette.testclient warns that it wants httpx2 one day; httpx works.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from parlour.web import WebTable, app
from parlour.web.render import UI, describe, drawing
from test_infoset import GAMES as HIDDEN

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class ScriptBot:
    """Plays the moves it is given, in order (a twin game's other seats)."""

    def __init__(self, moves: Sequence[str]) -> None:
        self._moves = list(moves)

    def act(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Any:
        del observation, legal, rng
        return self._moves.pop(0)


@pytest.fixture
def client() -> Iterator[TestClient]:
    # Undo's check is tested on its own below; here it is spared.
    with TestClient(app(seed=7, bots="random", undo=False)) as c:
        yield c


def server_of(client: TestClient) -> Any:
    return client.app.state.server  # type: ignore[attr-defined]


def batch(ws: Any) -> list[dict[str, Any]]:
    """The frames of one batch: up to and with the request or the end."""
    out = []
    while True:
        frame = json.loads(ws.receive_text())
        out.append(frame)
        if frame["type"] in ("request", "end", "error"):
            return out


def play_socket(
    ws: Any, choose: Any, until: int | None = None
) -> tuple[list[list[dict[str, Any]]], list[str]]:
    """Play a table's socket by ``choose(request) -> reply`` until the end
    (or until the event index reaches ``until``); the batches received and
    the replies' texts."""
    batches, replies = [], []
    while True:
        got = batch(ws)
        batches.append(got)
        last = got[-1]
        assert last["type"] != "error", last
        if last["type"] == "end" or (until is not None and last["index"] >= until):
            return batches, replies
        reply = choose(last)
        replies.append(reply)
        ws.send_text(json.dumps(reply))


def first_legal(request: dict[str, Any]) -> dict[str, Any]:
    return {"type": "action", "id": request["legal"][0]["id"]}


# -- pages --------------------------------------------------------------------


def test_front_page_lists_every_game(client: TestClient) -> None:
    text = client.get("/").text
    for name in parlour.games():
        assert f'href="/play/{name}?lang=en"' in text
    assert "游戏" in client.get("/?lang=zh").text


def test_a_new_table_redirects_and_a_cookie_brings_one_back(client: TestClient) -> None:
    first = client.get("/play/shrinewars", follow_redirects=False)
    assert first.status_code == 303
    where = first.headers["location"]
    assert where.startswith("/play/shrinewars?table=")
    table_id = where.split("table=")[1]
    assert server_of(client).tables.get(table_id) is not None
    # Without an id, the cookie leads back to the same table...
    again = client.get("/play/shrinewars", follow_redirects=False)
    assert again.headers["location"] == where
    # ...unless a new one is asked for.
    other = client.get("/play/shrinewars?new=1", follow_redirects=False)
    assert other.headers["location"] != where
    page = client.get(where)
    assert page.status_code == 200 and '<script type="module" src="/static/table.js">' in page.text


def test_unknown_game_and_table(client: TestClient) -> None:
    assert client.get("/play/chess").status_code == 404
    assert client.get("/watch/nothing").status_code == 404
    assert client.get("/record/nothing").status_code == 404
    with client.websocket_connect("/ws/play/nothing") as ws:
        assert ws.receive_json() == {"type": "error", "message": "no such table"}


def test_static_files_are_served_from_the_package(client: TestClient) -> None:
    js = client.get("/static/table.js")
    assert js.status_code == 200 and "new WebSocket" in js.text
    assert "#actions" in client.get("/static/table.css").text


def test_page_config_cannot_close_its_script_block() -> None:
    from parlour.web.render import page

    text = page(
        game="x</script><b>",
        title="t",
        mode="play",
        socket="/ws",
        locale="en",
        links={},
        speed=0,
    )
    block = text.split('id="config">')[1].split("</script>")[0]
    assert json.loads(block)["game"] == "x</script><b>"


# -- sockets ------------------------------------------------------------------


@pytest.mark.parametrize("name", parlour.games())
def test_whole_game_over_the_socket_and_its_record(client: TestClient, name: str) -> None:
    table = server_of(client).new_table(name)
    # The record holds the deal: not before the game is over.
    assert client.get(f"/record/{table.id}").status_code == 409
    with client.websocket_connect(f"/ws/play/{table.id}") as ws:
        batches, replies = play_socket(ws, first_legal)
    frames = [f for b in batches for f in b]
    assert frames[0]["type"] == "hello" and frames[0]["seat"] == table.seat
    assert frames[1]["type"] == "snapshot"
    # Events come in order, each index once, whatever the batches.
    indices = [f["index"] for f in frames if f["type"] == "event"]
    assert indices == list(range(frames[1]["index"], frames[-1]["index"]))
    for b in batches:
        kinds = [f["type"] for f in b]
        # names first (after hello and snapshot), the events, view, the end.
        assert kinds[-2:] in (["view", "request"], ["view", "end"])
        assert kinds.index("names") == (2 if kinds[0] == "hello" else 0)
        assert set(kinds[kinds.index("names") + 1 : -2]) <= {"event"}
        # Every action text shown in the batch has its reading in names.
        shown = {f.get("action") for f in b if f["type"] == "event"} - {None}
        shown |= {r["action"] for f in b if f["type"] == "event" for r in f.get("revealed", ())}
        assert shown <= set(b[kinds.index("names")]["names"])
    record = client.get(f"/record/{table.id}").json()
    assert client.get(f"/record/{table.watch_id}").json() == record
    replayed = parlour.game_class(name).from_record(record)
    assert replayed.result is not None
    assert frames[-1]["result"] == replayed.result.to_dict()
    person = [a for s, a in record["actions"] if s == table.seat]
    assert len(person) == len(replies)


def test_an_illegal_reply_is_an_error_and_changes_nothing(client: TestClient) -> None:
    table = server_of(client).new_table("sichuan")
    with client.websocket_connect(f"/ws/play/{table.id}") as ws:
        request = batch(ws)[-1]
        before = table.game.history
        ws.send_text(json.dumps({"type": "action", "id": 10**6}))
        assert ws.receive_json()["type"] == "error"
        ws.send_text("not json")
        assert ws.receive_json()["type"] == "error"
        assert table.game.history == before
        ws.send_text(json.dumps(first_legal(request)))
        assert batch(ws)[-1]["type"] in ("request", "end")


def test_a_spectator_cannot_act_and_sees_the_public_stream(client: TestClient) -> None:
    table = server_of(client).new_table("sichuan")
    with client.websocket_connect(f"/ws/watch/{table.watch_id}") as watcher:
        first = [watcher.receive_json() for _ in range(4)]
        assert [f["type"] for f in first] == ["hello", "snapshot", "names", "view"]
        assert first[0]["seat"] is None and first[3]["undo"] is False
        # What every seat sees alike, never a hand.
        assert "hand" not in first[1]["observation"]
        watcher.send_text(json.dumps({"type": "action", "id": 0}))
        assert watcher.receive_json() == {"type": "error", "message": "a spectator cannot act"}
        with client.websocket_connect(f"/ws/play/{table.id}") as player:
            request = batch(player)[-1]
            player.send_text(json.dumps(first_legal(request)))
            mine = batch(player)
        # The spectator is sent the same events, live, redacted for nobody.
        live = []
        while not live or live[-1]["type"] != "view":
            live.append(watcher.receive_json())
        assert [e["index"] for e in live if e["type"] == "event"] == [
            e["index"] for e in mine if e["type"] == "event"
        ]
        view = table.frames(None, None)[1]["observation"]
        assert view == parlour.wire.public_view(
            [table.game.observation(s).to_dict() for s in range(4)]
        )


def test_reconnect_sends_a_snapshot_then_live_events(client: TestClient) -> None:
    table = server_of(client).new_table("sisepai")
    with client.websocket_connect(f"/ws/play/{table.id}") as ws:
        for _ in range(3):
            request = batch(ws)[-1]
            if request["type"] == "end":
                break
            ws.send_text(json.dumps(first_legal(request)))
    # A reload: a new socket gets hello, a snapshot of now and the request.
    with client.websocket_connect(f"/ws/play/{table.id}") as ws:
        frames = batch(ws)
        assert [f["type"] for f in frames[:4]] == ["hello", "snapshot", "names", "view"]
        snap = frames[1]
        assert snap["index"] == table.index
        assert snap["observation"] == table.game.observation(table.seat).to_dict()
        if frames[-1]["type"] == "request":
            ws.send_text(json.dumps(first_legal(frames[-1])))
            more = batch(ws)
            assert more[1]["type"] == "event" and more[1]["index"] == snap["index"]


def test_chinese_names_and_drawings() -> None:
    game = parlour.make("sichuan", seed=3)
    obs = game.observation(0)
    assert describe("sichuan", "declare p", "zh") == "定缺：筒"
    assert describe("sichuan", "declare p", "en") != "declare p"
    # A text the catalogue cannot read is shown as it is.
    assert describe("sichuan", "no such action", "zh") == "no such action"
    assert "<svg" in drawing("sichuan", obs, "zh")
    with pytest.raises(ValueError, match="fr"):
        drawing("sichuan", obs, "fr")  # type: ignore[arg-type]
    table = WebTable(game, bots="random", seed=1)
    names = next(f for f in table.frames(0, None, "zh") if f["type"] == "names")
    request = table.frames(0, None, "zh")[-1]
    for entry in request["legal"]:
        assert names["names"][entry["text"]] == describe("sichuan", entry["text"], "zh")
    assert UI["zh"].keys() == UI["en"].keys()


# -- redaction on the wire ----------------------------------------------------


def _twin_deal(
    name: str, game: parlour.Game, moves: list[tuple[int, str]], seat: int, seed: int
) -> Any:
    """A deal differing from ``game``'s only where ``seat`` could not see
    after ``moves``, on which ``moves`` replay; ``None`` if none is found."""
    hidden, _ = HIDDEN[name]
    deal = game.record()["deal"]
    pure = hidden.pure(game.rules, deal)
    for s, text in moves:
        pure.apply(s, text)
    places = hidden.places(pure, seat, moves)
    rng = random.Random(seed)
    for _ in range(40):
        other = json.loads(json.dumps(deal))
        changed = False
        for key, positions in places:
            values = [other[key][i] for i in positions]
            rng.shuffle(values)
            for i, v in zip(positions, values, strict=True):
                changed |= other[key][i] != v
                other[key][i] = v
        if not changed:
            continue
        twin = type(game)._from_deal(game.rules, other)
        try:
            for s, text in moves:
                twin.apply(s, text)
        except ValueError:
            continue
        return other
    return None


#: Sichuan with the exchange of three tiles (the others' picks are secret).
EXCHANGE = sichuan.Rules(exchange_three=True)
#: Every game under its default rules, and Sichuan with the exchange.
VARIANTS = [(name, None) for name in parlour.games()] + [("sichuan", EXCHANGE)]


@pytest.mark.parametrize(("name", "rules"), VARIANTS)
def test_seat_frames_do_not_depend_on_what_the_seat_cannot_see(
    name: str, rules: parlour.Rules | None
) -> None:
    """Two tables whose deals differ only in what seat 0 cannot see, played
    with the same moves: seat 0's frames are the same up to that point."""
    chosen = {name: rules} if rules is not None else None
    with TestClient(app(seed=11, bots="random", rules=chosen)) as c:
        server = server_of(c)
        real = server.new_table(name)
        stop = {"sichuan": 40, "sisepai": 40, "shrinewars": 30, "ninedomains": 4}[name]
        with c.websocket_connect(f"/ws/play/{real.id}") as ws:
            got, _ = play_socket(ws, first_legal, until=stop)
        moves = [(s, str(a)) for s, a in real.game.history]
        k = len(moves)
        base = type(real.game)._from_deal(real.game.rules, real.game.record()["deal"])
        other = _twin_deal(name, base, moves, real.seat, seed=k)
        assert other is not None, "no twin deal"
        twin_game = type(base)._from_deal(base.rules, other)
        scripts = [[t for s, t in moves if s == seat] for seat in range(base.num_players)]
        twin = server.tables.add(
            WebTable(twin_game, seat=real.seat, bots=[ScriptBot(m) for m in scripts], seed=1)
        )
        person = iter(scripts[real.seat])
        with c.websocket_connect(f"/ws/play/{twin.id}") as ws:
            twin_got, _ = play_socket(
                ws, lambda r: {"type": "action", "text": next(person)}, until=stop
            )
        # A spectator who comes now is sent the same in both.
        watched = []
        for t in (real, twin):
            with c.websocket_connect(f"/ws/watch/{t.watch_id}") as ws:
                watched.append([ws.receive_json() for _ in range(4)])
        assert watched[0] == watched[1]
    assert len(got) == len(twin_got)
    for mine, theirs in zip(got, twin_got, strict=True):
        assert mine == theirs
    # And the twin really differs in what the seat cannot see.
    assert twin.game.record()["deal"] != real.game.record()["deal"]


def test_seat_frames_never_hold_another_hand() -> None:
    """Directly: no other seat's concealed tiles or cards (as its own
    observation holds them) appear in seat 0's frames before the end."""
    cases = [
        ("sichuan", "hand", sichuan.Game(seed=5)),
        ("sichuan", "hand", sichuan.Game(seed=6, rules=EXCHANGE)),
        ("sisepai", "concealed", sisepai.Game(seed=5)),
    ]
    for name, field, game in cases:
        table = WebTable(game, bots="random", seed=2, undo=False)
        text = ""
        hands: list[str] = []
        own: set[str] = set()  # seat 0's own options: its to show
        frames = table.frames(0, None)
        while True:
            text += json.dumps(frames, separators=(",", ":"))
            own.update(e["text"] for f in frames if f["type"] == "request" for e in f["legal"])
            if table.game.is_over:
                break
            for s in range(1, table.game.num_players):
                hand = table.game.observation(s).to_dict()[field]
                if len(hand) >= 4:
                    hands.append(json.dumps(hand, separators=(",", ":"))[1:-1])
            since = table.index
            table.act(first_legal(frames[-1]))
            frames = table.frames(0, since)
            if table.game.is_over:
                break
        assert hands
        # The tiles another seat passed in an exchange (a secret move): not
        # as the move's notation (copy ids and all), nor as its label unless
        # seat 0 could have passed the same kinds itself.
        label = parlour.spec(name).terminal.action_label
        passed = [a for s, a in table.game.history if s != 0 and str(a).startswith("exchange")]
        secret = [str(a) for a in passed] + [label(a) for a in passed if label(a) not in own]
        assert len(secret) >= (4 if game.rules.to_dict().get("exchange_three") else 0)
        for t in secret:
            assert t not in text, f"{name}: another seat's exchange {t!r} is in seat 0's frames"
        text = "".join(text.split())  # a hand written with spaces is found too
        for hand in hands:
            assert hand not in text, f"{name}: another seat's hand [{hand}] is in seat 0's frames"


# -- undo ---------------------------------------------------------------------


def _tables_with_undo(name: str, seeds: range) -> Iterator[WebTable]:
    """Tables played by first legal actions, stopped whenever undo is open."""
    for seed in seeds:
        table = WebTable(parlour.make(name, seed=seed), bots="random", seed=seed)
        while not table.game.is_over:
            if table.can_undo():
                yield table
                break
            request = table.frames(0, table.index)[-1]
            table.act(first_legal(request))


def test_undo_is_refused_before_acting_and_after_a_bot_discards() -> None:
    table = WebTable(parlour.make("sichuan", seed=4), bots="random", seed=1)
    assert not table.can_undo()
    with pytest.raises(WireError, match="undo"):
        table.undo()
    # Play until the person has discarded and it is their turn again: the
    # three others discarded in between, each showing a tile of a hand the
    # person could not see, so undo is refused.
    while not table.game.is_over:
        request = table.frames(0, table.index)[-1]
        table.act(first_legal(request))
        history = [(s, str(a)) for s, a in table.game.history]
        mine = max(i for i, (s, _) in enumerate(history) if s == 0)
        if history[mine][1].startswith("discard") and any(
            s != 0 and a.startswith("discard") for s, a in history[mine + 1 :]
        ):
            break
    assert not table.game.is_over
    assert not table.can_undo()


@pytest.mark.parametrize("name", ["shrinewars", "sisepai"])
def test_undo_takes_back_the_last_action_when_nothing_was_revealed(name: str) -> None:
    found = 0
    for table in _tables_with_undo(name, range(6)):
        found += 1
        if found > 2:
            break
        before = table._checkpoints[-1]
        mine = table.game.observation(table.seat)
        history = table.game.history
        moves = [(s, str(a)) for s, a in history]
        # Independently of the resampler: a deal shuffled where the person
        # could not see gives the same observations along the same moves.
        base = type(table.game)._from_deal(table.game.rules, table.game.record()["deal"])
        other = _twin_deal(name, base, moves, table.seat, seed=len(moves))
        if other is not None:
            twin = type(base)._from_deal(base.rules, other)
            for s, text in moves:
                twin.apply(s, text)
            assert twin.observation(table.seat) == mine
        generation = table.generation
        table.undo()
        assert table.generation == generation + 1
        assert table.game.history == history[: before.moves]
        assert table.game.observation(table.seat) == before.game.observation(table.seat)
        assert table.seat in table.game.to_act
        # The browser is sent its stream afresh.
        frames = table.frames(table.seat, None)
        assert [f["type"] for f in frames[:2]] == ["hello", "snapshot"]
        assert frames[-1]["type"] == "request"
    assert found, f"no {name} table offered undo"


def test_undo_over_the_socket(client: TestClient) -> None:
    table = next(_tables_with_undo("shrinewars", range(6)))
    server_of(client).tables.add(table)
    with client.websocket_connect(f"/ws/play/{table.id}") as ws:
        frames = batch(ws)
        view = next(f for f in frames if f["type"] == "view")
        assert view["undo"] is True
        history = table.game.history
        ws.send_text(json.dumps({"type": "undo"}))
        again = batch(ws)
        assert [f["type"] for f in again[:2]] == ["hello", "snapshot"]
        assert len(table.game.history) < len(history)


# -- parlour serve ------------------------------------------------------------


def test_serve_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    assert main(["serve", "--bots", "nonsense"]) == 1
    assert "unknown bot 'nonsense'" in capsys.readouterr().err


def test_serve_without_the_web_extra_says_which(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.cli import main

    monkeypatch.setitem(sys.modules, "parlour.web", None)  # import fails
    assert main(["serve"]) == 1
    assert "[web] extra" in capsys.readouterr().err


def test_serve_serves_until_stopped() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "parlour", "serve", "--port", str(port), "--seed", "1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert f"http://127.0.0.1:{port}/" in proc.stdout.readline()
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as reply:
                    assert b'href="/play/sichuan?lang=en"' in reply.read()
                break
            except OSError:
                assert time.monotonic() < deadline, "parlour serve did not answer"
                time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()


# -- Chinese pages, and the spectator's drawing ------------------------------------------


def _english_words() -> set[str]:
    """The page's own English vocabulary: every word of the en tables of
    the page, the spectator's table and the server's messages."""
    from parlour.web.public import WORDS

    words: set[str] = set()
    for table in (UI["en"], WORDS["en"]):
        for value in table.values():
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", value))
    return words


def _visible_text(markup: str) -> str:
    """What a page or a drawing shows: its text and titles, without tags,
    attributes, scripts' code or styles."""
    markup = re.sub(r"<script.*?</script>", "", markup, flags=re.DOTALL)
    markup = re.sub(r"<style.*?</style>", "", markup, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def _shown_in_frames(frames: Sequence[dict[str, Any]]) -> list[str]:
    """The texts of a socket's frames the page shows a person."""
    out: list[str] = []
    for f in frames:
        if f["type"] == "view":
            out.append(_visible_text(f["html"]))
        elif f["type"] == "names":
            out.extend(f["names"].values())
        elif f["type"] == "event":
            out.extend(str(f[k]) for k in ("display",) if k in f)
            out.extend(r["display"] for r in f.get("revealed", ()))
        elif f["type"] == "request":
            out.extend(e["display"] for e in f["legal"])
        elif f["type"] == "end":
            out.extend(f["display"].values())
        elif f["type"] == "error":
            out.append(f["message"])
    return out


@pytest.mark.parametrize(("name", "rules"), [("sichuan", EXCHANGE), ("shrinewars", None)])
def test_the_chinese_page_and_frames_hold_none_of_the_pages_english(
    name: str, rules: parlour.Rules | None
) -> None:
    english = _english_words()
    assert {"seat", "discards", "spectating", "payments"} <= english
    chosen = {name: rules} if rules is not None else None
    with TestClient(app(seed=5, bots="heuristic", undo=False, rules=chosen)) as c:
        table = server_of(c).new_table(name)
        page = c.get(f"/play/{name}?table={table.id}&lang=zh").text
        watch = c.get(f"/watch/{table.watch_id}?lang=zh").text
        with c.websocket_connect(f"/ws/play/{table.id}?lang=zh") as ws:
            batches, _ = play_socket(ws, first_legal)
        with c.websocket_connect(f"/ws/watch/{table.watch_id}?lang=zh") as ws:
            watched = batch(ws)
            ws.send_text(json.dumps({"type": "action", "id": 0}))
            watched.append(ws.receive_json())
    # What the socket sent, and the whole stream from the deal on (the bots'
    # first moves came before the page connected).
    frames = [f for b in batches for f in b] + table.frames(0, 0, "zh")
    config = json.loads(page.split('id="config">')[1].split("</script>")[0])
    shown = [_visible_text(page), _visible_text(watch), *config["ui"].values()]
    shown += _shown_in_frames(frames) + _shown_in_frames(watched)
    for text in shown:
        found = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)} & english
        assert not found, f"English {sorted(found)} in {text[:200]!r}"
    # Known Chinese: the game's name in the title, the spectator's words,
    # and what the end and the events say.
    title = {"sichuan": "四川麻将（血战到底）", "shrinewars": "神殿之战"}[name]
    assert f"<title>{title} · parlour</title>" in page and f"<h1>{title}" in page
    assert "旁观中" in watch
    drawn = next(f["html"] for f in watched if f["type"] == "view")
    assert "座位" in drawn and watched[-1]["message"] == "旁观者不能行动"
    end = frames[-1]
    assert end["type"] == "end" and end["result"]["ledger"]
    if name == "sichuan":
        secrets = [f for f in frames if f["type"] == "event" and "secret" in f]
        assert len(secrets) == 3 and {f["display"] for f in secrets} == {"选好了换出的三张牌"}
        for *_, reason in end["result"]["ledger"]:
            entry = sichuan.names.CATALOGUE.section("payments").get(reason)
            assert entry is not None and end["display"][reason] == entry.zh
        assert "弃牌" in drawn
    else:
        assert end["display"]["payout"] == "分得奖金"
        assert any(v.startswith("拍得：") for v in end["display"].values())


def _played(name: str, seed: int, steps: int) -> WebTable:
    table = WebTable(parlour.make(name, seed=seed), bots="random", seed=seed, undo=False)
    while not table.game.is_over and table.index < steps:
        table.act(first_legal(table.frames(0, table.index)[-1]))
    return table


@pytest.mark.parametrize("name", parlour.games())
def test_the_spectators_drawing_shows_nothing_hidden(name: str) -> None:
    """Twin tables whose deals differ only in what some seat cannot see
    (seat 0's own hand among it, from seat 1's side), played with the same
    moves, send a spectator the same frames, drawing included, in both
    languages."""
    steps = {"sichuan": 30, "sisepai": 30, "shrinewars": 20, "ninedomains": 3}[name]
    real = _played(name, 9, steps)
    moves = [(s, str(a)) for s, a in real.game.history]
    base = type(real.game)._from_deal(real.game.rules, real.game.record()["deal"])
    compared = 0
    for seat in (0, 1):
        other = _twin_deal(name, base, moves, seat, seed=seat)
        if other is None:
            continue
        twin_game = type(base)._from_deal(base.rules, other)
        scripts = [[t for s, t in moves if s == k] for k in range(base.num_players)]
        twin = WebTable(twin_game, bots=[ScriptBot(m) for m in scripts], seed=1, undo=False)
        for text in scripts[0]:
            twin.act({"type": "action", "text": text})
        assert [(s, str(a)) for s, a in twin.game.history] == moves
        assert twin.game.record()["deal"] != real.game.record()["deal"]
        for locale in ("en", "zh"):
            mine, theirs = real.frames(None, None, locale), twin.frames(None, None, locale)
            assert mine == theirs, f"{name}: a spectator sees what seat {seat} cannot"
        compared += 1
    assert compared
    view = real.frames(None, None, "zh")[-2 if real.game.is_over else -1]
    assert view["type"] == "view" and "parlour-spectator" in view["html"]
    assert view["html"].count("<svg") >= 1 and "座位" in view["html"]


def test_the_spectators_drawing_draws_the_public_tiles() -> None:
    # Sichuan after some discards: each seat's discards (not taken) drawn
    # as tiles, titled by their names; the wall's count; no concealed hand.
    from parlour.web.public import drawing as spectator_drawing

    table = _played("sichuan", 3, 40)
    view = table.frames(None, None)[1]["observation"]
    html_ = spectator_drawing("sichuan", view, "zh")
    assert f"<b>{view['wall_remaining']}</b>" in html_
    for s in range(4):
        section = html_.split(f'data-seat="{s}"')[1].split("</section>")[0]
        mine = [d["tile"] for d in view["discards"] if d["seat"] == s and not d["taken"]]
        if mine:
            assert section.count("<svg") >= 1
            for t in mine:
                assert sichuan.names.kind_name(t // 4, "zh") in section
        assert f"{view['hand_sizes'][s]} 张暗牌" in section
        paid = sum(p["amount"] for p in view["ledger"] if p["payee"] == s)
        paid -= sum(p["amount"] for p in view["ledger"] if p["payer"] == s)
        assert f"分数 {paid}" in section
    with pytest.raises(ValueError, match="no spectator drawing"):
        spectator_drawing("chess", view)
