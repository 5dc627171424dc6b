"""A game at a table: the ``parlour-wire/1`` messages each seat and each
spectator is sent, redacted, numbered and kept for reconnects.

:class:`Table` derives its events generically from the common protocol: one
event per applied action for every viewer, holding the action as that
viewer may see it and what changed in the viewer's own observation. Two
rules decide what a viewer sees of another seat's action, the same for
every game:

* an action the game's spec calls secret
  (:meth:`~parlour.registry.GameSpec.hidden_move`: the tiles a Sichuan
  seat passes in the exchange, the kind of its concealed kong) is never
  shown to another seat;
* choices made at the same time (a window: several seats to act at once, as
  Sichuan declarations and claims, Sì Sè Pái claims, Nine Domains
  placements) are shown to the others only when the last of them is made,
  in the ``revealed`` list of the event that closes the window.

Everything else a viewer learns (a tile drawn, a domain turned up, a hand
shown at the end) comes from its observation, which the information-set
test already holds to what the seat may know.

>>> import parlour
>>> table = Table(parlour.make("ninedomains", seed=1))
>>> [e["index"] for e in table.events(0)]
[0]
>>> table.apply(0, "place 0 1 2")
>>> table.events(1)[-1]["action"] is None, table.events(0)[-1]["action"]
(True, 'place 0 1 2')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parlour import protocol
from parlour._locale import Locale
from parlour.errors import IllegalActionError, WireError
from parlour.protocol import Action, Game
from parlour.registry import GameSpec, TerminalSpec, spec
from parlour.wire.display import localise
from parlour.wire.messages import changes, legal_entries, message

__all__ = ["Table", "public_view"]

#: A viewer: a seat number, or ``None`` for a spectator.
Viewer = int | None


def public_view(views: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What a spectator sees: the fields of the seats' observations that
    every seat sees alike (the seat number left out).

    >>> public_view([{"seat": 0, "wall": 50, "hand": [1]}, {"seat": 1, "wall": 50, "hand": [2]}])
    {'wall': 50}
    """
    first, *rest = views
    return {
        k: v
        for k, v in first.items()
        if k != "seat" and all(k in other and other[k] == v for other in rest)
    }


class Table:
    """One game and every viewer's ``parlour-wire/1`` stream.

    Play goes through :meth:`apply` (an action, its notation) or
    :meth:`act` (a client's reply message). Each viewer's stream is
    :meth:`hello`, then its :meth:`events` (index 0 is the state the table
    was set with; index ``k`` follows the ``k``-th action), a
    :meth:`request` whenever the seat is to act and :meth:`end` once the
    game is over. A client that reconnects is sent :meth:`messages` from
    the last index it holds, or a :meth:`snapshot` and what follows it.
    A web server pushes these dicts to its sockets as they come; the table
    holds no socket and no thread.

    A client that names a locale (``locale="zh"`` to :meth:`hello`,
    :meth:`events`, :meth:`request`, :meth:`end` and :meth:`messages`) gets
    the messages with their display fields in that locale
    (:func:`parlour.wire.localise`); without one, none are added.

    ``viewers`` are the seats (and ``None``, the spectators) whose streams
    the table keeps: all of them by default. Each event costs an
    observation per viewer kept (a spectator's costs every seat's).
    """

    def __init__(self, game: protocol.Game, viewers: Iterable[Viewer] | None = None) -> None:
        self._game = game
        found: GameSpec | None
        try:
            found = spec(game.name)
            title, terminal = found.title, found.terminal
        except KeyError:
            found, title, terminal = None, game.name, TerminalSpec()
        self._title = title
        self._label = terminal.action_label
        # The game's rule of secret moves (GameSpec.hidden_move): from the
        # acting seat's observation when the spec has one, else from the
        # action alone (the observation is made only when it is needed).
        self._secret_seen = None if found is None else found.secret_move
        self._secret_move = terminal.secret_move
        everyone: tuple[Viewer, ...] = (*range(game.num_players), None)
        if viewers is None:
            self._viewers = everyone
        else:
            kept = tuple(dict.fromkeys(viewers))
            if not kept:
                raise ValueError("a table keeps the stream of one viewer at least")
            for viewer in kept:
                if viewer not in everyone or isinstance(viewer, bool):
                    raise ValueError(
                        f"a viewer is a seat 0..{game.num_players - 1} or None, not {viewer!r}"
                    )
            self._viewers = kept
        self._views: dict[Viewer, dict[str, Any]] = {}
        self._events: dict[Viewer, list[dict[str, Any]]] = {v: [] for v in self._viewers}
        # The open window's actions: (event index, seat, action, secret).
        self._window: list[tuple[int, int, Action, str | None]] = []
        self._record(None, None, None, False, [])

    @property
    def viewers(self) -> tuple[Viewer, ...]:
        """The viewers whose streams the table keeps (``None``: spectators)."""
        return self._viewers

    # -- reading -------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game played (the referee's view: never send it to a client)."""
        return self._game

    @property
    def index(self) -> int:
        """The index the next event will have (every viewer's streams agree)."""
        return len(self._events[self._viewers[0]])

    def hello(self, viewer: Viewer, locale: Locale | None = None) -> dict[str, Any]:
        """The first message of ``viewer``'s stream: the game, its rules,
        the seat (``None`` for a spectator) and the protocol version."""
        self._check(viewer)
        game = self._game
        return self._shown(
            message(
                "hello",
                game=game.name,
                title=self._title,
                rules=game.rules.to_dict(),
                seat=viewer,
                num_players=game.num_players,
                num_action_ids=getattr(game, "num_action_ids", None),
            ),
            locale,
        )

    def events(
        self, viewer: Viewer, since: int = 0, locale: Locale | None = None
    ) -> list[dict[str, Any]]:
        """``viewer``'s events from index ``since`` on, in order."""
        self._check(viewer)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise ValueError(f"since must be an event index (an int >= 0), not {since!r}")
        return [self._shown(e, locale) for e in self._events[viewer][since:]]

    def snapshot(self, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` sees now as one message: its view (the
        observation's fields; a spectator's :func:`public_view`) and the
        index of the next event, for a client that reconnects without the
        events it had."""
        self._check(viewer)
        return message(
            "snapshot",
            seat=viewer,
            index=self.index,
            to_act=list(self._game.to_act),
            observation=dict(self._views[viewer]),
        )

    def request(self, seat: int, locale: Locale | None = None) -> dict[str, Any] | None:
        """The request to ``seat`` to act (``None`` when it need not): who
        is to act and the legal actions, each id once with its text."""
        game = self._game
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.num_players:
            raise ValueError(f"a seat is an int in 0..{game.num_players - 1}, not {seat!r}")
        if seat not in game.to_act:
            return None
        legal = game.legal_actions(seat)
        return self._shown(
            message(
                "request",
                seat=seat,
                index=self.index,
                to_act=list(game.to_act),
                legal=legal_entries(legal, game.action_id, self._label),
            ),
            locale,
        )

    def end(self, locale: Locale | None = None) -> dict[str, Any] | None:
        """The last message of every stream once the game is over: its
        result (scores, winners, payments and the game's details)."""
        result = self._game.result
        if result is None:
            return None
        return self._shown(message("end", index=self.index, result=result.to_dict()), locale)

    def messages(
        self, viewer: Viewer, since: int | None = None, locale: Locale | None = None
    ) -> list[dict[str, Any]]:
        """``viewer``'s stream: from the start (``since=None``: hello and
        every event) or from event index ``since`` on, then the request
        when the seat is to act, or the end when the game is over."""
        out = [self.hello(viewer, locale)] if since is None else []
        out += self.events(viewer, since or 0, locale)
        if viewer is not None:
            req = self.request(viewer, locale)
            if req is not None:
                out.append(req)
        end = self.end(locale)
        if end is not None:
            out.append(end)
        return out

    # -- playing ----------------------------------------------------------------
    def apply(self, seat: int, action: Action | str) -> None:
        """Apply ``action`` (or its notation) for ``seat`` and add an event
        to every stream; :class:`~parlour.errors.IllegalActionError`, the
        game unchanged, if it is not legal now."""
        game = self._game
        before = game.to_act
        act = game.verify_action(seat, action)
        in_window = len(before) > 1 or bool(self._window)
        # Whether the rules keep the action secret may depend on what the
        # acting seat held (a concealed kong): asked before it is applied.
        if self._secret_seen is not None:
            secret = self._secret_seen(game.observation(seat), act)
        else:
            secret = self._secret_move(act)
        game.apply(seat, act)
        closed: list[tuple[int, int, Action, str | None]] = []
        if in_window:
            self._window.append((self.index, seat, act, secret))
            rest = tuple(s for s in before if s != seat)
            # The window goes on while the seats still to act are the ones
            # that had not yet answered; any other change closes it.
            if not rest or game.to_act != rest:
                closed, self._window = self._window, []
        self._record(seat, act, secret, in_window, closed)

    def act(self, seat: int, reply: Mapping[str, Any]) -> Action:
        """Apply a client's reply (``{"type": "action", "id": N}`` or
        ``{"type": "action", "text": "..."}``) for ``seat``; returns the
        action. :class:`~parlour.errors.WireError` if the reply is malformed
        or names no legal action (the game unchanged)."""
        game = self._game
        if reply.get("type") != "action":
            raise WireError(
                f"expected an action reply, got a message of type {reply.get('type')!r}"
            )
        if ("id" in reply) == ("text" in reply):
            raise WireError("an action reply holds exactly one of id and text")
        try:
            if "id" in reply:
                i = reply["id"]
                if not isinstance(i, int) or isinstance(i, bool):
                    raise WireError(f"an action id is an integer, not {i!r}")
                act = game.action_from_id(i, seat)
            else:
                text = reply["text"]
                if not isinstance(text, str):
                    raise WireError(f"an action text is a string, not {text!r}")
                act = game.verify_action(seat, " ".join(text.split()))
            self.apply(seat, act)
        except IllegalActionError as exc:
            raise WireError(str(exc)) from None
        return act

    # -- inside ---------------------------------------------------------------------
    def _shown(self, msg: Mapping[str, Any], locale: Locale | None) -> dict[str, Any]:
        # The display fields come from the message alone (see localise).
        return dict(msg) if locale is None else localise(self._game.name, msg, locale)

    def _check(self, viewer: object) -> None:
        if viewer in getattr(self, "_viewers", (viewer,)):
            return
        if viewer is not None and (
            not isinstance(viewer, int)
            or isinstance(viewer, bool)
            or not 0 <= viewer < self._game.num_players
        ):
            raise ValueError(
                f"a viewer is a seat 0..{self._game.num_players - 1} or None, not {viewer!r}"
            )
        raise ValueError(f"this table keeps no stream for viewer {viewer!r}")

    def _id(self, action: Action) -> int | None:
        try:
            return self._game.action_id(action)
        except (ValueError, NotImplementedError):
            return None

    def _record(
        self,
        seat: int | None,
        action: Action | None,
        secret: str | None,
        in_window: bool,
        closed: list[tuple[int, int, Action, str | None]],
    ) -> None:
        game = self._game
        index = self.index
        to_act = list(game.to_act)
        seats = [v for v in self._viewers if v is not None]
        if None in self._viewers:
            seats = list(range(game.num_players))
        views: dict[Viewer, dict[str, Any]] = {s: game.observation(s).to_dict() for s in seats}
        if None in self._viewers:
            views[None] = public_view([views[s] for s in range(game.num_players)])
        for viewer in self._viewers:
            old = self._views.get(viewer, {})
            new = views[viewer]
            event = message("event", index=index, seat=seat, action=None, id=None, to_act=to_act)
            if action is not None:
                if viewer == seat or (not in_window and secret is None):
                    event["action"] = self._label(action)
                    event["id"] = self._id(action)
                elif secret is not None:
                    event["secret"] = secret
            event["changes"] = changes(old, new)
            removed = [k for k in old if k not in new]
            if removed:
                event["removed"] = removed
            shown = [
                {"index": i, "seat": s, "action": self._label(a), "id": self._id(a)}
                for i, s, a, hidden in closed
                if s != viewer and hidden is None
            ]
            if shown:
                event["revealed"] = shown
            self._events[viewer].append(event)
        self._views = views
