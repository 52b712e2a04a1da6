"""Export and import: JSON lines round trip, path checks, the ai_memory database."""

from __future__ import annotations

import json
from pathlib import Path
import sqlite3
import stat
from typing import TYPE_CHECKING, Any
from unittest.mock import patch
from zoneinfo import ZoneInfo

from homeassistant.exceptions import HomeAssistantError, ServiceValidationError
import pytest

from custom_components.home_memory.memory.store import MemoryEngineError
from custom_components.home_memory.operations.ai_memory_import import (
    memory_id_for,
    read_ai_memory,
)
from custom_components.home_memory.operations.errors import NotAiMemoryDatabaseError
from custom_components.home_memory.operations.transfer import MAX_IMPORT_BYTES

from .conftest import call

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

pytestmark = pytest.mark.usefixtures("init_integration")

V1_SCHEMA = """
CREATE TABLE memories (
    id TEXT PRIMARY KEY, content TEXT, embedding TEXT, scope TEXT, agent_id TEXT,
    created_at TEXT, summary TEXT, wing TEXT DEFAULT 'general',
    room TEXT DEFAULT 'general', layer INTEGER DEFAULT 2, updated_at TEXT,
    accessed_at TEXT, access_count INTEGER DEFAULT 0
);
CREATE TABLE _meta (key TEXT PRIMARY KEY, value TEXT);
"""
V0_SCHEMA = """
CREATE TABLE memories (
    id TEXT PRIMARY KEY, content TEXT, embedding TEXT, scope TEXT, agent_id TEXT,
    created_at TEXT
);
"""


def build_ai_memory(
    path: Path, rows: list[tuple[Any, ...]], *, v0: bool = False
) -> None:
    """A small ai_memory database as that integration writes it."""
    conn = sqlite3.connect(path)
    conn.executescript(V0_SCHEMA if v0 else V1_SCHEMA)
    if v0:
        conn.executemany("INSERT INTO memories VALUES (?, ?, ?, ?, ?, ?)", rows)
    else:
        conn.executemany(
            "INSERT INTO memories VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
        )
    conn.commit()
    conn.close()


def build_other_database(path: Path) -> None:
    """A SQLite file that is not an AI Memory database."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE other (x)")
    conn.close()


AI_MEMORY_ROWS: list[tuple[Any, ...]] = [
    # id, content, embedding, scope, agent_id, created_at, summary, wing, room,
    # layer, updated_at, accessed_at, access_count
    ("6f1c0c3e-1111-4a4a-9b9b-000000000001", "User is allergic to peanuts",
     "[0.1, 0.2]", "common", None, "2026-01-05T08:30:00.123456", "peanut allergy",
     "household", "kitchen", 2, "2026-01-05T08:30:00.123456", "2026-02-01T10:00:00",
     4),
    ("6f1c0c3e-1111-4a4a-9b9b-000000000002", "User prefers dark roast coffee", None,
     "private", "openai_conversation", "2026-01-06T09:00:00", None, "personal",
     "general", 2, None, None, 0),
    ("3", "   ", None, "common", None, "2026-01-07T09:00:00", None, "general",
     "general", 2, None, None, 0),
    ("4", "x" * 9000, None, "common", None, "not a date", None, None, None, 2, None,
     None, 0),
    ("5", "bad\x00text", None, "common", None, None, None, None, None, 2, None,
     None, 0),
    ("6", "The router is in the hallway cupboard", None, "common", None, "garbage",
     "s" * 600, "general", "  ", 2, None, None, -3),
    ("7" * 120, "A row whose id is too long to keep as a source id", None, "common",
     None, None, None, None, None, 2, None, None, 0),
]  # fmt: skip


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


async def test_import_refuses_paths_outside_the_config_folder(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    config_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Import refuses paths outside the config folder, links included."""
    outside = tmp_path_factory.mktemp("outside") / "secrets.jsonl"
    outside.write_text("{}\n")
    (config_dir / "link.jsonl").symlink_to(outside)
    for raw in (str(outside), "../" * 10 + "etc/passwd", "link.jsonl"):
        with pytest.raises(ServiceValidationError) as err:
            await call(hass, "import", {"path": raw}, user=hass_admin_user)
        assert err.value.translation_key == "path_outside_config"
        assert err.value.translation_placeholders == {"path": raw}


@pytest.mark.parametrize(
    ("content", "key"),
    [
        (None, "import_file_not_found"),
        (b"\xff\xfe not utf-8", "import_file_unreadable"),
        (
            b'{"id": "a", "content": "fine"}\nnot json\n{"id": "b"}\n',
            "import_file_invalid",
        ),
    ],
)
async def test_import_bad_files_import_nothing(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    config_dir: Path,
    content: bytes | None,
    key: str,
) -> None:
    """A missing or bad import file is refused and imports nothing."""
    if content is not None:
        (config_dir / "in.jsonl").write_bytes(content)
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "import", {"path": "in.jsonl"}, user=hass_admin_user)
    assert err.value.translation_key == key
    listed = await call(hass, "list", user=hass_admin_user)
    assert listed["total"] == 0


async def test_an_import_file_over_the_size_limit_is_refused_unread(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path
) -> None:
    """A file larger than the import limit is refused by its size, not read."""
    big = config_dir / "big.jsonl"
    with big.open("wb") as out:  # sparse: no disk space is used
        out.truncate(MAX_IMPORT_BYTES + 1)
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "import", {"path": "big.jsonl"}, user=hass_admin_user)
    assert err.value.translation_key == "import_file_unreadable"
    assert "more than 512 MiB" in err.value.translation_placeholders["error"]


async def test_jsonl_import_needs_a_path(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """A JSONL import without a path is refused."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "import", {}, user=hass_admin_user)
    assert err.value.translation_key == "path_required"


async def test_import_ai_memory(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path
) -> None:
    """An AI Memory database imports its valid rows once, searchable."""
    build_ai_memory(config_dir / "ai_memory.db", AI_MEMORY_ROWS)

    # The default path is ai_memory.db in the config folder.
    result = await call(hass, "import", {"format": "ai_memory"}, user=hass_admin_user)
    assert result == {
        "imported": 4,
        "skipped": 0,
        "skipped_private": 0,
        "skipped_invalid": 3,
    }

    common = await call(
        hass, "get", {"id": memory_id_for(AI_MEMORY_ROWS[0][0])}, user=hass_admin_user
    )
    memory = common["memory"]
    assert memory["content"] == "User is allergic to peanuts"
    assert memory["summary"] == "peanut allergy"
    assert memory["source"] == "migration"
    assert memory["source_ids"] == [f"ai_memory:{AI_MEMORY_ROWS[0][0]}"]
    assert memory["visibility"] == "household"
    assert memory["tags"] == ["ai_memory", "household", "kitchen"]
    assert memory["access_count"] == 4
    assert memory["created_at"].startswith("2026-01-05")
    assert memory["last_accessed_at"] is not None

    private = await call(
        hass, "get", {"id": memory_id_for(AI_MEMORY_ROWS[1][0])}, user=hass_admin_user
    )
    assert private["memory"]["visibility"] == "private"
    assert private["memory"]["owner"] == hass_admin_user.id
    assert private["memory"]["tags"] == ["ai_memory", "personal"]

    router = await call(hass, "get", {"id": memory_id_for("6")}, user=hass_admin_user)
    assert router["memory"]["tags"] == ["ai_memory"]
    assert router["memory"]["access_count"] == 0
    assert router["memory"]["summary"] != "s" * 600
    long_id = await call(
        hass, "get", {"id": memory_id_for("7" * 120)}, user=hass_admin_user
    )
    assert long_id["memory"]["source_ids"] == []

    # Found by search like any other memory.
    found = await call(hass, "search", {"query": "peanuts"}, user=hass_admin_user)
    assert found["total"] == 1

    # A second import is a no-op.
    again = await call(
        hass,
        "import",
        {"format": "ai_memory", "path": "ai_memory.db"},
        user=hass_admin_user,
    )
    assert again["imported"] == 0
    assert again["skipped"] == 4


async def test_import_ai_memory_from_an_automation_skips_private_rows(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path
) -> None:
    """An import without a user skips private rows."""
    build_ai_memory(config_dir / "old.db", AI_MEMORY_ROWS[:2])
    result = await call(hass, "import", {"format": "ai_memory", "path": "old.db"})
    assert result["imported"] == 1
    assert result["skipped_private"] == 1
    listed = await call(hass, "list", user=hass_admin_user)
    assert [m["owner"] for m in listed["memories"]] == [None]


async def test_import_ai_memory_schema_v0(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path
) -> None:
    """An AI Memory database of the first schema imports too."""
    build_ai_memory(
        config_dir / "v0.db",
        [
            (
                "a",
                "The plants need water on Sundays",
                None,
                "common",
                None,
                "2025-12-01T07:00:00",
            )
        ],
        v0=True,
    )
    result = await call(
        hass, "import", {"format": "ai_memory", "path": "v0.db"}, user=hass_admin_user
    )
    assert result["imported"] == 1


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda p: p.write_bytes(b"not sqlite at all" * 50), id="garbage"),
        pytest.param(build_other_database, id="other-database"),
    ],
)
async def test_import_refuses_other_databases(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path, make: Any
) -> None:
    """A SQLite file that is not an AI Memory database is refused."""
    make(config_dir / "other.db")
    with pytest.raises(ServiceValidationError) as err:
        await call(
            hass,
            "import",
            {"format": "ai_memory", "path": "other.db"},
            user=hass_admin_user,
        )
    assert err.value.translation_key == "not_ai_memory_database"


def test_read_ai_memory_on_a_missing_file(tmp_path: Path) -> None:
    """Reading a missing AI Memory file is refused as not such a database."""
    with pytest.raises(NotAiMemoryDatabaseError):
        read_ai_memory(tmp_path / "none.db", None, ZoneInfo("UTC"))


def test_read_ai_memory_keeps_zoned_times(tmp_path: Path) -> None:
    """Zoned times are kept; naive ones get the home's time zone."""
    rows = [(
        "z", "Zoned", None, "common", None, "2026-01-01T10:00:00+02:00", None, None,
        None, 2, None, None, 0,
    )]  # fmt: skip
    build_ai_memory(tmp_path / "z.db", rows)
    read = read_ai_memory(tmp_path / "z.db", None, ZoneInfo("America/New_York"))
    assert read.records[0]["created_at"] == "2026-01-01T10:00:00+02:00"
    naive = [(*rows[0][:5], "2026-01-01T10:00:00", *rows[0][6:])]
    (tmp_path / "z.db").unlink()
    build_ai_memory(tmp_path / "z.db", naive)
    read = read_ai_memory(tmp_path / "z.db", None, ZoneInfo("America/New_York"))
    assert read.records[0]["created_at"] == "2026-01-01T10:00:00-05:00"
