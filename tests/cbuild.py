"""Building the C core outside Python for the tests that call it directly,
and reading its declarations from the headers (there is no copy of them in
the tests: a change to csrc/*.h reaches every cffi test)."""

from __future__ import annotations

import ast
import functools
import operator
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

CSRC = Path(__file__).resolve().parent.parent / "csrc"
HEADER = CSRC / "parlour.h"


def compiler() -> str:
    """The C compiler, or skip: the C ABI tests need one (wheels tested without)."""
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        # Also at import: test modules read struct layouts from the headers.
        pytest.skip(
            "no C compiler on this machine (the C ABI tests need one)", allow_module_level=True
        )
    return cc


# The system headers are replaced by empty ones: cffi knows the <stdint.h>
# and <stddef.h> types already, and pycparser (under cffi) cannot parse the
# compiler extensions real system headers carry. The *_C macros are given so
# that constants built with them expand to plain numbers.
_FAKE_STDINT = (
    "".join(f"#define {t}_C(x) x\n" for t in ("INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16"))
    + "#define UINT32_C(x) x\n#define UINT64_C(x) x\n"
)

# Extensions a future header might use, defined away for pycparser.
_EXTENSIONS = ["-D__attribute__(x)=", "-D__extension__=", "-D__restrict=", "-D__inline="]

_BINOPS: dict[type, Any] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
    ast.BitXor: operator.xor,
}
_UNOPS: dict[type, Any] = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.inv}


def _int_value(expr: str) -> int | None:
    """The value of an integer constant expression as the headers write them
    (``(-1)``, ``1953125u``, ``(1u << 4)``), or None if it is not one."""
    text = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", expr)

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            return int(_BINOPS[type(node.op)](value(node.left), value(node.right)))
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNOPS:
            return int(_UNOPS[type(node.op)](value(node.operand)))
        raise ValueError(ast.dump(node))

    try:
        return value(ast.parse(text.strip(), mode="eval").body)
    except (SyntaxError, ValueError):
        return None


def _preprocess(*flags: str, source: str | None = None) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        fake = Path(tmp)
        (fake / "stddef.h").write_text("")
        (fake / "stdint.h").write_text(_FAKE_STDINT)
        src = HEADER
        if source is not None:
            src = fake / "probe.h"
            src.write_text(source)
        cmd = [compiler(), "-E", "-P", "-x", "c", "-undef", "-nostdinc", *_EXTENSIONS]
        cmd += [f"-I{fake}", f"-I{CSRC}", *flags, str(src)]
        return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


@functools.cache
def constants() -> dict[str, int]:
    """Every integer ``PARLOUR_*`` macro of csrc/parlour.h and its value."""
    names = sorted(
        m.group(1)
        for m in re.finditer(r"^#define (PARLOUR_\w+) \S", _preprocess("-dM"), re.MULTILINE)
    )
    # Expanded by the preprocessor itself, so macros built from macros work;
    # one marked line per name, in order.
    probe = '#include "parlour.h"\n' + "".join(f"@ {n}\n" for n in names)
    lines = [line[2:] for line in _preprocess(source=probe).splitlines() if line.startswith("@ ")]
    values = {name: _int_value(text) for name, text in zip(names, lines, strict=True)}
    return {name: value for name, value in values.items() if value is not None}


@functools.cache
def declarations() -> str:
    """csrc/parlour.h as ``ffi.cdef`` takes it: the declarations as the C
    preprocessor leaves them (include guards and ``extern "C"`` resolved,
    array sizes expanded), after the integer macros as ``#define`` lines."""
    defines = "".join(f"#define {n} {v}\n" for n, v in constants().items())
    return defines + _preprocess()


@functools.cache
def functions() -> dict[str, int]:
    """Every function csrc/parlour.h declares, with its number of parameters."""
    from pycparser import c_ast, c_parser

    prelude = "".join(
        f"typedef int {t};\n"
        for t in ["size_t"] + [f"{u}int{n}_t" for u in ("", "u") for n in (8, 16, 32, 64)]
    )
    tree = c_parser.CParser().parse(prelude + _preprocess())
    found: dict[str, int] = {}
    for decl in tree.ext:
        if isinstance(decl, c_ast.Decl) and isinstance(decl.type, c_ast.FuncDecl):
            params = decl.type.args.params if decl.type.args is not None else []
            void = (
                len(params) == 1
                and isinstance(params[0], c_ast.Typename)
                and isinstance(params[0].type, c_ast.TypeDecl)
                and getattr(params[0].type.type, "names", None) == ["void"]
            )
            found[decl.name] = 0 if void else len(params)
    return found


def ffi() -> Any:
    """A cffi FFI that knows every declaration of csrc/parlour.h (for struct
    layouts, no library needed)."""
    cffi = pytest.importorskip("cffi")
    result = cffi.FFI()
    result.cdef(declarations())
    return result


def build_library(out_dir: Path, sources: list[str] | None = None) -> Path:
    """Compile ``sources`` (default: every csrc/*.c) into a shared library in ``out_dir``."""
    files = (
        sorted(str(p) for p in CSRC.glob("*.c"))
        if sources is None
        else [str(CSRC / s) for s in sources]
    )
    out = out_dir / "libparlour.so"
    cmd = [compiler(), "-std=c99", "-O2", "-shared", "-fPIC", f"-I{CSRC}", *files, "-o", str(out)]
    subprocess.run(cmd, check=True)
    return out


def load_library(out_dir: Path, sources: list[str] | None = None) -> tuple[Any, Any]:
    """Compile ``sources`` (default: every csrc/*.c) into a shared library in
    ``out_dir`` and open it through cffi with the declarations of the headers
    (a function is looked up when first used, so a library built from some
    of the sources serves the tests of those)."""
    lib_ffi = ffi()
    return lib_ffi, lib_ffi.dlopen(str(build_library(out_dir, sources)))


def build_program(source: str, out: Path) -> Path:
    """Compile the C program ``csrc/tests/<source>`` with every csrc/*.c into ``out``."""
    files = sorted(str(p) for p in CSRC.glob("*.c"))
    cmd = [compiler(), "-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", f"-I{CSRC}"]
    subprocess.run([*cmd, str(CSRC / "tests" / source), *files, "-o", str(out)], check=True)
    return out
