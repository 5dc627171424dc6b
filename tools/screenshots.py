"""Screenshots of the web table for the docs: docs/_static/web/GAME.png.

    python tools/screenshots.py                 # all four games
    python tools/screenshots.py sichuan --out /tmp/shots --lang zh

Serves :func:`parlour.web.app` with uvicorn on a free localhost port, plays
a seeded game of each by clicking its buttons in headless Chromium
(Debian's ``chromium`` and ``chromium-driver``, driven by Selenium; nothing
is downloaded) and saves the page once the game is over. Needs the
``[web]`` extra and ``selenium``.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("PARLOUR_CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(seed: int) -> tuple[Any, int]:
    import uvicorn

    from parlour.web import app

    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app(seed=seed), host="127.0.0.1", port=port, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, port


def chromium(profile: str, width: int, height: int) -> Any:
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


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
    args = parser.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    server, port = start_server(args.seed)
    profile = tempfile.mkdtemp(prefix="parlour-shots-")
    driver = chromium(profile, width, height)
    try:
        for name in args.games:
            driver.get(f"http://127.0.0.1:{port}/play/{name}?speed=0&new=1&lang={args.lang}")
            play(driver, random.Random(f"{args.seed} {name}"))
            driver.execute_script("window.scrollTo(0, 0)")
            path = args.out / f"{name}.png"
            driver.save_screenshot(str(path))
            print(f"{path} ({path.stat().st_size // 1024} KiB)")
    finally:
        driver.quit()
        server.should_exit = True
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
