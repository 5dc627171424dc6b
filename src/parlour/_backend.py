"""Chooses the evaluation backend: the compiled ``_core`` or the ``_pure`` twin.

``PARLOUR_BACKEND=c`` forces the compiled module (ImportError if it is
missing), ``PARLOUR_BACKEND=python`` forces the pure-Python twin; unset, the
compiled module is used when it imports. Both modules define the same names
with the same results.

Public modules that bind backend functions to their own names register a
rebinder with :func:`bind`, so :func:`use` (for tests and comparisons) can
switch every public name at once.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Literal

BackendName = Literal["c", "python"]

__all__ = ["BackendName", "available", "bind", "current", "impl", "load", "use"]


def load(name: BackendName) -> ModuleType:
    """Import and return the backend module called ``name``."""
    if name == "c":
        try:
            return importlib.import_module("parlour._core")
        except ImportError as exc:
            raise ImportError(
                "the compiled backend parlour._core is not available "
                f"(built without a C compiler?): {exc}"
            ) from exc
    if name == "python":
        return importlib.import_module("parlour._pure")
    raise ImportError(f"unknown parlour backend {name!r}; use 'c' or 'python'")


def _initial() -> tuple[BackendName, ModuleType]:
    wanted = os.environ.get("PARLOUR_BACKEND", "").strip().lower()
    if wanted == "c":
        return "c", load("c")
    if wanted == "python":
        return "python", load("python")
    if wanted:
        raise ImportError(f"PARLOUR_BACKEND must be 'c' or 'python', not {wanted!r}")
    try:
        return "c", load("c")
    except ImportError:
        return "python", load("python")


_name, impl = _initial()
_rebinders: list[Callable[[ModuleType], None]] = []


def current() -> BackendName:
    """The name of the live backend."""
    return _name


def available() -> tuple[BackendName, ...]:
    """The backends that import on this installation."""
    names: list[BackendName] = []
    candidates: tuple[BackendName, ...] = ("c", "python")
    for name in candidates:
        try:
            load(name)
        except ImportError:
            continue
        names.append(name)
    return tuple(names)


def bind(rebinder: Callable[[ModuleType], None]) -> None:
    """Register ``rebinder(module)`` and call it with the live backend."""
    _rebinders.append(rebinder)
    rebinder(impl)


@contextmanager
def use(name: BackendName) -> Iterator[ModuleType]:
    """Switch every bound public name to backend ``name`` for a ``with`` block."""
    global _name, impl
    old_name, old_impl = _name, impl
    new = load(name)
    _name, impl = name, new
    for rebinder in _rebinders:
        rebinder(new)
    try:
        yield new
    finally:
        _name, impl = old_name, old_impl
        for rebinder in _rebinders:
            rebinder(old_impl)
