"""The quickstart pages run as written.

Sphinx's doctest builder runs their ``.. doctest::`` blocks in CI; this runs
the same blocks in the README's test command, so a newcomer's ``pytest``
covers them too. The C quickstart's program is built with the commands its
page shows and must print what the page shows.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest

import parlour
from cbuild import CSRC, compiler

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = [DOCS / "quickstart.rst", *sorted((DOCS / "quickstarts").glob("*.rst"))]
# The flags Sphinx's doctest builder uses, except that exception messages are
# compared too: a quickstart's error message is part of what it teaches.
FLAGS = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1


def directive_blocks(text: str, directive: str) -> list[tuple[int, dict[str, str], str]]:
    """``(line number, options, dedented body)`` of every ``.. directive::``
    block in reStructuredText ``text``."""
    lines = text.splitlines()
    blocks = []
    head = re.compile(rf"^(\s*)\.\. {re.escape(directive)}::(.*)$")
    i = 0
    while i < len(lines):
        match = head.match(lines[i])
        i += 1
        if match is None:
            continue
        indent = len(match.group(1))
        options: dict[str, str] = {}
        while i < len(lines) and re.match(r"^\s+:[\w-]+:", lines[i]):
            name, _, value = lines[i].strip()[1:].partition(":")
            options[name] = value.strip()
            i += 1
        start = i
        while i < len(lines) and (
            not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent
        ):
            i += 1
        blocks.append((start + 1, options, textwrap.dedent("\n".join(lines[start:i])).strip()))
    return blocks


def test_every_quickstart_is_in_the_index_and_the_readme() -> None:
    index = (DOCS / "index.rst").read_text()
    readme = (DOCS.parent / "README.md").read_text()
    for page in PAGES[1:]:
        name = page.relative_to(DOCS).with_suffix("").as_posix()
        assert re.search(rf"^\s+{re.escape(name)}$", index, re.M), f"{name} not in index.rst"
        assert f"docs/{name}.rst" in readme, f"README does not link docs/{name}.rst"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_page_examples_run(page: Path) -> None:
    text = page.read_text()
    assert ".. testcode::" not in text, "only doctest blocks are run here"
    blocks = directive_blocks(text, "doctest")
    if page.parent.name == "quickstarts" and page.stem != "c":
        assert blocks, f"{page.name} has no examples"
    # One namespace per page, as the builder's default group, with its
    # global setup (docs/conf.py: import parlour).
    globs: dict[str, Any] = {"parlour": parlour}
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    parser = doctest.DocTestParser()
    for lineno, options, body in blocks:
        if "skipif" in options and eval(options["skipif"], {}):  # as the builder does
            continue
        test = parser.get_doctest(body, globs, f"{page.name}:{lineno}", str(page), lineno)
        test.globs = globs  # get_doctest took a copy; the page's blocks share one
        runner.run(test, clear_globs=False)
    assert runner.failures == 0, f"{runner.failures} example(s) failed in {page.name}"


# -- the C quickstart ----------------------------------------------------------


def console_session(page: Path) -> tuple[list[str], list[str]]:
    """The commands (``$ ...`` lines) of the page's console block and the
    output shown after the last one."""
    ((_, _, body),) = [
        b for b in directive_blocks(page.read_text(), "code-block") if b[2].startswith("$ ")
    ]
    commands: list[str] = []
    output: list[str] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            commands.append(line[2:])
            output = []
        else:
            output.append(line)
    return commands, output


@pytest.fixture(scope="module")
def c_quickstart(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], list[str], str]:
    """Run the C page's commands as written, in a directory standing for the
    source tree's root; return them, the page's output and the real one."""
    commands, shown = console_session(DOCS / "quickstarts" / "c.rst")
    work = tmp_path_factory.mktemp("c-quickstart")
    (work / "csrc").symlink_to(CSRC)
    bin_dir = work / "bin"  # the page says cc; the tests' compiler may be named otherwise
    bin_dir.mkdir()
    (bin_dir / "cc").symlink_to(compiler())
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", "\n".join(commands)],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return commands, shown, run.stdout


def test_c_quickstart_prints_what_its_page_shows(c_quickstart: tuple[Any, ...]) -> None:
    commands, shown, printed = c_quickstart
    assert commands[-1] == "./quickstart"
    assert printed.splitlines() == shown


def test_c_quickstart_compiles_without_warnings(tmp_path: Path) -> None:
    flags = ["-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror", "-fsyntax-only"]
    source = CSRC / "examples" / "quickstart.c"
    subprocess.run([compiler(), *flags, f"-I{CSRC}", str(source)], check=True)


def _quickstart_wall() -> list[int]:
    """The wall csrc/examples/quickstart.c shuffles (xorshift64*, Fisher-Yates)."""
    mask = 2**64 - 1
    state = 2026
    wall = list(range(108))
    for i in range(107, 0, -1):
        state ^= state >> 12
        state ^= (state << 25) & mask
        state ^= state >> 27
        j = (((state * 2685821657736338717) & mask) >> 32) % (i + 1)
        wall[i], wall[j] = wall[j], wall[i]
    return wall


def test_c_quickstart_deal_ends_as_in_python(c_quickstart: tuple[Any, ...]) -> None:
    """The deal the C program plays, played by parlour.sichuan.Game with the
    program's policy, ends with the same missing suits, wins and scores."""
    from parlour.sichuan import Declare, Discard, Game, Hand, Pass, Win, shanten

    game = Game(wall=_quickstart_wall(), dealer=0)
    actions = 0
    while not game.is_over:
        seat = game.to_act[0]
        obs = game.observation(seat)
        legal = game.legal_actions(seat)
        best: Any = next((a for a in legal if isinstance(a, Win)), None)
        lowest = 100
        for action in legal if best is None else ():
            if isinstance(action, Pass):
                best = action
                break
            if isinstance(action, Declare):
                held = sum(1 for t in obs.hand if "mps"[t // 36] == str(action.suit))
                if held < lowest:
                    best, lowest = action, held
            elif isinstance(action, Discard):
                kinds = [t // 4 for t in obs.hand]
                kinds.remove(action.tile // 4)
                left = shanten(Hand.from_kinds(kinds), missing_suit=obs.missing[seat])
                if left < lowest:
                    best, lowest = action, left
        game.apply(seat, best if best is not None else legal[0])
        actions += 1
    result = game.result
    assert result is not None
    printed = c_quickstart[2]
    assert f"missing suits: {' '.join(str(s) for s in obs.missing)}\n" in printed
    assert [int(line.split()[1]) for line in printed.splitlines() if " wins " in line] == list(
        result.winners
    )
    scores = " ".join(str(s) for s in result.scores)
    assert f"over after {actions} actions, {len(result.ledger)} payments; scores {scores}\n" in (
        printed
    )
