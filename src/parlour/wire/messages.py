"""The messages of ``parlour-wire/1``: building, encoding and reading them.

Every message is a JSON object on one line (UTF-8, ``\\n`` at the end) with
a ``"type"``; the messages parlour sends also carry ``"v":
"parlour-wire/1"``. :doc:`/wire` describes each type and field.

>>> line = encode({"type": "action", "id": 3})
>>> line
b'{"type":"action","id":3}\\n'
>>> decode(line)
{'type': 'action', 'id': 3}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from parlour.errors import WireError
from parlour.protocol import Action, Result

__all__ = [
    "PROTOCOL",
    "decode",
    "encode",
    "fold",
    "legal_entries",
    "read_reply",
]

#: The protocol's name and version, the ``"v"`` of every message parlour sends.
PROTOCOL = "parlour-wire/1"

#: The longest line parlour reads from a client (a reply is a few dozen bytes).
MAX_LINE = 1 << 16


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A message of type ``kind`` with the protocol version and ``fields``."""
    return {"type": kind, "v": PROTOCOL, **fields}


def encode(msg: Mapping[str, Any]) -> bytes:
    """One message as a line of UTF-8 JSON, newline included."""
    return (json.dumps(msg, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def decode(line: bytes | str) -> dict[str, Any]:
    """The message a line holds; :class:`~parlour.errors.WireError` if the
    line is not one JSON object with a string ``"type"``."""
    if isinstance(line, bytes):
        if len(line) > MAX_LINE:
            raise WireError(f"a line of {len(line)} bytes is longer than {MAX_LINE}")
        try:
            line = line.decode()
        except UnicodeDecodeError as exc:
            raise WireError(f"a line that is not UTF-8: {exc}") from None
    try:
        msg = json.loads(line)
    except ValueError as exc:
        raise WireError(f"a line that is not JSON ({exc}): {line.strip()[:80]!r}") from None
    if not isinstance(msg, dict):
        raise WireError(f"a message is a JSON object, not {line.strip()[:80]!r}")
    if not isinstance(msg.get("type"), str):
        raise WireError(f"a message without a string type: {line.strip()[:80]!r}")
    return msg


def legal_entries(
    legal: Sequence[Action], action_id: Callable[[Action], int], label: Callable[[Action], str]
) -> list[dict[str, Any]]:
    """The ``legal`` list of a request: each id once, with its text, in the
    order of ``legal`` (Sichuan copies of one tile kind share an id and a
    text: to a player they are one choice)."""
    out: list[dict[str, Any]] = []
    seen: set[int] = set()
    for a in legal:
        i = action_id(a)
        if i not in seen:
            seen.add(i)
            out.append({"id": i, "text": label(a)})
    return out


def read_reply(
    msg: Mapping[str, Any],
    legal: Sequence[Action],
    action_id: Callable[[Action], int],
    label: Callable[[Action], str],
    parse: Callable[[str], Action] | None = None,
) -> Action:
    """The legal action a reply names.

    A reply is ``{"type": "action", "id": N}`` or ``{"type": "action",
    "text": "discard 5m"}``: an id of the request's ``legal`` list, or the
    text of an action (as listed, its full notation, or any notation
    ``parse`` reads to a legal action: give the game's ``parse_action`` in
    the state the request was made in). Several legal actions of one id
    stand for one choice; the first in ``legal`` is taken. Raises
    :class:`~parlour.errors.WireError` saying what is wrong.
    """
    if msg.get("type") != "action":
        raise WireError(f"expected an action reply, got a message of type {msg.get('type')!r}")
    has_id, has_text = "id" in msg, "text" in msg
    if has_id == has_text:
        raise WireError("an action reply holds exactly one of id and text")
    if has_id:
        i = msg["id"]
        if not isinstance(i, int) or isinstance(i, bool):
            raise WireError(f"an action id is an integer, not {i!r}")
        for a in legal:
            if action_id(a) == i:
                return a
        raise WireError(f"action id {i} is not among the legal ids")
    text = msg["text"]
    if not isinstance(text, str):
        raise WireError(f"an action text is a string, not {text!r}")
    wanted = " ".join(text.split())
    for a in legal:
        if str(a) == wanted or label(a) == wanted:
            return a
    if parse is not None:
        try:
            parsed = parse(wanted)
        except ValueError as exc:
            raise WireError(f"action text {text!r}: {exc}") from None
        if parsed in legal:
            return parsed
    raise WireError(f"action text {text!r} names no legal action")


def result_fields(result: Result) -> dict[str, Any]:
    """The ``result`` of an ``end`` message: scores, winners, the ledger of
    payments (``[payer, payee, amount, reason]`` each) and the game's details."""
    return result.to_dict()


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``after`` that are new or differ from ``before``."""
    return {k: v for k, v in after.items() if k not in before or before[k] != v}


def fold(
    events: Sequence[Mapping[str, Any]], start: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The view ``events`` build, applied in order to ``start`` (a
    snapshot's ``observation``; an empty view when ``None``): each event's
    ``changes`` set fields, its ``removed`` drops them.

    >>> fold([{"changes": {"a": 1, "b": 2}}, {"changes": {"a": 3}, "removed": ["b"]}])
    {'a': 3}
    """
    view = dict(start or {})
    for event in events:
        view.update(event.get("changes", {}))
        for key in event.get("removed", ()):
            view.pop(key, None)
    return view
