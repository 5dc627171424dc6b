"""Shared fixtures: both backends, hypothesis profiles."""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

from parlour import _backend

# The backend fixture switches module-level names for the whole test, so it is
# safe to share between hypothesis examples.
_SHARED = [HealthCheck.function_scoped_fixture]
settings.register_profile("dev", max_examples=50, deadline=None, suppress_health_check=_SHARED)
# CI is derandomized so that a run is repeatable; "thorough" explores anew.
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[*_SHARED, HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=5000, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

BACKENDS = _backend.available()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> Iterator[ModuleType]:
    """Run the test once per available backend, with every public name switched.

    Yields the backend module (``parlour._core`` or ``parlour._pure``).
    """
    with _backend.use(request.param) as module:
        yield module


@pytest.fixture(scope="session")
def c_backend() -> ModuleType:
    """The compiled backend; the test is skipped only where it was not built."""
    if "c" not in BACKENDS:
        pytest.skip("the C extension is not built here")
    return _backend.load("c")


@pytest.fixture(scope="session")
def py_backend() -> ModuleType:
    """The pure-Python twin."""
    return _backend.load("python")
