"""Headless Chromium and a served web table, shared by the browser tests
(tests/test_web_browser.py) and the docs' screenshots (tools/screenshots.py,
which imports this file by its path).

Debian's ``chromium`` and ``chromium-driver`` (``PARLOUR_CHROMIUM`` and
``PARLOUR_CHROMEDRIVER`` point elsewhere), driven by Selenium with
``SE_OFFLINE=true``: nothing is downloaded, and the flags keep Chromium
off the network.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

CHROMIUM = Path(os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("PARLOUR_CHROMEDRIVER", "/usr/bin/chromedriver"))

#: Chromium's flags: headless, and nothing that reaches the network.
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


def have_chromium() -> bool:
    """Whether both Chromium and its driver are where they are looked for."""
    return CHROMIUM.exists() and CHROMEDRIVER.exists()


def free_port() -> int:
    """A localhost port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Served:
    """uvicorn serving :func:`parlour.web.app` (``options`` go to it) on a
    free localhost port, in a thread, for the length of a ``with`` block."""

    def __init__(self, **options: Any) -> None:
        import uvicorn

        from parlour.web import app

        self.app = app(**options)
        self.port = free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Served:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def chromium(profile: str, width: int = 1280, height: int = 900) -> Any:
    """A headless Chromium under Selenium with the machine's driver, its
    profile in the folder ``profile``, its window ``width`` x ``height``."""
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager downloads nothing
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
