"""The errors of bringing the entry up: the model, its download, the database.

Each carries what the config flow, a repair issue or setup shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.exceptions import HomeAssistantError

if TYPE_CHECKING:
    from pathlib import Path


class ModelDirError(Exception):
    """Why a model folder is unusable, in terms the config flow can show.

    `reason` is a translation key of the reconfigure form; `file` names the
    missing or mismatching file where there is one.
    """

    def __init__(self, reason: str, file: str = "") -> None:
        """Keep the form's error key and the file it is about."""
        super().__init__(reason, file)
        self.reason = reason
        self.file = file


class DownloadError(HomeAssistantError):
    """A model file could not be fetched or did not match its sha256.

    `reason` is a translation key of the config flow ("download_failed" or
    "download_mismatch"); `file` names the file.
    """

    def __init__(self, reason: str, file: str, detail: str = "") -> None:
        """Keep the flow's error key, the file and what went wrong."""
        super().__init__(f"{file}: {reason} {detail}".strip())
        self.reason = reason
        self.file = file
        self.detail = detail


class DatabaseUnavailableError(Exception):
    """The database cannot be opened right now; trying again later may work."""


class DatabasePathError(Exception):
    """The path cannot hold the database; retrying will not help.

    `reason` is one of the REASON_ constants; `folder` is the folder the
    reason is about (the database's own folder, or an ancestor that is a file).
    """

    def __init__(self, reason: str, path: Path, folder: Path) -> None:
        """Carry what is wrong and where."""
        super().__init__(f"{reason}: {path}")
        self.reason = reason
        self.path = path
        self.folder = folder
