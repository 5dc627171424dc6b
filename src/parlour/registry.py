"""The game registry: ``parlour.make("sichuan", seed=1)``.

Games are registered by import path so that ``import parlour`` stays cheap;
a game's module is imported the first time it is made.
"""

from __future__ import annotations

import importlib
from typing import Any

from parlour.protocol import Game

__all__ = ["game_class", "games", "make", "register"]

_GAMES: dict[str, str] = {
    "sichuan": "parlour.sichuan:Game",
    "sisepai": "parlour.sisepai:Game",
    "shrinewars": "parlour.shrinewars:Game",
    "ninedomains": "parlour.ninedomains:Game",
}


def register(name: str, target: str | type[Game]) -> None:
    """Register a game class (or its ``"module:Class"`` path) under ``name``."""
    if isinstance(target, str):
        _GAMES[name] = target
    else:
        _GAMES[name] = f"{target.__module__}:{target.__qualname__}"


def games() -> tuple[str, ...]:
    """Names of the registered games whose modules import."""
    found = []
    for name in sorted(_GAMES):
        try:
            game_class(name)
        except (ImportError, AttributeError):
            continue
        found.append(name)
    return tuple(found)


def game_class(name: str) -> type[Game]:
    """The game class registered as ``name``; ``KeyError`` if unknown."""
    try:
        path = _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {sorted(_GAMES)}") from None
    module_name, _, attr = path.partition(":")
    cls = getattr(importlib.import_module(module_name), attr)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"{path} is not a parlour Game")
    return cls


def make(name: str, *args: Any, **kwargs: Any) -> Game:
    """Construct the game registered as ``name`` with the given arguments.

    >>> import parlour
    >>> "sichuan" in parlour.registry._GAMES
    True
    """
    return game_class(name)(*args, **kwargs)
