"""Every docstring example in the package runs, in its module's namespace."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import parlour

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(parlour.__path__, "parlour.")
    if name not in ("parlour.__main__", "parlour._core")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
