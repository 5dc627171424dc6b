"""Screenshots of the web table for the docs: docs/_static/web/GAME.png.

    python tools/screenshots.py                 # all four games
    python tools/screenshots.py sichuan --out /tmp/shots --lang zh
    python tools/screenshots.py --watch         # and each spectator page

Serves :func:`parlour.web.app` with uvicorn on a free localhost port, plays
a seeded game of each by clicking its buttons in headless Chromium
(Debian's ``chromium`` and ``chromium-driver``, driven by Selenium; nothing
is downloaded) and saves the page once the game is over. Needs the
``[web]`` extra and ``selenium``.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Chromium's flags, the served app and the driver are the browser tests'
# (tests/browser_util.py), shared rather than copied.
sys.path.insert(0, str(ROOT / "tests"))
from browser_util import Served, chromium  # noqa: E402


def play(driver: Any, rng: random.Random) -> None:
    """Click seeded choices among the buttons until the game is over."""
    from selenium.webdriver.common.by import By

    while True:
        state, busy = driver.execute_script(
            "return [document.body.dataset.state, document.body.dataset.busy]"
        )
        if busy == "0" and state == "over":
            return
        if busy == "0" and state == "act":
            buttons = driver.find_elements(By.CSS_SELECTOR, "#actions button.action")
            rng.choice(buttons).click()
        else:
            time.sleep(0.02)


def main(argv: list[str] | None = None) -> int:
    from parlour.registry import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(games()))
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "_static" / "web")
    parser.add_argument("--lang", default="en", choices=("en", "zh"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1100x820", help="the window, WIDTHxHEIGHT")
    parser.add_argument(
        "--watch", action="store_true", help="also the spectator page of each game (GAME-watch.png)"
    )
    args = parser.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="parlour-shots-")
    with Served(seed=args.seed) as served:
        driver = chromium(profile, width, height)
        try:
            for name in args.games:
                driver.get(f"{served.url}/play/{name}?speed=0&new=1&lang={args.lang}")
                play(driver, random.Random(f"{args.seed} {name}"))
                driver.execute_script("window.scrollTo(0, 0)")
                path = args.out / f"{name}.png"
                driver.save_screenshot(str(path))
                print(f"{path} ({path.stat().st_size // 1024} KiB)")
                if args.watch:
                    link = driver.find_element("id", "link-watch").get_attribute("href")
                    driver.get(link.replace("lang=", "speed=0&lang="))
                    play(driver, random.Random(0))  # waits for the end to be shown
                    path = args.out / f"{name}-watch.png"
                    driver.save_screenshot(str(path))
                    print(f"{path} ({path.stat().st_size // 1024} KiB)")
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
