"""Pure-Python twin of the library-wide C functions."""

from __future__ import annotations

from parlour._codes import common as _codes

__all__ = ["ABI_VERSION", "abi_version", "error", "strerror"]

#: Must equal ``PARLOUR_ABI_VERSION`` in ``csrc/parlour.h``.
ABI_VERSION = 2

_TEXTS = {code: text for _id, code, text in _codes.E}


def abi_version() -> int:
    """The ABI version of the C core this module mirrors."""
    return ABI_VERSION


def strerror(status: int) -> str:
    """The message of a status code, as ``parlour_strerror`` gives it."""
    if status >= 0:
        return _codes.MESSAGE_NAMES[_codes.MESSAGE_OK]
    return _TEXTS.get(status, _codes.MESSAGE_NAMES[_codes.MESSAGE_UNKNOWN])


def error(status: int) -> ValueError:
    """The ``ValueError`` the compiled binding raises for a negative status."""
    return ValueError(strerror(status))
