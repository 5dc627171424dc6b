"""Pure-Python twin of the sisepai part of the C core (same names as in _core)."""

from __future__ import annotations

__all__: list[str] = []
