"""Import from hostile files: no echo of the contents, no foreign owners, ranges."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import TYPE_CHECKING, Any

from homeassistant.exceptions import ServiceValidationError
from hypothesis import given, settings, strategies as st
import pytest

from ..conftest import call, named
from .test_ai_memory_import import build_ai_memory

if TYPE_CHECKING:
    from pathlib import Path

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures("init_integration")

SECRET = "TOKEN-abc123secret"


def _line(**fields: Any) -> str:
    record = {"id": "m1", "content": "The spare key is under the blue pot"}
    record.update(fields)
    return json.dumps(record)


async def _import_text(
    hass: HomeAssistant,
    config_dir: Path,
    text: str,
    user: MockUser | None,
    path: str = "in.jsonl",
    **options: Any,
) -> Any:
    target = config_dir / path
    await hass.async_add_executor_job(
        lambda: target.parent.mkdir(parents=True, exist_ok=True)
    )
    await hass.async_add_executor_job(target.write_text, text, "utf-8", "surrogatepass")
    return await call(hass, "import", {"path": path, **options}, user=user)


async def _everything(hass: HomeAssistant, user: MockUser) -> list[dict[str, Any]]:
    listed = await call(hass, "list", {"limit": 500}, user=user)
    return list(listed["memories"])


@pytest.mark.parametrize(
    "line",
    [
        _line(kind=SECRET),
        _line(visibility=SECRET),
        _line(source=SECRET),
        _line(weight_class=SECRET),
        _line(tier=SECRET),
        _line(created_at=SECRET),
        _line(expires_at=f"2030-01-01T00:00:00 {SECRET}"),
        _line(segment_start="2030-01-01T00:00:00"),  # no time zone
        _line(importance=SECRET),
        _line(effective_importance=SECRET),
        _line(version=SECRET),
        _line(access_count=SECRET),
        _line(tags=SECRET),
        _line(people=[SECRET, 3]),
        _line(content=["nested", SECRET]),
        _line(id={"x": SECRET}),
        '{"id": "m1", "content": ' + SECRET + "}",
        '["' + SECRET + '"]',
        '{"id": "m1", "content": "' + SECRET + '\\x"}',
        '{"id": "m1", "content": "' + SECRET + "\\ud800" + '"}',
        '{"id": "m1", "content": "' + SECRET + '\x01"}',
    ],
    ids=lambda line: line[:60],
)
async def test_import_errors_never_quote_the_file(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path, line: str
) -> None:
    """An import error names the line and the field, never what the file holds."""
    text = _line(id="ok", content="A good line before the bad one") + "\n" + line
    with pytest.raises(ServiceValidationError) as err:
        await _import_text(hass, config_dir, text, hass_admin_user)
    assert err.value.translation_key == "import_file_invalid"
    shown = json.dumps(err.value.translation_placeholders) + str(err.value)
    assert SECRET not in shown
    assert "abc123" not in shown
    assert "line 2" in err.value.translation_placeholders["errors"]
    assert await _everything(hass, hass_admin_user) == []


async def test_ai_memory_errors_never_quote_the_file(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path
) -> None:
    """Text that is not UTF-8 in an ai_memory row is skipped, not quoted."""
    path = config_dir / "ai_memory.db"
    build_ai_memory(path, [])
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO memories (id, content, scope) VALUES ('1', CAST(? AS TEXT), "
        "'common'), ('2', 'The bins go out on Monday', 'common')",
        (SECRET.encode() + b"\xff\xfe",),
    )
    conn.commit()
    conn.close()
    result = await call(hass, "import", {"format": "ai_memory"}, user=hass_admin_user)
    assert result["imported"] == 1
    assert result["skipped_invalid"] == 1
    assert SECRET not in json.dumps(await _everything(hass, hass_admin_user))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("effective_importance", "abc"),
        ("effective_importance", 1.5),
        ("version", "x"),
        ("version", 2**70),
        ("version", 0),
        ("version", 1.5),
        ("access_count", -1),
        ("access_count", 2**70),
        ("access_count", True),
        ("importance", 2**2000),
        ("importance", -0.1),
        ("tags", "not a list"),
        ("tags", [["nested"]]),
        ("people", ["x"] * 51),
        ("location", "x" * 101),
        ("location", "two\nlines"),
        ("created_at", "2026-13-01T00:00:00+00:00"),
        ("created_at", 1234567890),
        ("deleted_by", 7),
        ("content", "a\ud800b"),
        ("summary", "s" * 501),
        ("id", ""),
    ],
    ids=lambda value: repr(value)[:30],
)
async def test_import_checks_every_field(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    config_dir: Path,
    field: str,
    value: Any,
) -> None:
    """Each field of an import line is checked for type and range; nothing lands."""
    line = json.dumps({"id": "m1", "content": "A memory", field: value})
    with pytest.raises(ServiceValidationError) as err:
        await _import_text(hass, config_dir, line, hass_admin_user)
    assert err.value.translation_key == "import_file_invalid"
    assert named(field) in err.value.translation_placeholders["errors"]
    assert await _everything(hass, hass_admin_user) == []


@pytest.mark.parametrize(
    "text",
    [
        '{"id": "m1", "content": "x", "importance": NaN}',
        '{"id": "m1", "content": "x", "importance": Infinity}',
        '{"id": "m1", "content": "x", "importance": 1e999}',
        "[" * 100_000 + "]" * 100_000,
        '{"id": "m1", "content": "' + "x" * 1_100_000 + '"}',
        '{"id": "m1", "content": "x", "version": 1' + "0" * 5000 + "}",
    ],
    ids=["nan", "infinity", "overflowing_float", "deep", "huge_line", "huge_int"],
)
async def test_import_refuses_hostile_json(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path, text: str
) -> None:
    """NaN, infinities, deep nesting, huge lines and numbers give a translated error."""
    with pytest.raises(ServiceValidationError) as err:
        await _import_text(hass, config_dir, text, hass_admin_user)
    assert err.value.translation_key == "import_file_invalid"
    assert await _everything(hass, hass_admin_user) == []


async def test_import_by_an_admin_cannot_write_into_anothers_private_space(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    user_anna: MockUser,
    config_dir: Path,
) -> None:
    """Without keep_owners, every imported memory belongs to the importing
    person, and another person's private line is skipped (counted), never
    made the importer's (issue 20, defect 8)."""
    text = "\n".join(
        [
            _line(id="p", content="Planted in Anna's diary", owner=user_anna.id,
                  speaker=user_anna.id, visibility="private"),
            _line(id="h", content="The gate code changed", owner=user_anna.id,
                  speaker=user_anna.id),
        ]
    )  # fmt: skip
    result = await _import_text(hass, config_dir, text, hass_admin_user)
    assert result == {"imported": 1, "skipped": 0, "skipped_private": 1}
    anna_sees = await _everything(hass, user_anna)
    assert [m["id"] for m in anna_sees] == ["h"]
    admin_sees = {m["id"]: m for m in await _everything(hass, hass_admin_user)}
    assert "p" not in admin_sees
    assert admin_sees["h"]["owner"] == hass_admin_user.id
    assert admin_sees["h"]["speaker"] == hass_admin_user.id


async def test_import_without_a_user_skips_private_lines(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    user_anna: MockUser,
    config_dir: Path,
) -> None:
    """An automation's import keeps private lines out (never as household ones)."""
    text = "\n".join(
        [
            _line(id="p", content="Planted in Anna's diary", owner=user_anna.id,
                  visibility="private"),
            _line(id="h", content="The gate code changed", owner=user_anna.id),
        ]
    )  # fmt: skip
    result = await _import_text(hass, config_dir, text, None)
    assert result == {"imported": 1, "skipped": 0, "skipped_private": 1}
    for user in (user_anna, hass_admin_user):
        seen = await _everything(hass, user)
        assert [(m["id"], m["owner"]) for m in seen] == [("h", None)]


async def test_keep_owners_restores_an_export_for_an_admin_user_only(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    user_anna: MockUser,
    config_dir: Path,
) -> None:
    """keep_owners restores owners: an admin's own user, jsonl, the exports folder."""
    text = _line(
        id="p", content="Anna's diary", owner=user_anna.id, visibility="private"
    )
    exports = "home_memory/exports/restore.jsonl"
    for user, path, options in (
        (None, exports, {"keep_owners": True}),
        (hass_admin_user, exports, {"keep_owners": True, "format": "ai_memory"}),
        # Any other .jsonl under the configuration folder is not an export.
        (hass_admin_user, "in.jsonl", {"keep_owners": True}),
        (hass_admin_user, "home_memory/in.jsonl", {"keep_owners": True}),
    ):
        with pytest.raises(ServiceValidationError) as err:
            await _import_text(hass, config_dir, text, user, path, **options)
        assert err.value.translation_key == "keep_owners_not_allowed"
    assert await _everything(hass, hass_admin_user) == []
    result = await _import_text(
        hass, config_dir, text, hass_admin_user, exports, keep_owners=True
    )
    assert result["imported"] == 1
    assert [m["id"] for m in await _everything(hass, user_anna)] == ["p"]
    assert await _everything(hass, hass_admin_user) == []


async def test_line_separators_are_refused_before_export(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """U+2028, NEL and U+2029 never reach a memory, so no export line splits."""
    content = "First part\u2028second part\x85third\u2029fourth"
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "remember", {"content": content}, user=hass_admin_user)
    assert err.value.translation_key == "invalid_field"
    assert await _everything(hass, hass_admin_user) == []


_EXPORT_FIELDS = [
    "id", "content", "summary", "kind", "weight_class", "importance",
    "effective_importance", "emotion", "people", "location", "time_of_day",
    "day_type", "tags", "source", "source_ids", "speaker", "owner", "visibility",
    "segment_start", "segment_end", "created_at", "updated_at",
    "last_accessed_at", "access_count", "expires_at", "tier", "deleted_at",
    "deleted_by", "archived_at", "embedding_model", "version", "thread",
]  # fmt: skip
# Every text a generated file holds carries this mark: no error may show it.
_MARK = "TOKEN-"
_MARKED = st.text(max_size=8).map(lambda text: f"{_MARK}{text}")
_FIELD_VALUE = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(),
        _MARKED,
        st.sampled_from(["fact", "private", "household", "deleted", "2026-01-01"]),
    ),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=4,
)
_RECORD = st.fixed_dictionaries(
    {"id": _MARKED, "content": _MARKED},
    optional={
        name: _FIELD_VALUE for name in _EXPORT_FIELDS if name not in {"id", "content"}
    },
)


async def test_fuzz_import_files(
    hass: HomeAssistant, hass_admin_user: MockUser, config_dir: Path
) -> None:
    """Any export-shaped file imports or fails whole, and errors never quote it."""

    @settings(max_examples=150, deadline=None, database=None, derandomize=True)
    @given(st.lists(_RECORD, min_size=1, max_size=3), st.booleans())
    def run(records: list[dict[str, Any]], as_admin: bool) -> None:
        text = "\n".join(json.dumps(record) for record in records)
        future = asyncio.run_coroutine_threadsafe(
            _attempt(text, hass_admin_user if as_admin else None), hass.loop
        )
        outcome = future.result(timeout=60)
        assert _MARK not in outcome, outcome

    async def _attempt(text: str, user: MockUser | None) -> str:
        before = len(await _everything(hass, hass_admin_user))
        error: ServiceValidationError | None = None
        try:
            result = await _import_text(hass, config_dir, text, user)
        except ServiceValidationError as err:
            error = err
        if error is None:
            assert set(result) == {"imported", "skipped", "skipped_private"}
            return ""
        assert error.translation_key == "import_file_invalid"
        assert len(await _everything(hass, hass_admin_user)) == before
        return json.dumps(error.translation_placeholders) + str(error)

    await hass.async_add_executor_job(run)
