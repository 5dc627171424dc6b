"""The worked example of docs/learning.rst runs and prints what the page shows."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
LINE = re.compile(
    r"^(\d+) games: mean score ([+-]\d+\.\d\d) per deal, "
    r"95% CI \[([+-]\d+\.\d\d), ([+-]\d+\.\d\d)\]$"
)


def run(games: int) -> str:
    out = subprocess.run(
        [sys.executable, str(DOCS / "examples" / "sichuan_shanten.py"), str(games)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return out.stdout.strip()


def test_the_example_reports_a_mean_and_its_interval() -> None:
    m = LINE.match(run(30))
    assert m is not None
    games, mean, low, high = int(m[1]), float(m[2]), float(m[3]), float(m[4])
    assert games == 30 and low <= mean <= high and low < high


def shown() -> str:
    """The output line the page quotes for the full run."""
    page = (DOCS / "learning.rst").read_text()
    return page.split("$ python docs/examples/sichuan_shanten.py 1000\n", 1)[1].splitlines()[0]


def test_the_page_shows_a_full_run() -> None:
    assert LINE.match(shown().strip()), shown()


@pytest.mark.slow
def test_the_full_run_prints_what_the_page_shows() -> None:
    # Seeded deals and bots: the 1,000-deal run is deterministic.
    assert run(1000) == shown().strip()
