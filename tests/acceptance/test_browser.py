"""The UI in headless Chromium: what a person clicking through Settings sees.

Screenshots go to .cache/acceptance/. Chromium comes from Debian (scripts/setup
installs it); without it these tests fail unless HOME_MEMORY_SKIP_BROWSER=1.
Playwright's async API runs in a loop of our own: its sync API keeps a loop
running between calls, which the test plugin's async fixtures cannot share.
"""

from __future__ import annotations

import json
from pathlib import Path
import shutil
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import SCREENSHOTS, browser_optional
from .hass_instance import run_sync

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from playwright.async_api import Locator, Page

    from .conftest import Household

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The frontend is slow to render on two shared cores: generous, not sleepy.
TIMEOUT_MS = 30_000


# The frontend is shadow roots all the way down: innerText alone sees nothing.
DEEP_TEXT = """() => {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE && node.textContent.trim()) {
      parts.push(node.textContent.trim());
    }
    if (node.shadowRoot) walk(node.shadowRoot);
    for (const child of node.childNodes) walk(child);
  };
  walk(document.body);
  return parts.join(" | ");
}"""


# The frontend is ready when its websocket connection to Home Assistant is up.
FRONTEND_CONNECTED = """() => {
  const app = document.querySelector("home-assistant");
  return Boolean(app && app.hass && app.hass.connected);
}"""


async def keep_what_was_seen(page: Page, console: list[str]) -> str:
    """On a failure, the page as it was: a screenshot, its text and the
    browser console's errors, in the failure's own message (CI logs show
    the short summary, not the captured output)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / "failed.png"
    try:
        await page.screenshot(path=shot)
        text = await page.evaluate(DEEP_TEXT)
    except Exception as err:  # noqa: BLE001 - the page may be gone; say so
        text = f"(the page could not be read: {err!r})"
    seen = (
        f"failed at {page.url}; screenshot {shot}; console errors: "
        f"{console[-5:]}; the page said: {text[:600]}"
    )
    (SCREENSHOTS / "failed.txt").write_text(seen, encoding="utf-8")
    return seen


def browse(
    household: Household,
    path: str,
    scenario: Callable[[Page], Awaitable[None]],
    *,
    width: int = 1280,
    dark: bool = False,
    username: str = "anna",
    password: str = "anna-pass",
    language: str | None = None,
    timezone_id: str | None = None,
) -> None:
    """Open `path` logged in (as Anna) in Debian's Chromium and run `scenario`.

    `dark` asks for the dark colour scheme, which Home Assistant's default
    theme follows; `width` narrower than 870 px is the frontend's narrow layout.
    `language` is the frontend language this browser chose (as the profile's
    language picker stores it), for this browser only: nothing on the server
    changes, so the shared household stays English for the other tests.
    `timezone_id` is the browser's clock (the machine's when None); the home's
    is `HOME_ZONE` (Europe/Berlin by day there).
    """
    if not Path(CHROMIUM).exists():
        if browser_optional():
            pytest.skip("no Chromium and HOME_MEMORY_SKIP_BROWSER is set")
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: run scripts/setup (as root it "
            "installs Debian's chromium) or set HOME_MEMORY_SKIP_BROWSER=1"
        )
    from playwright.async_api import async_playwright

    hass = household.hass
    tokens = hass.login_tokens(username, password)
    # Where the frontend keeps its tokens: the page starts logged in.
    stored: dict[str, Any] = {
        "access_token": tokens["access_token"],
        "refresh_token": tokens["refresh_token"],
        "expires_in": tokens["expires_in"],
        "token_type": "Bearer",
        "hassUrl": hass.url,
        "clientId": "http://127.0.0.1/",
        "expires": 4_102_444_800_000,
    }
    init = f"localStorage.setItem('hassTokens', {json.dumps(json.dumps(stored))});"
    if language is not None:
        # The frontend keeps the chosen language as a JSON string.
        init += (
            f"localStorage.setItem('selectedLanguage', "
            f"{json.dumps(json.dumps(language))});"
        )

    async def run() -> None:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True
            )
            try:
                context = await browser.new_context(
                    viewport={"width": width, "height": 900},
                    color_scheme="dark" if dark else "light",
                    timezone_id=timezone_id,
                )
                await context.add_init_script(init)
                page = await context.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                console: list[str] = []
                page.on(
                    "console",
                    lambda message: (
                        console.append(message.text)
                        if message.type == "error"
                        else None
                    ),
                )
                await page.goto(hass.url + path)
                await page.wait_for_load_state("networkidle")
                try:
                    # A slow first render is not a failure; an unconnected one is.
                    await page.wait_for_function(
                        FRONTEND_CONNECTED, timeout=2 * TIMEOUT_MS
                    )
                    await scenario(page)
                except Exception as err:
                    seen = await keep_what_was_seen(page, console)
                    raise AssertionError(f"{seen}\n{err}") from err
            finally:
                await browser.close()

    run_sync(run())


async def configure_button(page: Page) -> Locator:
    """The entry's Configure button on the integration page, once it shows.

    Seen once in CI on 2026.11.0: the page drew its list before the
    frontend had the config entries and said "No entries" for 30 s, while
    the entry was loaded (the test before had its button on the same
    page). A page that says so is read again, once; a second "No entries"
    fails.
    """
    from playwright.async_api import TimeoutError as PlaywrightTimeoutError

    button = page.get_by_role("button", name="Configure", exact=True)
    try:
        await button.wait_for(timeout=TIMEOUT_MS // 3)
    except PlaywrightTimeoutError:
        if await page.get_by_text("No entries").count() == 0:
            raise
        await page.reload()
        await page.wait_for_function(FRONTEND_CONNECTED, timeout=2 * TIMEOUT_MS)
        await button.wait_for()
    return button


def test_integration_page(household: Household, screenshots: Path) -> None:
    """Settings → Devices & services → Home Memory shows the loaded entry."""

    async def scenario(page: Page) -> None:
        await configure_button(page)
        await page.screenshot(path=screenshots / "integration_page.png")
        # Playwright's text locators pierce the frontend's shadow roots.
        await page.get_by_text("Long-term memory for Assist").first.wait_for()
        assert await page.get_by_text("Failed to set up").count() == 0
        assert await page.get_by_text("Not loaded").count() == 0
        # The logo comes from custom_components/home_memory/brand (10.2.9).
        logo = page.locator("img[src*='brands/integration/home_memory']").first
        await logo.wait_for()
        width = await logo.evaluate(
            "img => img.decode().then(() => img.naturalWidth, () => 0)"
        )
        assert width > 0

    browse(household, "/config/integrations/integration/home_memory", scenario)


def test_options_dialog(household: Household, screenshots: Path) -> None:
    """The options dialog opens with its sections."""

    async def scenario(page: Page) -> None:
        await (await configure_button(page)).click()
        await page.get_by_text("Home Memory options").wait_for()
        await page.get_by_text("Observing the home").wait_for()
        await page.screenshot(path=screenshots / "options_dialog.png")

    browse(household, "/config/integrations/integration/home_memory", scenario)


def test_device_page(household: Household, screenshots: Path) -> None:
    """The service device lists Home Memory's sensors."""
    hass, anna = household.hass, household.anna
    devices = hass.ws_command(anna.token, "config/device_registry/list")
    device = next(d for d in devices if household.entry_id in d["config_entries"])

    async def scenario(page: Page) -> None:
        await page.get_by_text("Active memories").first.wait_for()
        await page.screenshot(path=screenshots / "device_page.png")

    browse(household, f"/config/devices/device/{device['id']}", scenario)


def test_system_information_dialog(household: Household, screenshots: Path) -> None:
    """Settings → Repairs → System information loads Home Memory (bug 10.2.1)."""

    async def scenario(page: Page) -> None:
        await page.get_by_role("button", name="Menu").last.click()
        await page.get_by_text("System information").first.click()
        await page.get_by_text("Database schema version").wait_for()
        await page.screenshot(path=screenshots / "system_information.png")

    browse(household, "/config/repairs", scenario)
