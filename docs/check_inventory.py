"""Check the Python names a Sphinx build publishes in its ``objects.inv``.

Other projects link to parlour's API through this inventory (intersphinx),
so every name in it must be the one a user imports. Two mistakes have
shipped before and are refused here:

- a doubled module path, such as ``parlour.sichuan.batch.parlour.sichuan.batch.shanten``
  (a ``.. function::`` given a full dotted name inside a module's section);
- a public name under a private module, such as
  ``parlour._pure.sisepai.sisepai_batch_is_complete`` (documenting a
  backend's function instead of the public name bound to it).

Usage: ``python docs/check_inventory.py [docs/_build/html/objects.inv]``;
exit code 0 when the inventory is clean, 1 with one line per bad name.
The inventory is read with the standard library only (format version 2: four
header lines, then zlib-compressed lines ``name domain:role priority uri
dispname``), so the check needs no Sphinx to run.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

DEFAULT = Path(__file__).parent / "_build" / "html" / "objects.inv"


class InventoryError(ValueError):
    """The file is not a Sphinx inventory of format version 2."""


def python_names(data: bytes) -> list[tuple[str, str]]:
    """The ``(name, role)`` pairs of the Python domain in inventory ``data``."""
    lines = data.split(b"\n", 4)
    if len(lines) < 5 or lines[0].rstrip() != b"# Sphinx inventory version 2":
        raise InventoryError("not a Sphinx inventory of version 2 (the first line differs)")
    if b"zlib" not in lines[3]:
        raise InventoryError("the inventory body is not zlib-compressed")
    try:
        body = zlib.decompress(lines[4]).decode("utf-8")
    except (zlib.error, UnicodeDecodeError) as exc:
        raise InventoryError(f"the inventory body cannot be read: {exc}") from None
    names: list[tuple[str, str]] = []
    for line in body.splitlines():
        # The name may itself contain spaces (std labels), never the role.
        name, sep, rest = line.partition(" py:")
        if sep:
            names.append((name, "py:" + rest.split(" ", 1)[0]))
    return names


def problems(names: list[tuple[str, str]]) -> list[str]:
    """One message per name that would break an intersphinx link."""
    out: list[str] = []
    for name, role in names:
        parts = name.split(".")
        if parts[0] in parts[1:]:
            out.append(f"{name} ({role}): doubled module path")
        # A module's own name is part of its path; another object's last
        # part may be a dunder method, which is public.
        path = parts if role == "py:module" else parts[:-1]
        private = [p for p in path if p.startswith("_")]
        if private:
            out.append(f"{name} ({role}): public name under the private module {private[0]}")
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else DEFAULT
    try:
        names = python_names(path.read_bytes())
    except (OSError, InventoryError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    bad = problems(names)
    for message in bad:
        print(f"{path}: {message}", file=sys.stderr)
    if bad:
        return 1
    if not names:
        print(f"{path}: no Python names at all", file=sys.stderr)
        return 1
    print(f"{path}: {len(names)} Python names, none doubled or under a private module")
    return 0


if __name__ == "__main__":
    sys.exit(main())
