"""The foundation: backends, errors, protocol pieces, CLI basics."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import parlour
from parlour import _backend


def test_version_and_backend() -> None:
    assert parlour.__version__.count(".") == 2
    assert parlour.backend in ("c", "python")
    wanted = os.environ.get("PARLOUR_BACKEND")
    if wanted:
        assert parlour.backend == wanted


def test_errors_are_value_errors() -> None:
    for err in (parlour.NotationError, parlour.IllegalActionError, parlour.RecordError):
        assert issubclass(err, ValueError)
        assert issubclass(err, parlour.ParlourError)


def test_abi_versions_agree(c_backend, py_backend) -> None:
    assert c_backend.abi_version() == py_backend.abi_version() == py_backend.ABI_VERSION


def test_backend_switch_rebinds_public_names() -> None:
    import parlour.sichuan as sc

    for name in _backend.available():
        with _backend.use(name) as module:
            assert parlour.backend == name
            # The public functions call whichever backend is live.
            assert sc.evaluate._complete_keys is module.sichuan_is_complete_keys
            assert sc.is_complete is sc.evaluate.is_complete


def test_forced_backend_env() -> None:
    code = "import parlour, parlour.sichuan; print(parlour.backend)"
    env = dict(os.environ, PARLOUR_BACKEND="python")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "python"
    env["PARLOUR_BACKEND"] = "fortran"
    bad = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert bad.returncode != 0 and "PARLOUR_BACKEND" in bad.stderr


def test_make_unknown_game() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        parlour.make("chess")


def test_cli_version() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "parlour", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == f"parlour {parlour.__version__}"


def test_cli_info() -> None:
    from parlour.cli import main

    assert main(["info"]) == 0
