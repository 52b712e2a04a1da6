"""Adding Home Memory in the browser when the model cannot be downloaded.

A fresh Home Assistant without a model folder, its model download pointed
(HOME_MEMORY_MODEL_URL) at a local server that fails at once (no internet),
drops the line mid-file, or serves. Everything is clicked in Chromium:
Settings → Devices & services → Add integration → Home Memory → Submit.
Screenshots go to .cache/acceptance/setup_*.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest
import pytest_socket

from .conftest import Household
from .hass_instance import MODEL_DIR, HassInstance
from .model_hub import ModelHub
from .test_browser import browse

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from playwright.async_api import Page

# "Within seconds": the choices must be on screen this soon after Submit.
CHOICES_WITHIN_S = 10.0


@pytest.fixture(scope="module")
def hub() -> Iterator[ModelHub]:
    """The stand-in for Hugging Face, serving the repository's model files."""
    server = ModelHub(MODEL_DIR).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def fresh_home(hub: ModelHub) -> Iterator[Household]:
    """Onboarded, Home Memory not added, no model anywhere."""
    pytest_socket.enable_socket()
    env = {"HOME_MEMORY_MODEL_URL": hub.url}
    hass = HassInstance(env=env)
    # The folder Home Memory downloads into (empty: a fresh installation); the
    # instance reads `env` when it starts.
    managed = hass.config_dir / "home_memory" / "models" / "all-MiniLM-L6-v2"
    env["HOME_MEMORY_MODEL_DIR"] = str(managed)
    try:
        hass.start()
        anna = hass.onboard("Anna", "anna", "anna-pass")
    except BaseException:
        print(hass.log_tail())
        hass.cleanup()
        raise
    try:
        yield Household(hass, anna, anna, anna, entry_id="")
    finally:
        hass.cleanup()


async def start_adding(page: Page, *, submit: bool = True) -> None:
    """Add integration → search → Home Memory (→ the first form → Submit)."""
    await page.get_by_role("button", name="Add integration").click()
    await page.get_by_placeholder("Search for a brand name").fill("Home Memory")
    await page.get_by_text("Home Memory", exact=True).last.click()
    if submit:
        await page.get_by_text("Set up Home Memory").wait_for()
        await page.get_by_role("button", name="Submit").click()


async def close_dialog(page: Page) -> None:
    """The dialog's close button (the cross): the flow is dropped."""
    await page.get_by_role("button", name="Close").first.click()


def test_offline_setup_reaches_its_choices_in_the_browser(
    fresh_home: Household, hub: ModelHub, screenshots: Path
) -> None:
    """No internet: Submit leads to the choices within seconds, not a spinner."""
    hub.mode = "offline"
    seen: dict[str, float] = {}

    async def scenario(page: Page) -> None:
        await start_adding(page)
        submitted = time.monotonic()
        await page.get_by_text("could not be downloaded").wait_for(
            timeout=CHOICES_WITHIN_S * 1000
        )
        seen["after_s"] = time.monotonic() - submitted
        for choice in (
            "Try the download again",
            "Use a folder with the model files",
            "Continue with keyword search only",
        ):
            await page.get_by_text(choice, exact=True).wait_for()
        await page.screenshot(path=screenshots / "setup_offline_choices.png")
        await close_dialog(page)

    browse(fresh_home, "/config/integrations/dashboard", scenario)
    assert seen["after_s"] < CHOICES_WITHIN_S
    assert hub.requests, "the download was not attempted"
    assert fresh_home.hass.entries(fresh_home.anna.token, "home_memory") == []


def test_download_shows_progress_fails_over_and_resumes_in_the_browser(
    fresh_home: Household, hub: ModelHub, screenshots: Path
) -> None:
    """A percentage and the size while downloading; a cut line offers the
    choices; trying again resumes where it stopped and adds Home Memory."""
    hass, anna = fresh_home.hass, fresh_home.anna
    hub.mode = "cut"
    hub.requests.clear()

    async def scenario(page: Page) -> None:
        await start_adding(page)
        await page.get_by_text("Downloading the all-MiniLM-L6-v2").wait_for()
        await page.get_by_text("(91.3 MB)").wait_for()
        ring = page.locator("ha-progress-ring")
        await ring.wait_for()
        await page.screenshot(path=screenshots / "setup_download_progress.png")
        percent = int((await ring.inner_text()).strip().rstrip("%").strip())
        assert 0 < percent < 100
        await page.get_by_text("could not be downloaded").wait_for()
        await page.screenshot(path=screenshots / "setup_download_cut.png")
        hub.mode = "serve"
        await page.get_by_text("Try the download again").click()
        await page.get_by_text("Name and assign").wait_for(timeout=120_000)
        await page.screenshot(path=screenshots / "setup_download_done.png")
        await page.get_by_role("button", name="Skip and finish").click()

    browse(fresh_home, "/config/integrations/dashboard", scenario)
    safetensors = [r for r in hub.requests if r[0] == "model.safetensors"]
    # The second attempt asked only for the rest of the file.
    assert safetensors[0][1] is None
    assert safetensors[-1][1] is not None
    assert safetensors[-1][1].startswith("bytes=")
    (entry,) = hass.entries(anna.token, "home_memory")
    hass.wait_for(
        lambda: hass.entry_state(anna.token, entry["entry_id"]) == "loaded",
        what="the entry to load",
    )
    # The downloaded model is used: search by meaning, not keyword only.
    hass.wait_for(
        lambda: "hybrid" in str(hass.system_health(anna.token)),
        what="the downloaded model to be used",
        timeout=120,
    )
