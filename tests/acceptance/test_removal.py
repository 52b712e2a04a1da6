"""Deleting Home Memory in the browser and adding it again loses nothing.

Settings → Devices & services → Home Memory → ⋮ → Delete, then Add
integration: the set-aside memories are offered back (restore), or erased
after a confirmation. Screenshots go to .cache/acceptance/removal_*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
import pytest_socket

from .conftest import Household
from .hass_instance import HassInstance
from .test_browser import browse
from .test_setup import start_adding

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from playwright.async_api import Page

    from .hass_instance import User

DOMAIN = "home_memory"


@pytest.fixture(scope="module")
def home() -> Iterator[Household]:
    """Onboarded, Home Memory added over REST (the model from the checkout)."""
    pytest_socket.enable_socket()
    hass = HassInstance()
    try:
        hass.start()
        anna = hass.onboard("Anna", "anna", "anna-pass")
        entry_id = hass.add_home_memory(anna.token)
    except BaseException:
        print(hass.log_tail())
        hass.cleanup()
        raise
    try:
        yield Household(hass, anna, anna, anna, entry_id)
    finally:
        hass.cleanup()


def remembered(hass: HassInstance, anna: User) -> list[str]:
    """What Home Memory lists for Anna."""
    body = hass.call_service(DOMAIN, "list", {"limit": 50}, token=anna.token).ok()
    return sorted(m["content"] for m in body["service_response"]["memories"])


def everything_set_aside(hass: HassInstance) -> list[str]:
    """The files in home_memory/set_aside."""
    folder = hass.config_dir / DOMAIN / "set_aside"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def set_aside(hass: HassInstance) -> list[str]:
    """The set-aside databases (without the options kept beside them)."""
    return [name for name in everything_set_aside(hass) if name.endswith(".db")]


def options_form(hass: HassInstance, anna: User, entry_id: str) -> dict[str, Any]:
    """The options flow's form, as the options dialog gets it: each field's
    shown value by section, and the flow id (to submit or drop it)."""
    flow = hass.request(
        "POST",
        "/api/config/config_entries/options/flow",
        token=anna.token,
        json_body={"handler": entry_id},
    ).ok()
    shown: dict[str, Any] = {"flow_id": flow["flow_id"]}
    for section in flow["data_schema"]:
        shown[section["name"]] = {
            field["name"]: field.get("description", {}).get(
                "suggested_value", field.get("default")
            )
            for field in section.get("schema", [])
        }
    return shown


def set_option(
    hass: HassInstance, anna: User, entry_id: str, section: str, name: str, value: Any
) -> None:
    """Change one option in the options dialog and save."""
    form = options_form(hass, anna, entry_id)
    flow_id = form.pop("flow_id")
    payload = {
        part: {key: shown for key, shown in fields.items() if shown is not None}
        for part, fields in form.items()
    }
    payload[section][name] = value
    result = hass.request(
        "POST",
        f"/api/config/config_entries/options/flow/{flow_id}",
        token=anna.token,
        json_body=payload,
    ).ok()
    assert result["type"] == "create_entry", result


def shown_option(
    hass: HassInstance, anna: User, entry_id: str, section: str, name: str
) -> Any:
    """What the options dialog shows for one option (the flow is dropped)."""
    form = options_form(hass, anna, entry_id)
    hass.request(
        "DELETE",
        f"/api/config/config_entries/options/flow/{form['flow_id']}",
        token=anna.token,
    )
    return form[section][name]


async def delete_integration(page: Page, screenshots: Path, name: str) -> None:
    """The entry's ⋮ menu → Delete → confirm, as a person does it."""
    from playwright.async_api import TimeoutError as PlaywrightTimeoutError

    # The first page of a browser on two busy cores can take longer, and a
    # page that came up without the entry's device is loaded again, as a
    # person would.
    device = page.get_by_text("Long-term memory for Assist").first
    try:
        await device.wait_for(timeout=40_000)
    except PlaywrightTimeoutError:
        await page.screenshot(path=screenshots / f"removal_{name}_reload.png")
        await page.reload()
        await device.wait_for(timeout=60_000)
    # The page's own menu first, then the entry's, then its device's.
    await page.get_by_role("button", name="Menu").nth(1).click()
    await page.get_by_role("menuitem", name="Delete").click()
    await page.get_by_text("Delete Home Memory?").wait_for()
    await page.screenshot(path=screenshots / f"removal_{name}_confirm.png")
    await page.get_by_role("button", name="Delete").click()
    await page.get_by_text("No entries").wait_for()


async def finish_adding(page: Page) -> None:
    """The persona form → Submit → the device step → Skip and finish."""
    await page.get_by_text("Set up Home Memory").wait_for()
    await page.get_by_role("button", name="Submit").click()
    await page.get_by_role("button", name="Skip and finish").click()


def test_delete_and_add_again_restores_the_memories(
    home: Household, screenshots: Path
) -> None:
    """Remember, delete in the UI (a notice says where), add again, restore."""
    hass, anna = home.hass, home.anna
    hass.call_service(
        DOMAIN,
        "remember",
        {"content": "The spare key is under the blue flower pot"},
        token=anna.token,
    ).ok()
    set_option(hass, anna, home.entry_id, "context", "context_max_memories", 7)
    hass.wait_for(
        lambda: hass.entry_state(anna.token, home.entry_id) == "loaded",
        what="the entry to load again with its new options",
    )

    async def delete(page: Page) -> None:
        await delete_integration(page, screenshots, "restore")
        await page.get_by_text("Notifications").first.click()
        await page.get_by_text("Home Memory: memories kept").wait_for()
        await page.get_by_text("set_aside/memory-").first.wait_for()
        await page.screenshot(path=screenshots / "removal_notification.png")

    browse(home, f"/config/integrations/integration/{DOMAIN}", delete)
    assert hass.entries(anna.token, DOMAIN) == []
    assert not (hass.config_dir / DOMAIN / "memory.db").exists()
    (kept,) = set_aside(hass)
    assert kept.startswith("memory-")
    assert "its memories were kept in" in hass.log_text()

    async def add_again(page: Page) -> None:
        await start_adding(page, submit=False)
        await page.get_by_text("Memories from an earlier installation").wait_for()
        await page.get_by_text(kept).first.wait_for()
        await page.screenshot(path=screenshots / "removal_restore_offer.png")
        await page.get_by_text("Restore the newest memories").click()
        await finish_adding(page)

    browse(home, "/config/integrations/dashboard", add_again)
    (entry,) = hass.entries(anna.token, DOMAIN)
    hass.wait_for(
        lambda: hass.entry_state(anna.token, entry["entry_id"]) == "loaded",
        what="the entry to load",
    )
    assert remembered(hass, anna) == ["The spare key is under the blue flower pot"]
    assert everything_set_aside(hass) == []
    # The options came back with the memories: the persona offered again
    # and kept, the changed option as it was.
    entry_id = entry["entry_id"]
    assert shown_option(hass, anna, entry_id, "persona", "persona_name") == "Jarvis"
    assert shown_option(hass, anna, entry_id, "context", "context_max_memories") == 7


def test_delete_and_erase_for_good(home: Household, screenshots: Path) -> None:
    """Erasing needs the switch on; then nothing is left and the memory is empty."""
    hass, anna = home.hass, home.anna
    hass.call_service(
        DOMAIN, "remember", {"content": "Something to erase"}, token=anna.token
    ).ok()

    async def delete(page: Page) -> None:
        await delete_integration(page, screenshots, "erase")

    browse(home, f"/config/integrations/integration/{DOMAIN}", delete)
    (kept,) = set_aside(hass)

    async def add_and_erase(page: Page) -> None:
        await start_adding(page, submit=False)
        await page.get_by_text("Erase the set-aside memories for good").click()
        await page.get_by_text(kept).first.wait_for()
        await page.get_by_role("button", name="Submit").click()
        await page.get_by_text("Nothing was erased").wait_for()
        await page.screenshot(path=screenshots / "removal_erase_unconfirmed.png")
        assert set_aside(hass) == [kept]
        switch = page.get_by_role("switch")
        # The switch's thumb takes the click, as it does for a person.
        await switch.click(force=True)
        assert await switch.is_checked()
        await page.screenshot(path=screenshots / "removal_erase_confirmed.png")
        await page.get_by_role("button", name="Submit").click()
        await finish_adding(page)

    browse(home, "/config/integrations/dashboard", add_and_erase)
    assert everything_set_aside(hass) == []
    (entry,) = hass.entries(anna.token, DOMAIN)
    hass.wait_for(
        lambda: hass.entry_state(anna.token, entry["entry_id"]) == "loaded",
        what="the entry to load",
    )
    assert remembered(hass, anna) == []
