"""Building the C core outside Python for the tests that call it directly,
and reading its declarations from the headers (there is no copy of them in
the tests: a change to csrc/*.h reaches every cffi test)."""

from __future__ import annotations

import ast
import functools
import hashlib
import operator
import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
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


# Each csrc/*.c is compiled once per content and flags into a cache shared by
# the test processes (pytest-xdist workers included), then linked: half a
# dozen tests need the whole core, and compiling it is most of their time.
_FLAGS = ("-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", "-fPIC")


@functools.cache
def _toolchain() -> str:
    cc = compiler()
    version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout
    return f"{cc}\n{version}"


@functools.cache
def _headers_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted([*CSRC.glob("*.h"), *CSRC.glob("*.def")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _object(source: Path) -> Path:
    """``source`` compiled with :data:`_FLAGS`, from the cache if there."""
    key = hashlib.sha256(
        "\0".join([_toolchain(), " ".join(_FLAGS), _headers_digest()]).encode()
        + source.read_bytes()
    ).hexdigest()[:24]
    cache = Path(tempfile.gettempdir()) / f"parlour-cbuild-{os.getuid()}"
    cache.mkdir(exist_ok=True)
    obj = cache / f"{source.stem}-{key}.o"
    if not obj.exists():
        # Another process may compile the same file at the same time: each
        # writes its own file and the rename that publishes it is atomic.
        fd, tmp = tempfile.mkstemp(suffix=".o", dir=cache)
        os.close(fd)
        try:
            cmd = [compiler(), *_FLAGS, f"-I{CSRC}", "-c", str(source), "-o", tmp]
            subprocess.run(cmd, check=True)
            os.replace(tmp, obj)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    return obj


def _objects(sources: list[Path]) -> list[str]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        return [str(o) for o in pool.map(_object, sources)]


def build_library(out_dir: Path, sources: list[str] | None = None) -> Path:
    """Link ``sources`` (default: every csrc/*.c) into a shared library in ``out_dir``."""
    files = sorted(CSRC.glob("*.c")) if sources is None else [CSRC / s for s in sources]
    out = out_dir / "libparlour.so"
    subprocess.run([compiler(), "-shared", *_objects(files), "-o", str(out), "-lm"], check=True)
    return out


def load_library(out_dir: Path, sources: list[str] | None = None) -> tuple[Any, Any]:
    """Compile ``sources`` (default: every csrc/*.c) into a shared library in
    ``out_dir`` and open it through cffi with the declarations of the headers
    (a function is looked up when first used, so a library built from some
    of the sources serves the tests of those)."""
    lib_ffi = ffi()
    return lib_ffi, lib_ffi.dlopen(str(build_library(out_dir, sources)))


def build_program(source: str, out: Path) -> Path:
    """Compile the C program ``csrc/tests/<source>``, linked with every csrc/*.c, into ``out``."""
    program = _objects([CSRC / "tests" / source])
    core = _objects(sorted(CSRC.glob("*.c")))
    subprocess.run([compiler(), *program, *core, "-o", str(out), "-lm"], check=True)
    return out
