"""The Sichuan observation encoder's SSE2 path where the CPU would take the
AVX2 one: csrc/sichuan_obs.c chooses its row writers once per process (AVX2
when the CPU has it, unless PARLOUR_SG_OBS_SIMD=sse2), so the C-against-
Python comparisons of tests/test_learning_sichuan.py run again here in a
process started with the SSE2 path forced. (In this process, and in the
rest of the suite, the encoder takes the CPU's default path.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from parlour import _backend

HERE = Path(__file__).resolve().parent


@pytest.mark.skipif("c" not in _backend.available(), reason="needs the C backend")
def test_the_sse2_path_gives_the_python_encoders_planes() -> None:
    env = dict(os.environ, PARLOUR_SG_OBS_SIMD="sse2")
    selected = (
        "engines_give_the_same_masks_and_arrays or planes_of or exchange_planes"
        " or pung_planes or c_encoders_refuse"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-n0",
            "-p",
            "no:cacheprovider",
            str(HERE / "test_learning_sichuan.py"),
            "-k",
            selected,
        ],
        env=env,
        cwd=HERE.parent,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert " passed" in run.stdout and "failed" not in run.stdout
