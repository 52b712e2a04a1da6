"""Repair issues: problems the user should hear about, raised and cleared here.

Setup calls these hooks at the moments an issue belongs. Each issue has a
fixed id (there is one entry), a translation in strings.json ("issues") and
is deleted as soon as the problem is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir

from .backends import ONNXRUNTIME_REQUIREMENT, SQLITE_VEC_REQUIREMENT
from .const import DOMAIN

if TYPE_CHECKING:
    from pathlib import Path

    from .backends import BackendStatus
    from .database import DatabasePathError
    from .runtime import HomeMemoryConfigEntry

ISSUE_CORRUPT_DATABASE: Final = "corrupt_database"
ISSUE_MODEL_UNAVAILABLE: Final = "model_unavailable"
ISSUE_DEGRADED_BACKEND: Final = "degraded_backend"
ISSUE_DATABASE_PATH: Final = "database_path"

# Issue data key: where the unreadable database was moved to.
DATA_MOVED_TO: Final = "moved_to"


@callback
def async_report_corrupt_database(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, moved_to: Path
) -> None:
    """The database was unreadable: it was moved to `moved_to`, a new one began.

    Persistent, since it is noticed once, at the setup that moved the file; the
    user closes it (a confirm-only repair flow) once they have read where the
    old file is, and it goes by itself when that file has been removed.
    """
    ir.async_create_issue(
        hass,
        DOMAIN,
        ISSUE_CORRUPT_DATABASE,
        is_fixable=True,
        is_persistent=True,
        severity=ir.IssueSeverity.ERROR,
        translation_key=ISSUE_CORRUPT_DATABASE,
        translation_placeholders={
            "moved_to": str(moved_to),
            "database": str(entry.runtime_data.db_path),
        },
        data={DATA_MOVED_TO: str(moved_to)},
    )


def corrupt_copy_of_issue(hass: HomeAssistant) -> str | None:
    """The set-aside file the corrupt-database issue talks about, if it is open."""
    issue = ir.async_get(hass).async_get_issue(DOMAIN, ISSUE_CORRUPT_DATABASE)
    if issue is None or issue.data is None:
        return None
    moved_to = issue.data.get(DATA_MOVED_TO)
    return moved_to if isinstance(moved_to, str) else None


@callback
def async_clear_corrupt_database(hass: HomeAssistant) -> None:
    """The set-aside file is gone: nothing is left to tell about it."""
    ir.async_delete_issue(hass, DOMAIN, ISSUE_CORRUPT_DATABASE)


@callback
def async_report_database_path(hass: HomeAssistant, err: DatabasePathError) -> None:
    """The database path cannot be used until the user changes it.

    Setup fails (no endless retry) and this issue says what to change; its
    translation key is the reason. It goes when a later setup opens the file.
    """
    ir.async_create_issue(
        hass,
        DOMAIN,
        ISSUE_DATABASE_PATH,
        is_fixable=False,
        severity=ir.IssueSeverity.ERROR,
        translation_key=err.reason,
        translation_placeholders={"path": str(err.path), "folder": str(err.folder)},
    )


@callback
def async_clear_database_path(hass: HomeAssistant) -> None:
    """The database opened: any earlier path problem is over."""
    ir.async_delete_issue(hass, DOMAIN, ISSUE_DATABASE_PATH)


@callback
def async_report_model_unavailable(
    hass: HomeAssistant,
    entry: HomeMemoryConfigEntry,
    model_dir: Path | None,
    reason: str,
    *,
    mismatch: bool = False,
) -> None:
    """The embedding model could not be loaded: search stays keyword-only.

    `model_dir` is None when no folder is configured or found; `reason` is the
    missing or mismatching file's name, or the loader's message. `mismatch`
    says that the file `reason` names is there but is not the expected one.
    """
    if model_dir is None:
        translation_key = "model_missing"
    elif mismatch:
        translation_key = "model_mismatch"
    else:
        translation_key = ISSUE_MODEL_UNAVAILABLE
    ir.async_create_issue(
        hass,
        DOMAIN,
        ISSUE_MODEL_UNAVAILABLE,
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key=translation_key,
        translation_placeholders={
            "model_dir": str(model_dir) if model_dir is not None else "-",
            "reason": reason,
        },
    )


@callback
def async_clear_model_unavailable(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """The model loaded: any earlier "model unavailable" problem is over."""
    ir.async_delete_issue(hass, DOMAIN, ISSUE_MODEL_UNAVAILABLE)


@callback
def async_report_backends(hass: HomeAssistant, status: BackendStatus) -> None:
    """Raise or clear the degraded-backend issue for what does not import.

    One issue; its text (translation key) names what is missing and its cost.
    """
    if status.onnxruntime and status.sqlite_vec:
        ir.async_delete_issue(hass, DOMAIN, ISSUE_DEGRADED_BACKEND)
        return
    if not status.onnxruntime and not status.sqlite_vec:
        translation_key = "degraded_backend_both"
    elif not status.onnxruntime:
        translation_key = "degraded_backend_onnxruntime"
    else:
        translation_key = "degraded_backend_sqlite_vec"
    ir.async_create_issue(
        hass,
        DOMAIN,
        ISSUE_DEGRADED_BACKEND,
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        translation_key=translation_key,
        translation_placeholders={
            "onnxruntime": ONNXRUNTIME_REQUIREMENT,
            "sqlite_vec": SQLITE_VEC_REQUIREMENT,
        },
    )
