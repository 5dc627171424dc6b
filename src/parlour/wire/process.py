"""Bots in any language: a program speaking ``parlour-wire/1`` on its
standard input and output, played as a :class:`parlour.protocol.Bot`."""

from __future__ import annotations

import contextlib
import os
import queue
import random
import shlex
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import IO, Any, Literal

from parlour import protocol
from parlour._locale import Locale, check_locale
from parlour.errors import WireError
from parlour.protocol import Action, Bot, Game, Observation, Result
from parlour.registry import spec
from parlour.wire.display import localise
from parlour.wire.messages import (
    MAX_LINE,
    changes,
    decode,
    encode,
    legal_entries,
    message,
    read_reply,
)

__all__ = ["ProcessBot", "bot_from_spec", "play"]

#: What a :class:`ProcessBot` does when its program does not answer in time.
Default = Literal["first", "random"]

#: Seconds a program is given to quit by itself once its input is closed.
GRACE = 1.0

_EOF = b""


class ProcessBot:
    """A :class:`~parlour.protocol.Bot` that is an external program.

    ``command`` is an argv list, or a string split like a shell would
    (``"python mybot.py --deep"``; no shell runs). The program is started at
    once. Each time the bot must act it is sent, on its standard input, a
    ``hello`` (the first time), an ``event`` with what changed in its
    observation since it last acted (the whole observation the first time)
    and a ``request`` listing the legal actions, each as an id and a text;
    it answers each request with one line, ``{"type": "action", "id": N}``
    or ``{"type": "action", "text": "discard 5m"}`` (see :doc:`/wire`).
    The bot knows only what :meth:`act` is given: its seat's observation
    and legal actions.

    ``game`` names the game and ``rules`` its options (a rules object or a
    mapping; the defaults when ``None``): they fix the action ids.
    ``locale`` (``"en"`` or ``"zh"``), when given, adds the display fields
    in that locale to every message the program is sent
    (:func:`parlour.wire.localise`). ``time_limit`` is the seconds a
    decision may take, ``None`` for no limit; on a timeout the ``default``
    action is taken (``"first"``: the first legal action, ``"random"``: one
    drawn from the game's generator), :attr:`timeouts` counts it and the
    program is told by an ``error`` message; its late answer is read and
    dropped. A reply that is not JSON, not an action, or names no legal
    action raises :class:`~parlour.errors.WireError`, as does a program that
    exits (or cannot be started); the program is then stopped.

    The program is stopped (its input closed, then terminated, then killed
    if need be, and always waited for) by :meth:`close`, by :meth:`finish`
    (which first sends the game's ``end``), on leaving a ``with`` block, on
    any error, and when the bot is collected.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        game: str,
        rules: protocol.Rules | Mapping[str, Any] | None = None,
        time_limit: float | None = 10.0,
        default: Default = "first",
        stderr: int | IO[Any] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        locale: Locale | None = None,
    ) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv or not all(isinstance(a, str) for a in argv):
            raise ValueError(f"a bot command is a non-empty argv list or string, not {command!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(
                f"time_limit must be a number of seconds > 0 or None, not {time_limit!r}"
            )
        if default not in ("first", "random"):
            raise ValueError(f"default must be 'first' or 'random', not {default!r}")
        from parlour.simulation import resolve_rules

        chosen = resolve_rules(game, rules)
        # A game of these rules fixes the action ids and reads notation;
        # its state is never used.
        self._ids: Game = spec(game).game(rules=chosen)  # type: ignore[call-arg]
        self._label = spec(game).terminal.action_label
        self._game_name = game
        self._title = spec(game).title
        self.command: tuple[str, ...] = tuple(argv)
        self.time_limit = time_limit
        self.default: Default = default
        #: Decisions the program did not make in time (the default was taken).
        self.timeouts = 0
        self._rules = chosen
        self._locale = None if locale is None else check_locale(locale)
        self._view: dict[str, Any] | None = None
        self._sent = 0  # events sent
        self._owed = 0  # answers to timed-out requests still to come
        self._lines: queue.Queue[bytes] = queue.Queue()
        try:
            self._proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                cwd=cwd,
            )
        except OSError as exc:
            raise WireError(f"cannot start the bot {argv[0]!r}: {exc.strerror or exc}") from None
        self._reader = threading.Thread(
            target=_read_lines,
            args=(self._proc.stdout, self._lines),
            name=f"parlour-wire reader {self._proc.pid}",
            daemon=True,
        )
        self._reader.start()

    # -- the Bot protocol -----------------------------------------------------
    def act(
        self, observation: Observation, legal_actions: Sequence[Any], rng: random.Random
    ) -> Any:
        """Send the program what changed and the request; return the action
        it names (or the default one on a timeout)."""
        if not legal_actions:
            raise ValueError("act needs at least one legal action")
        try:
            return self._act(observation, legal_actions, rng)
        except BaseException:
            self.close()
            raise

    def finish(self, result: Result | None = None) -> None:
        """Tell the program the game is over (an ``end`` message with the
        result, when given), then stop it."""
        try:
            if result is not None and self.running:
                self._send(message("end", index=self._sent, result=result.to_dict()))
        except WireError:
            pass
        finally:
            self.close()

    def close(self) -> None:
        """Stop the program: close its input (a well-behaved bot quits on
        end of input), then terminate it, then kill it, and wait for it."""
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        try:
            if proc.stdin is not None and not proc.stdin.closed:
                with contextlib.suppress(OSError):
                    proc.stdin.close()
            try:
                proc.wait(GRACE)
            except subprocess.TimeoutExpired:
                proc.terminate()
                try:
                    proc.wait(GRACE)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        finally:
            if proc.stdout is not None:
                proc.stdout.close()
        self.returncode = proc.returncode

    # -- state ------------------------------------------------------------------
    @property
    def pid(self) -> int | None:
        """The program's process id (``None`` once it is stopped)."""
        return None if self._proc is None else self._proc.pid

    @property
    def running(self) -> bool:
        """Whether the program is still running."""
        return self._proc is not None and self._proc.poll() is None

    #: The program's exit status once it is stopped (``None`` before).
    returncode: int | None = None

    def __enter__(self) -> ProcessBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        # Safety only: a bot dropped without close() does not leave a child.
        if getattr(self, "_proc", None) is not None:
            with contextlib.suppress(Exception):  # nothing more to do while collected
                self.close()

    def __repr__(self) -> str:
        return f"ProcessBot({' '.join(self.command)!r}, game={self._game_name!r})"

    # -- inside ---------------------------------------------------------------------
    def _act(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        if self._proc is None:
            raise WireError(f"{self!r} is closed")
        view = observation.to_dict()
        seat = view.get("seat")
        if self._view is None:
            self._send(
                message(
                    "hello",
                    game=self._game_name,
                    title=self._title,
                    rules=self._rules.to_dict(),
                    seat=seat,
                    num_players=self._ids.num_players,
                    num_action_ids=getattr(self._ids, "num_action_ids", None),
                )
            )
        # The seats to act as the seat knows them: its observation's, if it
        # says, else the seat itself.
        to_act = view.get("to_act")
        to_act = list(to_act) if isinstance(to_act, list) else [seat]
        old = self._view or {}
        event = message("event", index=self._sent, seat=None, action=None, id=None, to_act=to_act)
        event["changes"] = changes(old, view)
        removed = [k for k in old if k not in view]
        if removed:
            event["removed"] = removed
        self._send(event)
        self._sent += 1
        self._view = view
        action_id = self._ids.action_id
        try:
            legal = legal_entries(legal_actions, action_id, self._label)
        except ValueError as exc:
            # Action ids depend on the rules (Shrine Wars: on the Oinks).
            raise ValueError(
                f"{self!r} was made for the rules {self._rules.to_dict()}, under which a "
                f"legal action has no id ({exc}): give it the game's rules"
            ) from None
        request = message(
            "request",
            seat=seat,
            index=self._sent,
            to_act=to_act,
            legal=legal,
        )
        if self.time_limit is not None:
            request["time_limit"] = self.time_limit
        self._send(request)
        line = self._answer()
        if line is None:
            self.timeouts += 1
            self._owed += 1
            chosen = (
                legal_actions[0] if self.default == "first" else rng.choice(list(legal_actions))
            )
            self._send(
                message(
                    "error",
                    message=f"no answer within {self.time_limit} s: {self._label(chosen)} "
                    "was played for you",
                    fatal=False,
                )
            )
            return chosen
        try:
            # Text is matched against the legal actions only: notation that
            # needs the game's state to read (a bare Sichuan kong) is the
            # Table's to read, not a bot's.
            return read_reply(decode(line), legal_actions, action_id, self._label)
        except WireError as exc:
            self._tell(str(exc))
            raise WireError(f"{self!r}: {exc}") from None

    def _answer(self) -> bytes | None:
        # The line answering the current request, or None on a timeout.
        # Answers come in the order of the requests: those owed to requests
        # that timed out are read first and dropped.
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        while True:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                line = self._lines.get(timeout=wait)
            except queue.Empty:
                return None
            if line == _EOF:
                self._lines.put(_EOF)  # every later read sees the end too
                proc = self._proc
                code = None if proc is None else proc.wait()
                raise WireError(f"{self!r} exited (status {code}) instead of answering")
            if not line.strip():
                continue
            if self._owed:
                self._owed -= 1
                continue
            return line

    def _send(self, msg: Mapping[str, Any]) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise WireError(f"{self!r} is closed")
        if self._locale is not None:
            msg = localise(self._game_name, msg, self._locale)
        try:
            proc.stdin.write(encode(msg))
            proc.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            code = proc.poll()
            raise WireError(f"{self!r} stopped reading (status {code})") from None

    def _tell(self, why: str) -> None:
        # The program hears why it is stopped, if it still listens.
        with contextlib.suppress(WireError):
            self._send(message("error", message=why, fatal=True))


def _read_lines(stream: IO[bytes] | None, lines: queue.Queue[bytes]) -> None:
    # The reader thread: every line the program writes, then _EOF. Blocking
    # reads here keep the game's thread free to wait with a timeout.
    if stream is None:
        lines.put(_EOF)
        return
    try:
        # A line longer than any reply is read in pieces (each refused by
        # decode), so that a runaway program cannot fill the memory.
        for line in iter(lambda: stream.readline(MAX_LINE + 1), b""):
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


def bot_from_spec(game: str | Game, text: str, **options: Any) -> Bot:
    """A bot from a spec: ``"cmd:COMMAND"`` gives a :class:`ProcessBot`
    running ``COMMAND`` (``options`` go to it; the game's rules fix its
    action ids), any other text names one of the game's bots
    (:attr:`~parlour.registry.GameSpec.bots`).

    >>> bot_from_spec("sichuan", "random").__class__.__name__
    'RandomBot'
    """
    if isinstance(game, Game):
        name, rules = game.name, game.rules
    else:
        name, rules = game, options.pop("rules", None)
    if text.startswith("cmd:"):
        return ProcessBot(text[4:], game=name, rules=rules, **options)
    bots = spec(name).bots
    if text not in bots:
        raise ValueError(
            f"unknown bot {text!r} for {name}; known: {', '.join(sorted(bots))} or cmd:COMMAND"
        )
    return bots[text]()


def play(game: Game, bots: Sequence[Bot], *, seed: int | None = 0) -> Result:
    """:func:`parlour.protocol.play`, then each bot that has a ``finish``
    (a :class:`ProcessBot`) is sent the result and stopped; every
    :class:`ProcessBot` is stopped whatever happens."""
    from parlour.protocol import play as play_game

    try:
        result = play_game(game, bots, seed=seed)
        for bot in bots:
            finish = getattr(bot, "finish", None)
            if callable(finish):
                finish(result)
        return result
    finally:
        for bot in bots:
            if isinstance(bot, ProcessBot):
                bot.close()
