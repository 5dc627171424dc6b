"""The exceptions of parlour: one ``ValueError`` subclass per kind of failure."""

from __future__ import annotations

__all__ = ["ParlourError", "NotationError", "IllegalActionError", "RecordError", "WireError"]


class ParlourError(ValueError):
    """Base class of every error parlour raises for bad input."""


class NotationError(ParlourError):
    """Text that is not valid notation for a tile, card, hand or action.

    >>> from parlour.errors import NotationError
    >>> issubclass(NotationError, ValueError)
    True
    """


class IllegalActionError(ParlourError):
    """An action that the game does not allow now; the game is left unchanged."""


class RecordError(ParlourError):
    """A game record that is malformed, of another version, or does not replay."""


class WireError(ParlourError):
    """A ``parlour-wire/1`` message that is malformed or names no legal
    action, or a bot process that broke the protocol (see :doc:`/wire`)."""
