"""docs/check_inventory.py, the check .ci/run makes on the built docs'
objects.inv, run here on small inventories written by hand (the README's
test run installs no Sphinx)."""

from __future__ import annotations

import importlib.util
import zlib
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "docs" / "check_inventory.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_inventory", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _inventory(path: Path, entries: list[str]) -> Path:
    # The layout Sphinx writes: four header lines, then the zlib-compressed
    # entries "name domain:role priority uri dispname".
    header = (
        b"# Sphinx inventory version 2\n# Project: parlour\n# Version: 0\n"
        b"# The remainder of this file is compressed using zlib.\n"
    )
    path.write_bytes(header + zlib.compress("".join(e + "\n" for e in entries).encode()))
    return path


CLEAN = [
    "parlour.sichuan py:module 0 api/sichuan.html#module-$ -",
    "parlour.sichuan.batch.shanten py:function 1 api/sichuan.html#$ -",
    "parlour.sisepai.Hand.__len__ py:method 1 api/sisepai.html#$ -",
    "api/sichuan std:doc -1 api/sichuan.html parlour.sichuan \u2014 hand evaluation",
    "a label with spaces std:label -1 index.html#x A label",
]


def test_a_clean_inventory_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _inventory(tmp_path / "objects.inv", CLEAN)
    assert _script().main([str(path)]) == 0
    assert "3 Python names, none doubled" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            "parlour.sichuan.batch.parlour.sichuan.batch.shanten py:function 1 api/s.html#$ -",
            "parlour.sichuan.batch.parlour.sichuan.batch.shanten (py:function): doubled module",
        ),
        (
            "parlour.sisepai.evaluate.parlour.sisepai.best_groups py:function 1 api/s.html#$ -",
            "doubled module path",
        ),
        (
            "parlour._pure.sisepai.sisepai_batch_is_complete py:function 1 api/s.html#$ -",
            "public name under the private module _pure",
        ),
        ("parlour._backend py:module 0 api/core.html#module-$ -", "private module _backend"),
        ("parlour.cli._Progress.total py:attribute 1 api/c.html#$ -", "private module _Progress"),
    ],
)
def test_a_bad_name_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, message: str
) -> None:
    path = _inventory(tmp_path / "objects.inv", [*CLEAN, entry])
    assert _script().main([str(path)]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1


def test_not_an_inventory_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "objects.inv"
    bad.write_bytes(b"<html>not found</html>\n")
    assert _script().main([str(bad)]) == 1
    assert "not a Sphinx inventory" in capsys.readouterr().err
    assert _script().main([str(tmp_path / "missing.inv")]) == 1
    empty = _inventory(tmp_path / "empty.inv", CLEAN[3:])
    assert _script().main([str(empty)]) == 1
    assert "no Python names" in capsys.readouterr().err
