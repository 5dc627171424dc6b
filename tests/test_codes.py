"""The code tables of csrc/*_codes.def: the generated Python modules are
up to date, and the C preprocessor reads the same rows as the generator."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import gencodes  # noqa: E402

DEFS = sorted((ROOT / "csrc").glob("*_codes.def"))


def test_there_are_tables() -> None:
    assert DEFS, "no csrc/*_codes.def"


def test_generated_modules_are_up_to_date() -> None:
    for target, text in gencodes.outputs().items():
        assert target.exists(), f"{target} is missing: run python tools/gencodes.py"
        assert target.read_text() == text, f"{target} is stale: run python tools/gencodes.py"


@pytest.mark.parametrize("path", DEFS, ids=lambda p: p.name)
def test_python_module_has_every_row(path: Path) -> None:
    module = importlib.import_module("parlour._codes." + path.name.removesuffix("_codes.def"))
    for group, rows in gencodes.read_def(path).items():
        name = group.removeprefix("PARLOUR_")
        assert getattr(module, name) == tuple(rows)
        for row in rows:
            assert getattr(module, f"{name}_{row[0]}") == row[1]


@pytest.mark.parametrize("path", DEFS, ids=lambda p: p.name)
def test_c_preprocessor_sees_the_same_rows(path: Path) -> None:
    import cbuild

    groups = gencodes.read_def(path)
    # Each group's macro prints its row on a marked line, so whatever the C
    # preprocessor would hide or add (an #if, a continued line) shows up.
    probe = "".join(f"#define {g}(...) @ {g} __VA_ARGS__\n" for g in groups)
    probe += f'#include "{path.name}"\n'
    out = subprocess.run(
        [cbuild.compiler(), "-E", "-P", "-x", "c", f"-I{path.parent}", "-"],
        input=probe,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    seen: dict[str, list[tuple[object, ...]]] = {}
    for line in out.splitlines():
        if line.startswith("@ "):
            group, _, args = line[2:].partition(" ")
            seen.setdefault(group, []).append(gencodes._args(args, path.name))
    assert seen == groups


@pytest.mark.parametrize("path", DEFS, ids=lambda p: p.name)
def test_every_row_is_a_c_constant_of_its_code(path: Path) -> None:
    import cbuild

    # The integer constants cffi read from csrc/parlour.h: a header that
    # makes its enum from the table has PARLOUR_<GROUP>_<ID> = CODE per row.
    lib = cbuild.ffi().dlopen(None)
    wrong = []
    for group, rows in gencodes.read_def(path).items():
        for row in rows:
            name = f"{group}_{row[0]}"
            got = getattr(lib, name, None)
            if got != row[1]:
                wrong.append(f"{name} is {got}, the table says {row[1]}")
    assert wrong == []


def test_reader_refuses_a_bad_row(tmp_path: Path) -> None:
    bad = tmp_path / "bad_codes.def"
    bad.write_text("PARLOUR_X(ONE, 1)\nPARLOUR_X(ONE, 2)\n")
    with pytest.raises(SystemExit, match="twice"):
        gencodes.read_def(bad)
    bad.write_text('PARLOUR_X("one", 1)\n')
    with pytest.raises(SystemExit, match="ID, CODE"):
        gencodes.read_def(bad)
