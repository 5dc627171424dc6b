"""A module proxy that imports on first attribute access.

numpy costs more to import than the rest of parlour; the pure-Python twins
need it only in their batch calls, so they reach it through this proxy.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["LazyModule", "numpy"]


class LazyModule:
    """Stands for the module ``name`` and imports it when first used."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return getattr(self._module, attr)


numpy = LazyModule("numpy")
