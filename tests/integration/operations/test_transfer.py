"""operations/transfer.py: which files an import may read, and how they are read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.exceptions import ServiceValidationError
import pytest

from custom_components.home_memory.operations.transfer import MAX_IMPORT_BYTES

from ..conftest import call

if TYPE_CHECKING:
    from pathlib import Path

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

pytestmark = pytest.mark.usefixtures("init_integration")


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
