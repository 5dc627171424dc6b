"""The ``parlour`` command.

Subcommands are small functions registered in :data:`COMMANDS`; each gets the
parsed arguments and returns the process exit code.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

import parlour

__all__ = ["COMMANDS", "build_parser", "main"]

Command = Callable[[argparse.Namespace], int]

#: name -> (help, function adding the arguments, function running the command)
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Command]] = {}


def _info_args(parser: argparse.ArgumentParser) -> None:
    del parser


def _info(args: argparse.Namespace) -> int:
    del args
    print(f"parlour {parlour.__version__}")
    print(f"backend: {parlour.backend}")
    print(f"games: {', '.join(parlour.games())}")
    return 0


COMMANDS["info"] = ("show the version, the live backend and the games", _info_args, _info)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``parlour`` command."""
    parser = argparse.ArgumentParser(
        prog="parlour", description="Rules engines and hand evaluators for four games."
    )
    parser.add_argument("--version", action="version", version=f"parlour {parlour.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (help_text, add_args, run) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        add_args(p)
        p.set_defaults(run=run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "run", None) is None:
        parser.print_help()
        return 2
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except (ValueError, OSError) as exc:
        print(f"parlour: error: {exc}", file=sys.stderr)
        return 1
