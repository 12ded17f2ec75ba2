"""The support agent's chat page in headless Chromium (Debian ``chromium`` + ``chromium-driver``).

``browser``: opt-in locally, run by ``pytest --run-all``.  Installs nothing: when chromium or
chromedriver is absent the test fails under ``PDT_REQUIRE_ALL=1`` (CI) and is skipped otherwise
(``scripts/install.sh`` installs both as root).  Leaves a
screenshot at ``runs/serve_ui.png``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from configs.settings import REPO_ROOT
from local_model.minimization.vault import new_key
from tests.curious_provider import CuriousProvider, placeholder_reply
from tests.require_all import require
from tests.serve_helpers import KEY_A, ServerProcess

pytestmark = [pytest.mark.browser, pytest.mark.integration]  # a server process and Chromium

TICKET = "Hello, my name is Oliver Whitaker and my line +44 7700 900123 has had no signal since Monday."


@pytest.fixture
def browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        require("headless Chromium", "Debian packages chromium, chromium-driver (scripts/install.sh, as root)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    monkeypatch.setenv("SE_AVOID_STATS", "true")  # Selenium Manager is not used: paths are given
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1280,900",
        f"--user-data-dir={tmp_path / 'chromium'}",
    ):
        options.add_argument(arg)
    drv = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    drv.set_page_load_timeout(60)
    yield drv
    drv.quit()


def _foreign(body: dict[str, Any]) -> str:
    return json.dumps({"response": "Please call Hieronymus Blackthorne on +44 20 7946 0321."})


def test_the_chat_page_shows_answers_what_left_and_handoffs(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    with (
        CuriousProvider(reply=placeholder_reply) as provider,
        ServerProcess(provider.api_base, tmp_path / "run", new_key()) as server,
    ):
        browser.get(server.url + "/")
        assert browser.title == "Support assistant"
        browser.find_element(By.ID, "key").send_keys(KEY_A)
        wait = WebDriverWait(browser, 60)

        def send(text: str) -> None:
            box = browser.find_element(By.ID, "input")
            box.clear()
            box.send_keys(text)
            browser.find_element(By.ID, "send").click()

        send(TICKET)  # streamed (the default)
        wait.until(lambda d: "Oliver Whitaker" in d.find_elements(By.CSS_SELECTOR, ".answer .bubble")[-1].text)
        wait.until(lambda d: "<PERSON_1>" in d.find_elements(By.CSS_SELECTOR, ".answer .left")[-1].text)
        left = browser.find_elements(By.CSS_SELECTOR, ".answer .left")[-1].text
        assert "Oliver" not in left and "900123" not in left and "<PHONE_1>" in left
        assert "session" in browser.find_element(By.ID, "session").text

        browser.find_element(By.ID, "stream").click()  # unstreamed
        send("Is it fixed yet?")
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".answer .bubble")) == 2)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answer .left")[-1].text != "waiting...")
        second = browser.find_elements(By.CSS_SELECTOR, ".answer .left")[-1].text
        assert "<PERSON_1>" in second  # the history went along, minimized with the same map

        provider.reply = _foreign
        send("Who else can help me?")
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".side.handoff")) == 1)
        handoff = browser.find_element(By.CSS_SELECTOR, ".side.handoff").text
        assert "handed to a human" in handoff.lower() and "answer-leak" in handoff
        assert "Blackthorne" not in browser.find_element(By.TAG_NAME, "body").text
        shot = REPO_ROOT / "runs" / "serve_ui.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000

        browser.find_element(By.ID, "erase").click()
        wait.until(lambda d: d.find_element(By.ID, "status").text == "session erased")
        assert server.terminate() == 0
