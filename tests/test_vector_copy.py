"""A VectorGame is not copied or pickled: each way says so plainly.

Its tables live in C (or in the pure twin's objects) and are rewritten in
place; a shallow copy used to share them between two objects, and a deep
copy or pickle failed with messages about Cython or local lambdas.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from parlour import _backend
from parlour.vector import GAMES, VectorGame

WAYS: dict[str, Callable[[Any], Any]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": pickle.dumps,
}


@pytest.mark.parametrize("backend", _backend.available())
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("way", WAYS)
def test_copying_raises_a_clear_error(backend: str, name: str, way: str) -> None:
    with _backend.use(backend):
        env = VectorGame(name, 2, seed=3)
        obs, _mask, _to_act = env.reset()
        before = obs.copy()
        with pytest.raises(TypeError, match="cannot be copied or pickled"):
            WAYS[way](env)
        assert (env.reset()[0] == before).all()
