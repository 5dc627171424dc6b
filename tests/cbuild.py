"""Building the C core outside Python for the tests that call it directly."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

CSRC = Path(__file__).resolve().parent.parent / "csrc"


def compiler() -> str:
    """The C compiler, or skip: the C ABI tests need one (wheels tested without)."""
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler on this machine (the C ABI tests need one)")
    return cc


def load_library(out_dir: Path, cdef: str, sources: list[str] | None = None) -> tuple[Any, Any]:
    """Compile ``sources`` (default: every csrc/*.c) into a shared library in
    ``out_dir`` and open it through cffi with the declarations ``cdef``."""
    cffi = pytest.importorskip("cffi")
    files = (
        sorted(str(p) for p in CSRC.glob("*.c"))
        if sources is None
        else [str(CSRC / s) for s in sources]
    )
    out = out_dir / "libparlour.so"
    cmd = [compiler(), "-std=c99", "-O2", "-shared", "-fPIC", f"-I{CSRC}", *files, "-o", str(out)]
    subprocess.run(cmd, check=True)
    ffi = cffi.FFI()
    ffi.cdef(cdef)
    return ffi, ffi.dlopen(str(out))


def build_program(source: str, out: Path) -> Path:
    """Compile the C program ``csrc/tests/<source>`` with every csrc/*.c into ``out``."""
    files = sorted(str(p) for p in CSRC.glob("*.c"))
    cmd = [compiler(), "-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", f"-I{CSRC}"]
    subprocess.run([*cmd, str(CSRC / "tests" / source), *files, "-o", str(out)], check=True)
    return out
