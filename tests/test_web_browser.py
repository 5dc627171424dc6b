"""The web table in a real browser: headless Chromium (Debian's
``chromium`` and ``chromium-driver``, driven by Selenium; nothing is
downloaded) plays whole games of all four games by clicking the page's
buttons, and the end-of-game table the page shows is checked against the
game's record replayed by :meth:`parlour.Game.from_record`.

Marked ``browser`` and left out of the README's ``pytest`` (they take
most of a minute): ``pytest -m browser`` runs them when
``/usr/bin/chromium`` is there and skips them, saying so, when it is not;
``.ci/run`` installs Chromium and runs ``pytest -m browser`` as a stage of
its own with ``PARLOUR_REQUIRE_BROWSER=1``, so in CI they cannot be
skipped.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import parlour
from browser_util import CHROMEDRIVER, CHROMIUM, Served, chromium, have_chromium
from parlour.registry import games

MISSING = f"no Chromium at {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
#: .ci/run sets it: there a missing Chromium fails the run instead of skipping.
REQUIRED = os.environ.get("PARLOUR_REQUIRE_BROWSER") == "1"
HAVE = have_chromium()

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not (HAVE or REQUIRED), reason=MISSING)]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not HAVE:
        pytest.fail(MISSING)
    profile = tempfile.mkdtemp(prefix="parlour-chromium-")
    driver = chromium(profile)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    # Undo's check (resampled worlds after every batch) is the server's
    # heaviest work; the whole games spare it, test_undo_in_the_page turns
    # it on for its tables. Random bots: the page and the server are under
    # test, not the bots (the heuristic ones think longest in Shrine Wars).
    with Served(seed=20, undo=False, bots="random") as s:
        yield s


def page_state(driver: Any) -> tuple[str, str]:
    got = driver.execute_script("return [document.body.dataset.state, document.body.dataset.busy]")
    return str(got[0]), str(got[1])


#: Resolves with the page's state once it asks the person to act, shows
#: the end or lost its socket: one WebDriver round trip per wait.
WAIT_SCRIPT = """
const done = arguments[arguments.length - 1];
const check = () => {
  const d = document.body.dataset;
  if (d.state === "lost" || (d.busy === "0" && (d.state === "act" || d.state === "over"))) {
    done(d.state);
  } else {
    setTimeout(check, 5);
  }
};
check();
"""


def wait_ready(driver: Any, timeout: float = 30.0) -> str:
    """Wait until the page asks the person to act or shows the end; the state."""
    driver.set_script_timeout(timeout)
    state = str(driver.execute_async_script(WAIT_SCRIPT))
    assert state != "lost", "the page lost its socket"
    return state


def play_by_clicking(driver: Any, rng: random.Random) -> int:
    """Click a legal action's button (chosen by ``rng``) until the game is
    over; the number of clicks."""
    from selenium.webdriver.common.by import By

    clicks = 0
    while wait_ready(driver) == "act":
        buttons = driver.find_elements(By.CSS_SELECTOR, "#actions button.action")
        assert buttons, "asked to act with no buttons"
        rng.choice(buttons).click()
        clicks += 1
        assert clicks < 2000, "the game does not end"
    return clicks


def shown_scores(driver: Any) -> list[float]:
    from selenium.webdriver.common.by import By

    rows = driver.find_elements(By.CSS_SELECTOR, "#scores tr[data-seat]")
    return [float(r.get_attribute("data-score")) for r in rows]


def fetch_record(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as reply:
        data: dict[str, Any] = json.load(reply)
        return data


@pytest.mark.parametrize("game", games())
def test_whole_game_by_clicking(game: str, browser: Any, served: Served, tmp_path: Path) -> None:
    rng = random.Random(f"browser {game}")
    browser.get(f"{served.url}/play/{game}?speed=0")
    table_id = browser.current_url.split("table=")[1].split("&")[0]
    table = served.app.state.server.tables.get(table_id)
    assert table is not None and table.game.name == game
    clicks = play_by_clicking(browser, rng)
    assert clicks > 0
    browser.save_screenshot(str(tmp_path / f"{game}.png"))
    assert (tmp_path / f"{game}.png").stat().st_size > 10_000

    record = fetch_record(f"{served.url}/record/{table_id}")
    replayed = parlour.game_class(game).from_record(record)
    result = replayed.result
    assert result is not None
    assert shown_scores(browser) == [float(s) for s in result.scores]
    winners = browser.find_elements("css selector", "#scores tr[data-seat]")
    assert [i for i, r in enumerate(winners) if "★" in r.text] == sorted(result.winners)
    # The payments, one row each, amounts as in the ledger.
    rows = browser.find_elements("css selector", "#ledger tr")[1:]
    amounts = [r.find_elements("tag name", "td")[2].text for r in rows]
    assert amounts == [str(p.amount) for p in result.ledger]
    # Every action of seat 0 in the record was one click.
    assert sum(1 for seat, _ in record["actions"] if seat == table.seat) == clicks

    # The spectator page of the same table shows the same end.
    watch = browser.find_element("id", "link-watch").get_attribute("href")
    browser.get(watch)
    assert wait_ready(browser) == "over"
    assert shown_scores(browser) == [float(s) for s in result.scores]
    assert browser.execute_script("return document.body.dataset.mode") == "watch"


def test_reload_reconnects_to_the_same_table(browser: Any, served: Served) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{served.url}/play/shrinewars?speed=0&new=1")
    url = browser.current_url
    assert wait_ready(browser) == "act"
    browser.find_elements(By.CSS_SELECTOR, "#actions button.action")[0].click()
    assert wait_ready(browser) == "act"
    before = browser.find_element(By.ID, "drawing").get_attribute("innerHTML")
    browser.refresh()
    assert wait_ready(browser) == "act"
    assert browser.current_url == url
    # A snapshot redraws the same table after the reload.
    assert browser.find_element(By.ID, "drawing").get_attribute("innerHTML") == before


def test_chinese_page(browser: Any, served: Served) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{served.url}/play/sichuan?speed=0&new=1&lang=zh")
    assert wait_ready(browser) == "act"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh"
    labels = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#actions button.action")]
    # The declarations read in Chinese: 定缺 and the suits' names.
    assert labels and all("定缺" in t for t in labels), labels


def test_undo_in_the_page(browser: Any, served: Served) -> None:
    """Play Shrine Wars until the page offers Undo, click it: the server's
    table goes back to before the person's last action and the page shows
    the request again."""

    served.app.state.server.undo = True
    try:
        found_undo(browser, served)
    finally:
        served.app.state.server.undo = False


def found_undo(browser: Any, served: Served) -> None:
    from selenium.webdriver.common.by import By

    for attempt in range(6):
        browser.get(f"{served.url}/play/shrinewars?speed=0&new=1")
        table_id = browser.current_url.split("table=")[1].split("&")[0]
        table = served.app.state.server.tables.get(table_id)
        rng = random.Random(attempt)
        while wait_ready(browser) == "act":
            undo = browser.find_element(By.ID, "undo")
            if undo.is_displayed():
                moves = len(table.game.history)
                point = table._checkpoints[-1].moves
                undo.click()
                assert wait_ready(browser) == "act"
                assert table.generation == 1
                assert len(table.game.history) == point < moves
                assert not browser.find_element(By.ID, "undo").is_displayed() or table.can_undo()
                assert browser.find_elements(By.CSS_SELECTOR, "#actions button.action")
                return
            rng.choice(browser.find_elements(By.CSS_SELECTOR, "#actions button.action")).click()
    pytest.fail("no Shrine Wars game offered undo in six tries")


def test_events_are_shown_one_after_another(browser: Any, served: Served) -> None:
    """At ?speed=MS a batch's events enter the log one by one, each
    flashing (class ``new``), and the buttons come only after the last."""
    from selenium.webdriver.common.by import By

    browser.get(f"{served.url}/play/sichuan?speed=150&new=1")
    probe = (
        "const d = document.body.dataset;"
        "return [d.state, d.busy, document.querySelectorAll('#log li').length,"
        " document.querySelectorAll('#log li.new').length,"
        " document.querySelectorAll('#actions button:not(:disabled)').length]"
    )
    # The first batches may hold one line (a declaration); a turn with the
    # three others discarding holds several.
    for _ in range(15):
        assert wait_ready(browser) == "act"
        browser.find_elements(By.CSS_SELECTOR, "#actions button.action")[0].click()
        counts, flashed = [], False
        deadline = time.monotonic() + 30
        while True:
            state, busy, count, new, enabled = browser.execute_script(probe)
            counts.append(count)
            flashed |= new > 0
            if busy == "0" and state in ("act", "over"):
                break
            # No button can be clicked while the batch is being shown.
            assert enabled == 0, (state, busy, enabled)
            assert time.monotonic() < deadline
            time.sleep(0.03)
        if len(set(counts)) >= 3:
            assert flashed
            return
    pytest.fail("no batch showed its events one after another")


WATCH_READY = """
const done = arguments[arguments.length - 1];
const check = () => {
  const d = document.body.dataset;
  const seats = document.querySelectorAll("#drawing .parlour-spectator section.seat").length;
  if (d.busy === "0" && (d.state === "watch" || d.state === "over") && seats) done(d.state);
  else setTimeout(check, 5);
};
check();
"""


def test_spectator_page_alongside_a_game_draws_the_table(browser: Any, served: Served) -> None:
    """A spectator tab opened beside a Sichuan game in play: the table is
    drawn (each seat's discards as tiles), follows the game as the person
    clicks, and holds no tile of the person's concealed hand as a hand."""
    from selenium.webdriver.common.by import By

    browser.get(f"{served.url}/play/sichuan?speed=0&new=1&lang=zh")
    player = browser.current_window_handle
    table_id = browser.current_url.split("table=")[1].split("&")[0]
    table = served.app.state.server.tables.get(table_id)
    rng = random.Random(5)
    for _ in range(4):
        assert wait_ready(browser) == "act"
        rng.choice(browser.find_elements(By.CSS_SELECTOR, "#actions button.action")).click()
    assert wait_ready(browser) == "act"
    watch = browser.find_element(By.ID, "link-watch").get_attribute("href")
    browser.switch_to.new_window("tab")
    try:
        browser.get(watch.replace("lang=", "speed=0&lang="))
        browser.set_script_timeout(30)
        assert browser.execute_async_script(WATCH_READY) == "watch"
        drawing = browser.find_element(By.ID, "drawing")
        seats = drawing.find_elements(By.CSS_SELECTOR, ".parlour-spectator section.seat")
        assert len(seats) == 4
        assert len(drawing.find_elements(By.CSS_SELECTOR, ".parlour-spectator svg")) >= 4
        assert "弃牌" in drawing.text and "张暗牌" in drawing.text
        before = drawing.get_attribute("innerHTML")
        # The person plays on; the spectator's table follows.
        browser.switch_to.window(player)
        index = table.index
        browser.find_elements(By.CSS_SELECTOR, "#actions button.action")[0].click()
        wait_ready(browser)
        assert table.index > index
        browser.switch_to.window(browser.window_handles[-1])
        deadline = time.monotonic() + 20
        while browser.find_element(By.ID, "drawing").get_attribute("innerHTML") == before:
            assert time.monotonic() < deadline, "the spectator's table did not follow the game"
            time.sleep(0.05)
    finally:
        browser.close()
        browser.switch_to.window(player)
