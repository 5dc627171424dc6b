"""The C declarations are written once, in csrc/*.h; what else names them is
checked against the headers here: the library's exported functions, and the
Cython binding's ``cdef extern from "parlour.h"`` blocks (names, argument
counts, constants, struct fields and their types). The cffi tests read the
headers themselves (tests/cbuild.py)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import cbuild

cffi = pytest.importorskip("cffi")

BINDING = Path(__file__).resolve().parent.parent / "src" / "parlour"


@dataclass
class Extern:
    """What the extern blocks of one binding file declare."""

    functions: dict[str, int] = field(default_factory=dict)  # name -> argument count
    constants: list[str] = field(default_factory=list)
    structs: dict[str, dict[str, str]] = field(default_factory=dict)  # field -> C type


def _split_args(text: str) -> list[str]:
    """The top-level comma-separated parts of an argument list."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip() and p.strip() != "void"]


def _ctype(decl: str) -> tuple[str, str]:
    """(name, type as cffi spells it) of a Cython field like ``uint8_t tiles[4]``."""
    m = re.fullmatch(r"(.+?)\s*\b(\w+)\s*((?:\[\d+\])*)", decl.strip())
    assert m, decl
    base = re.sub(r"\bunsigned$", "unsigned int", " ".join(m.group(1).split()))
    return m.group(2), base + m.group(3)


def parse_extern_blocks(text: str) -> Extern:
    """A plain reader of ``cdef extern from "parlour.h":`` blocks (4-space
    indentation as the binding writes it; a declaration may continue over
    lines while a parenthesis is open)."""
    out = Extern()
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith('cdef extern from "parlour.h"'):
            i += 1
            continue
        i += 1
        struct: dict[str, str] | None = None
        enum = False
        while i < len(lines) and (not lines[i].strip() or lines[i].startswith(" ")):
            line = lines[i].split("#")[0].rstrip()
            i += 1
            while line.count("(") > line.count(")") and i < len(lines):
                line += " " + lines[i].strip()
                i += 1
            if not line.strip():
                continue
            if line.startswith("        ") and enum:  # an enum constant
                out.constants.append(line.strip())
                continue
            if line.startswith("        "):  # a struct field
                assert struct is not None, line
                if line.strip() != "pass":
                    name, ctype = _ctype(line)
                    struct[name] = ctype
                continue
            struct = None
            decl = line.strip()
            enum = decl == "enum:"
            if enum:
                continue
            if m := re.fullmatch(r"ctypedef struct (\w+):", decl):
                struct = out.structs.setdefault(m.group(1), {})
            elif m := re.fullmatch(
                r"[\w\s*]+?\b(\w+)\s*\((.*)\)(?:\s+(?:nogil|except\b.*))*", decl
            ):
                out.functions[m.group(1)] = len(_split_args(m.group(2)))
            elif m := re.fullmatch(r"(?:const\s+)?\w+\s+(\w+)", decl):
                out.constants.append(m.group(1))
            else:
                raise AssertionError(f"unread extern declaration: {decl!r}")
    return out


def differences(extern: Extern, ffi: Any) -> list[str]:
    """How ``extern`` differs from the headers (empty when it agrees)."""
    header = cbuild.functions()
    # The #define constants, and the enum constants the headers make from
    # the code tables (csrc/*_codes.def).
    constants = set(cbuild.constants()) | _enum_constants(ffi)
    found = []
    for name, nargs in extern.functions.items():
        if name not in header:
            found.append(f"{name}: not declared in csrc/parlour.h")
        elif header[name] != nargs:
            found.append(f"{name}: {nargs} arguments, the header has {header[name]}")
    found += [
        f"{c}: no such constant in csrc/parlour.h" for c in extern.constants if c not in constants
    ]
    for struct, fields in extern.structs.items():
        try:
            # An opaque struct (declared, never defined) has no fields.
            real = {n: f.type.cname for n, f in ffi.typeof(struct).fields or ()}
        except cffi.CDefError:
            found.append(f"{struct}: no such struct in csrc/parlour.h")
            continue
        for name, ctype in fields.items():
            if name not in real:
                found.append(f"{struct}.{name}: no such field in csrc/parlour.h")
            elif real[name] != ctype:
                found.append(f"{struct}.{name}: {ctype}, the header has {real[name]}")
    return found


def _enum_constants(ffi: Any) -> set[str]:
    # cffi gives the integer constants it knows as ints of a library
    # opened from nothing (its functions would not resolve: not read).
    lib = ffi.dlopen(None)
    return {
        name
        for name in dir(lib)
        if name.startswith("PARLOUR_") and isinstance(getattr(lib, name), int)
    }


BINDING_FILES = sorted([BINDING / "_core.pyx", *BINDING.glob("*.pxi")])


@pytest.mark.parametrize("path", BINDING_FILES, ids=lambda p: p.name)
def test_binding_extern_blocks_agree_with_the_headers(path: Path) -> None:
    extern = parse_extern_blocks(path.read_text())
    assert differences(extern, cbuild.ffi()) == []


def test_the_binding_declares_only_what_it_reads() -> None:
    # Every extern block together: something is read from each file, and the
    # functions named are a subset of the header's (none twice).
    seen: dict[str, str] = {}
    for path in BINDING_FILES:
        for name in parse_extern_blocks(path.read_text()).functions:
            assert name not in seen, f"{name} declared in {seen[name]} and {path.name}"
            seen[name] = path.name
    assert seen and set(seen) <= set(cbuild.functions())


def test_drift_is_caught() -> None:
    # The checker itself: each kind of drift, written as the binding would.
    text = """
cdef extern from "parlour.h":
    ctypedef struct parlour_sg_discard:
        uint8_t seat
        uint16_t tile
        uint8_t gone
    ctypedef struct parlour_nothing:
        pass
    int PARLOUR_SG_E_ILLEGAL
    int PARLOUR_SG_E_GONE
    enum:
        PARLOUR_SG_A_PUNG
        PARLOUR_SG_A_GONE
    int parlour_sg_apply(parlour_sg_game *g, const parlour_sc_tables *t,
                         int seat) nogil
    int parlour_sg_apply_all(parlour_sg_game *g) nogil
    size_t parlour_sg_size()
"""
    extern = parse_extern_blocks(text)
    assert extern.functions == {
        "parlour_sg_apply": 3,
        "parlour_sg_apply_all": 1,
        "parlour_sg_size": 0,
    }
    assert differences(extern, cbuild.ffi()) == [
        "parlour_sg_apply: 3 arguments, the header has 4",
        "parlour_sg_apply_all: not declared in csrc/parlour.h",
        "PARLOUR_SG_E_GONE: no such constant in csrc/parlour.h",
        "PARLOUR_SG_A_GONE: no such constant in csrc/parlour.h",
        "parlour_sg_discard.tile: uint16_t, the header has uint8_t",
        "parlour_sg_discard.gone: no such field in csrc/parlour.h",
        "parlour_nothing: no such struct in csrc/parlour.h",
    ]


def test_the_header_declares_exactly_what_the_library_exports(tmp_path: Path) -> None:
    library = cbuild.build_library(tmp_path)
    ffi = cbuild.ffi()
    lib = ffi.dlopen(str(library))
    try:
        nm = subprocess.run(
            ["nm", "-D", "--defined-only", str(library)], capture_output=True, text=True, check=True
        ).stdout
    except FileNotFoundError:
        pytest.skip("no nm on this machine")
    exported = {m.group(1) for m in re.finditer(r"\sT (parlour_\w+)$", nm, re.MULTILINE)}
    declared = cbuild.functions()
    assert exported == set(declared)
    # cffi resolves each from the header's declaration with that many arguments.
    for name, nargs in declared.items():
        assert len(ffi.typeof(getattr(lib, name)).args) == nargs, name


def test_the_constants_reach_cffi() -> None:
    # The #define constants come through (expressions included) with their values.
    ffi = cbuild.ffi()
    lib = ffi.dlopen(None)
    consts = cbuild.constants()
    assert consts["PARLOUR_SC_NO_MISSING"] == lib.PARLOUR_SC_NO_MISSING == -1
    assert consts["PARLOUR_SW_FULL_MASK"] == (1 << 36) - 1
    assert consts["PARLOUR_SC_SUIT_KEYS"] == 5**9
    # So do the enum constants the headers make from the code tables.
    assert lib.PARLOUR_E_COUNT == -2
    assert lib.PARLOUR_SC_RULE_SELF_DRAW_DOUBLES == 1 << 6
    assert consts["PARLOUR_SG_TILES"] == ffi.typeof("parlour_sg_view").fields[1][1].type.length
