"""operations/ai_memory_import.py: the ai_memory integration's database, imported."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from homeassistant.exceptions import ServiceValidationError
import pytest

from custom_components.home_memory.operations.ai_memory_import import (
    memory_id_for,
    read_ai_memory,
)
from custom_components.home_memory.operations.errors import NotAiMemoryDatabaseError

from ..conftest import call

if TYPE_CHECKING:
    from pathlib import Path

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

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
