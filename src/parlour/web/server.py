"""The ASGI application: pages, static files, the record of a finished
game and the WebSockets of players and spectators (Starlette).

Routes:

* ``/``: the games; ``/play/GAME``: a new table of GAME (redirects to
  ``/play/GAME?table=ID``, which a reload reopens: the browser reconnects
  and is sent a snapshot, then live events);
* ``/watch/WATCH_ID``: the spectator page of a table;
* ``/record/ID``: the record of a finished game (by either id; ``409``
  while the game goes on, since a record holds the deal);
* ``/ws/play/ID`` and ``/ws/watch/WATCH_ID``: the sockets (:doc:`/web`
  describes the messages);
* ``/static/…``: the page's script and style, from the package.

Every page and socket takes ``?lang=en|zh``.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import urllib.parse
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour._locale import Locale, check_locale
from parlour.errors import WireError
from parlour.protocol import Rules
from parlour.registry import games, spec
from parlour.simulation import parse_bots
from parlour.web.render import UI, index_page, page
from parlour.web.tables import NotYourTurn, Tables, UndoRefused, WebTable
from parlour.wire import decode
from parlour.wire.display import title_display

__all__ = ["app"]

#: Milliseconds each event is shown before the next (``?speed=`` changes it).
SPEED = 350


def _locale(request: Request | WebSocket) -> Locale:
    try:
        return check_locale(request.query_params.get("lang", "en"))
    except ValueError:
        return "en"


def _speed(request: Request) -> int:
    text = request.query_params.get("speed", "")
    return min(int(text), 5000) if text.isdigit() else SPEED


class _Server:
    def __init__(
        self,
        bots: str | Sequence[str],
        seat: int,
        seed: int | None,
        rules: dict[str, Rules] | None,
        undo: bool,
    ) -> None:
        self.tables = Tables()
        # A bot name no game has is refused now, not at the first table.
        for name in games():
            parse_bots(name, bots, spec(name).game().num_players)
        self.bots = bots
        self.seat = seat
        self.undo = undo
        self.rules = dict(rules or {})
        self.seeds = random.Random(secrets.randbits(64) if seed is None else seed)
        # Each connection's queue, by table, woken when the table changes.
        self.listeners: dict[str, set[asyncio.Queue[None]]] = {}

    def new_table(self, game: str) -> WebTable:
        cls = spec(game).game
        seed = self.seeds.randrange(2**63)
        kwargs: dict[str, Any] = {"seed": seed}
        if game in self.rules:
            kwargs["rules"] = self.rules[game]
        table = WebTable(
            cls(**kwargs), seat=self.seat, bots=self.bots, seed=seed + 1, undo=self.undo
        )
        return self.tables.add(table)

    # -- pages ----------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        lang = _locale(request)
        titles = {name: title_display(name, spec(name).title, lang) for name in games()}
        return HTMLResponse(index_page(titles, lang))

    async def play(self, request: Request) -> Response:
        game = request.path_params["game"]
        if game not in games():
            return HTMLResponse(f"no game {game!r}", status_code=404)
        lang = _locale(request)
        cookie = f"parlour_{game}"
        table_id = request.query_params.get("table")
        table = self.tables.get(table_id) if table_id else None
        if table is None or table.game.name != game:
            # Back to the table in the cookie, unless a new one is asked for.
            kept = self.tables.get(request.cookies.get(cookie, ""))
            if table_id is None and kept is not None and "new" not in request.query_params:
                table = kept
            else:
                table = self.new_table(game)
            extra = {k: v for k, v in request.query_params.items() if k not in ("table", "new")}
            query = urllib.parse.urlencode({"table": table.id, **extra})
            response: Response = RedirectResponse(f"/play/{game}?{query}", status_code=303)
            response.set_cookie(cookie, table.id, httponly=True, samesite="strict")
            return response
        other = "zh" if lang == "en" else "en"
        links = {
            "new": f"/play/{game}?new=1&lang={lang}",
            "watch": f"/watch/{table.watch_id}?lang={lang}",
            "lang": f"/play/{game}?table={table.id}&lang={other}",
            "games": f"/?lang={lang}",
        }
        body = page(
            game=game,
            title=title_display(game, spec(game).title, lang),
            mode="play",
            socket=f"/ws/play/{table.id}?lang={lang}",
            locale=lang,
            links=links,
            speed=_speed(request),
        )
        return HTMLResponse(body)

    async def watch(self, request: Request) -> Response:
        table = self.tables.watched(request.path_params["watch_id"])
        if table is None:
            return HTMLResponse("no such table", status_code=404)
        lang = _locale(request)
        other = "zh" if lang == "en" else "en"
        body = page(
            game=table.game.name,
            title=title_display(table.game.name, spec(table.game.name).title, lang),
            mode="watch",
            socket=f"/ws/watch/{table.watch_id}?lang={lang}",
            locale=lang,
            links={"lang": f"/watch/{table.watch_id}?lang={other}", "games": f"/?lang={lang}"},
            speed=_speed(request),
        )
        return HTMLResponse(body)

    async def record(self, request: Request) -> Response:
        key = request.path_params["table_id"]
        table = self.tables.get(key) or self.tables.watched(key)
        if table is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        if not table.game.is_over:
            return JSONResponse({"error": "the game is not over"}, status_code=409)
        return JSONResponse(table.game.record())

    # -- sockets ----------------------------------------------------------------
    async def play_socket(self, ws: WebSocket) -> None:
        table = self.tables.get(ws.path_params["table_id"])
        await self._serve(ws, table, table.seat if table else None)

    async def watch_socket(self, ws: WebSocket) -> None:
        table = self.tables.watched(ws.path_params["watch_id"])
        await self._serve(ws, table, None)

    async def _serve(self, ws: WebSocket, table: WebTable | None, viewer: int | None) -> None:
        await ws.accept()
        if table is None:
            await ws.send_json({"type": "error", "message": "no such table"})
            await ws.close(code=4404)
            return
        lang = _locale(ws)
        queue: asyncio.Queue[None] = asyncio.Queue()
        listeners = self.listeners.setdefault(table.id, set())
        listeners.add(queue)
        sent: int | None = None
        generation = table.generation

        async def flush() -> None:
            nonlocal sent, generation
            if table.generation != generation:
                sent, generation = None, table.generation
            if sent is not None and sent >= table.index:
                return
            for frame in table.frames(viewer, sent, lang):
                await ws.send_text(json.dumps(frame, ensure_ascii=False, separators=(",", ":")))
            sent = table.index

        receive: asyncio.Task[str] | None = None
        woken: asyncio.Task[None] | None = None
        try:
            await flush()
            receive = asyncio.ensure_future(ws.receive_text())
            woken = asyncio.ensure_future(queue.get())
            while True:
                done, _ = await asyncio.wait({receive, woken}, return_when=asyncio.FIRST_COMPLETED)
                if receive in done:
                    text = receive.result()
                    receive = asyncio.ensure_future(ws.receive_text())
                    error = self._handle(table, viewer, text, lang)
                    if error is not None:
                        await ws.send_json({"type": "error", "message": error})
                    else:
                        for other in listeners:
                            other.put_nowait(None)
                if woken in done:
                    woken = asyncio.ensure_future(queue.get())
                    await flush()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            for task in (receive, woken):
                if task is not None:
                    task.cancel()
            listeners.discard(queue)
            if not listeners:
                self.listeners.pop(table.id, None)

    def _handle(
        self, table: WebTable, viewer: int | None, text: str, lang: Locale = "en"
    ) -> str | None:
        """Apply one message of a browser; the error to send back (in
        ``lang`` where it is the server's own), or ``None``."""
        if viewer is None:
            return UI[lang]["no_acting"]
        try:
            msg = decode(text)
            if msg["type"] == "undo":
                table.undo()
            else:
                table.act(msg)
        except NotYourTurn:
            return UI[lang]["not_your_turn"]
        except UndoRefused:
            return UI[lang]["no_undo"]
        except (WireError, ValueError) as exc:
            return str(exc)
        return None


def app(
    *,
    bots: str | Sequence[str] = "heuristic",
    seat: int = 0,
    seed: int | None = None,
    rules: dict[str, Rules] | None = None,
    undo: bool = True,
) -> Starlette:
    """The web table as an ASGI application.

    ``bots`` names the bots of the other seats (one name, or one per seat);
    the person plays ``seat``; ``seed`` seeds the deals and the bots of the
    tables in the order they are opened (``None``: fresh ones);
    ``rules`` gives a game's rules by its name; ``undo=False`` offers no
    undo at any table. ``app().state.server.tables``
    holds the tables.

    >>> from starlette.testclient import TestClient
    >>> with TestClient(app(seed=1)) as client:
    ...     client.get("/").status_code
    200
    """
    server = _Server(bots, seat, seed, rules, undo)
    static = Path(str(resources.files("parlour.web").joinpath("static")))
    application = Starlette(
        routes=[
            Route("/", server.index),
            Route("/play/{game}", server.play),
            Route("/watch/{watch_id}", server.watch),
            Route("/record/{table_id}", server.record),
            WebSocketRoute("/ws/play/{table_id}", server.play_socket),
            WebSocketRoute("/ws/watch/{watch_id}", server.watch_socket),
            Mount("/static", StaticFiles(directory=static), name="static"),
        ]
    )
    application.state.server = server
    return application
