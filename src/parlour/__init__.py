"""parlour: rules engines and fast hand evaluators for four tile and card games.

>>> import parlour
>>> parlour.backend in ("c", "python")
True

The games are in a registry (:mod:`parlour.registry`): every face of
parlour, and any program, finds them there, each with its spec.

>>> parlour.games()
('ninedomains', 'shrinewars', 'sichuan', 'sisepai')
>>> [parlour.spec(name).title for name in parlour.games()]
['The Nine Domains', 'Shrine Wars', 'Sichuan', 'Si Se Pai']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour._version import __version__
from parlour.errors import IllegalActionError, NotationError, ParlourError, RecordError, WireError
from parlour.protocol import (
    RECORD_FORMAT,
    Action,
    Bot,
    Game,
    Observation,
    Payment,
    Result,
    Rules,
    play,
)
from parlour.registry import GameSpec, game_class, games, make, register, spec

if TYPE_CHECKING:
    from parlour.simulation import simulate

__all__ = [
    "RECORD_FORMAT",
    "Action",
    "Bot",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "NotationError",
    "Observation",
    "ParlourError",
    "Payment",
    "RecordError",
    "Result",
    "Rules",
    "WireError",
    "__version__",
    "backend",
    "game_class",
    "games",
    "make",
    "play",
    "register",
    "simulate",
    "spec",
]


def __getattr__(name: str) -> Any:
    # The live backend can change under parlour._backend.use(), so read it on access.
    if name == "backend":
        from parlour import _backend

        return _backend.current()
    if name == "simulate":
        # Imported on first use so that ``import parlour`` stays cheap.
        from parlour.simulation import simulate

        return simulate
    raise AttributeError(f"module 'parlour' has no attribute {name!r}")
