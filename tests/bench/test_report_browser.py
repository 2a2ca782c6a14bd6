"""The report in Debian's headless Chromium (selenium + chromium-driver, DESIGN.md §7): every
image of every page loads and the console stays free of errors. Never downloads a browser: the
driver and the browser are the system's, or the test is skipped."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")

pytestmark = pytest.mark.skipif(
    not (CHROMIUM.exists() and DRIVER.exists()),
    reason="Debian's chromium and chromium-driver are not installed "
    "(apt-get install -y chromium chromium-driver)",
)

# Every image complete with a size, or its src.
BROKEN_IMAGES = (
    "return Array.from(document.images)"
    ".filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src'));"
)


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="pip install selenium")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # An explicit driver path: Selenium Manager (which may download drivers) is never run.
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(str(DRIVER)))
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def page_problems(driver, page: Path) -> list[str]:
    """Broken images and console errors of one page opened from disk."""
    driver.get(page.resolve().as_uri())
    problems = [f"image not loaded: {src}" for src in driver.execute_script(BROKEN_IMAGES)]
    problems += [
        f"console {e['level']}: {e['message']}"
        for e in driver.get_log("browser")
        if e["level"] in ("SEVERE", "ERROR")
    ]
    return problems


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    from test_report import make_run

    from odyssey.bench.report import build_report

    root = tmp_path_factory.mktemp("browser")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(root / "cache"))
        run_dir = make_run(root)
        return build_report([run_dir], root / "report").parent


def test_every_page_renders_with_all_images(browser, report):
    pages = [report / "index.html", *sorted(report.glob("episodes/**/index.html"))]
    assert len(pages) == 6
    images = 0
    for page in pages:
        assert page_problems(browser, page) == [], page
        images += browser.execute_script("return document.images.length;")
    assert images >= 4 + 5 * 2  # the plots, and per episode a map and screenshots


def test_checker_sees_broken_images_and_script_errors(browser, report, tmp_path):
    """The check itself can fail: a missing picture and a thrown error are both reported."""
    shutil.copy(report / "img" / "outcomes.png", tmp_path / "ok.png")
    page = tmp_path / "bad.html"
    page.write_text(
        '<!doctype html><html><head><link rel="icon" href="data:,"></head><body>'
        '<img src="ok.png"><img src="missing.png"><script>throw new Error("boom")</script>'
        "</body></html>"
    )
    problems = page_problems(browser, page)
    assert any("missing.png" in p for p in problems if p.startswith("image"))
    assert any("boom" in p for p in problems if p.startswith("console"))
    assert not any(p.endswith("ok.png") for p in problems if p.startswith("image"))
