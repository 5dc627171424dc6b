"""Pure-Python twin of the library-wide C functions."""

from __future__ import annotations

#: Must equal ``PARLOUR_ABI_VERSION`` in ``csrc/parlour.h``.
ABI_VERSION = 2


def abi_version() -> int:
    """The ABI version of the C core this module mirrors."""
    return ABI_VERSION
