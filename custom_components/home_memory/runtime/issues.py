"""Repair issues: problems the user should hear about, raised and cleared here.

Setup calls these hooks at the moments an issue belongs. Each issue has a
fixed id (there is one entry), a translation in strings.json ("issues") and
is deleted as soon as the problem is over.

On Home Assistant 2026.11 every issue but the corrupt-database one carries the
config entry (`config_entry_id`): hidden while the entry is disabled, deleted
with it. The corrupt-database issue is about a set-aside file that outlives
the entry, so it stays on its own. 2026.10 has no such link
(ha_internals.issue_entry_kwargs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from homeassistant.const import EVENT_CALL_SERVICE
from homeassistant.core import Event, HomeAssistant, callback
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.recorder import DATA_INSTANCE

from ..const import DOMAIN
from ..memory.common.errors import MemoryEngineError
from ..memory.common.values import Caller, Visibility
from .backends import ONNXRUNTIME_REQUIREMENT, SQLITE_VEC_REQUIREMENT
from .ha_internals import issue_entry_kwargs

if TYPE_CHECKING:
    from pathlib import Path

    from .backends import BackendStatus
    from .data import HomeMemoryConfigEntry
    from .errors import DatabasePathError

ISSUE_CORRUPT_DATABASE: Final = "corrupt_database"
ISSUE_MODEL_UNAVAILABLE: Final = "model_unavailable"
ISSUE_DEGRADED_BACKEND: Final = "degraded_backend"
ISSUE_PRIVATE_TEXT_RECORDED: Final = "private_text_recorded"
ISSUE_DATABASE_PATH: Final = "database_path"
ISSUE_AI_TASK_MISSING: Final = "ai_task_missing"
ISSUE_DEPARTED_PRIVATE: Final = "departed_private_memories"

# Actions whose data can carry a private memory's text.
_TEXT_ACTIONS: Final = frozenset({"remember", "update"})
# Every field of those actions whose value is a memory's text.
_TEXT_FIELDS: Final = frozenset(
    {"content", "summary", "people", "tags", "location", "emotion"}
)

# Issue data key: where the unreadable database was moved to.
DATA_MOVED_TO: Final = "moved_to"


def _for_entry(hass: HomeAssistant) -> dict[str, Any]:
    """Tie an issue to Home Memory's entry (one at most), where supported."""
    entries = hass.config_entries.async_entries(DOMAIN)
    return issue_entry_kwargs(entries[0].entry_id) if entries else {}


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
        **_for_entry(hass),
        translation_key=err.reason,
        translation_placeholders={"path": str(err.path), "folder": str(err.folder)},
    )


@callback
def async_delete_entry_issues(hass: HomeAssistant) -> None:
    """The entry was removed: issues about its database and actions are moot.

    (The corrupt-copy issue stays: the set-aside file stays with it.)
    """
    for issue_id in (
        ISSUE_DATABASE_PATH,
        ISSUE_PRIVATE_TEXT_RECORDED,
        ISSUE_AI_TASK_MISSING,
        ISSUE_DEPARTED_PRIVATE,
    ):
        ir.async_delete_issue(hass, DOMAIN, issue_id)


@callback
def async_clear_database_path(hass: HomeAssistant) -> None:
    """The database opened: any earlier path problem is over."""
    ir.async_delete_issue(hass, DOMAIN, ISSUE_DATABASE_PATH)


@callback
def async_report_model_unavailable(
    hass: HomeAssistant,
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
        **_for_entry(hass),
        translation_key=translation_key,
        translation_placeholders={
            "model_dir": str(model_dir) if model_dir is not None else "-",
            "reason": reason,
        },
    )


@callback
def async_clear_model_unavailable(hass: HomeAssistant) -> None:
    """The model loaded: any earlier "model unavailable" problem is over."""
    ir.async_delete_issue(hass, DOMAIN, ISSUE_MODEL_UNAVAILABLE)


@callback
def async_report_ai_task_missing(hass: HomeAssistant) -> None:
    """Conversations wait to be read: there is no AI Task entity to read them.

    Raised when the capture is on (or an ended conversation is waiting) and
    neither the configured nor a preferred AI Task entity is there; creating
    it again changes nothing, so it is said once. It goes when one is there.
    """
    ir.async_create_issue(
        hass,
        DOMAIN,
        ISSUE_AI_TASK_MISSING,
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        **_for_entry(hass),
        translation_key=ISSUE_AI_TASK_MISSING,
    )


def ai_task_missing_reported(hass: HomeAssistant) -> bool:
    """True while the missing-AI-Task issue is open (something waits)."""
    issue = ir.async_get(hass).async_get_issue(DOMAIN, ISSUE_AI_TASK_MISSING)
    return issue is not None


@callback
def async_clear_ai_task_missing(hass: HomeAssistant) -> None:
    """An AI Task entity is there (or nothing needs one): nothing waits."""
    ir.async_delete_issue(hass, DOMAIN, ISSUE_AI_TASK_MISSING)


@callback
def async_report_departed(hass: HomeAssistant, *, memories: int, people: int) -> None:
    """Private memories of removed users are left that nobody can reach.

    Fixable: the fix flow (repairs.py), an administrator's, erases them. Only
    counts are shown, never who or what.
    """
    ir.async_create_issue(
        hass,
        DOMAIN,
        ISSUE_DEPARTED_PRIVATE,
        is_fixable=True,
        is_persistent=False,
        severity=ir.IssueSeverity.WARNING,
        **_for_entry(hass),
        translation_key=ISSUE_DEPARTED_PRIVATE,
        translation_placeholders={"memories": str(memories), "people": str(people)},
    )


@callback
def async_clear_departed(hass: HomeAssistant) -> None:
    """No removed user's private memory is left."""
    ir.async_delete_issue(hass, DOMAIN, ISSUE_DEPARTED_PRIVATE)


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
        **_for_entry(hass),
        translation_key=translation_key,
        translation_placeholders={
            "onnxruntime": ONNXRUNTIME_REQUIREMENT,
            "sqlite_vec": SQLITE_VEC_REQUIREMENT,
        },
    )


def recorder_keeps_call_service(hass: HomeAssistant) -> bool:
    """True when the recorder runs and stores `call_service` events.

    Its `exclude: event_types:` setting is the recorder instance's
    `exclude_event_types` (recorder/__init__.py and core.py in Home Assistant
    2026.10): an excluded type never reaches its queue.
    """
    if "recorder" not in hass.config.components:
        return False
    instance = hass.data.get(DATA_INSTANCE)
    if instance is None:
        return False
    return EVENT_CALL_SERVICE not in instance.exclude_event_types


@callback
def async_check_private_text_recorded(hass: HomeAssistant, *, private: bool) -> None:
    """Raise (or clear) the suggestion to keep actions' data out of the recorder.

    Called when one of our actions wrote memory text: Home Assistant's own
    `call_service` event carries the action's data, text included, to the
    recorder and to every admin's event subscription, and the integration
    cannot suppress it. `private`: the text written was a private memory's.
    """
    if not recorder_keeps_call_service(hass):
        ir.async_delete_issue(hass, DOMAIN, ISSUE_PRIVATE_TEXT_RECORDED)
        return
    if not private:
        return
    ir.async_create_issue(
        hass,
        DOMAIN,
        ISSUE_PRIVATE_TEXT_RECORDED,
        is_fixable=False,
        severity=ir.IssueSeverity.WARNING,
        **_for_entry(hass),
        translation_key=ISSUE_PRIVATE_TEXT_RECORDED,
        learn_more_url="https://www.home-assistant.io/integrations/recorder/",
    )


@callback
def async_watch_private_actions(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> None:
    """Watch our own actions' `call_service` events for private memory text.

    The event is there whatever we do; watching it (not the action handlers)
    sees exactly what Home Assistant recorded. An update that sets content but
    no visibility writes private text when the memory is private: that is
    read from the store in the executor.
    """

    @callback
    def _ours(event_data: dict[str, Any]) -> bool:
        return (
            event_data.get("domain") == DOMAIN
            and event_data.get("service") in _TEXT_ACTIONS
        )

    async def _on_call(event: Event[dict[str, Any]]) -> None:
        data = event.data.get("service_data") or {}
        if not isinstance(data, dict) or _TEXT_FIELDS.isdisjoint(data):
            return
        private = data.get("visibility") == Visibility.PRIVATE
        memory_id = data.get("id")
        if (
            not private
            and event.data["service"] == "update"
            and isinstance(memory_id, str)
        ):
            # Looked up as the person who called: only they (its owner) see
            # their private memory, and an update by anyone else fails and
            # writes nothing.
            caller = Caller(user_id=event.context.user_id)
            store = entry.runtime_data.store
            try:
                memory = await hass.async_add_executor_job(store.get, memory_id, caller)
            except MemoryEngineError:
                memory = None  # unknown id: the action fails and writes nothing
            private = memory is not None and memory.visibility is Visibility.PRIVATE
        async_check_private_text_recorded(hass, private=private)

    entry.async_on_unload(
        hass.bus.async_listen(EVENT_CALL_SERVICE, _on_call, event_filter=_ours)
    )
    # A recorder set up since to exclude call_service: the suggestion is over.
    async_check_private_text_recorded(hass, private=False)
