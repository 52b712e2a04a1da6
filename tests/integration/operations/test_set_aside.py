"""Removing Home Memory sets its memories aside; adding it again can restore them.

Nothing deleted by accident is gone for good: removal moves the database to
home_memory/set_aside/memory-<date>.db; the config flow offers to restore the
newest, to start fresh (keeping them) or to erase them after a confirmation;
the erase_set_aside action erases them for administrators who confirm.
"""

from __future__ import annotations

from contextlib import closing
from datetime import UTC, datetime
import json
import shutil
import sqlite3
from typing import TYPE_CHECKING, Any
from unittest.mock import patch
from zoneinfo import ZoneInfo

from homeassistant import config_entries
from homeassistant.components import persistent_notification
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.exceptions import ServiceValidationError, Unauthorized
import pytest

from custom_components.home_memory.config_flow import CONF_CONFIRM_ERASE
from custom_components.home_memory.const import (
    CONF_CONTEXT_MAX_MEMORIES,
    CONF_OBSERVED_ENTITIES,
    CONF_PERSONA_NAME,
    DOMAIN,
    SECTION_CONTEXT,
    SECTION_OBSERVATION,
    SECTION_PERSONA,
)
from custom_components.home_memory.memory.storage import schema
from custom_components.home_memory.operations.set_aside import NOTIFICATION_ID
from custom_components.home_memory.runtime.database import (
    list_set_aside,
    restore_set_aside,
    set_aside_database,
    settings_path,
)
from custom_components.home_memory.runtime.options import HomeMemoryOptions

from ..conftest import call

if TYPE_CHECKING:
    from pathlib import Path

    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures("mock_load_model")


@pytest.fixture(autouse=True)
async def berlin(hass: HomeAssistant) -> None:
    """The home's time zone names the set-aside files."""
    await hass.config.async_set_time_zone("Europe/Berlin")


REMOVED_AT = "2026-11-20 18:30:05+01:00"


def everything_set_aside(config_dir: Path) -> list[str]:
    """The names in home_memory/set_aside, sorted."""
    folder = config_dir / DOMAIN / "set_aside"
    return sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []


def set_aside_files(config_dir: Path) -> list[str]:
    """The set-aside databases' names, sorted (without the settings beside them)."""
    return [name for name in everything_set_aside(config_dir) if name.endswith(".db")]


async def add(hass: HomeAssistant, *choices: dict[str, Any]) -> dict[str, Any]:
    """Start adding Home Memory, answer `choices` in turn, then name Jarvis."""
    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    for choice in choices:
        result = await hass.config_entries.flow.async_configure(
            result["flow_id"], choice
        )
    if result["type"] is FlowResultType.FORM and result["step_id"] == "user":
        result = await hass.config_entries.flow.async_configure(
            result["flow_id"], {CONF_PERSONA_NAME: "Jarvis"}
        )
    return dict(result)


async def remove_all(hass: HomeAssistant) -> None:
    """Delete every Home Memory entry, as the integrations page does."""
    for entry in hass.config_entries.async_entries(DOMAIN):
        assert await hass.config_entries.async_remove(entry.entry_id)
    await hass.async_block_till_done()


async def contents(hass: HomeAssistant) -> list[str]:
    """What the loaded entry remembers (active memories)."""
    listed = await call(hass, "list", {"limit": 100})
    return sorted(memory["content"] for memory in listed["memories"])


async def test_remove_then_add_restores_every_memory(
    hass: HomeAssistant, config_dir: Path, freezer: FrozenDateTimeFactory
) -> None:
    """Remove (dated file, log, notice), add again, restore: all memories back."""
    freezer.move_to(REMOVED_AT)
    result = await add(hass)
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await call(hass, "remember", {"content": "The spare key is under the blue pot"})
    await call(hass, "remember", {"content": "Ben's bike code is 4711"})
    await remove_all(hass)

    assert not (config_dir / DOMAIN / "memory.db").exists()
    assert set_aside_files(config_dir) == ["memory-2026-11-20-173005Z.db"]
    notice = persistent_notification._async_get_or_create_notifications(hass)[
        NOTIFICATION_ID
    ]
    kept = config_dir / DOMAIN / "set_aside" / "memory-2026-11-20-173005Z.db"
    assert str(kept) in notice["message"]
    assert notice["title"] == "Home Memory: memories kept"

    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    assert result["type"] is FlowResultType.MENU
    assert result["step_id"] == "set_aside"
    assert result["menu_options"] == ["restore", "fresh", "erase"]
    assert result["description_placeholders"]["newest"] == kept.name
    assert result["description_placeholders"]["count"] == "1"

    result = await add(hass, {"next_step_id": "restore"})
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert await contents(hass) == [
        "Ben's bike code is 4711",
        "The spare key is under the blue pot",
    ]
    assert everything_set_aside(config_dir) == []
    assert NOTIFICATION_ID not in (
        persistent_notification._async_get_or_create_notifications(hass)
    )


async def _remove_with_options(hass: HomeAssistant) -> dict[str, Any]:
    """Add, remember, choose options (Friday, a light observed, 7 memories a
    turn), remove; return the options the entry had."""
    await add(hass)
    await call(hass, "remember", {"content": "The spare key is under the blue pot"})
    (entry,) = hass.config_entries.async_entries(DOMAIN)
    options = HomeMemoryOptions.from_entry_options(entry.options).as_sections()
    options[SECTION_PERSONA] = {CONF_PERSONA_NAME: "Friday"}
    options[SECTION_OBSERVATION][CONF_OBSERVED_ENTITIES] = ["light.kitchen"]
    options[SECTION_CONTEXT][CONF_CONTEXT_MAX_MEMORIES] = 7
    # Saved in the options dialog, as a person does it.
    flow = await hass.config_entries.options.async_init(entry.entry_id)
    saved = await hass.config_entries.options.async_configure(flow["flow_id"], options)
    assert saved["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    options = dict(entry.options)
    assert options[SECTION_CONTEXT][CONF_CONTEXT_MAX_MEMORIES] == 7
    await remove_all(hass)
    return options


async def test_a_restore_brings_the_options_back(
    hass: HomeAssistant, config_dir: Path, freezer: FrozenDateTimeFactory
) -> None:
    """The options are kept beside the database; a restore offers the old
    persona and brings every other option back; the file goes with it."""
    freezer.move_to(REMOVED_AT)
    options = await _remove_with_options(hass)
    assert everything_set_aside(config_dir) == [
        "memory-2026-11-20-173005Z.db",
        "memory-2026-11-20-173005Z.db.settings.json",
    ]

    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"next_step_id": "restore"}
    )
    assert result["step_id"] == "user"
    (persona_field,) = result["data_schema"].schema
    assert persona_field.description == {"suggested_value": "Friday"}
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_PERSONA_NAME: "Friday"}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    (entry,) = hass.config_entries.async_entries(DOMAIN)
    assert entry.options == options
    assert await contents(hass) == ["The spare key is under the blue pot"]
    assert everything_set_aside(config_dir) == []


async def test_a_new_persona_name_wins_over_the_restored_one(
    hass: HomeAssistant, config_dir: Path
) -> None:
    """The name typed when adding again is the one used; the rest comes back."""
    options = await _remove_with_options(hass)
    await add(hass, {"next_step_id": "restore"})  # types Jarvis
    await hass.async_block_till_done()
    (entry,) = hass.config_entries.async_entries(DOMAIN)
    assert entry.options == {
        **options,
        SECTION_PERSONA: {CONF_PERSONA_NAME: "Jarvis"},
    }


async def test_starting_fresh_starts_with_the_default_options(
    hass: HomeAssistant, config_dir: Path
) -> None:
    """ "Start with an empty memory" uses no old option; the old ones stay kept."""
    await _remove_with_options(hass)
    kept = everything_set_aside(config_dir)
    await add(hass, {"next_step_id": "fresh"})
    await hass.async_block_till_done()
    (entry,) = hass.config_entries.async_entries(DOMAIN)
    assert entry.options == {SECTION_PERSONA: {CONF_PERSONA_NAME: "Jarvis"}}
    assert everything_set_aside(config_dir) == kept


@pytest.mark.parametrize(
    ("settings", "expected_max"),
    [
        # Read as the entry reads its own: a half-missing file keeps defaults.
        (
            '{"version": 1, "minor_version": 2, "options": {"context": {}}}',
            HomeMemoryOptions().context_max_memories,
        ),
        # A hand-edited value the options flow would refuse: not used.
        (
            json.dumps(
                {
                    "version": 1,
                    "minor_version": 2,
                    "options": {"context": {"context_max_memories": "lots"}},
                }
            ),
            None,
        ),
        # Another version's options would need its migration: not used.
        (
            json.dumps(
                {
                    "version": 1,
                    "minor_version": 1,
                    "options": {"context": {"context_max_memories": 7}},
                }
            ),
            None,
        ),
        ("not json at all", None),
        ('["a list"]', None),
        # Nested past the JSON parser's depth.
        ("[" * 100_000 + "]" * 100_000, None),
        # Larger than any options file: not read at all.
        (json.dumps({"version": 1, "minor_version": 2, "x": "y" * 1_000_000}), None),
        # A speaker without its keys; values of the wrong kind: the options
        # form would refuse them, so they are not used.
        (
            json.dumps(
                {
                    "version": 1,
                    "minor_version": 2,
                    "options": {"speakers": {"satellite_people": [{}]}},
                }
            ),
            None,
        ),
        (
            json.dumps(
                {
                    "version": 1,
                    "minor_version": 2,
                    "options": {
                        "observation": {
                            "observed_domains": [{"x": 1}],
                            "observed_entities": "light.kitchen_light",
                        },
                        "capture": {"ai_task_entity": 5},
                    },
                }
            ),
            None,
        ),
    ],
    ids=[
        "half-missing",
        "refused-value",
        "other-version",
        "not-json",
        "not-an-object",
        "too-deep",
        "too-large",
        "speaker-without-keys",
        "wrong-kinds",
    ],
)
async def test_options_kept_beside_are_checked(
    hass: HomeAssistant, config_dir: Path, settings: str, expected_max: int | None
) -> None:
    """Bad, foreign or unreadable kept options never block a restore."""
    await _remove_with_options(hass)
    (name,) = set_aside_files(config_dir)
    settings_path(config_dir / DOMAIN / "set_aside" / name).write_text(settings)
    result = await add(hass, {"next_step_id": "restore"})
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    (entry,) = hass.config_entries.async_entries(DOMAIN)
    assert await contents(hass) == ["The spare key is under the blue pot"]
    if expected_max is None:
        assert entry.options == {SECTION_PERSONA: {CONF_PERSONA_NAME: "Jarvis"}}
    else:
        assert entry.options[SECTION_CONTEXT][CONF_CONTEXT_MAX_MEMORIES] == (
            expected_max
        )
    assert everything_set_aside(config_dir) == []


async def test_erasing_deletes_the_kept_options_too(
    hass: HomeAssistant, config_dir: Path, hass_admin_user: MockUser
) -> None:
    """Nothing of a removed installation is left after an erase, not even
    kept options whose database is gone."""
    await _remove_with_options(hass)
    orphan = config_dir / DOMAIN / "set_aside" / "memory-2020-01-01-000000.db"
    settings_path(orphan).write_text('{"persona": "kept"}')
    await call(hass, "erase_set_aside", {"confirm": True}, user=hass_admin_user)
    assert not (config_dir / DOMAIN / "set_aside").exists()


async def test_removals_never_overwrite_an_earlier_set_aside_database(
    hass: HomeAssistant, config_dir: Path, freezer: FrozenDateTimeFactory
) -> None:
    """Two removals in the same second keep both; the newest is offered."""
    freezer.move_to(REMOVED_AT)
    await add(hass)
    await call(hass, "remember", {"content": "First installation"})
    await remove_all(hass)
    await add(hass, {"next_step_id": "fresh"})
    await call(hass, "remember", {"content": "Second installation"})
    await remove_all(hass)

    assert set_aside_files(config_dir) == [
        "memory-2026-11-20-173005Z-1.db",
        "memory-2026-11-20-173005Z.db",
    ]
    await add(hass, {"next_step_id": "restore"})
    await hass.async_block_till_done()
    assert await contents(hass) == ["Second installation"]
    assert set_aside_files(config_dir) == ["memory-2026-11-20-173005Z.db"]


async def test_starting_fresh_keeps_the_set_aside_databases(
    hass: HomeAssistant, config_dir: Path
) -> None:
    """ "Start with an empty memory" leaves the set-aside file where it is."""
    await add(hass)
    await call(hass, "remember", {"content": "Kept for later"})
    await remove_all(hass)
    before = set_aside_files(config_dir)

    result = await add(hass, {"next_step_id": "fresh"})
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert await contents(hass) == []
    assert set_aside_files(config_dir) == before


async def test_erasing_in_the_flow_needs_the_box_ticked(
    hass: HomeAssistant, config_dir: Path
) -> None:
    """Erase shows what goes; unticked nothing is deleted; ticked all of it."""
    await add(hass)
    await call(hass, "remember", {"content": "To be erased"})
    await remove_all(hass)
    (name,) = set_aside_files(config_dir)

    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"next_step_id": "erase"}
    )
    assert result["step_id"] == "erase"
    assert result["description_placeholders"] == {"count": "1", "names": name}
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_CONFIRM_ERASE: False}
    )
    assert result["errors"] == {"base": "erase_not_confirmed"}
    assert set_aside_files(config_dir) == [name]

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_CONFIRM_ERASE: True}
    )
    assert result["step_id"] == "user"
    assert everything_set_aside(config_dir) == []
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {CONF_PERSONA_NAME: "Jarvis"}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert await contents(hass) == []


async def test_the_erase_action_is_for_admins_who_confirm(
    hass: HomeAssistant,
    config_dir: Path,
    hass_admin_user: MockUser,
    user_anna: MockUser,
) -> None:
    """erase_set_aside works with no entry loaded; refuses others and no confirm."""
    await add(hass)
    await call(hass, "remember", {"content": "Only an admin may erase this"})
    await remove_all(hass)
    (name,) = set_aside_files(config_dir)

    with pytest.raises(Unauthorized):
        await call(hass, "erase_set_aside", {"confirm": True}, user=user_anna)
    with pytest.raises(ServiceValidationError) as refused:
        await call(hass, "erase_set_aside", {"confirm": False}, user=hass_admin_user)
    assert refused.value.translation_key == "erase_not_confirmed"
    assert set_aside_files(config_dir) == [name]

    erased = await call(
        hass, "erase_set_aside", {"confirm": True}, user=hass_admin_user
    )
    assert erased == {"erased": [name]}
    assert everything_set_aside(config_dir) == []
    assert not (config_dir / DOMAIN / "set_aside").exists()
    # Nothing set aside any more: adding starts at the name again.
    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": config_entries.SOURCE_USER}
    )
    assert result["step_id"] == "user"


def test_the_wal_is_folded_in_before_the_file_is_set_aside(tmp_path: Path) -> None:
    """A database left with a WAL (never closed cleanly) is set aside whole."""
    db = tmp_path / "home_memory" / "memory.db"
    db.parent.mkdir()
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE t (x)")
    writer.execute("INSERT INTO t VALUES ('kept')")
    # Copy the main file and the WAL as a crash would leave them.
    crashed = tmp_path / "crashed" / "home_memory" / "memory.db"
    crashed.parent.mkdir(parents=True)
    crashed.write_bytes(db.read_bytes())
    wal = db.with_name("memory.db-wal").read_bytes()
    assert wal
    crashed.with_name("memory.db-wal").write_bytes(wal)
    writer.close()

    moved = set_aside_database(crashed, datetime.fromisoformat(REMOVED_AT))
    assert moved is not None
    assert sorted(p.name for p in moved.parent.iterdir()) == [moved.name]
    assert not crashed.exists()
    assert not crashed.with_name("memory.db-wal").exists()
    reader = sqlite3.connect(moved)
    assert reader.execute("SELECT x FROM t").fetchall() == [("kept",)]
    reader.close()


def _home_memory_database(path: Path) -> None:
    """An empty Home Memory database at `path` (the schema, no memories)."""
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        schema.migrate(conn)


def test_restoring_never_replaces_a_database(tmp_path: Path) -> None:
    """A database already in place stays; the set-aside one stays set aside."""
    db = tmp_path / "home_memory" / "memory.db"
    db.parent.mkdir()
    _home_memory_database(db)
    moved = set_aside_database(db, datetime.fromisoformat(REMOVED_AT))
    assert moved is not None
    db.write_bytes(b"the current database")
    with pytest.raises(FileExistsError):
        restore_set_aside(moved, db)
    assert db.read_bytes() == b"the current database"
    assert [found.path for found in list_set_aside(db, UTC)] == [moved]


def test_a_restore_leaves_nothing_of_the_database_behind(tmp_path: Path) -> None:
    """The set-aside file, its WAL and its shared-memory index all go."""
    db = tmp_path / "home_memory" / "memory.db"
    db.parent.mkdir()
    _home_memory_database(db)
    moved = set_aside_database(db, datetime.fromisoformat(REMOVED_AT))
    assert moved is not None
    moved.with_name(moved.name + "-shm").write_bytes(bytes(32))
    restore_set_aside(moved, db)
    assert db.is_file()
    assert list(moved.parent.iterdir()) == []


def test_only_set_aside_databases_are_offered(tmp_path: Path) -> None:
    """Only Home Memory's own databases, named as set aside, are offered: not
    notes, a text file named .db, a corrupt copy, another program's SQLite
    file, a link to one, or a name whose digits are not ASCII (it would sort
    as the newest)."""
    db = tmp_path / "home_memory" / "memory.db"
    folder = db.parent / "set_aside"
    folder.mkdir(parents=True)
    (folder / "memory-2026-11-20-173005Z.db").write_bytes(b"not a database")
    (folder / "notes.db").write_bytes(b"SQLite format 3\x00")
    _home_memory_database(folder / "memory-2026-11-19-080000.db")
    _home_memory_database(folder / "memory-\u0669\u0669\u0669\u0669-01-01-000000.db")
    (folder / "memory-2099-01-01-000000.db").write_bytes(
        b"SQLite format 3\x00" + b"garbage" * 200
    )
    foreign = tmp_path / "foreign.db"
    with closing(sqlite3.connect(foreign)) as conn:
        conn.execute("CREATE TABLE accounts (name TEXT)")
        conn.commit()
    (folder / "memory-2100-01-01-000000.db").symlink_to(foreign)
    shutil.copy(foreign, folder / "memory-2101-01-01-000000.db")
    linked = tmp_path / "linked.db"
    _home_memory_database(linked)
    (folder / "memory-2102-01-01-000000.db").symlink_to(linked)
    assert [found.name for found in list_set_aside(db, UTC)] == [
        "memory-2026-11-19-080000.db"
    ]


def test_the_newest_is_chosen_by_its_time_across_the_clocks_going_back(
    tmp_path: Path,
) -> None:
    """Berlin, 25 October 2026: at 02:50 summer time (00:50 UTC) a database
    was set aside under the old local naming, and at 02:10 winter time (01:10
    UTC), after the clocks went back, another under the UTC naming. The later
    is offered first, though its name sorts before the earlier one's; new
    names say UTC."""
    berlin = ZoneInfo("Europe/Berlin")
    db = tmp_path / "home_memory" / "memory.db"
    folder = db.parent / "set_aside"
    folder.mkdir(parents=True)
    _home_memory_database(folder / "memory-2026-10-25-025000.db")
    _home_memory_database(db)
    second_pass = datetime(2026, 10, 25, 2, 10, tzinfo=berlin, fold=1)
    moved = set_aside_database(db, second_pass)
    assert moved is not None
    assert moved.name == "memory-2026-10-25-011000Z.db"
    assert sorted(p.name for p in folder.iterdir())[-1] == (
        "memory-2026-10-25-025000.db"
    )
    assert [found.name for found in list_set_aside(db, berlin)] == [
        "memory-2026-10-25-011000Z.db",
        "memory-2026-10-25-025000.db",
    ]
    # Old local names among themselves, and a second removal in one second.
    _home_memory_database(folder / "memory-2026-10-24-230000.db")
    _home_memory_database(db)
    again = set_aside_database(db, second_pass)
    assert again is not None
    assert again.name == "memory-2026-10-25-011000Z-1.db"
    assert [found.name for found in list_set_aside(db, berlin)] == [
        "memory-2026-10-25-011000Z-1.db",
        "memory-2026-10-25-011000Z.db",
        "memory-2026-10-25-025000.db",
        "memory-2026-10-24-230000.db",
    ]


async def test_a_database_in_place_is_used_not_replaced(
    hass: HomeAssistant, config_dir: Path
) -> None:
    """With memory.db present (copied back by hand), adding opens it, no offer."""
    await add(hass)
    await call(hass, "remember", {"content": "Copied back by hand"})
    await remove_all(hass)
    (name,) = set_aside_files(config_dir)
    folder = config_dir / DOMAIN
    (folder / "memory.db").write_bytes((folder / "set_aside" / name).read_bytes())

    result = await add(hass)
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert await contents(hass) == ["Copied back by hand"]
    assert set_aside_files(config_dir) == [name]


async def test_a_database_that_cannot_be_moved_stays_in_place(
    hass: HomeAssistant, config_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A failed move (a read-only folder) leaves the database whole where it was."""
    await add(hass)
    await call(hass, "remember", {"content": "Still here"})
    with patch(
        "custom_components.home_memory.operations.set_aside.set_aside_database",
        side_effect=PermissionError("read-only"),
    ):
        await remove_all(hass)
    assert (config_dir / DOMAIN / "memory.db").exists()
    assert "could not be set aside and stays where it is" in caplog.text
    await add(hass)
    await hass.async_block_till_done()
    assert await contents(hass) == ["Still here"]
