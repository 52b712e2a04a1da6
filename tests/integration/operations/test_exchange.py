"""operations/exchange.py: export and import as operations (JSON lines round trip)."""

from __future__ import annotations

import json
from pathlib import Path
import stat
from typing import TYPE_CHECKING
from unittest.mock import patch

from homeassistant.exceptions import HomeAssistantError, ServiceValidationError
import pytest

from custom_components.home_memory.memory.store import MemoryEngineError

from ..conftest import call

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

pytestmark = pytest.mark.usefixtures("init_integration")


async def test_export_import_round_trip(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    config_dir: Path,
    user_anna: MockUser,
) -> None:
    """Export then import brings every visible memory back, once."""
    kept = await call(
        hass,
        "remember",
        {"content": "The boiler was serviced in March", "tags": ["home"]},
        user=hass_admin_user,
    )
    forgotten = await call(
        hass, "remember", {"content": "Old wifi password"}, user=hass_admin_user
    )
    await call(
        hass, "forget", {"ids": [forgotten["memory"]["id"]]}, user=hass_admin_user
    )
    await call(
        hass,
        "remember",
        {"content": "Anna's diary entry", "visibility": "private"},
        user=user_anna,
    )

    exported = await call(hass, "export", user=hass_admin_user)
    path = Path(exported["path"])
    assert path.parent == config_dir / "home_memory" / "exports"
    assert path.name.startswith("home_memory-")
    assert path.suffix == ".jsonl"
    # The admin cannot see Anna's private memory, so it is not exported.
    assert exported["count"] == 2
    mode = (await hass.async_add_executor_job(path.stat)).st_mode
    assert stat.S_IMODE(mode) & 0o077 == 0
    assert not list(path.parent.glob(".*partial"))
    text = await hass.async_add_executor_job(path.read_text)
    records = [json.loads(line) for line in text.splitlines()]
    assert {r["id"] for r in records} == {
        kept["memory"]["id"],
        forgotten["memory"]["id"],
    }

    active_only = await call(hass, "export", {"all_tiers": False}, user=hass_admin_user)
    assert active_only["count"] == 1
    assert active_only["path"] != exported["path"]

    # Wipe and bring it back.
    await call(
        hass,
        "purge",
        {"ids": [kept["memory"]["id"], forgotten["memory"]["id"]]},
        user=hass_admin_user,
    )
    relative = path.relative_to(config_dir).as_posix()
    result = await call(hass, "import", {"path": relative}, user=hass_admin_user)
    assert result == {"imported": 2, "skipped": 0, "skipped_private": 0}
    got = await call(hass, "get", {"id": kept["memory"]["id"]}, user=hass_admin_user)
    assert got["memory"]["content"] == "The boiler was serviced in March"
    assert got["memory"]["tags"] == ["home"]
    assert got["memory"]["created_at"] == kept["memory"]["created_at"]
    again = await call(
        hass, "get", {"id": forgotten["memory"]["id"]}, user=hass_admin_user
    )
    assert again["memory"]["tier"] == "deleted"

    # Importing the same file again adds nothing.
    result = await call(hass, "import", {"path": str(path)}, user=hass_admin_user)
    assert result == {"imported": 0, "skipped": 2, "skipped_private": 0}
    assert (
        await call(
            hass, "import", {"path": relative}, user=hass_admin_user, response=False
        )
        is None
    )


async def test_export_failure_leaves_no_file(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    hass_admin_user: MockUser,
    config_dir: Path,
) -> None:
    """A failed export leaves no file behind."""
    store = init_integration.runtime_data.store
    with (
        patch.object(store, "export_jsonl", side_effect=MemoryEngineError("closed")),
        pytest.raises(HomeAssistantError),
    ):
        await call(hass, "export", user=hass_admin_user)
    assert list((config_dir / "home_memory" / "exports").iterdir()) == []


async def test_jsonl_import_needs_a_path(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """A JSONL import without a path is refused."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "import", {}, user=hass_admin_user)
    assert err.value.translation_key == "path_required"
