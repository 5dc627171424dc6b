"""The tables of the web server: one person against parlour's bots, with
undo, and the streams each browser is sent.

A :class:`WebTable` owns a :class:`parlour.wire.Table` (which holds the game
and every viewer's redacted stream), the bots of the other seats and the
moves played. The server never builds a message from the game itself: a
browser gets its viewer's wire stream (:meth:`WebTable.frames`) and a
``view`` message drawn from that viewer's observation, or, for a
spectator, from the public view.

**Undo.** A person may take back their last action only while nothing
was revealed to them since. Revealed is judged on the person's own
observations: undo is allowed when, in each of :data:`UNDO_SAMPLES`
worlds the person cannot tell from the real one before their last action
(:meth:`parlour.Game.resample` for their seat, seeded 0, 1, …), the same
moves since are legal and give the person exactly the observations they
had. A bot's discard, a drawn tile, a window's choices shown, a hand laid
open: each would differ in some world, so undo is refused. It is refused
too once the game is over, before the person has acted, and for a game
without a resampler (nothing can be shown to be unrevealed there). Undo
replays the game from its deal to just before that action, and the bots'
generator is set back with it.

>>> import parlour
>>> t = WebTable(parlour.make("shrinewars", seed=2), seat=0, bots="heuristic", seed=1)
>>> t.game.to_act
(0,)
>>> t.can_undo()
False
"""

from __future__ import annotations

import random
import secrets
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour import protocol
from parlour._locale import Locale
from parlour.errors import WireError
from parlour.protocol import Action, Bot, Game
from parlour.simulation import make_bots, parse_bots
from parlour.web.render import describe, drawing, public_drawing
from parlour.wire import Table

__all__ = ["UNDO_SAMPLES", "NotYourTurn", "Tables", "UndoRefused", "WebTable"]

#: How many resampled worlds the undo rule compares (see the module's text).
UNDO_SAMPLES = 8

#: How many tables a server keeps; the oldest goes when a new one comes.
MAX_TABLES = 1000


class NotYourTurn(WireError):
    """The person acted while it was not their turn."""


class UndoRefused(WireError):
    """Undo was asked for where :meth:`WebTable.can_undo` says no."""


@dataclass(frozen=True)
class _Checkpoint:
    """The state before one of the person's actions."""

    moves: int
    game: Game
    rng: object


class WebTable:
    """A game where ``seat`` is a person and every other seat a bot.

    ``bots`` is a bot name for all the other seats (``"heuristic"``) or
    one per seat (the person's is ignored), or ready :class:`~parlour.Bot`
    objects, one per seat; ``seed`` seeds the bots' generator; ``undo=False``
    never offers undo (and spares its check). The bots play at once
    whenever they are to act (before the person when they act together),
    so the game waits only for the person.
    """

    def __init__(
        self,
        game: protocol.Game,
        *,
        seat: int = 0,
        bots: str | Sequence[str] | Sequence[Bot] = "heuristic",
        seed: int = 0,
        undo: bool = True,
    ) -> None:
        if not 0 <= seat < game.num_players:
            raise ValueError(
                f"seat {seat} is not a seat of {game.name} (0..{game.num_players - 1})"
            )
        if game.history:
            raise ValueError("a web table starts from a game nobody has acted in yet")
        #: The id that plays the person's seat (a secret: whoever holds it plays).
        self.id = secrets.token_urlsafe(12)
        #: The id of the spectators' view.
        self.watch_id = secrets.token_urlsafe(12)
        #: The person's seat.
        self.seat = seat
        #: Whether undo may be offered at all.
        self.undo_allowed = undo
        self._start = game.clone()
        if isinstance(bots, str) or (bots and isinstance(bots[0], str)):
            names = parse_bots(game.name, bots, game.num_players)  # type: ignore[arg-type]
            self._bots: list[Bot] = make_bots(game.name, names)
        else:
            if len(bots) != game.num_players:
                raise ValueError(f"need {game.num_players} bots, got {len(bots)}")
            self._bots = list(bots)  # type: ignore[arg-type]
        self._rng = random.Random(seed)
        self._table = Table(game)
        self._moves: list[tuple[int, Action]] = []
        self._checkpoints: list[_Checkpoint] = []
        #: Bumped by every undo: a browser holding an older generation is
        #: sent its stream afresh.
        self.generation = 0
        self._undo_cache: tuple[int, int, bool] | None = None
        self._play_bots()

    # -- reading ----------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game (the referee's view: never sent to a browser)."""
        return self._table.game

    @property
    def index(self) -> int:
        """The index of the next event of every stream."""
        return self._table.index

    def frames(
        self, viewer: int | None, since: int | None, locale: Locale = "en"
    ) -> list[dict[str, Any]]:
        """What a browser of ``viewer`` (a seat, ``None`` for a spectator)
        is sent: from the start (``since=None``) ``hello`` and ``snapshot``,
        or from event ``since`` on; then a ``names`` message (the readings
        in ``locale`` of the action texts to come, so that the events can be
        shown in the page's language as they arrive), the wire events (with
        their display fields in ``locale``, :func:`parlour.wire.localise`), a
        ``view`` message (the table drawn in ``locale``, whether undo is
        open) and the request or the end."""
        wire = self._table
        if since is None:
            head = [wire.hello(viewer, locale), wire.snapshot(viewer)]
            rest = wire.messages(viewer, wire.index, locale)
        else:
            head = []
            rest = wire.messages(viewer, since, locale)
        events = [m for m in rest if m["type"] == "event"]
        tail = [m for m in rest if m["type"] != "event"]
        texts: set[str] = set()
        for m in rest:
            if m["type"] == "event":
                texts.update(t for t in [m.get("action")] if isinstance(t, str))
                texts.update(r["action"] for r in m.get("revealed", ()))
            elif m["type"] == "request":
                texts.update(e["text"] for e in m["legal"])
        game = self.game.name
        names = {"type": "names", "names": {t: describe(game, t, locale) for t in sorted(texts)}}
        if viewer is None:
            html = public_drawing(wire.snapshot(None)["observation"], game, locale)
        else:
            html = drawing(game, self.game.observation(viewer), locale)
        view = {
            "type": "view",
            "index": wire.index,
            "generation": self.generation,
            "html": html,
            "undo": viewer == self.seat and self.can_undo(),
        }
        return [*head, names, *events, view, *tail]

    # -- playing ----------------------------------------------------------------
    def act(self, reply: Mapping[str, Any]) -> None:
        """Apply the person's reply (``{"type": "action", "id": N}`` or
        ``"text"``), then let the bots play until the person is to act again
        or the game is over; :class:`~parlour.errors.WireError` if the reply
        names nothing the person may do now (the game unchanged)."""
        game = self.game
        if self.seat not in game.to_act:
            raise NotYourTurn("it is not your turn")
        before = _Checkpoint(len(self._moves), game.clone(), self._rng.getstate())
        action = self._table.act(self.seat, reply)
        self._checkpoints.append(before)
        self._moves.append((self.seat, action))
        self._play_bots()

    def can_undo(self) -> bool:
        """Whether the person may take back their last action now (the rule
        in the module's text)."""
        if not (self.undo_allowed and self._checkpoints) or self.game.is_over:
            return False
        key = (self.generation, len(self._moves))
        if self._undo_cache is None or self._undo_cache[:2] != key:
            self._undo_cache = (*key, not self._revealed_since(self._checkpoints[-1]))
        return self._undo_cache[2]

    def undo(self) -> None:
        """Take back the person's last action and what the bots did after
        it; :class:`~parlour.errors.WireError` if :meth:`can_undo` says no."""
        if not self.can_undo():
            raise UndoRefused("undo is not allowed: something was revealed since your last action")
        point = self._checkpoints.pop()
        table = Table(self._start.clone())
        for seat, action in self._moves[: point.moves]:
            table.apply(seat, action)
        self._table = table
        del self._moves[point.moves :]
        self._rng.setstate(point.rng)  # type: ignore[arg-type]
        self.generation += 1

    # -- inside --------------------------------------------------------------------
    def _play_bots(self) -> None:
        game = self.game
        while not game.is_over:
            waiting = [s for s in game.to_act if s != self.seat]
            if not waiting:
                return
            s = waiting[0]
            legal = game.legal_actions(s)
            action = self._bots[s].act(game.observation(s), legal, self._rng)
            self._table.apply(s, action)
            self._moves.append((s, game.history[-1][1]))

    def _revealed_since(self, point: _Checkpoint) -> bool:
        seat = self.seat
        since = self._moves[point.moves :]
        real = point.game.clone()
        seen = []
        for s, action in since:
            real.apply(s, action)
            seen.append(real.observation(seat))
        for i in range(UNDO_SAMPLES):
            try:
                world = point.game.resample(seat, random.Random(i))
            except NotImplementedError:
                return True
            try:
                for (s, action), obs in zip(since, seen, strict=True):
                    world.apply(s, str(action))
                    if world.observation(seat) != obs:
                        return True
            except ValueError:
                return True
        return False


class Tables:
    """The tables of one server, by the person's id and by the spectators'
    id (the two differ, so a spectator link cannot be used to play)."""

    def __init__(self, limit: int = MAX_TABLES) -> None:
        self._by_id: OrderedDict[str, WebTable] = OrderedDict()
        self._by_watch: dict[str, WebTable] = {}
        self._limit = limit

    def add(self, table: WebTable) -> WebTable:
        """Keep ``table`` (dropping the oldest beyond the limit)."""
        self._by_id[table.id] = table
        self._by_watch[table.watch_id] = table
        while len(self._by_id) > self._limit:
            _, old = self._by_id.popitem(last=False)
            self._by_watch.pop(old.watch_id, None)
        return table

    def get(self, table_id: str) -> WebTable | None:
        """The table a person plays at, by its id."""
        return self._by_id.get(table_id)

    def watched(self, watch_id: str) -> WebTable | None:
        """The table a spectator id shows."""
        return self._by_watch.get(watch_id)

    def __len__(self) -> int:
        return len(self._by_id)
