"""Build of the C extension only; all metadata lives in pyproject.toml.

Environment switches:
  PARLOUR_REQUIRE_C=1   a failed C build is fatal (CI sets it); otherwise the
                        package installs with its pure-Python backend.
  PARLOUR_DEBUG=1       -O0 -g, assertions on.
  PARLOUR_SANITIZE=1    AddressSanitizer + UndefinedBehaviorSanitizer.
"""

import glob
import os
import sys

from setuptools import Extension, setup


def flag(name: str) -> bool:
    return os.environ.get(name, "").strip() not in ("", "0", "false", "no")


REQUIRE_C = flag("PARLOUR_REQUIRE_C")


def extensions() -> list:
    try:
        import numpy
        from Cython.Build import cythonize
    except ImportError as missing:
        if REQUIRE_C:
            raise
        print(
            f"parlour: {missing.name} is missing; installing the pure-Python backend only",
            file=sys.stderr,
        )
        return []
    compile_args: list = []
    link_args: list = []
    macros = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
    if sys.platform != "win32":
        compile_args += ["-std=c99"]
        if flag("PARLOUR_DEBUG") or flag("PARLOUR_SANITIZE"):
            compile_args += ["-O0", "-g", "-UNDEBUG"]
        else:
            # -g0: the interpreter's default flags add debug info, which
            # would more than double the wheel.
            compile_args += ["-O3", "-g0"]
            macros.append(("NDEBUG", "1"))
        if flag("PARLOUR_SANITIZE"):
            san = [
                "-fsanitize=address,undefined",
                "-fno-omit-frame-pointer",
                "-fno-sanitize-recover=all",
            ]
            compile_args += san
            link_args += san
    ext = Extension(
        "parlour._core",
        sources=["src/parlour/_core.pyx", *sorted(glob.glob("csrc/*.c"))],
        # numpy's headers for the array struct's inline accessors only (the
        # env observation pool): no numpy C-API table, no import at load.
        include_dirs=["csrc", numpy.get_include()],
        # The code tables are included by the headers: a change rebuilds.
        depends=sorted(glob.glob("csrc/*.h") + glob.glob("csrc/*.def")),
        define_macros=macros,
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        optional=not REQUIRE_C,
    )
    modules = cythonize(
        [ext],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "binding": True,
        },
    )
    # cythonize() rebuilds the Extension and drops optional=True; restore it.
    for module in modules:
        module.optional = not REQUIRE_C
    return modules


setup(ext_modules=extensions())
