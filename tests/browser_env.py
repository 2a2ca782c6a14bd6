"""Browser-test helpers: the dashboard served by a real uvicorn on a free loopback port, headless
Chromium through Selenium (skipped, with the reason, without chromium and chromedriver), and
waiting for what a page shows."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
WAIT_S = 60  # an upper bound for a page to catch up on a busy machine, never a speed requirement


@contextmanager
def serving(app) -> Iterator[str]:
    """``app`` served by uvicorn on a free loopback port, in a thread; yields its base URL."""
    uvicorn = pytest.importorskip("uvicorn")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="module")
def browser():
    if not (CHROMIUM and DRIVER):
        pytest.skip("needs Debian's chromium and chromium-driver (apt-get install)")
    webdriver = pytest.importorskip("selenium.webdriver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                "--autoplay-policy=no-user-gesture-required"):  # fmt: skip
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=DRIVER)
    driver = webdriver.Chrome(options=options, service=service)
    yield driver
    driver.quit()


def wait_for(browser, condition, what: str):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # the page replaces its elements at every poll: an element can go stale mid-read; look again
    wait = WebDriverWait(browser, WAIT_S, poll_frequency=0.1,
                         ignored_exceptions=(StaleElementReferenceException,))  # fmt: skip
    try:
        return wait.until(lambda d: condition(d))
    except Exception as e:
        raise AssertionError(f"the page never showed {what}") from e


def text(browser, element_id: str) -> str:
    """The element's text, or "" when it is absent or was just replaced (stale)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    try:
        found = browser.find_elements(By.ID, element_id)
        return found[0].text if found else ""
    except StaleElementReferenceException:
        return ""


def script_errors(browser) -> list[dict]:
    return [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
