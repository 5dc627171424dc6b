"""``parlour-wire/1``: the games as JSON lines, for front ends and for bots
in any language (:doc:`/wire`).

* :class:`Table` keeps a game and each seat's and each spectator's stream
  of messages, redacted to what the viewer may know, numbered for
  reconnects;
* :class:`ProcessBot` plays a seat by an external program speaking the
  protocol on its standard input and output; :func:`bot_from_spec` builds
  one from ``"cmd:COMMAND"``;
* :func:`localise` adds display fields in a locale (``"en"``, ``"zh"``):
  the readings of actions, hidden moves and payments from the game's names
  catalogue;
* :func:`schema` is the JSON Schema every message follows (shipped as
  ``parlour-wire-1.schema.json``).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from parlour.errors import WireError
from parlour.wire.display import localise
from parlour.wire.messages import PROTOCOL, decode, encode, fold, legal_entries, read_reply
from parlour.wire.process import ProcessBot, bot_from_spec, play
from parlour.wire.table import Table, public_view

__all__ = [
    "PROTOCOL",
    "SCHEMA_FILE",
    "ProcessBot",
    "Table",
    "WireError",
    "bot_from_spec",
    "decode",
    "encode",
    "fold",
    "legal_entries",
    "localise",
    "play",
    "public_view",
    "read_reply",
    "schema",
]

#: The schema's file name in the package.
SCHEMA_FILE = "parlour-wire-1.schema.json"


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every ``parlour-wire/1`` message.

    >>> schema()["$id"].endswith("parlour-wire-1.schema.json")
    True
    """
    text = resources.files(__name__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
