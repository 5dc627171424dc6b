"""What the atheris harnesses of the C state machines share.

``fuzz_sisepai_game.py``, ``fuzz_shrinewars_game.py`` and
``fuzz_ninedomains_game.py`` drive a compiled engine and its pure-Python
twin with the same steps; the parts that do not depend on the game live
here: comparing what a step did, damaging a record, and the record and
saved-state checks at the end of an input. Not a harness itself (the
leading underscore keeps ``.ci/fuzz`` from running it).
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable
from typing import Any

from parlour import records
from parlour.errors import ParlourError, RecordError


def outcome(game: Any, seat: int, how: str, what: Any) -> str:
    """What a step did: ``"ok"`` or the parlour error it raised (type and
    text). ``what`` is an action text, an action id (``how == "id"``) or an
    action."""
    try:
        game.apply(seat, game.action_from_id(what, seat) if how == "id" else what)
    except ParlourError as exc:
        return f"{type(exc).__name__}: {exc}"
    return "ok"


def damage(data: Any, rng: random.Random, junk: tuple[Any, ...]) -> Any:
    """``data`` (a record's JSON value) with one value somewhere in it
    replaced by one of ``junk``."""
    path: list[Any] = []
    node = data
    while isinstance(node, (dict, list)) and node and rng.random() < 0.8:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append(key)
        node = node[key]
    if not path:
        return data
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = rng.choice(junk)
    return data


def check_record(game_class: Any, record: Any, rng: random.Random, junk: tuple[Any, ...]) -> None:
    """The record replays; a damaged one (its digest made to match, so that
    the check reaches the rules, deal and actions) replays or is refused
    with ``RecordError``."""
    assert game_class.from_record(record).record() == record
    bad = damage(copy.deepcopy(record), rng, junk)
    if isinstance(bad, dict):
        bad.pop("digest", None)
        with contextlib.suppress(RecordError, TypeError, ValueError):
            bad["digest"] = records.digest(bad)
    with contextlib.suppress(RecordError):
        game_class.from_record(bad)


def check_saved_states(
    data: bytes,
    raw: bytes,
    *,
    rng: random.Random,
    from_bytes: Callable[[bytes], Any],
    edited: Callable[[bytes, random.Random], bytes],
    play_out: Callable[[Any, random.Random], None],
    flips: int = 8,
    recheck: bool = False,
) -> None:
    """Saved C states: ``raw`` (a live game's state) edited in ways that keep
    it valid must be accepted and safe to play on; the fuzz input itself
    read as a state, and ``raw`` with bytes flipped, must be refused with
    ``ValueError`` or be safe to play on (``recheck``: and pass the state's
    own ``check()`` again first)."""
    size = len(raw)
    blob = (data * (size // len(data) + 1))[:size]
    damaged = bytearray(raw)
    for byte in data[:flips]:
        damaged[rng.randrange(size)] ^= byte or 1
    play_out(from_bytes(edited(raw, rng)), rng)  # valid, so accepted
    for candidate in (blob, bytes(damaged)):
        try:
            state = from_bytes(candidate)
        except ValueError:
            continue
        if recheck:
            assert state.check() == 0
        play_out(state, rng)
